"""Undo: a seat's own last command(s), or any later part of the game by everyone's consent.

An undo appends one `undone` event (domain.core.undo) naming the range of seqs it cancels: the
originals stay in the log (the audit view shows them as undone) and folding skips them. Undo works
by whole commands: a command's automatic consequences (a turn's end, the next reveal…) were
appended in its batch and go with it. Draws are keyed by (seed, draw number) and the counter lives
in the state, so deciding again after an undo draws the very same outcome: undo never rerolls.

**Own undo** (`undo_own`, `undo_move`): the last `count` moves in force must all be the seat's own
(nobody else, the system included, has acted since). A move is one command, or every command of
one text submission — a mail reply, the web's text box — which are recorded as batches of their
own sharing the submission's `source_ref` (the Message-ID): "undo" after a reply that played three
commands takes back the three. None of the undone events may draw or reveal hidden information
(`module.reveals`, asked of each event with the state it was applied to): where one command of the
move did, undo goes back to just after it and the commands up to it stay (`Plan.kept`, which the
answer names). The undo goes through `commands.handle` like any move (same transaction, read
model, outbox, retries).

**Undo by consent** (`request`, `answer`): a seat asks to bring the game back to how it was right
after event N (the end of a command in force). Every other seat is asked (an `undo-request` outbox
row each, for mail, and `pending` for the API and the web). All must approve; one refusal ends it.
It lapses when the game moves on (its version changes) or at its deadline. Rewinding past a
reveal or a draw is possible only this way, and its `undone` event says so (`past_reveal`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import insert, select, update

from domain.core.commands import Command
from domain.core.events import Event
from domain.core.game import GameModule
from domain.core.undo import UNDONE, undone_event
from service import commands, context, db, lobby, progress, records, store
from service.context import Context
from service.errors import Conflict, Forbidden, Invalid, MovedOn, NotActive, NotFound, Rejected, Stale
from service.store import Source
from service.tables import games, seats, undo_requests

log = logging.getLogger(__name__)

REQUEST_HOURS = 48  # an undo request lapses this long after it was made
API = Source("api")
MAX_ID = 2**63
PENDING, APPLIED, REFUSED, LAPSED = "pending", "applied", "refused", "lapsed"


# --- own undo ----------------------------------------------------------------------------------


def _reveal_in(module: GameModule, state: Any, events: list[Event]) -> int | None:
    """The index of the first event that draws or reveals hidden information, or None."""
    for i, event in enumerate(events):
        if module.reveals(event, state):
            return i
        state = module.evolve(state, event)
    return None


TEXT_SOURCES = ("email", "web")
"""The channels where one submission (a mail reply, the web's text box) may hold several commands,
each recorded as a batch of its own with the submission's `source_ref`: together they are one move
for undo."""


@dataclass(frozen=True)
class Plan:
    """What undoing a seat's last move cancels: the seqs `first`..`last`, the commands taken back
    (`undone`, in order) and those of the same move that stay (`kept`: up to and including the
    last one that drew or revealed hidden information, which only everyone's consent can undo)."""

    first: int
    last: int
    undone: tuple[dict[str, Any], ...]
    kept: tuple[dict[str, Any], ...] = ()


def _unit(live: list[records.Batch], seat: int) -> list[records.Batch]:
    """The batches of the seat's last move, oldest first: its last command's batch and, when it
    came by text (a mail reply, the text box), the earlier batches of that same submission (its
    `source_ref`) with the game's own automatic batches between them (a reveal the submission's
    secret choice led to). Another seat's command ends the move."""
    last = live[-1]
    head = last.rows[0]
    if head.source not in TEXT_SOURCES or not head.source_ref:
        return [last]
    unit = [last]
    pending: list[records.Batch] = []  # system batches, included once an own batch precedes them
    for batch in reversed(live[1:-1]):
        row = batch.rows[0]
        if batch.seat == seat and row.source == head.source and row.source_ref == head.source_ref:
            unit[:0] = [batch, *pending]
            pending = []
        elif batch.seat is None and batch.command is not None and row.source in ("worker", "system"):
            pending.insert(0, batch)
        else:
            break
    return unit


def _own_range(module: GameModule, rows: list[records.Row], seat: int, count: int,
               player: int | None = None) -> Plan:
    """What undoing the seat's last `count` moves cancels (a `Plan`), or Rejected. A move is one
    command, or every command of one text submission (`_unit`). With `count` 1, a move one of
    whose commands drew or revealed hidden information is undone back to just after it (the
    commands up to it are `kept`); when nothing follows it, or with a larger `count`, the
    refusal says only everyone's consent can undo it. `player`: only their own commands (a seat
    that changed hands keeps the moves of whoever made them, service/seats.py)."""
    live = records.effective_batches(rows, module)
    chosen: list[records.Batch] = []
    rest = live
    for _ in range(count):
        if len(rest) < 2:  # the opening (first batch) is never undone
            raise Rejected.of("service.undo.nothing", allowed={"count": len(live) - 1})
        last = rest[-1]
        theirs = player is None or last.rows[0].actor == f"player:{player}"
        if last.seat != seat or last.command is None or not theirs:
            raise Rejected.of("service.undo.game_acted" if last.seat is None
                              else "service.undo.others_acted", who=last.seat,
                              allowed={"request": "POST /api/games/{id}/undo-requests"})
        unit = _unit(rest, seat)
        chosen[:0] = unit
        rest = rest[:-len(unit)]
    skip = records.skipped(rows, module)
    state = records.fold_rows(module, [r for r in rows if r.seq < chosen[0].first])
    revealed = None  # the index of the last chosen batch that drew or revealed something
    for i, batch in enumerate(chosen):
        events = [r.event(module) for r in batch.rows if r.seq not in skip]
        if _reveal_in(module, state, events) is not None:
            revealed = i
        for event in events:
            state = module.evolve(state, event)
    kept: list[records.Batch] = []
    if revealed is not None:
        if count > 1 or revealed == len(chosen) - 1:
            raise Rejected.of("service.undo.hidden",
                              allowed={"request": "POST /api/games/{id}/undo-requests"})
        kept, chosen = chosen[:revealed + 1], chosen[revealed + 1:]

    def own(batches: list[records.Batch]) -> tuple[dict[str, Any], ...]:
        return tuple({k: v for k, v in b.command.items() if k != "seat"}
                     for b in batches if b.seat == seat and isinstance(b.command, dict))

    return Plan(chosen[0].first, rows[-1].seq, own(chosen), own(kept))


@dataclass(frozen=True)
class Undone:
    """An own undo done: the recorded outcome and what it took back (`plan`)."""

    outcome: commands.Outcome
    plan: Plan


def undo_own(ctx: Context | None, game_id: str, seat: int, *, count: int = 1,
             source: Source = API, expected_version: int | None = None,
             reason: str = "own", player: int | None = None) -> commands.Outcome:
    """Undo the seat's last `count` moves (Rejected when not allowed; see the module doc).
    `player`: the one asking, who must hold the seat and have made those commands."""
    return undo_move(ctx, game_id, seat, count=count, source=source,
                     expected_version=expected_version, reason=reason, player=player).outcome


def undo_move(ctx: Context | None, game_id: str, seat: int, *, count: int = 1,
              source: Source = API, expected_version: int | None = None,
              reason: str = "own", player: int | None = None) -> Undone:
    """`undo_own`, saying what was taken back and what of the move stays (for the answer)."""
    ctx = ctx or context.current()
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 50:
        raise Invalid.of("service.undo.count")
    plans: list[Plan] = []

    def decide(module: GameModule, version: int, _state: Any) -> list[Event]:
        with db.read(ctx.engine) as conn:
            rows = records.read_rows(conn, game_id, upto=version)
        plan = _own_range(module, rows, seat, count, player)
        plans.append(plan)  # the last one decided is the one recorded
        return [undone_event(plan.first, plan.last, by=seat, reason=reason)]

    outcome = commands.handle(game_id, seat, Command("undo", seat, {"count": count}), source,
                              ctx=ctx, expected_version=expected_version, decider=decide,
                              player=player)
    return Undone(outcome, plans[-1])


def can_undo(ctx: Context, game_id: str, seat: int, module: GameModule) -> bool:
    """Whether the seat could undo its last move now (for pages and mail: show an undo button)."""
    with db.read(ctx.engine) as conn:
        rows = records.read_rows(conn, game_id)
    try:
        _own_range(module, rows, seat, 1)
    except Rejected:
        return False
    return True


# --- undo by consent ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    id: int
    game_id: str
    seat: int
    back_to: int
    version: int
    status: str
    answers: dict[str, str]
    reason: str
    crosses_reveal: bool
    created_at: datetime
    expires_at: datetime
    decided_at: datetime | None
    undo_seq: int | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "back_to": self.back_to,
                "version": self.version, "status": self.status, "answers": self.answers,
                "reason": self.reason, "crosses_reveal": self.crosses_reveal,
                "created_at": self.created_at, "expires_at": self.expires_at,
                "decided_at": self.decided_at, "undo_seq": self.undo_seq}


def _aware(value: Any) -> Any:
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


def _request(row: Any) -> Request:
    return Request(id=row.id, game_id=row.game_id, seat=row.seat, back_to=row.back_to,
                   version=row.version, status=row.status, answers=dict(row.answers),
                   reason=row.reason, crosses_reveal=bool(row.crosses_reveal),
                   created_at=_aware(row.created_at), expires_at=_aware(row.expires_at),
                   decided_at=_aware(row.decided_at), undo_seq=row.undo_seq)


def _active_game(conn: Any, game_id: str) -> Any:
    row = conn.execute(select(games).where(games.c.id == game_id)).first()
    if row is None:
        raise NotFound.of("service.no_game", game=game_id[:40])
    if row.status != progress.ACTIVE:
        raise NotActive.of("service.undo.not_started" if row.status == progress.INVITED
                           else "service.undo.over")
    return row


def rewind_range(module: GameModule, rows: list[records.Row], back_to: int) -> tuple[int, bool]:
    """(first seq cancelled, whether that crosses a draw or reveal) for bringing the game back to
    right after event `back_to`; Invalid when `back_to` is not the end of a command in force."""
    live = records.effective_batches(rows, module)
    ends = [b.last for b in live]
    if back_to not in ends or back_to == ends[-1] or back_to < live[0].last:
        before = [e for e in ends if e < back_to]
        raise Invalid.of("service.undo.bad_point_near" if before else "service.undo.bad_point",
                         back_to=back_to, nearest=before[-1] if before else None,
                         allowed={"ends": ends[:-1][-20:]})
    keep = [r for r in rows if r.seq <= back_to]
    state = records.fold_rows(module, keep)
    skip = records.skipped(rows, module)
    later = [r.event(module) for r in rows if r.seq > back_to and r.seq not in skip]
    return back_to + 1, _reveal_in(module, state, later) is not None


def request(ctx: Context | None, game_id: str, seat: int, back_to: int, *, reason: str = "",
            hours: float = REQUEST_HOURS, source: Source = API) -> Request:
    """Ask every other seat to agree to bring the game back to right after event `back_to`."""
    ctx = ctx or context.current()
    if isinstance(back_to, bool) or not isinstance(back_to, int):
        raise Invalid.of("service.undo.back_to")
    stamp = store.now()
    with db.write(ctx.engine) as conn:
        game = _active_game(conn, game_id)
        module = lobby.module_for(ctx, game.game)
        seat_players = progress.seat_players(conn, game_id)
        if seat not in seat_players:
            raise Forbidden.of("service.no_seat")
        rows = records.read_rows(conn, game_id, upto=game.version)
        _first, crosses = rewind_range(module, rows, back_to)
        # Bot seats never object: they approve at once, and only the people are asked.
        bots = set(conn.execute(select(seats.c.seat).where(
            seats.c.game_id == game_id, seats.c.bot.is_not(None))).scalars())
        answers = {str(s): "approve" for s in bots | {seat}}
        result = conn.execute(insert(undo_requests).values(
            game_id=game_id, seat=seat, back_to=back_to, version=game.version, status=PENDING,
            answers=answers, reason=reason[:500], crosses_reveal=crosses,
            created_at=stamp, expires_at=stamp + timedelta(hours=hours)
        ).returning(undo_requests.c.id))
        request_id = result.scalar_one()
        others = {s: p for s, p in seat_players.items() if s != seat and s not in bots}
        for other, player_id in others.items():
            progress.notify(conn, game_id, "undo-request", [player_id], {
                "game_id": game_id, "request": request_id, "seat": other, "by": seat,
                "back_to": back_to, "version": game.version, "crosses_reveal": crosses,
                "reason": reason[:500], "expires_at": (stamp + timedelta(hours=hours)).isoformat()})
    if not others:  # alone at the table, or with bots only: nobody to ask
        return _apply(ctx, request_id, source)
    return get(ctx, game_id, request_id)


def own_move(ctx: Context | None, game_id: str, seat: int, *, player: int | None = None
             ) -> tuple[int, tuple[dict[str, Any], ...]]:
    """(back_to, commands): the point just before the seat's last move, and that move's commands,
    wherever it is, with everything played since: what an undo by consent (`request`) takes back
    when an own undo is refused (hidden information drawn or revealed since, another seat or the
    game acted since) and the player, by mail, has no event number to give. `player`: only their
    own commands count as their move (a seat that changed hands keeps the moves of whoever made
    them)."""
    ctx = ctx or context.current()
    with db.read(ctx.engine) as conn:
        game = _active_game(conn, game_id)
        module = lobby.module_for(ctx, game.game)
        rows = records.read_rows(conn, game_id, upto=game.version)
    live = records.effective_batches(rows, module)
    mine = [i for i, b in enumerate(live) if i > 0 and b.seat == seat and b.command is not None
            and (player is None or b.rows[0].actor == f"player:{player}")]
    if not mine:  # the opening (first batch) is never undone
        raise Rejected.of("service.undo.nothing", allowed={"count": 0})
    unit = _unit(live[:mine[-1] + 1], seat)
    moves = tuple({k: v for k, v in b.command.items() if k != "seat"}
                  for b in unit if b.seat == seat and isinstance(b.command, dict))
    return live[live.index(unit[0]) - 1].last, moves


def get(ctx: Context, game_id: str, request_id: int) -> Request:
    if not 0 < request_id < MAX_ID:
        raise NotFound.of("service.undo.no_request", request=request_id)
    _lapse_stale(ctx, game_id)
    with db.read(ctx.engine) as conn:
        row = conn.execute(select(undo_requests).where(undo_requests.c.id == request_id,
                                                       undo_requests.c.game_id == game_id)).first()
    if row is None:
        raise NotFound.of("service.undo.no_request", request=request_id)
    return _request(row)


def pending(ctx: Context, game_id: str, *, include_done: bool = False) -> list[Request]:
    """The game's undo requests awaiting answers (or all of them), oldest first."""
    _lapse_stale(ctx, game_id)
    query = select(undo_requests).where(undo_requests.c.game_id == game_id)
    if not include_done:
        query = query.where(undo_requests.c.status == PENDING)
    with db.read(ctx.engine) as conn:
        return [_request(r) for r in conn.execute(query.order_by(undo_requests.c.id))]


def answer(ctx: Context | None, game_id: str, request_id: int, seat: int, approve: bool, *,
           source: Source = API) -> Request:
    """Record the seat's answer; the last approval applies the undo, a refusal ends the request."""
    ctx = ctx or context.current()
    if not 0 < request_id < MAX_ID:
        raise NotFound.of("service.undo.no_request", request=request_id)
    _lapse_stale(ctx, game_id)
    with db.write(ctx.engine) as conn:
        seat_players = progress.seat_players(conn, game_id)
        row = conn.execute(select(undo_requests).where(
            undo_requests.c.id == request_id, undo_requests.c.game_id == game_id)
            .with_for_update()).first()
        if row is None:
            raise NotFound.of("service.undo.no_request", request=request_id)
        if seat not in seat_players:
            raise Forbidden.of("service.no_seat")
        if row.status != PENDING:
            raise Conflict.of("service.undo.closed", status=row.status)
        if seat == row.seat:
            raise Invalid.of("service.undo.own_request")
        answers = {**dict(row.answers), str(seat): "approve" if approve else "refuse"}
        values: dict[str, Any] = {"answers": answers}
        if not approve:
            values.update(status=REFUSED, decided_at=store.now())
            progress.notify(conn, game_id, "undo-refused", [seat_players[row.seat]], {
                "game_id": game_id, "request": request_id, "by": seat})
        conn.execute(update(undo_requests).where(undo_requests.c.id == request_id)
                     .values(**values))
    everyone = all(answers.get(str(s)) == "approve" for s in seat_players)
    if approve and everyone:
        return _apply(ctx, request_id, source)
    return get(ctx, game_id, request_id)


def _apply(ctx: Context, request_id: int, source: Source) -> Request:
    with db.read(ctx.engine) as conn:
        req = _request(conn.execute(select(undo_requests)
                                    .where(undo_requests.c.id == request_id)).one())

    def decide(module: GameModule, version: int, _state: Any) -> list[Event]:
        if version != req.version:
            raise MovedOn.of("service.undo.lapsed")
        with db.read(ctx.engine) as conn:
            rows = records.read_rows(conn, req.game_id, upto=version)
        first, crosses = rewind_range(module, rows, req.back_to)
        event = undone_event(first, version, by=req.seat, reason="consent",
                             consent=sorted(int(s) for s in req.answers))
        extra = {"request": req.id, "past_reveal": crosses}
        return [Event(UNDONE, {**event.payload, **extra}, event.version)]

    try:
        outcome = commands.handle(req.game_id, req.seat,
                                  Command("undo_consent", req.seat, {"request": req.id,
                                                                     "back_to": req.back_to}),
                                  source, ctx=ctx,
                                  expected_version=req.version, decider=decide)
    except (MovedOn, Stale, NotActive):
        _close(ctx, req, LAPSED)
        raise Conflict.of("service.undo.lapsed") \
            from None
    _close(ctx, req, APPLIED, undo_seq=outcome.version)
    return get(ctx, req.game_id, req.id)


def _close(ctx: Context, req: Request, status: str, *, undo_seq: int | None = None) -> None:
    with db.write(ctx.engine) as conn:
        done = conn.execute(update(undo_requests)
                            .where(undo_requests.c.id == req.id,
                                   undo_requests.c.status == PENDING)
                            .values(status=status, decided_at=store.now(), undo_seq=undo_seq))
        if done.rowcount:
            players = _seat_players(conn, req.game_id)
            progress.notify(conn, req.game_id, f"undo-{status}", players.values(), {
                "game_id": req.game_id, "request": req.id, "back_to": req.back_to,
                "undo_seq": undo_seq})


def _seat_players(conn: Any, game_id: str) -> dict[int, int]:
    return progress.seat_players(conn, game_id)


def _lapse_stale(ctx: Context, game_id: str | None = None, *, now: datetime | None = None
                 ) -> int:
    """Mark pending requests lapsed whose game moved on or whose deadline passed."""
    now = now or store.now()
    query = (select(undo_requests, games.c.version.label("game_version"),
                    games.c.status.label("game_status"))
             .join(games, games.c.id == undo_requests.c.game_id)
             .where(undo_requests.c.status == PENDING))
    if game_id is not None:
        query = query.where(undo_requests.c.game_id == game_id)
    with db.read(ctx.engine) as conn:
        stale = [_request(r) for r in conn.execute(query)
                 if r.game_version != r.version or r.game_status != progress.ACTIVE
                 or _aware(r.expires_at) <= now]
    for req in stale:
        _close(ctx, req, LAPSED)
    return len(stale)


def lapse_due(ctx: Context | None = None, *, now: datetime | None = None) -> int:
    """For the workers' beat: lapse every pending request that is past its deadline or whose game
    moved on (each side is also checked whenever a request is read or answered). Returns how many."""
    return _lapse_stale(ctx or context.current(), now=now)
