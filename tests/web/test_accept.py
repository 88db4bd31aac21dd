"""Accepting an invitation on the game page (the invitation mail's link leads there): a game starts
only once every invited player has accepted, so the web must let them."""

from __future__ import annotations

from typing import Any

from service import lobby, players
from tests.web.conftest import EMAILS, csrf_of, sign_in


def test_invited_players_accept_on_the_game_page(app: Any, wctx: Any) -> None:
    people = [players.add(wctx, e, name=n, language=lang)[0]
              for e, n, lang in zip(EMAILS, ["Ann", "Bob", "Cid"], ["en", "fr", "it"], strict=True)]
    game_id = lobby.create(wctx, people[0], game="el-grande", emails=EMAILS).game_id
    url = f"/games/{game_id}"
    ann, bob, cid = (app.test_client() for _ in range(3))
    for client, person in zip((ann, bob, cid), people, strict=True):
        sign_in(client, wctx, person.id)
    page = ann.get(url).text
    assert "Invitation not yet accepted by: Bob, Cid." in page
    assert 'id="accept-seat"' not in page  # the creator's seat is accepted by creating the game
    page = bob.get(url).text
    assert 'id="accept-seat"' in page and "Invitation pas encore acceptée par : Bob, Cid." in page
    done = bob.post(f"{url}/accept", data={"csrf_token": csrf_of(page)}, follow_redirects=True)
    assert "Vous avez accepté votre place." in done.text and 'id="accept-seat"' not in done.text
    assert "Invitation pas encore acceptée par : Cid." in done.text
    assert bob.post(f"{url}/accept").status_code == 400  # no CSRF token: nothing done
    page = cid.get(url).text
    done = cid.post(f"{url}/accept", data={"csrf_token": csrf_of(page)}, follow_redirects=True)
    assert "Tutti hanno accettato: la partita è iniziata." in done.text
    assert "<svg" in ann.get(url).text  # the board: the game is on
