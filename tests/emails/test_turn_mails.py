"""The mails of a game in play, as a player reading them on a phone needs them (issue 15): a
whole turn replied at once while the turn passes through someone else; each decision asked once;
the deadline in the player's time zone and language, and what will be played for them; what is
needed to decide without the web page; the answer's subject about the game as it is now."""

from __future__ import annotations

import re
from datetime import timedelta
from email.message import EmailMessage
from typing import Any

from sqlalchemy import select, update

from domain.core.commands import Command
from emails.i18n import when
from service import db, store
from service.commands import handle
from service.tables import deadlines
from service.tables import players as players_t
from tests.emails.conftest import make_table
from tests.emails.helpers import plain, reply
from tests.emails.test_any_game import toy_table
from workers import jobs
from workers.config import Reminders

DECIDE = ("What you must decide now:", "Ce que vous devez décider maintenant :",
          "Cosa devi decidere ora:")


def api(table: Any, seat: int, kind: str, **params: Any) -> None:
    handle(table.game_id, seat, Command(kind, seat, params), store.Source("api"), ctx=table.ctx)


def mine(mails: list[EmailMessage], person: Any) -> list[EmailMessage]:
    return [m for m in mails if person.email in str(m["To"])]


def asking(mails: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in mails if any(d in plain(m) for d in DECIDE)]


def test_a_whole_turn_through_a_veto_holder_records_what_it_can_and_says_what_waits(
        mail_ctx: Any, smtp_server: Any) -> None:
    table = make_table(mail_ctx, seed=4)  # the Veto is on top of stack 2
    ann, bruno = table.people[0], table.people[1]
    api(table, 0, "play_power", card=7)
    api(table, 1, "play_power", card=13)
    api(table, 2, "play_power", card=3)
    api(table, 1, "choose_card", stack=2)  # Bruno takes the Veto
    api(table, 1, "place", places={})
    [turn] = [m for m in mine(table.drain(), ann) if "your turn (round" in str(m["Subject"])]
    reply(smtp_server, turn, ann, "take 3\ncard king\nking to valencia\n"
                                  "place 2 castilla la nueva\n\nAnn")
    sent = table.drain()
    [answer] = mine(sent, ann)
    text = plain(answer)
    assert "Read as: take 3; card The King; special to Valencia. Done — your move is recorded." \
        in text
    assert ("Not applied — the game now waits for Bruno, who must allow or veto Ann's “The "
            "King” (to Valencia): “place 2 castilla la nueva”") in text
    assert "))" not in text  # no brackets inside brackets
    assert not asking([answer])  # Ann's next decision comes when it is hers again
    # Bruno, holding the Veto, reads exactly what was declared, in French.
    [veto] = mine(sent, bruno)
    assert "opposer un veto à «\u00a0Le Roi\u00a0» d'Ann (à Valence)" in plain(veto)
    assert "Ann a annoncé «\u00a0Le Roi\u00a0» : spécial vers Valence." in plain(veto)
    reply(smtp_server, veto, bruno, "laisser faire")
    back = mine(table.drain(), ann)
    assert len(asking(back)) == 1 and "place N PLACE" in plain(asking(back)[0])


def test_each_decision_is_asked_once_at_the_start(table: Any) -> None:
    mails = table.drain()
    for seat, person in enumerate(table.people):
        asked = asking(mine(mails, person))
        assert len(asked) == (1 if seat == 0 else 0), [str(m["Subject"]) for m in asked]
    [first] = asking(mine(mails, table.people[0]))
    assert "the game has started, your turn" in str(first["Subject"])


def test_after_a_reveal_the_next_decision_is_asked_once(mail_ctx: Any, smtp_server: Any) -> None:
    table = toy_table(mail_ctx)
    first = table.drain()
    ann_bid = next(m for m in first if "ann@example.com" in str(m["To"]))
    bruno_bid = next(m for m in first if "bruno@example.fr" in str(m["To"]))
    reply(smtp_server, ann_bid, table.people[0], "bid 2")
    table.drain()
    reply(smtp_server, bruno_bid, table.people[1], "bid 3")  # the last bid: the reveal follows
    after = mine(table.drain(), table.people[1])  # Bruno won: he claims next
    # One reply, one answer: it says what was played and asks the next decision; the your-turn
    # mail the reveal queued is not sent in the same second besides it.
    [answer] = after
    assert str(answer["Subject"]).startswith("Re:")
    assert "bid amount=3" in plain(answer) and asking([answer])
    assert "waits for" not in plain(answer)


