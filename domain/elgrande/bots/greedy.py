"""The greedy bot: one ply, each candidate judged by its immediate effect on the evaluation.

Candidates are read from the decision's form, what the seat's player is offered: its listed
choices (a power card, a stack, allow or veto) or built from its fields: a placement built
Caballero by Caballero on the places it offers (each to the place where it gains most), rows of
moves along its routes (one Caballero at a time), each value of a single choice (a place to score,
where the King goes, a scoreboard, a card to take back), a region to empty and where its
Caballeros go, plus draws within its fields and declining; any candidate the form does not offer
is dropped. An `act` decision is judged by its whole plan: placement then special action, or
special action then placement, whichever is better; the bot returns the plan's first step (it is
asked again for the second).

Power cards are judged by a heuristic: Caballeros gained for the court against the expected number
of opponents acting after this seat (who gets the first choice of action cards).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from domain.bots.search import listed, offered_only, single_choice
from domain.core import formspace
from domain.core.commands import Command
from domain.core.constraints import Answer, Counts, Form, Moves, Number, OneOf, Parts, Picks
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.elgrande import rules
from domain.elgrande.actions import CARDS
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
from domain.elgrande.data import CASTILLO, POWER_CABALLEROS
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



def take_most(d: Decision) -> Command:
    """As many Caballeros as allowed, the rest from the regions the form fills in first when the
    provinces run short: the playouts' take (the deadline's default takes from the provinces
    alone, which no player short of Caballeros would do every time)."""
    answers = [a for a in d.form.answers if a.type == "take"] if d.form is not None else []
    assert answers and d.seat is not None
    most = max(answers, key=lambda a: getattr(formspace.field_of(a, "count"), "max", 0))
    return Command("take", d.seat, formspace.preset(most))

class _Scratch:
    """A state whose place counts are overridden (for cheap what-ifs with `place_delta`)."""

    def __init__(self, s: State, places: dict[str, list[int]]) -> None:
        self._s = s
        self.places = {**s.places, **places}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._s, name)


def greedy_moves(s: State, seat: int, c: Moves, w: Weights,
                 source: str | None = None) -> list[dict[str, Any]]:
    """Rows of moves along the routes the form states (`c`), one Caballero at a time, each the
    best single move for the seat, within each route's most, the form's limits and total."""
    scratch = {p: list(n) for p, n in s.places.items()}
    view = _Scratch(s, scratch)
    values = seat_values(s, w)
    routes = c.routes or {}
    left = Counter({(mover, src): r.most for mover, by in routes.items() for src, r in by.items()})
    room = [(set(lim.seats), [lim.max]) for lim in c.limits]
    sources_used: set[tuple[int, str]] = set()
    dests_used: set[tuple[int, str]] = set()
    moves: Counter[tuple[int, str, str]] = Counter()
    for _ in range(c.max_total):
        base = relative(values, seat)
        out_deltas = {}
        for (mover, src), most in left.items():
            if (most > 0 and (source is None or src == source) and scratch[src][mover] > 0
                    and (mover, src) not in dests_used
                    and all(n[0] > 0 for seats, n in room if mover in seats)):
                out_deltas[(mover, src)] = place_delta(view, src, {mover: -1}, seat, w)
        if not out_deltas:
            break
        in_deltas = {}
        best, best_gain = None, 0.05
        for (mover, src), d_out in out_deltas.items():
            for dst in routes[mover][src].to:
                if (mover, dst) in sources_used:
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
        left[(mover, src)] -= 1
        for seats, n in room:
            if mover in seats:
                n[0] -= 1
        sources_used.add((mover, src))
        dests_used.add((mover, dst))
        moves[(mover, src, dst)] += 1
        if c.one_source:
            source = src
    return [{"seat": m, "from": a, "to": b, "count": n} for (m, a, b), n in moves.items()]


def _move_all(s: State, seat: int, w: Weights, src: str, targets: list[str],
              n: int) -> dict[str, Any]:
    """All `n` of the seat's Caballeros out of `src`, spread over `targets` (the form's) where
    each gains most."""
    places = {p: list(c) for p, c in s.places.items()}
    places[src][seat] = 0
    emptied = _Scratch(s, places)
    to = greedy_placement(emptied, seat, n, targets, w)  # type: ignore[arg-type]
    return {"from": src, "to": to}


def special_candidates(s: State, seat: int, rng: random.Random, samples: int = 3,
                       answers: tuple[Answer, ...] | None = None) -> list[dict]:
    """Parameters worth trying for the turn's special action, built from the special answers of
    the turn's form (`answers`; by default those the form of the turn on `s` holds): rows of moves
    along its routes, a placement on the places it offers, a region to empty and where its
    Caballeros go, one pick per player, each value of a single choice, the most of a number, plus
    `samples` draws within its fields. Legality is checked by `decide`."""
    if answers is None:
        assert s.turn is not None and s.turn.card is not None
        answers = CARDS[s.turn.card].answers(s, seat)
    w = Weights(s)
    out: list[dict] = []
    for answer in answers:
        out += [{**answer.fixed, **p} for p in _answer_candidates(s, seat, answer, w)]
        for _ in range(samples):
            drawn = formspace.draw(answer, rng)
            if drawn is not None:
                out.append(drawn)
    return out


def _answer_candidates(s: State, seat: int, answer: Answer, w: Weights) -> list[dict]:
    fields = {f.name: f.constraint for f in answer.fields}
    if not fields:
        return [{}]
    moves = fields.get("moves")
    if isinstance(moves, Moves):
        if not moves.one_source:
            return [{"moves": greedy_moves(s, seat, moves, w)}]
        sources = dict.fromkeys(src for by in (moves.routes or {}).values() for src in by)
        ranked = sorted(sources, key=lambda r: -sum(s.places[r]))[:5]  # stable: the form's order
        return [{"moves": greedy_moves(s, seat, moves, w, src)} for src in ranked]
    source, to = fields.get("from"), fields.get("to")
    if isinstance(source, OneOf) and isinstance(to, Counts) and to.total_by is not None:
        return [_move_all(s, seat, w, src, list(to.bounds), to.total_by.totals[str(src)])
                for src in source.options]
    places = fields.get("places")
    if isinstance(places, Counts):
        most = places.max_total or 0
        return [{"places": greedy_placement(s, seat, most, list(places.bounds), w)}] if most \
            else []
    picks = fields.get("picks")
    if isinstance(picks, Picks):
        values = seat_values(s, w)

        def harm(r: str, who: int) -> float:
            d = place_delta(s, r, {who: -1}, seat, w)
            return relative([v + x for v, x in zip(values, d, strict=True)], seat)

        return [{"picks": {who: max(regions, key=lambda r, who=int(who): harm(r, who))
                           for who, regions in picks.choices.items() if regions}}]
    if len(fields) == 1:
        (name, c), = fields.items()
        if isinstance(c, OneOf):
            return [{name: v} for v in c.options]
        if isinstance(c, Number):
            return [{name: c.max}]
    return [formspace.preset(answer)]


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
        """Candidate commands for `d`, best first, each with the value of its plan: all of them
        among what the decision's form offers (built from its fields, or its listed choices)."""
        kind = d.kind
        form = d.form
        if kind == "power_card":
            cards = _options(form, "play_power", "card")
            values = power_values(s, self.seat, cards)
            scored = [(Command("play_power", self.seat, {"card": c}), v)
                      for c, v in zip(cards, values, strict=True)]
        elif kind == "choose_card":
            scored = []
            for stack in _options(form, "choose_card", "stack"):
                command = Command("choose_card", self.seat, {"stack": stack})
                after = self.after(s, command)
                if after is not None:
                    scored.append((command, self.plan_value(after)))
        elif kind == "act":
            scored = self.act_candidates(s, form)
        elif kind == "take":
            scored = self.score_all(s, self.take_candidates(s, form))
        elif kind == "return":
            scored = self.score_all(s, self.return_candidates(s, d))
        elif kind == "veto":
            commands = [Command("allow", self.seat), Command("veto", self.seat)]
            parts = formspace.field_of(formspace.answer_of(form, "veto"), "steps")
            if isinstance(parts, Parts):
                commands += [Command("veto", self.seat, {"steps": [i]})
                             for i in range(len(parts.parts))]
            scored = [(c, v - (VETO_COST if c.type == "veto" else 0.0))
                      for c, v in self.score_all(s, commands)]
        else:
            scored = self.score_all(s, listed(d, self.rng))
        offered = offered_only(d, [c for c, _ in scored])
        scored = [(c, v) for c, v in scored if c in offered]
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
            scored = self.act_candidates(s, decisions[0].form)
            return max((v for _, v in scored), default=self.value(s))
        return self.value(s)

    def act_candidates(self, s: State, form: Form | None) -> list[Scored]:
        """First steps of the plans for an `act` decision, each with its plan's value: a
        placement on the places the form offers, each special action built from the form's
        special answers, declining."""
        t = s.turn
        assert t is not None and t.card is not None
        seat = self.seat
        out: list[Scored] = []
        w = Weights(s)
        places = formspace.field_of(formspace.answer_of(form, "place"), "places")
        if isinstance(places, Counts):
            most = places.max_total or 0
            chosen = greedy_placement(s, seat, most, list(places.bounds), w) if most else {}
            command = Command("place", seat, {"places": chosen})
            after = self.after(s, command)
            if after is not None:
                out.append((command, self.finish(after) if not t.special_done else self.value(after)))
        specials = tuple(a for a in form.answers if a.type == "special") if form else ()
        commands = [Command("special", seat, p)
                    for p in special_candidates(s, seat, self.rng, self.samples, specials)]
        if formspace.answer_of(form, "decline") is not None:
            commands.append(Command("decline", seat))
        for command in commands:
            after = self.after(s, command)
            if after is not None:
                out.append((command, self.finish(after) if not t.placed else self.value(after)))
        return out

    def finish(self, s: State) -> float:
        """After one part of an `act`: the value once the other part is done greedily, on what
        the form of the turn then offers."""
        decisions = [d for d in rules.pending(s) if d.seat == self.seat and d.kind == "act"]
        if not decisions:
            return self.value(s)
        form = decisions[0].form
        places = formspace.field_of(formspace.answer_of(form, "place"), "places")
        if isinstance(places, Counts):
            most = places.max_total or 0
            chosen = greedy_placement(s, self.seat, most, list(places.bounds),
                                      Weights(s)) if most else {}
            after = self.after(s, Command("place", self.seat, {"places": chosen}))
            return self.value(after) if after is not None else self.value(s)
        best = self.value(s)  # declining
        specials = tuple(a for a in form.answers if a.type == "special") if form else ()
        for params in special_candidates(s, self.seat, self.rng, self.samples, specials):
            after = self.after(s, Command("special", self.seat, params))
            if after is not None:
                best = max(best, self.value(after))
        return best

    def take_candidates(self, s: State, form: Form | None) -> list[Command]:
        """As many as allowed, and as many as the provinces hold; Caballeros from the board (of
        the regions the form offers) only for the rest. (The form offers taking from the
        provinces alone and taking more from the regions as two answers when the provinces are
        short: each count goes with the answer that holds it.)"""
        answers = [a for a in (form.answers if form is not None else ()) if a.type == "take"]
        counts = [(a, c) for a in answers
                  if isinstance(c := formspace.field_of(a, "count"), Number)]
        assert counts
        least, most = min(c.min for _, c in counts), max(c.max for _, c in counts)
        provinces = s.provinces[self.seat]
        out = []
        for n in sorted({most, max(least, min(most, provinces))}):
            answer = next(a for a, c in counts if c.min <= n <= c.max)
            regions_field = formspace.field_of(answer, "regions")
            extra = n - min(n, provinces)
            params: dict[str, Any] = {"count": n}
            if isinstance(regions_field, Counts):
                params["regions"] = self.least_harm(s, extra, among=regions_field.bounds) \
                    if extra else {}
            out.append(Command("take", self.seat, params))
        return out

    def least_harm(self, s: State, n: int, among: Mapping[str, int] | None = None
                   ) -> dict[str, int]:
        """Which of the seat's Caballeros on the board to give up, one at a time (at most
        `among[region]` from a region, when given: the form's bounds)."""
        w = Weights(s)
        places = {p: list(c) for p, c in s.places.items()}
        view = _Scratch(s, places)
        values = seat_values(s, w)
        picked: dict[str, int] = {}
        for _ in range(n):
            options = [r for r, c in places.items()
                       if r not in (s.king, CASTILLO) and c[self.seat] > 0
                       and (among is None or picked.get(r, 0) < among.get(r, 0))]
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
        """The default (court first), then from the court as much as may be, as little, or
        what the regions cannot give, the regions (of the form's) losing least for the rest."""
        answer = formspace.answer_of(d.form, "return")
        court = formspace.field_of(answer, "court")
        regions = formspace.field_of(answer, "regions")
        assert isinstance(court, Number)
        out = [rules.default_command(s, d)]
        for from_court in sorted({court.max, court.min}):
            params: dict[str, Any] = {"court": from_court}
            if isinstance(regions, Counts) and regions.total_by is not None:
                rest = regions.total_by.totals[str(from_court)]
                picked = self.least_harm(s, rest, among=regions.bounds)
                if sum(picked.values()) != rest:
                    continue
                params["regions"] = picked
            out.append(Command("return", self.seat, params))
        return out


VETO_COST = 1.0  # a Veto card kept is worth something (it deters, and can stop a later action)
COURT_VALUE = COURT


class GreedyBot:
    level = "greedy"

    def __init__(self, budget: float | None = None, samples: int = 3) -> None:
        self.samples = samples

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        if decision.kind != "veto":
            only = single_choice(decision)
            if only is not None:
                return only
        s = determinize(view, rng, decision)
        judge = Judge(decision.seat, rng, samples=self.samples)
        ranked = judge.ranked(s, decision)
        top = ranked[0][1]
        best = [c for c, v in ranked if v >= top - 1e-9]
        return rng.choice(best)


def _options(form: Form | None, kind: str, name: str) -> list[Any]:
    """The values the form's answer `kind` offers for its field `name` (a card, a stack)."""
    c = formspace.field_of(formspace.answer_of(form, kind), name)
    return list(c.options) if isinstance(c, OneOf) else []


def _option_command(d: Decision, option: dict[str, Any]) -> Command:
    return Command(option["type"], d.seat, {k: v for k, v in option.items() if k != "type"})
