"""The HTTP contract: status codes, headers, problem details, who may see and do what."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import select

from domain.elgrande.data import stack_contents
from service import db
from service.tables import outbox
from tests.service.seating import accept_over_http

PROBLEM = "application/problem+json"


@pytest.fixture
def table(make_player: Any) -> Any:
    """Alice (creator, seat 0) and Bob (seat 1) in an active game of sealed bids; Eve watches."""

    class Table:
        alice = make_player("alice@example.com", "Alice")
        bob = make_player("bob@example.com", "Bob", language="fr", time_zone="Europe/Paris")
        eve = make_player("eve@example.com", "Eve")
        r = alice.post("/api/games", {"game": "bids",
                                      "seats": ["alice@example.com", "bob@example.com"]})
        gid = r.get_json()["id"]
        url = f"/api/games/{gid}"

    assert Table.r.status_code == 201
    accept_over_http([Table.bob], Table.gid)
    return Table


def _problem(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == PROBLEM
    body = r.get_json()
    assert body["status"] == status and body["title"] and body["detail"]
    return body


def test_openapi_document_is_served(app: Any) -> None:
    doc = app.test_client().get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/commands",
                 "/api/games/{game_id}/events", "/api/games/{game_id}/state",
                 "/api/games/{game_id}/decisions", "/api/games/{game_id}/accept"):
        assert path in doc["paths"]
    responses = doc["paths"]["/api/games/{game_id}/commands"]["post"]["responses"]
    assert {"200", "409", "412", "422"} <= set(responses)
    assert PROBLEM in responses["422"]["content"]


def test_every_app_serves_the_document_a_fresh_build_gives(ctx: Any,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The OpenAPI document is built once per process and configuration (problems.ProblemApi):
    an app made after it serves what building it again would give, and another site name (the
    document's title) is another document."""
    from service.api import create_app, problems

    again = create_app(ctx).test_client().get("/api/openapi.json").get_json()
    monkeypatch.setattr(problems.ProblemApi, "_documents", {})
    fresh = create_app(ctx).test_client().get("/api/openapi.json").get_json()
    assert again == fresh and len(fresh["paths"]) > 20
    renamed = replace(ctx.settings, site_name="Les Grands")
    monkeypatch.setattr(ctx, "settings", renamed)
    other = create_app(ctx).test_client().get("/api/openapi.json").get_json()
    assert other["info"]["title"] == "Les Grands" and other["paths"] == fresh["paths"]


def test_create_invites_and_starts_when_everyone_accepted(make_player: Any, ctx: Any) -> None:
    alice = make_player("alice@example.com")
    r = alice.post("/api/games", {"game": "bids",
                                  "seats": ["alice@example.com", "new@example.com"]})
    assert r.status_code == 201 and r.headers["Location"].endswith(r.get_json()["id"])
    game = r.get_json()
    assert game["status"] == "invited" and game["version"] == 0
    assert [s["accepted"] for s in game["seats"]] == [True, False]
    # The invitation of the new player is recorded for the mail worker; the player now exists.
    with db.read(ctx.engine) as conn:
        kinds = [row.kind for row in conn.execute(select(outbox.c.kind))]
    assert kinds == ["invitation"]
    _problem(alice.post(f"/api/games/{game['id']}/commands", {"type": "bid", "amount": 1}), 409)
    newcomer = make_player("new@example.com")
    r = newcomer.post(f"/api/games/{game['id']}/accept")
    assert r.status_code == 200 and r.get_json()["status"] == "active"
    assert r.get_json()["waiting_on"] == [0, 1] and r.get_json()["your_turn"] is True


def test_bad_creations_say_what_is_wrong_and_what_is_allowed(make_player: Any) -> None:
    alice = make_player("alice@example.com")
    body = _problem(alice.post("/api/games", {"game": "chess", "seats": ["a@example.com"]}), 422)
    assert "chess" in body["detail"] and "el-grande" in body["allowed"]
    body = _problem(alice.post("/api/games", {"game": "el-grande",
                                              "seats": ["a@example.com", "b@example.com"],
                                              "options": {"edition": "third"}}), 422)
    assert "edition" in body["detail"]
    body = _problem(alice.post("/api/games", {"seats": ["a@example.com"] * 2}), 422)
    assert "same email" in body["detail"]
    body = _problem(alice.post("/api/games", {"seats": ["not-an-email"]}), 422)
    assert "seats" in body["detail"]
    _problem(alice.post("/api/games", {"seats": []}), 422)


