"""El Grande's boards (the module's `boards` facet, see domain/core/game.py), drawn from a seat's
view — never from a state, so they show nothing the seat may not see:

- `board_svg`: a schematic map of Spain as SVG, for the web page and (rasterised to PNG by the
  service) for mail. The nine regions share the borders of `data.BORDERS` exactly (a test checks
  that the polygons' shared edges are the 15 adjacencies); the Castillo stands in the sea. Each
  place is a `<g data-place=…>` with a `<title>` and an `aria-label` giving its name and counts in
  words, for screen readers; everything is drawn with presentation attributes (no CSS needed), so
  the PNG looks like the page.
- `board_text`: places × seats in plain text, for a mail's text part and `pbem replay`.
- `summary`: the same facts as tables of plain strings (players, places, action cards), which the
  mail's HTML part and the web page lay out without knowing the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from domain.core.boards import Summary, Table, text_of_view
from domain.core.i18n import LANGUAGES
from domain.elgrande.data import CASTILLO, COLOURS, GENERAL_SCORING_ROUNDS, REGION_IDS
from domain.elgrande.language import declared
from domain.elgrande.messages import card_name, place_name
from domain.elgrande.texts import card_text, colour_name, phase_name, word

WIDTH, HEIGHT = 800, 680

# Shared vertices: every border between two regions is one segment between two named points, so
# two regions are adjacent exactly when their polygons share an edge.
_P: dict[str, tuple[int, int]] = {
    "A": (40, 86), "B": (160, 52), "C": (400, 44), "D": (560, 86), "E": (724, 112),
    "E2": (700, 196), "G": (640, 266), "H": (604, 398), "I": (590, 470), "J": (476, 590),
    "K": (300, 604), "L": (196, 578), "M": (78, 500), "N": (98, 436), "O": (118, 300),
    "P": (58, 204), "Q": (172, 170), "R": (380, 150), "S": (400, 300), "T": (540, 232),
    "U": (470, 332), "V": (470, 458), "W": (282, 452),
}
REGION_SHAPES: dict[str, tuple[str, ...]] = {
    "galicia": ("A", "B", "Q", "P"),
    "pais_vasco": ("B", "C", "R", "Q"),
    "castilla_la_vieja": ("P", "Q", "R", "S", "O"),
    "aragon": ("C", "D", "T", "U", "S", "R"),
    "cataluna": ("D", "E", "E2", "G", "T"),
    "valencia": ("T", "G", "H", "I", "V", "U"),
    "castilla_la_nueva": ("O", "S", "U", "V", "W", "N"),
    "granada": ("W", "V", "I", "J", "K"),
    "sevilla": ("N", "W", "K", "L", "M"),
}
# Where a region's name and pieces are drawn (inside its polygon).
_CENTRE: dict[str, tuple[int, int]] = {
    "galicia": (108, 128), "pais_vasco": (276, 100), "castilla_la_vieja": (250, 232),
    "aragon": (468, 170), "cataluna": (630, 170), "valencia": (545, 352),
    "castilla_la_nueva": (290, 372), "granada": (420, 530), "sevilla": (190, 520),
}
CASTILLO_BOX = (626, 470, 150, 130)  # x, y, width, height: a tower in the Mediterranean
# Each seat's court and provinces, in the sea above Cataluña: the counts a move takes from or
# brings to them stay in view on the map (x, y, width, height).
RESERVES: dict[str, tuple[int, int, int, int]] = {"court": (574, 4, 100, 76),
                                                  "provinces": (680, 4, 100, 76)}

FILL = {"red": "#d62828", "blue": "#1d5fd8", "yellow": "#f2c600", "green": "#2a9d3f",
        "black": "#262626"}
INK = {"yellow": "#000000"}
REGION_FILL = "#efe2c2"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"



def _w(key: str, lang: str) -> str:
    return word(f"el-grande.board.{key}", lang)


def colon(lang: str) -> str:
    """A label's colon: French sets a space before it ("Ann : 1, 4")."""
    return " : " if lang == "fr" else ": "


def _row(place: str, lang: str) -> str:
    """A place as a row's label: "Castillo" (capitalised, no article: "le Castillo" starts a
    sentence, not a row), a region by its name; places scored as one ("a+b", King & Intrigue's
    Alliance) by their names joined: "Granada + Valencia"."""
    if "+" in place:
        return " + ".join(_row(p, lang) for p in place.split("+"))
    return _w("castillo", lang) if place == CASTILLO else place_name(place, lang)


