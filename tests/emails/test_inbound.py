"""Refusals through the real SMTP server: a spoofed From, a wrong or revoked token, a replayed
Message-ID, garbage, an illegal move, a failed DKIM check, a reply to an old notification — each
refused with NOTHING changed. A mail from the seat's player is answered (through the outbox); one
that does not prove its sender is logged and never answered: its From can be anybody's."""

from __future__ import annotations

import logging
from email.message import EmailMessage
from typing import Any

from sqlalchemy import func, select, update

from emails import addresses, inbound
from service import db, store
from service.tables import events, inbound_mail, outbox
from tests.emails.helpers import address_of, plain, reply, send


def version(ctx: Any, game_id: str) -> int:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(func.count()).select_from(events)
                            .where(events.c.game_id == game_id)).scalar_one()


def statuses(ctx: Any) -> list[str]:
    with db.read(ctx.engine) as conn:
        return [r.detail.split(":")[0] for r in conn.execute(
            select(inbound_mail.c.detail).order_by(inbound_mail.c.id))]


def turn_mail(table: Any, seat: int = 0) -> EmailMessage:
    mails = table.drain()
    person = table.people[seat]
    return [m for m in mails if person.email in str(m["To"]) and m["Reply-To"]][-1]


def answers(table: Any) -> list[EmailMessage]:
    return [m for m in table.drain() if str(m["Subject"]).startswith("Re:")]


def test_accepted_reply_is_confirmed_in_the_thread(table: Any, smtp_server: Any) -> None:
    mail = turn_mail(table)
    sent = reply(smtp_server, mail, table.people[0], "power 7")
    [confirmation] = [m for m in answers(table) if table.people[0].email in str(m["To"])]
    assert "power 7" in plain(confirmation)
    assert str(confirmation["In-Reply-To"]) == str(sent["Message-ID"])
    assert str(sent["Message-ID"]) in str(confirmation["References"])
    assert f"<game-{table.game_id}@grande.test>" in str(confirmation["References"])
    assert confirmation["Auto-Submitted"] == "auto-replied"


def test_spoofed_from_is_refused_logged_and_not_answered(table: Any, smtp_server: Any,
                                                        caplog: Any) -> None:
    mail = turn_mail(table)
    token = addresses.token_in(address_of(mail["Reply-To"]))
    before = version(table.ctx, table.game_id)
    with caplog.at_level(logging.WARNING, logger="emails.inbound"):
        reply(smtp_server, mail, table.people[0], "power 7", sender="Mallory <ann@evil.example>")
        # Another player of the same game cannot play Ann's seat with her token either.
        reply(smtp_server, mail, table.people[1], "power 7")
    assert version(table.ctx, table.game_id) == before
    assert statuses(table.ctx) == ["auth", "auth"]
    assert answers(table) == []  # nobody is mailed on the strength of an unproven From
    logged = [r.getMessage() for r in caplog.records if "not answered" in r.getMessage()]
    assert len(logged) == 2 and "ann@evil.example" in logged[0]
    assert token and not any(token in line or "power 7" in line for line in logged)


def test_wrong_and_revoked_tokens_are_refused(table: Any, smtp_server: Any) -> None:
    mail = turn_mail(table)
    before = version(table.ctx, table.game_id)
    reply(smtp_server, mail, table.people[0], "power 7", to="pbem+" + "0" * 40 + "@grande.test")
    with db.write(table.ctx.engine) as conn:
        assert addresses.revoke(conn, table.game_id, 0) == 1
    reply(smtp_server, mail, table.people[0], "power 7")
    assert version(table.ctx, table.game_id) == before
    assert statuses(table.ctx) == ["auth", "auth"]
    assert answers(table) == []
    # The next mail carries a new address, which works.
    with db.write(table.ctx.engine) as conn:
        conn.execute(outbox.insert().values(game_id=table.game_id, player_id=table.people[0].id,
                                            kind="reminder", payload={"seat": 0}, attempts=0,
                                            created_at=mail["Date"].datetime))
    fresh = turn_mail(table)
    assert str(fresh["Reply-To"]) != str(mail["Reply-To"])
    reply(smtp_server, fresh, table.people[0], "power 7")
    assert version(table.ctx, table.game_id) == before + 1


