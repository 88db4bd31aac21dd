"""Mail that does not arrive: each mail leaves with a signed return path of its own (VERP), the
delivery-status reports that come back to it (RFC 3464, as Postfix, Exim and Gmail write them) go
through the real reply intake, a hard bounce marks the address failing and tells the table and
the creator (by mail, never the failing address, and on the game page), and the player mends the
address from the settings page with a link sent to the new one."""

from __future__ import annotations

import re
from email.message import EmailMessage
from html import unescape
from pathlib import Path
from string import Template
from typing import Any

from sqlalchemy import select, update

from emails import bounces
from service import db
from service.api import create_app
from service.tables import inbound_mail, outbox, players
from tests.emails.helpers import send
from tests.web.conftest import csrf_of, sign_in
from workers import mail as mail_worker

REPORTS = Path(__file__).parent / "bounces"


class Capture:
    """The sender's transport, keeping each message with its envelope sender (MAIL FROM)."""

    def __init__(self) -> None:
        self.sent: list[tuple[EmailMessage, str | None]] = []

    def send(self, message: EmailMessage, envelope_from: str | None = None) -> None:
        self.sent.append((message, envelope_from))

    def close(self) -> None:
        pass


def drain(table: Any) -> Capture:
    capture = Capture()
    mail_worker.drain(table.ctx, transport=capture)
    return capture


def report(name: str, bounce: str, rcpt: str, mid: str) -> bytes:
    text = Template((REPORTS / name).read_text()).substitute(bounce=bounce, rcpt=rcpt, mid=mid)
    return text.encode()


def player_row(table: Any, email: str) -> Any:
    with db.read(table.ctx.engine) as conn:
        return conn.execute(select(players).where(players.c.email == email)).one()


def outbox_rows(table: Any, kind: str) -> list[Any]:
    with db.read(table.ctx.engine) as conn:
        return conn.execute(select(outbox).where(outbox.c.kind == kind)
                            .order_by(outbox.c.id)).all()


def last_mail_to(capture: Capture, email: str) -> tuple[EmailMessage, str]:
    found = [(m, e) for m, e in capture.sent if email in str(m["To"])]
    assert found, f"no mail to {email}"
    message, envelope = found[-1]
    assert envelope is not None
    return message, envelope


def test_every_mail_leaves_with_a_signed_return_path_naming_its_row(table: Any) -> None:
    capture = drain(table)
    assert capture.sent
    ids = set()
    for message, envelope in capture.sent:
        assert envelope is not None and envelope != str(message["From"])
        outbox_id = bounces.outbox_id_of(envelope, table.ctx.settings.secret_key)
        assert outbox_id is not None and f"<outbox-{outbox_id}." in str(message["Message-ID"])
        ids.add(outbox_id)
        # Another row's number with this signature, or another key: not ours.
        forged = envelope.replace(f"bounce-{outbox_id}-", f"bounce-{outbox_id + 1000}-")
        assert bounces.outbox_id_of(forged, table.ctx.settings.secret_key) is None
        assert bounces.outbox_id_of(envelope, "another-key") is None
    assert len(ids) == len(capture.sent)


