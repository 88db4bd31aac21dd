"""The helpers every page family of the web board shares: the blueprint, who is looking and in
which language, the CSRF check, the signed-in player a page requires, refusals in the reader's
words, small numbers from forms, names, time zones, the `localtime` filter. No page lives here:
page modules import these, and nothing private of one another.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from flask import Blueprint, abort, current_app, flash, g, redirect, request, session, url_for

from domain.core.errors import RuleError
from service import queries
from service.api.state import ctx
from service.errors import ServiceError
from service.players import Player
from service.web import i18n

blp = Blueprint("web", __name__, template_folder="templates", static_folder="static",
                static_url_path="/web/static")
"""The web pages' one blueprint: every page family's module adds its pages to it."""


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


@blp.app_template_filter("localtime")
def _localtime(stamp: Any, tz: ZoneInfo) -> str:
    if not isinstance(stamp, datetime):
        return ""
    when = stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=ZoneInfo("UTC"))
    with contextlib.suppress(OverflowError):  # the end of 9999, east of Greenwich: shown in UTC
        when = when.astimezone(tz)
    return when.strftime("%Y-%m-%d %H:%M %Z")


def require_player() -> Player:
    player = me()
    if player is None:
        flash(i18n.t("signin.needed", lang()), "info")
        abort(redirect(url_for("web.sign_in", next=request.path)))
    return player


def said(error: ServiceError | RuleError, head: queries.Header | None = None) -> str:
    """A refusal as the player reads it: in their language, the game's players by name."""
    names: list[str] = []
    if head is not None:
        names = names_of(head)
    elif isinstance(game_id := (request.view_args or {}).get("game_id"), str):
        with contextlib.suppress(ServiceError):
            names = names_of(queries.header(ctx(), game_id, None))
    return error.render(lang(), names)


def small_int(raw: str) -> int | None:
    """A whole number a form or query sent, when it is one a database column holds: ASCII digits
    only (str.isdigit also says yes to "²", which int() refuses), at most 9 of them."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


def tz_of(player: Player | None) -> ZoneInfo:
    try:
        return ZoneInfo(player.time_zone if player else "UTC")
    except Exception:
        return ZoneInfo("UTC")


def names_of(head: queries.Header) -> list[str]:
    """The seats' holders by name, as the reader sees them: an open seat and a deleted account
    in the reader's words (their stored names are English), on the page, the board and the log
    alike."""
    language = lang()
    return [i18n.t("account.open_seat", language) if s.get("open")
            else i18n.t("account.deleted_name", language) if s.get("deleted") else s["name"]
            for s in head.seats]


def joined(names: list[str], language: str) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Bob", "Ann, Bob and Cid"."""
    if len(names) < 2:
        return "".join(names)
    return i18n.t("list.and", language, first=", ".join(names[:-1]), last=names[-1])
