"""A refused reply is answered in the player's language: the game's refusal too, not only the
mail's own sentences around it (it used to be English whatever the player's language)."""

from __future__ import annotations

from typing import Any

from emails.i18n import t
from tests.emails.helpers import plain, reply


def _turn_mail(table: Any, seat: int) -> Any:
    person = table.people[seat]
    return [m for m in table.drain() if person.email in str(m["To"]) and m["Reply-To"]][-1]


def test_an_italian_players_illegal_reply_gets_an_italian_answer(table: Any,
                                                                 smtp_server: Any) -> None:
    reply(smtp_server, _turn_mail(table, 0), table.people[0], "power 7")
    reply(smtp_server, _turn_mail(table, 1), table.people[1], "pouvoir 5")
    mail = _turn_mail(table, 2)
    reply(smtp_server, mail, table.people[2], "potere 7")  # Ann played the 7 this round
    told = [m for m in table.drain() if table.people[2].email in str(m["To"])
            and str(m["Subject"]).startswith("Re:")]
    assert len(told) == 1
    text = plain(told[0])
    assert t("refused", "it") in text
    # after the quoted command's colon, in lower case (Italian typography)
    assert "»: la carta potere 7 è già stata giocata in questo round da un altro giocatore." in text
    assert "Power card" not in text and "already played" not in text


def test_a_french_players_refusal_is_french(table: Any, smtp_server: Any) -> None:
    reply(smtp_server, _turn_mail(table, 0), table.people[0], "power 13")
    mail = _turn_mail(table, 1)
    reply(smtp_server, mail, table.people[1], "pouvoir 13")
    told = [m for m in table.drain() if table.people[1].email in str(m["To"])
            and str(m["Subject"]).startswith("Re:")]
    text = plain(told[-1])
    # after the quoted command's colon, in lower case (French typography)
    assert ": la carte pouvoir 13 a déjà été jouée à cette manche par un autre joueur." in text


def test_a_refusal_names_the_move_with_the_players_own_keyword(table: Any,
                                                               smtp_server: Any) -> None:
    """“take” in a French answer is a word Bruno cannot type back: the refusal says « placer »,
    the word his help lines use."""
    reply(smtp_server, _turn_mail(table, 0), table.people[0], "power 7")
    mail = _turn_mail(table, 1)
    reply(smtp_server, mail, table.people[1], "pouvoir 13")  # Bruno goes first: he takes now
    turn = _turn_mail(table, 2)
    reply(smtp_server, turn, table.people[2], "potere 1")
    mail = _turn_mail(table, 1)
    reply(smtp_server, mail, table.people[1], "placer 1 valencia")
    told = [m for m in table.drain() if table.people[1].email in str(m["To"])
            and str(m["Subject"]).startswith("Re:")]
    text = plain(told[-1])
    # French quotation marks, with non-breaking spaces inside, around the command too.
    assert "Pourquoi : «\u00a0placer\u00a0» n'est pas ce que vous devez faire maintenant" \
        in text, text
    assert "“" not in text and "« place »" not in text and "«\u00a0place\u00a0»" not in text
