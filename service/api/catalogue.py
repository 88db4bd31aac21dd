"""/api/catalogue: the games this service runs, with their player counts and rule options.

Everything here comes from the game modules themselves (`domain.core.surface`), so a new game
appears by being registered. Descriptions are in the caller's language (a signed-in player's, else
`?lang=`, else English): the create-game page and API clients show them as they are.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint

from domain.core import surface
from domain.core.i18n import LANGUAGES
from service.api import auth
from service.api.schemas import Catalogue
from service.api.state import ctx

blp = Blueprint("catalogue", __name__, url_prefix="/api",
                description="The games, their player counts and their options.")


def entries(lang: str) -> list[dict[str, Any]]:
    out = []
    for name, module in sorted(ctx().games.items()):
        low, high = surface.player_range(module)
        out.append({
            "game": name,
            "title": surface.title(module, lang),
            "min_players": low,
            "max_players": high,
            "options": [spec.to_json(lang) for spec in surface.option_specs(module)],
            "bots": sorted(surface.bot_levels(module)),
        })
    return out


@blp.route("/catalogue")
class CatalogueView(MethodView):
    @blp.response(200, Catalogue)
    def get(self) -> dict[str, Any]:
        """The games that can be created (`POST /api/games` `game`), in the caller's language."""
        player = auth.caller()
        lang = request.args.get("lang") or (player.language if player else "en")
        return {"games": entries(lang if lang in LANGUAGES else "en")}
