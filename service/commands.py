"""`handle`: the one path by which anything changes a game.

    state (this process's cache; else snapshot + later events) → decide → in ONE transaction:
    guarded update of the `games` row, append, deadlines + outbox (+ the idempotency record)
    → on a version conflict, read the database and decide again

A game this process has seen costs no read: its seating is fixed at creation and remembered, and
its cached state is checked by the guard (`games.version` must still be the version decided on).
Secret choices of different seats do not depend on each other, so when one loses the race it is
simply decided again on the newer state and goes through; a command that the newer state makes
illegal is refused with `MovedOn` (409) rather than `Rejected` (422), because it was legal when the
client sent it.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select
from sqlalchemy.exc import IntegrityError

from domain.core.commands import Command, decide_known
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import GameModule
from domain.core.undo import UNDONE
from service import context, db, metrics, progress, states, store
from service.clock import aware
from service.context import Context
from service.errors import Busy, Invalid, MovedOn, NotActive, NotFound, Rejected, Stale
from service.store import ConcurrencyError, Source
from service.tables import events, games, idempotency_keys, seats

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 12
MAX_SYSTEM_STEPS = 20


@dataclass(frozen=True)
class Idempotency:
    """A client's Idempotency-Key, scoped to the player, and a digest of the request it names."""

    player_id: int
    key: str
    fingerprint: str

    @staticmethod
    def digest(game_id: str, body: Any) -> str:
        text = json.dumps([game_id, body], sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Outcome:
    """An accepted command: its events took seqs first..version. `replayed`: an earlier request
    with the same Idempotency-Key was accepted and this is its result (nothing new appended)."""

    game_id: str
    version: int
    first: int
    replayed: bool = False
    events: tuple[store.Recorded, ...] | None = None  # None: read them back (a replay)


class _KeyTaken(Exception):
    """Another request with the same Idempotency-Key committed first."""


def handle(
    game_id: str,
    seat: int | None,
    command: Command,
    source: Source,
    *,
    ctx: Context | None = None,
    expected_version: int | None = None,
    idempotency: Idempotency | None = None,
    actor: str | None = None,
    settle: bool = True,
    decider: Callable[[GameModule, int, Any], list[Event]] | None = None,
    notices: Sequence[progress.Notice] = (),
) -> Outcome:
    """Decide `command` for `seat` (None: the system) and commit its events, or raise.

    Raises Rejected (422: illegal), MovedOn (409: became illegal while we raced), Stale (412:
    `expected_version` is not the game's version), NotActive, NotFound, Busy, Invalid.
    `decider(module, version, state)`, when given, decides instead of the game (an undo, see
    service/undo.py: the events it returns are appended by this same path). `notices`: outbox
    rows written in the move's transaction (a worker's auto-move notice), so they exist exactly
    when the move does.
    """
    ctx = ctx or context.current()
    if seat is not None and command.seat != seat:
        raise Invalid.of("service.wrong_seat", owner=command.seat, seat=seat)
    if idempotency is not None:
        earlier = _replay(ctx, game_id, idempotency)
        if earlier is not None:
            return earlier
    began = store.now()
    trust_cache = True  # the first attempt may decide on this process's cached state
    raced = False  # a write lost to another writer: an illegal command now is a conflict
    for _attempt in range(MAX_ATTEMPTS):
        cached = _cached(ctx, game_id) if trust_cache else None
        trust_cache = False
        if cached is not None:
            module, seating, version, state = cached
        else:
            module, seating, current = _game_at(ctx, game_id)
            # Trusts a cached state at the version just read from `games`; after a lost race,
            # reads the events again (the append found the cache or that version behind).
            version, state, _ = states.load(ctx.engine, ctx.states, game_id, module,
                                                snapshot_every=ctx.snapshot_every,
                                                current=None if raced else current)
        if expected_version is not None and version != expected_version:
            if cached is not None:
                continue  # the cache may be behind: ask the database
            raise Stale.of("service.stale", extra={"version": version})
        try:
            new = (decider(module, version, state) if decider is not None
                   else _decide(module, state, command, raced=raced))
        except (Rejected, MovedOn) as refused:
            if cached is not None:
                continue  # judged on a cached state that may be behind: judge on the database's
            # A twin request (same Idempotency-Key) may have been accepted since we looked.
            if idempotency is not None and (earlier := _replay(ctx, game_id, idempotency)):
                return earlier
            if isinstance(refused, Rejected):
                metrics.REFUSALS.labels(metrics.game_label(module), source.kind).inc()
            raise
        after = _after(ctx, game_id, module, version, state, new)
        who = actor or ("system" if seat is None else f"player:{seating.players[seat]}")
        stamp = store.now()
        try:
            with db.write(ctx.engine) as conn:
                # The game's row first: its conditional update is the guard (and the row lock).
                queued = progress.record(conn, game_id, module, expected=version,
                                         version=version + len(new), before=state, after=after,
                                         players=seating.players, bots=seating.bots,
                                         notices=notices, events=new, mover=seat)
                head, last_hash = store.append_chained(
                    conn, game_id, version, new, actor=who, source=source, stamp=stamp,
                    command=command.to_json(), prev=ctx.states.chain_hash(game_id, version))
                if idempotency is not None:
                    _remember(conn, game_id, idempotency, version + 1, head)
        except ConcurrencyError:
            if idempotency is not None and (earlier := _replay(ctx, game_id, idempotency)):
                return earlier  # a twin of this request won the race
            if cached is None:
                if expected_version is not None:
                    raise Stale.of("service.stale_race") from None
                raced = True
            else:
                # The cache was behind, or another writer won: it raced only if what was
                # recorded since the cached version was recorded after this request began.
                raced = _recorded_since(ctx, game_id, version, began)
            log.debug("version conflict on %s at %s", game_id, version)
            continue
        except _KeyTaken:
            earlier = _replay(ctx, game_id, idempotency)  # type: ignore[arg-type]
            if earlier is None:  # pragma: no cover - the row committed, so it is there
                raise Busy.of("service.retry") from None
            return earlier
        ctx.states.put(game_id, head, after)
        if last_hash is not None:
            ctx.states.put_chain_hash(game_id, head, last_hash)  # committed: safe to remember
        recorded = tuple(store.Recorded(version + i, e, who, source.kind, stamp)
                         for i, e in enumerate(new, start=1))
        metrics.COMMANDS.labels(metrics.game_label(module), source.kind).inc()
        if settle and queued:
            run_queued(ctx, game_id, module, after)
        return Outcome(game_id, head, version + 1, events=recorded)
    raise Busy.of("service.busy")


def run_queued(ctx: Context, game_id: str, module: GameModule | None = None,
               state: Any = None) -> None:
    """After a commit that queued task rows (the system's decisions, a bot seat's move): publish
    them to the workers (`ctx.publish`), or without one settle the system's decisions here (bot
    moves then wait for the beat's sweep, or a worker)."""
    if ctx.publish is not None:
        ctx.publish(ctx, game_id)  # publish the task row written with the events
        return
    if module is not None and system_decision(module, state) is None:
        return
    settle_system_decisions(game_id, ctx=ctx)


def settle_system_decisions(game_id: str, *, ctx: Context | None = None) -> int:
    """Submit the system's own decisions (e.g. `resolve` once every secret is in), in process.

    Used when the context has no publisher (the service's own tests, `run_queued`). Returns how
    many system commands were committed. A lost race (another thread resolved first) is not an
    error.
    """
    ctx = ctx or context.current()
    done = 0
    for _ in range(MAX_SYSTEM_STEPS):
        try:
            module, _players = active_game(ctx, game_id)
        except NotActive:
            return done  # e.g. the resolution ended the game
        _version, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
        decision = system_decision(module, state)
        if decision is None:
            return done
        try:
            handle(game_id, None, Command(decision.kind, seat=None), store.SYSTEM_SOURCE,
                   ctx=ctx, settle=False)
        except (MovedOn, NotActive):
            continue  # someone else moved the game on: look again
        except Rejected as error:
            log.error("the engine refused its own system decision %s on %s: %s",
                      decision.kind, game_id, error.detail)
            return done
        done += 1
    log.error("game %s still wants system decisions after %s steps", game_id, MAX_SYSTEM_STEPS)
    return done


def _after(ctx: Context, game_id: str, module: GameModule, version: int, state: Any,
           new: list[Event]) -> Any:
    """The state once `new` is appended at `version` (an undo needs the whole stream)."""
    if not any(e.type == UNDONE for e in new):
        return module.fold(new, state)
    with db.read(ctx.engine) as conn:
        stream = store.read(conn, game_id, module.upcasters, upto=version)
    stream += [store.Recorded(version + i, e, "", "", store.now())
               for i, e in enumerate(new, start=1)]
    return states.fold_stream(module, stream)


def system_decision(module: GameModule, state: Any) -> Any:
    """The decision the system takes next in `state` (a reveal), or None."""
    if module.is_over(state):
        return None
    return next((d for d in module.pending(state) if d.seat is None), None)


@dataclass(frozen=True)
class Seating:
    """What never changes about a game once created: which game it is, who sits in each seat
    and which seats are bots."""

    game: str
    players: dict[int, int]  # seat → player id
    bots: dict[int, str]  # seat → bot level

    def seat_of(self, player_id: int) -> int | None:
        return next((s for s, p in self.players.items() if p == player_id), None)


_seatings: dict[str, Seating] = {}  # game id → its seating (fixed at creation: never stale)
MAX_SEATINGS = 100_000


def seating(ctx: Context, game_id: str) -> Seating:
    """The game's seating, from this process's memory when it has it; NotFound if no such game."""
    known = _seatings.get(game_id)
    if known is not None:
        return known
    with db.read(ctx.engine) as conn:
        row = conn.execute(_GAME_ROW, {"id": game_id}).first()
        if row is None:
            raise NotFound.of("service.no_game", game=game_id[:40])
        return _seating_of(conn, game_id, row.game)


def _seating_of(conn: Connection, game_id: str, game: str) -> Seating:
    rows = conn.execute(_SEAT_ROWS, {"id": game_id}).all()
    found = Seating(game, {r.seat: r.player_id for r in rows},
                    {r.seat: r.bot for r in rows if r.bot is not None})
    if len(_seatings) >= MAX_SEATINGS:
        _seatings.clear()
    _seatings[game_id] = found
    return found


def active_game(ctx: Context, game_id: str) -> tuple[GameModule, dict[int, int]]:
    """The module of an active game and its seating (seat → player id); NotFound or NotActive
    (invited, or over) otherwise: what a channel checks before it asks for a move."""
    module, seating_, _version = _game_at(ctx, game_id)
    return module, seating_.players


def _game_at(ctx: Context, game_id: str) -> tuple[GameModule, Seating, int]:
    """The game's module, its seating and its version (`games.version`), or raise."""
    with db.read(ctx.engine) as conn:
        row = conn.execute(_GAME_ROW, {"id": game_id}).first()
        if row is None:
            raise NotFound.of("service.no_game", game=game_id[:40])
        if row.status == progress.INVITED:
            raise NotActive.of("service.not_started")
        if row.status == progress.OVER:
            raise NotActive.of("service.over")
        found = _seatings.get(game_id) or _seating_of(conn, game_id, row.game)
    return _module(ctx, row.game), found, row.version


def _cached(ctx: Context, game_id: str) -> tuple[GameModule, Seating, int, Any] | None:
    """The game as this process last saw it, with no query: its seating and cached state.

    Deciding on it is safe because the write is guarded: `games.version` must still be the
    cached version (and the game active), or nothing is written and the command is decided again
    on what the database holds. A command the cached state refuses is judged again the same way
    (the cache may be behind another process's writes, never ahead)."""
    found = _seatings.get(game_id)
    held = ctx.states.get(game_id)
    if found is None or held is None:
        return None
    module = ctx.games.get(found.game)
    if module is None:
        return None
    return module, found, held[0], held[1]


def _module(ctx: Context, game: str) -> GameModule:
    module = ctx.games.get(game)
    if module is None:
        raise NotActive.of("service.not_run", game=game)
    return module


def _recorded_since(ctx: Context, game_id: str, version: int, began: datetime) -> bool:
    """Whether the events after `version` were recorded after `began` (a race with this request),
    rather than before it (this process's cache was behind)."""
    with db.read(ctx.engine) as conn:
        first = conn.execute(_FIRST_AFTER, {"id": game_id, "seq": version}).scalar()
    return first is None or aware(first) >= began


_GAME_ROW = select(games.c.game, games.c.status, games.c.version).where(
    games.c.id == bindparam("id"))
_SEAT_ROWS = select(seats.c.seat, seats.c.player_id, seats.c.bot).where(
    seats.c.game_id == bindparam("id"))
_FIRST_AFTER = select(events.c.created_at).where(
    events.c.game_id == bindparam("id"), events.c.seq == bindparam("seq") + 1)


def _decide(module: GameModule, state: Any, command: Command, *, raced: bool) -> list[Event]:
    try:
        return list(decide_known(module.decide, state, command))
    except RuleError as error:
        if raced:
            raise MovedOn.of("service.moved_on", allowed=error.allowed,
                             why=error.to_json() if error.key else error.message) from None
        raise Rejected.of(error) from None
    except Exception:
        # decide is pure: a crash on odd input changed nothing, and it is the input that is odd.
        log.exception("decide() failed on %r", command)
        raise Invalid.of("service.not_understood") from None


def _replay(ctx: Context, game_id: str, key: Idempotency) -> Outcome | None:
    with db.read(ctx.engine) as conn:
        row = conn.execute(select(idempotency_keys).where(
            idempotency_keys.c.player_id == key.player_id, idempotency_keys.c.key == key.key)
        ).first()
        if row is None:
            return None
        if row.game_id != game_id or row.fingerprint != key.fingerprint:
            raise Invalid.of("service.key_reused")
        first, last = row.result["first"], row.result["version"]
    return Outcome(game_id, last, first, replayed=True)


def _remember(conn: Connection, game_id: str, key: Idempotency, first: int, last: int) -> None:
    try:
        conn.execute(insert(idempotency_keys).values(
            player_id=key.player_id, key=key.key, game_id=game_id,
            fingerprint=key.fingerprint, result={"first": first, "version": last},
            created_at=store.now()))
    except IntegrityError:
        raise _KeyTaken() from None
