"""El Caballero's invariants, checked by `pbem simulate` after every event:

- no Caballero created or lost: per player, court + Caballeros counted on their tiles (from the
  board's geometry, never stored) + the bank is constant; nothing negative; the court limit holds;
- no piece created or lost: the 48 terrain tiles are in the stack, face up or on the board, once;
  each player's Caballero tiles are on the board or off it; ships in the supply, in courts or on
  tiles, and Castillos in the supply or on tiles, add up to the game's set; Alcaldes too (one per
  region, and under rules 2 each region's Alcalde keeps its placing order through every join);
- the board is legal: every two neighbouring terrain tiles match (land to land, sea to sea), no
  Caballero tile touches two land tiles unless it carries a Grande, every ship faces sea;
- the incremental regions equal the regions found again from scratch;
- after each scoring, the points recomputed independently from the board equal the event's, and
  the scores are the sum of the scorings; scores never decrease.
"""

from __future__ import annotations

from collections import Counter

from domain.core.events import Event
from domain.core.game import InvariantViolation
from domain.elcaballero import board as b
from domain.elcaballero.data import (
    ALCALDES_PER_PLAYER,
    BANK,
    CASTILLOS,
    KNIGHT_TILES,
    SEA,
    SHIPS,
    TILE,
    TILE_CAPACITY,
    TILE_COUNT,
)
from domain.elcaballero.geometry import knight_numbers, neighbour, opposite, rotated_areas
from domain.elcaballero.state import State


def check_event(before: State, after: State, event: Event) -> None:
    def fail(what: str) -> None:
        raise InvariantViolation(f"after event {after.events} ({event.type}): {what}")

    if not after.terrain:
        return
    s = after
    # Caballeros
    for seat in s.seats():
        total = s.court[seat] + b.on_tiles(s, seat) + s.bank[seat]
        if total != BANK:
            fail(f"seat {seat} has {total} Caballeros in all, not {BANK}")
        if s.court[seat] < 0 or s.bank[seat] < 0:
            fail(f"seat {seat} has a negative court or bank")
        if s.court[seat] > TILE_CAPACITY * s.off_board[seat]:
            fail(f"seat {seat}'s court {s.court[seat]} exceeds 8 x {s.off_board[seat]} tiles")
        tiles = s.off_board[seat] + sum(1 for k in s.knights.values() if k.seat == seat)
        if tiles != KNIGHT_TILES[s.advanced] or s.off_board[seat] < 0:
            fail(f"seat {seat} has {tiles} Caballero tiles")
        if s.alcaldes_left[seat] + sum(1 for x in s.alcaldes.values() if x == seat) != \
                (ALCALDES_PER_PLAYER if s.advanced else 0):
            fail(f"seat {seat}'s Alcaldes do not add up")
        if sum(1 for k in s.knights.values() if k.seat == seat and k.grande) > (1 if s.advanced
                                                                                  else 0):
            fail(f"seat {seat} has more than one Grande on the board")
    if s.rules >= 2 and set(s.alcalde_since) != set(s.alcaldes):
        fail("the Alcaldes' placing order does not follow their regions")
    # pieces
    seen = Counter([*s.stack, *s.face_up, *(t for t, _ in s.terrain.values())])
    if sum(seen.values()) != TILE_COUNT or set(seen) != set(TILE) or max(seen.values()) != 1:
        fail("the terrain tiles are not the 48, each once")
    ships_out = sum(len(k.ships) for k in s.knights.values())
    if s.ship_supply + sum(s.court_ships) + ships_out != SHIPS[s.advanced] or s.ship_supply < 0:
        fail("ships do not add up")
    castles = sum(k.castillo for k in s.knights.values())
    if s.castillo_supply + castles != CASTILLOS[s.advanced] or s.castillo_supply < 0:
        fail("Castillos do not add up")
    # the board
    for cell in s.terrain:
        for d in range(4):
            nb = neighbour(cell, d)
            if nb in s.knights and nb in s.terrain:
                fail(f"two tiles in one cell {nb}")
            other = b.edge(s, nb, opposite(d))
            if other is not None and other != b.edge(s, cell, d):
                fail(f"edges of {cell} and {nb} do not match")
    for cell, k in s.knights.items():
        if len(b.land_sides(s, cell)) >= 2 and not k.grande:
            fail(f"the Caballero tile at {cell} touches two land tiles without a Grande")
        if not b.contacts(s, cell):
            fail(f"the Caballero tile at {cell} touches no terrain tile")
        for d in k.ships:
            if b.edge(s, neighbour(cell, d), opposite(d)) != SEA:
                fail(f"a ship at {cell} does not face sea")
    if b.regions_from_scratch(s) != s.region_of:
        fail("the incremental regions differ from the regions found from scratch")
    # scores
    if before.scores and any(x < y for x, y in zip(s.scores, before.scores, strict=True)):
        fail("a score decreased")
    if event.type == "scored":
        points = recount(s)
        if points != list(event["points"]):
            fail(f"the scoring gave {list(event['points'])}, the board says {points}")
        sums = [sum(x["points"][seat] for x in s.scorings) for seat in s.seats()]
        if sums != s.scores:
            fail("the scores are not the sum of the scorings")