def test_an_answer_is_about_the_round_the_game_is_in_now(mail_ctx: Any, smtp_server: Any) -> None:
    table = toy_table(mail_ctx)
    first = table.drain()
    for person, bid in zip(table.people, ("bid 3", "bid 2"), strict=True):
        reply(smtp_server, next(m for m in first if person.email in str(m["To"])), person, bid)
    claim = next(m for m in table.drain() if "your turn" in str(m["Subject"]))
    assert "(round 1)" in str(claim["Subject"])
    reply(smtp_server, claim, table.people[0], "claim gold")
    [answer] = [m for m in mine(table.drain(), table.people[0])
                if str(m["Subject"]).startswith("Re:")]
    assert str(answer["Subject"]).endswith("(round 2)"), str(answer["Subject"])
    assert "round 1" not in str(answer["Subject"])


def test_the_deadline_is_in_the_players_zone_and_language_and_the_last_call_names_the_move(
        table: Any) -> None:
    with db.write(table.ctx.engine) as conn:
        conn.execute(update(players_t).where(players_t.c.id == table.people[1].id)
                     .values(time_zone="Europe/Paris"))
    table.drain()
    api(table, 0, "play_power", card=7)
    [turn] = mine(table.drain(), table.people[1])
    with db.read(table.ctx.engine) as conn:
        row = conn.execute(select(deadlines).where(deadlines.c.game_id == table.game_id,
                                                   deadlines.c.seat == 1,
                                                   deadlines.c.closed_at.is_(None))).one()
    due = when(row.due_at, "fr", "Europe/Paris")
    assert re.fullmatch(r"\w+ \d+ \w+, \d\d h \d\d \(Europe/Paris\)", due), due
    assert f"Délai : avant {due}." in plain(turn)
    opened = row.opened_at if row.opened_at.tzinfo else row.opened_at.replace(
        tzinfo=store.now().tzinfo)
    schedule = Reminders(first=timedelta(hours=24), every=timedelta(hours=24),
                         final=timedelta(hours=12))
    assert jobs.send_reminders(table.ctx, opened + timedelta(hours=25), schedule) == 1
    [reminder] = mine(table.drain(), table.people[1])
    assert f"avant {due}" in plain(reminder)
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", plain(reminder))  # no raw ISO time
    assert jobs.send_reminders(table.ctx, opened + timedelta(hours=61), schedule) == 1
    [last] = mine(table.drain(), table.people[1])
    assert str(last["Subject"]).endswith("votre délai expire bientôt")
    module = table.ctx.games["el-grande"]
    state = table.state()
    decision = next(d for d in module.pending(state) if d.seat == 1)
    default = module.default_command(state, decision)
    move = module.language.format({"type": default.type, **dict(default.params)}, "fr")
    assert f"Dernier rappel : sans réponse avant {due}, ce coup sera joué pour vous : {move}." \
        in plain(last)


def test_a_turn_mail_holds_what_a_player_needs_to_decide(table: Any) -> None:
    *_invitation, first = mine(table.drain(), table.people[0])  # the game-started mail
    text, html = plain(first), first.get_body(("html",)).get_content()
    # The round, and when the next general scoring comes.
    assert "Round 1 of 9 (power cards), the King in Castilla la Nueva. Next general scoring: " \
           "after round 3." in text
    # How many Caballeros each power card brings.
    assert "1 (6 Caballeros), 2 (5 Caballeros)" in text and "11 (1 Caballero)" in text
    # The power cards every player still holds (Bruno's and Chiara's too).
    assert "Power cards in hand:" in text and "Bruno: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, " \
                                              "13" in text
    # What each face-up action card does, not only its name, and how many Caballeros it lets
    # its taker place (text and HTML).
    assert "1: Move 3 Caballeros (place up to 1 Caballero) — Move up to 3 Caballeros, any " \
        "colours." in text
    assert "What it does" in html and "Score every region whose first value is 5." in html


