"""King & Intrigue's bots: `random` (the generic uniform legal move) and `greedy` (one ply on El
Grande's static evaluation, `domain.elgrande.bots.evaluate`).

A bot sees only its seat's view; `determinize` completes it into a state the rules can play on:
the hidden parts (other seats' hands, Castillo counts and provinces under `memory`, secret choices
already made, their discard piles) are drawn from what the view allows, with El Grande's
determinisation helpers for the board, the flow of the turn and the Vetoes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.bots.search import (
    DeterminizedRandomBot,
    SearchBot,
    listed,
    offered_only,
    option_command,
    playout,
    settle,
    step,
)
from domain.core import formspace
from domain.core.commands import Command
from domain.core.constraints import Counts, OneOf, Subset
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import thaw
from domain.core.surface import RANDOM_ABOUT, BotLevel
from domain.elgrande import determinize as eg_det
from domain.elgrande.bots import GREEDY_ABOUT
from domain.elgrande.bots.evaluate import Weights, evaluate
from domain.elgrande.bots.greedy import greedy_placement, take_most
from domain.elgrande.data import PLACES, REGION_IDS, SCOREBOARDS
from domain.elgrande.options import Options
from domain.elgrande.state import Secret
from domain.kingintrigue import rules
from domain.kingintrigue.data import KEEP
from domain.kingintrigue.evolve import fold
from domain.kingintrigue.module import GAME
from domain.kingintrigue.modules import hurricane
from domain.kingintrigue.modules.state import Mods
from domain.kingintrigue.modules_data import ALL_CARDS, MODULE_CARDS
from domain.kingintrigue.options import KIOptions
from domain.kingintrigue.state import KIState

DEFAULT_BUDGET = 2.0
"""Seconds per move for the level that searches when the service gives none."""


def determinize(view: dict[str, Any], rng: random.Random,
                decision: Decision | None = None) -> KIState:
    """A complete state agreeing with the seat's view, the hidden parts drawn with `rng`."""
    view = thaw(view)
    seat, seats = view["you"], view["seats"]
    s = KIState()
    s.players = view["players"]
    s.rules = view.get("rules", 1)  # the game's rules version: its decisions are those
    s.options = Options()
    s.ki = KIOptions.parse(view["ki_options"])
    deck = s.ki.deck()
    s.seed = f"determinized-{rng.getrandbits(64):016x}"
    s.phase, s.round, s.king = view["phase"], view["round"], view["king"]
    s.scorings_done, s.ranking = view["scorings_done"], view["ranking"]
    s.scores = [x["score"] for x in seats]
    s.court = [x["court"] for x in seats]
    s.grandes = [x["grande"] for x in seats]
    s.places = {p: [0 if c is None else c for c in view["places"][p]["counts"]] for p in PLACES}
    s.scoreboards = dict.fromkeys(SCOREBOARDS)
    for p in PLACES:
        if view["places"][p]["scoreboard"] is not None:
            s.scoreboards[view["places"][p]["scoreboard"]] = p
    eg_det._board_counts(s, view, seats, rng)
    s.hands, s.discards, s.put_aside = [], [], []
    played = {int(k): v for k, v in view["power_played"].items()}
    for x in seats:
        if x["hand"] is not None:
            s.hands.append(set(x["hand"]))
            s.put_aside.append(set(x.get("put_aside") or ()))
            s.discards.append(list(x["discards"] or []))
        else:  # its hand, the cards it put aside and (hidden discards) its pile below the top:
            # among the cards of its deck not seen
            top = x.get("discard_top")
            known = set(x["discards"] or []) | {played.get(x["seat"]), top}
            unseen = [v for v in deck if v not in known]
            rng.shuffle(unseen)
            count = min(x["hand_count"], len(unseen))
            hand, unseen = set(unseen[:count]), unseen[count:]
            s.hands.append(hand)
            if x["discards"] is not None:
                pile = list(x["discards"])
            else:
                below = max(0, x.get("discard_count", 0) - (top is not None))
                pile, unseen = unseen[:below], unseen[below:]
                pile += [top] if top is not None else []
            s.discards.append(pile)
            aside = len(deck) - KEEP
            s.put_aside.append(set(unseen[:aside]) if x["hand_count"] or pile else set())
    s.private_returns = [set() for _ in seats]
    s.round_cards = {c["seat"]: (c["card"], c["places"]) for c in view["round_cards"]}
    s.choice, s.free_placement = list(view["choice"]), view["free_placement"]
    s.doubles = dict(view["doubles"])
    s.mods = Mods.from_view(view.get("modules"))
    eg_det._flow(s, view, seat, decision)
    eg_det._vetoes(s, view, seats)
    sv = view["secret"]
    if sv is not None:
        s.secret = Secret(kind=sv["kind"], seats=list(sv["seats"]), context=dict(sv["context"]))
        spied = view.get("espionage") or {}  # the spy sees the others' Castillo discs
        for w in sv["submitted"]:
            if w == seat:
                s.secret.choices[w] = sv["your_choice"]
            elif str(w) in spied:
                s.secret.choices[w] = spied[str(w)]
            elif s.secret.kind == rules.KEEP_KIND:
                s.secret.choices[w] = sorted(rng.sample(deck, KEEP))
            else:
                s.secret.choices[w] = rng.choice(rules.secret_options(s, w))
    _hurricane_discs(s, view, seat, rng)
    return s


