"""The web's decision forms are generic: built from the typed constraints, read back by them, and
no template or form code names a game's decision kinds."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from werkzeug.datastructures import MultiDict

from domain.core.constraints import (
    Answer,
    Counts,
    Field,
    GridCell,
    Moves,
    Number,
    OneOf,
    Parts,
    Picks,
    Route,
    SeatLimit,
    Subset,
)
from domain.elgrande import rules
from service.web import forms

WEB = Path(forms.__file__).parent


def read(answer: Answer, **posted: Any) -> dict[str, Any]:
    form = MultiDict()
    for name, value in posted.items():
        for v in value if isinstance(value, list) else [value]:
            form.add(name.replace("__", "."), str(v))
    return forms.params_from_form(answer.to_json(), form)


MOVES = Answer("special", (Field("moves", Moves(seats=(0, 1, 2), sources=("aragon", "galicia"),
                                                targets=("castillo", "aragon"), max_total=3,
                                                limits=(SeatLimit((1,), 2),))),))


def test_unused_move_rows_are_left_out_whatever_their_seat_and_count_say():
    params = read(MOVES, p__moves__0__seat=0, p__moves__0__from="aragon", p__moves__0__to="castillo",
                  p__moves__0__count=2, p__moves__1__seat=1, p__moves__1__count=1,
                  p__moves__2__seat=2, p__moves__2__count=1)
    assert params == {"moves": [{"seat": 0, "from": "aragon", "to": "castillo", "count": 2}]}


def test_seat_zero_is_a_seat_and_a_half_filled_row_goes_to_the_engine_as_it_is():
    params = read(MOVES, p__moves__0__seat=0, p__moves__0__from="galicia", p__moves__0__to="",
                  p__moves__1__seat=2, p__moves__1__from="aragon", p__moves__1__to="castillo")
    assert params["moves"] == [{"seat": 0, "from": "galicia", "to": None, "count": 1},
                               {"seat": 2, "from": "aragon", "to": "castillo", "count": 1}]


def test_a_route_chosen_from_one_select_is_a_typed_row_and_only_routes_are_listed():
    """Without JavaScript a row of moves is one select of its routes ("seat|from|to"): each option
    a legal row, read back with the seat as a seat."""
    answer = Answer("special", (Field("moves", Moves.of_routes(
        {0: {"aragon": Route(2, ("castillo",))}, 2: {"sevilla": Route(1, ("aragon", "castillo"))}},
        3)),))
    (prepared,) = forms.prepare([{"form": {"answers": [answer.to_json()]}}])
    field = prepared["answers"][0]["fields"][0]
    assert field["route_rows"] == [(0, "aragon", "castillo"), (2, "sevilla", "aragon"),
                                   (2, "sevilla", "castillo")]
    params = read(answer, p__moves__0__route="2|sevilla|aragon", p__moves__0__count="1",
                  p__moves__1__route="", p__moves__1__count="1")
    assert params == {"moves": [{"seat": 2, "from": "sevilla", "to": "aragon", "count": 1}]}


def test_a_combination_posted_as_its_row_gives_every_field_of_the_row():
    from domain.core.constraints import Combos

    answer = Answer("lay_tile", (Field("tile", OneOf(("T1", "T2"), "tile")),
                                 Field("at", GridCell(((0, 1), (1, 0)),
                                                      {"0,1": (90,), "1,0": (0,)}))),
                    combos=Combos(("tile", "at"), (("T1", {"x": 0, "y": 1, "rotation": 90}),
                                                   ("T2", {"x": 1, "y": 0, "rotation": 0}))))
    assert read(answer, row="1") == {"tile": "T2", "at": {"x": 1, "y": 0, "rotation": 0}}
    for bad in ("2", "x"):  # no such row: the player is told to look at the game again
        try:
            read(answer, row=bad)
        except forms.FormError as error:
            assert error.key == "form.unreadable"
        else:
            raise AssertionError(f"row {bad} was read")
    # Without the row, each field's own widget (what the script swaps in) is read.
    assert read(answer, p__tile="T1", p__at__cell="0,1") == {
        "tile": "T1", "at": {"x": 0, "y": 1, "rotation": 90}}


def test_picks_keyed_by_seat_stay_a_map():
    answer = Answer("special", (Field("picks", Picks({"0": ("aragon",), "1": ("galicia", "aragon"),
                                                      "2": ("sevilla",)}, "seat", "place")),))
    params = read(answer, p__picks__0="aragon", p__picks__1="galicia", p__picks__2="sevilla")
    assert params == {"picks": {"0": "aragon", "1": "galicia", "2": "sevilla"}}


def test_counts_numbers_choices_parts_and_grid_cells_come_back_typed():
    answer = Answer("x", (
        Field("count", Number(0, 5)),
        Field("regions", Counts({"aragon": 3, "galicia": 2}, "place", max_total=4)),
        Field("card", OneOf((3, 13), "power_card")),
        Field("steps", Parts(("a", "b", "c"))),
        Field("at", GridCell.uniform(((0, 0), (1, -1)))),
    ), fixed={"mode": "place"})
    params = read(answer, p__count="3", p__regions__aragon="2", p__regions__galicia="0",
                  p__card="13", p__steps=["2", "0"], p__at__cell="1,-1", p__at__rotation="90")
    assert params == {"mode": "place", "count": 3, "regions": {"aragon": 2}, "card": 13,
                      "steps": [0, 2], "at": {"x": 1, "y": -1, "rotation": 90}}
    # Nothing ticked or typed: left out (a veto of the whole action), counts an empty map.
    assert read(answer) == {"mode": "place", "regions": {}}


def test_a_subset_comes_back_as_the_ticked_values_in_their_order_and_none_as_an_empty_list():
    """Choose k of n: the values typed as the options are (cards are numbers), an unknown one passed
    on for the engine to refuse, nothing ticked an empty list (the engine says how many it needs)."""
    answer = Answer("keep", (Field("cards", Subset((10, 20, 30, 40), "power_card", 2, 2)),))
    assert read(answer, p__cards=["30", "10"]) == {"cards": [10, 30]}
    assert read(answer, p__cards=["10", "99"]) == {"cards": [10, 99]}
    assert read(answer) == {"cards": []}
    assert answer.to_json()["fields"][0]["constraint"] == {
        "type": "subset", "of": "power_card", "options": [10, 20, 30, 40], "min": 2, "max": 2}


def test_a_value_no_option_matches_is_passed_on_for_the_engine_to_refuse():
    answer = Answer("play_power", (Field("card", OneOf((3, 13), "power_card")),))
    assert read(answer, p__card="12") == {"card": 12}
    assert read(answer, p__card="x") == {"card": "x"}


def test_the_json_box_adds_parameters_and_bad_json_is_a_clear_error():
    answer = Answer("special", (Field("to", OneOf(("aragon",), "place")),))
    assert read(answer, p__to="aragon", json='{"extra": 1}') == {"to": "aragon", "extra": 1}
    try:
        read(answer, json="{nope")
    except forms.FormError as error:
        assert "not valid JSON" in str(error)
    else:
        raise AssertionError("bad JSON was accepted")


def test_the_answer_is_found_by_type_and_index_among_the_seats_decisions():
    first = Answer("special", fixed={"board": "8-4-0"})
    second = Answer("special", fixed={"board": "4-0-0"})
    decisions = [{"form": {"answers": [first.to_json(), second.to_json()]}}]
    assert forms.answer_for(decisions, "special", "1")["fixed"] == {"board": "4-0-0"}
    assert forms.answer_for(decisions, "special", None)["fixed"] == {"board": "8-4-0"}
    assert forms.answer_for(decisions, "decline", "0") is None


def test_no_template_and_no_form_code_names_a_games_decision_kinds():
    # The decision kinds and command types of El Grande ('place' excepted: it is also the kind of
    # value a click on the board's map gives, which the web knows).
    kinds = {k for types in rules.HANDLERS.values() for k in types[0]} | set(rules.HANDLERS)
    kinds.discard("place")
    literal = re.compile(r"""['"]([a-z_]+)['"]""")
    for template in (WEB / "templates" / "web").glob("*.html"):
        text = template.read_text()
        for block in re.findall(r"{[{%](.*?)[%}]}", text, flags=re.S):
            named = set(literal.findall(block)) & kinds
            assert not named, (template.name, named)
        assert not re.search(r'data-kind="(?!{{)', text), template.name
    source = (WEB / "forms.py").read_text()
    assert "elgrande" not in source
    assert not set(literal.findall(source)) & kinds
