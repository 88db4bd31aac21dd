"""Feeding the corpus through the service's own reading of replies, and judging what came out.

The reading is the mail intake's, step by step, with the service's own functions and nothing
applied: the reply's text as `emails.inbound` takes it from a mail (`body_text` for a whole .eml,
then `reply_text`, which cuts the quote, the "On … wrote:" line and the signature), the
requests a line makes (`emails.requests.split`, with `requests.answer`'s rule that "yes"/"no"
mean something only for a yes-or-no question), and the game's reading of the rest
(`emails.play.read_text`: what `play_text` decides and submits, for a mail and for the web page's
text box alike, on the game as the database holds it). The games are real: created through the
lobby with the position's seed and played up to the position through `service.commands.handle`.

`read(...)` is the one place to change when the reader changes what it returns (e.g. once it
asks back): it turns the reader's answer into an `Outcome`, which `judge` compares with what the
entry expects.
"""

from __future__ import annotations

import email
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from sqlalchemy import update

from domain.core.errors import RuleError
from domain.core.reader import Ambiguous
from domain.games import GAMES
from emails import requests
from emails.inbound import UnknownCharset, body_text, reply_text
from emails.play import CommandRefused, ParseError, read_text
from service import context, db, lobby, migrations, players
from service.commands import handle
from service.context import Context
from service.db import dispose, make_engine
from service.errors import ServiceError
from service.settings import Settings
from service.store import Source
from service.tables import games as games_t
from tests.corpus.replies import corpus

NAMES = ("Ann", "Bruno", "Chiara", "Dora", "Elio")
CHANGES = frozenset({"undo", "stop", "restart", "accept", "decline", "approve", "refuse"})
"""Requests that change something: one made where the player meant something else is a misreading."""


@dataclass
class Outcome:
    """What the service made of a reply: `play` (commands), `ask` (readings offered), `refuse`
    (not understood, or refused: `detail` says which), `request` (`requests` it makes)."""

    kind: str
    commands: list[dict[str, Any]] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    readings: list[list[dict[str, Any]]] = field(default_factory=list)
    detail: str = ""


@dataclass
class Verdict:
    status: str  # right | asked | refused | misread
    why: str = ""


@contextmanager
def service(folder: Path) -> Iterator[dict[str, str]]:
    """A service on SQLite in `folder` with one game per position the corpus uses: yields
    {position name: game id}. (SQLite alone: nothing here depends on the database, the games are
    only read.)"""
    url = f"sqlite:///{folder / 'corpus.sqlite3'}"
    engine = make_engine(url)
    migrations.upgrade(engine)
    settings = Settings(database_url=url, secret_key="corpus", instance=folder,
                        invite_limits="off")  # some thirty games invite the same five people
    ctx = Context(engine=engine, settings=settings, games=dict(GAMES))
    previous = context._current
    context.configure(ctx)
    try:
        people = [players.add(ctx, f"{name.lower()}@corpus.test", name=name)[0]
                  for name in NAMES]
        ids = {}
        used = {e["at"] for e in corpus.entries()}
        for name, spec in corpus.positions().items():
            if name in used:
                ids[name] = _game(ctx, spec, people)
        yield ids
    finally:
        context._current = previous
        dispose(engine)


def _game(ctx: Context, spec: Mapping[str, Any], people: list[Any]) -> str:
    count = int(spec["players"])
    seated = people[:count]
    created = lobby.create(ctx, seated[0], game=spec["game"], emails=[p.email for p in seated],
                           options=dict(spec.get("options") or {}))
    with db.write(ctx.engine) as conn:  # the position's seed, before the opening is made
        conn.execute(update(games_t).where(games_t.c.id == created.game_id)
                     .values(seed=str(spec["seed"])))
    if spec.get("invitation"):
        return created.game_id
    for person in seated[1:]:
        lobby.accept(ctx, created.game_id, person)
    for command in corpus.position_of({"at": _name_of(spec)}).commands:
        if command.seat is not None:  # the system's reveals are the service's own doing
            handle(created.game_id, command.seat, command, Source("api"), ctx=ctx)
    return created.game_id


def _name_of(spec: Mapping[str, Any]) -> str:
    return next(n for n, s in corpus.positions().items() if s is spec)


def text_of(entry: Mapping[str, Any]) -> str:
    """The reply's own text, as the mail intake cuts it from the mail."""
    if "raw" in entry:
        message = email.message_from_bytes(entry["raw"], policy=policy.default)
        assert isinstance(message, EmailMessage)
        return reply_text(body_text(message))
    return reply_text(str(entry["text"]))


