"""What a player can ask for by replying, besides moves: everything a web user can do.

A request is a line of the reply that says only that (politeness aside), in English, French or
Italian, whatever the game: accept or decline an invitation ("oui", "j'accepte", "count me in",
"no grazie"), a sign-in link, the board now, the rules, undo one's own last move, ask everyone to
agree to undo it (where hidden information was revealed or someone acted since), agree to or
refuse another player's undo request, stop and restart the turn mails. Whole lines only: "undo"
inside a sentence, or a game's own command word, is never taken for a request, and a game's
command language never sees the lines taken here.

"Yes" and "no" mean something only where the mail answered asks a yes-or-no question: an
invitation (the game has not started), or an undo request (the reply's In-Reply-To names that
mail). Elsewhere "ok" is left to the game (e.g. one where it lets a declared action happen).

    answer(ctx, msg, mid, game_id, seat, owner, text, payload)
        → None                  nothing here was a request: the text is the game's
        → Answered(result, reply)  the reply was requests only: done
        → Answered(text=…, notes=…)  requests done, the rest of the text is for the game

Everything it changes goes through the service's own functions (`lobby.accept`, `undo.undo_own`,
`undo.answer`), so the web and the API's rules hold by mail too; each note it leaves is turned into
words by `emails/render.py` in the player's language.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from domain.core.language import BREAK, normalise, tokens
from service import db, lobby, progress, undo
from service import players as players_mod
from service import seats as seats_mod
from service.context import Context
from service.errors import ServiceError
from service.store import Source, now
from service.tables import events, games, outbox, seats, tracking
from service.tables import players as players_t

log = logging.getLogger(__name__)

PHRASES: dict[str, tuple[str, ...]] = {
    "yes": ("yes", "y", "ok", "okay", "sure", "accept", "i accept", "accepted", "count me in",
            "i m in", "im in", "i am in", "with pleasure", "lets play", "let s play", "agree",
            "i agree", "yes please", "of course", "fine", "yep", "yup", "yeah", "yes exactly",
            "ouais", "oui oui", "exactement", "esatto",
            "oui", "ok pour moi", "d accord", "daccord", "dac", "j accepte", "accepte",
            "volontiers", "avec plaisir", "je suis partant", "je suis partante", "ca marche",
            "bien sur", "oui merci", "j approuve",
            "si", "sì", "accetto", "va bene", "volentieri", "ci sto", "certo", "d accordo",
            "approvo", "si grazie"),
    "no": ("no", "n", "nope", "no thanks", "no thank you", "decline", "i decline", "refuse",
           "i refuse", "not this time", "sorry no", "i can t", "i cannot", "disagree",
           "non", "non merci", "je refuse", "je decline", "pas cette fois", "desole non",
           "je ne peux pas", "non desole",
           "no grazie", "rifiuto", "declino", "non posso", "non questa volta", "mi dispiace no"),
    "link": ("link", "sign in", "sign in link", "signin", "login", "log in", "login link",
             "send me a link", "lien", "lien de connexion", "connexion", "me connecter",
             "link di accesso", "accesso", "accedi", "mandami un link"),
    "board": ("board", "the board", "show board", "show the board", "show me the board",
              "where are we", "status", "plateau", "le plateau", "montre le plateau",
              "ou en est on", "etat", "tabellone", "il tabellone", "mostra il tabellone",
              "situazione", "stato", "a che punto siamo"),
    "rules": ("rules", "the rules", "help", "commands", "how to play", "regles", "les regles",
              "aide", "commandes", "comment jouer", "regole", "le regole", "aiuto", "comandi",
              "come si gioca", "help me", "i need help", "what do i do", "what should i do",
              "what can i do", "how does this work", "how does it work", "aide moi",
              "aidez moi", "j ai besoin d aide", "besoin d aide", "que dois je faire",
              "que faire", "qu est ce que je dois faire", "comment ca marche", "comment on joue",
              "aiutami", "aiutatemi", "ho bisogno di aiuto", "cosa devo fare", "che devo fare",
              "che faccio", "come funziona"),
    "undo": ("undo", "undo my move", "undo my last move", "undo last move", "take back my move",
             "annuler", "annule", "annuler mon coup", "annuler mon dernier coup", "annulla",
             "annulla la mia mossa", "annulla l ultima mossa"),
    "ask_undo": ("ask to undo", "ask everyone to undo", "ask the others to undo",
                 "request undo", "request an undo", "demander l annulation",
                 "demander une annulation", "demander d annuler", "chiedi l annullamento",
                 "chiedere l annullamento", "chiedi di annullare"),
    "approve": ("approve", "approve undo", "approve the undo", "yes undo", "ok undo",
                "undo ok", "agree to undo", "j approuve l annulation", "d accord pour annuler",
                "oui annuler", "approuver", "approvo l annullamento", "si annulla",
                "accetto l annullamento"),
    "refuse": ("refuse undo", "refuse the undo", "no undo", "do not undo", "don t undo",
               "je refuse l annulation", "pas d annulation", "non annuler",
               "rifiuto l annullamento", "non annullare", "no annulla"),
    "stop": ("stop", "stop mails", "stop mail", "stop the mails", "unsubscribe",
             "no more mails", "stop emails", "arrete", "arreter", "arrete les mails",
             "arreter les mails", "stop les mails", "desabonner", "me desabonner", "basta",
             "basta mail", "stop mail", "disiscrivimi", "non mandarmi piu mail"),
    "resign": ("resign", "i resign", "i quit the game", "i leave the game", "abandon",
               "j abandonne", "abandonner", "je quitte la partie", "mi ritiro", "abbandono",
               "lascio la partita", "ritirarsi"),
    "back": ("take back my seat", "take my seat back", "i play again", "i am back",
             "reprendre ma place", "je reprends ma place", "je rejoue", "riprendo il mio posto",
             "riprendo il posto", "torno a giocare"),
    "restart": ("restart", "restart mails", "start mails", "resume mails", "subscribe",
                "send mails again", "mails again", "relancer", "reprendre les mails",
                "relancer les mails", "me reabonner", "riattiva", "riattiva le mail",
                "riprendi le mail", "di nuovo le mail"),
}
"""Each request's phrases, normalised (lower case, no accents, apostrophes as spaces): a line is a
request when, politeness aside, it is one of them. The first of each language is shown in the
mails' help line (`emails/i18n.py`, "requests")."""

