"""/api itself: where to start, for someone who typed the API's address into a browser or curl.

It answered 404, which reads as "nothing here"; it now says where the description of every
operation is, and the few addresses to begin with.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import url_for
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import fields

from service.api.state import ctx

blp = Blueprint("index", __name__, url_prefix="/api", description="Where to start.")


class ApiIndex(ma.Schema):
    title = fields.String()
    openapi = fields.String(metadata={"description": "the OpenAPI 3 description of every "
                                                     "operation"})
    web = fields.String(metadata={"description": "the web pages"})
    links = fields.Dict(keys=fields.String(), values=fields.String(),
                        metadata={"description": "where to begin: create a game "
                                                 "(POST games), your games, the games that "
                                                 "can be created, who you are, sign-in"})


@blp.route("", strict_slashes=False)
class Index(MethodView):
    @blp.response(200, ApiIndex)
    def get(self) -> dict[str, Any]:
        """Where to start: the OpenAPI description and the first addresses."""
        return {
            "title": ctx().settings.site(),
            "openapi": url_for("api-docs.openapi_json"),
            "web": url_for("web.home"),
            "links": {"games": "/api/games", "catalogue": "/api/catalogue", "me": "/api/me",
                      "magic_link": "/api/auth/magic-link"},
        }
