"""Both intakes feed the one pipeline: LMTP (a local mail server's delivery) and IMAP polling."""

from __future__ import annotations

import smtplib
from types import SimpleNamespace
from typing import Any

from click.testing import CliRunner

from emails import mailin
from pbem.cli import main
from tests.emails.conftest import free_port


class FakeMailbox:
    """The part of imap_tools.MailBox that poll_imap uses."""

    def __init__(self, raws: list[bytes]) -> None:
        import email
        from email import policy

        self.messages = [SimpleNamespace(uid=str(i),
                                         obj=email.message_from_bytes(r, policy=policy.default))
                         for i, r in enumerate(raws)]
        self.seen: list[str] = []

    def fetch(self, criteria: Any, mark_seen: bool, limit: int, bulk: bool) -> Any:
        return [m for m in self.messages if m.uid not in self.seen][:limit]

    def flag(self, uids: list[str], flag: str, value: bool) -> None:
        self.seen += uids


def ann_replies(table: Any, text: str, message_id: str) -> Any:
    """Ann's reply to her latest notification (to its per-seat Reply-To address)."""
    from email.message import EmailMessage

    mail = [m for m in table.drain() if m["Reply-To"] and "ann@" in str(m["To"])][-1]
    msg = EmailMessage()
    msg["From"] = table.people[0].email
    msg["To"] = str(mail["Reply-To"])
    msg["Subject"] = "Re: turn"
    msg["Message-ID"] = message_id
    msg.set_content(text)
    return msg


def test_lmtp_delivery(table: Any) -> None:
    msg = ann_replies(table, "power 7", "<lmtp-1@example.com>")
    server = mailin.server(table.ctx, "127.0.0.1", free_port(), lmtp=True)
    server.start()
    try:
        with smtplib.LMTP(server.hostname, server.port) as lmtp:
            refused = lmtp.send_message(msg)
        assert refused == {}
    finally:
        server.stop()
    assert table.state().power_played == {0: 7}


def test_imap_polling_uses_the_same_pipeline(table: Any) -> None:
    msg = ann_replies(table, "power 7", "<imap-1@example.com>")
    box = FakeMailbox([msg.as_bytes(), msg.as_bytes()])  # the same mail twice in the box
    results = mailin.poll_imap(table.ctx, mailbox=box)
    assert [r.status for r in results] == ["accepted", "duplicate"]
    assert box.seen == ["0", "1"]
    assert mailin.poll_imap(table.ctx, mailbox=box) == []
    assert table.state().power_played == {0: 7}


def test_cli_commands_exist() -> None:
    runner = CliRunner()
    for command in ("mail-in", "mail-poll", "mail-revoke"):
        result = runner.invoke(main, [command, "--help"])
        assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["mail-poll"], env={"PBEM_IMAP_HOST": ""})
    assert result.exit_code != 0 and "PBEM_IMAP_HOST" in result.output


def test_a_web_text_box_uses_the_same_grammar_and_path(table: Any) -> None:
    import pytest

    from emails.play import ParseError, play_text
    from service.store import Source

    with pytest.raises(ParseError) as error:
        play_text(table.ctx, table.game_id, 0, "pwer sevnty", Source("web"))
    assert error.value.allowed[0].startswith("power N — N one of: 1 (6 Caballeros), 2 (5 Caballeros)")
    assert error.value.allowed[0].endswith(
        "10 (1 Caballero), 11 (1 Caballero), 12 (0 Caballeros), 13 (0 Caballeros)")
    played = play_text(table.ctx, table.game_id, 0, "Pouvoir 7", Source("web"), lang="fr")
    assert played.commands == [{"type": "play_power", "card": 7}]
    assert table.state().power_played == {0: 7}


def test_the_beat_fetches_imap_replies_and_survives_a_dead_server(table: Any, monkeypatch: Any) -> None:
    from workers import jobs

    msg = ann_replies(table, "power 7", "<imap-beat@example.com>")
    box = FakeMailbox([msg.as_bytes()])
    real_poll = mailin.poll_imap
    monkeypatch.setattr(mailin, "poll_imap", lambda ctx: real_poll(ctx, mailbox=box))
    assert jobs.tick(table.ctx)["mail_fetched"] == 1
    assert table.state().power_played == {0: 7}

    def unreachable(ctx: Any) -> list[Any]:
        raise ConnectionRefusedError("imap down")

    monkeypatch.setattr(mailin, "poll_imap", unreachable)
    done = jobs.tick(table.ctx)
    assert done["mail_fetched"] == 0 and "deadlines" in done  # the rest of the beat still ran
