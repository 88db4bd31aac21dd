"""Cell names players read and type: a column letter and a row number, e.g. "m13".

The grid is open and grows in every direction, so the names are fixed once and for all rather than
counted from the board's current corner (which would rename every cell when a tile goes down on
the west or south side): the start tile (0, 0) is "m13"; columns a..z are x = -12..13 (east is
later in the alphabet), rows count upwards with y (north is a higher number, as on a chess board).
In hundreds of simulated games the board never reached 9 cells from the start tile; should it go
further, names continue without ever changing: east of z come "za", "zb"…, west of a come "aa",
"ab"… (a second letter after "a" counts westwards), and south of row 1 come rows "01", "02"… (a
leading zero counts southwards).
"""

from __future__ import annotations

import re

Cell = tuple[int, int]

START = (12, 13)
"""Column index and row number of the start tile (0, 0): column "m", row 13."""
LETTERS = "abcdefghijklmnopqrstuvwxyz"
_CELL = re.compile(r"^([a-z]+)(0?\d{1,3})$")


def _tail(k: int) -> str:
    """A number ≥ 0 as letters, bijectively (a..z, aa, ab…)."""
    return _tail(k // 26 - 1) + LETTERS[k % 26] if k >= 26 else LETTERS[k]


def _untail(text: str) -> int:
    k = 0
    for ch in text:
        k = k * 26 + LETTERS.index(ch) + 1
    return k - 1


def column(x: int) -> str:
    i = x + START[0]
    if 0 <= i < 26:
        return LETTERS[i]
    return "z" + _tail(i - 26) if i >= 26 else "a" + _tail(-i - 1)


def row(y: int) -> str:
    r = y + START[1]
    return str(r) if r >= 1 else "0" + str(1 - r)


def name(cell: Cell | list[int] | tuple[int, ...]) -> str:
    """(x, y) → "m13"."""
    return f"{column(int(cell[0]))}{row(int(cell[1]))}"


def parse(text: str) -> Cell | None:
    """"m13" (any case) → (0, 0); None when the text is not a cell name."""
    found = _CELL.match(text.strip().lower())
    if not found:
        return None
    letters, digits = found.groups()
    if len(letters) == 1:
        x = LETTERS.index(letters) - START[0]
    elif letters[0] == "z":
        x = 26 + _untail(letters[1:]) - START[0]
    elif letters[0] == "a":
        x = -_untail(letters[1:]) - 1 - START[0]
    else:
        return None
    if digits.startswith("0"):
        if len(digits) == 1:
            return None
        y = 1 - int(digits[1:]) - START[1]
    else:
        y = int(digits) - START[1]
    return x, y
