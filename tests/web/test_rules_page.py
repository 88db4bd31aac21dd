"""Every game's rules page, in the reader's language, linked from the game page and every mail."""

from __future__ import annotations

import html
from typing import Any

import pytest

from domain.core import surface
from domain.games import GAMES

TITLES = {"el-caballero": {"en": "El Caballero: the rules as this server plays them",
                           "fr": "El Caballero : les règles telles que ce serveur les applique",
                           "it": "El Caballero: le regole come le applica questo server"},
          "king-and-intrigue": {"fr": "El Grande — Roi et intrigues : les règles telles que ce "
                                      "serveur les applique"}}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_a_rules_page_in_each_language(app: Any, name: str) -> None:
    client = app.test_client()
    for lang in ("en", "fr", "it"):
        page = client.get(f"/rules/{name}", headers={"Accept-Language": lang})
        assert page.status_code == 200
        text = html.unescape(page.text)
        expected = surface.rules_page(GAMES[name], lang)
        assert f"<h1>{expected['title']}</h1>" in text
        assert expected["sections"], name  # a page with something to read
        for section in expected["sections"]:
            assert section["title"] in text
            assert all(p in text for p in section["paragraphs"])
        if lang in TITLES.get(name, {}):
            assert expected["title"] == TITLES[name][lang]
    assert client.get("/rules/chess").status_code == 404


def test_the_game_page_and_its_mails_link_to_the_rules(app: Any, game: Any) -> None:
    from tests.web.conftest import sign_in

    client = app.test_client()
    sign_in(client, game.ctx, game.ids[1])
    page = client.get(f"/games/{game.id}").text
    assert 'href="/rules/el-grande"' in page
    from emails import outbound
    from service import db
    from service.tables import outbox
    from service.tables import players as players_t

    with db.read(game.ctx.engine) as conn:
        row = conn.execute(outbox.select().where(outbox.c.game_id == game.id)
                           .order_by(outbox.c.id.desc())).first()
        person = conn.execute(players_t.select().where(players_t.c.id == row.player_id)).first()
    mail = outbound.build_message(row, person, sender="El Grande <pbem@grande.test>",
                                  ctx=game.ctx)
    assert "/rules/el-grande" in mail.get_body(("plain",)).get_content()
    assert "/rules/el-grande" in mail.get_body(("html",)).get_content()


def test_el_grandes_rulings_are_on_its_rules_page_in_each_language(app: Any) -> None:
    """Issue 14, item 17: the editions' one_from_each, take_exact when the provinces are short,
    and what the secret choices cost, written where players read them."""
    client = app.test_client()
    said = {
        "en": ("Original edition (« Le joueur peut renvoyer un Caballero de chacun des "
               "adversaires »): each opponent is your choice — at least one, the others spared",
               "taking the rest from your regions is optional",
               "the disc set to the King's region sends your Castillo Caballeros back to your "
               "court"),
        "fr": ("Édition originale (« Le joueur peut renvoyer un Caballero de chacun des "
               "adversaires ») : chaque adversaire est à votre choix",
               "prendre le reste dans vos régions est facultatif",
               "le disque réglé sur la région du Roi renvoie vos Caballeros du Castillo à votre "
               "cour"),
        "it": ("ogni avversario è a tua scelta — almeno uno, gli altri risparmiati",
               "prendere il resto dalle tue regioni è facoltativo",
               "il disco sulla regione del Re rimanda i tuoi Caballeros del Castillo alla tua "
               "corte"),
    }
    for lang, lines in said.items():
        text = html.unescape(client.get("/rules/el-grande", headers={"Accept-Language": lang})
                             .text)
        for line in lines:
            assert line in text, (lang, line)


def test_the_rules_page_says_which_rules_version_new_games_play(app: Any) -> None:
    """Issue 22: games keep the rules they were created under; the page says the current
    version and, for King & Intrigue, what each version changed (the game page links there)."""
    client = app.test_client()
    words = {"en": "These are the rules of version 2", "fr": "Voici les règles de la version 2",
             "it": "Ecco le regole della versione 2"}
    for lang, said in words.items():
        text = html.unescape(client.get("/rules/king-and-intrigue",
                                        headers={"Accept-Language": lang}).text)
        assert said in text and 'id="versions"' in text
        assert "« Dans une partie à 4 ou 5 joueurs" in text  # the seed's sentence beside it
    el_grande = html.unescape(client.get("/rules/el-grande").text)
    assert "These are the rules of version 1" in el_grande


def test_the_game_page_and_the_api_say_which_rules_version_the_game_plays(
        app: Any, wctx: Any, monkeypatch: Any) -> None:
    from domain.core.events import Event
    from service import players
    from tests.service.seating import started_game
    from tests.web.conftest import EMAILS, organiser, sign_in

    people = [players.add(wctx, email, name=name, language=lang)[0]
              for email, name, lang in zip(EMAILS, ["Ann", "Bob", "Cid"], ["en", "fr", "it"],
                                           strict=True)]
    module = GAMES["king-and-intrigue"]
    now = started_game(wctx, organiser(wctx), game="king-and-intrigue", emails=EMAILS)
    original = module.create

    def before_versions(*args: Any, **kwargs: Any) -> list[Event]:
        first, *rest = original(*args, **kwargs)
        return [Event(first.type, {k: v for k, v in first.payload.items() if k != "rules"}),
                *rest]

    monkeypatch.setattr(module, "create", before_versions)
    old = started_game(wctx, organiser(wctx), game="king-and-intrigue", emails=EMAILS)
    monkeypatch.undo()
    client = app.test_client()
    sign_in(client, wctx, people[1].id)  # Bob reads French
    page = html.unescape(client.get(f"/games/{now}").text)
    assert "Cette partie suit la version 2 des règles, l'actuelle." in page
    page = html.unescape(client.get(f"/games/{old}").text)
    assert ("Cette partie suit la version 1 des règles, celle sous laquelle elle a été créée ; "
            "les nouvelles parties suivent la version 2.") in page
    assert 'href="/rules/king-and-intrigue#versions"' in page
    token = players.add(wctx, EMAILS[0], name="Ann")[1]
    for gid, version in ((now, 2), (old, 1)):
        body = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json
        assert body["rules"] == version and body["rules_current"] == 2
