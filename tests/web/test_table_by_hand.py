"""What a new player met on the board by hand (issue 25), in French and on a phone: each check here
failed before its fix. The table's buttons grow with their words (a long action's name is read
whole, over no other button); the table's lines follow French punctuation; a field's own words are
shown as they stand, with no "Choose:" before them that leaves a capital after a French colon."""

from __future__ import annotations

from typing import Any

from service import tables
from tests.web.conftest import Game, to_ann_act
from tests.web.shots import shot

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
    shot(ann, "table-fr-390-place")
    assert ann.evaluate(OVERLAPS) == []


LOOKS_LIT = """() => [...document.querySelectorAll('#board-box svg .place')].filter(p => {
  // A place that looks lit: the yellow of a place to click (#fff3a8) on its shape.
  const shape = p.querySelector('.shape');
  return shape && getComputedStyle(shape).fill === 'rgb(255, 243, 168)';
}).map(p => p.dataset.place + (p.classList.contains('hl') ? '' : ' (not offered)')).sort()"""


def test_the_board_lights_only_what_the_chosen_action_may_touch_and_names_the_action(
        page_for: Any, game: Game) -> None:
    """Ann holds « Déplacer 3 Caballeros »: placing may go to the King's neighbours, the card
    moves from where Caballeros stand. With the card's action chosen, only its sources look lit
    (the forms' placing targets did too, drawn yellow by the server); its button names the card
    (it read « 3 Caballeros au plus en tout ; laissez vides les lignes inutiles. », the form's
    hint); once Ann has placed, the table says so, as the form beside does."""
    _speaks(game, 0, "fr")
    game.play(0, "play_power", card=13)
    game.play(1, "play_power", card=12)
    game.play(2, "play_power", card=11)
    game.play(0, "choose_card", stack=1)  # move_3_any
    ann = page_for(game.ids[0], width=1280, height=900)
    ann.goto(f"/games/{game.id}")
    special = ann.locator("#table-actions button[data-type='special']")
    assert special.inner_text() == "Utiliser l'action « Déplacer 3 Caballeros »"
    special.click()
    lit = ann.evaluate(LOOKS_LIT)
    assert lit and all("not offered" not in p for p in lit), lit
    # source → target, the counts kept in view on both places
    ann.click("#board-box svg [data-place='aragon'].hl text")
    ann.click("#board-box svg [data-place='valencia'].hl text")
    badges = ann.eval_on_selector_all("#board-box svg .t-badge", "bs => bs.map(b => "
                                      "b.dataset.badgeOf + ' ' + b.textContent).sort()")
    assert badges == ["aragon −1", "valencia +1"], badges
    # the placing form beside took none of these clicks as Caballeros placed
    assert ann.input_value("#place-form input[name='p.places.aragon']") == "0"
    shot(ann, "table-fr-1280-moves")
    ann.click("#table-actions button[data-type='place']")
    lit = ann.evaluate(LOOKS_LIT)
    assert "castilla_la_vieja" in lit and all("not offered" not in p for p in lit), lit
    game.play(0, "place", places={"castilla_la_vieja": 1})
    ann.reload()
    assert "Vous avez placé ce tour-ci." in ann.inner_text("#table-actions")


def test_a_hurricane_on_an_empty_region_is_explained_on_the_table(app: Any) -> None:
    """King & Intrigue: the disc, set before the turns, lies on Sevilla, empty when Ann's turn
    comes: the table offers no Hurricane and says why, in her language, as the form does."""
    from types import SimpleNamespace

    from domain.core.commands import Command
    from domain.core.game import Message
    from domain.kingintrigue.module import GAME
    from service.web import forms
    from service.web.table import table_data
    from tests.kingintrigue.test_modules import VALUE, finish_turn, keep_with, play_round, started, to_action

    s = started(3, hands={0: keep_with("hurricane")})
    s = play_round(s, {0: VALUE["hurricane"], 1: 180, 2: 10})
    s = GAME.fold(GAME.decide(s, Command("secret", 0, {"choice": "sevilla"})), s)
    while (d := GAME.pending(s)[0]).seat is None:
        s = GAME.fold(GAME.decide(s, GAME.default_command(s, d)), s)
    s = to_action(finish_turn(s), 0, "hurricane")
    s.places["sevilla"] = [0, 0, 0]
    mine = forms.prepare([d.to_json() for d in GAME.pending(s) if d.seat == 0])
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        data = table_data(SimpleNamespace(id="g", seat=0), mine, 1,
                          lambda of, v: str(v),
                          lambda m: GAME.prompt(Message(m["key"], m["params"]), "fr",
                                                ["Ann", "Bob", "Cid"]))
    act = data["decisions"][0]
    assert "special" not in [a["type"] for a in act["answers"]]
    assert any(n.startswith("Votre disque de l'Ouragan est sur Séville, où il n'y a aucun "
                            "Caballero") for n in act["notes"]), act["notes"]


