"""Open games under real concurrency (PostgreSQL: separate sessions on separate threads, released
together from a barrier). Two players clicking "Take a seat" on the last place at the same moment
must not both sit, the game must start once, a seat its creator frees while someone takes the last
one must not leave a started game with an empty seat, and the per-player limits must hold when
every request arrives at once. The loser reads a 409 in their own language.

SQLite serialises every write transaction (`BEGIN IMMEDIATE`), so these races exist only on
PostgreSQL, where the service takes the game's and the player's row locks (`service/meet.py`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import func, select

from service import db, meet, players, seats
from service.api import create_app
from service.context import Context
from service.tables import events, outbox
from service.tables import players as players_t
from service.tables import seats as seats_t
from tests.service.conftest import Client

ROUNDS = 4
"""Each race is run this many times on fresh games: the threads' order differs between runs."""


Post = tuple[Client, str, dict[str, Any] | None]


def _race(*posts: Post) -> list[Any]:
    """Each (client, path, body) posted on a thread of its own, all released at once by a
    barrier; the answers, in order."""
    barrier = threading.Barrier(len(posts))

    def run(post: Post) -> Any:
        client, path, body = post
        barrier.wait()
        return client.post(path, body)

    with ThreadPoolExecutor(len(posts)) as pool:
        return list(pool.map(run, posts))


@pytest.fixture
def people(pg_ctx: Context) -> Iterator[Callable[..., Client]]:
    app = create_app(pg_ctx, TESTING=True)

    def make(email: str, name: str, language: str = "en") -> Client:
        _player, token = players.add(pg_ctx, email, name=name, language=language)
        return Client(app.test_client(), token)  # a client of its own: one per thread

    yield make


def _open(creator: Client, count: int) -> str:
    r = creator.post("/api/open-games", {"game": "bids", "players": count})
    assert r.status_code == 201, r.get_json()
    return str(r.get_json()["id"])


def _table(ctx: Context, gid: str) -> list[tuple[int, str, str | None]]:
    """(seat, holder's name, bot level) in seat order, as stored."""
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(seats_t.c.seat, players_t.c.name, players_t.c.email,
                                   seats_t.c.bot)
                            .join(players_t, players_t.c.id == seats_t.c.player_id)
                            .where(seats_t.c.game_id == gid).order_by(seats_t.c.seat)).all()
    return [(r.seat, "(free)" if seats.is_open_seat(r.email) else r.name, r.bot) for r in rows]


def _starts(ctx: Context, gid: str) -> tuple[int, int]:
    """How many opening events were appended and game-started mails queued for the game."""
    with db.read(ctx.engine) as conn:
        opened = conn.execute(select(func.count()).select_from(events).where(
            events.c.game_id == gid, events.c.seq == 1)).scalar_one()
        mails = conn.execute(select(func.count()).select_from(outbox).where(
            outbox.c.game_id == gid, outbox.c.kind == "game-started")).scalar_one()
    return int(opened), int(mails)


def _twins(client: Client, n: int) -> list[Client]:
    """The same player on n clients of their own (a test client is not shared by threads)."""
    return [Client(client.http.application.test_client(), client.token) for _ in range(n)]


def _status(client: Client, gid: str) -> str:
    return str(client.get(f"/api/games/{gid}").get_json()["status"])


def test_players_racing_for_the_last_seat_one_sits_the_game_starts_once_the_others_read_why(
        pg_ctx: Context, people: Callable[..., Client]) -> None:
    languages = ["fr", "it", "en", "fr"]
    racers = [people(f"r{i}@example.com", f"Racer{i}", lang)
              for i, lang in enumerate(languages)]
    for round_ in range(ROUNDS):
        ann = people(f"ann{round_}@example.com", f"Ann{round_}")
        bob = people(f"bob{round_}@example.com", f"Bob{round_}")
        gid = _open(ann, 3)
        assert bob.post(f"/api/open-games/{gid}/join").status_code == 200
        answers = _race(*[(r, f"/api/open-games/{gid}/join", None) for r in racers])
        won = [i for i, r in enumerate(answers) if r.status_code == 200]
        assert len(won) == 1, [(r.status_code, r.get_json()) for r in answers]
        assert answers[won[0]].get_json()["started"] is True
        for i, r in enumerate(answers):
            if i in won:
                continue
            body = r.get_json()
            assert r.status_code == 409 and body["key"] == "service.meet.started", body
            assert body["detail"] == {
                "fr": "Cette partie a déjà commencé : ses places ne peuvent plus être prises "
                      "ni changées.",
                "it": "Questa partita è già iniziata: i suoi posti non possono più essere presi "
                      "né cambiati.",
                "en": "This game has already started: its seats can no longer be taken or "
                      "changed."}[languages[i]], body
        assert [name for _, name, _ in _table(pg_ctx, gid)] \
            == [f"Ann{round_}", f"Bob{round_}", f"Racer{won[0]}"]
        assert _starts(pg_ctx, gid) == (1, 3)  # one opening, one game-started mail per seat
        assert _status(ann, gid) == "active"


