"""A game's page (to play, or to watch) and the moves made from it: the decision forms, the text
box, accepting an invitation, undo.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import abort, current_app, flash, redirect, render_template, request, session, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

from domain.core import surface
from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.game import Message, language_of, texts_of
from domain.core.i18n import Name, joined_sentences
from service import audit, commands, db, lobby, players, progress, queries, tables, talk
from service.api.state import ctx
from service.errors import ServiceError
from service.store import Source
from service.web import create, forms, i18n
from service.web.boards import board_context
from service.web.chat import readable, talk_context, with_talk
from service.web.common import blp, joined, lang, me, names_of, require_player, said, tz_of
from service.web.record import LOG_LIMIT, LOG_TAIL, earlier, live, ranking_names, render_log, seating_of
from service.web.seating import seat_actions


def _mail_failing(head: queries.Header, language: str) -> list[dict[str, Any]]:
    """What the page says of the seats whose address bounces (emails/bounces.py): the table
    knows why a player stays silent, and the player how to mend it."""
    with db.read(ctx().engine) as conn:
        failing = conn.execute(select(tables.seats.c.seat, tables.players.c.name)
                               .join(tables.players,
                                     tables.players.c.id == tables.seats.c.player_id)
                               .where(tables.seats.c.game_id == head.id,
                                      tables.players.c.mail_failing_at.is_not(None))
                               .order_by(tables.seats.c.seat)).all()
    return [{"text": i18n.t("game.mail_failing_mine", language), "mine": True}
            if row.seat == head.seat else
            {"text": i18n.t("game.mail_failing", language, name=row.name), "mine": False}
            for row in failing]


def _undoable(entries: list[dict[str, Any]], seat: int | None) -> bool:
    """Whether the seat's own last move may be taken back: the last move in force (not the
    opening, not an undo) is the seat's own. The API has the last word (hidden information)."""
    in_force = live(entries)
    if seat is None or not in_force or in_force[-1].get("batch") == 1:
        return False
    who = in_force[-1].get("who") or {}
    return who.get("kind") == "player" and who.get("seat") == seat


def _game_context(game_id: str, *, spectate: bool = False) -> dict[str, Any]:
    viewer = None if spectate else me()
    head = queries.header(ctx(), game_id, viewer)
    version, view = queries.view(ctx(), head)
    language = lang()
    names = names_of(head)
    mine: list[dict[str, Any]] = []
    if not spectate:
        _v, mine = queries.decisions(ctx(), head)
    prepared = forms.prepare(mine)
    targets, map_mode = forms.map_targets(prepared)
    module = queries.module_of(ctx(), head)
    entries = audit.entries(ctx(), head, after=max(0, head.version - LOG_TAIL), lang=language)
    if head.version > LOG_TAIL and not live(entries):  # the tail is all undone: look further
        entries = audit.entries(ctx(), head, after=max(0, head.version - LOG_LIMIT),
                                lang=language)
    seating = seating_of(game_id, language)
    names = seating.now()
    texts = texts_of(module)
    said = readable(head, spectate)
    asked = [texts.decision(_decision(d), language, names) for d in mine]  # what she must decide
    given_notice = None
    if view and view.get("given_setup"):
        with db.read(ctx().engine) as conn:  # who set part of the hidden set-up: say so to all
            creator = players.get(conn, head.created_by)
        what = texts_of(module).render(Message(view["given_setup"]["key"],
                                               view["given_setup"]["params"]), language, names)
        given_notice = i18n.t("game.given_setup", language, what=what,
                              who=creator.name if creator is not None else "?")
    return {
        "game_title": surface.title(module, language),  # the page's title names the game
        "rules": queries.rules_version(ctx(), head),  # which rules it plays
        "given_notice": given_notice,
        "mail_failing": _mail_failing(head, language),
        **board_context(module, view, language, names, targets=targets,
                 title=i18n.t("game.board", language)),
        "seat_label": texts_of(module).seat(head.seat, language) if head.seat is not None
        else None,
        "text_help": _text_help(module, mine, view, language),
        "waiting": Name(joined([names[w] for w in head.waiting_on
                                 if w < len(names) and (spectate or w != head.seat)], language)),
        "status_wait": _status_wait(head, names, asked, spectate, language),
        "head": head, "version": version, "view": view, "names": names, "decisions": prepared,
        "asked": asked,
        # A log line says something: events without a sentence (a turn's inner steps) are left out.
        "map_mode": map_mode, "log": with_talk([e for e in reversed(render_log(
            module, entries, language, names, seating, game_id)) if e["sentences"]], said,
            names),
        **talk_context(head, said, names, spectate),
        "log_earlier": earlier(game_id, entries, spectate),
        "ranking_names": ranking_names(seating, language),
        **seat_actions(head, module, seating, spectate),
        "spectate": spectate or head.seat is None, "undo": not spectate
        and head.seat is not None and head.status == progress.ACTIVE
        and _undoable(entries, head.seat),
        "tz": tz_of(me()),
        # the text box (folded under the forms) open when the player just used it
        "typed": not spectate and session.pop("typed", None) == game_id,
        # The game's words for its decision forms: its messages, and the labels of values.
        "prompt": lambda m: surface.prompt(module, Message(m["key"], m["params"]), language, names),
        "label": lambda of, value: surface.label(module, of, value, language, names, view),
        "to_accept": [s["name"] for s in head.seats if not s["accepted"]],
        "invitation": _invitation(head) if head.status == progress.INVITED else [],
        "can_accept": not spectate and head.status == progress.INVITED and head.seat is not None
        and not head.seats[head.seat]["accepted"],
        # the seats bots play, each with what its level is ("looks ahead, about 2 seconds a move")
        "bots": [{"name": x["name"], "level": x["bot"], "handed": x.get("handed"),
                  "about": surface.bot_about(module, x["bot"], language, ctx().settings.bot_budget)}
                 for x in head.seats if x.get("bot")],
    }


