"""A game's board as a picture (SVG, or PNG as mails show it), and the boards a page shows."""

from __future__ import annotations

from typing import Any

from flask import Response, abort

from domain.core.game import boards_of
from service import pictures, queries
from service.api.state import ctx
from service.web.common import blp, lang, me, names_of


def board_context(module: Any, view: dict[str, Any] | None, language: str, names: list[str], *,
           targets: list[str] | tuple[str, ...] = (), title: str | None = None) -> dict[str, Any]:
    """The game's boards for this view: its picture (SVG, or "" when it draws none: the page then
    shows the text board), its text board and its tables."""
    if not view:
        return {"svg": "", "board_text": "", "summary": None}
    boards = boards_of(module)
    return {"svg": boards.svg(view, language, names, targets=targets, title=title) or "",
            "board_text": boards.text(view, language, names),
            "summary": boards.summary(view, language, names)}


def _board_svg(game_id: str) -> str:
    """The game's board picture as the caller may see it; 404 when the game draws none."""
    head = queries.header(ctx(), game_id, me())
    _v, view = queries.view(ctx(), head)
    module = queries.module_of(ctx(), head)
    svg = boards_of(module).svg(view, lang(), names_of(head)) if view else None
    if not svg:
        abort(404)
    return svg


@blp.get("/games/<game_id>/board.svg")
def board_image_svg(game_id: str) -> Response:
    return Response(_board_svg(game_id), mimetype="image/svg+xml",
                    headers={"Cache-Control": "private, no-store"})


@blp.get("/games/<game_id>/board.png")
def board_image_png(game_id: str) -> Response:
    """The same picture rasterised (service/pictures.py), as mails show it."""
    return Response(pictures.svg_to_png(_board_svg(game_id)), mimetype="image/png",
                    headers={"Cache-Control": "private, no-store"})
