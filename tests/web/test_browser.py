"""The web board in a real browser (Debian's Chromium driven by Playwright): sign in by magic link,
play a turn by clicking the map, make a secret choice, undo, and take a screenshot of the board.

Set PBEM_SCREENSHOTS=<folder> to keep the pages' screenshots (desktop and phone widths).
"""

from __future__ import annotations

import struct
from typing import Any

from domain.elgrande.boards import HEIGHT, WIDTH
from tests.web.conftest import Game, to_ann_act
from tests.web.shots import shot


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_play_a_turn_by_clicking_the_map(page_for: Any, game: Game) -> None:
    to_ann_act(game)
    page = page_for(game.ids[0])
    page.click(f"a[href='/games/{game.id}']")
    page.wait_for_selector("#place-form")
    shot(page, "desktop-act")
    # The King is in Castilla la Nueva: its neighbours and the Castillo are the targets.
    targets = sorted(page.eval_on_selector_all(".board .place.target",
                                               "els => els.map(e => e.dataset.place)"))
    assert targets == sorted(["aragon", "castilla_la_vieja", "granada", "sevilla", "valencia",
                              "castillo"])
    page.click(".board .place[data-place='aragon']")
    page.click(".board .place[data-place='aragon']")
    page.click(".board .place[data-place='castillo']")
    assert page.input_value("input[name='p.places.aragon']") == "2"
    assert page.input_value("input[name='p.places.castillo']") == "1"
    page.click("#place-submit")
    page.wait_for_selector(".flash.ok")
    log = page.inner_text(".log-list")
    assert "Ann places Caballeros: 2 in Aragón, 1 in the Castillo." in log
    label = page.get_attribute(".board .place[data-place='aragon']", "aria-label")
    assert label.startswith("Aragón; values 5/4/1; Ann (red) 4;")


def test_secret_choice_and_undo(page_for: Any, game: Game) -> None:
    to_ann_act(game)
    game.play(0, "place", places={"castillo": 1})
    ann = page_for(game.ids[0])
    ann.goto(f"/games/{game.id}")
    ann.click("form[data-kind='special'] button[type='submit']")  # secret scoring: all choose
    ann.wait_for_selector("#secret-form")
    assert "nobody sees it" in ann.inner_text("#secret-form .secret-banner")
    shot(ann, "desktop-secret")
    ann.click(".board .place[data-place='cataluna']")
    assert ann.is_checked("input[name='p.choice'][value='cataluna']")
    ann.click("#secret-submit")
    ann.wait_for_selector(".secret-banner[role='status']")
    assert "Cataluña" in ann.inner_text(".secret-banner[role='status']")
    # Bob (French) sees that Ann has chosen, never what.
    bob = page_for(game.ids[1], width=390, height=844)
    bob.goto(f"/games/{game.id}")
    assert "Ann a fait son choix secret." in bob.inner_text(".log-list")
    assert "Catalogne" not in bob.inner_text(".log-list")
    assert bob.locator(".secret-banner[role='status']").count() == 0
    shot(bob, "phone-secret")
    # Bob chooses too, on the phone.
    bob.check("input[name='p.choice'][value='aragon']")
    bob.click("#secret-submit")
    bob.wait_for_selector(".flash.ok")


def test_undo_my_last_move(page_for: Any, game: Game) -> None:
    to_ann_act(game)
    ann = page_for(game.ids[0])
    ann.goto(f"/games/{game.id}")
    assert ann.locator("#undo").count() == 1  # a player at the table may always ask
    ann.click(".board .place[data-place='sevilla']")
    ann.click("#place-submit")
    ann.wait_for_selector(".flash.ok")
    assert ann.locator("#place-form").count() == 0
    ann.click("#undo")
    ann.wait_for_selector(".flash")
    assert ann.locator(".flash.ok").count() == 1, ann.inner_text(".flash")
    assert ann.locator("#place-form").count() == 1  # placing is to be done again


def test_board_screenshot_and_png(page_for: Any, game: Game, live: str) -> None:
    to_ann_act(game)
    ann = page_for(game.ids[0])
    ann.goto(f"/games/{game.id}")
    image = ann.locator(".board-box svg").screenshot()
    width, height = png_size(image)
    assert width > 300 and height > 250
    png = ann.request.get(f"/games/{game.id}/board.png")
    assert png.status == 200 and png.headers["content-type"] == "image/png"
    assert png_size(png.body()) == (WIDTH, HEIGHT)
    phone = page_for(game.ids[1], width=390, height=844)
    phone.goto(f"/games/{game.id}")
    shot(phone, "phone-game")
    # Usable on a phone: nothing wider than the screen.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