def shared_edges() -> set[tuple[str, str]]:
    """The pairs of regions whose polygons share an edge (for the adjacency test)."""
    edges: dict[frozenset[str], set[str]] = {}
    for region, pts in REGION_SHAPES.items():
        for i, a in enumerate(pts):
            b = pts[(i + 1) % len(pts)]
            edges.setdefault(frozenset((a, b)), set()).add(region)
    out = set()
    for regions in edges.values():
        if len(regions) == 2:
            x, y = sorted(regions)
            out.add((x, y))
    return out


def place_label(view: dict[str, Any], place: str, lang: str,
                names: Sequence[str] | None = None) -> str:
    """The place's name and what stands there, in words (for <title>, aria-label, the table)."""
    info = view["places"][place]
    seats = view["seats"]
    parts = [place_name(place, lang)]
    if info.get("values"):
        parts.append(word("el-grande.board.values_of", lang, values=values_text(info)))
    counted = []
    for seat, count in enumerate(info["counts"]):
        who = _who(seats, seat, names, lang)
        if count is None:
            counted.append(f"{who} {_w('hidden', lang)}")
        elif count:
            counted.append(f"{who} {count}")
    parts.append(", ".join(counted) if counted else _w("nobody", lang))
    if info.get("king"):
        parts.append(_w("king", lang))
    for seat in info.get("grandes", []):
        parts.append(f"{_w('grande', lang)} {_who(seats, seat, names, lang)}")
    if info.get("scoreboard"):
        parts.append(f"{_w('scoreboard', lang)} {board_label(info)}")
    return "; ".join(parts)


def _who(seats: list[dict[str, Any]], seat: int, names: Sequence[str] | None, lang: str) -> str:
    colour = colour_name(seat, lang) if seat < len(COLOURS) else str(seat)
    return f"{names[seat]} ({colour})" if names and seat < len(names) else colour


def _points(region: str) -> str:
    return " ".join(f"{_P[p][0]},{_P[p][1]}" for p in REGION_SHAPES[region])


def _text(x: float, y: float, body: str, size: int = 12, weight: str = "normal",
          fill: str = "#222", anchor: str = "middle") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-family="{FONT}" font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}" '
            f'aria-hidden="true">{escape(body)}</text>')


def _pieces(view: dict[str, Any], place: str, cx: float, cy: float) -> list[str]:
    """Caballero chips (a coloured square with the count), Grandes, the King, a scoreboard."""
    info = view["places"][place]
    seats = view["seats"]
    out = []
    chips = [(seat, c) for seat, c in enumerate(info["counts"]) if c is None or c > 0]
    per_row = 3
    size, gap = 22, 4
    for i, (seat, count) in enumerate(chips):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(chips) - row * per_row)
        x = cx - (in_row * (size + gap) - gap) / 2 + col * (size + gap)
        y = cy + row * (size + gap)
        colour = seats[seat]["colour"]
        out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{size}" height="{size}" rx="4" '
                   f'fill="{FILL.get(colour, "#888")}" stroke="#000" stroke-width="1"/>')
        out.append(_text(x + size / 2, y + 16, "?" if count is None else str(count), 13, "bold",
                         INK.get(colour, "#fff")))
    marks_y = cy - 46
    marks = []
    if info.get("king"):
        marks.append(("king", None))
    marks += [("grande", seat) for seat in info.get("grandes", [])]
    if info.get("scoreboard"):
        marks.append(("board", board_label(info)))
    total = len(marks)
    for i, (kind, what) in enumerate(marks):
        x = cx + (i - (total - 1) / 2) * 26
        if kind == "king":
            out.append(f'<path d="M{x - 11:.0f},{marks_y + 8} l0,-14 l6,7 l5,-10 l5,10 l6,-7 '
                       f'l0,14 z" fill="#f5b700" stroke="#6b4b00" stroke-width="1.5"/>')
        elif kind == "grande":
            colour = seats[what]["colour"]
            out.append(f'<path d="M{x - 7:.0f},{marks_y + 9} l3,-16 a4,4 0 1,1 8,0 l3,16 z" '
                       f'fill="{FILL.get(colour, "#888")}" stroke="#000" stroke-width="1.5"/>')
        else:
            out.append(f'<rect x="{x - 13:.0f}" y="{marks_y - 7}" width="26" height="15" rx="2" '
                       f'fill="#fff" stroke="#6b4b00"/>')
            out.append(_text(x, marks_y + 4, str(what), 8, "bold"))
    return out


