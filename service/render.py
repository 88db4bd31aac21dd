"""Events as a viewer may see them: redacted by the game, then described by the game.

Nothing here reads a raw event's payload into a response: only what `redact` returned for this
viewer is serialised, and `describe` is given that redacted event too, so a description cannot
mention what the viewer may not see.
"""

from __future__ import annotations

from typing import Any

from domain.core.game import GameModule, Viewer
from service.store import Recorded


def event_for(module: GameModule, recorded: Recorded, viewer: Viewer) -> dict[str, Any]:
    seen = module.redact(recorded.event, viewer)
    body = seen.to_json()
    return {
        "seq": recorded.seq,
        "type": body["type"],
        "version": body["version"],
        "payload": body["payload"],
        "messages": [m.to_json() for m in module.describe(seen, viewer)],
        "source": recorded.source,
        "created_at": recorded.created_at,
    }
