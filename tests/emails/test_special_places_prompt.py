"""The question a mail asks ("What you must decide now: …") names the places a special action
must choose one of, in the player's language: the player decides from the question itself, not
from a help line further down (issue 24: a special action's allowed places were only in the help
lines). A special that moves Caballeros along rows (its targets depend on each row) keeps the
plain question; its help line says the rows."""

from __future__ import annotations

import pytest

from domain.elgrande.messages import place_name
from emails.render import describe_decision
from tests.corpus.replies import corpus

NAMES = ["Ann", "Bruno", "Chiara", "Dora"]
PROMPT = {"en": "place Caballeros and/or do the special action",
          "fr": "placer des Caballeros et/ou faire l'action spéciale",
          "it": "piazzare Caballeros e/o fare l'azione speciale"}


def _decision(at: str, seat: int):  # type: ignore[no-untyped-def]
    position = corpus.position_of({"at": at})
    decision = next(d for d in position.module.pending(position.state) if d.seat == seat)
    return position.module, decision


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_kings_card_lists_where_the_king_may_go(lang: str) -> None:
    module, decision = _decision("eg_act_king", 1)  # Bruno holds the King card; the King in Aragón
    asked = describe_decision(module, decision, lang, NAMES)
    assert asked.startswith(PROMPT[lang])
    allowed = decision.constraint["special"]["to"]
    assert "aragon" not in allowed and len(allowed) >= 5
    for place in allowed:
        assert place_name(place, lang) in asked, (place, asked)
    assert place_name("aragon", lang) not in asked  # where the King stands is no choice
    card = {"en": "“The King”", "fr": "« Le Roi »", "it": "«Il Re»"}[lang]
    assert card in asked, asked


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_move_along_rows_keeps_the_plain_question(lang: str) -> None:
    module, decision = _decision("eg_act_move22", 0)
    assert describe_decision(module, decision, lang, NAMES) == PROMPT[lang]
