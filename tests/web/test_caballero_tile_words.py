"""El Caballero's game page read by a French player once a tile is laid: the log, the board's
face-up list and the form name terrain tiles in words and by their face-up number, never by the
engine's id (« T45 » matched nothing a player could see or type)."""

from __future__ import annotations

import re
from typing import Any

from domain.core.commands import Command
from service import commands
from service.store import Source
from tests.web.caballero import at_the_first_tile, player_at
from tests.web.shots import shot


def test_the_page_names_tiles_in_words_never_by_id(page_for: Any, wctx: Any) -> None:
    _module, game_id, _state, decision = at_the_first_tile(wctx)
    tile, places = next(iter(decision.constraint["lay_tile"].items()))
    commands.handle(game_id, decision.seat,
                    Command("lay_tile", decision.seat,
                            {"tile": tile, "at": places[0]["at"], "turn": places[0]["turns"][0]}),
                    Source("api"), ctx=wctx)
    page = page_for(player_at(wctx, game_id, decision.seat))
    page.goto(f"/games/{game_id}")
    shot(page, "caballero-fr")
    text = page.locator("body").inner_text()
    assert " pose une tuile en " in text and "La tuile de départ, en m13 : " in text
    assert re.findall(r"\bT\d+\b", text) == []


def test_a_typed_tile_is_echoed_by_the_number_typed(app: Any, wctx: Any) -> None:
    import html

    from domain.elcaballero import coords
    from tests.web.conftest import csrf_of, sign_in

    _module, game_id, state, decision = at_the_first_tile(wctx)
    # A face-up tile that fits somewhere (the game's seed is the lobby's: any one may not)
    number, second = next((i + 1, f["tile"]) for i, f in enumerate(decision.constraint["face_up"])
                          if f["tile"] in decision.constraint["lay_tile"])
    place = decision.constraint["lay_tile"][second][0]
    line = f"tuile {number} en {coords.name(place['at'])} tourne {place['turns'][0]}"
    client = app.test_client()
    sign_in(client, wctx, player_at(wctx, game_id, decision.seat))
    page = client.get(f"/games/{game_id}").text
    client.post(f"/games/{game_id}/text", data={"csrf_token": csrf_of(page), "text": line})
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert state().terrain[tuple(place["at"])][0] == second
    assert f"Joué : {line}" in page and not re.search(r"\bT\d+\b", _text_of(page))


def _text_of(page: str) -> str:
    """The page as read: its text, not its tags' attributes."""
    return re.sub(r"<[^>]*>", " ", page)
