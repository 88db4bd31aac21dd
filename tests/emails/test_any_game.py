"""A game that brings nothing but its rules (the toy sealed-bids game: no language, no boards, no
texts of its own) is playable by mail: its mails render, text and HTML, from the generic facets,
and a reply in the generic language (`bid amount=3`, or just `bid 3`) is played."""

from __future__ import annotations

from typing import Any

from service import players, states
from tests.emails.conftest import Table
from tests.emails.helpers import example_of, plain, reply
from tests.games.bids import PLAIN as TOY
from tests.service.seating import started_game


def toy_table(ctx: Any) -> Table:
    people = [players.add(ctx, address, name=name, language=language)[0]
              for address, name, language in [("ann@example.com", "Ann", "en"),
                                              ("bruno@example.fr", "Bruno", "fr")]]
    game_id = started_game(ctx, people[0], game=TOY.name, emails=[p.email for p in people],
                           options={}, setup=None)
    return Table(ctx, game_id, people)


def test_the_toy_games_mails_render_and_a_reply_is_played(mail_ctx: Any,
                                                          smtp_server: Any) -> None:
    table = toy_table(mail_ctx)
    mails = table.drain()
    kinds = {str(m["Subject"]) for m in mails}
    started = [m for m in mails if "has started" in str(m["Subject"])
               or "a commencé" in str(m["Subject"])]
    secret = [m for m in mails if "secret" in str(m["Subject"])]  # a bid is a secret choice
    assert len(started) == 2 and len(secret) == 2, kinds
    for mail in started + secret:
        text, html = plain(mail), mail.get_body(("html",)).get_content()
        assert "<html" in html and "round: 1" in text and "<pre" in html  # the view as text
    ann_turn = next(m for m in secret if "ann@example.com" in str(m["To"]))
    text = plain(ann_turn)
    assert "bid amount=… — one of: 1, 2, 3, 4, 5" in text and "make a secret choice" not in text
    assert example_of(ann_turn) == "bid amount=1"
    bruno_turn = next(m for m in secret if "bruno@example.fr" in str(m["To"]))
    assert "bid amount=… — parmi : 1, 2, 3, 4, 5" in plain(bruno_turn)
    # Replies in the generic language are played, in either form.
    reply(smtp_server, ann_turn, table.people[0], "bid amount=3")
    reply(smtp_server, bruno_turn, table.people[1], "Bonjour,\nbid 2\nBruno")
    _version, state, _ = states.load(mail_ctx.engine, mail_ctx.states, table.game_id, TOY)
    assert state.claimant == 0  # both bids went in, and the highest (Ann's) won
    answers = [m for m in table.drain() if str(m["Subject"]).startswith("Re:")]
    confirmed = " ".join(plain(m) for m in answers)
    assert "bid amount=3" in confirmed and "bid amount=2" in confirmed
    claim = next(m for m in table.sent if "your turn" in str(m["Subject"])
                 and "ann@example.com" in str(m["To"]))
    assert "claim prize=… — one of: gold, silver" in plain(claim)
    reply(smtp_server, claim, table.people[0], "claim gold")
    _version, state, _ = states.load(mail_ctx.engine, mail_ctx.states, table.game_id, TOY)
    assert state.won == (("gold",), ()) and state.scores[0] >= 3 and state.scores[1] == 0
    assert state.round == 2