def _hurricane_discs(s: KIState, view: dict[str, Any], seat: int | None,
                     rng: random.Random) -> None:
    """The Hurricane discs set and not yet revealed: the bot's own as its view shows it, the
    others' drawn (without them the determinized game would ask for them again)."""
    if s.phase != "turns" or (s.secret is not None and s.secret.kind == hurricane.KIND):
        return
    for w in hurricane.holders(s):
        if w in s.mods.hurricane_shown:
            continue
        own = view.get("hurricane_disc") if w == seat else None
        s.mods.hurricane[w] = own or rng.choice([r for r in REGION_IDS if r != s.king])


class GreedyBot:
    """Each candidate judged by the evaluation of the position it leads to (one ply)."""

    level = "greedy"
    CANDIDATES = 24

    def __init__(self, budget: float | None = None) -> None:
        self.budget = budget

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        return self.ranked(determinize(view, rng, decision), decision, rng)[0]

    def ranked(self, s: KIState, decision: Decision, rng: random.Random,
               samples: int | None = None) -> list[Command]:
        """The candidates for `decision` in state `s`, best first (the first is greedy's move),
        all of them among what the decision's form offers: its listed choices, draws from its
        fields that the rules take, a placement built on the places it offers, the default."""
        seat = decision.seat
        assert seat is not None
        default = rules.default_command(s, decision)
        if decision.kind == "keep":
            keep = Command("keep", seat, {"cards": self._keep(decision, rng)})
            return offered_only(decision, [keep]) or [default]
        if decision.kind == "power_card":
            cards = _power_cards(decision)
            best = self._power(s, seat, cards)
            return [Command("play_power", seat, {"card": c})
                    for c in [best, *(c for c in cards if c != best)]]
        if decision.kind in ("secret", "veto", "return"):
            return [default, *(c for c in offered_only(decision, listed(decision, rng))
                               if c != default)]
        candidates = [default, *listed(decision, rng)]
        if decision.kind == "take":  # as many as allowed first, then the deadline's default
            candidates = [take_most(decision), *candidates]
        form = decision.form
        known: dict[str, float] = {}

        def value(command: Command) -> float:
            """`_value`, each command folded once: a drawn command is judged when drawn (is it
            legal?) and again when ranked, a placement when built and again when ranked."""
            key = repr((command.type, command.params))  # params in canonical order
            if key not in known:
                known[key] = self._value(s, seat, command)
            return known[key]

        if form is not None and not all(formspace.enumerated(a) for a in form.answers):
            n = self.CANDIDATES if samples is None else samples

            def legal(command: Command) -> bool:
                return value(command) > float("-inf")

            for _ in range(n):
                drawn = formspace.draw_legal(decision, legal, rng, tries=4)
                if drawn is not None:
                    candidates.append(drawn)
            placement = self._best_placement(seat, decision, value)
            if placement is not None:
                candidates.append(placement)
        candidates = offered_only(decision, candidates) or [default]
        values = [value(command) for command in candidates]
        order = sorted(range(len(candidates)), key=lambda i: -values[i])  # stable: ties in order
        return [candidates[i] for i in order]

    @staticmethod
    def _keep(decision: Decision, rng: random.Random) -> list[int]:
        """The default 13 without the modules; with them, the default's strongest 8 (the King,
        the Veto, the most Caballeros, the late cards) and 5 of the modules' cards drawn, never
        the Joker (whose worth is in timing a one-ply look cannot judge); all of them among the
        cards the form offers."""
        cards = formspace.field_of(formspace.answer_of(decision.form, "keep"), "cards")
        assert isinstance(cards, Subset)
        offered = set(cards.options)
        extra = [v for v in sorted(offered & set(MODULE_CARDS))
                 if MODULE_CARDS[v].action != "joker"]
        if not extra:
            return list(rules.DEFAULT_KEEP)
        return sorted([10, 20, 40, 60, 90, 130, 160, 180, *rng.sample(extra, 5)])

    @staticmethod
    def _value(s: KIState, seat: int, command: Command) -> float:
        try:
            after = fold(rules.decide(s, command), s)
        except RuleError:
            return float("-inf")
        return evaluate(after, seat)

    @staticmethod
    def _best_placement(seat: int, d: Decision,
                        value: Callable[[Command], float]) -> Command | None:
        """Caballero by Caballero, each to the place (of those the form offers) where the
        evaluation (`value`) gains most; None when the form offers no placement."""
        offered = formspace.field_of(formspace.answer_of(d.form, "place"), "places")
        if not isinstance(offered, Counts):
            return None
        places: dict[str, int] = {}
        for _ in range(offered.max_total or 0):
            best, best_value = None, value(Command("place", seat, {"places": places}))
            for p in offered.bounds:
                trial = {**places, p: places.get(p, 0) + 1}
                worth = value(Command("place", seat, {"places": trial}))
                if worth > best_value:
                    best, best_value = p, worth
            if best is None:
                break
            places[best] = places.get(best, 0) + 1
        return Command("place", seat, {"places": places})

    @staticmethod
    def _power(s: KIState, seat: int, cards: list[int]) -> int:
        """Caballeros for the court early on, the high cards (order, King) later; never waste the
        King when the round card would not follow it."""
        played = set(s.power_played.values())
        late = s.round / 9

        def worth(card: int) -> float:
            order = sum(1 for p in played if p < card) / max(1, len(played)) if played else 0.5
            return (ALL_CARDS[card].caballeros * (1.2 - late) * 0.5
                    + order * 2.5 + card / 180 * (1 + late))

        return max(cards, key=worth)


