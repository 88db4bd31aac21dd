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

from domain.core import surface
from domain.core.game import Message, awaited, boards_of, language_of, texts_of
from domain.core.i18n import Sentence
from emails import addresses, talk
from emails.i18n import t as translate
from emails.i18n import when
from emails.requests import WRITTEN, help_words
from service import account, db, meet, states, store
from service import players as player_rows
from service import seats as seat_moves
from service.i18n import LANGUAGE_NAMES
from service.tables import deadlines, events, games, outbox, players, results, seats

log = logging.getLogger(__name__)

MAX_SINCE = 60
MAIL_WIDTH = 600
"""The board picture in a mail is at most this wide: the width mail layouts are made for (the
image is shown at most 100 % wide anyway), and about a quarter fewer pixels to draw and send than
the 800-pixel-wide map of the largest board (benchmarks/mails.py)."""


def board_png(module: Any, view: dict[str, Any], lang: str, names: Sequence[str]) -> bytes | None:
    """The game's board picture (its SVG, rasterised by service/pictures.py), or None when the
    game draws none or cairo is missing: the mail then has the text and HTML boards only."""
    try:
        svg = boards_of(module).svg(view, lang, list(names))
        if svg is None:
            return None
        from service.pictures import svg_to_png

        return svg_to_png(svg, MAIL_WIDTH)
    except Exception as error:  # cairo missing, or the renderer failed: never lose the mail
        log.warning("board image not rendered: %s", error)
        return None


def _field(row: Any, name: str) -> Any:
    return row[name] if isinstance(row, Mapping) else getattr(row, name)


