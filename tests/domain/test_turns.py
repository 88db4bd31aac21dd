"""A turn: taking Caballeros to court, choosing an action card, placement and the special action.

Table(3) unless told: King in castilla_la_nueva, Grandes in galicia (seat 0), aragon (1), sevilla (2),
seat 0 plays its power card first.
"""

from __future__ import annotations

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.elgrande import rules
from domain.elgrande.data import REGION_IDS, stack_contents
from tests.domain.helpers import Table, quiet_step


def _stacks(**tops: str) -> dict[str, list[str]]:
    out = {}
    for key, card in tops.items():
        stack = int(key[1:])
        rest = stack_contents(stack)
        rest.remove(card)
        out[str(stack)] = [card, *rest]
    return out


def _quiet_until_turn_of(t: Table, seat: int) -> None:
    """Let the other players take nothing, take the first card and neither place nor act."""
    while t.state.turn is not None and t.state.turn.seat != seat:
        quiet_step(t)


def _refused(t: Table, seat: int | None, kind: str, **params) -> RuleError:
    """The command is refused, and nothing at all changes."""
    before, events = t.state.clone(), list(t.events)
    with pytest.raises(RuleError) as info:
        t.do(seat, kind, **params)
    assert t.state == before
    assert t.events == events
    return info.value


def _act(card: str, **setup) -> Table:
    """A table where seat 0 has taken `card` (turned up from its own stack) and must now act."""
    stack = next((k for k in (1, 2, 3, 4) if card in stack_contents(k)), None)
    if stack is not None:
        setup = {"stacks": _stacks(**{f"s{stack}": card}), **setup}
    t = Table(3, setup=setup)
    t.play_powers(13, 12, 11)
    if t.pending()[0].kind == "take":
        t.do(0, "take", count=0)
    t.do(0, "choose_card", card=card)
    return t


def _act_constraint(t: Table) -> dict:
    (d,) = t.pending()
    assert d.kind == "act"
    return d.constraint


# --- taking Caballeros to court --------------------------------------------------------------------

def test_a_player_takes_up_to_the_power_cards_number():
    t = Table(3)
    t.play_powers(6, 5, 4)  # power card 6 brings up to 3
    t.do(0, "take", count=2)
    assert t.state.court[0] == 7 + 2
    assert t.state.provinces[0] == 21 - 2


def test_taking_nothing_is_allowed_by_default():
    t = Table(3)
    t.play_powers(1, 13, 12)
    _quiet_until_turn_of(t, 0)
    t.do(0, "take", count=0)
    assert t.state.court[0] == 7


def test_taking_more_than_the_power_card_allows_is_refused():
    t = Table(3)
    t.play_powers(6, 5, 4)
    err = _refused(t, 0, "take", count=4)
    assert err.allowed == {"min": 0, "max": 3}


def test_take_exact_takes_the_full_number_by_itself():
    t = Table(3, options={"take_exact": True})
    t.play_powers(6, 5, 4)
    assert t.state.court[0] == 7 + 3
    assert t.pending()[0].kind == "choose_card"


def _take_exact_short() -> Table:
    """take_exact; seat 0 has 4 in the provinces, 9 on the board, and power card 1 (6) to take."""
    t = Table(3, options={"take_exact": True})
    t.arrange(galicia=[12, 2, 0], pais_vasco=[7, 0, 0])  # seat 0: 21 - 10 - 7 = 4 in the provinces
    t.play_powers(1, 13, 12)
    _quiet_until_turn_of(t, 0)
    return t


def test_take_exact_the_provinces_must_give_all_they_hold():
    t = _take_exact_short()
    (d,) = t.pending()
    assert d.constraint["count"] == {"min": 4, "max": 6}
    err = _refused(t, 0, "take", count=3)
    assert err.allowed == {"min": 4, "max": 6}


def test_take_exact_the_rest_from_the_board_is_optional():
    # 000: « Si le nombre de Caballeros en Province est insuffisant, il peut en prendre sur le
    # plateau de jeu » (may, not must): the provinces' 4 alone are a legal take.
    t = _take_exact_short()
    t.do(0, "take", count=4)
    assert (t.state.court[0], t.state.provinces[0]) == (7 + 4, 0)
    assert (t.state.places["galicia"][0], t.state.places["pais_vasco"][0]) == (12, 7)


