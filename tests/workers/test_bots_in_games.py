"""Bots in games: bot seats at creation, played by the workers' task rows; the "bot"
timeout policy; a duplicate bot task appends nothing."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from domain import bots
from service import commands, db, states
from service.errors import Stale
from service.store import Source
from service.tables import events, games, seats, tasks
from tests.service.seating import accept_all
from tests.workers.conftest import FakeClock, event_rows, wait_for
from workers import jobs


def _create(client: Any, seat_list: list[Any], **extra: Any) -> str:
    """Ann creates the game; every invited player accepts (a game of Ann and bots starts at once)."""
    r = client.post("/api/games", {"game": "el-grande", "seats": seat_list, **extra})
    assert r.status_code == 201, r.get_json()
    game_id = str(r.get_json()["id"])
    accept_all(client.http.application.extensions["pbem"], game_id)
    return game_id


def _game(ctx: Any, game_id: str) -> Any:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(games).where(games.c.id == game_id)).one()


def _batches(ctx: Any, game_id: str) -> list[Any]:
    """One row per command: its first event's source, reason and command."""
    with db.read(ctx.engine) as conn:
        return conn.execute(select(events.c.seq, events.c.source, events.c.source_ref,
                                   events.c.command)
                            .where(events.c.game_id == game_id, events.c.seq == events.c.batch)
                            .order_by(events.c.seq)).all()


def _waits_on(ctx: Any, game_id: str, seats_: list[int]) -> Any:
    """Wait until the bots have moved and the game waits on `seats_` (or is over)."""
    def done() -> Any:
        row = _game(ctx, game_id)
        return row if row.status == "over" or row.waiting_on == seats_ else None

    return wait_for(done, what=f"the bots' moves, then seats {seats_}")


def _human_move(ctx: Any, client: Any, game_id: str, seat: int, i: int) -> None:
    module = ctx.games["el-grande"]
    version, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
    command = bots.play(module, state, seat, "random", random.Random(i))
    r = client.post(f"/api/games/{game_id}/commands", command.to_json(),
                    headers={"If-Match": f'"{version}"'})
    assert r.status_code == 200, r.get_json()


