"""Outbound mail: one notification (an outbox row) → one message, from Jinja2 templates.

`build_message(notification_row, player)` is what the outbox sender (workers/mail.py) calls. The
text and HTML parts come from `templates/mail.txt.j2` and `mail.html.j2`, in the player's language
(en/fr/it; sentences in `emails/i18n.py`, the game's own from its module's `texts`). A game mail
shows the board as this player may see it (the game's `boards` for their seat's view: a plain-text
board, its tables in HTML, and its picture as PNG inline when it draws one and cairo is there),
what happened since their last move (`redact` + `describe` + `texts`), and for a pending decision
the exact commands they may reply with and one example filled in from the real position (the
game's `language`).

Headers: a Message-ID derived from the outbox row alone (the same on every attempt to send it),
In-Reply-To/References to the game's thread root (`<game-ID@domain>`) so a game's mails thread
together (a reply to an inbound mail also references that mail), Reply-To the seat's reply address
(emails/addresses.py), List-Unsubscribe with one-click POST (RFC 8058) to /mail/unsubscribe.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid, parseaddr
from pathlib import Path
from typing import Any

from itsdangerous import URLSafeSerializer
from jinja2 import Environment, FileSystemLoader, select_autoescape

from emails.i18n import t as translate
from emails.i18n import typography
from service.players import header_safe
from service.settings import DEFAULT_MAIL_FROM, SITE_NAMES

log = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "pbem-unsubscribe"
_env = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"),
                   autoescape=select_autoescape(["html.j2"]), trim_blocks=False,
                   keep_trailing_newline=True)


def message_id(row: Any, domain: str) -> str:
    """Stable for the row: the same on every attempt."""
    return f"<outbox-{_field(row, 'id')}.{_field(row, 'game_id') or 'pbem'}@{domain}>"


def thread_id(game_id: str, domain: str) -> str:
    """The root every mail of a game refers to, so that mail clients thread them together."""
    return f"<game-{game_id}@{domain}>"


def _field(row: Any, name: str) -> Any:
    return row[name] if isinstance(row, Mapping) else getattr(row, name)


def unsubscribe_ticket(secret: str, player_id: int, *, game: str | None = None) -> str:
    """The signed ticket of a mail's unsubscribe link: the player's notifications, or with
    `game` only their mail about new open games of that game (`emails/web.py`)."""
    data: dict[str, Any] = {"p": player_id}
    if game is not None:
        data["g"] = game
    return URLSafeSerializer(secret, salt=UNSUBSCRIBE_SALT).dumps(data)


def _sender_in(sender: str, lang: str, ctx: Any) -> str:
    """The sender as the reader reads it: the neutral default name in their language ("Jeux par
    courriel", "Giochi per posta"), never the English one in every language; a name the operator
    chose (PBEM_SITE_NAME, PBEM_MAIL_FROM) as written."""
    name, address = parseaddr(sender)
    if name == SITE_NAMES["en"] and not getattr(ctx.settings, "site_name", None):
        return formataddr((ctx.settings.site(lang), address))
    return sender


def build_message(notification_row: Any, player: Any, *, sender: str = DEFAULT_MAIL_FROM,
                  links: Mapping[str, str] | None = None, ctx: Any = None,
                  talk_upto: int | None = None) -> EmailMessage:
    """The mail for one outbox row (id, game_id, kind, payload, created_at) to `player` (email,
    name, language). `links`: URLs the worker made for this mail (e.g. the magic link's `login`).
    `ctx`: the service context (default: the configured one) for the game's state and settings.
    `talk_upto`: carry the table talk not yet mailed to the player, up to this message id (the
    sender marks those as mailed once the mail is sent; None: no table talk)."""
    from emails import render

    row = notification_row
    kind = _field(row, "kind")
    payload = dict(_field(row, "payload") or {})
    game_id = _field(row, "game_id")
    lang = getattr(player, "language", "en") or "en"
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    if ctx is None:
        from service import context

        ctx = context.current()
    data = render.context_for(ctx, row, player, lang, sender=sender, links=links or {},
                              talk_upto=talk_upto)
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    msg = EmailMessage()
    msg["Message-ID"] = message_id(row, domain)
    msg["From"] = _sender_in(sender, lang, ctx)
    # The confirmation of a new address goes to that address, not to the one that bounces.
    to = payload.get("to") if kind == "email-confirm" and payload.get("to") else player.email
    # A name stored before names were checked may hold a line break: as a space, it cannot end
    # a header (Python refused to write it, and the whole mail failed).
    msg["To"] = formataddr((header_safe(player.name), to))
    msg["Subject"] = header_safe(data["subject"])
    msg["Date"] = format_datetime(_field(row, "created_at"))
    msg["Auto-Submitted"] = "auto-generated" if kind != "mail-reply" else "auto-replied"
    msg["Content-Language"] = lang
    if game_id:
        msg["X-PBEM-Game"] = game_id
        root = thread_id(game_id, domain)
        parent = payload.get("in_reply_to")
        msg["In-Reply-To"] = parent or root
        msg["References"] = " ".join(dict.fromkeys([root, *([parent] if parent else [])]))
    if data.get("reply_to"):
        # The game's own name, so that a reply's To says which game (and which one) it goes to.
        msg["Reply-To"] = formataddr((header_safe(f"{data['title']} {game_id or ''}".strip()),
                                      data["reply_to"]))
    if data.get("unsubscribe"):
        msg["List-Unsubscribe"] = f"<{data['unsubscribe']}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        msg["List-Id"] = f"{ctx.settings.site()} <games.{domain}>"  # the site's: every game
    png = data.pop("png", None)
    if png:
        data["board_png"] = make_msgid("board", domain)[1:-1]
    body = {**data, "t": t, "lang": lang}
    msg.set_content(typography(_env.get_template("mail.txt.j2").render(body), lang))
    msg.add_alternative(typography(_env.get_template("mail.html.j2").render(body), lang),
                        subtype="html")
    if png:
        html = msg.get_payload()[1]
        html.add_related(png, maintype="image", subtype="png", cid=f"<{data['board_png']}>",
                         filename="board.png")
    # Headers are written unfolded (up to RFC 5322's 998 characters): Python's folding of a
    # non-ASCII header puts the space between two encoded words, where readers drop it ("votre
    # délai" arrived as "votredélai", CPython gh-92081). The parts were encoded above already.
    msg.policy = msg.policy.clone(max_line_length=998)
    return msg
