"""The event store: appends at an expected version, append-only rows, migrations, snapshots."""

from __future__ import annotations

import pickle
import uuid
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import DBAPIError

from domain.core.events import Event
from service import db, players, progress, states, store
from service.store import ConcurrencyError, Source
from service.tables import events, games, metadata, snapshots
from tests.service.seating import started_game


def _game(ctx: Any, game: str = "bids", seats: int = 2) -> str:
    creator, _ = players.add(ctx, "owner@example.com")
    emails = ["owner@example.com"] + [f"s{i}@example.com" for i in range(1, seats)]
    return started_game(ctx, creator, game=game, emails=emails)


def test_the_migrated_schema_is_the_one_the_code_uses(ctx: Any) -> None:
    with ctx.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []


def test_append_at_the_expected_version_and_read_back(ctx: Any) -> None:
    gid = _game(ctx)
    with db.write(ctx.engine) as conn:
        head = store.append(conn, gid, 2, [Event("bid_submitted", {"seat": 0, "bid": 4})],
                            actor="player:1", source=Source("email", "<m1@example.com>"))
    assert head == 3
    with db.read(ctx.engine) as conn:
        got = store.read(conn, gid, ctx.games["bids"].upcasters)
        ref = conn.execute(select(events.c.source, events.c.source_ref)
                           .where(events.c.game_id == gid, events.c.seq == 3)).one()
    assert [r.seq for r in got] == [1, 2, 3]
    assert got[-1].event == Event("bid_submitted", {"seat": 0, "bid": 4})
    assert got[-1].actor == "player:1"
    assert tuple(ref) == ("email", "<m1@example.com>")


def test_a_second_writer_at_the_same_version_fails_and_stores_nothing(ctx: Any) -> None:
    gid = _game(ctx)
    with db.write(ctx.engine) as conn:
        store.append(conn, gid, 2, [Event("bid_submitted", {"seat": 0, "bid": 1})],
                     actor="a", source=Source("api"))
    with pytest.raises(ConcurrencyError), db.write(ctx.engine) as conn:
        store.append(conn, gid, 2, [Event("bid_submitted", {"seat": 1, "bid": 5}),
                                    Event("bid_submitted", {"seat": 0, "bid": 5})],
                     actor="b", source=Source("api"))
    with db.read(ctx.engine) as conn:
        count = conn.execute(select(func.count()).select_from(events)
                             .where(events.c.game_id == gid)).scalar_one()
    assert count == 3


def test_unknown_sources_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown source"):
        Source("carrier-pigeon")


@pytest.mark.parametrize("statement", ["update", "delete"])
def test_the_database_refuses_to_change_or_remove_an_event(ctx: Any, statement: str) -> None:
    gid = _game(ctx)
    query = (update(events).values(type="forged") if statement == "update" else delete(events))
    with pytest.raises(DBAPIError, match="append-only"), db.write(ctx.engine) as conn:
        conn.execute(query.where(events.c.game_id == gid))


def test_snapshots_are_written_used_and_disposable(ctx: Any) -> None:
    ctx.snapshot_every = 1
    gid = _game(ctx)
    module = ctx.games["bids"]
    version, state, _ = states.load(ctx.engine, None, gid, module, snapshot_every=1)
    with db.read(ctx.engine) as conn:
        row = conn.execute(select(snapshots.c.version, snapshots.c.state)
                           .where(snapshots.c.game_id == gid)).one()
    assert row.version == version == 2
    assert pickle.loads(row.state) == state
    # A snapshot from other code (another fingerprint) is ignored, and so is garbage.
    with db.write(ctx.engine) as conn:
        conn.execute(update(snapshots).values(state=b"not a pickle"))
    again, state2, folded = states.load(ctx.engine, None, gid, module, snapshot_every=100)
    assert (again, state2) == (version, state) and len(folded) == 2
    # Dropping every snapshot changes nothing but speed.
    with db.write(ctx.engine) as conn:
        conn.execute(delete(snapshots))
    assert states.load(ctx.engine, None, gid, module)[:2] == (version, state)


