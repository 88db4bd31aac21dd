"""King & Intrigue's boards: El Grande's map (SVG), text board and tables of the seat's view, with
the expansion's lines added: the viewer's hand and discard pile, this round's round cards and the
2x markers. Nothing here reads more than the view, which already withholds every hidden card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.core.boards import Summary
from domain.core.i18n import language_index
from domain.elgrande.boards import ElGrandeBoards
from domain.elgrande.messages import place_name
from domain.kingintrigue.modules.boards import lines as module_lines
from domain.kingintrigue.modules.boards import svg_overlay
from domain.kingintrigue.texts import name

LINES: dict[str, tuple[str, str, str]] = {
    "hand": ("My power cards: {cards}", "Mes cartes pouvoir : {cards}",
             "Le mie carte potere: {cards}"),
    "discards": ("{seat}'s played cards: {cards}", "Cartes jouées par {seat} : {cards}",
                 "Carte giocate da {seat}: {cards}"),
    "round_card": ("{seat}: {card}, up to {places} to place", "{seat} : {card}, jusqu'à {places} "
                   "à placer", "{seat}: {card}, fino a {places} da piazzare"),
    "doubles": ("2x markers: {regions}", "Marqueurs 2x : {regions}", "Segnalini 2x: {regions}"),
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
                          cards=", ".join(str(c) for c in x["discards"])))
    for c in view.get("round_cards", []):
        out.append(_t("round_card", lang, seat=who(c["seat"]), card=name(c["card"], lang),
                      places=c["places"]))
    if view.get("doubles"):
        out.append(_t("doubles", lang, regions=", ".join(place_name(r, lang)
                                                          for r in sorted(view["doubles"]))))
    return out + module_lines(view, lang, names)


class KingAndIntrigueBoards(ElGrandeBoards):
    card_title = staticmethod(name)  # the expansion's actions by their names (the last scoring)
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
        return "\n".join([board, *extra_lines(view, lang, names)])

    def summary(self, view: Mapping[str, Any], lang: str,
                names: Sequence[str] = ()) -> Summary | None:
        summary = super().summary(view, lang, names)
        if summary is None or not view.get("places"):
            return summary
        return replace(summary, lines=(*summary.lines, *extra_lines(view, lang, names)))
