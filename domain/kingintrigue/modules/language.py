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
CROSS = phrases({w: "cross" for words in CROSS_WORDS for w in words})
GUARD_WORDS = (("guard",), ("garde",), ("guardia",))
GUARD = phrases({w: "guard" for words in GUARD_WORDS for w in words})
STAY_WORDS = (("stay", "stays", "no"), ("reste", "rester", "non"), ("resta", "restare", "no"))
STAY = phrases({w: "stay" for words in STAY_WORDS for w in words})
LEAVE_WORDS = (("leave", "off"), ("quitter", "retirer"), ("lascia", "togli"))
LEAVE = phrases({w: "leave" for words in LEAVE_WORDS for w in words})
LIMIT_WORDS = (("limit", "limit board"), ("limite", "tableau limite"),
               ("limite", "tabellone limite"))
LIMIT = phrases({w: "limit" for words in LIMIT_WORDS for w in words})
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
MARKER = phrases({w: k for k, langs in MARKER_WORDS.items() for words in langs for w in words})


def parse_special(parser: Any, card: str) -> dict[str, Any]:
    """The `special` parameters of a module card, the cursor after the keyword."""
    c = parser.cursor
    c.skip_filler()
    if card in REGION_CARDS:
        return {"type": "special", "region": parser.named_place("which_region")}
    if card in PAIR_CARDS or card == "score_offered":
        regions = []
        while (place := c.take(eg.PLACES)) is not None:
            regions.append(str(place))
            c.skip_filler()
            if c.at_break():
                if not c.continues_with(eg.PLACES):
                    break
                c.skip_breaks()
        if card == "score_offered":
            return {"type": "special", "regions": regions}
        first, second = [*regions, None, None][:2]
        return {"type": "special", "first": first, "second": second}
    if card == "revolt":
        return {"type": "special", "scoreboard": c.take(BOARDS)}
    if card == "coup":
        return {"type": "special", "target": parser.seat_ref()}
    marker = c.take(MARKER)
    if marker is not None:
        return {"type": "special", "target": f"{marker}@board"}
    if c.take(LIMIT):
        c.skip_filler()
        return {"type": "special", "target": f"limit@{parser.named_place('which_region')}"}
    value = c.number()
    c.skip_filler()
    owner = parser.seat_ref()
    what = ALL_CARDS[value].action if value in ALL_CARDS else str(value)
    return {"type": "special", "target": f"{what}@{owner}"}


def parse_cross(parser: Any) -> dict[str, Any]:
    c = parser.cursor
    c.skip_filler()
    place = c.take(eg.PLACES)
    c.skip_filler()
    count = c.number()
    if place is None:
        place = c.take(eg.PLACES)
    c.skip_filler()
    out: dict[str, Any] = {"type": "cross", "count": count or 0}
    if place is not None:
        out["from"] = str(place)
    if c.take(LEAVE) is not None:
        out["leave"] = 1
    return out


def parse_guard(parser: Any) -> dict[str, Any]:
    """`guard aragon` (the region about to be scored) or `guard stay` (garde reste, guardia
    resta)."""
    c = parser.cursor
    c.skip_filler()
    if c.take(STAY):
        return {"type": "guard", "to": "stay"}
    return {"type": "guard", "to": parser.named_place("which_region")}


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
