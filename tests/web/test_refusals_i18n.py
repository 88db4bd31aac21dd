"""Refusals on the web in the player's language, with the players' names: the text box's, and an
undo refused by the API the page forwards to (its flash used to be English for everyone)."""

from __future__ import annotations

import html
from typing import Any

from tests.web.conftest import Game, csrf_of, sign_in


def _flashes(client: Any, game: Game) -> str:
    return html.unescape(client.get(f"/games/{game.id}").text)


def test_a_french_player_reads_a_refused_typed_move_in_french(app: Any, wctx: Any,
                                                              game: Game) -> None:
    bob = app.test_client()
    sign_in(bob, wctx, game.ids[1])
    game.play(0, "play_power", card=13)
    page = bob.get(f"/games/{game.id}").text
    bob.post(f"/games/{game.id}/text", data={"csrf_token": csrf_of(page), "text": "pouvoir 13"})
    shown = _flashes(bob, game)
    assert "Pas joué, rien n'a changé : " in shown
    # after a colon, in lower case (French typography): « … : la carte pouvoir 13 … »
    assert ": la carte pouvoir 13 a déjà été jouée à cette manche par un autre joueur." in shown
    assert "already played" not in shown


def test_a_refused_undo_is_flashed_in_french_with_the_name_of_who_played_since(
        app: Any, wctx: Any, game: Game) -> None:
    bob = app.test_client()
    sign_in(bob, wctx, game.ids[1])
    game.play(0, "play_power", card=13)
    game.play(1, "play_power", card=12)
    game.play(2, "play_power", card=11)
    page = bob.get(f"/games/{game.id}").text
    bob.post(f"/games/{game.id}/undo", data={"csrf_token": csrf_of(page)})
    shown = _flashes(bob, game)
    assert "Annulation refusée : Vous ne pouvez annuler que si personne d'autre n'a agi depuis " \
        "votre coup : Cid a joué depuis." in shown
    assert "seat 2" not in shown and "events" not in shown
