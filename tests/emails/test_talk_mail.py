"""Table talk by mail (emails/talk.py, service/talk.py): the marked lines of a reply are said,
never played; the others read them in their next mail, at once or in a daily digest, as each
chose; a private message reaches its two players only — in English, French and Italian."""

from __future__ import annotations

import email
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any

from sqlalchemy import select, update

from emails import inbound
from emails.talk import Marked, marked
from service import db, progress, talk
from service.store import Source
from service.tables import events, outbox
from service.tables import players as players_t
from tests.emails.helpers import plain
from workers import jobs
from workers import mail as mail_worker


class Capture:
    def __init__(self) -> None:
        self.sent: list[EmailMessage] = []

    def send(self, message: EmailMessage, envelope_from: str | None = None) -> None:
        self.sent.append(email.message_from_bytes(message.as_bytes(), policy=policy.default))

    def close(self) -> None:
        pass


def _drain(ctx: Any) -> list[EmailMessage]:
    capture = Capture()
    mail_worker.drain(ctx, transport=capture)
    return capture.sent


def _to(mails: list[EmailMessage], person: Any) -> list[EmailMessage]:
    return [m for m in mails if person.email in str(m["To"])]


def _reply(ctx: Any, original: EmailMessage, person: Any, body: str) -> inbound.Result:
    msg = EmailMessage()
    msg["From"] = formataddr((person.name, person.email))
    msg["To"] = str(original["Reply-To"])
    msg["Subject"] = "Re: " + str(original["Subject"])
    msg["In-Reply-To"] = str(original["Message-ID"])
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(body + "\n\nOn Sun, 22 Nov 2026, El Grande wrote:\n> say to everyone: no\n")
    return inbound.receive(ctx, msg.as_bytes())


def _choose(ctx: Any, person: Any, choice: str) -> None:
    with db.write(ctx.engine) as conn:
        conn.execute(update(players_t).where(players_t.c.id == person.id)
                     .values(talk_mail=choice))


def test_marked_lines_in_three_languages() -> None:
    said, rest = marked("power 13\nsay: good luck all\nDire à Chiara : on s'allie ?\n"
                        "dire a Bruno: va bene\nsay to everyone: hi\nthanks")
    assert said == [Marked("good luck all"), Marked("on s'allie ?", "Chiara"),
                    Marked("va bene", "Bruno"), Marked("hi")]
    assert rest == "power 13\nthanks"
    said, rest = marked("say to Ann:\nfirst line\nsecond line\n\nplace 2 castilla")
    assert said == [Marked("first line\nsecond line", "Ann")]
    assert rest.strip() == "place 2 castilla"
    assert marked("sayonara\ndirection nord") == ([], "sayonara\ndirection nord")


def test_reply_talk_is_said_not_played_and_private_reaches_one(table: Any) -> None:
    ctx, (ann, bruno, chiara) = table.ctx, table.people
    _choose(ctx, chiara, "now")
    first = _drain(ctx)
    bruno_mail = _to(first, bruno)[0]
    assert "dire à Ann" in plain(bruno_mail).replace("\u00a0", " ")  # the mail teaches it
    with db.read(ctx.engine) as conn:
        before = conn.execute(select(events.c.seq).order_by(events.c.seq.desc())).scalars().first()
    result = _reply(ctx, bruno_mail, bruno, "Salut,\nDire : bonjour à tous\n"
                                            "dire à Chiara : on s'allie contre Ann ?\nBruno")
    assert result.status == "accepted", result
    with db.read(ctx.engine) as conn:  # words are not moves: the game did not move
        after = conn.execute(select(events.c.seq).order_by(events.c.seq.desc())).scalars().first()
    assert after == before
    mails = _drain(ctx)
    answer = plain(_to(mails, bruno)[0]).replace("\u00a0", " ")
    assert "pas été appliquée" not in answer  # a greeting and a name are no refused move
    assert "Envoyé à la table : « bonjour à tous »" in answer
    assert "Envoyé à Chiara seulement : « on s'allie contre Ann ? »" in answer
    to_chiara = [plain(m) for m in _to(mails, chiara)]
    assert len(to_chiara) == 1, to_chiara  # one mail at once for both messages
    assert "Bruno ha scritto al tavolo" in to_chiara[0]
    assert "Messaggi del tavolo:" in to_chiara[0] and "on s'allie contre Ann" in to_chiara[0]
    assert "Bruno (solo a te)" in to_chiara[0]
    assert _to(mails, ann) == []  # Ann waits for her next mail
    # Ann's next mail of the game carries the table message, never the private one.
    with db.write(ctx.engine) as conn:
        progress.notify(conn, table.game_id, "reminder", [ann.id],
                        {"game_id": table.game_id, "seat": 0, "due_at": "2026-11-30T10:00:00+00:00"})
    ann_mail = plain(_to(_drain(ctx), ann)[0])
    assert "Table talk:" in ann_mail and "bonjour à tous" in ann_mail
    assert "allie" not in ann_mail
    with db.write(ctx.engine) as conn:  # and not twice
        progress.notify(conn, table.game_id, "reminder", [ann.id],
                        {"game_id": table.game_id, "seat": 0, "due_at": "2026-11-30T10:00:00+00:00"})
    assert "bonjour à tous" not in plain(_to(_drain(ctx), ann)[0])


