"""The registry of game modules, by the name used in the API (`"game": "el-grande"`)."""

from __future__ import annotations

from domain.core.errors import RuleError
from domain.core.game import GameModule
from domain.elcaballero.module import GAME as EL_CABALLERO
from domain.elgrande.module import GAME as EL_GRANDE
from domain.kingintrigue.module import GAME as KING_AND_INTRIGUE

GAMES: dict[str, GameModule] = {EL_GRANDE.name: EL_GRANDE,
                                KING_AND_INTRIGUE.name: KING_AND_INTRIGUE,
                                EL_CABALLERO.name: EL_CABALLERO}
"""The games the service offers (the API, the web, mail)."""

IN_PROGRESS: dict[str, GameModule] = {}
"""Games whose rules are complete but that players cannot be offered yet (their boards, command
language or forms are missing): the engine's own tools (`pbem simulate`, `pbem arena`) play them."""

DEFAULT_GAME = EL_GRANDE.name
"""The game a request or a command means when it names none (`POST /api/games`, `pbem simulate`)."""


def get_game(name: str) -> GameModule:
    """A game by name, offered or in progress (the engine's own tools play both)."""
    try:
        return GAMES.get(name) or IN_PROGRESS[name]
    except KeyError:
        raise RuleError.of("core.game.unknown", name=str(name),
                           allowed=sorted({**GAMES, **IN_PROGRESS})) from None