def _status_wait(head: queries.Header, names: list[str], asked: list[str], spectate: bool,
                 language: str) -> str:
    """Who the game waits for, as the viewer reads it: the player to move is told what she must
    do (never that the game waits for her), and who else it waits for."""
    if head.status != progress.ACTIVE or not head.waiting_on:
        return ""
    mine = not spectate and head.seat in head.waiting_on and asked
    others = Name(joined([names[w] for w in head.waiting_on  # « En attente d'Ann »
                           if w < len(names) and (spectate or w != head.seat or not mine)],
                          language))
    if not mine:
        return i18n.t("game.waiting_for", language, who=others) if others else ""
    line = " ".join(i18n.t("game.you_must", language, what=a) for a in asked)
    return f"{line} {i18n.t('game.also_waiting', language, who=others)}" if others else line


def _invitation(head: queries.Header) -> list[str]:
    return create.invitation(head)


def _text_help(module: Any, decisions: list[dict[str, Any]], view: dict[str, Any] | None,
               language: str) -> list[str]:
    """What the text box takes now, in the game's language (the lines a mail lists)."""
    language_ = language_of(module)
    lines: list[str] = []
    for d in decisions:
        lines += language_.help_lines(_decision(d), view, language)
    return lines


def _decision(d: dict[str, Any]) -> Decision:
    """A decision as `pending` gave it, back from its JSON form."""
    return Decision(seat=d["seat"], kind=d["kind"], secret=d["secret"], options=d["options"],
                    constraint=d["constraint"], info=d["info"])


@blp.get("/games/<game_id>")
def game(game_id: str) -> str:
    return render_template("web/game.html", **_game_context(game_id))


@blp.get("/games/<game_id>/watch")
def watch(game_id: str) -> str:
    return render_template("web/game.html", **_game_context(game_id, spectate=True))


@blp.post("/games/<game_id>/accept")
def accept(game_id: str) -> BaseResponse:
    """The invitation mail's link leads here: accepting the seat (the last acceptance starts
    the game, service/lobby.py)."""
    player = require_player()
    head = queries.header(ctx(), game_id, player)
    if head.seat is None:
        abort(403)
    started = lobby.accept(ctx(), game_id, player)
    flash(i18n.t("game.started_now" if started else "game.accepted", lang()), "ok")
    return redirect(url_for("web.game", game_id=game_id))


