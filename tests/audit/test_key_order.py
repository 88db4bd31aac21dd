"""Issue 12, item 3: a recorded command decides again to its events on both databases.

PostgreSQL's JSONB keeps an object's keys in its own order (shorter keys first, then bytewise) and
an export sorts them; El Grande lists a special action's moves in the order of its `places`. A
command written `{"sevilla": 1, "galicia": 1}` came back `{"galicia": 1, "sevilla": 1}`, decided
to other events, and `verify` called an honest game tampered (and `import` refused its export).
"""

from __future__ import annotations

from typing import Any

from domain.core import commands as core_commands
from domain.core.commands import Command
from domain.elgrande.data import stack_contents
from service import lobby, players, records
from tests.audit.helpers import play, rows

SEVILLA_FIRST = {"sevilla": 1, "galicia": 1}  # neither JSONB's order nor sorted


def _place_2_anywhere_turn(ctx: Any) -> str:
    """Round 1 with Place 2 anywhere on stack 1, seat 0 to choose a card (an organiser who does
    not play gives the set-up)."""
    organiser, _ = players.add(ctx, "organiser@example.com", name="Org")
    seated = [players.add(ctx, f"p{i}@example.com", name=f"P{i}")[0] for i in range(3)]
    stack = stack_contents(1)
    stack.remove("place_2_anywhere")
    setup = {"king": "castilla_la_nueva", "homes": ["galicia", "aragon", "sevilla"],
             "first_player": 0, "stacks": {"1": ["place_2_anywhere", *stack]}}
    gid = lobby.create(ctx, organiser, game="el-grande", setup=setup,
                       emails=[p.email for p in seated]).game_id
    for player in seated:  # the last acceptance starts it
        lobby.accept(ctx, gid, player)
    for seat, card in ((0, 13), (1, 12), (2, 11)):
        play(ctx, gid, Command("play_power", seat, {"card": card}))
    play(ctx, gid, Command("choose_card", 0, {"stack": 1}))
    return gid


def test_a_command_whose_keys_storage_reorders_verifies_and_its_export_imports(ctx: Any) -> None:
    gid = _place_2_anywhere_turn(ctx)
    play(ctx, gid, Command.from_json({"type": "special", "places": SEVILLA_FIRST}, seat=0))
    report = records.verify(ctx, gid)
    assert report.ok, report.text()
    copy = records.import_record(ctx, records.parse(records.export_lines(ctx, gid)),
                                 game_id="copy")  # the export sorts the keys
    assert records.verify(ctx, copy).ok
    assert report.reordered == 0  # decided in the one order it was recorded in


def test_games_recorded_before_commands_were_canonical_still_verify(ctx: Any, monkeypatch: Any
                                                                   ) -> None:
    """A batch decided by the earlier code followed the order the command was written in."""
    gid = _place_2_anywhere_turn(ctx)
    with monkeypatch.context() as earlier:
        earlier.setattr(core_commands, "canonical", lambda value: value)
        play(ctx, gid, Command("special", 0, {"places": SEVILLA_FIRST}))
    special = next(r for r in rows(ctx, gid) if r.type == "special_declared")
    assert special.payload["steps"] == ["1>sevilla", "1>galicia"]  # as it was written
    report = records.verify(ctx, gid)
    assert report.ok and report.reordered == 1, report.text()
    assert "recorded before commands had one key order" in report.text()
    copy = records.import_record(ctx, records.parse(records.export_lines(ctx, gid)),
                                 game_id="copy")
    assert records.verify(ctx, copy).ok