def test_el_grande_with_a_given_setup(make_player: Any) -> None:
    alice = make_player("alice@example.com")
    others = [make_player("b@example.com"), make_player("c@example.com")]
    setup = {"king": "aragon", "homes": ["cataluna", "galicia", "granada"], "first_player": 2}
    r = alice.post("/api/games", {"game": "el-grande", "setup": setup,
                                  "seats": ["alice@example.com", "b@example.com",
                                            "c@example.com"]})
    assert r.status_code == 201, r.get_json()
    accept_over_http(others, r.get_json()["id"])
    view = alice.get(f"/api/games/{r.get_json()['id']}").get_json()["view"]
    assert view["king"] == "aragon" and view["seats"][2]["grande"] == "granada"


def test_auth_is_required_to_act_and_wrong_tokens_are_refused(table: Any, app: Any) -> None:
    anonymous = app.test_client()
    body = _problem(anonymous.post(f"{table.url}/commands", json={"type": "bid", "amount": 1}),
                    401)
    assert "Bearer" in body["detail"]
    r = anonymous.get(f"{table.url}/commands")
    assert r.status_code == 405
    r = anonymous.get("/api/games", headers={"Authorization": "Bearer pbem_forged"})
    assert _problem(r, 401) and r.headers["WWW-Authenticate"].startswith("Bearer")
    _problem(anonymous.get("/api/games", headers={"Authorization": "Basic abc"}), 401)


def test_a_seat_cannot_act_for_another_seat_and_spectators_cannot_act(table: Any) -> None:
    body = _problem(table.bob.post(f"{table.url}/commands",
                                   {"type": "bid", "amount": 2, "seat": 0}), 403)
    assert "Bob" in body["detail"] and "Alice" in body["detail"] and body["allowed"] == [1]
    assert body["key"] == "service.other_seat" and body["params"] == {"seat": 1, "claimed": 0}
    body = _problem(table.eve.post(f"{table.url}/commands", {"type": "bid", "amount": 2}), 403)
    assert "spectator" in body["detail"]
    # Nobody can submit the system's own decision either.
    table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 2})
    _problem(table.alice.post(f"{table.url}/commands", {"type": "resolve"}), 422)


def test_illegal_moves_get_the_engines_message_and_the_legal_options(table: Any) -> None:
    body = _problem(table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 9}), 422)
    assert body["detail"] == "A bid is a whole number from 1 to 5."
    assert body["allowed"] == [1, 2, 3, 4, 5]
    body = _problem(table.alice.post(f"{table.url}/commands", {"type": "claim"}), 422)
    assert body["allowed"] == ["bid"]
    body = _problem(table.alice.post(f"{table.url}/commands", {"amount": 1}), 422)
    assert "type" in body["detail"]


def test_views_are_per_seat_and_spectators_see_the_public_view(table: Any, app: Any) -> None:
    table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 4})
    mine = table.alice.get(table.url).get_json()
    theirs = table.bob.get(table.url).get_json()
    public = app.test_client().get(table.url).get_json()
    assert mine["seat"] == 0 and mine["view"]["your_bid"] == 4
    assert theirs["seat"] == 1 and theirs["view"]["your_bid"] is None
    assert public["seat"] is None and public["view"]["your_bid"] is None
    assert theirs["view"]["bid_in"] == [True, False]
    assert table.eve.get(f"{table.url}/decisions").get_json()["decisions"] == []
    decisions = table.bob.get(f"{table.url}/decisions").get_json()["decisions"]
    assert [(d["seat"], d["kind"], d["secret"]) for d in decisions] == [(1, "bid", True)]


