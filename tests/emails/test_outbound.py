"""The notifications: every kind in English, French and Italian, text and HTML; the your-turn mail's
board (as the seat may see it), commands and example; headers (stable Message-ID, threading,
reply address, one-click unsubscribe); the unsubscribe endpoint (the dev outbox:
test_dev_outbox.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import select

from domain.core.commands import Command
from domain.core.language import GameSession
from emails import outbound, render
from service import db, store
from service.api import create_app
from service.commands import handle
from service.tables import players
from tests.emails.helpers import example_of, plain

KINDS = ["invitation", "game-started", "your-turn", "reminder", "final-warning", "game-paused",
         "auto-move", "game-over", "digest", "magic-link", "undo-request", "undo-applied",
         "undo-refused", "undo-lapsed", "mail-reply", "invitation-declined"]
SUBJECT_WORDS = {"en": "El Grande", "fr": "El Grande", "it": "El Grande"}


def row(kind: str, game_id: str | None, payload: dict[str, Any], id_: int = 99) -> Any:
    return SimpleNamespace(id=id_, game_id=game_id, kind=kind, payload=payload,
                           created_at=datetime(2026, 11, 22, 10, tzinfo=UTC))


def person(table: Any, seat: int, language: str | None = None) -> Any:
    p = table.people[seat]
    return SimpleNamespace(id=p.id, email=p.email, name=p.name, language=language or p.language)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_kind_renders_in_every_language(table: Any, lang: str) -> None:
    payloads = {
        "invitation": {"inviter": "Ann"}, "your-turn": {"seat": 0, "version": 3},
        "reminder": {"seat": 0, "due_at": "2026-11-25T10:00:00+00:00"},
        "final-warning": {"seat": 0, "due_at": "2026-11-25T10:00:00+00:00"},
        "game-over": {"ranking": [{"rank": 1, "seat": 2, "score": 80},
                                  {"rank": 2, "seat": 0, "score": 70}]},
        "digest": {"date": "2026-11-22", "games": [{"game_id": table.game_id, "seat": 0,
                                                    "due_at": "2026-11-25"}]},
        "undo-request": {"by": 1, "back_to": 5, "reason": "misclick", "seat": 0},
        "invitation-declined": {"by": "Bruno", "seat": 1},
        "auto-move": {"seat": 0, "move": {"type": "play_power", "card": 1}},
        "mail-reply": {"status": "refused", "why": "Power card 99 is not in your hand.",
                       "subject": "Re: your turn", "seat": 0},
    }
    texts = set()
    for kind in KINDS:
        message = outbound.build_message(
            row(kind, None if kind in ("digest", "magic-link") else table.game_id,
                payloads.get(kind, {})), person(table, 0, lang), sender="El Grande <pbem@grande.test>",
            links={"login": "https://x/login/abc"}, ctx=table.ctx)
        text = plain(message)
        html = message.get_body(("html",)).get_content()
        assert text.strip() and "<html" in html
        subject = str(message["Subject"])
        if kind == "digest":  # about every game waiting on the player, of any kind
            assert {"en": "games", "fr": "parties", "it": "partite"}[lang] in subject
            assert {"en": "November 22, 2026", "fr": "22 novembre 2026",
                    "it": "22 novembre 2026"}[lang] in subject, subject
        else:  # the game's own title
            assert SUBJECT_WORDS[lang] in subject or kind == "magic-link"
        assert {"en": "Hello", "fr": "Bonjour", "it": "Ciao"}[lang] in text
        texts.add(str(message["Subject"]))
        if kind == "auto-move":
            assert {"en": "power 1", "fr": "pouvoir 1", "it": "potere 1"}[lang] in text
        if kind.startswith("undo-") and lang != "en":  # the outcome in words, not "applied"
            assert not any(w in text or w in subject for w in ("applied", "refused", "lapsed")), \
                (subject, text)
        if kind == "game-over":  # "La partie El Grande … est terminée", the scores in points
            assert subject.startswith({"en": "El Grande", "fr": "La partie El Grande",
                                       "it": "La partita El Grande"}[lang]), subject
            assert {"en": "1. Chiara — 80 points", "fr": "1. Chiara — 80 points",
                    "it": "1. Chiara — 80 punti"}[lang] in text
    assert len(texts) >= len(KINDS) - 3  # subjects say what the mail is


def test_your_turn_mail(table: Any) -> None:
    mails = table.drain()
    [turn] = [m for m in mails if "your turn" in str(m["Subject"])]
    text, html = plain(turn), turn.get_body(("html",)).get_content()
    # Headers: stable id, the game's thread, the seat's reply address, one-click unsubscribe.
    assert str(turn["Message-ID"]).startswith("<outbox-")
    root = f"<game-{table.game_id}@grande.test>"
    assert str(turn["In-Reply-To"]) == root and root in str(turn["References"])
    assert str(turn["Reply-To"]).split("<")[1].startswith("pbem+")
    assert str(turn["List-Unsubscribe"]).startswith("<http") and "/mail/unsubscribe/" in str(
        turn["List-Unsubscribe"])
    assert str(turn["List-Unsubscribe-Post"]) == "List-Unsubscribe=One-Click"
    # The board as seat 0 sees it: others' Castillo counts hidden, in text and in HTML.
    assert "Castilla la Nueva K" in text and "Aragón G:red" in text
    assert "<table" in html and "<td>Castillo</td>" in html
    # Each place's values are shown (Aragón: 5/4/1), not the template's view of a dict method.
    assert "<td>5/4/1</td>" in html and "built-in method" not in html
    castillo = next(line for line in text.splitlines() if line.startswith("Castillo "))
    assert castillo.split()[1:4] == ["0", "?", "?"]
    # The PNG, inline, referenced from the HTML.
    images = [p for p in turn.walk() if p.get_content_type() == "image/png"]
    if images:  # cairo present: the web renderer's PNG
        cid = str(images[0]["Content-ID"]).strip("<>")
        assert f"cid:{cid}" in html
        assert images[0].get_content()[:8] == b"\x89PNG\r\n\x1a\n"
        # As wide as mail layouts are (600 px), not El Grande's 800: a quarter less to draw.
        assert int.from_bytes(images[0].get_content()[16:20], "big") == render.MAIL_WIDTH
    # The commands, and an example from the real position that parses to a legal command.
    assert "power N — N one of: 1 (6 Caballeros), 2 (5 Caballeros), 3 (5 Caballeros)" in text
    example = example_of(turn)
    assert example == "power 1"
    module = table.ctx.games["el-grande"]
    assert module.language.parse(example, GameSession(module, table.state(), 0)).commands == [
        {"type": "play_power", "card": 1}]
    # The same row builds the same Message-ID on every attempt.
    again = table.drain()
    assert again == []


def test_examples_in_every_language_are_legal_through_a_game(table: Any,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """For every decision of a game's first rounds, each language's mail shows an example that
    parses back, in that language, to a command the game accepts."""
    import random

    from emails import render

    monkeypatch.setattr(render, "board_png", lambda *a, **k: None)  # speed
    module = table.ctx.games["el-grande"]
    rng = random.Random(2)
    checked = 0
    for _ in range(60):
        state = table.state()
        decision = next(d for d in module.pending(state) if d.seat is not None)
        for lang in ("en", "fr", "it"):
            message = outbound.build_message(row("your-turn", table.game_id,
                                                 {"seat": decision.seat}, 1000 + checked),
                                             person(table, decision.seat, lang),
                                             sender="El Grande <pbem@grande.test>", ctx=table.ctx)
            example = example_of(message)
            assert example, plain(message)
            session = GameSession(module, state, decision.seat, lang=lang)
            assert module.language.parse(example, session).commands  # legal on a copy of the game
            checked += 1
        command = module.sample_command(state, decision, rng)
        handle(table.game_id, decision.seat, command, store.Source("api"), ctx=table.ctx)
    assert checked == 180


def test_no_secret_leaks_into_another_seats_mail(table: Any) -> None:
    module = table.ctx.games["el-grande"]
    state = table.state()
    rng = __import__("random").Random(4)
    while True:  # play to the first secret choice (the disc)
        decision = next(d for d in module.pending(state) if d.seat is not None)
        if sum(d.kind == "secret" for d in module.pending(state)) >= 2:
            break
        handle(table.game_id, decision.seat, module.sample_command(state, decision, rng),
               store.Source("api"), ctx=table.ctx)
        state = table.state()
    secret_seats = [d.seat for d in module.pending(state) if d.kind == "secret"]
    chooser, other = secret_seats[0], secret_seats[1]
    handle(table.game_id, chooser, Command("secret", chooser, {"choice": "granada"}),
           store.Source("api"), ctx=table.ctx)
    mine = outbound.build_message(row("your-turn", table.game_id, {"seat": other}),
                                  person(table, other, "en"), ctx=table.ctx)
    text = plain(mine) + mine.get_body(("html",)).get_content()
    assert f"{table.people[chooser].name} has made their secret choice" in text
    assert "chose Granada" not in text and "Granada in secret" not in text


def test_one_click_unsubscribe(table: Any) -> None:
    [turn] = [m for m in table.drain() if "your turn" in str(m["Subject"])]
    url = str(turn["List-Unsubscribe"]).strip("<>")
    path = "/" + url.split("/", 3)[3]
    client = create_app(table.ctx, TESTING=True).test_client()
    page = client.get(path)
    assert page.status_code == 200
    assert "<form" in page.text and "&lt;" not in page.text  # the page's own HTML, not escaped
    assert client.post(path, data="List-Unsubscribe=One-Click").status_code == 200
    assert client.post(path[:-3] + "xyz").status_code == 404
    with db.read(table.ctx.engine) as conn:
        flag = conn.execute(select(players.c.email_notifications)
                            .where(players.c.id == table.people[0].id)).scalar_one()
    assert flag is False
