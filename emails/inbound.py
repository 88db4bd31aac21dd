"""Replies by mail: ONE pipeline for every way a message arrives (SMTP/LMTP, IMAP).

    receive(raw) → 1. store the raw message (`inbound_mail`), unique by Message-ID: a replay stops here
                   2. authenticate: a live per-seat reply token in a recipient address, From = that
                      seat's player, and DKIM when the mail server says (Authentication-Results);
                      a mail that fails is logged and never answered (its From proves nothing)
                   3. the reply's own text: the plain part (or the HTML's text), quotes, "On … wrote:"
                      headers and signatures stripped (mail-parser-reply: en/fr/it/de)
                   4. a reply to an old notification after the game moved on is not applied: it is
                      answered with what is pending now
                   5. read against the pending decisions on a scratch copy of the game (the whole mail is
                      checked before anything counts), then each command through
                      `service.commands.handle(..., Source("email", ref=Message-ID))`
                   6. the answer (accepted / refused with the engine's message, the pending decision
                      and the commands allowed) goes to the outbox, in the transaction that records
                      what became of the mail, so it is sent once.
"""

from __future__ import annotations

import email
import hashlib
import html
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from domain.core.language import normalise
from emails import addresses, bounces, opening, requests, talk
from emails.i18n import t
from emails.play import CommandRefused, ParseError, PartlyPlayed, play_text, seat_names, shown
from service import db, metrics, progress, states, store
from service.context import Context
from service.errors import ServiceError
from service.players import Player
from service.store import Source
from service.tables import events, games, inbound_mail, outbox, players

log = logging.getLogger(__name__)

MAX_RAW = 2 * 1024 * 1024
OUTBOX_ID = re.compile(r"<outbox-(\d+)\.([A-Za-z0-9_-]+)@")


@dataclass
class Result:
    status: str  # accepted | refused | stale | auth | duplicate | ignored | bounce
    detail: str = ""
    message_id: str = ""
    game_id: str | None = None
    seat: int | None = None
    commands: list[dict[str, Any]] = field(default_factory=list)


# --- the reply's own text ------------------------------------------------------------------------


class _Text(HTMLParser):
    """The visible text of an HTML mail, without quoted history (blockquote, Gmail's and
    Outlook's quote containers)."""

    SKIP_CLASSES: tuple[str, ...] = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote")
    SKIP_IDS: tuple[str, ...] = ("divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container")
    BLOCK: frozenset[str] = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "table",
                                       "blockquote", "hr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0
        self.stack: list[bool] = []
        self.cut = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "").lower() for k, v in attrs}
        quoted = tag == "blockquote" or any(c in a.get("class", "") for c in self.SKIP_CLASSES) \
            or a.get("id", "") in self.SKIP_IDS
        if a.get("id", "") in self.SKIP_IDS or "gmail_quote" in a.get("class", ""):
            self.cut = True  # everything after Outlook's/Gmail's reply header is history
        if tag in ("style", "script", "head", "title"):
            quoted = True
        if tag not in ("br", "hr", "img", "meta", "link", "input"):
            self.stack.append(quoted)
            self.skip += quoted
        if tag in self.BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("br", "hr", "img", "meta", "link", "input"):
            return
        if self.stack:
            self.skip -= self.stack.pop()
        if tag in self.BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip and not self.cut:
            self.parts.append(data)


def html_text(markup: str) -> str:
    parser = _Text()
    parser.feed(markup)
    parser.close()
    text = html.unescape("".join(parser.parts)).replace("\xa0", " ")
    return re.sub(r"\n\s*\n+", "\n\n", text)


class UnknownCharset(Exception):
    """The reply's text is in a character set Python cannot decode (`charset="x-klingon"`): the
    sender is told to send it again, rather than the mail being dropped as an internal error."""

    def __init__(self, charset: str) -> None:
        super().__init__(charset)
        self.charset = re.sub(r"[^A-Za-z0-9._:+-]", "", charset)[:40] or "?"


def body_text(msg: EmailMessage) -> str:
    """The reply's text: its plain part, else its HTML part's text. A part in an unknown
    character set is skipped for the other; when none can be read, UnknownCharset."""
    unknown: UnknownCharset | None = None
    for kind in ("plain", "html"):
        part = msg.get_body(preferencelist=(kind,))
        if part is None:
            continue
        try:
            content = part.get_content()
        except LookupError:  # codecs.lookup() does not know the part's charset
            unknown = UnknownCharset(str(part.get_content_charset() or ""))
            continue
        return content if kind == "plain" else html_text(content)
    if unknown is not None:
        raise unknown
    return ""


