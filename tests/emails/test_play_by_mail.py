"""A whole 3-player game played ONLY by email replies through the inbound SMTP server.

Each player reads the mail the service sent them (the "your turn" mail, or the confirmation of
their last reply), picks a legal move, writes it as a person would in the command language of
their mail's language (several commands of one turn in one reply, at times), and replies with
smtplib to the reply address. Every example a "your turn" mail prints must parse back to a legal
command. At the end every player command of the game came by mail, with its Message-ID.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy import select

from domain.core.commands import Command
from domain.core.game import language_of
from domain.core.language import CommandRefused, GameSession, ParseError
from emails import mailin
from emails import render as render_mod
from service import db
from service.tables import events, inbound_mail
from tests.emails.conftest import free_port, make_table
from tests.emails.helpers import example_of, reply, strip_accents

CHAINABLE = {"take", "choose_card", "act"}


def humanise(text: str, rng: random.Random) -> str:
    if rng.random() < 0.3:
        text = strip_accents(text)
    if rng.random() < 0.3:
        text = text.upper() if rng.random() < 0.2 else text[:1].upper() + text[1:]
    return text


def turn_text(module: Any, state: Any, seat: int, lang: str, names: list[str],
              rng: random.Random) -> tuple[str, int]:
    """One reply: a legal command, or several of the same turn chained, as text."""
    parts = []
    chain = rng.random() < 0.5
    for _ in range(4):
        decision = next((d for d in module.pending(state) if d.seat == seat), None)
        if decision is None or (parts and (decision.kind not in CHAINABLE or not chain)):
            break
        command = module.sample_command(state, decision, rng)
        body = {"type": command.type, **dict(command.params)}
        parts.append(language_of(module).format(body, lang, decision=decision, names=names))
        state = module.fold(module.decide(state, command), state)
    separator = rng.choice([", ", "\n", "\n\n"])
    return separator.join(humanise(p, rng) for p in parts), len(parts)


@pytest.mark.slow
def test_whole_game_by_email(mail_ctx: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render_mod, "board_png", lambda *a, **k: None)  # speed: tested elsewhere
    table = make_table(mail_ctx)  # the full nine rounds
    module = mail_ctx.games["el-grande"]
    results: list[Any] = []
    server = mailin.server(mail_ctx, "127.0.0.1", free_port(), on_result=results.append)
    server.start()
    rng = random.Random(5)
    latest: dict[str, Any] = {}
    examples = replies = commands = copied = 0
    try:
        for _step in range(1500):
            state = table.state()
            for mail in table.drain():
                to = str(mail["To"])
                person = next(p for p in table.people if p.email in to)
                if mail["Reply-To"]:
                    latest[person.email] = mail
                example = example_of(mail)
                if example and not module.is_over(state):
                    seat = table.people.index(person)
                    session = GameSession(module, state, seat, lang=person.language)
                    parsed = language_of(module).parse(example, session)  # raises if illegal now
                    assert parsed.commands
                    examples += 1
            if module.is_over(state):
                break
            decision = next(d for d in module.pending(state) if d.seat is not None)
            person = table.people[decision.seat]
            names = [p.name for p in table.people]
            text, count = turn_text(module, state, decision.seat, person.language, names, rng)
            example = example_of(latest[person.email])
            if example and rng.random() < 0.25:  # a person who copies the mail's example
                session = GameSession(module, state, decision.seat, lang=person.language)
                try:
                    count = len(language_of(module).parse(example, session).commands)
                    text = example
                    copied += 1
                except (ParseError, CommandRefused):
                    pass  # that mail's example was for an earlier decision
            before = len(results)
            reply(server, latest[person.email], person, text)
            assert len(results) == before + 1  # the server answered 250 after processing
            assert results[-1].status == "accepted", (text, results[-1])
            replies += 1
            commands += count
        assert module.is_over(table.state()), "the game did not finish"
    finally:
        server.stop()
    final = table.drain()
    overs = [m for m in table.sent if "over" in str(m["Subject"]) or "termin" in str(m["Subject"])
             or "finita" in str(m["Subject"])]
    assert len(overs) == 3
    assert examples > 30 and copied > 5
    with db.read(mail_ctx.engine) as conn:
        by_player = conn.execute(select(events.c.source, events.c.source_ref).where(
            events.c.game_id == table.game_id, events.c.actor.like("player:%"))).all()
        stored = conn.execute(select(inbound_mail.c.status)).scalars().all()
    assert by_player and all(r.source == "email" and r.source_ref for r in by_player)
    assert len(stored) == replies and set(stored) == {"accepted"}
    assert final is not None
    # Commands the game module itself would also accept, one per reply at least.
    assert commands >= replies
    assert Command  # imported for readers: the replies became these
