"""Players meet (issue 27): open games to join, results and ratings written once with the
game-over, profiles and their privacy, leaderboards, the calendar feed — on SQLite and
PostgreSQL, through the API as clients use it."""

from __future__ import annotations

from typing import Any

import pytest
from icalendar import Calendar
from sqlalchemy import func, select, update

from domain.core import surface
from service import db, feeds, meet, players, ratings, talk
from service.store import Source
from service.tables import deadlines, results
from service.tables import players as players_t
from service.tables import ratings as ratings_t
from workers import jobs


def _finish(clients: list[Any], gid: str, bids: tuple[int, ...] = (3, 2, 1)) -> None:
    """Sealed bids played to its end: each round the bids, then the best bidder claims gold."""
    for _ in range(2):
        for client, amount in zip(clients, bids, strict=True):
            r = client.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": amount})
            assert r.status_code == 200, r.get_json()
        best = clients[bids.index(max(bids))]
        r = best.post(f"/api/games/{gid}/commands", {"type": "claim", "prize": "gold"})
        assert r.status_code == 200, r.get_json()


def _open(client: Any, **body: Any) -> str:
    r = client.post("/api/open-games", {"game": "bids", "players": 3, **body})
    assert r.status_code == 201, r.get_json()
    return str(r.get_json()["id"])


def _people(make_player: Any) -> tuple[Any, Any, Any]:
    return (make_player("ann@example.com", "Ann"),
            make_player("bob@example.com", "Bob", language="fr"),
            make_player("cid@example.com", "Cid", language="it"))


def test_strangers_meet_in_an_open_game_that_starts_when_full(ctx: Any, make_player: Any
                                                              ) -> None:
    ann, bob, cid = _people(make_player)
    gid = _open(ann, turn_hours=48, languages=["fr", "en"])
    listed = bob.get("/api/open-games").get_json()["games"]
    assert [g["id"] for g in listed] == [gid]
    assert listed[0]["free"] == 2 and listed[0]["turn_hours"] == 48
    assert listed[0]["languages"] == ["fr", "en"]
    assert [p["name"] for p in listed[0]["players"]] == ["Ann"]
    assert "@" not in str(listed)  # nobody's address, anywhere in the list
    r = bob.post(f"/api/open-games/{gid}/join")
    assert r.status_code == 200 and r.get_json()["started"] is False, r.get_json()
    assert bob.post(f"/api/open-games/{gid}/join").status_code == 409  # already in
    r = cid.post(f"/api/open-games/{gid}/join")
    assert r.get_json()["started"] is True
    game = ann.get(f"/api/games/{gid}").get_json()
    assert game["status"] == "active"
    assert [s["name"] for s in game["seats"]] == ["Ann", "Bob", "Cid"]
    assert bob.get("/api/open-games").get_json()["games"] == []  # no longer listed
    r = make_player("dan@example.com", "Dan").post(f"/api/open-games/{gid}/join")
    assert r.status_code == 409 and "commencé" not in r.get_json()["detail"]
    assert r.get_json()["key"] == "service.meet.started"


