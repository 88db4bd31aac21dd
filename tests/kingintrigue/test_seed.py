"""Issue 16 bullet by bullet, from the seed rulebook's wording (shared/seeds/002) and the reference
(shared/rules/king-and-intrigue.md): what the other test files of this folder do not cover."""

from __future__ import annotations

import inspect
import random

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.elgrande.data import CASTILLO, REGION_IDS, printed_values
from domain.kingintrigue import data
from domain.kingintrigue.module import GAME
from domain.simulate import play_random_game
from tests.kingintrigue.test_rules import act, play_round, started, system

SCORERS = [10, 20, 40, 60, 90, 100, 110, 120, 130, 150, 160, 170, 180]


def turn_with(card, keep=SCORERS, discs=None):
    """2 players: seat 0 plays `card` (the King card) and chooses its action; seat 1 plays 10."""
    s = play_round(started(2, discs=discs, keep=keep), {0: card, 1: 10})
    if GAME.pending(s)[0].kind == "take":
        s = act(s, Command("take", 0, {"count": 0}))
    if not s.choice:  # 180's action is the King card's: nothing to choose
        return s
    return act(s, Command("choose_action", 0, {"card": s.choice[-1]}))


def scored(s, command):
    return [e["place"] for e in GAME.decide(s, command) if e.type == "place_scored"]


# --- the game ------------------------------------------------------------------------------------

def test_the_game_is_named_in_three_languages_and_seats_2_to_5():
    assert GAME.name == "king-and-intrigue"
    assert dict(GAME.title) == {"en": "El Grande — King & Intrigue",
                                "fr": "El Grande — Roi et intrigues",
                                "it": "El Grande — Re e intrighi"}
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    for players in (1, 6):
        with pytest.raises(RuleError) as caught:
            GAME.create(players, {}, "t", None)
        assert caught.value.render("fr") == \
            f"El Grande — Roi et intrigues se joue de 2 à 5 joueurs, pas à {players}."


# --- the set-up's secrets ------------------------------------------------------------------------

def test_the_discs_are_revealed_together_once_the_last_is_in():
    s = GAME.fold(GAME.create(3, {}, "t", {"king": "castilla_la_nueva",
                                           "homes": ["galicia", "aragon", "sevilla"],
                                           "first_player": 0}))
    for seat in range(3):
        s = act(s, Command("keep", seat, {"cards": list(SCORERS)}))
    s = system(s)
    s = act(s, Command("secret", 0, {"choice": "granada"}))
    s = act(s, Command("secret", 1, {"choice": "valencia"}))
    assert s.places["granada"][0] == 0 and s.places["valencia"][1] == 0
    assert GAME.view(s, 1)["secret"]["your_choice"] == "valencia"
    assert "granada" not in str(GAME.view(s, 1)["secret"]) and \
        "granada" not in str(GAME.view(s, None)["secret"])
    s = act(s, Command("secret", 2, {"choice": "granada"}))
    assert [d.kind for d in GAME.pending(s)] == ["resolve"]
    s = system(s)
    assert s.places["granada"] == [1, 0, 1] and s.places["valencia"][1] == 1
    assert s.provinces == [20, 20, 20] and s.phase == "power" and s.round == 1


# --- the round -----------------------------------------------------------------------------------

def test_power_card_values_are_distinct_in_a_round():
    s = started(3, keep=SCORERS)
    s = act(s, Command("play_power", 0, {"card": 90}))
    with pytest.raises(RuleError) as caught:
        GAME.decide(s, Command("play_power", 1, {"card": 90}))
    assert "déjà été jouée" in caught.value.render("fr")
    assert [o["card"] for o in GAME.pending(s)[0].options] == [
        c for c in sorted(SCORERS) if c != 90]


@pytest.mark.parametrize("players, cards, expected", [
    (2, {0: 40, 1: 180}, {1: ("king_card", 5), 0: ("intrigue_card", 2)}),
    (3, {0: 40, 1: 180, 2: 60}, {1: ("king_card", 5), 2: ("caballero_card", 3),
                                 0: ("intrigue_card", 1)}),
    (5, {0: 40, 1: 180, 2: 60, 3: 10, 4: 130},
     {1: ("king_card", 5), 4: ("caballero_card", 4), 2: ("caballero_card", 3),
      0: ("caballero_card", 2), 3: ("intrigue_card", 1)}),
])
def test_round_cards_and_turns_go_by_descending_value(players, cards, expected):
    s = play_round(started(players, keep=SCORERS), cards)
    assert s.round_cards == expected
    assert s.turn_order == sorted(cards, key=lambda seat: -cards[seat])


def test_a_turn_takes_up_to_the_power_cards_caballeros_and_places_up_to_the_round_card():
    s = play_round(started(2, keep=SCORERS), {0: 130, 1: 10})  # 130: 1 Caballero; King card: 5
    decision = GAME.pending(s)[0]
    assert decision.kind == "take" and decision.constraint["count"] == {"min": 0, "max": 1}
    with pytest.raises(RuleError):
        GAME.decide(s, Command("take", 0, {"count": 2}))
    s = act(s, Command("take", 0, {"count": 1}))
    s = act(s, Command("choose_action", 0, {"card": "king"}))
    with pytest.raises(RuleError) as caught:
        GAME.decide(s, Command("place", 0, {"places": {"castillo": 6}}))
    assert "au plus 5 Caballeros" in caught.value.render("fr")
    s = act(s, Command("place", 0, {"places": {"castillo": 5}}))
    s = act(s, Command("decline", 0))
    assert s.turn.seat == 1
    s = act(s, Command("take", 1, {"count": 6}))  # 10 and the Intrigue card: one action, no choice
    with pytest.raises(RuleError):  # the Intrigue card (2 players): 2 to place
        GAME.decide(s, Command("place", 1, {"places": {"castillo": 3}}))