def board_svg(view: dict[str, Any], lang: str = "en", *, names: Sequence[str] | None = None,
              targets: Sequence[str] = (), title: str | None = None) -> str:
    """The map as an SVG document for this view; `targets` are places a click may choose."""
    lang = lang if lang in LANGUAGES else "en"
    aims = set(targets)
    heading = title or "El Grande"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="group" aria-label={quoteattr(heading)} '
        f'class="board">',
        f"<title>{escape(heading)}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#bcd9ea"/>',
    ]
    if view.get("places"):
        for region in REGION_IDS:
            out.append(_place_group(view, region, lang, names, region in aims))
        out.append(_castillo_group(view, lang, names, CASTILLO in aims))
        out += [_reserve_group(view, place, lang, names) for place in RESERVES]
        out.append(_legend(view, lang, names))
    out.append("</svg>")
    return "\n".join(out)


def _group_open(place: str, label: str, target: bool) -> str:
    attrs = f'class="place{" target" if target else ""}" data-place="{place}" aria-label={quoteattr(label)}'
    if target:
        attrs += ' role="button" tabindex="0"'
    else:
        attrs += ' role="img"'
    return f"<g {attrs}><title>{escape(label)}</title>"


def _place_group(view: dict[str, Any], region: str, lang: str, names: Sequence[str] | None,
                 target: bool) -> str:
    cx, cy = _CENTRE[region]
    info = view["places"][region]
    fill = REGION_FILL  # a target's look is the page's (web.css): the table relights it
    parts = [
        _group_open(region, place_label(view, region, lang, names), target),
        f'<polygon points="{_points(region)}" fill="{fill}" stroke="#7a5c2e" stroke-width="2" '
        f'stroke-linejoin="round" class="shape"/>',
        _text(cx, cy - 14, place_name(region, lang), 13, "bold"),
        "</g>",
        # The values and pieces lie over the place but outside its button, whose visible text
        # is then its name alone, which its label begins with (what a voice user says to
        # click it); a click on them goes through to the place.
        _overlay([_text(cx, cy + 1, values_text(info), 10,
                        fill="#5a4320"), *_pieces(view, region, cx, cy + 8)]),
    ]
    return "\n".join(parts)


def _overlay(parts: list[str]) -> str:
    return '<g aria-hidden="true" class="overlay">' + "\n".join(parts) + "</g>"


def _castillo_group(view: dict[str, Any], lang: str, names: Sequence[str] | None,
                    target: bool) -> str:
    x, y, w, h = CASTILLO_BOX
    info = view["places"][CASTILLO]
    fill = "#d9c9a3"
    merlons = "".join(f'<rect x="{x + i * w / 7:.0f}" y="{y - 12}" width="{w / 7:.0f}" height="12" '
                      f'fill="{fill}" stroke="#5b4a2a" stroke-width="2"/>' for i in range(0, 7, 2))
    parts = [
        _group_open(CASTILLO, place_label(view, CASTILLO, lang, names), target),
        merlons,
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="#5b4a2a" '
        f'stroke-width="2" class="shape"/>',
        _text(x + w / 2, y + 20, "Castillo", 14, "bold"),
        "</g>",
        _overlay([_text(x + w / 2, y + 34, values_text(info), 10,
                        fill="#5a4320"), *_pieces(view, CASTILLO, x + w / 2, y + 44)]),
    ]
    return "\n".join(parts)


def _reserve_group(view: dict[str, Any], place: str, lang: str,
                   names: Sequence[str] | None) -> str:
    """A seat's court or provinces as a box of counts (a hidden one "?"), a place of the map a
    decision may name (`data-place`: a number of Caballeros taken from there)."""
    x, y, w, h = RESERVES[place]
    seats = view["seats"]
    counts = [s.get(place) for s in seats]
    title = _w(place, lang)
    label = title + colon(lang) + ", ".join(
        f"{_who(seats, i, names, lang)} {'?' if c is None else c}" for i, c in enumerate(counts))
    size, gap = 18, 2  # five seats fit the box
    left = x + (w - (len(counts) * (size + gap) - gap)) / 2
    chips = []
    for i, count in enumerate(counts):
        colour = seats[i]["colour"]
        cx = left + i * (size + gap)
        chips.append(f'<rect x="{cx:.0f}" y="{y + 42}" width="{size}" height="{size}" rx="3" '
                     f'fill="{FILL.get(colour, "#888")}" stroke="#000" stroke-width="1"/>')
        chips.append(_text(cx + size / 2, y + 55, "?" if count is None else str(count), 11,
                           "bold", INK.get(colour, "#fff")))
    return "\n".join([
        f'<g class="place reserve" data-place="{place}" role="img" aria-label={quoteattr(label)}>'
        f"<title>{escape(label)}</title>",
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="#f8f4ea" stroke="#7a5c2e" '
        f'stroke-width="2" class="shape"/>',
        _text(x + w / 2, y + 20, title, 12, "bold"),
        "</g>",
        _overlay(chips),
    ])


