"""Every registered game is playable through every channel, with nothing about it outside its
package and the registry: by mail (the board in every mail, replies in the players' languages),
by typed moves to the end with the record verified, exported and imported, by its bots, and
through the web forms in a real browser.

The registry walked is the tests' one: the production games (`domain.games.GAMES`) plus the
sealed-bids package (`tests/games/bids`) in its complete form and in its rules-only form, which
proves what a game that provides less still gets. A new game is checked here by registering it.
El Grande's whole game by mail is long (hundreds of replies, each mail with its map): the mail
walk plays every game to its end but El Grande, which it plays for a bounded number of replies
(tests/emails/test_play_by_mail.py plays one to the end).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from sqlalchemy import select

from domain import bots
from domain.core import surface
from domain.core.commands import Command
from domain.core.game import boards_of
from service import commands, players, records, states
from service.store import Source
from service.tables import seats
from tests.emails.conftest import Table
from tests.emails.helpers import plain
from tests.games.walk import human_decisions, reply_a_move, state_of
from tests.service.conftest import test_games
from tests.service.seating import started_game

GAMES = sorted(test_games())
LANGUAGES = ("en", "fr", "it")
NAMES = ("Ann", "Bruno", "Chiara", "Dirk", "Eva")
MAIL_REPLIES = {"el-grande": 14}  # bounded (see the module's docstring); the others: to the end


def _people(ctx: Any, count: int) -> list[Any]:
    return [players.add(ctx, f"{name.lower()}@example.com", name=name,
                        language=LANGUAGES[i % 3], time_zone="Europe/Rome")[0]
            for i, name in enumerate(NAMES[:count])]


def _new_game(ctx: Any, name: str) -> tuple[Any, str, list[Any]]:
    module = ctx.games[name]
    low, _high = surface.player_range(module)
    people = _people(ctx, max(low, 2))
    game_id = started_game(ctx, people[0], game=name, emails=[p.email for p in people])
    return module, game_id, people


@pytest.mark.parametrize("name", GAMES)
def test_played_by_mail_with_the_board_in_every_mail(name: str, mail_ctx: Any,
                                                     smtp_server: Any) -> None:
    module, game_id, people = _new_game(mail_ctx, name)
    table = Table(mail_ctx, game_id, people)
    names = [p.name for p in people]
    rng = random.Random(name)
    limit = MAIL_REPLIES.get(name, 500)
    replies = 0
    fresh = table.drain()
    while not module.is_over(state := state_of(mail_ctx, game_id, module)) and replies < limit:
        # Every game mail just sent (not an answer to a reply) shows its reader's board as it
        # stands now: the mails are rendered from the state after the last move.
        for mail in fresh:
            seat = next((i for i, p in enumerate(people) if p.email in str(mail["To"])), None)
            subject = str(mail["Subject"])
            if seat is None:
                continue
            # Every mail names the game it is about by its own title, in the reader's language.
            title = surface.title(module, people[seat].language)
            assert title in subject, (name, subject)
            assert name == "el-grande" or "El Grande" not in subject.replace(title, "")
            if subject.startswith("Re:") or "invit" in subject:
                continue  # an answer to a reply, or an invitation: no board in them
            board = boards_of(module).text(module.view(state, seat), people[seat].language, names)
            assert board.splitlines()[0].strip() in plain(mail), (name, str(mail["Subject"]))
            html = mail.get_body(("html",)).get_content()
            assert "<html" in html and "built-in method" not in html
        fresh = reply_a_move(mail_ctx, table, smtp_server, module, game_id, people, rng)[2]
        replies += 1
    if name not in MAIL_REPLIES:
        assert module.is_over(state_of(mail_ctx, game_id, module))
        over = [m for m in table.drain() + table.sent if "over" in str(m["Subject"]).lower()
                or "terminée" in str(m["Subject"]) or "finita" in str(m["Subject"])]
        assert {p.email for p in people} <= {re.sub(r".*<|>.*", "", str(m["To"])) for m in over}


@pytest.mark.parametrize("name", GAMES)
def test_typed_moves_to_the_end_then_verify_export_import(name: str, ctx: Any) -> None:
    module, game_id, _ = _new_game(ctx, name)
    rng = random.Random(f"typed-{name}")
    for _ in range(5000):
        state = state_of(ctx, game_id, module)
        if module.is_over(state):
            break
        decision = rng.choice(human_decisions(module, state))
        command = module.sample_command(state, decision, rng)
        commands.handle(game_id, decision.seat, Command(command.type, decision.seat,
                                                        dict(command.params)),
                        Source("api"), ctx=ctx)
    assert module.is_over(state_of(ctx, game_id, module))
    report = records.verify(ctx, game_id)
    assert report.ok and report.seed_checked, report.text()
    lines = list(records.export_lines(ctx, game_id))
    copy = records.import_record(ctx, records.parse(lines), game_id=f"{game_id}x")
    again = records.verify(ctx, copy)
    assert again.ok and again.seed_checked, again.text()
    assert module.ranking(state_of(ctx, copy, module)) == module.ranking(state_of(ctx, game_id, module))


@pytest.mark.parametrize("name", GAMES)
def test_every_bot_level_plays_a_whole_game(name: str) -> None:
    module = test_games()[name]
    low, _high = surface.player_range(module)
    for level in bots.levels(module):
        rng = random.Random(f"{name}-{level}")
        state = module.fold(module.create(max(low, 2), {}, f"bots-{level}", None))
        for _ in range(5000):
            if module.is_over(state):
                break
            decision = module.pending(state)[0]
            command = (module.default_command(state, decision) if decision.seat is None
                       else bots.play(module, state, decision.seat, level, rng, budget=0.02,
                                      decision=decision))
            state = module.fold(module.decide(state, command), state)
        assert module.is_over(state), (name, level)
        assert sorted(r["seat"] for r in module.ranking(state)) == list(range(max(low, 2)))


@pytest.mark.parametrize("name", GAMES)
def test_the_first_decision_is_made_through_the_web_form(name: str, page_for: Any,
                                                         wctx: Any) -> None:
    wctx.games = {**wctx.games, **test_games()}
    module, game_id, _ = _new_game(wctx, name)
    state = state_of(wctx, game_id, module)
    decision = human_decisions(module, state)[0]
    with wctx.engine.connect() as conn:
        player_id = conn.execute(select(seats.c.player_id).where(
            seats.c.game_id == game_id, seats.c.seat == decision.seat)).scalar_one()
    page = page_for(player_id)
    page.goto(f"/games/{game_id}")
    before = states.load(wctx.engine, wctx.states, game_id, module)[0]
    form = page.locator("form.decision").first
    button = form.locator("button[type=submit], button.choice-btn").first
    button.click()
    page.wait_for_load_state()
    after = states.load(wctx.engine, wctx.states, game_id, module)[0]
    assert after > before, page.content()[:2000]


def test_sealed_bids_is_played_to_the_end_through_the_web_forms(page_for: Any,
                                                                  wctx: Any) -> None:
    """The complete package, in a real browser, every move by its form: secret bids typed in a
    number field, the prize chosen by its button, until the game is over and ranked."""
    wctx.games = {**wctx.games, **test_games()}
    module, game_id, people = _new_game(wctx, "bids")
    pages = {seat: page_for(person.id) for seat, person in enumerate(people)}
    for _ in range(20):
        state = state_of(wctx, game_id, module)
        if module.is_over(state):
            break
        decision = human_decisions(module, state)[0]
        page = pages[decision.seat]
        page.goto(f"/games/{game_id}")
        before = states.load(wctx.engine, wctx.states, game_id, module)[0]
        form = page.locator("form.decision").first
        if decision.kind == "bid":
            form.locator("input[type=number]").fill(str(5 - decision.seat))
            form.locator("button[type=submit]").click()
        else:
            form.locator("button.choice-btn", has_text=("or" if people[decision.seat].language
                                                        == "fr" else "gold")).click()
        page.wait_for_load_state()
        assert states.load(wctx.engine, wctx.states, game_id, module)[0] > before, \
            page.content()[:1500]
    state = state_of(wctx, game_id, module)
    assert module.is_over(state) and state.won[0] == ("gold", "gold")  # Ann bid 5 each round
    final = pages[1].goto(f"/games/{game_id}")
    assert final is not None and final.ok
    assert "Manche 2 sur 2" in pages[1].content()  # Bruno reads the board in French