@pytest.mark.parametrize(("count", "regions"), [(5, {"pais_vasco": 1}), (6, {"galicia": 2})])
def test_take_exact_some_or_all_of_the_rest_from_the_board(count, regions):
    t = _take_exact_short()
    t.do(0, "take", count=count, regions=regions)
    assert (t.state.court[0], t.state.provinces[0]) == (7 + count, 0)
    assert sum(t.state.on_board(0).values()) == 19 - (count - 4)


def _short_provinces() -> Table:
    """Seat 0 has 3 in the provinces and Caballeros in galicia, pais_vasco, the King's region and
    the Castillo; it played power card 1 (6 Caballeros) and its turn has come."""
    t = Table(3)
    t.arrange(galicia=[10, 0, 0], pais_vasco=[6, 0, 0], castilla_la_nueva=[2, 0, 0],
              castillo=[2, 0, 0])
    assert t.state.provinces[0] == 3
    t.play_powers(1, 13, 12)
    _quiet_until_turn_of(t, 0)
    return t


def test_when_the_provinces_are_short_the_rest_comes_from_regions():
    t = _short_provinces()
    t.do(0, "take", count=6, regions={"galicia": 2, "pais_vasco": 1})
    s = t.state
    assert (s.provinces[0], s.court[0]) == (0, 7 + 6)
    assert (s.places["galicia"][0], s.places["pais_vasco"][0]) == (8, 5)


def test_the_regions_must_be_named_when_several_could_give():
    t = _short_provinces()
    err = _refused(t, 0, "take", count=6)
    assert err.allowed == {"regions": {"galicia": 10, "pais_vasco": 6}, "count": 3}


def _empty_provinces(options: dict | None = None) -> Table:
    """Seat 0's provinces are empty, 23 of its Caballeros on the board (Galicia 12, País Vasco
    11); it played power card 1 (6 Caballeros) and its turn has come."""
    t = Table(3, options=options)
    t.arrange(galicia=[12, 2, 0], pais_vasco=[11, 0, 0])
    assert t.state.provinces[0] == 0
    t.play_powers(1, 13, 12)
    _quiet_until_turn_of(t, 0)
    return t


EMPTY_OPTIONS = [{}, {"edition": "original"}, {"take_exact": True}]


@pytest.mark.parametrize("options", EMPTY_OPTIONS, ids=["decennial", "original", "take_exact"])
@pytest.mark.parametrize(("lang", "text"), [("en", "take 0"), ("fr", "prendre 0"),
                                             ("it", "prendi 0"), ("en", "take none")])
def test_taking_none_when_the_provinces_are_empty_is_legal_and_read(options, lang, text):
    """Ruling (rules page): taking from the board is "may" (000 « il peut en prendre sur le
    plateau », 004 « può rimuoverli », 001; King & Intrigue « un joueur peut décider de prendre
    moins »), so with empty provinces taking none is always a legal take, `take_exact` too (its
    number is compulsory only as far as the provinces hold it). It was refused by mail as "not
    understood": the form's regions field took the 0 for itself."""
    from domain.core.language import GameSession
    from domain.elgrande.module import GAME

    t = _empty_provinces(options)
    (d,) = t.pending()
    assert d.kind == "take" and d.constraint["count"] == {"min": 0, "max": 6}
    parsed = GAME.language.parse(text, GameSession(GAME, t.state, 0, lang=lang))
    assert parsed.commands == [{"type": "take", "count": 0}]
    t.do(0, "take", count=0)
    assert (t.state.court[0], t.state.provinces[0]) == (7, 0)
    assert (t.state.places["galicia"][0], t.state.places["pais_vasco"][0]) == (12, 11)


@pytest.mark.parametrize(("lang", "text"), [("en", "take 1 from Galicia"),
                                             ("fr", "Je prends 1 de la Galice, merci"),
                                             ("it", "prendo 1 dalla Galizia")])
def test_with_empty_provinces_a_count_from_one_region_is_read_once(lang, text):
    """Found by mail: "take 1 from Galicia" was refused (the count had to be written twice,
    "take 1, 1 from Galicia"). With the provinces empty the region's number is the count."""
    from domain.core.language import GameSession
    from domain.elgrande.module import GAME

    t = _empty_provinces()
    parsed = GAME.language.parse(text, GameSession(GAME, t.state, 0, lang=lang))
    assert parsed.commands == [{"type": "take", "count": 1, "regions": {"galicia": 1}}]


