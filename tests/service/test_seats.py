"""Seats that change hands (service/seats.py): resigning, handing a seat to a bot and taking it
back, offering it to another person — and every process that remembers the old seating seeing
the change (two contexts on one database stand for two server processes)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from domain import bots
from service import audit, commands, db, players, queries, seats, states
from service.context import Context
from service.db import dispose, make_engine
from service.errors import Conflict, Forbidden, ServiceError
from service.settings import Settings
from service.store import Source
from service.tables import deadlines, events, games, outbox, reply_tokens
from service.tables import seats as seats_t
from tests.service.conftest import test_games
from tests.service.seating import started_game
from workers import jobs


@pytest.fixture
def other(database_url: str, tmp_path: Path) -> Any:
    """A second process on the same database: its own seating and state caches."""
    settings = Settings(database_url=database_url, secret_key="test-secret", instance=tmp_path)
    service = Context(engine=make_engine(database_url, pool_size=4), settings=settings,
                      games=test_games())
    yield service
    dispose(service.engine)


def _table(ctx: Context, game: str = "el-grande", **create: Any) -> tuple[Any, Any, Any, str]:
    ann = players.add(ctx, "ann@example.com", name="Ann")[0]
    bob = players.add(ctx, "bob@example.com", name="Bob", language="fr")[0]
    cid = players.add(ctx, "cid@example.com", name="Cid", language="it")[0]
    game_id = started_game(ctx, ann, game=game, emails=[ann.email, bob.email, cid.email],
                           **create)
    return ann, bob, cid, game_id


def _row(ctx: Context, game_id: str) -> Any:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(games).where(games.c.id == game_id)).one()


def _waited(ctx: Context, game_id: str) -> int:
    return int(_row(ctx, game_id).waiting_on[0])


def _move(ctx: Context, game_id: str, seat: int, player_id: int, i: int = 0) -> None:
    """A legal move for `seat`, sent as `player_id` would send it (through `ctx`'s caches)."""
    module = ctx.games["el-grande"]
    _v, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
    command = bots.play(module, state, seat, "random", random.Random(i))
    commands.handle(game_id, seat, command, Source("api"), ctx=ctx, player=player_id)


def _until_waits_on(ctx: Context, game_id: str, seat: int, holders: dict[int, int]) -> None:
    commands.seating(ctx, game_id)  # this process has seen the game: it remembers its seating
    for i in range(30):
        waited = _waited(ctx, game_id)
        if waited == seat:
            return
        _move(ctx, game_id, waited, holders[waited], i)
    raise AssertionError(f"seat {seat} was never waited on")


def _batches(ctx: Context, game_id: str) -> list[Any]:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(events.c.seq, events.c.actor, events.c.source,
                                   events.c.source_ref)
                            .where(events.c.game_id == game_id, events.c.seq == events.c.batch)
                            .order_by(events.c.seq)).all()


def test_a_player_who_resigned_in_one_process_cannot_move_in_another_that_remembers_the_seat(
        ctx: Context, other: Context) -> None:
    ann, bob, cid, game_id = _table(ctx)
    holders = {0: ann.id, 1: bob.id, 2: cid.id}
    _until_waits_on(ctx, game_id, 1, holders)
    assert ctx.seatings[game_id].players[1] == bob.id  # this process remembers Bob in seat 1
    done = seats.resign(other, game_id, bob)  # ... and another process lets him resign
    assert done.kind == "resigned" and done.bot == "greedy"
    version = _row(ctx, game_id).version
    assert ctx.seatings[game_id].players[1] == bob.id  # still remembered here
    with pytest.raises(Forbidden) as refused:
        _move(ctx, game_id, 1, bob.id)
    assert "no longer" in refused.value.render("en")
    assert "n'est plus la vôtre" in refused.value.render("fr")
    assert _row(ctx, game_id).version == version  # nothing was written
    assert ctx.seatings[game_id].version == _row(ctx, game_id).seating  # read again
    # The seat is the table's bot's now: its move is queued and this process's worker plays it.
    assert jobs.settle_game(ctx, game_id) == 1
    last = _batches(ctx, game_id)[-1]
    bot_id = ctx.seatings[game_id].players[1]
    assert last.actor == f"player:{bot_id}" and bot_id != bob.id
    assert (last.source, last.source_ref) == ("worker", "bot greedy")
    # Bob sees the game as a spectator from now on: no seat, no hidden hand.
    head = queries.header(ctx, game_id, bob)
    assert head.seat is None
    assert head.seats[0]["name"] == "Ann"
    # His reply address no longer works; the table is told, by name.
    with db.read(ctx.engine) as conn:
        live = conn.execute(select(reply_tokens.c.id).where(
            reply_tokens.c.game_id == game_id, reply_tokens.c.player_id == bob.id,
            reply_tokens.c.revoked_at.is_(None))).all()
        told = conn.execute(select(outbox.c.player_id).where(
            outbox.c.game_id == game_id, outbox.c.kind == "seat-changed")).scalars().all()
    assert live == []
    assert sorted(told) == sorted([ann.id, cid.id, bot_id])  # not Bob: he did it


