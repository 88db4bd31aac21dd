"""The web pages: sign-in, my games, a game (play it), spectate, replay, settings, board images.

Every page is built from the read side (`service.queries`) for the signed-in player's seat, or for a
spectator; moves go through `service.commands.handle` like every other channel (source `web`).
"""

from __future__ import annotations

import contextlib
import re
import secrets
import threading
from collections import OrderedDict
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_wtf.csrf import CSRFError
from sqlalchemy import select, update
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from domain.core import surface
from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.game import Message, boards_of, language_of, texts_of
from domain.core.i18n import Name
from service import account as accounts
from service import (
    audit,
    clock,
    commands,
    db,
    limits,
    lobby,
    pictures,
    players,
    preferences,
    progress,
    queries,
    seats,
    tables,
    talk,
)
from service.api.state import ctx
from service.errors import Invalid, ServiceError
from service.limits import SendLimited
from service.players import Player
from service.store import Source, now
from service.web import forms, i18n, ratelimit

blp = Blueprint("web", __name__, template_folder="templates", static_folder="static",
                static_url_path="/web/static")

LOG_LIMIT = 1000
LOG_TAIL = 60
"""Events the game page describes: the latest ones. A page that re-read and re-described the whole
log cost five times more at the end of a game than at its start (benchmarks/pages.py); the earlier
part is one link away, on the log pages (`/games/<id>/log`), LOG_PAGE events each."""
LOG_PAGE = 300


# --- who is looking, in which language -------------------------------------------------------------

@blp.before_app_request
def _who() -> None:
    g.web_player = None
    token = session.get("token")
    if isinstance(token, str) and token:
        g.web_player = players.authenticate(ctx(), token)
        if g.web_player is None:
            session.pop("token", None)


def me() -> Player | None:
    player: Player | None = g.get("web_player")
    return player


def lang() -> str:
    player = me()
    if player is not None and player.language in i18n.LANGUAGES:
        return player.language
    if g.get("page_lang") in i18n.LANGUAGES:  # a page for a known player (a sign-in link)
        return str(g.page_lang)
    chosen = request.args.get("lang") or session.get("lang")
    if chosen in i18n.LANGUAGES:
        if request.args.get("lang") == chosen:
            session["lang"] = chosen
        return str(chosen)
    return i18n.best_language(request.accept_languages)


def check_csrf() -> None:
    current_app.extensions["pbem_web"]["csrf"].protect()


@blp.before_request
def _protect() -> None:
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        check_csrf()


@blp.after_request
def _headers(response: Response) -> Response:
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    if me() is not None or request.path.startswith("/login"):
        response.headers.setdefault("Cache-Control", "private, no-store")
    response.vary.add("Cookie")
    return response


@blp.app_context_processor
def _helpers() -> dict[str, Any]:
    language = lang() if request else "en"

    def t(key: str, **params: Any) -> str:
        return i18n.t(key, language, **params)

    return {
        "t": t, "lang": language, "me": me(), "languages": i18n.LANGUAGE_NAMES,
        # The site's name (PBEM_SITE_NAME): it hosts every game, so it names none of them.
        "site_name": ctx().settings.site(language),
    }


@blp.app_errorhandler(CSRFError)
def _csrf_error(error: CSRFError) -> tuple[str, int]:
    return render_template("web/error.html", message=i18n.t("error.csrf", lang())), 400


@blp.errorhandler(429)
def _too_many(error: Exception) -> tuple[str, int, dict[str, str]]:
    """A per-client limit (flask-limiter) on asking for or using sign-in links."""
    wait = ratelimit.breach_wait()
    if request.endpoint == ratelimit.WEB_CREATE_ENDPOINT:  # too many invitations sent
        from service.web import create

        return create.too_many(wait)
    message = ratelimit.message(limits.SIGN_IN, wait, lang())
    return render_template("web/sign_in.html", error=message), 429, {"Retry-After": str(wait)}


def too_many(error: SendLimited) -> tuple[str, int, dict[str, str]]:
    """The per-address limit on sign-in links (service/limits.py)."""
    message = ratelimit.message(error.scope, error.retry_after, lang())
    return (render_template("web/sign_in.html", error=message), 429,
            {"Retry-After": str(error.retry_after)})


@blp.errorhandler(ServiceError)
def _service_error(error: ServiceError) -> tuple[str, int]:
    message = i18n.t("error.not_found", lang()) if error.status == 404 else said(error)
    return render_template("web/error.html", message=message), error.status


@blp.errorhandler(HTTPException)
def _http_error(error: HTTPException) -> Any:
    if error.code is None:
        return error
    message = i18n.t("error.not_found", lang()) if error.code == 404 else error.description
    return render_template("web/error.html", message=message), error.code


@blp.app_errorhandler(404)
def _not_found_anywhere(error: HTTPException) -> Any:
    """An unknown address outside the API is a page a person typed or followed: the HTML error
    page in their language, not the API's JSON problem."""
    if request.path.startswith("/api") or request.accept_mimetypes.best == "application/json":
        return current_app.extensions["pbem_api"].handle_http_exception(error)
    return render_template("web/error.html", message=i18n.t("error.not_found", lang())), 404


