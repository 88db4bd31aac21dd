"""El Caballero's decisions as typed forms (domain/core/constraints.py), from the same summary the
engine gives (`rules.turn_constraint`): a power card is a row of buttons; a turn offers one form
per action possible now — the terrain tile as a face-up tile and a grid cell with its rotation
(`GridCell`: the web lets the player click a highlighted cell and previews the tile turned), a
Caballero tile the same way with its side, and the others by the player's own tiles and sides.

Each form states its space exactly: the legal combinations of its fields (`Combos`, with what each
costs), found by asking the engine (`rules.trial`) about every candidate the board allows — a face-up
tile only on the cells and rotations where it fits, a Caballero tile only where its side, rotation
and Grande are legal and paid for, a ship only on a free sea side, an Alcalde only on a closed
region. An action with no legal instance is not offered. `decide` stays the one validator: the
rows are its answers, not a second copy of its rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.core.constraints import Answer, Combos, Field, Form, GridCell, OneOf
from domain.core.game import Message

P = "elcaballero."
SIDES = ("n", "e", "s", "w")
TURNS = (0, 90, 180, 270)


def _m(key: str, **params: Any) -> Message:
    return Message(P + key, params)


def _cell_key(cell: Sequence[int]) -> str:
    return f"{cell[0]},{cell[1]}"


def power_form(cards: Sequence[int]) -> Form:
    return Form((Answer("power", (Field("card", OneOf(tuple(cards), "power_card")),),
                        submit=_m("ask.submit.power")),), title=_m("ask.power"))


def _answer(kind: str, fields: tuple[Field, ...] = (), combos: Combos | None = None,
            **params: Any) -> Answer:
    return Answer(kind, fields, prompt=_m(f"ask.{kind}", **params),
                  submit=_m(f"ask.submit.{kind}"), combos=combos)


Trial = Callable[[str, dict[str, Any]], "int | None"]
"""Asks the engine about one command of the turn: None when it is refused, else what it costs (0
when it costs nothing). The form lists only what the engine takes: the space is exact."""


def _grid(cell: Sequence[int], turn: int) -> dict[str, int]:
    return {"x": cell[0], "y": cell[1], "rotation": turn}


def _rows(trial: Trial, kind: str, candidates: list[dict[str, Any]], names: Sequence[str]
          ) -> tuple[tuple[Any, ...], ...]:
    """The legal candidates as combination rows: each field's value, then its cost."""
    rows = []
    for params in candidates:
        cost = trial(kind, params)
        if cost is not None:
            rows.append((*(params[n] for n in names), cost))
    return tuple(rows)


def _distinct(rows: Sequence[tuple[Any, ...]], column: int) -> tuple[Any, ...]:
    out: list[Any] = []
    for row in rows:
        if row[column] not in out:
            out.append(row[column])
    return tuple(out)


