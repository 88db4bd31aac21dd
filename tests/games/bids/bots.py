"""Sealed bids' bots: `random` (the generic one, from `sample_command`) and `greedy`, which bids
what the better prize is worth to it: high when the gold prize is rich, low otherwise, and always
claims the prize worth more."""

from __future__ import annotations

import random
from typing import Any

from domain.core.commands import Command
from domain.core.decisions import Decision


class GreedyBidder:
    level = "greedy"

    def __init__(self, budget: float | None = None) -> None:
        pass

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        prizes = view.get("prizes") or {"gold": 0, "silver": 0}
        if decision.kind == "claim":
            best = max(("gold", "silver"), key=lambda p: (prizes.get(p, 0), p == "gold"))
            return Command("claim", decision.seat, {"prize": best})
        worth = max(prizes.values()) if prizes else 3
        return Command("bid", decision.seat, {"amount": max(1, min(5, worth))})
