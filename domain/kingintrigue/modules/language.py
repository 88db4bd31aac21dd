"""The modules' commands in the command language (en/fr/it), read and written by King & Intrigue's
parser and formatter (`kingintrigue.language`):

    special aragon                      a region card (Relocation, Civil war, Quarantine,
                                        Table for six, King marker, the two scorings of one region)
    special galicia aragon              Alliance, the Bridge (two regions)
    special galicia aragon sevilla      the three regions offered
    special 8/4/0                       Revolt (the scoreboard turned)
    special red | special Bob           Coup d'État (whose Grande)
    special 75 Bob | special limit aragon    Intervention (a 25 or 75 in front of someone, or a
                                        limit board)
    cross valencia 2 | cross 0          the Bridge's free move (traverser … / attraversa …)
    cross 0 leave | cross valencia 2 leave    … and the Caballero taken off the Bridge
                                        (quitter / lascia)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.i18n import language_index
from domain.core.language import phrases
from domain.elgrande import language as eg
from domain.elgrande import vocabulary as vocab
from domain.kingintrigue.modules_data import ALL_CARDS

REGION_CARDS = {"relocation", "civil_war", "quarantine", "table_for_six",
                "king_marker", "score_present", "score_any"}
PAIR_CARDS = {"alliance", "bridge"}
OWN_CARDS = REGION_CARDS | PAIR_CARDS | {"score_offered", "revolt", "coup", "intervention"}
CROSS_WORDS = (("cross",), ("traverser", "traverse"), ("attraversa", "attraversare"))
GUARD_WORDS = (("guard",), ("garde",), ("guardia",))
STAY_WORDS = (("stay", "stays", "no"), ("reste", "rester", "non"), ("resta", "restare", "no"))
LEAVE_WORDS = (("leave", "off"), ("quitter", "retirer"), ("lascia", "togli"))
LIMIT_WORDS = (("limit", "limit board"), ("limite", "tableau limite"),
               ("limite", "tabellone limite"))
BOARDS = phrases({"8/4/0": "8-4-0", "8-4-0": "8-4-0", "840": "8-4-0", "4/0/0": "4-0-0",
                  "4-0-0": "4-0-0", "400": "4-0-0"})
VALUE_OF = {c.action: v for v, c in ALL_CARDS.items()}
MARKER_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "alliance": (("alliance",), ("alliance",), ("alleanza",)),
    "bridge": (("bridge",), ("pont",), ("ponte",)),
    "collapse": (("collapse",), ("effondrement",), ("crollo",)),
    "quarantine": (("quarantine",), ("quarantaine",), ("quarantena",)),
    "king_marker": (("king marker",), ("marqueur du roi", "marqueur roi"),
                    ("segnalino del re", "segnalino re")),
}
"""Intervention's optional rule (option intervention_markers): `special alliance` takes the
Alliance markers off the board."""


def format_guard(command: Mapping[str, Any], lang: str) -> str:
    i = language_index(lang)
    to = command.get("to")
    return f"{GUARD_WORDS[i][0]} {STAY_WORDS[i][0] if to == 'stay' else eg._place(str(to), lang)}"


def format_special(command: Mapping[str, Any], card: str, lang: str,
                   names: Sequence[str]) -> str:
    parts = [vocab.keyword("special", lang)]
    if card in REGION_CARDS:
        parts.append(eg._place(command["region"], lang))
    elif card in PAIR_CARDS:
        parts += [eg._place(command["first"], lang), eg._place(command["second"], lang)]
    elif card == "score_offered":
        regions = command.get("regions") or [command.get(f"region{i}") for i in (1, 2, 3)]
        parts += [eg._place(r, lang) for r in regions]
    elif card == "revolt":
        parts.append(str(command["scoreboard"]).replace("-", "/"))
    elif card == "coup":
        parts.append(vocab.colour_name(int(command["target"]), lang))
    else:
        what, _, where = str(command["target"]).partition("@")
        if what == "limit":
            parts += [LIMIT_WORDS[language_index(lang)][0], eg._place(where, lang)]
        elif what in MARKER_WORDS:
            parts.append(MARKER_WORDS[what][language_index(lang)][0])
        else:
            parts += [str(VALUE_OF[what]), vocab.colour_name(int(where), lang)]
    return " ".join(parts)


def format_cross(command: Mapping[str, Any], lang: str) -> str:
    i = language_index(lang)
    word = CROSS_WORDS[i][0]
    leave = f" {LEAVE_WORDS[i][0]}" if command.get("leave") else ""
    if not command.get("count"):
        return f"{word} 0{leave}"
    return f"{word} {eg._place(command['from'], lang)} {command['count']}{leave}"


HELP: dict[str, tuple[str, str, str]] = {
    "region": ("{kw} REGION", "{kw} RÉGION", "{kw} REGIONE"),
    "pair": ("{kw} REGION REGION", "{kw} RÉGION RÉGION", "{kw} REGIONE REGIONE"),
    "score_offered": ("{kw} REGION REGION REGION", "{kw} RÉGION RÉGION RÉGION",
                      "{kw} REGIONE REGIONE REGIONE"),
    "revolt": ("{kw} 8/4/0 or {kw} 4/0/0", "{kw} 8/4/0 ou {kw} 4/0/0", "{kw} 8/4/0 o {kw} 4/0/0"),
    "coup": ("{kw} COLOUR (whose Grande)", "{kw} COULEUR (le Grande de qui)",
             "{kw} COLORE (il Grande di chi)"),
    "intervention": ("{kw} 25|75 COLOUR or {kw} limit REGION (with the optional rule also "
                     "{kw} alliance|bridge|collapse|quarantine|king marker)",
                     "{kw} 25|75 COULEUR ou {kw} limite RÉGION (avec la règle optionnelle aussi "
                     "{kw} alliance|pont|effondrement|quarantaine|marqueur du roi)",
                     "{kw} 25|75 COLORE o {kw} limite REGIONE (con la regola opzionale anche "
                     "{kw} alleanza|ponte|crollo|quarantena|segnalino del re)"),
    "guard": ("{kw} REGION (your Royal Guard joins it before the scoring), or {kw} stay",
              "{kw} RÉGION (votre Garde Royale la rejoint avant le décompte), ou {kw} reste",
              "{kw} REGIONE (la tua Guardia Reale la raggiunge prima della valutazione), o "
              "{kw} resta"),
    "cross": ("{kw} REGION N (from that region over the Bridge), or {kw} 0; add leave to take "
              "your Caballero off the Bridge",
              "{kw} RÉGION N (depuis cette région par le Pont), ou {kw} 0 ; ajoutez quitter pour "
              "retirer votre Caballero du Pont",
              "{kw} REGIONE N (da quella regione sul Ponte), o {kw} 0; aggiungi lascia per "
              "togliere il tuo Caballero dal Ponte"),
}


def keep_help(pool: Sequence[int], lang: str, kw: str) -> str:
    """With a module: the 13 kept among the larger pool, its values spelled out."""
    values = ", ".join(str(v) for v in pool)
    return (f"{kw} N N … — 13 different values of {values}",
            f"{kw} N N … — 13 valeurs différentes parmi {values}",
            f"{kw} N N … — 13 valori diversi tra {values}")[language_index(lang)]


def help_line(card: str, lang: str) -> str | None:
    key = "region" if card in REGION_CARDS else "pair" if card in PAIR_CARDS else card
    if key not in HELP:
        return None
    kw = CROSS_WORDS[language_index(lang)][0] if key == "cross" else \
        GUARD_WORDS[language_index(lang)][0] if key == "guard" else vocab.keyword("special", lang)
    return HELP[key][language_index(lang)].format(kw=kw)