def test_option_labels_are_the_games_words_never_keys(ctx: Any, make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann", language="fr")
    r = ann.post("/api/open-games", {"game": "el-grande", "players": 3,
                                     "options": {"short_game": True}})
    assert r.status_code == 201, r.get_json()
    lines = ann.get("/api/open-games").get_json()["games"][0]["option_lines"]
    assert lines and all("_" not in line["caption"] for line in lines), lines
    assert {"caption": "Durée", "value": "courte : six manches"} in lines, lines


def test_the_creator_starts_with_bots_removes_a_seat_and_limits_hold(ctx: Any,
                                                                    make_player: Any) -> None:
    ann, bob, cid = _people(make_player)
    gid = _open(ann)
    assert bob.post(f"/api/open-games/{gid}/join").status_code == 200
    r = bob.post(f"/api/open-games/{gid}/remove", {"seat": 1})
    assert r.status_code == 403  # only the creator
    r = ann.post(f"/api/open-games/{gid}/remove", {"seat": 2})
    assert r.status_code == 422 and r.get_json()["allowed"] == [1], r.get_json()
    assert ann.post(f"/api/open-games/{gid}/remove", {"seat": 1}).status_code == 200
    listed = cid.get("/api/open-games").get_json()["games"][0]
    assert [p["name"] for p in listed["players"]] == ["Ann"] and listed["free"] == 2
    assert ann.post(f"/api/open-games/{gid}/start", {"bot": "nobody"}).status_code == 422
    assert cid.post(f"/api/open-games/{gid}/start", {"bot": "greedy"}).status_code == 403
    r = ann.post(f"/api/open-games/{gid}/start", {"bot": "greedy"})
    assert r.status_code == 200, r.get_json()
    game = ann.get(f"/api/games/{gid}").get_json()
    assert game["status"] != "invited"
    assert [s["name"] for s in game["seats"]] == ["Ann", "Bot 2 (greedy)", "Bot 3 (greedy)"]
    # Limits: three open games waiting per creator, five seats taken per player.
    made = [_open(bob) for _ in range(meet.MAX_CREATED)]
    r = bob.post("/api/open-games", {"game": "bids", "players": 2})
    assert r.status_code == 409 and "au plus 3" in r.get_json()["detail"], r.get_json()
    hosts = [make_player(f"h{i}@example.com", f"H{i}") for i in range(3)]
    many = made + [_open(h) for h in hosts]
    for gid_ in many[:meet.MAX_TAKEN]:
        assert cid.post(f"/api/open-games/{gid_}/join").status_code == 200
    r = cid.post(f"/api/open-games/{many[meet.MAX_TAKEN]}/join")
    assert r.status_code == 409 and "al massimo 5" in r.get_json()["detail"], r.get_json()
    # Leaving gives a place back.
    assert cid.post(f"/api/open-games/{many[0]}/leave").status_code == 200
    assert cid.post(f"/api/open-games/{many[meet.MAX_TAKEN]}/join").status_code == 200


def test_bad_input_is_a_clear_4xx(ctx: Any, make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    for body in ({"game": "bids", "players": 9}, {"game": "bids", "players": "3"},
                 {"game": "nope", "players": 3}, {"game": "bids", "players": 3,
                                                  "languages": ["xx"]},
                 {"game": "bids", "players": 3, "turn_hours": 0}):
        r = ann.post("/api/open-games", body)
        assert r.status_code == 422, (body, r.get_json())
    assert ann.post("/api/open-games/NOPE/join").status_code == 404
    assert type(ann)(ann.http, None).post("/api/open-games", {"game": "bids",
                                                               "players": 3}).status_code == 401
    gid = ann.post("/api/games", {"game": "bids", "seats": ["ann@example.com",
                                                             {"bot": "greedy"}]}).get_json()["id"]
    r = make_player("bob@example.com", "Bob").post(f"/api/open-games/{gid}/join")
    assert r.status_code == 409  # an invited game has no open seats


def _rated_game(ctx: Any, make_player: Any) -> tuple[str, Any, Any, Any]:
    ann, bob, cid = _people(make_player)
    gid = _open(ann)
    bob.post(f"/api/open-games/{gid}/join")
    cid.post(f"/api/open-games/{gid}/join")
    return gid, ann, bob, cid


def test_ratings_change_once_when_a_game_of_people_ends(ctx: Any, make_player: Any) -> None:
    gid, ann, bob, cid = _rated_game(ctx, make_player)
    _finish([ann, bob, cid], gid)
    assert ann.post("/api/me/profile", {"public": True}).status_code == 200
    me = ann.get("/api/players/" + str(_id(ctx, "ann@example.com"))).get_json()
    stat = me["stats"][0]
    assert (stat["played"], stat["won"], stat["average_rank"]) == (1, 1, 1.0)
    assert stat["rating"] > 0 and me["finished"][0]["change"] > 0
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(results).where(results.c.game_id == gid)
                            .order_by(results.c.seat)).all()
        assert [r.rank for r in rows] == [1, 2, 2]  # Bob and Cid tied: one shared place
        assert all(r.rated for r in rows)
        assert rows[1].mu_after == rows[2].mu_after  # a tie moves both alike
        assert conn.execute(select(func.count()).select_from(ratings_t)).scalar_one() == 3
        before = conn.execute(select(ratings_t.c.mu).order_by(ratings_t.c.player_id)).all()
        rated = ratings.game_over(conn, gid, "bids", [{"seat": 0, "rank": 1}])
        assert rated is False  # a second game-over of the same game changes nothing
    with db.read(ctx.engine) as conn:
        assert conn.execute(select(ratings_t.c.mu).order_by(ratings_t.c.player_id)).all() \
            == before
        assert conn.execute(select(ratings_t.c.games)).scalars().all() == [1, 1, 1]
    # A finished game cannot be undone: its record, and so the ratings, are final.
    r = ann.post(f"/api/games/{gid}/undo", {"count": 1})
    assert r.status_code == 409, r.get_json()
    r = ann.post(f"/api/games/{gid}/undo-requests", {"back_to": 2})
    assert r.status_code == 409, r.get_json()


def test_the_game_over_mail_says_the_new_rating_in_the_readers_language(
        ctx: Any, make_player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from service import context
    from tests.emails.helpers import plain
    from tests.emails.test_talk_mail import _drain

    monkeypatch.setattr(context, "_current", ctx)  # the mail worker's context, as it runs

    gid, ann, bob, cid = _rated_game(ctx, make_player)
    _finish([ann, bob, cid], gid)
    mails = {str(m["To"]).split("<")[-1].rstrip(">"): plain(m) for m in _drain(ctx)
             if "terminée" in str(m["Subject"]) or "over" in str(m["Subject"])
             or "finita" in str(m["Subject"])}
    with db.read(ctx.engine) as conn:
        bob_row = conn.execute(select(results).where(results.c.game_id == gid,
                                                     results.c.seat == 1)).one()
    bob_now = bob_row.mu_after - 3 * bob_row.sigma_after
    assert f"Votre cote à Enchères secrètes est maintenant de {bob_now:.1f}" \
        in mails["bob@example.com"], mails.get("bob@example.com")
    italian = surface.title(ctx.games["bids"], "it")
    # Not «punteggio», which the mails and pages say of a game's score (found by mail: «Il tuo
    # punteggio a El Caballero» read as the game's points).
    assert f"Il tuo indice di classifica a {italian} ora è" in mails["cid@example.com"]
    [said] = [line for line in mails["cid@example.com"].splitlines() if " ora è " in line]
    assert "punteggio" not in said, said
    assert "(+" in mails["ann@example.com"]  # the winner's rating rose


def _id(ctx: Any, email: str) -> int:
    with db.read(ctx.engine) as conn:
        found = players.find_by_email(conn, email)
    assert found is not None
    return found.id


def _with_bots(ctx: Any, moves: list[tuple[Any, int]], gid: str) -> None:
    """Sealed bids to its end, the bots' bids made by the workers' job; the first client bids
    highest (ties go to the lowest seat, hers) and claims gold."""
    for _ in range(2):
        for client, amount in moves:
            r = client.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": amount})
            assert r.status_code == 200, r.get_json()
        jobs.settle_game(ctx, gid)
        r = moves[0][0].post(f"/api/games/{gid}/commands", {"type": "claim", "prize": "gold"})
        assert r.status_code == 200, r.get_json()
    assert moves[0][0].get(f"/api/games/{gid}").get_json()["status"] == "over"


def test_a_game_with_a_bot_at_its_start_is_not_rated_but_a_handed_seat_keeps_its_result(
        ctx: Any, make_player: Any) -> None:
    ann, bob, _cid = _people(make_player)
    gid = _open(ann, players=2)
    assert ann.post(f"/api/open-games/{gid}/start", {"bot": "greedy"}).status_code == 200
    _with_bots(ctx, [(ann, 5)], gid)
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(results).where(results.c.game_id == gid)).all()
        assert len(rows) == 2 and not any(r.rated for r in rows)
        assert conn.execute(select(func.count()).select_from(ratings_t)).scalar_one() == 0
    # A game of people in which Bob hands his seat to a bot: rated, and the bot's place is his.
    gid, ann, bob, cid = _rated_game(ctx, make_player)
    assert bob.post(f"/api/games/{gid}/bot", {"level": "greedy"}).status_code == 200
    _with_bots(ctx, [(ann, 5), (cid, 1)], gid)
    bob_id = _id(ctx, "bob@example.com")
    with db.read(ctx.engine) as conn:
        rows = {r.seat: r for r in conn.execute(select(results)
                                                 .where(results.c.game_id == gid))}
        assert rows[1].player_id == bob_id and all(r.rated for r in rows.values())
        assert ratings.rating(conn, bob_id, "bids") is not None


def test_a_private_profile_is_nobody_elses_and_no_address_is_shown(ctx: Any, make_player: Any
                                                                   ) -> None:
    gid, ann, bob, cid = _rated_game(ctx, make_player)
    _finish([ann, bob, cid], gid)
    ann_id = _id(ctx, "ann@example.com")
    spectator = type(ann)(ann.http, None)
    for client in (bob, spectator):
        r = client.get(f"/api/players/{ann_id}")
        assert r.status_code == 404 and "Ann" not in str(r.get_json())
    assert ann.get(f"/api/players/{ann_id}").status_code == 200  # her own
    board = spectator.get("/api/leaderboard/bids").get_json()
    assert board["players"] == []  # nobody made theirs public
    bob.post("/api/me/profile", {"public": True})
    board = spectator.get("/api/leaderboard/bids").get_json()
    assert [p["name"] for p in board["players"]] == ["Bob"]
    shown = spectator.get(f"/api/players/{_id(ctx, 'bob@example.com')}").get_json()
    assert shown["finished"][0]["players"] == ["Ann", "Bob", "Cid"]
    assert "@" not in str(shown) + str(board)
    assert spectator.get("/api/leaderboard/nope").status_code == 404


def test_a_player_id_no_database_column_holds_is_a_clear_404(ctx: Any, make_player: Any
                                                             ) -> None:
    """Found by the OpenAPI fuzz: an id past a BIGINT overflowed in the driver (a 500)."""
    ann = make_player("ann@example.com", "Ann")
    for player_id in (2**63, 2**64 + 5, 10**30, 0):
        r = ann.get(f"/api/players/{player_id}")
        assert r.status_code == 404, (player_id, r.status_code)
        assert ann.http.get(f"/players/{player_id}").status_code == 404
    assert ann.get(f"/api/players/{_id(ctx, 'ann@example.com')}").status_code == 200


def test_a_private_message_is_in_no_profile_or_list(ctx: Any, make_player: Any) -> None:
    gid, ann, bob, cid = _rated_game(ctx, make_player)
    talk.say(ctx, gid, 0, "Bob: secret pact", to=1, source=Source("web"))
    for client in (ann, bob, cid):
        client.post("/api/me/profile", {"public": True})
    _finish([ann, bob, cid], gid)
    seen = str(cid.get(f"/api/players/{_id(ctx, 'ann@example.com')}").get_json())
    seen += str(cid.get("/api/open-games").get_json()) + str(cid.get("/api/leaderboard/bids")
                                                           .get_json())
    assert "secret pact" not in seen


def test_the_calendar_feed_needs_its_secret_and_names_the_deadlines(ctx: Any, app: Any,
                                                                    make_player: Any) -> None:
    gid, ann, bob, _cid = _rated_game(ctx, make_player)
    assert ann.get("/api/me/calendar").get_json()["url"] is None
    url = bob.post("/api/me/calendar").get_json()["url"]
    path = url[url.index("/calendar/"):]
    web = app.test_client()
    r = web.get(path)
    assert r.status_code == 200 and r.mimetype == "text/calendar", r.status_code
    cal = Calendar.from_ical(r.data)
    summaries = sorted(str(e["summary"]) for e in cal.walk("VEVENT"))
    with db.read(ctx.engine) as conn:
        open_ = conn.execute(select(func.count()).select_from(deadlines).where(
            deadlines.c.game_id == gid, deadlines.c.closed_at.is_(None))).scalar_one()
    assert len(summaries) == open_ == 3
    assert "À vous de jouer à Enchères secrètes avec Ann, Cid" in summaries, summaries
    assert "Enchères secrètes : Ann doit avoir joué" in summaries, summaries
    assert all(e["dtstart"].dt.tzinfo is not None for e in cal.walk("VEVENT"))
    assert str(cal["x-wr-calname"]) == "Jeux par courriel : échéances de mes parties"
    assert all(" " not in str(e["uid"]) for e in cal.walk("VEVENT"))
    assert "@example.com" not in r.get_data(as_text=True)
    # Wrong, tampered, someone else's or revoked: 404, nothing said.
    owner, _, secret = path.removeprefix("/calendar/").removesuffix(".ics").partition("-")
    for bad in (f"/calendar/{owner}-{'0' * 32}.ics", f"/calendar/{_id(ctx, 'ann@example.com')}"
                f"-{secret}.ics", "/calendar/x.ics", f"/calendar/{owner}.ics"):
        assert web.get(bad).status_code == 404, bad
    new = bob.post("/api/me/calendar").get_json()["url"]
    assert new != url and web.get(path).status_code == 404
    assert web.get(new[new.index("/calendar/"):]).status_code == 200
    bob.http.delete("/api/me/calendar", headers=bob.headers())
    assert web.get(new[new.index("/calendar/"):]).status_code == 404
    assert feeds.owner(ctx, path.removeprefix("/calendar/").removesuffix(".ics")) is None


def test_the_feed_escapes_and_folds_names(ctx: Any, make_player: Any) -> None:
    ann, bob, cid = _people(make_player)
    with db.write(ctx.engine) as conn:
        conn.execute(update(players_t).where(players_t.c.email == "ann@example.com")
                     .values(name="Ann; the, \\ long-named " + "x" * 60))
    gid = _open(ann)
    bob.post(f"/api/open-games/{gid}/join")
    cid.post(f"/api/open-games/{gid}/join")
    token = feeds.regenerate(ctx, _id(ctx, "cid@example.com"))
    owner = feeds.owner(ctx, token)
    assert owner is not None
    text = feeds.feed(ctx, owner).decode()
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n")), text
    assert "Ann\\; the\\, \\\\ long" in text.replace("\r\n ", "")


@pytest.mark.parametrize("count", [2])
def test_open_game_limits_hold_under_the_lock(ctx: Any, make_player: Any, count: int) -> None:
    """A full game refuses the next player, whoever comes first."""
    ann, bob, cid = _people(make_player)
    gid = _open(ann, players=count)
    assert bob.post(f"/api/open-games/{gid}/join").get_json()["started"] is True
    r = cid.post(f"/api/open-games/{gid}/join")
    assert r.status_code == 409


def test_nobody_talks_to_an_open_seat(ctx: Any, make_player: Any) -> None:
    ann, bob, _cid = _people(make_player)
    gid = _open(ann)
    bob.post(f"/api/open-games/{gid}/join")
    r = ann.post(f"/api/games/{gid}/messages", {"text": "hello?", "to": 2})
    assert r.status_code == 422 and r.get_json()["allowed"] == ["Bob"], r.get_json()
    assert ann.post(f"/api/games/{gid}/messages", {"text": "Welcome Bob"}).status_code == 201
    assert [m["text"] for m in bob.get(f"/api/games/{gid}/messages").get_json()["messages"]] \
        == ["Welcome Bob"]


def test_ones_data_holds_the_places_and_ratings_and_deletion_hides_the_profile(
        ctx: Any, make_player: Any) -> None:
    gid, ann, bob, cid = _rated_game(ctx, make_player)
    _finish([ann, bob, cid], gid)
    bob.post("/api/me/profile", {"public": True})
    url = bob.post("/api/me/calendar").get_json()["url"]
    data = bob.get("/api/me/data").get_json()
    assert [(r["game_id"], r["rank"], r["rated"]) for r in data["results"]] == [(gid, 2, True)]
    assert data["ratings"][0]["games"] == 1 and data["preferences"]["profile_public"] is True
    assert bob.post("/api/me/delete", {"confirm": "bob@example.com"}).status_code == 200
    bob_id = _id_of_deleted(ctx)
    assert ann.get(f"/api/players/{bob_id}").status_code == 404
    assert ann.get("/api/leaderboard/bids").get_json()["players"] == []
    assert feeds.owner(ctx, url.rsplit("/", 1)[1].removesuffix(".ics")) is None


def _id_of_deleted(ctx: Any) -> int:
    with db.read(ctx.engine) as conn:
        return int(conn.execute(select(players_t.c.id)
                                .where(players_t.c.deleted_at.is_not(None))).scalar_one())


def test_a_deleted_account_frees_its_open_seats_and_withdraws_the_games_it_opened(
        ctx: Any, make_player: Any) -> None:
    ann, bob, cid = _people(make_player)
    anns = _open(ann)
    bobs = _open(bob)
    assert bob.post(f"/api/open-games/{anns}/join").status_code == 200
    assert cid.post(f"/api/open-games/{bobs}/join").status_code == 200
    r = bob.post("/api/me/delete", {"confirm": "bob@example.com"})
    assert r.status_code == 200 and sorted(r.get_json()["open_games_left"]) == sorted([anns, bobs])
    listed = {g["id"]: g for g in ann.get("/api/open-games").get_json()["games"]}
    # Ann's game waits for two players again; the game Bob opened is no longer offered
    assert list(listed) == [anns]
    assert [p["name"] for p in listed[anns]["players"]] == ["Ann"] and listed[anns]["free"] == 2
    # Cid, freed from Bob's game, takes a seat in Ann's
    assert cid.post(f"/api/open-games/{anns}/join").status_code == 200
    assert [p["name"] for p in cid.get("/api/open-games").get_json()["games"][0]["players"]] \
        == ["Ann", "Cid"]


def test_a_player_whose_seat_the_creator_freed_cannot_take_one_again(
        ctx: Any, make_player: Any) -> None:
    ann, bob, cid = _people(make_player)
    gid = _open(ann)
    assert bob.post(f"/api/open-games/{gid}/join").status_code == 200
    assert ann.post(f"/api/open-games/{gid}/remove", {"seat": 1}).status_code == 200
    r = bob.post(f"/api/open-games/{gid}/join")
    assert r.status_code == 403 and r.get_json()["key"] == "service.meet.turned_away"
    assert "libéré votre place" in r.get_json()["detail"]  # Bob reads French
    # the seat Bob left is free for anyone else
    assert cid.post(f"/api/open-games/{gid}/join").status_code == 200


def test_a_nul_in_the_open_games_filter_is_a_422_not_a_500(ctx: Any, make_player: Any) -> None:
    """The schema fuzz found it on PostgreSQL (which cannot compare a NUL): `?game=` with one is
    no game's name, refused and said so."""
    bob = make_player("bob@example.com", "Bob")
    r = bob.get("/api/open-games?game=el-gr%00ande")
    assert r.status_code == 422
    assert "NUL" in r.get_json()["detail"]
    assert bob.get("/api/open-games?game=el-grande").status_code == 200