def test_racing_for_the_last_two_seats_seats_two_players_in_two_different_seats(
        pg_ctx: Context, people: Callable[..., Client]) -> None:
    racers = [people(f"r{i}@example.com", f"Racer{i}") for i in range(5)]
    for round_ in range(ROUNDS):
        ann = people(f"ann{round_}@example.com", f"Ann{round_}")
        gid = _open(ann, 3)
        answers = _race(*[(r, f"/api/open-games/{gid}/join", None) for r in racers])
        won = [i for i, r in enumerate(answers) if r.status_code == 200]
        assert len(won) == 2, [(r.status_code, r.get_json()) for r in answers]
        # exactly one of the two filled the game and started it
        assert sorted(answers[i].get_json()["started"] for i in won) == [False, True]
        assert all(r.status_code == 409 for r in answers if r.status_code != 200)
        names = [name for _, name, _ in _table(pg_ctx, gid)]
        assert names[0] == f"Ann{round_}" and sorted(names[1:]) \
            == sorted(f"Racer{i}" for i in won)
        assert _starts(pg_ctx, gid) == (1, 3)


def test_the_creator_freeing_a_seat_while_the_last_one_is_taken_never_starts_a_game_short(
        pg_ctx: Context, people: Callable[..., Client]) -> None:
    """Either the last seat was taken first (the game started with all three, and freeing
    Bob's seat is refused: the game has started) or Bob's seat was freed first (the newcomer
    takes a seat, one stays free, nothing started). Never a started game with a free seat."""
    outcomes = set()
    for round_ in range(ROUNDS * 2):
        ann = people(f"ann{round_}@example.com", f"Ann{round_}", "it")
        bob = people(f"bob{round_}@example.com", f"Bob{round_}")
        cid = people(f"cid{round_}@example.com", f"Cid{round_}", "fr")
        gid = _open(ann, 3)
        assert bob.post(f"/api/open-games/{gid}/join").status_code == 200
        removed, joined = _race((ann, f"/api/open-games/{gid}/remove", {"seat": 1}),
                                (cid, f"/api/open-games/{gid}/join", None))
        assert joined.status_code == 200, joined.get_json()
        table = [name for _, name, _ in _table(pg_ctx, gid)]
        if removed.status_code == 409:
            assert removed.get_json()["key"] == "service.meet.started"
            assert "iniziata" in removed.get_json()["detail"]  # Ann reads Italian
            assert joined.get_json()["started"] is True
            assert table == [f"Ann{round_}", f"Bob{round_}", f"Cid{round_}"]
            assert _starts(pg_ctx, gid) == (1, 3) and _status(ann, gid) == "active"
            outcomes.add("taken first")
        else:
            assert removed.status_code == 200, removed.get_json()
            assert joined.get_json()["started"] is False
            assert sorted(table) == sorted([f"Ann{round_}", f"Cid{round_}", "(free)"])
            assert _starts(pg_ctx, gid) == (0, 0) and _status(ann, gid) == "invited"
            outcomes.add("freed first")
    assert outcomes  # at least one order happened; each was checked whole


def test_the_creator_starting_with_bots_while_the_last_seat_is_taken_starts_once(
        pg_ctx: Context, people: Callable[..., Client]) -> None:
    for round_ in range(ROUNDS):
        ann = people(f"ann{round_}@example.com", f"Ann{round_}")
        cid = people(f"cid{round_}@example.com", f"Cid{round_}", "fr")
        gid = _open(ann, 2)
        started, joined = _race((ann, f"/api/open-games/{gid}/start", {"bot": "greedy"}),
                                (cid, f"/api/open-games/{gid}/join", None))
        assert sorted([started.status_code, joined.status_code]) == [200, 409], \
            (started.get_json(), joined.get_json())
        table = _table(pg_ctx, gid)
        if joined.status_code == 200:
            assert [(n, b) for _, n, b in table] == [(f"Ann{round_}", None),
                                                      (f"Cid{round_}", None)]
        else:
            assert "commencé" in joined.get_json()["detail"]
            assert [(n, b) for _, n, b in table] == [(f"Ann{round_}", None),
                                                      ("Bot 2 (greedy)", "greedy")]
        assert _starts(pg_ctx, gid) == (1, 2)


