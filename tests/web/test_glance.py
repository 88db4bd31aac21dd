"""The game page at a glance, the replay, and the layout, in Chromium (issue 14, items 12-14):
what a player needs to decide without leaving the page (the order of play and the power cards,
who leads where, the last scoring, what each face-up card does, the round track), a finished
game's replay that jumps to rounds and scorings and shows everything, and a page that fits a
1280 px screen and a 390 px phone, passes axe, has a favicon and answers an unknown address
with the HTML error page.

Set PBEM_SCREENSHOTS=<folder> to keep the screenshots (tests/web/test_browser.py's `shot`).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import axe_playwright_python

from domain.core.commands import Command
from service import commands, states
from service.store import Source
from tests.web.conftest import Game
from tests.web.test_browser import shot
from tests.web.test_more_pages import finish


def score_4s_turn(game: Game) -> None:
    """Power cards 13/12/11, Ann takes stack 3 ("Score all 4-regions") and scores them."""
    game.play(0, "play_power", card=13)
    game.play(1, "play_power", card=12)
    game.play(2, "play_power", card=11)
    game.play(0, "choose_card", stack=3)
    game.play(0, "special")


def advance(game: Game, moves: int, seed: int = 7) -> None:
    """Random legal moves through `handle`: a game some rounds on, with a long log."""
    rng = random.Random(seed)
    module = game.ctx.games["el-grande"]
    for _ in range(moves):
        _v, state, _ = states.load(game.ctx.engine, game.ctx.states, game.id, module)
        decision = next(d for d in module.pending(state) if d.seat is not None)
        command = module.sample_command(state, decision, rng)
        commands.handle(game.id, decision.seat, Command(command.type, decision.seat,
                                                        command.params), Source("api"),
                        ctx=game.ctx)


def table_rows(page: Any, caption: str) -> list[list[str]]:
    """The rows of the summary table whose heading starts with `caption`, as cell texts."""
    section = page.locator("section.summary-table", has=page.locator(
        "h2", has_text=re.compile("^" + re.escape(caption))))
    return section.locator("tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.innerText.trim()))")


def test_the_game_page_shows_at_a_glance_what_a_player_needs(page_for: Any, game: Game) -> None:
    score_4s_turn(game)
    ann = page_for(game.ids[0])
    ann.goto(f"/games/{game.id}")
    shot(ann, "glance-1280")
    # The order of play this round, each power card and the Caballeros it brings; who plays now.
    order = table_rows(ann, "Turn order this round")
    assert [row[0] for row in order] == ["Ann plays now", "Bob", "Cid"]
    assert [row[1:] for row in order] == [["13", "0"], ["12", "0"], ["11", "1"]]
    # Who leads each region, and by how much.
    leads = {row[0]: row[1] for row in table_rows(ann, "Who leads where")}
    assert leads["Aragón"] == "only Ann" and leads["Galicia"] == "only Cid"
    assert leads["Castilla la Vieja"] == "—" and leads["Castillo"] == "?"  # hidden counts
    # The last scoring, place by place, with the totals.
    scored = table_rows(ann, "Last scoring (“Score all 4-regions”, Ann, round 1)")
    assert ["Galicia", "0", "0", "6"] in scored and scored[-1] == ["Total", "0", "6", "6"]
    # What each face-up card does, and the round track with the general scorings.
    assert "Move up to 3 Caballeros, any colours." in ann.inner_text("section.summary-table >> "
                                                                     "nth=-1")
    assert "Rounds: [1] 2 3★ 4 5 6★ 7 8 9★ (★ general scoring)" in ann.inner_text(
        ".board-lines")
    # Bob reads it in French, his own hand in full, the others' too (El Grande's are public).
    bob = page_for(game.ids[1])
    bob.goto(f"/games/{game.id}")
    order = table_rows(bob, "Ordre de jeu de la manche")
    assert order[0][0] == "Ann joue maintenant"
    players = table_rows(bob, "Joueurs")
    assert players[0][5] == "1–12" and players[2][5] == "1–10, 12, 13"


def test_games_are_listed_by_name_with_round_and_scores(page_for: Any, game: Game) -> None:
    score_4s_turn(game)
    cid = page_for(game.ids[2])  # Italian
    row = cid.locator("table.games tbody tr").first
    assert row.locator(".game-name").inner_text() == "El Grande — Ann, Bob, Cid"
    assert row.locator(".glance").inner_text() == "Round 1/9 · turni · Ann 0, Bob 6, Cid 6"


def test_replay_jumps_to_rounds_and_scorings_shows_the_log_around_and_reveals_all(
        page_for: Any, game: Game) -> None:
    finish(game)
    ann = page_for(game.ids[0])
    ann.goto(f"/games/{game.id}/replay?at=1")
    jumps = ann.locator("#replay-jumps a").all_inner_texts()
    assert jumps[:2] == ["Round 1", "Round 2"] and "General scoring 2" in jumps
    assert sum(j.startswith("Round ") for j in jumps) == 9 and len(jumps) == 12
    ann.click("#replay-jumps a:text-is('General scoring 2')")
    assert "General scoring 2: everyone secretly sets their disc." in ann.inner_text(
        "section[aria-labelledby='ev-h']")
    at = int(re.search(r"at=(\d+)", ann.url).group(1))
    # The log around the step: the steps before and after it, this one marked.
    around = ann.locator("#replay-log li")
    assert around.count() > 3
    current = ann.locator("#replay-log li.current")
    assert current.get_attribute("value") == str(at)
    assert "General scoring 2" in current.inner_text()
    values = [int(v) for v in around.evaluate_all("els => els.map(e => e.value)")]
    assert min(values) < at < max(values)
    # Log times carry the player's time zone (Ann's is Europe/Paris).
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d CES?T", current.locator("time").inner_text())
    # Everything is shown once the game is over: the others' Castillo counts (hidden in play:
    # the game is played with castillo_visibility=memory) at a step in the middle of the game.
    label = ann.get_attribute(".board .place[data-place='castillo']", "aria-label")
    assert "hidden" not in label, label
    assert "The game is over: what was hidden during play is shown" in ann.inner_text("main")
    shot(ann, "replay-1280")
    # The buttons' glyphs are ones the page's fonts have (no media-control symbols, U+23xx).
    nav = ann.inner_text(".replay-nav")
    assert all(ord(c) < 0x2100 for c in nav), nav


def test_the_players_table_fits_at_1280_px(page_for: Any, game: Game) -> None:
    advance(game, 40)
    ann = page_for(game.ids[0], width=1280, height=900)
    ann.goto(f"/games/{game.id}")
    wrap = ann.locator("section.summary-table", has=ann.locator("h2", has_text="Players"))
    sizes = wrap.locator(".table-wrap").evaluate("w => [w.scrollWidth, w.clientWidth]")
    assert sizes[0] <= sizes[1], sizes
    # No header cell breaks a word over two lines ("Sco / re").
    assert ann.evaluate("document.documentElement.scrollWidth") <= 1280


def test_on_a_phone_the_map_is_readable_and_its_targets_big_enough(page_for: Any,
                                                                   game: Game) -> None:
    from tests.web.conftest import to_ann_act

    to_ann_act(game)
    ann = page_for(game.ids[0], width=390, height=844)
    ann.goto(f"/games/{game.id}")
    shot(ann, "phone-map")
    assert ann.evaluate("document.documentElement.scrollWidth") <= 390  # only the map scrolls
    names = ann.locator(".board text[font-weight='bold'][font-size='13']")
    heights = names.evaluate_all("ts => ts.map(t => t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 11, heights  # 13 px text shown at 11 px or more
    boxes = ann.locator(".board .place.target").evaluate_all(
        "gs => gs.map(g => { const r = g.getBoundingClientRect(); return [r.width, r.height]; })")
    assert len(boxes) == 6 and all(w >= 40 and h >= 40 for w, h in boxes), boxes
    # The whole map, on demand, and back.
    ann.click("#map-zoom")
    width = ann.locator(".board-box svg").evaluate("s => s.getBoundingClientRect().width")
    assert width <= 390
    assert ann.inner_text("#map-zoom") == "Zoom the map"


AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"  # a dev dependency: never skipped


RUN_AXE = """() => {
  // Only the rules that can find something serious or critical: a rule's impact is the most
  // its checks may report, so a minor or moderate one (region, heading-order, the landmarks…),
  // slow on a long page, could never fail this check. axe-core's rule list is read, not copied:
  // a rule added by a newer axe-core runs unless it says it is minor or moderate.
  const rules = {'label-content-name-mismatch': {enabled: true}};
  if (!axe._audit || !axe._audit.rules.length) throw new Error('axe-core: no rule list');
  axe._audit.rules.forEach(r => {
    if (r.impact === 'minor' || r.impact === 'moderate') rules[r.id] = {enabled: false};
  });
  return axe.run(document, {resultTypes: ['violations'], rules: rules});
}"""


def serious(page: Any) -> list[tuple[str, str, list[str]]]:
    """axe-core's violations of impact serious or critical on the page."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    # Besides the default rules, whether a control's label holds what it shows (experimental
    # in axe-core, so not run unless asked): voice users say what they see.
    found = page.evaluate(RUN_AXE)
    return [(v["id"], v["impact"], [n["html"][:120] for n in v["nodes"][:3]])
            for v in found["violations"] if v["impact"] in ("serious", "critical")]


def test_axe_finds_no_serious_violation_on_the_game_page(page_for: Any, game: Game) -> None:
    from tests.web.conftest import to_ann_act

    ann = page_for(game.ids[0], width=1280, height=900)
    ann.goto(f"/games/{game.id}")
    assert ann.locator("button.choice-btn").count() == 13
    assert serious(ann) == []  # the power cards to play
    to_ann_act(game)
    ann.goto(f"/games/{game.id}")
    assert ann.locator(".board .place.target").count() == 6
    assert serious(ann) == []  # the places to click on the map
    advance(game, 60)  # a log long enough to scroll
    ann.goto(f"/games/{game.id}")
    assert ann.locator(".log-list").evaluate("l => l.scrollHeight > l.clientHeight")
    assert serious(ann) == []
    bob = page_for(game.ids[1], width=390, height=844)
    bob.goto(f"/games/{game.id}")
    assert serious(bob) == []
    # The scrolling log is reached by the keyboard.
    assert bob.get_attribute(".log-list", "tabindex") == "0"
    bob.goto("/games")
    assert serious(bob) == []


def test_favicon_and_an_unknown_page_is_the_html_error_page(page_for: Any, game: Game) -> None:
    bob = page_for(game.ids[1])
    bob.goto(f"/games/{game.id}")
    icon = bob.get_attribute("link[rel='icon']", "href")
    assert bob.request.get(icon).headers["content-type"].startswith("image/svg+xml")
    assert bob.request.get("/favicon.ico").status == 200  # followed to the same icon
    answer = bob.goto("/no/such/page")
    assert answer.status == 404 and answer.headers["content-type"].startswith("text/html")
    assert "Cette page ou cette partie n'existe pas." in bob.inner_text("main")
    api = bob.request.get("/api/no-such-thing")
    assert api.status == 404 and "json" in api.headers["content-type"]
