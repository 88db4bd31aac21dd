"""The page to create a game (issue 14, item 4): a web user chooses the game among the ones the
service offers, who sits where (themselves, players by email, bots), the game's options (from its
option specs, in words) and the turn time; bad input is refused in the creator's language, naming
the seat, and creates nothing."""

from __future__ import annotations

import dataclasses
import html
import re
from typing import Any

from sqlalchemy import func, select

from domain.games import GAMES
from service import players
from service.tables import games, outbox
from tests.web.conftest import csrf_of, sign_in
from tests.web.shots import shot


def _player(wctx: Any, email: str, name: str, language: str) -> Any:
    return players.add(wctx, email, name=name, language=language, time_zone="Europe/Paris")[0]


def _signed(app: Any, wctx: Any, player: Any) -> Any:
    client = app.test_client()
    sign_in(client, wctx, player.id)
    return client


def _count_games(wctx: Any) -> int:
    with wctx.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(games)).scalar_one())


def _form(page: str, **changes: str) -> dict[str, str]:
    """The form as the page pre-fills it (the default choices), with `changes` on top."""
    data = {"csrf_token": csrf_of(page), "game": re.search(
        r'name="game" value="([^"]+)"', page).group(1)}  # type: ignore[union-attr]
    for select_name, body in re.findall(r'<select id="[^"]+" name="([^"]+)">(.*?)</select>',
                                        page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', body)
        data[select_name] = chosen.group(1) if chosen else ""
    for name, value in re.findall(r'<input type="radio" name="([^"]+)" value="([^"]+)" checked>',
                                  page):
        data[name] = value
    for name, value in re.findall(r'name="(seat\.\d+\.email|turn_hours)"[^>]*value="([^"]*)"',
                                  page):
        data[name] = value
    data.update(changes)
    return data


def _text(response: Any) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.text)))


def test_a_new_user_creates_a_game_with_bots_in_the_browser_and_plays(page_for: Any,
                                                                      wctx: Any) -> None:
    ann = _player(wctx, "ann@example.com", "Ann", "en")
    page = page_for(ann.id)
    page.click("#new-game-link")
    page.wait_for_selector("#new-game")
    assert page.input_value("#turn-hours") == "72"
    page.select_option("#seat-1-kind", "bot:greedy")
    page.select_option("#seat-2-kind", "bot:random")
    options = page.inner_text("#new-game")
    assert "Length" in options and "short: six rounds" in options and "Edition" in options
    page.check("input[name='option.short_game'][value='1']")
    page.fill("#turn-hours", "24")
    shot(page, "create-game-en")
    page.click("#create-game")
    page.wait_for_selector(".flash.ok")
    assert "The game is created and has started." in page.inner_text(".flash.ok")
    game_id = page.url.rsplit("/", 1)[1]
    with wctx.engine.connect() as conn:
        row = conn.execute(select(games).where(games.c.id == game_id)).one()
    assert row.game == "el-grande" and row.options["short_game"] is True
    assert row.turn_hours == 24 and row.status == "active"
    assert page.locator("#decide").count() == 1  # Ann sits first: her power card to play
    assert "Bot 2 (greedy)" in page.inner_text("main")


def test_a_french_creator_invites_players_and_they_are_mailed(app: Any, wctx: Any) -> None:
    bob = _player(wctx, "bob@example.com", "Bob", "fr")
    cid_player = _player(wctx, "cid@example.com", "Cid", "it")
    ann_player = _player(wctx, "ann@example.com", "Ann", "fr")
    client = _signed(app, wctx, bob)
    page = client.get("/games/new")
    assert page.status_code == 200
    words = _text(page)
    for french in ("Créer une partie", "Place 1", "Moi (Bob)", "Un joueur, par son adresse "
                   "e-mail", "Édition", "dixième anniversaire", "Heures pour chaque décision"):
        assert french in words, french
    assert "Length" not in words and "Seat" not in words
    done = client.post("/games/new", data=_form(
        page.text, **{"seat.1.email": "ann@example.com", "seat.2.kind": "email",
                      "seat.2.email": "Cid@Example.com"}), follow_redirects=True)
    assert done.status_code == 200, _text(done)
    assert ("La partie est créée. Les invitations sont parties vers ann@example.com, "
            "cid@example.com ; la partie commence quand tout le monde a accepté.") in _text(done)
    assert "Invitation pas encore acceptée par : Ann, Cid." in _text(done) or \
        "Invitation pas encore acceptée par" in _text(done)
    with wctx.engine.connect() as conn:
        mailed = conn.execute(select(outbox.c.kind)).scalars().all()
    assert mailed.count("invitation") == 2
    # What Cid is asked to accept, on the game page, in Italian.
    game_url = re.search(r'href="(/games/[a-z0-9]{12})"', done.text).group(1)  # type: ignore
    cid = _signed(app, wctx, cid_player)
    invited = _text(cid.get(game_url))
    for line in ("Una partita di El Grande creata da Bob.",
                 "Edizione: decennale", "Durata: nove turni",
                 "72 ore per ogni decisione; quando il tempo è scaduto, la partita gioca per lui "
                 "la mossa predefinita, senza rischi."):
        assert line in invited, (line, invited)
    # ... and Ann's, in French: the game's title elided after "de" (« de El Grande » before).
    ann = _signed(app, wctx, ann_player)
    assert "Une partie d'El Grande créée par Bob." in _text(ann.get(game_url))


