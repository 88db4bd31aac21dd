"""The greedy bot: one ply, each candidate judged by its immediate effect on the evaluation.

Candidates come from the decision's options when it has them, otherwise they are generated: a
placement built Caballero by Caballero (each to the place where it gains most), special actions
enumerated when small (a place to score, where the King goes, a scoreboard, a card to take back)
or built greedily (moves, one Caballero at a time), plus declining. An `act` decision is judged by
its whole plan: placement then special action, or special action then placement, whichever is
better; the bot returns the plan's first step (it is asked again for the second).

Power cards are judged by a heuristic: Caballeros gained for the court against the expected number
of opponents acting after this seat (who gets the first choice of action cards).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.elgrande import rules
from domain.elgrande.actions import CARDS, MoveCard, move_sources, move_targets
from domain.elgrande.bots.evaluate import (
    COURT,
    PROVINCES,
    Weights,
    evaluate,
    place_delta,
    relative,
    seat_values,
)
from domain.elgrande.bots.sim import Policy, default_policy, settle, step
from domain.elgrande.data import CASTILLO, POWER_CABALLEROS, REGION_IDS, SCOREBOARDS
from domain.elgrande.determinize import determinize
from domain.elgrande.state import State

Scored = tuple[Command, float]


# --- power cards -----------------------------------------------------------------------------------

ORDER_VALUE = 2.5  # acting before everybody: first choice of the action cards


def power_values(s: State, seat: int, cards: list[int]) -> list[float]:
    w = Weights(s)
    played = s.power_played
    taken = set(played.values())
    opponents = [o for o in s.seats() if o != seat]
    out = []
    for card in cards:
        after = 0.0
        for o in opponents:
            if o in played:
                after += played[o] < card
            else:
                legal = [c for c in s.hands[o] if c not in taken and c != card]
                after += sum(c < card for c in legal) / len(legal) if legal else 0.5
        order = ORDER_VALUE * after / max(1, len(opponents))
        gain = min(POWER_CABALLEROS[card], s.provinces[seat])
        room = max(0, 12 - s.court[seat])  # a large court is worth less per Caballero
        cab = (w.court - PROVINCES) * (min(gain, room) + 0.3 * max(0, gain - room))
        # keep the extremes for later unless they are needed: a mild cost for spending them
        spend = 0.15 * abs(card - 7) / 6
        out.append(order + cab - spend)
    return out


# --- placements and moves, Caballero by Caballero ---------------------------------------------------

def greedy_placement(s: State, seat: int, most: int, targets: list[str],
                     w: Weights) -> dict[str, int]:
    """Place `most` Caballeros one at a time, each where the seat's relative value gains most."""
    scratch = {p: list(s.places[p]) for p in targets}
    view = _Scratch(s, scratch)
    values = seat_values(s, w)
    placed: dict[str, int] = {}
    for _ in range(most):
        best, best_gain, best_delta = None, -1e9, None
        for place in targets:
            delta = place_delta(view, place, {seat: 1}, seat, w)
            gain = relative([v + d for v, d in zip(values, delta, strict=True)], seat)
            if gain > best_gain:
                best, best_gain, best_delta = place, gain, delta
        if best is None or best_delta is None:
            break
        scratch[best][seat] += 1
        values = [v + d for v, d in zip(values, best_delta, strict=True)]
        placed[best] = placed.get(best, 0) + 1
    return placed


class _Scratch:
    """A state whose place counts are overridden (for cheap what-ifs with `place_delta`)."""

    def __init__(self, s: State, places: dict[str, list[int]]) -> None:
        self._s = s
        self.places = {**s.places, **places}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._s, name)


