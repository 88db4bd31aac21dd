"""What a player asks for by replying, as a web user would click it (issue 15, items 1 and 2):
accepting or declining an invitation, a sign-in link, the board now, the rules, undoing one's own
last move, answering another player's undo request, stopping and restarting the turn mails — in
English, French and Italian, each answered in the player's language."""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any

from sqlalchemy import select

from domain.core.commands import Command
from emails import requests
from service import db, lobby, players, progress, store, undo
from service.commands import handle
from service.errors import ServiceError
from service.tables import events, games, outbox
from service.tables import players as players_t
from tests.emails.conftest import PEOPLE, SETUP
from tests.emails.helpers import example_of, plain, reply


def invited(ctx: Any) -> tuple[str, list[Any]]:
    """A game Ann created for Bruno and Chiara, who have not accepted yet."""
    people = [players.add(ctx, a, name=n, language=lang)[0] for a, n, lang in PEOPLE]
    created = lobby.create(ctx, people[0], game="el-grande", emails=[p.email for p in people],
                           setup=SETUP)  # a seated creator gives no stacks
    assert not created.started
    return created.game_id, people


def drain(table: Any) -> list[EmailMessage]:
    return table.drain()


def to(mails: list[EmailMessage], person: Any) -> list[EmailMessage]:
    return [m for m in mails if person.email in str(m["To"])]


def status(ctx: Any, game_id: str) -> str:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(games.c.status).where(games.c.id == game_id)).scalar_one()


class Drainer:
    """The conftest's Table for a game made here (its drain turns the outbox into messages)."""

    def __init__(self, ctx: Any, game_id: str, people: list[Any]) -> None:
        from tests.emails.conftest import Table

        self.table = Table(ctx, game_id, people)

    def drain(self) -> list[EmailMessage]:
        return self.table.drain()


def test_the_requests_are_whole_lines_in_three_languages() -> None:
    assert requests.kind_of("Oui, avec plaisir !") == "yes"
    assert requests.kind_of("j'accepte") == requests.kind_of("Count me in") == "yes"
    assert requests.kind_of("accetto") == requests.kind_of("OK") == "yes"
    assert requests.kind_of("non merci") == requests.kind_of("no grazie") == "no"
    assert requests.kind_of("board please") == requests.kind_of("le plateau, merci") == "board"
    assert requests.kind_of("règles") == requests.kind_of("regole") == "rules"
    assert requests.kind_of("undo") == requests.kind_of("annulla") == "undo"
    assert requests.kind_of("link di accesso") == requests.kind_of("lien") == "link"
    assert requests.kind_of("stop") == "stop" and requests.kind_of("riattiva") == "restart"
    # Never inside a sentence, never a game's command.
    assert requests.kind_of("I will undo nothing") is None
    assert requests.kind_of("power 7") is None and requests.kind_of("refuser") is None


def test_help_is_asked_for_as_people_ask_for_it() -> None:
    for line in ("aide", "Aide !", "Aide-moi svp", "Aidez-moi", "j'ai besoin d'aide",
                 "Que dois-je faire ?", "aiuto", "Aiuto!", "Aiutami per favore",
                 "ho bisogno di aiuto", "cosa devo fare?", "help", "Help me", "what do I do?",
                 "how does this work?"):
        assert requests.kind_of(line) == "rules", line


def test_an_invited_player_accepts_by_replying_and_the_last_acceptance_starts(
        mail_ctx: Any, smtp_server: Any) -> None:
    game_id, people = invited(mail_ctx)
    mails = Drainer(mail_ctx, game_id, people)
    sent = mails.drain()
    [for_bruno] = to(sent, people[1])
    [for_chiara] = to(sent, people[2])
    # The invitation says how to accept by mail, and its Reply-To takes the answer.
    assert "«\u00a0oui\u00a0»" in plain(for_bruno) and str(for_bruno["Reply-To"]).count("pbem+") == 1
    assert "«sì»" in plain(for_chiara)
    reply(smtp_server, for_bruno, people[1], "Oui, avec plaisir !\n\nBruno")
    [answer] = to(mails.drain(), people[1])
    assert "Votre place est acceptée." in plain(answer)
    assert "Chiara" in plain(answer)  # who has not accepted yet
    assert status(mail_ctx, game_id) == progress.INVITED
    reply(smtp_server, for_chiara, people[2], "accetto")
    after = mails.drain()
    # One reply, one answer: Chiara's is her game-started mail (issue 24's rule), not a second
    # mail besides it, and it promises no mail to follow.
    [answer] = to(after, people[2])
    assert str(answer["Subject"]).startswith("Re:")
    assert "Il tuo posto è accettato." in plain(answer)
    assert "prima mail" not in plain(answer)
    # Each player is told once that everybody accepted: in the game-started mail only.
    everybody = ("Every seat has accepted", "Tout le monde a accepté", "Tutti hanno accettato")
    for person in people:
        told = [m for m in to(after, person) if any(e in plain(m) for e in everybody)]
        assert len(told) == 1 and sum(plain(told[0]).count(e) for e in everybody) == 1
        assert "started" in str(told[0]["Subject"]) or "commencé" in str(told[0]["Subject"]) \
            or "iniziata" in str(told[0]["Subject"])
    assert status(mail_ctx, game_id) == progress.ACTIVE
    started = [m for m in after if "iniziata" in str(m["Subject"]) or "commencé" in str(
        m["Subject"]) or "started" in str(m["Subject"])]
    assert len(started) == 3


