"""Undoing one's own move: allowed and refused, for every kind of decision, through the service.

A whole El Grande game is played with random legal moves. After every move its seat tries to undo
it: that must succeed exactly when the move's events (its automatic consequences included) drew or
revealed nothing and nobody (the system included) acted since. A successful undo must give back
the very state before the move, and sending the same move again must append the very same events
(draws are keyed by seed and draw number: an undo never rerolls). Before each move by another
seat, the previous mover's undo must be refused.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from domain.core.commands import Command
from service import undo
from service.errors import Rejected
from tests.audit.helpers import new_game, pending_human, play, state

KIND = {"play_power": "power card", "take": "take", "choose_card": "choose card",
        "place": "place", "special": "special", "decline": "decline", "allow": "veto answer",
        "veto": "veto answer", "secret": "secret", "return": "return"}
EVERY_KIND = {"power card", "take", "choose card", "place", "special", "veto answer", "secret",
              "return"}


def _reveals(module: Any, s: Any, events: list[Any]) -> bool:
    for e in events:
        if module.reveals(e, s):
            return True
        s = module.evolve(s, e)
    return False


def _dumps(outcome: Any) -> list[str]:
    return [r.event.dumps() for r in outcome.events]


def test_own_undo_allowed_and_refused_for_every_kind_of_decision(ctx: Any, monkeypatch: Any
                                                                 ) -> None:
    module = ctx.games["el-grande"]
    gid = new_game(ctx, monkeypatch, seats=4, seed="every-kind-4")
    rng = random.Random(8)
    allowed: Counter[str] = Counter()
    refused_reveal: Counter[str] = Counter()
    refused_other: Counter[str] = Counter()
    streak: list[tuple[int, str]] = []  # the moves of the last seat to move, in a row
    for _ in range(3000):
        s = state(ctx, gid)
        if module.is_over(s):
            break
        decision = rng.choice(pending_human(module, s))
        command = module.sample_command(s, decision, rng)
        kind = KIND[command.type]
        outcome = play(ctx, gid, command)
        after = state(ctx, gid)
        if module.is_over(after):
            break
        if streak and streak[0][0] != command.seat:
            for count in range(1, len(streak) + 1):  # nor any of that seat's moves before
                with pytest.raises(Rejected, match="nobody else has acted since your move"):
                    undo.undo_own(ctx, gid, streak[0][0], count=count)
            refused_other.update(k for _seat, k in streak)
            streak = []
        settled = _version(ctx, gid) != outcome.version
        expect = not settled and not _reveals(module, s, [r.event for r in outcome.events])
        try:
            undo.undo_own(ctx, gid, command.seat)
        except Rejected:
            assert not expect, f"{command} could not be undone"
            refused_reveal[kind] += 1
            streak.append((command.seat, kind))
            continue
        assert expect, f"{command} was undone though it revealed or someone acted since"
        allowed[kind] += 1
        assert state(ctx, gid) == s
        again = play(ctx, gid, command)
        assert _dumps(again) == _dumps(outcome)  # the same outcome, draws included
        streak.append((command.seat, kind))
    print("allowed", dict(allowed), "refused (revealed)", dict(refused_reveal),
          "refused (another seat acted)", dict(refused_other))
    assert set(allowed) >= EVERY_KIND
    assert set(refused_other) >= EVERY_KIND
    assert {"special", "secret"} <= set(refused_reveal)


def _version(ctx: Any, gid: str) -> int:
    from sqlalchemy import select

    from service import db
    from service.tables import games

    with db.read(ctx.engine) as conn:
        return conn.execute(select(games.c.version).where(games.c.id == gid)).scalar_one()


def test_nothing_to_undo_at_the_start_and_spectators_cannot(ctx: Any, monkeypatch: Any) -> None:
    gid = new_game(ctx, monkeypatch, seats=3)
    s = state(ctx, gid)
    (first,) = pending_human(ctx.games["el-grande"], s)
    with pytest.raises(Rejected):
        undo.undo_own(ctx, gid, first.seat)
    play(ctx, gid, Command("play_power", first.seat, {"card": first.options[0]["card"]}))
    other = (first.seat + 1) % 3
    with pytest.raises(Rejected, match="nobody else has acted since your move"):
        undo.undo_own(ctx, gid, other)
