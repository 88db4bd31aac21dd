"""Players, their bearer tokens and their magic links.

A bearer token is shown once, when minted; only its SHA-256 is stored, so a leaked database does not
leak working tokens (the tokens are 256 random bits: a plain hash is enough, no slow KDF needed).
A magic link carries a signed, expiring, single-use ticket (itsdangerous); exchanging it mints a
session token that expires.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from domain.core.i18n import LANGUAGES
from service import db
from service.context import Context
from service.errors import Invalid, Unauthorized
from service.store import now
from service.tables import magic_links_used, players, tokens

TOKEN_PREFIX = "pbem_"
_EMAIL = re.compile(r"^[^@\s<>\"\x00-\x1f]+@[^@\s<>\"\x00-\x1f]+\.[^@\s<>\"\x00-\x1f]+$")
_MAGIC_SALT = "pbem-magic-link"
BOT_DOMAIN = "bots.invalid"
"""Bot seats' per-game player rows have an address here (RFC 2606: never delivered)."""


@dataclass(frozen=True)
class Player:
    id: int
    email: str
    name: str
    language: str
    time_zone: str

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "email": self.email, "name": self.name,
                "language": self.language, "time_zone": self.time_zone}


def normalise_email(email: str) -> str:
    email = email.strip().lower()
    if len(email) > 320 or not _EMAIL.match(email):
        raise Invalid(f"{email!r} is not an email address (expected name@domain.tld).")
    return email


MAX_ADDRESS = 254
"""The longest address SMTP carries (RFC 5321: a path of 256 octets with its brackets)."""


def deliverable(email: str) -> bool:
    """Whether the service's mail can reach `email`: ASCII (the relay is not assumed to take
    SMTPUTF8; an internationalised domain written in IDNA, `xn--…`, is ASCII) and at most
    MAX_ADDRESS characters. A seat's address is refused at creation otherwise: an invitation
    that fails five times and tells nobody is worse."""
    return email.isascii() and len(email) <= MAX_ADDRESS


DELETED_DOMAIN = "deleted.invalid"
"""The domain of a deleted account's address (`service.account`): never delivered."""


def is_bot_email(email: str) -> bool:
    return email.lower().endswith("@" + BOT_DOMAIN)


MAX_NAME = 100
CONTROLS = frozenset({"Cc", "Zl", "Zp", "Cs"})
"""The characters no name may hold: control characters (NUL, CR, LF, TAB, ESC…), line and
paragraph separators, lone surrogates. They break what carries a name (a mail's headers,
PostgreSQL's text, a page's layout) and no one's name needs them."""

NAME_TEXTS: dict[str, tuple[str, str, str]] = {
    "name.length": ("A display name has 1 to {most} characters.",
                    "Un nom affiché a de 1 à {most} caractères.",
                    "Un nome visualizzato ha da 1 a {most} caratteri."),
    "name.controls": ("A display name is one line of visible characters: no line break, tab or "
                      "other control character.",
                      "Un nom affiché est une ligne de caractères visibles : ni saut de ligne, "
                      "ni tabulation, ni autre caractère de contrôle.",
                      "Un nome visualizzato è una riga di caratteri visibili: niente a capo, "
                      "tabulazioni o altri caratteri di controllo."),
}
"""What a refused name says, in en, fr and it."""


def check_name(name: str, lang: str = "en") -> str:
    """The display name to store (without the spaces around it), or Invalid in `lang` saying
    what a name may be: 1 to MAX_NAME characters, none of them a control character. Every way a
    name comes in checks it (the web's and the command line's settings, `pbem player add`, an
    imported record's seats)."""
    index = LANGUAGES.index(lang) if lang in LANGUAGES else 0
    if any(unicodedata.category(c) in CONTROLS for c in name):
        raise Invalid(NAME_TEXTS["name.controls"][index], allowed={"max": MAX_NAME,
                                                                   "controls": False})
    stripped = name.strip()
    if not 1 <= len(stripped) <= MAX_NAME:
        raise Invalid(NAME_TEXTS["name.length"][index].format(most=MAX_NAME),
                      allowed={"max": MAX_NAME})
    return stripped


def header_safe(text: str) -> str:
    """`text` with every control character, line or paragraph separator as a space: what a mail
    header may carry of a name stored before names were checked (a CR or LF would end the
    header, and Python refuses to write it: the whole mail failed)."""
    return "".join(" " if unicodedata.category(c) in CONTROLS else c for c in text)
def is_unmailable(email: str) -> bool:
    """An address no mail goes to: a bot's, an open seat's, a deleted account's (RFC 2606's
    `.invalid`, never delivered anyway)."""
    return email.lower().endswith(".invalid")


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise Invalid(f"Language {language!r} is not offered; allowed: {', '.join(LANGUAGES)}.",
                      allowed=list(LANGUAGES))
    return language


def check_time_zone(tz: str) -> str:
    try:
        ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise Invalid(f"{tz!r} is not a time zone; use an IANA name such as Europe/Paris.",
                      allowed=[*sorted(available_timezones())[:5], "…"]) from None
    return tz


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _row_to_player(row: object) -> Player:
    return Player(row.id, row.email, row.name, row.language, row.time_zone)  # type: ignore[attr-defined]


