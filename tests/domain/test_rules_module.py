"""The rules surface delegated to a game's own modules (`domain.core.module.RulesModule`): El Grande
and El Caballero share it instead of each repeating the same delegating methods."""

from __future__ import annotations

import random

from domain.core.commands import Command
from domain.core.module import RulesModule
from domain.elcaballero.module import GAME as EL_CABALLERO
from domain.elgrande.module import GAME as EL_GRANDE


def test_both_games_answer_the_rules_surface_through_their_own_modules() -> None:
    for module in (EL_GRANDE, EL_CABALLERO):
        assert isinstance(module, RulesModule)
        state = module.fold(module.create(3, {}, "shared", None))
        assert type(state) is type(module.initial())
        decision = module.pending(state)[0]
        command = module.sample_command(state, decision, random.Random(1))
        assert module.validate(state, command) is None
        assert module.decide(state, command)
        wrong = Command(command.type, (decision.seat + 1) % 3, dict(command.params))
        error = module.validate(state, wrong)
        assert error is not None and error.key is not None  # a keyed refusal, in any language
        assert not module.is_over(state) and module.players(state) == 3
        assert module.view(state, 0)["players"] == 3
