"""Mail's small web part: one-click unsubscribe (RFC 8058) and, in the embedded/dev mode only, the
local outbox at /dev/outbox (the .eml files the sender wrote to `<instance>/mail/`)."""

from __future__ import annotations

import email
from email import policy
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, abort, current_app, render_template_string, request
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import update

from emails.outbound import UNSUBSCRIBE_SALT
from service import db
from service.tables import players

unsubscribe_bp = Blueprint("mail_unsubscribe", __name__)
dev_bp = Blueprint("dev_outbox", __name__)

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{{ title }}</title></head>
<body style="font-family: sans-serif; max-width: 900px">{{ body }}</body></html>"""


def _service() -> Any:
    return current_app.extensions["pbem"]


def _player_id(ticket: str) -> int:
    try:
        data = URLSafeSerializer(_service().settings.secret_key, salt=UNSUBSCRIBE_SALT).loads(ticket)
    except BadSignature:
        abort(404)
    if not isinstance(data, dict) or not isinstance(data.get("p"), int):
        abort(404)
    return data["p"]


@unsubscribe_bp.get("/mail/unsubscribe/<ticket>")
def unsubscribe_page(ticket: str) -> str:
    _player_id(ticket)
    return render_template_string(PAGE, title="Notifications", body=render_template_string(
        '<p>Stop the turn and reminder mails of El Grande?</p><form method="post">'
        '<button>Stop them</button></form><p><a href="/settings">Notification settings</a></p>'))


@unsubscribe_bp.post("/mail/unsubscribe/<ticket>")
def unsubscribe(ticket: str) -> str:
    """One click (RFC 8058: `List-Unsubscribe=One-Click` posted by the mail client) switches the
    player's notifications off; the settings page switches them on again."""
    player_id = _player_id(ticket)
    with db.write(_service().engine) as conn:
        conn.execute(update(players).where(players.c.id == player_id)
                     .values(email_notifications=False))
    return render_template_string(PAGE, title="Notifications", body=render_template_string(
        '<p>Done: no more turn and reminder mails. <a href="/settings">Settings</a></p>'))


def _folder() -> Path:
    return Path(_service().settings.instance) / "mail"


@dev_bp.get("/dev/outbox")
def outbox() -> str:
    files = sorted(_folder().glob("*.eml"), key=lambda p: p.stat().st_mtime, reverse=True)[:200]
    rows = []
    for path in files:
        msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        rows.append({"name": path.stem, "to": str(msg["To"]), "subject": str(msg["Subject"]),
                     "date": str(msg["Date"])})
    return render_template_string(PAGE, title="Outbox", body=render_template_string(
        "<h1>Local outbox</h1><p>Mails the service would have sent (no SMTP server configured)."
        "</p><table cellpadding=4><tr><th>date</th><th>to</th><th>subject</th></tr>"
        "{% for r in rows %}<tr><td>{{ r.date }}</td><td>{{ r.to }}</td><td>"
        "<a href='/dev/outbox/{{ r.name }}'>{{ r.subject }}</a></td></tr>{% endfor %}</table>",
        rows=rows))


@dev_bp.get("/dev/outbox/<name>")
def outbox_mail(name: str) -> Any:
    path = _folder() / f"{name}.eml"
    if "/" in name or ".." in name or not path.is_file():
        abort(404)
    msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
    if request.args.get("raw"):
        return path.read_text(errors="replace"), 200, {"Content-Type": "text/plain; charset=utf-8"}
    part = msg.get_body(preferencelist=("plain",))
    text = part.get_content() if part is not None else ""
    return render_template_string(PAGE, title=str(msg["Subject"]), body=render_template_string(
        "<p><a href='/dev/outbox'>← outbox</a> · <a href='?raw=1'>raw</a></p>"
        "<p><b>{{ subject }}</b><br>To: {{ to }}<br>Reply-To: {{ reply_to }}</p><pre>{{ text }}</pre>",
        subject=str(msg["Subject"]), to=str(msg["To"]), reply_to=str(msg["Reply-To"] or ""),
        text=text))


def init_app(app: Flask, *, dev_outbox: bool = False) -> None:
    app.register_blueprint(unsubscribe_bp)
    csrf = app.extensions.get("csrf")
    if csrf is not None:
        csrf.exempt(unsubscribe_bp)  # a mail client posts it: no form token, the ticket is signed
    if dev_outbox:
        app.register_blueprint(dev_bp)
