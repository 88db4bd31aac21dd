"""Outbound mail: one notification (an outbox row) → one message.

A minimal plain-text renderer behind one function, `build_message`, which issue 5 replaces with
templates (translations, the board, reply addresses). The Message-ID is derived from the outbox row
alone, so every attempt to send the same notification carries the same Message-ID: a receiver (or
a relay) that sees it twice after a retry can tell it is the same message.
"""

from __future__ import annotations

from collections.abc import Mapping
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from typing import Any

SUBJECTS = {
    "invitation": "You are invited to a game of El Grande ({game_id})",
    "game-started": "Your game {game_id} has started",
    "your-turn": "Your turn in game {game_id}",
    "reminder": "Reminder: game {game_id} is waiting for you",
    "final-warning": "Last call: your deadline in game {game_id} is near",
    "game-paused": "Game {game_id} is paused: a deadline passed",
    "game-over": "Game {game_id} is over",
    "digest": "Your games waiting for you ({date})",
    "magic-link": "Your sign-in link",
}


def message_id(row: Any, domain: str) -> str:
    """Stable for the row: the same on every attempt."""
    return f"<outbox-{row.id}.{row.game_id or 'pbem'}@{domain}>"


def _field(row: Any, name: str) -> Any:
    return row[name] if isinstance(row, Mapping) else getattr(row, name)


def build_message(notification_row: Any, player: Any, *, sender: str = "El Grande <pbem@localhost>",
                  links: Mapping[str, str] | None = None) -> EmailMessage:
    """The mail for one outbox row (id, game_id, kind, payload, created_at) to `player` (email,
    name). `links`: URLs the worker made for this mail (e.g. the magic link's `login`)."""
    row = notification_row
    kind = _field(row, "kind")
    payload = dict(_field(row, "payload") or {})
    game_id = _field(row, "game_id")
    fields = {"game_id": game_id or "", "date": payload.get("date", ""), **payload}
    msg = EmailMessage()
    domain = sender.rpartition("@")[2].rstrip(">") or "localhost"
    msg["Message-ID"] = message_id(row, domain)
    msg["From"] = sender
    msg["To"] = formataddr((player.name, player.email))
    msg["Subject"] = SUBJECTS.get(kind, "El Grande: {kind}").format_map(
        {**fields, "kind": kind})
    msg["Date"] = format_datetime(_field(row, "created_at"))
    msg["Auto-Submitted"] = "auto-generated"
    if game_id:
        msg["X-PBEM-Game"] = game_id
    msg.set_content(_body(kind, player, payload, game_id, links or {}))
    return msg


def _body(kind: str, player: Any, payload: dict[str, Any], game_id: str | None,
          links: Mapping[str, str]) -> str:
    lines = [f"Hello {player.name},", ""]
    if kind == "digest":
        lines.append("These games are waiting for you:")
        lines += [f"  - game {g['game_id']} (seat {g['seat']}), due {g['due_at']}"
                  for g in payload.get("games", [])]
    elif kind == "magic-link":
        lines.append(f"Sign in: {links.get('login', '(no link)')}")
    elif kind == "game-paused":
        lines.append(f"Game {game_id} is paused: seat {payload.get('seat')} did not decide "
                     f"{payload.get('decision')!r} by {payload.get('due_at')}.")
    elif kind in ("reminder", "final-warning"):
        lines.append(f"Game {game_id} is waiting for your decision (seat {payload.get('seat')}); "
                     f"the deadline is {payload.get('due_at')}.")
    else:
        lines.append(SUBJECTS.get(kind, kind).format_map({"game_id": game_id or "", **payload})
                     + ".")
    lines += ["", "-- ", "El Grande by mail"]
    return "\n".join(lines) + "\n"