def test_bad_input_is_refused_in_the_creators_language_and_creates_nothing(app: Any,
                                                                          wctx: Any) -> None:
    cid = _player(wctx, "cid@example.com", "Cid", "it")
    bob = _player(wctx, "bob@example.com", "Bob", "fr")
    italian, french = _signed(app, wctx, cid), _signed(app, wctx, bob)
    page = italian.get("/games/new").text
    cases = {
        "Posto 2: «ann@» non è un indirizzo e-mail": {"seat.1.email": "ann@"},
        "Posto 2: scrivi l'indirizzo e-mail del giocatore": {"seat.1.email": ""},
        "Posto 2: cid@example.com ha già il posto 1": {"seat.1.email": "CID@example.com"},
        "El Grande si gioca da 2 a 5 giocatori, non in 1.": {"seat.1.kind": ""},
        "Il tempo per ogni decisione è un numero intero di ore da 1 a 1440, non «0».":
            {"seat.1.kind": "bot:random", "turn_hours": "0"},
        "Scegli uno dei valori di «Edizione».": {"seat.1.kind": "bot:random",
                                                 "option.edition": "7"},
        "Posto 3: scegli dall'elenco chi ci siede.": {"seat.1.kind": "bot:random",
                                                     "seat.2.kind": "bot:nobody"},
        "Scegli cosa succede quando il tempo": {"seat.1.kind": "bot:random",
                                                "timeout_policy": "never"},
        # Addresses no mail can reach (issue 22, item 16): the invitation would fail unseen.
        "La posta di questo servizio non può raggiungere ann@bücher.example: un indirizzo ha al "
        "massimo 254 caratteri, in lettere ASCII": {"seat.1.email": "ann@bücher.example"},
        "La posta di questo servizio non può raggiungere " + "a" * 64 + "@":
            {"seat.1.email": "a" * 64 + "@" + ".".join(["b" * 60] * 4) + ".com"},
    }
    for said, changes in cases.items():
        refused = italian.post("/games/new", data=_form(page, **changes))
        assert refused.status_code == 422, (said, refused.status_code)
        assert said in _text(refused), (said, _text(refused))
        for name, value in changes.items():  # what was typed is kept
            if name.endswith(".email") and value:
                assert f'value="{value}"' in refused.text, name
    unknown = french.post("/games/new", data={**_form(page), "csrf_token": csrf_of(
        french.get("/games/new").text), "game": "chess"})
    assert unknown.status_code == 422
    assert "Ce service n'a pas de jeu « chess » ; jeux proposés :" in _text(unknown)
    assert french.post("/games/new", data=_form(page)).status_code == 400  # not Bob's CSRF token
    assert _count_games(wctx) == 0


def test_every_offered_game_and_its_options_are_on_the_page(app: Any, wctx: Any) -> None:
    ann = _player(wctx, "ann@example.com", "Ann", "en")
    client = _signed(app, wctx, ann)
    for name, module in GAMES.items():
        page = client.get(f"/games/new?game={name}")
        assert page.status_code == 200
        words = _text(page)
        assert f'name="game" value="{name}"' in page.text
        for spec in module.option_specs:
            assert spec.caption("en") in words
            for value in spec.allowed:
                assert spec.label(value, "en") in words
        for level in module.bots:
            assert f"Bot ({level})" in words
    assert client.get("/games/new?game=chess").status_code == 404
    anonymous = app.test_client().get("/games/new")
    assert anonymous.status_code == 302 and "/login" in anonymous.headers["Location"]