def test_a_mistyped_or_ambiguous_name_is_answered_with_what_it_may_be(
        table: Any, smtp_server: Any) -> None:
    for seat, card in ((0, 7), (1, 5), (2, 3)):
        api(table, seat, "play_power", card=card)
    [turn] = [m for m in mine(table.drain(), table.people[0])
              if "your turn (round" in str(m["Subject"])]
    before = table.state()
    reply(smtp_server, turn, table.people[0], "take 3\ncard king\nplace 1 Valenica")
    [answer] = mine(table.drain(), table.people[0])
    # The whole reply offered back with the name mended, as the line to write: never played.
    assert "I do not know “valenica”. Did you mean this? Write it back to play it: " \
           "“take 3; card 5; place 1 Valencia”" in " ".join(plain(answer).split()), plain(answer)
    assert table.state() == before  # nothing applied
    assert "(Or just answer yes.)" in plain(answer)
    # A yes to that one reading plays it (found by mail: "Yes, exactly that, please." was "no
    # command found"); a yes with a move in it is that move, not the offer.
    reply(smtp_server, answer, table.people[0], "Yes, exactly that, please.\n\nAnn")
    [played] = mine(table.drain(), table.people[0])
    assert "Read as: take 3; card The King; place 1 Valencia." in " ".join(plain(played).split()), \
        plain(played)
    assert table.state() != before
    # The same in the player's language.
    from domain.core.language import GameSession, ParseError

    module = table.ctx.games["el-grande"]
    session = GameSession(module, before, 0, lang="fr")
    try:  # offered back mended, in French, never played
        module.language.parse("prendre 3, carte roi, placer 1 Valenica", session)
    except ParseError as error:
        assert "Je ne connais pas «\u00a0valenica\u00a0». Vouliez-vous dire ceci" in str(error)
        assert getattr(error, "readings", None)
    else:
        raise AssertionError("a mistyped place was read")
    # "Castile" names two regions; the King stands in Castilla la Nueva, so the King's card
    # offers only la Vieja: the one the player can mean (the corpus's ki-en-043 alike). Where both
    # are offered the reply is asked back (the corpus's eg-en-033, eg-fr-025, eg-it-026).
    from service import undo

    undo.undo_own(table.ctx, table.game_id, 0)
    table.drain()
    reply(smtp_server, turn, table.people[0], "take 3, card king, king to Castile")
    [answer] = mine(table.drain(), table.people[0])
    assert "Read as: take 3; card The King; special to Castilla la Vieja." in plain(answer)


def test_a_turn_mail_says_at_a_glance_the_order_the_leaders_and_the_last_scoring(
        table: Any) -> None:
    """Issue 15 item 9 / issue 14 item 12: the turn order with the power cards and their
    Caballeros, who leads each region and by how much, the last scoring place by place and the
    round track, in the text part and in the HTML part, in the reader's language."""
    api(table, 0, "play_power", card=13)
    api(table, 1, "play_power", card=12)
    api(table, 2, "play_power", card=11)
    table.drain()
    api(table, 0, "choose_card", stack=3)  # "Score all 5-regions": Ann's Aragón among them
    api(table, 0, "special")
    api(table, 0, "place", places={"castillo": 1})
    [turn] = [m for m in mine(table.drain(), table.people[1]) if asking([m])]
    text, html = plain(turn), turn.get_body(("html",)).get_content()
    # French quotes hold non-breaking spaces inside (« … »): compared here as plain spaces
    text, html = text.replace("\u00a0", " "), html.replace("\u00a0", " ")
    assert "Manches : [1] 2 3★ 4 5 6★ 7 8 9★ (★ décompte général)" in text
    assert "Ordre de jeu de la manche :\n" \
           "  1. Ann : carte pouvoir 13, 0 Caballero à la cour\n" \
           "  2. Bruno : carte pouvoir 12, 0 Caballero à la cour (joue maintenant)\n" \
           "  3. Chiara : carte pouvoir 11, 1 Caballero à la cour" in text
    assert re.search(r"\nAragon G:rouge +2 +0 +0 +5/4/1 +en tête : Ann uniquement\n", text)
    assert re.search(r"\nGalice G:bleu +0 +2 +0 +4/2/0 +en tête : Bruno uniquement\n", text)
    assert "Dernier décompte (« Décompter les régions à 5 », Ann, manche 1) :\n" \
           "  Pays basque — Ann 0, Bruno 0, Chiara 0\n" \
           "  Aragon — Ann 7, Bruno 0, Chiara 0\n" in text
    assert "  Total — Ann 7, Bruno 0, Chiara 0" in text
    # The HTML part (what mail clients show) has the same as tables.
    for caption in ("Ordre de jeu de la manche", "Qui mène où",
                    "Dernier décompte (« Décompter les régions à 5 », Ann, manche 1)"):
        assert caption in html.replace("&nbsp;", " ").replace("&#34;", '"'), caption
    assert "<td>Ann uniquement</td>" in html and "joue maintenant" in html


