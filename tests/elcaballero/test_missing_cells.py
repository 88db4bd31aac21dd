"""A move without its cell is refused in the player's words, saying what is needed.

A mail once answered a player "'at' must be a cell (got None)". The reply named a move the turn's
form did not offer ("castle m14" with no Caballero tile on the board, "alcalde m13 north" with no
closed region): the reader then asks the game why, deciding the move's bare word, and every action
parsed its cell first. Now an action first says why it cannot be done now (no tile of yours, no
ship to buy, the court too short, nothing of that kind legal this turn), and a command that comes
without its cell or side is told what to write.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.core.language import GameSession, ParseError
from domain.elcaballero.module import GAME
from domain.elcaballero.rules import KINDS
from tests.corpus.replies import corpus

NAMES = ["Ann", "Bruno", "Chiara"]


def at(name: str) -> Any:
    return corpus.position_of({"at": name}).state


@pytest.mark.parametrize(("text", "lang", "said"), [
    ("castle m14", "en", "You have no Caballero tile on the board."),
    ("castillo m14", "fr", "Vous n'avez aucune tuile Caballeros sur le plateau."),
    ("castello m14", "it", "Non hai nessuna tessera Caballeros sul tabellone."),
    ("ship m14 north", "en", "You have no Caballero tile on the board."),
    ("take back m14", "en", "You have no Caballero tile on the board."),
    ("alcalde m13 north", "en", "No closed region can take an Alcalde now"),
    ("alcalde m13 nord", "fr", "Aucune région fermée ne peut recevoir d'Alcalde maintenant")])
def test_a_move_the_turn_does_not_offer_is_refused_with_why(text: str, lang: str,
                                                            said: str) -> None:
    """Ann's first turn (ec_turn12): no Caballero tile of hers on the board, no closed region."""
    with pytest.raises(ParseError) as refused:
        GAME.language.parse(text, GameSession(GAME, at("ec_turn12"), 0, lang=lang))
    message = str(refused.value)
    assert said in message
    assert "got None" not in message and "'at'" not in message


@pytest.mark.parametrize(("command", "lang", "said"), [
    ({"type": "castle"}, "en", "“castle” needs a cell: write “castle CELL”"),
    ({"type": "castle"}, "fr", "« castillo » demande une case : écrivez « castillo CASE »"),
    ({"type": "castle"}, "it", "«castillo» richiede una casella: scrivi «castillo CASELLA»"),
    ({"type": "take_back"}, "en", "“take back” needs a cell: write “take back CELL [SIDE]”"),
    ({"type": "ship", "at": "-2,1"}, "en",
     "“ship” needs a side of the tile: write “ship CELL SIDE [court]”"),
    ({"type": "ship", "at": "-2,1"}, "it",
     "«nave» richiede un lato della tessera: scrivi «nave CASELLA LATO [corte]»")])
def test_a_command_without_its_cell_or_side_says_what_to_write(command: dict[str, Any], lang: str,
                                                              said: str) -> None:
    """Chiara (ec_mid) may build a Castillo and buy a ship for her tile k14: the command as the
    API might send it, without its cell (or side), is told what is needed."""
    with pytest.raises(RuleError) as refused:
        GAME.decide(at("ec_mid"), Command.from_json(command, seat=2))
    assert refused.value.render(lang, NAMES).startswith(said)


def test_no_bare_move_of_any_kind_shows_a_parameter_or_none() -> None:
    """Every action's bare word, at turns along random games (basic and advanced), is refused in
    words in each language: never the parameter's name, never None."""
    checked = 0
    for game, advanced in (("missing-1", True), ("missing-2", False)):
        rng = random.Random(game)
        state = GAME.fold(GAME.create(3, {"advanced": advanced}, game, None))
        for step in range(160):
            if not GAME.pending(state):
                break
            decision = GAME.pending(state)[0]
            if decision.kind == "turn" and step % 4 == 0:
                for kind in (*KINDS, "lay_tile", "move_ship", "move_castle"):
                    try:
                        GAME.decide(state, Command(kind, decision.seat, {}))
                    except RuleError as error:
                        for lang in ("en", "fr", "it"):
                            text = error.render(lang, NAMES)
                            assert "(got None)" not in text and "'at'" not in text \
                                and "'from'" not in text and "'edge'" not in text, (kind, text)
                        checked += 1
            state = GAME.fold(GAME.decide(state, GAME.sample_command(state, decision, rng)),
                              state)
    assert checked > 100
