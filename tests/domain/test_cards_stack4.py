"""Stack 4 and the King card (shared/rules/el-grande.md, "Action cards", "Edition differences").

Set-up (helpers.Table): the King in Castilla la Nueva, whose neighbours are Castilla la Vieja, Sevilla,
Granada, Valencia and Aragón; homes Galicia (seat 0), Aragón (1), Sevilla (2), Valencia (3).
"""

from __future__ import annotations

import pytest

from domain.elgrande import describe, views
from tests.domain.helpers import Table, ready, refused

KING = "castilla_la_nueva"






def resolve_with(t: Table, choices: dict[int, str]) -> None:
    for seat, choice in choices.items():
        t.do(seat, "secret", choice=choice)
    t.do(None, "resolve")


# --- the King card and the royal advisor -----------------------------------------------------------------

def test_king_goes_to_any_region_and_placement_follows_it_when_done_after():
    t = ready()
    t.turn_with("king")
    t.do(0, "special", to="galicia")
    assert t.state.king == "galicia"
    # Galicia's neighbours are País Vasco and Castilla la Vieja; Granada no longer is.
    refused(t, 0, "place", "next to the King", places={"granada": 1})
    refused(t, 0, "place", "King's region is taboo", places={"galicia": 1})
    t.do(0, "place", places={"pais_vasco": 2, "castilla_la_vieja": 2, "castillo": 1})
    assert t.state.places["pais_vasco"][0] == 2 and t.state.places["castillo"][0] == 1


def test_king_placement_before_the_move_uses_the_old_neighbours():
    t = ready()
    t.turn_with("king")
    t.do(0, "place", places={"granada": 5})
    t.do(0, "special", to="galicia")
    assert t.state.places["granada"][0] == 5 and t.state.king == "galicia"


def test_king_never_goes_to_the_castillo_nor_stays():
    t = ready()
    t.turn_with("king")
    err = refused(t, 0, "special", "The destination", to="castillo")
    assert "castillo" not in err.allowed and KING not in err.allowed and len(err.allowed) == 8
    refused(t, 0, "special", "The destination", to=KING)


def test_royal_advisor_moves_the_king_to_a_neighbour_only():
    t = ready()
    t.turn_with("royal_advisor")
    err = refused(t, 0, "special", "The destination", to="galicia")
    assert sorted(err.allowed) == ["aragon", "castilla_la_vieja", "granada", "sevilla", "valencia"]
    refused(t, 0, "special", "The destination", to="castillo")
    t.do(0, "special", to="sevilla")
    assert t.state.king == "sevilla"


# --- scoreboard -----------------------------------------------------------------------------------

def test_scoreboard_placed_on_a_region_then_moved():
    t = ready()
    t.turn_with("scoreboard")
    t.do(0, "special", board="8-4-0", to="galicia")
    assert t.state.scoreboards == {"8-4-0": "galicia", "4-0-0": None}
    t.do(0, "place", places={})
    t.turn_with("scoreboard")
    t.do(1, "special", board="8-4-0", to="castillo")
    assert t.state.scoreboards == {"8-4-0": "castillo", "4-0-0": None}


def test_scoreboard_never_onto_the_kings_region_nor_onto_the_other_board():
    t = ready()
    t.state.scoreboards = {"8-4-0": None, "4-0-0": "granada"}
    t.turn_with("scoreboard")
    err = refused(t, 0, "special", "The destination", board="8-4-0", to=KING)
    assert KING not in err.allowed and "granada" not in err.allowed and "castillo" in err.allowed
    refused(t, 0, "special", "The destination", board="8-4-0", to="granada")
    refused(t, 0, "special", "The destination", board="4-0-0", to="granada")  # moving means somewhere else
    refused(t, 0, "special", "The scoreboard cannot be", board="6-3-0", to="galicia")


def test_scoreboard_never_off_the_kings_region():
    t = ready()
    t.state.scoreboards = {"8-4-0": KING, "4-0-0": None}  # the King came to it
    t.turn_with("scoreboard")
    refused(t, 0, "special", "King's region", board="8-4-0", to="galicia")
    t.do(0, "special", board="4-0-0", to="galicia")
    assert t.state.scoreboards == {"8-4-0": KING, "4-0-0": "galicia"}


def _read(t: Table, text: str, lang: str = "en"):
    from domain.core.language import GameSession
    from domain.elgrande.module import GAME

    return GAME.language.parse(text, GameSession(GAME, t.state, t.state.turn.seat, lang=lang))


def _help(t: Table, lang: str) -> str:
    from domain.elgrande.module import GAME

    (d,) = t.pending()
    return next(line for line in GAME.language.help_lines(d, GAME.view(t.state, d.seat), lang)
                if "8/4/0" in line or "4/0/0" in line)