def read(ctx: Context, game_id: str, entry: Mapping[str, Any]) -> Outcome:
    """What the service makes of the entry's reply (nothing applied)."""
    invited = bool(corpus.positions()[entry["at"]].get("invitation"))
    try:
        text = text_of(entry)
    except UnknownCharset as error:
        return Outcome("refuse", detail=f"unknown charset {error.charset}")
    lines = requests.split(text)
    kinds = [k for k, _ in lines if k is not None and (invited or k not in requests.YES_NO)]
    if invited:  # an invitation: yes, no, or how to answer it
        if not kinds and requests.yes_or_no(text):
            kinds = [str(requests.yes_or_no(text))]
        if kinds in (["yes"], ["no"]):
            return Outcome("request", requests=["accept" if kinds == ["yes"] else "decline"])
        # neither yes nor no: the service answers how to accept or decline (requests.answer's
        # "how"), a question back, nothing changed
        return Outcome("ask", detail="an invitation answered with neither yes nor no")
    rest = "\n".join(line for kind, line in lines if kind is None or kind not in kinds)
    seat, lang = int(entry["seat"]), str(entry["lang"])
    names = list(NAMES[: int(corpus.positions()[entry["at"]]["players"])])
    try:
        played = read_text(ctx, game_id, seat, rest, lang=lang, names=names)
    except Ambiguous as error:
        return Outcome("ask", requests=kinds, readings=error.readings, detail=str(error))
    except ParseError as error:
        if kinds and error.nothing:
            return Outcome("request", requests=list(dict.fromkeys(kinds)))
        return Outcome("refuse", requests=kinds, detail=str(error))
    except CommandRefused as error:
        return Outcome("refuse", requests=kinds, detail=error.error.message)
    except ServiceError as error:
        return Outcome("refuse", requests=kinds, detail=str(error))
    if not played.commands and kinds:
        return Outcome("request", requests=list(dict.fromkeys(kinds)))
    detail = f"lines left for later: {played.rest}" if played.rest else ""
    return Outcome("play", commands=list(played.commands), requests=kinds, detail=detail)


def judge(entry: Mapping[str, Any], outcome: Outcome) -> Verdict:
    """Right, asked back, refused, or MISREAD (something played or changed that the player did
    not mean)."""
    expect = entry["expect"]
    changed = [k for k in outcome.requests if _request(k) in CHANGES]
    if expect == "request":
        wanted = entry["request"]
        asked = [_request(k) for k in outcome.requests]
        if outcome.kind == "request" and asked == [wanted]:
            return Verdict("right")
        if outcome.kind == "play" or any(g in CHANGES and g != wanted for g in asked):
            return Verdict("misread", f"{wanted} expected; got {outcome}")
        return Verdict("asked" if outcome.kind == "ask" else "refused",
                       f"{wanted} expected; got {outcome.kind} {asked} {outcome.detail}")
    if changed:
        return Verdict("misread", f"a request {changed} read in a reply meaning a move")
    if outcome.kind == "play":
        if expect != "play":
            return Verdict("misread", f"{expect} expected; played {outcome.commands}")
        position = corpus.position_of(entry)
        try:
            got = corpus.play(position, entry["seat"], outcome.commands)
        except RuleError as error:  # read_text checks on a copy: this should not happen
            return Verdict("misread", f"played an illegal {outcome.commands}: {error.message}")
        wanted = corpus.play(position, entry["seat"], entry["commands"])
        if got == wanted:
            return Verdict("right")
        if _part_of(position, entry["seat"], outcome.commands, entry["commands"]):
            return Verdict("refused", f"only part read: {outcome.commands} of {entry['commands']}"
                                      + (f"; {outcome.detail}" if outcome.detail else ""))
        return Verdict("misread", f"played {outcome.commands}, not {entry['commands']}")
    if outcome.kind == "ask":
        if expect == "ask":
            return Verdict("right")
        return Verdict("asked", f"asked back: {outcome.readings}")
    if expect in ("refuse",):
        return Verdict("right")
    return Verdict("refused", f"{outcome.kind}: {outcome.detail}"[:300])


def _part_of(position: Any, seat: int, got: list[dict[str, Any]],
             wanted: list[dict[str, Any]]) -> bool:
    """Whether the commands played are some of those meant, in their order, each with the same
    effect, and the seat may still play the rest (its decision is still open): a reply read only
    in part, not misread. Playing some and closing the turn on the others is a misreading."""
    module, state = position.module, position.state
    rest = list(wanted)
    for command in got:
        mine = corpus.play_on(module, state, seat, command)
        while rest and corpus.try_play_on(module, state, seat, rest[0]) != mine:
            rest.pop(0)
        if not rest:
            return False
        rest.pop(0)
        state = module.fold(mine, state)
    return any(d.seat == seat for d in module.pending(state))


def _request(kind: str) -> str:
    return {"yes": "accept", "no": "decline"}.get(kind, kind)
