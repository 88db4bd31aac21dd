"""The attack script: generated and known-bad requests, counted by status; the count of 5xx must
be zero.

1. Schemathesis against the served OpenAPI document: every operation is fuzzed with valid and
   invalid data (schemathesis' positive and negative modes). Requests carry a real player's token
   and, mostly, the id of a game in play whose first move is that player's, so the generator
   reaches the code behind authentication and the game lookup (not only 401 and 404).
2. A legal move with generated extra parameters: always refused (422), never stored.
3. The known attacks replayed: each API one gets its 4xx; on the web pages,
   sign-in never redirects to another site and bad numbers or JSON in a form are no 5xx.

Bounded: 25 generated requests per operation (each run draws anew), 30 legal-plus-extra moves.
"""

from __future__ import annotations

import json
from collections import Counter
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


def _game_in_play(ctx: Any) -> tuple[Any, str, str]:
    """Alice, her token and a 2-player El Grande in play whose first power card is hers."""
    alice, token = players.add(ctx, "alice@example.com", name="Alice")
    players.add(ctx, "bob@example.com", name="Bob")
    gid = started_game(ctx, alice, game="el-grande", setup={"first_player": 0},
                       emails=["alice@example.com", "bob@example.com"])
    return alice, token, gid


def _report(statuses: Counter[int], failures: list[str], what: str) -> None:
    server_errors = sum(n for code, n in statuses.items() if code >= 500)
    print(f"{what}: {sum(statuses.values())} requests, {server_errors} 5xx, "
          f"statuses {dict(sorted(statuses.items()))}")
    assert server_errors == 0, f"{server_errors} requests got a 5xx:\n" + "\n".join(failures[:5])


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_no_generated_request_makes_the_server_fail(app: Any, ctx: Any, path: str,
                                                    method: str) -> None:
    _alice, token, gid = _game_in_play(ctx)
    operation = schemathesis.openapi.from_wsgi("/api/openapi.json", app)[path][method]
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE),
                      operation.as_strategy(GenerationMode.NEGATIVE))
    statuses: Counter[int] = Counter()
    failures: list[str] = []

    @given(case=cases, as_player=st.sampled_from([True, True, True, False]))
    @settings(max_examples=25, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def fuzz(case: Any, as_player: bool) -> None:
        if as_player:  # mostly: a real player, and the real game
            kept = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
            case.headers = {**kept, "Authorization": f"Bearer {token}"}
            if case.path_parameters and "game_id" in case.path_parameters:
                case.path_parameters["game_id"] = gid
        response = case.call()
        statuses[response.status_code] += 1
        if response.status_code >= 500:
            failures.append(f"{case.as_curl_command()}\n  → {response.text[:300]}")

    fuzz()
    _report(statuses, failures, f"{method} {path}")
    assert set(statuses) != {401}, "the player's token was never accepted"


def test_a_legal_move_with_extra_parameters_is_refused_and_not_stored(app: Any,
                                                                      ctx: Any) -> None:
    _alice, token, gid = _game_in_play(ctx)
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    legal = client.get(f"/api/games/{gid}/decisions", headers=auth) \
        .get_json()["decisions"][0]["options"][0]
    version = client.get(f"/api/games/{gid}", headers=auth).get_json()["version"]
    json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                               lambda inner: st.lists(inner, max_size=3)
                               | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                               max_leaves=10)
    extras = st.dictionaries(st.text(min_size=1, max_size=30).filter(
        lambda k: k not in ("type", "seat", *legal)), json_values, min_size=1, max_size=4)
    statuses: Counter[int] = Counter()
    failures: list[str] = []

    @given(extra=extras)
    @settings(max_examples=30, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def fuzz(extra: dict[str, Any]) -> None:
        body = {**legal, **extra}
        r = client.post(f"/api/games/{gid}/commands", json=body, headers=auth)
        statuses[r.status_code] += 1
        if r.status_code != 422:
            failures.append(f"{json.dumps(body)[:300]} → {r.status_code} {r.text[:200]}")
        else:  # refused for the extra names (or first for a NUL character in one)
            assert r.get_json().get("allowed", ["card"]) == ["card"]

    fuzz()
    _report(statuses, failures, "legal move + extra parameters")
    assert not failures, "\n".join(failures[:5])
    assert client.get(f"/api/games/{gid}", headers=auth).get_json()["version"] == version
    assert client.post(f"/api/games/{gid}/commands", json=legal, headers=auth).status_code == 200


DEEP = "[" * 5000 + "]" * 5000
ATTACKS: list[tuple[str, str, str, dict[str, Any], int]] = [
    # (what, method, path ({gid}: the game in play), request arguments, the status expected)
    ("a bot seat that is an object", "post", "/api/games",
     {"json": {"seats": ["alice@example.com", {"bot": {}}]}}, 422),
    ("a bot seat that is a list", "post", "/api/games",
     {"json": {"seats": [{"bot": []}]}}, 422),
    ("JSON nested 5,000 deep: create", "post", "/api/games",
     {"data": DEEP, "content_type": "application/json"}, 400),
    ("JSON nested 5,000 deep: a command", "post", "/api/games/{gid}/commands",
     {"data": DEEP, "content_type": "application/json"}, 400),
    ("JSON nested 5,000 deep: preferences", "patch", "/api/me/preferences",
     {"data": DEEP, "content_type": "application/json"}, 400),
    ("JSON nested 5,000 deep: a session", "post", "/api/auth/session",
     {"data": DEEP, "content_type": "application/json"}, 400),
    ("a 5,000-digit turn_hours", "post", "/api/games",
     {"data": '{"seats": ["alice@example.com"], "turn_hours": ' + "9" * 5000 + "}",
      "content_type": "application/json"}, 400),
    ("a 5,000-digit event number", "get", "/api/games/{gid}/events?after=" + "9" * 5000, {}, 422),
    ("a legal command with a 60 KB extra field", "post", "/api/games/{gid}/commands",
     {"json": {"type": "play_power", "card": 1, "note": "x" * 60_000}}, 422),
    ("a body over 64 KiB", "post", "/api/games/{gid}/commands",
     {"json": {"type": "play_power", "card": 1, "note": "x" * 70_000}}, 413),
    ("a body that is not JSON", "post", "/api/games/{gid}/commands",
     {"data": b"\xff\xfe{", "content_type": "application/json"}, 400),
]


def test_the_known_attacks_get_a_4xx(app: Any, ctx: Any) -> None:
    _alice, token, gid = _game_in_play(ctx)
    client = app.test_client()
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    wrong: list[str] = []
    for what, method, path, kwargs, expected in ATTACKS:
        r = getattr(client, method)(path.format(gid=gid), headers={
            "Authorization": f"Bearer {token}"}, **kwargs)
        statuses[r.status_code] += 1
        if r.status_code >= 500:
            failures.append(f"{what}: {r.status_code} {r.text[:200]}")
        if (r.status_code, r.mimetype) != (expected, "application/problem+json"):
            wrong.append(f"{what}: {r.status_code} {r.mimetype}, not {expected}")
    _report(statuses, failures, "known attacks")
    assert not wrong, "\n".join(wrong)


def test_the_known_web_attacks_get_no_5xx_and_no_redirect_away(app: Any, ctx: Any) -> None:
    from tests.web.conftest import csrf_of

    alice, _token, gid = _game_in_play(ctx)
    client = app.test_client()
    statuses: Counter[int] = Counter()
    failures: list[str] = []

    def sent(what: str, r: Any) -> Any:
        statuses[r.status_code] += 1
        if r.status_code >= 500:
            failures.append(f"{what}: {r.status_code}")
        return r

    away: list[str] = []
    for target in ("/%0A/evil", "/%09/evil.example", "/%0D%0A/evil", "/\\evil.example"):
        link = players.magic_link(ctx, alice.id)
        path = link[link.index("/login/"):]
        page = sent("the sign-in page", client.get(path))
        r = sent(f"next={target}", client.post(f"{path}?next={target}",
                                               data={"csrf_token": csrf_of(page.text)}))
        if r.headers.get("Location") != "/games":
            away.append(f"next={target} → {r.status_code} {r.headers.get('Location')!r}")
    csrf = csrf_of(client.get("/settings").text)
    for value in ("99999999999999999999999", "9" * 5000, "²"):
        sent("cancel_vacation", client.post("/settings", data={"csrf_token": csrf,
                                                               "cancel_vacation": value}))
    for form in ({"type": "play_power", "json": DEEP}, {"type": "play_power", "p.card": "1",
                                                         "p.junk": "1"}):
        sent("the decision form", client.post(f"/games/{gid}/play",
                                              data={"csrf_token": csrf, **form}))
    sent("replay", client.get(f"/games/{gid}/replay?at=%C2%B2"))
    _report(statuses, failures, "known web attacks")
    assert not away, "\n".join(away)
