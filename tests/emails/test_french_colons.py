"""French sets a space before a colon (« Ann : 1, 4 », « 5 : Le Roi »): every French mail of the
three games, played for a while, is scanned for a letter, a digit or a closing mark directly
followed by ':' and a space, outside addresses and times (a Grande's marker "G:rouge" is no
colon of a sentence: no space follows it)."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from service import players, states, store
from service.commands import handle
from tests.emails.conftest import PEOPLE, Table
from tests.emails.helpers import plain
from tests.service.seating import started_game

GLUED = re.compile(r"[^\W_\d]:(?=\s|$)|[\d»)\]]:(?=\s|$)")
URL = re.compile(r"\b(?:https?|mailto):\S*")


def glued_colons(text: str) -> list[str]:
    """The lines of `text` with a colon glued to the word before it."""
    return [line.strip() for line in text.splitlines() if GLUED.search(URL.sub("", line))]


def shown_html(mail: Any) -> str:
    """The words of a mail's HTML part as a reader sees them (tags and styles left out)."""
    body = mail.get_body(("html",)).get_content()
    body = re.sub(r"<(style|head)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<(?:br|p|tr|li|div|h\d|caption|pre)\b[^>]*>", "\n", body)
    return html.unescape(re.sub(r"<[^>]*>", " ", body))


def test_the_scan_finds_a_glued_colon_and_passes_the_right_ones() -> None:
    assert glued_colons("  Ann: 1, 4\n  5: Le Roi") == ["Ann: 1, 4", "5: Le Roi"]
    assert glued_colons("Ann : 1, 4\nà 14:30, https://x.example/a:b\nAragon G:rouge") == []


@pytest.mark.parametrize("game", ["el-grande", "king-and-intrigue", "el-caballero"])
def test_no_french_mail_glues_a_colon_to_its_word(mail_ctx: Any, game: str) -> None:
    people = [players.add(mail_ctx, address, name=name, language=language)[0]
              for address, name, language in PEOPLE]
    organiser, _token = players.add(mail_ctx, "olga@example.com", name="Olga")
    game_id = started_game(mail_ctx, organiser, game=game, emails=[p.email for p in people],
                           options={}, setup=None)
    table = Table(mail_ctx, game_id, people)
    module = mail_ctx.games[game]
    rng = random.Random(7)
    french: list[Any] = []
    for _ in range(40):
        french += [m for m in table.drain() if "bruno@example.fr" in str(m["To"])]
        state = states.load(mail_ctx.engine, mail_ctx.states, game_id, module)[1]
        pending = [d for d in module.pending(state) if d.seat is not None]
        if not pending:
            break
        decision = pending[0]
        handle(game_id, decision.seat, module.sample_command(state, decision, rng),
               store.Source("api"), ctx=mail_ctx)
    assert len(french) >= 3
    bad = {line for mail in french for line in glued_colons(plain(mail))
           + glued_colons(str(mail["Subject"])) + glued_colons(shown_html(mail))}
    assert not bad, sorted(bad)


def test_final_scores_and_played_moves_follow_each_languages_typography() -> None:
    """The game-over table's points agree with their number (French counts 0 as one: « 0 point »)
    and a reply's moves are separated as each language writes a semicolon (« a ; b » in French),
    through the catalogue (emails/i18n.py), not through a language test in code."""
    from emails.render import _points, reply_paragraphs

    assert [_points(n, "fr") for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]
    assert [_points(n, "en") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert [_points(n, "it") for n in (0, 1, 2)] == ["0 punti", "1 punto", "2 punti"]
    moves = {"status": "accepted", "moves": ["carte 13", "pile 4"]}
    assert "carte 13 ; pile 4" in reply_paragraphs(moves, "fr")[0]
    assert "carte 13; pile 4" in reply_paragraphs(moves, "it")[0]


def test_lines_a_reply_quotes_are_in_the_readers_quotation_marks() -> None:
    """The lines of a reply the game did not read are quoted as each language quotes: they were
    written “…” in code and a pass over the finished mail rewrote the marks for French and
    Italian (and with them any “…” a player had typed)."""
    from emails.render import reply_paragraphs

    said = {"status": "accepted", "moves": ["x"], "ignored": ["je joue 13 “vite”"]}
    assert "«\u00a0je joue 13 “vite”\u00a0»" in reply_paragraphs(said, "fr")[-1]
    assert "«je joue 13 “vite”»" in reply_paragraphs(said, "it")[-1]
    assert "“je joue 13 “vite””" in reply_paragraphs(said, "en")[-1]