def test_a_forged_mail_to_a_dead_address_makes_the_service_send_nothing(
        table: Any, smtp_server: Any) -> None:
    """The attack: From a player, to a made-up or revoked reply address, with the
    attacker's subject. Nobody is mailed, whatever the subject says."""
    mail = turn_mail(table)
    with db.write(table.ctx.engine) as conn:
        addresses.revoke(conn, table.game_id, 0)
    evil = "URGENT: your account is locked, sign in at http://evil.example"
    for to in ("pbem+" + "1" * 40 + "@grande.test", str(mail["Reply-To"])):
        msg = EmailMessage()
        msg["From"] = "Ann <ann@example.com>"
        msg["To"] = to
        msg["Subject"] = evil
        msg["Message-ID"] = f"<forged-{len(to)}@evil.example>"
        msg.set_content("Click http://evil.example now")
        send(smtp_server, msg)
    assert statuses(table.ctx) == ["auth", "auth"]
    assert table.drain() == []


def test_answers_have_our_own_subject_never_the_senders(table: Any, smtp_server: Any) -> None:
    mail = turn_mail(table)
    evil = "URGENT http://evil.example"
    for body in ("power 99", "power 7"):  # refused, then accepted
        original = EmailMessage()
        original["Subject"] = evil
        for header in ("Reply-To", "Message-ID", "References"):
            original[header] = str(mail[header] or "")
        original.set_content("")
        reply(smtp_server, original, table.people[0], body)
    refused, accepted = answers(table)
    # Our words and the game's current round (the mail answered was about round 1 too).
    assert str(refused["Subject"]) == f"Re: El Grande {table.game_id}: reply not applied (round 1)"
    assert str(accepted["Subject"]) == f"Re: El Grande {table.game_id}: reply accepted (round 1)"
    for answer in (refused, accepted):
        assert "evil.example" not in answer.as_string() and "URGENT" not in answer.as_string()


def test_replayed_message_id_is_not_applied_twice(table: Any, smtp_server: Any) -> None:
    mail = turn_mail(table)
    sent = reply(smtp_server, mail, table.people[0], "power 7")
    after = version(table.ctx, table.game_id)
    table.drain()
    send(smtp_server, sent)  # the very same message again
    # The same Message-ID with another body (an attacker replaying the id) is not read either.
    reply(smtp_server, mail, table.people[0], "power 9", message_id=str(sent["Message-ID"]))
    assert version(table.ctx, table.game_id) == after
    assert statuses(table.ctx) == ["accepted"]
    assert answers(table) == []


def test_garbage_and_illegal_moves_are_refused_with_what_is_allowed(table: Any,
                                                                  smtp_server: Any) -> None:
    mail = turn_mail(table)
    before = version(table.ctx, table.game_id)
    reply(smtp_server, mail, table.people[0], "asdf 42 qwerty zzz")
    reply(smtp_server, mail, table.people[0], "power 99")
    reply(smtp_server, mail, table.people[0], "take 3, card king")  # not now: power first
    send(smtp_server, b"\x00\x01\xff garbage that is no mail at all\r\n",
         rcpt=[str(mail["Reply-To"]).split("<")[-1].rstrip(">")])
    assert version(table.ctx, table.game_id) == before
    assert statuses(table.ctx) == ["refused", "refused", "refused", "auth"]
    told = answers(table)
    assert len(told) == 3  # the sender-less mail is not answered
    for message in told:
        text = plain(message)
        assert "power N" in text  # the commands allowed now
        assert "power 1" in text  # and an example
    assert "Power card 42 is not in your hand" in plain(told[0])  # the 42 read, refused
    assert "Power card 99 is not in your hand" in plain(told[1])
    assert "power_card" in plain(told[2]) or "must decide" in plain(told[2])


def test_french_player_gets_refusals_in_french(table: Any, smtp_server: Any) -> None:
    for seat, card in ((0, 7),):
        reply(smtp_server, turn_mail(table, seat), table.people[seat], f"power {card}")
    mail = turn_mail(table, 1)
    reply(smtp_server, mail, table.people[1], "jouer 7")  # taken already by Ann
    [told] = [m for m in answers(table) if table.people[1].email in str(m["To"])]
    assert "n'a pas été appliquée" in plain(told)
    assert "pouvoir N" in plain(told)


