"""The game page's text box: the mail grammar (emails/play.py) typed on the web, CSRF-protected,
with the confirmation or the refusal (what was wrong and what is allowed) flashed back."""

from __future__ import annotations

import html
from typing import Any

from sqlalchemy import select

from service import players, queries
from tests.service.seating import started_game
from tests.web.conftest import Game, csrf_of, sign_in, to_ann_act

BOX = 'id="text-move"'


def typed(client: Any, game: Game, text: str) -> str:
    page = client.get(f"/games/{game.id}").text
    assert BOX in page
    posted = client.post(f"/games/{game.id}/text", data={"csrf_token": csrf_of(page), "text": text})
    assert posted.status_code == 302 and posted.location.endswith(f"/games/{game.id}#decide")
    return html.unescape(client.get(f"/games/{game.id}").text)


def version(game: Game) -> int:
    return queries.header(game.ctx, game.id, None).version


def test_a_typed_move_in_english_and_in_french_is_played(app: Any, wctx: Any, game: Game) -> None:
    ann, bob = app.test_client(), app.test_client()
    sign_in(ann, wctx, game.ids[0])
    sign_in(bob, wctx, game.ids[1])
    before = version(game)
    page = typed(ann, game, "Power 13")
    assert "Played: power 13" in page and "Ann plays power card 13." in page
    assert version(game) == before + 1
    page = typed(bob, game, "Pouvoir 12")
    assert "Joué : " in page and "12" in page
    assert version(game) == before + 2
    # Several commands in one text, for one turn (as in a mail).
    game.play(2, "play_power", card=11)
    page = typed(ann, game, "card 4")
    assert "Played: " in page
    assert version(game) > before + 3


def test_what_follows_once_the_turn_passed_to_another_player_is_said_not_played(
        app: Any, wctx: Any, game: Game) -> None:
    ann = app.test_client()
    sign_in(ann, wctx, game.ids[0])
    before = version(game)
    page = typed(ann, game, "power 13\ncard 4")  # the card waits for the others' power cards
    assert "Played: power 13" in page
    assert "Not played — the game now waits for another player before these: “card 4”" in page
    assert version(game) == before + 1


def test_a_garbled_or_illegal_move_is_refused_with_help_and_changes_nothing(
        app: Any, wctx: Any, game: Game) -> None:
    ann, cid = app.test_client(), app.test_client()
    sign_in(ann, wctx, game.ids[0])
    sign_in(cid, wctx, game.ids[2])
    before = version(game)
    page = typed(ann, game, "wibble the flumox")
    assert "Not played, nothing changed: No command was found" in page
    assert "What you can write now: " in page and "power" in page
    assert version(game) == before
    page = typed(ann, game, "power banana")
    assert "Not played, nothing changed: " in page and "power N" in page
    assert version(game) == before
    typed(ann, game, "power 13")
    game.play(1, "play_power", card=12)
    after = version(game)
    page = typed(cid, game, "potere 13")  # understood, but Ann played 13: the engine refuses it
    assert "Non giocato, nulla è cambiato: " in page and "Cosa puoi scrivere ora: " in page
    assert "«potere 13»: " in page  # the move quoted as Italian quotes (it read “potere 13”)
    assert version(game) == after
    # Without the CSRF token the box is refused outright.
    assert cid.post(f"/games/{game.id}/text", data={"text": "potere 11"}).status_code == 400
    assert version(game) == after


