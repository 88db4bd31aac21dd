"""Moves of a game's players as the channel walks make them (tests/games/test_every_game.py, and a
game's own walks with its options, e.g. tests/kingintrigue/test_modules_channels.py): a random
decision of a human seat, a random legal answer to it, sent as a mail reply in that player's
language, which the game must take."""

from __future__ import annotations

import random
from typing import Any

from domain.core.game import language_of
from service import states
from tests.emails.helpers import plain, reply


def state_of(ctx: Any, game_id: str, module: Any) -> Any:
    return states.load(ctx.engine, ctx.states, game_id, module)[1]


def human_decisions(module: Any, state: Any) -> list[Any]:
    return [d for d in module.pending(state) if d.seat is not None]


def reply_a_move(ctx: Any, table: Any, smtp_server: Any, module: Any, game_id: str,
                 people: list[Any], rng: random.Random) -> tuple[Any, Any, list[Any]]:
    """One human's move by mail: a reply to the last game mail they got, in their language, with a
    signature under it. The game's version must move on. Returns (decision, command, the mails it
    made)."""
    state = state_of(ctx, game_id, module)
    decision = rng.choice(human_decisions(module, state))
    person = people[decision.seat]
    latest = [m for m in table.sent if person.email in str(m["To"]) and m["Reply-To"]][-1]
    command = module.sample_command(state, decision, rng)
    line = language_of(module).format(command.to_json(), person.language, decision=decision,
                                      names=[p.name for p in people])
    before = states.load(ctx.engine, ctx.states, game_id, module)[0]
    reply(smtp_server, latest, person, f"{line}\n\n{person.name}")
    after = states.load(ctx.engine, ctx.states, game_id, module)[0]
    fresh = table.drain()
    assert after > before, (module.name, line, [plain(m)[:400] for m in fresh])
    return decision, command, fresh
