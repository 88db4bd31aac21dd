"""What the workers do, as plain functions of a service context and a time (Celery's tasks in
workers/app.py and the in-process runner of `pbem serve` both call these).

Every job is safe to run twice, or twice at once: a game changes only through
`service.commands.handle` with the version the job read (`expected_version`: the second of two
racing runs gets `Stale` and appends nothing), and every other effect is written together with a
`tracking` row (consumer, key) whose primary key refuses the second (reminders, digests) or with a
compare-and-set on the row it changes (a pause, a task's publication).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Connection, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from domain import bots
from domain.core.commands import Command
from domain.core.errors import RuleError
from emails import inbound, mailin
from service import clock, commands, db, metrics, progress, schedule, states, talk, undo
from service.clock import aware
from service.context import Context
from service.errors import MovedOn, NotActive, NotFound, Rejected, ServiceError, Stale
from service.store import Source
from service.tables import deadlines, games, players, tasks, tracking
from workers.config import Reminders

log = logging.getLogger(__name__)

MAX_STEPS = 20
TASK_GRACE = timedelta(seconds=5)  # a task row not done this long after its commit: republish
REPUBLISH_EVERY = timedelta(seconds=30)
DIGEST_HOUR = 7  # local time of the player


@dataclass
class Hooks:
    """Test seams: called at the points where a worker may die."""

    before_settle: Callable[[str, int], None] = lambda game_id, version: None
    before_send: Callable[[int], None] = lambda outbox_id: None
    after_send: Callable[[int], None] = lambda outbox_id: None
    """After the SMTP server accepted the mail, before it is recorded as sent."""


HOOKS = Hooks()


def track(conn: Connection, consumer: str, key: str, stamp: datetime) -> bool:
    """Record that `consumer` did `key`, in the caller's transaction; False if it already did.

    On PostgreSQL a savepoint keeps the transaction usable after the refused insert."""
    try:
        with conn.begin_nested():
            conn.execute(insert(tracking).values(consumer=consumer, key=key, created_at=stamp))
    except IntegrityError:
        return False
    return True


# --- the decisions no human takes: the system's, and the bot seats' --------------------------


def settle_game(ctx: Context, game_id: str, *, bots: bool = True) -> int:
    """Commit ONE decision the game waits for that no human takes: the system's (e.g. `resolve`
    once every secret is in) or a bot seat's. Returns how many commands were committed:
    1, or 0 for a duplicate task or a game that waits on a human. `bots=False`: the system's
    decision only (0, and the tasks left as they are, if the game waits on anything else).

    One decision per job is what keeps the workers fair: the move's own commit queues
    the next decision as a new task row, published after the commit to the BACK of the queue, so
    a game of bots only takes turns with every other game's jobs instead of holding a worker (or,
    embedded, the thread that published it) until it ends. A strong bot's job costs at most about
    `PBEM_BOT_BUDGET` seconds of CPU."""
    done, seen = _settle_one(ctx, game_id, bots)  # an exception leaves the task for the sweep
    if not bots and not done:
        return 0
    with db.write(ctx.engine) as conn:  # this task, and any older one, is served
        served = (tasks.c.game_id == game_id, tasks.c.kind.in_(schedule.TASKS),
                  tasks.c.done_at.is_(None), *(() if seen is None else (tasks.c.version <= seen,)))
        queued = conn.execute(select(tasks.c.kind, tasks.c.created_at).where(*served)).all()
        finished = clock.now()
        conn.execute(update(tasks).where(*served).values(done_at=finished))
    for row in queued:  # from the commit that queued it to the commit of its work
        metrics.TASK_LATENCY.labels(row.kind).observe(
            max(0.0, (finished - aware(row.created_at)).total_seconds()))
    return done


def _settle_one(ctx: Context, game_id: str, bots: bool) -> tuple[int, int | None]:
    """(commands committed, the version the job read; None: the game is not in play)."""
    try:
        module, _players = commands.active_game(ctx, game_id)
    except (NotActive, NotFound):
        return 0, None  # over (or gone): every task of the game is served
    version, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
    decision = commands.system_decision(module, state)
    if decision is not None:
        seat, command = None, Command(decision.kind, seat=None)
        source = Source("worker", f"{decision.kind}: every secret is in")
    else:
        if not bots or module.is_over(state):
            return 0, version
        # The seating `active_game` just checked against `games.seating`: a seat handed to a bot
        # (or taken back) since this process last looked is seen here.
        levels = commands.seating(ctx, game_id).bots
        decision = next((d for d in module.pending(state) if d.seat in levels), None)
        if decision is None:
            return 0, version  # waits on a human
        seat, level = decision.seat, levels[decision.seat]
        try:
            command = bot_command(module, state, game_id, version, decision, level,
                                  ctx.settings.bot_budget)
        except RuleError as error:
            log.error("bot %s cannot play seat %s of %s: %s", level, seat, game_id,
                      error.message)
            return 0, version
        source = Source("worker", f"bot {level}")
    HOOKS.before_settle(game_id, version)
    try:
        # settle=True: after the commit, the task row it queued (the next decision no human
        # takes) is published to the back of the queue — the next job, not this one.
        commands.handle(game_id, seat, command, source, ctx=ctx, expected_version=version,
                        bot=seat is not None)
    except (Stale, MovedOn, NotActive):
        # Another job (a duplicate task) or a player moved first: that commit queued whatever
        # follows it.
        return 0, version
    except Rejected as error:
        log.error("the engine refused %s on %s: %s", command.type, game_id, error.detail)
        return 0, version
    return 1, version


def bot_command(module: Any, state: Any, game_id: str, version: int, decision: Any,
                level: str, budget: float | None = None) -> Command:
    """The bot's move for `decision` (it sees the seat's view only). Seeded by the game, version
    and seat, so a duplicate task would choose the same move (and append nothing anyway).
    `budget`: seconds per move for the levels that search (`PBEM_BOT_BUDGET`; None: the game's
    own default)."""
    rng = random.Random(f"{game_id}:{version}:{decision.seat}")
    return bots.play(module, state, decision.seat, level, rng, budget=budget,
                     decision=decision)


def sweep_tasks(ctx: Context, now: datetime, publish: Callable[[str], None]) -> int:
    """Republish the settle tasks that are not done a while after their commit (a publication
    lost with a crash, a task lost with a killed worker). Returns how many were republished."""
    stale = now - TASK_GRACE
    again = now - REPUBLISH_EVERY
    with db.read(ctx.engine) as conn:
        rows = conn.execute(
            select(tasks.c.id, tasks.c.game_id, tasks.c.published_at)
            .where(tasks.c.done_at.is_(None), tasks.c.created_at <= stale,
                   or_(tasks.c.published_at.is_(None), tasks.c.published_at <= again))
            .order_by(tasks.c.id).limit(500)).all()
    games_done: set[str] = set()
    for row in rows:
        with db.write(ctx.engine) as conn:  # compare-and-set: one sweeper republishes it
            claimed = conn.execute(
                update(tasks).where(tasks.c.id == row.id, tasks.c.done_at.is_(None),
                                    tasks.c.published_at.is_(None) if row.published_at is None
                                    else tasks.c.published_at == row.published_at)
                .values(published_at=now)).rowcount
        if claimed and row.game_id not in games_done:
            games_done.add(row.game_id)
            publish(row.game_id)
    return len(games_done)


# --- deadlines ---------------------------------------------------------------------------------


def enforce_deadlines(ctx: Context, now: datetime, limit: int = 200) -> int:
    """Apply the timeout policy of every game whose deadline passed. Returns how many moves or
    pauses were committed."""
    with db.read(ctx.engine) as conn:
        rows = conn.execute(
            select(deadlines.c.id, deadlines.c.game_id, deadlines.c.seat, deadlines.c.due_at)
            .join(games, games.c.id == deadlines.c.game_id)
            .where(deadlines.c.closed_at.is_(None), deadlines.c.expired_at.is_(None),
                   deadlines.c.due_at <= now, games.c.paused_at.is_(None),
                   games.c.status == progress.ACTIVE)
            .order_by(deadlines.c.due_at).limit(limit)).all()
    count = 0
    for row in rows:
        try:
            count += expire(ctx, row.id, now)
        except ServiceError as error:
            log.warning("deadline %s of game %s: %s", row.id, row.game_id, error.detail)
        except Exception:
            log.exception("deadline %s of game %s failed", row.id, row.game_id)
    return count


def expire(ctx: Context, deadline_id: int, now: datetime) -> int:
    """The deadline passed: apply the game's timeout policy once. Returns what it committed."""
    count = 0
    for _ in range(MAX_STEPS):
        with db.read(ctx.engine) as conn:
            row = conn.execute(
                select(deadlines, games.c.timeout_policy, games.c.paused_at,
                       games.c.created_by)
                .join(games, games.c.id == deadlines.c.game_id)
                .where(deadlines.c.id == deadline_id)).one()
        if (row.closed_at is not None or row.expired_at is not None or row.paused_at is not None
                or aware(row.due_at) > now):
            return count
        try:
            module, _players = commands.active_game(ctx, row.game_id)
        except NotActive:
            return count
        version, state, _ = states.load(ctx.engine, ctx.states, row.game_id, module)
        decision = next((d for d in module.pending(state) if d.seat == row.seat), None)
        if decision is None:
            return count  # the seat moved while we looked: its row closes with that move
        if row.timeout_policy == "pause":
            return count + _pause(ctx, row, version, decision.kind, now)
        reason = f"deadline passed for seat {row.seat} decision {decision.kind}"
        try:
            command = None
            if row.timeout_policy == "bot":
                level = _absent_level(ctx, row.game_id)
                try:
                    command = bot_command(module, state, row.game_id, version, decision, level,
                                          ctx.settings.bot_budget)
                    reason = f"deadline passed: bot {level} played for seat {row.seat}"
                except RuleError as error:  # no bots for this game: its default move
                    log.warning("game %s: %s; the default move instead", row.game_id,
                                error.message)
            if command is None:
                command = module.default_command(state, decision)
            # The player is told what was played for them, in the move's transaction.
            told = progress.Notice("auto-move", (row.player_id,), {
                "game_id": row.game_id, "seat": row.seat, "decision": decision.kind,
                "move": {"type": command.type, **dict(command.params)}})
            commands.handle(row.game_id, row.seat, command, Source("worker", reason), ctx=ctx,
                            expected_version=version, notices=[told], timed_out=row.seat)
        except (Stale, MovedOn):
            continue  # the game moved (a racing tick, the player): look again
        metrics.DEADLINE_MOVES.labels(metrics.game_label(module),
                                      "bot" if reason.startswith("deadline passed: bot")
                                      else "default").inc()
        count += 1
        log.info("game %s: %s", row.game_id, reason)
    return count