def test_with_short_provinces_a_region_count_alone_is_not_guessed():
    """With 3 in the provinces, "take 1 from Galicia" could be 1 in all or 3 + 1: not guessed."""
    from domain.core.language import GameSession, ParseError
    from domain.elgrande.module import GAME

    t = _short_provinces()
    with pytest.raises(ParseError):
        GAME.language.parse("take 1 from Galicia", GameSession(GAME, t.state, 0, lang="en"))


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_with_empty_provinces_the_help_lines_and_the_example_say_what_is_legal(lang):
    """The mail said "take N — from 0 to 6 Caballeros from your provinces" to a player whose
    provinces were empty (6 from them is no legal move), and its example, the deadline's
    default, took 6 off the board. Now: taking none, or 1 to 6 from the regions; the example
    (the default) takes nothing off the board."""
    from domain.core.language import GameSession
    from domain.elgrande.module import GAME

    t = _empty_provinces()
    (d,) = t.pending()
    lines = GAME.language.help_lines(d, GAME.view(t.state, 0), lang)
    word = {"en": "take", "fr": "prendre", "it": "prendi"}[lang]
    assert lines[0].startswith(f"{word} 0 — ") and len(lines) == 2
    assert lines[1].startswith(f"{word} N ") and " 1 " in lines[1] and " 6 " in lines[1]
    example = GAME.language.example(t.state, d, lang)
    assert example == f"{word} 0"
    assert GAME.language.parse(example, GameSession(GAME, t.state, 0, lang=lang)).commands \
        == [{"type": "take", "count": 0}]
    default = rules.default_command(t.state, d)
    t.do(0, default.type, **default.params)
    assert sum(t.state.on_board(0).values()) == 23


def test_with_short_provinces_the_form_offers_them_alone_or_more_from_the_regions():
    t = _short_provinces()  # 3 in the provinces, 6 to take
    (d,) = t.pending()
    alone, more = d.form.answers
    assert [(f.name, f.constraint.min, f.constraint.max) for f in alone.fields[:1]] == [
        ("count", 0, 3)]
    assert [(f.constraint.min, f.constraint.max) for f in more.fields[:1]] == [(4, 6)]
    assert rules.default_command(t.state, d).params == {"count": 3}


@pytest.mark.parametrize("region", ["castilla_la_nueva", "castillo"])
def test_never_from_the_kings_region_or_the_castillo(region):
    t = _short_provinces()
    err = _refused(t, 0, "take", count=6, regions={region: 3})
    assert region not in err.allowed["regions"]


def test_no_region_is_touched_while_the_provinces_suffice():
    t = _short_provinces()
    _refused(t, 0, "take", count=2, regions={"galicia": 1})
    t.do(0, "take", count=2)
    assert t.state.places["galicia"][0] == 10


def test_caballeros_in_the_kings_region_and_the_castillo_do_not_count_towards_the_take():
    t = Table(3)
    t.arrange(castilla_la_nueva=[12, 0, 0], castillo=[9, 0, 0], galicia=[0, 0, 0])
    assert t.state.provinces[0] == 2
    t.play_powers(1, 13, 12)
    _quiet_until_turn_of(t, 0)
    (d,) = t.pending()
    assert d.constraint["count"]["max"] == 2
    _refused(t, 0, "take", count=3)


# --- choosing an action card -----------------------------------------------------------------------

def test_a_card_can_be_chosen_by_stack_or_by_name():
    t = Table(3, setup={"stacks": _stacks(s1="move_3_any", s4="court_2")})
    t.play_powers(13, 12, 11)
    new = t.do(0, "choose_card", stack=1)
    assert [(e["stack"], e["card"]) for e in new if e.type == "card_chosen"] == [(1, "move_3_any")]
    _quiet_until_turn_of(t, 1)
    new = t.do(1, "choose_card", card="court_2")
    assert [(e["stack"], e["card"]) for e in new if e.type == "card_chosen"] == [(4, "court_2")]


def test_a_name_shown_twice_needs_the_stack():
    t = Table(3, setup={"stacks": _stacks(s2="score_chosen", s3="score_chosen")})
    t.play_powers(13, 12, 11)
    err = _refused(t, 0, "choose_card", card="score_chosen")
    assert "which stack" in err.message
    assert {o["stack"] for o in err.allowed if o["card"] == "score_chosen"} == {2, 3}
    t.do(0, "choose_card", stack=3)
    assert (t.state.turn.stack, t.state.turn.card) == (3, "score_chosen")