def test_decisions_come_as_typed_forms_any_client_can_fill_in(table: Any) -> None:
    (bid,) = table.bob.get(f"{table.url}/decisions").get_json()["decisions"]
    assert bid["form"] == {
        "title": {"key": "bids.form.bid", "params": {}}, "notes": [],
        "answers": [{"type": "bid", "fixed": {}, "prompt": None, "submit": None, "combos": None,
                     "fields": [
            {"name": "amount", "constraint": {"type": "number", "min": 1, "max": 5},
             "default": 3, "label": {"key": "bids.form.amount", "params": {}}}]}]}
    # A client that knows only the vocabulary sends the field's default: a legal move.
    (answer,) = bid["form"]["answers"]
    move = {"type": answer["type"], **{f["name"]: f["default"] for f in answer["fields"]}}
    assert table.bob.post(f"{table.url}/commands", move).status_code == 200


def test_a_joint_space_comes_as_rows_every_one_of_which_is_legal(make_player: Any,
                                                                 app: Any) -> None:
    """El Caballero's terrain tile: per face-up tile the cells and rotations where it fits, as
    the rows of `combos`; the OpenAPI document describes them."""
    ann, bea = make_player("ann@example.com", "Ann"), make_player("bea@example.com", "Bea")
    r = ann.post("/api/games", {"game": "el-caballero",
                                "seats": ["ann@example.com", "bea@example.com"]})
    url = f"/api/games/{r.get_json()['id']}"
    accept_over_http([bea], r.get_json()["id"])
    while True:
        mine = [(who, d) for who in (ann, bea) for d in who.get(f"{url}/decisions").get_json()[
            "decisions"]]
        who, d = mine[0]
        if d["kind"] != "power_card":
            break
        card = d["form"]["answers"][0]["fields"][0]["constraint"]["options"][0]
        assert who.post(f"{url}/commands", {"type": "power", "card": card}).status_code == 200
    lay = next(a for a in d["form"]["answers"] if a["type"] == "lay_tile")
    combos = lay["combos"]
    assert combos["fields"] == ["tile", "at"] and combos["rows"]
    tiles = {f["name"]: f["constraint"] for f in lay["fields"]}["tile"]["options"]
    assert {row[0] for row in combos["rows"]} == set(tiles)  # each tile offered fits somewhere
    tile, at = combos["rows"][-1]
    assert who.post(f"{url}/commands", {"type": "lay_tile", "tile": tile, "at": at}
                    ).status_code == 200
    doc = app.test_client().get("/api/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    answer = next(v for k, v in schemas.items() if k.startswith("Answer"))
    assert "combos" in answer["properties"] and "fields" in answer["properties"]


def test_etag_and_if_none_match(table: Any) -> None:
    r = table.alice.get(table.url)
    assert r.headers["ETag"] == '"2"'
    r = table.alice.get(table.url, headers={"If-None-Match": '"2"'})
    assert r.status_code == 304 and r.headers["ETag"] == '"2"' and not r.get_data()
    table.bob.post(f"{table.url}/commands", {"type": "bid", "amount": 1})
    r = table.alice.get(table.url, headers={"If-None-Match": '"2"'})
    assert r.status_code == 200 and r.headers["ETag"] == '"3"'


def test_if_match_refuses_a_stale_version(table: Any) -> None:
    body = _problem(table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 1},
                                     headers={"If-Match": '"1"'}), 412)
    assert body["version"] == 2 and body["key"] == "service.stale"
    assert "moved on" in body["detail"] and "version 2" not in body["detail"]  # no counter
    r = table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 1},
                         headers={"If-Match": '"2"'})
    assert r.status_code == 200 and r.headers["ETag"] == '"3"'
    _problem(table.bob.post(f"{table.url}/commands", {"type": "bid", "amount": 1},
                            headers={"If-Match": "soon"}), 422)


