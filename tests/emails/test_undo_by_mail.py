"""One reply is one move for undo (issue 24): "undo" after a reply that played several commands
takes them all back, and the one answer says which and asks what is to decide again — in the
player's language. SQLite and PostgreSQL (the mail fixtures)."""

from __future__ import annotations

import random
from typing import Any

from domain.core.commands import Command, decide_known
from domain.core.game import language_of
from emails.i18n import t
from service.commands import handle
from service.store import Source
from tests.emails.helpers import plain, reply

CHAINABLE = {"take", "choose_card", "act"}
UNDO = {"en": "sorry, undo please", "fr": "Pardon, annuler svp", "it": "annulla per favore"}
DONE = {"en": "Done: your last move is undone — ", "fr": "C'est fait : votre dernier coup est "
        "annulé — ", "it": "Fatto: la tua ultima mossa è annullata — "}
DECIDE = {"en": "What you must decide now:", "fr": "Ce que vous devez décider maintenant :",
          "it": "Cosa devi decidere ora:"}


def _chain(module: Any, state: Any, seat: int, rng: random.Random) -> list[Command]:
    out = []
    while True:
        decision = next((d for d in module.pending(state) if d.seat == seat), None)
        if decision is None or (out and decision.kind not in CHAINABLE) or len(out) == 3:
            return out
        command = module.sample_command(state, decision, rng)
        out.append(command)
        state = module.fold(module.decide(state, command), state)


def test_undo_after_a_reply_of_several_commands_takes_them_all_back(table: Any,
                                                                    smtp_server: Any) -> None:
    module = table.ctx.games["el-grande"]
    names = [p.name for p in table.people]
    rng = random.Random(11)
    for _ in range(200):  # others' moves through the API until a turn of several commands
        state = table.state()
        decision = next(d for d in module.pending(state) if d.seat is not None)
        chain = _chain(module, state, decision.seat, rng)
        if len(chain) >= 2:
            break
        handle(table.game_id, decision.seat, chain[0], Source("api"), ctx=table.ctx)
    else:
        raise AssertionError("no turn of several commands")
    person = table.people[decision.seat]
    lang = person.language
    text = ", ".join(language_of(module).format({"type": c.type, **dict(c.params)}, lang,
                                                decision=None, names=names) for c in chain)
    mails = [m for m in table.drain() if person.email in str(m["To"]) and m["Reply-To"]]
    reply(smtp_server, mails[-1], person, f"{text}\n\n{person.name}")
    [answer] = [m for m in table.drain() if person.email in str(m["To"])]
    assert table.state() != state, plain(answer)  # the whole turn was played
    reply(smtp_server, answer, person, UNDO[lang])
    [answer] = [m for m in table.drain() if person.email in str(m["To"])]
    body = plain(answer)
    assert table.state() == state  # the three (or two) commands taken back together
    said = body.split(DONE[lang], 1)[1].split("\n\n", 1)[0]
    assert said.count(";") == len(chain) - 1, body  # each command named, as the player wrote it
    assert DECIDE[lang] in body  # and what is to decide again, in the same answer


ASK = {"en": "ask to undo", "fr": "demander l'annulation", "it": "chiedi l'annullamento"}
ASKED = {"en": "Asked: the other players", "fr": "C'est demandé : les autres joueurs",
         "it": "Richiesta fatta: agli altri giocatori"}


def _reveals(module: Any, state: Any, command: Command) -> bool:
    for event in decide_known(module.decide, state, command):
        if module.reveals(event, state):
            return True
        state = module.evolve(state, event)
    return False


def test_an_undo_refused_for_a_reveal_says_the_words_that_ask_everyone(table: Any,
                                                                       smtp_server: Any) -> None:
    """"Undo" after a move that revealed hidden information was refused with "it can only be
    undone with everyone's consent", and nothing said how to ask for it (found by playing El
    Caballero by mail). The refusal now gives the words to write; written, they ask every other
    player by mail, and their "yes" takes the move back."""
    module = table.ctx.games["el-grande"]
    names = [p.name for p in table.people]
    rng = random.Random(5)
    for _ in range(300):  # moves through the API up to one that reveals, made by mail
        state = table.state()
        decision = next(d for d in module.pending(state) if d.seat is not None)
        command = module.sample_command(state, decision, rng)
        if _reveals(module, state, command):
            break
        handle(table.game_id, decision.seat, command, Source("api"), ctx=table.ctx)
    else:
        raise AssertionError("no move that reveals")
    person = table.people[decision.seat]
    lang = person.language
    line = language_of(module).format({"type": command.type, **dict(command.params)}, lang,
                                      decision=decision, names=names)
    mails = [m for m in table.drain() if person.email in str(m["To"]) and m["Reply-To"]]
    reply(smtp_server, mails[-1], person, f"{line}\n\n{person.name}")
    [answer] = [m for m in table.drain() if person.email in str(m["To"])]
    played = table.state()
    assert played != state, plain(answer)
    reply(smtp_server, answer, person, UNDO[lang])
    [refused] = [m for m in table.drain() if person.email in str(m["To"])]
    assert table.state() == played
    body = " ".join(plain(refused).split())
    assert " ".join(t("quoted", lang, text=ASK[lang]).split()) in body, body  # the words to write
    reply(smtp_server, refused, person, ASK[lang])
    sent = table.drain()
    [asked] = [m for m in sent if person.email in str(m["To"])]
    assert ASKED[lang] in " ".join(plain(asked).split()), plain(asked)
    others = [p for p in table.people if p is not person]
    for other in others:
        [request] = [m for m in sent if other.email in str(m["To"])]
        assert table.state() == played
        reply(smtp_server, request, other, "yes")
    table.drain()
    assert table.state() == state  # everyone agreed: the move is taken back