def recount(s: State) -> list[int]:
    """Every region's points computed again from the board alone (regions from scratch, counts
    from each tile's printed numbers), without the scoring module."""
    label_of = b.regions_from_scratch(s)
    members: dict[tuple[int, int, int], set[tuple[int, int]]] = {}
    for area, label in label_of.items():
        members.setdefault(label, set()).add((area[0], area[1]))
    counts: dict[tuple[int, int, int], list[int]] = {}
    fleets: dict[tuple[int, int, int], list[int]] = {}
    for cell, k in s.knights.items():
        numbers = knight_numbers(k.side, k.turn)
        for d in range(4):
            nb = neighbour(cell, d)
            if nb not in s.terrain:
                continue
            tile, turn = s.terrain[nb]
            back = opposite(d)
            i, (kind, _) = next((i, a) for i, a in enumerate(rotated_areas(TILE[tile], turn))
                                if back in a[1])
            label = label_of[(nb[0], nb[1], i)]
            if kind == "L":
                counts.setdefault(label, [0] * s.players)[k.seat] += numbers[d]
            elif d in k.ships:
                fleets.setdefault(label, [0] * s.players)[k.seat] += 1
    points = [0] * s.players

    def value(label: tuple[int, int, int], land: bool) -> int:
        cells = members[label]
        return len(cells) + sum(TILE[s.terrain[c][0]].gold if land else TILE[s.terrain[c][0]].fish
                                for c in cells)

    for label in set(counts) | {a for a in s.alcaldes if b.area_kind(s, a) == "L"}:
        v = value(label, True)
        c = counts.get(label, [0] * s.players)
        ranked = sorted(((n, seat) for seat, n in enumerate(c) if n > 0), reverse=True)
        owner = s.alcaldes.get(label)
        if owner is not None:
            points[owner] += 2 * v
            ranked = [(n, seat) for n, seat in ranked if seat != owner]
            if s.players > 2 and ranked and (len(ranked) == 1 or ranked[1][0] < ranked[0][0]):
                points[ranked[0][1]] += v
            continue
        if not ranked:
            continue
        top = [seat for n, seat in ranked if n == ranked[0][0]]
        if len(top) > 1:
            for seat in top:
                points[seat] += v
            continue
        points[top[0]] += 2 * v
        rest = ranked[1:]
        if s.players > 2 and rest and (len(rest) == 1 or rest[1][0] < rest[0][0]):
            points[rest[0][1]] += v
    for label, fleet in fleets.items():
        v = value(label, False)
        for seat, n in enumerate(fleet):
            points[seat] += v * n
    return points
