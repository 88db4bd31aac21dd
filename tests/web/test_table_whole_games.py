"""A whole game of each game played on the board alone (issue 25), in Chromium at 1280 px, in
English: the player clicks only what lights up on the picture and the table's buttons under it
(`static/table.js` reading the typed decisions), never the forms beside it; bots play the other
seats in the server's own runner, and the page follows them by its poll, without a reload.

Each move the table offers is legal as offered: no post is refused. The player chooses at random
(seeded) among what is lit, as a person exploring the board could, so every shape of decision the
game asks (counts per place, moves source → target, a tile turned on a cell…) is met in a game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from service import lobby, players, states
from workers.embedded import Embedded

READY = """() => !document.getElementById('table') || (!document.querySelector('#table-data[data-old]')
  && document.querySelector('#table-actions button'))"""
"""The page is ready for the next move: the table was fetched again since the last post and
offers a move (or the game is over: no table)."""


class _Seeded:
    """The lobby's draws (the game's id and its secret seed), seeded: the same game each run."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def token_hex(self, n: int) -> str:
        return "%0*x" % (2 * n, self.rng.getrandbits(8 * n))

    def choice(self, seq: Any) -> Any:
        return self.rng.choice(seq)


@pytest.fixture
def runner(wctx: Any) -> Iterator[Embedded]:
    """The bots' runner of `pbem serve`, in this process: the live server's commits hand it the
    bot seats' decisions, which it plays one by one."""
    embedded = Embedded(wctx, interval=3600)
    wctx.publish = embedded.dispatch
    yield embedded
    embedded.stop()


def _play_on_board(page: Any, rng: random.Random, prefer: dict[str, float],
                   posts: dict[str, int], refused: list[str]) -> None:
    """One move from the board: an action from the table's buttons, then what lights up."""
    page.wait_for_function(READY, timeout=30_000)
    if page.locator("#table").count() == 0:
        return
    immediate = page.locator("#table-actions [data-post]")
    opened = page.locator("#table-actions [data-answer]")
    kinds = [opened.nth(i).get_attribute("data-type") for i in range(opened.count())]
    weights = [prefer.get(k or "", 1.0) for k in kinds]
    if immediate.count() and (not kinds or rng.random() < prefer.get("immediate", 0.3)):
        target = immediate.nth(rng.randrange(immediate.count()))
        kind = target.get_attribute("data-post") or "?"
    else:
        choice = rng.choices(range(len(kinds)), weights)[0]
        kind = kinds[choice] or "?"
        opened.nth(choice).click()
        target = None
        for _step in range(60):
            send = page.locator("#table-send")
            lit = page.locator("#board-box svg .hl")
            chips = page.locator("#table-compose .t-chips button[aria-pressed='false'], "
                                 "#table-compose .t-chips button:not([aria-pressed])")
            if send.is_enabled() and (rng.random() < 0.45 or (not lit.count() and not chips.count())):
                target = send
                break
            if lit.count() and (not chips.count() or rng.random() < 0.7):
                spot = lit.nth(rng.randrange(lit.count()))
                inner = spot.locator("text")  # a place's name lies inside its outline
                (inner.first if inner.count() else spot).click()
                if page.locator("#table-rotate").count() and rng.random() < 0.3:
                    page.keyboard.press("r")  # the tile turned to its next fit by the keyboard
            elif chips.count():
                chips.nth(rng.randrange(chips.count())).click()
            else:
                break
        if target is None:
            page.click("#table-compose .t-send button.secondary")  # start again: another action
            return
    page.evaluate("document.getElementById('table-data').dataset.old = '1'")
    with page.expect_response(lambda r: r.url.endswith("/move")) as response:
        target.click()
    posts[kind] = posts.get(kind, 0) + 1
    if response.value.status != 200:
        page.wait_for_selector("#table-error:not([hidden])")
        refused.append(f"{kind}: {page.inner_text('#table-error')}")
        page.evaluate("delete document.getElementById('table-data').dataset.old")


GAMES = [
    ("el-grande", {"short_game": True}, {"immediate": 0.25, "decline": 0.2}),
    ("king-and-intrigue", {}, {"immediate": 0.25}),
    ("el-caballero", {}, {"immediate": 0.15, "lay_tile": 6.0, "end_turn": 1.0}),
]


@pytest.mark.parametrize(("game", "options", "prefer"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_is_played_by_clicking_on_the_board_alone(
        game: str, options: dict[str, Any], prefer: dict[str, float], page_for: Any, wctx: Any,
        runner: Embedded, monkeypatch: Any) -> None:
    monkeypatch.setattr(lobby, "secrets", _Seeded(f"table-{game}"))
    ann, _token = players.add(wctx, "ann@example.com", name="Ann", language="en",
                              time_zone="UTC")
    game_id = lobby.create(wctx, ann, game=game, options=options, start=True,
                           emails=[ann.email, {"bot": "random"}]).game_id
    module = wctx.games[game]
    page = page_for(ann.id)
    page.goto(f"/games/{game_id}")
    rng = random.Random(f"board-{game}")
    posts: dict[str, int] = {}
    refused: list[str] = []
    began = time.monotonic()
    while not module.is_over(states.load(wctx.engine, wctx.states, game_id, module)[1]):
        assert time.monotonic() - began < 240, (posts, refused)
        _play_on_board(page, rng, prefer, posts, refused)
    page.wait_for_function("() => !document.getElementById('table')", timeout=30_000)
    assert not refused, refused
    assert sum(posts.values()) > 10, posts
    assert "The game is over" in page.inner_text("#status") or page.locator("#status").count()
    print(f"{game}: {sum(posts.values())} posts, none refused, "
          f"{time.monotonic() - began:.1f} s: {posts}")
