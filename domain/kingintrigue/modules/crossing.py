"""The Bridge's free move (seed: « juste avant votre tour, au cours des manches suivantes, vous
pouvez déplacer gratuitement vos Caballeros entre ces deux régions »): the Bridge's holder, as
their turn starts (before taking Caballeros), may move any of theirs from one bridged region to
the other, or cross nothing. Asked only when there is something to move and neither region is
taboo; a `cross` command with count 0 passes.

The same decision lets the holder take their Caballero off the Bridge (`leave`: 1; seed: « Si vous
retirez le Caballero de la tuile Pont, la tuile retourne dans la réserve »): it goes back to their
court and the tile to the reserve, so the free move and the scoring point end with it. Taking it
off is always open to the holder (even with nothing to cross, or a bridged region taboo): the
Bridge's own Caballero stands on no region."""

from __future__ import annotations

from typing import Any

from domain.core.commands import Command
from domain.core.constraints import Answer, Combos, Field, Form, Number, OneOf
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import Message
from domain.kingintrigue.state import KIState

R = "ki-modules.refuse."


def sources(s: KIState, seat: int) -> dict[str, int]:
    m = s.mods
    if m.bridge_seat != seat or len(m.bridge) != 2 or set(m.bridge) & s.taboo():
        return {}
    return {r: s.places[r][seat] for r in m.bridge if s.places[r][seat]}


def holds(s: KIState, seat: int) -> bool:
    """Whether `seat`'s Caballero stands on a laid Bridge (which they may take off)."""
    return s.mods.bridge_seat == seat and len(s.mods.bridge) == 2


def due(s: KIState) -> bool:
    t = s.turn
    return (s.phase == "turns" and t is not None and t.step == "take" and s.secret is None
            and not s.mods.bridge_crossed and holds(s, t.seat))


def decision(s: KIState) -> Decision:
    assert s.turn is not None
    seat = s.turn.seat
    have = sources(s, seat)
    most = max(have.values(), default=0)

    def form() -> Form:
        fields = (Field("from", OneOf(tuple(have), "place"), label=Message("kim.ask.cross.from")),
                  Field("count", Number(0, most), default=0,
                        label=Message("kim.ask.cross.count", {"max": most}))) if have else ()
        leave = Field("leave", Number(0, 1), default=0, label=Message("kim.ask.cross.leave"))
        rows = tuple((src, n) for src, m in have.items() for n in range(m + 1))  # its own most
        combos = Combos(("from", "count"), rows) if have else None
        return Form((Answer("cross", (*fields, leave), submit=Message("kim.ask.cross.submit"),
                            combos=combos),),
                    title=Message("kim.ask.cross", {"regions": list(s.mods.bridge)}))

    return Decision(seat, "cross", constraint={"commands": ["cross"], "from": have,
                                                 "bridge": list(s.mods.bridge),
                                                 "leave": [0, 1]},
                    build_form=form)


def handle(log: Any, cmd: Command, d: Decision) -> None:
    s: KIState = log.state
    have = sources(s, cmd.seat)
    count, src = cmd.get("count", 0), cmd.get("from")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise RuleError.of(R + "cross_count", value=count, allowed=have)
    moves = []
    if count:
        if src not in have or count > have[src]:
            raise RuleError.of(R + "cross_from", value=src, count=count, allowed=have)
        to = next(r for r in s.mods.bridge if r != src)
        moves = [{"seat": cmd.seat, "from": src, "to": to, "count": count}]
    leave = cmd.get("leave", 0)
    if leave not in (0, 1) or isinstance(leave, bool):
        raise RuleError.of(R + "cross_leave", value=leave, allowed=[0, 1])
    log.add(Event("bridge_crossed", {"seat": cmd.seat, "moves": moves}))
    if leave:
        log.add(Event("bridge_left", {"seat": cmd.seat, "regions": list(s.mods.bridge)}))


def sample(s: KIState, seat: int, rng: Any) -> Command:
    have = sources(s, seat)
    leave = int(rng.random() < 0.1)
    if not have:
        return Command("cross", seat, {"count": 0, "leave": leave})
    src = rng.choice(sorted(have))
    return Command("cross", seat, {"from": src, "count": rng.randint(0, have[src]),
                                   "leave": leave})