def test_idempotency_key_replays_the_first_result_and_appends_nothing(table: Any) -> None:
    headers = {"Idempotency-Key": "move-1"}
    first = table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 5},
                             headers=headers)
    again = table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 5},
                             headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.get_json()["events"] == again.get_json()["events"]
    assert (first.get_json()["replayed"], again.get_json()["replayed"]) == (False, True)
    assert table.alice.get(table.url).get_json()["version"] == 3
    body = _problem(table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 4},
                                     headers=headers), 422)
    assert "different request" in body["detail"]
    # Keys belong to a player: Bob may use the same key for his own move.
    assert table.bob.post(f"{table.url}/commands", {"type": "bid", "amount": 1},
                          headers=headers).status_code == 200


def test_the_command_result_and_log_are_redacted_for_the_caller(table: Any, app: Any) -> None:
    r = table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 5})
    assert r.get_json()["events"][0]["payload"] == {"seat": 0, "bid": 5}
    log = table.bob.get(f"{table.url}/events?after=2").get_json()
    assert log["events"][0]["payload"] == {"seat": 0}
    assert log["events"][0]["messages"][0]["key"] == "bids.bid_hidden"
    created = app.test_client().get(f"{table.url}/events").get_json()["events"][0]
    assert created["type"] == "created" and "seed" not in created["payload"]


def test_time_travel(table: Any) -> None:
    table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 5})
    table.bob.post(f"{table.url}/commands", {"type": "bid", "amount": 1})
    now = table.bob.get(table.url).get_json()
    assert now["view"]["claimant"] == 0
    then = table.bob.get(f"{table.url}/state?at=3").get_json()
    assert then["version"] == 3 and then["view"]["bid_in"] == [True, False]
    assert then["view"]["claimant"] is None
    body = _problem(table.bob.get(f"{table.url}/state?at=99"), 422)
    assert body["allowed"] == {"min": 0, "max": now["version"]}
    _problem(table.bob.get(f"{table.url}/state"), 422)


def test_a_command_that_became_illegal_meanwhile_is_a_conflict(table: Any, ctx: Any,
                                                               monkeypatch: Any) -> None:
    """A claim is decided on the state read; another claim lands first; the first gets 409."""
    from service import commands

    table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 5})
    table.bob.post(f"{table.url}/commands", {"type": "bid", "amount": 1})
    real_decide = commands._decide
    calls = {"n": 0}

    def decide_then_race(*args: Any, **kw: Any) -> Any:
        calls["n"] += 1
        decided = real_decide(*args, **kw)
        if calls["n"] == 1:  # decided, not yet written: another claim lands meanwhile
            table.alice.post(f"{table.url}/commands", {"type": "claim", "prize": "gold"})
        return decided

    monkeypatch.setattr(commands, "_decide", decide_then_race)
    body = _problem(table.alice.post(f"{table.url}/commands",
                                     {"type": "claim", "prize": "silver"}), 409)
    assert "moved on" in body["detail"]


def test_a_server_whose_cache_is_behind_judges_on_the_database(table: Any, ctx: Any) -> None:
    """Another server process recorded moves this one has not seen: a command that is legal now
    is accepted, and one that is illegal now is refused as illegal (422), not as a race."""
    from dataclasses import replace

    from domain.core.commands import Command
    from service import commands
    from service.states import StateCache
    from service.store import Source

    other = replace(ctx, states=StateCache())  # another server process: its own cache

    def elsewhere(seat: int, body: dict[str, Any]) -> None:
        commands.handle(table.gid, seat, Command.from_json(body, seat=seat), Source("api"),
                        ctx=other)

    table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 5})
    elsewhere(1, {"type": "bid", "amount": 1})  # alice won the bids; this cache still waits on bob
    accepted = table.alice.post(f"{table.url}/commands", {"type": "claim", "prize": "gold"})
    assert accepted.status_code == 200, accepted.get_data(as_text=True)
    elsewhere(1, {"type": "bid", "amount": 3})  # round 2: bob's bid, unseen here again
    body = _problem(table.bob.post(f"{table.url}/commands", {"type": "bid", "amount": 2}), 422)
    assert "moved on" not in body["detail"]