def test_the_last_acceptance_by_mail_gets_one_answer_that_is_the_game_started_mail(
        mail_ctx: Any, smtp_server: Any) -> None:
    """King & Intrigue asks everyone their first decision at once (the 13 cards to keep): Chiara,
    the last to accept, got the game-started mail with it and, in the same second, the answer
    saying the game had started and "its first mail follows" (written after it). Now the
    answer is that mail: the game started, her colour, her decision, and her move in reply to it
    is played."""
    people = [players.add(mail_ctx, a, name=n, language=lang)[0] for a, n, lang in PEOPLE]
    game_id = lobby.create(mail_ctx, people[0], game="king-and-intrigue",
                           emails=[p.email for p in people]).game_id
    mails = Drainer(mail_ctx, game_id, people)
    sent = mails.drain()
    reply(smtp_server, to(sent, people[1])[0], people[1], "Oui, avec plaisir !")
    mails.drain()
    reply(smtp_server, to(sent, people[2])[0], people[2], "sì, ci sto! Accetto volentieri.")
    after = mails.drain()
    [answer] = to(after, people[2])
    text = plain(answer)
    assert str(answer["Subject"]).endswith(": la partita è iniziata, la tua scelta segreta"), \
        str(answer["Subject"])
    assert "Il tuo posto è accettato." in text
    assert "Tutti hanno accettato: la partita" in text and "Giochi con il giallo." in text
    assert "Cosa devi decidere ora:" in text and "prima mail" not in text
    assert [p for p in answer.walk() if p.get_content_type() == "image/png"]  # the picture
    # Ann and Bruno get their game-started mail, as before.
    for person in people[:2]:
        [started] = to(after, person)
        assert not str(started["Subject"]).startswith("Re:")
    # Her first decision, answered by replying to that answer, is played.
    reply(smtp_server, answer, people[2], example_of(answer) or "")
    [played] = to(mails.drain(), people[2])
    assert "risposta accettata" in str(played["Subject"]), plain(played)


def test_an_invited_player_declines_by_replying_and_the_creator_is_told(
        mail_ctx: Any, smtp_server: Any) -> None:
    game_id, people = invited(mail_ctx)
    mails = Drainer(mail_ctx, game_id, people)
    [for_bruno] = to(mails.drain(), people[1])
    reply(smtp_server, for_bruno, people[1], "non merci")
    sent = mails.drain()
    [answer] = to(sent, people[1])
    assert "Vous avez décliné l'invitation" in plain(answer)
    [told] = to(sent, people[0])
    assert "Bruno declined your invitation" in str(told["Subject"])
    assert status(mail_ctx, game_id) == progress.INVITED


def test_anything_else_to_an_invitation_says_how_to_answer(mail_ctx: Any,
                                                           smtp_server: Any) -> None:
    game_id, people = invited(mail_ctx)
    mails = Drainer(mail_ctx, game_id, people)
    [for_chiara] = to(mails.drain(), people[2])
    reply(smtp_server, for_chiara, people[2], "potere 7")
    [answer] = to(mails.drain(), people[2])
    text = plain(answer)
    assert "Rispondi «sì» per accettare il tuo posto" in text
    assert "The game has not started" not in text  # in her language, with the way out


def test_a_game_started_at_once_neither_asks_to_accept_nor_claims_everyone_did(
        mail_ctx: Any) -> None:
    people = [players.add(mail_ctx, a, name=n, language=lang)[0] for a, n, lang in PEOPLE]
    try:
        created = lobby.create(mail_ctx, people[0], game="el-grande",
                               emails=[p.email for p in people],
                               setup=SETUP, start=True)
    except ServiceError as error:  # the service refuses to start before everyone accepted:
        assert error.status == 409  # then nothing at all is mailed
        with db.read(mail_ctx.engine) as conn:
            assert conn.execute(select(outbox.c.id)).first() is None
        return
    sent = Drainer(mail_ctx, created.game_id, people).drain()
    for mail in sent:
        text = plain(mail)
        assert "Accept on the web page" not in text and "Acceptez" not in text \
            and "Accetta" not in text, text
        assert "Every seat has accepted" not in text and "Tout le monde a accepté" not in text \
            and "Tutti hanno accettato" not in text, text


