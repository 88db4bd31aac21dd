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

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import thaw
from domain.elgrande import determinize as eg_det
from domain.elgrande.bots.evaluate import evaluate
from domain.elgrande.data import PLACES, REGION_IDS, SCOREBOARDS
from domain.elgrande.options import Options
from domain.elgrande.state import Secret
from domain.kingintrigue import rules
from domain.kingintrigue.data import KEEP
from domain.kingintrigue.evolve import fold
from domain.kingintrigue.modules import hurricane
from domain.kingintrigue.modules.state import Mods
from domain.kingintrigue.modules_data import ALL_CARDS, MODULE_CARDS
from domain.kingintrigue.options import KIOptions
from domain.kingintrigue.state import KIState


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
        else:
            known = set(x["discards"] or []) | {played.get(x["seat"])}
            unseen = [v for v in deck if v not in known]
            s.hands.append(set(rng.sample(unseen, min(x["hand_count"], len(unseen)))))
        s.discards.append(list(x["discards"] or []))
        s.put_aside.append(set())
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
        for w in sv["submitted"]:
            if w == seat:
                s.secret.choices[w] = sv["your_choice"]
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
        seat = decision.seat
        assert seat is not None
        s = determinize(view, rng, decision)
        if decision.kind == "keep":
            return Command("keep", seat, {"cards": self._keep(decision, rng)})
        if decision.kind == "power_card":
            return Command("play_power", seat, {"card": self._power(s, seat, decision)})
        if decision.kind in ("secret", "veto", "return"):
            return rules.default_command(s, decision)
        candidates = [rules.default_command(s, decision)]
        if decision.options:
            candidates += [Command(o["type"], seat, {k: v for k, v in o.items() if k != "type"})
                           for o in decision.options]
        else:
            candidates += [rules.sample_command(s, decision, rng) for _ in range(self.CANDIDATES)]
            if decision.kind == "act" and "place" in decision.constraint:
                candidates.append(self._best_placement(s, seat, decision))
        best, best_value = candidates[0], float("-inf")
        for command in candidates:
            value = self._value(s, seat, command)
            if value > best_value:
                best, best_value = command, value
        return best

    @staticmethod
    def _keep(decision: Decision, rng: random.Random) -> list[int]:
        """The default 13 without the modules; with them, the default's strongest 8 (the King,
        the Veto, the most Caballeros, the late cards) and 5 of the modules' cards drawn, never
        the Joker (whose worth is in timing a one-ply look cannot judge)."""
        offered = set(decision.constraint.get("from", []))
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

    def _best_placement(self, s: KIState, seat: int, d: Decision) -> Command:
        """Caballero by Caballero, each to the place where the evaluation gains most."""
        places: dict[str, int] = {}
        for _ in range(d.constraint["place"]["max"]):
            best, best_value = None, self._value(s, seat, Command("place", seat,
                                                                  {"places": places}))
            for p in d.constraint["place"]["places"]:
                trial = {**places, p: places.get(p, 0) + 1}
                value = self._value(s, seat, Command("place", seat, {"places": trial}))
                if value > best_value:
                    best, best_value = p, value
            if best is None:
                break
            places[best] = places.get(best, 0) + 1
        return Command("place", seat, {"places": places})

    @staticmethod
    def _power(s: KIState, seat: int, d: Decision) -> int:
        """Caballeros for the court early on, the high cards (order, King) later; never waste the
        King when the round card would not follow it."""
        cards = [o["card"] for o in d.options or []]
        played = set(s.power_played.values())
        late = s.round / 9

        def worth(card: int) -> float:
            order = sum(1 for p in played if p < card) / max(1, len(played)) if played else 0.5
            return (ALL_CARDS[card].caballeros * (1.2 - late) * 0.5
                    + order * 2.5 + card / 180 * (1 + late))

        return max(cards, key=worth)


def _greedy(budget: float | None) -> Any:
    return GreedyBot(budget)


LEVELS: dict[str, Callable[[float | None], Any]] = {"greedy": _greedy}
