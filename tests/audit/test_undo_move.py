"""One text submission is one move for undo (issue 24): a mail reply or the web's text box that
played several commands is taken back whole; where one of its commands drew or revealed hidden
information, the undo goes back to just after that command and the commands up to it stay.

Each command is recorded as a batch of its own, with the submission's reference as `source_ref`
(the mail's Message-ID): the grouping is read from the events, no schema involved. SQLite and
PostgreSQL (the service fixtures)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.core.commands import Command
from service import undo
from service.errors import Rejected
from service.store import Source
from tests.audit.helpers import new_game, pending_human, play, state


def _reveals(module: Any, s: Any, command: Command) -> bool:
    for event in module.decide(s, command):
        if module.reveals(event, s):
            return True
        s = module.evolve(s, event)
    return False


def _own_run(module: Any, s: Any, seat: int, rng: random.Random, most: int = 4
             ) -> tuple[list[Command], list[Any]]:
    """Commands the seat would send in one reply from `s`, with the state before each, while it
    keeps the turn (decided on a copy: nothing is recorded)."""
    run, before = [], []
    for _ in range(most):
        decision = next((d for d in pending_human(module, s) if d.seat == seat), None)
        if decision is None:
            break
        command = module.sample_command(s, decision, rng)
        run.append(command)
        before.append(s)
        s = module.fold(module.decide(s, command), s)
    return run, before


def test_a_reply_of_several_commands_is_undone_whole(ctx: Any, monkeypatch: Any) -> None:
    module = ctx.games["el-grande"]
    gid = new_game(ctx, monkeypatch, seats=3, seed="undo-move")
    rng = random.Random(3)
    for step in range(400):
        s = state(ctx, gid)
        decision = pending_human(module, s)[0]
        run, before = _own_run(module, s, decision.seat, rng)
        quiet = not any(_reveals(module, b, c) for b, c in zip(before, run, strict=True))
        ref = Source("email", ref=f"<reply-{step}@example.org>")
        for command in run:
            play(ctx, gid, command, ref)
        if len(run) >= 2 and quiet and state(ctx, gid) != s:
            break
    else:
        pytest.fail("no reply of two commands or more without a reveal in 400 replies")
    taken = undo.undo_move(ctx, gid, decision.seat)
    assert [c["type"] for c in taken.plan.undone] == [c.type for c in run]
    assert taken.plan.kept == ()
    assert state(ctx, gid) == s  # the whole reply taken back: the seat decides it all again
    # The move before was another seat's (or the opening): nothing more of this seat's to undo.
    with pytest.raises(Rejected):
        undo.undo_move(ctx, gid, decision.seat)


def test_commands_from_separate_submissions_are_separate_moves(ctx: Any, monkeypatch: Any
                                                               ) -> None:
    """The same commands sent one per request (the API, the web's forms, one mail each) are
    undone one at a time, as before."""
    module = ctx.games["el-grande"]
    gid = new_game(ctx, monkeypatch, seats=3, seed="undo-move")
    rng = random.Random(3)
    for step in range(400):
        s = state(ctx, gid)
        decision = pending_human(module, s)[0]
        run, before = _own_run(module, s, decision.seat, rng)
        quiet = not any(_reveals(module, b, c) for b, c in zip(before, run, strict=True))
        for i, command in enumerate(run):
            play(ctx, gid, command, Source("email", ref=f"<reply-{step}-{i}@example.org>"))
        if len(run) >= 2 and quiet and state(ctx, gid) != s:
            break
    else:
        pytest.fail("no run of two commands or more without a reveal in 400 steps")
    taken = undo.undo_move(ctx, gid, decision.seat)
    assert [c["type"] for c in taken.plan.undone] == [run[-1].type]
    assert state(ctx, gid) == before[-1]


def test_undo_goes_back_to_just_after_a_reveal_and_keeps_what_came_before(
        ctx: Any, monkeypatch: Any) -> None:
    """El Caballero: the last turn of a round draws the next face-up tiles, and the same player
    plays first in the next round. "end, power 7" in one reply: the undo takes back the power
    card only; the turn (and its draw) stays, and the answer can say so."""
    module = ctx.games["el-caballero"]
    gid = new_game(ctx, monkeypatch, seats=3, seed="undo-reveal", game="el-caballero")
    rng = random.Random(5)
    for step in range(3000):
        s = state(ctx, gid)
        if module.is_over(s):
            break
        decision = pending_human(module, s)[0]
        run, before = _own_run(module, s, decision.seat, rng, most=12)
        revealing = [i for i, (b, c) in enumerate(zip(before, run, strict=True))
                     if _reveals(module, b, c)]
        ref = Source("email", ref=f"<reply-{step}@example.org>")
        for command in run:
            play(ctx, gid, command, ref)
        if revealing and revealing[-1] < len(run) - 1:
            break
    else:
        pytest.fail("no reply whose reveal came before its last command")
    cut = revealing[-1] + 1
    taken = undo.undo_move(ctx, gid, decision.seat)
    assert [c["type"] for c in taken.plan.kept] == [c.type for c in run[:cut]]
    assert [c["type"] for c in taken.plan.undone] == [c.type for c in run[cut:]]
    assert state(ctx, gid) == before[cut]  # just after the reveal
    with pytest.raises(Rejected, match="Hidden information"):  # the rest only by consent
        undo.undo_move(ctx, gid, decision.seat)


def test_a_reply_whose_last_command_revealed_is_refused(ctx: Any, monkeypatch: Any) -> None:
    module = ctx.games["el-caballero"]
    gid = new_game(ctx, monkeypatch, seats=3, seed="undo-reveal", game="el-caballero")
    rng = random.Random(5)
    for step in range(3000):
        s = state(ctx, gid)
        decision = pending_human(module, s)[0]
        run, before = _own_run(module, s, decision.seat, rng, most=12)
        revealing = [i for i, (b, c) in enumerate(zip(before, run, strict=True))
                     if _reveals(module, b, c)]
        if revealing and revealing[0] >= 1:  # a reply that stops right after its reveal
            run = run[:revealing[0] + 1]
        ref = Source("email", ref=f"<reply-{step}@example.org>")
        for command in run:
            play(ctx, gid, command, ref)
        if revealing and revealing[0] >= 1:
            break
    else:
        pytest.fail("no reply of two commands or more with a reveal")
    with pytest.raises(Rejected, match="Hidden information"):
        undo.undo_move(ctx, gid, decision.seat)