def find_by_email(conn: Connection, email: str) -> Player | None:
    row = conn.execute(select(players).where(players.c.email == email.strip().lower())).first()
    return _row_to_player(row) if row else None


def get(conn: Connection, player_id: int) -> Player | None:
    row = conn.execute(select(players).where(players.c.id == player_id)).first()
    return _row_to_player(row) if row else None


def ensure(conn: Connection, email: str, *, name: str | None = None, language: str = "en",
           time_zone: str = "UTC") -> Player:
    """The player with this email, created (in the caller's transaction) if new."""
    email = normalise_email(email)
    found = find_by_email(conn, email)
    if found:
        return found
    display = check_name(name, language) if name is not None else (
        email.split("@")[0].strip()[:MAX_NAME] or email[:MAX_NAME])
    result = conn.execute(insert(players).values(
        email=email, name=display, language=check_language(language),
        time_zone=check_time_zone(time_zone), created_at=now()).returning(players.c.id))
    return Player(result.scalar_one(), email, display, language, time_zone)


def add(ctx: Context, email: str, *, name: str | None = None, language: str = "en",
        time_zone: str = "UTC") -> tuple[Player, str]:
    """Create the player if new, update nothing otherwise, and mint an API token for them."""
    with db.write(ctx.engine) as conn:
        player = ensure(conn, email, name=name, language=language, time_zone=time_zone)
        token = mint_token(conn, player.id, kind="api")
    return player, token


def mint_token(conn: Connection, player_id: int, *, kind: str = "api",
               lifetime: timedelta | None = None) -> str:
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    stamp = now()
    conn.execute(insert(tokens).values(
        player_id=player_id, token_hash=hash_token(token), kind=kind, created_at=stamp,
        expires_at=stamp + lifetime if lifetime else None))
    return token


_recent: dict[str, tuple[float, Player, datetime | None]] = {}
AUTH_CACHE_SECONDS = 10.0
"""How long a checked token is trusted without asking the database again: saves a query per
request; a revoked token keeps working for at most this long in each server process."""


def forget(digest: str | None = None) -> None:
    """Drop this process's trust in one token (by its digest: revoked) or in every token (a
    player's name, language or zone changed): the next request reads the database."""
    if digest is None:
        _recent.clear()
    else:
        _recent.pop(digest, None)


def authenticate(ctx: Context, token: str) -> Player | None:
    """The player a bearer token belongs to, if the token is valid now."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > 100:
        return None
    digest = hash_token(token)
    known = _recent.get(digest)
    if known is not None and known[0] > time.monotonic() and (
            known[2] is None or known[2] > now()):
        return known[1]
    player, expires = _lookup(ctx, digest)
    if player is not None:
        if len(_recent) > 10_000:
            _recent.clear()
        _recent[digest] = (time.monotonic() + AUTH_CACHE_SECONDS, player, expires)
    return player


def _lookup(ctx: Context, digest: str) -> tuple[Player | None, datetime | None]:
    query = (
        select(players, tokens.c.expires_at, tokens.c.revoked_at)
        .join(tokens, tokens.c.player_id == players.c.id)
        .where(tokens.c.token_hash == digest)
    )
    with db.read(ctx.engine) as conn:
        row = conn.execute(query).first()
    if row is None or row.revoked_at is not None:
        return None, None
    expires = _aware(row.expires_at) if row.expires_at is not None else None
    if expires is not None and expires <= now():
        return None, None
    return _row_to_player(row), expires


def _aware(stamp: datetime) -> datetime:
    """SQLite hands timestamps back without their zone; they were stored in UTC."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=now().tzinfo)


def _serializer(ctx: Context) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(ctx.settings.secret_key, salt=_MAGIC_SALT)


def magic_ticket(ctx: Context, player_id: int) -> str:
    """A signed ticket for a magic link (the mail worker puts it in a link it sends)."""
    return _serializer(ctx).dumps({"p": player_id, "n": secrets.token_urlsafe(16)})


def magic_link(ctx: Context, player_id: int) -> str:
    return f"{ctx.settings.base_url.rstrip('/')}/login/{magic_ticket(ctx, player_id)}"


def request_magic_link(ctx: Context, email: str) -> None:
    """Queue a sign-in link for `email` if it is a player's (the `magic-link` outbox row).

    Counted per address asked for (service/limits.py) whether or not anybody plays with it, and
    answered the same either way, so nobody learns who plays here; over the limit, `SendLimited`
    (429) and nothing is queued."""
    from service import limits, progress

    email = normalise_email(email)
    with db.write(ctx.engine) as conn:
        limits.hit(conn, limits.SIGN_IN, [email], ctx.settings.sign_in_limits)
        player = find_by_email(conn, email)
        if player is not None:
            progress.notify(conn, None, "magic-link", [player.id], {})