def test_scoreboard_in_play_is_moved_by_mail_as_the_help_line_writes_it():
    """A board in play may move (« o puoi spostarne uno già presente in una regione differente »):
    the form offers it to every place but the King's region, its own and the other board's, and
    "special 8/4/0 to Cataluña" (the mail's "special 8/4/0 to PLACE") is read as that move."""
    t = ready()
    t.state.scoreboards = {"8-4-0": "pais_vasco", "4-0-0": "granada"}
    t.turn_with("scoreboard")
    (d,) = t.pending()
    targets = {a.fixed["board"]: a.fields[0].constraint.options for a in d.form.answers
               if a.type == "special"}
    assert set(targets["8-4-0"]) == {"galicia", "aragon", "cataluna", "castilla_la_vieja",
                                     "valencia", "sevilla", "castillo"}
    assert _read(t, "special 8/4/0 to Cataluña").commands == [
        {"type": "special", "board": "8-4-0", "to": "cataluna"}]
    assert _read(t, "spécial 8/4/0 vers la Catalogne", "fr").commands == [
        {"type": "special", "board": "8-4-0", "to": "cataluna"}]
    line = _help(t, "en")
    assert line.startswith("special 8/4/0 to PLACE / special 4/0/0 to PLACE — ")
    assert line.endswith(": PLACE one of Galicia, Aragón, Cataluña, Castilla la Vieja, Valencia, "
                         "Sevilla, the Castillo")
    t.do(0, "special", board="8-4-0", to="cataluna")
    assert t.state.scoreboards == {"8-4-0": "cataluna", "4-0-0": "granada"}


@pytest.mark.parametrize(("lang", "stays"), [
    ("en", "(the 8/4/0 board is in the King's region: it stays there)"),
    ("fr", "(le tableau 8/4/0 est dans la région du Roi : il y reste)"),
    ("it", "(il segnapunti 8/4/0 è nella regione del Re: resta lì)")])
def test_the_help_line_offers_only_the_board_that_may_move(lang, stays):
    """The 8/4/0 on the King's region cannot leave it (the region is taboo): the mail's help line
    said "special 8/4/0 to PLACE / special 4/0/0 to PLACE" and the tester's "special 8/4/0 to
    Cataluña" was refused three times as not understood. The line now offers the 4/0/0 alone,
    with where it may go, and says why the 8/4/0 stays."""
    t = ready()
    t.state.scoreboards = {"8-4-0": KING, "4-0-0": None}
    t.turn_with("scoreboard")
    line = _help(t, lang)
    assert "8/4/0 " not in line.partition(" — ")[0] and line.endswith(stays)
    word = {"en": "special 4/0/0 to", "fr": "spécial 4/0/0 vers", "it": "speciale 4/0/0 a"}[lang]
    assert line.startswith(word + " ")
    assert _read(t, f"{word} Galicia" if lang != "fr" else f"{word} la Galice", lang).commands \
        == [{"type": "special", "board": "4-0-0", "to": "galicia"}]


def test_scoreboard_changes_the_values_scored():
    t = ready()
    t.turn_with("scoreboard")
    t.do(0, "special", board="8-4-0", to="galicia")
    t.do(0, "place", places={})
    t.turn_with("score_chosen")
    t.do(1, "special", place="galicia")
    assert t.state.scores == [10, 0, 0]  # 8 on the scoreboard + 2 home bonus


# --- grande ---------------------------------------------------------------------------------------

def test_grande_moves_and_becomes_home():
    t = ready()
    t.arrange(granada=[2, 1, 0])
    t.turn_with("grande")
    t.do(0, "special", to="granada")
    assert t.state.grandes[0] == "granada"
    t.do(0, "place", places={})
    t.turn_with("score_chosen")
    t.do(1, "special", place="granada")
    # Granada 6/3/1 with 3 players: seat 0 6 + 2 home bonus; seat 1 3.
    assert t.state.scores == [8, 3, 0]


def test_grande_may_share_a_region_but_the_home_bonus_needs_a_sole_leader():
    t = ready()
    t.turn_with("grande")
    t.do(0, "special", to="aragon")
    assert t.state.grandes[:2] == ["aragon", "aragon"]
    t.do(0, "place", places={})
    t.turn_with("score_chosen")
    t.do(1, "special", place="aragon")
    assert t.state.scores == [0, 7, 0]  # seat 1 alone first: 5 + 2; seat 0 has no Caballero there


