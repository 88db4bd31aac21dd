"""The registry of game modules, by the name used in the API (`"game": "el-grande"`)."""

from __future__ import annotations

from domain.core.errors import RuleError
from domain.core.game import GameModule
from domain.elcaballero.module import GAME as EL_CABALLERO
from domain.elgrande.module import GAME as EL_GRANDE
from domain.kingintrigue.module import GAME as KING_AND_INTRIGUE

GAMES: dict[str, GameModule] = {EL_GRANDE.name: EL_GRANDE, EL_CABALLERO.name: EL_CABALLERO,
                                KING_AND_INTRIGUE.name: KING_AND_INTRIGUE}

DEFAULT_GAME = EL_GRANDE.name
"""The game a request or a command means when it names none (`POST /api/games`, `pbem simulate`)."""


def get_game(name: str) -> GameModule:
    try:
        return GAMES[name]
    except KeyError:
        raise RuleError.of("core.game.unknown", name=str(name), allowed=sorted(GAMES)) from None
