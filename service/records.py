"""A game's record: stored rows, verification, export, import, replay.

**Rows.** Every event row carries its command batch (`batch`: the seq of the batch's first event),
the command that caused it (on the batch's first row) and a hash chained to the previous row over a
canonical JSON form (`service.store.canonical`: seq, batch, type, version, payload, actor, source,
source ref, command, time and the previous hash; not the game id, so an imported record verifies
under another id).

**Verification** (`verify`, `pbem verify GAME`, and every import) checks, in order, and reports the
first bad event:

1. the chain: seqs 1, 2, 3… without a gap, well-formed batches, each hash recomputed;
2. the fold: every event the game's state is made of applies (undone ranges skipped), every undo
   marker names a whole range of earlier commands;
3. the draws, by deciding everything again: the opening batch must be exactly what the game's
   `create` makes with the committed seed (checked against `seed_hash` in the first event) and the
   game's options and set-up, and every later batch exactly what `decide` makes of its recorded
   command on the state before it (undone batches on the state they were decided on). Draws are
   keyed by (seed, draw number), so this reproduces every shuffle, every card turned up and every
   automatic consequence: a forged outcome, even with a recomputed chain, does not match. Once the
   game has ended, its last event reveals the seed, and anyone holding the exported record can run
   this (the record of a finished game is public, `GET /api/games/{id}/record`). Batches stored
   before commands were recorded (rows migrated by 0003) cannot be decided again and are counted.
   A record is judged by the rules version it was made under (`rules` in its first event, 1 when
   absent: `domain.core.game.GameModule.rules_version`), which the game's state carries from that
   event, so a rule fixed since still verifies the games played before; a version this server
   does not know fails;
4. the read model: `games.version` and `status` agree with the log (database only).

Commands are decided in their canonical key order (`domain.core.commands.canonical`), so a command
read back from JSONB or an export decides to the same events; see `_decide_again` for batches
recorded before.

**Export and import.** The export's header is signed by the server (see `sign`): the chain alone
proves nothing about what anybody can recompute (the seats, the end of the record, every event's
time and source), the signature anchors it. `check_loaded` verifies a record and what its header
claims, and says whether this server signed it; `import_record` takes only records it signed.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from itsdangerous import Signer
from sqlalchemy import ColumnElement, Connection, insert, or_, select

from domain.core import surface
from domain.core.commands import Command
from domain.core.events import Event
from domain.core.game import GameModule
from domain.core.rng import seed_commitment
from domain.core.undo import UNDONE, undone_seqs
from service import commands, db, lobby, players, progress, store
from service import seats as seat_moves
from service.context import Context
from service.errors import Conflict, Invalid, NotFound
from service.tables import events as events_t
from service.tables import games, seats
from service.tables import players as players_table

log = logging.getLogger(__name__)

RECORD = "pbem-game-record/2"  # /2: the header is signed
RECORDS = ("pbem-game-record/1", RECORD)  # /1 is read (verified), never imported
UNDO_COMMANDS = ("undo", "undo_consent")


@dataclass(frozen=True)
class Row:
    """One stored event row, as it is stored (payload not upcast) and as the game reads it."""

    seq: int
    batch: int
    type: str
    version: int
    payload: Any
    actor: str
    source: str
    source_ref: str | None
    command: Any
    created_at: datetime | str
    hash: str

    def chained(self) -> dict[str, Any]:
        return {"seq": self.seq, "batch": self.batch, "type": self.type, "version": self.version,
                "payload": self.payload, "actor": self.actor, "source": self.source,
                "source_ref": self.source_ref, "command": self.command,
                "created_at": self.created_at}

    def event(self, module: GameModule) -> Event:
        return module.upcasters.load({"type": self.type, "version": self.version,
                                      "payload": self.payload})

    def to_json(self) -> dict[str, Any]:
        out = self.chained()
        out["created_at"] = (store.stamp_text(self.created_at)
                             if isinstance(self.created_at, datetime) else self.created_at)
        out["hash"] = self.hash
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Row:
        return cls(seq=data["seq"], batch=data["batch"], type=data["type"],
                   version=data["version"], payload=data["payload"], actor=data["actor"],
                   source=data["source"], source_ref=data.get("source_ref"),
                   command=data.get("command"), created_at=data["created_at"], hash=data["hash"])


def read_rows(conn: Connection, game_id: str, *, after: int = 0, upto: int | None = None,
              seqs: Iterable[int] | None = None, undos: bool = False) -> list[Row]:
    """The game's rows after < seq <= upto in order; or, with `seqs`/`undos`, only those seqs
    and/or every undo marker."""
    query = (select(events_t).where(events_t.c.game_id == game_id, events_t.c.seq > after)
             .order_by(events_t.c.seq))
    if upto is not None:
        query = query.where(events_t.c.seq <= upto)
    if seqs is not None or undos:
        wanted: list[ColumnElement[bool]] = [events_t.c.seq.in_(sorted(seqs or ()))]
        if undos:
            wanted.append(events_t.c.type == UNDONE)
        query = query.where(or_(*wanted))
    return [Row(seq=r.seq, batch=r.batch, type=r.type, version=r.version, payload=r.payload,
                actor=r.actor, source=r.source, source_ref=r.source_ref, command=r.command,
                created_at=r.created_at, hash=r.hash)
            for r in conn.execute(query)]


# --- batches and the effective stream ----------------------------------------------------------


@dataclass
class Batch:
    """The events one command caused (or the opening, or an undo marker)."""

    first: int
    rows: list[Row] = field(default_factory=list)

    @property
    def last(self) -> int:
        return self.rows[-1].seq

    @property
    def command(self) -> Any:
        return self.rows[0].command

    @property
    def seat(self) -> int | None:
        """The seat whose command this was (None: the system, the opening, or unknown)."""
        command = self.command
        return command.get("seat") if isinstance(command, Mapping) else None

    @property
    def is_undo(self) -> bool:
        return self.rows[0].type == UNDONE


def batches(rows: Iterable[Row]) -> list[Batch]:
    out: list[Batch] = []
    for row in rows:
        if not out or row.batch != out[-1].first:
            out.append(Batch(row.batch))
        out[-1].rows.append(row)
    return out


def skipped(rows: Sequence[Row], module: GameModule) -> set[int]:
    """The seqs that are undone, and the undo markers themselves."""
    return undone_seqs((r.seq, r.event(module)) for r in rows if r.type == UNDONE)


def effective_batches(rows: Sequence[Row], module: GameModule) -> list[Batch]:
    skip = skipped(rows, module)
    return [b for b in batches(rows) if b.first not in skip]


def undone_by(rows: Sequence[Row], module: GameModule) -> dict[int, int]:
    """seq → the seq of the (first) undo marker that cancelled it."""
    out: dict[int, int] = {}
    for r in rows:
        if r.type == UNDONE:
            e = r.event(module)
            for seq in range(e["first"], e["last"] + 1):
                out.setdefault(seq, r.seq)
    return out


def fold_rows(module: GameModule, rows: Sequence[Row]) -> Any:
    skip = skipped(rows, module)
    return module.fold([r.event(module) for r in rows if r.seq not in skip])


# --- verification -----------------------------------------------------------------------------


@dataclass
class Report:
    game_id: str
    events: int = 0
    ok: bool = True
    bad_seq: int | None = None
    problem: str = ""
    head: str = store.GENESIS
    redecided: int = 0
    reordered: int = 0
    not_redecidable: int = 0
    seed_checked: bool = False
    signature: str = ""  # a record's header: SIGNED, UNSIGNED or NOT_OURS (see `signature`)
    notes: list[str] = field(default_factory=list)

    def fail(self, seq: int | None, problem: str) -> Report:
        self.ok, self.bad_seq, self.problem = False, seq, problem
        return self

    def text(self) -> str:
        if not self.ok:
            where = f"event {self.bad_seq}" if self.bad_seq is not None else "the game"
            return f"game {self.game_id}: BAD at {where}: {self.problem}"
        lines = [f"game {self.game_id}: OK — {self.events} events, chain head {self.head}",
                 f"  {self.redecided} command batches decided again and matched"
                 + (f", {self.not_redecidable} without a recorded command"
                    if self.not_redecidable else "")]
        if self.reordered:
            lines.append(f"  {self.reordered} of them recorded before commands had one key "
                         "order, and matched in another order of their keys (the same command)")
        lines.append("  seed: revealed and matches its commitment" if self.seed_checked
                     else "  seed: not revealed yet (the game has not ended)")
        lines += [f"  {n}" for n in self.notes]
        return "\n".join(lines)


def _same(a: Sequence[Event], b: Sequence[Event]) -> bool:
    return [e.dumps() for e in a] == [e.dumps() for e in b]


MAX_KEY_ORDERS = 720
"""How many orders of a command's keys the verifier tries for a batch recorded before commands
were canonical: every command the game has had fits (its objects have a handful of keys), and a
crafted record cannot make the verifier work for long."""


def _decide_again(module: GameModule, state: Any, group: Batch, events: Sequence[Event],
                  report: Report) -> tuple[int, str] | None:
    """None if the batch's recorded command decides, on `state`, to exactly its events; else the
    first bad seq and the problem.

    The command is decided in its canonical form (`domain.core.commands.canonical`): what the game
    has decided since commands were canonical. A batch recorded before that was decided in the
    key order its command was written in, which the database (JSONB) or an export may since have
    changed; it is accepted if one order of its objects' keys decides to its events (counted in
    `report.reordered`). Any order is the same JSON object, so this accepts no other command.
    """
    try:
        command = Command.from_json(group.command, seat=group.seat)
    except Exception as error:
        return group.first, f"its command is not legal here: {error}"
    try:
        decided: list[Event] | None = list(module.decide(state, command))
        refusal = None
    except Exception as error:
        decided, refusal = None, error
    if decided is not None and _same(decided, events):
        return None
    if _key_orders(command.params) <= MAX_KEY_ORDERS:
        for params in _in_every_key_order(command.params):
            try:
                again = module.decide(state, command.in_key_order(params))
            except Exception:
                continue
            if _same(again, events):
                report.reordered += 1
                return None
    if decided is None:
        return group.first, f"its command is not legal here: {refusal}"
    where = next((r.seq for r, d, e in zip(group.rows, decided, events, strict=False)
                  if d.dumps() != e.dumps()), group.first + min(len(decided), len(events)))
    return where, "the event is not what the recorded command makes (deciding it again gives " \
                  "something else)"


def _key_orders(value: Any) -> int:
    """How many key orders the objects in `value` can take together."""
    if isinstance(value, Mapping):
        return math.factorial(len(value)) * math.prod(_key_orders(v) for v in value.values())
    if isinstance(value, list):
        return math.prod(_key_orders(v) for v in value)
    return 1


def _in_every_key_order(value: Any) -> Iterator[Any]:
    """`value` with its objects' keys in every order they can take, the order given first."""
    if isinstance(value, Mapping):
        inner = {k: list(_in_every_key_order(v)) for k, v in value.items()}
        for keys in itertools.permutations(value):
            for values in itertools.product(*(inner[k] for k in keys)):
                yield dict(zip(keys, values, strict=True))
    elif isinstance(value, list):
        for items in itertools.product(*(list(_in_every_key_order(v)) for v in value)):
            yield list(items)
    else:
        yield value