def test_bot_seats_are_accepted_players_that_never_get_mail(ctx: Any, make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    r = ann.post("/api/games", {"game": "el-grande", "seats": [
        "ann@example.com", {"bot": "greedy"}, {"bot": "random"}]})
    assert r.status_code == 201, r.get_json()
    game_id = r.get_json()["id"]
    assert _game(ctx, game_id).status == "active"  # nobody to wait for: it started
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(seats.c.seat, seats.c.bot, seats.c.accepted_at)
                            .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
    assert [(s.seat, s.bot) for s in rows] == [(0, None), (1, "greedy"), (2, "random")]
    assert all(s.accepted_at is not None for s in rows)
    for bad in ({"bot": "genius"}, {"robot": "greedy"}, "bot-x-1@bots.invalid"):
        r = ann.post("/api/games", {"game": "el-grande", "seats": ["ann@example.com", bad]})
        assert r.status_code == 422, bad
    r = ann.post("/api/games", {"game": "bids-plain", "seats": ["ann@example.com",
                                                                {"bot": "greedy"}]})
    assert r.status_code == 422  # that game has only the generic random bot
    assert r.get_json()["allowed"] == ["random"]


def test_one_human_two_bots_the_game_plays_itself_between_human_moves(
        ctx: Any, make_player: Any, embedded: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The strong bot searches briefly.
    monkeypatch.setattr(ctx, "settings", replace(ctx.settings, bot_budget=0.05))
    ann = make_player("ann@example.com", "Ann")  # embedded mode: the runner thread plays bots
    game_id = _create(ann, ["ann@example.com", {"bot": "strong"}, {"bot": "greedy"}])
    for i in range(12):
        if _waits_on(ctx, game_id, [0]).status == "over":
            break
        _human_move(ctx, ann, game_id, 0, i)
    _waits_on(ctx, game_id, [0])
    refs = {b.source_ref for b in _batches(ctx, game_id) if b.source == "worker"}
    assert {"bot strong", "bot greedy"} <= refs
    bot_moves = [b for b in _batches(ctx, game_id) if b.source_ref in ("bot strong", "bot greedy")]
    assert all(b.command["seat"] == (1 if b.source_ref == "bot strong" else 2)
               for b in bot_moves)

    def open_tasks() -> list[Any]:
        with db.read(ctx.engine) as conn:
            return list(conn.execute(select(tasks).where(tasks.c.game_id == game_id,
                                                         tasks.c.done_at.is_(None))).all())

    # The bot's move commits first, its task row is marked done by the job's next transaction:
    # the game can wait on Ann a moment before the last task is served.
    wait_for(lambda: open_tasks() == [], what="every bot task of the game served")


def test_bot_timeout_policy_plays_one_move_for_the_absent_seat(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    ann = make_player("ann@example.com", "Ann")
    make_player("bob@example.com", "Bob")
    make_player("cy@example.com", "Cy")
    game_id = _create(ann, ["ann@example.com", "bob@example.com", "cy@example.com"],
                      timeout_policy="bot", turn_hours=1)
    [absent] = _game(ctx, game_id).waiting_on  # the seed chose who begins
    before = len(_batches(ctx, game_id))
    assert jobs.enforce_deadlines(ctx, frozen.advance(minutes=30)) == 0  # not yet
    assert jobs.enforce_deadlines(ctx, frozen.advance(minutes=31)) == 1
    assert jobs.enforce_deadlines(ctx, frozen.now) == 0  # once
    new = _batches(ctx, game_id)[before:]
    assert [(b.source, b.source_ref, b.command["seat"]) for b in new] == [
        ("worker", f"deadline passed: bot greedy played for seat {absent}", absent)]
    # Nothing to take back: the absent player simply moves the next time the seat is asked.
    assert _game(ctx, game_id).waiting_on not in ([], [absent])


def test_bot_timeout_policy_takes_the_level_of_the_games_bots(
        ctx: Any, make_player: Any, frozen: FakeClock, embedded: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ctx, "settings", replace(ctx.settings, bot_budget=0.05))
    ann = make_player("ann@example.com", "Ann")
    make_player("bob@example.com", "Bob")
    game_id = _create(ann, ["ann@example.com", "bob@example.com", {"bot": "strong"}],
                      timeout_policy="bot", turn_hours=1)
    [absent] = wait_for(lambda: [s for s in _game(ctx, game_id).waiting_on if s != 2],
                        what="a human's turn")  # the bot seat has played already
    assert absent in (0, 1)
    assert jobs.enforce_deadlines(ctx, frozen.advance(hours=2)) == 1
    refs = [b.source_ref for b in _batches(ctx, game_id) if b.source == "worker"]
    assert f"deadline passed: bot strong played for seat {absent}" in refs


def test_a_duplicate_bot_task_appends_nothing(ctx: Any, make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    # No publisher and no worker: the bot seat's task row waits (for the sweep, or a worker).
    game_id = _create(ann, [{"bot": "greedy"}, "ann@example.com"])
    for i in range(10):  # the seed may have Ann begin
        if _game(ctx, game_id).waiting_on == [0]:
            break
        _human_move(ctx, ann, game_id, 1, i)
    with db.read(ctx.engine) as conn:
        queued = conn.execute(select(tasks.c.kind, tasks.c.version, tasks.c.done_at)
                              .where(tasks.c.game_id == game_id)).all()
    assert [(t.kind, t.done_at) for t in queued][-1:] == [("bot", None)]
    module = ctx.games["el-grande"]
    version, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
    decision = bots.decision_for(module, state, 0)
    for _ in range(10):  # one decision per job: the bot may have several in a row
        assert jobs.settle_game(ctx, game_id) == 1
        if _game(ctx, game_id).waiting_on != [0]:
            break
    after = event_rows(ctx, game_id)
    assert _game(ctx, game_id).waiting_on == [1]
    # The same task again (republished, redelivered): nothing new.
    assert jobs.settle_game(ctx, game_id) == 0
    # A worker that read the game before the first one's move: its version is stale.
    command = jobs.bot_command(module, state, game_id, version, decision, "greedy")
    with pytest.raises(Stale):
        commands.handle(game_id, 0, command, Source("worker", "bot greedy"), ctx=ctx,
                        expected_version=version)
    assert event_rows(ctx, game_id) == after
    with db.read(ctx.engine) as conn:
        assert None not in conn.execute(select(tasks.c.done_at)
                                        .where(tasks.c.game_id == game_id)).scalars().all()
    assert jobs.sweep_tasks(ctx, jobs.clock.now() + timedelta(hours=1), lambda g: None) == 0


def test_a_real_worker_plays_the_bot_seats(worker: Any, ctx: Any, make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    game_id = _create(ann, ["ann@example.com", {"bot": "greedy"}, {"bot": "random"}])
    for i in range(3):
        wait_for(lambda: _game(ctx, game_id).waiting_on == [0], what="the bots' moves")
        _human_move(ctx, ann, game_id, 0, i)
    wait_for(lambda: _game(ctx, game_id).waiting_on == [0], what="the bots' moves")
    refs = {b.source_ref for b in _batches(ctx, game_id) if b.source == "worker"}
    assert {"bot greedy", "bot random"} <= refs


def test_bot_seats_approve_an_undo_request_at_once(
        ctx: Any, make_player: Any, embedded: Any) -> None:
    from service import undo

    ann = make_player("ann@example.com", "Ann")
    game_id = _create(ann, ["ann@example.com", {"bot": "greedy"}, {"bot": "random"}])
    _waits_on(ctx, game_id, [0])
    _human_move(ctx, ann, game_id, 0, 1)
    before_second = _waits_on(ctx, game_id, [0]).version
    _human_move(ctx, ann, game_id, 0, 2)
    assert _waits_on(ctx, game_id, [0]).version > before_second
    done = undo.request(ctx, game_id, 0, before_second, reason="misclick")
    assert done.status == "applied"  # nobody human to ask: the bots approved
    module = ctx.games["el-grande"]
    _, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
    assert _game(ctx, game_id).waiting_on == [0]
    assert [d.seat for d in module.pending(state)] == [0]
