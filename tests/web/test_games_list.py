"""The games list as each player reads it: the "Waiting for" column says "You" to the player it
waits for (in their language) and names only the others."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.web.conftest import Game, sign_in


def _waiting_cell(text: str) -> str:
    cell = re.search(r'<td class="waiting"[^>]*>(.*?)</td>', text, re.S)
    assert cell is not None, text
    return html.unescape(cell.group(1)).strip()


def test_the_waiting_column_says_you_in_each_language_and_names_the_others(
        app: Any, wctx: Any, game: Game) -> None:
    # The game waits for Ann (English): she reads that it is her turn, Bob (French) and Cid
    # (Italian) read her name.
    assert game.ids[0] != game.ids[1]
    expected = {0: "You", 1: "Ann", 2: "Ann"}
    for seat, words in expected.items():
        client = app.test_client()
        sign_in(client, wctx, game.ids[seat])
        page = client.get("/games")
        assert page.status_code == 200
        assert _waiting_cell(page.text) == words
