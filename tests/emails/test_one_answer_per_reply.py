"""One reply, one answer holding what the player needs next (issue 24, "the answers and notices
around the replies"). A reply whose move made the game ask that same player something new (after
a reveal) got two mails in the same second, the answer even saying "The game now waits for X" to
X; a reply that ended the game got the answer and the game-over mail, the answer without the
final table."""

from __future__ import annotations

from typing import Any

from domain.core.commands import Command
from service import players, store
from service.commands import handle
from tests.emails.conftest import Table
from tests.emails.helpers import example_of, plain, reply
from tests.emails.test_any_game import toy_table
from tests.service.seating import started_game

DECIDE = ("What you must decide now:", "Ce que vous devez décider maintenant :",
          "Cosa devi decidere ora:")


def mine(mails: list[Any], person: Any) -> list[Any]:
    return [m for m in mails if person.email in str(m["To"])]


def api(table: Table, seat: int, kind: str, **params: Any) -> None:
    handle(table.game_id, seat, Command(kind, seat, params), store.Source("api"), ctx=table.ctx)


def test_the_last_secret_choice_by_mail_gets_one_answer_that_asks_the_next_one(
        mail_ctx: Any, smtp_server: Any) -> None:
    """King & Intrigue: Chiara keeps her 13 cards last, by mail; the reveal opens the selection
    discs for everyone, her included. She gets one mail, asking her disc; it never says that the
    game waits for her."""
    people = [players.add(mail_ctx, address, name=name, language=language)[0]
              for address, name, language in [("bruno@example.fr", "Bruno", "fr"),
                                              ("chiara@example.it", "Chiara", "it")]]
    game_id = started_game(mail_ctx, people[0], game="king-and-intrigue",
                           emails=[p.email for p in people], options={}, setup=None)
    table = Table(mail_ctx, game_id, people)
    started = [m for m in mine(table.drain(), people[1]) if example_of(m)][-1]
    api(table, 0, "keep", cards=[10, 20, 40, 50, 60, 80, 90, 100, 110, 130, 140, 160, 180])
    table.drain()
    reply(smtp_server, started, people[1], example_of(started) or "")
    chiara = mine(table.drain(), people[1])
    assert len(chiara) == 1, [str(m["Subject"]) for m in chiara]
    [answer] = chiara
    text = plain(answer)
    assert str(answer["Subject"]).startswith("Re:")
    assert "risposta accettata" in str(answer["Subject"])
    assert "Cosa devi decidere ora:" in text and "disco" in text
    assert "aspetta Chiara" not in text and "aspetta" not in text.split("Cosa devi")[0]


def test_the_reply_that_ends_the_game_gets_one_answer_with_the_final_table(
        mail_ctx: Any, smtp_server: Any) -> None:
    """The toy game's last claim, by mail: the mover gets the answer alone, with the final table
    and what the move did; the other player gets the game-over mail."""
    table = toy_table(mail_ctx)
    table.drain()
    ann, bruno = table.people
    for _ in range(2):
        api(table, 0, "bid", amount=4)
        api(table, 1, "bid", amount=1)  # Ann wins both rounds
        sent = table.drain()
        if _ == 0:
            api(table, 0, "claim", prize="gold")
    claim = next(m for m in mine(sent, ann) if any(d in plain(m) for d in DECIDE))
    reply(smtp_server, claim, ann, "claim silver")
    sent = table.drain()
    [answer] = mine(sent, ann)
    text = plain(answer)
    assert str(answer["Subject"]).startswith("Re:")
    assert str(answer["Subject"]).endswith(": reply accepted, the game is over")
    assert "is over. The final table:" in text
    assert "1. Ann" in text and "2. Bruno" in text
    assert "claim prize=silver" in text.split("The final table:")[0]  # what was read
    assert "bids.claimed" in text.split("The final table:")[1]  # what it did, after the table
    assert not any(d in text for d in DECIDE)
    assert "reply with one of these words" not in text  # nothing left to ask for
    [over] = mine(sent, bruno)
    assert "terminée" in plain(over) and "1. Ann" in plain(over)
