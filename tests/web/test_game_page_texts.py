"""The game page says things in words (issue 14, items 6, 7 and 11): what a Veto holder is asked
about, a log without raw values, empty lines or hedged plurals, no "Your move" when there is
nothing to decide, the undo button only when there is a move to take back, undone moves marked,
and the Veto card's turn not told as "the card's action is done"."""

from __future__ import annotations

import html
import re
from typing import Any

from service import players
from tests.service.seating import started_game
from tests.web.conftest import EMAILS, Game, csrf_of, organiser, sign_in, stacks

SETUP = {"king": "castilla_la_nueva", "homes": ["aragon", "sevilla", "galicia"], "first_player": 0,
         "stacks": stacks({1: "move_3_any", 2: "veto", 3: "score_4s", 4: "secret_scoring"})}


def _game(wctx: Any) -> Game:
    people = []
    for email, name, language in zip(EMAILS, ["Ann", "Bob", "Cid"], ["en", "fr", "it"],
                                     strict=True):
        player, _token = players.add(wctx, email, name=name, language=language,
                                     time_zone="Europe/Paris")
        people.append(player)
    # Given stacks come from an organiser who does not play; the last acceptance starts the game.
    game_id = started_game(wctx, organiser(wctx), game="el-grande", emails=EMAILS,
                           options={"castillo_visibility": "memory"}, setup=SETUP)
    return Game(game_id, wctx, [p.id for p in people])


def _page(client: Any, game: Game) -> str:
    return html.unescape(client.get(f"/games/{game.id}").text)


def _log(page: str) -> list[str]:
    found = re.search(r'<ol reversed class="log-list"[^>]*>(.*?)</ol>', page, re.S)
    assert found, "no log on the page"
    return re.findall(r"<li[^>]*>(.*?)</li>", found.group(1), re.S)


def _signed(app: Any, wctx: Any, game: Game, seat: int) -> Any:
    client = app.test_client()
    sign_in(client, wctx, game.ids[seat])
    return client


def test_the_veto_holder_is_told_what_was_announced_and_the_log_says_it_too(app: Any,
                                                                            wctx: Any) -> None:
    game = _game(wctx)
    ann, bob = _signed(app, wctx, game, 0), _signed(app, wctx, game, 1)
    for seat, card in ((0, 13), (1, 12), (2, 11)):
        game.play(seat, "play_power", card=card)
    game.play(0, "choose_card", stack=2)  # Ann takes the Veto
    page = _page(ann, game)
    assert "The card's action is done." not in page  # nothing has happened yet
    assert "The Veto has no action of its own" in page
    game.play(0, "place", places={})
    game.play(1, "choose_card", stack=1)
    game.play(1, "special", moves=[{"seat": 2, "from": "galicia", "to": "castillo", "count": 1}])
    page = _page(ann, game)
    assert "You must allow or veto Bob's “Move 3 Caballeros” (1 of Cid's Caballeros from " \
        "Galicia into the Castillo)." in page
    assert "Bob announces “Move 3 Caballeros”: 1 of Cid's Caballeros from Galicia into the " \
        "Castillo." in page
    assert "×" not in page and ":galicia>" not in page
    french = _page(bob, game)
    assert "Bob annonce « Déplacer 3 Caballeros » : 1 Caballero de Cid de Galice dans le " \
        "Castillo." in french


def test_the_log_has_no_raw_value_no_empty_line_and_no_hedged_plural(app: Any,
                                                                     wctx: Any) -> None:
    game = _game(wctx)
    for seat, card in ((0, 10), (1, 9), (2, 8)):  # Ann's 10 plays first, and brings 1
        game.play(seat, "play_power", card=card)
    game.play(0, "take", count=1)
    game.play(0, "choose_card", stack=3)  # score the 4-regions
    game.play(0, "place", places={"castillo": 1})
    game.play(0, "special")  # the scoring, then the turn's end
    for seat, lang in ((0, "en"), (1, "fr"), (2, "it")):
        page = _page(_signed(app, wctx, game, seat), game)
        lines = _log(page)
        assert lines and all("<span>" in line for line in lines), (lang, lines)  # no empty line
        text = re.sub(r"<[^>]+>", "", "\n".join(lines))
        for raw in (r"\(s\)", r"\bNone\b", r"\[", r"\bphase\.", "×", r"\bà les\b",
                    r"\bde le\b", r"\bda la\b", r"\ba le\b"):
            assert not re.search(raw, text), (lang, raw, text)
    english = re.sub(r"<[^>]+>", "", "\n".join(_log(_page(_signed(app, wctx, game, 0), game))))
    assert "Ann brings 1 Caballero to court." in english
    assert "Ann places Caballeros: 1 in the Castillo." in english
    assert "into the Castillo" not in english  # told once, not as a second placement


