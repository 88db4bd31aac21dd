"""El Caballero's bots: `random` (a uniformly chosen kind of legal move) and `greedy` (one ply on a
static evaluation).

A bot gets the seat's view only. Everything in El Caballero is public but the stack's order, which
is not in any state either (a draw picks among the tiles left), so `state_from_view` rebuilds a
state that agrees with the view in every respect the seat's own moves depend on; the bots then use
the engine itself to list and judge legal moves.

Greedy's evaluation of a position for a seat: its score, plus the points the board would give it
if scored now, weighted by the scorings still to come, plus a little for each Caballero in court
(they become majorities later) while a scoring remains; minus the best opponent's same total.
Candidates are the turn's moves that can change it: every terrain placement (a sample when there
are many), Caballero tiles with the smallest number that takes or keeps the lead in the region they
touch (and the largest affordable one), raises likewise, ships, reinforcements, Alcaldes; the move
that gains most is played, and the turn ends when nothing gains.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.core import surface
from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.elcaballero import board as b
from domain.elcaballero import rules
from domain.elcaballero.actions import tiles_to_lay
from domain.elcaballero.data import BANK, POWER_CABALLEROS, SCORING_ROUNDS, TILE_IDS
from domain.elcaballero.evolve import fold
from domain.elcaballero.geometry import SIDES, knight_orientation
from domain.elcaballero.scoring import score
from domain.elcaballero.state import Knight, State, Turn

# --- the view as a state -------------------------------------------------------------------------


def state_from_view(view: dict[str, Any]) -> State:
    """A state agreeing with the view (the stack's contents are the tiles not seen; no seed)."""
    s = State(players=view["players"], advanced=view["options"]["advanced"], seed="bot-view")
    s.terrain = {(t["at"][0], t["at"][1]): (t["tile"], t["turn"]) for t in view["terrain"]}
    s.knights = {(k["at"][0], k["at"][1]): Knight(k["seat"], k["side"], k["turn"], k["castillo"],
                                                  k["grande"],
                                                  tuple(SIDES.index(x) for x in k["ships"]))
                 for k in view["knights"]}
    s.region_of = b.regions_from_scratch(s)
    s.alcaldes = {(r["id"][0], r["id"][1], r["id"][2]): r["alcalde"] for r in view["regions"]
                  if r["alcalde"] is not None}
    s.face_up = [t["tile"] for t in view["face_up"]]
    seen = {t for t, _ in s.terrain.values()} | set(s.face_up)
    s.stack = sorted(t for t in TILE_IDS if t not in seen)
    seats = view["seats"]
    s.court = [x["court"] for x in seats]
    s.off_board = [x["tiles_off_board"] for x in seats]
    s.court_ships = [x["court_ships"] for x in seats]
    s.alcaldes_left = [x["alcaldes_left"] for x in seats]
    s.scores = [x["score"] for x in seats]
    s.hands = [set(x["hand"]) for x in seats]
    s.bank = [BANK - s.court[i] - b.on_tiles(s, i) for i in range(s.players)]
    s.ship_supply = view["supply"]["ships"]
    s.castillo_supply = view["supply"]["castillos"]
    s.phase, s.round = view["phase"], view["round"]
    s.power_order = list(view["power_order"])
    s.power_played = {int(k): v for k, v in view["power_played"].items()}
    s.turn_order = list(view["turn_order"])
    t = view["turn"]
    if t is not None:
        s.turn = Turn(t["seat"], t["card"], t["reinforced"], t["tiles"], t["knights"], t["raises"],
                      t["ships"], t["castillos"], t["grande_moves"], t["actions"])
        s.turn_index = s.turn_order.index(t["seat"])
    s.scorings = [dict(x) for x in view["scorings"]]
    return s


# --- evaluation ----------------------------------------------------------------------------------

COURT_VALUE = 0.35
BOARD_WEIGHT = 0.6


def scorings_left(s: State) -> int:
    return sum(1 for r in SCORING_ROUNDS[s.advanced] if r >= s.round)


def evaluate(s: State, seat: int) -> float:
    left = scorings_left(s)
    now = score(s, 0)["points"]
    values = [s.scores[p] + left * BOARD_WEIGHT * now[p] + (COURT_VALUE * s.court[p] if left else 0)
              for p in s.seats()]
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)


def _after(s: State, cmd: Command) -> State | None:
    try:
        return fold(rules.decide(s, cmd), s)
    except RuleError:
        return None


# --- candidates ----------------------------------------------------------------------------------