# --- requests during a game ----------------------------------------------------------------------


def latest(table: Any, seat: int, mails: list[EmailMessage] | None = None) -> EmailMessage:
    person = table.people[seat]
    found = [m for m in (mails if mails is not None else table.drain())
             if person.email in str(m["To"]) and m["Reply-To"]]
    return found[-1]


def test_the_board_and_the_rules_by_mail(table: Any, smtp_server: Any) -> None:
    first = table.drain()
    reply(smtp_server, latest(table, 0, first), table.people[0], "board please")
    [answer] = to(table.drain(), table.people[0])
    text = plain(answer)
    assert "Here is the game as it is now." in text and "Castilla la Nueva K" in text
    assert "What you must decide now:" in text  # asked for: the board and the decision
    assert str(answer["Subject"]).endswith("(round 1)")
    reply(smtp_server, latest(table, 1, first), table.people[1], "Règles, merci")
    [answer] = to(table.drain(), table.people[1])
    text = plain(answer)
    assert "Comment se joue cette partie" in text and "Neuf manches" in text
    # The options in effect, as the create-game page says them (never "edition = decennial").
    assert "Édition\u00a0: dixième anniversaire" in text or "Édition : dixième anniversaire" in text
    assert "Durée" in text and "neuf manches" in text
    assert "edition =" not in text and "short_game" not in text and "= False" not in text
    reply(smtp_server, latest(table, 2, first), table.people[2], "Aiuto!\n\nChiara")
    [answer] = to(table.drain(), table.people[2])
    assert str(answer["Subject"]).endswith("(round 1)") and "Nove round" in plain(answer)
    reply(smtp_server, latest(table, 1, first), table.people[1], "aide svp\n\nBruno")
    [answer] = to(table.drain(), table.people[1])
    assert "Comment se joue cette partie" in plain(answer)
    reply(smtp_server, latest(table, 2, first), table.people[2], "link di accesso")
    [answer] = to(table.drain(), table.people[2])
    assert "Il tuo link di accesso" in plain(answer) and "/login/" in plain(answer)


def test_every_game_mail_lists_the_requests_in_the_players_language(table: Any) -> None:
    for mail, lang in zip(table.drain(), ("en", "fr", "it"), strict=False):
        person = next(p for p in table.people if p.email in str(mail["To"]))
        words = {"en": "“board”, “rules”, “undo”, “link”, “stop”, “restart”",
                 "fr": "«\u00a0plateau\u00a0», «\u00a0règles\u00a0», «\u00a0annuler\u00a0», "
                       "«\u00a0lien\u00a0», «\u00a0stop\u00a0», «\u00a0relancer\u00a0»",
                 "it": "«tabellone», «regole», «annulla», «link di accesso», «stop», "
                       "«riattiva»"}[person.language]
        assert words in plain(mail), (lang, plain(mail))


def test_undo_ones_own_last_move_by_mail(table: Any, smtp_server: Any) -> None:
    first = table.drain()
    reply(smtp_server, latest(table, 0, first), table.people[0], "power 7")
    confirmation = latest(table, 0)
    reply(smtp_server, confirmation, table.people[0], "undo")
    # One reply, one answer: it says what was taken back and asks what is to decide again (the
    # your-turn mail the undo caused is not sent besides it).
    [answer] = to(table.drain(), table.people[0])
    assert "What you must decide now:" in plain(answer)
    assert "Done: your last move is undone — power 7." in plain(answer)
    module = table.ctx.games["el-grande"]
    decision = next(d for d in module.pending(table.state()) if d.seat is not None)
    assert decision.seat == 0 and decision.kind == "power_card"  # Ann chooses again
    with db.read(table.ctx.engine) as conn:
        undone = conn.execute(select(events.c.source).where(
            events.c.game_id == table.game_id, events.c.type == "undone")).scalars().all()
    assert undone == ["email"]
    # Nothing to undo now: the refusal says why, in her language.
    reply(smtp_server, answer, table.people[0], "undo")
    [answer] = to(table.drain(), table.people[0])
    assert "Your last move could not be undone" in plain(answer)
    assert "What you must decide now:" in plain(answer)  # refused: what she may do instead