def test_a_snapshot_plus_later_events_is_the_full_fold(ctx: Any) -> None:
    gid = _game(ctx, seats=3)
    module = ctx.games["bids"]
    states.load(ctx.engine, None, gid, module, snapshot_every=1)  # snapshot at 2
    with db.write(ctx.engine) as conn:
        store.append(conn, gid, 2, [Event("bid_submitted", {"seat": 1, "bid": 2})],
                     actor="a", source=Source("api"))
    version, state, folded = states.load(ctx.engine, None, gid, module)
    with db.read(ctx.engine) as conn:
        everything = store.read(conn, gid, module.upcasters)
    assert version == 3 and [r.seq for r in folded] == [3]
    assert state == module.fold([r.event for r in everything])


def test_an_undo_event_makes_the_load_refold_without_the_undone_range(ctx: Any) -> None:
    gid = _game(ctx, seats=3)
    module = ctx.games["bids"]
    cache = states.StateCache()
    with db.write(ctx.engine) as conn:
        store.append(conn, gid, 2, [Event("bid_submitted", {"seat": 1, "bid": 2})],
                     actor="a", source=Source("api"))
    assert states.load(ctx.engine, cache, gid, module)[1].bids == {1: 2}
    with db.write(ctx.engine) as conn:
        store.append(conn, gid, 3, [Event("undone", {"first": 3, "last": 3, "by": 1,
                                                     "reason": "misclick", "consent": []})],
                     actor="a", source=Source("api"))
    version, state, _ = states.load(ctx.engine, cache, gid, module)
    assert version == 4 and state.bids == {}


def test_the_games_row_guards_the_version_too(ctx: Any) -> None:
    """Even if an append slipped through, the read model's conditional update refuses it."""
    gid = _game(ctx)
    module = ctx.games["bids"]
    _v, state, _ = states.load(ctx.engine, None, gid, module)
    with pytest.raises(ConcurrencyError), db.write(ctx.engine) as conn:
        progress.record(conn, gid, module, expected=1, version=3, before=state, after=state,
                        players={0: 1, 1: 2})
    with db.read(ctx.engine) as conn:
        assert conn.execute(select(games.c.version).where(games.c.id == gid)).scalar_one() == 2


def test_the_service_runs_with_a_user_that_cannot_update_or_delete_events(
        pg_ctx: Any, postgres_url: str) -> None:
    """The database user needs only SELECT and INSERT on `events`."""
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    from domain.core.commands import Command
    from service import commands
    from service.context import Context
    from service.db import dispose, make_engine

    role = f"pbem_app_{uuid.uuid4().hex[:8]}"
    with pg_ctx.engine.begin() as conn:
        conn.execute(text(f"CREATE ROLE {role} LOGIN"))
        conn.execute(text(f"GRANT SELECT, INSERT ON events TO {role}"))
        others = ", ".join(t.name for t in metadata.sorted_tables if t.name != "events")
        conn.execute(text(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {others} TO {role}"))
        conn.execute(text(f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {role}"))
    url = make_url(postgres_url).set(username=role).render_as_string(hide_password=False)
    limited = Context(engine=make_engine(url, pool_size=2), settings=pg_ctx.settings,
                      games=pg_ctx.games)
    try:
        gid = _game(limited)
        for seat in (0, 1):
            commands.handle(gid, seat, Command("bid", seat, {"amount": 2 + seat}),
                            Source("api"), ctx=limited)
        assert _count_events(limited, gid) == 5  # 2 opening, 2 bids, 1 reveal
        with pytest.raises(DBAPIError, match="permission denied"), \
                db.write(limited.engine) as conn:
            conn.execute(update(events).values(type="forged"))
    finally:
        dispose(limited.engine)
        with pg_ctx.engine.begin() as conn:
            conn.execute(text(f"DROP OWNED BY {role}"))
            conn.execute(text(f"DROP ROLE {role}"))


def _count_events(ctx: Any, gid: str) -> int:
    with db.read(ctx.engine) as conn:
        return int(conn.execute(select(func.count()).select_from(events)
                                .where(events.c.game_id == gid)).scalar_one())
