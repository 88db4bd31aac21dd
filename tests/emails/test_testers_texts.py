"""Text problems testers found playing whole games by mail, each as the player reads it in
English, French and Italian."""

from __future__ import annotations

import re
from email.message import EmailMessage
from typing import Any

from tests.emails.helpers import plain

LANGS = ("en", "fr", "it")


def html(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("html",)).get_content()


def to(mails: list[EmailMessage], person: Any) -> list[EmailMessage]:
    return [m for m in mails if person.email in str(m["To"])]


CARDS = {"en": ("Action cards face up:", "place up to {n} Caballero", "Caballeros to place",
                "The board"),
         "fr": ("Cartes action visibles :", "placer jusqu'à {n} Caballero", "Caballeros à placer",
                "Le plateau"),
         "it": ("Carte azione scoperte:", "piazzare fino a {n} Caballero",
                "Caballeros da piazzare", "Il tabellone")}


def test_the_visible_action_cards_say_how_many_caballeros_each_lets_you_place(table: Any) -> None:
    """El Grande: a tester was refused "you may place at most 2 Caballeros now (the card allows
    2)": the list of face-up cards did not say it, so nobody could plan before choosing. Each
    card now says it (its stack's number, the King card 5), in the text and the HTML part."""
    mails = table.drain()
    for person in table.people:
        heading, places, column, board = CARDS[person.language]
        [started] = [m for m in to(mails, person) if "started" in str(m["Subject"])
                     or "commencé" in str(m["Subject"]) or "iniziata" in str(m["Subject"])]
        text = plain(started).replace("\u00a0", " ")
        listed = [line.strip() for line in
                  text.split(heading, 1)[1].split("\n\n", 1)[0].strip().splitlines()]
        assert len(listed) == 5, listed
        for stack, line in enumerate(listed, start=1):
            assert line.startswith(f"{stack} :" if person.language == "fr" else f"{stack}:")
            assert f"({places.format(n=stack)}" in line, line
        page = html(started)
        assert page.count(column) == 1 and board in page  # the board's own caption kept
        assert re.search(r"<td[^>]*>\s*5\s*</td>", page)  # the King card's column