HEADER_LINES = [
    re.compile(r"^.{0,200}\b(wrote|a écrit|ha scritto|schrieb|escribió)\b.{0,80}:\s*$", re.I | re.M),
    re.compile(r"^\s*-{2,}\s*(Original Message|Message d'origine|Messaggio originale)\s*-{2,}.*$",
               re.I | re.M),
    re.compile(r"^\s*_{10,}\s*$", re.M),
    re.compile(r"^\s*(From|De|Da|Von)\s*:.*$", re.I | re.M),
]


def reply_text(raw_text: str) -> str:
    """The new part of a reply, top- or bottom-posted: quoted lines, the "On … wrote:" header,
    an Outlook header block and the signature removed."""
    from mailparser_reply import EmailReplyParser

    raw_lines = raw_text.replace("\r\n", "\n").split("\n")
    lines = []
    for i, line in enumerate(raw_lines):
        if line.lstrip().startswith(">"):
            continue
        following = next((ln for ln in raw_lines[i + 1:] if ln.strip()), "")
        if line.rstrip().endswith(":") and following.lstrip().startswith(">"):
            continue  # an attribution line ("* X [date]:", "X schrieb am …:") before a quote
        lines.append(line)
    text = "\n".join(lines)
    text = re.split(r"^-- ?$", text, maxsplit=1, flags=re.M)[0]  # the signature separator
    try:
        top = EmailReplyParser(languages=["en", "fr", "it", "de"]).parse_reply(text=text) or ""
    except Exception:  # the library is a heuristic: never lose a reply to it
        top = text
    if top.strip():
        return _cut_headers(top)
    return _remove_headers(text)  # bottom-posted: the new text follows the quote's header


def _cut_headers(text: str) -> str:
    cut = len(text)
    for pattern in HEADER_LINES:
        m = pattern.search(text)
        if m:
            cut = min(cut, m.start())
    return text[:cut] if text[:cut].strip() else _remove_headers(text)


def _remove_headers(text: str) -> str:
    for pattern in HEADER_LINES:
        text = pattern.sub("", text)
    return text


# --- authentication ------------------------------------------------------------------------------


def dkim_verdict(msg: EmailMessage, sender_domain: str) -> str | None:
    """What the receiving server said about DKIM for the From domain: pass | fail | None (not said).
    Only the topmost Authentication-Results header counts (the one our own server added)."""
    results = msg.get_all("Authentication-Results") or []
    if not results:
        return None
    top = str(results[0]).lower()
    verdicts = re.findall(r"dkim=(\w+)([^;]*)", top)
    if not verdicts:
        return None
    for verdict, rest in verdicts:
        domain = re.search(r"header\.(?:d|i)=@?([\w.-]+)", rest)
        if verdict == "pass" and (domain is None or domain.group(1).endswith(sender_domain)):
            return "pass"
    if any(v in ("fail", "permerror", "neutral", "policy") for v, _ in verdicts):
        return "fail"
    return None


def _recipients(msg: EmailMessage, envelope: Sequence[str]) -> list[str]:
    found = list(envelope)
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        found += [a for _, a in getaddresses([str(v) for v in msg.get_all(header) or []])]
    return [a.lower() for a in found if a]


# --- the pipeline --------------------------------------------------------------------------------


def message_id_of(msg: EmailMessage, raw: bytes) -> str:
    mid = str(msg.get("Message-ID") or "").strip()
    if not mid:
        mid = f"<sha256-{hashlib.sha256(raw).hexdigest()}@pbem.invalid>"
    return mid[:998]


def receive(ctx: Context, raw: bytes, *, transport: str = "smtp", envelope_from: str | None = None,
            recipients: Sequence[str] = ()) -> Result:
    """Take one message through the pipeline; never raises for a bad message."""
    raw = raw[:MAX_RAW]
    msg = email.message_from_bytes(raw, policy=policy.default)
    mid = message_id_of(msg, raw)
    try:
        with db.write(ctx.engine) as conn:
            mail_id = conn.execute(insert(inbound_mail).values(
                message_id=mid, received_at=store.now(), transport=transport,
                envelope_from=(envelope_from or "")[:320] or None,
                recipients=[r[:320] for r in recipients][:50], raw=raw, status="received"
            ).returning(inbound_mail.c.id)).scalar_one()
    except IntegrityError:
        log.info("inbound mail %s: already received, not processed again", mid)
        return Result("duplicate", "This Message-ID was already received.", mid)
    return _finish(ctx, mail_id, msg, mid, recipients)