POLITE = frozenset({"please", "pls", "plz", "thanks", "thank", "you", "thx", "merci", "svp",
                    "stp", "s", "il", "vous", "plait", "te", "grazie", "per", "favore", "hi",
                    "hello", "bonjour", "salut", "ciao", "buongiorno", "cheers", "mille", "beaucoup",
                    "again", "now", "sorry", "desole", "desolee", "pardon", "scusa", "scusate",
                    "scusami", "scusatemi", "oops", "oups", "ops", "argh", "mince",
                    "zut", "damn", "whoops", "accidenti", "cavolo"})
"""Words a request line may carry around its phrase ("board please", "merci, le plateau")."""

_TABLE = {tuple(normalise(p).split()): kind for kind, ps in PHRASES.items() for p in ps}
YES_NO = frozenset({"yes", "no"})


def kind_of(line: str) -> str | None:
    """The request a line makes, or None. Politeness may surround it ("board please", "Oui, avec
    plaisir !"); nothing else may."""
    segments: list[list[str]] = [[]]
    for word in tokens(line):
        if word in BREAK:
            segments.append([])
        else:
            segments[-1].append(word)
    kinds = {_segment(words) for words in segments if words}
    kinds.discard("")
    if len(kinds) == 1 and None not in kinds:
        return kinds.pop()
    return _in_a_sentence([w for w in tokens(line) if w not in BREAK])


def yes_or_no(text: str) -> str | None:
    """An invitation answered in sentences ("Sounds great, I'm in!", « Non merci, pas le temps en
    ce moment. »): "yes" or "no" when the text says one of them and never the other, else None
    (asked how to answer: "maybe, when does it start?")."""
    words = [w for w in tokens(text) if w not in BREAK]
    found = set()
    for i in range(len(words)):
        for n in range(1, 6):
            kind = _TABLE.get(tuple(words[i:i + n]))
            if kind in YES_NO:
                found.add(kind)
    return found.pop() if len(found) == 1 else None


