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

from domain.bots.search import DeterminizedRandomBot, SearchBot, offered_only, playout, step
from domain.core import formspace
from domain.core.commands import Command
from domain.core.constraints import OneOf
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.surface import RANDOM_ABOUT, BotLevel
from domain.elcaballero import board as b
from domain.elcaballero import rules
from domain.elcaballero.actions import tiles_to_lay
from domain.elcaballero.data import BANK, POWER_CABALLEROS, SCORING_ROUNDS, TILE_IDS
from domain.elcaballero.evolve import fold
from domain.elcaballero.geometry import SIDES, knight_orientation
from domain.elcaballero.module import GAME
from domain.elcaballero.scoring import score
from domain.elcaballero.state import Knight, State, Turn

DEFAULT_BUDGET = 2.0
"""Seconds per move for the level that searches when the service gives none."""

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
    s.alcalde_since = {(r["id"][0], r["id"][1], r["id"][2]): r.get("alcalde_since") or 0
                       for r in view["regions"] if r["alcalde"] is not None}
    s.rules = view.get("rules", 1)  # the game's rules version: its decisions are those
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


def turn_candidates(s: State, seat: int, rng: random.Random, placements_cap: int = 60,
                    cells_cap: int = 30, decision: Decision | None = None) -> list[Command]:
    """Greedy's candidates, drawn from the turn's space as its form states it (`rules.space`):
    a sample of the terrain placements, reinforcements, the Caballero tiles and raises whose number
    towards land takes or keeps the lead (or is the largest affordable), ships from the supply
    and Alcaldes. `decision`: the turn's decision on `s` when the caller has it (the playouts
    do, at every step), so its constraint is not worked out again."""
    assert s.turn is not None
    if decision is None:
        decision = rules.pending(s)[0]
    space = rules.space(s, decision)
    out: list[Command] = []
    placements = list(space.get("lay_tile", []))
    rng.shuffle(placements)
    out += [Command("lay_tile", seat, p) for p in placements[:placements_cap]]
    out += [Command("reinforce", seat, p) for p in space.get("reinforce", [])]
    if s.court[seat] <= 0:
        return out
    wanted: set[tuple[str, str, int]] = set()  # (cell "x,y", side, turn) that leads
    cells = [c for c in b.knight_cells(s) if len(b.land_sides(s, c)) == 1]
    rng.shuffle(cells)
    for cell in cells[:cells_cap]:
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


def ranked_actions(s: State, seat: int, rng: random.Random, placements_cap: int = 60,
                   cells_cap: int = 30, decision: Decision | None = None
                   ) -> list[tuple[float, Command]]:
    """The turn's candidate actions with the value of the position each leads to, best first
    (stable: equal values keep the candidates' order); ending the turn is among them, at the
    position's present value, unless a terrain tile must still be laid."""
    must_lay = bool(tiles_to_lay(s))
    out: list[tuple[float, Command]] = []
    for cmd in turn_candidates(s, seat, rng, placements_cap, cells_cap, decision):
        after = _after(s, cmd)
        if after is not None:
            out.append((evaluate(after, seat), cmd))
    out.sort(key=lambda x: -x[0])
    if not must_lay:
        base = evaluate(s, seat) + 1e-9  # an action must gain to be worth playing
        at = next((i for i, (v, _) in enumerate(out) if v <= base), len(out))
        out.insert(at, (base, Command("end_turn", seat)))
    elif not out:
        out.append((0.0, rules.default_lay(s, seat)))
    return out


def greedy_command(s: State, d: Decision, rng: random.Random, placements_cap: int = 60,
                   cells_cap: int = 30) -> Command:
    """Greedy's move on a state: the power card by `power_choice`, else the action that gains
    most (ending the turn when none gains)."""
    seat = d.seat
    assert seat is not None
    if d.kind == "power_card":
        return Command("power", seat, {"card": power_choice(s, seat, power_cards(d))})
    return ranked_actions(s, seat, rng, placements_cap, cells_cap, d)[0][1]


def power_cards(d: Decision) -> list[int]:
    """The power cards the decision's form offers."""
    cards = formspace.field_of(formspace.answer_of(d.form, "power"), "card")
    assert isinstance(cards, OneOf)
    return list(cards.options)


class GreedyBot:
    """The move that gains most, among those the decision's form offers (its candidates are drawn
    from the turn's space as the form states it; any the form does not offer is passed over)."""

    level = "greedy"

    def __init__(self, budget: float | None = None) -> None:
        pass

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        s = state_from_view(view)
        seat = decision.seat
        assert seat is not None
        if decision.kind == "power_card":
            return greedy_command(s, decision, rng)
        ranked = offered_only(decision, [cmd for _, cmd in ranked_actions(s, seat, rng)])
        return ranked[0] if ranked else rules.default_command(s, decision)


