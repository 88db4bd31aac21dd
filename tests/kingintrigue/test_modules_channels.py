"""King & Intrigue with both modules through the channels, as every game is walked
(tests/games/test_every_game.py) but with `players_edition` and `special_cards` on: replies by mail
in the players' languages with the markers on the mailed boards, typed moves to the end with the
record verified, exported and imported, an own undo of a module card, and the web's first form."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import select

from domain.core.commands import Command
from domain.core.game import boards_of
from service import commands, players, records, states, undo
from service.errors import Rejected
from service.store import Source
from service.tables import seats
from tests.emails.conftest import Table, mail_ctx, smtp_server  # noqa: F401 - fixtures
from tests.emails.helpers import plain
from tests.games.walk import human_decisions, reply_a_move, state_of
from tests.service.conftest import (  # noqa: F401 - fixtures
    ctx,
    database_url,
    postgres_url,
    sqlite_template,
)
from tests.service.seating import started_game
from tests.web.conftest import app, live, page_for, wctx  # noqa: F401 - fixtures
from tests.web.shots import shot

GAME = "king-and-intrigue"
BOTH = {"players_edition": True, "special_cards": True}
PEOPLE = (("Ann", "en"), ("Bruno", "fr"), ("Chiara", "it"))
SETUP = {"king": "castilla_la_nueva", "homes": ["galicia", "aragon", "sevilla"], "first_player": 0}
"""The whole of what the game's random seed decides (`kingintrigue.rules.create`): given, the
games here are played out by the tests' own seeded `random.Random` alone, the same at every run
(the lobby's seed, `secrets.token_hex`, made the module cards played vary from run to run)."""
MODULE_ACTIONS = {"relocation", "alliance", "bridge", "quarantine", "collapse_risk", "revolt",
                  "hurricane", "civil_war", "score_offered", "jour_faste", "fiesta", "espionage",
                  "coup", "table_for_six", "royal_guard", "king_marker", "mistress",
                  "intervention", "score_present", "score_any"}


def _game(ctx: Any) -> tuple[Any, str, list[Any]]:  # noqa: F811
    people = [players.add(ctx, f"{n.lower()}@example.com", name=n, language=lang,
                          time_zone="Europe/Rome")[0] for n, lang in PEOPLE]
    game_id = started_game(ctx, people[0], game=GAME, emails=[p.email for p in people],
                           options=BOTH, setup=SETUP)
    return ctx.games[GAME], game_id, people


def test_by_mail_in_three_languages_with_the_markers_on_the_boards(mail_ctx: Any,  # noqa: F811
                                                                   smtp_server: Any) -> None:  # noqa: F811
    module, game_id, people = _game(mail_ctx)
    table = Table(mail_ctx, game_id, people)
    names = [p.name for p in people]
    rng = random.Random("modules-by-mail")
    table.drain()
    played: set[str] = set()
    marker_seen = False
    for _ in range(400):
        state = state_of(mail_ctx, game_id, module)
        if module.is_over(state):
            break
        decision, command, fresh = reply_a_move(mail_ctx, table, smtp_server, module, game_id,
                                                people, rng)
        card = (decision.constraint or {}).get("card")
        if command.type == "special" and card in MODULE_ACTIONS:
            played.add(card)
        state = state_of(mail_ctx, game_id, module)
        if not state.mods.is_empty():
            for seat, person in enumerate(people):
                board = boards_of(module).text(module.view(state, seat), person.language, names)
                mailed = [m for m in fresh if person.email in str(m["To"])
                          and not str(m["Subject"]).startswith("Re:")]
                for mail in mailed:
                    body = plain(mail)
                    assert board.splitlines()[-1].strip() in body, board.splitlines()[-1]
                    marker_seen = True
    assert module.is_over(state_of(mail_ctx, game_id, module))
    assert marker_seen and len(played) >= 5, played


def test_typed_moves_to_the_end_an_own_undo_of_a_module_card_then_verify_export_import(
        ctx: Any) -> None:  # noqa: F811
    module, game_id, _ = _game(ctx)
    rng = random.Random("modules-typed")
    undone = False
    for _ in range(5000):
        state = state_of(ctx, game_id, module)
        if module.is_over(state):
            break
        decision = rng.choice(human_decisions(module, state))
        command = module.sample_command(state, decision, rng)
        commands.handle(game_id, decision.seat, Command(command.type, decision.seat,
                                                        dict(command.params)),
                        Source("api"), ctx=ctx)
        card = (decision.constraint or {}).get("card")
        after = state_of(ctx, game_id, module)
        if not undone and command.type == "special" and card in MODULE_ACTIONS \
                and after.mods.to_view() != state.mods.to_view():
            try:
                undo.undo_own(ctx, game_id, decision.seat)
            except Rejected:  # it revealed something (a scoring's discs): not undoable alone
                continue
            back = state_of(ctx, game_id, module)
            assert back.mods.to_view() == state.mods.to_view()
            assert module.view(back, decision.seat) == module.view(state, decision.seat)
            undone = True
    assert module.is_over(state_of(ctx, game_id, module)) and undone
    report = records.verify(ctx, game_id)
    assert report.ok and report.seed_checked, report.text()
    lines = list(records.export_lines(ctx, game_id))
    copy = records.import_record(ctx, records.parse(lines), game_id=f"{game_id}x")
    again = records.verify(ctx, copy)
    assert again.ok and again.seed_checked, again.text()


def test_the_keep_form_on_the_web_offers_the_larger_pool(page_for: Any,  # noqa: F811
                                                          wctx: Any) -> None:  # noqa: F811
    module, game_id, _ = _game(wctx)
    state = state_of(wctx, game_id, module)
    decision = human_decisions(module, state)[0]
    with wctx.engine.connect() as conn:
        player_id = conn.execute(select(seats.c.player_id).where(
            seats.c.game_id == game_id, seats.c.seat == decision.seat)).scalar_one()
    page = page_for(player_id)
    page.goto(f"/games/{game_id}")
    form = page.locator("form.decision").first
    assert "Relocation" in form.inner_text() or "Relocalisation" in form.inner_text()
    shot(page, "king-and-intrigue-modules-keep")
    before = states.load(wctx.engine, wctx.states, game_id, module)[0]
    form.locator("button[type=submit], button.choice-btn").first.click()
    page.wait_for_load_state()
    after = states.load(wctx.engine, wctx.states, game_id, module)[0]
    assert after > before, page.content()[:2000]
