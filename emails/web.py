"""Mail's small web part: one-click unsubscribe (RFC 8058) and, in the embedded/dev mode only, the
local outbox at /dev/outbox (the .eml files the sender wrote to `<instance>/mail/`): each
signed-in player sees their own mails there; the operator reads every mail with `pbem outbox`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, render_template_string, request
from itsdangerous import BadSignature, URLSafeSerializer
from markupsafe import Markup
from sqlalchemy import update

from domain.core import surface
from emails import local_outbox
from emails.i18n import t
from emails.outbound import UNSUBSCRIBE_SALT
from service import db, meet
from service.players import get as get_player
from service.tables import players

unsubscribe_bp = Blueprint("mail_unsubscribe", __name__)
dev_bp = Blueprint("dev_outbox", __name__)

PAGE = """<!doctype html><html lang="{{ lang }}"><head><meta charset="utf-8"><title>{{ title }}</title></head>
<body style="font-family: sans-serif; max-width: 900px">{{ body }}</body></html>"""


def _page(title: str, body: str, **context: Any) -> str:
    """`body` rendered with `context` (autoescaped: a mail's contents are shown as text), then
    put in PAGE as the markup it now is."""
    return render_template_string(PAGE, title=title, lang=context.get("lang", "en"),
                                  body=Markup(render_template_string(body, **context)))


def _service() -> Any:
    return current_app.extensions["pbem"]


def _ticket(ticket: str) -> tuple[int, str | None]:
    """The ticket's player, and the game whose open games' mail it stops (None: the player's
    notifications); a ticket that is not ours, or names a game no longer served, is a 404."""
    try:
        data = URLSafeSerializer(_service().settings.secret_key, salt=UNSUBSCRIBE_SALT).loads(ticket)
    except BadSignature:
        abort(404)
    if not isinstance(data, dict) or not isinstance(data.get("p"), int):
        abort(404)
    game = data.get("g")
    if game is not None and game not in _service().games:
        abort(404)
    return data["p"], game


def _title(game: str, lang: str) -> str:
    return surface.title(_service().games[game], lang)


def _language(player_id: int) -> str:
    """The ticket's player's language (their preference), English when the player is gone."""
    with db.read(_service().engine) as conn:
        player = get_player(conn, player_id)
    return player.language if player is not None else "en"


@unsubscribe_bp.get("/mail/unsubscribe/<ticket>")
def unsubscribe_page(ticket: str) -> str:
    """The page a mail's "stop these notifications" link opens: the ticket names the player, so
    it speaks their language (nobody is signed in here)."""
    player_id, game = _ticket(ticket)
    lang = _language(player_id)
    ask = t("unsub.game_ask", lang, title=_title(game, lang)) if game else t("unsub.ask", lang)
    return _page(t("unsub.title", lang), '<p>{{ ask }}</p>'
                 '<form method="post"><button>{{ stop }}</button></form>'
                 '<p><a href="/settings">{{ settings }}</a></p>', lang=lang,
                 ask=ask, stop=t("unsub.stop", lang),
                 settings=t("unsub.settings", lang))


@unsubscribe_bp.post("/mail/unsubscribe/<ticket>")
def unsubscribe(ticket: str) -> str:
    """One click (RFC 8058: `List-Unsubscribe=One-Click` posted by the mail client) switches the
    player's notifications off; the settings page switches them on again."""
    player_id, game = _ticket(ticket)
    lang = _language(player_id)
    if game is not None:  # the mail about new open games of one game: that alone stops
        meet.unsubscribe(_service(), player_id, game)
        done = t("unsub.game_done", lang, title=_title(game, lang))
    else:
        with db.write(_service().engine) as conn:
            conn.execute(update(players).where(players.c.id == player_id)
                         .values(email_notifications=False))
        done = t("unsub.done", lang)
    return _page(t("unsub.title", lang), '<p>{{ done }} <a href="/settings">{{ settings }}</a></p>',
                 lang=lang, done=done,
                 settings=t("unsub.settings_short", lang))


def _folder() -> Path:
    return local_outbox.folder_of(_service().settings.instance)


def _reader() -> Any:
    """The signed-in player (the web session, as the app's `reader` finds it), or None."""
    return current_app.extensions["pbem_mail"]["reader"]()


@dev_bp.after_request
def _private(response: Response) -> Response:
    """These pages hold sign-in links and reply addresses: never cached, nor framed, nor sent
    on as a Referer."""
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["Content-Security-Policy"] = (
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'")
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.vary.add("Cookie")
    return response


@dev_bp.get("/dev/outbox")
def outbox() -> str:
    """The signed-in player's own mails. Nobody else's: a sign-in link or a reply address in a
    mail lets its reader act as the recipient. Not signed in, the page says how to get in."""
    player = _reader()
    if player is None:
        return _page("Outbox", OUTBOX_SIGNED_OUT)
    return _page("Outbox", OUTBOX_LIST, mails=local_outbox.mails(_folder(), to=player.email),
                 email=player.email)


@dev_bp.get("/dev/outbox/<name>")
def outbox_mail(name: str) -> Any:
    player = _reader()
    mail = local_outbox.find(_folder(), name)
    if player is None or mail is None or player.email.lower() not in mail.recipients:
        abort(404)  # whether a mail exists for someone else is not told either
    if request.args.get("raw"):
        return (mail.path.read_text(errors="replace"), 200,
                {"Content-Type": "text/plain; charset=utf-8"})
    msg = mail.message()
    return _page(mail.subject, OUTBOX_MAIL, subject=mail.subject, to=mail.to,
                 reply_to=str(msg["Reply-To"] or ""), text=mail.text())


OUTBOX_SIGNED_OUT = """<h1>Local outbox</h1>
<p>No mail server is configured, so the service keeps its mails here instead of sending them.
Each player sees their own mails on this page once signed in.</p>
<p>To sign in, ask for a link on <a href="/login">the sign-in page</a>; whoever runs the service
reads it on the server: <code>.venv/bin/pbem outbox show --to YOUR@ADDRESS</code> prints the
newest mail to that address.</p>"""

OUTBOX_LIST = """<h1>Your mails</h1>
<p>Mails the service would have sent to {{ email }} (no mail server is configured).</p>
<table cellpadding="4"><tr><th>date</th><th>subject</th></tr>
{% for m in mails %}<tr><td>{{ m.date }}</td>
<td><a href="/dev/outbox/{{ m.name }}">{{ m.subject }}</a></td></tr>
{% else %}<tr><td colspan="2">No mail yet.</td></tr>{% endfor %}</table>"""

OUTBOX_MAIL = """<p><a href="/dev/outbox">← outbox</a> · <a href="?raw=1">raw</a></p>
<p><b>{{ subject }}</b><br>To: {{ to }}<br>Reply-To: {{ reply_to }}</p><pre>{{ text }}</pre>"""


def init_app(app: Flask, *, reader: Callable[[], Any], dev_outbox: bool = False) -> None:
    """Register the mail pages; `reader()` is the player signed in to the web pages, or None."""
    app.extensions["pbem_mail"] = {"reader": reader}
    app.register_blueprint(unsubscribe_bp)
    csrf = app.extensions.get("csrf")
    if csrf is not None:
        csrf.exempt(unsubscribe_bp)  # a mail client posts it: no form token, the ticket is signed
    if dev_outbox:
        app.register_blueprint(dev_bp)