@blp.app_errorhandler(405)
def _not_allowed_anywhere(error: HTTPException) -> Any:
    if request.path.startswith("/api") or request.accept_mimetypes.best == "application/json":
        return current_app.extensions["pbem_api"].handle_http_exception(error)
    return render_template("web/error.html", message=error.description), 405


@blp.get("/favicon.ico")
def favicon() -> BaseResponse:
    """Browsers ask for it at the root: the icon is the blueprint's static SVG."""
    return redirect(url_for("web.static", filename="favicon.svg"), code=301)


SAME_SITE_PATH = re.compile(r"/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*")
"""A path on this site: one leading slash and URL characters only. Browsers drop tabs and
newlines from a URL and read a backslash as a slash, so "/\t/evil.example" would lead to
//evil.example, another site."""


def said(error: ServiceError | RuleError, head: queries.Header | None = None) -> str:
    """A refusal as the player reads it: in their language, the game's players by name."""
    names: list[str] = []
    if head is not None:
        names = _names(head)
    elif isinstance(game_id := (request.view_args or {}).get("game_id"), str):
        with contextlib.suppress(ServiceError):
            names = _names(queries.header(ctx(), game_id, None))
    return error.render(lang(), names)


def _safe_next(target: str | None) -> str:
    if target and SAME_SITE_PATH.fullmatch(target):
        return target
    return url_for("web.my_games")


def small_int(raw: str) -> int | None:
    """A whole number a form or query sent, when it is one a database column holds: ASCII digits
    only (str.isdigit also says yes to "²", which int() refuses), at most 9 of them."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


# --- sign in ---------------------------------------------------------------------------------------

@blp.get("/")
def home() -> BaseResponse:
    return redirect(url_for("web.my_games" if me() else "web.sign_in"))


@blp.get("/login")
def sign_in() -> str:
    return render_template("web/sign_in.html")


@blp.post("/login")
def sign_in_post() -> BaseResponse | tuple[str, int] | tuple[str, int, dict[str, str]]:
    raw = request.form.get("email", "")
    try:
        email = players.normalise_email(raw)
    except Invalid:
        return render_template("web/sign_in.html", error=i18n.t("signin.bad_email", lang())), 422
    try:
        players.request_magic_link(ctx(), email)
    except SendLimited as error:
        return too_many(error)
    # The same answer whether or not the address is known: it tells nobody who plays here.
    flash(i18n.t("signin.sent", lang()), "ok")
    return redirect(url_for("web.sign_in"))


@blp.get("/login/<ticket>")
def redeem(ticket: str) -> str:
    """A magic link opens a page with one button: a mail scanner fetching the link uses nothing.
    It speaks the language of the player the link is for (their browser may say otherwise)."""
    g.page_lang = players.ticket_language(ctx(), ticket[:2000])
    return render_template("web/redeem.html", ticket=ticket)


@blp.post("/login/<ticket>")
def redeem_post(ticket: str) -> BaseResponse | tuple[str, int]:
    try:
        _player, token, _expires = players.redeem_magic_ticket(ctx(), ticket[:2000])
    except ServiceError as error:
        message = i18n.t("signin.failed", lang(), detail=said(error))
        return render_template("web/sign_in.html", error=message), 401
    session.clear()  # a fresh session (and CSRF token) for the signed-in player
    session["token"] = token
    session.permanent = True
    return redirect(_safe_next(request.args.get("next")))


@blp.post("/logout")
def sign_out() -> BaseResponse:
    token = session.get("token")
    if isinstance(token, str):
        digest = players.hash_token(token)
        with db.write(ctx().engine) as conn:
            conn.execute(update(tables.tokens).where(tables.tokens.c.token_hash == digest)
                         .values(revoked_at=now()))
        players.forget(digest)  # the process's short trust cache
    session.clear()
    flash(i18n.t("signed_out", lang()), "ok")
    return redirect(url_for("web.sign_in"))


def _require_player() -> Player:
    player = me()
    if player is None:
        flash(i18n.t("signin.needed", lang()), "info")
        abort(redirect(url_for("web.sign_in", next=request.path)))
    return player


# --- the rules ---------------------------------------------------------------------------------------

@blp.get("/rules/<game>")
def rules(game: str) -> str:
    """A game's rules as this server plays them, in the reader's language (anyone may read them:
    every mail of a game links here)."""
    module = ctx().games.get(game)
    if module is None:
        abort(404)
    language = lang()
    return render_template("web/rules.html", page=surface.rules_page(module, language),
                           game=game, rules_version=surface.rules_version(module))


# --- my games --------------------------------------------------------------------------------------

@blp.get("/games")
def my_games() -> str:
    player = _require_player()
    heads = queries.games_of(ctx(), player)
    due = _deadlines(player, [h.id for h in heads])
    return render_template("web/games.html", heads=heads, due=due, tz=_tz(player),
                           titles={h.id: _game_name(h, lang()) for h in heads},
                           glance={h.id: _headline(h, lang()) for h in heads},
                           waiting={h.id: _waiting_cell(h, lang()) for h in heads})


def _waiting_cell(head: queries.Header, language: str) -> str:
    """Whom the game waits for, as the reader says it: "You and Bob" (a player reads their own
    turn as theirs, not their own name as if someone else were awaited)."""
    names = _names(head)
    mine = [i18n.t("games.you", language)] if head.seat in head.waiting_on else []
    return _joined(mine + [names[w] for w in head.waiting_on
                           if w < len(names) and w != head.seat], language)


def _game_name(head: queries.Header, language: str) -> str:
    """A game as its players call it: the game's title and who plays it."""
    module = ctx().games.get(head.game)
    title = surface.title(module, language) if module is not None else head.game
    return f"{title} — {', '.join(_names(head))}"


