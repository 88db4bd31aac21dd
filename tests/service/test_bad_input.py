"""Bad input gets a 4xx that says what is wrong and what is allowed, and changes nothing; never a
500. Each case here was a 500 (or worse: accepted, or an open redirect) before it was fixed."""

from __future__ import annotations

import html
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, insert, select

from service import db, players
from service.api import create_app
from service.context import Context
from service.db import dispose, make_engine
from service.settings import Settings
from service.store import now
from service.tables import events, games, vacations
from tests.service.conftest import test_games
from tests.service.seating import accept_over_http, started_game
from tests.web.conftest import csrf_of, sign_in

PROBLEM = "application/problem+json"


def _problem(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.get_data(as_text=True)[:500]
    assert r.mimetype == PROBLEM
    body = r.get_json()
    assert body["status"] == status and body["title"] and body["detail"]
    return body


def _count(ctx: Context, table: Any) -> int:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(func.count()).select_from(table)).scalar_one()


@pytest.fixture
def bids(ctx: Context, make_player: Any) -> Any:
    """Alice and Bob in a started game of sealed bids (each must bid 1-5)."""
    alice = make_player("alice@example.com", "Alice")
    bob = make_player("bob@example.com", "Bob")
    r = alice.post("/api/games", {"game": "bids",
                                  "seats": ["alice@example.com", "bob@example.com"]})
    assert r.status_code == 201
    accept_over_http([bob], r.get_json()["id"])
    return alice, r.get_json()["id"]


def test_a_bot_seat_must_name_a_level(make_player: Any, ctx: Context) -> None:
    alice = make_player("alice@example.com")
    for level in ({}, [], 3, None):
        body = _problem(alice.post("/api/games", {"seats": ["alice@example.com",
                                                            {"bot": level}]}), 422)
        assert "greedy" in body["detail"] and "random" in body["detail"]
    assert _count(ctx, games) == 0


@pytest.mark.parametrize("path", ["/api/games", "/api/games/{gid}/commands",
                                  "/api/auth/session", "/api/games/{gid}/undo"])
def test_json_nested_thousands_deep_is_refused(bids: Any, ctx: Context, path: str) -> None:
    alice, gid = bids
    before = _count(ctx, events)
    deep = '{"type": "bid", "amount": ' + "[" * 5000 + "]" * 5000 + "}"
    r = alice.post(path.format(gid=gid), data=deep, content_type="application/json")
    body = _problem(r, 400)
    assert "nests deeper than 32 levels" in body["detail"]
    # Deep but not absurd (past the limit, within Python's recursion) is refused the same way.
    deep = json.dumps({"type": "bid", "amount": json.loads("[" * 200 + "]" * 200)})
    assert "32 levels" in _problem(alice.post(path.format(gid=gid), data=deep,
                                              content_type="application/json"), 400)["detail"]
    assert _count(ctx, events) == before


def test_a_five_thousand_digit_number_is_refused(bids: Any, ctx: Context) -> None:
    alice, _gid = bids
    body = '{"seats": ["alice@example.com"], "game": "bids", "turn_hours": ' + "9" * 5000 + "}"
    problem = _problem(alice.post("/api/games", data=body, content_type="application/json"), 400)
    assert "more than 4300 digits" in problem["detail"]
    assert _count(ctx, games) == 1  # the bids fixture's game only


def test_unknown_command_parameters_are_refused_and_never_stored(bids: Any,
                                                                 ctx: Context) -> None:
    alice, gid = bids
    before = _count(ctx, events)
    url = f"/api/games/{gid}/commands"
    body = _problem(alice.post(url, {"type": "bid", "amount": 3, "note": "x" * 60_000}), 422)
    assert body["detail"] == "“bid” does not take “note”: it takes only “amount”."
    assert body["allowed"] == ["amount"]
    assert _count(ctx, events) == before
    # Without the extra field the same move is legal.
    assert alice.post(url, {"type": "bid", "amount": 3}).status_code == 200


def test_el_grande_names_what_each_command_takes(ctx: Context, make_player: Any) -> None:
    seated = [make_player(f"{name}@example.com") for name in ("ann", "bob")]
    gid = seated[0].post("/api/games", {"seats": ["ann@example.com",
                                                   "bob@example.com"]}).get_json()["id"]
    accept_over_http(seated, gid)
    url = f"/api/games/{gid}/commands"
    first, legal = next((p, d[0]["options"][0]) for p in seated  # {"type": "play_power", "card": N}
                        if (d := _decisions(p.http, gid, p.token)))
    body = _problem(first.post(url, {**legal, "cards": [1, 2], "comment": "hi"}), 422)
    assert body["detail"] == ("“play_power” does not take “cards”, “comment”: it takes only "
                              "“card”.")
    assert first.post(url, legal).status_code == 200