def test_invitations_from_the_page_count_with_the_apis_per_inviting_player(wctx: Any) -> None:
    """The page cannot be used to mail more people than the API lets a player invite: past the
    limit the form comes back, as typed, saying when to return (in the creator's language), and
    nothing is created; a game of the creator and bots invites nobody and is never limited."""
    from dataclasses import replace

    from service.api import create_app

    limited = replace(wctx, settings=replace(wctx.settings, invite_client_limits="2 per hour"))
    app = create_app(limited, TESTING=True)
    cid = _player(wctx, "cid@example.com", "Cid", "it")
    client = _signed(app, wctx, cid)
    page = client.get("/games/new").text
    for n in range(2):
        done = client.post("/games/new", data=_form(page, **{"seat.1.email": f"p{n}@example.com"}))
        assert done.status_code == 302, _text(done)
    refused = client.post("/games/new", data=_form(page, **{"seat.1.email": "p9@example.com"}))
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "Hai inviato troppi inviti; riprova tra" in _text(refused)
    assert 'value="p9@example.com"' in refused.text
    assert _count_games(wctx) == 2
    bots = client.post("/games/new", data=_form(page, **{"seat.1.kind": "bot:random"}))
    assert bots.status_code == 302


def test_the_option_hints_in_french_and_italian_name_no_english_value(app: Any,
                                                                      wctx: Any) -> None:
    """The French page explained « … (le journal annonce chaque ajout : memory), ou tout le monde
    voit tout (open) » and K&I's « (seed) », « (always) », « hidden »: the API's English value
    names in a French or Italian sentence, which the form's choices already say in words."""
    for lang, email in (("fr", "amelie@example.com"), ("it", "giulia@example.com")):
        client = _signed(app, wctx, _player(wctx, email, email.split("@")[0], lang))
        for name, module in GAMES.items():
            hints = " ".join(re.findall(r'<p class="hint">(.*?)</p>',
                                        client.get(f"/games/new?game={name}").text, re.S))
            for spec in module.option_specs:
                for value in spec.allowed:
                    if isinstance(value, str):
                        assert not re.search(rf"\b{value}\b", hints), (lang, name, value)


def test_each_bot_level_says_what_it_is_on_the_create_page_and_the_game_page(app: Any,
                                                                             wctx: Any) -> None:
    """Issue 29: the levels are described in the reader's language, the searching one with the
    seconds a move the service gives it (`PBEM_BOT_BUDGET`, 2 by default)."""
    said = {
        "en": ("Bot (greedy): plays the best-looking move now.",
               "Bot (strong): looks ahead to the end of the round, guessing the others' hands: "
               "about 2 seconds a move.", "Bot (random): plays a legal move at random."),
        "fr": ("Bot (greedy)\u00a0: joue le coup qui paraît le meilleur sur le moment.",
               "Bot (strong)\u00a0: anticipe jusqu'à la fin de la manche en devinant les mains "
               "des autres\u00a0: environ 2 secondes par coup.",
               "Bot (random)\u00a0: joue un coup permis au hasard."),
        "it": ("Bot (greedy): gioca la mossa che sembra la migliore sul momento.",
               "Bot (strong): guarda avanti fino alla fine del round, indovinando le mani degli "
               "altri: circa 2 secondi a mossa.", "Bot (random): gioca una mossa consentita a caso."),
    }
    for language, lines in said.items():
        creator = _player(wctx, f"{language}@example.com", language.upper(), language)
        client = _signed(app, wctx, creator)
        page = client.get("/games/new?game=king-and-intrigue")
        words = _text(page).replace("\u00a0", " ")
        for line in lines:
            assert line.replace("\u00a0", " ") in words, (line, words)
    # the game page: who the bots play for, and what their level is (at the service's budget)
    wctx.settings = dataclasses.replace(wctx.settings, bot_budget=0.5)
    ann = _player(wctx, "ann@example.com", "Ann", "fr")
    client = _signed(app, wctx, ann)
    page = client.get("/games/new?game=el-caballero")
    assert "environ 0,5 seconde par coup" in _text(page)
    done = client.post("/games/new", data=_form(
        page.text, **{"seat.1.kind": "bot:strong", "seat.2.kind": "bot:greedy"}),
        follow_redirects=True)
    assert done.status_code == 200, _text(done)
    game_url = re.search(r'href="(/games/[a-z0-9]{12})"', done.text).group(1)  # type: ignore
    words = _text(client.get(game_url)).replace("\u00a0", " ")
    assert ("Bot 2 (strong) : anticipe sur tout son tour et celui du "
            "joueur suivant : environ 0,5 seconde par coup.") in words, words
    assert ("Bot 3 (greedy) : joue l'action qui paraît la meilleure "
            "sur le moment, et finit son tour quand aucune ne rapporte.") in words
    assert "qui joue pour" not in words  # a bot's own seat; a person's handed seat says it
