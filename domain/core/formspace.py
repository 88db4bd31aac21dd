"""The commands a decision's form offers, enumerated or sampled from its typed constraints.

What a player can send by filling a form in, seen from the form alone (no game knowledge): every
value of a field offered on its own, every row of a `Combos`, one row of moves along each of its
routes, a few distributions of counts within their limits. The measure of a form's exactness
(`tests/test_exact_decisions.py`: each offered command is asked of `decide`) and any client that
samples a form (a bot that knows no game) read it. A field too large to list is sampled within the
limits the form states, so a command made of it may still be refused; every listed choice may not.

The other way round, `admits` says whether a command is one the form offers (its type an answer's,
every value within its field's stated space, a combination one of the rows): the bots and the
default moves choose among what the form offers, and a test holds them to it. `draw` is one
command drawn from an answer's space (a random bot's move), `preset` the one a client shows first
(every field at its default).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from domain.core.commands import Command
from domain.core.constraints import (
    Answer,
    Constraint,
    Counts,
    Field,
    Form,
    GridCell,
    Moves,
    Number,
    OneOf,
    Parts,
    Picks,
    Subset,
)
from domain.core.decisions import Decision

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
        return c.values()
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
    high = _most(c)
    out: list[dict[str, int]] = [{k: low} for k, most in c.bounds.items() if most >= low
                                 and (c.max_total is None or low <= c.max_total)]
    if c.min_total == 0:
        out.append({})
    for _ in range(samples):
        if high < c.min_total:
            break
        got = spread(dict(c.bounds), rng.randint(c.min_total, high), rng)
        if got is not None:  # always: the total is at most what the bounds hold
            out.append(got)
    return out


def _most(c: Counts) -> int:
    """The largest total a distribution may have: its stated maximum within what the bounds
    hold."""
    held = sum(c.bounds.values())
    return held if c.max_total is None else min(c.max_total, held)


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
        if _with_totals(params, later, rng):
            out.append(params)
    return out


def _with_totals(params: dict[str, Any], later: Mapping[str, Counts],
                 rng: random.Random) -> bool:
    """Fill each distribution whose total another field fixes (`_dependent`) with that total,
    drawn within its bounds; False when a total is missing or the bounds cannot hold it."""
    for name, c in later.items():
        assert c.total_by is not None
        total = c.total_by.totals.get(str(params.get(c.total_by.field)))
        got = spread(dict(c.bounds), total, rng) if total is not None else None
        if got is None:
            return False
        params[name] = got
    return True


def unfit(answer: Answer) -> list[tuple[str, Any]]:
    """The values a field of a combination offers on its own that are part of no legal row: a
    client that reads the field alone (a select of its values) would offer them, so an exact form
    has none. Each field of `combos` must offer exactly the values of its column."""
    if answer.combos is None:
        return []
    out: list[tuple[str, Any]] = []
    fields = {f.name: f for f in answer.fields}
    for i, name in enumerate(answer.combos.fields):
        column = [row[i] for row in answer.combos.rows]
        c = fields[name].constraint
        if isinstance(c, LISTED):
            out += [(name, v) for v in values(c, random.Random(0)) if v not in column]
    return out


# --- what a form offers: a command checked against it, drawn from it, shown first ----------------

OPTIONAL = (Counts, Parts, Moves)
"""Constraints a client may leave out (no count, all the parts, no row): the others are sent,
unless the field has a default (what a client sends when the player leaves it)."""


def admits(form: Form | None, kind: str, params: Mapping[str, Any]) -> str | None:
    """None when the command (`kind`, `params`) is one the form offers, else why not (in the
    form's terms, for a test's or a log's reader): one of its answers of that type takes it."""
    if form is None:
        return "no form"
    answers = [a for a in form.answers if a.type == kind]
    if not answers:
        return f"no answer {kind!r} (offered: {[a.type for a in form.answers]})"
    reasons = [_admits(a, params) for a in answers]
    if any(r is None for r in reasons):
        return None
    return "; ".join(r for r in reasons if r is not None)


def _admits(answer: Answer, params: Mapping[str, Any]) -> str | None:
    for key, value in answer.fixed.items():
        if params.get(key) != value:
            return f"{key} must be {value!r}"
    fields = {f.name: f for f in answer.fields}
    unknown = [k for k in params if k not in fields and k not in answer.fixed]
    if unknown:
        return f"no field {unknown}"
    for f in answer.fields:
        if f.name not in params:
            if f.default is None and not isinstance(f.constraint, OPTIONAL):
                return f"{f.name} missing"
            continue
        why = fits(f.constraint, params[f.name], params)
        if why is not None:
            return f"{f.name}: {why}"
    if answer.combos is not None:
        given = [(i, name) for i, name in enumerate(answer.combos.fields) if name in params]
        if not any(all(row[i] == params[name] for i, name in given)
                   for row in answer.combos.rows):
            return f"no row {[params[name] for _, name in given]} of {answer.combos.fields}"
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def fits(c: Constraint, value: Any, params: Mapping[str, Any]) -> str | None:
    """None when `value` is within the constraint's stated space (`params`: the command's other
    values, for a total another field fixes), else why not."""
    if isinstance(c, OneOf):
        return None if value in c.options else f"{value!r} not one of {list(c.options)}"
    if isinstance(c, Number):
        return None if _whole(value) and c.min <= value <= c.max \
            else f"{value!r} not in {c.min}..{c.max}"
    if isinstance(c, GridCell):
        return None if value in c.values() else f"{value!r} not a cell offered"
    if isinstance(c, Counts):
        return _fits_counts(c, value, params)
    if isinstance(c, Moves):
        return _fits_moves(c, value)
    if isinstance(c, Picks):
        if not isinstance(value, Mapping) or {str(k) for k in value} != set(c.choices):
            return f"{value!r}: one pick for each of {list(c.choices)}"
        bad = {k: v for k, v in value.items() if v not in c.choices[str(k)]}
        return None if not bad else f"{bad} not among the choices"
    if isinstance(c, Parts):
        if value is None:
            return None
        ok = isinstance(value, list) and value and len(set(value)) == len(value) \
            and all(_whole(i) and 0 <= i < len(c.parts) for i in value)
        return None if ok else f"{value!r} not parts of {len(c.parts)}"
    if isinstance(c, Subset):
        ok = isinstance(value, list) and len(set(value)) == len(value) \
            and all(v in c.options for v in value) and c.min <= len(value) <= c.max
        return None if ok else f"{value!r}: {c.min} to {c.max} of {list(c.options)}"
    return f"no check for {c!r}"


def _fits_counts(c: Counts, value: Any, params: Mapping[str, Any]) -> str | None:
    if not isinstance(value, Mapping):
        return f"{value!r} is no count per {c.of}"
    for key, n in value.items():
        if key not in c.bounds or not _whole(n) or not 0 <= n <= c.bounds[key]:
            return f"{key}: {n!r} beyond its bound {c.bounds.get(key)}"
    total = sum(value.values())
    if total < c.min_total or (c.max_total is not None and total > c.max_total):
        return f"total {total} not in {c.min_total}..{c.max_total}"
    if c.total_by is not None and c.total_by.field in params:
        want = c.total_by.totals.get(str(params[c.total_by.field]))
        if want is not None and total != want:
            return f"total {total}, not the {want} {c.total_by.field} fixes"
    return None


def _fits_moves(c: Moves, value: Any) -> str | None:
    if not isinstance(value, list) or len(value) > max(1, c.max_total):
        return f"{value!r}: up to {c.max_total} rows"
    taken: Counter[tuple[int, str]] = Counter()
    for row in value:
        if not isinstance(row, Mapping) or not _whole(row.get("count")) or row["count"] < 1:
            return f"row {row!r}: a seat, from, to and count >= 1"
        if not _whole(row.get("seat")):
            return f"row {row!r}: no seat"
        seat, src, dst = int(row["seat"]), str(row.get("from")), row.get("to")
        if c.routes is not None:
            route = (c.routes.get(seat) or {}).get(src)
            if route is None or dst not in route.to:
                return f"row {row!r} on no route"
        elif seat not in c.seats or src not in c.sources or dst not in c.targets:
            return f"row {row!r} out of the seats, sources and targets"
        taken[(seat, src)] += row["count"]
    if c.routes is not None:
        over = [k for k, n in taken.items() if n > c.routes[k[0]][k[1]].most]
        if over:
            return f"more than the route allows from {over}"
    total = sum(taken.values())
    if total > c.max_total:
        return f"{total} moved, at most {c.max_total}"
    if c.one_source and len({src for _, src in taken}) > 1:
        return "rows from more than one source"
    for limit in c.limits:
        n = sum(k for (seat, _), k in taken.items() if seat in limit.seats)
        if not limit.min <= n <= limit.max:
            return f"{n} of seats {list(limit.seats)}, not {limit.min}..{limit.max}"
    return None


def answer_of(form: Form | None, kind: str) -> Answer | None:
    """The form's first answer of command type `kind`, or None (the form does not offer it)."""
    return next((a for a in form.answers if a.type == kind), None) if form is not None else None


def field_of(answer: Answer | None, name: str) -> Constraint | None:
    """The constraint of the answer's field `name`, or None (no such answer or field)."""
    if answer is None:
        return None
    return next((f.constraint for f in answer.fields if f.name == name), None)


def preset(answer: Answer) -> dict[str, Any]:
    """The parameters a client shows first: the fixed ones, every field at its default (fields
    without one left out), and the combination fields of the first row that fits them."""
    params = dict(answer.fixed)
    params.update({f.name: f.default for f in answer.fields if f.default is not None})
    joint = answer.combos
    if joint is not None:
        for row in joint.rows:
            if all(row[i] == params[name] for i, name in enumerate(joint.fields)
                   if name in params):
                params.update(zip(joint.fields, row[:len(joint.fields)], strict=True))
                break
    return params


def draw(answer: Answer, rng: random.Random) -> dict[str, Any] | None:
    """One command's parameters drawn from the answer's space: a row of its combinations, each
    other field drawn within its stated limits (a distribution with the total its other field
    fixes, rows of moves along the routes), so that it may still be refused (by what joins the
    rows) but never offers what the form does not; None when the answer offers nothing."""
    params = dict(answer.fixed)
    joint = answer.combos
    if joint is not None:
        if not joint.rows:
            return None
        params.update(zip(joint.fields, rng.choice(joint.rows)[:len(joint.fields)], strict=True))
    later = _dependent(answer)
    for f in answer.fields:
        if (joint is not None and f.name in joint.fields) or f.name in later:
            continue
        value = _draw(f, rng)
        if value is _NOTHING:
            return None
        if value is not None:
            params[f.name] = value
    return params if _with_totals(params, later, rng) else None


def draw_legal(decision: Decision, legal: Callable[[Command], bool], rng: random.Random,
               tries: int = 40) -> Command | None:
    """A command drawn from what the decision's form offers (`draw`: an answer drawn,
    then its values within their stated space) that `legal` takes, or None after `tries` draws.
    The form is what the seat's player is offered: a bot draws from it, not from a list of its
    own, so it never plays what the player's form would not let them choose."""
    form = decision.form
    if form is None or not form.answers:
        return None
    for _ in range(tries):
        answer = rng.choice(form.answers)
        params = draw(answer, rng)
        if params is None:
            continue
        command = Command(answer.type, decision.seat, params)
        if legal(command):
            return command
    return None


_NOTHING = object()


def _draw(f: Field, rng: random.Random) -> Any:
    c = f.constraint
    if isinstance(c, OneOf | GridCell):
        options = list(c.options) if isinstance(c, OneOf) else c.values()
        return rng.choice(options) if options else _NOTHING
    if isinstance(c, Number):
        return rng.randint(c.min, c.max) if c.min <= c.max else _NOTHING
    if isinstance(c, Counts):
        high = _most(c)
        if high < c.min_total:
            return _NOTHING
        got = spread(dict(c.bounds), rng.randint(c.min_total, high), rng)
        return _NOTHING if got is None else got
    if isinstance(c, Moves):
        return _draw_moves(c, rng)
    if isinstance(c, Picks):
        if any(not v for v in c.choices.values()):
            return _NOTHING
        return {k: rng.choice(v) for k, v in c.choices.items()}
    if isinstance(c, Parts):
        if not c.parts or rng.random() < 0.5:
            return None
        return sorted(rng.sample(range(len(c.parts)), rng.randint(1, len(c.parts))))
    if isinstance(c, Subset):
        high = min(c.max, len(c.options))
        if high < c.min:
            return _NOTHING
        chosen = set(rng.sample(range(len(c.options)), rng.randint(c.min, high)))
        return [o for i, o in enumerate(c.options) if i in chosen]
    return _NOTHING


def _draw_moves(c: Moves, rng: random.Random) -> Any:
    """From one row to `max_total` pieces along the routes, each (seat, source) within its
    route's most, one source when the form says so, the limits' maximums kept and their
    minimums filled in (`_completed`)."""
    rows = move_rows(c)
    if not rows:
        return _NOTHING
    out: list[dict[str, Any]] = []
    taken: Counter[tuple[int, str]] = Counter()
    for _ in range(rng.randint(1, max(1, c.max_total))):
        def room(r: dict[str, Any]) -> bool:
            seat, src = r["seat"], r["from"]
            route = (c.routes or {}).get(seat, {}).get(src)
            if route is not None and taken[(seat, src)] >= route.most:
                return False
            if c.one_source and out and src != out[0]["from"]:
                return False
            return all(sum(n for (w, _), n in taken.items() if w in lim.seats) < lim.max
                       for lim in c.limits if seat in lim.seats)
        options = [r for r in rows if room(r)]
        if not options:
            break
        row = rng.choice(options)
        taken[(row["seat"], row["from"])] += 1
        same = next((r for r in out if (r["seat"], r["from"], r["to"])
                     == (row["seat"], row["from"], row["to"])), None)
        if same is not None:
            same["count"] += 1
        else:
            out.append(dict(row))
    return out or _NOTHING


__all__ = [
    "admits",
    "answer_of",
    "draw",
    "enumerated",
    "field_of",
    "fits",
    "move_rows",
    "offered",
    "preset",
    "unfit",
    "values",
]
