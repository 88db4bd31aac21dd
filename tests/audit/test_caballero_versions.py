"""El Caballero through the service: a game recorded before the rules versions (issue 22) verifies
with its old outcome. The record is one the engine played before the fixes
(tests/elcaballero/records/v1-advanced-9-13: the join that lost an Alcalde), played again
command by command through the service and verified there."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from domain.core import surface
from domain.core.commands import Command
from tests.audit.helpers import events_of, new_game, play, state

RECORD = Path(__file__).parents[1] / "elcaballero" / "records" / "v1-advanced-9-13.json.gz"

pytestmark = pytest.mark.skipif(
    not hasattr(surface, "opening_as_recorded"),
    reason="verify compares a version-1 opening with today's once the rules-versions core is in")


def test_a_caballero_record_made_before_the_rules_versions_verifies_with_its_old_outcome(
        ctx: Any, monkeypatch: Any) -> None:
    from domain.core.events import Event
    from service import records

    record = json.loads(gzip.decompress(RECORD.read_bytes()))
    module = ctx.games["el-caballero"]
    original = module.create

    def before_versions(*args: Any, **kwargs: Any) -> list[Event]:
        first, *rest = original(*args, **kwargs)
        return [Event(first.type, {k: v for k, v in first.payload.items() if k != "rules"}),
                *rest]

    monkeypatch.setattr(module, "create", before_versions)
    gid = new_game(ctx, monkeypatch, seats=record["players"], seed=record["seed"],
                   game="el-caballero", options=record["options"])
    monkeypatch.setattr(module, "create", original)  # verify makes today's opening
    assert state(ctx, gid).rules == 1
    for step in record["steps"]:
        c = step["command"]
        play(ctx, gid, Command(c["type"], c["seat"], c["params"]))
    s = state(ctx, gid)
    assert s.phase == "over" and s.scores == record["scores"]
    lost = [e for e in events_of(ctx, gid, 1) if e.type == "tile_laid"
            and "alcaldes_back" in e.payload]
    assert lost == []  # version 1: the join kept no Alcalde apart, as it was played
    report = records.verify(ctx, gid)
    assert report.ok and report.redecided > 100, report.text()
    loaded = records.parse(list(records.export_lines(ctx, gid)))
    assert records.check_loaded(ctx, loaded).ok
