"""The 45 action cards' special actions.

Each card id maps to one `Card`. A special action is *declared* with its parameters (validated here,
split into separable steps that a partial Veto may stop), then *run* once no Veto holder objects: it
either produces its effects at once, or opens secret choices (resolved later by `resolve`) or
ordered responses (kings_return). Every effect is expressed with the shared effect events
(`caballeros_moved`, `place_scored`, `king_moved`, ...).

Common rules: the King's region is taboo (nothing enters or leaves it but by King moves); the Castillo
can be entered by a move but never left; numbers on cards are maxima.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from domain.core.constraints import (
    Answer,
    Counts,
    Field,
    Moves,
    Number,
    OneOf,
    Picks,
    Route,
    SeatLimit,
    TotalBy,
)
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import Message
from domain.elgrande.data import ACTION_CARDS, ADJACENT, CASTILLO, REGION_IDS, SCOREBOARDS
from domain.elgrande.scoring import current_values, score_place
from domain.elgrande.state import Action, State

Params = dict[str, Any]

DO_IT = Message("ask.special.submit")
"""The button that performs a special action."""


def done(seat: int) -> Event:
    return Event("special_done", {"seat": seat})


def moved(moves: list[dict[str, Any]], reason: str, **extra: Any) -> Event:
    return Event("caballeros_moved", {"moves": moves, "reason": reason, **extra})


def _region(value: Any, what: str, allowed: list[str], **about: Any) -> str:
    """`value` if it is one of `allowed`; `what` names the parameter (`refusals.WHAT`)."""
    if value not in allowed:
        why = "no_choice" if not allowed else "choose" if value is None else "not_one_of"
        raise RuleError.of(f"el-grande.refuse.{why}", what=what, value=value, choices=allowed,
                           allowed=allowed, **about)
    return value


def _count(value: Any, what: str, low: int, high: int, **about: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError.of("el-grande.refuse.number", what=what, low=low, high=high, value=value,
                           allowed={"min": low, "max": high}, **about)
    return value


def move_targets(s: State) -> list[str]:
    """Where a special action may move or place Caballeros: any region but the King's, or the Castillo."""
    taboo = s.taboo()
    return [r for r in REGION_IDS if r not in taboo] + ([CASTILLO] if s.castillo_open() else [])


def move_sources(s: State) -> list[str]:
    taboo = s.taboo()
    return [r for r in REGION_IDS if r not in taboo]


def _distribution(s: State, raw: Any, what: str, targets: list[str]) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise RuleError.of("el-grande.refuse.distribution_shape", what="field", field=what,
                           allowed=targets)
    out: dict[str, int] = {}
    for place, n in raw.items():
        _region(place, f"place_in.{what}", targets)
        n = _count(n, "number_for", 0, 30, place=place)
        if n:
            out[place] = out.get(place, 0) + n
    return out


class Card:
    id: ClassVar[str]
    targets_others: ClassVar[bool] = False

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        raise NotImplementedError

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    def resolve(self, s: State, seat: int, action: Action, choices: dict[int, Any]) -> list[Event]:
        raise RuleError.of("el-grande.refuse.no_secrets")

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        return []

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {}

    def possible(self, s: State, seat: int) -> bool:
        """Whether some `special` command can perform the action now; when none can, `pending`
        offers only declining it."""
        return True

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        """The `special` commands that perform the action, with their parameters as typed fields
        (`domain.core.constraints`); the default is an action without parameters."""
        return (Answer("special", prompt=Message("ask.no_params"), submit=DO_IT),)

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        """Random legal parameters, or None when the action cannot (usefully) be performed."""
        return {}

    def default_secret(self, s: State, chooser: int) -> Any:
        return self.secret_options(s, chooser)[0]

    def secret_note(self, s: State, chooser: int) -> Message | None:
        """What the chooser's secret choice costs them, said before they make it (the form's
        note), or None when it costs nothing."""
        return None


CARDS: dict[str, Card] = {}


def card(cls: type[Card]) -> type[Card]:
    CARDS[cls.id] = cls()
    return cls


# --- moving Caballeros (stack 1) --------------------------------------------------------------------