def test_a_line_that_starts_with_a_request_and_goes_on() -> None:
    """Found by mail: « Annuler s'il vous plaît, je n'ai pas demandé le Grande » was "not
    understood" (the negation in the reason), and "Oups, annulez svp, je voulais dire 5" lost
    the 5. A request at the head of a line is made; a reason after an undo goes with it; a
    number after it is the move meant instead, read by the game."""
    assert requests.split("Annuler s'il vous plaît, je n'ai pas demandé le Grande") == [
        ("undo", "Annuler s'il vous plaît, je n'ai pas demandé le Grande")]
    assert requests.split("Oups, annulez svp, je voulais dire 5") == [
        ("undo", "Oups, annulez svp,"), (None, "je voulais dire 5")]
    assert requests.split("Board please, I play 5") == [("board", "Board please,"),
                                                         (None, "I play 5")]
    # yes and no are never split off: "no, I don't cross" is the game's answer
    assert requests.split("no, I don't cross") == [(None, "no, I don't cross")]
    # an undo after its reason, the reason holding numbers of the move it regrets
    line = "Oops, that's not what I meant - I wanted the 6 facing m14, not the 8. Undo please."
    assert requests.split(line) == [("undo", line)]


def test_undo_and_the_move_meant_in_one_line(table: Any, smtp_server: Any) -> None:
    first = table.drain()
    reply(smtp_server, latest(table, 0, first), table.people[0], "power 7")
    confirmation = latest(table, 0)
    reply(smtp_server, confirmation, table.people[0], "Oops, undo please - I meant power 8")
    [answer] = to(table.drain(), table.people[0])
    assert "your last move is undone" in plain(answer)
    assert "card 8" in plain(answer) or "power 8" in plain(answer), plain(answer)
    assert table.state().power_played[0] == 8


def test_an_undo_request_is_answered_by_replying_yes(table: Any, smtp_server: Any) -> None:
    table.drain()
    after = {}
    for seat, card in ((0, 7), (1, 5), (2, 3)):
        after[seat] = handle(table.game_id, seat, Command("play_power", seat, {"card": card}),
                             store.Source("api"), ctx=table.ctx).version
    table.drain()
    request = undo.request(table.ctx, table.game_id, 0, after[1], reason="misclick")
    sent = table.drain()
    asked_bruno, asked_chiara = latest(table, 1, sent), latest(table, 2, sent)
    assert "Répondez «\u00a0oui\u00a0» pour accepter" in plain(asked_bruno)
    reply(smtp_server, asked_bruno, table.people[1], "oui")
    assert "Vous avez accepté la demande d'annulation." in plain(to(table.drain(),
                                                                    table.people[1])[0])
    assert undo.get(table.ctx, table.game_id, request.id).status == "pending"
    reply(smtp_server, asked_chiara, table.people[2], "sì")
    assert undo.get(table.ctx, table.game_id, request.id).status == "applied"


def test_stop_and_restart_the_turn_mails_by_mail(table: Any, smtp_server: Any) -> None:
    first = table.drain()

    def notifications() -> bool:
        with db.read(table.ctx.engine) as conn:
            return conn.execute(select(players_t.c.email_notifications).where(
                players_t.c.id == table.people[1].id)).scalar_one()

    reply(smtp_server, latest(table, 1, first), table.people[1], "stop")
    [answer] = to(table.drain(), table.people[1])
    assert not notifications() and "Répondez «\u00a0relancer\u00a0»" in plain(answer)
    reply(smtp_server, answer, table.people[1], "relancer")
    assert notifications()


def test_the_rules_mail_says_the_options_in_words_in_every_language() -> None:
    """King & Intrigue's rules mail showed `players_edition = True` and `discards = hidden`: the
    options now read as the create-game page says them."""
    from types import SimpleNamespace

    from domain.games import GAMES
    from emails.render import rules_paragraphs

    info = SimpleNamespace(module=GAMES["king-and-intrigue"], row=SimpleNamespace(
        options={"players_edition": True, "discards": "open"}))
    said = {lang: "\n".join(rules_paragraphs(info, lang)) for lang in ("en", "fr", "it")}
    assert "Player's Edition module: with" in said["en"]
    assert "Special Cards module: without" in said["en"]
    assert "Played power cards: face up, seen by all" in said["en"]
    assert "Module Édition des joueurs : avec" in said["fr"].replace("\u00a0", " ")
    assert "Modulo Edizione dei giocatori: con" in said["it"]
    for text in said.values():
        assert "players_edition" not in text and "True" not in text and "hidden" not in text