def _absent_level(ctx: Context, game_id: str) -> str:
    """The level of the bot that plays for an absent player: the game's first bot seat's, or
    greedy."""
    with db.read(ctx.engine) as conn:
        levels = schedule.bot_seats(conn, game_id)
    return levels[min(levels)] if levels else "greedy"


def _pause(ctx: Context, row: Any, version: int, kind: str, now: datetime) -> int:
    with db.write(ctx.engine) as conn:
        paused = conn.execute(
            update(games).where(games.c.id == row.game_id, games.c.version == version,
                                games.c.paused_at.is_(None))
            .values(paused_at=now)).rowcount
        if not paused:
            return 0  # a racing tick paused it, or the game moved
        game = conn.execute(select(games.c.game).where(games.c.id == row.game_id)).scalar()
        conn.execute(update(deadlines).where(deadlines.c.id == row.id)
                     .values(expired_at=now, outcome="paused"))
        progress.notify(conn, row.game_id, "game-paused", [row.created_by],
                        {"game_id": row.game_id, "seat": row.seat, "decision": kind,
                         "due_at": aware(row.due_at).isoformat(), "version": version})
    metrics.DEADLINE_MOVES.labels(game or "?", "paused").inc()
    log.info("game %s paused: deadline passed for seat %s decision %s", row.game_id, row.seat,
             kind)
    return 1


