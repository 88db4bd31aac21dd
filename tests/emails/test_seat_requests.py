"""Seats by mail (service/seats.py through emails/requests.py): hand one's seat to a bot and take
it back, resign — in English, French and Italian — and what the table reads about it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from emails import requests
from service import db
from service.tables import inbound_mail, seats
from tests.emails.helpers import plain, reply
from tests.emails.test_requests import latest, to


def test_the_seat_requests_are_whole_lines_in_three_languages() -> None:
    assert requests.kind_of("resign") == requests.kind_of("J'abandonne.") == "resign"
    assert requests.kind_of("mi ritiro") == requests.kind_of("I resign, thanks") == "resign"
    assert requests.kind_of("bot greedy") == requests.kind_of("Robot greedy svp") == "bot:greedy"
    assert requests.kind_of("bot random") == "bot:random"
    assert requests.kind_of("reprendre ma place") == requests.kind_of("riprendo il mio posto") \
        == requests.kind_of("take back my seat") == "back"
    assert requests.kind_of("the bot played well") is None  # never inside a sentence


def _bot(table: Any, seat: int) -> str | None:
    with db.read(table.ctx.engine) as conn:
        return conn.execute(select(seats.c.bot).where(seats.c.game_id == table.game_id,
                                                      seats.c.seat == seat)).scalar()


def test_a_seat_handed_to_a_bot_taken_back_and_resigned_by_mail(table: Any, smtp_server: Any
                                                                 ) -> None:
    first = table.drain()
    ann, bruno, chiara = table.people
    reply(smtp_server, latest(table, 1, first), bruno, "robot random\n\nBruno")
    [answer] = to(table.drain(), bruno)
    text = plain(answer)
    assert "C'est fait : un robot (random) joue votre place désormais." in text
    assert "Répondez «\u00a0reprendre ma place\u00a0» pour la jouer de nouveau." in text
    assert _bot(table, 1) == "random"
    told = to(table.sent, ann)
    assert any("Bruno handed their seat in game" in plain(m) and "a bot (random)" in plain(m)
               for m in told)
    reply(smtp_server, answer, bruno, "Reprendre ma place, merci")
    [answer] = to(table.drain(), bruno)
    assert "C'est fait : vous jouez de nouveau votre place." in plain(answer)
    assert _bot(table, 1) is None
    reply(smtp_server, answer, bruno, "bot genius")  # not a level of this game
    [answer] = to(table.drain(), bruno)
    assert "Votre place n'a pas été changée" in plain(answer) and "greedy" in plain(answer)
    # Chiara resigns: the seat goes to the table's bot, the others are told in their language.
    old = latest(table, 2, table.sent)
    reply(smtp_server, old, chiara, "Mi ritiro.\n\nChiara")
    sent = table.drain()
    [answer] = [m for m in to(sent, chiara) if str(m["Subject"]).startswith("Re:")]
    assert "Fatto: ti sei ritirato da questa partita." in plain(answer)
    assert _bot(table, 2) == "greedy"
    [to_bruno] = [m for m in to(sent, bruno) if "changé de main" in str(m["Subject"])]
    assert "Chiara a abandonné la partie" in plain(to_bruno)
    assert "un robot (greedy) joue sa place désormais" in plain(to_bruno)
    # Her old reply address no longer plays anything, and is not answered.
    reply(smtp_server, old, chiara, "potere 3")
    assert to(table.drain(), chiara) == []
    with db.read(table.ctx.engine) as conn:
        last = conn.execute(select(inbound_mail.c.status, inbound_mail.c.detail)
                            .order_by(inbound_mail.c.id.desc()).limit(1)).one()
    assert last.status == "refused" or "token" in (last.detail or "")


def test_the_answer_to_a_resignation_shows_the_game_as_a_spectator_sees_it(
        table: Any, smtp_server: Any) -> None:
    first = table.drain()
    chiara = table.people[2]
    reply(smtp_server, latest(table, 2, first), chiara, "mi ritiro")
    [answer] = [m for m in to(table.drain(), chiara) if str(m["Subject"]).startswith("Re:")]
    text = plain(answer)
    assert "Fatto: ti sei ritirato" in text
    assert ", tu)" not in text  # no seat of hers any more
    assert not answer["Reply-To"]  # nothing left to reply to as a player
    hand = "Le mie carte potere"
    assert hand not in text


def test_the_game_over_mail_names_every_holder_of_a_seat(mail_ctx: Any) -> None:
    from domain.core.commands import Command
    from emails import outbound
    from service import lobby, players, seats, store
    from service.commands import handle
    from service.tables import outbox
    from service.tables import players as players_t
    from tests.emails.conftest import SENDER
    from tests.service.seating import accept_all

    ann = players.add(mail_ctx, "ann@example.com", name="Ann")[0]
    bob = players.add(mail_ctx, "bob@example.com", name="Bob")[0]
    dan = players.add(mail_ctx, "dan@example.com", name="Dan", language="fr")[0]
    game_id = lobby.create(mail_ctx, ann, game="bids", emails=[ann.email, bob.email]).game_id
    accept_all(mail_ctx, game_id)
    offer = seats.offer(mail_ctx, game_id, bob, dan.email)
    seats.answer(mail_ctx, game_id, dan, True, offer.id)
    for _ in range(2):
        handle(game_id, 0, Command("bid", 0, {"amount": 3}), store.Source("api"), ctx=mail_ctx,
               player=ann.id)
        handle(game_id, 1, Command("bid", 1, {"amount": 2}), store.Source("api"), ctx=mail_ctx,
               player=dan.id)
        handle(game_id, 0, Command("claim", 0, {"prize": "gold"}), store.Source("api"),
               ctx=mail_ctx, player=ann.id)
    with db.read(mail_ctx.engine) as conn:
        row = conn.execute(select(outbox).where(outbox.c.kind == "game-over",
                                                outbox.c.player_id == dan.id)).one()
        reader = conn.execute(select(players_t).where(players_t.c.id == dan.id)).one()
    text = outbound.build_message(row, reader, sender=SENDER, ctx=mail_ctx, links={}) \
        .get_body(preferencelist=("plain",)).get_content()
    assert "Dan (après Bob)" in text and "Ann" in text