def test_nothing_to_decide_is_not_your_move_and_undo_waits_for_a_move(app: Any,
                                                                      wctx: Any) -> None:
    game = _game(wctx)
    ann, bob = _signed(app, wctx, game, 0), _signed(app, wctx, game, 1)
    page = _page(bob, game)  # Ann plays first: Bob has nothing to decide
    assert "À vous de jouer" not in page  # the heading of a decision, with none to make
    assert "En attente d'Ann" in html.unescape(page) and not re.search(r"\bde Ann", page)
    assert 'id="undo"' not in page  # no move of Bob's to take back
    assert 'id="undo"' not in _page(ann, game)  # the opening is nobody's move to undo
    game.play(0, "play_power", card=13)
    page = _page(ann, game)
    assert 'id="undo"' in page  # Ann's own move, nobody has played since
    assert "Your move" not in page
    ann.post(f"/games/{game.id}/undo", data={"csrf_token": csrf_of(page)})
    page = _page(ann, game)
    assert "Undone." in page
    undone = [line for line in _log(page) if "Ann plays power card 13." in line]
    assert undone and all("(undone)" in line and "<del>" in line for line in undone)
    assert 'id="undo"' not in page  # the undone move is not a move to take back again
    assert "Your move" in page  # Ann must play a power card again
    game.play(0, "play_power", card=12)
    game.play(1, "play_power", card=11)
    assert 'id="undo"' not in _page(ann, game)  # Bob has played since


def test_a_french_page_in_the_browser_reads_french_throughout(wctx: Any, page_for: Any) -> None:
    game = _game(wctx)
    for seat, card in ((0, 13), (1, 12), (2, 11)):
        game.play(seat, "play_power", card=card)
    game.play(0, "choose_card", stack=2)
    game.play(0, "place", places={})
    page = page_for(game.ids[1])  # Bob reads French
    page.goto(f"/games/{game.id}")
    log = page.inner_text(".log-list")
    assert "Ann prend la carte « Veto »." in log
    assert "Bob joue la carte pouvoir 12." in log
    assert "Le tour d'Ann se termine." in log
    side = page.inner_text("aside.side")
    assert "Vous devez choisir une carte action." in side
    for english in ("Your move", "plays", "takes the card", "turn ends"):
        assert english not in log + side, english


def test_the_italian_page_names_the_players_colour_with_its_article(app: Any, wctx: Any) -> None:
    """Cid's page read « Giochi con rosso. » while his mail said « Giochi con il rosso. »: Italian
    needs the article before the colour."""
    game = _game(wctx)
    page = _page(_signed(app, wctx, game, 2), game)
    assert re.search(r"Giochi con il (rosso|giallo|blu|verde|nero)\.", page), \
        re.findall(r"Giochi con[^.<]*", page)


def test_french_pages_click_on_a_place_not_click_a_place() -> None:
    """The placing forms said « Cliquez un lieu / une case en surbrillance » : French clicks *on* something
    (« cliquez sur un lieu »)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for source in [*root.glob("domain/*/*.py"), *root.glob("service/**/*.py"),
                   *root.glob("emails/*.py")]:
        text = re.sub(r'"\s*\n\s*"', "", source.read_text(encoding="utf-8"))  # joined lines
        found = re.findall(r"\b[Cc]lique[zr]? (?:un|une|le|la|les)\b[^\"]*", text)
        assert not found, (source.name, found)