def test_seats_taken_at_once_in_many_games_stop_at_the_players_limit(
        pg_ctx: Context, people: Callable[..., Client]) -> None:
    cid = people("cid@example.com", "Cid", "it")
    hosts = [people(f"h{i}@example.com", f"H{i}") for i in range(meet.MAX_TAKEN + 3)]
    games = [_open(h, 3) for h in hosts]
    held = meet.MAX_TAKEN - 1
    for gid in games[:held]:
        assert cid.post(f"/api/open-games/{gid}/join").status_code == 200
    rest = games[held:]
    cids = _twins(cid, len(rest))
    answers = _race(*[(c, f"/api/open-games/{g}/join", None)
                      for c, g in zip(cids, rest, strict=True)])
    codes = sorted(r.status_code for r in answers)
    assert codes == [200] + [409] * (len(rest) - 1), [r.get_json() for r in answers]
    refused = next(r.get_json() for r in answers if r.status_code == 409)
    assert refused["key"] == "service.meet.too_many_taken"
    assert "al massimo 5" in refused["detail"], refused
    taken = sum(any(n == "Cid" for _, n, _ in _table(pg_ctx, gid)) for gid in games)
    assert taken == meet.MAX_TAKEN


def test_open_games_created_at_once_stop_at_the_creators_limit(
        pg_ctx: Context, people: Callable[..., Client]) -> None:
    bob = people("bob@example.com", "Bob", "fr")
    n = meet.MAX_CREATED + 3
    bobs = _twins(bob, n)
    answers = _race(*[(b, "/api/open-games", {"game": "bids", "players": 3}) for b in bobs])
    codes = sorted(r.status_code for r in answers)
    assert codes == [201] * meet.MAX_CREATED + [409] * (n - meet.MAX_CREATED), \
        [r.get_json() for r in answers]
    refused = next(r.get_json() for r in answers if r.status_code == 409)
    assert refused["key"] == "service.meet.too_many_created" and "au plus 3" in refused["detail"]
    assert len(meet.listed(pg_ctx)) == meet.MAX_CREATED


def test_a_player_deleting_their_account_while_the_last_seat_is_taken_leaves_no_hole(
        pg_ctx: Context, people: Callable[..., Client]) -> None:
    """Bob's account goes while Cid takes the last seat of the game Bob sits in: either Cid
    came first (the game started with Bob, and his deletion resigns his seat there as in any
    game in play: a bot plays it) or the deletion came first
    (Bob's seat is free again, Cid sits, the game waits). Never a started game with a free
    seat nobody will play."""
    for round_ in range(ROUNDS * 2):
        ann = people(f"ann{round_}@example.com", f"Ann{round_}")
        bob = people(f"bob{round_}@example.com", f"Bob{round_}")
        cid = people(f"cid{round_}@example.com", f"Cid{round_}")
        gid = _open(ann, 3)
        assert bob.post(f"/api/open-games/{gid}/join").status_code == 200
        confirm = {"confirm": f"bob{round_}@example.com"}
        deleted, joined = _race((bob, "/api/me/delete", confirm),
                                (cid, f"/api/open-games/{gid}/join", None))
        assert deleted.status_code == 200 and joined.status_code == 200
        table = [name for _, name, _ in _table(pg_ctx, gid)]
        if joined.get_json()["started"]:  # Bob sat at its start: his seat went to a bot
            assert table == [f"Ann{round_}", "Bot 2 (greedy)", f"Cid{round_}"], table
            assert gid in deleted.get_json()["resigned"]
            assert _status(ann, gid) == "active"
        else:
            assert sorted(table) == sorted([f"Ann{round_}", f"Cid{round_}", "(free)"])
            assert _status(ann, gid) == "invited"


def test_a_seated_player_clicking_again_while_the_last_seat_is_taken_is_told_so(
        pg_ctx: Context, people: Callable[..., Client]) -> None:
    """Bob, seated, clicks "Take a seat" again (a double click) as Dan takes the last seat: Dan's
    start mails Bob while Bob's request holds his own row; both answers are clear (no 503)."""
    for round_ in range(ROUNDS):
        ann = people(f"ann{round_}@example.com", f"Ann{round_}")
        bob = people(f"bob{round_}@example.com", f"Bob{round_}", "fr")
        dan = people(f"dan{round_}@example.com", f"Dan{round_}")
        gid = _open(ann, 3)
        assert bob.post(f"/api/open-games/{gid}/join").status_code == 200
        again, joined = _race((bob, f"/api/open-games/{gid}/join", None),
                              (dan, f"/api/open-games/{gid}/join", None))
        assert joined.status_code == 200 and joined.get_json()["started"] is True
        assert again.status_code == 409, again.get_json()
        assert again.get_json()["detail"] in (
            "Vous avez déjà une place dans cette partie.",
            "Cette partie a déjà commencé : ses places ne peuvent plus être prises ni changées.")
        assert _starts(pg_ctx, gid) == (1, 3)
