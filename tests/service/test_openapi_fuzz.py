"""Schemathesis against the served OpenAPI document: no generated request gets a 5xx.

Each operation is fuzzed with valid and invalid data (schemathesis' positive and negative modes).
Requests carry a real player's token and, half the time, a real game in play, so the generator
reaches the code behind authentication and the game lookup. Bounded: a few dozen examples each.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from service import players
from service.api import create_app
from service.context import build
from tests.service.conftest import test_games
from tests.service.seating import started_game

_DOC = create_app(build("sqlite://", games=test_games())).test_client() \
    .get("/api/openapi.json").get_json()
OPERATIONS = [(path, method.upper()) for path, item in _DOC["paths"].items()
              for method in item if method in ("get", "post", "put", "patch", "delete")]


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_no_request_makes_the_server_fail(app: Any, ctx: Any, path: str, method: str) -> None:
    alice, token = players.add(ctx, "alice@example.com")
    players.add(ctx, "bob@example.com")
    gid = started_game(ctx, alice, game="el-grande",
                       emails=["alice@example.com", "bob@example.com"])
    operation = schemathesis.openapi.from_wsgi("/api/openapi.json", app)[path][method]
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE),
                      operation.as_strategy(GenerationMode.NEGATIVE))

    @given(case=cases, as_player=st.sampled_from([True, True, True, False]))
    @settings(max_examples=40, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def fuzz(case: Any, as_player: bool) -> None:
        if as_player:  # mostly: a real player, and the real game
            kept = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
            case.headers = {**kept, "Authorization": f"Bearer {token}"}
            if case.path_parameters and "game_id" in case.path_parameters:
                case.path_parameters["game_id"] = gid
        response = case.call()
        assert response.status_code < 500, (case.as_curl_command(), response.text[:500])

    fuzz()
