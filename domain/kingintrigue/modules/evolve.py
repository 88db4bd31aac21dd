"""The modules' events applied to a King & Intrigue state (registered on the game's EVOLVER), and
the few shared events whose handlers the modules extend (wrapped: the base handler runs first)."""

from __future__ import annotations

from collections.abc import Callable

from domain.core.events import Event
from domain.elgrande.data import CASTILLO, GENERAL_SCORING_ROUNDS
from domain.kingintrigue.evolve import EVOLVER, on
from domain.kingintrigue.modules_data import ALL_CARDS, TABLE_LIMIT
from domain.kingintrigue.state import KIState

JOKER = next(v for v, c in ALL_CARDS.items() if c.action == "joker")


def _base(event_type: str) -> Callable[[KIState, Event], None]:
    handler = EVOLVER.handlers.get(event_type) or EVOLVER.base[event_type]
    return handler


def extends(event_type: str) -> Callable[[Callable[[KIState, Event], None]], None]:
    """Run the existing handler of `event_type`, then this one."""
    before = _base(event_type)

    def deco(after: Callable[[KIState, Event], None]) -> None:
        def both(s: KIState, e: Event) -> None:
            before(s, e)
            after(s, e)

        EVOLVER.handlers[event_type] = both

    return deco


# --- an allied pair's scoring in "the last scoring" -------------------------------------------------

@extends("place_scored")
def _place_scored(s: KIState, e: Event) -> None:
    """An Alliance's pair is one scoring whose event names its first region: the last scoring's
    row names both (`a+b`, read by the boards' row label), so the table does not lose the
    second region (issue 22, item 12)."""
    pair = e.get("alliance")
    if pair and s.last_scoring and s.last_scoring["places"]:
        _first, points = s.last_scoring["places"][-1]
        s.last_scoring["places"][-1] = ["+".join(pair), points]


# --- the power cards' play: the Joker ---------------------------------------------------------------

@extends("power_played")
def _power_played(s: KIState, e: Event) -> None:
    if e.get("joker"):
        s.mods.joker = None
    elif e["card"] == JOKER:
        s.mods.joker = e["seat"]


@on("joker_kept")
def _joker_kept(s: KIState, e: Event) -> None:
    s.mods.joker = None


# --- markers and tiles ------------------------------------------------------------------------------

@on("castillo_relocated")
def _relocated(s: KIState, e: Event) -> None:
    s.mods.castillo_at = e["region"]


@on("alliance_marked")
def _alliance(s: KIState, e: Event) -> None:
    s.mods.alliance = list(e["regions"])


@on("bridge_built")
def _bridge(s: KIState, e: Event) -> None:
    if s.mods.bridge_seat is not None:
        s.court[s.mods.bridge_seat] += 1
    s.court[e["seat"]] -= 1
    s.mods.bridge = list(e["regions"])
    s.mods.bridge_seat = e["seat"]


@on("bridge_crossed")
def _crossed(s: KIState, e: Event) -> None:
    if e.get("moves"):
        _base("caballeros_moved")(s, Event("caballeros_moved", {"moves": e["moves"]}))
    s.mods.bridge_crossed = True


@on("bridge_left")
def _bridge_left(s: KIState, e: Event) -> None:
    """The holder's Caballero back to their court, the tile back to the reserve (seed)."""
    s.court[e["seat"]] += 1
    s.mods.bridge, s.mods.bridge_seat = [], None


@on("bridge_scored")
def _bridge_scored(s: KIState, e: Event) -> None:
    s.scores[e["seat"]] += e["points"]


@on("hurricane_disc_set")
def _hurricane_set(s: KIState, e: Event) -> None:
    """The disc set, unseen: the secret choice closes without a reveal."""
    s.secret = None
    s.mods.hurricane[e["seat"]] = e["region"]


@on("hurricane_revealed")
def _hurricane_revealed(s: KIState, e: Event) -> None:
    s.mods.hurricane.pop(e["seat"], None)
    s.mods.hurricane_shown[e["seat"]] = e["region"]


@on("quarantine_marked")
def _quarantine(s: KIState, e: Event) -> None:
    s.mods.quarantine = e["region"]


@on("collapse_tile_laid")
def _collapse(s: KIState, e: Event) -> None:
    s.mods.collapse = True


@on("scoreboard_turned")
def _turned(s: KIState, e: Event) -> None:
    rev = [b for b in s.mods.reversed if b != e["board"]]
    s.mods.reversed = [*rev, e["board"]] if e["reversed"] else rev


@on("fiesta")
def _fiesta(s: KIState, e: Event) -> None:
    assert s.turn is not None and s.turn.stack is not None
    s.turn.stack += e["extra"]


@on("card_in_front")
def _in_front(s: KIState, e: Event) -> None:
    s.mods.in_front.setdefault(e["seat"], []).append(e["card"])
    if e["card"] == "mistress":
        s.mods.mistress_until = max(s.mods.mistress_until, e["round"] + 1)
        s.mods.mistress_rounds = [*s.mods.mistress_rounds, e["round"]]


@on("card_discarded")
def _discarded(s: KIState, e: Event) -> None:
    cards = s.mods.in_front.get(e["owner"], [])
    if e["card"] in cards:
        cards.remove(e["card"])


@on("grande_imprisoned")
def _imprisoned(s: KIState, e: Event) -> None:
    s.mods.coup[e["target"]] = e["from"]
    s.grandes[e["target"]] = CASTILLO


@on("grande_freed")
def _freed(s: KIState, e: Event) -> None:
    s.mods.coup.pop(e["seat"], None)
    s.grandes[e["seat"]] = e["to"]