# --- the strong bot ------------------------------------------------------------------------------


def determinize(view: dict[str, Any], rng: random.Random, decision: Decision | None = None
                ) -> State:
    """The view as a state whose future draws are a fresh guess: the stack's order is hidden
    from everyone (a draw picks among the tiles left by the game's secret seed), so a random
    seed stands for it."""
    s = state_from_view(view)
    s.seed = f"determinized-{rng.getrandbits(64):016x}"
    return s


def fast_command(s: Any, d: Decision, rng: random.Random) -> Command:
    """The playouts' policy: greedy on fewer candidates."""
    return greedy_command(s, d, rng, placements_cap=3, cells_cap=6)


class StrongBot(SearchBot):
    """Flat Monte-Carlo search over whole turns (`domain.bots.search`): greedy's best actions
    (ending the turn among them) are the candidates; each is played in a determinised world
    (future tile draws guessed), the rest of the seat's turn completed by a cheaper greedy, then
    the next player's whole turn too (its answer to what was done), and the position judged by
    greedy's evaluation. A power card is tried likewise up to the end of the seat's turn and the
    next player's. The best mean over the worlds is played."""

    def __init__(self, budget: float = DEFAULT_BUDGET, max_iterations: int | None = None,
                 top_k: int = 3) -> None:
        super().__init__(budget, max_iterations, top_k)

    def determinize(self, view: dict[str, Any], rng: random.Random, decision: Decision) -> State:
        return determinize(view, rng, decision)

    def candidates(self, world: State, decision: Decision, rng: random.Random) -> list[Command]:
        seat = decision.seat
        assert seat is not None
        if decision.kind == "power_card":
            cards = power_cards(decision)
            best = power_choice(world, seat, cards)
            return [Command("power", seat, {"card": c})
                    for c in [best, *(c for c in cards if c != best)]]
        return [cmd for _, cmd in ranked_actions(world, seat, rng)]

    def default(self, world: State, decision: Decision) -> Command:
        return rules.default_command(world, decision)

    def simulate(self, world: State, seat: int, candidate: Command, rng: random.Random,
                 deadline: float | None) -> float | None:
        try:
            after = step(GAME, world, candidate)
        except RuleError:  # cannot happen for a legal candidate; never pick it
            return -1e6
        end = playout(GAME, after, fast_command, rng, _after_next_turn(after, seat),
                      deadline=deadline)
        return None if end is None else evaluate(end, seat)


def _after_next_turn(s: State, seat: int) -> Callable[[Any], bool]:
    """Stop once the seat's turn and the next player's are over (or the round is)."""
    mark = {"own_done": False, "next": None}
    start = s.round

    def stop(x: Any) -> bool:
        if x.round != start or x.phase == "over":
            return True
        if x.phase != "turns" or x.turn is None:
            return False
        if not mark["own_done"]:
            if x.turn.seat != seat and seat not in x.turn_order[x.turn_index:]:
                mark["own_done"], mark["next"] = True, x.turn.seat
            return False
        return bool(x.turn.seat != mark["next"])

    return stop


def _random(budget: float | None) -> Any:
    return DeterminizedRandomBot(determinize, rules.decide, rules.default_command)


def _greedy(budget: float | None) -> Any:
    return GreedyBot(budget)


def _strong(budget: float | None) -> Any:
    return StrongBot(budget if budget is not None else DEFAULT_BUDGET)


GREEDY_ABOUT = {"en": "plays the best-looking action now, and ends its turn when none gains",
                "fr": "joue l'action qui paraît la meilleure sur le moment, et finit son tour "
                      "quand aucune ne rapporte",
                "it": "gioca l'azione che sembra la migliore sul momento, e chiude il turno "
                      "quando nessuna conviene"}

STRONG_ABOUT = {
    "en": "looks ahead over its whole turn and the next player's: about "
          "{seconds:# second|# seconds} a move",
    "fr": "anticipe sur tout son tour et celui du joueur suivant\u00a0: environ "
          "{seconds:# seconde|# secondes} par coup",
    "it": "guarda avanti su tutto il suo turno e su quello del giocatore seguente: circa "
          "{seconds:# secondo|# secondi} a mossa"}

LEVELS: dict[str, Callable[[float | None], Any]] = {
    "random": BotLevel(_random, RANDOM_ABOUT),
    "greedy": BotLevel(_greedy, GREEDY_ABOUT),
    "strong": BotLevel(_strong, STRONG_ABOUT, DEFAULT_BUDGET)}
