"""Issue 12, item 7: an exported record covers everything it claims.

The chain alone proves nothing about what anybody can recompute: these were imported and verified
before the header was signed — the seats swapped in the header (the result credited to the other
player), the record cut 40 events short with the header fixed (it imported as an active game), and
every event's source, source_ref and time rewritten with the chain recomputed.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from pbem.cli import main
from service import records, store
from service.context import Context
from service.errors import Invalid
from tests.audit.helpers import new_game, pending_human, play, state


def _finished(ctx: Any, monkeypatch: Any) -> str:
    module = ctx.games["el-grande"]
    gid = new_game(ctx, monkeypatch, seats=3, seed="signed", options={"short_game": True})
    rng = random.Random(3)
    while not module.is_over(s := state(ctx, gid)):
        play(ctx, gid, module.sample_command(s, rng.choice(pending_human(module, s)), rng))
    return gid


def _rechained(lines: list[str], change: Any = None) -> list[str]:
    """The record with `change(row)` applied to each event, every hash recomputed and the header
    fixed to match (events, head): what anybody can do without the server's key."""
    header, out, prev = json.loads(lines[0]), [], store.GENESIS
    for line in lines[1:]:
        row = json.loads(line)
        if change is not None:
            change(row)
        row["hash"] = prev = store.row_hash(row, prev)
        out.append(json.dumps(row))
    header.update(events=len(out), head=prev)
    return [json.dumps(header), *out]


def _cut(lines: list[str], at_least: int) -> list[str]:
    """The record without its last `at_least` events or a few more: whole commands off the end."""
    rows = [json.loads(line) for line in lines[1:]]
    keep = len(rows) - at_least
    while rows[keep]["batch"] != rows[keep]["seq"]:  # the first event dropped starts a command
        keep -= 1
    return lines[:keep + 1]


def _refused(ctx: Any, lines: list[str]) -> str:
    with pytest.raises(Invalid) as info:
        records.import_record(ctx, records.parse(lines), game_id="forged")
    return str(info.value.detail)


def test_a_record_is_imported_only_as_the_server_signed_it(ctx: Any, monkeypatch: Any) -> None:
    gid = _finished(ctx, monkeypatch)
    lines = list(records.export_lines(ctx, gid))

    # The seats swapped in the header: the result credited to the other player.
    header = json.loads(lines[0])
    header["seats"][0]["email"], header["seats"][1]["email"] = \
        header["seats"][1]["email"], header["seats"][0]["email"]
    assert "not signed by this server" in _refused(ctx, [json.dumps(header), *lines[1:]])
    header["seats"] = header["seats"][:2]  # a seat left out: the header contradicts the game
    assert "must list seats 0 to 2" in _refused(ctx, [json.dumps(header), *lines[1:]])

    # Cut 40 events short, the header fixed to match (and said to be active).
    cut = _rechained(_cut(lines, 40))
    short = json.loads(cut[0])
    short["status"] = "active"
    cut[0] = json.dumps(short)
    assert "not signed by this server" in _refused(ctx, cut)
    marked = records.check_loaded(ctx, records.parse(cut))
    assert marked.ok and marked.signature == records.NOT_OURS
    assert "cut short" in marked.text() and "NOT signed" in marked.text()
    # ... and if the status is left as it was, the header contradicts the events.
    claimed = records.check_loaded(ctx, records.parse(_rechained(_cut(lines, 40))))
    assert not claimed.ok and "has not ended" in claimed.problem

    # Every event's source, source_ref and time rewritten, the chain recomputed.
    def rewrite(row: dict[str, Any]) -> None:
        row.update(source="email", source_ref="<forged@example.com>",
                   created_at="2020-01-01T00:00:00.000000+00:00")
    assert "not signed by this server" in _refused(ctx, _rechained(lines, rewrite))

    # Signed with another server's key: refused too; the honest record still imports.
    other = replace(ctx, settings=replace(ctx.settings, secret_key="another server"))
    assert "not signed by this server" in _refused(other, lines)
    honest = records.check_loaded(ctx, records.parse(lines))
    assert honest.ok and honest.signature == records.SIGNED, honest.text()
    copy = records.import_record(ctx, records.parse(lines), game_id="copy")
    assert records.verify(ctx, copy).ok


def test_anybody_can_verify_a_record_file_and_is_told_what_it_proves(
        ctx: Context, monkeypatch: Any, tmp_path: Any) -> None:
    gid = _finished(ctx, monkeypatch)
    public = records.public_record(ctx, gid)
    assert "public record" in _refused(ctx, public)  # no emails: verified, not imported
    assert records.check_loaded(ctx, records.parse(public)).signature == records.SIGNED
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(public) + "\n")
    # A third party: another key (the CLI's own instance), no database needed.
    done = CliRunner().invoke(main, ["verify", str(path)],
                              env={"PBEM_INSTANCE": str(tmp_path / "elsewhere")})
    assert done.exit_code == 0, done.output
    assert "OK" in done.output and "seed: revealed and matches" in done.output
    assert "NOT signed by this server" in done.output
    path.write_text("\n".join(_rechained(_cut(public, 5))) + "\n")
    cut = CliRunner().invoke(main, ["verify", str(path)],
                             env={"PBEM_INSTANCE": str(tmp_path / "elsewhere")})
    assert cut.exit_code == 1 and "has not ended" in cut.output
