"""The pages leak nothing a viewer may not see: another seat's secret choice, hidden Castillo
counts (castillo_visibility=memory), the order of the face-down stacks, the seed.

Non-interference: two games that differ only in a hidden fact give the same pages (once the game
id, the CSRF token and the clock are blanked) to every viewer who may not see that fact.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select

from domain.elgrande.data import stack_contents
from service import players
from service.tables import games
from tests.service.seating import started_game
from tests.web.conftest import EMAILS, SETUP, Game, organiser, sign_in, to_ann_act

PAGES = ["/games/{id}", "/games/{id}/watch", "/games/{id}/board.svg"]


def normalise(text: str, game_id: str) -> str:
    text = text.replace(game_id, "GAME")
    text = re.sub(r'(name="csrf_token" value=|name="csrf-token" content=)"[^"]+"', r'\1"X"', text)
    return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d", "TIME", text)


def new_game(wctx: Any, setup: dict[str, Any]) -> Game:
    ids = []
    for email, name in zip(EMAILS, ["Ann", "Bob", "Cid"], strict=True):
        player, _ = players.add(wctx, email, name=name, time_zone="UTC")
        ids.append(player.id)
    game_id = started_game(wctx, organiser(wctx), game="el-grande", emails=EMAILS,
                           options={"castillo_visibility": "memory"}, setup=setup)
    return Game(game_id, wctx, ids)


def pages_for(app: Any, wctx: Any, game: Game, seat: int | None) -> dict[str, str]:
    client = app.test_client()
    if seat is not None:
        sign_in(client, wctx, game.ids[seat])
    out = {}
    for path in PAGES:
        response = client.get(path.format(id=game.id))
        assert response.status_code == 200, (path, response.status_code)
        out[path] = normalise(response.text, game.id)
    return out


def assert_same_pages(app: Any, wctx: Any, one: Game, two: Game, viewers: list[int | None]) -> None:
    for viewer in viewers:
        first, second = pages_for(app, wctx, one, viewer), pages_for(app, wctx, two, viewer)
        for path in PAGES:
            assert first[path] == second[path], f"{path} differs for viewer {viewer}"


def test_another_seats_secret_choice_is_not_in_any_page(app: Any, wctx: Any) -> None:
    games_ = []
    for choice in ("cataluna", "valencia"):
        game = new_game(wctx, SETUP)
        to_ann_act(game)
        game.play(0, "place", places={"castillo": 1})
        game.play(0, "special")
        game.play(0, "secret", choice=choice)
        games_.append(game)
    assert_same_pages(app, wctx, *games_, viewers=[1, 2, None])
    mine = pages_for(app, wctx, games_[0], 0)["/games/{id}"]
    assert "You chose the Castillo" not in mine and "Cataluña" in mine.split("secret-banner")[1]


def test_face_down_stacks_and_seed_are_not_in_any_page(app: Any, wctx: Any) -> None:
    other = dict(SETUP)
    reordered = {}
    for n, cards in SETUP["stacks"].items():
        rest = list(reversed(cards[1:]))
        reordered[n] = [cards[0], *rest]
        assert sorted(reordered[n]) == sorted(stack_contents(int(n)))
    other["stacks"] = reordered
    one, two = new_game(wctx, SETUP), new_game(wctx, other)
    for game in (one, two):
        to_ann_act(game)
    assert_same_pages(app, wctx, one, two, viewers=[0, 1, None])
    with wctx.engine.connect() as conn:
        seed = conn.execute(select(games.c.seed).where(games.c.id == one.id)).scalar_one()
    for viewer in (0, 1, None):
        for text in pages_for(app, wctx, one, viewer).values():
            assert seed not in text and "given_stacks" not in text


def test_hidden_castillo_counts_are_not_shown(app: Any, wctx: Any, game: Game) -> None:
    to_ann_act(game)
    game.play(0, "place", places={"castillo": 3, "aragon": 1})
    bob = pages_for(app, wctx, game, 1)
    html = bob["/games/{id}"]
    castillo = re.search(r'data-place="castillo" aria-label="([^"]+)"', html).group(1)
    assert "Ann (rouge) caché" in castillo and "Bob (bleu)" not in castillo  # Bob has none there
    ann_row = re.search(r'<tr><th scope="row">Ann \(rouge\)</th>.*?</tr>', html, re.S)
    assert ann_row and ann_row.group(0).count("caché") == 2  # provinces and Castillo
    svg = bob["/games/{id}/board.svg"]
    assert ">?<" in svg and ">3<" not in svg.split('data-place="castillo"')[1].split("</g>")[0]
    ann = pages_for(app, wctx, game, 0)["/games/{id}"]
    assert re.search(r'data-place="castillo" aria-label="the Castillo; values 5/3/1; Ann \(red\) 3',
                     ann)
