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


HANDS = {"en": ("Power cards in hand:", "Your power cards:"),
         "fr": ("Cartes pouvoir en main :", "Vos cartes pouvoir :"),
         "it": ("Carte potere in mano:", "Le tue carte potere:")}


def _people(ctx: Any) -> list[Any]:
    from service import players

    return [players.add(ctx, address, name=name, language=language)[0]
            for address, name, language in [("ann@example.com", "Ann", "en"),
                                            ("bruno@example.fr", "Bruno", "fr"),
                                            ("chiara@example.it", "Chiara", "it")]]


def test_after_keeping_13_cards_the_board_shows_those_13_as_the_hand(mail_ctx: Any,
                                                                      smtp_server: Any) -> None:
    """King & Intrigue with both modules: Ann kept 13 of her 39 power cards by mail, and the
    board in the answer still listed all 39 as her hand. Each player's answer now shows the 13
    kept, before the others have kept theirs."""
    from tests.emails.conftest import Table
    from tests.emails.helpers import example_of, reply
    from tests.service.seating import started_game

    people = _people(mail_ctx)
    game_id = started_game(mail_ctx, people[0], game="king-and-intrigue",
                           emails=[p.email for p in people],
                           options={"players_edition": True, "special_cards": True}, setup=None)
    table = Table(mail_ctx, game_id, people)
    sent = table.drain()
    for person in people:
        asked = [m for m in to(sent, person) if example_of(m)][-1]
        kept = example_of(asked) or ""
        cards = sorted(int(n) for n in re.findall(r"\d+", kept))
        assert len(cards) == 13, kept
        reply(smtp_server, asked, person, kept)
        [answer] = to(table.drain(), person)
        text = plain(answer).replace("\u00a0", " ")
        hands, table_title = HANDS[person.language]
        [own] = [line for line in text.split(hands, 1)[1].split("\n\n", 1)[0].splitlines()
                 if line.strip().startswith(person.name)]
        assert own.split(":", 1)[1].strip() == ", ".join(str(c) for c in cards), own
        listed = text.split(table_title, 1)[1].split("\n\n", 1)[0].strip().splitlines()
        assert [int(line.split(":")[0]) for line in listed] == cards, listed
