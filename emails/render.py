"""What a mail's templates are given: the game as this player may see it, in their language.

Everything about the game comes from the game module's surface for the player's seat — `view`,
`redact` + `describe`, `pending`, `default_command` — never from a raw state or a raw event, so a
mail cannot show what the seat may not see; and everything game-specific about how it reads comes
from the module's facets (domain/core/game.py): its `texts` (sentences, the decision's prompt, the
seat's colour), its `boards` (text board, tables, picture) and its `language` (the commands
allowed and an example). Nothing here knows a game: one that brings no facets gets generic ones.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select

from domain.core.game import Message, boards_of, language_of, texts_of
from emails import addresses
from emails.i18n import t as translate
from service import db, states, store
from service.tables import events, games, players, seats

log = logging.getLogger(__name__)

MAX_SINCE = 60


def board_png(module: Any, view: dict[str, Any], lang: str, names: Sequence[str]) -> bytes | None:
    """The game's board picture (its SVG, rasterised by service/web/board.py), or None when the
    game draws none or cairo is missing: the mail then has the text and HTML boards only."""
    try:
        svg = boards_of(module).svg(view, lang, list(names))
        if svg is None:
            return None
        from service.web.board import svg_to_png

        return svg_to_png(svg)
    except Exception as error:  # cairo missing, or the renderer failed: never lose the mail
        log.warning("board image not rendered: %s", error)
        return None


def _field(row: Any, name: str) -> Any:
    return row[name] if isinstance(row, Mapping) else getattr(row, name)


class GameInfo:
    """One game as one seat may see it."""

    def __init__(self, ctx: Any, game_id: str, player_id: int | None, seat: int | None = None):
        with db.read(ctx.engine) as conn:
            self.row = conn.execute(select(games).where(games.c.id == game_id)).first()
            seated = conn.execute(select(seats.c.seat, seats.c.player_id, players.c.name)
                                  .join(players, players.c.id == seats.c.player_id)
                                  .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
        self.ctx = ctx
        self.game_id = game_id
        self.names = [r.name for r in seated]
        self.player_ids = {r.seat: r.player_id for r in seated}
        if seat is None:
            seat = next((r.seat for r in seated if r.player_id == player_id), None)
        self.seat = seat
        self.module = ctx.games.get(self.row.game) if self.row is not None else None
        self.version, self.state = 0, None
        if self.module is not None and self.row.version > 0:
            self.version, self.state, _ = states.load(ctx.engine, ctx.states, game_id, self.module)

    @property
    def started(self) -> bool:
        return self.state is not None

    def view(self) -> dict[str, Any]:
        return self.module.view(self.state, self.seat)

    def decision(self) -> Any:
        if not self.started or self.seat is None or self.module.is_over(self.state):
            return None
        return next((d for d in self.module.pending(self.state) if d.seat == self.seat), None)

    def since_last_move(self, lang: str) -> tuple[list[str], list[str]]:
        """The log since this seat's last own move, described for the seat: (lines, scorings)."""
        if not self.started:
            return [], []
        player = self.player_ids.get(self.seat)
        with db.read(self.ctx.engine) as conn:
            last = conn.execute(select(events.c.seq).where(
                events.c.game_id == self.game_id, events.c.actor == f"player:{player}")
                .order_by(events.c.seq.desc()).limit(1)).scalar()
            rows = store.read(conn, self.game_id, self.module.upcasters, after=last or 0)
        texts = texts_of(self.module)
        lines, scoring = [], []
        for rec in rows[-200:]:
            seen = self.module.redact(rec.event, self.seat)
            auto = f" {translate('since.auto', lang)}" if rec.source == "worker" else ""
            for message in self.module.describe(seen, self.seat):
                try:
                    text = texts.render(message, lang, self.names)
                except Exception:  # a message the game's texts do not know: show the key
                    log.exception("could not render %r", message)
                    text = message.key
                lines.append(text + auto)
                if message.key in texts.scoring:
                    scoring.append(text)
        return lines[-MAX_SINCE:], scoring[-30:]