def _headline(head: queries.Header, language: str) -> str:
    """The game's round and scores in one line (the game's words), "" before it starts."""
    module = ctx().games.get(head.game)
    if module is None or head.status == progress.INVITED:
        return ""
    try:
        _v, view = queries.view(ctx(), head)
        return surface.headline(module, view, language, _names(head))
    except (ServiceError, RuleError):
        return ""


def _deadlines(player: Player, game_ids: list[str]) -> dict[str, datetime]:
    """The player's open deadlines per game (service/schedule.py keeps them)."""
    if not game_ids:
        return {}
    table = tables.deadlines
    with db.read(ctx().engine) as conn:
        rows = conn.execute(select(table.c.game_id, table.c.due_at).where(
            table.c.player_id == player.id, table.c.closed_at.is_(None),
            table.c.game_id.in_(game_ids))).all()
    return {r.game_id: r.due_at for r in rows}


def _tz(player: Player | None) -> ZoneInfo:
    try:
        return ZoneInfo(player.time_zone if player else "UTC")
    except Exception:
        return ZoneInfo("UTC")


@blp.app_template_filter("localtime")
def _localtime(stamp: Any, tz: ZoneInfo) -> str:
    if not isinstance(stamp, datetime):
        return ""
    when = stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=ZoneInfo("UTC"))
    with contextlib.suppress(OverflowError):  # the end of 9999, east of Greenwich: shown in UTC
        when = when.astimezone(tz)
    return when.strftime("%Y-%m-%d %H:%M %Z")


# --- a game ----------------------------------------------------------------------------------------

def _names(head: queries.Header) -> list[str]:
    return [s["name"] for s in head.seats]


_SAID: OrderedDict[tuple[Any, ...], tuple[Any, list[str]]] = OrderedDict()
"""The log's sentences already written, per event, language and names: the messages are checked on
the way out (the same list, from service/audit's cache), so a sentence never outlives its event's
description. Bounded, least recently used first out; per process."""
_SAID_SIZE = 20_000
_SAID_LOCK = threading.Lock()


Seating = seats.Holders


def seating_of(game_id: str, language: str) -> Seating:
    with db.read(ctx().engine) as conn:
        return seats.holders(conn, game_id, language)


def _change_line(change: seats.Change, seating: Seating, language: str) -> str:
    """A seat's change of hands, as the log says it."""
    who = seating.names.get(change.from_player or -1, "?")
    to = seating.names.get(change.to_player or -1, "?")
    if change.kind == seats.RESIGNED:
        key = "log.seat.resigned.bot" if change.bot else "log.seat.resigned.open"
    else:
        key = f"log.seat.{change.kind}"
    return i18n.t(key, language, who=who, to=to, level=change.bot or "")


def render_log(module: Any, entries: list[dict[str, Any]], language: str,
               names: list[str], seating: Seating | None = None,
               game_id: str | None = None) -> list[dict[str, Any]]:
    """The log's entries as sentences in the game's words (a message the game's texts cannot
    render shows its key), each with the names of the seats' holders of its time, and the seats'
    changes of hands where they happened. With `game_id`, sentences written before are reused."""
    texts = texts_of(module)
    out = []
    first = entries[0]["seq"] if entries else 0
    changes = [c for c in (seating.changes if seating else []) if c.version >= first - 1]
    for entry in entries:
        then = seating.names_at(entry["seq"]) if seating else names
        key = (game_id, entry["seq"], language, tuple(then)) if game_id else None
        said = _SAID.get(key) if key else None
        if said is not None and said[0] is entry["messages"]:
            sentences = said[1]
        else:
            sentences = []
            for m in entry["messages"]:
                try:
                    sentences.append(texts.render(Message(m["key"], m["params"]), language,
                                                  then))
                except (KeyError, IndexError, ValueError):
                    sentences.append(m["key"])
            if key:
                with _SAID_LOCK:
                    _SAID[key] = (entry["messages"], sentences)
                    while len(_SAID) > _SAID_SIZE:
                        _SAID.popitem(last=False)
        while seating is not None and changes and changes[0].version < entry["seq"]:
            change = changes.pop(0)
            out.append({"seq": change.version, "sentences": [_change_line(change, seating,
                                                                           language)],
                        "at": change.at, "undone": False, "seat_change": True})
        out.append({"seq": entry["seq"], "sentences": sentences, "at": entry["created_at"],
                    "undone": bool(entry.get("undone"))})
    for change in changes:
        assert seating is not None
        out.append({"seq": change.version, "sentences": [_change_line(change, seating,
                                                                       language)],
                    "at": change.at, "undone": False, "seat_change": True})
    return out


