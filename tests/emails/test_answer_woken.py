"""The answer to a reply leaves as soon as the reply is read (issue 24: under two seconds), the
embedded sender being woken by the commit that queued it, and it is the reply's only answer: the
commits of the reply's own commands wake the sender only once the answer is queued too, so a turn
mail one of them caused is held by the answer instead of going first. SQLite and PostgreSQL."""

from __future__ import annotations

import email
from email import policy
from typing import Any

from tests.emails.helpers import reply
from tests.emails.test_requests import latest
from tests.workers.conftest import wait_for
from workers.embedded import Embedded


def _mails(ctx: Any, to: str) -> list[Any]:
    found = []
    for path in (ctx.settings.instance / "mail").glob("*.eml"):
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if to in str(message["To"]):
            found.append(message)
    return found


def test_the_answer_leaves_once_the_reply_is_read(table: Any, smtp_server: Any) -> None:
    first = table.drain()  # the game-started mails, read before the runner starts
    runner = Embedded(table.ctx, interval=3600).start()  # its own poll: an hour away
    table.ctx.publish = runner.dispatch
    ann = table.people[0]
    try:
        reply(smtp_server, latest(table, 0, first), ann, "Hi all,\npower 7\nAnn")
        [answer] = wait_for(lambda: _mails(table.ctx, ann.email), timeout=5,
                            what="the answer, without a poll")
        assert str(answer["Subject"]).startswith("Re:")
        wait_for(lambda: _mails(table.ctx, table.people[1].email), timeout=5,
                 what="Bruno's turn mail")
        assert len(_mails(table.ctx, ann.email)) == 1  # one reply, one answer
    finally:
        runner.stop()
        table.ctx.publish = None
