"""King & Intrigue in a real browser, a French and an Italian player with an English one: the
set-up's secret choices by their forms (13 cards kept, the selection disc), then a whole first
round by the forms and the text box, each page in its reader's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.game import language_of
from domain.games import GAMES
from service import players, states
from tests.service.seating import started_game
from tests.web.shots import shot

GAME = GAMES["king-and-intrigue"]
SETUP = {"king": "castilla_la_nueva", "homes": ["galicia", "aragon", "sevilla"],
         "first_player": 0}


def _three_at_the_table(page_for: Any, wctx: Any) -> tuple[list[Any], str, dict[int, Any],
                                                          Callable[[], int]]:
    """Ann (en), Bruno (fr) and Chiara (it) in a started game, each with a signed-in page, and
    the game's version now."""
    people = [players.add(wctx, f"{n.lower()}@example.com", name=n, language=lang)[0]
              for n, lang in (("Ann", "en"), ("Bruno", "fr"), ("Chiara", "it"))]
    game_id = started_game(wctx, people[0], game="king-and-intrigue",
                           emails=[p.email for p in people], setup=SETUP)
    pages = {seat: page_for(person.id) for seat, person in enumerate(people)}

    def version() -> int:
        return states.load(wctx.engine, wctx.states, game_id, GAME)[0]

    return people, game_id, pages, version


def test_the_set_up_and_a_round_through_the_pages(page_for: Any, wctx: Any) -> None:
    people, game_id, pages, version = _three_at_the_table(page_for, wctx)

    def submit(seat: int, text: str | None = None) -> None:
        page = pages[seat]
        page.goto(f"/games/{game_id}")
        before = version()
        if text is None:
            form = page.locator("form.decision").first
            radios = form.locator("input[type=radio]")
            if radios.count():
                radios.first.check()
            form.locator("button[type=submit], button.choice-btn").first.click()
        else:  # the text box is folded under the forms: opened by its summary
            if not page.locator("#text-move-box").is_visible():
                page.click("#text-move-details summary")
            page.fill("#text-move-box", text)
            page.locator("#text-move-box").press("Enter")
        page.wait_for_load_state()
        assert version() > before, page.inner_text("main")[:1500]

    for seat in range(3):  # the 13 cards kept: the form's default selection
        submit(seat)
    pages[1].goto(f"/games/{game_id}")
    assert "disque de sélection de la mise en place" in pages[1].inner_text("main")
    for seat in range(3):  # the selection disc: the first region offered
        submit(seat)
    state = states.load(wctx.engine, wctx.states, game_id, GAME)[1]
    assert state.phase == "power" and state.round == 1
    submit(0, "play 180")
    submit(1, "jouer 10")
    submit(2, "gioca 90")
    pages[2].goto(f"/games/{game_id}")
    text = pages[2].inner_text("main")
    assert "Ann (180) prende la carta del Re: fino a 5 Caballeros da piazzare." in text, text
    state = states.load(wctx.engine, wctx.states, game_id, GAME)[1]
    while state.round == 1:  # each turn typed in the player's language: the default move
        d = next(d for d in GAME.pending(state) if d.seat is not None)
        command = GAME.default_command(state, d)
        submit(d.seat, language_of(GAME).format({"type": command.type, **dict(command.params)},
                                                people[d.seat].language, decision=d,
                                                names=[p.name for p in people]))
        state = states.load(wctx.engine, wctx.states, game_id, GAME)[1]
    pages[1].goto(f"/games/{game_id}")
    french = pages[1].inner_text("main")
    assert "Manche 2 sur 9" in french
    assert "(s)" not in french and "_card" not in french and "setup" not in french
    assert "Bruno (10) prend la carte Intrigue : jusqu'à 1 Caballero à placer." in french


def test_the_keep_form_ticks_13_cards_and_the_page_names_the_game(page_for: Any, wctx: Any) -> None:
    """The set-up's "keep 13 of your 18" is a box to tick per card with a live count, not a number
    box per card; a wrong number is refused with how many are needed; the page is titled by the
    game's name in the reader's language, not by an id; the log says once which cards you kept."""
    _people, game_id, pages, version = _three_at_the_table(page_for, wctx)

    bruno = pages[1]
    bruno.goto(f"/games/{game_id}")
    assert "Roi et intrigues" in bruno.title() and game_id in bruno.title()
    assert "Roi et intrigues" in bruno.inner_text("h1")
    pages[2].goto(f"/games/{game_id}")
    assert "Re e intrighi" in pages[2].inner_text("h1")
    form = bruno.locator("#keep-form")
    boxes = form.locator("input[type=checkbox]")
    assert boxes.count() == 18 and form.locator("input[type=number]").count() == 0
    assert form.locator("input[type=checkbox]:checked").count() == 13
    total = form.locator(".total")
    assert total.inner_text() == "Sélection : 13 sur 13"
    form.locator("input[type=checkbox]:checked").first.uncheck()
    assert total.inner_text() == "Sélection : 12 sur 13"
    shot(bruno, "king-and-intrigue-keep-fr")
    before = version()
    form.locator("button[type=submit]").click()
    bruno.wait_for_load_state()
    assert version() == before
    assert "Pas fait : gardez exactement 13 cartes différentes de vos 18" in bruno.inner_text("main")
    for seat in (1, 0, 2):  # the default 13 ticked, as the form shows them
        pages[seat].goto(f"/games/{game_id}")
        before = version()
        pages[seat].locator("#keep-form button[type=submit]").click()
        pages[seat].wait_for_load_state()
        assert version() > before, pages[seat].inner_text("main")[:1500]
        if seat == 1:  # the cards kept as a list of values, not a Python tuple "(10, 20, …)"
            assert "Votre choix secret : 10, 20, 40, 50," in bruno.inner_text("#decide")
    bruno.goto(f"/games/{game_id}")
    log = bruno.inner_text(".log")
    assert "Chaque joueur a gardé 13 cartes pouvoir" in log
    assert log.count("Vous gardez") == 1, log
