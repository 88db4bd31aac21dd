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


def candidates(c: Mapping[str, Any], advanced: bool) -> dict[str, list[dict[str, Any]]]:
    """The turn's space, stated once: for each action possible now, every command the board
    allows (from the engine's summary of the turn, `rules.turn_constraint`), in the parameters the
    form sends. The terrain placements and the tiles to take back are legal as listed; the others
    are candidates the engine is asked about (`trial`): the form keeps those it takes (`turn_form`),
    the random move draws among them (`rules.sample_command`) and the greedy bot picks from them
    (`bots.turn_candidates`), so no second enumeration can drift from what the form offers."""
    out: dict[str, list[dict[str, Any]]] = {}
    own = [tuple(x) for x in c.get("own_tiles", [])]
    if c.get("end_turn"):
        out["end_turn"] = [{}]
    if c.get("lay_tile"):
        out["lay_tile"] = [{"tile": tile, "at": _grid(p["at"], turn)}
                           for tile, places in c["lay_tile"].items()
                           for p in places for turn in p["turns"]]
    if c.get("reinforce") is not None:
        out["reinforce"] = [{}]
    if c.get("lay_knight"):
        out["lay_knight"] = [{"at": _grid(cell, turn), "side": side, "grande": grande}
                             if advanced else {"at": _grid(cell, turn), "side": side}
                             for cell in c["lay_knight"] for turn in TURNS for side in ("a", "b")
                             for grande in ((False, True) if advanced else (False,))]
    if c.get("raise"):
        out["raise"] = [{"at": _cell_key(x), "side": side, "turn": turn}
                        for x in c["raise"] for side in ("a", "b") for turn in TURNS]
    ship = c.get("ship") or {}
    if ship.get("sides") and (ship.get("buy") or ship.get("from_court")):
        sources = (("supply",) if ship.get("buy") else ()) + \
            (("court",) if ship.get("from_court") else ())
        out["ship"] = [{"at": _cell_key(x["at"]), "edge": edge, "from": source}
                       for x in ship["sides"] for edge in x["edges"] for source in sources]
    castle = c.get("castle") or {}
    if castle.get("build") and castle.get("tiles"):
        out["castle"] = [{"at": _cell_key(x)} for x in castle["tiles"]]
    castillos = [_cell_key(x) for x in c.get("castillos", [])]
    bare = [_cell_key(x) for x in own if _cell_key(x) not in castillos]
    if castillos and bare:
        out["move_castle"] = [{"from": a, "to": b} for a in castillos for b in bare]
    ships_on = c.get("ships_on") or []
    if ships_on and len(own) > 1:
        # To a free sea side of another own tile (the only sides a ship may go to).
        out["move_ship"] = [{"from": _cell_key(x["at"]), "from_edge": e,
                             "to": _cell_key(y["at"]), "to_edge": e2}
                            for x in ships_on for e in x["edges"]
                            for y in ship.get("sides") or [] if tuple(y["at"]) != tuple(x["at"])
                            for e2 in y["edges"]]
    if advanced and own and (c.get("grande") or {}).get("may_move"):
        out["grande"] = [{"at": _cell_key(x)} for x in own]
    alcalde = c.get("alcalde") or {}
    if advanced and alcalde.get("regions"):
        out["alcalde"] = [{"by": "side", "at": _cell_key(r["at"]), "edge": r["edge"]}
                          for r in alcalde["regions"]]
    if own or ships_on:
        out["take_back"] = [{"at": _cell_key(x)} for x in own] + \
            [{"at": _cell_key(x["at"]), "edge": e} for x in ships_on for e in x["edges"]]
    return {kind: params for kind, params in out.items() if params}


def lay_answer(c: Mapping[str, Any], advanced: bool) -> Answer | None:
    """The terrain tile's answer: every face-up tile with the cells and rotations where it fits
    (the placements are legal as the board lists them), or None when no tile is due."""
    placements = candidates(c, advanced).get("lay_tile")
    if not placements:
        return None
    rows = tuple((x["tile"], x["at"]) for x in placements)
    tiles = _distinct(rows, 0)
    return Answer("lay_tile", (
        Field("tile", OneOf(tiles, "tile"), default=tiles[0], label=_m("ask.field.tile")),
        Field("at", GridCell.of_values(r[1] for r in rows), label=_m("ask.field.cell"))),
        prompt=_m("ask.lay_tile"), submit=_m("ask.submit.lay_tile"),
        combos=Combos(("tile", "at"), rows))