# --- reminders and digests ---------------------------------------------------------------------


def send_reminders(ctx: Context, now: datetime, schedule: Reminders | None = None) -> int:
    """Queue the reminders that are due: `first` after a decision opened, then one per `every`
    (never two in one interval, and none for an interval already past), and a final warning
    `final` before the deadline — unless the turn is no longer than `final` (the your-turn mail
    says the deadline already). Players who chose the daily digest get the final warning only.
    Returns how many were queued."""
    schedule = schedule or Reminders.of(ctx.settings)
    with db.read(ctx.engine) as conn:
        rows = conn.execute(
            select(deadlines.c.id, deadlines.c.game_id, deadlines.c.seat, deadlines.c.player_id,
                   deadlines.c.opened_at, deadlines.c.due_at, players.c.daily_digest)
            .join(games, games.c.id == deadlines.c.game_id)
            .join(players, players.c.id == deadlines.c.player_id)
            .where(deadlines.c.closed_at.is_(None), deadlines.c.expired_at.is_(None),
                   deadlines.c.due_at > now, games.c.paused_at.is_(None),
                   games.c.status == progress.ACTIVE,
                   or_(deadlines.c.opened_at <= now - schedule.first,
                       deadlines.c.due_at <= now + schedule.final))
            .order_by(deadlines.c.id)).all()
    queued = 0
    for r in rows:
        opened, due = aware(r.opened_at), aware(r.due_at)
        if now >= due - schedule.final:
            if due - schedule.final <= opened:
                # The whole turn is shorter than the final window: the your-turn mail, which
                # says when the move is due, was the warning (not a second mail right after it).
                continue
            key, kind = f"{r.id}:final", "final-warning"
        elif not r.daily_digest and now >= opened + schedule.first:
            interval = int((now - opened - schedule.first) / schedule.every)
            key, kind = f"{r.id}:{interval}", "reminder"
        else:
            continue
        with db.write(ctx.engine) as conn:
            if track(conn, "reminder", key, now):
                progress.notify(conn, r.game_id, kind, [r.player_id],
                                {"game_id": r.game_id, "seat": r.seat,
                                 "opened_at": opened.isoformat(), "due_at": due.isoformat()})
                queued += 1
    return queued