def _option_commands(d: Decision) -> list[Command]:
    return [option_command(d, o) for o in d.options or []]


def _power_cards(d: Decision) -> list[int]:
    """The power cards the decision's form offers."""
    cards = formspace.field_of(formspace.answer_of(d.form, "play_power"), "card")
    assert isinstance(cards, OneOf)
    return list(cards.options)


# --- the strong bot -------------------------------------------------------------------------------

RESPONSES = frozenset({"veto", "secret", "return", "guard", "cross"})
"""Decisions another seat takes in answer to a move, played before judging the move."""


def fast_command(s: KIState, d: Decision, rng: random.Random) -> Command:
    """The playouts' policy: greedy's heuristics where they are cheap (the power card, a
    placement Caballero by Caballero on El Grande's scratch evaluation), the safe default move
    elsewhere, and the best of a few sampled special actions."""
    seat = d.seat
    if seat is None:
        return rules.default_command(s, d)
    if d.kind == "power_card":
        return Command("play_power", seat, {"card": GreedyBot._power(
            s, seat, [o["card"] for o in d.options or []])})
    if d.kind == "keep":
        return Command("keep", seat, {"cards": GreedyBot._keep(d, rng)})
    if d.kind == "choose_action":
        options = _option_commands(d)
        return max(options, key=lambda c: GreedyBot._value(s, seat, c))
    if d.kind == "act":
        t = s.turn
        assert t is not None
        if not t.placed and ("special" not in d.constraint or rng.random() < 0.5):
            most = d.constraint["place"]["max"]
            targets = d.constraint["place"]["places"]
            places = greedy_placement(s, seat, most, targets, Weights(s)) if most else {}
            return Command("place", seat, {"places": places})
        options = [Command("decline", seat)] if "decline" in d.constraint["commands"] else []
        options += [rules.sample_command(s, d, rng) for _ in range(3)]
        options = [c for c in options if c.type != "place"] or options
        return max(options, key=lambda c: GreedyBot._value(s, seat, c))
    if d.kind == "take":
        return take_most(d)
    return rules.default_command(s, d)