@on("limit_placed")
def _limit(s: KIState, e: Event) -> None:
    s.mods.limits.append(e["region"])


@on("marker_removed")
def _marker_removed(s: KIState, e: Event) -> None:
    """Intervention's optional rule: the marker or tile leaves, its effect with it (the Bridge's
    Caballero goes back to its owner's court, as when another Bridge is built)."""
    m, what = s.mods, e["marker"]
    if what == "alliance":
        m.alliance = []
    elif what == "bridge":
        if m.bridge_seat is not None:
            s.court[m.bridge_seat] += 1
        m.bridge, m.bridge_seat = [], None
    elif what == "collapse":
        m.collapse = False
    elif what == "quarantine":
        m.quarantine = None
    elif what == "king_marker":
        m.king_marker = None


@on("limit_removed")
def _limit_removed(s: KIState, e: Event) -> None:
    s.mods.limits.remove(e["region"])


@on("limit_returned")
def _limit_returned(s: KIState, e: Event) -> None:
    for seat, n in e["returns"].items():
        s.places[e["region"]][int(seat)] -= n
        s.court[int(seat)] += n
    s.mods.excess.pop(e["region"], None)


@on("guard_posted")
def _guard(s: KIState, e: Event) -> None:
    s.court[e["seat"]] -= 1
    s.mods.guards[e["seat"]] = s.mods.guards.get(e["seat"], 0) + 1


@on("guard_joined")
def _guard_joined(s: KIState, e: Event) -> None:
    n = s.mods.guards.pop(e["seat"], 0)
    if e["to"] == "court":
        s.court[e["seat"]] += n
    else:
        s.places[e["to"]][e["seat"]] += n


@on("offered_chosen")
def _offered_chosen(s: KIState, e: Event) -> None:
    """The region chosen among three offered: the action runs again, now to score it."""
    assert s.turn is not None and s.turn.action is not None
    s.turn.action.params["region"] = e["region"]
    s.turn.action.stage = "run"


@on("guard_stays")
def _guard_stays(s: KIState, e: Event) -> None:
    """Kept on its card for this special action's scoring: not asked again before it is done."""
    s.mods.guard_asked.append(e["seat"])


@extends("special_done")
def _special_done(s: KIState, e: Event) -> None:
    s.mods.guard_asked = []


@extends("secret_opened")
def _secret_opened(s: KIState, e: Event) -> None:
    """A general scoring's discs: the Guards kept back before it may be asked again later."""
    if s.phase == "scoring" and s.turn is None:
        s.mods.guard_asked = []


@on("king_marker_placed")
def _king_marker(s: KIState, e: Event) -> None:
    s.mods.king_marker = e["region"]
    s.mods.king_marker_round = e["round"]


# --- the limit boards: who brought the Caballeros beyond 6 -------------------------------------------

def _arrivals(e: Event) -> list[tuple[int, str, int]]:
    if e.type == "caballeros_placed":
        return [(e["seat"], place, n) for place, n in e["places"].items()]
    return [(m["seat"], m["to"], m["count"]) for m in e["moves"]]


def _over_limit(s: KIState, e: Event) -> None:
    """The Caballeros beyond a limit board's 6, taken from the last arrivals backwards; they go
    back to court by the `limit_returned` event that follows (rules)."""
    for region in s.mods.limits:
        over = sum(s.places[region]) - TABLE_LIMIT
        if over <= 0:
            continue
        back: dict[int, int] = {}
        for seat, place, n in reversed(_arrivals(e)):
            if place != region or over <= 0:
                continue
            k = min(n, over, s.places[region][seat] - back.get(seat, 0))
            back[seat] = back.get(seat, 0) + k
            over -= k
        if back:
            s.mods.excess[region] = back


@extends("caballeros_moved")
def _moved(s: KIState, e: Event) -> None:
    if s.mods.limits:
        _over_limit(s, e)


@extends("caballeros_placed")
def _placed(s: KIState, e: Event) -> None:
    if s.mods.limits:
        _over_limit(s, e)


# --- what goes back when ----------------------------------------------------------------------------

def _turn_started(s: KIState) -> None:
    s.mods.bridge_crossed = False


@extends("round_cards_taken")
def _round_cards(s: KIState, e: Event) -> None:
    _turn_started(s)


@extends("turn_ended")
def _turn_ended(s: KIState, e: Event) -> None:
    _turn_started(s)


@extends("round_ended")
def _round_ended(s: KIState, e: Event) -> None:
    m = s.mods
    m.hurricane.clear()
    m.hurricane_shown.clear()
    if m.king_marker and m.king_marker_round not in GENERAL_SCORING_ROUNDS:
        m.king_marker = None


@extends("round_started")
def _round_started(s: KIState, e: Event) -> None:
    m = s.mods
    if e["round"] > m.mistress_until:
        for cards in m.in_front.values():
            while "mistress" in cards:
                cards.remove("mistress")
    m.mistress_rounds = [r for r in m.mistress_rounds if r + 1 >= e["round"]]


@extends("general_scoring_ended")
def _general_scoring_ended(s: KIState, e: Event) -> None:
    """The Alliance markers, Quarantine, the Collapse tile, the relocated Castillo, Espionage and
    a King marker put down before the scoring all go back after it (seed and rulings)."""
    m = s.mods
    m.alliance, m.quarantine, m.collapse, m.castillo_at, m.king_marker = [], None, False, None, None
    for cards in m.in_front.values():
        while "espionage" in cards:
            cards.remove("espionage")
