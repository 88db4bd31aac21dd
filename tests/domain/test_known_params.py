"""decide_known: a command may carry only the parameters the rules read for it now, and the
refusal names them (a card with two halves takes only the chosen half's)."""

from __future__ import annotations

import pytest

from domain.core.commands import Command, ReadParams, decide_known
from domain.core.errors import RuleError
from domain.elgrande import rules
from tests.domain.helpers import ready


def test_a_card_with_two_halves_takes_only_the_chosen_halfs_parameters() -> None:
    t = ready()
    t.turn_with("place_2_or_move_all_own")
    place = {"mode": "place", "places": {"cataluna": 2}}
    with pytest.raises(RuleError) as info:
        decide_known(rules.decide, t.state, Command("special", 0, {**place, "from": "galicia"}))
    assert info.value.message == "“special” does not take “from”: it takes only “mode”, “places”."
    assert info.value.allowed == ["mode", "places"]
    move_all = {"mode": "move_all", "from": "galicia", "to": {"castillo": 2}}
    with pytest.raises(RuleError) as info:
        decide_known(rules.decide, t.state, Command("special", 0, {**move_all, "places": {}}))
    assert info.value.allowed == ["from", "mode", "to"]
    assert decide_known(rules.decide, t.state, Command("special", 0, move_all)) \
        == rules.decide(t.state, Command("special", 0, move_all))


def test_a_command_the_rules_refuse_is_refused_for_that_first() -> None:
    t = ready()
    with pytest.raises(RuleError, match="not your move"):
        decide_known(rules.decide, t.state, Command("take", 1, {"count": 0, "junk": 1}))


def test_reading_every_name_counts_as_reading_them_all() -> None:
    params = ReadParams({"a": 1, "b": 2})
    assert len(params) == 2 and params.read == set()  # "are there any?" reads no name
    assert params.get("a") == 1 and "z" not in params
    assert params.read == {"a", "z"}
    assert dict(params) == {"a": 1, "b": 2} and params.read == {"a", "b", "z"}
