"""The special actions of King & Intrigue's 18 power cards and two round cards, one class per card.

A card the expansion takes from the base game is El Grande's own class (`domain.elgrande.actions`),
subclassed only to say which power card carries it; the new actions are written here with the same
`Card` protocol (declare, run, possible, answers, sample), so the declaring, the Veto and the secret
choices are El Grande's machinery. Common rules stay the base game's: the King's region is taboo
(nothing enters or leaves it but by King moves), the Castillo may be entered but is never left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from domain.core.constraints import Answer, Combos, Field, Moves, OneOf, Picks, Route, SeatLimit
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import Message
from domain.elgrande import actions as eg
from domain.elgrande.actions import DO_IT, Card, Params, done, moved
from domain.elgrande.data import CASTILLO, REGION_IDS
from domain.elgrande.state import Action, State
from domain.kingintrigue.data import CAPTURE_CAP, CAPTURE_OWN, DOUBLE_MARKERS, POWER_CARDS

K = "king-and-intrigue.refuse."
CARDS: dict[str, Card] = {}
"""Action id → its rules (the power cards' actions and the two round cards')."""
BY_VALUE: dict[int, type[Card]] = {}


def power(value: int | None) -> Any:
    """Register a card class: by its power value (None: a round card's action)."""

    def deco(cls: type[Card]) -> type[Card]:
        if value is not None:
            BY_VALUE[value] = cls
        CARDS.setdefault(cls.id, cls())
        return cls

    return deco


# --- 10 (and the Intrigue card): move one Caballero, or all of yours out of a region ---------------

class IntrigueOne(eg.MoveCard):
    """One Caballero (anyone's) from a region to another region: the Castillo is no region here."""

    id, who, cap = "intrigue", "any", 1

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        """El Grande's summary of a move, its destinations the regions only (as `answers`)."""
        return {**super().constraint(s, seat), "to": eg.move_sources(s)}

    def _targets(self, s: State) -> list[str]:
        return eg.move_sources(s)

    def answers(self, s: State, seat: int, **fixed: Any) -> tuple[Answer, ...]:
        moves = Moves.of_routes(self.routes(s, seat), 1)
        return (Answer("special", (Field("moves", moves),), fixed=fixed,
                       prompt=Message("ki.ask.intrigue.one"), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if any(isinstance(m, Mapping) and m.get("to") == CASTILLO
               for m in params.get("moves") or []):
            raise RuleError.of(K + "intrigue_castillo", allowed=eg.move_sources(s))
        return super().declare(s, seat, params)

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        """One row along the routes the form states (`routes`), in the board's order."""
        routes = self.routes(s, seat)
        options = [(w, r) for r in self._sources(s, seat) for w in s.seats()
                   if r in routes.get(w, {})]
        if not options:
            return None
        w, src = rng.choice(options)
        dst = rng.choice(routes[w][src].to)
        return {"moves": [{"seat": w, "from": src, "to": dst, "count": 1}]}


class IntrigueAll(eg.MoveAllOwn):
    """All of the player's Caballeros from one region to one other region."""

    id = "intrigue"

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        """El Grande's summary of the move, its destinations the regions only (as `answers`)."""
        return {**super().constraint(s, seat), "to": eg.move_sources(s)}

    def answers(self, s: State, seat: int, **fixed: Any) -> tuple[Answer, ...]:
        mine = [r for r in eg.move_sources(s) if s.places[r][seat] > 0]
        rows = tuple((a, b) for a in mine for b in eg.move_sources(s) if b != a)
        return (Answer("special", (
            Field("from", OneOf(tuple(mine), "place"), label=Message("ask.move_all.from")),
            Field("to", OneOf(tuple(eg.move_sources(s)), "place"),
                  label=Message("ki.ask.intrigue.to"))),
            fixed=fixed, prompt=Message("ki.ask.intrigue.all"), submit=DO_IT,
            combos=Combos(("from", "to"), rows)),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        src, to = params.get("from"), params.get("to")
        if isinstance(to, str):  # one region named: all of them go there
            to = {to: s.places[src][seat] if src in s.places else 0}
        if not isinstance(to, Mapping) or len(to) != 1:
            raise RuleError.of(K + "intrigue_one_region", allowed=eg.move_sources(s))
        dest = next(iter(to))
        if dest == s.king:
            raise RuleError.of("el-grande.refuse.king_enter", allowed=eg.move_sources(s))
        if dest == CASTILLO:
            raise RuleError.of(K + "intrigue_castillo", allowed=eg.move_sources(s))
        if dest == src:
            raise RuleError.of(K + "intrigue_same", region=src,
                               allowed=[r for r in eg.move_sources(s) if r != src])
        out, steps = super().declare(s, seat, {"from": src, "to": to})
        return {**out, "to": dest}, steps

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        mine = [r for r in eg.move_sources(s) if s.places[r][seat] > 0]
        if not mine:
            return None
        src = rng.choice(mine)
        return {"from": src, "to": rng.choice([r for r in eg.move_sources(s) if r != src])}


@power(10)
class Intrigue(eg.Place2OrMoveAllOwn):
    """10, and the Intrigue card: either half (`mode` one | all)."""

    id = "intrigue"
    HALVES = (("one", "intrigue.one"), ("all", "intrigue.all"))
    PARTS: ClassVar[dict[str, Card]] = {"intrigue.one": IntrigueOne(),
                                        "intrigue.all": IntrigueAll()}

    def _half(self, card_id: str) -> Card:
        return self.PARTS[card_id]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"mode": ["one", "all"], "one": self.PARTS["intrigue.one"].constraint(s, seat),
                "all": self.PARTS["intrigue.all"].constraint(s, seat)}

    def possible(self, s: State, seat: int) -> bool:
        return any(p.possible(s, seat) for p in self.PARTS.values())

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        out: list[Answer] = []
        for mode, card_id in self.HALVES:
            half = self.PARTS[card_id]
            if half.possible(s, seat):
                out += half.answers(s, seat, mode=mode)  # type: ignore[call-arg]
        return tuple(out)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        mode = params.get("mode")
        rest = {k: v for k, v in params.items() if k != "mode"}
        if mode not in ("one", "all"):
            raise RuleError.of(K + "intrigue_mode", allowed=["one", "all"])
        out, steps = self.PARTS[f"intrigue.{mode}"].declare(s, seat, rest)
        return {"mode": mode, **out}, steps

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        modes = list(self.HALVES)
        rng.shuffle(modes)
        for mode, card_id in modes:
            params = self.PARTS[card_id].sample(s, seat, rng)
            if params is not None:
                return {"mode": mode, **params}
        return None


# --- 20: this turn's placement goes anywhere ---------------------------------------------------------

@power(20)
class FreePlacement(Card):
    """20: this turn's Caballeros may go to any region (never the King's) or the Castillo. Done
    before placing; once placed, there is nothing left for it to free."""

    id = "free_placement"

    def possible(self, s: State, seat: int) -> bool:
        return s.turn is not None and not s.turn.placed

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        return (Answer("special", prompt=Message("ki.ask.free_placement"), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if params:
            raise RuleError.of("el-grande.refuse.no_params")
        if s.turn is not None and s.turn.placed:
            raise RuleError.of(K + "free_placed")
        return {}, ["free"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("placement_freed", {"seat": seat}), done(seat)]


@power(30)
class Decline3Court(eg.Decline3Court):
    """30: the opponents each return 3 from their court (« cela ne vous affecte pas »)."""


@power(40)
class Veto(Card):
    """40: the Veto, held from this turn to the end of the next round (El Grande's rule); taking it
    is all the card does, so its special action is done as the turn starts."""

    id = "veto"

    def possible(self, s: State, seat: int) -> bool:
        return False


@power(50)
class KingsReturn(eg.KingsReturn):
    """50: clockwise, each opponent returns 3 of theirs (court and/or regions) to the provinces."""


@power(60)
class ScoreCastillo(eg.ScoreCastillo):
    """60: the Castillo is scored; its Caballeros stay."""


@power(70)
class OneFromEachOpponent(eg.OneFromEach):
    """70: one Caballero of each opponent (never yours), from a region, to the provinces."""

    id = "one_from_each_opponent"

    def affected(self, s: State, seat: int) -> list[int]:
        return [o for o in s.opponents(seat) if s.on_board(o)]

    def possible(self, s: State, seat: int) -> bool:
        return bool(self.affected(s, seat))

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        picks = Picks({str(w): tuple(sorted(s.on_board(w))) for w in self.affected(s, seat)},
                      key_of="seat", of="place")
        # The hint is the field's caption; the answer is named by its card (`asks.act_form`).
        return (Answer("special", (Field("picks", picks, label=Message("ask.picks")),),
                       submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        raw = params.get("picks")
        if isinstance(raw, Mapping) and str(seat) in {str(k) for k in raw}:
            raise RuleError.of(K + "never_yours", allowed=self.constraint(s, seat)["picks"])
        return super().declare(s, seat, params)

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return eg._run_moves(self.id, seat, action)


@power(80)
class GrandeAndCaballeros(Card):
    """80: move your Grande to another region (never the King's, never the Castillo) and/or move
    your Caballeros out of its region; nothing leaves the King's region."""

    id = "grande_and_caballeros"

    def _grande_targets(self, s: State, seat: int) -> list[str]:
        return [r for r in eg.move_sources(s) if r != s.grandes[seat]]

    def _own_here(self, s: State, seat: int) -> int:
        return s.places[s.grandes[seat]][seat]

    def _caballero_targets(self, s: State, seat: int) -> list[str]:
        return [p for p in eg.move_targets(s) if p != s.grandes[seat]]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"grande": self._grande_targets(s, seat), "caballeros": {
            "from": s.grandes[seat], "most": self._own_here(s, seat),
            "to": self._caballero_targets(s, seat)}}

    def possible(self, s: State, seat: int) -> bool:
        return s.grandes[seat] != s.king

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        from domain.core.constraints import Counts

        most = self._own_here(s, seat)
        fields = [Field("grande", OneOf(tuple(self._grande_targets(s, seat)), "place"),
                        label=Message("ki.ask.grande.to"))]
        answers = []
        if most:
            caballeros = Counts({p: most for p in self._caballero_targets(s, seat)}, "place",
                                max_total=most)
            label = Message("ki.ask.grande.caballeros", {"count": most})
            fields.append(Field("caballeros", caballeros, default={}, label=label))
        answers.append(Answer("special", tuple(fields), prompt=Message("ki.ask.grande"),
                              submit=DO_IT))
        if most:  # the Grande may stay where it is while Caballeros leave (`declare`): offered
            answers.append(Answer("special", (Field(  # as a choice of its own, so that "special
                "caballeros", replace(caballeros, min_total=1), label=label),),  # 2 Aragón" is
                prompt=Message("ki.ask.grande.stays"), submit=DO_IT))  # a move of the form
        return tuple(answers)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        home = s.grandes[seat]
        if home == s.king:
            raise RuleError.of(K + "grande_in_king_region")
        grande = params.get("grande")
        if grande is not None:
            if grande in (s.king, CASTILLO):
                raise RuleError.of(K + "grande_target", allowed=self._grande_targets(s, seat))
            eg._region(grande, "destination", self._grande_targets(s, seat))
        raw = params.get("caballeros") or {}
        if s.king in (raw if isinstance(raw, Mapping) else {}):
            raise RuleError.of("el-grande.refuse.king_enter",
                               allowed=self._caballero_targets(s, seat))
        if not isinstance(raw, Mapping):
            raise RuleError.of("el-grande.refuse.distribution_shape", what="field",
                               field="caballeros", allowed=self._caballero_targets(s, seat))
        to = eg._distribution(s, raw, "to", self._caballero_targets(s, seat))
        if sum(to.values()) > self._own_here(s, seat):
            raise RuleError.of("el-grande.refuse.you_have_only", have=self._own_here(s, seat),
                               region=home, asked=sum(to.values()),
                               allowed={"most": self._own_here(s, seat)})
        if grande is None and not to:
            raise RuleError.of(K + "grande_nothing", allowed=self.constraint(s, seat))
        moves = [{"seat": seat, "from": home, "to": p, "count": n} for p, n in to.items()]
        steps = (["grande"] if grande else []) + (["caballeros"] if moves else [])
        return {"grande": grande, "from": home, "moves": moves}, steps

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        params, events = action.params, []
        stopped = {action.steps[i] for i in action.stopped}
        if params["grande"] and "grande" not in stopped:
            events.append(Event("grande_moved", {"seat": seat, "from": s.grandes[seat],
                                                 "to": params["grande"]}))
        if params["moves"] and "caballeros" not in stopped:
            events.append(moved(params["moves"], self.id))
        return [*events, done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        if not self.possible(s, seat):
            return None
        out: Params = {}
        if rng.random() < 0.7:
            out["grande"] = rng.choice(self._grande_targets(s, seat))
        most = self._own_here(s, seat)
        if most and (not out or rng.random() < 0.5):
            n = rng.randint(1, most)
            to: dict[str, int] = {}
            for _ in range(n):
                p = rng.choice(self._caballero_targets(s, seat))
                to[p] = to.get(p, 0) + 1
            out["caballeros"] = to
        if not out:
            out["grande"] = rng.choice(self._grande_targets(s, seat))
        return out


@power(90)
class Scoreboard(eg.Scoreboard):
    """90: a mobile scoreboard (the base game's stack 4)."""


@power(100)
class ScoreChosen(eg.ScoreChosen):
    """100: one place of the player's choice is scored."""


@power(110)
class Score4s(eg.Score4s):
    """110: every region whose first place is worth 4."""


@power(120)
class Score5s(eg.Score5s):
    """120: every region whose first place is worth 5."""


@power(130)
class DoubleScoring(Card):
    """130: a 2x marker on a region: the next general scoring scores it double (special scorings
    before it are not doubled); then the marker goes back. One marker per region.

    The box holds two 2x markers (seed 002: « 2 marqueurs Action (2 marqueurs Double score) »),
    back in the supply only after the general scoring: from rules version 2, a 130 played while
    both are out has no marker to place and does nothing (only declining it is offered). Version
    1 marked a third region, and still does for the games created under it."""

    id = "double_scoring"

    def _regions(self, s: State) -> list[str]:
        doubles = getattr(s, "doubles", {})
        if len(doubles) >= DOUBLE_MARKERS and getattr(s, "rules", 1) >= 2:
            return []
        return [r for r in REGION_IDS if r not in doubles]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"region": self._regions(s)}

    def possible(self, s: State, seat: int) -> bool:
        return bool(self._regions(s))

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("region", OneOf(tuple(self._regions(s)), "place"),
                      label=Message("ki.ask.double"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        region = params.get("region")
        if not self._regions(s):
            raise RuleError.of(K + "double_none", allowed=[])
        if region == CASTILLO:
            raise RuleError.of(K + "double_castillo", allowed=self._regions(s))
        if region in getattr(s, "doubles", {}):
            raise RuleError.of(K + "double_twice", region=region, allowed=self._regions(s))
        return {"region": eg._region(region, "destination", self._regions(s))}, [region]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("double_marked", {"seat": seat, "region": action.params["region"]}),
                done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        return {"region": rng.choice(self._regions(s))} if self._regions(s) else None


@power(140)
class CastilloCapture(Card):
    """140: up to 3 opponents' Caballeros from regions into the Castillo; whoever moves any must
    also move 2 of their own there (as many as they have, if fewer). Never from the King's region;
    the whole action may be declined."""

    id = "castillo_capture"

    def _sources(self, s: State, seats: list[int]) -> list[str]:
        return [r for r in eg.move_sources(s) if any(s.places[r][w] for w in seats)]

    def _own_due(self, s: State, seat: int) -> int:
        return min(CAPTURE_OWN, sum(s.on_board(seat).values()))

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"moves": "list of {seat, from, count} into the Castillo",
                "opponents_max": CAPTURE_CAP, "own_exactly": self._own_due(s, seat),
                "from": self._sources(s, list(s.seats()))}

    def possible(self, s: State, seat: int) -> bool:
        return bool(self._sources(s, s.opponents(seat)))

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        own = self._own_due(s, seat)
        routes = {w: {r: Route(min(s.places[r][w], own if w == seat else CAPTURE_CAP),
                               (CASTILLO,)) for r in eg.move_sources(s) if s.places[r][w]}
                  for w in s.seats()}
        moves = Moves.of_routes(routes, CAPTURE_CAP + own,
                                limits=(SeatLimit((seat,), own, own),
                                        SeatLimit(tuple(s.opponents(seat)), CAPTURE_CAP, 1)))
        return (Answer("special", (Field("moves", moves),),
                       prompt=Message("ki.ask.capture", {"max": CAPTURE_CAP, "own": own}),
                       submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        raw = params.get("moves")
        if raw == []:  # a form sent with no row filled in
            raise RuleError.of("el-grande.refuse.moves_none", allowed=self.constraint(s, seat))
        if not isinstance(raw, list):
            raise RuleError.of(K + "capture_moves", allowed=self.constraint(s, seat))
        taken: dict[tuple[int, str], int] = {}
        for m in raw:
            if not isinstance(m, Mapping):
                raise RuleError.of("el-grande.refuse.move_shape")
            who, src = m.get("seat", seat), m.get("from")
            if isinstance(who, bool) or not isinstance(who, int) or who not in s.seats():
                raise RuleError.of("el-grande.refuse.no_seat", value=who, allowed=list(s.seats()))
            if m.get("to", CASTILLO) != CASTILLO:
                raise RuleError.of(K + "capture_castillo_only")
            if src == CASTILLO:
                raise RuleError.of("el-grande.refuse.castillo_never_leaves")
            if src == s.king:
                raise RuleError.of("el-grande.refuse.king_leave")
            eg._region(src, "source", eg.move_sources(s))
            n = eg._count(m.get("count", 1), "move_count", 1, CAPTURE_CAP + CAPTURE_OWN)
            taken[(who, src)] = taken.get((who, src), 0) + n
        for (who, src), n in taken.items():
            if s.places[src][who] < n:
                raise RuleError.of("el-grande.refuse.has_only", mover=who,
                                   have=s.places[src][who], region=src, asked=n)
        theirs = sum(n for (who, _), n in taken.items() if who != seat)
        own = sum(n for (who, _), n in taken.items() if who == seat)
        if not 1 <= theirs <= CAPTURE_CAP:
            raise RuleError.of(K + "capture_opponents", cap=CAPTURE_CAP,
                               allowed={"opponents_max": CAPTURE_CAP})
        if own != self._own_due(s, seat):
            raise RuleError.of(K + "capture_own", own=self._own_due(s, seat), gave=own,
                               allowed={"own_exactly": self._own_due(s, seat)})
        moves = [{"seat": w, "from": r, "to": CASTILLO, "count": n}
                 for (w, r), n in sorted(taken.items())]
        return {"moves": moves}, ["all"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return eg._run_moves(self.id, seat, action)

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        if not self.possible(s, seat):
            return None
        pool = [(w, r) for r in eg.move_sources(s) for w in s.opponents(seat)
                for _ in range(s.places[r][w])]
        picked = rng.sample(pool, rng.randint(1, min(CAPTURE_CAP, len(pool))))
        mine = [(seat, r) for r, n in sorted(s.on_board(seat).items()) for _ in range(n)]
        picked += rng.sample(mine, self._own_due(s, seat))
        counts: dict[tuple[int, str], int] = {}
        for key in picked:
            counts[key] = counts.get(key, 0) + 1
        return {"moves": [{"seat": w, "from": r, "to": CASTILLO, "count": n}
                          for (w, r), n in counts.items()]}


@power(150)
class Score6s7s(eg.Score6s7s):
    """150: every region whose first place is worth 6 or 7."""


@power(160)
class RoyalAdvisor(eg.RoyalAdvisor):
    """160: the King to an adjacent region, before or after placing."""


@power(170)
class SecretScoring(eg.SecretScoring):
    """170: each player secretly chooses a region; those chosen by exactly one player score."""


@power(180)
class King(eg.King):
    """180, and the King card: the King to any other region (never the Castillo)."""


assert {POWER_CARDS[v].action for v in BY_VALUE} == set(CARDS)
assert all(BY_VALUE[v].id == POWER_CARDS[v].action for v in POWER_CARDS)
KINGS_RETURN = CARDS["kings_return"]