KEYWORDS: dict[str, frozenset[str]] = {
    "board": frozenset({"board", "plateau", "tabellone"}),
    "rules": frozenset({"rules", "regles", "regole"}),
    "undo": frozenset({"undo", "annuler", "annule", "annulla", "annullare", "annulez"}),
}
"""A request asked in a sentence ("Can you send me the board please? I lost track.", « pouvez-vous
annuler ? », "mi mandi le regole?"): its one word, in a short line with no number."""
NEGATIONS = frozenset({"not", "no", "don", "dont", "ne", "pas", "non", "never", "jamais", "mai",
                       "nothing", "rien", "niente", "nulla", "without", "sans", "senza"})


def _in_a_sentence(words: list[str]) -> str | None:
    if not words or len(words) > 14 or any(w.isdigit() for w in words):
        return None
    found = {kind for kind, keys in KEYWORDS.items() if keys & set(words)}
    if len(found) != 1:
        return None
    kind = found.pop()
    if kind == "undo" and NEGATIONS & set(words):
        return None  # "don't undo", « ne pas annuler »: not read as a change
    return kind


BOT_WORDS = frozenset({"bot", "robot"})
"""A line `bot LEVEL` (« robot LEVEL ») hands the seat to a bot of that level (its name as the
game's levels are written: random, greedy, strong)."""


def _segment(words: list[str]) -> str | None:
    """A comma-separated piece of a line: a request's phrase ("" when politeness only)."""
    if tuple(words) in _TABLE:
        return _TABLE[tuple(words)]
    while words and words[0] in POLITE and tuple(words) not in _TABLE:
        words = words[1:]
    while words and words[-1] in POLITE and tuple(words) not in _TABLE:
        words = words[:-1]
    if not words:
        return ""
    if len(words) == 2 and words[0] in BOT_WORDS and words[1].isalpha():
        return f"bot:{words[1]}"
    return _TABLE.get(tuple(words))


def split(text: str) -> list[tuple[str | None, str]]:
    """Each line of a reply with the request it makes (None: not a request). A line that starts
    with a request and goes on with a move ("Oups, annulez svp, je voulais dire 5", "Board
    please, I play 5") gives two: the request, then the rest of the line for the game."""
    out: list[tuple[str | None, str]] = []
    for line in text.replace("\r\n", "\n").split("\n"):
        kind = kind_of(line)
        if kind is None:
            head = _leading(line)
            if head is not None:
                out += [(head[0], head[1])] + ([(None, head[2])] if head[2] else [])
                continue
        out.append((kind, line))
    return out


LEADING = ("undo", "board", "rules")
"""The requests a line may start with and go on after (yes and no never: "no, I don't cross"
is the game's answer)."""
_PIECE = re.compile(r"(?<=[,;:.!?])\s+|\s+[-–—]\s+")


def _leading(line: str) -> tuple[str, str, str] | None:
    """(kind, the request's words, the rest) for a line that starts with a request (after an
    interjection: "Oups, annulez svp, …") and goes on. After an undo, the rest is the reason
    for it and goes with it (« Annuler s'il vous plaît, je n'ai pas demandé le Grande »), unless
    it holds a number: then it is the move meant instead ("…, je voulais dire 5")."""
    pieces = _PIECE.split(line.strip())
    if len(pieces) > 1 and kind_of(pieces[-1]) == "undo":
        return "undo", line, ""  # "… I wanted the 6 facing m14, not the 8. Undo please.": the
        # reason, then the request (never a move: it says what was meant before)
    for k in range(1, min(len(pieces), 3)):
        head, rest = " ".join(pieces[:k]), " ".join(pieces[k:]).strip()
        kind = kind_of(head)
        if kind is None:
            continue
        if kind not in LEADING:
            return None
        if kind == "undo" and not any(w.isdigit() for w in tokens(rest)):
            return kind, line, ""
        return kind, head, rest
    return None


