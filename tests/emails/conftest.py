"""Fixtures for the mail tests: the service's database fixtures (SQLite and PostgreSQL), a game
between three players, the outbox turned into real messages, and the inbound SMTP server on a free
local port."""

from __future__ import annotations

import email
import random
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import select, update

from domain.elgrande.data import stack_contents
from emails import mailin, outbound, render
from service import context, db, players
from service.context import Context
from service.tables import outbox
from service.tables import players as players_t
from tests.service.conftest import (  # noqa: F401 - fixtures
    ctx,
    database_url,
    postgres_url,
    sqlite_template,
)
from tests.service.seating import started_game
from workers import mail as mail_worker

SENDER = "El Grande <pbem@grande.test>"
SETUP = {"king": "castilla_la_nueva", "homes": ["aragon", "galicia", "sevilla"], "first_player": 0}
PEOPLE = [("ann@example.com", "Ann", "en"), ("bruno@example.fr", "Bruno", "fr"),
          ("chiara@example.it", "Chiara", "it")]


@pytest.fixture
def mail_ctx(ctx: Context) -> Iterator[Context]:  # noqa: F811
    """The test's context, also as the configured one (build_message's default)."""
    previous = context._current
    context.configure(ctx)
    yield ctx
    context._current = previous


@dataclass
class Table:
    ctx: Context
    game_id: str
    people: list[Any]
    sent: list[EmailMessage] = field(default_factory=list)

    def drain(self) -> list[EmailMessage]:
        """Turn every unsent outbox row into a message (as the sender does, which leaves out a turn
        mail whose seat has answered since), mark it sent."""
        with db.read(self.ctx.engine) as conn:
            rows = conn.execute(select(outbox).where(outbox.c.sent_at.is_(None))
                                .order_by(outbox.c.id)).all()
        out = []
        for row in rows:
            with db.read(self.ctx.engine) as conn:
                player = conn.execute(select(players_t).where(players_t.c.id == row.player_id)
                                      ).first()
            if not render.outdated(self.ctx, row):  # as the sender: nothing to ask any more
                message = outbound.build_message(row, player, sender=SENDER, ctx=self.ctx,
                                                 links=mail_worker._links(self.ctx, row, player))
                # What a receiver gets: the bytes, parsed again.
                out.append(email.message_from_bytes(message.as_bytes(), policy=policy.default))
            with db.write(self.ctx.engine) as conn:
                conn.execute(update(outbox).where(outbox.c.id == row.id)
                             .values(sent_at=row.created_at, attempts=1))
        self.sent += out
        return out

    def state(self) -> Any:
        from service import states

        module = self.ctx.games["el-grande"]
        return states.load(self.ctx.engine, self.ctx.states, self.game_id, module)[1]


def stacks(seed: int) -> dict[str, list[str]]:
    """Fully given stacks: the game is the same on every run (the service draws the seed)."""
    rng = random.Random(seed)
    out = {}
    for stack in (1, 2, 3, 4):
        cards = stack_contents(stack)
        rng.shuffle(cards)
        out[str(stack)] = cards
    return out


def make_table(service: Context, options: dict[str, Any] | None = None, seed: int = 1) -> Table:
    people = []
    for address, name, language in PEOPLE:
        people.append(players.add(service, address, name=name, language=language)[0])
    # Given stacks come from an organiser who does not play: a seat may not give them.
    organiser, _token = players.add(service, "olga@example.com", name="Olga")
    game_id = started_game(service, organiser, game="el-grande",
                           emails=[p.email for p in people], options=options or {},
                           setup={**SETUP, "stacks": stacks(seed)})
    return Table(service, game_id, people)


@pytest.fixture
def table(mail_ctx: Context) -> Table:
    return make_table(mail_ctx)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp_server(mail_ctx: Context) -> Iterator[Any]:
    controller = mailin.server(mail_ctx, "127.0.0.1", free_port())
    controller.start()
    yield controller
    controller.stop()
