"""The commands a decision's form offers, enumerated or sampled from its typed constraints.

What a player can send by filling a form in, seen from the form alone (no game knowledge): every
value of a field offered on its own, every row of a `Combos`, one row of moves along each of its
routes, a few distributions of counts within their limits. The measure of a form's exactness
(`tests/test_exact_decisions.py`: each offered command is asked of `decide`) and any client that
samples a form (a bot that knows no game) read it. A field too large to list is sampled within the
limits the form states, so a command made of it may still be refused; every listed choice may not.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from domain.core.constraints import (
    Answer,
    Constraint,
    Counts,
    GridCell,
    Moves,
    Number,
    OneOf,
    Parts,
    Picks,
    Subset,
)

LISTED = (OneOf, GridCell)
"""The constraints whose every value is offered on its own (a select, radio buttons, a cell)."""


def enumerated(answer: Answer) -> bool:
    """Whether the answer lists its whole space (every field a listed choice, or a row of its
    combinations): then every command it offers must be legal."""
    joint = set(answer.combos.fields) if answer.combos is not None else set()
    return all(f.name in joint or isinstance(f.constraint, LISTED) for f in answer.fields)


def values(c: Constraint, rng: random.Random, samples: int = 3) -> list[Any]:
    """The values of one field as a form offers them: all of a listed choice; for the others the
    single choices (one key, one row, one part) and a few samples within the stated limits."""
    if isinstance(c, OneOf):
        return list(c.options)
    if isinstance(c, GridCell):
        return [{"x": x, "y": y, "rotation": r} for x, y in c.cells for r in c.rotations]
    if isinstance(c, Number):
        span = range(c.min, c.max + 1)
        return list(span) if len(span) <= 12 else [c.min, c.max, rng.choice(span)]
    if isinstance(c, Counts):
        return _counts(c, rng, samples)
    if isinstance(c, Moves):
        return [_completed(c, row, rng) for row in move_rows(c)]
    if isinstance(c, Picks):
        keys = list(c.choices)
        picks: list[Any] = [{k: rng.choice(c.choices[k]) for k in keys if c.choices[k]}
                            for _ in range(samples)]
        for key in keys:  # each single pick, the others drawn
            for v in c.choices[key]:
                picks.append({**{o: rng.choice(c.choices[o]) for o in keys if c.choices[o]},
                              key: v})
        return picks
    if isinstance(c, Parts):
        return [None] + [[i] for i in range(len(c.parts))]
    if isinstance(c, Subset):
        subsets: list[Any] = []
        for _ in range(samples):
            size = rng.randint(c.min, min(c.max, len(c.options)))
            chosen = set(rng.sample(range(len(c.options)), size))
            subsets.append([o for i, o in enumerate(c.options) if i in chosen])
        return subsets
    raise TypeError(f"no values for {c!r}")


def move_rows(c: Moves) -> list[dict[str, Any]]:
    """One row of one piece for each route (seat, source, target); without routes, every seat,
    source and target the ranges offer."""
    if c.routes is not None:
        return [{"seat": seat, "from": src, "to": to, "count": 1}
                for seat, by in c.routes.items() for src, route in by.items() for to in route.to]
    return [{"seat": seat, "from": src, "to": to, "count": 1}
            for seat in c.seats for src in c.sources for to in c.targets]


def _completed(c: Moves, row: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """One row, with as few rows more as the limits' minimums need (own Caballeros that must go
    along), drawn along the routes."""
    rows = [row]
    for limit in c.limits:
        while sum(r["count"] for r in rows if r["seat"] in limit.seats) < limit.min:
            used = {(r["seat"], r["from"]): r for r in rows}
            options = [(seat, src, route) for seat in limit.seats
                       for src, route in ((c.routes or {}).get(seat) or {}).items()
                       if route.to and (used[(seat, src)]["count"] if (seat, src) in used
                                        else 0) < route.most]
            if not options:
                break
            seat, src, route = rng.choice(options)
            if (seat, src) in used:
                used[(seat, src)]["count"] += 1
            else:
                rows.append({"seat": seat, "from": src, "to": rng.choice(route.to), "count": 1})
    return rows


def _counts(c: Counts, rng: random.Random, samples: int) -> list[dict[str, int]]:
    """One key alone with the least total the limits allow (at least one), then distributions of
    a total drawn within the limits."""
    low = max(1, c.min_total)
    high = sum(c.bounds.values()) if c.max_total is None else min(c.max_total,
                                                                  sum(c.bounds.values()))
    out: list[dict[str, int]] = [{k: low} for k, most in c.bounds.items() if most >= low
                                 and (c.max_total is None or low <= c.max_total)]
    if c.min_total == 0:
        out.append({})
    for _ in range(samples):
        if high < c.min_total:
            break
        total = rng.randint(c.min_total, high)
        left = dict(c.bounds)
        got: dict[str, int] = {}
        for _ in range(total):
            keys = [k for k, n in left.items() if n > 0]
            if not keys:
                break
            k = rng.choice(keys)
            left[k] -= 1
            got[k] = got.get(k, 0) + 1
        out.append(got)
    return out


def spread(bounds: dict[str, int], total: int, rng: random.Random) -> dict[str, int] | None:
    """A random `{key: n}` of exactly `total` within `bounds`, or None when they cannot hold it."""
    left = dict(bounds)
    got: dict[str, int] = {}
    for _ in range(total):
        keys = [k for k, n in left.items() if n > 0]
        if not keys:
            return None
        k = rng.choice(keys)
        left[k] -= 1
        got[k] = got.get(k, 0) + 1
    return got


def _dependent(answer: Answer) -> dict[str, Counts]:
    """The counts fields whose total another field of the answer fixes (`total_by`)."""
    names = {f.name for f in answer.fields}
    return {f.name: f.constraint for f in answer.fields if isinstance(f.constraint, Counts)
            and f.constraint.total_by is not None and f.constraint.total_by.field in names}


def offered(answer: Answer, rng: random.Random, limit: int = 200) -> list[dict[str, Any]]:
    """The parameters of the commands an answer offers (its fixed ones included): all of them
    when they are at most `limit`, else `limit` drawn at random among them. A distribution whose
    total another field fixes is drawn with that total once the other field is chosen."""
    joint = answer.combos
    rows = joint.values() if joint is not None else [{}]
    later = _dependent(answer)
    free = [f for f in answer.fields if (joint is None or f.name not in joint.fields)
            and f.name not in later]
    lists = [rows] + [values(f.constraint, rng) for f in free]
    names = [f.name for f in free]
    size = 1
    for lst in lists:
        size *= len(lst)
    if size == 0:
        return []
    picks: Iterator[tuple[Any, ...]]
    if size <= limit:
        picks = itertools.product(*lists)
    else:
        picks = (tuple(rng.choice(lst) for lst in lists) for _ in range(limit))
    out = []
    for pick in picks:
        params = dict(answer.fixed)
        params.update(pick[0])
        for name, value in zip(names, pick[1:], strict=True):
            if value is not None:
                params[name] = value
        for name, c in later.items():
            assert c.total_by is not None
            total = c.total_by.totals.get(str(params.get(c.total_by.field)))
            got = spread(dict(c.bounds), total, rng) if total is not None else None
            if got is None:
                break
            params[name] = got
        else:
            out.append(params)
    return out


__all__ = ["enumerated", "move_rows", "offered", "values"]