def test_a_seat_handed_to_a_bot_is_played_by_it_until_its_player_takes_it_back(
        ctx: Context, other: Context) -> None:
    ann, bob, cid, game_id = _table(ctx)
    holders = {0: ann.id, 1: bob.id, 2: cid.id}
    _until_waits_on(ctx, game_id, 1, holders)
    seats.to_bot(other, game_id, bob, "random")
    with pytest.raises(Conflict) as refused:  # his own move: take the seat back first
        _move(ctx, game_id, 1, bob.id)
    assert "take the seat back" in refused.value.render("en")
    with db.read(ctx.engine) as conn:
        open_ = conn.execute(select(deadlines.c.id).where(
            deadlines.c.game_id == game_id, deadlines.c.seat == 1,
            deadlines.c.closed_at.is_(None))).all()
    assert open_ == []  # no deadline runs for a seat a bot plays
    assert jobs.settle_game(ctx, game_id) == 1  # the bot played for Bob
    last = _batches(ctx, game_id)[-1]
    assert (last.actor, last.source_ref) == (f"player:{bob.id}", "bot random")
    assert queries.header(ctx, game_id, bob).seat == 1  # he keeps his seat and sees it
    seats.take_back(other, game_id, bob)
    _until_waits_on(ctx, game_id, 1, holders)
    # This process's worker must not play for Bob now: the seating it remembered had a bot.
    assert jobs.settle_game(ctx, game_id) == 0
    before = len(_batches(ctx, game_id))
    _move(ctx, game_id, 1, bob.id)  # Bob plays himself again
    # His move is the first batch after it; a resolution (the last secret was his) may follow.
    mine = _batches(ctx, game_id)[before]
    assert (mine.actor, mine.source) == (f"player:{bob.id}", "api")
    with pytest.raises(Conflict):
        seats.take_back(ctx, game_id, bob)  # nothing to take back


def test_a_seat_offered_to_another_person_is_theirs_once_they_accept_and_the_log_says_who(
        ctx: Context, other: Context) -> None:
    ann, bob, cid, game_id = _table(ctx)
    dan = players.add(ctx, "dan@example.com", name="Dan")[0]
    holders = {0: ann.id, 1: bob.id, 2: cid.id}
    _until_waits_on(ctx, game_id, 1, holders)
    _move(ctx, game_id, 1, bob.id)  # a move of Bob's
    offer = seats.offer(ctx, game_id, bob, "dan@example.com")
    _move(ctx, game_id, _waited(ctx, game_id), holders[_waited(ctx, game_id)])
    with pytest.raises(ServiceError):
        seats.answer(other, game_id, cid, True)  # nobody offered Cid anything
    seats.answer(other, game_id, dan, True, offer.id)
    holders[1] = dan.id
    assert queries.header(ctx, game_id, bob).seat is None
    assert queries.header(ctx, game_id, dan).seat == 1
    _until_waits_on(ctx, game_id, 1, holders)
    with pytest.raises(Forbidden):
        _move(ctx, game_id, 1, bob.id)
    _move(ctx, game_id, 1, dan.id)
    head = queries.header(ctx, game_id, ann)
    who = [(e["who"]["seat"], e["who"]["name"]) for e in audit.entries(ctx, head)
           if e["seq"] == e["batch"] and e["who"]["seat"] == 1]
    assert who[0] == (1, "Bob") and who[-1] == (1, "Dan")
    assert (1, "Bob") in who and (1, "Dan") in who


