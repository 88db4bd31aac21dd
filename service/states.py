"""Loading a game's state fast: an in-process cache, then a snapshot, then the later events.

Snapshots are a disposable cache, never a source of truth: a pickled state at a version, tagged with
a fingerprint of the game's code (its package's source files and the Python version). A snapshot
whose fingerprint differs, or that fails to unpickle, is ignored and the state is folded from the
events again; `pbem db drop-snapshots` empties the table at any time. Pickle is acceptable here
because only the service writes that table and a stale format cannot be misread (fingerprint).
"""

from __future__ import annotations

import hashlib
import logging
import pickle
import sys
import threading
from collections import OrderedDict
from pathlib import Path
from types import ModuleType
from typing import Any

from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.exc import IntegrityError

from domain.core.game import GameModule
from domain.core.undo import UNDONE, effective
from service import db
from service.store import Recorded, now, read
from service.tables import snapshots

log = logging.getLogger(__name__)


class StateCache:
    """game id → (version, state), least recently used first out. States are never mutated
    (`fold` and `evolve` return new ones), so sharing them between threads is safe."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._items: OrderedDict[str, tuple[int, Any]] = OrderedDict()
        self._hashes: dict[str, tuple[int, str]] = {}  # game id → (seq, hash) of a committed event
        self._lock = threading.Lock()

    def get(self, game_id: str) -> tuple[int, Any] | None:
        with self._lock:
            item = self._items.get(game_id)
            if item is not None:
                self._items.move_to_end(game_id)
            return item

    def put(self, game_id: str, version: int, state: Any) -> None:
        with self._lock:
            held = self._items.get(game_id)
            if held is not None and held[0] > version:
                return  # a newer state is already here
            self._items[game_id] = (version, state)
            self._items.move_to_end(game_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._hashes.clear()

    def chain_hash(self, game_id: str, seq: int) -> str | None:
        """The hash of the game's event `seq` if this process has it (events are immutable, so a
        known hash is never stale: it saves the append a query)."""
        held = self._hashes.get(game_id)
        return held[1] if held is not None and held[0] == seq else None

    def put_chain_hash(self, game_id: str, seq: int, value: str) -> None:
        """Remember the hash of a COMMITTED event (never one of a transaction still open)."""
        with self._lock:
            held = self._hashes.pop(game_id, None)
            self._hashes[game_id] = max(held, (seq, value)) if held else (seq, value)
            while len(self._hashes) > self.size:
                del self._hashes[next(iter(self._hashes))]


_fingerprints: dict[int, str] = {}


def fingerprint(module: GameModule) -> str:
    """A digest of the code that folds this game's states: a snapshot from other code is stale."""
    known = _fingerprints.get(id(module))
    if known is None:
        known = _fingerprints[id(module)] = _digest(module)
    return known


def _digest(module: GameModule) -> str:
    name = module.__name__ if isinstance(module, ModuleType) else type(module).__module__
    package = sys.modules[name.split(".")[0] if "." not in name else name.rsplit(".", 1)[0]]
    digest = hashlib.sha256(f"{sys.version_info[:2]}|{module.name}".encode())
    for folder in getattr(package, "__path__", []) or [Path(package.__file__ or "").parent]:
        for path in sorted(Path(folder).rglob("*.py")):
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _snapshot(engine: Engine, game_id: str, module: GameModule, upto: int | None
              ) -> tuple[int, Any] | None:
    query = (
        select(snapshots.c.version, snapshots.c.state)
        .where(snapshots.c.game_id == game_id, snapshots.c.fingerprint == fingerprint(module))
        .order_by(snapshots.c.version.desc())
        .limit(1)
    )
    if upto is not None:
        query = query.where(snapshots.c.version <= upto)
    with db.read(engine) as conn:
        row = conn.execute(query).first()
    if row is None:
        return None
    try:
        return row.version, pickle.loads(row.state)
    except Exception:  # a disposable cache: fold from the events instead
        log.warning("ignoring an unreadable snapshot of %s at %s", game_id, row.version)
        return None


def save_snapshot(engine: Engine, game_id: str, module: GameModule, version: int, state: Any
                  ) -> None:
    """Store the state at `version` and drop the game's older snapshots (best effort)."""
    blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        with db.write(engine) as conn:
            conn.execute(insert(snapshots).values(
                game_id=game_id, version=version, fingerprint=fingerprint(module), state=blob,
                created_at=now()))
            conn.execute(delete(snapshots).where(snapshots.c.game_id == game_id,
                                                 snapshots.c.version < version))
    except IntegrityError:
        pass  # another reader saved the same snapshot first


def fold_stream(module: GameModule, stream: list[Recorded], state: Any = None) -> Any:
    """Fold stored events onto `state`, skipping undone ranges and the undo markers.

    An undo inside `stream` can only cancel events inside it: callers refold from the start
    whenever an undo appears (see `load`).
    """
    if any(r.event.type == UNDONE for r in stream):
        return module.fold(effective([(r.seq, r.event) for r in stream]), state)
    return module.fold([r.event for r in stream], state)


def load(
    engine: Engine,
    cache_: StateCache | None,
    game_id: str,
    module: GameModule,
    *,
    upto: int | None = None,
    snapshot_every: int = 100,
    current: int | None = None,
) -> tuple[int, Any, list[Recorded]]:
    """The state after event `upto` (default: the last one) and its version.

    `current`: the game's version as `games.version` gave it just now (updated in the transaction
    of every append). A cached state at exactly that version is then used without asking the
    database for later events: one round trip less, and never stale, since the cache may be
    behind when other processes write, but never ahead.

    Also returns the events folded on top of the cached or snapshotted state (callers rarely need
    them). Caches the state when it is the latest.
    """
    base: tuple[int, Any] | None = cache_.get(game_id) if cache_ is not None else None
    if base is not None and upto is not None and base[0] > upto:
        base = None
    if base is not None and current is not None and base[0] == current and upto in (None, current):
        return base[0], base[1], []
    if base is None and not (current is not None and current < snapshot_every
                             and upto in (None, current)):
        # (a snapshot is only written once a load folds `snapshot_every` events: a game with
        # fewer has none worth a query)
        base = _snapshot(engine, game_id, module, upto)
    version, state = base if base is not None else (0, None)
    with db.read(engine) as conn:
        later = read(conn, game_id, module.upcasters, after=version, upto=upto)
        if any(r.event.type == UNDONE for r in later):
            # An undo cancels earlier events: fold the game's whole effective stream again.
            later = read(conn, game_id, module.upcasters, upto=upto)
            state = None
    if later or state is None:
        state = fold_stream(module, later, state)
    head = later[-1].seq if later else version
    if cache_ is not None and upto is None:
        cache_.put(game_id, head, state)
    if len(later) >= snapshot_every:
        save_snapshot(engine, game_id, module, head, state)
    return head, state, later