@dataclass
class Answered:
    """What the requests of a reply did: `result` and `reply` when that was all of it, else the
    text left for the game and the notes (what each request did) for the answer."""

    result: Any = None
    reply: tuple[int, dict[str, Any]] | None = None
    text: str = ""
    notes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.result is not None


def answered_mail(ctx: Context, msg: EmailMessage, game_id: str) -> Any:
    """The outbox row (kind, payload) of our mail this one answers, when it names one."""
    from emails.inbound import OUTBOX_ID

    refs = str(msg.get("In-Reply-To") or "")
    ids = [int(i) for i, g in OUTBOX_ID.findall(refs) if g == game_id]
    if not ids:
        return None
    with db.read(ctx.engine) as conn:
        return conn.execute(select(outbox.c.kind, outbox.c.payload).where(
            outbox.c.id == ids[-1], outbox.c.game_id == game_id)).first()


def answer(ctx: Context, msg: EmailMessage, mid: str, game_id: str, seat: int, owner: Any,
           text: str, payload: dict[str, Any]) -> Answered | None:
    """Carry out the requests of a reply (see the module's doc)."""
    from emails.inbound import Result

    lines = split(text)
    kinds = list(dict.fromkeys(k for k, _ in lines if k is not None))
    with db.read(ctx.engine) as conn:
        game = conn.execute(select(games.c.status, games.c.created_by)
                            .where(games.c.id == game_id)).first()
    if game is None:
        return None
    invited = game.status == progress.INVITED
    if not kinds and not invited:
        return None
    if invited and not kinds:  # a yes or a no in a sentence, else say how to accept
        kinds = [yes_or_no(text) or "how"]
    replied = answered_mail(ctx, msg, game_id) if kinds else None
    notes = []
    for kind in kinds:
        note = _carry_out(ctx, kind, mid, game_id, seat, owner, game, replied)
        if note is not None:
            notes.append({**note, "asked": kind})
    if not notes:
        return None
    used = {kind for kind in kinds if any(n["asked"] == kind for n in notes)}
    rest = "\n".join(line for kind, line in lines if kind not in used)
    if invited or not _has_commands(ctx, game_id, seat, rest, owner):
        refused = any(n.get("refused") for n in notes)
        status = "refused" if refused else "accepted"
        detail = "; ".join(n["kind"] + (f": {n['why']}" if n.get("why") else "") for n in notes)
        return Answered(Result("refused" if refused else "accepted", f"requests: {detail}", mid,
                               game_id, seat),
                        (owner.id, {**payload, "status": "request", "requests": notes,
                                    "request_status": status}))
    return Answered(text=rest, notes=notes)


def _has_commands(ctx: Context, game_id: str, seat: int, rest: str, owner: Any) -> bool:
    """Whether the lines left hold anything the game would read (not just "thanks, Ann")."""
    from emails.play import ParseError, read_text

    if not rest.strip():
        return False
    try:
        read_text(ctx, game_id, seat, rest, lang=owner.language)
    except ParseError as error:
        return not error.nothing
    except ServiceError:  # the game is over: nothing left to play
        return False
    except Exception:  # a command the game refuses: its answer will say why
        return True
    return True


has_commands = _has_commands


def _carry_out(ctx: Context, kind: str, mid: str, game_id: str, seat: int, owner: Any,
               game: Any, replied: Any) -> dict[str, Any] | None:
    invited = game.status == progress.INVITED
    asked = replied.kind if replied is not None else None
    if kind in YES_NO and asked == "undo-request" and not invited:
        kind = "approve" if kind == "yes" else "refuse"
    if invited:
        if kind == "yes":
            return _accept(ctx, game_id, owner)
        if kind == "no":
            return _decline(ctx, mid, game_id, seat, owner, game)
        if kind in ("board", "undo", "ask_undo", "approve", "refuse", "resign", "back") \
                or kind.startswith("bot:"):
            return {"kind": "how", "refused": True}
    elif kind in YES_NO:
        return None  # "ok" is the game's, when no yes-or-no question was asked
    if kind == "how":
        return {"kind": "how", "refused": True}
    if kind == "link":
        return {"kind": "link"}
    if kind in ("board", "rules"):
        return {"kind": kind}
    if kind in ("stop", "restart"):
        with db.write(ctx.engine) as conn:
            conn.execute(update(players_t).where(players_t.c.id == owner.id)
                         .values(email_notifications=kind == "restart"))
        return {"kind": kind}
    if kind == "undo":
        return _undo(ctx, mid, game_id, seat, owner)
    if kind == "ask_undo":
        return _ask_undo(ctx, mid, game_id, seat, owner)
    if kind in ("resign", "back") or kind.startswith("bot:"):
        return _seat_request(ctx, kind, game_id, owner)
    if kind in ("approve", "refuse"):
        request_id = (replied.payload or {}).get("request") if asked == "undo-request" else None
        return _answer_undo(ctx, mid, game_id, seat, kind == "approve", request_id)
    return None


