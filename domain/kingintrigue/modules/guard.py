"""The Royal Guard before a special scoring (seed: « Vous pouvez déplacer le Caballero de cette
carte directement dans une région juste avant qu'un décompte (spécial ou général) n'y soit
effectué. Vous ne pouvez pas déplacer ce Caballero dans le Castillo ou la région du Roi. »).

« Vous pouvez »: the owner chooses. When a special action is about to score regions, each player
with a Caballero on their Royal Guard is asked, in seat order, whether it joins one of the regions
about to be scored (never the Castillo, the King's region or a taboo one) or stays on the card; the
scoring then runs with it. Asked once per special action (a `guard stay` is remembered until the
action is done). Before a general scoring the Guard joins the region of its owner's Castillo disc
(`modules.general`): every region is scored there, and the disc is already the owner's secret
choice of a region.

From rules version 2 the general scoring asks too (« Vous pouvez »: the seed's may, not a must):
once it has started and before the Castillo discs are set, each Guard owner, in seat order,
chooses a region that is neither the King's nor taboo for it, or keeps it on the card for a later
scoring (`general_waiting`). Version 1 sent it to the region of the owner's Castillo disc, or to
court when that region was taboo, and still does for the games created under it.

The region chosen by the player on the left among three offered is scored as any other (asked
after the choice). Not asked (OUR RULING, for want of a moment to stop at): El Grande's scorings
whose regions secret discs settle: those run at once, without the Guard."""

from __future__ import annotations

from typing import Any

from domain.core.commands import Command
from domain.core.constraints import Answer, Field, Form, OneOf
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import Message
from domain.elgrande.data import REGION_IDS
from domain.kingintrigue.state import KIState

R = "ki-modules.refuse."
STAY = "stay"


def regions(s: KIState, events: list[Event]) -> list[str]:
    """The regions a special action's events are about to score that a Guard may join."""
    taboo = s.taboo()
    out = []
    for e in events:
        if e.type == "place_scored" and e.get("reason") != "general_scoring":
            place = e["place"]
            if place in REGION_IDS and place not in taboo and place not in out:
                out.append(place)
    return out


def waiting(s: KIState, events: list[Event]) -> tuple[int, list[str]] | None:
    """The next Guard owner to ask, and the regions they may choose, or None."""
    if not s.mods.guards:
        return None
    targets = regions(s, events)
    if not targets:
        return None
    for seat in sorted(s.mods.guards):
        if s.mods.guards[seat] and seat not in s.mods.guard_asked:
            return seat, targets
    return None


def general_waiting(s: KIState) -> tuple[int, list[str]] | None:
    """Before a general scoring's discs (rules version 2): the next Guard owner to ask and the
    regions their Guard may join, or None."""
    if s.phase != "scoring" or s.secret is not None or s.rules < 2:
        return None
    taboo = s.taboo()
    targets = [r for r in REGION_IDS if r not in taboo]
    for seat in sorted(s.mods.guards):
        if s.mods.guards[seat] and seat not in s.mods.guard_asked:
            return seat, targets
    return None


def decision(seat: int, targets: list[str], general: bool = False) -> Decision:
    choices = (*targets, STAY)
    title = Message("kim.ask.guard.general") if general else \
        Message("kim.ask.guard", {"regions": list(targets)})

    def form() -> Form:
        return Form((Answer("guard", (Field("to", OneOf(choices, "guard"),
                                            label=Message("kim.ask.guard.to")),),
                            submit=Message("kim.ask.guard.submit")),),
                    title=title)

    return Decision(seat, "guard", options=[{"type": "guard", "to": c} for c in choices],
                    constraint={"commands": ["guard"], "to": list(choices)},
                    info={"general": True} if general else {}, build_form=form)


def handle(log: Any, cmd: Command, d: Decision) -> None:
    allowed = [o["to"] for o in d.options or []]
    to = cmd.get("to")
    if to not in allowed:
        raise RuleError.of(R + "guard_to", value=to, allowed=allowed,
                           choices=[a for a in allowed if a != STAY])
    if to == STAY:
        log.add(Event("guard_stays", {"seat": cmd.seat}))
    elif log.state.turn is None:  # before a general scoring
        log.add(Event("guard_joined", {"seat": cmd.seat, "to": to}))
    else:
        log.add(Event("guard_joined", {"seat": cmd.seat, "to": to, "special": True}))


def default(d: Decision) -> Command:
    """The deadline's move: the Guard stays on its card (it is not lost for the general
    scoring)."""
    return Command("guard", d.seat, {"to": STAY})