def _legend(view: dict[str, Any], lang: str, names: Sequence[str] | None) -> str:
    seats = view["seats"]
    y = HEIGHT - 34
    parts = [f'<rect x="0" y="{y - 16}" width="{WIDTH}" height="50" fill="#f8f4ea" '
             f'stroke="#7a5c2e"/>']
    x = 14
    for seat in seats:
        colour = seat["colour"]
        who = names[seat["seat"]] if names and seat["seat"] < len(names) else colour
        parts.append(f'<rect x="{x}" y="{y - 6}" width="16" height="16" rx="3" '
                     f'fill="{FILL.get(colour, "#888")}" stroke="#000"/>')
        label = f"{who[:14]} {seat['score']}"
        parts.append(_text(x + 22, y + 7, label, 13, "bold", anchor="start"))
        x += 30 + 9 * len(label)
    phase = phase_name(view.get("phase", ""), lang)
    shown = shown_round(view, view.get("round", ""))  # a short game's round 2 is its first
    parts.append(_text(WIDTH - 14, y + 7, f"{_w('round', lang)} {shown} · {phase}",
                       13, anchor="end"))
    return "\n".join(parts)


# --- the same facts as text and as tables --------------------------------------------------------


def hand_of(seat_view: Mapping[str, Any], lang: str, *, compact: bool = False) -> str:
    """The power cards a seat holds as the viewer may see them: listed (`compact`: runs written
    "1–5, 7", so that a table of hands fits a screen), or hidden (a game whose hands are secret,
    King & Intrigue, gives None for another seat's)."""
    if "hand" in seat_view and seat_view["hand"] is None:
        return _w("hidden_hand", lang)
    held = list(seat_view.get("hand") or [])
    cards = (runs(held) if compact else ", ".join(str(c) for c in held)) or "—"
    if seat_view.get("hand_hidden"):
        cards += " · " + word("el-grande.board.hand_hidden", lang, count=seat_view["hand_hidden"])
    return cards


def _name(seat: int, names: Sequence[str], lang: str) -> str:
    return names[seat] if seat < len(names) else colour_name(seat, lang)


def seat_label(seat: int, names: Sequence[str], lang: str, you: int | None = None) -> str:
    """"Ann (red)", or "Ann (red, you)" for the viewer's own seat."""
    mine = f", {word('el-grande.you', lang)}" if seat == you else ""
    return f"{_name(seat, names, lang)} ({colour_name(seat, lang)}{mine})"


def _marks(info: Mapping[str, Any], lang: str) -> str:
    """What stands on a place besides Caballeros: K (the King), G:colour (a Grande), [scoreboard]."""
    marks = ("K " if info["king"] else "") + " ".join(
        f"G:{colour_name(g, lang)}" for g in info["grandes"])
    if info.get("scoreboard"):
        marks += f" [{board_label(info)}]"
    return marks.strip()


def _count(count: int | None) -> str:
    return "?" if count is None else str(count)


def _order(view: Mapping[str, Any]) -> list[str]:
    return [*view.get("region_order", REGION_IDS), CASTILLO]


def board_title(view: Mapping[str, Any], lang: str) -> str:
    """"Round 3 of 9 (turns), the King in Aragón. Next general scoring: after round 3." ("" before
    the set-up)."""
    if not view.get("king"):
        return ""
    title = word("el-grande.board.title", lang, round=shown_round(view, view.get("round")),
                 rounds=len(view.get("rounds", [])),
                 phase=phase_name(view.get("phase", ""), lang),
                 king=view["king"])
    coming = next_scoring(view)
    if coming is None:
        return title
    if coming == max(GENERAL_SCORING_ROUNDS) and view.get("round") == coming:
        return f"{title} {word('el-grande.board.last_scoring', lang)}"
    return f"{title} {word('el-grande.board.next_scoring', lang, round=shown_round(view, coming))}"


