"""Whole 3-, 4- and 5-player games played ONLY by email replies through the inbound SMTP server.

Each player reads the mail the service sent them (the "your turn" mail, or the answer to their last
reply), picks a legal move, writes it as a person would in the command language of their mail's
language — lowercase or capitalised, accents or not, several commands of one turn in one reply at
times, a greeting, a signature, top- or bottom-posted, at times the mail's own example line, at
times asking for the board first — and replies with smtplib to the reply address. Every example a
mail prints must parse back to a legal command; no decision is asked twice; no mail claims what is
not so. At the end every player command of the game came by mail, with its Message-ID.
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
from service import db, lobby, players
from service.tables import events, inbound_mail
from tests.emails.conftest import PEOPLE, SETUP, Table, free_port, make_table
from tests.emails.helpers import example_of, plain, reply, strip_accents

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


MORE = [("dora@example.fr", "Dora", "fr"), ("emil@example.it", "Emil", "it")]
HOMES = ["aragon", "galicia", "sevilla", "cataluna", "granada"]
GREETINGS = {"en": ("Hi all,", "Thanks!\nAnn", "Cheers", "Sent from my iPhone"),
             "fr": ("Bonjour,", "Merci\nBruno", "Bonne journée", "Envoyé de mon iPhone"),
             "it": ("Ciao!", "Grazie\nChiara", "A presto", "Inviato da iPhone")}
DECIDE = ("What you must decide now:", "Ce que vous devez décider maintenant :",
          "Cosa devi decidere ora:")


def seated(ctx: Any, count: int) -> Table:
    """A game of `count` players, every invited player accepting as they would (the last
    acceptance starts it)."""
    if count == 3:
        return make_table(ctx)
    people = [players.add(ctx, a, name=n, language=lang)[0] for a, n, lang in (PEOPLE + MORE)[
        :count]]
    created = lobby.create(ctx, people[0], game="el-grande", emails=[p.email for p in people],
                           setup={**SETUP, "homes": HOMES[:count]})
    for person in people[1:]:
        lobby.accept(ctx, created.game_id, person)
    return Table(ctx, created.game_id, people)


def dressed(text: str, lang: str, rng: random.Random) -> str:
    """A reply's text as people write it: a greeting above, a signature below, at times."""
    hello, thanks, bye, phone = GREETINGS[lang]
    if rng.random() < 0.2:
        text = f"{hello}\n{text}"
    if rng.random() < 0.3:
        text = f"{text}\n\n{rng.choice([thanks, bye, phone])}"
    return text


@pytest.mark.slow
# Each player count once and each database at least once (the 5-player game, the longest, on
# PostgreSQL): all six pairs cost a minute of the suite and found nothing the three do not.
@pytest.mark.parametrize(("database_url", "count"),
                         [("sqlite", 3), ("sqlite", 4), ("postgres", 5)], indirect=["database_url"])
def test_whole_game_by_email(mail_ctx: Any, monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    monkeypatch.setattr(render_mod, "board_png", lambda *a, **k: None)  # speed: tested elsewhere
    table = seated(mail_ctx, count)  # the full nine rounds
    module = mail_ctx.games["el-grande"]
    results: list[Any] = []
    server = mailin.server(mail_ctx, "127.0.0.1", free_port(), on_result=results.append)
    server.start()
    rng = random.Random(5 + count)
    latest: dict[str, Any] = {}
    asked: dict[str, int] = {p.email: 0 for p in table.people}  # asking mails since a reply
    examples = replies = commands = copied = boards = 0
    try:
        for _step in range(3000):
            state = table.state()
            for mail in table.drain():
                to = str(mail["To"])
                person = next(p for p in table.people if p.email in to)
                text = plain(mail)
                assert "specialee" not in text and "votredélai" not in str(mail["Subject"])
                assert "Every seat has accepted" not in text or "started" in str(mail["Subject"])
                if person.language != "en":  # « … » in French and Italian, never “…”
                    assert "“" not in text and "”" not in text, text
                if any(d in text for d in DECIDE):
                    asked[person.email] += 1
                    assert asked[person.email] == 1, f"{person.name} asked twice: {text}"
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
            text, parts = turn_text(module, state, decision.seat, person.language, names, rng)
            example = example_of(latest[person.email])
            if example and rng.random() < 0.25:  # a person who copies the mail's example
                session = GameSession(module, state, decision.seat, lang=person.language)
                try:
                    parts = len(language_of(module).parse(example, session).commands)
                    text = example
                    copied += 1
                except (ParseError, CommandRefused):
                    pass  # that mail's example was for an earlier decision
            if rng.random() < 0.03:  # "where are we?": the board first, then the move
                word = {"en": "board please", "fr": "le plateau, svp", "it": "tabellone"}
                reply(server, latest[person.email], person, word[person.language])
                assert results[-1].status == "accepted", results[-1]
                asked[person.email] = 0
                boards += 1
                for mail in table.drain():
                    who = next(p for p in table.people if p.email in str(mail["To"]))
                    if mail["Reply-To"]:
                        latest[who.email] = mail
            before = len(results)
            reply(server, latest[person.email], person, dressed(text, person.language, rng),
                  bottom=rng.random() < 0.3)
            assert len(results) == before + 1  # the server answered 250 after processing
            assert results[-1].status == "accepted", (text, results[-1])
            assert len(results[-1].commands) == parts, (text, results[-1])
            asked[person.email] = 0
            replies += 1
            commands += parts
        assert module.is_over(table.state()), "the game did not finish"
    finally:
        server.stop()
    final = table.drain()
    overs = [m for m in table.sent if "over" in str(m["Subject"]) or "termin" in str(m["Subject"])
             or "finita" in str(m["Subject"])]
    # Everybody hears the end, once; the last mover from the answer to their reply, which says
    # so in its subject and holds the final table (one reply, one answer: no game-over mail).
    assert len(overs) == count
    last = [m for m in table.sent if person.email in str(m["To"])][-1]
    assert [m for m in overs if person.email in str(m["To"])] == [last]
    assert str(last["Subject"]).startswith("Re:")
    assert any(words in plain(last) for words in ("The final table:", "Le classement final",
                                                  "La classifica finale")), plain(last)
    assert examples > 30 and copied > 5
    with db.read(mail_ctx.engine) as conn:
        by_player = conn.execute(select(events.c.source, events.c.source_ref).where(
            events.c.game_id == table.game_id, events.c.actor.like("player:%"))).all()
        stored = conn.execute(select(inbound_mail.c.status)).scalars().all()
    assert by_player and all(r.source == "email" and r.source_ref for r in by_player)
    assert len(stored) == replies + boards and set(stored) == {"accepted"}
    assert final is not None
    # Commands the game module itself would also accept, one per reply at least.
    assert commands >= replies
    assert Command  # imported for readers: the replies became these
