"""El Caballero's decisions as typed forms (domain/core/constraints.py), from the same summary the
engine gives (`rules.turn_constraint`): a power card is a row of buttons; a turn offers one form
per action possible now — the terrain tile as a face-up tile and a grid cell with its rotation
(`GridCell`: the web lets the player click a highlighted cell and previews the tile turned), a
Caballero tile the same way with its side, and the others by the player's own tiles and sides.
The engine stays the one validator: a cell the form offers may still be refused for that tile in
that rotation, with the placements it allows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.constraints import Answer, Field, Form, GridCell, OneOf
from domain.core.game import Message

P = "elcaballero."
SIDES = ("n", "e", "s", "w")


def _m(key: str, **params: Any) -> Message:
    return Message(P + key, params)


def _cell_key(cell: Sequence[int]) -> str:
    return f"{cell[0]},{cell[1]}"


def power_form(cards: Sequence[int]) -> Form:
    return Form((Answer("power", (Field("card", OneOf(tuple(cards), "power_card")),),
                        submit=_m("ask.submit.power")),), title=_m("ask.power"))


def _answer(kind: str, fields: tuple[Field, ...] = (), **params: Any) -> Answer:
    return Answer(kind, fields, prompt=_m(f"ask.{kind}", **params),
                  submit=_m(f"ask.submit.{kind}"))


def turn_form(c: Mapping[str, Any], advanced: bool) -> Form:
    answers: list[Answer] = []
    own = [tuple(x) for x in c.get("own_tiles", [])]
    if c.get("lay_tile"):
        tiles = tuple(c["lay_tile"])
        cells = sorted({tuple(p["at"]) for places in c["lay_tile"].values() for p in places})
        answers.append(_answer("lay_tile", (
            Field("tile", OneOf(tiles, "tile"), default=tiles[0],
                  label=_m("ask.field.tile")),
            Field("at", GridCell(tuple(cells)), label=_m("ask.field.cell")))))  # type: ignore[arg-type]
    if c.get("reinforce") is not None:
        answers.append(_answer("reinforce", count=c["reinforce"]))
    if c.get("lay_knight"):
        cells = sorted(tuple(x) for x in c["lay_knight"])
        fields = [Field("at", GridCell(tuple(cells)), label=_m("ask.field.cell")),  # type: ignore[arg-type]
                  Field("side", OneOf(("a", "b"), "knight_side"), default="a",
                        label=_m("ask.field.side"))]
        if advanced:
            fields.append(Field("grande", OneOf((False, True), "flag"), default=False,
                                label=_m("ask.field.grande")))
        answers.append(_answer("lay_knight", tuple(fields)))
    if c.get("raise"):
        answers.append(_answer("raise", (
            Field("at", OneOf(tuple(_cell_key(x) for x in c["raise"]), "cell"),
                  label=_m("ask.field.at")),
            Field("side", OneOf(("a", "b"), "knight_side"), default="b",
                  label=_m("ask.field.side")),
            Field("turn", OneOf((0, 90, 180, 270), "turn"), default=0,
                  label=_m("ask.field.turn")))))
    ship = c.get("ship") or {}
    if ship.get("sides") and (ship.get("buy") or ship.get("from_court")):
        sources = (("supply",) if ship.get("buy") else ()) + \
            (("court",) if ship.get("from_court") else ())
        answers.append(_answer("ship", (
            Field("at", OneOf(tuple(_cell_key(x["at"]) for x in ship["sides"]), "cell"),
                  label=_m("ask.field.at")),
            Field("edge", OneOf(SIDES, "edge"), label=_m("ask.field.edge")),
            Field("from", OneOf(sources, "source"), default=sources[0],
                  label=_m("ask.field.from")))))
    castle = c.get("castle") or {}
    if castle.get("build") and castle.get("tiles"):
        answers.append(_answer("castle", (
            Field("at", OneOf(tuple(_cell_key(x) for x in castle["tiles"]), "cell"),
                  label=_m("ask.field.at")),)))
    castillos = [_cell_key(x) for x in c.get("castillos", [])]
    bare = [_cell_key(x) for x in own if _cell_key(x) not in castillos]
    if castillos and bare:
        answers.append(_answer("move_castle", (
            Field("from", OneOf(tuple(castillos), "cell"), label=_m("ask.field.at")),
            Field("to", OneOf(tuple(bare), "cell"), label=_m("ask.field.to")))))
    ships_on = c.get("ships_on") or []
    if ships_on and len(own) > 1:
        answers.append(_answer("move_ship", (
            Field("from", OneOf(tuple(_cell_key(x["at"]) for x in ships_on), "cell"),
                  label=_m("ask.field.at")),
            Field("from_edge", OneOf(SIDES, "edge"), default=ships_on[0]["edges"][0],
                  label=_m("ask.field.edge")),
            Field("to", OneOf(tuple(_cell_key(x) for x in own), "cell"),
                  label=_m("ask.field.to")),
            Field("to_edge", OneOf(SIDES, "edge"), label=_m("ask.field.edge")))))
    if advanced and own and (c.get("grande") or {}).get("may_move"):
        answers.append(_answer("grande", (
            Field("at", OneOf(tuple(_cell_key(x) for x in own), "cell"),
                  label=_m("ask.field.at")),)))
    alcalde = c.get("alcalde") or {}
    if advanced and alcalde.get("regions"):
        answers.append(_answer("alcalde", (
            Field("at", OneOf(tuple(_cell_key(r["at"]) for r in alcalde["regions"]), "cell"),
                  label=_m("ask.field.region")),
            Field("edge", OneOf(SIDES, "edge"), default=alcalde["regions"][0]["edge"],
                  label=_m("ask.field.edge")))))
    if own:
        answers.append(_answer("take_back", (
            Field("at", OneOf(tuple(_cell_key(x) for x in own), "cell"),
                  label=_m("ask.field.at")),)))
    if c.get("end_turn"):
        answers.insert(0, _answer("end_turn"))
    notes = (_m("ask.tiles_left", count=c["tiles_to_lay"]),) if c.get("tiles_to_lay") else ()
    return Form(tuple(answers), title=_m("ask.turn"), notes=notes)