def _decisions(client: Any, gid: str, token: str) -> list[dict[str, Any]]:
    return client.get(f"/api/games/{gid}/decisions",
                      headers={"Authorization": f"Bearer {token}"}).get_json()["decisions"]


def test_the_web_form_refuses_unknown_parameters(ctx: Context, app: Any) -> None:
    seated = [players.add(ctx, f"{name}@example.com", name=name) for name in ("ann", "bob")]
    gid = started_game(ctx, seated[0][0], game="el-grande",
                       emails=["ann@example.com", "bob@example.com"])
    client = app.test_client()
    player, legal = next((p, d[0]["options"][0]) for p, token in seated  # the first to play
                         if (d := _decisions(client, gid, token)))
    card = legal["card"]
    sign_in(client, ctx, player.id)
    csrf = csrf_of(client.get(f"/games/{gid}").text)
    before = _count(ctx, events)
    # The form's advanced JSON box can carry any parameter: an unknown one is refused, in words.
    r = client.post(f"/games/{gid}/play", data={
        "csrf_token": csrf, "type": "play_power", "p.card": str(card),
        "json": json.dumps({"junk": "x" * 1000})}, follow_redirects=True)
    assert r.status_code == 200
    assert "“play_power” does not take “junk”: it takes only “card”." in html.unescape(r.text)
    assert _count(ctx, events) == before
    # A JSON field nested thousands deep is refused in words, not with a 500.
    r = client.post(f"/games/{gid}/play", data={
        "csrf_token": csrf, "type": "play_power", "p.card": str(card),
        "json": "[" * 5000 + "]" * 5000}, follow_redirects=True)
    assert r.status_code == 200 and "nests deeper than 32 levels" in r.text
    assert _count(ctx, events) == before
    # A field the form does not have is never read: the move goes in without it.
    r = client.post(f"/games/{gid}/play", data={
        "csrf_token": csrf, "type": "play_power", "p.card": str(card), "p.junk": "1"},
        follow_redirects=True)
    assert r.status_code == 200 and _count(ctx, events) > before
    with db.read(ctx.engine) as conn:
        stored = [row.command for row in conn.execute(select(events.c.command).where(
            events.c.game_id == gid, events.c.command.is_not(None)))]
    assert stored and all("junk" not in json.dumps(c) for c in stored)


def test_request_bodies_over_64_kib_get_413(bids: Any, ctx: Context) -> None:
    alice, gid = bids
    before = _count(ctx, events)
    r = alice.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 3,
                                                  "note": "x" * 70_000})
    assert "64 KiB" in _problem(r, 413)["detail"]
    assert _count(ctx, events) == before


# --- the web pages -------------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["/%0A/evil", "/%0D%0ALocation:%20//evil.example",
                                    "/%09/evil.example", "/%09%09/evil.example", "/\\evil.example",
                                    "//evil.example", "https://evil.example/", "/%E2%80%A8/x"])
def test_sign_in_goes_only_to_a_path_of_this_site(ctx: Context, app: Any, target: str) -> None:
    ann, _token = players.add(ctx, "ann@example.com", name="Ann")
    client = app.test_client()
    link = players.magic_link(ctx, ann.id)
    path = link[link.index("/login/"):]
    page = client.get(path)
    r = client.post(f"{path}?next={target}", data={"csrf_token": csrf_of(page.text)})
    assert r.status_code == 302 and r.headers["Location"] == "/games"


def test_sign_in_still_returns_to_the_page_asked_for(ctx: Context, app: Any) -> None:
    ann, _token = players.add(ctx, "ann@example.com", name="Ann")
    client = app.test_client()
    link = players.magic_link(ctx, ann.id)
    path = link[link.index("/login/"):]
    page = client.get(path)
    r = client.post(f"{path}?next=/games/abc123%3Fx%3D1", data={"csrf_token": csrf_of(page.text)})
    assert r.status_code == 302 and r.headers["Location"] == "/games/abc123?x=1"


