"""The modules' power cards, one class per card, with El Grande's `Card` protocol (declare, run,
possible, answers, sample), registered in King & Intrigue's `actions.CARDS` by their action id.

What each card does is the seed's (shared/seeds/002); where the seed is silent the ruling is in
`modules_data.py` (RECONSTRUCTED, with its basis) and on the rules page. Common rules: a taboo
region (the King's, and the Quarantine and King markers' regions: `KIState.taboo`) is never
entered nor left by a card; markers never go on a taboo region.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.core.constraints import Answer, Combos, Field, OneOf, Subset
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import Message
from domain.elgrande.actions import DO_IT, Card, Params, done, moved, scored
from domain.elgrande.data import ADJACENT, CASTILLO, REGION_IDS, SCOREBOARDS
from domain.elgrande.state import Action, State
from domain.kingintrigue.actions import CARDS
from domain.kingintrigue.modules_data import (
    ALL_CARDS,
    FIESTA_EXTRA,
    IN_FRONT,
    LIMIT_BOARDS,
    MODULE_CARDS,
    REMOVABLE,
    TABLE_LIMIT,
)

R = "ki-modules.refuse."


def register(cls: type[Card]) -> type[Card]:
    CARDS[cls.id] = cls()
    return cls


def mods(s: State) -> Any:
    return s.mods  # type: ignore[attr-defined]


def free_regions(s: State) -> list[str]:
    """The regions a card may touch: every region but the taboo ones."""
    taboo = s.taboo()
    return [r for r in REGION_IDS if r not in taboo]


def _pick(value: Any, allowed: list[str], what: str) -> str:
    if value not in allowed:
        raise RuleError.of(R + "not_one_of", what=what, value=value, choices=allowed,
                           allowed=allowed)
    return str(value)


def _no_params(params: Mapping[str, Any]) -> None:
    if params:
        raise RuleError.of(R + "no_params", allowed={})


class RegionCard(Card):
    """A card with one parameter: a region among `regions`."""

    ask = "kim.ask.region"

    def regions(self, s: State, seat: int) -> list[str]:
        return free_regions(s)

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"region": self.regions(s, seat)}

    def possible(self, s: State, seat: int) -> bool:
        return bool(self.regions(s, seat))

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("region", OneOf(tuple(self.regions(s, seat)), "place"),
                      label=Message(self.ask))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        extra = set(params) - {"region"}
        if extra:
            raise RuleError.of(R + "unknown_params", names=sorted(extra), allowed=["region"])
        region = _pick(params.get("region"), self.regions(s, seat), "region")
        return {"region": region}, [region]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        regions = self.regions(s, seat)
        return {"region": rng.choice(regions)} if regions else None


class TwoRegionCard(Card):
    """A card with two regions, `first` and `second` (`pairs`: the allowed pairs)."""

    ask = ("kim.ask.first", "kim.ask.second")

    def pairs(self, s: State) -> list[tuple[str, str]]:
        free = free_regions(s)
        return [(a, b) for a in free for b in free if a < b]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"pairs": [list(p) for p in self.pairs(s)]}

    def possible(self, s: State, seat: int) -> bool:
        return bool(self.pairs(s))

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        pairs = self.pairs(s)
        firsts = tuple(sorted({a for p in pairs for a in p}))
        rows = tuple(sorted({(a, b) for p in pairs for a, b in (p, p[::-1])}))  # either order
        return (Answer("special", (
            Field("first", OneOf(firsts, "place"), label=Message(self.ask[0])),
            Field("second", OneOf(firsts, "place"), label=Message(self.ask[1]))),
            submit=DO_IT, combos=Combos(("first", "second"), rows)),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        a, b = params.get("first"), params.get("second")
        if isinstance(params.get("regions"), list) and len(params["regions"]) == 2:
            a, b = params["regions"]
        pair = tuple(sorted((str(a), str(b))))
        if pair not in self.pairs(s):
            raise RuleError.of(R + "pair", first=a, second=b,
                               allowed=self.constraint(s, seat))
        return {"regions": list(pair)}, list(pair)

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        pairs = self.pairs(s)
        if not pairs:
            return None
        a, b = rng.choice(pairs)
        return {"first": a, "second": b}


# --- the Player's Edition ---------------------------------------------------------------------------

@register
class Joker(Card):
    """Joker: its whole effect is in the playing of power cards (rules: played after everyone
    else, replaced by another card); a Joker that could not be replaced has no action."""

    id = "joker"

    def possible(self, s: State, seat: int) -> bool:
        return False


@register
class JourFaste(Card):
    """Jour faste: each opponent whose Grande is not in the King's region secretly chooses a region
    with their disc; their Grande goes there, unless they chose the King's region (or another
    taboo one), where it stays."""

    id = "jour_faste"

    def choosers(self, s: State, seat: int) -> list[int]:
        taboo = s.taboo() | {CASTILLO}
        return [o for o in s.opponents(seat) if s.grandes[o] not in taboo]

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        _no_params(params)
        return {}, ["all"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        seats = self.choosers(s, seat)
        if not seats:
            return [done(seat)]
        return [Event("secret_opened", {"kind": self.id, "seats": seats})]

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        return list(REGION_IDS)

    def default_secret(self, s: State, chooser: int) -> Any:
        return s.grandes[chooser]

    def resolve(self, s: State, seat: int, action: Action, choices: dict[int, Any]) -> list[Event]:
        taboo = s.taboo()
        out = [Event("grande_moved", {"seat": w, "from": s.grandes[w], "to": r,
                                      "reason": self.id})
               for w, r in sorted(choices.items()) if r not in taboo and r != s.grandes[w]]
        return [*out, done(seat)]


@register
class Relocation(RegionCard):
    """Relocation: the Castillo moves into a region (never the King's) with its content unseen;
    every Caballero already in the region goes into it. The King entering that region later has
    no effect on the Castillo. It goes back after the next general scoring."""

    id = "relocation"
    ask = "kim.ask.relocation"

    def regions(self, s: State, seat: int) -> list[str]:
        return [r for r in free_regions(s) if r != mods(s).castillo_at]

    def possible(self, s: State, seat: int) -> bool:
        return s.castillo_open() and bool(self.regions(s, seat))

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if not s.castillo_open():
            raise RuleError.of(R + "collapse")
        return super().declare(s, seat, params)

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        region = action.params["region"]
        swallowed = [{"seat": w, "from": region, "to": CASTILLO, "count": s.places[region][w]}
                     for w in s.seats() if s.places[region][w]]
        out = [Event("castillo_relocated", {"seat": seat, "region": region})]
        if swallowed:
            out.append(moved(swallowed, self.id))
        return [*out, done(seat)]


@register
class CivilWar(RegionCard):
    """Civil war: in a region (never the King's), every opponent's Caballero goes back to its
    owner's court, the player's own stay, and 1 of the player's court enters it."""

    id = "civil_war"
    ask = "kim.ask.civil_war"

    def possible(self, s: State, seat: int) -> bool:
        return s.court[seat] > 0 and bool(self.regions(s, seat))

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if s.court[seat] == 0:
            raise RuleError.of(R + "court_empty")
        return super().declare(s, seat, params)

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        region = action.params["region"]
        back = [{"seat": w, "from": region, "to": "court", "count": s.places[region][w]}
                for w in s.opponents(seat) if s.places[region][w]]
        enter = {"seat": seat, "from": "court", "to": region, "count": 1}
        return [moved([*back, enter], self.id), done(seat)]


@register
class Alliance(TwoRegionCard):
    """Alliance: the 2 markers on two regions (never the King's); the next general scoring scores
    them as one (`modules.scoring.allied`). Played again, the markers move."""

    id = "alliance"

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("alliance_marked", {"seat": seat, "regions": action.params["regions"]}),
                done(seat)]


@register
class Bridge(TwoRegionCard):
    """Bridge building: the Bridge between two adjacent regions (neither the King's), 1 of the
    player's court on it (a previous holder's Caballero goes back to their court)."""

    id = "bridge"
    ask = ("kim.ask.bridge.first", "kim.ask.bridge.second")

    def pairs(self, s: State) -> list[tuple[str, str]]:
        return [(a, b) for a, b in super().pairs(s) if b in ADJACENT[a]]

    def possible(self, s: State, seat: int) -> bool:
        return s.court[seat] > 0 and super().possible(s, seat)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        if s.court[seat] == 0:
            raise RuleError.of(R + "court_empty")
        return super().declare(s, seat, params)

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("bridge_built", {"seat": seat, "regions": action.params["regions"],
                                       "previous": mods(s).bridge_seat}), done(seat)]