def test_the_special_action_and_the_placement_come_in_either_order():
    first = turn_with(180)
    first = act(first, Command("special", 0, {"to": "aragon"}))
    assert first.king == "aragon" and "place" in GAME.pending(first)[0].constraint
    then = turn_with(180)
    then = act(then, Command("place", 0, {"places": {"castillo": 1}}))
    then = act(then, Command("special", 0, {"to": "aragon"}))
    assert then.king == "aragon" and then.places["castillo"][0] == 1


def test_with_4_players_the_intrigue_holder_does_only_the_intrigue():
    s = play_round(started(4, keep=SCORERS), {0: 160, 1: 40, 2: 10, 3: 90})
    while s.turn.seat != 2:
        seat = s.turn.seat
        d = GAME.pending(s)[0]
        s = act(s, GAME.default_command(s, d) if d.seat == seat else Command("allow", d.seat))
    assert s.turn.card == "intrigue" and s.choice == []


def test_nine_rounds_are_played_with_the_13_cards_kept():
    record = play_random_game("nine-rounds", 3, game=GAME)
    s = record.state
    assert s.round == 9 and GAME.is_over(s)
    assert all(len(s.hands[seat]) == 4 and len(s.discards[seat]) == 9 for seat in range(3))


# --- the cards -----------------------------------------------------------------------------------

def test_card_60_scores_the_castillo():
    assert scored(turn_with(60), Command("special", 0, {})) == [CASTILLO]


def test_card_90_places_a_mobile_scoreboard_and_scores_it():
    s = turn_with(90)
    s = act(s, Command("special", 0, {"board": "8-4-0", "to": "granada"}))
    assert s.scoreboards["8-4-0"] == "granada"


def test_card_100_scores_the_one_place_chosen_and_not_the_kings_taboo_rule():
    assert scored(turn_with(100), Command("special", 0, {"place": "aragon"})) == ["aragon"]


@pytest.mark.parametrize("card, firsts", [(110, (4,)), (120, (5,)), (150, (6, 7))])
def test_the_value_scorings_score_every_region_of_their_first_place_value(card, firsts):
    expected = [r for r in REGION_IDS if printed_values(r)[0] in firsts]
    assert scored(turn_with(card), Command("special", 0, {})) == expected


def test_card_180_the_king_goes_to_any_region_never_the_castillo():
    s = turn_with(180)
    with pytest.raises(RuleError):
        GAME.decide(s, Command("special", 0, {"to": CASTILLO}))
    assert act(s, Command("special", 0, {"to": "galicia"})).king == "galicia"


def test_the_2x_marker_doubles_the_next_general_scoring_then_goes_back():
    s = turn_with(130)
    with pytest.raises(RuleError):
        GAME.decide(s, Command("special", 0, {"region": CASTILLO}))
    s = act(s, Command("special", 0, {"region": "galicia"}))
    assert s.doubles == {"galicia": 0}
    rng = random.Random(3)
    scorings = []
    while s.scorings_done == 0:
        d = GAME.pending(s)[0]
        command = GAME.default_command(s, d) if d.seat is None else \
            GAME.sample_command(s, d, rng)
        events = GAME.decide(s, command)
        scorings += [e for e in events if e.type == "place_scored" and e["place"] == "galicia"
                     and e.payload.get("doubled")]
        s = GAME.fold(events, s)
    assert len(scorings) == 1 and s.doubles == {}


def test_the_intrigue_never_takes_from_the_castillo():
    s = play_round(started(2, keep=SCORERS), {0: 10, 1: 180})
    s = act(s, Command("decline", 1))
    s = act(s, Command("place", 1, {"places": {"castillo": 2}}))
    s = act(s, Command("take", 0, {"count": 6}))
    with pytest.raises(RuleError):
        GAME.decide(s, Command("special", 0, {"mode": "one", "moves": [
            {"seat": 1, "from": CASTILLO, "to": "galicia", "count": 1}]}))
    with pytest.raises(RuleError):
        GAME.decide(s, Command("special", 0, {"mode": "all", "from": CASTILLO,
                                              "to": "galicia"}))


def test_card_70_has_nothing_to_take_when_no_opponent_stands_in_a_region():
    s = turn_with(70, keep=[10, 20, 40, 50, 60, 70, 90, 100, 110, 130, 160, 170, 180])
    for region in REGION_IDS:
        s.places[region][1] = 0
    assert GAME.pending(s)[0].constraint["commands"] == ["place", "decline"]


# --- the data, the defaults ----------------------------------------------------------------------

def test_the_reconstructed_facts_are_marked_in_the_one_data_file():
    source = inspect.getsource(data)
    for name in ("ROUND_CARDS", "CAPTURE_CAP"):
        block = source[source.index(name):][:600]
        assert "RECONSTRUCTED" in block, name
    kinds = {v: c.basis for v, c in data.POWER_CARDS.items()}
    for value in (60, 100, 110, 120, 150, 170):
        assert "reconstructed" in kinds[value], value
    assert "RECONSTRUCTED (all counts but 40's)" in source


@pytest.mark.parametrize("players", [2, 5])
def test_a_game_of_default_moves_only_is_legal_to_the_end(players):
    """Every deadline passed: the documented default move is always legal and the game ends."""
    s = GAME.fold(GAME.create(players, {}, f"defaults-{players}", None))
    for _ in range(5000):
        if GAME.is_over(s):
            break
        d = GAME.pending(s)[0]
        s = GAME.fold(GAME.decide(s, GAME.default_command(s, d)), s)
    assert GAME.is_over(s)