def _live(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries still in force: neither undone nor an undo."""
    return [e for e in entries if not e.get("undone") and not e.get("undo")]


def _earlier(game_id: str, entries: list[dict[str, Any]], spectate: bool) -> str | None:
    """The address of the log's part before `entries`, or None when they start the game."""
    first = min((e["seq"] for e in entries), default=1)
    if first <= 1:
        return None
    params: dict[str, Any] = {"upto": first - 1, **({"watch": 1} if spectate else {})}
    return url_for("web.log", game_id=game_id, **params)


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


def _ranking_names(seating: Seating, language: str) -> list[str]:
    """Each seat's name for the final ranking: its last holder, and who held it before."""
    return seating.ranking_names(language)


def _undoable(entries: list[dict[str, Any]], seat: int | None) -> bool:
    """Whether the seat's own last move may be taken back: the last move in force (not the
    opening, not an undo) is the seat's own. The API has the last word (hidden information)."""
    live = _live(entries)
    if seat is None or not live or live[-1].get("batch") == 1:
        return False
    who = live[-1].get("who") or {}
    return who.get("kind") == "player" and who.get("seat") == seat


def _game_context(game_id: str, *, spectate: bool = False) -> dict[str, Any]:
    viewer = None if spectate else me()
    head = queries.header(ctx(), game_id, viewer)
    version, view = queries.view(ctx(), head)
    language = lang()
    names = _names(head)
    mine: list[dict[str, Any]] = []
    if not spectate:
        _v, mine = queries.decisions(ctx(), head)
    prepared = forms.prepare(mine)
    targets, map_mode = forms.map_targets(prepared)
    module = queries.module_of(ctx(), head)
    entries = audit.entries(ctx(), head, after=max(0, head.version - LOG_TAIL), lang=language)
    if head.version > LOG_TAIL and not _live(entries):  # the tail is all undone: look further
        entries = audit.entries(ctx(), head, after=max(0, head.version - LOG_LIMIT),
                                lang=language)
    seating = seating_of(game_id, language)
    names = seating.now()
    texts = texts_of(module)
    said = _said(head, spectate)
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
        **_board(module, view, language, names, targets=targets,
                 title=i18n.t("game.board", language)),
        "seat_label": texts_of(module).seat(head.seat, language) if head.seat is not None
        else None,
        "text_help": _text_help(module, mine, view, language),
        "waiting": Name(_joined([names[w] for w in head.waiting_on
                                 if w < len(names) and (spectate or w != head.seat)], language)),
        "status_wait": _status_wait(head, names, asked, spectate, language),
        "head": head, "version": version, "view": view, "names": names, "decisions": prepared,
        "asked": asked,
        # A log line says something: events without a sentence (a turn's inner steps) are left out.
        "map_mode": map_mode, "log": with_talk([e for e in reversed(render_log(
            module, entries, language, names, seating, game_id)) if e["sentences"]], said,
            names),
        **_talk_context(head, said, names, spectate),
        "log_earlier": _earlier(game_id, entries, spectate),
        "ranking_names": _ranking_names(seating, language),
        **_seat_actions(head, module, seating, spectate),
        "spectate": spectate or head.seat is None, "undo": not spectate
        and head.seat is not None and head.status == progress.ACTIVE
        and _undoable(entries, head.seat),
        "tz": _tz(me()),
        # The game's words for its decision forms: its messages, and the labels of values.
        "prompt": lambda m: surface.prompt(module, Message(m["key"], m["params"]), language, names),
        "label": lambda of, value: surface.label(module, of, value, language, names, view),
        "to_accept": [s["name"] for s in head.seats if not s["accepted"]],
        "invitation": _invitation(head) if head.status == progress.INVITED else [],
        "can_accept": not spectate and head.status == progress.INVITED and head.seat is not None
        and not head.seats[head.seat]["accepted"],
        # the seats bots play, each with what its level is ("looks ahead, about 2 seconds a move")
        "bots": [{"name": x["name"], "level": x["bot"],
                  "about": surface.bot_about(module, x["bot"], language, ctx().settings.bot_budget)}
                 for x in head.seats if x.get("bot")],
    }