@register
class Quarantine(RegionCard):
    """Quarantine: the marker makes a region taboo until the next general scoring."""

    id = "quarantine"
    ask = "kim.ask.quarantine"

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("quarantine_marked", {"seat": seat, "region": action.params["region"]}),
                done(seat)]


@register
class CollapseRisk(Card):
    """Collapse risk: the tile closes the Castillo until the next general scoring; those inside
    stay and are scored."""

    id = "collapse_risk"

    def possible(self, s: State, seat: int) -> bool:
        return not mods(s).collapse

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        _no_params(params)
        if mods(s).collapse:
            raise RuleError.of(R + "collapse_already")
        return {}, ["all"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("collapse_tile_laid", {"seat": seat}), done(seat)]


@register
class Revolt(Card):
    """Revolt: one mobile scoreboard turned upside down, or a reversed one turned back (parameter
    `scoreboard`, not El Grande's `board`, which the log reads as a scoreboard moved)."""

    id = "revolt"

    def boards(self, s: State) -> list[str]:
        return list(SCOREBOARDS)

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"scoreboard": self.boards(s)}

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("scoreboard", OneOf(tuple(self.boards(s)), "scoreboard"),
                      label=Message("kim.ask.revolt"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        board = _pick(params.get("scoreboard"), self.boards(s), "scoreboard")
        return {"scoreboard": board}, [board]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        board = action.params["scoreboard"]
        return [Event("scoreboard_turned", {"seat": seat, "board": board,
                                            "reversed": board not in mods(s).reversed}),
                done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        return {"scoreboard": rng.choice(self.boards(s))}


@register
class Hurricane(Card):
    """Hurricane: every Caballero of the region of the player's disc, set in secret before the
    turns and revealed as their turn starts (`modules.hurricane`), back to its owner's court;
    nothing when that region has become taboo (the King's, a marker's) or is empty."""

    id = "hurricane"

    def region(self, s: State, seat: int) -> str | None:
        region = mods(s).hurricane_shown.get(seat)
        return region if region in free_regions(s) and any(s.places[region]) else None

    def possible(self, s: State, seat: int) -> bool:
        return self.region(s, seat) is not None

    def why_impossible(self, s: State, seat: int) -> Message | None:
        """Why the player's Hurricane blows nothing away, said on their form: the disc (shown to
        all as the turn started) lies on an empty region, or on one that is taboo now."""
        region = mods(s).hurricane_shown.get(seat)
        if region is None:
            return None
        if region not in free_regions(s):
            return Message("kim.hurricane.taboo", {"region": region})
        return Message("kim.hurricane.empty", {"region": region})

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        _no_params(params)
        region = self.region(s, seat)
        if region is None:
            raise RuleError.of(R + "hurricane_region")
        return {"region": region}, [region]

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        """The disc: any region but the King's (nothing more is known when it is set)."""
        return [r for r in REGION_IDS if r != s.king]

    def secret_note(self, s: State, chooser: int) -> Message | None:
        """When the disc is shown and what it does, said on the form."""
        return Message("kim.hurricane.note")

    def default_secret(self, s: State, chooser: int) -> Any:
        """At the deadline: the region where the others have most Caballeros."""
        return max(self.secret_options(s, chooser),
                   key=lambda r: sum(s.places[r]) - 2 * s.places[r][chooser])

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        return {} if self.possible(s, seat) else None

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        region = action.params["region"]
        back = [{"seat": w, "from": region, "to": "court", "count": s.places[region][w]}
                for w in s.seats() if s.places[region][w]]
        return [*([moved(back, self.id)] if back else []), done(seat)]


@register
class ScoreOffered(Card):
    """Special scoring: three regions offered to the player on the left, who chooses the one
    scored (a one-seat secret choice, so El Grande's machinery asks and times it out)."""

    id = "score_offered"

    def chooser(self, s: State, seat: int) -> int:
        return s.opponents(seat)[0]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"regions": list(REGION_IDS), "count": 3}

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        # Three different regions: one choice of exactly three, not three choices that may repeat.
        field = Field("regions", Subset(tuple(REGION_IDS), "place", 3, 3),
                      label=Message("kim.ask.offered.three"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        raw = params.get("regions")
        if raw is None:
            raw = [params.get(f"region{i}") for i in (1, 2, 3)]
        if not isinstance(raw, list) or len(raw) != 3 or len(set(map(str, raw))) != 3 \
                or not all(r in REGION_IDS for r in raw):
            raise RuleError.of(R + "three_regions", allowed=list(REGION_IDS))
        return {"regions": sorted(raw)}, ["all"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        """First the neighbour's choice; once made (`offered_chosen`), the scoring, run as any
        other so that a Royal Guard may join the region first (`modules.guard`)."""
        if action.params.get("region"):
            return [scored(s, action.params["region"], self.id), done(seat)]
        return [Event("secret_opened", {"kind": self.id, "seats": [self.chooser(s, seat)],
                                        "context": {"regions": action.params["regions"]}})]

    def secret_options(self, s: State, chooser: int) -> list[Any]:
        assert s.secret is not None
        return list(s.secret.context.get("regions", []))

    def resolve(self, s: State, seat: int, action: Action, choices: dict[int, Any]) -> list[Event]:
        (region,) = choices.values()
        return [Event("offered_chosen", {"seat": seat, "region": region})]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        return {"regions": rng.sample(REGION_IDS, 3)}


# --- the Special Cards ------------------------------------------------------------------------------

@register
class Fiesta(Card):
    """Fiesta: no Caballero from the provinces (the card brings 0), 5 more to place this turn;
    done before placing."""

    id = "fiesta"

    def possible(self, s: State, seat: int) -> bool:
        return s.turn is not None and not s.turn.placed

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        _no_params(params)
        if s.turn is not None and s.turn.placed:
            raise RuleError.of(R + "placed_already")
        return {}, ["all"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("fiesta", {"seat": seat, "extra": FIESTA_EXTRA}), done(seat)]


class InFront(Card):
    """A card that lies in front of its owner once played (Espionage, the Mistress)."""

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        _no_params(params)
        return {}, ["all"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("card_in_front", {"seat": seat, "card": self.id, "round": s.round}),
                done(seat)]


@register
class Espionage(InFront):
    """Espionage: until the next general scoring, its owner sets the Castillo disc after seeing
    everyone else's (rules: the spy's decision waits; the view shows the others' discs to the spy
    alone). Discs of special actions are not affected."""

    id = "espionage"


@register
class Mistress(InFront):
    """Mistress: no King's bonus in a special scoring this round, nor in the general scoring
    closing the next round (`modules.scoring.mistress_active`); home bonuses as usual."""

    id = "mistress"


@register
class Coup(Card):
    """Coup d'État: an opponent's Grande (never from the King's region) into the Castillo; at the
    next general scoring it counts for the Castillo (home bonus there), then leaves with its
    owner's Castillo Caballeros for the region of their disc."""

    id = "coup"

    def targets(self, s: State, seat: int) -> list[int]:
        taboo = s.taboo() | {CASTILLO}
        return [o for o in s.opponents(seat) if s.grandes[o] not in taboo]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"seat": self.targets(s, seat)}

    def possible(self, s: State, seat: int) -> bool:
        return bool(self.targets(s, seat))

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("target", OneOf(tuple(self.targets(s, seat)), "seat"),
                      label=Message("kim.ask.coup"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        target = params.get("target", params.get("seat"))
        if target not in self.targets(s, seat) or isinstance(target, bool):
            raise RuleError.of(R + "coup_target", value=target,
                               allowed=self.targets(s, seat))
        return {"target": target}, [str(target)]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        target = action.params["target"]
        return [Event("grande_imprisoned", {"seat": seat, "target": target,
                                            "from": s.grandes[target]}), done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        targets = self.targets(s, seat)
        return {"target": rng.choice(targets)} if targets else None


@register
class TableForSix(RegionCard):
    """Table for six: a limit board on a region (never the King's, holding at most 6 now); from
    then on Caballeros beyond 6 go back to the court of whoever brought them."""

    id = "table_for_six"
    ask = "kim.ask.table"

    def regions(self, s: State, seat: int) -> list[str]:
        if len(mods(s).limits) >= LIMIT_BOARDS:
            return []
        return [r for r in free_regions(s)
                if r not in mods(s).limits and sum(s.places[r]) <= TABLE_LIMIT]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("limit_placed", {"seat": seat, "region": action.params["region"]}),
                done(seat)]


@register
class RoyalGuard(Card):
    """Royal Guard: 1 of the player's court on the card; just before a special scoring its owner
    may send it into the region scored (`modules.guard`), just before a general scoring it joins
    the region of its owner's Castillo disc (never the Castillo or a taboo region: then it goes
    back to the court)."""

    id = "royal_guard"

    def possible(self, s: State, seat: int) -> bool:
        return s.court[seat] > 0 and not mods(s).guards.get(seat)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        _no_params(params)
        if not self.possible(s, seat):
            raise RuleError.of(R + "court_empty")
        return {}, ["all"]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("guard_posted", {"seat": seat}), done(seat)]


@register
class KingMarker(RegionCard):
    """King marker: a region taboo like the King's until the end of the round, or through the
    general scoring that follows it, where it gives the King's bonus too."""

    id = "king_marker"
    ask = "kim.ask.king_marker"

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [Event("king_marker_placed", {"seat": seat, "region": action.params["region"],
                                             "round": s.round}), done(seat)]


@register
class Intervention(Card):
    """Intervention: discard a 25 or 75 lying in front of another player (`mistress@2`), or take
    a limit board off a region (`limit@aragon`); with the option `intervention_markers` (the
    seed's optional rule) also a marker or tile off the board (`alliance@board`)."""

    id = "intervention"

    def targets(self, s: State, seat: int) -> list[str]:
        m = mods(s)
        cards = [f"{card}@{w}" for w in s.opponents(seat) for card in m.in_front.get(w, [])
                 if card in IN_FRONT]
        markers: list[str] = []
        if s.ki.intervention_markers:  # type: ignore[attr-defined]  # the seed's optional rule, an option of the game
            on = {"alliance": bool(m.alliance), "bridge": bool(m.bridge), "collapse": m.collapse,
                  "quarantine": m.quarantine is not None,
                  "king_marker": m.king_marker is not None}
            markers = [f"{k}@board" for k in REMOVABLE if on[k]]
        return [*cards, *(f"limit@{r}" for r in m.limits), *markers]

    def constraint(self, s: State, seat: int) -> dict[str, Any]:
        return {"target": self.targets(s, seat)}

    def possible(self, s: State, seat: int) -> bool:
        return bool(self.targets(s, seat))

    def answers(self, s: State, seat: int) -> tuple[Answer, ...]:
        field = Field("target", OneOf(tuple(self.targets(s, seat)), "intervention"),
                      label=Message("kim.ask.intervention"))
        return (Answer("special", (field,), submit=DO_IT),)

    def declare(self, s: State, seat: int, params: Mapping[str, Any]) -> tuple[Params, list[str]]:
        target = _pick(params.get("target"), self.targets(s, seat), "target")
        return {"target": target}, [target]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        what, _, where = action.params["target"].partition("@")
        if what == "limit":
            event = Event("limit_removed", {"seat": seat, "region": where})
        elif what in REMOVABLE:
            event = Event("marker_removed", {"seat": seat, "marker": what})
        else:
            event = Event("card_discarded", {"seat": seat, "owner": int(where), "card": what})
        return [event, done(seat)]

    def sample(self, s: State, seat: int, rng: random.Random) -> Params | None:
        targets = self.targets(s, seat)
        return {"target": rng.choice(targets)} if targets else None


@register
class ScorePresent(RegionCard):
    """Special scoring: a region where the player has at least 1 Caballero."""

    id = "score_present"
    ask = "kim.ask.score"

    def regions(self, s: State, seat: int) -> list[str]:
        return [r for r in REGION_IDS if s.places[r][seat] > 0]

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [scored(s, action.params["region"], self.id), done(seat)]


@register
class ScoreAny(RegionCard):
    """Special scoring: any region, even one without the player's Caballeros."""

    id = "score_any"
    ask = "kim.ask.score"

    def regions(self, s: State, seat: int) -> list[str]:
        return list(REGION_IDS)

    def run(self, s: State, seat: int, action: Action) -> list[Event]:
        return [scored(s, action.params["region"], self.id), done(seat)]


assert {c.action for c in MODULE_CARDS.values()} <= set(CARDS), \
    sorted({c.action for c in MODULE_CARDS.values()} - set(CARDS))
assert all(c.action in CARDS for c in ALL_CARDS.values())
