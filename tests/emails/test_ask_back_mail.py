"""A reply that can be read two ways is asked back by mail with each reading as the line to write
(issue 24: "ambiguity is asked back, never guessed"): the answer said "can be read in 2 ways" and
then listed only the decision's help, not the two readings."""

from __future__ import annotations

from typing import Any

from tests.emails.helpers import plain, reply
from tests.emails.test_turn_mails import mine


def test_seven_or_eight_is_asked_back_with_both_lines_and_nothing_played(
        table: Any, smtp_server: Any) -> None:
    ann = table.people[0]
    turn = mine(table.drain(), ann)[-1]
    before = table.state().power_played
    reply(smtp_server, turn, ann, "Hi all,\n7 or 8, I can't decide.\nAnn")
    [answer] = mine(table.drain(), ann)
    text = " ".join(plain(answer).split())
    assert "can be read in 2 ways" in text, text
    assert "“power 7” / “power 8”" in text, text
    assert table.state().power_played == before