def test_grande_refusals():
    t = ready()
    t.turn_with("grande")
    refused(t, 0, "special", "The destination", to=KING)
    refused(t, 0, "special", "The destination", to="castillo")
    refused(t, 0, "special", "The destination", to="galicia")  # where it already is


def test_grande_never_leaves_the_kings_region():
    t = ready()
    t.state.grandes[0] = KING
    t.turn_with("grande")
    refused(t, 0, "special", "King's region", to="granada")


def test_grande_original_every_player_chooses_secretly_and_may_stay():
    t = ready(edition="original")
    t.state.grandes[2] = KING  # seat 2's Grande may not leave: not asked
    t.turn_with("grande")
    refused(t, 0, "special", "no parameters", to="granada")
    t.do(0, "special")
    assert sorted(d.seat for d in t.pending()) == [0, 1]
    for d in t.pending():
        options = [o["choice"] for o in d.options]
        assert options[0] == t.state.grandes[d.seat]  # staying is allowed
        assert KING not in options and "castillo" not in options
    resolve_with(t, {1: "granada", 0: "galicia"})
    assert t.state.grandes == ["galicia", "granada", KING]


# --- power_card_back ------------------------------------------------------------------------------

def with_discards(t: Table, seat: int, cards: list[int]) -> None:
    """Seat's discard pile, bottom to top (the last one is this round's card)."""
    t.state.discards[seat] = list(cards)
    t.state.hands[seat] -= set(cards)


def test_power_card_back_this_rounds_card_is_public():
    t = ready()
    t.turn_with("power_card_back")
    events = t.do(0, "special", card=13)
    assert 13 in t.state.hands[0] and t.state.discards[0] == []
    returned = next(e for e in events if e.type == "power_card_returned")
    assert views.redact(returned, 1)["card"] == 13
    assert views.view(t.state, 1)["seats"][0]["hand_hidden"] == 0
    assert 13 in views.view(t.state, 1)["seats"][0]["hand"]


def test_power_card_back_under_the_top_is_private():
    t = ready()
    with_discards(t, 0, [4, 9, 13])
    t.turn_with("power_card_back")
    events = t.do(0, "special", card=4)
    assert 4 in t.state.hands[0] and t.state.discards[0] == [9, 13]
    for event in events:
        for viewer in (1, 2, None):
            seen = views.redact(event, viewer).to_json()
            assert 4 not in _numbers_named_card(seen), (event.type, viewer, seen)
            said = [m.to_json() for m in describe.describe(event, viewer)]
            assert 4 not in _numbers_named_card(said), (event.type, viewer, said)
    returned = next(e for e in events if e.type == "power_card_returned")
    assert views.redact(returned, 0)["card"] == 4  # the owner sees it
    other = views.view(t.state, 1)["seats"][0]
    assert 4 not in other["hand"] and other["hand_hidden"] == 1
    assert other["discards"] is None and other["discard_top"] == 13
    assert 4 in views.view(t.state, 0)["seats"][0]["hand"]


def test_power_card_back_declared_to_a_veto_holder_does_not_show_a_private_card():
    t = ready()
    t.state.vetoes[1] = [1]
    with_discards(t, 0, [4, 9, 13])
    t.turn_with("power_card_back")
    t.do(0, "special", card=4)
    assert t.state.turn.action is not None  # waiting for seat 1's veto decision
    for viewer in (1, 2, None):
        turn = views.view(t.state, viewer)["turn"]
        assert 4 not in _numbers_named_card(turn)
    (d,) = t.pending()
    assert 4 not in _numbers_named_card(d.to_json())
    assert views.view(t.state, 0)["turn"]["action"]["params"]["card"] == 4


def test_power_card_back_refuses_a_card_not_played():
    t = ready()
    with_discards(t, 0, [4, 13])
    t.turn_with("power_card_back")
    err = refused(t, 0, "special", "power cards you have played", card=5)
    assert err.allowed == [4, 13]


def test_a_privately_returned_card_can_be_played_again():
    t = ready()
    with_discards(t, 0, [4, 9, 13])
    t.turn_with("power_card_back")
    t.do(0, "special", card=4)
    assert 4 in t.state.private_returns[0]
    while t.state.phase == "turns":  # everybody declines and places nothing
        d = t.pending()[0]
        if d.kind == "take":
            t.do(d.seat, "take", count=0)
        elif d.kind == "choose_card":
            t.do(d.seat, "choose_card", stack=d.options[0]["stack"])
        elif not d.info["special_done"]:
            t.do(d.seat, "decline")
        else:
            t.do(d.seat, "place", places={})
    while (d := t.pending()[0]).seat != 0:
        t.do(d.seat, "play_power", card=d.options[-1]["card"])
    assert d.kind == "power_card" and {"type": "play_power", "card": 4} in d.options


