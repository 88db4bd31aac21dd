"""The game-independent core of the decider pattern."""

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event, Upcasters
from domain.core.fold import fold
from domain.core.game import GameModule, Message
from domain.core.rng import draw_rng

__all__ = [
    "Command",
    "Decision",
    "Event",
    "GameModule",
    "Message",
    "RuleError",
    "Upcasters",
    "draw_rng",
    "fold",
]