def _seat_actions(head: queries.Header, module: Any, seating: Seating, spectate: bool
                  ) -> dict[str, Any]:
    """What the reader may do with seats: resign, hand theirs to a bot or take it back, offer a
    seat (their own, or one whose player resigned), answer an offer made to them."""
    player = None if spectate else me()
    out: dict[str, Any] = {"seat_bot": None, "bot_levels": [], "offerable": [], "offers": []}
    if player is None or head.status != progress.ACTIVE:
        return out
    out["offers"] = [{"id": o.id, "seat": o.seat, "urls": {
        answer: url_for("web.answer_offer", game_id=head.id, offer_id=o.id, answer=answer)
        for answer in ("accept", "decline")}} for o in seats.offers_for(ctx(), head.id, player.id)]
    if head.seat is None:
        return out
    with db.read(ctx().engine) as conn:
        bot = conn.execute(select(tables.seats.c.bot).where(
            tables.seats.c.game_id == head.id, tables.seats.c.seat == head.seat)).scalar()
        vacated = [s for s in sorted(seating.current)
                   if s != head.seat and seats.is_vacated(conn, head.id, s, seating.current[s])]
        leave_to = conn.execute(select(tables.games.c.leave_to)
                                .where(tables.games.c.id == head.id)).scalar()
    level = seats.leave_level(module, leave_to)
    out["resign_then"] = (i18n.t("seat.then.bot", lang(), level=level) if level is not None
                          else i18n.t("seat.then.open", lang()))
    out["seat_bot"] = bot
    out["bot_levels"] = sorted(surface.bot_levels(module))
    # each level said in words, as the create-game page offers them
    out["bot_level_about"] = {level: surface.bot_about(module, level, lang(),
                                                       ctx().settings.bot_budget)
                              for level in out["bot_levels"]}
    out["offerable"] = [head.seat, *vacated]
    return out


def _joined(names: list[str], language: str) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Bob", "Ann, Bob and Cid"."""
    if len(names) < 2:
        return "".join(names)
    return i18n.t("list.and", language, first=", ".join(names[:-1]), last=names[-1])


def _status_wait(head: queries.Header, names: list[str], asked: list[str], spectate: bool,
                 language: str) -> str:
    """Who the game waits for, as the viewer reads it: the player to move is told what she must
    do (never that the game waits for her), and who else it waits for."""
    if head.status != progress.ACTIVE or not head.waiting_on:
        return ""
    mine = not spectate and head.seat in head.waiting_on and asked
    others = Name(_joined([names[w] for w in head.waiting_on  # « En attente d'Ann »
                           if w < len(names) and (spectate or w != head.seat or not mine)],
                          language))
    if not mine:
        return i18n.t("game.waiting_for", language, who=others) if others else ""
    line = " ".join(i18n.t("game.you_must", language, what=a) for a in asked)
    return f"{line} {i18n.t('game.also_waiting', language, who=others)}" if others else line


def _invitation(head: queries.Header) -> list[str]:
    from service.web import create  # (create adds its pages to this blueprint)

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


def _board(module: Any, view: dict[str, Any] | None, language: str, names: list[str], *,
           targets: list[str] | tuple[str, ...] = (), title: str | None = None) -> dict[str, Any]:
    """The game's boards for this view: its picture (SVG, or "" when it draws none: the page then
    shows the text board), its text board and its tables."""
    if not view:
        return {"svg": "", "board_text": "", "summary": None}
    boards = boards_of(module)
    return {"svg": boards.svg(view, language, names, targets=targets, title=title) or "",
            "board_text": boards.text(view, language, names),
            "summary": boards.summary(view, language, names)}


@blp.get("/games/<game_id>")
def game(game_id: str) -> str:
    return render_template("web/game.html", **_game_context(game_id))


@blp.get("/games/<game_id>/log")
def log(game_id: str) -> str:
    """The log up to event `upto` (LOG_PAGE events, newest first), as the game page shows its
    latest part, with a link further back: what happened earlier, without making the game page
    pay for it on every view."""
    spectate = request.args.get("watch") == "1"
    head = queries.header(ctx(), game_id, None if spectate else me())
    try:
        upto = min(int(request.args.get("upto", head.version)), head.version)
    except ValueError:
        abort(400)
    upto = max(upto, 0)
    module = queries.module_of(ctx(), head)
    language = lang()
    entries = audit.entries(ctx(), head, after=max(0, upto - LOG_PAGE), upto=upto,
                            lang=language)
    seating = seating_of(game_id, language)
    back = url_for("web.watch" if spectate else "web.game", game_id=game_id)
    return render_template(
        "web/log.html", game_title=surface.title(module, language), back=back, tz=_tz(me()),
        log=with_talk([e for e in reversed(render_log(module, entries, language, seating.now(),
                                                      seating, game_id)) if e["sentences"]],
                      _said(head, spectate), seating.now()),
        earlier=_earlier(game_id, entries, spectate) if entries else None)


@blp.get("/games/<game_id>/watch")
def watch(game_id: str) -> str:
    return render_template("web/game.html", **_game_context(game_id, spectate=True))


@blp.post("/games/<game_id>/accept")
def accept(game_id: str) -> BaseResponse:
    """The invitation mail's link leads here: accepting the seat (the last acceptance starts
    the game, service/lobby.py)."""
    player = _require_player()
    head = queries.header(ctx(), game_id, player)
    if head.seat is None:
        abort(403)
    started = lobby.accept(ctx(), game_id, player)
    flash(i18n.t("game.started_now" if started else "game.accepted", lang()), "ok")
    return redirect(url_for("web.game", game_id=game_id))


@blp.post("/games/<game_id>/play")
def play(game_id: str) -> BaseResponse:
    player = _require_player()
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
    sentences = [s for e in render_log(module, entries, language, _names(head))
                 for s in e["sentences"] if s]
    if sentences:
        more = " …" if len(sentences) > PLAYED_SENTENCES else ""
        return " ".join(sentences[:PLAYED_SENTENCES]) + more
    return _shown(module, command.to_json(), language)


