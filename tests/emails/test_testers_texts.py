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


def _waits(answer: EmailMessage) -> str:
    text = plain(answer).replace("\u00a0", " ")
    for start in ("The game now waits for ", "La partie attend maintenant ",
                  "La partita ora aspetta "):
        if start in text:
            return start + text.split(start, 1)[1].split("\n\n", 1)[0].replace("\n", " ")
    raise AssertionError(text[:600])


def test_the_waiting_sentence_says_their_not_your_and_names_players_on_one_decision_once(
        mail_ctx: Any, smtp_server: Any) -> None:
    """The answer to a reply read "The game now waits for Bruno (keep 13 of your 39 power
    cards), Chiara (keep 13 of your 39 power cards)", in French « … Chiara (garder 13 de vos 39
    cartes pouvoir) », and "Bruno, who must make a secret choice (…); Chiara, who must make a
    secret choice (…)". What others must decide is said of them, and the players waiting on
    the same decision are named once."""
    from tests.emails.conftest import Table
    from tests.emails.helpers import example_of, reply
    from tests.service.seating import started_game

    people = _people(mail_ctx)
    ann, bruno, chiara = people
    game_id = started_game(mail_ctx, ann, game="king-and-intrigue",
                           emails=[p.email for p in people],
                           options={"players_edition": True, "special_cards": True}, setup=None)
    table = Table(mail_ctx, game_id, people)
    sent = table.drain()
    asked = {p.email: [m for m in to(sent, p) if example_of(m)][-1] for p in people}

    def answer(person: Any) -> EmailMessage:
        """The person replies the example of the last mail that asked them something."""
        reply(smtp_server, asked[person.email], person, example_of(asked[person.email]) or "")
        sent = table.drain()
        for p in people:
            for m in to(sent, p):
                if example_of(m):
                    asked[p.email] = m
        return to(sent, person)[0]

    assert _waits(answer(chiara)) == (
        "La partita ora aspetta Ann e Bruno, che devono ciascuno tenere 13 delle loro 39 carte "
        "potere; una mail ti dirà quando toccherà a te.")
    assert _waits(answer(bruno)) == (
        "La partie attend maintenant Ann (garder 13 de ses 39 cartes pouvoir) ; un courriel "
        "vous dira quand ce sera à vous.")
    answer(ann)  # the last to keep: the set-up's discs are asked of everyone, Ann's with it
    assert _waits(answer(ann)) == (
        "The game now waits for Bruno and Chiara, who must each make a secret choice (the "
        "selection disc of the set-up): the region, not the King's, where 1 Caballero from "
        "their provinces goes; a mail will tell you when it is your turn.")
    assert _waits(answer(chiara)) == (
        "La partita ora aspetta Bruno, che deve fare una scelta segreta (il disco di selezione "
        "della preparazione): la regione, non quella del Re, dove va 1 Caballero delle sue "
        "province; una mail ti dirà quando toccherà a te.")


def test_players_waiting_on_the_same_secret_choice_are_named_once() -> None:
    """El Grande's general scoring: "waits for Bruno, who must make a secret choice (the disc
    for the Castillo); Chiara, who must make a secret choice (the disc for the Castillo)"."""
    from types import SimpleNamespace

    from domain.games import GAMES
    from emails.render import waiting_for

    module = GAMES["el-grande"]
    state = module.fold(module.create(3, {}, "disc-wait", None))
    while sum(d.kind == "secret" for d in module.pending(state)) < 3:
        decision = module.pending(state)[0]
        state = module.fold(module.decide(state, module.default_command(state, decision)), state)
    ann = next(d for d in module.pending(state) if d.seat == 0)
    state = module.fold(module.decide(state, module.default_command(state, ann)), state)
    info = SimpleNamespace(module=module, state=state, names=["Ann", "Bruno", "Chiara"])
    assert waiting_for(info, "en") == ("Bruno and Chiara, who must each make a secret choice "
                                       "(the disc for the Castillo)")
    assert waiting_for(info, "fr") == ("Bruno et Chiara, qui doivent chacun faire un choix "
                                       "secret (le disque du Castillo)")
    assert waiting_for(info, "it") == ("Bruno e Chiara, che devono ciascuno fare una scelta "
                                       "segreta (il disco del Castillo)")


UNDO = {"en": ("undo", "power", "Done: your last move is undone — power {old}.",
               "Read as: power {new}. Done — your move is recorded."),
        "fr": ("annuler", "pouvoir", "C'est fait : votre dernier coup est annulé — pouvoir {old}.",
               "Lu comme : pouvoir {new}. C'est fait — votre coup est enregistré."),
        "it": ("annulla", "potere", "Fatto: la tua ultima mossa è annullata — potere {old}.",
               "Letto come: potere {new}. Fatto — la tua mossa è registrata.")}
RECORDED = ("your move is recorded", "votre coup est enregistré", "la tua mossa è registrata")


def test_an_undo_by_mail_is_said_in_the_players_words_and_never_as_a_move_recorded(
        table: Any, smtp_server: Any) -> None:
    """After « annuler » and a new move in one reply, the answer read « Lu comme : undo. C'est
    fait — votre coup est enregistré. » then « C'est fait : votre dernier coup est annulé », and
    the new move was not played. The undo is told once, in the player's words, before the move
    that follows it; an undo alone is never "your move is recorded"."""
    from tests.emails.helpers import reply

    sent = table.drain()
    for seat, (person, old, new) in enumerate(zip(table.people, (7, 9, 11), (8, 10, 12),
                                                  strict=True)):
        undo, power, undone, read = UNDO[person.language]
        turn = [m for m in to(sent, person) if m["Reply-To"]][-1]
        reply(smtp_server, turn, person, f"{power} {old}")
        [answer] = to(table.drain(), person)
        reply(smtp_server, answer, person, f"{undo}\n{power} {new}\n\n{person.name}")
        sent = table.drain()
        [answer] = to(sent, person)
        text = plain(answer).replace("\u00a0", " ")
        said = text.split("\n\n")
        assert undone.format(old=old) in said and read.format(new=new) in said, text[:400]
        assert said.index(undone.format(old=old)) < said.index(read.format(new=new))
        assert not re.search(r"(Read as|Lu comme|Letto come) ?: [^.]*\bundo\b", text), text
        assert table.state().power_played[seat] == new  # the move after the undo is played
    # An undo alone: told as the undo it is, not as a move recorded.
    chiara = table.people[2]
    reply(smtp_server, answer, chiara, UNDO["it"][0])
    [answer] = to(table.drain(), chiara)
    text = plain(answer)
    assert UNDO["it"][2].format(old=12) in text
    assert not any(words in text for words in RECORDED) and "Letto come" not in text