def _accept(ctx: Context, game_id: str, owner: Any) -> dict[str, Any]:
    with db.read(ctx.engine) as conn:
        player = players_mod.get(conn, owner.id)
    try:
        started = lobby.accept(ctx, game_id, player)
    except ServiceError as error:
        return {"kind": "accept", "refused": True, "why": error.detail}
    with db.read(ctx.engine) as conn:
        waiting = conn.execute(select(players_t.c.name).join(
            seats, seats.c.player_id == players_t.c.id).where(
            seats.c.game_id == game_id, seats.c.accepted_at.is_(None))
            .order_by(seats.c.seat)).scalars().all()
    return {"kind": "accept", "started": started, "waiting": list(waiting)}


def _decline(ctx: Context, mid: str, game_id: str, seat: int, owner: Any,
             game: Any) -> dict[str, Any]:
    """The seat is not taken: the game's creator is told who declined (once, whatever retries
    the mail gets), and may create the game again with someone else. The seat stays open: a
    "yes" later still accepts it."""
    with db.write(ctx.engine) as conn:
        if game.created_by != owner.id and _once(conn, "mail-decline", mid[:128]):
            progress.notify(conn, game_id, "invitation-declined", [game.created_by],
                            {"game_id": game_id, "seat": seat, "by": owner.name})
    return {"kind": "decline"}


def _undo(ctx: Context, mid: str, game_id: str, seat: int, owner: Any) -> dict[str, Any]:
    """Undo the player's last move: every command of the reply (or text box) that made it, back
    to just after a reveal among them. The note lists the commands taken back (`undone`) and
    those that stay (`kept`), as the player writes them; the answer then asks what is to
    decide again."""
    from emails.play import seat_names, shown
    from service.commands import active_game

    with db.read(ctx.engine) as conn:
        done = conn.execute(select(events.c.seq).where(
            events.c.game_id == game_id, events.c.source == "email",
            events.c.source_ref == mid, events.c.type == "undone")).first()
    if done is not None:  # this very mail's undo is recorded: a retry does not undo another
        return {"kind": "undo"}
    try:
        module, _players = active_game(ctx, game_id)
        taken = undo.undo_move(ctx, game_id, seat, count=1, source=Source("email", ref=mid),
                               reason="own, by mail", player=owner.id)
    except ServiceError as error:
        return {"kind": "undo", "refused": True, "consent": error.key in CONSENT,
                "why": error.render(owner.language, seat_names(ctx, game_id))}
    lang = owner.language
    return {"kind": "undo", "undone": [shown(module, c, lang) for c in taken.plan.undone],
            "kept": [shown(module, c, lang) for c in taken.plan.kept]}


CONSENT = frozenset({"service.undo.hidden", "service.undo.others_acted",
                     "service.undo.game_acted"})
"""The refusals of an own undo that everyone's consent can overcome: their answer says the words
that ask for it (`ask_undo`)."""