class MoveCard(Card):
    """Move up to `cap` Caballeros between regions (and into the Castillo).

    `who` is own | opponents | any; `caps` splits the cap between own and opponents' Caballeros;
    `one_source` requires a single source region.
    """

    who: ClassVar[str] = "any"
    cap: ClassVar[int] = 0
    caps: ClassVar[dict[str, int] | None] = None
    one_source: ClassVar[bool] = False

    def _allowed_seat(self, seat: int, mover: int) -> bool:
        return {"own": mover == seat, "opponents": mover != seat}.get(self.who, True)

    def _movers(self, s: State, seat: int) -> list[int]:
        return [w for w in s.seats() if self._allowed_seat(seat, w)]

    def _sources(self, s: State, seat: int) -> list[str]:
        """The regions holding a Caballero this card may move."""
        movers = self._movers(s, seat)
        return [r for r in move_sources(s) if any(s.places[r][w] for w in movers)]

    def possible(self, s: State, seat: int) -> bool:
        return bool(self._sources(s, seat))

    def _targets(self, s: State) -> list[str]:
        return move_targets(s)

    def _most(self, seat: int, mover: int) -> int:
        """The most of one seat's Caballeros this card moves."""
        if not self.caps:
            return self.cap
        return self.caps["own" if mover == seat else "opponents"]

    def routes(self, s: State, seat: int) -> dict[int, dict[str, Route]]:
        """One row's exact space: per seat whose Caballeros the card moves, the regions where it
        has some (never the King's, never the Castillo), each to any other region it may enter."""
        targets = self._targets(s)
        return {mover: {r: Route(min(s.places[r][mover], self._most(seat, mover)),
                                 tuple(t for t in targets if t != r))
                        for r in self._sources(s, seat) if s.places[r][mover]}
                for mover in self._movers(s, seat)}

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        limits = () if not self.caps else (
            SeatLimit((seat,), self.caps["own"]),
            SeatLimit(tuple(s.opponents(seat)), self.caps["opponents"]))
        moves = Moves.of_routes(self.routes(s, seat), self.cap, one_source=self.one_source,
                                limits=limits)
        # How many and from where is the field's caption: the answer itself is named by its
        # card ("Use the action of …", `asks.act_form`), as the table's button reads it.
        hint = Message("ask.moves.one_source" if self.one_source else "ask.moves",
                       {"max": self.cap})
        return (Answer("special", (Field("moves", moves, label=hint),), submit=DO_IT),)

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {
            "moves": "list of {seat, from, to, count}",
            "whose": self.who if not self.caps else self.caps,
            "max_total": self.cap,
            "one_source_region": self.one_source,
            "from": move_sources(s),
            "to": move_targets(s),
        }

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        raw = params.get("moves")
        if isinstance(raw, list) and not raw:  # a form sent with no row filled in
            raise RuleError.of("el-grande.refuse.moves_none", allowed=self.constraint(s, seat))
        if not isinstance(raw, list):
            raise RuleError.of("el-grande.refuse.moves_shape", allowed=self.constraint(s, seat))
        moves = [self._check_move(s, seat, m) for m in raw]
        total = sum(m["count"] for m in moves)
        if total > self.cap:
            raise RuleError.of("el-grande.refuse.move_cap", cap=self.cap, moved=total)
        if self.caps:
            own = sum(m["count"] for m in moves if m["seat"] == seat)
            if own > self.caps["own"] or total - own > self.caps["opponents"]:
                raise RuleError.of("el-grande.refuse.move_caps", own=self.caps["own"],
                                   opponents=self.caps["opponents"])
        if self.one_source and len({m["from"] for m in moves}) > 1:
            raise RuleError.of("el-grande.refuse.one_source")
        taken = Counter[tuple[int, str]]()
        for m in moves:
            taken[(m["seat"], m["from"])] += m["count"]
        for (mover, region), n in taken.items():
            if s.places[region][mover] < n:
                raise RuleError.of("el-grande.refuse." + ("you_have_only" if mover == seat
                                                          else "has_only"),
                                   mover=mover, have=s.places[region][mover], region=region,
                                   asked=n)
        for m in moves:
            if (m["seat"], m["to"]) in taken:
                raise RuleError.of("el-grande.refuse.move_twice")
        return {"moves": moves}, [f"{m['count']}×{m['seat']}:{m['from']}>{m['to']}" for m in moves]

    def _check_move(self, s: State, seat: int, raw: Any) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise RuleError.of("el-grande.refuse.move_shape")
        mover = raw.get("seat", seat)
        if isinstance(mover, bool) or not isinstance(mover, int) or mover not in s.seats():
            raise RuleError.of("el-grande.refuse.no_seat", value=mover, allowed=list(s.seats()))
        if not self._allowed_seat(seat, mover):
            raise RuleError.of(f"el-grande.refuse.{self.who}_only")
        src = raw.get("from")
        if src == CASTILLO:
            raise RuleError.of("el-grande.refuse.castillo_never_leaves")
        if src == s.king:
            raise RuleError.of("el-grande.refuse.king_leave")
        _region(src, "source", move_sources(s))
        dst = raw.get("to")
        if dst == s.king:
            raise RuleError.of("el-grande.refuse.king_enter")
        _region(dst, "destination", move_targets(s))
        if dst == src:
            raise RuleError.of("el-grande.refuse.move_same")
        count = _count(raw.get("count", 1), "move_count", 1, self.cap)
        return {"seat": mover, "from": src, "to": dst, "count": count}

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        moves = [m for i, m in enumerate(action.params["moves"]) if i not in action.stopped]
        events = [moved(moves, self.id)] if moves else []
        return [*events, done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        """Rows drawn along the routes the form states (`routes`), in the board's order."""
        routes = self.routes(s, seat)
        counts = {r: list(c) for r, c in s.places.items()}
        budget = {"own": (self.caps or {}).get("own", self.cap),
                  "opponents": (self.caps or {}).get("opponents", self.cap)}
        moves: list[dict[str, Any]] = []
        sources_used: set[tuple[int, str]] = set()
        dests_used: set[tuple[int, str]] = set()
        source_region = None
        for _ in range(rng.randint(1, self.cap)):
            options = [
                (mover, r) for r in move_sources(s) for mover in s.seats()
                if counts[r][mover] > 0 and r in routes.get(mover, {})
                and (mover, r) not in dests_used
                and budget["own" if mover == seat else "opponents"] > 0
                and (source_region is None or r == source_region)
            ]
            if not options:
                break
            mover, src = rng.choice(options)
            dst = rng.choice([t for t in routes[mover][src].to
                              if (mover, t) not in sources_used])
            counts[src][mover] -= 1
            budget["own" if mover == seat else "opponents"] -= 1
            sources_used.add((mover, src))
            dests_used.add((mover, dst))
            if self.one_source:
                source_region = src
            moves.append({"seat": mover, "from": src, "to": dst, "count": 1})
        if sum(m["count"] for m in moves) > self.cap:
            return None
        return {"moves": moves} if moves else None


@card
class Move5FromRegion(MoveCard):
    id, who, cap, one_source = "move_5_from_region", "any", 5, True


@card
class Move3Opponents(MoveCard):
    id, who, cap = "move_3_opponents", "opponents", 3


@card
class Move3Any(MoveCard):
    id, who, cap = "move_3_any", "any", 3


@card
class Move4Any(MoveCard):
    id, who, cap = "move_4_any", "any", 4


@card
class Move4Own(MoveCard):
    id, who, cap = "move_4_own", "own", 4


@card
class Move2Own2Opponents(MoveCard):
    id, who, cap, caps = "move_2_own_2_opponents", "any", 4, {"own": 2, "opponents": 2}


def _run_moves(card_id: str, seat: int, action: Action) -> list[Event]:
    moves = action.params["moves"]
    if action.stopped and len(action.steps) == len(moves):
        moves = [m for i, m in enumerate(moves) if i not in action.stopped]
    elif action.stopped:
        moves = []
    return ([moved(moves, card_id)] if moves else []) + [done(seat)]


class ParamMoves(Card):
    """An action whose declared parameters become a list of moves (see `_run_moves`)."""

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return _run_moves(self.id, seat, action)


@card
class MoveAllOwn(ParamMoves):
    id = "move_all_own"

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"from": [r for r in move_sources(s) if s.places[r][seat] > 0],
                "to": move_targets(s), "all": True}

    def possible(self, s: State, seat: int) -> bool:
        return any(s.places[r][seat] for r in move_sources(s))

    def answers(self, s: State, seat: int, **fixed: Any) -> tuple[Answer, ...]:
        mine = [r for r in move_sources(s) if s.places[r][seat] > 0]
        most = max((s.places[r][seat] for r in mine), default=0)
        least = min((s.places[r][seat] for r in mine), default=0)
        every = TotalBy("from", {r: s.places[r][seat] for r in mine})  # all of them, exactly
        return (Answer("special", (
            Field("from", OneOf(tuple(mine), "place"), label=Message("ask.move_all.from")),
            Field("to", Counts({p: most for p in move_targets(s)}, "place", min_total=least,
                               max_total=most, total_by=every),
                  label=Message("ask.move_all.to"))),
            fixed=fixed, prompt=Message("ask.move_all"), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        src = params.get("from")
        if src == CASTILLO:
            raise RuleError.of("el-grande.refuse.castillo_never_leaves")
        if src == s.king:
            raise RuleError.of("el-grande.refuse.king_leave")
        mine = [r for r in move_sources(s) if s.places[r][seat] > 0]
        _region(src, "region_to_empty", mine)
        to = _distribution(s, params.get("to"), "to", move_targets(s))
        have = s.places[src][seat]
        if sum(to.values()) != have:
            raise RuleError.of("el-grande.refuse.distribute_all", have=have, region=src,
                               gave=sum(to.values()))
        moves = [{"seat": seat, "from": src, "to": p, "count": n} for p, n in to.items() if p != src]
        return {"from": src, "to": to, "moves": moves}, ["all"]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        mine = [r for r in move_sources(s) if s.places[r][seat] > 0]
        if not mine:
            return None
        src = rng.choice(mine)
        to: dict[str, int] = {}
        for _ in range(s.places[src][seat]):
            p = rng.choice(move_targets(s))
            to[p] = to.get(p, 0) + 1
        return {"from": src, "to": to}


@card
class Place2Anywhere(ParamMoves):
    id = "place_2_anywhere"

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"places": move_targets(s), "max_total": min(2, s.court[seat])}

    def possible(self, s: State, seat: int) -> bool:
        return s.court[seat] > 0

    def answers(self, s: State, seat: int, **fixed: Any) -> tuple[Answer, ...]:
        most = min(2, s.court[seat])
        counts = Counts({p: most for p in move_targets(s)}, "place", min_total=1, max_total=most)
        return (Answer("special", (Field("places", counts),), fixed=fixed,
                       prompt=Message("ask.place_anywhere", {"max": most}), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        places = _distribution(s, params.get("places"), "places", move_targets(s))
        total = sum(places.values())
        if not 1 <= total <= min(2, s.court[seat]):
            raise RuleError.of("el-grande.refuse.place_2" if s.court[seat] else
                               "el-grande.refuse.court_empty", most=min(2, s.court[seat]),
                               court=s.court[seat])
        moves = [{"seat": seat, "from": "court", "to": p, "count": n} for p, n in places.items()]
        return {"places": places, "moves": moves}, [f"{n}>{p}" for p, n in places.items()]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        n = min(2, s.court[seat])
        if n == 0:
            return None
        places: dict[str, int] = {}
        for _ in range(rng.randint(1, n)):
            p = rng.choice(move_targets(s))
            places[p] = places.get(p, 0) + 1
        return {"places": places}


@card
class Place2OrMoveAllOwn(ParamMoves):
    id = "place_2_or_move_all_own"

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"mode": ["place", "move_all"],
                "place": CARDS["place_2_anywhere"].constraint(s, seat),
                "move_all": CARDS["move_all_own"].constraint(s, seat)}

    HALVES: ClassVar[tuple[tuple[str, str], ...]] = (("place", "place_2_anywhere"),
                                                      ("move_all", "move_all_own"))

    def possible(self, s: State, seat: int) -> bool:
        return any(CARDS[card_id].possible(s, seat) for _mode, card_id in self.HALVES)

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        """One answer per half of the card that can be done, each with its `mode` fixed."""
        out: list[Answer] = []
        for mode, card_id in self.HALVES:
            half = CARDS[card_id]
            if half.possible(s, seat):
                out += half.answers(s, seat, mode=mode)  # type: ignore[call-arg]
        return tuple(out)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        mode = params.get("mode")
        if mode == "place":
            out, steps = CARDS["place_2_anywhere"].declare(s, seat, params)
        elif mode == "move_all":
            out, steps = CARDS["move_all_own"].declare(s, seat, params)
        else:
            raise RuleError.of("el-grande.refuse.mode", allowed=["place", "move_all"])
        return {"mode": mode, **out}, steps

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        modes = [("place", "place_2_anywhere"), ("move_all", "move_all_own")]
        rng.shuffle(modes)
        for mode, card_id in modes:
            params = CARDS[card_id].sample(s, seat, rng)
            if params is not None:
                return {"mode": mode, **params}
        return None


# --- courts, returns and secret removals (stack 2) -------------------------------------------------

class PerPlayerCard(Card):
    """An action that affects each of a set of players; a partial veto may spare some of them."""

    def affected(self, s: State, seat: int) -> list[int]:
        raise NotImplementedError

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if params:
            raise RuleError.of("el-grande.refuse.no_params")
        who = self.affected(s, seat)
        return {"affected": who}, [f"seat:{w}" for w in who]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        return {} if self.affected(s, seat) else None

    def targets(self, action: Action) -> list[int]:
        return [w for i, w in enumerate(action.params["affected"]) if i not in action.stopped]


@card
class DeclineAllCourt(PerPlayerCard):
    id = "decline_all_court"
    share: ClassVar[int | None] = None

    def affected(self, s: State, seat: int) -> list[int]:
        return [o for o in s.opponents(seat) if s.court[o] > 0]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        moves = [{"seat": o, "from": "court", "to": "provinces",
                  "count": min(self.share or s.court[o], s.court[o])} for o in self.targets(action)]
        return ([moved(moves, self.id)] if moves else []) + [done(seat)]


@card
class Decline3Court(DeclineAllCourt):
    id = "decline_3_court"
    share = 3


def return_options(s: State, who: int) -> tuple[int, dict[str, int]]:
    """How many a player must return for kings_return, and where from (court and regions)."""
    regions = s.on_board(who)
    return min(3, s.court[who] + sum(regions.values())), regions


@card
class KingsReturn(PerPlayerCard):
    id = "kings_return"

    def affected(self, s: State, seat: int) -> list[int]:
        order = s.opponents(seat) + ([seat] if s.options.original else [])
        return [w for w in order if return_options(s, w)[0] > 0]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        who = self.targets(action)
        if not who:
            return [done(seat)]
        return [Event("responses_opened", {"seats": who, "kind": "kings_return"})]

    @staticmethod
    def forced(s: State, who: int) -> dict[str, Any] | None:
        """The only possible return, when there is no choice to make."""
        need, regions = return_options(s, who)
        if need == s.court[who] + sum(regions.values()):
            return {"court": s.court[who], "regions": regions}
        if not regions:
            return {"court": need, "regions": {}}
        if s.court[who] == 0 and len(regions) == 1:
            return {"court": 0, "regions": {next(iter(regions)): need}}
        return None

    def check_return(self, s: State, who: int, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        need, regions = return_options(s, who)
        court = _count(params.get("court", 0), "from_court", 0, s.court[who])
        raw = params.get("regions") or {}
        chosen = _distribution(s, raw, "regions", list(regions))
        for r, n in chosen.items():
            if n > regions[r]:
                raise RuleError.of("el-grande.refuse.you_have_only", have=regions[r], region=r,
                                   asked=n)
        if court + sum(chosen.values()) != need:
            raise RuleError.of("el-grande.refuse.return_exactly", need=need,
                               allowed={"count": need, "court": s.court[who], "regions": regions})
        moves = [{"seat": who, "from": "court", "to": "provinces", "count": court}] if court else []
        moves += [{"seat": who, "from": r, "to": "provinces", "count": n} for r, n in chosen.items()]
        return moves

    def sample_return(self, s: State, who: int, rng: random.Random) -> dict[str, Any]:
        need, regions = return_options(s, who)
        pool = ["court"] * s.court[who] + [r for r, n in regions.items() for _ in range(n)]
        picked = Counter(rng.sample(pool, need))
        return {"court": picked.pop("court", 0), "regions": dict(picked)}


@card
class OneFromEach(ParamMoves):
    id = "one_from_each"

    def affected(self, s: State, seat: int) -> list[int]:
        order = s.opponents(seat) + ([] if s.options.original else [seat])
        return [w for w in order if s.on_board(w)]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"picks": {str(w): sorted(s.on_board(w)) for w in self.affected(s, seat)},
                "each_required": not s.options.original}

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        picks = Picks({str(w): tuple(sorted(s.on_board(w))) for w in self.affected(s, seat)},
                      key_of="seat", of="place")
        # The hint is the field's caption; the answer is named by its card (`asks.act_form`).
        return (Answer("special", (Field("picks", picks, label=Message("ask.picks")),),
                       submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        raw = params.get("picks")
        who = self.affected(s, seat)
        if not isinstance(raw, Mapping):
            raise RuleError.of("el-grande.refuse.picks_shape",
                               allowed=self.constraint(s, seat)["picks"])
        picks = {int(k) if str(k).isdigit() else k: v for k, v in raw.items()}
        if s.options.original:
            # 000: « Le joueur peut renvoyer un Caballero de chacun des adversaires »: each is the
            # player's choice, so any of them may be spared; picking none is declining.
            if not picks or not {str(k) for k in picks} <= {str(w) for w in who}:
                raise RuleError.of("el-grande.refuse.picks_any", seats=who,
                                   allowed=self.constraint(s, seat)["picks"])
            who = [w for w in who if w in picks]
        elif sorted(picks, key=str) != sorted(who, key=str):
            raise RuleError.of("el-grande.refuse.picks_each", seats=who,
                               allowed=self.constraint(s, seat)["picks"])
        moves = []
        for w in who:
            _region(picks[w], "region_for", sorted(s.on_board(w)), seat=w)
            moves.append({"seat": w, "from": picks[w], "to": "provinces", "count": 1})
        return {"moves": moves}, [f"seat:{w}" for w in who]


    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        who = self.affected(s, seat)
        if not who:
            return None
        if s.options.original:  # any of the opponents, at least one
            who = sorted(rng.sample(who, rng.randint(1, len(who))))
        return {"picks": {str(w): rng.choice(sorted(s.on_board(w))) for w in who}}


class SecretRemoval(PerPlayerCard):
    def affected(self, s: State, seat: int) -> list[int]:
        return [o for o in s.opponents(seat) if s.on_board(o)]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        who = self.targets(action)
        if not who:
            return [done(seat)]
        return [Event("secret_opened", {"kind": self.id, "seats": who})]


@card
class SecretRemove2(SecretRemoval):
    id = "secret_remove_2"

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        mine = s.on_board(chooser)
        two = sorted(r for r, n in mine.items() if n >= 2)
        return two or sorted(mine)

    def resolve(self, s: State, seat: int, action: Action, choices: dict[int, Any]) -> list[Event]:
        moves = [{"seat": w, "from": r, "to": "provinces", "count": min(2, s.places[r][w])}
                 for w, r in choices.items()]
        return [moved(moves, self.id), done(seat)]

    def secret_note(self, s: State, chooser: int) -> Message | None:
        two = any(n >= 2 for n in s.on_board(chooser).values())  # then only such regions
        return Message("ask.lose.remove", {"count": 2 if two else 1})


@card
class SecretRemoveAll(SecretRemoval):
    id = "secret_remove_all"

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        return sorted(s.on_board(chooser))

    def secret_note(self, s: State, chooser: int) -> Message | None:
        return Message("ask.lose.remove_all")

    def resolve(self, s: State, seat: int, action: Action, choices: dict[int, Any]) -> list[Event]:
        moves = [{"seat": w, "from": r, "to": "provinces", "count": s.places[r][w]}
                 for w, r in choices.items()]
        return [moved(moves, self.id), done(seat)]


# --- scorings (stacks 2 and 3) ----------------------------------------------------------------------

def scored(s: State, place: str, reason: str, first_only: bool = False) -> Event:
    return Event("place_scored", {**score_place(s, place, first_only=first_only), "reason": reason})


class ScoringCard(Card):
    first_only: ClassVar[bool] = False

    def places(self, s: State) -> list[str]:
        raise NotImplementedError

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if params:
            raise RuleError.of("el-grande.refuse.scoring_no_params")
        places = self.places(s)
        return {"places": places}, list(places)

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        places = [p for i, p in enumerate(action.params["places"]) if i not in action.stopped]
        return [*(scored(s, p, self.id, self.first_only) for p in places), done(seat)]


class ScoreByValue(ScoringCard):
    firsts: ClassVar[tuple[int, ...]] = ()

    def places(self, s: State) -> list[str]:
        return [r for r in REGION_IDS if current_values(s, r)[0] in self.firsts]


@card
class Score4s(ScoreByValue):
    id, firsts = "score_4s", (4,)


@card
class Score5s(ScoreByValue):
    id, firsts = "score_5s", (5,)


@card
class Score6s7s(ScoreByValue):
    id, firsts = "score_6s_7s", (6, 7)


@card
class ScoreCastillo(ScoringCard):
    id = "score_castillo"

    def places(self, s: State) -> list[str]:
        return [CASTILLO]


@card
class ScoreFirstPlaces(ScoringCard):
    id, first_only = "score_first_places", True

    def places(self, s: State) -> list[str]:
        return list(REGION_IDS)


@card
class ScoreMost(ScoringCard):
    id = "score_most"

    def places(self, s: State) -> list[str]:
        totals = {r: sum(s.places[r]) for r in REGION_IDS}
        top = max(totals.values())
        return [r for r in REGION_IDS if totals[r] == top] if top > 0 else []


@card
class ScoreFewest(ScoringCard):
    id = "score_fewest"

    def places(self, s: State) -> list[str]:
        totals = {r: sum(s.places[r]) for r in REGION_IDS if sum(s.places[r]) > 0}
        low = min(totals.values(), default=0)
        return [r for r in REGION_IDS if totals.get(r) == low]


@card
class ScoreChosen(Card):
    id = "score_chosen"

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"place": [*REGION_IDS, CASTILLO]}

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("place", OneOf((*REGION_IDS, CASTILLO), "place"),
                      label=Message("ask.choose_place"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        place = _region(params.get("place"), "place_to_score", [*REGION_IDS, CASTILLO])
        return {"place": place}, [place]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [scored(s, action.params["place"], self.id), done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        return {"place": rng.choice([*REGION_IDS, CASTILLO])}


# --- stack 4 and the King ---------------------------------------------------------------------------

class SingleTarget(Card):
    """An action with one parameter `to` chosen from a list."""

    def choices(self, s: State, seat: int) -> list[str]:
        raise NotImplementedError

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"to": self.choices(s, seat)}

    def possible(self, s: State, seat: int) -> bool:
        return bool(self.choices(s, seat))

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("to", OneOf(tuple(self.choices(s, seat)), "place"),
                      label=Message("ask.choose_region"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        to = _region(params.get("to"), "destination", self.choices(s, seat))
        return {"to": to}, [to]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        options = self.choices(s, seat)
        return {"to": rng.choice(options)} if options else None


@card
class King(SingleTarget):
    id = "king"

    def choices(self, s: State, seat: int) -> list[str]:
        return [r for r in REGION_IDS if r != s.king]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("king_moved", {"from": s.king, "to": action.params["to"], "reason": self.id}),
                done(seat)]


@card
class RoyalAdvisor(King):
    id = "royal_advisor"

    def choices(self, s: State, seat: int) -> list[str]:
        return sorted(ADJACENT[s.king])


def _grande_targets(s: State, seat: int) -> list[str]:
    if s.grandes[seat] == s.king:
        return []
    return [r for r in REGION_IDS if r not in (s.king, s.grandes[seat])]


@card
class Grande(SingleTarget):
    """Decennial: the active player moves their Grande. Original: every player may, secretly."""

    id = "grande"

    def choices(self, s: State, seat: int) -> list[str]:
        return _grande_targets(s, seat)

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        if s.options.original:
            return {"secret": "every player secretly chooses where their Grande goes (or stays)"}
        return super().constraint(s, seat)

    def possible(self, s: State, seat: int) -> bool:
        return True if s.options.original else super().possible(s, seat)

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        if s.options.original:
            return (Answer("special", prompt=Message("ask.grande_secret"), submit=DO_IT),)
        return super().answers(s, seat)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if s.options.original:
            if params:
                raise RuleError.of("el-grande.refuse.grande_secret")
            who = [w for w in [seat, *s.opponents(seat)] if _grande_targets(s, w)]
            return {"affected": who}, [f"seat:{w}" for w in who]
        if s.grandes[seat] == s.king:
            raise RuleError.of("el-grande.refuse.grande_with_king")
        return super().declare(s, seat, params)

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        if not s.options.original:
            return [Event("grande_moved", {"seat": seat, "from": s.grandes[seat],
                                           "to": action.params["to"]}), done(seat)]
        who = [w for i, w in enumerate(action.params["affected"]) if i not in action.stopped]
        if not who:
            return [done(seat)]
        return [Event("secret_opened", {"kind": self.id, "seats": who})]

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        return [s.grandes[chooser], *_grande_targets(s, chooser)]

    def resolve(self, s: State, seat: int, action: Action, choices: dict[int, Any]) -> list[Event]:
        events = [Event("grande_moved", {"seat": w, "from": s.grandes[w], "to": to})
                  for w, to in choices.items() if to != s.grandes[w]]
        return [*events, done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        if s.options.original:
            return {}
        return super().sample(s, seat, rng)


@card
class Scoreboard(Card):
    id = "scoreboard"

    def _targets(self, s: State, board: str) -> list[str]:
        here = s.scoreboards.get(board)
        if here == s.king:
            return []
        taken = {p for b, p in s.scoreboards.items() if b != board and p}
        return [p for p in [*REGION_IDS, CASTILLO] if p not in (s.king, here) and p not in taken]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"boards": {b: self._targets(s, b) for b in SCOREBOARDS}}

    def possible(self, s: State, seat: int) -> bool:
        return any(self._targets(s, b) for b in SCOREBOARDS)

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        """One answer per scoreboard that can move, the board fixed."""
        return tuple(Answer("special", (Field("to", OneOf(tuple(targets), "place")),),
                            fixed={"board": b}, prompt=Message("ask.scoreboard", {"board": b}),
                            submit=DO_IT)
                     for b in SCOREBOARDS if (targets := self._targets(s, b)))

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        board = _region(params.get("board"), "scoreboard", list(SCOREBOARDS))
        if s.scoreboards.get(board) == s.king:
            raise RuleError.of("el-grande.refuse.scoreboard_king")
        to = _region(params.get("to"), "destination", self._targets(s, board))
        return {"board": board, "to": to}, [f"{board}>{to}"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        board = action.params["board"]
        return [Event("scoreboard_moved", {"board": board, "from": s.scoreboards.get(board),
                                           "to": action.params["to"]}), done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        options = [(b, t) for b in SCOREBOARDS for t in self._targets(s, b)]
        if not options:
            return None
        board, to = rng.choice(options)
        return {"board": board, "to": to}


@card
class PowerCardBack(Card):
    id = "power_card_back"

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"card": sorted(s.discards[seat])}

    def possible(self, s: State, seat: int) -> bool:
        return bool(s.discards[seat])

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("card", OneOf(tuple(sorted(set(s.discards[seat]))), "power_card"),
                      label=Message("ask.power_back"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        value = params.get("card")
        if isinstance(value, bool) or not isinstance(value, int) \
                or value not in s.discards[seat]:
            raise RuleError.of("el-grande.refuse.power_back", cards=sorted(s.discards[seat]),
                               allowed=sorted(s.discards[seat]))
        # Taking back the top card is public; any other is private (redacted for the others).
        return {"card": value, "public": s.discards[seat][-1] == value}, ["card"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        value = action.params["card"]
        public = s.discards[seat][-1] == value
        return [Event("power_card_returned", {"seat": seat, "card": value, "public": public}),
                done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        return {"card": rng.choice(s.discards[seat])} if s.discards[seat] else None


@card
class Court2(Card):
    id = "court_2"

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"count": {"min": 1, "max": min(2, s.provinces[seat])}}

    def possible(self, s: State, seat: int) -> bool:
        return s.provinces[seat] > 0

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        high = min(2, s.provinces[seat])
        field = Field("count", Number(1, high), default=high, label=Message("ask.court_2"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        high = min(2, s.provinces[seat])
        if high == 0:
            raise RuleError.of("el-grande.refuse.provinces_empty")
        n = _count(params.get("count", high), "count", 1, high)
        return {"count": n}, ["court"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        move = {"seat": seat, "from": "provinces", "to": "court", "count": action.params["count"]}
        return [moved([move], self.id), done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        high = min(2, s.provinces[seat])
        return {"count": rng.randint(1, high)} if high else None


@card
class Eviction(Card):
    id = "eviction"

    def _regions(self, s: State, seat: int) -> list[str]:
        return [r for r in REGION_IDS if r != s.king]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"region": self._regions(s, seat)}

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("region", OneOf(tuple(self._regions(s, seat)), "place"),
                      label=Message("ask.evict_from"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if params.get("region") == s.king:
            raise RuleError.of("el-grande.refuse.evict_king")
        region = _region(params.get("region"), "region_to_evict", self._regions(s, seat))
        who = [o for o in s.opponents(seat) if s.places[region][o] > 0]
        return {"region": region, "affected": who}, [f"seat:{w}" for w in who]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        who = [w for i, w in enumerate(action.params["affected"]) if i not in action.stopped]
        if not who:
            return [done(seat)]
        return [Event("secret_opened", {"kind": self.id, "seats": who,
                                        "context": {"region": action.params["region"]}})]

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        region = s.secret.context["region"] if s.secret else None
        if s.options.original:
            return [r for r in REGION_IDS if r != region]
        return list(REGION_IDS)

    def secret_note(self, s: State, chooser: int) -> Message | None:
        """Where the evicted Caballeros go, and which choices send them to court instead: the
        King's region, and (Decennial) the evicted region itself."""
        region = s.secret.context["region"] if s.secret else None
        if region is None:
            return None
        key = "ask.lose.eviction" if s.options.original else "ask.lose.eviction_back"
        return Message(key, {"count": s.places[region][chooser], "region": region,
                             "king": s.king})

    def default_secret(self, s: State, chooser: int) -> Any:
        options = self.secret_options(s, chooser)
        region = s.secret.context["region"] if s.secret else None
        safe = [r for r in options if r not in (s.king, region)]
        return (safe or options)[0]

    def resolve(self, s: State, seat: int, action: Action, choices: dict[int, Any]) -> list[Event]:
        region = action.params["region"]
        moves = []
        for w, to in choices.items():
            back = to == s.king or to == region
            moves.append({"seat": w, "from": region, "to": "court" if back else to,
                          "count": s.places[region][w]})
        return [moved(moves, self.id), done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        return {"region": rng.choice(self._regions(s, seat))}


@card
class SecretScoring(Card):
    id = "secret_scoring"

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if params:
            raise RuleError.of("el-grande.refuse.secret_scoring")
        return {}, ["all"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("secret_opened", {"kind": self.id, "seats": list(s.seats())})]

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        return list(REGION_IDS)

    def resolve(self, s: State, seat: int, action: Action, choices: dict[int, Any]) -> list[Event]:
        picked = Counter(choices.values())
        return [*(scored(s, r, self.id) for r in REGION_IDS if picked[r] == 1), done(seat)]


_kings_return = CARDS["kings_return"]
assert isinstance(_kings_return, KingsReturn)
KINGS_RETURN: KingsReturn = _kings_return
"""The one card whose affected players answer in turn (the `return` decision)."""

# Every card of the catalogue has its rules here (the Veto's only effect is to be taken: see rules).
assert set(CARDS) == {c.id for c in ACTION_CARDS} - {"veto"}, "action catalogue and rules disagree"
