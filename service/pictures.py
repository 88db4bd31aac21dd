"""Board pictures as PNG: a game draws its board as SVG (its module's `boards` facet, from a seat's
view); the service rasterises that very SVG for mail and for `board.png`, so the image in a mail
is the web page's picture.

The renderer is libvips (pyvips, with the libvips and librsvg that pyvips-binary ships): about a
quarter of cairosvg's CPU for the same board (benchmarks/boards.py prints both), since cairosvg
parses and walks the document in Python. cairosvg remains the fallback where libvips cannot be
loaded (a platform without the binary wheel).

Rasterising still costs far more than drawing the SVG (well under a millisecond), and one
move sends the same picture to every player who sees the same board (in most games everybody; a
turn mail, a reminder and `board.png` repeat it again). So each PNG is made once: the cache is
keyed by the SVG document itself (its SHA-256) and the width, which is exactly what the picture
shows — no game, version or viewer to get wrong, nothing to invalidate when a move is undone (a
board seen before is the same picture again). It lives in the process (a worker sending a move's
mails, the web server answering `board.png`), bounded in bytes, least recently used first out."""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections import OrderedDict
from typing import Any

log = logging.getLogger(__name__)

CACHE_BYTES = 32 * 1024 * 1024
"""About 500 boards of 40–70 KB: a move's mails and a busy hour of board.png requests."""

_cache: OrderedDict[tuple[str, int | None], bytes] = OrderedDict()
_held = 0
_lock = threading.Lock()
stats = {"hits": 0, "misses": 0}


def svg_to_png(svg: str, width: int | None = None) -> bytes:
    """The SVG document as a PNG, at its own size, or at most `width` pixels wide (the height in
    proportion; a narrower picture keeps its size), rasterised once per distinct document and
    width. Needs libvips (pyvips-binary) or cairo (libcairo2)."""
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
    vips = _vips()
    if vips is None:
        return _cairosvg(svg, width)
    data = svg.encode("utf-8")
    image = vips.Image.svgload_buffer(data)
    if width is not None and width < image.width:
        image = vips.Image.svgload_buffer(data, scale=width / image.width)
    png: bytes = image.write_to_buffer(".png")
    return png


def _cairosvg(svg: str, width: int | None) -> bytes:
    import cairosvg

    data = svg.encode("utf-8")
    png: bytes = cairosvg.svg2png(bytestring=data)
    if width is not None and width < int.from_bytes(png[16:20], "big"):
        png = cairosvg.svg2png(bytestring=data, output_width=width)
    return png


_loaded: list[Any] = []


def _vips() -> Any:
    """pyvips, set up once (None where libvips or its SVG loader cannot be loaded)."""
    if not _loaded:
        # One thread a picture: the server and the workers already run pictures in parallel,
        # and libvips' own thread pool would only add switching on a small machine.
        os.environ.setdefault("VIPS_CONCURRENCY", "1")
        try:
            import pyvips

            pyvips.cache_set_max(0)  # each PNG is cached here, by what it shows
            pyvips.Image.svgload_buffer(b'<svg xmlns="http://www.w3.org/2000/svg" width="1" '
                                        b'height="1"/>')
            _loaded.append(pyvips)
        except Exception as error:  # no libvips, or one built without SVG: cairosvg instead
            log.info("libvips cannot rasterise SVG here (%s): using cairosvg", error)
            _loaded.append(None)
    return _loaded[0]


def clear() -> None:
    """Forget every cached picture (tests, or a process that wants its memory back)."""
    global _held
    with _lock:
        _cache.clear()
        _held = 0