def _numbers_named_card(value) -> list:
    """Every value stored under a key named 'card' anywhere in a JSON value."""
    found = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "card":
                found.append(v)
            found += _numbers_named_card(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found += _numbers_named_card(v)
    return found


# --- court_2 --------------------------------------------------------------------------------------

def test_court_2_moves_up_to_two_from_the_provinces():
    t = ready()
    t.turn_with("court_2")
    refused(t, 0, "special", "number of Caballeros", count=3)
    t.do(0, "special", count=2)
    assert t.state.court[0] == 9 and t.state.provinces[0] == 19


def test_court_2_only_from_the_provinces_never_the_board():
    t = ready()
    t.arrange(granada=[20, 0, 0])  # seat 0: 1 left in the provinces
    assert t.state.provinces[0] == 1
    t.turn_with("court_2")
    refused(t, 0, "special", "number of Caballeros", count=2)
    t.do(0, "special", count=1)
    assert t.state.provinces[0] == 0 and t.state.court[0] == 8 and t.state.places["granada"][0] == 20


def test_court_2_with_empty_provinces_is_refused():
    t = ready()
    t.arrange(granada=[21, 0, 0])
    t.turn_with("court_2")
    refused(t, 0, "special", "no Caballeros left in the provinces", count=1)


# --- eviction -------------------------------------------------------------------------------------

def test_eviction_opponents_there_choose_secretly_and_move_all():
    t = ready(4)
    t.arrange(granada=[2, 3, 1, 0])
    t.turn_with("eviction")
    t.do(0, "special", region="granada")
    assert sorted(d.seat for d in t.pending()) == [1, 2]  # seat 3 has none there, seat 0 is active
    resolve_with(t, {1: "cataluna", 2: "pais_vasco"})
    assert t.state.places["granada"] == [2, 0, 0, 0]
    assert t.state.places["cataluna"][1] == 3 and t.state.places["pais_vasco"][2] == 1


def test_eviction_decennial_kings_region_or_same_region_sends_back_to_court():
    t = ready(3)
    t.arrange(granada=[0, 3, 2])
    t.turn_with("eviction")
    t.do(0, "special", region="granada")
    resolve_with(t, {1: KING, 2: "granada"})
    assert t.state.places["granada"] == [0, 0, 0]
    assert t.state.places[KING] == [0, 0, 0]
    assert t.state.court == [7, 10, 9]


def test_eviction_original_evicted_region_not_allowed_kings_region_to_court():
    t = ready(3, edition="original")
    t.arrange(granada=[0, 3, 2])
    t.turn_with("eviction")
    t.do(0, "special", region="granada")
    err = refused(t, 1, "secret", "not a choice", choice="granada")
    assert "granada" not in err.allowed and KING in err.allowed and "castillo" not in err.allowed
    resolve_with(t, {1: KING, 2: "galicia"})
    assert t.state.court[1] == 10 and t.state.places["galicia"][2] == 2


def test_eviction_refusals():
    t = ready(3)
    t.arrange(castilla_la_nueva=[0, 2, 0], castillo=[0, 2, 0])
    t.turn_with("eviction")
    refused(t, 0, "special", "King's region is taboo", region=KING)
    refused(t, 0, "special", "region to evict", region="castillo")


def test_eviction_of_an_empty_region_does_nothing():
    t = ready(3)
    t.turn_with("eviction")
    t.do(0, "special", region="granada")
    assert t.state.secret is None and t.state.turn.special_done


# --- secret_scoring -------------------------------------------------------------------------------

def test_secret_scoring_scores_only_regions_chosen_by_exactly_one_player():
    t = ready(4)
    t.arrange(castilla_la_nueva=[0, 0, 0, 2], granada=[1, 2, 0, 0])
    t.turn_with("secret_scoring")
    t.do(0, "special")
    assert sorted(d.seat for d in t.pending()) == [0, 1, 2, 3]  # every player, the active one too
    resolve_with(t, {0: "galicia", 1: "galicia", 2: KING, 3: "granada"})
    # Galicia chosen twice: not scored. Castilla la Nueva (7/4/2): seat 3 alone 7 + 2 King's bonus.
    # Granada (6/3/1): seat 1 6, seat 0 3.
    assert t.state.scores == [3, 6, 0, 9]
    scored = [e["place"] for e in t.events if e.type == "place_scored"]
    assert scored == [KING, "granada"]


def test_secret_scoring_never_offers_the_castillo():
    t = ready(3)
    t.turn_with("secret_scoring")
    t.do(0, "special")
    refused(t, 1, "secret", "not a choice", choice="castillo")