@blp.post("/games/<game_id>/play")
def play(game_id: str) -> BaseResponse:
    player = require_player()
    head = queries.header(ctx(), game_id, player)
    back = redirect(url_for("web.game", game_id=game_id) + "#decide")
    if head.seat is None:
        abort(403)
    kind = request.form.get("type", "")
    try:
        _v, mine = queries.decisions(ctx(), head)
        answer = forms.answer_for(mine, kind, request.form.get("answer"))
        params = forms.params_from_form(answer, request.form)
        command = Command.from_json({"type": kind, **params}, seat=head.seat)
        version = request.form.get("version", "")
        expected = int(version) if version.isdigit() and not request.form.get("secret") else None
        outcome = commands.handle(game_id, head.seat, command, Source("web"), ctx=ctx(),
                                  expected_version=expected, actor=f"player:{player.id}")
    except (ServiceError, RuleError) as error:
        flash(i18n.t("decide.failed", lang(), detail=said(error, head)), "error")
    except forms.FormError as error:
        flash(i18n.t("decide.failed", lang(), detail=error.render(lang())), "error")
    except ValueError:  # a value no reader expected: nothing was played, said in words
        flash(i18n.t("decide.failed", lang(), detail=i18n.t("form.unreadable", lang())), "error")
    else:
        what = _played(head, outcome, command)
        flash(i18n.t("decide.played", lang(), what=what) if what else i18n.t("decide.done", lang()),
              "ok")
    return back


PLAYED_SENTENCES = 4
"""At most this many sentences of a move's log say what it did (the rest: "…")."""


def _played(head: queries.Header, outcome: commands.Outcome, command: Command) -> str:
    """What the move did, as the log tells this player (redacted for their seat): its first
    sentences, else the command as the game writes it."""
    language = lang()
    module = queries.module_of(ctx(), head)
    entries = queries.log(ctx(), head, after=outcome.first - 1, upto=outcome.version)
    sentences = [s for e in render_log(module, entries, language, names_of(head))
                 for s in e["sentences"] if s]
    if sentences:
        text = joined_sentences(sentences[:PLAYED_SENTENCES])
        return text if len(sentences) <= PLAYED_SENTENCES else joined_sentences([text, "…"])
    return _shown(module, command.to_json(), language)


@blp.post("/games/<game_id>/text")
def play_typed(game_id: str) -> BaseResponse:
    """The text box: the game's command language (emails/play.py, as in a mail reply) read and
    played for the player's seat."""
    from emails import i18n as mail_texts  # the quoting texts a mail's answer uses too
    from emails.play import CommandRefused, ParseError, PartlyPlayed, play_text

    player = require_player()
    head = queries.header(ctx(), game_id, player)
    if head.seat is None:
        abort(403)
    language = lang()
    back = redirect(url_for("web.game", game_id=game_id) + "#decide")
    session["typed"] = game_id  # the page shows the text box open again, with what it said
    text = request.form.get("text", "")[:TEXT_LIMIT].strip()
    if not text:
        flash(i18n.t("text.empty", language), "error")
        return back
    # Words marked for the table ("say …" / « dire … »), as in a mail reply: said first, never
    # read as moves, and what became of each is told (emails/talk.py's markers, one for all).
    from emails.talk import marked

    for_table, text = marked(text)
    for one in for_table:
        try:
            sent = talk.say(ctx(), game_id, head.seat, one.text, one.to, source=Source("web"))
        except ServiceError as error:
            flash(said(error, head), "error")
        else:
            names = names_of(head)
            flash(i18n.t("talk.sent_one", language, name=names[sent.to], text=one.text[:200])
                  if sent.to is not None else
                  i18n.t("talk.sent_all", language, text=one.text[:200]), "ok")
    if not text.strip():
        return back
    module = queries.module_of(ctx(), head)
    read = _decision_now(module, head)  # what the player read: the echo says it the same

    def shown(command: dict[str, Any]) -> str:
        return _shown(module, command, language, read)

    def quoted(line: str) -> str:  # in the reader's quotation marks
        return mail_texts.t("quoted", language, text=line)

    try:
        # One submission is one move for undo: its commands share this reference
        # (service/undo.py), as a mail reply's share its Message-ID.
        submission = Source("web", ref=f"text-box {secrets.token_hex(8)}")
        played = play_text(ctx(), game_id, head.seat, text, submission, lang=language,
                           actor=f"player:{player.id}")
    except ParseError as error:
        _refused(str(error), error.allowed or _allowed_now(game_id, head.seat, language),
                 language)
    except CommandRefused as error:
        why = mail_texts.t("refused.command", language, command=shown(error.command),
                           refusal=said(error.error, head))
        _refused(why, _allowed_now(game_id, head.seat, language), language)
    except PartlyPlayed as error:
        flash(i18n.t("text.partly", language, count=len(error.done),
                     moves="; ".join(shown(c) for c in error.done)), "error")
        why = mail_texts.t("refused.command", language, command=shown(error.command),
                           refusal=said(error.error, head))
        _refused(why, _allowed_now(game_id, head.seat, language), language)
    except ServiceError as error:
        _refused(said(error, head), [], language)
    else:
        answered = played.answered if len(played.answered) == len(played.commands) \
            else [read] * len(played.commands)  # each move as the decision it answered shows it
        moves = "; ".join(_shown(module, c, language, d)
                          for c, d in zip(played.commands, answered, strict=True))
        flash(i18n.t("text.played", language, moves=moves), "ok")
        if played.rest:  # the turn passed to someone else: the rest waits (emails/play.py)
            flash(i18n.t("text.waiting", language,
                         lines=" / ".join(quoted(x) for x in played.rest[:5])), "error")
        if played.ignored:
            flash(i18n.t("text.ignored", language,
                         lines=" / ".join(quoted(x) for x in played.ignored[:5])), "info")
    return back