def test_games_list_shows_whose_turn_it_is(table: Any, make_player: Any) -> None:
    table.alice.post(f"{table.url}/commands", {"type": "bid", "amount": 5})
    mine = table.alice.get("/api/games").get_json()["games"]
    theirs = table.bob.get("/api/games").get_json()["games"]
    assert [(g["id"], g["your_turn"], g["waiting_on"]) for g in mine] == [(table.gid, False, [1])]
    assert [(g["id"], g["your_turn"]) for g in theirs] == [(table.gid, True)]
    assert table.eve.get("/api/games").get_json()["games"] == []


def test_unknown_games_and_garbage_ids_are_404(table: Any) -> None:
    _problem(table.alice.get("/api/games/nosuchgame"), 404)
    _problem(table.alice.get("/api/games/NOT%00valid"), 404)
    _problem(table.alice.post("/api/games/nosuchgame/commands", {"type": "bid"}), 404)
    _problem(table.alice.get("/api/nothing-here"), 404)


def test_paging_near_the_integer_limit_is_fine(table: Any) -> None:
    """Found by the fuzzer: after + limit past 2**31 - 1 overflowed PostgreSQL's integer."""
    r = table.alice.get(f"{table.url}/events?after=2147482648")
    assert r.status_code == 200 and r.get_json()["events"] == []


def test_nul_characters_are_refused_not_stored(table: Any) -> None:
    body = _problem(table.alice.post(f"{table.url}/commands", {"type": "bid", "x": "a\x00b"}),
                    422)
    assert "NUL" in body["detail"]


def test_me(table: Any) -> None:
    me = table.bob.get("/api/me").get_json()
    assert me["email"] == "bob@example.com" and me["language"] == "fr"
    assert me["time_zone"] == "Europe/Paris"


def test_el_grande_secret_choices_are_final_and_numbers_are_numbers(make_player: Any,
                                                                   ctx: Any) -> None:
    """A second secret choice reads that the first is final (it used to read "It is not your
    move", as if it had been lost); `true` is not power card 1, nor `"seat": true` seat 1."""
    emails = ["ann@example.com", "ben@example.com", "cid@example.com"]
    ann, ben, cid = (make_player(e) for e in emails)
    rest = [c for c in stack_contents(4) if c != "secret_scoring"]
    setup = {"king": "castilla_la_nueva", "homes": ["galicia", "aragon", "sevilla"],
             "first_player": 0, "stacks": {"4": ["secret_scoring", *rest]}}
    olga = make_player("olga@example.com")  # given stacks come from an organiser who does not play
    r = olga.post("/api/games", {"game": "el-grande", "setup": setup, "seats": emails})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    for player in (ann, ben, cid):  # the last acceptance starts the game
        assert player.post(f"/api/games/{gid}/accept").status_code == 200
    url = f"/api/games/{gid}/commands"

    body = _problem(ann.post(url, {"type": "play_power", "card": True}), 422)
    assert "whole number" in body["detail"] and 13 in body["allowed"]
    body = _problem(ben.post(url, {"type": "play_power", "card": 12, "seat": True}), 422)
    assert "seat" in body["detail"]
    for player, card in [(ann, 13), (ben, 12), (cid, 11)]:
        assert player.post(url, {"type": "play_power", "card": card}).status_code == 200
    for move in [{"type": "choose_card", "stack": 4}, {"type": "special"},
                 {"type": "secret", "choice": "galicia"}]:  # power card 13 takes nothing
        assert ann.post(url, move).status_code == 200, move
    version = ann.get(url.removesuffix("/commands")).get_json()["version"]

    body = _problem(ann.post(url, {"type": "secret", "choice": "aragon"}), 422)
    assert body["detail"].startswith("Your secret choice is already made and final")
    assert body["allowed"] == []
    assert "galicia" not in json.dumps(body)  # nor does the refusal repeat the choice
    assert ann.get(url.removesuffix("/commands")).get_json()["version"] == version
    # The others still choose; once all are in, the choices are revealed together.
    assert ben.post(url, {"type": "secret", "choice": "aragon"}).status_code == 200
    assert cid.post(url, {"type": "secret", "choice": "sevilla"}).status_code == 200
    view = ann.get(url.removesuffix("/commands")).get_json()["view"]
    assert view["secret"] is None
