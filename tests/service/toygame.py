"""A tiny game module for the service's own tests: sealed bids.

Each round every seat bids 1–5 in secret (any order); when all bids are in, the system resolves
them (the service submits `resolve` itself); the highest bid (ties: lowest seat) then claims a prize
in the open. Two rounds. Hidden information: the seed, and each bid until the resolution. It follows
the GameModule protocol exactly, so the service can be tested independently of El Grande's rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event, Upcasters
from domain.core.game import Message, Viewer

ROUNDS = 2
PRIZES = ("gold", "silver")


@dataclass(frozen=True)
class Bids:
    players: int = 0
    seed: str = ""
    round: int = 0
    bids: Mapping[int, int] = field(default_factory=dict)
    claimant: int | None = None
    scores: tuple[int, ...] = ()
    over: bool = False


class SealedBids:
    name = "bids"
    upcasters = Upcasters()
    secret_setup: frozenset[str] = frozenset()  # it has no set-up

    def create(self, players: int, options: Mapping[str, Any], seed: str,
               setup: Mapping[str, Any] | None) -> list[Event]:
        if not isinstance(players, int) or not 2 <= players <= 6:
            raise RuleError("Sealed bids is for 2 to 6 players.", allowed={"min": 2, "max": 6})
        if options:
            raise RuleError(f"Unknown option(s) {', '.join(sorted(options))}.", allowed=[])
        if setup:
            raise RuleError("Sealed bids has no set-up.", allowed=None)
        return [Event("created", {"players": players, "seed": seed}),
                Event("round_started", {"round": 1})]

    def initial(self) -> Bids:
        return Bids()

    def evolve(self, s: Bids, e: Event) -> Bids:
        if e.type == "created":
            return replace(s, players=e["players"], seed=e["seed"], scores=(0,) * e["players"])
        if e.type == "round_started":
            return replace(s, round=e["round"], bids={}, claimant=None)
        if e.type == "bid_submitted":
            return replace(s, bids={**s.bids, e["seat"]: e["bid"]})
        if e.type == "bids_revealed":
            return replace(s, claimant=e["winner"])
        if e.type == "prize_claimed":
            scores = list(s.scores)
            scores[e["seat"]] += 3 if e["prize"] == "gold" else 2
            return replace(s, scores=tuple(scores), claimant=None)
        if e.type == "game_ended":
            return replace(s, over=True)
        raise ValueError(e.type)

    def fold(self, events: Iterable[Event], state: Bids | None = None) -> Bids:
        s = state if state is not None else self.initial()
        for e in events:
            s = self.evolve(s, e)
        return s

    def pending(self, s: Bids) -> list[Decision]:
        if s.over or s.players == 0:
            return []
        if s.claimant is not None:
            return [Decision(s.claimant, "claim",
                             options=[{"type": "claim", "prize": p} for p in PRIZES])]
        if len(s.bids) == s.players:
            return [Decision(None, "resolve")]
        return [Decision(seat, "bid", secret=True,
                         options=[{"type": "bid", "amount": a} for a in range(1, 6)])
                for seat in range(s.players) if seat not in s.bids]

    def decide(self, s: Bids, c: Command) -> list[Event]:
        expected = {d.kind for d in self.pending(s) if d.seat == c.seat}
        if c.type not in expected:
            raise RuleError(f"Seat {c.seat} cannot {c.type!r} now.", allowed=sorted(expected))
        if c.type == "bid":
            amount = c.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= 5:
                raise RuleError("A bid is a whole number from 1 to 5.", allowed=[1, 2, 3, 4, 5])
            return [Event("bid_submitted", {"seat": c.seat, "bid": amount})]
        if c.type == "resolve":
            best = max(s.bids.values())
            winner = min(seat for seat, b in s.bids.items() if b == best)
            return [Event("bids_revealed", {"bids": {str(k): v for k, v in s.bids.items()},
                                            "winner": winner})]
        prize = c.get("prize")
        if prize not in PRIZES:
            raise RuleError(f"There is no prize {prize!r}.", allowed=list(PRIZES))
        out = [Event("prize_claimed", {"seat": c.seat, "prize": prize})]
        out.append(Event("round_started", {"round": s.round + 1}) if s.round < ROUNDS
                   else Event("game_ended", {"seed": s.seed}))
        return out

    def view(self, s: Bids, viewer: Viewer) -> dict[str, Any]:
        return {"round": s.round, "scores": list(s.scores), "claimant": s.claimant,
                "submitted": sorted(s.bids), "over": s.over,
                "your_bid": s.bids.get(viewer) if viewer is not None else None}

    def redact(self, e: Event, viewer: Viewer) -> Event:
        if e.type == "created":
            return Event(e.type, {"players": e["players"]}, e.version)
        if e.type == "bid_submitted" and viewer != e["seat"]:
            return Event(e.type, {"seat": e["seat"]}, e.version)
        return e

    def describe(self, e: Event, viewer: Viewer) -> list[Message]:
        return [Message(f"bids.{e.type}", {k: v for k, v in e.payload.items()
                                           if isinstance(v, int | str)})]

    def default_command(self, s: Bids, d: Decision) -> Command:
        return Command.from_json((d.options or [{"type": d.kind}])[0], seat=d.seat)

    def sample_command(self, s: Bids, d: Decision, rng: random.Random) -> Command:
        return Command.from_json(rng.choice(d.options or [{"type": d.kind}]), seat=d.seat)

    def reveals(self, e: Event, s: Bids) -> bool:
        return e.type in ("bids_revealed", "game_ended")

    def is_over(self, s: Bids) -> bool:
        return s.over

    def ranking(self, s: Bids) -> list[dict[str, Any]]:
        order = sorted(range(s.players), key=lambda seat: -s.scores[seat])
        return [{"seat": seat, "score": s.scores[seat], "rank": i + 1}
                for i, seat in enumerate(order)]


GAME = SealedBids()
