"""How players write sealed bids' moves, in a mail reply or the web's text box, in en/fr/it.

    bid 3 · miser 3 · puntare 3          (or just "3" while a bid is asked)
    claim gold · prendre l'or · prendere l'oro   (or just "gold", "or", "oro" while a prize is)

Words are read without accents and case; one command a line (or between ";" or ","); a line that
holds no move word, number or prize (a greeting, a signature) is left aside.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.decisions import Decision
from domain.core.language import (
    CommandRefused,
    Parsed,
    ParseError,
    Session,
    fold_accents,
    language_index,
)
from tests.games.bids.rules import BIDS, PRIZES
from tests.games.bids.texts import PRIZE_NAMES

VERBS: dict[str, tuple[str, str, str]] = {"bid": ("bid", "miser", "puntare"),
                                          "claim": ("claim", "prendre", "prendere")}
KEYWORDS: dict[str, str] = {
    **{w: "bid" for w in ("bid", "bet", "offer", "miser", "mise", "mises", "je mise", "puntare",
                          "punto", "punta", "offro", "offerta")},
    **{w: "claim" for w in ("claim", "take", "prendre", "prends", "je prends", "prendere",
                            "prendo", "scelgo", "choose", "choisir", "choisis")},
}
PRIZE_WORDS: dict[str, str] = {fold_accents(name): prize for prize, names in PRIZE_NAMES.items()
                               for name in names}
ARTICLES = frozenset({"the", "l", "le", "la", "lo", "il", "prix", "premio", "prize", "en",
                      "d", "de", "du", "di", "je", "i", "io", "please", "svp", "per", "favore"})
TEXTS: dict[str, tuple[str, str, str]] = {
    "bid_number": ("A bid is a number from 1 to 5: write, for example, “bid 3”.",
                   "Une mise est un nombre de 1 à 5 : écrivez par exemple « miser 3 ».",
                   "Un'offerta è un numero da 1 a 5: scrivi per esempio «puntare 3»."),
    "which_prize": ("Which prize: gold or silver? Write, for example, “claim gold”.",
                    "Quel prix : l'or ou l'argent ? Écrivez par exemple « prendre or ».",
                    "Quale premio: oro o argento? Scrivi per esempio «prendere oro»."),
    "not_now": ("“{line}” is not a move you can make now.",
                "« {line} » n'est pas un coup possible maintenant.",
                "«{line}» non è una mossa possibile ora."),
    "nothing": ("No move was found in your message.",
                "Aucun coup n'a été trouvé dans votre message.",
                "Nessuna mossa trovata nel tuo messaggio."),
    "waiting": ("Nothing is waiting for you in this game right now.",
                "Rien ne vous attend dans cette partie pour le moment.",
                "Niente ti aspetta in questa partita per ora."),
}


def _text(key: str, lang: str, **params: Any) -> str:
    return TEXTS[key][language_index(lang)].format(**params)


def _words(line: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", fold_accents(line).lower()) if w]


class BidsLanguage:
    def parse(self, text: str, session: Session) -> Parsed:
        lang = session.lang
        parsed = Parsed([])
        for line in re.split(r"[\n;,]", text):
            words = _words(line)
            if not words:
                continue
            command = self._command(line.strip(), words, session.decision(), lang)
            if command is None:
                parsed.ignored.append(line.strip())
                continue
            session.advance(command)
            parsed.commands.append(command)
        if not parsed.commands:
            raise ParseError(_text("nothing", lang), lang=lang,
                             allowed=self.help_lines(session.decision(), None, lang))
        return parsed

    def _command(self, line: str, words: list[str], decision: Decision | None,
                 lang: str) -> dict[str, Any] | None:
        kind = next((KEYWORDS[" ".join(words[i:i + n])] for i in range(len(words))
                     for n in (2, 1) if " ".join(words[i:i + n]) in KEYWORDS), None)
        numbers = [int(w) for w in words if w.isdigit()]
        prizes = [PRIZE_WORDS[w] for w in words if w in PRIZE_WORDS]
        if kind is None:  # a bare value answers the decision asked
            if decision is not None and decision.kind == "bid" and len(numbers) == 1 \
                    and len(words) <= 3:
                kind = "bid"
            elif decision is not None and decision.kind == "claim" and len(prizes) == 1 \
                    and len(words) <= 4:
                kind = "claim"
            else:
                return None
        allowed = self.help_lines(decision, None, lang)
        if decision is None:
            raise ParseError(_text("waiting", lang), lang=lang)
        if kind != decision.kind:
            raise ParseError(_text("not_now", lang, line=line), lang=lang, allowed=allowed)
        if kind == "bid":
            if len(numbers) != 1 or numbers[0] not in BIDS:
                raise ParseError(_text("bid_number", lang), near=line, lang=lang, allowed=allowed)
            return {"type": "bid", "amount": numbers[0]}
        if len(set(prizes)) != 1:
            raise ParseError(_text("which_prize", lang), near=line, lang=lang, allowed=allowed)
        return {"type": "claim", "prize": prizes[0]}

    def format(self, command: Mapping[str, Any], lang: str = "en", *,
               decision: Decision | None = None, names: Sequence[str] = ()) -> str:
        verb = VERBS.get(command["type"], (command["type"],) * 3)[language_index(lang)]
        if command["type"] == "bid":
            return f"{verb} {command['amount']}"
        if command["type"] == "claim":
            return f"{verb} {PRIZE_NAMES[command['prize']][language_index(lang)]}"
        return verb

    def help_lines(self, decision: Decision | None, view: Mapping[str, Any] | None = None,
                   lang: str = "en") -> list[str]:
        if decision is None or decision.seat is None:
            return []
        if decision.kind == "bid":
            return [self.format({"type": "bid", "amount": a}, lang) for a in BIDS]
        return [self.format({"type": "claim", "prize": p}, lang) for p in PRIZES]

    def example(self, state: Any, decision: Decision, lang: str = "en",
                names: Sequence[str] = ()) -> str:
        if decision.kind == "bid":
            return self.format({"type": "bid", "amount": 3}, lang)
        return self.format({"type": "claim", "prize": "gold"}, lang)


LANGUAGE = BidsLanguage()
__all__ = ["LANGUAGE", "BidsLanguage", "CommandRefused"]
