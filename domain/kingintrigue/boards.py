"""King & Intrigue's boards: El Grande's map (SVG), text board and tables of the seat's view, with
the expansion's lines added: the viewer's hand and discard pile, this round's round cards and the
2x markers. Nothing here reads more than the view, which already withholds every hidden card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.core.boards import Summary, Table
from domain.core.i18n import language_index
from domain.elgrande.boards import ElGrandeBoards
from domain.elgrande.messages import place_name
from domain.kingintrigue.modules.boards import lines as module_lines
from domain.kingintrigue.modules.boards import svg_overlay
from domain.kingintrigue.modules_data import ALL_CARDS
from domain.kingintrigue.rules_page import card_line
from domain.kingintrigue.texts import name, power_effect, power_title

LINES: dict[str, tuple[str, str, str]] = {
    "hand": ("My power cards: {cards}", "Mes cartes pouvoir : {cards}",
             "Le mie carte potere: {cards}"),
    "discards": ("{seat}'s played cards: {cards}", "Cartes jouées par {seat} : {cards}",
                 "Carte giocate da {seat}: {cards}"),
    "round_card": ("{seat}: {card}, up to {places} to place", "{seat} : {card}, jusqu'à {places} "
                   "à placer", "{seat}: {card}, fino a {places} da piazzare"),
    "doubles": ("2x markers: {regions}", "Marqueurs 2x : {regions}", "Segnalini 2x: {regions}"),
    "hand_title": ("Your power cards", "Vos cartes pouvoir", "Le tue carte potere"),
    "card": ("Card", "Carte", "Carta"),
    "caballeros": ("Caballeros", "Caballeros", "Caballeros"),
    "action": ("Action", "Action", "Azione"),
    "does": ("What it does", "Effet", "Cosa fa"),
}


def _t(key: str, lang: str, **params: Any) -> str:
    return LINES[key][language_index(lang)].format(**params)


def extra_lines(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> list[str]:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"{seat + 1}"

    out = []
    for x in view.get("seats", []):
        if x.get("discards") is not None and x["discards"]:
            out.append(_t("discards", lang, seat=who(x["seat"]),
                          cards=", ".join(_named(c, lang) for c in x["discards"])))
    for c in view.get("round_cards", []):
        out.append(_t("round_card", lang, seat=who(c["seat"]), card=name(c["card"], lang),
                      places=c["places"]))
    if view.get("doubles"):
        out.append(_t("doubles", lang, regions=", ".join(place_name(r, lang)
                                                          for r in sorted(view["doubles"]))))
    return out + module_lines(view, lang, names)


def _named(card: Any, lang: str) -> str:
    """A power card as the others read it: its value and its action's name."""
    title = power_title(card, lang) if isinstance(card, int) else ""
    return f"{card} ({title})" if title else str(card)


def hand_table(view: Mapping[str, Any], lang: str) -> Table | None:
    """The viewer's own power cards, each with its Caballeros, its action and what it does: the
    13 to keep are chosen from it, and each round's card played, without opening the rules."""
    you = view.get("you")
    mine = next((s for s in view.get("seats", []) if s.get("seat") == you), None)
    if mine is None or not mine.get("hand"):
        return None
    rows = []
    for card in mine["hand"]:
        found = ALL_CARDS.get(card)
        rows.append((str(card), "" if found is None else str(found.caballeros),
                     power_title(card, lang), power_effect(card, lang)))
    return Table(caption=_t("hand_title", lang),
                 header=(_t("card", lang), _t("caballeros", lang), _t("action", lang),
                         _t("does", lang)),
                 rows=tuple(rows))


class KingAndIntrigueBoards(ElGrandeBoards):
    card_title = staticmethod(name)  # the expansion's actions by their names (the last scoring)
    power_title = staticmethod(power_title)  # the others' cards played, by their actions' names
    def svg(self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] = (), *,
            targets: Sequence[str] = (), title: str | None = None) -> str | None:
        """El Grande's map, with the modules' markers and tiles drawn over it."""
        board = super().svg(view, lang, names, targets=targets, title=title)
        overlay = svg_overlay(view, lang)
        if board is None or not overlay:
            return board
        head, _, tail = board.rpartition("</svg>")
        return f"{head}{overlay}\n</svg>{tail}"

    def text(self, view: Mapping[str, Any] | None, lang: str, names: Sequence[str] = ()) -> str:
        board = super().text(view, lang, names)
        if not view or not view.get("places"):
            return board
        lines = [board, *extra_lines(view, lang, names)]
        if (hand := hand_table(view, lang)) is not None:
            colon = " :" if lang == "fr" else ":"
            lines += ["", f"{hand.caption}{colon}",
                      *(f"  {card_line(int(card), int(count or 0), title, lang)}{colon} {does}"
                        for card, count, title, does in hand.rows)]
        return "\n".join(lines)

    def summary(self, view: Mapping[str, Any], lang: str,
                names: Sequence[str] = ()) -> Summary | None:
        summary = super().summary(view, lang, names)
        if summary is None or not view.get("places"):
            return summary
        hand = hand_table(view, lang)
        return replace(summary, lines=(*summary.lines, *extra_lines(view, lang, names)),
                       tables=summary.tables if hand is None else (*summary.tables, hand))
