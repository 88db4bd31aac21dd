"""A board picture is rasterised once: the same SVG (what a picture shows) is served from the
cache, another board is drawn anew, and the cache stays within its bound."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service import pictures


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int | None]]]:
    drawn: list[tuple[str, int | None]] = []

    def fake(svg: str, width: int | None) -> bytes:
        drawn.append((svg, width))
        return b"PNG" + svg.encode() * 10

    pictures.clear()
    monkeypatch.setattr(pictures, "_rasterise", fake)
    yield drawn
    pictures.clear()


def test_same_board_is_drawn_once_per_width(counted: list[tuple[str, int | None]]) -> None:
    board = '<svg width="10" height="10"><rect width="5" height="5"/></svg>'
    first = pictures.svg_to_png(board)
    assert pictures.svg_to_png(board) == first
    assert pictures.svg_to_png(board, 400) != first or len(counted) == 2
    assert pictures.svg_to_png(board, 400) == pictures.svg_to_png(board, 400)
    assert counted == [(board, None), (board, 400)]


def test_a_changed_board_is_drawn_again(counted: list[tuple[str, int | None]]) -> None:
    before = pictures.svg_to_png('<svg><circle r="1"/></svg>')
    after = pictures.svg_to_png('<svg><circle r="2"/></svg>')
    assert before != after and len(counted) == 2


def test_the_cache_keeps_within_its_bound(monkeypatch: pytest.MonkeyPatch,
                                          counted: list[tuple[str, int | None]]) -> None:
    monkeypatch.setattr(pictures, "CACHE_BYTES", 1000)
    boards = [f'<svg><text>{i:03}</text></svg>' for i in range(20)]
    for board in boards:
        pictures.svg_to_png(board)
    assert pictures._held <= 1000
    pictures.svg_to_png(boards[-1])  # the newest is still there
    assert len(counted) == 20
    pictures.svg_to_png(boards[0])  # the oldest was dropped: drawn again
    assert len(counted) == 21


@pytest.mark.parametrize("renderer", ["libvips", "cairosvg"])
def test_a_board_is_drawn_at_its_size_or_the_width_asked(
        monkeypatch: pytest.MonkeyPatch, renderer: str) -> None:
    """libvips draws the picture where it loads; cairosvg, the fallback, draws the same size: its
    own, or narrower when a mail asks for at most a width."""
    if renderer == "cairosvg":
        pytest.importorskip("cairosvg")
        monkeypatch.setattr(pictures, "_loaded", [None])
    elif pictures._vips() is None:
        pytest.skip("libvips cannot be loaded here")
    board = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
             '<rect width="40" height="20" fill="#c00"/><text y="15">Ann</text></svg>')

    def size(png: bytes) -> tuple[int, int]:
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")

    assert size(pictures._rasterise(board, None)) == (40, 20)
    assert size(pictures._rasterise(board, 20)) == (20, 10)
    assert size(pictures._rasterise(board, 80)) == (40, 20)  # at most that wide: never blown up


def test_real_png_is_a_png() -> None:
    pytest.importorskip("cairosvg")
    pictures.clear()
    board = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'
    png = pictures.svg_to_png(board)
    assert png.startswith(b"\x89PNG") and pictures.svg_to_png(board) is png
    pictures.clear()
