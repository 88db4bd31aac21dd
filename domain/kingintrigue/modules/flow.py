"""What the modules add to the game's flow (called from `kingintrigue.rules`): the events that
follow by themselves (the limit boards' excess back to court, a Joker that cannot be replaced),
the Joker's replacement card, and the spy's Castillo disc set after everyone else's."""

from __future__ import annotations

from typing import Any

from domain.core.events import Event
from domain.elgrande.data import CASTILLO, REGION_IDS
from domain.kingintrigue.modules.evolve import JOKER
from domain.kingintrigue.state import KIState


def excess_events(s: KIState) -> list[Event]:
    """The Caballeros beyond a limit board's 6 go back to the court of whoever brought them."""
    return [Event("limit_returned", {"region": region,
                                     "returns": {str(k): n for k, n in sorted(back.items())}})
            for region, back in sorted(s.mods.excess.items()) if back]


def settle(log: Any) -> None:
    events = excess_events(log.state)
    if events:
        log.add(*events)


def automatic(s: KIState) -> list[Event]:
    return excess_events(s)


# --- the Joker --------------------------------------------------------------------------------------

def joker_waiting(s: KIState) -> int | None:
    """The seat whose Joker is to be replaced now: everyone else has played."""
    seat = s.mods.joker
    if seat is None or len(s.power_played) < s.players:
        return None
    return seat


def joker_cards(s: KIState, seat: int) -> list[int]:
    """The Joker's replacement: a card of the hand whose value nobody played this round."""
    taken = set(s.power_played.values())
    return sorted(c for c in s.hands[seat] if c not in taken and c != JOKER)


def joker_automatic(s: KIState) -> list[Event]:
    seat = joker_waiting(s)
    if seat is None:
        return []
    cards = joker_cards(s, seat)
    if not cards:  # nothing to replace it with (the last card): the Joker stands, value 5
        return [Event("joker_kept", {"seat": seat})]
    if len(cards) == 1:
        return [Event("power_played", {"seat": seat, "card": cards[0], "joker": True,
                                       "forced": True})]
    return []


# --- Espionage --------------------------------------------------------------------------------------

def spies(s: KIState) -> list[int]:
    return [seat for seat, cards in sorted(s.mods.in_front.items()) if "espionage" in cards]


def spy_waits(s: KIState, seat: int) -> bool:
    """A spy's Castillo disc is asked only once every other player's is in."""
    assert s.secret is not None
    if seat not in spies(s):
        return False
    return any(w not in s.secret.choices for w in s.secret.seats if w not in spies(s))


def spied(s: KIState, viewer: int | None) -> dict[str, Any] | None:
    """What the spy sees: every other (non-spy) player's Castillo disc, once all are in."""
    if viewer is None or s.secret is None or s.secret.kind != "disc" \
            or viewer not in spies(s) or spy_waits(s, viewer):
        return None
    return {str(w): c for w, c in sorted(s.secret.choices.items())
            if w != viewer and w not in spies(s)}


def taboo_targets(s: KIState, targets: list[str]) -> list[str]:
    """Placement targets without the taboo regions, and without the Castillo under the
    Collapse-risk tile."""
    taboo = s.taboo()
    return [t for t in targets if t not in taboo and (t != CASTILLO or s.castillo_open())]


def free_targets(s: KIState) -> list[str]:
    return taboo_targets(s, [*REGION_IDS, CASTILLO])