def alcalde_answers(c: Mapping[str, Any], trial: Trial, references: list[dict[str, Any]]
                    ) -> list[Answer]:
    """An Alcalde goes on a closed region, named by any of its terrain tiles with a side of that
    tile in the region ("alcalde m13 north", "alcalde m14 south": the same region), or by a tile
    alone where it lies in one such region only ("alcalde m12", as the region list names a
    region). The engine is asked about each region once, by the cell and side the region list
    names it by (every other name of the region is decided alike: the same region, the same
    checks, the same cost); the tile alone is asked for itself.

    Both answers say how they name the region (`by`: "tile" or "side", fixed), which the reply
    reader reads only on the Alcalde's own word (`language.VOCABULARY.marked`): a cell and a
    side said without it ("knight m12 east" where no Caballero tile may be laid now, « la région
    d10 est fermée ») are never an Alcalde. The tile alone comes first, so that "alcalde m12"
    is that one region rather than a question about its sides."""
    regions = (c.get("alcalde") or {}).get("regions") or []
    legal = {(r[1], r[2]): r[3]
             for r in _rows(trial, "alcalde", references, ("by", "at", "edge"))}
    rows: list[tuple[Any, ...]] = []
    holders: dict[str, int] = {}
    for region in regions:
        sides = region.get("sides") or ({"at": region["at"], "edges": [region["edge"]]},)
        for x in sides:
            holders[_cell_key(x["at"])] = holders.get(_cell_key(x["at"]), 0) + 1
        cost = legal.get((_cell_key(region["at"]), region["edge"]))
        if cost is not None:
            rows += [(_cell_key(x["at"]), edge, cost) for x in sides for edge in x["edges"]]
    if not rows:
        return []
    out = []
    alone = _rows(trial, "alcalde", [{"by": "tile", "at": cell}
                                     for cell in _distinct(rows, 0) if holders[cell] == 1],
                  ("at",))
    if alone:
        out.append(Answer("alcalde", (Field("at", OneOf(_distinct(alone, 0), "cell"),
                                            label=_m("ask.field.region")),),
                          fixed={"by": "tile"}, prompt=_m("ask.alcalde_tile"),
                          submit=_m("ask.submit.alcalde"),
                          combos=Combos(("at",), alone, ("cost",))))
    out.append(Answer("alcalde", (
        Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.region")),
        Field("edge", OneOf(_distinct(rows, 1), "edge"), default=rows[0][1],
              label=_m("ask.field.edge"))),
        fixed={"by": "side"}, prompt=_m("ask.alcalde"), submit=_m("ask.submit.alcalde"),
        combos=Combos(("at", "edge"), tuple(rows), ("cost",))))
    return out