def check(module: GameModule, rows: Sequence[Row], *, game_id: str, players: int,
          options: Mapping[str, Any], setup: Mapping[str, Any] | None,
          seed: str | None = None) -> Report:
    """Verify a record (see the module's docstring). `seed`: the seed the service holds, if any."""
    report = Report(game_id, events=len(rows))
    # 1. the chain
    prev = store.GENESIS
    for i, row in enumerate(rows, start=1):
        if row.seq != i:
            return report.fail(i, f"event {i} is missing (found {row.seq} in its place)")
        if row.batch not in (row.seq, rows[i - 2].batch if i > 1 else None):
            return report.fail(row.seq, f"batch {row.batch} is not a run of commands' events")
        if row.batch != row.seq and row.command is not None:
            return report.fail(row.seq, "a command is recorded inside a batch")
        if not row.hash or store.row_hash(row.chained(), prev) != row.hash:
            return report.fail(row.seq, "its hash does not match its content and the previous "
                                        "hash: the row was altered (or one before it was)")
        prev = row.hash
    report.head = prev
    if not rows:
        return report.fail(None, "the game has no events")
    # 2 and 3. the fold and the decisions, walking the batches in order
    groups = batches(rows)
    opening = groups[0]
    first = opening.rows[0].payload if isinstance(opening.rows[0].payload, Mapping) else {}
    committed, created_seed = surface.seed_commitment(module, first)
    if committed is not None and created_seed is not None \
            and seed_commitment(created_seed) != committed:
        return report.fail(1, "the seed does not match the commitment published in event 1")
    if seed is not None and created_seed is not None and seed != created_seed:
        return report.fail(1, "event 1's seed is not the game's seed")
    use_seed = created_seed if created_seed is not None else seed
    # The rules the record was made under: its decisions are judged by them (the game's state
    # carries them from the first event), and the opening is compared with today's as recorded.
    recorded_rules, known = surface.record_rules(first), surface.rules_version(module)
    if recorded_rules is None or recorded_rules > known:
        return report.fail(1, f"the record's rules version {first.get('rules')!r} is not one "
                              f"this server plays (1 to {known})")
    if opening.command is None and use_seed is not None:
        try:
            expected = surface.opening_as_recorded(
                module.create(players, options, use_seed, setup), first)
        except Exception as error:
            return report.fail(1, f"the game's create refuses the recorded options: {error}")
        if not _same(expected, [r.event(module) for r in opening.rows]):
            return report.fail(opening.first, "the opening is not what the seed, options and "
                                              "set-up make")
        report.redecided += 1
    seen: list[Row] = list(opening.rows)
    try:
        state = module.fold([r.event(module) for r in opening.rows])
    except Exception as error:
        return report.fail(opening.first, f"the opening does not fold: {error}")
    for group in groups[1:]:
        events = [r.event(module) for r in group.rows]
        if group.is_undo:
            e = events[0]
            starts = {b.first for b in batches(seen)}
            if len(events) != 1 or not (opening.last < e["first"] <= e["last"] < group.first) \
                    or e["first"] not in starts:
                return report.fail(group.first, "the undo does not name whole earlier commands")
            seen += group.rows
            try:
                state = fold_rows(module, seen)
            except Exception as error:
                return report.fail(group.first, f"the game does not fold after the undo: {error}")
            continue
        if group.command is None:
            report.not_redecidable += 1
        else:
            failed = _decide_again(module, state, group, events, report)
            if failed is not None:
                return report.fail(*failed)
            report.redecided += 1
        try:
            state = module.fold(events, state)
        except Exception as error:
            return report.fail(group.first, f"the event does not apply: {error}")
        seen += group.rows
    # the revealed seed
    last = fold_rows(module, rows)
    if module.is_over(last):
        found = surface.revealed_seed(module, [(r.seq, r.payload) for r in rows
                                               if isinstance(r.payload, Mapping)])
        if found is not None:
            at, revealed = found
            if committed is not None and seed_commitment(revealed) != committed:
                return report.fail(at, "the revealed seed does not match the commitment")
            if created_seed is not None and revealed != created_seed:
                return report.fail(at, "the revealed seed is not the game's seed")
            report.seed_checked = True
    return report


