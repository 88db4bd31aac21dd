"""The game page around a decision (issue 14, item 11 and the play-test after it): the message after
a move says what was played, in words and in the player's language; the player to move is told
what she must do, never that the game is "waiting for" her; and the JSON box is not offered where
a typed form does the job."""

from __future__ import annotations

import html
import re
from typing import Any

from service.web import forms
from tests.web.conftest import Game, csrf_of, sign_in, to_ann_act


def _signed(app: Any, wctx: Any, game: Game, seat: int) -> Any:
    client = app.test_client()
    sign_in(client, wctx, game.ids[seat])
    return client


def _text(body: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def _status(page: str) -> str:
    found = re.search(r'<p class="status" id="status"[^>]*>(.*?)</p>', page, re.S)
    assert found, "no status line"
    return _text(found.group(1)).strip()


def _flashes(page: str) -> list[str]:
    return [_text(m) for m in re.findall(r'<p class="flash ok"[^>]*>(.*?)</p>', page, re.S)]


def _post(client: Any, game: Game, **fields: str) -> str:
    page = client.get(f"/games/{game.id}").text
    version = re.search(r'name="version" value="(\d+)"', page)
    data = {"csrf_token": csrf_of(page), "version": version.group(1) if version else "", **fields}
    return str(client.post(f"/games/{game.id}/play", data=data, follow_redirects=True).text)


def test_after_a_move_the_page_says_what_was_played_in_the_players_language(
        app: Any, wctx: Any, game: Game) -> None:
    ann, bob, cid = (_signed(app, wctx, game, seat) for seat in range(3))
    done = _post(ann, game, type="play_power", **{"p.card": "13"})
    assert _flashes(done) == ["Done: Ann plays power card 13."]
    done = _post(bob, game, type="play_power", **{"p.card": "12"})
    assert _flashes(done) == ["C'est fait : Bob joue la carte pouvoir 12."]
    done = _post(cid, game, type="play_power", **{"p.card": "11"})
    assert _flashes(done)[0].startswith("Fatto: Cid gioca la carta potere 11.")
    done = _post(ann, game, type="choose_card", **{"p.stack": "4"})
    assert "Done: Ann takes the card “Secret scoring”" in _flashes(done)[0], _flashes(done)


def test_the_player_to_move_reads_what_she_must_do_not_that_she_is_waited_for(
        app: Any, wctx: Any, game: Game) -> None:
    ann, bob = _signed(app, wctx, game, 0), _signed(app, wctx, game, 1)
    page = ann.get(f"/games/{game.id}").text
    assert "Waiting for Ann" not in _text(page)
    assert "You must play a power card." in _status(page)
    assert "En attente d'Ann." in _status(bob.get(f"/games/{game.id}").text)  # not « de Ann »
    to_ann_act(game)
    game.play(0, "place", places={})
    game.play(0, "special")  # the secret scoring: everyone chooses a region in secret
    status = _status(ann.get(f"/games/{game.id}").text)
    assert "Waiting for Ann" not in status and "You must make a secret choice" in status
    assert "Also waiting for Bob and Cid." in status, status
    game.play(0, "secret", choice="aragon")
    status = _status(ann.get(f"/games/{game.id}").text)
    assert "Waiting for Bob and Cid." in status and "You must" not in status, status
    assert "Vous devez faire un choix secret" in _status(bob.get(f"/games/{game.id}").text)


def test_the_json_box_is_only_for_a_field_the_page_has_no_widget_for(
        app: Any, wctx: Any, game: Game) -> None:
    ann = _signed(app, wctx, game, 0)
    for seat, card in ((0, 13), (1, 12), (2, 11)):
        game.play(seat, "play_power", card=card)
    game.play(0, "choose_card", stack=1)  # move_3_any: move rows and a place form
    page = ann.get(f"/games/{game.id}").text
    assert 'name="p.moves.0.from"' in page and 'name="p.places.castillo"' in page
    assert 'name="json"' not in page and "JSON" not in _text(page)
    typed = {"type": "special", "fields": [{"name": "moves", "constraint": {
        "type": "moves", "max_total": 3, "seats": [0], "sources": [], "targets": []}}]}
    strange = {"type": "special", "fields": [{"name": "shape", "constraint": {"type": "polygon"}}]}
    prepared = forms.prepare([{"form": {"answers": [typed, strange]}}])
    assert [a["json"] for a in prepared[0]["answers"]] == [False, True]


def test_a_form_the_page_cannot_read_is_refused_in_the_players_language(
        app: Any, wctx: Any, game: Game) -> None:
    """Numbers that are not numbers, a parts list of superscript digits: nothing is played, and
    the player reads why in their own language (these were English sentences, or a 500)."""
    bob = _signed(app, wctx, game, 1)
    for seat, card in ((0, 12), (1, 13), (2, 11)):  # Bob plays first
        game.play(seat, "play_power", card=card)
    game.play(1, "choose_card", stack=1)
    done = _post(bob, game, type="place", **{"p.places.castillo": "abc"})
    assert "Pas fait : « abc » n'est pas un nombre entier." in _text(done), _text(done)
    done = _post(bob, game, type="place", json="[1, 2]", **{"p.places.castillo": "1"})
    assert "Pas fait : les paramètres JSON doivent être un objet ({…})." in _text(done)
    assert "Bob met" not in _text(done)