def shown_round(view: Mapping[str, Any], number: Any) -> Any:
    """A round as the players count it: its place among the rounds played ("round 6 of 6"). The
    short game plays rounds 2, 3, 5, 6, 8 and 9 of the full game (the general scorings stay
    after 3, 6 and 9), and "round 9 of 6" would read as a mistake."""
    rounds = list(view.get("rounds") or [])
    return rounds.index(number) + 1 if number in rounds else number


def next_scoring(view: Mapping[str, Any]) -> int | None:
    """The round after which the next general scoring comes (None once the game is over)."""
    if view.get("phase") == "over":
        return None
    done = view.get("scorings_done", 0) or 0
    rounds = GENERAL_SCORING_ROUNDS
    return rounds[done] if done < len(rounds) else None


def hands(view: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """Each player's power cards still in hand ("Ann (red): 1, 4, 9 · 1 taken back unseen")."""
    return [f"{_name(s['seat'], names, lang)}{colon(lang)}{hand_of(s, lang)}" for s in view["seats"]]


def declared_line(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    """What the active player declared while a Veto holder decides (everyone may see it)."""
    turn = view.get("turn") or {}
    action = turn.get("action") or {}
    if action.get("stage") != "veto" or not action.get("veto_queue"):
        return ""
    card = action["card"]
    return word("el-grande.board.declared", lang,
                who=_name(turn["seat"], names, lang), card=card_name(card, lang),
                action=declared(card, action.get("params") or {}, lang),
                holder=_name(action["veto_queue"][0], names, lang))


def _cards_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    """The face-up action cards, each with how many Caballeros it lets its taker place (its
    stack's number) and what it does: a player chooses a card for both."""
    face_up = view.get("cards", {}).get("face_up", [])
    if not face_up:
        return []
    return [word("el-grande.board.cards_line", lang, cards=""),
            *(f"  {c['stack']}{colon(lang)}{card_name(c['card'], lang)} "
              f"({word('el-grande.board.card_places', lang, count=c['stack'])}) — "
              f"{card_text(c['card'], lang)}" for c in face_up)]


# --- at a glance: the turn order, who leads where, the last scoring, the round track ------------


def runs(cards: Sequence[int]) -> str:
    """Card numbers as runs: [1, 2, 3, 5, 7, 8, 9] → "1–3, 5, 7–9"."""
    out: list[str] = []
    ordered = sorted(cards)
    start = prev = None
    for card in [*ordered, None]:
        if card is not None and prev is not None and card == prev + 1:
            prev = card
            continue
        if start is not None:
            out.append(str(start) if start == prev else
                       f"{start}, {prev}" if prev == start + 1 else f"{start}–{prev}")
        start = prev = card
    return ", ".join(out)


def values_text(info: Mapping[str, Any]) -> str:
    """A place's values as its scoreboard reads them, first place first ("8/4/0"); a board
    turned upside down (`reversed` in the place's view: King & Intrigue's Revolt) reads from
    the fewest Caballeros up, as the rulebook names it ("0/4/8")."""
    values = [str(v) for v in info.get("values") or ()]
    return "/".join(reversed(values) if info.get("reversed") else values)


def board_label(info: Mapping[str, Any]) -> str:
    """The mobile scoreboard on a place, as it lies, written as the places' values are ("8/4/0",
    or "0/4/8" turned over): one way of writing for one thing."""
    board = str(info.get("scoreboard") or "").split("-")
    return "/".join(reversed(board) if info.get("reversed") else board)


def leader(counts: Sequence[int | None], names: Sequence[str], lang: str,
           fewest: bool = False) -> str:
    """Who has the most Caballeros on a place and by how many over the next ("Ann by 2", "Ann
    alone", "Ann, Bob (tied)"); "?" when a count is hidden, "—" on an empty place. `fewest`: on
    a scoreboard turned upside down, who leads is who has the fewest (at least 1), by how many
    under the next."""
    if any(c is None for c in counts):
        return "?"
    known = [int(c or 0) for c in counts]
    if fewest and any(known):
        top = max(known) + 1
        known = [top - c if c > 0 else 0 for c in known]
    top = max(known, default=0)
    if top <= 0:
        return "—"
    first = [seat for seat, c in enumerate(known) if c == top]
    if len(first) > 1:
        return word("el-grande.board.lead_tie", lang,
                    who=", ".join(_name(seat, names, lang) for seat in first))
    second = max((c for c in known if c < top), default=0)
    if second == 0:
        return word("el-grande.board.lead_alone", lang, who=_name(first[0], names, lang))
    return word("el-grande.board.lead_by", lang, who=_name(first[0], names, lang),
                count=top - second)


def turn_order_table(view: Mapping[str, Any], lang: str, names: Sequence[str],
                     power_title: Callable[[int, str], str] | None = None) -> Table | None:
    """This round's turn order with the power card each player played and the Caballeros it
    brings to court; before everyone has played, the order of play with the cards so far.
    `power_title`: a power card's name, for a game whose cards have one (King & Intrigue's),
    so that the others' cards are read by what they do, not by their value only."""
    played = view.get("power_played") or {}
    if view.get("phase") not in ("power", "turns") and not played:
        return None
    bring = view.get("power_caballeros") or {}
    seats = [s["seat"] for s in view.get("seats", [])]
    order = list(view.get("turn_order") or [])
    if not order:  # the power cards are being played, from the first player clockwise
        first = int(view.get("first_player") or 0)
        order = [seats[(first + i) % len(seats)] for i in range(len(seats))] if seats else []
    turn = view.get("turn") or {}
    current = turn.get("seat") if view.get("phase") == "turns" else None
    rows = []
    for seat in order:
        card = played.get(str(seat))
        rows.append((_name(seat, names, lang),
                     _w("not_played", lang) if card is None else _power(card, lang,
                                                                         power_title),
                     "" if card is None else str(bring.get(str(seat), ""))))
    return Table(caption=_w("order", lang),
                 header=(_w("player", lang), _w("power", lang), _w("caballeros", lang)),
                 rows=tuple(rows),
                 notes=tuple(_w("playing", lang) if seat == current else "" for seat in order),
                 marked=frozenset(i for i, seat in enumerate(order) if seat == current))


def _power(card: Any, lang: str, power_title: Callable[[int, str], str] | None) -> str:
    title = power_title(int(card), lang) if power_title is not None and \
        isinstance(card, int) else ""
    return f"{card} ({title})" if title else str(card)


def scoring_table(view: Mapping[str, Any], lang: str, names: Sequence[str],
                  card_title: Callable[[str, str], str] = card_name) -> Table | None:
    """The latest scoring, place by place: the points each player got there (bonuses included),
    and the totals. `card_title` names the card that scored (King & Intrigue has its own)."""
    last = view.get("last_scoring")
    if not last or not last.get("places"):
        return None
    seats = [s["seat"] for s in view.get("seats", [])]
    if last.get("reason") == "general_scoring":
        caption = word("el-grande.board.scored_general", lang, number=last.get("number") or "",
                       round=shown_round(view, last.get("round")))
    else:
        who = last.get("seat")
        caption = word("el-grande.board.scored_card", lang,
                       card=card_title(str(last.get("reason")), lang),
                       who=_name(who, names, lang) if isinstance(who, int) else "—",
                       round=shown_round(view, last.get("round")))
    rows = [(_row(place, lang), *(str(points[seat]) if seat < len(points) else "0"
                                        for seat in seats))
            for place, points in last["places"]]
    totals = [sum(points[seat] for _place, points in last["places"] if seat < len(points))
              for seat in seats]
    rows.append((_w("total", lang), *(str(t) for t in totals)))
    return Table(caption=caption,
                 header=(_w("place", lang), *(_name(seat, names, lang) for seat in seats)),
                 rows=tuple(rows), marked=frozenset({len(rows) - 1}))


def track_line(view: Mapping[str, Any], lang: str) -> str:
    """The rounds, the current one in brackets, the general scorings starred: "Rounds: 1 2 3★
    [4] 5 6★ 7 8 9★ (★ general scoring)"."""
    rounds = list(view.get("rounds") or [])
    if not rounds or not view.get("round"):
        return ""
    now = view.get("round")
    cells = []
    for i, r in enumerate(rounds, start=1):
        cell = f"{i}★" if r in GENERAL_SCORING_ROUNDS else str(i)
        cells.append(f"[{cell}]" if r == now and view.get("phase") != "over" else cell)
    return word("el-grande.board.track", lang, track=" ".join(cells))


def secret_choices_line(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    """The secret choices made so far, when the view shows them (a finished game's replay)."""
    choices = (view.get("secret") or {}).get("choices")
    if not choices:
        return ""

    def shown(value: Any) -> str:
        if isinstance(value, str):
            return place_name(value, lang)
        if isinstance(value, list | tuple):
            return ", ".join(shown(v) for v in value)
        if isinstance(value, Mapping):
            return ", ".join(f"{shown(k)} {shown(v)}" for k, v in value.items())
        return str(value)

    return word("el-grande.board.secret_choices", lang, choices="; ".join(
        word("el-grande.board.heading", lang, what=_name(int(seat), names, lang))
        + f" {shown(value)}" for seat, value in choices.items()))


def headline(view: Mapping[str, Any], lang: str, names: Sequence[str] = ()) -> str:
    """A game in one line for a list of games: its round and the scores ("round 4 of 9 · Ann
    12, Bob 8")."""
    if not view.get("places"):
        return ""
    scores = ", ".join(f"{_name(s['seat'], names, lang)} {s['score']}" for s in view["seats"])
    rounds = view.get("rounds") or []
    return (f"{_w('round', lang)} {shown_round(view, view.get('round'))}/{len(rounds)} · "
            f"{phase_name(view.get('phase', ''), lang)} · {scores}")


def text_row(table: Table, row: Sequence[str]) -> str:
    """A table's row as a line of the text board: "header: cell" pairs after the first cell."""
    rest = ", ".join(f"{h} {c}" for h, c in zip(table.header[1:], row[1:], strict=False) if c)
    return f"{row[0]} — {rest}" if rest else row[0]


def board_text(view: Mapping[str, Any] | None, lang: str = "en", names: Sequence[str] = (),
               card_title: Callable[[str, str], str] = card_name,
               power_title: Callable[[int, str], str] | None = None) -> str:
    """A plain-text board readable in any client (monospace or not: one place per line)."""
    if not view or not view.get("places"):
        return text_of_view(view)
    seats = view["seats"]
    rows = [(_row(p, lang), _marks(view["places"][p], lang), view["places"][p])
            for p in _order(view)]
    width = max(len(name) + len(marks) + 2 for name, marks, _info in rows) + 1
    # Whole names (cut, « Alessandro » and « Alessandra » headed two identical columns): a
    # column is as wide as its player's name, at least 10.
    labels = [_name(s["seat"], names, lang) for s in seats]
    cols = [max(10, len(label) + 1) for label in labels]
    legend = ", ".join(seat_label(s["seat"], names, lang, view.get("you")) for s in seats)
    lines = [board_title(view, lang), legend, "",
             " " * width + "".join(f"{label:>{col}}" for label, col in zip(labels, cols,
                                                                          strict=True))]
    for name, marks, info in rows:
        title = f"{name} {marks}".rstrip()
        lines.append(f"{title:<{width}}" + "".join(f"{_count(c):>{col}}" for c, col
                                                   in zip(info["counts"], cols, strict=True))
                     + f"   {values_text(info)}"
                     + "   " + word("el-grande.board.leads_line", lang,
                                      who=leader(info["counts"], names, lang,
                                                 fewest=bool(info.get("reversed")))))
    lines.append("-" * (width + sum(cols)))
    for key in ("court", "provinces", "score"):
        lines.append(f"{_w(key, lang):<{width}}" + "".join(f"{_count(s.get(key)):>{col}}"
                                                          for s, col in zip(seats, cols,
                                                                            strict=True)))
    lines.insert(1, track_line(view, lang))
    lines += ["", word("el-grande.board.hands_line", lang, hands=""),
              *(f"  {line}" for line in hands(view, names, lang))]
    if order := turn_order_table(view, lang, names, power_title):
        lines += ["", word("el-grande.board.heading", lang, what=order.caption)]
        for i, (who, card, count) in enumerate(order.rows):
            position = i + 1
            now = f" ({order.notes[i]})" if order.notes and order.notes[i] else ""
            lines.append("  " + (word("el-grande.board.order_line", lang, position=position,
                                      who=who, card=card, count=int(count or 0))
                                 if count else word("el-grande.board.order_waiting", lang,
                                                    position=position, who=who)) + now)
    if scored := scoring_table(view, lang, names, card_title):
        lines += ["", word("el-grande.board.heading", lang, what=scored.caption),
                  *(f"  {text_row(scored, row)}" for row in scored.rows)]
    if cards := _cards_lines(view, lang):
        lines += ["", *cards]
    if declared_text := declared_line(view, lang, names):
        lines += ["", declared_text]
    lines += ["", word("el-grande.board.legend", lang)]
    return "\n".join(lines)


def summary(view: Mapping[str, Any], lang: str = "en", names: Sequence[str] = (),
            card_title: Callable[[str, str], str] = card_name,
            power_title: Callable[[int, str], str] | None = None) -> Summary | None:
    """The board as tables: the players (score, court, provinces, Castillo, power card, Vetoes),
    the places (counts per seat, values, what else stands there), the face-up action cards; and
    the viewer's own power cards."""
    if not view.get("places"):
        return None
    seats, you = view["seats"], view.get("you")
    hidden = _w("hidden", lang)
    players = Table(
        caption=_w("players", lang),
        header=(_w("player", lang), _w("score", lang), _w("court", lang), _w("provinces", lang),
                _w("castillo", lang), _w("in_hand", lang), _w("vetoes", lang)),
        rows=tuple((seat_label(s["seat"], names, lang, you), str(s["score"]), str(s["court"]),
                    hidden if s.get("provinces") is None else str(s["provinces"]),
                    hidden if s.get("castillo") is None else str(s["castillo"]),
                    hand_of(s, lang, compact=True), str(s.get("vetoes", "")))
                   for s in seats),
        marked=frozenset(i for i, s in enumerate(seats) if s["seat"] == you))
    order = _order(view)
    places = Table(
        caption=_w("places", lang),
        header=(_w("place", lang), *(seat_label(s["seat"], names, lang, you) for s in seats),
                _w("values", lang)),
        rows=tuple((_row(p, lang), *(_count(c) for c in view["places"][p]["counts"]),
                    values_text(view["places"][p])) for p in order),
        notes=tuple(_marks(view["places"][p], lang) for p in order),
        marked=frozenset(i for i, p in enumerate(order) if view["places"][p]["king"]),
        repeats_picture=True)
    leads = Table(caption=_w("leaders", lang),
                  header=(_w("place", lang), _w("leads", lang), _w("values", lang)),
                  rows=tuple((_row(p, lang),
                              leader(view["places"][p]["counts"], names, lang,
                                     fewest=bool(view["places"][p].get("reversed"))),
                              values_text(view["places"][p]))
                             for p in order),
                  marked=frozenset(i for i, p in enumerate(order) if view["places"][p]["king"]))
    tables = [players, places, leads]
    if order_table := turn_order_table(view, lang, names, power_title):
        tables.insert(1, order_table)
    if scored := scoring_table(view, lang, names, card_title):
        tables.append(scored)
    face_up = view.get("cards", {}).get("face_up", [])
    if face_up:
        tables.append(Table(caption=_w("cards", lang),
                            header=(_w("stack", lang), _w("card", lang), _w("to_place", lang),
                                    _w("does", lang)),
                            rows=tuple((str(c["stack"]), card_name(c["card"], lang),
                                        str(c["stack"]), card_text(c["card"], lang))
                                       for c in face_up)))
    lines = []
    if declared_text := declared_line(view, lang, names):
        lines.append(declared_text)
    if you is not None and you < len(seats):
        mine = seats[you]
        hand = ", ".join(str(c) for c in mine.get("hand", [])) or "—"
        if mine.get("hand_hidden"):
            hand += " · " + word("el-grande.board.hand_hidden", lang, count=mine["hand_hidden"])
        lines.append(word("el-grande.board.hand", lang, cards=hand))
    if track := track_line(view, lang):
        lines.append(track)
    if chosen := secret_choices_line(view, lang, names):
        lines.append(chosen)
    return Summary(title=board_title(view, lang), tables=tuple(tables), lines=tuple(lines))


class ElGrandeBoards:
    """The `boards` facet of El Grande's module."""

    card_title: Callable[[str, str], str] = staticmethod(card_name)
    """How an action card is named (the card of the last scoring); King & Intrigue's its own."""
    power_title: Callable[[int, str], str] | None = None
    """A power card's name (King & Intrigue's cards each carry an action); El Grande's have
    none."""

    def svg(self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] = (), *,
            targets: Sequence[str] = (), title: str | None = None) -> str | None:
        if not view.get("places"):
            return None
        return board_svg(dict(view), lang, names=list(names), targets=targets, title=title)

    def text(self, view: Mapping[str, Any] | None, lang: str = "en",
             names: Sequence[str] = ()) -> str:
        return board_text(view, lang, names, self.card_title, self.power_title)

    def summary(self, view: Mapping[str, Any], lang: str = "en",
                names: Sequence[str] = ()) -> Summary | None:
        return summary(view, lang, names, self.card_title, self.power_title)

    def headline(self, view: Mapping[str, Any], lang: str = "en",
                 names: Sequence[str] = ()) -> str:
        return headline(view, lang, names)

    def round_shown(self, view: Mapping[str, Any]) -> Any:
        return shown_round(view, view.get("round", ""))