@blp.post("/games/<game_id>/text")
def play_typed(game_id: str) -> BaseResponse:
    """The text box: the game's command language (emails/play.py, as in a mail reply) read and
    played for the player's seat."""
    from emails import i18n as mail_texts  # the quoting texts a mail's answer uses too
    from emails.play import CommandRefused, ParseError, PartlyPlayed, play_text

    player = _require_player()
    head = queries.header(ctx(), game_id, player)
    if head.seat is None:
        abort(403)
    language = lang()
    back = redirect(url_for("web.game", game_id=game_id) + "#decide")
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
            names = _names(head)
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
        moves = "; ".join(shown(c) for c in played.commands)
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
    player = _require_player()
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


def _seat_change(game_id: str, change: Any, done: str) -> BaseResponse:
    """Run a change of the reader's seat (service/seats.py) and say how it went."""
    language = lang()
    try:
        change()
    except ServiceError as error:
        flash(i18n.t("seat.failed", language, detail=said(error)), "error")
    else:
        flash(i18n.t(done, language), "ok")
    return redirect(url_for("web.game", game_id=game_id))


@blp.post("/games/<game_id>/resign")
def resign(game_id: str) -> BaseResponse:
    """Leave the game for good: only with the form's confirmation ticked."""
    player = _require_player()
    queries.header(ctx(), game_id, player)
    if request.form.get("confirm") != "yes":
        flash(i18n.t("seat.confirm_first", lang()), "error")
        return redirect(url_for("web.game", game_id=game_id) + "#seat")
    return _seat_change(game_id, lambda: seats.resign(ctx(), game_id, player), "seat.resigned")


@blp.post("/games/<game_id>/bot")
def hand_to_bot(game_id: str) -> BaseResponse:
    player = _require_player()
    queries.header(ctx(), game_id, player)
    level = request.form.get("level", "")[:16]
    return _seat_change(game_id, lambda: seats.to_bot(ctx(), game_id, player, level),
                        "seat.to_bot")


@blp.post("/games/<game_id>/take-back")
def take_back(game_id: str) -> BaseResponse:
    player = _require_player()
    queries.header(ctx(), game_id, player)
    return _seat_change(game_id, lambda: seats.take_back(ctx(), game_id, player),
                        "seat.taken_back")


@blp.post("/games/<game_id>/offer")
def offer_seat(game_id: str) -> BaseResponse:
    player = _require_player()
    queries.header(ctx(), game_id, player)
    seat = small_int(request.form.get("seat", ""))
    email = request.form.get("email", "")[:320]
    return _seat_change(game_id, lambda: seats.offer(ctx(), game_id, player, email, seat=seat),
                        "seat.offered")


@blp.post("/games/<game_id>/offers/<int:offer_id>/<any(accept, decline):answer>")
def answer_offer(game_id: str, offer_id: int, answer: str) -> BaseResponse:
    player = _require_player()
    queries.header(ctx(), game_id, player)
    return _seat_change(
        game_id, lambda: seats.answer(ctx(), game_id, player, answer == "accept", offer_id),
        "seat.offer_accepted" if answer == "accept" else "seat.offer_declined")


def _board_svg(game_id: str) -> str:
    """The game's board picture as the caller may see it; 404 when the game draws none."""
    head = queries.header(ctx(), game_id, me())
    _v, view = queries.view(ctx(), head)
    module = queries.module_of(ctx(), head)
    svg = boards_of(module).svg(view, lang(), _names(head)) if view else None
    if not svg:
        abort(404)
    return svg


@blp.get("/games/<game_id>/board.svg")
def board_image_svg(game_id: str) -> Response:
    return Response(_board_svg(game_id), mimetype="image/svg+xml",
                    headers={"Cache-Control": "private, no-store"})


@blp.get("/games/<game_id>/board.png")
def board_image_png(game_id: str) -> Response:
    """The same picture rasterised (service/pictures.py), as mails show it."""
    return Response(pictures.svg_to_png(_board_svg(game_id)), mimetype="image/png",
                    headers={"Cache-Control": "private, no-store"})


@blp.get("/games/<game_id>/replay")
def replay(game_id: str) -> str | tuple[str, int]:
    head = queries.header(ctx(), game_id, me())
    language = lang()
    if head.status != progress.OVER:
        return render_template("web/error.html", message=i18n.t("replay.only_over", language)), 409
    last = head.version
    at = small_int(request.args.get("at", ""))
    at = last if at is None else max(1, min(at, last))
    names = _names(head)
    module = queries.module_of(ctx(), head)
    problem = None
    try:
        _v, view = queries.view(ctx(), head, at=at, revealed=True)
    except Invalid:
        view, problem = None, i18n.t("replay.cannot_show", language)
    entries = queries.log(ctx(), head, after=0, upto=last, limit=LOG_LIMIT * 10)
    jumps = [{"at": e["seq"], "label": label}
             for e in entries for m in e["messages"]
             if (label := surface.milestone(module, Message(m["key"], m["params"]), language))]
    around = [e for e in render_log(module, [e for e in entries
                                             if at - AROUND <= e["seq"] <= at + AROUND],
                                    language, names) if e["sentences"] or e["seq"] == at]
    # What was said between these steps, as this reader may read it (the table's messages, and
    # their own private ones): placed after the step it was said at.
    around = list(reversed(with_talk(list(reversed(around)), _said(head, False),
                                     names, upto=min(at + AROUND, last))))
    event = [e for e in around if e["seq"] == at]
    return render_template("web/replay.html", head=head, at=at, last=last, view=view,
                           problem=problem, event=event, names=names, tz=_tz(me()),
                           jumps=jumps, around=around, rules=queries.rules_version(ctx(), head),
                           game_title=surface.title(module, language),
                           **_board(module, view, language, names,
                                    title=i18n.t("replay.step", language, at=at, last=last)))