def _policy(s: Any, d: Decision, rng: random.Random) -> Command:
    return fast_command(s, d, rng)


class StrongBot(SearchBot):
    """Flat Monte-Carlo search (`domain.bots.search`) over greedy's best candidates, each tried in
    fresh determinisations of the view (other hands, the cards put aside, hidden discards and
    secret choices drawn) and played on with `fast_command` for every seat to the end of the
    round (of the next one when few turns are left in this one), then judged by El Grande's
    static evaluation. The secret choices (the Castillo disc, the special scorings' regions) are
    ranked by their outcome once the others' choices are drawn and revealed."""

    def __init__(self, budget: float = DEFAULT_BUDGET, max_iterations: int | None = None,
                 top_k: int = 4, samples: int = 12) -> None:
        super().__init__(budget, max_iterations, top_k)
        self.samples = samples
        self.greedy = GreedyBot()

    def answer_at_once(self, view: dict[str, Any], decision: Decision,
                       rng: random.Random) -> Command | None:
        if decision.kind == "keep":  # a round's horizon cannot judge the whole game's hand
            return self.greedy.choose(view, decision, rng)
        return super().answer_at_once(view, decision, rng)

    def determinize(self, view: dict[str, Any], rng: random.Random, decision: Decision) -> KIState:
        return determinize(view, rng, decision)

    def candidates(self, world: KIState, decision: Decision,
                   rng: random.Random) -> list[Command]:
        ranked = self.greedy.ranked(world, decision, rng, self.samples)
        if decision.kind == "secret" and decision.seat is not None:
            seat = decision.seat

            def settled(c: Command) -> float:
                try:
                    after = settle(GAME, step(GAME, world, c), seat, _policy, random.Random(0),
                                   RESPONSES)
                except RuleError:
                    return float("-inf")
                return evaluate(after, seat)

            values = {i: settled(c) for i, c in enumerate(ranked)}
            ranked = [ranked[i] for i in sorted(values, key=lambda i: -values[i])]
        return ranked

    def default(self, world: KIState, decision: Decision) -> Command:
        return rules.default_command(world, decision)

    def simulate(self, world: KIState, seat: int, candidate: Command, rng: random.Random,
                 deadline: float | None) -> float | None:
        try:
            after = settle(GAME, step(GAME, world, candidate), seat, _policy, rng, RESPONSES)
        except RuleError:  # cannot happen for a legal candidate; never pick it
            return -1e6
        stop = _round_end(after)
        end = playout(GAME, after, _policy, rng, stop, deadline=deadline)
        return None if end is None else evaluate(end, seat)


def _round_end(s: KIState) -> Callable[[Any], bool]:
    """Where a playout stops: the end of the current round if at least three turns are left in
    it, else the end of the next one (a position is judged before the next power cards)."""
    left = s.players if s.phase == "power" else (
        len(s.turn_order) - s.turn_index if s.phase == "turns" else 0)
    stop_round = s.round + (1 if left >= 3 else 2)
    return lambda x: x.round >= stop_round and x.phase == "power" and not x.power_played


def _random(budget: float | None) -> Any:
    return DeterminizedRandomBot(determinize, rules.decide, rules.default_command)


def _greedy(budget: float | None) -> Any:
    return GreedyBot(budget)


def _strong(budget: float | None) -> Any:
    return StrongBot(budget if budget is not None else DEFAULT_BUDGET)


STRONG_ABOUT = {
    "en": "looks ahead to the end of the round, guessing the others' hands: about "
          "{seconds:# second|# seconds} a move",
    "fr": "anticipe jusqu'à la fin de la manche en devinant les mains des autres\u00a0: environ "
          "{seconds:# seconde|# secondes} par coup",
    "it": "guarda avanti fino alla fine del round, indovinando le mani degli altri: circa "
          "{seconds:# secondo|# secondi} a mossa"}

LEVELS: dict[str, Callable[[float | None], Any]] = {
    "random": BotLevel(_random, RANDOM_ABOUT),
    "greedy": BotLevel(_greedy, GREEDY_ABOUT),
    "strong": BotLevel(_strong, STRONG_ABOUT, DEFAULT_BUDGET)}
