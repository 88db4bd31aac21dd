"""Board pictures as PNG: a game draws its board as SVG (its module's `boards` facet, from a seat's
view); the service rasterises that very SVG with cairosvg for mail and for `board.png`, so the
image in a mail is the web page's picture."""

from __future__ import annotations


def svg_to_png(svg: str, width: int | None = None) -> bytes:
    """The SVG document as a PNG, at its own size (or `width` pixels wide, the height in
    proportion). Needs cairo (Debian's libcairo2)."""
    import cairosvg

    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)
    return png