TEXT_LIMIT = 2000


def _refused(why: str, allowed: list[str], language: str) -> None:
    flash(i18n.t("text.refused", language, why=why), "error")
    if allowed:
        flash(i18n.t("text.allowed", language, lines=" / ".join(allowed)), "info")


def _shown(module: Any, command: dict[str, Any], language: str, decision: Any = None) -> str:
    """A command as the game's language writes it (its JSON when it cannot), with the decision it
    answered when known (a piece by the number the player read, emails/play.py)."""
    from emails.play import shown

    return shown(module, command, language, decision)


def _decision_now(module: Any, head: queries.Header) -> Any:
    """The seat's pending decision before a typed move is played, or None: from the header just
    read (its status and version: the cached state at that version, no second look-up of the
    game's row); a game not in play has none (play_text then says why)."""
    from service import states

    if head.status != progress.ACTIVE or head.seat is None:
        return None
    _v, state, _ = states.load(ctx().engine, ctx().states, head.id, module,
                               snapshot_every=ctx().snapshot_every, current=head.version)
    return next((d for d in module.pending(state) if d.seat == head.seat), None)


def _allowed_now(game_id: str, seat: int, language: str) -> list[str]:
    """The commands that answer the seat's pending decision now (as a mail reply lists them)."""
    from service import states
    from service.commands import active_game

    try:
        module, _players = active_game(ctx(), game_id)
        _v, state, _ = states.load(ctx().engine, ctx().states, game_id, module)
        decision = next((d for d in module.pending(state) if d.seat == seat), None)
        return language_of(module).help_lines(decision, module.view(state, seat), language)
    except Exception:  # a hint only: the refusal itself was already said
        return []


@blp.post("/games/<game_id>/undo")
def undo(game_id: str) -> BaseResponse:
    """Forwards to the audit API's undo as this player (one rule for both channels)."""
    player = require_player()
    queries.header(ctx(), game_id, player)
    language = lang()  # before the inner request, which shares this app context's `g`
    from werkzeug.test import EnvironBuilder, run_wsgi_app

    body = {"count": 1}  # the audit API's undo of the caller's own last move
    environ = EnvironBuilder(path=f"/api/games/{game_id}/undo", method="POST", json=body,
                             headers=[("Authorization", f"Bearer {session['token']}")],
                             base_url=request.host_url).get_environ()
    _iter, status, _headers = run_wsgi_app(current_app.wsgi_app, environ, buffered=True)
    code = int(status.split()[0])
    if code < 300:
        flash(i18n.t("undo.done", language), "ok")
    else:
        detail = b"".join(_iter).decode("utf-8", "replace")
        try:
            import json

            detail = json.loads(detail).get("detail", detail)
        except ValueError:
            pass
        flash(i18n.t("undo.failed", language, detail=str(detail)[:300]), "error")
    return redirect(url_for("web.game", game_id=game_id))