def test_a_hard_bounce_marks_the_address_and_tells_the_table_and_the_creator(
        table: Any, smtp_server: Any) -> None:
    bruno = table.people[1]
    capture = drain(table)
    message, envelope = last_mail_to(capture, bruno.email)
    send(smtp_server, report("postfix-user-unknown.eml", envelope, bruno.email,
                             str(message["Message-ID"])), rcpt=[envelope], mail_from="")
    with db.read(table.ctx.engine) as conn:
        kept = conn.execute(select(inbound_mail).order_by(inbound_mail.c.id.desc())).first()
    assert kept.status == "bounce", kept.detail
    row_id = bounces.outbox_id_of(envelope, table.ctx.settings.secret_key)
    with db.read(table.ctx.engine) as conn:
        row = conn.execute(select(outbox).where(outbox.c.id == row_id)).one()
    assert (row.bounce, row.bounce_status) == ("hard", "5.1.1")
    failing = player_row(table, bruno.email)
    assert failing.mail_failing_at is not None
    assert failing.mail_failing_reason.startswith("5.1.1") and "User" in \
        failing.mail_failing_reason
    # The others at the table and the creator (Olga, who does not play) are told, Bruno is not.
    told = {r.player_id for r in outbox_rows(table, "mail-failing")}
    olga = player_row(table, "olga@example.com")
    assert told == {table.people[0].id, table.people[2].id, olga.id}
    mails = {str(m["To"]): m for m, _ in drain(table).sent}
    assert not [to for to in mails if bruno.email in to]  # his mails are no longer sent
    ann = next(m for to, m in mails.items() if "ann@" in to)
    chiara = next(m for to, m in mails.items() if "chiara@" in to)
    assert "Bruno" in str(ann["Subject"]) and "does not arrive" in str(ann["Subject"])
    ann_text = ann.get_body(preferencelist=("plain",)).get_content()
    assert "Bruno no longer receives this game's mails" in ann_text and "5.1.1" in ann_text
    chiara_text = chiara.get_body(preferencelist=("plain",)).get_content()
    assert "Bruno non riceve più le email di questa partita" in chiara_text
    # A second report about the same address tells nobody again.
    send(smtp_server, report("gmail-no-such-user.eml", envelope, bruno.email,
                             str(message["Message-ID"])).replace(b"6748a9c1", b"6748a9c2"),
         rcpt=[envelope], mail_from="")
    assert len(outbox_rows(table, "mail-failing")) == 3


def test_the_page_says_it_and_the_player_mends_the_address_with_a_link_to_the_new_one(
        table: Any, smtp_server: Any) -> None:
    bruno, ann = table.people[1], table.people[0]
    message, envelope = last_mail_to(drain(table), bruno.email)
    send(smtp_server, report("gmail-no-such-user.eml", envelope, bruno.email,
                             str(message["Message-ID"])), rcpt=[envelope], mail_from="")
    assert player_row(table, bruno.email).mail_failing_at is not None
    app = create_app(table.ctx, TESTING=True)
    as_ann = app.test_client()
    sign_in(as_ann, table.ctx, ann.id)
    page = as_ann.get(f"/games/{table.game_id}").text
    assert "The mails sent to Bruno come back undelivered" in page
    as_bruno = app.test_client()
    sign_in(as_bruno, table.ctx, bruno.id)
    page = as_bruno.get(f"/games/{table.game_id}").text  # in French: Bruno's language
    assert "Les courriels envoyés à votre adresse reviennent sans avoir été remis" in page
    settings = as_bruno.get("/settings").text
    assert 'id="mail-failing"' in settings and "5.1.1" in settings
    # A bad address is refused in his language, and nothing is sent.
    refused = as_bruno.post("/settings/email", data={"csrf_token": csrf_of(settings),
                                                     "email": "bruno at home"},
                            follow_redirects=True)
    assert "n'est pas une adresse qu'un courriel peut atteindre" in unescape(refused.text)
    assert outbox_rows(table, "email-confirm") == []
    taken = as_bruno.post("/settings/email", data={"csrf_token": csrf_of(settings),
                                                   "email": ann.email}, follow_redirects=True)
    assert "Non enregistré : un autre joueur utilise déjà cette adresse" in unescape(taken.text)
    as_bruno.post("/settings/email", data={"csrf_token": csrf_of(settings),
                                           "email": "Bruno@Ailleurs.example"})
    # The confirmation goes to the new address, although the old one bounces; nothing changed yet.
    confirm, _ = last_mail_to(drain(table), "bruno@ailleurs.example")
    assert player_row(table, bruno.email).mail_failing_at is not None
    text = confirm.get_body(preferencelist=("plain",)).get_content()
    link = re.search(r"(/settings/email/\S+)", text)
    assert link is not None and "confirmez-la avec ce lien" in text
    path = link.group(1)
    stranger = app.test_client()  # whoever opens the link: the ticket is the proof
    shown = stranger.get(path)
    assert shown.status_code == 200 and "bruno@ailleurs.example" in shown.text
    assert stranger.post(path, data={"csrf_token": csrf_of(shown.text)}).status_code == 302
    mended = player_row(table, "bruno@ailleurs.example")
    assert mended.id == bruno.id and mended.mail_failing_at is None and mended.soft_bounces == 0
    assert "reviennent" not in as_ann.get(f"/games/{table.game_id}").text
    # Used twice, or forged: refused, nothing changes.
    again = stranger.get(path)
    assert stranger.post(path, data={"csrf_token": csrf_of(again.text)}).status_code == 302
    bad = stranger.post(path[:-3] + "xyz", data={"csrf_token": csrf_of(again.text)})
    assert bad.status_code == 422
    # His mails go out again, to the new address; a report about a mail sent to the old one,
    # arriving late, says nothing about the new address.
    with db.write(table.ctx.engine) as conn:
        conn.execute(update(outbox).where(outbox.c.player_id == bruno.id)
                     .values(sent_at=None, failed_at=None, attempts=0))
    capture = drain(table)
    assert [m for m, _ in capture.sent if "bruno@ailleurs.example" in str(m["To"])]
    late = report("postfix-user-unknown.eml", envelope, bruno.email, str(message["Message-ID"]))
    send(smtp_server, late.replace(b"8F2A61234@mx", b"8F2A61299@mx"), rcpt=[envelope],
         mail_from="")
    assert player_row(table, "bruno@ailleurs.example").mail_failing_at is None