AROUND = 6
"""How many steps before and after the replay's step its log shows."""


# --- table talk (service/talk.py) ------------------------------------------------------------------


def _said(head: queries.Header, spectate: bool) -> list[talk.Said]:
    """What the page's reader may read of the game's talk (a spectator: the table's only)."""
    player = None if spectate else me()
    seat = None if spectate else head.seat
    return talk.read(ctx(), head.id, seat, player.id if player is not None and seat is not None
                     else None)


def _talk_line(m: talk.Said, names: list[str]) -> dict[str, Any]:
    who = names[m.seat] if m.seat < len(names) else "?"
    to = names[m.to] if m.to is not None and m.to < len(names) else None
    return {"talk": True, "id": m.id, "seq": m.version, "who": who, "to": to, "text": m.text,
            "at": m.created_at, "sentences": []}


def with_talk(log: list[dict[str, Any]], said: list[talk.Said], names: list[str], *,
              upto: int | None = None) -> list[dict[str, Any]]:
    """The log (newest first) with the messages said while it happened, each placed right after
    the event that was the game's last when it was said. Messages said before the log's first
    entry are left to the page's talk panel (or the earlier log pages)."""
    if not log:
        return log
    first = min(e["seq"] for e in log)
    last = max(e["seq"] for e in log) if upto is None else upto
    lines = [_talk_line(m, names) for m in said if first <= m.version <= last]
    keyed = [((e["seq"], 0, 0), e) for e in log] + [((m["seq"], 1, m["id"]), m) for m in lines]
    return [e for _k, e in sorted(keyed, key=lambda kv: kv[0], reverse=True)]


def _talk_context(head: queries.Header, said: list[talk.Said], names: list[str],
                  spectate: bool) -> dict[str, Any]:
    player = None if spectate else me()
    speaking = head.seat is not None and player is not None and not spectate
    others = [{"seat": s["seat"], "name": s["name"]} for s in head.seats
              if s["seat"] != head.seat]
    return {"talk": [_talk_line(m, names) for m in said[-200:]],
            "talk_last": said[-1].id if said else 0,
            "talk_can": speaking, "talk_others": others if speaking else [],
            "talk_muted": talk.muted_seats(ctx(), head.id, player.id)
            if speaking and player is not None else [],
            "talk_max": talk.MAX_LENGTH}


@blp.post("/games/<game_id>/talk")
def talk_post(game_id: str) -> BaseResponse | tuple[Response, int]:
    """Say something at the table (the page's message box). Without JavaScript: back to the
    page; with it (Accept: application/json): the message or the refusal as JSON."""
    player = _require_player()
    head = queries.header(ctx(), game_id, player)
    wants_json = "application/json" in request.headers.get("Accept", "")
    if head.seat is None:
        abort(403)
    raw_to = request.form.get("to", "")
    to = small_int(raw_to) if raw_to else None
    try:
        sent = talk.say(ctx(), game_id, head.seat, request.form.get("text", ""),
                        None if not raw_to else raw_to if to is None else to,
                        source=Source("web"))
    except ServiceError as error:
        if wants_json:
            return jsonify({"error": said(error, head)}), error.status
        flash(said(error, head), "error")
        return redirect(url_for("web.game", game_id=game_id) + "#talk")
    if wants_json:
        return jsonify(sent.to_json(_names(head))), 201
    return redirect(url_for("web.game", game_id=game_id) + "#talk")


@blp.get("/games/<game_id>/talk.json")
def talk_since(game_id: str) -> Response:
    """The page's light poll: the messages after id `since` the reader may read."""
    spectate = request.args.get("watch") == "1"
    head = queries.header(ctx(), game_id, None if spectate else me())
    since = small_int(request.args.get("since", "0")) or 0
    player = None if spectate else me()
    seat = None if spectate else head.seat
    said_ = talk.read(ctx(), game_id, seat, player.id if player is not None and seat is not None
                      else None, since=since)
    return jsonify({"messages": [m.to_json(_names(head)) for m in said_]})


@blp.post("/games/<game_id>/mute")
def mute_post(game_id: str) -> BaseResponse:
    player = _require_player()
    head = queries.header(ctx(), game_id, player)
    if head.seat is None:
        abort(403)
    seat = small_int(request.form.get("seat", ""))
    if seat is None:
        abort(400)
    talk.mute(ctx(), game_id, player.id, seat, request.form.get("muted") == "1")
    return redirect(url_for("web.game", game_id=game_id) + "#talk")