def resume(ctx: Context, older_than: timedelta = timedelta(minutes=5)) -> list[Result]:
    """Process again the mails stored but never finished (the process died on the way): nothing
    accepted is lost, and a command already recorded from a mail (its Message-ID is the events'
    `source_ref`) is not applied twice. A task for the workers' beat."""
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(inbound_mail.c.id, inbound_mail.c.raw,
                                   inbound_mail.c.message_id, inbound_mail.c.recipients)
                            .where(inbound_mail.c.status == "received",
                                   inbound_mail.c.received_at < store.now() - older_than)
                            .order_by(inbound_mail.c.id).limit(100)).all()
    return [_finish(ctx, r.id, email.message_from_bytes(r.raw, policy=policy.default),
                    r.message_id, list(r.recipients or [])) for r in rows]


def _finish(ctx: Context, mail_id: int, msg: EmailMessage, mid: str,
            recipients: Sequence[str]) -> Result:
    # The commits of the reply's commands wake the mail sender only once the answer is queued
    # too (db.held): the turn mail one of them queued is the answer's to hold, not to go first.
    with db.held():
        return _finish_held(ctx, mail_id, msg, mid, recipients)


def _finish_held(ctx: Context, mail_id: int, msg: EmailMessage, mid: str,
                 recipients: Sequence[str]) -> Result:
    try:
        result, reply = _process(ctx, msg, mid, recipients)
    except Exception as error:  # a bug must not lose the stored mail: it stays for a look
        log.exception("inbound mail %s could not be processed", mid)
        result, reply = Result("ignored", f"internal error: {type(error).__name__}", mid), None
    with db.write(ctx.engine) as conn:
        conn.execute(update(inbound_mail).where(inbound_mail.c.id == mail_id).values(
            status=result.status if result.status in ("accepted", "ignored", "bounce")
            else "refused",
            game_id=result.game_id, seat=result.seat,
            player_id=reply[0] if reply else None, commands=result.commands or None,
            detail=f"{result.status}: {result.detail}"[:2000], processed_at=store.now()))
        if reply is not None:
            player_id, payload = reply
            kind = "opening" if "opening" in payload else "mail-reply"
            progress.notify(conn, result.game_id, kind, [player_id], payload)
    metrics.REPLIES.labels(result.status).inc()
    return result


def _process(ctx: Context, msg: EmailMessage, mid: str, envelope: Sequence[str]
             ) -> tuple[Result, tuple[int, dict[str, Any]] | None]:
    base = {"in_reply_to": mid}  # never the mail's Subject: an answer's subject is our own
    # A delivery report to one of our return paths (emails/bounces.py): read, never answered.
    bounce = bounces.receive(ctx, msg, _recipients(msg, envelope))
    if bounce is not None:
        return Result(bounce.status, bounce.detail, mid), None
    auto = str(msg.get("Auto-Submitted") or "no").lower()
    if auto != "no" or msg.get("X-Autoreply") or str(msg.get("Precedence") or "").lower() in (
            "bulk", "junk", "auto_reply"):
        return Result("ignored", "an automatic message (not answered, to avoid mail loops)",
                      mid), None
    from_address = parseaddr(str(msg.get("From") or ""))[1].lower()
    token_row = own_row = None
    with db.read(ctx.engine) as conn:
        for address in _recipients(msg, envelope):
            token = addresses.token_in(address)
            if token and (token_row := addresses.lookup(conn, token)) is not None:
                break
            if token and own_row is None:
                own_row = addresses.lookup_player(conn, token)
        holder = token_row or own_row
        owner = conn.execute(select(players).where(players.c.id == holder.player_id)).first() \
            if holder is not None else None
    if token_row is None and own_row is not None:
        return _open_game(ctx, msg, mid, owner, from_address, base)
    if token_row is None:
        return _unanswered(Result("auth", "no live reply token in the recipients", mid),
                           from_address)
    game_id, seat = token_row.game_id, token_row.seat
    if owner is None or from_address != owner.email.lower():
        return _unanswered(Result("auth", "the sender is not this seat's player", mid, game_id,
                                  seat), from_address)
    verdict = dkim_verdict(msg, from_address.rpartition("@")[2])
    if verdict == "fail":
        return _unanswered(Result("auth", "DKIM failed for the sender's domain", mid, game_id,
                                  seat), from_address)
    payload = {**base, "game_id": game_id, "seat": seat}
    try:
        text = reply_text(body_text(msg))
    except UnknownCharset as error:
        return (Result("refused", f"unknown charset {error.charset}", mid, game_id, seat),
                (owner.id, {**payload, "status": "refused", "charset": error.charset}))
    return _play(ctx, msg, mid, game_id, seat, owner, text, payload)


