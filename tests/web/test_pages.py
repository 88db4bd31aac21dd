"""The web pages with Flask's test client: sign-in, CSRF, cookies, rate limits, the game page in
three languages, decision forms, settings, spectators, replay, and no leak of hidden information."""

from __future__ import annotations

import html
import re
from typing import Any

from service import players
from tests.web.conftest import EMAILS, Game, csrf_of, last_outbox, sign_in


def test_sign_in_by_magic_link_records_the_mail_and_sets_a_safe_cookie(app: Any, wctx: Any,
                                                                        game: Game) -> None:
    client = app.test_client()
    page = client.get("/login")
    assert page.status_code == 200 and 'type="email"' in page.text
    sent = client.post("/login", data={"email": EMAILS[1], "csrf_token": csrf_of(page.text)})
    assert sent.status_code == 302
    row = last_outbox(wctx, game.ids[1])
    assert row is not None and row.kind == "magic-link"
    # An unknown address gets the same answer and no mail.
    page = client.get("/login")
    unknown = client.post("/login", data={"email": "nobody@example.com",
                                          "csrf_token": csrf_of(page.text)})
    assert unknown.status_code == 302 and unknown.location == sent.location
    link = players.magic_link(wctx, game.ids[1])
    path = link[link.index("/login/"):]
    confirm = client.get(path)
    assert confirm.status_code == 200 and "confirm-sign-in" in confirm.text
    assert client.get("/games").status_code == 302  # not signed in yet: a GET uses nothing up
    done = client.post(path, data={"csrf_token": csrf_of(confirm.text)})
    assert done.status_code == 302 and done.location.endswith("/games")
    cookie = done.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie  # served on localhost
    games = client.get("/games")
    assert games.status_code == 200 and game.id in games.text and "Mes parties" in games.text
    # The link works once.
    other = app.test_client()
    again = other.post(path, data={"csrf_token": csrf_of(other.get(path).text)})
    assert again.status_code == 401


def test_forms_without_a_csrf_token_are_refused(app: Any, wctx: Any, game: Game) -> None:
    client = app.test_client()
    assert client.post("/login", data={"email": EMAILS[0]}).status_code == 400
    sign_in(client, wctx, game.ids[0])
    refused = client.post(f"/games/{game.id}/play", data={"type": "play_power", "p.card": "13"})
    assert refused.status_code == 400
    assert client.post("/settings", data={"language": "it"}).status_code == 400
    # The bearer-token API is not affected by CSRF protection.
    assert client.get("/api/openapi.json").status_code == 200


def test_secure_cookie_when_not_on_localhost(wctx: Any) -> None:
    from dataclasses import replace

    from service.api import create_app
    from service.web import secure_cookies

    assert secure_cookies("https://elgrande.example.org") and not secure_cookies(
        "http://127.0.0.1:8000")
    assert not secure_cookies("http://192.168.1.20:8000")  # `pbem serve --host` in a LAN
    wctx.settings = replace(wctx.settings, base_url="https://elgrande.example.org")
    app = create_app(wctx)
    assert app.config["SESSION_COOKIE_SECURE"] is True


def test_sign_in_requests_are_rate_limited(wctx: Any, game: Game) -> None:
    from service.api import create_app

    client = create_app(wctx, TESTING=True).test_client()
    token = csrf_of(client.get("/login").text)
    codes = [client.post("/login", data={"email": EMAILS[2], "csrf_token": token}).status_code
             for _ in range(5)]
    assert codes[:3] == [302, 302, 302] and 429 in codes
    limited = client.post("/login", data={"email": EMAILS[2], "csrf_token": token})
    assert limited.status_code == 429 and "Too many" in limited.text


def test_game_page_shows_the_board_my_hand_and_the_decision(app: Any, wctx: Any,
                                                           game: Game) -> None:
    client = app.test_client()
    sign_in(client, wctx, game.ids[0])
    page = client.get(f"/games/{game.id}")
    html = page.text
    assert page.status_code == 200
    assert "<svg" in html and 'data-place="castillo"' in html
    for name in ("Galicia", "Aragón", "Castilla la Nueva", "Sevilla"):
        assert name in html
    assert 'name="p.card"' in html and 'value="13"' in html  # the power-card form
    assert "Content-Security-Policy" in page.headers
    # Accessible labels: each place's name and counts as text.
    assert re.search(r'aria-label="Aragón; values 5/4/1; Ann \(red\) 2; Grande Ann \(red\)"', html)


def test_french_and_italian_pages(app: Any, wctx: Any, game: Game) -> None:
    bob, cid = app.test_client(), app.test_client()
    sign_in(bob, wctx, game.ids[1])
    sign_in(cid, wctx, game.ids[2])
    fr = html.unescape(bob.get(f"/games/{game.id}").text)
    it = html.unescape(cid.get(f"/games/{game.id}").text)
    assert 'lang="fr"' in fr and "Vieille-Castille" in fr and "Ce qui s'est passé" in fr
    assert 'lang="it"' in it and "Castiglia Vecchia" in it and "Cosa è successo" in it
    assert "Inizia una partita di El Grande" in it  # the log, rendered by the game's texts


def test_playing_through_forms(app: Any, wctx: Any, game: Game) -> None:
    ann = app.test_client()
    sign_in(ann, wctx, game.ids[0])
    page = ann.get(f"/games/{game.id}").text
    moved = ann.post(f"/games/{game.id}/play", data={
        "csrf_token": csrf_of(page), "type": "play_power", "p.card": "13",
        "version": re.search(r'name="version" value="(\d+)"', page).group(1)})
    assert moved.status_code == 302
    page = ann.get(f"/games/{game.id}").text
    assert "Ann plays power card 13." in page
    # An illegal move is refused with the engine's words.
    bad = ann.post(f"/games/{game.id}/play", data={
        "csrf_token": csrf_of(page), "type": "play_power", "p.card": "12"}, follow_redirects=True)
    assert "Not done" in bad.text



def test_a_second_app_renders_its_pages_without_compiling_them_again(
        wctx: Any, monkeypatch: Any) -> None:
    """The templates are compiled once per process (service.web.SharedBytecode): the suite and a
    server's apps after the first reuse them, and what they render is the same."""
    import jinja2

    from service.api import create_app

    first = create_app(wctx).test_client().get("/rules/el-grande")
    compiled: list[str] = []
    real = jinja2.Environment.compile

    def counting(self: Any, source: Any, name: Any = None, *args: Any, **kw: Any) -> Any:
        compiled.append(str(name))
        return real(self, source, name, *args, **kw)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    second = create_app(wctx).test_client().get("/rules/el-grande")
    assert second.status_code == first.status_code == 200
    def page(r: Any) -> str:
        return re.sub(r'content="[^"]*" name="csrf|name="csrf-token" content="[^"]*"', "csrf",
                      r.text)

    assert page(second) == page(first) and compiled == []