# --- settings --------------------------------------------------------------------------------------

def _player_row(player: Player) -> Any:
    with db.read(ctx().engine) as conn:
        return conn.execute(select(tables.players).where(tables.players.c.id == player.id)).first()


@blp.get("/settings")
def settings() -> str:
    player = _require_player()
    return render_template("web/settings.html", row=_player_row(player),
                           zones=sorted(available_timezones()),
                           vacations=preferences.get(ctx(), player.id)["vacations"],
                           limits=preferences, tz=_tz(player))


@blp.get("/settings/my-data.json")
def my_data() -> Response:
    """The player's data (service/account.py), as a JSON file to save."""
    player = _require_player()
    import json

    body = json.dumps(accounts.export(ctx(), player), ensure_ascii=False, indent=2,
                      default=str)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": 'attachment; filename="my-data.json"'})


@blp.post("/settings/delete")
def delete_account() -> BaseResponse:
    """Delete the account: only with the player's address typed again (service/account.py)."""
    player = _require_player()
    language = lang()
    try:
        accounts.delete_account(ctx(), player, confirm=request.form.get("confirm", "")[:320])
    except ServiceError as error:
        flash(i18n.t("settings.invalid", language, detail=said(error)), "error")
        return redirect(url_for("web.settings") + "#delete")
    session.clear()
    flash(i18n.t("settings.deleted", language), "ok")
    return redirect(url_for("web.sign_in"))


@blp.post("/settings")
def settings_post() -> BaseResponse:
    """Every setting of the page through `preferences.change`, the API's and the command line's
    one path: the same checks (vacations included), one transaction, and the player's running
    deadlines move with their vacations."""
    player = _require_player()
    form = request.form
    language = lang()
    try:
        # An id no vacation can have (not a number, too long) cancels nothing.
        cancel = [n for v in form.getlist("cancel_vacation") if (n := small_int(v)) is not None]
        zone = form.get("time_zone", player.time_zone)
        away = _vacation_window(form, zone)
        preferences.change(ctx(), player.id, preferences.Change(
            name=(form.get("name", "").strip() or player.name)[:100],
            language=form.get("language", player.language), time_zone=zone,
            email_notifications=form.get("email_notifications") == "on",
            daily_digest=form.get("daily_digest") == "on",
            talk_mail=form.get("talk_mail") or None,
            add=[away] if away is not None else [], cancel=cancel))
    except ServiceError as error:
        flash(i18n.t("settings.invalid", language, detail=error.detail), "error")
        return redirect(url_for("web.settings"))
    flash(i18n.t("settings.saved", form.get("language", player.language)), "ok")
    return redirect(url_for("web.settings"))


@blp.post("/settings/email")
def settings_email_post() -> BaseResponse | tuple[str, int, dict[str, str]]:
    """A new address (or the same one again, once it works again): a link is mailed to it, and
    the address is the player's once the link is used (players.confirm_email)."""
    player = _require_player()
    try:
        address = players.request_email_change(ctx(), player.id,
                                               request.form.get("email", "")[:400])
    except SendLimited as error:
        return too_many(error)
    except ServiceError as error:
        flash(i18n.t("settings.invalid", lang(), detail=said(error)), "error")
        return redirect(url_for("web.settings"))
    flash(i18n.t("settings.email_sent", lang(), email=address), "ok")
    return redirect(url_for("web.settings"))


@blp.get("/settings/email/<ticket>")
def email_confirm(ticket: str) -> str:
    """The link in the confirmation mail opens a page with one button (a mail scanner that
    fetches the link changes nothing)."""
    shown = players.email_in_ticket(ctx(), ticket[:2000]) or ""
    return render_template("web/email_confirm.html", ticket=ticket, email=shown)


@blp.post("/settings/email/<ticket>")
def email_confirm_post(ticket: str) -> BaseResponse | tuple[str, int]:
    try:
        player = players.confirm_email(ctx(), ticket[:2000])
    except ServiceError as error:
        return render_template("web/error.html", message=said(error)), 422
    flash(i18n.t("email.confirmed", player.language, email=player.email), "ok")
    return redirect(url_for("web.settings") if me() is not None else url_for("web.sign_in"))


def _tz_named(zone: str) -> ZoneInfo:
    try:
        return ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _vacation_window(form: Any, zone: str) -> tuple[datetime, datetime] | None:
    """The form's dates as a window of whole days in the player's time zone (no first day:
    from today)."""
    start, end = form.get("away_from", "").strip(), form.get("away_to", "").strip()
    if not start and not end:
        return None
    tz = _tz_named(zone)  # a bad zone is refused with the rest of the form
    try:
        first = date.fromisoformat(start) if start else clock.now().astimezone(tz).date()
        last = date.fromisoformat(end)
    except ValueError:
        raise Invalid(i18n.t("settings.bad_date", lang())) from None
    if last < first:
        raise Invalid(i18n.t("settings.bad_date", lang()))
    return preferences.days(first, last, tz)
