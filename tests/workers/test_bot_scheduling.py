"""Bots move as jobs: the request that creates or moves a game answers before any bot
moves; each job plays ONE decision and queues the next at the back, so a game of bots only takes
turns with the other games' jobs (embedded runner and a real Celery worker); a strong bot's job
is bounded by PBEM_BOT_BUDGET; a player may have at most PBEM_MAX_BOT_GAMES games of bots only in
play."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import func, select

from domain import bots
from service import db, states
from service.settings import SettingError, Settings
from service.tables import events, games, tasks
from tests.workers.conftest import wait_for
from workers import jobs

STRONG_PAIR = [{"bot": "strong"}, {"bot": "strong"}]


def _create(client: Any, seat_list: list[Any]) -> str:
    r = client.post("/api/games", {"game": "el-grande", "start": True, "seats": seat_list})
    assert r.status_code == 201, r.get_json()
    return str(r.get_json()["id"])


def _status(ctx: Any, game_id: str) -> str:
    with db.read(ctx.engine) as conn:
        return str(conn.execute(select(games.c.status).where(games.c.id == game_id)).scalar())


def _waiting_on(ctx: Any, game_id: str) -> list[int]:
    with db.read(ctx.engine) as conn:
        return list(conn.execute(select(games.c.waiting_on)
                                 .where(games.c.id == game_id)).scalar() or [])


def _bot_moves(ctx: Any, game_id: str) -> int:
    """Commands the bots committed (one batch each)."""
    with db.read(ctx.engine) as conn:
        return int(conn.execute(
            select(func.count()).where(events.c.game_id == game_id,
                                       events.c.seq == events.c.batch,
                                       events.c.source_ref.like("bot %"))).scalar_one())


def _open_tasks(ctx: Any, game_id: str) -> list[tuple[str, int]]:
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(tasks.c.kind, tasks.c.version)
                            .where(tasks.c.game_id == game_id, tasks.c.done_at.is_(None))
                            .order_by(tasks.c.version)).all()
    return [(r.kind, r.version) for r in rows]


def _version(ctx: Any, game_id: str) -> int:
    with db.read(ctx.engine) as conn:
        return int(conn.execute(select(games.c.version).where(games.c.id == game_id)).scalar())


def _human_move(ctx: Any, client: Any, game_id: str, seat: int, i: int) -> None:
    module = ctx.games["el-grande"]
    version, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
    command = bots.play(module, state, seat, "random", random.Random(i))
    r = client.post(f"/api/games/{game_id}/commands", command.to_json(),
                    headers={"If-Match": f'"{version}"'})
    assert r.status_code == 200, r.get_json()


class InsideTheRequest(Exception):
    """A bot was about to move in the thread that is serving the HTTP request."""


def _answers_before_any_bot_move(ctx: Any, make_player: Any,
                                 monkeypatch: pytest.MonkeyPatch) -> tuple[str, threading.Event]:
    """Create a game of two strong bots and check that its response came before any bot move.

    The test client serves the request in this thread: a bot that would move in it is caught
    (and stopped); a bot moving elsewhere waits until the response has arrived, so what the
    response saw cannot depend on how fast the bots are."""
    monkeypatch.setattr(ctx, "settings", replace(ctx.settings, bot_budget=0.05))
    me = threading.get_ident()
    answered = threading.Event()
    inside: list[int] = []

    def hold(game_id: str, version: int) -> None:
        if threading.get_ident() == me:
            inside.append(version)
            raise InsideTheRequest(f"a bot moved inside the request, at version {version}")
        answered.wait(30)

    monkeypatch.setattr(jobs.HOOKS, "before_settle", hold)
    ann = make_player("ann@example.com", "Ann")
    r = ann.post("/api/games", {"game": "el-grande", "start": True, "seats": STRONG_PAIR})
    game_id = str(r.get_json()["id"])
    moves_at_response = _bot_moves(ctx, game_id)
    answered.set()
    assert r.status_code == 201, r.get_json()
    assert inside == []
    assert moves_at_response == 0
    assert r.get_json()["status"] == "active"
    wait_for(lambda: _bot_moves(ctx, game_id) >= 2, what="the bots' first moves, after it")
    return game_id, answered


def test_create_with_two_strong_bots_answers_before_any_bot_move_embedded(
        ctx: Any, make_player: Any, embedded: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _answers_before_any_bot_move(ctx, make_player, monkeypatch)


def test_create_with_two_strong_bots_answers_before_any_bot_move_celery(
        worker: Any, ctx: Any, make_player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, _answered = _answers_before_any_bot_move(ctx, make_player, monkeypatch)
    # End the chain before the database goes: the next job stops at the hook, uncommitted, and
    # every earlier one has finished (its task row is done).
    stopped: list[int] = []

    def stop(game: str, version: int) -> None:
        stopped.append(version)
        raise InsideTheRequest("test over")

    monkeypatch.setattr(jobs.HOOKS, "before_settle", stop)
    wait_for(lambda: stopped and _open_tasks(ctx, game_id) == [("bot", stopped[0])],
             what="the chain to stop at the hook")


def test_one_job_plays_one_decision_within_the_bot_budget(
        ctx: Any, make_player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """No publisher, no worker: the test runs the jobs itself. Each plays one strong move, no
    more, in about its budget of CPU, and leaves the next decision as a new task row."""
    budget = 0.2
    monkeypatch.setattr(ctx, "settings", replace(ctx.settings, bot_budget=budget))
    ann = make_player("ann@example.com", "Ann")
    game_id = _create(ann, STRONG_PAIR)
    assert [kind for kind, _ in _open_tasks(ctx, game_id)] == ["bot"]
    for step in range(1, 4):
        cpu = time.thread_time()
        assert jobs.settle_game(ctx, game_id) == 1
        spent = time.thread_time() - cpu
        assert _bot_moves(ctx, game_id) == step
        # The search stops at its budget; the rest is one state load, one commit.
        assert spent < budget + 0.6, f"one job took {spent:.2f}s of CPU"
        assert _open_tasks(ctx, game_id) == [("bot", _version(ctx, game_id))]


def _settings(tmp_path: Any, **env: str) -> Settings:
    return Settings.from_env("sqlite://", {"PBEM_INSTANCE": str(tmp_path), **env})


@pytest.mark.parametrize("raw", ["inf", "nan", "0", "-1", "61", "two", "1e9"])
def test_a_bot_budget_that_would_not_bound_a_job_stops_the_process(raw: str,
                                                                   tmp_path: Any) -> None:
    with pytest.raises(SettingError, match="PBEM_BOT_BUDGET must be a number of seconds above 0"):
        _settings(tmp_path, PBEM_BOT_BUDGET=raw)


def test_the_bot_budget_setting(tmp_path: Any) -> None:
    assert _settings(tmp_path).bot_budget is None  # the game's own default
    assert _settings(tmp_path, PBEM_BOT_BUDGET="0.5").bot_budget == 0.5


def _first_bot_move_of(ctx: Any, ann: Any, game_id: str, moved: threading.Event) -> None:
    """Ann (seat 0) moves whenever the game waits on her, until its bot has moved."""
    for i in range(10):
        wait_for(lambda: moved.is_set() or _waiting_on(ctx, game_id) == [0],
                 what="the bot's move, or Ann's turn")
        if moved.is_set():
            return
        _human_move(ctx, ann, game_id, 0, i)
    wait_for(moved.is_set, what="the bot's move")


def test_a_game_of_bots_only_takes_turns_with_another_game_embedded(
        ctx: Any, make_player: Any, embedded: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """One runner thread, first in first out: once the other game's bot job is queued, at most
    the job under way and the one queued before it are played for the bots-only game."""
    timeline: list[tuple[str, str]] = []  # ("queued" | "move", game), in the order they happened
    lock = threading.Lock()
    other_moved = threading.Event()
    other: list[str] = []

    def note(what: str, game_id: str) -> None:
        with lock:
            timeline.append((what, game_id))
        if what == "move" and game_id in other:
            other_moved.set()

    enqueue = embedded.enqueue

    def queued(ctx_: Any, game_id: str) -> None:
        note("queued", game_id)
        enqueue(ctx_, game_id)

    monkeypatch.setattr(embedded, "enqueue", queued)
    monkeypatch.setattr(jobs.HOOKS, "before_settle", lambda game_id, version: note("move", game_id))
    ann = make_player("ann@example.com", "Ann")
    bots_only = _create(ann, [{"bot": "greedy"}, {"bot": "greedy"}, {"bot": "greedy"}])
    other.append(_create(ann, ["ann@example.com", {"bot": "greedy"}]))
    _first_bot_move_of(ctx, ann, other[0], other_moved)
    assert _status(ctx, bots_only) == "active", "the bots-only game was played to its end first"
    with lock:
        seen = list(timeline)
    first_move = seen.index(("move", other[0]))
    last_queued = max(i for i, e in enumerate(seen[:first_move]) if e == ("queued", other[0]))
    between = [e for e in seen[last_queued:first_move] if e == ("move", bots_only)]
    assert len(between) <= 2, f"{len(between)} bot moves of the bots-only game went first"


def test_games_of_bots_only_take_turns_with_another_game_on_a_celery_worker(
        worker: Any, ctx: Any, make_player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """As many games of bots only as the worker has threads (4): the other game's bot still moves
    while they are all in play, and every bot move was a task of its own."""
    monkeypatch.setattr(ctx, "settings", replace(ctx.settings, max_bot_games=4))
    timeline: list[str] = []
    lock = threading.Lock()
    other_moved = threading.Event()
    other: list[str] = []

    def note(game_id: str, version: int) -> None:
        with lock:
            timeline.append(game_id)
        if game_id in other:
            other_moved.set()

    monkeypatch.setattr(jobs.HOOKS, "before_settle", note)
    ann = make_player("ann@example.com", "Ann")
    bots_only = [_create(ann, [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}])
                 for _ in range(4)]
    other.append(_create(ann, ["ann@example.com", {"bot": "random"}]))
    _first_bot_move_of(ctx, ann, other[0], other_moved)
    for game_id in bots_only:  # the workers' threads must be free before the database goes
        wait_for(lambda g=game_id: _status(ctx, g) == "over" and not _open_tasks(ctx, g),
                 timeout=120, what=f"game {game_id} played to its end")
    with lock:
        seen = list(timeline)
    first_move = seen.index(other[0])
    for game_id in bots_only:
        assert game_id in seen[first_move:], f"{game_id} was played to its end first"
    moves = sum(_bot_moves(ctx, g) for g in bots_only)
    wait_for(lambda: worker.count("pbem.settle") >= moves,
             what=f"one task per bot move ({moves}); ran {worker.count('pbem.settle')}")


def test_a_player_may_have_a_few_games_of_bots_only_in_play(
        ctx: Any, make_player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ctx, "settings", replace(ctx.settings, max_bot_games=2))
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob@example.com", "Bob")
    seats_ = [{"bot": "random"}, {"bot": "random"}]
    first, second = _create(ann, seats_), _create(ann, seats_)
    with db.read(ctx.engine) as conn:
        count = conn.execute(select(func.count()).select_from(games)).scalar_one()
    r = ann.post("/api/games", {"game": "el-grande", "start": True, "seats": seats_})
    assert r.status_code == 409
    assert r.content_type == "application/problem+json"
    problem = r.get_json()
    assert problem["type"].endswith("/too-many-bot-games")
    assert "You already have 2 games with bots in every seat in play" in problem["detail"]
    assert "wait for one to end, or seat at least one person" in problem["detail"]
    assert problem["allowed"] == {"max_bot_games": 2}
    assert problem["games"] == [first, second]
    with db.read(ctx.engine) as conn:  # nothing was created
        assert conn.execute(select(func.count()).select_from(games)).scalar_one() == count
    # A game with a person in it, and another player's game of bots, are not counted.
    _create(ann, ["ann@example.com", {"bot": "random"}])
    _create(bob, seats_)
    # Once one of Ann's has ended (the test plays its jobs), she may start another.
    for _ in range(1000):
        if _status(ctx, first) == "over":
            break
        jobs.settle_game(ctx, first)
    assert _status(ctx, first) == "over"
    _create(ann, seats_)


@pytest.mark.parametrize(("raw", "value"), [(None, 3), ("0", 0), ("10", 10)])
def test_the_bot_games_setting(raw: str | None, value: int, tmp_path: Any) -> None:
    env = {} if raw is None else {"PBEM_MAX_BOT_GAMES": raw}
    assert _settings(tmp_path, **env).max_bot_games == value
    for wrong in ("-1", "1001", "2.5", "many"):
        with pytest.raises(SettingError,
                           match="PBEM_MAX_BOT_GAMES must be a whole number from 0 to 1000"):
            _settings(tmp_path, PBEM_MAX_BOT_GAMES=wrong)


def test_no_games_of_bots_only_when_the_setting_is_0(
        ctx: Any, make_player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ctx, "settings", replace(ctx.settings, max_bot_games=0))
    ann = make_player("ann@example.com", "Ann")
    r = ann.post("/api/games", {"game": "el-grande", "seats": [{"bot": "greedy"}] * 2})
    assert r.status_code == 409
    assert "switched off on this service: seat at least one person" in r.get_json()["detail"]