def turn_form(c: Mapping[str, Any], advanced: bool, trial: Trial) -> Form:
    """The turn as one form per action possible now, each stating its space exactly: its legal
    combinations (`Combos`, each row with its cost), asked of the engine (`trial`) for every
    candidate the board allows, so a select lists only what fits the choice made before it."""
    answers: list[Answer] = []
    own = [tuple(x) for x in c.get("own_tiles", [])]
    if c.get("lay_tile"):
        rows = tuple((tile, _grid(p["at"], turn)) for tile, places in c["lay_tile"].items()
                     for p in places for turn in p["turns"])
        tiles = _distinct(rows, 0)
        cells = tuple(dict.fromkeys((r[1]["x"], r[1]["y"]) for r in rows))
        turns = tuple(sorted({r[1]["rotation"] for r in rows}))
        answers.append(Answer("lay_tile", (
            Field("tile", OneOf(tiles, "tile"), default=tiles[0], label=_m("ask.field.tile")),
            Field("at", GridCell(cells, turns), label=_m("ask.field.cell"))),
            prompt=_m("ask.lay_tile"), submit=_m("ask.submit.lay_tile"),
            combos=Combos(("tile", "at"), rows)))
    if c.get("reinforce") is not None:
        answers.append(_answer("reinforce", count=c["reinforce"]))
    if c.get("lay_knight"):
        names = ("at", "side", "grande") if advanced else ("at", "side")
        candidates = [{"at": _grid(cell, turn), "side": side, "grande": grande}
                      for cell in c["lay_knight"] for turn in TURNS for side in ("a", "b")
                      for grande in ((False, True) if advanced else (False,))]
        if not advanced:
            for x in candidates:
                del x["grande"]
        rows = _rows(trial, "lay_knight", candidates, names)
        if rows:
            cells = tuple(dict.fromkeys((r[0]["x"], r[0]["y"]) for r in rows))
            turns = tuple(sorted({r[0]["rotation"] for r in rows}))
            fields = [Field("at", GridCell(cells, turns), label=_m("ask.field.cell")),
                      Field("side", OneOf(_distinct(rows, 1), "knight_side"),
                            label=_m("ask.field.side"))]
            if advanced:
                fields.append(Field("grande", OneOf(_distinct(rows, 2), "flag"),
                                    label=_m("ask.field.grande")))
            answers.append(_answer("lay_knight", tuple(fields), combos=Combos(
                names, rows, ("cost",))))
    if c.get("raise"):
        candidates = [{"at": _cell_key(x), "side": side, "turn": turn}
                      for x in c["raise"] for side in ("a", "b") for turn in TURNS]
        rows = _rows(trial, "raise", candidates, ("at", "side", "turn"))
        if rows:
            answers.append(_answer("raise", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("side", OneOf(_distinct(rows, 1), "knight_side"),
                      label=_m("ask.field.side")),
                Field("turn", OneOf(_distinct(rows, 2), "turn"), label=_m("ask.field.turn"))),
                combos=Combos(("at", "side", "turn"), rows, ("cost",))))
    ship = c.get("ship") or {}
    if ship.get("sides") and (ship.get("buy") or ship.get("from_court")):
        sources = (("supply",) if ship.get("buy") else ()) + \
            (("court",) if ship.get("from_court") else ())
        candidates = [{"at": _cell_key(x["at"]), "edge": edge, "from": source}
                      for x in ship["sides"] for edge in x["edges"] for source in sources]
        rows = _rows(trial, "ship", candidates, ("at", "edge", "from"))
        if rows:
            answers.append(_answer("ship", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("edge", OneOf(_distinct(rows, 1), "edge"), label=_m("ask.field.edge")),
                Field("from", OneOf(_distinct(rows, 2), "source"), default=rows[0][2],
                      label=_m("ask.field.from"))),
                combos=Combos(("at", "edge", "from"), rows, ("cost",))))
    castle = c.get("castle") or {}
    if castle.get("build") and castle.get("tiles"):
        rows = _rows(trial, "castle", [{"at": _cell_key(x)} for x in castle["tiles"]], ("at",))
        if rows:
            answers.append(_answer("castle", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),)))
    castillos = [_cell_key(x) for x in c.get("castillos", [])]
    bare = [_cell_key(x) for x in own if _cell_key(x) not in castillos]
    if castillos and bare:
        rows = _rows(trial, "move_castle", [{"from": a, "to": b} for a in castillos for b in bare],
                     ("from", "to"))
        if rows:
            answers.append(_answer("move_castle", (
                Field("from", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("to", OneOf(_distinct(rows, 1), "cell"), label=_m("ask.field.to"))),
                combos=Combos(("from", "to"), rows, ("cost",))))
    ships_on = c.get("ships_on") or []
    if ships_on and len(own) > 1:
        names = ("from", "from_edge", "to", "to_edge")
        candidates = [{"from": _cell_key(x["at"]), "from_edge": e, "to": _cell_key(y),
                       "to_edge": e2} for x in ships_on for e in x["edges"] for y in own
                      if tuple(y) != tuple(x["at"]) for e2 in SIDES]
        rows = _rows(trial, "move_ship", candidates, names)
        if rows:
            answers.append(_answer("move_ship", (
                Field("from", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("from_edge", OneOf(_distinct(rows, 1), "edge"),
                      label=_m("ask.field.edge")),
                Field("to", OneOf(_distinct(rows, 2), "cell"), label=_m("ask.field.to")),
                Field("to_edge", OneOf(_distinct(rows, 3), "edge"),
                      label=_m("ask.field.edge"))),
                combos=Combos(names, rows, ("cost",))))
    if advanced and own and (c.get("grande") or {}).get("may_move"):
        rows = _rows(trial, "grande", [{"at": _cell_key(x)} for x in own], ("at",))
        if rows:
            answers.append(_answer("grande", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),),
                combos=Combos(("at",), rows, ("cost",))))
    alcalde = c.get("alcalde") or {}
    if advanced and alcalde.get("regions"):
        rows = _rows(trial, "alcalde", [{"at": _cell_key(r["at"]), "edge": r["edge"]}
                                        for r in alcalde["regions"]], ("at", "edge"))
        if rows:
            answers.append(_answer("alcalde", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.region")),
                Field("edge", OneOf(_distinct(rows, 1), "edge"), default=rows[0][1],
                      label=_m("ask.field.edge"))),
                combos=Combos(("at", "edge"), rows, ("cost",))))
    if own:
        answers.append(_answer("take_back", (
            Field("at", OneOf(tuple(_cell_key(x) for x in own), "cell"),
                  label=_m("ask.field.at")),)))
    if c.get("end_turn"):
        answers.insert(0, _answer("end_turn"))
    notes = (_m("ask.tiles_left", count=c["tiles_to_lay"]),) if c.get("tiles_to_lay") else ()
    return Form(tuple(answers), title=_m("ask.turn"), notes=notes)