def _ask_undo(ctx: Context, mid: str, game_id: str, seat: int, owner: Any) -> dict[str, Any]:
    """Ask every other player to agree to take back the player's last move (`undo.own_move`):
    each gets an undo-request mail, and a "yes" to it is their approval. Once per mail, whatever
    retries it gets."""
    from emails.play import seat_names, shown
    from service.commands import active_game

    with db.write(ctx.engine) as conn:
        if not _once(conn, "mail-ask-undo", mid[:128]):
            return {"kind": "ask_undo"}
    try:
        module, _players = active_game(ctx, game_id)
        back_to, moves = undo.own_move(ctx, game_id, seat, player=owner.id)
        # The move to take back, as its player writes it: the others' mail quotes it as the
        # request's reason ("Bruno asks to undo … : « pouvoir 5 »").
        reason = "; ".join(shown(module, m, owner.language) for m in moves)
        undo.request(ctx, game_id, seat, back_to, reason=reason, source=Source("email", ref=mid))
    except ServiceError as error:
        return {"kind": "ask_undo", "refused": True,
                "why": error.render(owner.language, seat_names(ctx, game_id))}
    return {"kind": "ask_undo"}


def _answer_undo(ctx: Context, mid: str, game_id: str, seat: int, approve: bool,
                 request_id: int | None) -> dict[str, Any]:
    kind = "approve" if approve else "refuse"
    if request_id is None:  # "approve undo" without answering its mail: the one open request
        others = [r for r in undo.pending(ctx, game_id)
                  if r.seat != seat and str(seat) not in r.answers]
        if len(others) != 1:
            return {"kind": kind, "refused": True, "none": not others}
        request_id = others[0].id
    try:
        undo.answer(ctx, game_id, int(request_id), seat, approve,
                    source=Source("email", ref=mid))
    except ServiceError as error:
        return {"kind": kind, "refused": True, "why": error.detail}
    return {"kind": kind}


def _seat_request(ctx: Context, kind: str, game_id: str, owner: Any) -> dict[str, Any]:
    """Resign, hand the seat to a bot, or take it back (service/seats.py: the web's rules). Done
    twice (a mail processed again), the second finds the seat already changed and says so."""
    with db.read(ctx.engine) as conn:
        player = players_mod.get(conn, owner.id)
    assert player is not None
    note = "bot" if kind.startswith("bot:") else kind
    level = kind.removeprefix("bot:") if note == "bot" else None
    try:
        if kind == "resign":
            done = seats_mod.resign(ctx, game_id, player)
        elif kind == "back":
            done = seats_mod.take_back(ctx, game_id, player)
        else:
            done = seats_mod.to_bot(ctx, game_id, player, str(level))
    except ServiceError as error:
        return {"kind": note, "refused": True, "why": error.render(owner.language, ())}
    return {"kind": note, "level": done.bot}


def _once(conn: Any, consumer: str, key: str) -> bool:
    """A `tracking` row in the caller's transaction: False when this was done already (a mail
    processed again after a crash must not tell the creator twice). A savepoint keeps a
    PostgreSQL transaction usable after the refused insert."""
    try:
        with conn.begin_nested():
            conn.execute(insert(tracking).values(consumer=consumer, key=key, created_at=now()))
    except IntegrityError:
        return False
    return True


def help_words(lang: str) -> Sequence[str]:
    """The first phrase of each general request in `lang`, for the mails' help line."""
    index = {"en": 0, "fr": 1, "it": 2}.get(lang, 0)
    return [WRITTEN[kind][index] for kind in ("board", "rules", "undo", "link", "stop", "restart",
                                              "resign")]


WRITTEN: dict[str, tuple[str, str, str]] = {
    "board": ("board", "plateau", "tabellone"), "rules": ("rules", "règles", "regole"),
    "undo": ("undo", "annuler", "annulla"), "link": ("link", "lien", "link di accesso"),
    "stop": ("stop", "stop", "stop"), "restart": ("restart", "relancer", "riattiva"),
    "yes": ("yes", "oui", "sì"), "no": ("no", "non", "no"),
    "resign": ("resign", "abandonner", "mi ritiro"),
    "back": ("take back my seat", "reprendre ma place", "riprendo il mio posto"),
    "ask_undo": ("ask to undo", "demander l'annulation", "chiedi l'annullamento"),
}
"""How the mails write each request (each is one of PHRASES once normalised)."""
