"""The games list ("my games") and the rules pages."""

from __future__ import annotations

from datetime import datetime

from flask import abort, render_template
from sqlalchemy import select

from domain.core import surface
from domain.core.errors import RuleError
from service import db, progress, queries, tables
from service.api.state import ctx
from service.errors import ServiceError
from service.players import Player
from service.web import i18n
from service.web.common import blp, joined, lang, names_of, require_player, tz_of

# --- the rules ---------------------------------------------------------------------------------------

@blp.get("/rules/<game>")
def rules(game: str) -> str:
    """A game's rules as this server plays them, in the reader's language (anyone may read them:
    every mail of a game links here)."""
    module = ctx().games.get(game)
    if module is None:
        abort(404)
    language = lang()
    return render_template("web/rules.html", page=surface.rules_page(module, language),
                           game=game, rules_version=surface.rules_version(module))


# --- my games --------------------------------------------------------------------------------------

@blp.get("/games")
def my_games() -> str:
    player = require_player()
    heads = queries.games_of(ctx(), player)
    due = _deadlines(player, [h.id for h in heads])
    return render_template("web/games.html", heads=heads, due=due, tz=tz_of(player),
                           titles={h.id: _game_name(h, lang()) for h in heads},
                           glance={h.id: _headline(h, lang()) for h in heads},
                           waiting={h.id: _waiting_cell(h, lang()) for h in heads})


def _waiting_cell(head: queries.Header, language: str) -> str:
    """Whom the game waits for, as the reader says it: "You and Bob" (a player reads their own
    turn as theirs, not their own name as if someone else were awaited)."""
    names = names_of(head)
    mine = [i18n.t("games.you", language)] if head.seat in head.waiting_on else []
    return joined(mine + [names[w] for w in head.waiting_on
                           if w < len(names) and w != head.seat], language)


def _game_name(head: queries.Header, language: str) -> str:
    """A game as its players call it: the game's title and who plays it."""
    module = ctx().games.get(head.game)
    title = surface.title(module, language) if module is not None else head.game
    names = [s["name"] for s in head.seats if s.get("person", True) or s.get("bot")]
    return f"{title} — {', '.join(names)}"  # a free seat of an open game is nobody yet


def _headline(head: queries.Header, language: str) -> str:
    """The game's round and scores in one line (the game's words), "" before it starts."""
    module = ctx().games.get(head.game)
    if module is None or head.status == progress.INVITED:
        return ""
    try:
        _v, view = queries.view(ctx(), head)
        return surface.headline(module, view, language, names_of(head))
    except (ServiceError, RuleError):
        return ""


def _deadlines(player: Player, game_ids: list[str]) -> dict[str, datetime]:
    """The player's open deadlines per game (service/schedule.py keeps them)."""
    if not game_ids:
        return {}
    table = tables.deadlines
    with db.read(ctx().engine) as conn:
        rows = conn.execute(select(table.c.game_id, table.c.due_at).where(
            table.c.player_id == player.id, table.c.closed_at.is_(None),
            table.c.game_id.in_(game_ids))).all()
    return {r.game_id: r.due_at for r in rows}