def describe_decision(module: Any, decision: Any, lang: str, names: Sequence[str] = ()) -> str:
    """What the seat must decide, in the game's words ("play a power card"; a Veto's question
    says what was announced, its players named)."""
    return texts_of(module).decision(decision, lang, names)


def decision_block(info: GameInfo, decision: Any, lang: str) -> dict[str, Any]:
    view = info.view()
    language = language_of(info.module)
    text = language.example(info.state, decision, lang, info.names)
    lines = language.help_lines(decision, view, lang)
    warning = decision.info.get("warning") if decision.info else None
    out = {"decision": describe_decision(info.module, decision, lang, info.names),
           "commands": lines,
           "example": text}
    if warning:
        with contextlib.suppress(Exception):  # an unknown warning is simply not shown
            out["commands"] = [*lines, texts_of(info.module).render(Message(warning["key"], {
                k: v for k, v in warning.items() if k != "key"}), lang, info.names)]
    return out


def context_for(ctx: Any, row: Any, player: Any, lang: str, *, sender: str,
                links: Mapping[str, str]) -> dict[str, Any]:
    kind = _field(row, "kind")
    payload = dict(_field(row, "payload") or {})
    game_id = _field(row, "game_id")
    base = ctx.settings.base_url.rstrip("/")
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    data: dict[str, Any] = {"kind": kind, "player_name": player.name, "paragraphs": [],
                            "since": [], "scoring": [], "table": [], "board": None,
                            "board_text": "", "decision": None, "web_link": None}
    if getattr(player, "id", None) is not None:
        data["unsubscribe"] = f"{base}/mail/unsubscribe/" + _ticket(ctx, player.id)
    info = None
    if game_id:
        info = GameInfo(ctx, game_id, getattr(player, "id", None), payload.get("seat"))
        data["web_link"] = f"{base}/games/{game_id}"
        if info.seat is not None and getattr(player, "id", None) is not None \
                and info.player_ids.get(info.seat) == player.id:
            with db.write(ctx.engine) as conn:
                token = addresses.token_for(conn, game_id, info.seat, player.id)
            data["reply_to"] = addresses.reply_address(sender, token)
    names = info.names if info else []
    fields = {"game": game_id or "", "inviter": payload.get("inviter", ""),
              "date": payload.get("date", ""), "status": payload.get("status", kind),
              "round": "", "subject": payload.get("subject", "")}
    decision = info.decision() if info and info.started else None
    if info and info.started:
        fields["round"] = info.view().get("round", "")
    subject_key = SUBJECTS.get(kind, "subject.other")
    if kind == "your-turn" and decision is not None and decision.secret:
        subject_key = "subject.your-secret"
    elif kind == "your-turn" and fields["round"] not in ("", None):
        subject_key = "subject.your-turn.round"
    if kind.startswith("undo-") and kind != "undo-request":
        subject_key = "subject.undo"
    if kind == "mail-reply":
        subject = payload.get("subject") or t("subject.other", game=game_id or "")
        data["subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    else:
        data["subject"] = t(subject_key, **fields)
    p = data["paragraphs"]
    due = payload.get("due_at")
    if kind == "invitation":
        p.append(t("invitation", inviter=fields["inviter"], game=game_id, link=data["web_link"]))
    elif kind == "game-started" and info:
        p.append(t("game-started", game=game_id))
        colour = texts_of(info.module).seat(info.seat, lang) if info.seat is not None else None
        if colour:
            p.append(t("game-started.seat", colour=colour))
    elif kind == "your-turn" and decision is not None:
        key = "your-secret" if decision.secret else "your-turn"
        p.append(t(key, game=game_id, what=describe_decision(info.module, decision, lang,
                                                              info.names)))
    elif kind in ("reminder", "final-warning"):
        p.append(t("reminder", game=game_id, due=due or "—"))
        if kind == "final-warning":
            p.append(t("final-warning", due=due or "—"))
    elif kind == "game-paused":
        p.append(t("game-paused", game=game_id, due=due or "—"))
    elif kind == "auto-move":
        move = payload.get("move", "")
        if isinstance(move, Mapping) and info is not None and info.module is not None:
            try:
                move = language_of(info.module).format(move, lang)
            except Exception:  # an unknown shape: show it as it is
                move = str(move)
        p.append(t("auto-move", move=move))
    elif kind == "game-over":
        p.append(t("game-over", game=game_id))
        data["table"] = [{"rank": r.get("rank"), "score": r.get("score"),
                          "name": names[r["seat"]] if r.get("seat") is not None
                          and r["seat"] < len(names) else f"seat {r.get('seat')}"}
                         for r in payload.get("ranking", [])]
    elif kind == "digest":
        p.append(t("digest"))
        p += [t("digest.line", game=g.get("game_id"), seat=g.get("seat"), due=g.get("due_at"))
              for g in payload.get("games", [])]
    elif kind == "magic-link":
        p.append(t("magic-link", link=links.get("login", "—")))
    elif kind == "undo-request":
        by = payload.get("by")
        p.append(t("undo-request", by=names[by] if isinstance(by, int) and by < len(names)
                   else by, back_to=payload.get("back_to"), reason=payload.get("reason", ""),
                   expires=payload.get("expires_at", "—"), link=data["web_link"]))
    elif kind.startswith("undo-"):
        p.append(t("undo", game=game_id, status=kind.removeprefix("undo-")))
    elif kind == "mail-reply":
        p += reply_paragraphs(payload, lang)
    # The game as this player sees it, and what they may do now.
    show_game = kind in ("your-turn", "reminder", "final-warning", "auto-move", "game-started",
                         "mail-reply", "game-over", "undo-applied")
    if info and info.started and info.seat is not None and show_game:
        view = info.view()
        if kind != "game-started" and not (kind == "mail-reply"
                                           and payload.get("status") == "accepted"):
            data["since"], data["scoring"] = info.since_last_move(lang)
        boards = boards_of(info.module)
        data["board"] = boards.summary(view, lang, names)
        data["board_text"] = boards.text(view, lang, names)
        if kind in ("your-turn", "final-warning", "game-over"):
            data["png"] = board_png(info.module, view, lang, names)
        if decision is not None and kind != "game-over":
            data.update(decision_block(info, decision, lang))
            data["due"] = due
        elif kind == "mail-reply" and not info.module.is_over(info.state):
            waiting = [names[s] for s in sorted({d.seat for d in info.module.pending(info.state)
                                                 if d.seat is not None})]
            if payload.get("status") != "accepted":
                p.append(t("refused.nothing", waiting=t("waiting_on", who=", ".join(waiting)))
                         if waiting else t("refused.nothing", waiting=t("nobody")))
    return data


SUBJECTS = {
    "invitation": "subject.invitation", "game-started": "subject.game-started",
    "your-turn": "subject.your-turn", "reminder": "subject.reminder",
    "final-warning": "subject.final-warning", "game-paused": "subject.game-paused",
    "auto-move": "subject.auto-move", "game-over": "subject.game-over", "digest": "subject.digest",
    "magic-link": "subject.magic-link", "undo-request": "subject.undo-request",
}


def reply_paragraphs(payload: Mapping[str, Any], lang: str) -> list[str]:
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    status = payload.get("status")
    out = []
    if status == "accepted":
        out.append(t("accepted", moves="; ".join(payload.get("moves", []))))
    elif status == "stale":
        out.append(t("refused.stale"))
    elif status == "auth":
        out.append(t("auth"))
    elif status == "duplicate":
        out.append(t("duplicate"))
    else:
        out.append(t("refused"))
    if payload.get("applied"):
        out.append(t("partly", count=payload["applied"]))
    if payload.get("why"):
        out.append(t("refused.why", why=payload["why"]))
    if payload.get("ignored"):
        out.append(t("accepted.ignored", lines=" / ".join(f"“{x}”" for x in payload["ignored"])))
    return out


def _ticket(ctx: Any, player_id: int) -> str:
    from emails.outbound import unsubscribe_ticket

    return unsubscribe_ticket(ctx.settings.secret_key, player_id)