def send_digests(ctx: Context, now: datetime, hour: int = DIGEST_HOUR) -> int:
    """One mail a day (from `hour` in the player's time zone) to each player who chose the
    digest, listing every game waiting on them. Returns how many were queued."""
    with db.read(ctx.engine) as conn:
        rows = conn.execute(
            select(players.c.id, players.c.time_zone, deadlines.c.game_id, deadlines.c.seat,
                   deadlines.c.due_at)
            .join(deadlines, deadlines.c.player_id == players.c.id)
            .join(games, games.c.id == deadlines.c.game_id)
            .where(players.c.daily_digest.is_(True), deadlines.c.closed_at.is_(None),
                   deadlines.c.expired_at.is_(None), games.c.status == progress.ACTIVE)
            .order_by(players.c.id, deadlines.c.due_at)).all()
    waiting: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for r in rows:
        waiting.setdefault((r.id, r.time_zone), []).append(
            {"game_id": r.game_id, "seat": r.seat, "due_at": aware(r.due_at).isoformat()})
    queued = 0
    for (player_id, zone), listed in waiting.items():
        local = now.astimezone(_zone(zone))
        if local.hour < hour:
            continue
        with db.write(ctx.engine) as conn:
            if track(conn, "digest", f"{player_id}:{local.date().isoformat()}", now):
                progress.notify(conn, None, "digest", [player_id],
                                {"date": local.date().isoformat(), "games": listed})
                queued += 1
    return queued


def send_talk_digests(ctx: Context, now: datetime, hour: int = DIGEST_HOUR) -> int:
    """One mail a day (from `hour` in the player's time zone) to each player who chose table talk
    in a daily digest and has messages not mailed yet (service/talk.py). Returns how many."""
    with db.read(ctx.engine) as conn:
        due = talk.digest_due(conn)
        zones = dict(conn.execute(select(players.c.id, players.c.time_zone)
                                  .where(players.c.id.in_(due))).all()) if due else {}
    queued = 0
    for player_id in due:
        local = now.astimezone(_zone(zones.get(player_id, "UTC")))
        if local.hour < hour:
            continue
        with db.write(ctx.engine) as conn:
            if track(conn, "talk-digest", f"{player_id}:{local.date().isoformat()}", now):
                progress.notify(conn, None, "talk-digest", [player_id],
                                {"date": local.date().isoformat()})
                queued += 1
    return queued


def _zone(name: str) -> Any:
    try:
        return ZoneInfo(name)
    except Exception:
        return ZoneInfo("UTC")


# --- the beat's tick ---------------------------------------------------------------------------


def tick(ctx: Context, now: datetime | None = None, *, publish: Callable[[str], None] | None = None,
         schedule: Reminders | None = None) -> dict[str, int]:
    """Everything the beat does periodically (the mail has its own task)."""
    now = now or clock.now()
    publish = publish or (lambda game_id: settle_game(ctx, game_id))
    return {
        "republished": sweep_tasks(ctx, now, publish),
        "deadlines": enforce_deadlines(ctx, now),
        "reminders": send_reminders(ctx, now, schedule),
        "digests": send_digests(ctx, now),
        "talk_digests": send_talk_digests(ctx, now),
        "undo_requests_lapsed": undo.lapse_due(ctx, now=now),
        "mail_resumed": len(inbound.resume(ctx)),
        "mail_fetched": _poll_imap(ctx),
    }


def _poll_imap(ctx: Context) -> int:
    """Replies fetched by IMAP (when PBEM_IMAP_HOST is set); an unreachable server waits for the
    next tick rather than stopping the rest of the beat."""
    try:
        return len(mailin.poll_imap(ctx))
    except Exception:  # the server, the network or the login: all retried next tick
        log.exception("IMAP polling failed; will retry on the next tick")
        return 0


__all__ = ["HOOKS", "bot_command", "enforce_deadlines", "expire", "send_digests", "send_reminders",
           "send_talk_digests", "settle_game", "sweep_tasks", "tick", "track"]