def test_a_card_that_is_not_face_up_is_refused_with_the_available_ones():
    t = Table(3, setup={"stacks": _stacks(s2="score_chosen")})
    t.play_powers(13, 12, 11)
    err = _refused(t, 0, "choose_card", card="veto")
    assert [o["card"] for o in err.allowed] == [t.state.face_up[k] for k in sorted(t.state.face_up)]
    _refused(t, 0, "choose_card", stack=2, card="king")  # stack and name disagree


def test_a_card_taken_earlier_in_the_round_is_gone():
    t = Table(3)
    t.play_powers(13, 12, 11)
    t.do(0, "choose_card", stack=5)
    t.do(0, "decline")
    t.do(0, "place", places={})
    err = _refused(t, 1, "choose_card", stack=5)
    assert 5 not in [o["stack"] for o in err.allowed]
    assert len(err.allowed) == 4


# --- placement: where --------------------------------------------------------------------------------

def test_adjacency_example_1_king_in_galicia():
    # 004: King in Galicia → Old Castile, the Basque Country and/or the Castillo.
    t = _act("court_2", king="galicia", homes=["aragon", "sevilla", "valencia"])
    assert sorted(_act_constraint(t)["place"]["places"]) == \
        sorted(["castilla_la_vieja", "pais_vasco", "castillo"])


def test_adjacency_example_2_king_in_castilla_la_nueva():
    # 004: King in New Castile → Old Castile, Aragon, Sevilla, Granada, Valencia and/or the Castillo.
    t = _act("court_2")
    assert sorted(_act_constraint(t)["place"]["places"]) == sorted(
        ["castilla_la_vieja", "aragon", "sevilla", "granada", "valencia", "castillo"])


def test_placement_away_from_the_king_is_refused():
    t = _act("court_2", king="galicia", homes=["aragon", "sevilla", "valencia"])
    err = _refused(t, 0, "place", places={"aragon": 1})
    assert "only next to the King's region" in err.message
    assert "aragon" not in err.allowed["places"]


def test_placement_into_the_kings_region_is_refused_as_taboo():
    t = _act("court_2")
    err = _refused(t, 0, "place", places={"castilla_la_nueva": 1})
    assert "taboo" in err.message


@pytest.mark.parametrize("king", REGION_IDS)
def test_the_castillo_is_always_a_placement_target(king):
    homes = [r for r in REGION_IDS if r != king][:3]
    t = _act("court_2", king=king, homes=homes)
    assert "castillo" in _act_constraint(t)["place"]["places"]
    t.do(0, "place", places={"castillo": 4})
    assert t.state.places["castillo"][0] == 4


def test_adjacency_is_judged_after_a_king_move_made_first():
    t = _act("king")
    t.do(0, "special", to="galicia")
    assert sorted(_act_constraint(t)["place"]["places"]) == \
        sorted(["castilla_la_vieja", "pais_vasco", "castillo"])
    _refused(t, 0, "place", places={"granada": 1})  # next to the King's old region only
    t.do(0, "place", places={"pais_vasco": 2, "castilla_la_vieja": 3})
    assert t.state.places["pais_vasco"][0] == 2


def test_placement_before_a_king_move_uses_the_kings_old_region():
    t = _act("king")
    t.do(0, "place", places={"granada": 5})
    t.do(0, "special", to="galicia")
    assert t.state.places["granada"][0] == 5
    assert t.state.king == "galicia"


# --- placement: how many ---------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "stack"), [("move_3_any", 1), ("veto", 2), ("score_castillo", 3),
                                             ("court_2", 4), ("king", 5)])
def test_placement_is_capped_by_the_stack_number(card, stack):
    t = _act(card)
    assert _act_constraint(t)["place"]["max"] == stack
    err = _refused(t, 0, "place", places={"castillo": stack, "aragon": 1})
    assert f"at most {stack}" in err.message
    t.do(0, "place", places={"castillo": stack - 1, "aragon": 1} if stack > 1 else {"aragon": 1})
    assert t.state.court[0] == 7 - stack


def test_placement_never_exceeds_the_court():
    t = _act("court_2")
    t.state.court[0], t.state.provinces[0] = 2, 26  # arranged: only 2 in court
    assert _act_constraint(t)["place"]["max"] == 2
    err = _refused(t, 0, "place", places={"castillo": 3})
    assert "court holds 2" in err.message


def test_a_split_placement_counts_every_part():
    t = _act("court_2")
    t.do(0, "place", places={"aragon": 1, "granada": 1, "castillo": 2})
    s = t.state
    assert (s.places["aragon"][0], s.places["granada"][0], s.places["castillo"][0]) == (1, 1, 2)
    assert s.court[0] == 3