def _open_game(ctx: Context, msg: EmailMessage, mid: str, owner: Any, from_address: str,
               base: dict[str, Any]) -> tuple[Result, tuple[int, dict[str, Any]] | None]:
    """A mail to a player's own address (no game's): it opens a game (`emails/opening.py`),
    taken only from that player's address, as a seat's reply is."""
    if owner is None or owner.deleted_at is not None or from_address != owner.email.lower():
        return _unanswered(Result("auth", "the sender is not this address's player", mid),
                           from_address)
    if dkim_verdict(msg, from_address.rpartition("@")[2]) == "fail":
        return _unanswered(Result("auth", "DKIM failed for the sender's domain", mid),
                           from_address)
    try:
        text = reply_text(body_text(msg))
    except UnknownCharset as error:
        return (Result("refused", f"unknown charset {error.charset}", mid),
                (owner.id, {**base, "opening": "unread", "charset": error.charset}))
    said = opening.answer(ctx, Player(owner.id, owner.email, owner.name, owner.language,
                                      owner.time_zone), text)
    status = "accepted" if said["opening"] == "opened" else "refused"
    return (Result(status, f"opening: {said['opening']}", mid, said.get("game_id")),
            (owner.id, {**base, **said}))


def _unanswered(result: Result, from_address: str) -> tuple[Result, None]:
    """A mail that does not prove it comes from the seat's player is refused and NOT answered:
    its From can be anybody's, so an answer would let anyone make the service mail a player (or
    any address) at will. It is logged for the operator instead: the Message-ID, the From, the
    game and seat the token named — never the token itself, nor the mail's text."""
    log.warning("inbound mail %r refused, not answered: %s (From %r, game %s, seat %s)",
                result.message_id, result.detail, from_address or "(none)",
                result.game_id or "-", "-" if result.seat is None else result.seat)
    return result, None


def _answered_version(ctx: Context, msg: EmailMessage, game_id: str) -> int | None:
    """The game version of the notification this mail answers, when it names one of ours."""
    refs = " ".join(str(msg.get(h) or "") for h in ("In-Reply-To", "References"))
    ids = [int(i) for i, g in OUTBOX_ID.findall(refs) if g == game_id]
    if not ids:
        return None
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(outbox.c.kind, outbox.c.payload, outbox.c.sent_at).where(
            outbox.c.id.in_(ids), outbox.c.game_id == game_id)).all()
        versions = [r.payload.get("version") for r in rows if isinstance(r.payload, dict)
                    and isinstance(r.payload.get("version"), int)]
        sent = [r.sent_at for r in rows if r.sent_at is not None]
        if versions and sent:
            # A mail shows the game as it was when it was sent, not when it was queued: the
            # answer to a reply, queued at the reply's own version, is sent once a bot has
            # moved and shows the decision that followed (a reply to it was refused as "the
            # game has moved on" though nothing the player saw had changed).
            shown = conn.execute(select(events.c.seq).where(
                events.c.game_id == game_id, events.c.created_at <= max(sent))
                .order_by(events.c.seq.desc()).limit(1)).scalar()
            if shown is not None:
                versions.append(shown)
    return max(versions) if versions else None


def _moved_on(ctx: Context, game_id: str, since: int, player_id: int) -> bool:
    """Did anyone else (another player, a deadline) move the game after version `since`?"""
    with db.read(ctx.engine) as conn:
        actors = conn.execute(select(events.c.actor, events.c.source).where(
            events.c.game_id == game_id, events.c.seq > since)).all()
    return any(a.actor not in (f"player:{player_id}", "system") for a in actors)