class GameInfo:
    """One game as one seat may see it."""

    def __init__(self, ctx: Any, game_id: str, player_id: int | None, seat: int | None = None,
                 *, lang: str = "en"):
        with db.read(ctx.engine) as conn:
            self.row = conn.execute(select(games).where(games.c.id == game_id)).first()
            seated = conn.execute(select(seats.c.seat, seats.c.player_id, players.c.name)
                                  .join(players, players.c.id == seats.c.player_id)
                                  .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
            # an open seat or a deleted account named in the reader's words, not its stored name
            shown = account.shown_names(conn, [r.player_id for r in seated], lang)
        self.ctx = ctx
        self.game_id = game_id
        self.names = [shown.get(r.player_id, r.name) for r in seated]
        self.player_ids = {r.seat: r.player_id for r in seated}
        if seat is None:
            seat = next((r.seat for r in seated if r.player_id == player_id), None)
        elif player_id is not None and self.player_ids.get(seat) != player_id:
            # The reader no longer holds the seat the mail was about (they resigned or handed
            # it over since, service/seats.py): they read the game as a spectator, never the
            # seat's secrets.
            seat = None
        self.seat = seat
        self.module = ctx.games.get(self.row.game) if self.row is not None else None
        self.version, self.state = 0, None
        if self.module is not None and self.row.version > 0:
            self.version, self.state, _ = states.load(ctx.engine, ctx.states, game_id, self.module)

    @property
    def started(self) -> bool:
        return self.state is not None

    def all_accepted(self) -> bool:
        """Whether every seat accepted (a game started by its creator may have seats that did
        not: its game-started mail must not claim they all did)."""
        with db.read(self.ctx.engine) as conn:
            return conn.execute(select(seats.c.seat).where(
                seats.c.game_id == self.game_id, seats.c.accepted_at.is_(None))).first() is None

    def due_at(self) -> Any:
        """When this seat's open decision must be made (its deadline row), or None."""
        if self.seat is None:
            return None
        with db.read(self.ctx.engine) as conn:
            return conn.execute(select(deadlines.c.due_at).where(
                deadlines.c.game_id == self.game_id, deadlines.c.seat == self.seat,
                deadlines.c.closed_at.is_(None), deadlines.c.expired_at.is_(None))
                .order_by(deadlines.c.id.desc()).limit(1)).scalar()

    def view(self) -> dict[str, Any]:
        return self.module.view(self.state, self.seat)

    def decision(self) -> Any:
        if not self.started or self.seat is None or self.module.is_over(self.state):
            return None
        return next((d for d in self.module.pending(self.state) if d.seat == self.seat), None)

    def since_last_move(self, lang: str, *, reply: str | None = None
                        ) -> tuple[list[str], list[str]]:
        """The log since this seat's last own move, described for the seat: (lines, scorings).
        With `reply` (a reply's Message-ID): the log from that reply's own moves on, so its
        answer can say what they caused (the last move of a game and its final scoring).

        A scoring's lines (the game's `Texts.scoring` keys) are in `scorings` only, listed
        apart under their own heading: the mail printed every scoring twice, in the log and again
        under "Scoring results" (found by playing whole games by mail)."""
        if not self.started:
            return [], []
        player = self.player_ids.get(self.seat)
        with db.read(self.ctx.engine) as conn:
            if reply is not None:
                first = conn.execute(select(events.c.seq).where(
                    events.c.game_id == self.game_id, events.c.source_ref == reply)
                    .order_by(events.c.seq).limit(1)).scalar()
                last = first - 1 if first is not None else None
            else:
                last = conn.execute(select(events.c.seq).where(
                    events.c.game_id == self.game_id, events.c.actor == f"player:{player}")
                    .order_by(events.c.seq.desc()).limit(1)).scalar()
            rows = store.read(conn, self.game_id, self.module.upcasters, after=last or 0)
            held = seat_moves.holders(conn, self.game_id, lang)  # who held each seat when
            made_for = _made_for(conn, self.game_id, after=last or 0)
        texts = texts_of(self.module)
        lines, scoring = [], []
        for rec in rows[-200:]:
            seen = self.module.redact(rec.event, self.seat)
            auto = f" {translate('since.auto', lang)}" if rec.seq in made_for else ""
            names = held.names_at(rec.seq) if held.changes else self.names
            for message in self.module.describe(seen, self.seat):
                try:
                    text = texts.render(message, lang, names)
                except Exception:  # a message the game's texts do not know: show the key
                    log.exception("could not render %r", message)
                    text = message.key
                if message.key in texts.scoring:
                    scoring.append(text)
                else:
                    lines.append(text + auto)
        return lines[-MAX_SINCE:], scoring[-30:]


def _made_for(conn: Any, game_id: str, *, after: int) -> set[int]:
    """The events after `after` that are a move made for a player without them: the first event
    of a batch the workers decided for a seat a person holds (their passed deadline's move, or
    the bot they handed their seat to). Only these lines are marked "(automatic)": what the rules
    then worked out in the same batch (a turn's or round's end, a scoring), a reveal of choices
    the players made themselves and a bot seat's own moves are nobody's move made for them."""
    rows = conn.execute(select(events.c.seq, events.c.actor).where(
        events.c.game_id == game_id, events.c.seq > after, events.c.source == "worker",
        events.c.seq == events.c.batch, events.c.actor.like("player:%"))).all()
    ids = {int(r.actor.removeprefix("player:")) for r in rows
           if r.actor.removeprefix("player:").isdigit()}
    if not ids:
        return set()
    people = {r.id for r in conn.execute(select(players.c.id, players.c.email).where(
        players.c.id.in_(sorted(ids)))) if not player_rows.is_bot_email(r.email)}
    return {r.seq for r in rows if r.actor.removeprefix("player:").isdigit()
            and int(r.actor.removeprefix("player:")) in people}


TURN_MAILS = frozenset({"your-turn", "reminder", "final-warning"})
HELD_BY_ANSWER = frozenset({"your-turn", "game-over", "game-started"})
"""Mails that the answer to a reply, queued after them, holds itself: one reply, one answer."""


def outdated(ctx: Any, row: Any) -> bool:
    """Whether a turn mail (your-turn, reminder, final warning) has nothing left to ask when it is
    sent: its seat answered meanwhile (on the web, by the API, by another mail) and is not waiting
    now, or a later turn mail to the same player for that game is queued and will ask. A mail sent
    anyway would ask again what the player has just done.

    A your-turn or game-over mail caused by the player's own reply is not sent either: the answer
    to that reply, queued just after it, asks the next decision itself (or gives the final table
    and scoring), so the player gets one mail per reply, not two in the same second; nor is the
    game-started mail of the player whose reply accepted the last seat (the answer is that mail). So is a
    scoring's notice when the reply's moves led to it (the last disc of a general scoring, whose
    reveal scored): the answer shows that scoring.

    A new open game's mail is not sent once the game no longer waits for players (full,
    started, withdrawn) or its reader took a seat in it meanwhile."""
    kind, game_id = _field(row, "kind"), _field(row, "game_id")
    if kind == "open-game":  # a new open game: worth a mail while it waits for this reader
        return game_id is None or not meet.still_waiting_without(ctx, game_id,
                                                                 _field(row, "player_id"))
    if kind in HELD_BY_ANSWER and game_id is not None and _answered_after(ctx, row):
        return True
    if kind == "scoring" and game_id is not None and _scoring_answered(ctx, row):
        return True
    seat = (_field(row, "payload") or {}).get("seat")
    if kind not in TURN_MAILS or game_id is None or seat is None:
        return False
    with db.read(ctx.engine) as conn:
        later = conn.execute(select(outbox.c.id).where(
            outbox.c.game_id == game_id, outbox.c.player_id == _field(row, "player_id"),
            outbox.c.kind == "your-turn", outbox.c.id > _field(row, "id"),
            outbox.c.sent_at.is_(None)).limit(1)).first()
    if later is not None and kind == "your-turn":
        return True
    info = GameInfo(ctx, game_id, _field(row, "player_id"), seat=int(seat))
    return info.module is not None and info.started and info.decision() is None


def _answered_after(ctx: Any, row: Any) -> bool:
    """Whether an accepted reply of this player in this game was answered after `row` was queued
    (its answer, rendered when sent, holds what the player needs next)."""
    with db.read(ctx.engine) as conn:
        later = conn.execute(select(outbox.c.payload).where(
            outbox.c.game_id == _field(row, "game_id"),
            outbox.c.player_id == _field(row, "player_id"), outbox.c.kind == "mail-reply",
            outbox.c.id > _field(row, "id"))).scalars().all()
    return any(isinstance(p, Mapping) and (p.get("status") == "accepted" or _undid(p)
                                           or started_by(p)) for p in later)


def _scoring_answered(ctx: Any, row: Any) -> bool:
    """Whether a scoring's notice is held by the answer to the player's own reply whose moves
    led to it (the last secret choice, whose reveal scored): that answer, queued after the
    notice, shows what the reply's moves led to, this scoring included (`context_for`), and one
    event gets one mail."""
    version = (_field(row, "payload") or {}).get("version")
    if not isinstance(version, int):
        return False
    with db.read(ctx.engine) as conn:
        replies = [p.get("in_reply_to") for p in conn.execute(select(outbox.c.payload).where(
            outbox.c.game_id == _field(row, "game_id"),
            outbox.c.player_id == _field(row, "player_id"), outbox.c.kind == "mail-reply",
            outbox.c.id > _field(row, "id"))).scalars()
            if isinstance(p, Mapping) and p.get("status") == "accepted" and p.get("in_reply_to")]
        if not replies:
            return False
        first = conn.execute(select(events.c.seq).where(
            events.c.game_id == _field(row, "game_id"), events.c.source_ref.in_(replies))
            .order_by(events.c.seq).limit(1)).scalar()
    return first is not None and first <= version


def started_by(payload: Mapping[str, Any]) -> bool:
    """Whether a reply's answer says its acceptance of the last seat started the game: it is the
    game-started mail to that player (the game started, their seat, their first decision)."""
    return any(isinstance(n, Mapping) and n.get("kind") == "accept" and n.get("started")
               and not n.get("refused") for n in payload.get("requests") or ())


def _undid(payload: Mapping[str, Any]) -> bool:
    """Whether a reply's answer says an undo of the player's own move was done: it asks what is
    to decide again itself (the turn mail the undo caused would ask it a second time)."""
    return any(isinstance(n, Mapping) and n.get("kind") == "undo" and not n.get("refused")
               for n in payload.get("requests") or ())


def started_paragraphs(info: GameInfo, lang: str) -> list[str]:
    """The game-started mail's words: it started (every seat accepted, when so), the reader's
    seat."""
    out = [translate("game-started.all" if info.all_accepted() else "game-started", lang,
                     game=info.game_id)]
    colour = texts_of(info.module).seat(info.seat, lang) \
        if info.seat is not None and info.module is not None else None
    if colour:
        out.append(translate("game-started.seat", lang, colour=colour))
    return out


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
    # A decision whose form notes say what it costs has its help lines say it (with the count,
    # as the form): the game's general warning would only repeat it without the count.
    if warning and not (decision.form is not None and decision.form.notes):
        with contextlib.suppress(Exception):  # an unknown warning is simply not shown
            out["commands"] = [*lines, texts_of(info.module).render(Message(warning["key"], {
                k: v for k, v in warning.items() if k != "key"}), lang, info.names)]
    return out


def context_for(ctx: Any, row: Any, player: Any, lang: str, *, sender: str,
                links: Mapping[str, str], talk_upto: int | None = None) -> dict[str, Any]:
    kind = _field(row, "kind")
    payload = dict(_field(row, "payload") or {})
    game_id = _field(row, "game_id")
    base = ctx.settings.base_url.rstrip("/")
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    zone = getattr(player, "time_zone", None) or "UTC"
    at = lambda value: when(value, lang, zone)  # noqa: E731
    data: dict[str, Any] = {"kind": kind, "player_name": player.name, "paragraphs": [],
                            "since": [], "since_title": None, "scoring": [], "table": [],
                            "after_table": [], "board": None, "board_text": "", "decision": None,
                            "web_link": None, "requests_help": None, "talk": [], "talk_help": None,
                            "game_shown": game_id}
    if getattr(player, "id", None) is not None:
        data["unsubscribe"] = f"{base}/mail/unsubscribe/" + _ticket(ctx, player.id)
    info = None
    if game_id:
        info = GameInfo(ctx, game_id, getattr(player, "id", None), payload.get("seat"),
                        lang=lang)
        # In the reader's language even before they sign in (an invitee's browser may say
        # otherwise): the web pages take ?lang= from a visitor who is not signed in.
        data["web_link"] = f"{base}/games/{game_id}?lang={lang}"
        if info.row is not None:
            data["rules_link"] = f"{base}/rules/{info.row.game}"
        if info.seat is not None and getattr(player, "id", None) is not None \
                and info.player_ids.get(info.seat) == player.id:
            with db.write(ctx.engine) as conn:
                token = addresses.token_for(conn, game_id, info.seat, player.id)
            data["reply_to"] = addresses.reply_address(sender, token)
    if kind in ("open-game", "opening") and getattr(player, "id", None) is not None:
        with db.write(ctx.engine) as conn:  # a reply opens a game (emails/opening.py)
            data["reply_to"] = addresses.reply_address(
                sender, addresses.player_token(conn, player.id))
    names = info.names if info else []
    yes_no = {"yes": WRITTEN["yes"][_index(lang)], "no": WRITTEN["no"][_index(lang)]}
    title = surface.title(info.module, lang) if info and info.module is not None else ""
    fields = {"game": game_id or "", "title": title, "inviter": payload.get("inviter", ""),
              "date": _day(payload.get("date", ""), lang), "status": payload.get("status", kind),
              "round": "", "by": payload.get("by", ""), "name": payload.get("name", ""),
              "creator": payload.get("creator", "")}
    if kind == "seat-offer":
        fields["by"] = _name_of(ctx, payload.get("by_player"), lang)
    decision = info.decision() if info and info.started else None
    fields["over"] = bool(info and info.started and info.module is not None
                          and info.module.is_over(info.state))
    if info and info.started:
        # A round 0 (a game's set-up before its first round) is no round to name yet.
        fields["round"] = surface.round_shown(info.module, info.view()) or ""
    fields["round_word"] = (info and info.module is not None
                            and surface.round_word(info.module, lang)) \
        or translate("subject.round-word", lang)
    data["subject"] = _subject(kind, payload, fields, decision, lang)
    data["title"] = title
    data["site_name"] = ctx.settings.site(lang)
    p = data["paragraphs"]
    due = payload.get("due_at")
    if kind == "invitation":
        if info is not None and info.started:  # started at once: nothing left to accept
            p.append(t("invitation.started", inviter=fields["inviter"], game=game_id,
                       title=title))
        else:
            p.append(t("invitation", inviter=fields["inviter"], game=game_id, title=title,
                       link=data["web_link"], **yes_no))
    elif kind == "invitation-declined":
        p.append(t("invitation-declined", by=payload.get("by", ""), game=game_id))
    elif kind == "game-started" and info:
        p += started_paragraphs(info, lang)
    elif kind == "your-turn" and decision is not None:
        key = "your-secret" if decision.secret else "your-turn"
        p.append(t(key, game=game_id, what=describe_decision(info.module, decision, lang,
                                                              info.names)))
    elif kind in ("reminder", "final-warning"):
        what = describe_decision(info.module, decision, lang, info.names) \
            if decision is not None and info else "—"
        p.append(t("reminder", game=game_id, due=at(due), what=what))
        if kind == "final-warning":
            p.append(final_warning(info, decision, at(due), lang))
    elif kind == "game-paused":
        p.append(t("game-paused", game=game_id, due=at(due)))
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
        with db.read(ctx.engine) as conn:  # each seat's last holder, and who held it before
            held = seat_moves.holders(conn, game_id, lang)
        shown = held.ranking_names(lang) if held.changes else names
        data["table"] = _table(payload.get("ranking", []), shown, lang)
        data["after_table"] = _rating_paragraph(ctx, game_id, getattr(player, "id", None),
                                                title, lang)
    elif kind == "notice" and "withdrawn_by" in payload:
        by = payload.get("withdrawn_by")
        p.append(t("notice.withdrawn", who=names[by], game=game_id)
                 if isinstance(by, int) and 0 <= by < len(names)
                 else t("notice.withdrawn.all", game=game_id))
    elif kind in ("scoring", "notice") and info is not None and info.module is not None:
        said = payload.get("message") or {}
        try:
            what = texts_of(info.module).render(Message(str(said.get("key")),
                                                        dict(said.get("params") or {})),
                                                lang, names)
        except Exception:  # the sentence cannot be written: the notice still says what changed
            log.exception("could not render the scoring of %s", game_id)
            what = ""
        p.append(t("scoring-notice", game=game_id, what=what).strip() if kind == "scoring"
                 else what)
    elif kind == "digest":
        p.append(t("digest"))
        p += [t("digest.line", game=g.get("game_id"), due=at(g.get("due_at")))
              for g in payload.get("games", [])]
    elif kind == "open-game" and info is not None and info.row is not None:
        p += open_game_paragraphs(ctx, info, payload, lang)
        data["web_link"] = None  # the list's link below, where the seat is taken
        data["rules_link"] = None
        data["open_link"] = f"{base}/open-games?lang={lang}#g-{game_id}"
        p.append(t("open-game.take", link=data["open_link"]))
        p.append(opening_help(ctx, lang))
        if getattr(player, "id", None) is not None:
            data["unsubscribe"] = f"{base}/mail/unsubscribe/" + _ticket(
                ctx, player.id, game=info.row.game)
            data["unsubscribe_words"] = t("open-game.stop", title=title)
            data["unsubscribe_line"] = t("open-game.stop_line", title=title,
                                         link=data["unsubscribe"])
    elif kind == "opening":
        p += opening_paragraphs(ctx, payload, lang, base)
        data["web_link"] = data["rules_link"] = None  # the answer's own link is the list's
    elif kind == "magic-link":
        p.append(t("magic-link", link=links.get("login", "—")))
    elif kind == "mail-failing":
        p.append(t("mail-failing", name=payload.get("name", ""), status=payload.get("status", "")))
    elif kind == "email-confirm":
        p += t("email-confirm", link=links.get("confirm", "—")).split("\n")
    elif kind == "undo-request":
        by = payload.get("by")
        p.append(t("undo-request", by=names[by] if isinstance(by, int) and by < len(names)
                   else by, back_to=payload.get("back_to"), reason=payload.get("reason", ""),
                   expires=at(payload.get("expires_at")), link=data["web_link"], **yes_no))
    elif kind.startswith("undo-"):
        status = kind.removeprefix("undo-")
        known = status in ("applied", "refused", "lapsed")  # the service's statuses, in words
        p.append(t(f"undo.{status}", game=game_id) if known else t("undo", game=game_id,
                                                                    status=status))
    elif kind == "seat-changed":
        p.append(seat_paragraph(ctx, payload, game_id, lang))
    elif kind == "seat-offer":
        p.append(t("seat-offer", by=_name_of(ctx, payload.get("by_player"), lang), game=game_id,
                   title=title, link=data["web_link"]))
    elif kind == "mail-reply":
        # What the requests did first: they were carried out first ("undo", then the moves
        # written after it, whose "Read as" follows).
        p += reply_paragraphs(payload, lang,
                              request_paragraphs(info, payload.get("requests", []), lang, links))
        if info is not None and info.started and payload.get("status") == "accepted" \
                and info.module.is_over(info.state):
            # The reply ended the game: its answer is the game-over mail too (which is not sent
            # to this player), with what the last moves caused, the final scoring included.
            p.append(t("game-over", game=game_id))
            data["table"] = _table(info.module.ranking(info.state), names, lang)
            data["after_table"] = _rating_paragraph(ctx, game_id, getattr(player, "id", None),
                                                title, lang)
    # The game as this player sees it, and what they may do now.
    notes = {n.get("kind") for n in payload.get("requests", [])}
    show_game = kind in ("your-turn", "reminder", "final-warning", "auto-move", "game-started",
                         "mail-reply", "game-over", "undo-applied", "scoring", "notice")
    if info and info.started and info.seat is not None and show_game:
        view = info.view()
        status = payload.get("status")
        if kind != "game-started" and not (kind == "mail-reply"
                                           and status in ("accepted", "request")):
            data["since"], data["scoring"] = info.since_last_move(lang)
        elif kind == "mail-reply" and status == "accepted":
            # What the reply's moves led to, from its first move on, when that was a scoring
            # (the breakdown every other player gets in their "new scores" or turn mail) or the
            # game's end: the player whose move caused it hears of it here, and nowhere else.
            since, scoring = info.since_last_move(lang, reply=payload.get("in_reply_to"))
            if scoring or info.module.is_over(info.state):
                data["since"], data["scoring"] = since, scoring
                data["since_title"] = t("since.reply")
        boards = boards_of(info.module)
        data["board"] = boards.summary(view, lang, names)
        data["board_text"] = boards.text(view, lang, names)
        first = kind == "game-started" or started_by(payload)  # the game-started mail
        if kind in ("your-turn", "final-warning", "game-over") or "board" in notes \
                or (first and decision is not None):  # the first turn's mail
            data["png"] = board_png(info.module, view, lang, names)
        # A decision is asked once: by its your-turn mail (or the game-started mail at the
        # start), and by the answer to a reply only when the turn goes on with that reply's
        # player (`asks`) or when they asked to see it ("board") or their reply was refused.
        # An accepted reply's answer asks whatever the player must decide now, their turn going
        # on or a new decision (after a reveal: the your-turn mail it caused is not sent), so
        # it never tells the player that the game waits for them.
        asks = kind != "mail-reply" or status not in ("accepted", "request") \
            or status == "accepted" or "board" in notes \
            or payload.get("request_status") == "refused" \
            or _undid(payload) or first  # what is to decide again, or first
        if decision is not None and kind not in ("game-over", "scoring", "notice") and asks:
            data.update(decision_block(info, decision, lang))
            data["due"] = at(info.due_at()) if info.due_at() is not None else None
        elif kind == "mail-reply" and not info.module.is_over(info.state):
            waiting = waiting_for(info, lang)
            if payload.get("waiting_lines"):
                lines = payload["waiting_lines"]
                p.append(t("waiting.lines" if len(lines) > 1 else "waiting.line",
                           who=waiting or t("nobody"), lines=" / ".join(t("quoted", text=x) for x in lines)))
            elif status == "accepted" or (status == "request" and decision is None):
                if waiting:
                    p.append(t("waiting.now", who=waiting))
            elif decision is None:
                p.append(t("refused.nothing", waiting=t("waiting_on", who=waiting))
                         if waiting else t("refused.nothing", waiting=t("nobody")))
    if info and info.started and info.seat is not None and kind not in ("game-over",) \
            and not (kind == "mail-reply" and info.module.is_over(info.state)):
        data["requests_help"] = t("requests", words=", ".join(
            t("quoted", text=w) for w in help_words(lang)))
    if info and info.seat is not None and getattr(player, "id", None) is not None \
            and info.player_ids.get(info.seat) == player.id and kind != "opening":
        data["talk_help"] = talk_help(info, lang)
    # Table talk the player has not been mailed yet, as their setting says (service/talk.py).
    if getattr(player, "id", None) is not None:
        with db.read(ctx.engine) as conn:
            data["talk"] = talk_of(conn, kind, game_id, player.id, talk_upto)
    if kind == "table-talk":
        who = list(dict.fromkeys(m["who"] for m in data["talk"]))
        joined = ", ".join(who[:-1]) + f" {t('talk.and')} " + who[-1] if len(who) > 1 \
            else "".join(who) or "—"
        p.append(t("talk.intro", game=game_id, title=title, who=joined, count=len(who)))
    elif kind == "talk-digest":
        p.append(t("talk.digest"))
    return data


def _table(ranking: Sequence[Mapping[str, Any]], names: Sequence[str], lang: str
           ) -> list[dict[str, Any]]:
    """The final table's rows: rank, name, points."""
    return [{"rank": r.get("rank"), "score": _points(r.get("score"), lang),
             "name": names[r["seat"]] if r.get("seat") is not None
             and r["seat"] < len(names) else f"seat {r.get('seat')}"} for r in ranking]
def _rating_paragraph(ctx: Any, game_id: str, player_id: int | None, title: str, lang: str
                      ) -> list[str]:
    """The reader's new rating in the game, and its change, when the game was rated (its
    results are written with the game-over: service/ratings.py); nothing otherwise."""
    if player_id is None:
        return []
    with db.read(ctx.engine) as conn:
        row = conn.execute(select(results).where(results.c.game_id == game_id,
                                                 results.c.player_id == player_id)).first()
    if row is None or not row.rated or row.mu_after is None:
        return []
    after = row.mu_after - 3 * row.sigma_after
    change = after - (row.mu_before - 3 * row.sigma_before)
    return [translate("rating", lang, title=title, rating=f"{after:.1f}",
                      change=f"{change:+.1f}")]


def open_game_paragraphs(ctx: Any, info: GameInfo, payload: Mapping[str, Any], lang: str
                         ) -> list[str]:
    """A new open game as a player who asked for it reads it: who opened it, for how many, the
    options in the game's words, the time for each decision and the languages welcome."""
    row = info.row
    title = surface.title(info.module, lang)
    waiting = meet.listed(ctx, game_id=row.id)
    free = waiting[0].free if waiting else 0
    out = [translate("open-game", lang, creator=payload.get("creator", "?"), title=title,
                     count=int(row.players), free=free)]
    options = meet.option_lines(info.module, row.options or {}, lang)
    if options:
        out.append(translate("open-game.options", lang, options=translate(
            "open-game.separator", lang).join(
            translate("open-game.option", lang, caption=c, value=v) for c, v in options)))
    out.append(translate("open-game.hours", lang, hours=int(row.turn_hours)))
    welcome = [LANGUAGE_NAMES.get(code, code) for code in (row.languages or [])]
    out.append(translate("open-game.languages", lang, languages=", ".join(welcome))
               if welcome else translate("open-game.any_language", lang))
    return out


def opening_help(ctx: Any, lang: str) -> str:
    """How to open a game by mail, with one of the service's games as the example."""
    names = sorted({surface.title(m, lang) for m in ctx.games.values()})
    example = next((n for n in names if " " in n), names[0] if names else "?")
    return translate("opening.help", lang, example=example, games=", ".join(names))


def opening_paragraphs(ctx: Any, payload: Mapping[str, Any], lang: str, base: str
                       ) -> list[str]:
    """The answer to a mail that asked to open a game (`emails/opening.py`)."""
    status = payload.get("opening")
    module = ctx.games.get(payload.get("game") or "")
    title = surface.title(module, lang) if module is not None else ""
    if status == "opened":
        return [translate("opening.opened", lang, title=title, count=int(payload["count"]),
                          link=f"{base}/open-games?lang={lang}#g-{payload['game_id']}")]
    out = []
    if payload.get("charset"):
        out.append(translate("refused.charset", lang, charset=payload["charset"]))
    if status == "count":
        out.append(translate("opening.count", lang, title=title, low=payload.get("low"),
                             high=payload.get("high")))
    elif status == "refused":
        why = str((payload.get("why") or {}).get(lang, ""))
        if (payload.get("why_sentence") or {}).get(lang):
            why = Sentence(why)
        out.append(translate("opening.refused", lang, title=title, why=why))
    return [*out, opening_help(ctx, lang)]


def _name_of(ctx: Any, player_id: Any, lang: str) -> str:
    """A player's name as the reader sees it (a deleted account's neutral name)."""
    if not isinstance(player_id, int):
        return "?"
    with db.read(ctx.engine) as conn:
        return account.shown_names(conn, [player_id], lang).get(player_id, "?")


def seat_paragraph(ctx: Any, payload: Mapping[str, Any], game_id: str, lang: str) -> str:
    """A seat that changed hands, in words: who left, who or what plays it now."""
    change, level = payload.get("change"), payload.get("bot") or ""
    who = _name_of(ctx, payload.get("from_player"), lang)
    if change == "resigned":
        key = "seat.resigned.bot" if level else "seat.resigned.open"
        return translate(key, lang, who=who, game=game_id, level=level)
    if change == "handed":
        return translate("seat.handed", lang, who=who, game=game_id,
                         to=_name_of(ctx, payload.get("to_player"), lang))
    return translate("seat.bot" if change == "bot" else "seat.back", lang, who=who,
                     game=game_id, level=level)


def talk_help(info: GameInfo, lang: str) -> str:
    """How to write to the table by mail, in the player's words, with another player's name."""
    other = next((n for s, n in enumerate(info.names) if s != info.seat), "Ann")
    return translate("talk.help", lang, word=talk.WORD.get(lang, "say"),
                     to=talk.TO.get(lang, talk.TO["en"]).format(name=other))


def talk_of(conn: Any, kind: str, game_id: str | None, player_id: int,
            upto: int | None) -> list[dict[str, Any]]:
    """The messages a mail of `kind` carries to the player: those not mailed yet, up to message
    id `upto` (what the sender saw before building the mail, so that what it marks as mailed is
    what was shown). `next` and `now`: in every mail of the game; `digest`: in the daily talk
    digest only (every game); `off`: never."""
    from service import talk as talk_service

    if upto is None:
        return []
    choice = talk_service.mail_choice(conn, player_id)
    if kind == "talk-digest":
        scope: str | None = None
    elif game_id is not None and choice in ("next", "now"):
        scope = game_id
    else:
        return []
    out = []
    names: dict[str, list[str]] = {}
    for said in talk_service.unmailed(conn, player_id, scope, upto=upto):
        if said.game_id not in names:
            names[said.game_id] = [r.name for r in conn.execute(
                select(players.c.name).join(seats, seats.c.player_id == players.c.id)
                .where(seats.c.game_id == said.game_id).order_by(seats.c.seat))]
        table = names[said.game_id]
        out.append({"id": said.id, "game": said.game_id, "private": said.to is not None,
                    "who": table[said.seat] if said.seat < len(table) else "?",
                    "text": said.text})
    return out


def _day(value: Any, lang: str) -> str:
    """A digest's day in the reader's language ("22 novembre 2026", not "2026-11-22")."""
    from datetime import date

    from babel.dates import format_date

    try:
        return format_date(date.fromisoformat(str(value)), "long", locale=lang)
    except Exception:  # not a day, or a language babel does not know: as it came
        return str(value)


def _points(score: Any, lang: str) -> str:
    """A final score in words ("111 points", "1 punto", « 0 point »: the catalogue's count)."""
    return translate("points", lang, count=score) if isinstance(score, int) else str(score)


def _index(lang: str) -> int:
    return {"en": 0, "fr": 1, "it": 2}.get(lang, 0)


def _subject(kind: str, payload: Mapping[str, Any], fields: Mapping[str, Any], decision: Any,
             lang: str) -> str:
    """Our own words, with the game's current round (never the round, or the words, of a mail
    answered: a reply to an old mail is answered about the game as it is now)."""
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    if kind == "mail-reply":
        round_ = t("subject.round", round=fields["round"], round_word=fields["round_word"]) \
            if fields["round"] not in ("", None) else ""
        status = payload.get("status")
        if started_by(payload):  # the game-started mail, in answer to the acceptance
            key = "subject.reply.started" if decision is None else \
                "subject.reply.started.secret" if decision.secret else "subject.reply.started.turn"
            return t(key, game=fields["game"], title=fields["title"])
        key = ("subject.reply.request" if status in ("request", "said")
               else "subject.reply.refused" if status != "accepted"
               else "subject.reply.over" if fields.get("over") else "subject.reply.accepted")
        return t(key, game=fields["game"], title=fields["title"], round=round_)
    key = SUBJECTS.get(kind, "subject.other")
    if kind == "your-turn" and decision is not None and decision.secret:
        key = "subject.your-secret"
    elif kind == "your-turn" and fields["round"] not in ("", None):
        key = "subject.your-turn.round"
    elif kind == "game-started" and decision is not None:
        key = "subject.game-started.secret" if decision.secret else "subject.game-started.turn"
    if kind == "opening":
        key = "subject.opening.opened" if payload.get("opening") == "opened" \
            else "subject.opening"
        title = payload.get("game")
        return t(key, title=fields["title"] or title or "")
    if kind.startswith("undo-") and kind != "undo-request":
        status = kind.removeprefix("undo-")
        key = f"subject.undo.{status}" if status in ("applied", "refused", "lapsed") \
            else "subject.undo"
    return t(key, **fields)


def final_warning(info: GameInfo | None, decision: Any, due: str, lang: str) -> str:
    """The last call names what happens at the deadline: the move that will be made for the
    player (the game's default move, in its words), a bot's move, or the game's pause."""
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    policy = getattr(info.row, "timeout_policy", "default") if info and info.row else "default"
    if policy == "pause":
        return t("final-warning.pause", due=due)
    if policy == "bot":
        return t("final-warning.bot", due=due, level="greedy")
    move = "—"
    if info is not None and decision is not None:
        try:
            command = info.module.default_command(info.state, decision)
            move = language_of(info.module).format(
                {"type": command.type, **dict(command.params)}, lang, decision=decision,
                names=info.names)
        except Exception:  # the move cannot be written: the sentence still says one will be made
            log.exception("could not write the default move of %s", info.game_id)
    return t("final-warning", due=due, move=move)


def waiting_for(info: GameInfo, lang: str) -> str:
    """Whom the game waits for now, and for what, by name: what each must decide said of them
    (the game's `awaited` phrase: "Bruno (keep 13 of their 39 power cards)", never the "your"
    said to the player), and the players waiting on the same decision named once ("Bruno and
    Chiara, who must each make a secret choice (…)")."""
    texts = texts_of(info.module)
    groups: dict[str, list[Any]] = {}  # what one of them must decide → those decisions
    for d in info.module.pending(info.state):
        what = translate("waiting.system", lang) if d.seat is None \
            else awaited(texts, d, lang, info.names)
        groups.setdefault(what, []).append(d)
    parts = []
    for what, decisions in groups.items():
        seats = list(dict.fromkeys(d.seat for d in decisions))
        if seats == [None]:
            parts.append(what)
            continue
        names = [info.names[seat] if seat < len(info.names) else "?" for seat in seats]
        if len(names) > 1:
            parts.append(translate("waiting.who.each", lang, names=_and(names, lang),
                                   what=awaited(texts, decisions[0], lang, info.names,
                                                len(names))))
            continue
        long = "(" in what or ")" in what
        parts.append(translate("waiting.who.long" if long else "waiting.who", lang,
                               name=names[0], what=what))
    return (" ; " if lang == "fr" else "; ").join(parts) \
        if any(", " in p for p in parts) and len(parts) > 1 else ", ".join(parts)


def _and(names: Sequence[str], lang: str) -> str:
    """Names as a sentence lists them: "Bruno and Chiara", "Ann, Bruno and Chiara"."""
    if len(names) < 2:
        return "".join(names)
    return translate("names.and", lang, first=", ".join(names[:-1]), last=names[-1])


SUBJECTS = {
    "invitation": "subject.invitation", "game-started": "subject.game-started",
    "your-turn": "subject.your-turn", "reminder": "subject.reminder",
    "final-warning": "subject.final-warning", "game-paused": "subject.game-paused",
    "auto-move": "subject.auto-move", "game-over": "subject.game-over", "digest": "subject.digest",
    "magic-link": "subject.magic-link", "undo-request": "subject.undo-request",
    "scoring": "subject.scoring", "notice": "subject.notice",
    "invitation-declined": "subject.invitation-declined",
    "mail-failing": "subject.mail-failing", "email-confirm": "subject.email-confirm",
    "seat-changed": "subject.seat-changed", "seat-offer": "subject.seat-offer",
    "table-talk": "subject.table-talk", "talk-digest": "subject.talk-digest",
    "open-game": "subject.open-game",
}


def reply_paragraphs(payload: Mapping[str, Any], lang: str,
                     requests: Sequence[str] = ()) -> list[str]:
    """What became of a reply: its words to the table, what its `requests` did (their
    paragraphs, request_paragraphs), then what it played or why not."""
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    status = payload.get("status")
    out = [*talk_paragraphs(payload.get("said", []), lang), *requests]
    if status in ("request", "said"):
        pass  # what each request did: request_paragraphs; what was said: above
    elif status == "accepted":
        out.append(t("accepted", moves=t("moves.joiner").join(payload.get("moves", []))))
    elif status == "stale":
        out.append(t("refused.stale"))
    elif status == "duplicate":
        out.append(t("duplicate"))
    else:
        out.append(t("refused"))
    if payload.get("charset"):
        out.append(t("refused.charset", charset=payload["charset"]))
    if payload.get("applied"):
        out.append(t("partly", count=payload["applied"]))
    if payload.get("why"):
        out.append(t("refused.why", why=payload["why"]))
    if payload.get("ignored"):
        out.append(t("accepted.ignored", lines=" / ".join(t("quoted", text=x)
                                                         for x in payload["ignored"])))
    return out


def talk_paragraphs(said: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    """What became of the reply's words to the table: sent (to whom) or refused (why)."""
    out = []
    for note in said:
        text = translate("quoted", lang, text=note.get("text", ""))
        if note.get("why"):
            out.append(translate("talk.refused", lang, text=text, why=note["why"]))
        elif note.get("to"):
            out.append(translate("talk.sent_to", lang, text=text, name=note["to"]))
        else:
            out.append(translate("talk.sent", lang, text=text))
    return out


def request_paragraphs(info: GameInfo | None, notes: Sequence[Mapping[str, Any]], lang: str,
                       links: Mapping[str, str]) -> list[str]:
    """What each request of a reply did, in the player's words (emails/requests.py)."""
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    yes = WRITTEN["yes"][_index(lang)]
    out = []
    for note in notes:
        kind, why = note.get("kind"), note.get("why", "")
        if kind == "accept" and note.get("refused"):
            out.append(t("refused.why", why=why))
        elif kind == "accept":
            out.append(t("req.accept"))
            if note.get("started") and info is not None:
                out += started_paragraphs(info, lang)
            elif note.get("waiting"):
                out.append(t("req.accept.waiting", who=", ".join(note["waiting"])))
        elif kind == "decline":
            out.append(t("req.decline", yes=yes))
        elif kind == "how":
            out.append(t("req.how", yes=yes, no=WRITTEN["no"][_index(lang)]))
        elif kind == "link":
            out.append(t("req.link", link=links.get("login", "—")))
        elif kind == "board":
            out.append(t("req.board"))
        elif kind == "rules":
            out += rules_paragraphs(info, lang)
        elif kind == "undo" and note.get("refused"):
            out.append(t("req.undo.refused", why=why))
            if note.get("consent"):  # how to ask for the consent the refusal says is needed
                out.append(t("req.undo.consent", words=t(
                    "quoted", text=WRITTEN["ask_undo"][_index(lang)])))
        elif kind == "ask_undo":
            out.append(t("req.ask_undo.refused", why=why) if note.get("refused")
                       else t("req.ask_undo"))
        elif kind == "undo":
            joiner = t("moves.joiner")
            out.append(t("req.undo.moves", moves=joiner.join(note["undone"]))
                       if note.get("undone") else t("req.undo"))
            if note.get("kept"):
                out.append(t("req.undo.kept", moves=joiner.join(note["kept"])))
        elif kind in ("approve", "refuse"):
            if note.get("none"):
                out.append(t("req.answer.none"))
            elif note.get("refused"):
                out.append(t("req.answer.refused", why=why))
            else:
                out.append(t(f"req.{kind}"))
        elif kind in ("stop", "restart"):
            out.append(t(f"req.{kind}", restart=WRITTEN["restart"][_index(lang)]))
        elif kind in ("resign", "bot", "back"):
            out.append(t("req.seat.refused", why=why) if note.get("refused")
                       else t(f"req.{kind}", level=note.get("level") or "",
                              back=WRITTEN["back"][_index(lang)]))
    return out


def rules_paragraphs(info: GameInfo | None, lang: str) -> list[str]:
    """How the game is played (its `texts.rules`), its options in effect, and the commands:
    what a web user reads on the game's page."""
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    if info is None or info.module is None:
        return []
    out = [t("req.rules"), *texts_of(info.module).rules(lang)]
    specs = getattr(info.module, "option_specs", ()) or ()
    chosen = dict(getattr(info.row, "options", None) or {})
    if specs:  # as the create-game page says them: the option's caption and the value's word
        out.append(t("req.options"))
        out += [t("req.option", caption=spec.caption(lang),
                  value=_option_value(spec, chosen.get(spec.name, spec.default), lang))
                for spec in specs]
    return out


def _option_value(spec: Any, value: Any, lang: str) -> str:
    """An option's value in words: the game's label, else yes/no for a boolean, else as it is
    (never `players_edition = True`)."""
    word = spec.label(value, lang)
    if word:
        return str(word)
    if isinstance(value, bool):
        return translate("req.option.yes" if value else "req.option.no", lang)
    return str(value)


def _ticket(ctx: Any, player_id: int, *, game: str | None = None) -> str:
    from emails.outbound import unsubscribe_ticket

    return unsubscribe_ticket(ctx.settings.secret_key, player_id, game=game)
