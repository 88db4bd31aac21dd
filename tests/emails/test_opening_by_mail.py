"""Opening a game by mail (emails/opening.py), on SQLite and PostgreSQL: the mail about a new
open game carries the reader's own address as its Reply-To; a reply "ouvrir … 2" from that
reader opens an open game as the web's form does, answered in their language with the link; a
reply it cannot read, a missing number, a refusal of the service (the limit of open games) are
answered with why and how to write it; a mail from another address is not answered."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any

import pytest

from emails import inbound, opening
from service import meet, players
from tests.emails.helpers import plain
from tests.emails.test_talk_mail import _drain
from tests.service.conftest import test_games


@pytest.fixture
def people(ctx: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    from service import context

    monkeypatch.setattr(context, "_current", ctx)
    ann, _ = players.add(ctx, "ann@example.com", name="Ann")
    bruno, _ = players.add(ctx, "bruno@example.fr", name="Bruno", language="fr")
    meet.subscribe(ctx, bruno.id, [("bids", "fr")])
    return ann, bruno


def _to(mails: list[EmailMessage], email: str) -> EmailMessage:
    found = [m for m in mails if email in str(m["To"])]
    assert len(found) == 1, [str(m["Subject"]) for m in mails]
    return found[0]


def _reply(ctx: Any, original: EmailMessage, sender: str, name: str, body: str
           ) -> inbound.Result:
    msg = EmailMessage()
    msg["From"] = formataddr((name, sender))
    msg["To"] = str(original["Reply-To"])
    msg["Subject"] = "Re: " + str(original["Subject"])
    msg["In-Reply-To"] = str(original["Message-ID"])
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(body + "\n\nLe 27 nov. 2026, Jeux par courriel a écrit :\n> ouvrir\n")
    return inbound.receive(ctx, msg.as_bytes())


def test_a_reader_opens_a_game_by_replying_and_reads_the_answer_in_french(
        ctx: Any, people: tuple[Any, Any]) -> None:
    ann, _bruno = people
    meet.create(ctx, ann, game="bids", count=3)
    news = _to(_drain(ctx), "bruno@example.fr")
    assert "+" in str(news["Reply-To"])  # his own address, not a seat's: he sits nowhere
    assert "Pour ouvrir une partie par courriel, répondez par une ligne" in plain(news)
    result = _reply(ctx, news, "bruno@example.fr", "Bruno",
                    "Bonjour,\nouvrir Enchères secrètes 2 en italien\nmerci")
    assert result.status == "accepted", result
    game = meet.listed(ctx, game_id=result.game_id)[0]
    assert (game.game, game.seats, game.languages) == ("bids", 2, ["it"])
    assert [s.name for s in game.seated] == ["Bruno"]
    answer = _to(_drain(ctx), "bruno@example.fr")
    assert str(answer["Subject"]) == "Votre partie ouverte du jeu Enchères secrètes est affichée"
    text = plain(answer)
    assert "Votre partie ouverte du jeu Enchères secrètes à 2 joueurs est dans la liste" in text
    assert f"/open-games?lang=fr#g-{result.game_id}" in text
    # A second line from him, with the game's id and no number: asked back, nothing opened
    result = _reply(ctx, answer, "bruno@example.fr", "Bruno", "ouvrir bids")
    assert result.status == "refused"
    text = plain(_to(_drain(ctx), "bruno@example.fr"))
    assert "Pour combien de joueurs ? Enchères secrètes se joue de 2 à 4." in text, text


def test_what_cannot_be_read_or_is_refused_is_answered_with_why(
        ctx: Any, people: tuple[Any, Any]) -> None:
    ann, bruno = people
    meet.create(ctx, ann, game="bids", count=2)
    news = _to(_drain(ctx), "bruno@example.fr")
    assert _reply(ctx, news, "bruno@example.fr", "Bruno", "Salut !").status == "refused"
    text = plain(_to(_drain(ctx), "bruno@example.fr"))
    assert "Pour ouvrir une partie par courriel" in text and "Aucune partie" not in text
    for _ in range(meet.MAX_CREATED):
        assert _reply(ctx, news, "bruno@example.fr", "Bruno",
                      "ouvrir Enchères secrètes 3").status == "accepted"
    _drain(ctx)
    assert _reply(ctx, news, "bruno@example.fr", "Bruno",
                  "ouvrir Enchères secrètes 3").status == "refused"
    text = plain(_to(_drain(ctx), "bruno@example.fr"))
    assert "Aucune partie n'a été ouverte : vous avez déjà 3 parties ouvertes" in text, text
    assert len([g for g in meet.listed(ctx) if g.created_by == bruno.id]) == meet.MAX_CREATED


def test_a_mail_to_someones_address_from_another_is_not_answered(
        ctx: Any, people: tuple[Any, Any]) -> None:
    ann, _bruno = people
    meet.create(ctx, ann, game="bids", count=2)
    news = _to(_drain(ctx), "bruno@example.fr")
    result = _reply(ctx, news, "mallory@example.net", "Bruno", "ouvrir Enchères secrètes 2")
    assert result.status == "auth"
    assert _drain(ctx) == [] and meet.listed(ctx, game="bids")[0].created_by == ann.id


def test_the_line_names_the_game_in_any_language_and_the_languages_welcome(ctx: Any) -> None:
    games = set(test_games())
    assert ctx.games.keys() >= games
    read = opening.read(ctx, "apri El Caballero 4 in italiano e inglese")
    assert read == {"game": "el-caballero", "count": 4, "languages": ["en", "it"]}
    read = opening.read(ctx, "Ouvrir El Grande - Roi et intrigues 3")
    assert read == {"game": "king-and-intrigue", "count": 3, "languages": []}
    assert opening.read(ctx, "open El Grande 5 in fr") == {"game": "el-grande", "count": 5,
                                                           "languages": ["fr"]}
    assert opening.read(ctx, "hello") is None