def greedy_moves(s: State, seat: int, card: MoveCard, w: Weights,
                 source: str | None = None) -> list[dict[str, Any]]:
    """Moves for a move card, one Caballero at a time, each the best single move for the seat."""
    scratch = {p: list(c) for p, c in s.places.items()}
    view = _Scratch(s, scratch)
    values = seat_values(s, w)
    budget = {"own": (card.caps or {}).get("own", card.cap),
              "opponents": (card.caps or {}).get("opponents", card.cap)}
    sources_used: set[tuple[int, str]] = set()
    dests_used: set[tuple[int, str]] = set()
    moves: Counter[tuple[int, str, str]] = Counter()
    sources = [source] if source else move_sources(s)
    targets = move_targets(s)
    for _ in range(card.cap):
        base = relative(values, seat)
        out_deltas = {}
        for src in sources:
            for mover in s.seats():
                kind = "own" if mover == seat else "opponents"
                if (scratch[src][mover] > 0 and card._allowed_seat(seat, mover)
                        and budget[kind] > 0 and (mover, src) not in dests_used):
                    out_deltas[(mover, src)] = place_delta(view, src, {mover: -1}, seat, w)
        if not out_deltas:
            break
        in_deltas = {}
        best, best_gain = None, 0.05
        for (mover, src), d_out in out_deltas.items():
            for dst in targets:
                if dst == src or (mover, dst) in sources_used:
                    continue
                if (mover, dst) not in in_deltas:
                    in_deltas[(mover, dst)] = place_delta(view, dst, {mover: 1}, seat, w)
                d_in = in_deltas[(mover, dst)]
                gain = relative([v + a + b for v, a, b in zip(values, d_out, d_in, strict=True)],
                                seat) - base
                if gain > best_gain:
                    best, best_gain = (mover, src, dst, d_out, d_in), gain
        if best is None:
            break
        mover, src, dst, d_out, d_in = best
        scratch[src][mover] -= 1
        scratch[dst][mover] += 1
        values = [v + a + b for v, a, b in zip(values, d_out, d_in, strict=True)]
        budget["own" if mover == seat else "opponents"] -= 1
        sources_used.add((mover, src))
        dests_used.add((mover, dst))
        moves[(mover, src, dst)] += 1
        if card.one_source:
            sources = [src]
    return [{"seat": m, "from": a, "to": b, "count": n} for (m, a, b), n in moves.items()]


def _move_all(s: State, seat: int, w: Weights, src: str) -> dict[str, Any]:
    n = s.places[src][seat]
    places = {p: list(c) for p, c in s.places.items()}
    places[src][seat] = 0
    emptied = _Scratch(s, places)
    to = greedy_placement(emptied, seat, n, move_targets(s), w)  # type: ignore[arg-type]
    return {"from": src, "to": to}


def special_candidates(s: State, seat: int, rng: random.Random, samples: int = 3) -> list[dict]:
    """Parameters worth trying for the turn's special action (legality is checked by `decide`)."""
    assert s.turn is not None and s.turn.card is not None
    card_id = s.turn.card
    card = CARDS[card_id]
    w = Weights(s)
    out: list[dict] = []
    if isinstance(card, MoveCard):
        if card.one_source:
            ranked = sorted(move_sources(s), key=lambda r: -sum(s.places[r]))[:5]
            for src in ranked:
                if any(s.places[src]):
                    out.append({"moves": greedy_moves(s, seat, card, w, src)})
        else:
            out.append({"moves": greedy_moves(s, seat, card, w)})
    elif card_id in ("move_all_own", "place_2_anywhere", "place_2_or_move_all_own"):
        if card_id != "move_all_own":
            most = min(2, s.court[seat])
            if most:
                places = greedy_placement(s, seat, most, move_targets(s), w)
                out.append({"places": places, **({"mode": "place"} if "or" in card_id else {})})
        if card_id != "place_2_anywhere":
            for src in move_sources(s):
                if s.places[src][seat] > 0:
                    params = _move_all(s, seat, w, src)
                    out.append({**params, **({"mode": "move_all"} if "or" in card_id else {})})
    elif card_id == "one_from_each":
        constraint = card.constraint(s, seat)["picks"]
        values = seat_values(s, w)
        picks = {}
        for who, regions in constraint.items():
            def harm(r: str, who: int = int(who)) -> float:
                d = place_delta(s, r, {who: -1}, seat, w)
                return relative([v + x for v, x in zip(values, d, strict=True)], seat)
            picks[who] = max(regions, key=harm)
        out.append({"picks": picks})
    elif card_id == "score_chosen":
        out += [{"place": p} for p in [*REGION_IDS, CASTILLO]]
    elif card_id in ("king", "royal_advisor") or (card_id == "grande" and not s.options.original):
        out += [{"to": r} for r in card.constraint(s, seat).get("to", [])]
    elif card_id == "eviction":
        out += [{"region": r} for r in card.constraint(s, seat)["region"]
                if any(s.places[r][o] for o in s.opponents(seat))]
    elif card_id == "scoreboard":
        boards = card.constraint(s, seat)["boards"]
        out += [{"board": b, "to": t} for b in SCOREBOARDS for t in boards[b]]
    elif card_id == "power_card_back":
        out += [{"card": c} for c in sorted(set(s.discards[seat]))]
    elif card_id == "court_2":
        if s.provinces[seat]:
            out.append({"count": min(2, s.provinces[seat])})
    else:  # the actions without parameters
        out.append({})
    for _ in range(samples):
        params = card.sample(s, seat, rng)
        if params is not None:
            out.append(params)
    return out