def test_a_delay_is_counted_and_a_forged_report_changes_nothing(table: Any,
                                                               smtp_server: Any) -> None:
    chiara = table.people[2]
    message, envelope = last_mail_to(drain(table), chiara.email)
    send(smtp_server, report("exim-delayed.eml", envelope, chiara.email,
                             str(message["Message-ID"])), rcpt=[envelope], mail_from="")
    row = player_row(table, chiara.email)
    assert row.mail_failing_at is None and row.soft_bounces == 1
    assert outbox_rows(table, "mail-failing") == []
    # Someone without the key makes up a signature for the row.
    forged = re.sub(r"bounce-(\d+)-[0-9a-f]{16}", lambda m: f"bounce-{m.group(1)}-0123456789abcdef",
                    envelope)
    send(smtp_server, report("postfix-user-unknown.eml", forged, chiara.email,
                             str(message["Message-ID"])), rcpt=[forged], mail_from="")
    with db.read(table.ctx.engine) as conn:
        kept = conn.execute(select(inbound_mail).order_by(inbound_mail.c.id.desc())).first()
    assert kept.status == "ignored" and "not signed" in kept.detail
    assert player_row(table, chiara.email).mail_failing_at is None


def test_a_report_fetched_from_the_mailbox_by_imap_is_read_the_same(table: Any) -> None:
    """Without a mail server forwarding to the intake, the report lands in the polled mailbox:
    its return path is found in its headers (Delivered-To, To) instead of the envelope."""
    from emails import mailin
    from tests.emails.test_intake import FakeMailbox

    chiara = table.people[2]
    message, envelope = last_mail_to(drain(table), chiara.email)
    raw = report("gmail-no-such-user.eml", envelope, chiara.email, str(message["Message-ID"]))
    results = mailin.poll_imap(table.ctx, mailbox=FakeMailbox([raw]))
    assert [r.status for r in results] == ["bounce"]
    assert player_row(table, chiara.email).mail_failing_reason.startswith("5.1.1 550-5.1.1")
    assert {r.player_id for r in outbox_rows(table, "mail-failing")} >= {table.people[0].id}


def test_a_new_address_that_bounces_says_nothing_about_the_one_in_use(table: Any,
                                                                       smtp_server: Any) -> None:
    """Ann mistypes her new address: the confirmation bounces, her working address is not marked
    failing and nobody is told anything."""
    from service import players as players_mod

    ann = table.people[0]
    drain(table)
    players_mod.request_email_change(table.ctx, ann.id, "ann@exmaple.com")
    confirm, path = last_mail_to(drain(table), "ann@exmaple.com")
    send(smtp_server, report("postfix-user-unknown.eml", path, "ann@exmaple.com",
                             str(confirm["Message-ID"])), rcpt=[path], mail_from="")
    row_id = bounces.outbox_id_of(path, table.ctx.settings.secret_key)
    with db.read(table.ctx.engine) as conn:
        assert conn.execute(select(outbox.c.bounce).where(outbox.c.id == row_id)).scalar() == \
            "hard"
    assert player_row(table, ann.email).mail_failing_at is None
    assert outbox_rows(table, "mail-failing") == []
