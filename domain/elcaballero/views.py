"""What each viewer may see: views of the state and redacted events.

Hidden information in El Caballero is the draw order of the terrain stack, nothing else: power
cards are played openly one after the other (seed, "Pose d'une carte pouvoir"), so every hand is
the 13 cards minus those played, and everything on the board and in the courts is public. The order
is not even in the state (a draw picks among the tiles left, keyed by seed and draw number), so what
must never leak is the seed and a set-up's given stack order: `game_created` loses both until the
game has ended (the seed is revealed by `game_ended`). The stack's contents are public knowledge
(the 48 tiles minus those seen) and shown as a count.
"""

from __future__ import annotations

from typing import Any

from domain.core.events import Event
from domain.core.game import Viewer
from domain.elcaballero import board as b
from domain.elcaballero.data import COLOURS, ROUNDS, SCORING_ROUNDS, TILE, TILE_CAPACITY
from domain.elcaballero.geometry import SIDES, cell_json, knight_numbers, rotated_edges
from domain.elcaballero.state import State


def tile_json(tile: str, turn: int = 0) -> dict[str, Any]:
    kind = TILE[tile]
    out: dict[str, Any] = {"tile": tile, "edges": rotated_edges(kind, turn), "gold": kind.gold,
                           "fish": kind.fish}
    if kind.edges == "LSLS":
        out["bridge"] = kind.bridge
    return out


def view(s: State, viewer: Viewer) -> dict[str, Any]:
    if not s.terrain:
        return {"game": "el-caballero", "phase": "new", "you": viewer, "players": s.players,
                "options": {"advanced": s.advanced}, "rules": s.rules}
    totals = b.land_totals(s)
    ships_in: dict[object, list[int]] = {}
    for _cell, _side, seat, label in b.ships(s):
        ships_in.setdefault(label, [0] * s.players)[seat] += 1
    region_list: list[dict[str, Any]] = []
    for label, areas in sorted(b.regions(s).items()):
        stats = b.region_stats(s, areas)
        region_list.append({
            "id": list(label), "kind": "land" if stats["kind"] == "L" else "sea",
            "tiles": stats["tiles"], "bonus": stats["bonus"], "value": stats["value"],
            "cells": sorted({(a[0], a[1]) for a in areas}),
            "counts": totals.get(label, [0] * s.players),
            "alcalde": s.alcaldes.get(label),
            # when its Alcalde came (the event's number, as public as the log): the first stays
            # when a tile joins two governed regions (rules version 2)
            "alcalde_since": s.alcalde_since.get(label),
            "closed": b.is_closed(s, label),
            "ships": ships_in.get(label, [0] * s.players),
        })
    for r in region_list:
        r["cells"] = [cell_json(c) for c in r["cells"]]
    return {
        "game": "el-caballero",
        "you": viewer,
        "players": s.players,
        "options": {"advanced": s.advanced},
        "rules": s.rules,  # the rules version this game plays (rules.RULES_VERSION)
        "phase": s.phase,
        "round": s.round,
        "rounds": ROUNDS[s.advanced],
        "scoring_rounds": list(SCORING_ROUNDS[s.advanced]),
        "coordinates": "cells [x, y]: x grows to the east, y to the north; the start tile is [0, 0]",
        "terrain": [{"at": cell_json(c), "turn": turn, **tile_json(tile, turn)}
                    for c, (tile, turn) in sorted(s.terrain.items())],
        "knights": [{"at": cell_json(c), "seat": k.seat, "side": k.side, "turn": k.turn,
                     "numbers": list(knight_numbers(k.side, k.turn)), "castillo": k.castillo,
                     "grande": k.grande, "ships": [SIDES[d] for d in k.ships],
                     "caballeros": b.knight_total(s, c, k)}
                    for c, k in sorted(s.knights.items())],
        "regions": region_list,
        "face_up": [tile_json(t) for t in s.face_up],
        "stack_left": len(s.stack),
        "supply": {"ships": s.ship_supply, "castillos": s.castillo_supply},
        "seats": [{
            "seat": seat, "colour": COLOURS[seat], "score": s.scores[seat],
            "court": s.court[seat], "tiles_off_board": s.off_board[seat],
            "court_limit": TILE_CAPACITY * s.off_board[seat], "court_ships": s.court_ships[seat],
            "alcaldes_left": s.alcaldes_left[seat],
            "grande": (cell_json(g) if (g := s.grande_at(seat)) else "court") if s.advanced
            else None,
            "hand": sorted(s.hands[seat]),
        } for seat in s.seats()],
        "power_order": list(s.power_order),
        "power_played": {str(k): v for k, v in s.power_played.items()},
        "turn_order": list(s.turn_order),
        "turn": None if s.turn is None else {
            "seat": s.turn.seat, "card": s.turn.card, "reinforced": s.turn.reinforced,
            "tiles": s.turn.tiles, "knights": s.turn.knights, "raises": s.turn.raises,
            "ships": s.turn.ships, "castillos": s.turn.castillos,
            "grande_moves": s.turn.grande_moves, "actions": s.turn.actions},
        "scorings": [dict(x) for x in s.scorings],
        "ranking": list(s.ranking),
    }


def redact(event: Event, viewer: Viewer) -> Event:
    """The event as the viewer may see it: no seed, no given stack order before the end."""
    if event.type == "game_created":
        payload = {k: v for k, v in event.payload.items() if k not in ("seed", "given_stack")}
        return Event(event.type, payload, event.version)
    return event


REVEALING = {"setup_drawn", "tiles_refilled", "game_ended"}


def reveals(event: Event, before: State) -> bool:
    """Whether the event draws (the start and face-up tiles, a refill) or reveals the seed."""
    return event.type in REVEALING
