"""Sealed bids: the rules.

2–4 players, two rounds. Each round two prizes are drawn, gold and silver, each with a value drawn
from the seed (gold 3–5 points, silver 1–3): the draw is keyed by (seed, draw number), so an undo
never rerolls it. Every player bids 1–5 in secret, in any order; when the last bid is in, the
system reveals them all at once; the highest bid (ties: the lowest seat) claims one of the two
prizes in the open and scores its value. After the second round the game ends: the ranking shares
a place between equal scores.

Hidden information: each bid until the reveal, and the seed (so the prizes of the next round)
until the end. The seed is committed to in the first event (`seed_hash`) and revealed by the last.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import InvariantViolation, Message, Viewer
from domain.core.rng import draw_rng, seed_commitment

ROUNDS = 2
PRIZES = ("gold", "silver")
VALUES = {"gold": (3, 4, 5), "silver": (1, 2, 3)}
BIDS = (1, 2, 3, 4, 5)
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class Bids:
    players: int = 0
    seed: str = ""
    round: int = 0
    draws: int = 0
    prizes: Mapping[str, int] = field(default_factory=dict)
    bids: Mapping[int, int] = field(default_factory=dict)
    revealed: Mapping[int, int] = field(default_factory=dict)
    claimant: int | None = None
    scores: tuple[int, ...] = ()
    won: tuple[tuple[str, ...], ...] = ()
    over: bool = False


def _draw_prizes(seed: str, draw: int) -> dict[str, int]:
    rng = draw_rng(seed, draw)
    return {prize: rng.choice(VALUES[prize]) for prize in PRIZES}


def create(players: int, options: Mapping[str, Any], seed: str,
           setup: Mapping[str, Any] | None) -> list[Event]:
    if isinstance(players, bool) or not isinstance(players, int) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(f"Sealed bids is for {MIN_PLAYERS} to {MAX_PLAYERS} players.",
                        allowed={"players": [MIN_PLAYERS, MAX_PLAYERS]})
    if options:
        raise RuleError(f"Unknown option(s) {', '.join(sorted(options))}.", allowed=[])
    if setup:
        raise RuleError("Sealed bids has no set-up to give.", allowed=None)
    return [Event("created", {"players": players, "seed": seed,
                              "seed_hash": seed_commitment(seed)}),
            Event("round_started", {"round": 1, "draw": 1, "prizes": _draw_prizes(seed, 1)})]


def evolve(s: Bids, e: Event) -> Bids:
    if e.type == "created":
        return replace(s, players=e["players"], seed=e.get("seed", ""),
                       scores=(0,) * e["players"], won=((),) * e["players"])
    if e.type == "round_started":
        return replace(s, round=e["round"], draws=e["draw"], prizes=dict(e["prizes"]), bids={},
                       revealed={}, claimant=None)
    if e.type == "bid_submitted":
        # A redacted bid (another seat's) keeps its place with 0: the seat has bid, how much is
        # not known. The true state always has the amount.
        return replace(s, bids={**s.bids, e["seat"]: e.get("bid", 0)})
    if e.type == "bids_revealed":
        return replace(s, revealed={int(k): v for k, v in e["bids"].items()},
                       bids={int(k): v for k, v in e["bids"].items()}, claimant=e["winner"])
    if e.type == "prize_claimed":
        seat, prize = e["seat"], e["prize"]
        scores = list(s.scores)
        scores[seat] += e["value"]
        won = list(s.won)
        won[seat] = (*won[seat], prize)
        return replace(s, scores=tuple(scores), won=tuple(won), claimant=None)
    if e.type == "game_ended":
        return replace(s, over=True, seed=e.get("seed", s.seed))
    raise ValueError(f"unknown event {e.type}")


def fold(events: Iterable[Event], state: Bids | None = None) -> Bids:
    s = state if state is not None else Bids()
    for e in events:
        s = evolve(s, e)
    return s


def pending(s: Bids) -> list[Decision]:
    if s.over or s.players == 0:
        return []
    if s.claimant is not None:
        return [Decision(s.claimant, "claim", options=[{"type": "claim", "prize": p}
                                                       for p in PRIZES])]
    if len(s.bids) == s.players:
        return [Decision(None, "resolve")]
    return [Decision(seat, "bid", secret=True, options=[{"type": "bid", "amount": a}
                                                        for a in BIDS])
            for seat in range(s.players) if seat not in s.bids]


def decide(s: Bids, c: Command) -> list[Event]:
    mine = {d.kind for d in pending(s) if d.seat == c.seat}
    if c.type == "bid" and c.seat in s.bids and s.claimant is None and not s.over:
        raise RuleError("Your bid is already in, and it is final.", allowed=sorted(mine))
    if c.type not in mine:
        raise RuleError("That is not a move you can make now.", allowed=sorted(mine))
    if c.type == "bid":
        amount = c.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount not in BIDS:
            raise RuleError("A bid is a whole number from 1 to 5.", allowed=list(BIDS))
        return [Event("bid_submitted", {"seat": c.seat, "bid": amount})]
    if c.type == "resolve":
        best = max(s.bids.values())
        winner = min(seat for seat, b in s.bids.items() if b == best)
        return [Event("bids_revealed", {"bids": {str(k): v for k, v in sorted(s.bids.items())},
                                        "winner": winner})]
    prize = c.get("prize")
    if prize not in PRIZES:
        raise RuleError("There is no such prize: claim gold or silver.", allowed=list(PRIZES))
    out = [Event("prize_claimed", {"seat": c.seat, "prize": prize, "value": s.prizes[prize]})]
    if s.round < ROUNDS:
        draw = s.draws + 1
        out.append(Event("round_started", {"round": s.round + 1, "draw": draw,
                                           "prizes": _draw_prizes(s.seed, draw)}))
    else:
        scores = list(s.scores)
        scores[c.seat] += s.prizes[prize]
        out.append(Event("game_ended", {"seed": s.seed, "ranking": ranking_of(scores)}))
    return out


def ranking_of(scores: list[int] | tuple[int, ...]) -> list[dict[str, Any]]:
    """Places by score; equal scores share a place (the next place is skipped)."""
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    return [{"seat": seat, "score": scores[seat],
             "rank": 1 + sum(1 for other in scores if other > scores[seat])} for seat in order]


def view(s: Bids, viewer: Viewer) -> dict[str, Any]:
    """What anyone may see, and the viewer's own bid. Another seat's bid is only "in" until the
    reveal; the seed never appears before the end."""
    return {
        "round": s.round, "rounds": ROUNDS, "players": s.players,
        "prizes": dict(s.prizes), "scores": list(s.scores),
        "won": [list(w) for w in s.won],
        "bid_in": [seat in s.bids for seat in range(s.players)],
        "revealed": {str(k): v for k, v in sorted(s.revealed.items())},
        "claimant": s.claimant, "over": s.over,
        "your_bid": s.bids.get(viewer) if viewer is not None and not s.revealed else None,
        "ranking": ranking_of(s.scores) if s.over else [],
    }


def redact(e: Event, viewer: Viewer) -> Event:
    if e.type == "created":
        return Event(e.type, {"players": e["players"], "seed_hash": e["seed_hash"]}, e.version)
    if e.type == "bid_submitted" and viewer != e["seat"]:
        return Event(e.type, {"seat": e["seat"]}, e.version)
    return e


def describe(e: Event, viewer: Viewer) -> list[Message]:
    p = e.payload
    if e.type == "created":
        return [Message("bids.created", {"players": p["players"]})]
    if e.type == "round_started":
        return [Message("bids.round", {"round": p["round"], "gold": p["prizes"]["gold"],
                                       "silver": p["prizes"]["silver"]})]
    if e.type == "bid_submitted":
        if "bid" in p:
            return [Message("bids.bid_own", {"seat": p["seat"], "amount": p["bid"]})]
        return [Message("bids.bid_hidden", {"seat": p["seat"]})]
    if e.type == "bids_revealed":
        return [Message("bids.revealed", {"bids": dict(p["bids"]), "winner": p["winner"]})]
    if e.type == "prize_claimed":
        return [Message("bids.claimed", {"seat": p["seat"], "prize": p["prize"],
                                         "value": p["value"]})]
    if e.type == "game_ended":
        return [Message("bids.ended", {"ranking": [dict(r) for r in p["ranking"]]})]
    return []


def default_command(s: Bids, d: Decision) -> Command:
    """The safe move when a deadline passes: the lowest bid (it risks the least), or the gold
    prize (it is worth more)."""
    if d.kind == "bid":
        return Command("bid", d.seat, {"amount": 1})
    if d.kind == "claim":
        better = max(PRIZES, key=lambda prize: (s.prizes.get(prize, 0), prize == "gold"))
        return Command("claim", d.seat, {"prize": better})
    return Command(d.kind, d.seat, {})


def sample_command(s: Bids, d: Decision, rng: random.Random) -> Command:
    return Command.from_json(rng.choice(d.options or [{"type": d.kind}]), seat=d.seat)


def reveals(e: Event, s: Bids) -> bool:
    return e.type in ("round_started", "bids_revealed", "game_ended")


def invariants(before: Bids, after: Bids, e: Event) -> None:
    """Scores only grow, and only by a claimed prize's value; the scores add up to the prizes
    claimed; no bid leaves the range; a seat bids once a round."""
    if e.type != "created" and len(after.scores) == len(before.scores):
        grew = [a - b for a, b in zip(after.scores, before.scores, strict=True)]
        if any(g < 0 for g in grew):
            raise InvariantViolation(f"{e.type}: a score decreased")
        if any(grew) and (e.type != "prize_claimed" or sum(grew) != e["value"]):
            raise InvariantViolation(f"{e.type}: a score changed by something else than a prize")
    if any(b not in (0, *BIDS) for b in after.bids.values()):
        raise InvariantViolation(f"{e.type}: a bid out of range")
    if e.type == "bid_submitted" and e["seat"] in before.bids:
        raise InvariantViolation(f"{e.type}: seat {e['seat']} bid twice in a round")
    claimed = sum(len(w) for w in after.won)
    if claimed > after.round:
        raise InvariantViolation(f"{e.type}: more prizes claimed than rounds played")
