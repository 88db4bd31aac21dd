"""The Bridge's free move (seed: « juste avant votre tour, au cours des manches suivantes, vous
pouvez déplacer gratuitement vos Caballeros entre ces deux régions »): the Bridge's holder, as
their turn starts (before taking Caballeros), may move any of theirs from one bridged region to
the other, or cross nothing. Asked only when there is something to move and neither region is
taboo; a `cross` command with count 0 passes."""

from __future__ import annotations

from typing import Any

from domain.core.commands import Command
from domain.core.constraints import Answer, Field, Form, Number, OneOf
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


def due(s: KIState) -> bool:
    t = s.turn
    return (s.phase == "turns" and t is not None and t.step == "take" and s.secret is None
            and not s.mods.bridge_crossed and bool(sources(s, t.seat)))


def decision(s: KIState) -> Decision:
    assert s.turn is not None
    seat = s.turn.seat
    have = sources(s, seat)
    most = max(have.values())

    def form() -> Form:
        return Form((Answer("cross", (
            Field("from", OneOf(tuple(have), "place"), label=Message("kim.ask.cross.from")),
            Field("count", Number(0, most), default=0,
                  label=Message("kim.ask.cross.count", {"max": most}))),
            submit=Message("kim.ask.cross.submit")),),
            title=Message("kim.ask.cross", {"regions": list(s.mods.bridge)}))

    return Decision(seat, "cross", constraint={"commands": ["cross"], "from": have,
                                                 "bridge": list(s.mods.bridge)},
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
    log.add(Event("bridge_crossed", {"seat": cmd.seat, "moves": moves}))


def sample(s: KIState, seat: int, rng: Any) -> Command:
    have = sources(s, seat)
    src = rng.choice(sorted(have))
    return Command("cross", seat, {"from": src, "count": rng.randint(0, have[src])})
