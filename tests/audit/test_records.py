"""Tamper evidence, verify, export → import → replay."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import text

from domain.core.commands import Command
from pbem.cli import main
from service import records, states, store, undo
from service.errors import Invalid, Rejected
from tests.audit.helpers import new_game, pending_human, play, rows, state
from tests.service.conftest import test_games


def _el_grande(ctx: Any, monkeypatch: Any, moves: int = 60, seed: str = "records") -> str:
    module = ctx.games["el-grande"]
    gid = new_game(ctx, monkeypatch, seats=3, seed=seed)
    rng = random.Random(5)
    for i in range(moves):
        s = state(ctx, gid)
        command = module.sample_command(s, rng.choice(pending_human(module, s)), rng)
        play(ctx, gid, command)
        if i % 10 == 5:
            with contextlib.suppress(Rejected):
                undo.undo_own(ctx, gid, command.seat)
    return gid


def _tamper(ctx: Any, statement: str, **params: Any) -> None:
    """Change an event row behind the service's back: the triggers are bypassed (as a superuser
    in replica mode on PostgreSQL; by dropping them on SQLite, whose file is a per-test copy)."""
    with ctx.engine.connect() as conn:
        if ctx.engine.dialect.name == "postgresql":
            with conn.begin():
                conn.execute(text("SET LOCAL session_replication_role = replica"))
                conn.execute(text(statement), params)
        else:
            with conn.begin():
                conn.execute(text("DROP TRIGGER IF EXISTS events_no_update"))
                conn.execute(text(statement), params)


def test_a_played_game_verifies(ctx: Any, monkeypatch: Any) -> None:
    gid = _el_grande(ctx, monkeypatch)
    report = records.verify(ctx, gid)
    assert report.ok, report.text()
    assert report.redecided > 30 and report.not_redecidable == 0
    assert not report.seed_checked  # not revealed before the end


def test_a_tampered_row_is_found_by_verify(ctx: Any, monkeypatch: Any) -> None:
    gid = new_game(ctx, monkeypatch, seats=2, game="bids", seed="t")
    play(ctx, gid, Command("bid", 0, {"amount": 2}))
    play(ctx, gid, Command("bid", 1, {"amount": 5}))
    assert records.verify(ctx, gid).ok
    payload = {"seat": 0, "bid": 5}
    _tamper(ctx, "UPDATE events SET payload = :p WHERE game_id = :g AND seq = 3",
            p=json.dumps(payload), g=gid)
    report = records.verify(ctx, gid)
    assert not report.ok and report.bad_seq == 3, report.text()
    monkeypatch.setattr("service.context.default_games", test_games)  # the toy game too
    result = CliRunner().invoke(main, ["verify", gid],
                                env={"PBEM_DATABASE_URL": ctx.settings.database_url})
    assert result.exit_code == 1 and "event 3" in result.output


def test_a_forged_chain_is_found_by_deciding_again(ctx: Any, monkeypatch: Any) -> None:
    """Even with every later hash recomputed, a changed outcome is not what the command makes."""
    gid = new_game(ctx, monkeypatch, seats=2, game="bids", seed="t")
    play(ctx, gid, Command("bid", 0, {"amount": 2}))
    play(ctx, gid, Command("bid", 1, {"amount": 5}))
    forged, prev = [], store.GENESIS
    for row in rows(ctx, gid):
        data = row.chained()
        if row.seq == 3:
            data["payload"] = {"seat": 0, "bid": 4}
        prev = store.row_hash(data, prev)
        forged.append((row.seq, data["payload"], prev))
    for seq, payload, digest in forged:
        _tamper(ctx, "UPDATE events SET payload = :p, hash = :h WHERE game_id = :g AND seq = :s",
                p=json.dumps(payload), h=digest, g=gid, s=seq)
    report = records.verify(ctx, gid)
    assert not report.ok and report.bad_seq == 3 and "deciding it again" in report.problem


def test_export_import_gives_the_same_game_and_refuses_a_tampered_record(
        ctx: Any, monkeypatch: Any, tmp_path: Any) -> None:
    module = ctx.games["el-grande"]
    gid = _el_grande(ctx, monkeypatch, moves=40)
    lines = list(records.export_lines(ctx, gid))
    assert any('"type":"undone"' in line for line in lines)
    header = json.loads(lines[0])
    assert header["events"] == len(lines) - 1 and header["head"] == rows(ctx, gid)[-1].hash
    copy = records.import_record(ctx, records.parse(lines), game_id="copyofgame")
    assert states.load(ctx.engine, None, copy, module)[1] == state(ctx, gid)
    assert records.verify(ctx, copy).ok
    assert list(records.export_lines(ctx, copy))[1:] == lines[1:]
    # A changed event is refused, and named.
    bad = list(lines)
    row = json.loads(bad[7])
    row["actor"] = "player:999"
    bad[7] = json.dumps(row)
    with pytest.raises(Invalid, match="event 7"):
        records.import_record(ctx, records.parse(bad), game_id="tampered")
    # A record cut short is refused too.
    with pytest.raises(Invalid, match="cut short"):
        records.import_record(ctx, records.parse(lines[:-3]), game_id="short")
    # Through the command line: export, import under a new id, replay.
    env = {"PBEM_DATABASE_URL": ctx.settings.database_url}
    path = tmp_path / "game.jsonl"
    runner = CliRunner()
    assert runner.invoke(main, ["export", gid, "-o", str(path)], env=env).exit_code == 0
    done = runner.invoke(main, ["import", str(path), "--new-id"], env=env)
    assert done.exit_code == 0 and "imported and verified" in done.output, done.output
    shown = runner.invoke(main, ["replay", str(path), "--at", "3"], env=env)
    assert shown.exit_code == 0 and "King" in shown.output and "Castillo" in shown.output
    bad_path = tmp_path / "bad.jsonl"
    bad_path.write_text("\n".join(bad) + "\n")
    refused = runner.invoke(main, ["import", str(bad_path), "--new-id"], env=env)
    assert refused.exit_code != 0 and "event 7" in refused.output


def test_a_finished_game_reveals_its_seed_and_every_draw_checks(ctx: Any, monkeypatch: Any
                                                                ) -> None:
    module = ctx.games["el-grande"]
    gid = new_game(ctx, monkeypatch, seats=3, seed="finished", options={"short_game": True})
    rng = random.Random(1)
    while not module.is_over(s := state(ctx, gid)):
        play(ctx, gid, module.sample_command(s, rng.choice(pending_human(module, s)), rng))
    report = records.verify(ctx, gid)
    assert report.ok and report.seed_checked, report.text()
    public = records.public_record(ctx, gid)
    assert "@example.com" not in public[0]
    assert records.check_loaded(ctx, records.parse(public)).ok