def test_dkim_failure_is_refused_unanswered_and_pass_is_accepted(table: Any,
                                                                  smtp_server: Any) -> None:
    mail = turn_mail(table)
    before = version(table.ctx, table.game_id)
    reply(smtp_server, mail, table.people[0], "power 7", headers={
        "Authentication-Results": "mx.grande.test; dkim=fail (bad signature) header.d=example.com"})
    assert version(table.ctx, table.game_id) == before
    assert answers(table) == []
    reply(smtp_server, mail, table.people[0], "power 7", headers={
        "Authentication-Results": "mx.grande.test; dkim=pass header.d=example.com; spf=pass"})
    assert version(table.ctx, table.game_id) == before + 1
    assert statuses(table.ctx) == ["auth", "accepted"]


def test_reply_to_an_old_notification_is_answered_not_applied(table: Any,
                                                             smtp_server: Any) -> None:
    old = turn_mail(table)
    reply(smtp_server, old, table.people[0], "power 7")
    for seat, card in ((1, 5), (2, 3)):
        reply(smtp_server, turn_mail(table, seat), table.people[seat], f"power {card}")
    table.drain()
    before = version(table.ctx, table.game_id)
    # Ann answers the round's first mail again, as if it were still the power-card step.
    reply(smtp_server, old, table.people[0], "power 9")
    assert version(table.ctx, table.game_id) == before
    assert statuses(table.ctx)[-1] == "stale"
    [told] = answers(table)
    text = plain(told)
    assert "moved on" in text and "take N" in text  # what is pending now, and how to answer


def test_a_reply_to_an_answer_sent_after_others_moved_is_read_against_what_it_showed(
        table: Any, smtp_server: Any) -> None:
    """Found by mail (King & Intrigue with a bot): the answer to a reply is queued at the
    reply's own version but sent once the others (a bot) have moved, showing the player's next
    decision; a reply to it was refused as "the game has moved on" though nothing the player
    saw had changed. A mail shows the game as it was sent."""
    from domain.core.commands import Command
    from service.commands import handle

    reply(smtp_server, turn_mail(table, 0), table.people[0], "power 13")  # Ann goes first
    for seat, card in ((1, 5), (2, 3)):  # the others move before Ann's answer is sent
        handle(table.game_id, seat, Command("play_power", seat, {"card": card}),
               store.Source("api"), ctx=table.ctx)
    sent = [m for m in table.drain() if table.people[0].email in str(m["To"])]
    with db.write(table.ctx.engine) as conn:  # sent now, as the sender marks it (the tests'
        conn.execute(update(outbox).where(outbox.c.game_id == table.game_id)  # drain marks
                     .values(sent_at=store.now()))  # the time it was queued)
    shown = [m for m in sent if "What you must decide now" in plain(m)
             and str(m["Subject"]).startswith("Re:")]  # the answer, showing her next decision
    assert shown, [str(m["Subject"]) for m in sent]
    module = table.ctx.games["el-grande"]
    state = table.state()
    decision = next(d for d in module.pending(state) if d.seat == 0)
    before = version(table.ctx, table.game_id)
    reply(smtp_server, shown[0], table.people[0],
          module.language.example(state, decision, "en"))
    assert statuses(table.ctx)[-1] == "accepted"
    assert version(table.ctx, table.game_id) > before


def test_automatic_mails_are_not_answered(table: Any, smtp_server: Any) -> None:
    mail = turn_mail(table)
    reply(smtp_server, mail, table.people[0], "I am away until Monday",
          headers={"Auto-Submitted": "auto-replied"})
    assert statuses(table.ctx) == ["ignored"]
    assert answers(table) == []


def test_html_only_reply_and_chatter_lines(table: Any, smtp_server: Any) -> None:
    mail = turn_mail(table)
    msg = EmailMessage()
    msg["From"] = table.people[0].email
    msg["To"] = str(mail["Reply-To"])
    msg["Subject"] = "Re: turn"
    msg["Message-ID"] = "<html-only@example.com>"
    msg.set_content("<div>Hi all,</div><div>power 7</div><div>Cheers</div>"
                    "<blockquote>power 1</blockquote>", subtype="html")
    send(smtp_server, msg)
    assert statuses(table.ctx) == ["accepted"]
    [confirmation] = answers(table)
    assert "power 7" in plain(confirmation)
    # A greeting and a thank-you are not reported as lines not read (they were noise).
    assert "hi all" not in plain(confirmation).lower()


