"""A seat or a power card named in a command is a whole number.

JSON `true` reaches Python as True, which is an int equal to 1 (and 1.0 equals 1 too), so a rule
that only asks "is it among the legal values?" took `true` for 1 and stored it in the log as is.
(Counts are checked in the rules' own tests; the command's own `seat` in test_core.py.)
"""

from __future__ import annotations

import pytest

from tests.domain.helpers import Table, ready, refused

NOT_NUMBERS = [True, 1.0]


@pytest.mark.parametrize("card", NOT_NUMBERS)
def test_a_power_card_is_a_number(card):
    t = Table(3)
    err = refused(t, 0, "play_power", "whole number", card=card)
    assert 1 in err.allowed
    t.do(0, "play_power", card=1)
    assert t.state.power_played == {0: 1}


@pytest.mark.parametrize("seat", NOT_NUMBERS)
def test_a_moved_caballeros_seat_is_a_number(seat):
    t = ready(3)
    t.turn_with("move_3_any")
    err = refused(t, 0, "special", "There is no player",
                  moves=[{"seat": seat, "from": "aragon", "to": "granada", "count": 1}])
    assert err.allowed == [0, 1, 2]


@pytest.mark.parametrize("card", NOT_NUMBERS)
def test_a_power_card_taken_back_is_a_number(card):
    t = ready(3)
    t.state.discards[0] = [1, 13]
    t.state.hands[0] -= {1}
    t.turn_with("power_card_back")
    err = refused(t, 0, "special", "Take back one", card=card)
    assert err.allowed == [1, 13]
