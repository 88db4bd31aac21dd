"""Every player hears of a scoring, and the player whose reply caused it too (testers, playing
whole games by mail from the local outbox):

- the player whose own reply ended El Caballero's round 4 (or 7) got the answer "reply accepted
  (round 5)" alone: no scoring's results, while the others got them in a "new scores" mail. The
  answer now holds what the reply's moves led to and the scoring's results, the same lines;
- at El Grande's and King & Intrigue's general scoring, the results come with the reveal of the
  last Castillo disc, a move of nobody's: the players who had set their disc before heard of it
  only from their next turn mail, days later. Each now gets one mail at that moment (the "new
  scores" mail, or the turn mail that goes anyway), and the player whose reply set the last disc
  reads it in the answer to that reply, not in a second mail besides it;
- the reply that ends the game holds the final scoring and the final table.

The moves before the one that matters are made by the API; that one is a reply by mail to the
player's last mail. The reveals are settled as `pbem serve` settles them (the workers' job, in the
thread that committed the last disc)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from sqlalchemy import update

from domain.core.commands import Command, decide_known
from domain.core.game import language_of
from service import commands, db, players, states, store
from service.commands import handle
from service.tables import outbox
from tests.emails.conftest import Table
from tests.emails.helpers import plain, reply
from tests.service.seating import started_game
from workers import jobs

PEOPLE = [("ann@example.com", "Ann", "en"), ("bruno@example.fr", "Bruno", "fr"),
          ("chiara@example.it", "Chiara", "it")]
RESULTS = {"en": "Scoring results:", "fr": "Résultats du décompte :",
           "it": "Risultati della valutazione:"}
FOLLOWED = {"en": "Your move and what followed:", "fr": "Votre coup et ce qui a suivi :",
            "it": "La tua mossa e ciò che ne è seguito:"}
NEW_SCORES = ("new scores", "nouveaux scores", "nuovi punteggi")
BOARD = {"en": "board", "fr": "plateau", "it": "tabellone"}
OVER = {"en": "The final table:", "fr": "Le classement final :", "it": "La classifica finale:"}


def _table(ctx: Any, game: str, options: dict[str, Any]) -> Table:
    people = [players.add(ctx, a, name=n, language=lang)[0] for a, n, lang in PEOPLE]
    game_id = started_game(ctx, people[0], game=game, emails=[p.email for p in people],
                           options=options, setup=None)
    ctx.publish = lambda c, g: jobs.settle_game(c, g, bots=False)  # as pbem serve settles
    table = Table(ctx, game_id, people)
    table.drain()
    return table


def _state(table: Table, module: Any) -> Any:
    return states.load(table.ctx.engine, table.ctx.states, table.game_id, module)[1]


def _until(table: Table, module: Any, rng: random.Random,
           wanted: Callable[[Any, Any, Any, list[Any]], bool]) -> tuple[Any, Any]:
    """Random legal moves by the API (each mail sent as it is queued) up to the first one that
    `wanted(state, decision, command, events)` picks, which is not made: (decision, command)."""
    for _ in range(3000):
        state = _state(table, module)
        assert not module.is_over(state)
        decision = rng.choice([d for d in module.pending(state) if d.seat is not None])
        command = module.sample_command(state, decision, rng)
        if wanted(state, decision, command, decide_known(module.decide, state, command)):
            return decision, command
        handle(table.game_id, decision.seat, command, store.Source("api"), ctx=table.ctx)
        _skip(table)
    raise AssertionError("never came")


def _skip(table: Table) -> None:
    """The mails of the moves that do not matter here count as sent, unread (drawing each one's
    board took most of the test's time)."""
    with db.write(table.ctx.engine) as conn:
        conn.execute(update(outbox).where(outbox.c.sent_at.is_(None)).values(
            sent_at=store.now(), attempts=1))


def _by_mail(table: Table, smtp_server: Any, module: Any, decision: Any,
             command: Any) -> list[Any]:
    """The move, written as the player would, in reply to the board they asked for by replying
    to the last mail they read."""
    person = table.people[decision.seat]
    latest = [m for m in table.sent if person.email in str(m["To"]) and m["Reply-To"]][-1]
    reply(smtp_server, latest, person, BOARD[_lang(person)])
    [latest] = _to(table.drain(), person)
    line = language_of(module).format(command.to_json(), person.language, decision=decision,
                                      names=[p.name for p in table.people])
    before = states.load(table.ctx.engine, table.ctx.states, table.game_id, module)[0]
    reply(smtp_server, latest, person, f"{line}\n\n{person.name}")
    assert states.load(table.ctx.engine, table.ctx.states, table.game_id, module)[0] > before, \
        [(str(m["Subject"]), plain(m)[:1500]) for m in table.drain()] + [str(latest["Subject"])]
    return table.drain()


def _to(mails: list[Any], person: Any) -> list[Any]:
    return [m for m in mails if person.email in str(m["To"])]


def _block(mail: Any, heading: str) -> list[str]:
    """The lines listed under `heading` in a mail."""
    text = plain(mail)
    if heading not in text:
        return []
    out = []
    for line in text.split(heading, 1)[1].splitlines()[1:]:
        if not line.startswith("  - "):
            break
        out.append(line[4:])
    return out


def _once(mail: Any, lines: list[str]) -> None:
    """Each of a scoring's lines is listed in the mail once, text and HTML alike: under its
    heading, not in the log above it too (every scoring was printed twice, found by playing El
    Caballero and King & Intrigue by mail)."""
    listed = [line[4:] for line in plain(mail).splitlines() if line.startswith("  - ")]
    items = [unescape(item) for item in re.findall(
        r"<li>(.*?)</li>", mail.get_body(("html",)).get_content(), re.S)]
    for line in lines:
        assert listed.count(line) == 1, (line, listed)
        assert items.count(line) == 1, (line, items)


def _points(lines: list[str]) -> list[str]:
    """What a scoring's lines say in any language: its numbers, in order."""
    return re.findall(r"[+]?\d+", " ".join(lines))


def _lang(person: Any) -> str:
    return str(person.language)


@pytest.fixture
def no_publisher(mail_ctx: Any) -> Any:
    yield mail_ctx
    mail_ctx.publish = None


def test_el_caballero_the_reply_that_ends_round_4_and_the_game_holds_each_scoring(
        no_publisher: Any, smtp_server: Any) -> None:
    table = _table(no_publisher, "el-caballero", {})
    module, rng = no_publisher.games["el-caballero"], random.Random("caballero")
    decision, command = _until(table, module, rng,
                               lambda s, d, c, events: any(e.type == "scored" for e in events))
    sent = _by_mail(table, smtp_server, module, decision, command)
    mover = table.people[decision.seat]
    [answer] = _to(sent, mover)  # one mail: the answer, which holds the scoring
    assert str(answer["Subject"]).startswith("Re:")
    scored = _block(answer, RESULTS[_lang(mover)])
    assert scored, plain(answer)
    followed = _block(answer, FOLLOWED[_lang(mover)])
    assert followed and not set(scored) & set(followed), followed  # what the reply did, apart
    _once(answer, scored)
    for other in (p for p in table.people if p is not mover):
        [told] = _to(sent, other)  # "new scores", or the turn mail that goes now
        assert _points(_block(told, RESULTS[_lang(other)])) == _points(scored)
        _once(told, _block(told, RESULTS[_lang(other)]))
    # On to the end: the reply that ends the game holds the final scoring and the final table.
    decision, command = _until(table, module, rng,
                               lambda s, d, c, events: any(e.type == "game_ended"
                                                           for e in events))
    sent = _by_mail(table, smtp_server, module, decision, command)
    mover = table.people[decision.seat]
    [answer] = _to(sent, mover)
    assert str(answer["Subject"]).startswith("Re:")
    final = _block(answer, RESULTS[_lang(mover)])
    assert final and OVER[_lang(mover)] in plain(answer), plain(answer)
    for other in (p for p in table.people if p is not mover):
        [over] = _to(sent, other)
        assert _points(_block(over, RESULTS[_lang(other)])) == _points(final)


def _then(module: Any, state: Any, events: list[Any]) -> Any:
    """The state once `events` and the system's decisions after them (a reveal) are played."""
    after = module.fold(events, state)
    while (system := commands.system_decision(module, after)) is not None:
        after = module.fold(module.decide(after, Command(system.kind, None)), after)
    return after


def _last_disc(module: Any) -> Callable[[Any, Any, Any, list[Any]], bool]:
    """The last Castillo disc of a general scoring: its reveal scores."""
    def wanted(state: Any, decision: Any, command: Any, events: list[Any]) -> bool:
        return (decision.kind == "secret" and state.phase == "scoring"
                and _then(module, state, events).scorings_done > state.scorings_done)

    return wanted


@pytest.mark.parametrize("game,options", [
    ("el-grande", {}),
    ("king-and-intrigue", {"players_edition": True, "special_cards": True}),
])
def test_a_general_scoring_is_heard_of_by_every_player_once(
        no_publisher: Any, smtp_server: Any, game: str, options: dict[str, Any]) -> None:
    table = _table(no_publisher, game, options)
    module, rng = no_publisher.games[game], random.Random(game)
    for _scoring in (1, 2):
        decision, command = _until(table, module, rng, _last_disc(module))
        before = _state(table, module).scorings_done
        sent = _by_mail(table, smtp_server, module, decision, command)
        assert _state(table, module).scorings_done == before + 1  # the reveal scored
        mover = table.people[decision.seat]
        [answer] = _to(sent, mover)  # the answer alone: no "new scores" mail besides it
        assert str(answer["Subject"]).startswith("Re:"), str(answer["Subject"])
        scored = _block(answer, RESULTS[_lang(mover)])
        assert scored, plain(answer)
        _once(answer, scored)
        for other in (p for p in table.people if p is not mover):
            [told] = _to(sent, other)  # the ones who set their disc before hear of it now
            assert _points(_block(told, RESULTS[_lang(other)])) == _points(scored), plain(told)
            _once(told, _block(told, RESULTS[_lang(other)]))
            assert str(told["Subject"]).endswith(NEW_SCORES) or "Re:" not in str(told["Subject"])


def test_el_grande_the_reply_that_sets_the_last_disc_of_the_game_holds_the_final_scoring(
        no_publisher: Any, smtp_server: Any) -> None:
    table = _table(no_publisher, "el-grande", {"short_game": True})
    module, rng = no_publisher.games["el-grande"], random.Random("final")
    last_disc = _last_disc(module)

    def ends_the_game(state: Any, decision: Any, command: Any, events: list[Any]) -> bool:
        return last_disc(state, decision, command, events) \
            and bool(module.is_over(_then(module, state, events)))

    decision, command = _until(table, module, rng, ends_the_game)
    sent = _by_mail(table, smtp_server, module, decision, command)
    assert module.is_over(_state(table, module))
    mover = table.people[decision.seat]
    [answer] = _to(sent, mover)
    assert str(answer["Subject"]).endswith(("the game is over", "la partie est terminée",
                                            "la partita è finita")), str(answer["Subject"])
    final = _block(answer, RESULTS[_lang(mover)])
    assert final and OVER[_lang(mover)] in plain(answer), plain(answer)
    for other in (p for p in table.people if p is not mover):
        [over] = _to(sent, other)
        assert _points(_block(over, RESULTS[_lang(other)])) == _points(final)
