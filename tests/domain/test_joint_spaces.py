"""The vocabulary's joint spaces: combinations of several fields, routes of moves, totals fixed by
another field, as the JSON a client reads and as `formspace` enumerates them."""

from __future__ import annotations

import random

from domain.core import formspace
from domain.core.constraints import (
    Answer,
    Combos,
    Counts,
    Field,
    GridCell,
    Moves,
    Number,
    OneOf,
    Route,
    SeatLimit,
    TotalBy,
)

TILE = Answer("lay_tile", (Field("tile", OneOf(("T1", "T2"), "tile")),
                           Field("at", GridCell(((0, 1), (1, 0)), (0, 90)))),
              combos=Combos(("tile", "at"), (("T1", {"x": 0, "y": 1, "rotation": 90}),
                                             ("T2", {"x": 1, "y": 0, "rotation": 0}))))


def test_combinations_are_offered_as_their_rows_only() -> None:
    assert TILE.to_json()["combos"] == {"fields": ["tile", "at"], "info": [], "rows": [
        ["T1", {"x": 0, "y": 1, "rotation": 90}], ["T2", {"x": 1, "y": 0, "rotation": 0}]]}
    offered = formspace.offered(TILE, random.Random(1))
    assert offered == [{"tile": "T1", "at": {"x": 0, "y": 1, "rotation": 90}},
                       {"tile": "T2", "at": {"x": 1, "y": 0, "rotation": 0}}]
    assert formspace.enumerated(TILE)


def test_a_rows_info_columns_are_not_parameters() -> None:
    knight = Answer("lay_knight", (Field("side", OneOf(("a", "b"), "knight_side")),),
                    combos=Combos(("side",), (("a", 3),), ("cost",)))
    assert formspace.offered(knight, random.Random(1)) == [{"side": "a"}]
    assert knight.to_json()["combos"]["info"] == ["cost"]


def test_moves_by_routes_offer_each_seat_only_its_sources_and_never_the_source_as_target() -> None:
    moves = Moves.of_routes({0: {"aragon": Route(2, ("galicia",)), "sevilla": Route(0, ("x",))},
                             1: {}}, 3)
    assert moves.seats == (0,) and moves.sources == ("aragon",) and moves.targets == ("galicia",)
    assert moves.to_json()["routes"] == {"0": {"aragon": {"most": 2, "to": ["galicia"]}}}
    assert formspace.move_rows(moves) == [{"seat": 0, "from": "aragon", "to": "galicia",
                                           "count": 1}]


def test_a_limits_minimum_is_met_by_the_rows_offered() -> None:
    moves = Moves.of_routes({0: {"aragon": Route(2, ("castillo",))},
                             1: {"galicia": Route(3, ("castillo",))}}, 5,
                            limits=(SeatLimit((0,), 2, 2), SeatLimit((1,), 3, 1)))
    for rows in formspace.values(moves, random.Random(2)):
        own = sum(r["count"] for r in rows if r["seat"] == 0)
        theirs = sum(r["count"] for r in rows if r["seat"] == 1)
        assert own == 2 and 1 <= theirs <= 3, rows


def test_a_total_fixed_by_another_field_is_drawn_with_that_total() -> None:
    answer = Answer("return", (
        Field("court", Number(1, 3)),
        Field("regions", Counts({"aragon": 2, "galicia": 1}, "place", min_total=0, max_total=2,
                                total_by=TotalBy("court", {"1": 2, "2": 1, "3": 0})))))
    assert answer.to_json()["fields"][1]["constraint"]["total_by"] == {
        "field": "court", "totals": {"1": 2, "2": 1, "3": 0}}
    offered = formspace.offered(answer, random.Random(3))
    assert sorted(o["court"] for o in offered) == [1, 2, 3]
    assert all(o["court"] + sum(o["regions"].values()) == 3 for o in offered)
