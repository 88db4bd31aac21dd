"""The registry of game modules, by the name used in the API (`"game": "el-grande"`)."""

from __future__ import annotations

from domain.core.errors import RuleError
from domain.core.game import GameModule
from domain.elgrande.module import GAME as EL_GRANDE

GAMES: dict[str, GameModule] = {EL_GRANDE.name: EL_GRANDE}


def get_game(name: str) -> GameModule:
    try:
        return GAMES[name]
    except KeyError:
        raise RuleError.of("core.game.unknown", name=str(name), allowed=sorted(GAMES)) from None