def _confirmed(ctx: Context, msg: EmailMessage, game_id: str, seat: int, owner: Any,
               text: str) -> str:
    """The line our answer offered back ("Did you mean this? …"), when the reply to it says yes
    and nothing the game would read ("Yes, exactly that, please."): that line is the reply.
    It is read as if the player had written it, against the game as it is now (a move made
    since is refused as any reply would be)."""
    row = requests.answered_mail(ctx, msg, game_id)
    offered = row.payload.get("offered") if row is not None and isinstance(row.payload, dict) \
        else None
    if not isinstance(offered, str) or requests.yes_or_no(text) != "yes" \
            or requests.has_commands(ctx, game_id, seat, text, owner):
        return text
    return offered


def _play(ctx: Context, msg: EmailMessage, mid: str, game_id: str, seat: int, owner: Any,
          text: str, payload: dict[str, Any]) -> tuple[Result, tuple[int, dict[str, Any]]]:
    from service.commands import active_game

    # Words to the table (lines marked "say …" / « dire … »): said first, never read as moves;
    # the answer says what was sent, to whom, or why not (emails/talk.py).
    said, text = talk.marked(text)
    if said:
        payload = {**payload, "said": talk.deliver(ctx, game_id, seat, owner, said, mid)}
        if not text.strip() or (not any(kind for kind, _ in requests.split(text))
                                and not requests.has_commands(ctx, game_id, seat, text, owner)):
            # Only words to the table, a greeting and a signature: nothing to refuse.
            sent = sum(1 for n in payload["said"] if not n.get("why"))
            return (Result("accepted" if sent else "refused", f"table talk: {sent} sent", mid,
                           game_id, seat), (owner.id, {**payload, "status": "said"}))
    asked = requests.answer(ctx, msg, mid, game_id, seat, owner, text, payload)
    if asked is not None and asked.done:  # accept, decline, link, board, undo, stop… only
        assert asked.reply is not None
        return asked.result, asked.reply
    if asked is not None:  # requests done first; the rest of the reply is for the game
        text, payload = asked.text, {**payload, "requests": asked.notes}
    text = _confirmed(ctx, msg, game_id, seat, owner, text)
    try:
        module, _players = active_game(ctx, game_id)
    except ServiceError as error:
        why = error.render(owner.language, seat_names(ctx, game_id))
        return (Result("refused", why, mid, game_id, seat),
                (owner.id, {**payload, "status": "refused", "why": why}))
    with db.read(ctx.engine) as conn:
        recorded = conn.execute(select(events.c.command).where(
            events.c.game_id == game_id, events.c.source == "email", events.c.source_ref == mid,
            events.c.command.is_not(None)).order_by(events.c.seq)).scalars().all()
    # The mail's own undo (a request, carried out above) is not one of its moves: a reply
    # "annuler / pouvoir 10" was answered "Read as: undo. Done — your move is recorded." and
    # its power card was never played.
    recorded = [c for c in recorded if c.get("type") != "undo"]
    if recorded:  # an earlier attempt at this very mail got its commands in: done, not again
        done = [{k: v for k, v in c.items() if k != "seat"} for c in recorded]
        moves = [shown(module, c, owner.language) for c in done]
        return (Result("accepted", "; ".join(moves), mid, game_id, seat, done),
                (owner.id, {**payload, "status": "accepted", "moves": moves}))
    _version, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
    answered = _answered_version(ctx, msg, game_id)
    if answered is not None and answered < _version and _moved_on(ctx, game_id, answered, owner.id):
        # Others moved since the mail that was answered: apply it only if this seat is still
        # asked the very same question (e.g. a secret choice while others made theirs).
        _v, then, _ = states.load(ctx.engine, None, game_id, module, upto=answered)
        if _decision(module, then, seat) != _decision(module, state, seat):
            return (Result("stale", f"answers version {answered}; the game moved on", mid,
                           game_id, seat), (owner.id, {**payload, "status": "stale"}))
    read = next((d for d in module.pending(state) if d.seat == seat), None)  # what the reply saw
    try:
        played = play_text(ctx, game_id, seat, text, Source("email", ref=mid),
                           lang=owner.language)
    except ParseError as error:
        why = str(error)
        offered = {}
        if getattr(error, "readings", None):  # asked back: each reading as the line to write
            why += " " + " / ".join(t("quoted", owner.language, text=line)
                                    for line in error.allowed)
            if len(error.allowed) == 1:  # one reading offered: a "yes" to it plays it
                offered = {"offered": error.allowed[0]}
                why += " " + t("offered.yes", owner.language)
        return (Result("refused", why, mid, game_id, seat),
                (owner.id, {**payload, "status": "refused", "why": why, **offered}))
    except CommandRefused as error:
        refusal = error.error.render(owner.language, seat_names(ctx, game_id))
        why = t("refused.command", owner.language,
                command=shown(module, error.command, owner.language, read), refusal=refusal)
        return (Result("refused", why, mid, game_id, seat),
                (owner.id, {**payload, "status": "refused", "why": why}))
    except PartlyPlayed as error:
        refusal = error.error.render(owner.language, seat_names(ctx, game_id))
        why = t("refused.command", owner.language,
                command=shown(module, error.command, owner.language, read), refusal=refusal)
        return (Result("refused", why, mid, game_id, seat, error.done),
                (owner.id, {**payload, "status": "refused", "why": why,
                            "applied": len(error.done)}))
    except ServiceError as error:
        why = error.render(owner.language, seat_names(ctx, game_id))
        return (Result("refused", why, mid, game_id, seat),
                (owner.id, {**payload, "status": "refused", "why": why}))
    answered = played.answered if len(played.answered) == len(played.commands) \
        else [read] * len(played.commands)  # each move as the decision it answered shows it
    moves = [shown(module, c, owner.language, d) for c, d in zip(played.commands, answered,
                                                                 strict=True)]
    return (Result("accepted", "; ".join(moves), mid, game_id, seat, played.commands),
            (owner.id, {**payload, "status": "accepted", "moves": moves,
                        "ignored": [line for line in played.ignored if worth_saying(line)][:5],
                        "waiting_lines": played.rest[:10],
                        "asks": played.asks, "version": _version_now(ctx, game_id)}))