def test_no_turn_mail_asks_what_the_player_has_just_played_on_the_web(table: Any) -> None:
    """Bruno's your-turn mail is queued when Ann plays; Bruno plays on the web before the sender
    gets to it: the sender leaves it out instead of asking for a power card he has played."""
    from workers import mail as mail_worker

    table.drain()
    api(table, 0, "play_power", card=7)  # Bruno's turn: his your-turn mail is queued
    api(table, 1, "play_power", card=5)  # ... and he plays on the web at once
    sent: list[EmailMessage] = []

    class Transport:
        def send(self, message: EmailMessage, envelope_from: str | None = None) -> None:
            sent.append(message)

    counts = mail_worker.drain(table.ctx, transport=Transport())
    assert counts["sent"] >= 1  # Chiara's turn
    assert not [m for m in sent if table.people[1].email in str(m["To"])], \
        [str(m["Subject"]) for m in sent]
    assert [m for m in sent if table.people[2].email in str(m["To"])
            and "tocca a te" in str(m["Subject"])]


def test_greetings_and_signatures_are_not_listed_as_lines_not_read(
        table: Any, smtp_server: Any) -> None:
    first = mine(table.drain(), table.people[0])[-1]
    reply(smtp_server, first, table.people[0], "Hi all,\npower 7\n\nThanks!\nAnn\n\n"
                                               "Sent from my iPhone")
    [answer] = mine(table.drain(), table.people[0])
    assert "power 7" in plain(answer)
    assert "Not read" not in plain(answer), plain(answer)


def test_a_whole_turn_then_the_next_rounds_card_keeps_that_line_for_later(
        table: Any, smtp_server: Any) -> None:
    """Bruno plays his whole turn and, while at it, next round's power card: the turn is
    recorded, and the answer says, in French, that « pouvoir 9 » waits for Ann's turn."""
    ann, bruno = table.people[0], table.people[1]
    table.drain()
    api(table, 0, "play_power", card=7)
    api(table, 1, "play_power", card=11)
    api(table, 2, "play_power", card=3)
    [turn] = [m for m in mine(table.drain(), bruno) if "à vous de jouer" in str(m["Subject"])]
    reply(smtp_server, turn, bruno, "Je prends 1\ncarte 5\nroi vers Valence\n"
                                    "placer 1 castillo\npouvoir 9\n\nBruno")
    [answer] = mine(table.drain(), bruno)
    text = plain(answer)
    assert "Lu comme : prendre 1 ; carte Le Roi ; spécial vers Valence ; placer 1 Castillo. " \
           "C'est fait — votre coup est enregistré." in text, text
    assert ("Pas appliqué — la partie attend maintenant Ann (amener des Caballeros à la cour) : "
            "«\u00a0pouvoir 9\u00a0». Renvoyez-la quand ce sera à vous") in text, text
    assert ann.name in text and not asking([answer])


