"""The decision forms without JavaScript: a combination of fields is one select whose every option
is a legal row, said in the player's words, and posting any of them is taken; the fields' own
widgets (which the script narrows down as the player chooses) are disabled until the script swaps
them in, so the page without it never offers a combination the rules refuse."""

from __future__ import annotations

import html
import random
import re
from typing import Any

from tests.web.caballero import at_the_first_tile, player_at
from tests.web.conftest import csrf_of, sign_in


def _form(page: str, form_id: str) -> str:
    found = re.search(rf'<form [^>]*id="{form_id}".*?</form>', page, re.S)
    assert found, f"no form {form_id}"
    return found.group(0)


def test_a_tile_is_one_select_of_its_legal_placements_and_any_of_them_is_laid(
        app: Any, wctx: Any) -> None:
    _module, game_id, state, decision = at_the_first_tile(wctx)
    answer = next(a for a in decision.form.answers if a.type == "lay_tile")
    assert answer.combos is not None
    client = app.test_client()
    sign_in(client, wctx, player_at(wctx, game_id, decision.seat))
    page = client.get(f"/games/{game_id}").text
    form = _form(page, "lay_tile-form")
    select = re.search(r'<select name="row"[^>]*>(.*?)</select>', form, re.S)
    assert select, form[:500]
    options = re.findall(r'<option value="(\d+)">([^<]*)</option>', select.group(1))
    # Exactly the legal rows, each said in words (a tile's name, a cell's name, its rotation).
    assert [int(v) for v, _ in options] == list(range(len(answer.combos.rows)))
    assert all(re.search(r"\b[a-z]\d+ \d+°", html.unescape(text)) for _, text in options), options
    # The fields' own widgets are there for the script, disabled and hidden without it.
    assert re.search(r'<fieldset class="js-choice plain" disabled hidden>.*name="p\.at\.cell"',
                     form, re.S)
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form))
    pick = random.Random(game_id).randrange(len(options))
    tile, at = answer.combos.rows[pick]
    done = client.post(f"/games/{game_id}/play", data={**hidden, "row": str(pick),
                                                  "csrf_token": csrf_of(page)})
    assert done.status_code in (200, 302, 303), done.text[:300]
    assert state().terrain[(at["x"], at["y"])][0] == tile


def test_in_chromium_without_javascript_the_tile_is_chosen_from_one_list_and_laid(
        browser: Any, live: str, wctx: Any) -> None:
    """The same page in a browser with JavaScript off: one list of placements in words, the
    fields' own widgets not shown; choosing any placement and sending it lays the tile."""
    from playwright.sync_api import expect

    from tests.web.conftest import magic_path
    from tests.web.shots import shot

    _module, game_id, state, decision = at_the_first_tile(wctx)
    context = browser.new_context(java_script_enabled=False, base_url=live,
                                  viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(magic_path(wctx, player_at(wctx, game_id, decision.seat)))
        page.click("#confirm-sign-in")
        page.goto(f"/games/{game_id}")
        form = page.locator("#lay_tile-form")
        assert form.locator("select[name='row']").is_visible()
        assert not form.locator("select[name='p.at.cell']").is_visible()
        labels = form.locator("select[name='row'] option").all_inner_texts()[1:]
        answer = next(a for a in decision.form.answers if a.type == "lay_tile")
        assert answer.combos is not None and len(labels) == len(answer.combos.rows)
        pick = len(labels) // 2
        form.locator("select[name='row']").select_option(str(pick))
        shot(page, "caballero-no-js-tile")
        # The post answers with a redirect to the page: wait for that page, not just the click.
        with page.expect_navigation(wait_until="load"):
            form.locator("button[type='submit']").click()
        tile, at = answer.combos.rows[pick]
        assert state().terrain[(at["x"], at["y"])][0] == tile
        expect(page.locator(".flash.ok")).to_have_count(1)
    finally:
        context.close()
