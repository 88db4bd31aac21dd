"""The "(automatic)" mark of the mails' "since your last move" lines says only that a move was
made for a player without them: their passed deadline's move, or the bot they handed their seat
to (README, *Mail*: "deadline moves are marked automatic"). Testers playing by mail under `pbem
serve`, whose workers reveal the secret choices, read "Ann had chosen Aragón. (automatic)" after
every reveal, and the mark on every line the rules worked out (a round's start, a scoring): as
if the system had chosen for Ann.

The reveals are settled as `pbem serve` settles them, by the workers' job in the thread that
committed the last choice (source `worker`)."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from service import clock, players, seats
from service.commands import handle
from service.store import Source
from tests.emails.conftest import Table
from tests.emails.helpers import plain
from tests.games.walk import reply_a_move, state_of
from tests.service.seating import started_game
from workers import jobs

PEOPLE = [("ann@example.com", "Ann", "en"), ("bruno@example.fr", "Bruno", "fr"),
          ("chiara@example.it", "Chiara", "it")]
MARK = {"en": "(automatic)", "fr": "(automatique)", "it": "(automatica)"}
PLAYS = ("plays power card", "joue la carte pouvoir", "gioca la carta potere")
REVEALED = {"en": "had chosen", "fr": "avait choisi", "it": "aveva scelto"}


def _as_pbem_serve_settles(ctx: Any) -> None:
    """The embedded runner's dispatch: the system's decision by the workers' job, at once."""
    ctx.publish = lambda c, game_id: jobs.settle_game(c, game_id, bots=False)


def _marked(mails: list[Any]) -> list[str]:
    return [line.strip() for m in mails for line in plain(m).splitlines()
            if any(mark in line for mark in MARK.values())]


def _read(table: Table, person: Any, words: dict[str, str]) -> bool:
    return any(person.email in str(m["To"]) and words[person.language] in plain(m)
               for m in table.sent)


def _king_and_intrigue_set_up_by_mail(ctx: Any, smtp_server: Any) -> tuple[Table, Any, list[Any]]:
    """Every player keeps 13 cards, then sets the set-up disc, by mail; the two reveals follow."""
    people = [players.add(ctx, a, name=n, language=lang)[0] for a, n, lang in PEOPLE]
    game_id = started_game(ctx, people[0], game="king-and-intrigue",
                           emails=[p.email for p in people], options={}, setup=None)
    table = Table(ctx, game_id, people)
    module = ctx.games["king-and-intrigue"]
    table.drain()
    rng = random.Random(3)
    while state_of(ctx, game_id, module).phase == "setup":
        reply_a_move(ctx, table, smtp_server, module, game_id, people, rng)
    return table, module, people


def test_a_reveal_and_what_the_rules_work_out_are_not_marked(mail_ctx: Any,
                                                             smtp_server: Any) -> None:
    _as_pbem_serve_settles(mail_ctx)
    try:
        table, module, people = _king_and_intrigue_set_up_by_mail(mail_ctx, smtp_server)
        # On by mail until every player has read the set-up disc's reveal: the choices each
        # made, the Caballeros they sent, the first round's start.
        rng = random.Random(4)
        while not all(_read(table, p, REVEALED) for p in people):
            reply_a_move(mail_ctx, table, smtp_server, module, table.game_id, people, rng)
    finally:
        mail_ctx.publish = None
    # None of it is a move made for anyone.
    assert _marked(table.sent) == []


def test_a_move_made_at_a_passed_deadline_is_marked_and_only_that_move(
        mail_ctx: Any, smtp_server: Any) -> None:
    _as_pbem_serve_settles(mail_ctx)
    try:
        table, module, people = _king_and_intrigue_set_up_by_mail(mail_ctx, smtp_server)
        late = state_of(mail_ctx, table.game_id, module)
        [first] = [d for d in module.pending(late) if d.seat is not None]
        assert jobs.enforce_deadlines(mail_ctx, clock.now() + timedelta(days=30)) == 1
    finally:
        mail_ctx.publish = None
    sent = table.drain()
    absent = people[first.seat]
    # The next player's turn mail says what was played for the absent player, marked.
    marked = _marked(sent)
    assert marked, [plain(m)[:600] for m in sent]
    assert all(absent.name in line for line in marked), marked
    assert len(marked) == len({m["To"] for m in sent if _marked([m])}), marked  # one line each


def test_a_bot_playing_a_handed_seat_is_marked_and_a_bot_seat_is_not(
        mail_ctx: Any, smtp_server: Any) -> None:
    """Chiara hands her seat to a bot: its moves were made for her without her. A seat the game
    was created with for a bot is that bot's own: its moves are nobody's made for them."""
    people = [players.add(mail_ctx, a, name=n, language=lang)[0] for a, n, lang in PEOPLE]
    game_id = started_game(mail_ctx, people[0], game="el-grande",
                           emails=[people[0].email, people[1].email, {"bot": "random"},
                                   people[2].email], options={}, setup=None)
    table = Table(mail_ctx, game_id, [people[0], people[1], people[2]])
    module = mail_ctx.games["el-grande"]
    table.drain()
    seats.to_bot(mail_ctx, game_id, people[2], "random")
    rng = random.Random(5)

    def said(who: str) -> list[str]:  # the seat's power cards, as the others read them
        return [line for m in table.sent for line in plain(m).splitlines()
                if line.startswith(f"  - {who} ") and any(w in line for w in PLAYS)]

    for _ in range(200):  # the people by the API, the bots by the workers' jobs
        while jobs.settle_game(mail_ctx, game_id):
            pass
        if said("Chiara") and said("Bot 3"):
            break
        state = state_of(mail_ctx, game_id, module)
        decision = next(d for d in module.pending(state) if d.seat is not None)
        handle(game_id, decision.seat, module.sample_command(state, decision, rng),
               Source("api"), ctx=mail_ctx)
        table.drain()  # each mail as the sender sends it, when it is queued
    assert said("Chiara") and said("Bot 3")
    assert all(any(mark in line for mark in MARK.values()) for line in said("Chiara")), \
        said("Chiara")
    assert not any(mark in line for line in said("Bot 3") for mark in MARK.values()), \
        said("Bot 3")
