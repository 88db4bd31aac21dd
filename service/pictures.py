"""Board pictures as PNG: a game draws its board as SVG (its module's `boards` facet, from a seat's
view); the service rasterises that very SVG with cairosvg for mail and for `board.png`, so the
image in a mail is the web page's picture.

Rasterising costs 50–150 ms a board where drawing the SVG costs well under a millisecond, and one
move sends the same picture to every player who sees the same board (in most games everybody; a
turn mail, a reminder and `board.png` repeat it again). So each PNG is made once: the cache is
keyed by the SVG document itself (its SHA-256) and the width, which is exactly what the picture
shows — no game, version or viewer to get wrong, nothing to invalidate when a move is undone (a
board seen before is the same picture again). It lives in the process (a worker sending a move's
mails, the web server answering `board.png`), bounded in bytes, least recently used first out."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

CACHE_BYTES = 32 * 1024 * 1024
"""About 500 boards of 40–70 KB: a move's mails and a busy hour of board.png requests."""

_cache: OrderedDict[tuple[str, int | None], bytes] = OrderedDict()
_held = 0
_lock = threading.Lock()
stats = {"hits": 0, "misses": 0}


def svg_to_png(svg: str, width: int | None = None) -> bytes:
    """The SVG document as a PNG, at its own size (or `width` pixels wide, the height in
    proportion), rasterised once per distinct document and width. Needs cairo (libcairo2)."""
    global _held
    key = (hashlib.sha256(svg.encode("utf-8")).hexdigest(), width)
    with _lock:
        png = _cache.get(key)
        if png is not None:
            _cache.move_to_end(key)
            stats["hits"] += 1
            return png
        stats["misses"] += 1
    png = _rasterise(svg, width)  # outside the lock: two threads may both draw a new board once
    with _lock:
        if key not in _cache:
            _cache[key] = png
            _held += len(png)
            while _held > CACHE_BYTES and len(_cache) > 1:
                _old, dropped = _cache.popitem(last=False)
                _held -= len(dropped)
    return png


def _rasterise(svg: str, width: int | None) -> bytes:
    import cairosvg

    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)
    return png


def clear() -> None:
    """Forget every cached picture (tests, or a process that wants its memory back)."""
    global _held
    with _lock:
        _cache.clear()
        _held = 0