def test_pipeline_never_raises_on_odd_input(mail_ctx: Any) -> None:
    for raw in (b"", b"Subject: x\r\n\r\n", b"\xff" * 100, b"From: <>\r\nTo: pbem+xyz@a\r\n\r\nhi"):
        assert inbound.receive(mail_ctx, raw).status in ("auth", "ignored", "duplicate")


def test_unfinished_mails_are_resumed_once(table: Any, smtp_server: Any) -> None:
    """A mail stored but never finished (the process died) is processed by `resume`; one whose
    commands were already recorded is not applied again."""
    from datetime import timedelta

    from sqlalchemy import update

    mail = turn_mail(table)
    sent = reply(smtp_server, mail, table.people[0], "power 7")
    after = version(table.ctx, table.game_id)
    an_hour_ago = store.now() - timedelta(hours=1)
    with db.write(table.ctx.engine) as conn:  # as if it died right after the commands
        conn.execute(update(inbound_mail).values(status="received", received_at=an_hour_ago))
    [result] = inbound.resume(table.ctx)
    assert result.status == "accepted" and result.commands == [{"type": "play_power", "card": 7}]
    assert version(table.ctx, table.game_id) == after
    assert inbound.resume(table.ctx) == []
    # One that died before anything: processed now.
    second = turn_mail(table, 1)
    raw = EmailMessage()
    raw["From"] = table.people[1].email
    raw["To"] = str(second["Reply-To"])
    raw["Subject"] = "Re"
    raw["Message-ID"] = "<died@example.fr>"
    raw.set_content("pouvoir 5")
    with db.write(table.ctx.engine) as conn:
        conn.execute(inbound_mail.insert().values(
            message_id="<died@example.fr>", received_at=an_hour_ago, transport="smtp",
            recipients=[], raw=raw.as_bytes(), status="received"))
    [result] = inbound.resume(table.ctx)
    assert result.status == "accepted"
    assert version(table.ctx, table.game_id) == after + 1
    assert str(sent["Message-ID"])


def test_a_reply_in_an_unknown_charset_is_answered_not_dropped(table: Any) -> None:
    mail = turn_mail(table)
    before = version(table.ctx, table.game_id)
    ann = table.people[0]
    raw = (f"From: Ann <{ann.email}>\r\nTo: {mail['Reply-To']}\r\nSubject: Re: move\r\n"
           f"Message-ID: <klingon-1@example.com>\r\nIn-Reply-To: {mail['Message-ID']}\r\n"
           "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"x-klingon\"\r\n\r\n"
           "power 7\r\n").encode()
    assert inbound.receive(table.ctx, raw).status == "refused"
    assert version(table.ctx, table.game_id) == before
    assert statuses(table.ctx) == ["refused"]
    [told] = answers(table)
    text = plain(told)
    assert ann.email in str(told["To"])
    assert "character set we cannot read (x-klingon)" in text and "UTF-8" in text
    assert "power N" in text  # what is allowed now, as for any refusal


def test_an_unknown_charset_on_the_plain_part_falls_back_to_the_html(table: Any) -> None:
    mail = turn_mail(table)
    before = version(table.ctx, table.game_id)
    ann = table.people[0]
    raw = (f"From: Ann <{ann.email}>\r\nTo: {mail['Reply-To']}\r\nSubject: Re: move\r\n"
           f"Message-ID: <klingon-2@example.com>\r\nMIME-Version: 1.0\r\n"
           "Content-Type: multipart/alternative; boundary=b\r\n\r\n"
           "--b\r\nContent-Type: text/plain; charset=\"x-klingon\"\r\n\r\npower 7\r\n"
           "--b\r\nContent-Type: text/html; charset=\"utf-8\"\r\n\r\n<p>power 7</p>\r\n--b--\r\n"
           ).encode()
    assert inbound.receive(table.ctx, raw).status == "accepted"
    assert version(table.ctx, table.game_id) > before
