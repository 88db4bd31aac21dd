"""The Hurricane's selection disc (seed: « Vous révélez votre disque de sélection au début de votre
tour »): revealed at the start of the turn, so it was set before, in secret. RECONSTRUCTED: it is
set once every power card of the round is out (the round cards taken, before the first turn), by
whoever played the Hurricane, as a one-seat secret choice (El Grande's machinery asks and times
it out); its region is then known to its owner alone (`Mods.hurricane`, never in the public view;
the `hurricane_disc_set` event redacted for the others) until the holder's turn starts, when
`hurricane_revealed` shows it to all. The Hurricane's action then blows that region, nothing
else (`cards.Hurricane`)."""

from __future__ import annotations

from domain.core.events import Event
from domain.kingintrigue.modules_data import ALL_CARDS
from domain.kingintrigue.state import KIState

KIND = "hurricane"


def holders(s: KIState) -> list[int]:
    return sorted(seat for seat, card in s.power_played.items()
                  if card in ALL_CARDS and ALL_CARDS[card].action == KIND)


def automatic(s: KIState) -> list[Event]:
    """In the turns: the Hurricane's disc to set (before any turn), or to reveal (its holder's
    turn starting)."""
    if s.phase != "turns" or s.secret is not None or s.turn is None:
        return []
    m = s.mods
    unset = [w for w in holders(s) if w not in m.hurricane and w not in m.hurricane_shown]
    if unset:
        return [Event("secret_opened", {"kind": KIND, "seats": unset})]
    t = s.turn
    if t.step == "take" and t.seat in m.hurricane:
        return [Event("hurricane_revealed", {"seat": t.seat, "region": m.hurricane[t.seat]})]
    return []