def _lead_numbers(s: State, seat: int, label: Any, already: int) -> list[int]:
    """Numbers for a tile facing this region: the smallest that leads (distinct totals kept in
    mind) and the largest the court affords."""
    counts = b.land_totals(s).get(label, [0] * s.players)
    mine = counts[seat] - already
    others = [c for p, c in enumerate(counts) if p != seat]
    top = max(others, default=0)
    out = []
    for n in range(1, 9):
        if mine + n > top and mine + n not in others:
            out.append(n)
            break
    affordable = [n for n in range(1, 9) if n <= s.court[seat] + already]
    if affordable:
        out.append(affordable[-1])
    return sorted(set(out))


def turn_candidates(s: State, seat: int, rng: random.Random) -> list[Command]:
    """Greedy's candidates, drawn from the turn's space as its form states it (`rules.space`):
    a sample of the terrain placements, reinforcements, the Caballero tiles and raises whose number
    towards land takes or keeps the lead (or is the largest affordable), ships from the supply
    and Alcaldes."""
    assert s.turn is not None
    decision = rules.pending(s)[0]
    space = rules.space(s, decision)
    out: list[Command] = []
    placements = list(space.get("lay_tile", []))
    rng.shuffle(placements)
    out += [Command("lay_tile", seat, p) for p in placements[:60]]
    out += [Command("reinforce", seat, p) for p in space.get("reinforce", [])]
    if s.court[seat] <= 0:
        return out
    wanted: set[tuple[str, str, int]] = set()  # (cell "x,y", side, turn) that leads
    cells = [c for c in b.knight_cells(s) if len(b.land_sides(s, c)) == 1]
    rng.shuffle(cells)
    for cell in cells[:30]:
        d, area = b.land_sides(s, cell)[0]
        for n in _lead_numbers(s, seat, s.region_of[area], 0):
            if n <= s.court[seat]:
                side = "a" if n <= 4 else "b"
                wanted.add((_key(cell), side, knight_orientation(side, n, d)))
    out += [Command("lay_knight", seat, p) for p in space.get("lay_knight", [])
            if not p.get("grande") and (f"{p['at']['x']},{p['at']['y']}", p["side"],
                                        p["at"]["rotation"]) in wanted]
    raises: set[tuple[str, str, int]] = set()
    for cell, k in s.knights.items():
        lands = b.land_sides(s, cell)
        if k.seat != seat or k.grande or not lands:
            continue
        d, area = lands[0]
        have = b.knight_total(s, cell, k)
        for n in _lead_numbers(s, seat, s.region_of[area], have):
            if n > have:
                side = "a" if n <= 4 else "b"
                raises.add((_key(cell), side, knight_orientation(side, n, d)))
    out += [Command("raise", seat, p) for p in space.get("raise", [])
            if (p["at"], p["side"], p["turn"]) in raises]
    if s.court[seat] >= 2:
        out += [Command("ship", seat, p) for p in space.get("ship", []) if p["from"] == "supply"]
    out += [Command("alcalde", seat, p) for p in space.get("alcalde", [])]
    return out


def _key(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def power_choice(s: State, seat: int, cards: list[int]) -> int:
    """Most Caballeros; among equals the lower card before a scoring (acting last there has the
    last word on the majorities), the higher one otherwise (first pick of the face-up tiles)."""
    scoring = s.round in SCORING_ROUNDS[s.advanced]
    return max(cards, key=lambda c: (POWER_CABALLEROS[c], -c if scoring else c))


class GreedyBot:
    level = "greedy"

    def __init__(self, budget: float | None = None) -> None:
        pass

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        s = state_from_view(view)
        seat = decision.seat
        assert seat is not None
        if decision.kind == "power_card":
            assert decision.options is not None
            card = power_choice(s, seat, [o["card"] for o in decision.options])
            return Command("power", seat, {"card": card})
        base = evaluate(s, seat)
        must_lay = bool(tiles_to_lay(s))
        best: tuple[float, Command] | None = None
        for cmd in turn_candidates(s, seat, rng):
            after = _after(s, cmd)
            if after is None:
                continue
            value = evaluate(after, seat)
            if best is None or value > best[0]:
                best = (value, cmd)
        if best is not None and (must_lay or best[0] > base + 1e-9):
            return best[1]
        if must_lay:
            return rules.default_lay(s, seat)
        return Command("end_turn", seat)


def _random(budget: float | None) -> Any:
    from domain.elcaballero.module import GAME

    return surface.SampleBot(GAME, budget)


def _greedy(budget: float | None) -> Any:
    return GreedyBot(budget)


LEVELS: dict[str, Callable[[float | None], Any]] = {"random": _random, "greedy": _greedy}