def test_an_el_caballero_subject_names_the_round_as_its_board_does(mail_ctx: Any,
                                                                    smtp_server: Any) -> None:
    """El Caballero's board says "Tour 1 sur 7" / "Round 1 di 7", but its subjects said
    "(manche 1)": the game's own word for a round. Italian says "round" in the three games, as
    the Italian rulebook does (its "turno" is a player's turn)."""
    from service import players
    from tests.emails.conftest import Table
    from tests.service.seating import started_game

    people = [players.add(mail_ctx, address, name=name, language=language)[0]
              for address, name, language in [("bruno@example.fr", "Bruno", "fr"),
                                              ("chiara@example.it", "Chiara", "it")]]
    game_id = started_game(mail_ctx, people[0], game="el-caballero",
                           emails=[p.email for p in people], options={},
                           setup={"first_player": 0})
    table = Table(mail_ctx, game_id, people)
    table.drain()
    api(table, 0, "power", card=5)
    [turn] = mine(table.drain(), people[1])
    assert str(turn["Subject"]).endswith("tocca a te (round 1)"), str(turn["Subject"])
    assert "Round 1 di 7" in plain(turn)
    reply(smtp_server, turn, people[1], "potere 4")
    sent = table.drain()
    [answer] = mine(sent, people[1])
    assert str(answer["Subject"]).endswith("risposta accettata (round 1)"), str(answer["Subject"])
    [bruno] = [m for m in mine(sent, people[0]) if "à vous de jouer" in str(m["Subject"])]
    assert str(bruno["Subject"]).endswith("à vous de jouer (tour 1)"), str(bruno["Subject"])
    assert "manche" not in str(bruno["Subject"])


def test_whom_an_el_caballero_game_waits_for_is_said_of_that_player_not_of_the_reader(
        mail_ctx: Any, smtp_server: Any) -> None:
    """Bruno, refused while Chiara plays her turn, read "la partie attend Chiara (jouer votre tour
    (la tuile de terrain, puis « fin »))": her decision worded as his own, in nested brackets."""
    from service import players
    from tests.emails.conftest import Table
    from tests.service.seating import started_game

    people = [players.add(mail_ctx, address, name=name, language=language)[0]
              for address, name, language in [("bruno@example.fr", "Bruno", "fr"),
                                              ("chiara@example.it", "Chiara", "it")]]
    game_id = started_game(mail_ctx, people[0], game="el-caballero",
                           emails=[p.email for p in people], options={},
                           setup={"first_player": 0})
    table = Table(mail_ctx, game_id, people)
    [started] = mine(table.drain(), people[0])
    api(table, 0, "power", card=4)
    [turn] = mine(table.drain(), people[1])
    reply(smtp_server, turn, people[1], "potere 5")  # Chiara plays her turn first
    [answer] = mine(table.drain(), people[1])
    assert "Cosa devi decidere ora:" in plain(answer)
    reply(smtp_server, started, people[0], "fin")  # Bruno, out of turn
    [refusal] = mine(table.drain(), people[0])
    text = plain(refusal)
    assert "la partie attend Chiara (jouer le tour : poser 1 tuile de terrain" in text, text
    assert "votre tour" not in text and "))" not in text


def test_an_answer_during_the_set_up_names_no_round_zero(mail_ctx: Any, smtp_server: Any) -> None:
    """King & Intrigue's keeping of 13 cards comes before round 1: its answers were titled
    "réponse acceptée (manche 0)", a round nobody plays."""
    from service import players
    from tests.emails.conftest import Table
    from tests.emails.helpers import example_of
    from tests.service.seating import started_game

    people = [players.add(mail_ctx, address, name=name, language=language)[0]
              for address, name, language in [("bruno@example.fr", "Bruno", "fr"),
                                              ("chiara@example.it", "Chiara", "it")]]
    game_id = started_game(mail_ctx, people[0], game="king-and-intrigue",
                           emails=[p.email for p in people], options={}, setup=None)
    table = Table(mail_ctx, game_id, people)
    sent = table.drain()
    for person, words in ((people[0], "réponse acceptée"), (people[1], "risposta accettata")):
        started = [m for m in mine(sent, person) if example_of(m)][-1]
        reply(smtp_server, started, person, example_of(started) or "")
        [answer] = [m for m in mine(table.drain(), person) if "Re: " in str(m["Subject"])]
        subject = str(answer["Subject"])
        assert subject.endswith(f"{game_id} : {words}" if person is people[0]
                                else f"{game_id}: {words}"), subject