def test_talk_beside_a_move_and_refused_talk_in_italian(table: Any) -> None:
    ctx, (_ann, _bruno, chiara) = table.ctx, table.people
    chiara_mail = _to(_drain(ctx), chiara)[0]
    result = _reply(ctx, chiara_mail, chiara, "dire a Zorro: ciao\ndire: " + "x" * 1200)
    assert result.status == "refused"
    answer = plain(_to(_drain(ctx), chiara)[0])
    assert "Non inviato al tavolo: «ciao» — «Zorro» non è un altro giocatore" in answer
    assert "al massimo 1000" in answer
    with db.read(ctx.engine) as conn:
        assert talk.visible(conn, table.game_id, 2) == []


def test_daily_digest_of_table_talk(table: Any) -> None:
    ctx, (ann, bruno, _chiara) = table.ctx, table.people
    _drain(ctx)
    _choose(ctx, bruno, "digest")
    talk.say(ctx, table.game_id, 0, "See you tomorrow", source=Source("web"))
    with db.write(ctx.engine) as conn:  # a game mail does not carry it to a digest reader
        progress.notify(conn, table.game_id, "game-paused", [bruno.id],
                        {"game_id": table.game_id, "due_at": "2026-11-30T10:00:00+00:00"})
    assert "See you tomorrow" not in plain(_to(_drain(ctx), bruno)[0])
    evening = datetime(2030, 1, 2, 20, 0, tzinfo=UTC)
    assert jobs.send_talk_digests(ctx, evening) == 1
    assert jobs.send_talk_digests(ctx, evening) == 0  # once a day
    digest = plain(_to(_drain(ctx), bruno)[0])
    assert "Ce qui s'est dit à vos tables" in digest and "Ann\u00a0: See you tomorrow" in digest
    with db.read(ctx.engine) as conn:
        assert talk.digest_due(conn) == []
        assert conn.execute(select(outbox.c.kind).where(outbox.c.player_id == ann.id,
                                                        outbox.c.kind == "talk-digest")).first() \
            is None


def test_a_move_and_words_in_one_reply_both_count(table: Any) -> None:
    ctx, (ann, _bruno, _chiara) = table.ctx, table.people
    ann_mail = _to(_drain(ctx), ann)[0]
    result = _reply(ctx, ann_mail, ann, "Hi!\npower 13\nsay: good luck everyone\nAnn")
    assert result.status == "accepted", result
    assert result.commands == [{"type": "play_power", "card": 13}]
    answer = plain(_to(_drain(ctx), ann)[0])
    assert "Sent to the table: “good luck everyone”." in answer and "power" in answer
    with db.read(ctx.engine) as conn:
        assert [m.text for m in talk.visible(conn, table.game_id, 1)] == ["good luck everyone"]
