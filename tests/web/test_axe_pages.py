"""axe-core on every kind of page a player reaches (issue 25): each game's page in play and
finished, its replay, the create-game page, the rules pages and the games list, on a wide screen in
English, and on a phone in French (the games list, the create-game page, each game in play). No
violation of impact serious or critical.

axe-core comes with the dev dependency axe-playwright-python (its axe.min.js, MPL-2.0): nothing is
fetched from npm at test time. Chromium missing: skipped, except under CI=true (tests/conftest.py).
"""

from __future__ import annotations

import random
import re
from typing import Any

from domain.core.commands import Command
from service import commands, states
from service.context import Context
from service.store import Source
from tests.service.seating import started_game
from tests.web.conftest import EMAILS, Game, magic_path, organiser
from tests.web.test_glance import serious

GAMES = {"el-grande": {"short_game": True},  # a whole game in 6 rounds: the same pages, sooner
         "king-and-intrigue": {"players_edition": True, "special_cards": True},
         "el-caballero": {}}


def advance(ctx: Context, game_id: str, game: str, moves: int | None = None, seed: int = 5) -> None:
    """Random legal moves through `handle`: `moves` of them, or (None) to the game's end."""
    rng = random.Random(seed)
    module = ctx.games[game]
    for _ in range(5000 if moves is None else moves):
        _v, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
        if module.is_over(state):
            return
        decision = next(d for d in module.pending(state) if d.seat is not None)
        command = module.sample_command(state, decision, rng)
        commands.handle(game_id, decision.seat, Command(command.type, decision.seat,
                                                        command.params), Source("api"), ctx=ctx)
    assert moves is not None, "the game did not end"


def signed_in(browser: Any, live: str, wctx: Context, player_id: int, width: int,
              forms: bool = False) -> Any:
    """`forms`: the player opened the forms under the table (kept by the browser), so that axe
    sees them open; else they are folded while the table offers the same moves."""
    context = browser.new_context(viewport={"width": width, "height": 900}, base_url=live)
    if forms:
        context.add_init_script("localStorage.setItem('pbem.forms', 'open')")
    page = context.new_page()
    page.goto(magic_path(wctx, player_id))
    page.click("#confirm-sign-in")
    page.wait_for_url(re.compile(r".*/games$"))
    return page


def test_axe_finds_no_serious_violation_on_any_page(browser: Any, live: str, wctx: Context,
                                                    game: Game) -> None:
    games = {name: started_game(wctx, organiser(wctx), game=name, emails=EMAILS, options=options)
             for name, options in GAMES.items()}
    wide = signed_in(browser, live, wctx, game.ids[0], 1280)  # Ann, English
    phone = signed_in(browser, live, wctx, game.ids[1], 390, forms=True)  # Bob, French, forms
    found: dict[str, Any] = {}

    def check(path: str, phone_too: bool = True) -> None:
        for page in (wide, phone) if phone_too else (wide,):
            page.goto(path)
            assert page.evaluate("document.documentElement.scrollWidth") <= \
                page.viewport_size["width"], path  # nothing cut off at the right edge
            if violations := serious(page):
                found[f"{path} at {page.viewport_size['width']} px"] = violations

    for path in ("/games", "/games/new", *(f"/rules/{name}" for name in games)):
        check(path, phone_too=path in ("/games", "/games/new"))
    for name, game_id in games.items():
        advance(wctx, game_id, name, 12)  # in play, a few moves on
        check(f"/games/{game_id}")
        advance(wctx, game_id, name)  # to the end
        check(f"/games/{game_id}", phone_too=False)
        check(f"/games/{game_id}/replay", phone_too=False)
    assert found == {}
