"""What a new player met on the board by hand (issue 25), in French and on a phone: each check here
failed before its fix. The table's buttons grow with their words (a long action's name is read
whole, over no other button); the table's lines follow French punctuation; a field's own words are
shown as they stand, with no "Choose:" before them that leaves a capital after a French colon."""

from __future__ import annotations

from typing import Any

from service import tables
from tests.web.conftest import Game, to_ann_act

OVERLAPS = """() => {
  // Every button of the table whose words do not fit inside it, or that lies over another.
  const bs = [...document.querySelectorAll('#table button')].filter(b => b.offsetParent);
  const out = [];
  bs.forEach((b, i) => {
    if (b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1)
      out.push('cut: ' + b.textContent);
    const r = b.getBoundingClientRect();
    bs.slice(i + 1).forEach(o => {
      const q = o.getBoundingClientRect();
      if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1)
        out.push('over: ' + b.textContent + ' / ' + o.textContent);
    });
  });
  return out;
}"""


def _speaks(game: Game, seat: int, language: str) -> None:
    with game.ctx.engine.begin() as conn:
        conn.execute(tables.players.update().where(tables.players.c.id == game.ids[seat])
                     .values(language=language))


def test_on_a_phone_in_french_the_actions_are_read_whole_and_the_counts_follow_french_punctuation(
        page_for: Any, game: Game) -> None:
    _speaks(game, 0, "fr")
    to_ann_act(game)  # Ann places from her court, or uses « Décompte secret », or declines it
    ann = page_for(game.ids[0], width=390, height=800)
    ann.goto(f"/games/{game.id}")
    ann.wait_for_selector("#table-actions button[data-type='place']")
    names = ann.locator("#table-actions button").all_inner_texts()
    assert any(len(n) > 30 for n in names), names  # a long name: « Placez jusqu'à 6 Caballeros… »
    assert ann.evaluate(OVERLAPS) == []
    ann.click("#table-actions button[data-type='place']")
    ann.click("#board-box svg [data-place='aragon'].hl text")
    ann.click("#board-box svg [data-place='aragon'].hl text")
    line = ann.locator("#table-compose .t-list li").first.inner_text()
    assert line.startswith("Aragon\u00a0: 2"), line  # « Aragon : 2 », not « Aragon: 2 »
    assert ann.evaluate(OVERLAPS) == []