def test_resigning_by_the_api_with_an_open_seat_and_a_replacement_the_others_invite(
        ctx: Context, make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob@example.com", "Bob")
    eve = make_player("eve@example.com", "Eve")
    r = ann.post("/api/games", {"game": "el-grande", "leave_to": "open", "seats": [
        "ann@example.com", "bob@example.com", {"bot": "random"}]})
    assert r.status_code == 201, r.get_json()
    game_id = r.get_json()["id"]
    assert bob.post(f"/api/games/{game_id}/accept").status_code == 200
    r = bob.post(f"/api/games/{game_id}/resign")
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["kind"] == "resigned" and r.get_json()["bot"] is None
    r = bob.post(f"/api/games/{game_id}/resign")
    assert r.status_code == 403, r.get_json()
    r = bob.post(f"/api/games/{game_id}/commands", {"type": "power", "card": 13})
    assert r.status_code == 403
    with db.read(ctx.engine) as conn:
        seat = conn.execute(select(seats_t).where(seats_t.c.game_id == game_id,
                                                  seats_t.c.seat == 1)).one()
    assert seat.bot is None and players.is_bot_email(
        conn_email := _email(ctx, seat.player_id)), conn_email  # a placeholder, not a bot
    # Not Bob's to offer any more; Ann offers the open seat to Eve, who accepts.
    assert bob.post(f"/api/games/{game_id}/offers", {"email": "eve@example.com",
                                                     "seat": 1}).status_code == 403
    r = ann.post(f"/api/games/{game_id}/offers", {"email": "zed@example.com", "seat": 0})
    assert r.status_code == 201  # her own seat: allowed (offers replace each other per seat)
    r = ann.post(f"/api/games/{game_id}/offers", {"email": "eve@example.com", "seat": 1})
    assert r.status_code == 201, r.get_json()
    offer_id = r.get_json()["id"]
    assert eve.get(f"/api/games/{game_id}/offers").get_json() == [
        {"id": offer_id, "seat": 1, "status": "pending"}]
    r = eve.post(f"/api/games/{game_id}/offers/{offer_id}/accept")
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["seat"] == 1
    assert eve.get(f"/api/games/{game_id}").get_json()["seat"] == 1
    r = eve.post(f"/api/games/{game_id}/offers/{offer_id}/accept")
    assert r.status_code == 404  # answered already
    r = eve.post(f"/api/games/{game_id}/offers/{10**30}/decline")
    assert r.status_code == 404  # no such offer (and no database integer holds it)


def _email(ctx: Context, player_id: int) -> str:
    with db.read(ctx.engine) as conn:
        found = players.get(conn, player_id)
    assert found is not None
    return found.email


def test_the_table_chooses_what_a_resigned_seat_becomes(make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    r = ann.post("/api/games", {"game": "el-grande", "leave_to": "genius",
                                "seats": ["ann@example.com", {"bot": "random"}]},
                 headers={"Accept-Language": "fr"})
    assert r.status_code == 422
    body = r.get_json()
    assert "open" in body["allowed"] and "greedy" in body["allowed"]


def test_the_record_of_a_game_whose_seat_changed_hands_says_who_played_and_still_verifies(
        ctx: Context) -> None:
    from service import records

    ann, bob, cid, game_id = _table(ctx)
    dan = players.add(ctx, "dan@example.com", name="Dan")[0]
    holders = {0: ann.id, 1: bob.id, 2: cid.id}
    _until_waits_on(ctx, game_id, 1, holders)
    _move(ctx, game_id, 1, bob.id)
    offer = seats.offer(ctx, game_id, bob, dan.email)
    seats.answer(ctx, game_id, dan, True, offer.id)
    holders[1] = dan.id
    _until_waits_on(ctx, game_id, 1, holders)
    _move(ctx, game_id, 1, dan.id)
    header = __import__("json").loads(next(records.export_lines(ctx, game_id)))
    assert [(c["seat"], c["kind"], c["from"], c["to"]) for c in header["seat_changes"]] == [
        (1, "handed", "Bob", "Dan")]
    assert header["actors"][f"player:{bob.id}"] == "Bob"
    assert header["actors"][f"player:{dan.id}"] == "Dan"
    report = records.verify(ctx, game_id)
    assert report.ok, report.text()


def test_an_offer_made_before_the_seats_changed_lapses_and_says_so(ctx: Context) -> None:
    _ann, bob, cid, game_id = _table(ctx)
    dan = players.add(ctx, "dan@example.com", name="Dan", language="it")[0]
    offer = seats.offer(ctx, game_id, bob, dan.email)
    seats.to_bot(ctx, game_id, cid, "random")  # another seat changes: the offer no longer holds
    with pytest.raises(Conflict) as lapsed:
        seats.answer(ctx, game_id, dan, True, offer.id)
    assert "non vale più" in lapsed.value.render("it")
    assert queries.header(ctx, game_id, dan).seat is None
    assert queries.header(ctx, game_id, bob).seat == 1
    with pytest.raises(ServiceError):  # answered (lapsed): nothing left to accept
        seats.answer(ctx, game_id, dan, True, offer.id)


def test_a_move_racing_a_resignation_is_either_before_it_or_refused(
        pg_ctx: Context, postgres_url: str, tmp_path: Path) -> None:
    """Two processes at once: one moves for Bob (remembering the seating), the other lets him
    resign. Whatever the order, no move of Bob's is recorded after the seat left him."""
    settings = Settings(database_url=postgres_url, secret_key="test-secret", instance=tmp_path)
    second = Context(engine=make_engine(postgres_url, pool_size=4), settings=settings,
                     games=test_games())
    try:
        ann = players.add(pg_ctx, "ann@example.com", name="Ann")[0]
        bob = players.add(pg_ctx, "bob@example.com", name="Bob")[0]
        cid = players.add(pg_ctx, "cid@example.com", name="Cid")[0]
        for round_ in range(4):  # invitations are limited to 5 an hour per address
            game_id = started_game(pg_ctx, ann, game="el-grande",
                                   emails=[ann.email, bob.email, cid.email])
            holders = {0: ann.id, 1: bob.id, 2: cid.id}
            _until_waits_on(pg_ctx, game_id, 1, holders)
            module = pg_ctx.games["el-grande"]
            _v, state, _ = states.load(pg_ctx.engine, pg_ctx.states, game_id, module)
            command = bots.play(module, state, 1, "random", random.Random(round_))
            outcomes = _race(pg_ctx, second, game_id, command, bob)
            with db.read(pg_ctx.engine) as conn:
                change = seats.history(conn, game_id)[-1]
                bobs = conn.execute(select(events.c.seq).where(
                    events.c.game_id == game_id,
                    events.c.actor == f"player:{bob.id}")).scalars().all()
            assert outcomes in (["moved"], ["Forbidden"]), outcomes
            assert all(seq <= change.version for seq in bobs), (bobs, change.version)
            assert (outcomes == ["moved"]) == bool(bobs)
    finally:
        dispose(second.engine)


def _race(ctx: Context, second: Context, game_id: str, command: Any, bob: Any) -> list[str]:
    """Bob's move through `ctx` and his resignation through `second`, started together."""
    import threading

    start = threading.Barrier(2)
    outcomes: list[str] = []

    def move() -> None:
        start.wait()
        try:
            commands.handle(game_id, 1, command, Source("api"), ctx=ctx, player=bob.id)
            outcomes.append("moved")
        except ServiceError as error:
            outcomes.append(type(error).__name__)

    def leave() -> None:
        start.wait()
        seats.resign(second, game_id, bob)

    threads = [threading.Thread(target=move), threading.Thread(target=leave)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


def test_who_takes_a_seat_over_cannot_undo_the_moves_of_whoever_held_it(ctx: Context) -> None:
    from service import undo

    ann, bob, cid, game_id = _table(ctx)
    dan = players.add(ctx, "dan@example.com", name="Dan")[0]
    _until_waits_on(ctx, game_id, 1, {0: ann.id, 1: bob.id, 2: cid.id})
    _move(ctx, game_id, 1, bob.id)  # Bob's move is the last one
    offer = seats.offer(ctx, game_id, bob, dan.email)
    seats.answer(ctx, game_id, dan, True, offer.id)
    with pytest.raises(ServiceError):
        undo.undo_own(ctx, game_id, 1, player=dan.id)
    with pytest.raises(Forbidden):  # and Bob holds the seat no more
        undo.undo_own(ctx, game_id, 1, player=bob.id)