def test_spectators_see_no_text_box_and_cannot_post(app: Any, wctx: Any, game: Game) -> None:
    to_ann_act(game)
    assert BOX not in app.test_client().get(f"/games/{game.id}").text  # signed out
    ann = app.test_client()
    sign_in(ann, wctx, game.ids[0])
    assert BOX in ann.get(f"/games/{game.id}").text
    assert BOX not in ann.get(f"/games/{game.id}/watch").text
    bob = app.test_client()
    sign_in(bob, wctx, game.ids[1])
    assert BOX not in bob.get(f"/games/{game.id}").text  # seated, nothing pending
    before = version(game)
    dan, _token = players.add(wctx, "dan@example.com", name="Dan", time_zone="UTC")
    outsider = app.test_client()
    sign_in(outsider, wctx, dan.id)
    page = outsider.get(f"/games/{game.id}").text
    assert BOX not in page
    refused = outsider.post(f"/games/{game.id}/text",
                            data={"csrf_token": csrf_of(page) if "csrf_token" in page else "",
                                  "text": "place 1 aragon"})
    assert refused.status_code in (400, 403) and version(game) == before


def test_a_game_without_a_language_or_boards_is_shown_and_played_by_text(app: Any,
                                                                        wctx: Any) -> None:
    """The toy sealed-bids game brings no words, boards or language: its page shows its view as
    text, the box lists the generic commands, and `bid 3` is played."""
    from tests.games.bids import PLAIN as TOY

    wctx.games = {**wctx.games, TOY.name: TOY}
    ann, _ = players.add(wctx, "ann@example.com", name="Ann", time_zone="UTC")
    players.add(wctx, "bob@example.com", name="Bob", time_zone="UTC")
    game_id = started_game(wctx, ann, game=TOY.name, emails=["ann@example.com",
                                                             "bob@example.com"],
                           options={}, setup=None)
    game = Game(game_id, wctx, [ann.id])
    client = app.test_client()
    sign_in(client, wctx, ann.id)
    page = html.unescape(client.get(f"/games/{game.id}").text)
    assert '<pre class="board-text">round: 1' in page and "<svg" not in page
    assert "bid amount=… — one of: 1, 2, 3, 4, 5" in page
    assert client.get(f"/games/{game.id}/board.svg").status_code == 404  # it draws none
    page = typed(client, game, "bid 3")
    assert "Played: bid amount=3" in page and "your_bid: 3" in page


def test_the_text_box_and_a_mail_reply_read_the_same_sentence_alike(
        app: Any, wctx: Any, game: Game) -> None:
    """One reader for every text channel (issue 24): a sentence as people write it, typed in the
    game page's box for one game and sent as a mail reply for another game with the same set-up,
    is played the same way in both (and the mail's quote and signature fall away)."""
    from email.message import EmailMessage

    from emails import addresses, inbound
    from service import db
    from service.tables import events
    from tests.web.conftest import EMAILS, SETUP, organiser

    sentence = "Hi all!\nI'll go with the thirteen this round, cheers"
    by_mail = started_game(wctx, organiser(wctx), game="el-grande", emails=EMAILS,
                           options={"castillo_visibility": "memory"}, setup=SETUP)
    ann = app.test_client()
    sign_in(ann, wctx, game.ids[0])
    page = typed(ann, game, sentence)
    assert "Played: power 13" in page, page
    with db.write(wctx.engine) as conn:
        token = addresses.token_for(conn, by_mail, 0, game.ids[0])
    mail = EmailMessage()
    mail["From"], mail["To"] = EMAILS[0], f"pbem+{token}@localhost"
    mail["Subject"], mail["Message-ID"] = "Re: your turn", "<same-sentence@example.com>"
    mail.set_content(f"{sentence}\n\nAnn\n\nOn Mon, 23 Nov 2026, Play by mail wrote:\n"
                     "> Your power card: 1 to 13\n> power 1\n")
    result = inbound.receive(wctx, mail.as_bytes(), recipients=[str(mail["To"])])
    assert result.status == "accepted", result.detail

    def played(game_id: str) -> list[Any]:
        with db.read(wctx.engine) as conn:
            return [(row.type, row.payload) for row in conn.execute(
                select(events.c.type, events.c.payload).where(events.c.game_id == game_id)
                .order_by(events.c.seq)).all()[-1:]]

    assert played(game.id) == played(by_mail)
    assert played(by_mail)[0][1].get("card") == 13