def ticket_language(ctx: Context, ticket: str) -> str | None:
    """The language of the player a valid, unexpired sign-in ticket is for (the page it opens
    speaks it), without using the ticket; None for a ticket that is not valid. Only whoever
    holds the player's mail has the ticket, so this tells nobody anything."""
    try:
        data = _serializer(ctx).loads(ticket, max_age=ctx.settings.magic_link_max_age)
    except BadSignature:  # SignatureExpired is one
        return None
    if not isinstance(data, dict) or not isinstance(data.get("p"), int):
        return None
    with db.read(ctx.engine) as conn:
        player = get(conn, data["p"])
    return player.language if player is not None else None


def redeem_magic_ticket(ctx: Context, ticket: str) -> tuple[Player, str, datetime]:
    """Exchange a valid, unexpired, unused ticket for a session token (and its expiry)."""
    max_age = ctx.settings.magic_link_max_age
    try:
        data = _serializer(ctx).loads(ticket, max_age=max_age)
    except SignatureExpired:
        raise Unauthorized.of("service.link.expired") from None
    except BadSignature:
        raise Unauthorized.of("service.link.invalid") from None
    if not isinstance(data, dict) or not isinstance(data.get("p"), int):
        raise Unauthorized.of("service.link.invalid")
    lifetime = timedelta(seconds=ctx.settings.session_max_age)
    try:
        with db.write(ctx.engine) as conn:
            conn.execute(insert(magic_links_used).values(nonce=str(data.get("n"))[:64],
                                                         used_at=now()))
            player = get(conn, data["p"])
            if player is None:
                raise Unauthorized.of("service.link.invalid")
            token = mint_token(conn, player.id, kind="session", lifetime=lifetime)
    except IntegrityError:
        raise Unauthorized.of("service.link.used") from None
    return player, token, now() + lifetime


# --- the player's address: changed (or confirmed again) by a link sent to it -----------------

_EMAIL_SALT = "pbem-email-confirm"


def email_confirm_link(ctx: Context, player_id: int, new: str, old: str) -> str:
    """The link that makes `new` the player's address: signed, for this player and while their
    address is still `old` (a link made before another change does nothing)."""
    ticket = URLSafeTimedSerializer(ctx.settings.secret_key, salt=_EMAIL_SALT).dumps(
        {"p": player_id, "e": new, "o": old})
    return f"{ctx.settings.base_url.rstrip('/')}/settings/email/{ticket}"


def request_email_change(ctx: Context, player_id: int, email: str) -> str:
    """Queue the confirmation of `email` as the player's address (an `email-confirm` mail to that
    address, with a link; the current one may be given again, to say it works again). Counted
    per address like a sign-in link (service/limits.py): nobody makes the service mail an address
    at will. The address changes only when the link is used. Returns the address."""
    from service import limits, progress

    try:
        email = normalise_email(email)
        email.encode("ascii")  # the relay may not speak SMTPUTF8: refused rather than lost
    except (Invalid, UnicodeEncodeError):
        raise Invalid.of("service.email_bad", email=email.strip()[:100]) from None
    if is_bot_email(email):
        raise Invalid.of("service.email_bad", email=email)
    with db.write(ctx.engine) as conn:
        taken = find_by_email(conn, email)
        if taken is not None and taken.id != player_id:
            raise Invalid.of("service.email_taken")
        limits.hit(conn, limits.SIGN_IN, [email], ctx.settings.sign_in_limits)
        progress.notify(conn, None, "email-confirm", [player_id], {"to": email})
    return email


def email_in_ticket(ctx: Context, ticket: str) -> str | None:
    """The address a valid confirmation link is for (its page names it), or None."""
    try:
        data = URLSafeTimedSerializer(ctx.settings.secret_key, salt=_EMAIL_SALT).loads(
            ticket, max_age=ctx.settings.magic_link_max_age)
        return str(data["e"])
    except Exception:
        return None


def confirm_email(ctx: Context, ticket: str) -> Player:
    """Use a confirmation link: the address becomes the player's, and stops counting as failing
    (its bounces, hard and soft, are forgotten). Refused (`Invalid`): a link that is not ours,
    expired (3 days), made before the address changed again, or for an address another player
    took meanwhile."""
    try:
        data = URLSafeTimedSerializer(ctx.settings.secret_key, salt=_EMAIL_SALT).loads(
            ticket, max_age=ctx.settings.magic_link_max_age)
        player_id, new, old = int(data["p"]), str(data["e"]), str(data["o"])
    except Exception:
        raise Invalid.of("service.email_link") from None
    with db.write(ctx.engine) as conn:
        row = conn.execute(select(players).where(players.c.id == player_id)).first()
        if row is None or (row.email != old and row.email != new):
            raise Invalid.of("service.email_link")
        taken = find_by_email(conn, new)
        if taken is not None and taken.id != player_id:
            raise Invalid.of("service.email_taken")
        conn.execute(update(players).where(players.c.id == player_id).values(
            email=new, mail_failing_at=None, mail_failing_reason=None, soft_bounces=0,
            email_confirmed_at=now()))
        found = get(conn, player_id)
    _recent.clear()  # the trust cache holds the old address
    assert found is not None
    return found
