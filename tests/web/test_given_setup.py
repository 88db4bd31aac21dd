"""Issue 12, item 6: the game page tells every seat that the face-down order was given, and by
whom (the `game` fixture's stacks are given by Olga, who does not play), in their language."""

from __future__ import annotations

import html
from typing import Any

from tests.web.conftest import Game, sign_in

SAID = {
    0: "the order of the face-down cards of stacks 1, 2, 3 and 4 was set by Olga, who created the "
       "game and knows it",
    1: "l'ordre des cartes face cachée des piles 1, 2, 3 et 4 a été fixé par Olga, qui a créé la "
       "partie et le connaît",
    2: "l'ordine delle carte coperte dei mazzi 1, 2, 3 e 4 è stato fissato da Olga, che ha creato "
       "la partita e lo conosce",
}


def test_every_seat_and_spectator_is_told_the_stacks_were_given(app: Any, wctx: Any,
                                                                game: Game) -> None:
    for seat, sentence in SAID.items():
        client = app.test_client()
        sign_in(client, wctx, game.ids[seat])
        page = html.unescape(client.get(f"/games/{game.id}").text)
        assert sentence in page
    watched = html.unescape(app.test_client().get(f"/games/{game.id}/watch").text)
    assert 'id="given-setup"' in watched
