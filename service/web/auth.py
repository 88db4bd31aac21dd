"""Signing in and out: the sign-in page, the magic link's page, the home address."""

from __future__ import annotations

import re

from flask import flash, g, redirect, render_template, request, session, url_for
from sqlalchemy import update
from werkzeug.wrappers import Response as BaseResponse

from service import db, players, tables
from service.api.state import ctx
from service.errors import Invalid, ServiceError
from service.limits import SendLimited
from service.store import now
from service.web import i18n
from service.web.common import blp, lang, me, said
from service.web.site import too_many

SAME_SITE_PATH = re.compile(r"/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*")
"""A path on this site: one leading slash and URL characters only. Browsers drop tabs and
newlines from a URL and read a backslash as a slash, so "/\t/evil.example" would lead to
//evil.example, another site."""


def _safe_next(target: str | None) -> str:
    if target and SAME_SITE_PATH.fullmatch(target):
        return target
    return url_for("web.my_games")


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