def verify(ctx: Context, game_id: str) -> Report:
    """Verify a stored game: chain, fold, decisions, seed, and the `games` read model."""
    with db.read(ctx.engine) as conn:
        game = conn.execute(select(games).where(games.c.id == game_id)).first()
        if game is None:
            raise NotFound(f"There is no game {game_id!r}.")
        rows = read_rows(conn, game_id)
    module = lobby.module_for(ctx, game.game)
    if game.status == progress.INVITED and not rows:
        report = Report(game_id)
        report.notes.append("not started: no events yet")
        return report
    report = check(module, rows, game_id=game_id, players=game.players, options=game.options,
                   setup=game.setup, seed=game.seed)
    if not report.ok:
        return report
    state = fold_rows(module, rows)
    if game.version != len(rows):
        return report.fail(len(rows), f"the games table says version {game.version}, the log "
                                      f"holds {len(rows)} events")
    if (game.status == progress.OVER) != module.is_over(state):
        return report.fail(len(rows), f"the games table says {game.status!r}, the log does not")
    return report


# --- export, import, replay --------------------------------------------------------------------


def export_lines(ctx: Context, game_id: str, seat: int | None = None) -> Iterator[str]:
    """The game's record as JSON lines: a signed header, then every event row with its hash.
    The header's `talk` holds the table talk: the table's messages, and the private ones of
    `seat` (None: none) — never in the hash chain, so a record verifies with or without it."""
    header, rows = _export(ctx, game_id, seat)
    yield _dumps(sign(ctx, header))
    for row in rows:
        yield _dumps(row.to_json())


