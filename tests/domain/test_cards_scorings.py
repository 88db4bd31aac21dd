"""Stack 3: the special scorings (shared/rules/el-grande.md, "Action cards" and "Scoring a place").

Four players so that three ranks count. Set-up (helpers.Table): the King in Castilla la Nueva
(7/4/2); Grandes (homes) in Galicia (seat 0), Aragón (1), Sevilla (2), Valencia (3), 2 Caballeros each.
Expected points are worked out from the printed values in the rules' table, the tie rule (a tied group
gets the next rank's value) and the +2 bonuses for a sole leader (King's region, own Grande).
"""

from __future__ import annotations

import pytest

from domain.core.errors import RuleError
from tests.domain.helpers import Table
from tests.domain.helpers import ready as ready_for

KING = "castilla_la_nueva"


def ready(players: int = 4) -> Table:
    """Scoring examples use four players unless they say otherwise."""
    return ready_for(players)


def score_with(t: Table, card: str, **params) -> list[int]:
    """Play the card's special action as seat 0; returns each seat's gain."""
    before = list(t.state.scores)
    t.turn_with(card)
    t.do(0, "special", **params)
    return [a - b for a, b in zip(t.state.scores, before, strict=True)]


def scored_places(t: Table) -> list[str]:
    return [e["place"] for e in t.events if e.type == "place_scored"]


def test_score_4s():
    t = ready()
    t.arrange(galicia=[2, 1, 0, 0], cataluna=[0, 0, 1, 3])
    # Galicia 4/2/0: seat 0 4 (+2 home), seat 1 2. Cataluña 4/2/1: seat 3 4, seat 2 2.
    # Sevilla 4/3/1: seat 2 alone, 4 (+2 home). Aragón and Valencia (5s) are not scored.
    assert score_with(t, "score_4s") == [6, 2, 8, 4]
    assert scored_places(t) == ["galicia", "cataluna", "sevilla"]


def test_score_4s_follows_the_mobile_scoreboards():
    """004's examples: 8/4/0 on Galicia makes it no 4; 4/0/0 on Granada makes Granada a 4."""
    t = ready()
    t.state.scoreboards = {"8-4-0": "galicia", "4-0-0": "granada"}
    t.arrange(granada=[0, 1, 0, 0])
    gains = score_with(t, "score_4s")
    assert scored_places(t) == ["cataluna", "sevilla", "granada"]
    assert gains == [0, 4, 6, 0]  # Granada 4/0/0 to seat 1; Sevilla 4 + 2 home to seat 2


def test_score_5s_never_scores_the_castillo():
    t = ready()
    t.arrange(aragon=[1, 2, 1, 0], castillo=[5, 0, 0, 0])
    # Aragón 5/4/1: seat 1 first, 5 (+2 home); seats 0 and 2 tie for second and get 1 each.
    # Valencia 5/3/2: seat 3, 5 (+2 home). País Vasco is empty. The Castillo (5/3/1) is not a region.
    assert score_with(t, "score_5s") == [1, 7, 1, 7]
    assert scored_places(t) == ["pais_vasco", "aragon", "valencia"]


def test_score_6s_7s_with_the_kings_bonus_and_a_tie_for_first():
    t = ready()
    t.arrange(castilla_la_nueva=[3, 1, 0, 0], granada=[0, 0, 2, 2], castilla_la_vieja=[0, 0, 0, 1])
    # Castilla la Nueva 7/4/2 (the King's): seat 0 7 +2, seat 1 4. Granada 6/3/1: seats 2 and 3
    # tie for first and both get 3, no bonus. Castilla la Vieja 6/4/2: seat 3 6.
    assert score_with(t, "score_6s_7s") == [9, 4, 3, 9]
    assert scored_places(t) == ["castilla_la_vieja", "castilla_la_nueva", "granada"]


def test_score_6s_7s_skips_a_region_covered_by_a_smaller_scoreboard():
    t = ready()
    t.state.scoreboards = {"8-4-0": None, "4-0-0": "granada"}
    t.arrange(granada=[0, 0, 2, 0])
    score_with(t, "score_6s_7s")
    assert scored_places(t) == ["castilla_la_vieja", "castilla_la_nueva"]


