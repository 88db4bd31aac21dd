"""placeholder"""
from domain.core.events import Event
from domain.core.game import Message, Viewer


def describe(event: Event, viewer: Viewer) -> list[Message]:
    return []