# --- judging decisions -----------------------------------------------------------------------------

class Judge:
    """Scores candidate commands of one seat on one (determinised) state."""

    def __init__(self, seat: int, rng: random.Random, policy: Policy = default_policy,
                 samples: int = 3) -> None:
        self.seat = seat
        self.rng = rng
        self.policy = policy
        self.samples = samples

    def after(self, s: State, command: Command) -> State | None:
        try:
            return settle(step(s, command), self.seat, self.policy)
        except RuleError:
            return None

    def value(self, s: State) -> float:
        return evaluate(s, self.seat)

    def ranked(self, s: State, d: Decision) -> list[Scored]:
        """Candidate commands for `d`, best first, each with the value of its plan."""
        kind = d.kind
        if kind == "power_card":
            cards = [o["card"] for o in d.options or []]
            values = power_values(s, self.seat, cards)
            scored = [(Command("play_power", self.seat, {"card": c}), v)
                      for c, v in zip(cards, values, strict=True)]
        elif kind == "choose_card":
            scored = []
            for o in d.options or []:
                command = Command("choose_card", self.seat, {"stack": o["stack"]})
                after = self.after(s, command)
                if after is not None:
                    scored.append((command, self.plan_value(after)))
        elif kind == "act":
            scored = self.act_candidates(s)
        elif kind == "take":
            scored = self.score_all(s, self.take_candidates(s, d))
        elif kind == "return":
            scored = self.score_all(s, self.return_candidates(s, d))
        elif kind == "veto":
            commands = [Command("allow", self.seat), Command("veto", self.seat)]
            steps = (d.constraint or {}).get("steps") or []
            if len(steps) > 1:
                commands += [Command("veto", self.seat, {"steps": [i]}) for i in steps]
            scored = [(c, v - (VETO_COST if c.type == "veto" else 0.0))
                      for c, v in self.score_all(s, commands)]
        elif d.options is not None:
            commands = [Command(o["type"], self.seat, {k: v for k, v in o.items() if k != "type"})
                        for o in d.options]
            scored = self.score_all(s, commands)
        else:
            scored = [(rules.default_command(s, d), 0.0)]
        scored.sort(key=lambda cv: -cv[1])
        return scored or [(rules.default_command(s, d), 0.0)]

    def score_all(self, s: State, commands: list[Command]) -> list[Scored]:
        out = []
        for command in commands:
            after = self.after(s, command)
            if after is not None:
                out.append((command, self.plan_value(after)))
        return out

    def plan_value(self, s: State) -> float:
        """The value once the seat has finished its current turn greedily (if it is its turn)."""
        decisions = [d for d in rules.pending(s) if d.seat == self.seat]
        if decisions and decisions[0].kind == "act":
            scored = self.act_candidates(s)
            return max((v for _, v in scored), default=self.value(s))
        return self.value(s)

    def act_candidates(self, s: State) -> list[Scored]:
        """First steps of the plans for an `act` decision, each with its plan's value."""
        t = s.turn
        assert t is not None and t.card is not None
        seat = self.seat
        out: list[Scored] = []
        w = Weights(s)
        if not t.placed:
            most = rules.placement_max(s, seat)
            places = greedy_placement(s, seat, most, rules.placement_targets(s), w) if most else {}
            command = Command("place", seat, {"places": places})
            after = self.after(s, command)
            if after is not None:
                out.append((command, self.finish(after) if not t.special_done else self.value(after)))
        if not t.special_done:
            commands = [Command("special", seat, p)
                        for p in special_candidates(s, seat, self.rng, self.samples)]
            commands.append(Command("decline", seat))
            for command in commands:
                after = self.after(s, command)
                if after is not None:
                    out.append((command, self.finish(after) if not t.placed else self.value(after)))
        return out

    def finish(self, s: State) -> float:
        """After one part of an `act`: the value once the other part is done greedily."""
        decisions = [d for d in rules.pending(s) if d.seat == self.seat and d.kind == "act"]
        if not decisions:
            return self.value(s)
        t = s.turn
        assert t is not None
        if not t.placed:
            most = rules.placement_max(s, self.seat)
            places = greedy_placement(s, self.seat, most, rules.placement_targets(s),
                                      Weights(s)) if most else {}
            after = self.after(s, Command("place", self.seat, {"places": places}))
            return self.value(after) if after is not None else self.value(s)
        best = self.value(s)  # declining
        for params in special_candidates(s, self.seat, self.rng, self.samples):
            after = self.after(s, Command("special", self.seat, params))
            if after is not None:
                best = max(best, self.value(after))
        return best

    def take_candidates(self, s: State, d: Decision) -> list[Command]:
        low, high = d.constraint["count"]["min"], d.constraint["count"]["max"]
        provinces = s.provinces[self.seat]
        counts = {high, max(low, min(high, provinces))}
        out = []
        for count in sorted(counts):
            extra = count - min(count, provinces)
            regions = self.least_harm(s, extra) if extra else {}
            out.append(Command("take", self.seat, {"count": count, "regions": regions}))
        return out

    def least_harm(self, s: State, n: int, court: int = 0) -> dict[str, int]:
        """Which of the seat's Caballeros on the board to give up, one at a time."""
        w = Weights(s)
        places = {p: list(c) for p, c in s.places.items()}
        view = _Scratch(s, places)
        values = seat_values(s, w)
        picked: dict[str, int] = {}
        for _ in range(n):
            options = [r for r, c in places.items()
                       if r not in (s.king, CASTILLO) and c[self.seat] > 0]
            if not options:
                break
            deltas = {r: place_delta(view, r, {self.seat: -1}, self.seat, w) for r in options}
            best = max(options, key=lambda r: relative(
                [v + x for v, x in zip(values, deltas[r], strict=True)], self.seat))
            places[best][self.seat] -= 1
            values = [v + x for v, x in zip(values, deltas[best], strict=True)]
            picked[best] = picked.get(best, 0) + 1
        return picked

    def return_candidates(self, s: State, d: Decision) -> list[Command]:
        need, court = d.constraint["count"], d.constraint["court"]
        out = [rules.default_command(s, d)]
        for from_court in sorted({min(need, court), 0, max(0, need - sum(
                d.constraint["regions"].values()))}):
            if from_court > court or from_court > need:
                continue
            regions = self.least_harm(s, need - from_court)
            if from_court + sum(regions.values()) == need:
                out.append(Command("return", self.seat, {"court": from_court, "regions": regions}))
        return out


VETO_COST = 1.0  # a Veto card kept is worth something (it deters, and can stop a later action)
COURT_VALUE = COURT


class GreedyBot:
    level = "greedy"

    def __init__(self, budget: float | None = None, samples: int = 3) -> None:
        self.samples = samples

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        if decision.options is not None and len(decision.options) == 1 and decision.kind != "veto":
            return _option_command(decision, decision.options[0])
        s = determinize(view, rng, decision)
        judge = Judge(decision.seat, rng, samples=self.samples)
        ranked = judge.ranked(s, decision)
        top = ranked[0][1]
        best = [c for c, v in ranked if v >= top - 1e-9]
        return rng.choice(best)


def _option_command(d: Decision, option: dict[str, Any]) -> Command:
    return Command(option["type"], d.seat, {k: v for k, v in option.items() if k != "type"})
