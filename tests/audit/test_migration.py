"""Migration 0003 backfills the batches and the hash chain of events stored before it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa

from domain.core.commands import Command
from service import migrations, records, store
from service.context import Context
from service.db import dispose, make_engine
from service.settings import Settings
from tests.service.conftest import test_games


def test_events_stored_before_0003_get_batches_and_a_chain_that_verifies(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = make_engine(url)
    migrations.upgrade(engine, "0002")
    games = test_games()
    toy = games["bids"]
    opening = toy.create(2, {}, "old-seed", None)
    state = toy.fold(opening)
    later = toy.decide(state, Command("bid", 0, {"amount": 2}))
    stamp, later_stamp = store.now(), store.now()
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO players (email, name, language, time_zone, created_at)"
                             " VALUES ('o@example.com', 'O', 'en', 'UTC', :t)"), {"t": stamp})
        conn.execute(sa.text("INSERT INTO games (id, game, options, seed, players, status, "
                             "version, waiting_on, created_by, created_at, updated_at) VALUES "
                             "('old', 'bids', '{}', 'old-seed', 2, 'active', 3, '[1]', 1, :t, :t)"),
                     {"t": stamp})
        for i, e in enumerate([*opening, *later], start=1):  # the old schema: no batch, no hash
            row: dict[str, Any] = {
                "seq": i, "type": e.type, "version": e.version, "event": e.dumps(),
                "actor": "system" if i < 3 else "player:1",
                "source": "system" if i < 3 else "api",
                "created_at": (stamp if i < 3 else later_stamp).isoformat(sep=" ")[:26]}
            conn.execute(sa.text(
                "INSERT INTO events (game_id, seq, type, version, payload, actor, source, "
                "source_ref, created_at) VALUES ('old', :seq, :type, :version, "
                "json_extract(:event, '$.payload'), :actor, :source, NULL, :created_at)"), row)
    migrations.upgrade(engine)
    ctx = Context(engine=engine, settings=Settings(database_url=url, secret_key="k",
                                                   instance=tmp_path), games=games)
    with engine.connect() as conn:
        stored = records.read_rows(conn, "old")
    assert [r.batch for r in stored] == [1, 1, 3] and all(len(r.hash) == 64 for r in stored)
    report = records.verify(ctx, "old")
    assert report.ok and report.not_redecidable == 1, report.text()
    with engine.connect() as conn, conn.begin():  # and the table is append-only again
        try:
            conn.execute(sa.text("UPDATE events SET type = 'x'"))
            raise AssertionError("the trigger is gone")
        except sa.exc.DBAPIError:
            pass
    dispose(engine)
