"""Fixtures for the web board's tests: a migrated SQLite per test, players, a started game, a live
server in a thread for the browser tests, and Debian's Chromium driven by Playwright.

The browser is /usr/bin/chromium (bin/setup installs it with apt-get, and Playwright from PyPI):
missing, the browser tests are skipped with the reason, except under CI=true where that fails.
"""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from domain.core.commands import Command
from domain.elgrande.data import stack_contents
from domain.games import GAMES
from service import commands, players
from service.api import create_app
from service.context import Context
from service.db import dispose, make_engine
from service.settings import Settings
from service.store import Source
from service.tables import outbox
from tests.service.conftest import sqlite_template  # noqa: F401 - the migrated SQLite template
from tests.service.seating import started_game

EMAILS = ["ann@example.com", "bob@example.com", "cid@example.com"]


@pytest.fixture
def wctx(sqlite_template: Path, tmp_path: Path) -> Iterator[Context]:  # noqa: F811
    target = tmp_path / "pbem.sqlite3"
    shutil.copy(sqlite_template, target)
    url = f"sqlite:///{target}"
    settings = Settings(database_url=url, secret_key="web-test-secret", instance=tmp_path,
                        base_url="http://localhost:8000")
    service = Context(engine=make_engine(url, pool_size=8), settings=settings, games=dict(GAMES))
    yield service
    dispose(service.engine)


@pytest.fixture
def app(wctx: Context) -> Any:
    """The app; sign-in rate limits off (tests sign in many times; one test checks them)."""
    return create_app(wctx, TESTING=True, RATELIMIT_ENABLED=False)


def stacks(tops: dict[int, str]) -> dict[str, list[str]]:
    """Full stack orderings with the given cards on top."""
    out = {}
    for n in (1, 2, 3, 4):
        cards = stack_contents(n)
        if n in tops:
            cards.remove(tops[n])
            cards.insert(0, tops[n])
        out[str(n)] = cards
    return out


SETUP = {"king": "castilla_la_nueva", "homes": ["aragon", "sevilla", "galicia"], "first_player": 0,
         "stacks": stacks({1: "move_3_any", 2: "kings_return", 3: "score_4s", 4: "secret_scoring"})}


def organiser(ctx: Context) -> Any:
    """Who creates the test games: given stacks come from somebody who does not play."""
    player, _token = players.add(ctx, "olga@example.com", name="Olga", time_zone="UTC")
    return player


@dataclass
class Game:
    id: str
    ctx: Context
    ids: list[int]  # player ids by seat

    def play(self, seat: int, kind: str, **params: Any) -> None:
        commands.handle(self.id, seat, Command(kind, seat, params), Source("api"), ctx=self.ctx)


@pytest.fixture
def game(wctx: Context) -> Game:
    """A started 3-player game (Castillo counts hidden: memory) with a known set-up."""
    people = []
    for email, name, language in zip(EMAILS, ["Ann", "Bob", "Cid"], ["en", "fr", "it"], strict=True):
        player, _token = players.add(wctx, email, name=name, language=language,
                                     time_zone="Europe/Paris")
        people.append(player)
    game_id = started_game(wctx, organiser(wctx), game="el-grande", emails=EMAILS,
                           options={"castillo_visibility": "memory"}, setup=SETUP)
    return Game(game_id, wctx, [p.id for p in people])


def to_ann_act(game: Game) -> None:
    """Power cards 13/12/11 (Ann first, nothing to take), Ann takes stack 4 (secret scoring)."""
    game.play(0, "play_power", card=13)
    game.play(1, "play_power", card=12)
    game.play(2, "play_power", card=11)
    game.play(0, "choose_card", stack=4)


def magic_path(ctx: Context, player_id: int) -> str:
    link = players.magic_link(ctx, player_id)
    return link[link.index("/login/"):]


def last_outbox(ctx: Context, player_id: int) -> Any:
    with ctx.engine.connect() as conn:
        return conn.execute(select(outbox).where(outbox.c.player_id == player_id)
                            .order_by(outbox.c.id.desc())).first()


CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf_of(html: str) -> str:
    found = CSRF.search(html)
    assert found, "no CSRF token in the page"
    return found.group(1)


def sign_in(client: Any, ctx: Context, player_id: int) -> None:
    """The magic-link flow with the Flask test client (as the mail worker would send the link)."""
    path = magic_path(ctx, player_id)
    page = client.get(path)
    assert page.status_code == 200
    done = client.post(path, data={"csrf_token": csrf_of(page.text)})
    assert done.status_code == 302, done.text


# --- the live server and the browser ----------------------------------------------------------------

@pytest.fixture
def live(app: Any) -> Iterator[str]:
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture
def page_for(browser: Any, live: str, wctx: Context) -> Iterator[Any]:
    """A new browser context signed in as a player, by the real magic-link flow (web form)."""
    contexts = []

    def make(player_id: int, *, width: int = 1280, height: int = 900, forms: bool = True) -> Any:
        """`forms`: a player who opened the forms under the table once (table.js keeps that
        choice in the browser), as the tests that play through the forms need; False: a new
        player, who finds them folded while the table offers the same moves."""
        context = browser.new_context(viewport={"width": width, "height": height},
                                      base_url=live)
        if forms:
            context.add_init_script("localStorage.setItem('pbem.forms', 'open')")
        contexts.append(context)
        page = context.new_page()
        page.goto(magic_path(wctx, player_id))
        page.click("#confirm-sign-in")
        page.wait_for_url(re.compile(r".*/games$"))
        return page

    yield make
    for context in contexts:
        context.close()
