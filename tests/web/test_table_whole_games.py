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
from tests.web.shots import shot
from workers.embedded import Embedded

SETTLED = """() => { const error = document.getElementById('table-error');
  return !document.getElementById('table') || !document.querySelector('#table[aria-busy]')
    && (!document.querySelector('#table-data[data-old]') || (!error.hidden && error.textContent)); }"""
"""A post has had its answer: the table was fetched again (true), or says why the move was
refused (the refusal's words)."""


class _Seeded:
    """The lobby's draws (the game's id and its secret seed), seeded: the same game each run."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def token_hex(self, n: int) -> str:
        return f"{self.rng.getrandbits(8 * n):0{2 * n}x}"

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


AIM = """([r, send_odds, lit_odds]) => {
  // What a person exploring the board clicks next, marked [data-t-aim]: the confirmation once it
  // may be sent (sometimes), else something lit on the picture, else a button under it.
  document.querySelectorAll('[data-t-aim]').forEach(e => e.removeAttribute('data-t-aim'));
  const send = document.getElementById('table-send');
  const lit = [...document.querySelectorAll('#board-box svg .hl')];
  const chips = [...document.querySelectorAll('#table-compose .t-chips button')]
    .filter(b => b.getAttribute('aria-pressed') !== 'true');
  const pick = (list) => list[Math.floor(r * 7919) % list.length];
  let aim = null, what = 'none';
  if (send && !send.disabled && (r < send_odds || (!lit.length && !chips.length))) {
    aim = send; what = 'send';
  }
  else if (lit.length && (!chips.length || r < lit_odds)) {
    const spot = pick(lit);
    aim = spot.querySelector('text') || spot; what = 'lit';  // a place's name lies inside it
  } else if (chips.length) { aim = pick(chips); what = 'chip'; }
  if (aim) aim.setAttribute('data-t-aim', '1');
  return what;
}"""


CLICK_AT = """([selector, nth]) => {
  // Where a person's pointer lands on what the selector names (its nth match): its centre,
  // scrolled into view; with whether that point reaches it (nothing drawn over it: the nearest
  // clickable thing under the point, a lit place or a button, is its own). null: it is gone (the
  // page took in the others' moves meanwhile and drew the table again).
  const e = document.querySelectorAll(selector)[nth];
  if (!e) return null;
  let r = e.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
    e.scrollIntoView({block: 'center', inline: 'center'});
    r = e.getBoundingClientRect();
  }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const own = (n) => n && (n.closest('.hl, button') || n);
  return [x, y, !!hit && own(hit) === own(e)];
}"""


def _click(page: Any, selector: str, nth: int = 0) -> bool:
    """A real click (the browser's own mouse events, hit-tested) at the centre of what the
    selector names, after checking that nothing covers that point: what Playwright's click
    checks, without its waiting for two still animation frames before each of a game's
    hundreds of clicks (the table animates nothing). False: nothing to click any more, the
    table was drawn again with the others' moves (the caller looks again)."""
    at = page.evaluate(CLICK_AT, [selector, nth])
    if at is None:
        return False
    x, y, reached = at
    assert reached, f"{selector} is covered where a player would click it"
    page.mouse.click(x, y)
    return True


ACTIONS = """() => {
  // The page is ready for the next move (the table was fetched again since the last post, sends
  // nothing, and offers a move), as what the table offers: each action's button as [the move it
  // posts at once, the answer it opens]; [] once the game is over (no table); null: not yet.
  if (!document.getElementById('table')) return [];
  if (document.querySelector('#table-data[data-old]') || document.querySelector('#table[aria-busy]'))
    return null;
  const bs = [...document.querySelectorAll('#table-actions button')];
  return bs.length ? bs.map(b => [b.dataset.post || '', b.dataset.type || '']) : null;
}"""


def _play_on_board(page: Any, rng: random.Random, prefer: dict[str, float],
                   posts: dict[str, int], refused: list[str]) -> None:
    """One move from the board: an action from the table's buttons, then what lights up."""
    actions = page.wait_for_function(ACTIONS, timeout=30_000).json_value()
    if not actions:
        return
    immediate = [i for i, (post, _t) in enumerate(actions) if post]
    opened = [i for i, (_p, kind) in enumerate(actions) if kind]
    weights = [prefer.get(actions[i][1], 1.0) for i in opened]
    if immediate and (not opened or rng.random() < prefer.get("immediate", 0.3)):
        at = rng.choice(immediate)
        kind, target, nth = actions[at][0], "#table-actions button", at
    else:
        at = rng.choices(opened, weights)[0]
        kind = actions[at][1]
        if not _click(page, "#table-actions button", at):
            return
        target, nth = "", 0
        for _step in range(60):
            what = page.evaluate(AIM, [rng.random(), 0.45, 0.7])
            if what == "none":
                break
            if what == "send":
                target = "#table-send"
                break
            _click(page, "[data-t-aim]")
            if what == "lit" and page.locator("#table-rotate").count() and rng.random() < 0.3:
                page.keyboard.press("r")  # the tile turned to its next fit by the keyboard
        if not target:
            _click(page, "#table-compose .t-send button.secondary")  # start again: another action
            return
    if kind not in posts:
        shot(page, f"table-{page.evaluate('document.documentElement.lang')}-{kind}")
    page.evaluate("document.getElementById('table-data').dataset.old = '1'")
    if not _click(page, target, nth):  # drawn again meanwhile: nothing was sent
        page.evaluate("delete document.getElementById('table-data').dataset.old")
        return
    error = page.wait_for_function(SETTLED, timeout=30_000).json_value()
    posts[kind] = posts.get(kind, 0) + 1
    if isinstance(error, str):
        refused.append(f"{kind}: {error}")
        page.evaluate("delete document.getElementById('table-data').dataset.old")


GAMES = [
    ("el-grande", {"short_game": True}, {"immediate": 0.25, "decline": 0.2}),
    ("king-and-intrigue", {}, {"immediate": 0.25}),
    ("el-caballero", {}, {"immediate": 0.15, "lay_tile": 6.0, "end_turn": 3.0, "take_back": 0.3,
                          "reinforce": 0.5}),
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
    answers: list[int] = []  # every answer to a move posted, a move sent again included
    page.on("response", lambda r: answers.append(r.status) if r.url.endswith("/move") else None)
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
    assert "The game is over." in page.inner_text("#status")  # the page followed it to its end
    print(f"{game}: {sum(posts.values())} moves, {len(answers)} posts "
          f"({sum(1 for a in answers if a != 200)} answered {sorted(set(answers))}), "
          f"{time.monotonic() - began:.1f} s: {posts}")
