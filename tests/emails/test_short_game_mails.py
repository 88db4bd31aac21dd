"""A short El Grande game plays rounds 2, 3, 5, 6, 8 and 9 of the full game; its mails count them
as played, as its board does: the first turn mail's subject says round 1, never round 2."""

from __future__ import annotations

from typing import Any

from tests.emails.conftest import make_table
from tests.emails.test_turn_mails import api

FIRST = {"ann@example.com": "(round 1)", "bruno@example.fr": "(manche 1)",
         "chiara@example.it": "(round 1)"}


def test_a_short_games_turn_mail_counts_its_first_round_as_round_1(mail_ctx: Any) -> None:
    table = make_table(mail_ctx, options={"short_game": True})
    table.drain()
    for seat, card in ((0, 7), (1, 13), (2, 3)):
        api(table, seat, "play_power", card=card)
    turns = [m for m in table.drain() if "(round" in str(m["Subject"])
             or "(manche" in str(m["Subject"])]
    assert turns
    for mail in turns:
        subject = str(mail["Subject"])
        assert FIRST[str(mail["To"]).split("<")[-1].strip(">")] in subject, subject
