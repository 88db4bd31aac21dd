"""The modules' markers and tiles on every board: lines for the mail's text board and the tables
(`lines`), and badges drawn over El Grande's SVG map (`svg_overlay`). Both read only the view's
`modules` part, which is public (markers lie on the table), and `espionage`, which the view gives
to the spy alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from domain.core.i18n import language_index
from domain.elgrande.boards import _CENTRE, CASTILLO_BOX, FONT
from domain.elgrande.messages import joined, place_name
from domain.kingintrigue.texts import name

LINES: dict[str, tuple[str, str, str]] = {
    "castillo_at": ("The Castillo stands in {region} (Relocation)",
                    "Le Castillo se trouve dans la région {region} (Relocalisation)",
                    "Il Castillo si trova nella regione {region} (Trasloco)"),
    "alliance": ("Alliance: {regions} score as one", "Alliance : {regions} comptent comme une "
                 "seule", "Alleanza: {regions} contano come una sola"),
    "bridge": ("Bridge: {regions}, held by {seat}", "Pont : {regions}, détenu par {seat}",
               "Ponte: {regions}, tenuto da {seat}"),
    "quarantine": ("Quarantine: {region} (taboo)", "Quarantaine : {region} (taboue)",
                   "Quarantena: {region} (tabù)"),
    "collapse": ("Collapse risk: nothing enters the Castillo",
                 "Risque d'effondrement : rien n'entre dans le Castillo",
                 "Rischio di crollo: niente entra nel Castillo"),
    "king_marker": ("King marker: {region} (taboo, King's bonus)",
                    "Marqueur du Roi : {region} (taboue, bonus du Roi)",
                    "Segnalino del Re: {region} (tabù, bonus del Re)"),
    "limits": ("Limit boards (6 at most): {regions}", "Tableaux limite (6 au plus) : {regions}",
               "Tabelloni limite (al massimo 6): {regions}"),
    "reversed": ("Reversed scoreboards: {boards}", "Tuiles de pointage renversées : {boards}",
                 "Segnapunti capovolti: {boards}"),
    "in_front": ("In front of {seat}: {cards}", "Devant {seat} : {cards}",
                 "Davanti a {seat}: {cards}"),
    "guards": ("{seat}'s Royal Guard: {count}", "Garde Royale de {seat} : {count}",
               "Guardia Reale di {seat}: {count}"),
    "coup": ("{seat}'s Grande is in the Castillo (Coup d'État)",
             "Le Grande de {seat} est dans le Castillo (Coup d'État)",
             "Il Grande di {seat} è nel Castillo (Colpo di Stato)"),
    "joker": ("{seat}'s Joker waits to be replaced", "Le Joker de {seat} attend d'être remplacé",
              "Il Jolly di {seat} attende di essere sostituito"),
    "espionage": ("Discs seen by your Espionage: {discs}",
                  "Disques vus par votre Espionnage : {discs}",
                  "Dischi visti dal tuo Spionaggio: {discs}"),
}
BADGES: dict[str, tuple[str, str, str]] = {
    "castillo_at": ("Castillo here", "Castillo ici", "Castillo qui"),
    "alliance": ("Alliance", "Alliance", "Alleanza"),
    "quarantine": ("Quarantine", "Quarantaine", "Quarantena"),
    "king_marker": ("King marker", "Marqueur du Roi", "Segnalino del Re"),
    "limit": ("Limit 6", "Limite 6", "Limite 6"),
    "collapse": ("Collapse risk", "Effondrement", "Crollo"),
    "bridge": ("Bridge", "Pont", "Ponte"),
}


def _t(key: str, lang: str, **params: Any) -> str:
    return LINES[key][language_index(lang)].format(**params)


def _de(text: str, lang: str) -> str:
    """French « de Ann » → « d'Ann » in the lines' « de {seat} »."""
    if lang != "fr":
        return text
    for vowel in "AEIOUYÀÂÉÈÊËÎÏÔÖÙÛÜH":
        text = text.replace(f" de {vowel}", f" d'{vowel}")
    return text


def lines(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> list[str]:
    m = view.get("modules")
    if not m:
        return []

    def who(seat: Any) -> str:
        seat = int(seat)
        return names[seat] if 0 <= seat < len(names) else f"{seat + 1}"

    def regions(rs: Sequence[str]) -> str:
        return joined([place_name(r, lang) for r in rs], lang)

    out = []
    if m.get("castillo_at"):
        out.append(_t("castillo_at", lang, region=place_name(m["castillo_at"], lang)))
    if m.get("alliance"):
        out.append(_t("alliance", lang, regions=regions(m["alliance"])))
    if m.get("bridge"):
        holder = who(m["bridge_seat"]) if m.get("bridge_seat") is not None else "—"
        out.append(_t("bridge", lang, regions=regions(m["bridge"]), seat=holder))
    if m.get("quarantine"):
        out.append(_t("quarantine", lang, region=place_name(m["quarantine"], lang)))
    if m.get("collapse"):
        out.append(_t("collapse", lang))
    if m.get("king_marker"):
        out.append(_t("king_marker", lang, region=place_name(m["king_marker"], lang)))
    if m.get("limits"):
        out.append(_t("limits", lang, regions=regions(m["limits"])))
    if m.get("reversed"):
        out.append(_t("reversed", lang, boards=", ".join(b.replace("-", "/")
                                                          for b in m["reversed"])))
    for seat, cards in sorted((m.get("in_front") or {}).items()):
        out.append(_t("in_front", lang, seat=who(seat),
                      cards=", ".join(name(c, lang) for c in cards)))
    for seat, n in sorted((m.get("guards") or {}).items()):
        out.append(_de(_t("guards", lang, seat=who(seat), count=n), lang))
    for seat in sorted(m.get("coup") or {}):
        out.append(_de(_t("coup", lang, seat=who(seat)), lang))
    if m.get("joker") is not None:
        out.append(_de(_t("joker", lang, seat=who(m["joker"])), lang))
    spied = view.get("espionage")
    if spied:
        out.append(_t("espionage", lang, discs=", ".join(
            f"{who(s)} → {place_name(r, lang)}" for s, r in sorted(spied.items()))))
    return out


def _badge(x: float, y: float, text: str, colour: str) -> str:
    width = 8 + 6.2 * len(text)
    return (f'<g class="module-marker" role="img" aria-label="{escape(text)}">'
            f"<title>{escape(text)}</title>"
            f'<rect x="{x - width / 2:.0f}" y="{y - 9:.0f}" width="{width:.0f}" height="16" '
            f'rx="8" fill="{colour}" stroke="#222" stroke-width="1" opacity="0.92"/>'
            f'<text x="{x:.0f}" y="{y + 3:.0f}" font-family="{FONT}" font-size="10" '
            f'font-weight="bold" fill="#fff" text-anchor="middle" aria-hidden="true">'
            f"{escape(text)}</text></g>")


def svg_overlay(view: Mapping[str, Any], lang: str) -> str:
    """The markers as badges over the regions (and the Bridge as a line between its two)."""
    m = view.get("modules")
    if not m:
        return ""
    i = language_index(lang)
    out: list[str] = []
    stacked: dict[str, int] = {}

    def at(region: str, key: str, colour: str) -> None:
        cx, cy = _CENTRE[region]
        k = stacked.get(region, 0)
        stacked[region] = k + 1
        out.append(_badge(cx, cy + 48 + 17 * k, BADGES[key][i], colour))

    if len(m.get("bridge") or []) == 2:
        (x1, y1), (x2, y2) = (_CENTRE[r] for r in m["bridge"])
        out.append(f'<line class="module-bridge" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" '
                   f'y2="{y2:.0f}" stroke="#7a4a12" stroke-width="6" stroke-dasharray="10,4" '
                   f'opacity="0.7"><title>{escape(BADGES["bridge"][i])}</title></line>')
        out.append(_badge((x1 + x2) / 2, (y1 + y2) / 2, BADGES["bridge"][i], "#7a4a12"))
    if m.get("castillo_at"):
        at(m["castillo_at"], "castillo_at", "#5b4a2a")
    for region in m.get("alliance") or []:
        at(region, "alliance", "#2a6ebb")
    if m.get("quarantine"):
        at(m["quarantine"], "quarantine", "#b02a2a")
    if m.get("king_marker"):
        at(m["king_marker"], "king_marker", "#b58900")
    for region in m.get("limits") or []:
        at(region, "limit", "#555")
    if m.get("collapse"):
        x, y, w, h = CASTILLO_BOX
        out.append(_badge(x + w / 2, y + h + 12, BADGES["collapse"][i], "#b02a2a"))
    return "\n".join(out)
