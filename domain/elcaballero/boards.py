"""El Caballero's boards, pure functions of a seat's view: the grid as an SVG (the web page, the
PNG in mails), as a compact text grid with the cell names players type (a mail's text part,
`pbem replay`), and as tables (the players, and each region with who leads it).

The picture states its geometry once, as the values the decisions name (service/web/static reads
them and knows no game): every empty cell beside the board is a `class="cell"` rectangle with
`data-cell="x,y"` (the value of a `grid_cell` field), every laid tile a group with the same
`data-cell` holding its four sides as `data-edge="n|e|s|w"` (where a ship or an Alcalde goes),
each face-up tile a group `data-tile="TILE"` (and `data-piece`, the forms' older name), and the
viewer's own Caballero tile, each side a group `data-knight_side="a|b"` with the numbers of its
sides (`data-sides`, north first, each number's text `data-side`). A group with `data-size` is a
piece that can be previewed, turned, on a cell before it is laid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from domain.core.boards import Summary, Table
from domain.elcaballero.coords import column, row
from domain.elcaballero.coords import name as cell_name
from domain.elcaballero.data import COLOURS, KNIGHT_SIDES, POWER_CABALLEROS, TILE
from domain.elcaballero.geometry import rotated_areas
from domain.elcaballero.texts import (
    caballeros,
    colour_letter,
    joined,
    phase_name,
    seat_name,
    side_name,
    tile_words,
    word,
)

CELL = 64
LAND_FILL, SEA_FILL = "#d9c58b", "#7fb3d5"
INK = {"yellow": "#e0b000", "red": "#c0392b", "blue": "#2e5fa8", "green": "#2e8b57"}
SIDE_OF = {"n": 0, "e": 1, "s": 2, "w": 3}


def _cells(view: Mapping[str, Any]) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    taken: set[tuple[int, int]] = {(t["at"][0], t["at"][1]) for t in view.get("terrain", [])} | \
        {(k["at"][0], k["at"][1]) for k in view.get("knights", [])}
    empty: set[tuple[int, int]] = set()
    for t in view.get("terrain", []):
        x, y = t["at"]
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            if (x + dx, y + dy) not in taken:
                empty.add((x + dx, y + dy))
    return taken, empty


def _tile_shapes(edges: str, gold: bool, fish: bool, bridge: bool | None, size: int) -> list[str]:
    """A terrain tile drawn at (0, 0): sea, a land triangle towards each land side, the centre
    land when more than one side is land (a strait cuts it with sea), gold and fish."""
    h = size / 2
    corners = ((0, 0), (size, 0), (size, size), (0, size))
    out = [f'<rect width="{size}" height="{size}" fill="{SEA_FILL}"/>']
    for d in range(4):
        if edges[d] == "L":
            a, b_ = corners[d], corners[(d + 1) % 4]
            out.append(f'<polygon points="{a[0]},{a[1]} {b_[0]},{b_[1]} {h},{h}" '
                       f'fill="{LAND_FILL}"/>')
    lands = edges.count("L")
    if lands >= 2 and edges not in ("LSLS", "SLSL"):
        q = size * 0.22
        out.append(f'<rect x="{h - q}" y="{h - q}" width="{2 * q}" height="{2 * q}" '
                   f'fill="{LAND_FILL}"/>')
    if edges in ("LSLS", "SLSL"):
        q = size * 0.14
        vertical = edges == "LSLS"
        land_band = bridge
        fill = LAND_FILL if land_band else SEA_FILL
        # a land bridge joins the two lands across the middle; a strait joins the two seas
        if vertical == bool(land_band):
            out.append(f'<rect x="{h - q}" y="0" width="{2 * q}" height="{size}" fill="{fill}"/>')
        else:
            out.append(f'<rect x="0" y="{h - q}" width="{size}" height="{2 * q}" fill="{fill}"/>')
    if gold:
        out.append(f'<circle cx="{h}" cy="{h}" r="{size * 0.12}" fill="#f4c430" '
                   'stroke="#8a6d00"/>')
    if fish:
        out.append(f'<ellipse cx="{size * 0.72}" cy="{size * 0.72}" rx="{size * 0.12}" '
                   f'ry="{size * 0.06}" fill="#f0f0f0" stroke="#34495e"/>')
    out.append(f'<rect width="{size}" height="{size}" fill="none" stroke="#555" '
               'stroke-width="1"/>')
    return out


def _edges(size: int) -> str:
    """A laid tile's four sides, each a triangle from its edge to the centre: what a click on a
    side chooses (a ship's or an Alcalde's side), invisible until the page lights it up."""
    h = size / 2
    corners = ((0, 0), (size, 0), (size, size), (0, size))
    return "".join(f'<polygon data-edge="{side}" points="{corners[d][0]},{corners[d][1]} '
                   f'{corners[(d + 1) % 4][0]},{corners[(d + 1) % 4][1]} {h},{h}" fill="#fff" '
                   'fill-opacity="0"/>' for side, d in SIDE_OF.items())


def _knight_piece(seat: int, side: str, size: int, lang: str) -> list[str]:
    """One side of the viewer's Caballero tile as a piece to lay: its colour and the number on
    each side (`data-side`: 0 north … 3 west), which the preview shows turned."""
    h = size / 2
    numbers = KNIGHT_SIDES[side]
    spots = ((h, 12), (size - 8, h + 4), (h, size - 4), (8, h + 4))
    out = [f'<rect x="2" y="2" width="{size - 4}" height="{size - 4}" rx="5" '
           f'fill="{INK[COLOURS[seat]]}" stroke="#222" stroke-width="1.5"/>']
    out += [f'<text data-side="{d}" x="{spots[d][0]}" y="{spots[d][1]}" text-anchor="middle" '
            f'font-size="11" font-weight="bold" font-family="sans-serif" fill="#fff">{n}</text>'
            for d, n in enumerate(numbers)]
    caption = escape(word("board.knight_side_short", lang, side=side.upper()))
    out.append(f'<text data-caption="1" x="{h}" y="{size + 14}" text-anchor="middle" '
               f'font-size="12" font-family="sans-serif">{caption}</text>')
    return out


def _knight_shapes(k: Mapping[str, Any], lands: set[int], size: int) -> list[str]:
    colour = INK[COLOURS[k["seat"]]]
    h = size / 2
    out = [f'<rect x="3" y="3" width="{size - 6}" height="{size - 6}" rx="6" fill="{colour}" '
           'stroke="#222" stroke-width="1.5"/>']
    spots = ((h, 13), (size - 10, h + 4), (h, size - 6), (10, h + 4))
    for d, n in enumerate(k["numbers"]):
        bold = d in lands
        out.append(f'<text x="{spots[d][0]}" y="{spots[d][1]}" text-anchor="middle" '
                   f'font-size="{13 if bold else 10}" font-weight="{"bold" if bold else "normal"}" '
                   f'font-family="sans-serif" fill="{"#fff" if bold else "#eee"}">{n}</text>')
    out.append(f'<circle cx="{h}" cy="{h}" r="12" fill="#fff" stroke="#222"/>')
    out.append(f'<text x="{h}" y="{h + 5}" text-anchor="middle" font-size="14" '
               f'font-weight="bold" font-family="sans-serif">{k["caballeros"]}</text>')
    if k.get("castillo"):
        out.append(f'<path d="M{size - 22},{size - 8} v-12 h3 v3 h3 v-3 h3 v3 h3 v-3 h3 v12 z" '
                   'fill="#7f8c8d" stroke="#222"/>')
    if k.get("grande"):
        out.append('<path d="M8,24 l3,-10 l4,6 l4,-6 l3,10 z" fill="#f1c40f" stroke="#222"/>')
    for side in k.get("ships", []):
        d = SIDE_OF[side]
        sx, sy = ((h, -2), (size + 2, h), (h, size + 2), (-2, h))[d]
        out.append(f'<path d="M{sx - 9},{sy - 3} h18 l-4,7 h-10 z" fill="{colour}" '
                   'stroke="#222"/>')
    return out


def _lands_of(view: Mapping[str, Any], at: Sequence[int]) -> set[int]:
    edges = {tuple(t["at"]): t["edges"] for t in view.get("terrain", [])}
    x, y = at
    out = set()
    for d, (dx, dy) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0))):
        e = edges.get((x + dx, y + dy))
        if e is not None and e[(d + 2) % 4] == "L":
            out.add(d)
    return out


def region_name(view: Mapping[str, Any], r: Mapping[str, Any], lang: str) -> str:
    """A region as a player names it and writes it back: a cell of the region and the side of
    the terrain tile there that the region touches ("m14 north"), as "alcalde m14 north" names
    it. A cell alone named both seas of a land bridge (both lands of a strait) alike."""
    x, y, area = r["id"]
    laid = next((t for t in view.get("terrain", []) if tuple(t["at"]) == (x, y)), None)
    if laid is None or laid["tile"] not in TILE:
        return cell_name((x, y))
    side = min(rotated_areas(TILE[laid["tile"]], laid["turn"])[area][1])
    return f"{cell_name((x, y))} {side_name(side, lang)}"


def _majority(counts: Sequence[int], lang: str, names: Sequence[str]) -> str | None:
    """Who has the most Caballeros in a land region, and how many; None when nobody has any."""
    best = max(counts, default=0)
    if best <= 0:
        return None
    top = [seat_name(s, names, lang) for s, c in enumerate(counts) if c == best]
    if len(top) > 1:
        return word("board.tie", lang, names=joined(top, lang)) + f" ({best})"
    return f"{top[0]} ({best})"


def _region_leaders(view: Mapping[str, Any], r: Mapping[str, Any], lang: str,
                    names: Sequence[str]) -> str:
    if r["kind"] == "land":
        counts = r["counts"]
        alcalde = r.get("alcalde")
        if alcalde is not None:
            # Rules (advanced): the Alcalde's owner « prend le 1er rang dans cette région »,
            # whatever the Caballeros; the best of the others comes next (scoring.land_points).
            first = word("board.alcalde_first", lang, seat=seat_name(alcalde, names, lang))
            others = _majority([0 if s == alcalde else c for s, c in enumerate(counts)], lang,
                               names)
            return word("board.then", lang, first=first, next=others) if others else first
        first = _majority(counts, lang, names)
        if first is None:
            return word("board.nobody", lang)
        top = max(counts)
        if counts.count(top) > 1:  # a tie for first: each scores the value, nobody is second
            return first
        # The second scores the value too (scoring.land_points): the line named only the leader
        # (found by mail: "o12 north, land, open, value 3: Gil (8)", where Ivo scored 3).
        others = _majority([c if c < top else 0 for c in counts], lang, names)
        return word("board.then", lang, first=first, next=others) if others else first
    ships = r.get("ships") or []
    total = sum(ships)
    if not total:
        return word("board.nobody", lang)
    who = [f"{seat_name(s, names, lang)} {n}" for s, n in enumerate(ships) if n]
    return word("board.ships_on", lang, count=total, names=", ".join(who))


class ElCaballeroBoards:
    """The `boards` facet of El Caballero's module."""

    def svg(self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] = (), *,
            targets: Sequence[str] = (), title: str | None = None) -> str | None:
        if not view.get("terrain"):
            return None
        taken, empty = _cells(view)
        every = taken | empty
        xs, ys = [c[0] for c in every], [c[1] for c in every]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        margin = 24
        grid_w, grid_h = (x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL
        face = view.get("face_up", [])
        small = 48
        you = view.get("you")
        mine = isinstance(you, int) and 0 <= you < len(view.get("seats", []))
        pieces_w = 2 * (small + 16) + 24 if mine else 0
        width = max(margin + grid_w + 8, margin + 8 + len(face) * (small + 16) + 120 + pieces_w)
        height = margin + grid_h + 30 + small + 30

        def place(x: int, y: int) -> tuple[int, int]:
            return margin + (x - x0) * CELL, margin + (y1 - y) * CELL

        label = escape(title or word("board.regions", lang))
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
               f'width="{width}" height="{height}" role="img" aria-label="{label}" '
               'class="caballero-board">',
               f'<rect width="{width}" height="{height}" fill="#fbf6e9"/>']
        for x in range(x0, x1 + 1):
            px, _ = place(x, y1)
            out.append(f'<text x="{px + CELL / 2}" y="{margin - 8}" text-anchor="middle" '
                       f'font-size="12" font-family="sans-serif" fill="#555">{column(x)}</text>')
        for y in range(y0, y1 + 1):
            _, py = place(x0, y)
            out.append(f'<text x="{margin - 4}" y="{py + CELL / 2 + 4}" text-anchor="end" '
                       f'font-size="12" font-family="sans-serif" fill="#555">{row(y)}</text>')
        for c in sorted(empty):
            px, py = place(*c)
            out.append(f'<rect x="{px + 2}" y="{py + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                       f'class="cell" data-cell="{c[0]},{c[1]}" fill="#fff" fill-opacity="0.4" '
                       'stroke="#bbb" stroke-dasharray="4 3"><title>'
                       f'{cell_name(c)}</title></rect>')
        for t in view.get("terrain", []):
            px, py = place(*t["at"])
            out.append(f'<g transform="translate({px},{py})" data-cell="{t["at"][0]},{t["at"][1]}">'
                       f'<title>{cell_name(t["at"])}: '
                       f'{escape(tile_words(t["tile"], lang, t["edges"]))}</title>')
            out += _tile_shapes(t["edges"], t["gold"], t["fish"], t.get("bridge"), CELL)
            out.append(_edges(CELL) + "</g>")
        for r in view.get("regions", []):
            if r.get("alcalde") is None:
                continue
            px, py = place(*r["cells"][0])
            colour = INK[COLOURS[r["alcalde"]]]
            out.append(f'<g transform="translate({px + 8},{py + CELL - 14})"><circle r="8" '
                       f'fill="{colour}" stroke="#222"/><text y="4" text-anchor="middle" '
                       'font-size="10" font-family="sans-serif" fill="#fff">A</text></g>')
        for k in view.get("knights", []):
            px, py = place(*k["at"])
            out.append(f'<g transform="translate({px},{py})" data-cell="{k["at"][0]},{k["at"][1]}">'
                       f'<title>{cell_name(k["at"])}: '
                       f'{escape(seat_name(k["seat"], names, lang))}, '
                       f'{escape(caballeros(k["caballeros"], lang))}</title>')
            out += _knight_shapes(k, _lands_of(view, k["at"]), CELL)
            out.append(_edges(CELL) + "</g>")
        top = margin + grid_h + 22
        out.append(f'<text x="{margin}" y="{top}" font-size="13" font-family="sans-serif">'
                   f'{escape(word("board.face_up", lang).split("(")[0].strip(" :"))}</text>')
        for i, t in enumerate(face):
            px = margin + i * (small + 16)
            out.append(f'<g transform="translate({px},{top + 8})" data-piece="{t["tile"]}" '
                       f'data-tile="{t["tile"]}" data-size="{small}">'
                       f'<title>{i + 1}: {escape(tile_words(t["tile"], lang))}</title>')
            out += _tile_shapes(t["edges"], t["gold"], t["fish"], t.get("bridge"), small)
            out.append(f'<text data-caption="1" x="{small / 2}" y="{small + 14}" '
                       f'text-anchor="middle" font-size="12" font-family="sans-serif">{i + 1}'
                       '</text></g>')
        if mine:
            left = margin + len(face) * (small + 16) + 24
            for i, side in enumerate(KNIGHT_SIDES):
                numbers = ",".join(str(n) for n in KNIGHT_SIDES[side])
                out.append(f'<g transform="translate({left + i * (small + 16)},{top + 8})" '
                           f'data-knight_side="{side}" data-size="{small}" data-sides="{numbers}">'
                           f'<title>{escape(word("board.knight_side", lang, side=side.upper()))}'
                           f': {numbers.replace(",", " ")}</title>')
                out += _knight_piece(you, side, small, lang)
                out.append("</g>")
        out.append("</svg>")
        return "".join(out)

    def text(self, view: Mapping[str, Any] | None, lang: str = "en",
             names: Sequence[str] = ()) -> str:
        if not view or not view.get("terrain"):
            return word("phase.new", lang)
        lines = [self._title(view, lang)]
        taken, empty = _cells(view)
        terrain = {tuple(t["at"]): t for t in view["terrain"]}
        knights = {tuple(k["at"]): k for k in view.get("knights", [])}
        every = taken | empty
        xs, ys = [c[0] for c in every], [c[1] for c in every]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        lines.append("     " + "".join(f"{column(x):^5}" for x in range(x0, x1 + 1)))
        for y in range(y1, y0 - 1, -1):
            cells = []
            for x in range(x0, x1 + 1):
                if (x, y) in terrain:
                    cells.append(self._terrain_cell(terrain[(x, y)]))
                elif (x, y) in knights:
                    cells.append(self._knight_cell(knights[(x, y)], lang))
                elif (x, y) in empty:
                    cells.append("  +  ")
                else:
                    cells.append("     ")
            lines.append(f"{row(y):>4} " + "".join(cells).rstrip())
        lines.append("")
        lines.append(word("board.legend", lang))
        lines.append("")
        # The players' table of the HTML part, one line a player: a text-only reader sees the
        # scores, courts and cards left too.
        summary = self.summary(view, lang, names)
        if summary is not None:
            players = summary.tables[0]
            for cells in players.rows:
                facts = " · ".join(f"{h} {c}" for h, c in
                                   zip(players.header[1:], cells[1:], strict=True))
                lines.append(word("board.player_line", lang, who=cells[0], facts=facts))
            lines.append("")
        for k in view.get("knights", []):
            ships = ", ".join(side_name(s, lang) for s in k.get("ships", []))
            extra = [caballeros(k["caballeros"], lang)]
            if k.get("castillo"):
                extra.append("Castillo")
            if k.get("grande"):
                extra.append("Grande")
            if ships:
                extra.append(f"⛵ {ships}")
            lines.append("  " + word("board.knight", lang, at=cell_name(k["at"]),
                                     who=seat_name(k["seat"], names, lang),
                                     letter=colour_letter(k["seat"], lang).upper(),
                                     what=", ".join(extra)))
        if summary is not None and summary.tables[1].rows:  # who leads each region, as the
            regions = summary.tables[1]                     # HTML part's table says it
            lines.append("")
            lines.append(word("board.regions_heading", lang))
            for region, kind, value, leader in regions.rows:
                lines.append("  " + word("board.region_line", lang, region=region, kind=kind,
                                         value=value, leader=leader))
        if view.get("phase") == "power" and any(9 in s.get("hand", []) for s in view["seats"]):
            lines += ["", word("board.nine", lang)]
        if view.get("face_up"):
            lines.append("")
            lines.append(word("board.face_up", lang))
            for i, t in enumerate(view["face_up"]):
                lines.append(f"  {i + 1}. {tile_words(t['tile'], lang)}")
        lines.append(word("board.stack", lang, count=view.get("stack_left", 0)))
        return "\n".join(lines)

    @staticmethod
    def _terrain_cell(t: Mapping[str, Any]) -> str:
        e = t["edges"]
        mark = "$" if t["gold"] else "f" if t["fish"] else " "
        core = "##" if e == "LLLL" else "~~" if e == "SSSS" else \
            "".join("NESW"[d] for d in range(4) if e[d] == "L")
        return f" {core}{mark}".ljust(5)[:5]

    @staticmethod
    def _knight_cell(k: Mapping[str, Any], lang: str) -> str:
        letter = colour_letter(k["seat"], lang)
        letter = letter.upper() if k.get("castillo") else letter
        grande = "*" if k.get("grande") else ""
        ships = "s" * len(k.get("ships", []))
        return f" {letter}{k['caballeros']}{grande}{ships}".ljust(5)[:5]

    @staticmethod
    def _title(view: Mapping[str, Any], lang: str) -> str:
        scorings = joined([str(r) for r in view.get("scoring_rounds", [])], lang)
        return word("board.title", lang, round=view.get("round", 0),
                    rounds=view.get("rounds", 0), phase=phase_name(view.get("phase", ""), lang),
                    scorings=scorings)

    def headline(self, view: Mapping[str, Any], lang: str = "en",
                 names: Sequence[str] = ()) -> str:
        """The game in one line for a list of games: its round, phase and the scores."""
        if not view.get("terrain"):
            return ""
        scores = ", ".join(f"{seat_name(s['seat'], names, lang)} {s['score']}"
                           for s in view["seats"])
        return word("board.headline", lang, round=view.get("round", 0),
                    rounds=view.get("rounds", 0), phase=phase_name(view.get("phase", ""), lang),
                    scores=scores)

    def summary(self, view: Mapping[str, Any], lang: str = "en",
                names: Sequence[str] = ()) -> Summary | None:
        if not view.get("terrain"):
            return None
        advanced = bool(view.get("options", {}).get("advanced"))
        header = [word("board.player", lang), word("board.score", lang),
                  word("board.court", lang), word("board.tiles_off", lang),
                  word("board.ships", lang), word("board.cards", lang)]
        if advanced:
            header.append(word("board.alcaldes", lang))
        rows = []
        for s in view["seats"]:
            cells = [f"{seat_name(s['seat'], names, lang)} "
                     f"({colour_letter(s['seat'], lang).upper()})",
                     str(s["score"]), f"{s['court']} / {s['court_limit']}",
                     str(s["tiles_off_board"]), str(s["court_ships"]),
                     " ".join(str(c) for c in s["hand"]) or "—"]
            if advanced:
                cells.append(str(s["alcaldes_left"]))
            rows.append(tuple(cells))
        turn = view.get("turn")
        marked = frozenset(i for i, s in enumerate(view["seats"])
                           if turn and s["seat"] == turn["seat"])
        players = Table(tuple(header), tuple(rows), caption=word("board.players", lang),
                        marked=marked)
        region_rows = []
        for r in view.get("regions", []):
            notes = [word("board.closed" if r.get("closed") else "board.open", lang)]
            if r.get("alcalde") is not None:
                notes.append(word("board.alcalde_of", lang,
                                  seat=seat_name(r["alcalde"], names, lang)))
            region_rows.append((region_name(view, r, lang),
                                word(f"board.{r['kind']}", lang) + ", " + ", ".join(notes),
                                str(r["value"]), _region_leaders(view, r, lang, names)))
        regions = Table((word("board.region", lang), word("board.kind", lang),
                         word("board.value", lang), word("board.leader", lang)),
                        tuple(region_rows), caption=word("board.regions", lang),
                        repeats_picture=True)
        lines = []
        if turn:
            lines.append(word("board.turn", lang, seat=seat_name(turn["seat"], names, lang),
                              card=turn["card"],
                              caballeros=caballeros(POWER_CABALLEROS[turn["card"]], lang),
                              count=max(0, (2 if turn["card"] == 9 else 1) - turn["tiles"])))
        if view.get("phase") == "power" and any(9 in s.get("hand", []) for s in view["seats"]):
            lines.append(word("board.nine", lang))
        lines.append(word("board.stack", lang, count=view.get("stack_left", 0)))
        return Summary(title=self._title(view, lang), tables=(players, regions),
                       lines=tuple(lines))


BOARDS = ElCaballeroBoards()
