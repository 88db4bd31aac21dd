"""The invitation mail says "accept on the web page": the game page has the button, for the invited
player only, and the last acceptance starts the game."""

from __future__ import annotations

from typing import Any

from service import lobby, players, queries
from tests.web.conftest import EMAILS, csrf_of, sign_in


def test_an_invited_player_accepts_on_the_game_page_and_the_game_starts(app: Any,
                                                                        wctx: Any) -> None:
    ann, _ = players.add(wctx, EMAILS[0], name="Ann")
    bob, _ = players.add(wctx, EMAILS[1], name="Bob", language="fr")
    cid, _ = players.add(wctx, EMAILS[2], name="Cid")
    game_id = lobby.create(wctx, ann, game="el-grande", emails=EMAILS[:2]).game_id

    visitor = app.test_client()
    page = visitor.get(f"/games/{game_id}")
    assert 'id="accept"' not in page.text and "Sign in to accept the invitation." in page.text

    creator = app.test_client()
    sign_in(creator, wctx, ann.id)
    assert 'id="accept"' not in creator.get(f"/games/{game_id}").text  # accepted by creating

    stranger = app.test_client()
    sign_in(stranger, wctx, cid.id)
    token = csrf_of(stranger.get("/games").text)
    assert stranger.post(f"/games/{game_id}/accept", data={"csrf_token": token}).status_code == 403

    invited = app.test_client()
    sign_in(invited, wctx, bob.id)
    page = invited.get(f"/games/{game_id}")
    assert 'id="accept"' in page.text and "Accepter l&#39;invitation" in page.text
    assert invited.post(f"/games/{game_id}/accept").status_code == 400  # no CSRF token
    assert queries.header(wctx, game_id, bob).status == "invited"
    done = invited.post(f"/games/{game_id}/accept", data={"csrf_token": csrf_of(page.text)})
    assert done.status_code == 302 and done.location.endswith(f"/games/{game_id}")
    assert queries.header(wctx, game_id, bob).status == "active"
    page = invited.get(f"/games/{game_id}")
    assert "Vous avez accepté, et la partie a commencé." in page.text
    assert 'id="accept"' not in page.text
