"""A move card's form sent with no row filled in (the play-test: "Give the moves as a list of
{seat, from, to, count}") is refused in words a player understands, saying what to do instead."""

from __future__ import annotations

import pytest

from domain.core.errors import RuleError
from tests.domain.helpers import ready


@pytest.mark.parametrize("card", ["move_3_any", "move_5_from_region", "move_3_opponents"])
def test_no_move_at_all_is_refused_saying_what_to_do(card: str) -> None:
    t = ready(3)
    t.turn_with(card)
    with pytest.raises(RuleError) as refused:
        t.do(0, "special", moves=[])
    said = {lang: refused.value.render(lang, ["Ann", "Bob", "Cid"]) for lang in ("en", "fr", "it")}
    assert said["en"] == ("Choose at least one Caballero to move (whose, from where, to where), "
                          "or decline the action.")
    assert said["fr"] == ("Choisissez au moins un Caballero à déplacer (à qui, d'où, vers où), ou "
                          "refusez l'action.")
    assert said["it"] == ("Scegli almeno un Caballero da spostare (di chi, da dove, verso dove), "
                          "o rinuncia all'azione.")
    assert "{" not in " ".join(said.values())


def test_a_move_out_of_turn_names_the_command_as_the_player_writes_it() -> None:
    """Not "“choose_card” is not what you must do now": the command's word in each language."""
    from tests.domain.helpers import Table

    t = Table(3)
    t.play_powers(6, 5, 4)
    with pytest.raises(RuleError) as refused:
        t.do(0, "choose_card", stack=1)
    assert refused.value.render("fr") == ("« carte » n'est pas ce que vous devez faire "
                                          "maintenant : vous devez amener des Caballeros à la "
                                          "cour.")
    assert refused.value.render("it").startswith("«carta» non è ciò che devi fare ora")
    assert "choose_card" not in refused.value.render("en")