def test_score_castillo_ties_and_caballeros_stay():
    t = ready()
    t.arrange(castillo=[3, 3, 1, 0])
    # 5/3/1: seats 0 and 1 tie for first: both 3; seat 2 then gets the third value, 1.
    assert score_with(t, "score_castillo") == [3, 3, 1, 0]
    assert t.state.places["castillo"] == [3, 3, 1, 0]


def test_score_castillo_with_an_8_4_0_scoreboard_on_it():
    t = ready()
    t.state.scoreboards = {"8-4-0": "castillo", "4-0-0": None}
    t.arrange(castillo=[1, 2, 0, 0])
    assert score_with(t, "score_castillo") == [4, 8, 0, 0]


def test_score_first_places_only_sole_leaders_score():
    t = ready()
    t.arrange(granada=[1, 1, 0, 0], castilla_la_nueva=[0, 0, 0, 1], aragon=[1, 2, 0, 0],
              castillo=[4, 0, 0, 0])
    # Each home: its owner alone first with 1st value + 2 home: Galicia 4+2, Aragón 5+2 (seat 0's
    # second place does not count), Sevilla 4+2, Valencia 5+2. Granada: a tie, nobody scores.
    # Castilla la Nueva: seat 3 alone, 7 + 2 King's bonus. The Castillo is not scored.
    assert score_with(t, "score_first_places") == [6, 7, 6, 16]
    assert "castillo" not in scored_places(t)


def test_score_most_scores_all_tied_fullest_regions_but_never_the_castillo():
    t = ready()
    t.arrange(castillo=[5, 5, 0, 0], granada=[2, 1, 0, 0], cataluna=[0, 0, 1, 2])
    # Fullest regions: Granada and Cataluña, 3 each (the homes hold 2; the Castillo is not a region).
    # Granada 6/3/1: seat 0 6, seat 1 3. Cataluña 4/2/1: seat 3 4, seat 2 2.
    assert score_with(t, "score_most") == [6, 3, 2, 4]
    assert scored_places(t) == ["cataluna", "granada"]


def test_score_most_single_fullest_region():
    t = ready()
    t.arrange(sevilla=[1, 1, 3, 0])
    # Sevilla (5) 4/3/1: seat 2 4 + 2 home; seats 0 and 1 tie for second: the third value, 1 each.
    assert score_with(t, "score_most") == [1, 1, 6, 0]
    assert scored_places(t) == ["sevilla"]


def test_score_fewest_ignores_empty_regions_and_scores_all_tied():
    t = ready()
    t.arrange(galicia=[1, 0, 0, 0], cataluna=[0, 0, 0, 1], castillo=[0, 1, 0, 0])
    # Non-empty regions: Galicia 1, Cataluña 1, Aragón/Sevilla/Valencia 2. Fewest: Galicia and
    # Cataluña. Galicia 4 + 2 home to seat 0; Cataluña 4 to seat 3. The Castillo (1) is not a region.
    assert score_with(t, "score_fewest") == [6, 0, 0, 4]
    assert scored_places(t) == ["galicia", "cataluna"]


def test_score_chosen_from_stack_3_places_up_to_3():
    t = ready()
    t.state.face_up[3] = "score_chosen"
    t.do(0, "choose_card", stack=3)
    with pytest.raises(RuleError, match="at most 3"):
        t.do(0, "place", places={"castillo": 4})
    t.do(0, "place", places={"castillo": 3})
    t.do(0, "special", place="castillo")
    assert t.state.scores == [5, 0, 0, 0]


@pytest.mark.parametrize("card", ["score_4s", "score_5s", "score_6s_7s", "score_castillo",
                                  "score_first_places", "score_most", "score_fewest"])
def test_scoring_cards_take_no_parameters(card):
    t = ready()
    t.turn_with(card)
    before = t.state.clone()
    with pytest.raises(RuleError, match="no parameters"):
        t.do(0, "special", place="galicia")
    assert t.state == before


@pytest.mark.parametrize("card", ["score_4s", "score_castillo", "score_most"])
def test_a_scoring_card_may_be_declined(card):
    t = ready()
    t.arrange(castillo=[2, 0, 0, 0])
    t.turn_with(card)
    t.do(0, "decline")
    assert t.state.scores == [0, 0, 0, 0]