def test_settings_ignore_a_cancel_vacation_no_vacation_can_have(ctx: Context, app: Any) -> None:
    ann, _token = players.add(ctx, "ann@example.com", name="Ann")
    with db.write(ctx.engine) as conn:
        conn.execute(insert(vacations).values(player_id=ann.id, starts_at=now(),
                                              ends_at=now().replace(year=now().year + 1)))
    client = app.test_client()
    sign_in(client, ctx, ann.id)
    for value in ("99999999999999999999999", "9" * 5000, "²", "-1"):
        page = client.get("/settings")
        r = client.post("/settings", data={"csrf_token": csrf_of(page.text), "name": "Ann B",
                                           "language": "en", "time_zone": "UTC",
                                           "cancel_vacation": value})
        assert r.status_code == 302, r.text[:300]
    assert _count(ctx, vacations) == 1
    with db.read(ctx.engine) as conn:
        assert players.get(conn, ann.id).name == "Ann B"  # the rest of the form was saved


def test_replay_reads_only_plain_step_numbers(ctx: Context, make_player: Any, app: Any) -> None:
    alice = make_player("alice@example.com", "Alice")
    bob = make_player("bob@example.com", "Bob")
    gid = alice.post("/api/games", {"game": "bids", "seats": [
        "alice@example.com", "bob@example.com"]}).get_json()["id"]
    accept_over_http([bob], gid)
    url = f"/api/games/{gid}/commands"
    for _round in range(2):  # Alice outbids Bob and takes a prize, twice: the game is over
        assert alice.post(url, {"type": "bid", "amount": 5}).status_code == 200
        assert bob.post(url, {"type": "bid", "amount": 1}).status_code == 200
        assert alice.post(url, {"type": "claim", "prize": "gold"}).status_code == 200
    assert alice.get(f"/api/games/{gid}").get_json()["status"] == "over"
    client = app.test_client()
    for at in ("²", "9" * 5000, "-3", "1e3"):
        assert client.get(f"/games/{gid}/replay", query_string={"at": at}).status_code == 200
    assert client.get(f"/games/{gid}/replay?at=0").status_code == 200


# --- the database is down ----------------------------------------------------------------------

def _nobody_listens() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed again: nothing listens there now


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_database_outage_answers_503_with_retry_after(tmp_path: Path, kind: str) -> None:
    url = (f"sqlite:///{tmp_path}/no/such/folder/pbem.sqlite3" if kind == "sqlite" else
           f"postgresql+psycopg://postgres@127.0.0.1:{_nobody_listens()}/test?connect_timeout=2")
    settings = Settings(database_url=url, secret_key="test-secret", instance=tmp_path)
    dead = Context(engine=make_engine(url), settings=settings, games=test_games())
    nobody = players.TOKEN_PREFIX + "x" * 40  # looked up in the database, which is not there
    try:
        client = create_app(dead, TESTING=True).test_client()
        for method, path, kw in (("get", "/api/games/abc123", {}),
                                 ("get", "/api/games", {"headers": {"Authorization": f"Bearer {nobody}"}}),
                                 ("post", "/api/games/abc123/commands",
                                  {"json": {"type": "bid", "amount": 1},
                                   "headers": {"Authorization": f"Bearer {nobody}"}})):
            r = getattr(client, method)(path, **kw)
            body = _problem(r, 503)
            assert r.headers["Retry-After"] == "30"
            assert "database" in body["detail"] and "Try again" in body["detail"]
    finally:
        dispose(dead.engine)


# --- issue 22, items 13-17 ------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["\x00", "Ann\x00", "Ann\r\nBcc: x@example.com", "Ann\nB",
                                 "Ann\tB", "Ann\u2028B"])
def test_a_display_name_with_a_control_character_is_refused_on_the_web(
        ctx: Context, app: Any, bad: str) -> None:
    """A NUL was a 500 on PostgreSQL (SQLite stored it); a CR/LF was stored and then broke every
    mail carrying the name in a header. Refused, in the player's language, nothing changed."""
    ann, _token = players.add(ctx, "ann@example.com", name="Ann", language="fr")
    client = app.test_client()
    sign_in(client, ctx, ann.id)
    page = client.get("/settings")
    r = client.post("/settings", data={"csrf_token": csrf_of(page.text), "name": bad,
                                       "language": "fr", "time_zone": "UTC"})
    assert r.status_code == 302
    shown = html.unescape(client.get("/settings").text)
    assert "ni saut de ligne, ni tabulation, ni autre caractère de contrôle" in shown
    with db.read(ctx.engine) as conn:
        assert players.get(conn, ann.id).name == "Ann"


@pytest.mark.parametrize("lang,words", [("en", "no line break, tab or other control"),
                                        ("it", "niente a capo, tabulazioni")])
