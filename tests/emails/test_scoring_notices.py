"""Everybody hears of a scoring at once (issue 24): El Caballero's scorings after rounds 4 and 7,
and El Grande's (so King & Intrigue's) general scorings, were known only to the player whose move
caused them, the others reading of them days later in their next turn mail."""

from __future__ import annotations

import random
from typing import Any

from domain.core.commands import decide_known
from domain.games import GAMES
from service import players, progress, store
from service.commands import handle
from tests.emails.conftest import Table
from tests.emails.helpers import plain
from tests.service.seating import started_game

PEOPLE = [("ann@example.com", "Ann", "en"), ("bruno@example.fr", "Bruno", "fr"),
          ("chiara@example.it", "Chiara", "it")]
SAID = {"en": "The scores have changed in game", "fr": "Les scores ont changé dans la partie",
        "it": "I punteggi sono cambiati nella partita"}
SCORING = {"en": "Scoring 1, after round 4.", "fr": "Décompte 1, après le tour 4.",
           "it": "Valutazione 1, dopo il round 4."}


def test_an_el_caballero_scoring_is_mailed_to_the_players_who_did_not_cause_it(
        mail_ctx: Any) -> None:
    people = [players.add(mail_ctx, a, name=n, language=lang)[0] for a, n, lang in PEOPLE]
    game_id = started_game(mail_ctx, people[0], game="el-caballero",
                           emails=[p.email for p in people], options={}, setup=None)
    table = Table(mail_ctx, game_id, people)
    module, rng = GAMES["el-caballero"], random.Random("scoring")
    table.drain()
    while True:  # random legal moves until the first scoring's batch
        state = _state(table, module)
        decision = next(d for d in module.pending(state) if d.seat is not None)
        command = module.sample_command(state, decision, rng)
        events = decide_known(module.decide, state, command)
        handle(game_id, decision.seat, command, store.Source("api"), ctx=mail_ctx)
        sent = table.drain()
        if any(e.type == "scored" for e in events):
            break
    notices = [m for m in sent if "nouveaux scores" in str(m["Subject"])
               or "new scores" in str(m["Subject"]) or "nuovi punteggi" in str(m["Subject"])]
    told = {str(m["To"]) for m in notices}
    turn = {str(m["To"]) for m in sent if m not in notices}
    assert notices, [str(m["Subject"]) for m in sent]
    assert not any(people[decision.seat].email in t for t in told)  # the mover saw it happen
    assert not told & turn  # one mail each: a turn mail tells its reader of the scoring itself
    assert len(told) + len(turn) >= 2
    for mail in notices:
        lang = next(lang for a, _n, lang in PEOPLE if a in str(mail["To"]))
        text = plain(mail)
        assert SAID[lang] in text and SCORING[lang] in text, text
        # One Italian word for a scoring, the heading's: a game by mail read «Risultati della
        # valutazione» above «Conteggio 1», two words for one thing.
        assert lang != "it" or ("Risultati della valutazione" in text
                                and "onteggi" not in text), text
        assert "What you must decide" not in text and "Ce que vous devez" not in text \
            and "Cosa devi decidere" not in text


def _state(table: Table, module: Any) -> Any:
    from service import states

    return states.load(table.ctx.engine, table.ctx.states, table.game_id, module)[1]


def test_a_general_scoring_is_announced_and_nothing_hidden_goes_with_it() -> None:
    """El Grande's (and King & Intrigue's) general scoring is announced once its results are in
    (its end, after the reveal of the discs), not at its start, which only asks everyone for a
    disc; the notice's words are described for a spectator."""
    from domain.core.events import Event

    for name in ("el-grande", "king-and-intrigue"):
        said = progress.announced(GAMES[name], [Event("general_scoring_ended", {"number": 2})])
        assert said == {"key": "scoring.ended", "params": {"number": 2}}, name
        started = [Event("general_scoring_started", {"number": 2})]
        assert progress.announced(GAMES[name], started) is None, name
        opening = GAMES[name].create(3, {}, "seed", None)  # a set-up and round 1: no scoring
        assert progress.announced(GAMES[name], opening) is None


def test_a_vetoed_player_is_told_even_when_their_turn_is_over(mail_ctx: Any) -> None:
    """Ann placed, then declared the King; Bruno vetoed it, which ended her turn: no turn mail
    went to her, and nothing told her. Now a mail does, in her words; the others are not
    mailed about it."""
    from domain.core.commands import Command
    from tests.emails.conftest import make_table

    table = make_table(mail_ctx, seed=4)  # the Veto is on top of stack 2
    ann, bruno, chiara = table.people

    def api(seat: int, kind: str, **params: Any) -> None:
        handle(table.game_id, seat, Command(kind, seat, params), store.Source("api"),
               ctx=mail_ctx)

    api(0, "play_power", card=7)
    api(1, "play_power", card=13)
    api(2, "play_power", card=3)
    api(1, "choose_card", stack=2)  # Bruno takes the Veto
    api(1, "place", places={})
    api(0, "take", count=3)
    api(0, "choose_card", stack=5)  # the King
    api(0, "place", places={"castillo": 2})
    api(0, "special", to="valencia")
    table.drain()
    api(1, "veto")
    sent = table.drain()
    [told] = [m for m in sent if ann.email in str(m["To"])]
    assert str(told["Subject"]).endswith(": a move concerns you"), str(told["Subject"])
    assert "Bruno vetoes Ann's “The King”" in plain(told), plain(told)
    assert "What you must decide now:" not in plain(told)
    # Bruno vetoed; Chiara, whose turn it is, reads it in her turn mail.
    for other in (bruno, chiara):
        assert not [m for m in sent if other.email in str(m["To"])
                    and ("concerne" in str(m["Subject"]) or "riguarda" in str(m["Subject"]))]


def test_a_player_whose_decision_an_undo_withdrew_is_told(mail_ctx: Any) -> None:
    """Ann played her power card, Bruno was asked his; Ann took hers back: Bruno's question no
    longer stands, and a mail says so, in French, naming Ann."""
    from domain.core.commands import Command
    from service import undo
    from tests.emails.conftest import make_table

    table = make_table(mail_ctx)
    ann, bruno, chiara = table.people
    table.drain()
    handle(table.game_id, 0, Command("play_power", 0, {"card": 7}), store.Source("api"),
           ctx=mail_ctx)
    [turn] = [m for m in table.drain() if bruno.email in str(m["To"])]
    assert "à vous de jouer" in str(turn["Subject"])
    undo.undo_own(mail_ctx, table.game_id, 0)
    sent = table.drain()
    [told] = [m for m in sent if bruno.email in str(m["To"])]
    text = plain(told)
    assert "Ann a repris un coup : ce que vous deviez décider dans la partie" in \
        text.replace("\u00a0", " "), text
    assert "Ce que vous devez décider maintenant" not in text
    assert not [m for m in sent if chiara.email in str(m["To"])]  # nothing was asked of her
    assert not [m for m in sent if ann.email in str(m["To"]) and "concern" in str(m["Subject"])]