def test_a_yes_or_no_is_offered_in_the_players_words(app: Any) -> None:
    """El Caballero's « Avec votre Grande » on a Caballero tile is a flag: the table offered the
    chips "false" and "true" (the script names a value by `String(v)`, the labels were keyed by
    Python's "False"), on a French page."""
    from types import SimpleNamespace

    from domain.elcaballero.texts import label
    from service.web.table import table_data

    field = {"name": "grande", "constraint": {"type": "one_of", "options": [False, True],
                                              "of": "flag"}, "default": None, "label": None}
    decision = {"kind": "turn", "secret": False, "title": None, "notes": [],
                "answers": [{"type": "lay_knight", "index": 0, "id": "lay_knight-form",
                             "prompt": None, "submit": None, "fields": [field], "combos": None}]}
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        data = table_data(SimpleNamespace(id="g", seat=0), [decision], 1,
                          lambda of, v: label(of, v, "fr"), lambda m: "")
    assert data["labels"]["flag"] == {"false": "non", "true": "oui"}


def test_the_court_and_the_provinces_are_on_the_map_and_a_click_there_counts(
        page_for: Any, game: Game) -> None:
    """Each seat's court and provinces stand on the map with their counts; taking Caballeros
    to court, the provinces light up and each click on them counts one more (the count kept in
    view over them), after the most back to none; the move sent is the count shown."""
    game.play(0, "play_power", card=9)
    game.play(1, "play_power", card=8)
    game.play(2, "play_power", card=7)  # Ann, first, takes 0 … 2 from her provinces
    ann = page_for(game.ids[0], width=1280, height=900)
    ann.goto(f"/games/{game.id}")
    court = ann.get_attribute("#board-box svg [data-place='court']", "aria-label")
    assert court.startswith("Court: Ann (red) ") and "Bob (blue)" in court, court
    ann.wait_for_selector("#table-actions button[data-type='take']")
    ann.click("#table-actions button[data-type='take']")
    most = int(ann.inner_text("[id='table-number-count']"))
    assert most > 1
    ann.click("#board-box svg [data-place='provinces'].hl text")  # past the most: none
    assert ann.inner_text("[id='table-number-count']") == "0"
    ann.click("#board-box svg [data-place='provinces'].hl text")
    assert ann.inner_text("[id='table-number-count']") == "1"
    assert ann.text_content("#board-box svg .t-badge[data-badge-of='provinces']") == "1"
    shot(ann, "table-en-1280-take")


def test_a_face_up_tile_is_numbered_with_french_punctuation() -> None:
    """El Caballero names a face-up tile by its number and its land (the forms' choices, the
    table's lists): « 1 : … » in French, as every colon of a French page."""
    from domain.elcaballero.texts import label

    view = {"face_up": [{"tile": "T01"}, {"tile": "T02"}]}
    assert label("tile", "T02", "fr", view=view).startswith("2\u00a0: ")
    assert label("tile", "T02", "it", view=view).startswith("2: ")


def test_the_table_stands_beside_the_board_and_the_forms_fold_under_it(
        page_for: Any, game: Game) -> None:
    """At 1280 px a new player finds the table beside the board, in view, and the forms that
    offer the same moves folded under it (one click opens them, and the browser keeps them open
    on the next page); placing from the court, the court shows what leaves it as each region is
    clicked."""
    to_ann_act(game)
    ann = page_for(game.ids[0], width=1280, height=900, forms=False)
    ann.goto(f"/games/{game.id}")
    ann.wait_for_selector("#table-actions button[data-type='place']")
    board = ann.locator("#board-box").bounding_box()
    table = ann.locator("#table").bounding_box()
    assert table["x"] >= board["x"] + board["width"] and table["y"] < 900, (board, table)
    assert ann.evaluate("document.getElementById('decide-forms').open") is False
    assert not ann.locator("#place-form").is_visible()
    # Placing: each region clicked takes one more Caballero from the court, shown on it.
    ann.click("#table-actions button[data-type='place']")
    lit = ann.locator("#board-box svg .place.hl:not([data-place='court'])")
    assert lit.count() > 1
    court = "#board-box svg .t-badge[data-badge-of='court']"
    assert ann.locator(court).count() == 0
    lit.nth(0).locator("text").first.click()
    assert ann.text_content(court) == "−1"
    lit.nth(1).locator("text").first.click()
    assert ann.text_content(court) == "−2"
    shot(ann, "table-en-1280-place-court")
    # The forms, one click away, filled in by the clicks on the table; open on the next page too.
    ann.click("#decide-forms > summary")
    assert ann.locator("#place-form").is_visible()
    placed = ann.eval_on_selector_all("#place-form input[type=number]",
                                      "es => es.reduce((n, e) => n + Number(e.value), 0)")
    assert placed == 2
    ann.reload()
    ann.wait_for_selector("#table-actions button[data-type='place']")
    assert ann.locator("#place-form").is_visible()
    # On a phone's one column the table comes right under the picture, not after its tables.
    ann.set_viewport_size({"width": 390, "height": 800})
    board = ann.locator("#board-box").bounding_box()
    table = ann.locator("#table").bounding_box()
    assert 0 <= table["y"] - (board["y"] + board["height"]) < 60, (board, table)
