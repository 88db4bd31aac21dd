"""A `grid_cell` field in a real browser (Chromium), with a game whose board marks its free cells
(El Caballero): the cells are listed by the game's names, a click on a free cell of the picture
chooses it in the form, the chosen piece is previewed there turned, and the form lays it."""

from __future__ import annotations

from typing import Any

from domain.elcaballero import coords
from tests.web.caballero import at_the_first_tile, player_at


def test_a_click_on_a_cell_chooses_it_previews_the_tile_and_lays_it(page_for: Any,
                                                                     wctx: Any) -> None:
    _module, game_id, state, decision = at_the_first_tile(wctx, (("Bruno", "fr"), ("Chiara", "it")))
    page = page_for(player_at(wctx, game_id, decision.seat))
    page.goto(f"/games/{game_id}")
    tile, places = next(iter(decision.constraint["lay_tile"].items()))
    place = places[-1]
    x, y = place["at"]
    form = page.locator("form#lay_tile-form")
    cell_select = form.locator("select[data-grid-cell]")
    assert coords.name((x, y)) in cell_select.inner_text()  # the game's names, not "x, y"
    form.locator(f'input[type=radio][value="{tile}"]').check()
    page.locator(f'.board-box svg [data-cell="{x},{y}"]').click()
    assert cell_select.input_value() == f"{x},{y}"
    form.locator("select[data-grid-rotation]").select_option(str(place["turns"][0]))
    assert page.locator(".board-box svg .grid-preview").count() == 1
    assert page.locator(f'.board-box svg [data-cell="{x},{y}"].picked').count() == 1
    form.locator("button[type=submit]").first.click()
    page.wait_for_load_state()
    laid = state().terrain.get((x, y))
    assert laid == (tile, place["turns"][0]), page.content()[:2000]