LITTLE_WORDS = frozenset({
    "the", "this", "that", "these", "them", "it", "its", "my", "me", "mine", "for", "with", "and",
    "then", "too", "time", "round", "turn", "i", "ll", "m", "ve", "d", "s", "ok", "okay", "so",
    "just", "all", "everyone", "morning", "evening", "je", "j", "le", "la", "les", "l", "un",
    "une", "de", "du", "des", "ce", "cette", "ces", "pour", "moi", "mon", "ma", "mes", "et",
    "puis", "tour", "fois", "bon", "alors", "il", "lo", "gli", "uno", "una", "di", "del",
    "della", "questo", "questa", "questi", "queste", "per", "mio", "mia", "miei", "e",
    "poi", "turno", "volta", "allora", "ecco", "bene", "saluti", "regards", "best", "bises",
    "cordialement", "amicalement", "buona", "giornata", "serata", "journee", "soiree", "day",
    "oui", "yes", "si", "bien", "sur", "certo", "sure", "course", "of", "on", "like", "want",
    "would", "love", "sent", "from", "iphone", "android", "phone", "mobile"})
"""Words that say nothing of a move (articles, pronouns, "this round", sign-offs), in en/fr/it:
left out before judging whether what was not read is worth saying."""


def worth_saying(line: str) -> bool:
    """Whether words the game did not read are worth telling the player about ("Not read: …"):
    a number it did not use ("Chiara took the 12"), or a few words that may have meant something
    (three or more once politeness, greetings, sign-offs and little words are left out). Not a
    greeting, a thank-you, a name, "Sent from my iPhone" or the "I'll … this round" around a
    move read right: an answer listing those was noise."""
    if any(ch.isdigit() for ch in line):
        return True
    words = [w for w in normalise(line).split()
             if w.isalpha() and w not in requests.POLITE and w not in LITTLE_WORDS]
    return len(words) >= 3


def _version_now(ctx: Context, game_id: str) -> int | None:
    """The game's version once the reply's commands are in (the answer's `version`)."""
    with db.read(ctx.engine) as conn:
        return conn.execute(select(games.c.version).where(games.c.id == game_id)).scalar()


def _decision(module: Any, state: Any, seat: int) -> Any:
    found = next((d for d in module.pending(state) if d.seat == seat), None)
    return None if found is None else found.to_json()


def receive_many(ctx: Context, raws: Iterable[bytes], transport: str) -> list[Result]:
    return [receive(ctx, raw, transport=transport) for raw in raws]