def test_every_way_a_name_comes_in_refuses_control_characters(
        ctx: Context, lang: str, words: str) -> None:
    from service import preferences
    from service.errors import Invalid

    with pytest.raises(Invalid) as refused:  # pbem player add, an imported record's seats
        players.add(ctx, "bob@example.com", name="Bob\r\nX", language=lang)
    assert words in refused.value.detail
    assert _count(ctx, players.players) == 0
    bob, _token = players.add(ctx, "bob@example.com", name="Bob", language=lang)
    with pytest.raises(Invalid) as refused:  # pbem player prefs, the web page
        preferences.change(ctx, bob.id, preferences.Change(name="B\x00b"))
    assert words in refused.value.detail


def test_the_command_line_refuses_a_name_with_a_line_break(ctx: Context,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    from click.testing import CliRunner

    from pbem.cli import main

    monkeypatch.setenv("PBEM_DATABASE_URL", ctx.settings.database_url)
    monkeypatch.setenv("PBEM_INSTANCE", str(ctx.settings.instance))
    result = CliRunner().invoke(main, ["player", "add", "cy@example.com", "--name", "Cy\nZ"])
    assert result.exit_code != 0 and "control character" in result.output
    assert _count(ctx, players.players) == 0


def test_a_name_stored_with_a_line_break_cannot_break_a_mail(ctx: Context) -> None:
    """Names stored before they were checked: the mail goes, its headers on one line each."""
    from sqlalchemy import update

    from emails import outbound
    from service import progress
    from service.tables import outbox
    from service.tables import players as players_t

    ann, _token = players.add(ctx, "ann@example.com", name="Ann")
    bob, _token = players.add(ctx, "bob@example.com", name="Bob")
    with db.write(ctx.engine) as conn:
        conn.execute(update(players_t).where(players_t.c.id == ann.id)
                     .values(name="Ann\r\nBcc: eve@example.com"))
    game_id = started_game(ctx, ann, game="bids", emails=[ann.email, bob.email], options={},
                           setup=None)
    with db.write(ctx.engine) as conn:
        progress.notify(conn, game_id, "your-turn", [ann.id], {"game_id": game_id, "seat": 0})
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(outbox).order_by(outbox.c.id)).all()
        readers = {r.id: r for r in conn.execute(select(players_t)).all()}
    assert {"invitation", "your-turn"} <= {r.kind for r in rows}  # Bob's invitation names Ann
    for row in rows:
        message = outbound.build_message(row, readers[row.player_id], ctx=ctx)
        headers = message.as_bytes().split(b"\n\n")[0].split(b"\n")
        assert not [h for h in headers if h.lower().startswith(b"bcc")]  # no header of its own
        if row.player_id == ann.id and row.kind == "your-turn":
            assert message["To"] == '"Ann  Bcc: eve@example.com" <ann@example.com>'


def test_a_vacation_with_a_nul_is_refused(make_player: Any, ctx: Context) -> None:
    ann = make_player("ann@example.com", language="it")
    body = _problem(ann.http.patch("/api/me/preferences", json={"vacations": [
        {"starts_at": "2030-01-01T00:00:00\x00", "ends_at": "2030-01-05T00:00:00"}]},
        headers=ann.headers()), 422)
    assert "sono attese una data e un'ora come 2030-01-31T18:00:00+01:00" in body["detail"]
    assert "vacations.0.starts_at" in body["detail"]
    assert _count(ctx, vacations) == 0


@pytest.mark.parametrize("value", ["72", 1.5, 72.0, True])
def test_turn_hours_of_the_wrong_type_is_refused_not_guessed(make_player: Any, ctx: Context,
                                                             value: Any) -> None:
    alice = make_player("alice@example.com", language="fr")
    body = _problem(alice.post("/api/games", {"game": "bids", "turn_hours": value, "seats": [
        "alice@example.com", "bob@example.com"]}), 422)
    assert "turn_hours : un nombre entier est attendu (comme 3)" in body["detail"]
    assert body["detail"].startswith("La requête ne correspond pas à l'API")
    assert _count(ctx, games) == 0


def test_turn_hours_out_of_range_says_the_range(make_player: Any) -> None:
    alice = make_player("alice@example.com")
    body = _problem(alice.post("/api/games", {"game": "bids", "turn_hours": 0, "seats": [
        "alice@example.com", "bob@example.com"]}), 422)
    assert "turn_hours: a number from 1 to 1440 is expected" in body["detail"]


