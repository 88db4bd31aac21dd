"""The table's move endpoint (`POST /games/<id>/move`, service/web/table.py): a move as JSON, signed in
by the session and its CSRF token in a header, played by the same path as every move; a refusal is
JSON in the player's language and changes nothing; the version poll says when the game moved."""

from __future__ import annotations

import json
import re
from typing import Any

from service import queries
from tests.web.conftest import Game, csrf_of, sign_in

DATA = re.compile(r'<script type="application/json" id="table-data">(.*?)</script>', re.S)


def _table(client: Any, game: Game) -> tuple[dict[str, Any], str]:
    page = client.get(f"/games/{game.id}")
    assert page.status_code == 200
    found = DATA.search(page.text)
    assert found, "no table on the game page"
    return json.loads(found.group(1)), csrf_of(page.text)


def _version(wctx: Any, game: Game) -> int:
    return queries.header(wctx, game.id, None).version


def test_the_table_carries_the_typed_decision_with_the_games_words(app: Any, game: Game,
                                                                   wctx: Any) -> None:
    bob = app.test_client()
    sign_in(bob, wctx, game.ids[1])
    game.play(0, "play_power", card=13)
    data, _token = _table(bob, game)
    power = data["decisions"][0]["answers"][0]
    assert power["type"] == "play_power"
    assert power["fields"][0]["constraint"]["options"] == [c for c in range(1, 13)]
    # Bob reads French: the page's words and the game's labels of what it offers
    assert data["words"]["table.send"] == "Confirmer"
    assert data["labels"]["power_card"]["12"].startswith("12")
    ann = app.test_client()
    sign_in(ann, wctx, game.ids[0])
    assert _table(ann, game)[0]["decisions"] == []  # Ann waits: nothing to offer


def test_a_move_is_played_from_json_and_a_refusal_is_said_in_the_players_language(
        app: Any, game: Game, wctx: Any) -> None:
    game.play(0, "play_power", card=13)
    bob = app.test_client()
    sign_in(bob, wctx, game.ids[1])
    data, token = _table(bob, game)
    before = _version(wctx, game)
    headers = {"X-CSRFToken": token}
    taken = bob.post(f"/games/{game.id}/move", headers=headers, json={
        "type": "play_power", "answer": 0, "params": {"card": 13}, "version": data["version"]})
    assert taken.status_code == 422
    assert taken.get_json()["ok"] is False
    assert taken.get_json()["error"].startswith("Pas fait :")  # French, the engine's words
    assert _version(wctx, game) == before  # nothing was played
    garbled = bob.post(f"/games/{game.id}/move", headers=headers, json={"type": 3, "params": []})
    assert garbled.status_code == 400 and garbled.get_json()["error"].startswith("Pas fait")
    stale = bob.post(f"/games/{game.id}/move", headers=headers, json={
        "type": "play_power", "answer": 0, "params": {"card": 12}, "version": before - 1})
    assert stale.status_code == 412 and _version(wctx, game) == before
    played = bob.post(f"/games/{game.id}/move", headers=headers, json={
        "type": "play_power", "answer": 0, "params": {"card": 12}, "version": before})
    assert played.status_code == 200, played.get_json()
    assert played.get_json() == {"ok": True, "version": _version(wctx, game)}
    poll = bob.get(f"/games/{game.id}/version")
    assert poll.get_json()["version"] == _version(wctx, game) > before
    assert poll.headers["Cache-Control"] == "private, no-store"


def test_a_move_needs_the_session_its_csrf_token_and_a_seat(app: Any, game: Game,
                                                           wctx: Any) -> None:
    body = {"type": "play_power", "answer": 0, "params": {"card": 13}}
    before = _version(wctx, game)
    stranger = app.test_client()
    page = stranger.get("/login")
    out = stranger.post(f"/games/{game.id}/move", json=body,
                        headers={"X-CSRFToken": csrf_of(page.text)})
    assert out.status_code == 401 and "sign in" in out.get_json()["error"]
    ann = app.test_client()
    sign_in(ann, wctx, game.ids[0])
    forged = ann.post(f"/games/{game.id}/move", json=body)  # no CSRF token: never played
    assert forged.status_code == 400
    assert _version(wctx, game) == before
