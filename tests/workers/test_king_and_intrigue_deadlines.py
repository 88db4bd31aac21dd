"""King & Intrigue's deadlines: a player who lets the set-up's card keeping pass keeps the
documented 13 (rules.DEFAULT_KEEP), and the game goes on to the selection discs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from domain.kingintrigue.rules import DEFAULT_KEEP
from tests.service.seating import accept_over_http
from tests.workers.conftest import FakeClock, of_type
from workers import jobs

T = datetime(2030, 1, 7, 8, 0, tzinfo=UTC)


def test_a_passed_keep_deadline_keeps_the_documented_13(ctx: Any, make_player: Any,
                                                        frozen: FakeClock) -> None:
    clients = [make_player(f"{n}-ki@example.com", n.title()) for n in ("ann", "bob")]
    r = clients[0].post("/api/games", {"game": "king-and-intrigue", "turn_hours": 2,
                                       "seats": [f"{n}-ki@example.com" for n in ("ann", "bob")]})
    assert r.status_code == 201, r.get_json()
    game_id = r.get_json()["id"]
    accept_over_http(clients[1:], game_id)
    kept = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130]
    assert clients[0].post(f"/api/games/{game_id}/commands",
                           {"type": "keep", "cards": kept}).status_code == 200
    later = frozen.set(T + timedelta(hours=2, minutes=1))
    assert jobs.enforce_deadlines(ctx, later) == 1
    (bobs,) = [e for e in of_type(ctx, game_id, "secret_submitted") if e.payload["seat"] == 1]
    assert bobs.source == "worker" and bobs.payload["choice"] == list(DEFAULT_KEEP)
    assert of_type(ctx, game_id, "hands_kept")  # the last keep in: resolved at once
    decisions = clients[1].get(f"/api/games/{game_id}/decisions").get_json()["decisions"]
    assert [d["kind"] for d in decisions] == ["secret"]  # the selection disc