def turn_form(c: Mapping[str, Any], advanced: bool, trial: Trial) -> Form:
    """The turn as one form per action possible now, each stating its space exactly: of the
    turn's candidates (`candidates`) the combinations the engine takes (`trial`), each row with
    its cost, so a select lists only what fits the choice made before it."""
    answers: list[Answer] = []
    space = candidates(c, advanced)
    lay = lay_answer(c, advanced)
    if lay is not None:
        answers.append(lay)
    if "reinforce" in space:
        answers.append(_answer("reinforce", count=c["reinforce"]))
    if "lay_knight" in space:
        names = ("at", "side", "grande") if advanced else ("at", "side")
        rows = _rows(trial, "lay_knight", space["lay_knight"], names)
        if rows:
            fields = [Field("at", GridCell.of_values(r[0] for r in rows),
                            label=_m("ask.field.cell")),
                      Field("side", OneOf(_distinct(rows, 1), "knight_side"),
                            label=_m("ask.field.side"))]
            if advanced:
                fields.append(Field("grande", OneOf(_distinct(rows, 2), "flag"),
                                    label=_m("ask.field.grande")))
            answers.append(_answer("lay_knight", tuple(fields), combos=Combos(
                names, rows, ("cost",))))
    if "raise" in space:
        rows = _rows(trial, "raise", space["raise"], ("at", "side", "turn"))
        if rows:
            answers.append(_answer("raise", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("side", OneOf(_distinct(rows, 1), "knight_side"),
                      label=_m("ask.field.side")),
                Field("turn", OneOf(_distinct(rows, 2), "turn"), label=_m("ask.field.turn"))),
                combos=Combos(("at", "side", "turn"), rows, ("cost",))))
    if "ship" in space:
        rows = _rows(trial, "ship", space["ship"], ("at", "edge", "from"))
        if rows:
            answers.append(_answer("ship", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("edge", OneOf(_distinct(rows, 1), "edge"), label=_m("ask.field.edge")),
                Field("from", OneOf(_distinct(rows, 2), "source"), default=rows[0][2],
                      label=_m("ask.field.from"))),
                combos=Combos(("at", "edge", "from"), rows, ("cost",))))
    if "castle" in space:
        rows = _rows(trial, "castle", space["castle"], ("at",))
        if rows:
            answers.append(_answer("castle", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),)))
    if "move_castle" in space:
        rows = _rows(trial, "move_castle", space["move_castle"], ("from", "to"))
        if rows:
            answers.append(_answer("move_castle", (
                Field("from", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("to", OneOf(_distinct(rows, 1), "cell"), label=_m("ask.field.to"))),
                combos=Combos(("from", "to"), rows, ("cost",))))
    if "move_ship" in space:
        names = ("from", "from_edge", "to", "to_edge")
        rows = _rows(trial, "move_ship", space["move_ship"], names)
        if rows:
            answers.append(_answer("move_ship", (
                Field("from", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("from_edge", OneOf(_distinct(rows, 1), "edge"),
                      label=_m("ask.field.edge")),
                Field("to", OneOf(_distinct(rows, 2), "cell"), label=_m("ask.field.to")),
                Field("to_edge", OneOf(_distinct(rows, 3), "edge"),
                      label=_m("ask.field.edge"))),
                combos=Combos(names, rows, ("cost",))))
    if "grande" in space:
        rows = _rows(trial, "grande", space["grande"], ("at",))
        if rows:
            answers.append(_answer("grande", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),),
                combos=Combos(("at",), rows, ("cost",))))
    if "alcalde" in space:
        answers += alcalde_answers(c, trial, space["alcalde"])
    backs = space.get("take_back", [])
    tiles_back = tuple(x["at"] for x in backs if "edge" not in x)
    if tiles_back:
        answers.append(_answer("take_back", (
            Field("at", OneOf(tiles_back, "cell"), label=_m("ask.field.at")),)))
    ships_back = [x for x in backs if "edge" in x]
    if ships_back:
        # The same command with a side takes back a ship (to the court) and leaves its tile.
        rows = _rows(trial, "take_back", ships_back, ("at", "edge"))
        if rows:
            answers.append(Answer("take_back", (
                Field("at", OneOf(_distinct(rows, 0), "cell"), label=_m("ask.field.at")),
                Field("edge", OneOf(_distinct(rows, 1), "edge"), label=_m("ask.field.edge"))),
                prompt=_m("ask.take_back_ship"), submit=_m("ask.submit.take_back_ship"),
                combos=Combos(("at", "edge"), rows, ("cost",))))
    if "end_turn" in space:
        answers.insert(0, _answer("end_turn"))
    elif lay is not None:
        # The deadline's move, offered as a choice: the tile(s) still due laid where they first
        # fit (`rules.default_lay`, from this form's rows), then the turn ends.
        answers.insert(0, Answer("end_turn", fixed={"lay": True},
                                 prompt=_m("ask.end_turn_lay", count=c["tiles_to_lay"]),
                                 submit=_m("ask.submit.end_turn_lay")))
    notes = (_m("ask.tiles_left", count=c["tiles_to_lay"]),) if c.get("tiles_to_lay") else ()
    return Form(tuple(answers), title=_m("ask.turn"), notes=notes)
