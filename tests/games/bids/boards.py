"""Sealed bids' boards, pure functions of a seat's view: the two prizes and the players' scores as
an SVG (the web page, the PNG in mails), as plain text (a mail's text part, `pbem replay`) and as
a table (a mail's HTML part, the web page)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from domain.core.boards import Summary, Table
from tests.games.bids.texts import points, prize_name, word


def _name(names: Sequence[str], seat: int, lang: str) -> str:
    return names[seat] if seat < len(names) else f"{word('player', lang)} {seat + 1}"


def _bid(view: Mapping[str, Any], seat: int, lang: str) -> str:
    revealed = view.get("revealed") or {}
    if str(seat) in revealed:
        return str(revealed[str(seat)])
    return word("in", lang) if view["bid_in"][seat] else word("waiting", lang)


class BidsBoards:
    def svg(self, view: Mapping[str, Any], lang: str, names: Sequence[str] = (), *,
            targets: Sequence[str] = (), title: str | None = None) -> str | None:
        prizes = view.get("prizes") or {}
        width, height = 420, 120 + 28 * view["players"]
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
                 f'role="img" aria-label="{escape(title or word("scores", lang))}">',
                 f'<rect width="{width}" height="{height}" fill="#fbf6e9"/>',
                 f'<text x="16" y="28" font-size="16" font-family="sans-serif">'
                 f'{escape(word("round", lang, round=view["round"], rounds=view["rounds"]))}'
                 '</text>']
        for i, (prize, colour) in enumerate((("gold", "#d4a017"), ("silver", "#a8a9ad"))):
            x = 60 + i * 150
            parts.append(f'<circle cx="{x}" cy="70" r="26" fill="{colour}" stroke="#5a4a1a"/>')
            parts.append(f'<text x="{x}" y="76" text-anchor="middle" font-size="18" '
                         f'font-family="sans-serif">{prizes.get(prize, "")}</text>')
            parts.append(f'<text x="{x + 34}" y="76" font-size="13" font-family="sans-serif">'
                         f'{escape(prize_name(prize, lang))}</text>')
        for seat in range(view["players"]):
            y = 125 + 28 * seat
            score = view["scores"][seat]
            parts.append(f'<text x="16" y="{y}" font-size="14" font-family="sans-serif">'
                         f'{escape(_name(names, seat, lang))}: '
                         f'{escape(points(score, lang))} · {escape(_bid(view, seat, lang))}'
                         '</text>')
        parts.append("</svg>")
        return "".join(parts)

    def text(self, view: Mapping[str, Any] | None, lang: str, names: Sequence[str] = ()) -> str:
        if not view:
            return ""
        prizes = view.get("prizes") or {}
        lines = [word("round", lang, round=view["round"], rounds=view["rounds"]),
                 word("prizes", lang, gold=prizes.get("gold", "?"),
                      silver=prizes.get("silver", "?"))]
        for seat in range(view["players"]):
            won = ", ".join(prize_name(p, lang) for p in view["won"][seat])
            lines.append(f"{_name(names, seat, lang)}: {points(view['scores'][seat], lang)}"
                         f" · {word('bid', lang)}: {_bid(view, seat, lang)}"
                         + (f" · {won}" if won else ""))
        if view.get("your_bid") is not None:
            lines.append(word("you", lang, amount=view["your_bid"]))
        return "\n".join(lines)

    def summary(self, view: Mapping[str, Any], lang: str,
                names: Sequence[str] = ()) -> Summary | None:
        prizes = view.get("prizes") or {}
        rows = tuple((_name(names, seat, lang), str(view["scores"][seat]), _bid(view, seat, lang),
                      ", ".join(prize_name(p, lang) for p in view["won"][seat]) or "—")
                     for seat in range(view["players"]))
        table = Table((word("player", lang), word("score", lang), word("bid", lang),
                       word("won", lang)), rows, repeats_picture=True)
        return Summary(title=word("round", lang, round=view["round"], rounds=view["rounds"]),
                       tables=(table,),
                       lines=(word("prizes", lang, gold=prizes.get("gold", "?"),
                                   silver=prizes.get("silver", "?")),))


BOARDS = BidsBoards()