@pytest.mark.parametrize("count", ["1", 1.0, True])
def test_an_undo_count_of_the_wrong_type_is_refused(bids: Any, ctx: Context, count: Any) -> None:
    alice, game_id = bids
    assert alice.post(f"/api/games/{game_id}/commands", {"type": "bid", "amount": 2}
                      ).status_code == 200
    before = _count(ctx, events)
    body = _problem(alice.post(f"/api/games/{game_id}/undo", {"count": count}), 422)
    assert "count: a whole number is expected" in body["detail"]
    assert _count(ctx, events) == before


@pytest.mark.parametrize("address,words", [
    ("ann@bücher.example", "letters outside ASCII"),
    ("zoë@example.com", "letters outside ASCII"),
    ("a" * 64 + "@" + ".".join(["b" * 60] * 4) + ".com", "at most 254 characters"),
])
def test_a_seat_address_no_mail_can_reach_is_refused_at_creation(
        make_player: Any, ctx: Context, address: str, words: str) -> None:
    alice = make_player("alice@example.com")
    body = _problem(alice.post("/api/games", {"game": "bids",
                                              "seats": ["alice@example.com", address]}), 422)
    assert words in body["detail"] and "seats.1" in body["detail"]
    assert _count(ctx, games) == 0
    ok = alice.post("/api/games", {"game": "bids", "seats": ["alice@example.com",
                                                             "ann@xn--bcher-kva.example"]})
    assert ok.status_code == 201


@pytest.mark.parametrize("params,words", [
    ({"card": 13.0}, "card est un nombre entier (comme 3), sans fraction ni virgule"),
    ({"card": 1.5}, "card est un nombre entier"),
    ({"card": True}, "card est un nombre entier (comme 3)"),
])
def test_command_parameters_are_strictly_typed_for_every_game(
        make_player: Any, ctx: Context, params: dict[str, Any], words: str) -> None:
    """El Caballero took `{"card": 13.0}` and stored the float (El Grande refused it): the check
    is now the core's (`decide_known`), for every game."""
    alice = make_player("alice@example.com", language="fr")
    bob = make_player("bob@example.com", language="fr")
    r = alice.post("/api/games", {"game": "el-caballero",
                                  "seats": ["alice@example.com", "bob@example.com"]})
    assert r.status_code == 201, r.get_json()
    game_id = r.get_json()["id"]
    accept_over_http([bob], game_id)
    player, decision = next((p, d) for p in (alice, bob)
                            for d in p.get(f"/api/games/{game_id}/decisions").get_json()[
                                "decisions"] if d["kind"] == "power_card")
    before = _count(ctx, events)
    body = _problem(player.post(f"/api/games/{game_id}/commands", {"type": "power", **params}),
                    422)
    assert words in body["detail"], body["detail"]
    assert _count(ctx, events) == before
    legal = decision["options"][-1]  # a card, as a whole number, is played
    assert player.post(f"/api/games/{game_id}/commands", legal).status_code == 200


def test_a_fractional_turn_is_refused_in_el_caballero(make_player: Any, ctx: Context) -> None:
    from domain.core.commands import Command, decide_known
    from domain.core.errors import RuleError
    from domain.games import GAMES

    module = GAMES["el-caballero"]
    state = module.fold(module.create(2, {}, "turn", None))
    seat = module.pending(state)[0].seat
    with pytest.raises(RuleError) as refused:
        decide_known(module.decide, state,
                     Command("lay_tile", seat, {"at": [0, 0], "turn": 270.0}), module.pending)
    assert refused.value.key == "core.command.whole_number"


def test_a_parameter_of_another_type_than_the_legal_ones_is_refused(make_player: Any,
                                                                    ctx: Context) -> None:
    """The toy game's prize is "gold" or "silver": 1 is refused by the core, naming the type
    and the legal values, whatever the game's own checks."""
    alice = make_player("alice@example.com", "Alice", language="it")
    bob = make_player("bob@example.com", "Bob")
    r = alice.post("/api/games", {"game": "bids",
                                  "seats": ["alice@example.com", "bob@example.com"]})
    game_id = r.get_json()["id"]
    accept_over_http([bob], game_id)
    for player, amount in ((alice, 5), (bob, 1)):
        assert player.post(f"/api/games/{game_id}/commands", {"type": "bid", "amount": amount}
                           ).status_code == 200
    before = _count(ctx, events)
    body = _problem(alice.post(f"/api/games/{game_id}/commands", {"type": "claim", "prize": 1}),
                    422)
    assert "prize non è del tipo giusto; tipo atteso: string" in body["detail"]
    assert body["allowed"] == ["gold", "silver"]
    assert _count(ctx, events) == before