# --- placement and the special action: either order, never interleaved ------------------------------

def test_placement_then_special_action_ends_the_turn():
    t = _act("court_2")
    t.do(0, "place", places={"castillo": 1})
    new = t.do(0, "special", count=2)
    assert "turn_ended" in [e.type for e in new]
    assert t.state.turn.seat == 1


def test_special_action_then_placement_ends_the_turn():
    t = _act("court_2")
    t.do(0, "special", count=2)
    assert t.state.court[0] == 9
    new = t.do(0, "place", places={"castillo": 4})
    assert "turn_ended" in [e.type for e in new]
    assert t.state.court[0] == 5


def test_placement_twice_is_refused():
    t = _act("court_2")
    t.do(0, "place", places={"castillo": 1})
    err = _refused(t, 0, "place", places={"castillo": 1})
    assert "already placed" in err.message


def test_declining_twice_is_refused():
    t = _act("court_2")
    t.do(0, "decline")
    err = _refused(t, 0, "decline")
    assert "no special action left" in err.message


def test_no_placement_while_the_special_action_is_under_way():
    t = _act("kings_return")
    t.do(0, "special")  # opponents return 3 each, in turn: seat 1 must answer first
    (d,) = t.pending()
    assert (d.seat, d.kind) == (1, "return")
    err = _refused(t, 0, "place", places={"castillo": 1})
    assert "seat 1" in err.message
    t.do(1, "return", court=3)
    t.do(2, "return", court=3)
    (d,) = t.pending()
    assert (d.seat, d.kind) == (0, "act") and d.info["special_done"]
    t.do(0, "place", places={"castillo": 2})
    assert t.state.places["castillo"][0] == 2


# --- wrong player, wrong moment ------------------------------------------------------------------------

def test_a_move_by_the_wrong_player_names_who_the_game_waits_for():
    t = Table(3)
    err = _refused(t, 1, "play_power", card=5)
    assert "not your move" in err.message
    assert "seat 0 (play a power card)" in err.message


def test_a_move_of_the_wrong_kind_says_what_is_expected():
    t = Table(3)
    err = _refused(t, 0, "take", count=1)
    assert "play a power card" in err.message
    assert err.allowed == ["play_power"]


def test_an_unknown_command_is_refused():
    t = Table(3)
    err = _refused(t, 0, "dance")
    assert "not a move of El Grande" in err.message


def test_a_turn_step_out_of_order_is_refused():
    t = Table(3)
    t.play_powers(6, 5, 4)
    err = _refused(t, 0, "choose_card", stack=1)
    assert "bring Caballeros to court" in err.message  # the take step, in words
    assert err.allowed == ["take"]
    _refused(t, 1, "take", count=1)


def test_a_refused_command_leaves_the_given_state_untouched():
    t = _short_provinces()
    before = t.state.clone()
    for command in (Command("take", 0, {"count": 6, "regions": {"castillo": 3}}),
                    Command("take", 1, {"count": 1}),
                    Command("take", 0, {"count": "six"}),
                    Command("place", 0, {"places": {"aragon": 1}})):
        with pytest.raises(RuleError):
            rules.decide(t.state, command)
        assert t.state == before


@pytest.mark.parametrize("regions", ["galicia", 2, ["galicia"], {"galicia": "3"}, {"galicia": True}],
                         ids=["name", "number", "list", "text-count", "bool-count"])
def test_malformed_regions_for_a_take_are_refused(regions):
    # Regression: these crashed (TypeError/ValueError) instead of being refused.
    t = _short_provinces()
    _refused(t, 0, "take", count=6, regions=regions)


@pytest.mark.parametrize("stack", [[], {}, True, "1", 1.5])
def test_a_malformed_stack_is_refused(stack):
    t = Table(3)
    t.play_powers(13, 12, 11)
    err = _refused(t, 0, "choose_card", stack=stack)
    assert len(err.allowed) == 5


def test_validate_says_whether_a_move_is_legal_without_changing_anything():
    from domain.core.commands import Command
    from domain.elgrande.module import GAME

    table = Table(3)
    (decision,) = table.pending()
    before = table.state.clone()
    assert GAME.validate(table.state, Command("play_power", decision.seat, {"card": 13})) is None
    error = GAME.validate(table.state, Command("play_power", decision.seat, {"card": 14}))
    assert error is not None and 13 in error.allowed
    assert table.state == before