def _export(ctx: Context, game_id: str, seat: int | None = None
            ) -> tuple[dict[str, Any], list[Row]]:
    from service import talk

    with db.read(ctx.engine) as conn:
        game = conn.execute(select(games).where(games.c.id == game_id)).first()
        if game is None:
            raise NotFound(f"There is no game {game_id!r}.")
        rows = read_rows(conn, game_id)
        seated = conn.execute(select(seats.c.seat, players_table.c.email, players_table.c.name)
                              .join(players_table, players_table.c.id == seats.c.player_id)
                              .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
        changes = seat_moves.history(conn, game_id)
        ids = {p for c in changes for p in (c.from_player, c.to_player) if p is not None}
        ids |= {int(r.actor[7:]) for r in rows if changes and r.actor.startswith("player:")
                and r.actor[7:].isdigit()}
        names = {r.id: r.name for r in conn.execute(
            select(players_table.c.id, players_table.c.name)
            .where(players_table.c.id.in_(sorted(ids))))} if changes else {}
        said = talk.visible(conn, game_id, seat, limit=100_000)
    header = {"record": RECORD, "game_id": game_id, "game": game.game, "players": game.players,
              "options": game.options, "setup": game.setup, "status": game.status,
              "seats": [{"seat": s.seat, "email": s.email, "name": s.name} for s in seated],
              "events": len(rows), "head": rows[-1].hash if rows else store.GENESIS,
              "exported_at": store.stamp_text(store.now()),
              "talk": [{"seat": m.seat, "to_seat": m.to, "version": m.version, "text": m.text,
                        "at": store.stamp_text(m.created_at)} for m in said]}
    if changes:  # seats changed hands: who held each seat when, and who each actor is
        header["seat_changes"] = [{"seat": c.seat, "kind": c.kind, "after_event": c.version,
                                   "from": names.get(c.from_player or -1),
                                   "to": names.get(c.to_player or -1), "bot": c.bot}
                                  for c in changes]
        header["actors"] = {f"player:{p}": names.get(p) for p in sorted(ids)}
    return header, rows


def public_record(ctx: Context, game_id: str, seat: int | None = None) -> list[str]:
    """A finished game's record for anyone: like the export, without the players' emails; with
    the table's messages, and `seat`'s private ones when the reader is that seat's player."""
    header, rows = _export(ctx, game_id, seat)
    if header["status"] != progress.OVER:
        raise Conflict("The record is public once the game has ended; it has not.")
    header["seats"] = [{"seat": s["seat"], "name": s["name"]} for s in header["seats"]]
    return [_dumps(sign(ctx, header)), *(_dumps(r.to_json()) for r in rows)]


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# --- the header's signature ---------------------------------------------------------------------
# The chain proves that the events hang together, not who made it: anybody can recompute every
# hash after changing an event's time or source, cutting the last events off, or swapping the
# seats in the header. The server therefore signs the header (which names the seats, the status,
# the number of events and the last hash, so through the chain every event's metadata too) with
# an HMAC keyed by PBEM_SECRET_KEY. Only a holder of the key can check it: this server imports
# only records it signed; anybody else can check the moves and the draws, not the rest.

SIGNED, UNSIGNED, NOT_OURS = "signed", "unsigned", "not ours"
_SIGNATURE_SALT = "pbem.game-record"


def _signer(ctx: Context) -> Signer:
    return Signer(ctx.settings.secret_key, salt=_SIGNATURE_SALT, key_derivation="hmac",
                  digest_method=hashlib.sha256)


def _signed_part(header: Mapping[str, Any]) -> str:
    return _dumps({k: v for k, v in header.items() if k != "signature"})


def sign(ctx: Context, header: dict[str, Any]) -> dict[str, Any]:
    header["signature"] = _signer(ctx).get_signature(_signed_part(header)).decode()
    return header


def signature(ctx: Context, header: Mapping[str, Any]) -> str:
    """SIGNED (by this server's key, unchanged since), UNSIGNED, or NOT_OURS (signed with another
    key, or changed after it was signed: nobody without the key can tell which)."""
    found = header.get("signature")
    if not isinstance(found, str) or not found:
        return UNSIGNED
    return SIGNED if _signer(ctx).verify_signature(_signed_part(header), found) else NOT_OURS


@dataclass
class Loaded:
    header: dict[str, Any]
    rows: list[Row]


def parse(lines: Iterable[str]) -> Loaded:
    """Read a record; a malformed line is refused with its event number."""
    header: dict[str, Any] | None = None
    rows: list[Row] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            where = "the header" if header is None else f"event {len(rows) + 1}"
            raise Invalid(f"Line {number} ({where}) is not JSON.") from None
        if header is None:
            if not isinstance(data, dict) or data.get("record") not in RECORDS:
                raise Invalid(f"Not a game record (the first line must say {RECORD!r}).")
            header = data
            continue
        try:
            rows.append(Row.from_json(data))
        except (KeyError, TypeError):
            raise Invalid(f"Event {len(rows) + 1} (line {number}) lacks a field.") from None
    if header is None:
        raise Invalid("The record is empty.")
    return Loaded(header, rows)


def check_loaded(ctx: Context, loaded: Loaded) -> Report:
    """Verify a record (`check`), then what its header claims: the seats, the number of events,
    the last hash, the status; and whether this server signed it (`report.signature`)."""
    h = loaded.header
    if not isinstance(h.get("game"), str) or type(h.get("players")) is not int:
        raise Invalid("The record's header must name its game and its number of players.")
    module = lobby.module_for(ctx, h["game"])
    report = check(module, loaded.rows, game_id=h.get("game_id", "?"), players=h["players"],
                   options=h.get("options") or {}, setup=h.get("setup"))
    report.signature = signature(ctx, h)
    if not report.ok:
        return report
    end = len(loaded.rows)
    listed = h.get("seats")
    if not isinstance(listed, list) or not all(isinstance(s, Mapping) for s in listed) \
            or [s.get("seat") for s in listed] != list(range(h["players"])):
        return report.fail(None, f"the header must list seats 0 to {h['players'] - 1}, in order")
    if h.get("events") not in (None, end):
        return report.fail(end, f"the header announces {h['events']} events, the record holds "
                                f"{end} (cut short?)")
    if h.get("head") not in (None, report.head):
        return report.fail(end, "the last hash is not the one the header announces")
    over = module.is_over(fold_rows(module, loaded.rows))
    if h.get("status") not in (None, progress.OVER if over else progress.ACTIVE):
        return report.fail(end, f"the header says the game is {h['status']!r}, its events say "
                                f"it {'has ended' if over else 'has not ended (cut short?)'}")
    if report.signature == SIGNED:
        report.notes.append(f"header: signed by this server at its export "
                            f"({h.get('exported_at', 'time not stated')}): the seats, status, "
                            "number of events and last hash are as it recorded them, and so, "
                            "through the chain, is every event's who, when and from where")
    else:
        report.notes.append("header: NOT signed by this server ("
                            + ("no signature" if report.signature == UNSIGNED else
                               "another server's key, or changed after its export")
                            + "): the moves and the draws check out, but not who sat in which "
                              "seat, nor when and from where each move came, nor that nothing "
                              "was cut off the end")
    if not over:
        report.notes.append(f"the game has not ended in this record (after event {end}): an "
                            "unfinished game, or a record cut short")
    return report


def import_record(ctx: Context, loaded: Loaded, *, game_id: str | None = None) -> str:
    """Verify a record and store it as a game (under `game_id`, default the record's own id).

    Refuses (Invalid, naming the first bad event) a record that does not verify. The seats'
    players are found by email, or created. A game still in play then goes on like any other:
    its `games` row is moved to the imported version by `progress.record`, the path every move
    takes, so the waited-on seats get their deadlines and your-turn mails (and a state waiting
    on the system or a bot its task row) in the import's transaction.
    """
    report = check_loaded(ctx, loaded)
    if not report.ok:
        where = f"event {report.bad_seq}" if report.bad_seq is not None else "the record"
        raise Invalid(f"The record does not verify at {where}: {report.problem}",
                      bad_event=report.bad_seq)
    if report.signature != SIGNED:  # its seats, status and end would be taken on trust
        raise Invalid("The record's header is not signed by this server ("
                      + ("it has no signature" if report.signature == UNSIGNED else
                         "it was signed with another key, or changed after its export")
                      + "), so its seats, status and end cannot be trusted: only records "
                        "exported by a server with this PBEM_SECRET_KEY are imported. `pbem "
                        "verify FILE` checks its moves and draws without importing it.")
    h = loaded.header
    if any(not isinstance(s.get("email"), str) for s in h["seats"]):
        raise Invalid("This record names no email for its seats (a public record): it can be "
                      "verified (`pbem verify FILE`), not imported; import `pbem export`'s.")
    module = lobby.module_for(ctx, h["game"])
    state = fold_rows(module, loaded.rows)
    over = module.is_over(state)
    gid = game_id or h.get("game_id") or lobby.new_game_id()
    first = loaded.rows[0].payload if loaded.rows else {}
    _committed, seed = surface.seed_commitment(module, first if isinstance(first, Mapping) else {})
    stamp = store.now()
    with db.write(ctx.engine) as conn:
        if conn.execute(select(games.c.id).where(games.c.id == gid)).first() is not None:
            raise Conflict(f"There is already a game {gid!r} here; import under a new id.")
        seated = [players.ensure(conn, s["email"], name=s.get("name")) for s in h["seats"]]
        conn.execute(insert(games).values(
            id=gid, game=h["game"], options=h.get("options") or {}, setup=h.get("setup"),
            seed=seed or "", players=h["players"],
            status=progress.OVER if over else progress.ACTIVE,
            version=len(loaded.rows) if over else 0, waiting_on=[],
            created_by=seated[0].id, created_at=stamp, updated_at=stamp))
        conn.execute(insert(seats), [{"game_id": gid, "seat": s["seat"], "player_id": p.id,
                                      "accepted_at": stamp}
                                     for s, p in zip(h["seats"], seated, strict=True)])
        if loaded.rows:
            conn.execute(insert(events_t), [
                {**r.chained(), "game_id": gid, "hash": r.hash,
                 "created_at": _stamp(r.created_at)} for r in loaded.rows])
        queued = not over and progress.record(
            conn, gid, module, expected=0, version=len(loaded.rows), before=None, after=state,
            players={s["seat"]: p.id for s, p in zip(h["seats"], seated, strict=True)})
    if queued:
        commands.run_queued(ctx, gid, module, state)
    return gid


def _stamp(value: datetime | str) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def replay_state(ctx: Context, loaded: Loaded, at: int | None) -> tuple[GameModule, Any, int]:
    """The state right after event `at` of a record (undos recorded up to there applied)."""
    module = lobby.module_for(ctx, loaded.header["game"])
    n = len(loaded.rows) if at is None else at
    if not 1 <= n <= len(loaded.rows):
        raise Invalid(f"The record has {len(loaded.rows)} events; --at must be from 1 to "
                      f"{len(loaded.rows)}.")
    return module, fold_rows(module, loaded.rows[:n]), n
