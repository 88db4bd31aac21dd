"""A passed deadline in an El Caballero turn settles the whole turn at once: the compulsory
terrain tile is laid (where it pushes out no Caballero tile) and the turn ends, so an absent player
holds the table up for one deadline, not two."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.service.seating import accept_over_http
from tests.workers.conftest import FakeClock, of_type
from workers import jobs

T = datetime(2030, 1, 7, 8, 0, tzinfo=UTC)


def test_one_passed_deadline_lays_the_tile_and_ends_the_turn(ctx: Any, make_player: Any,
                                                              frozen: FakeClock) -> None:
    ann, bob = make_player("ann@example.com", "Ann"), make_player("bob@example.com", "Bob")
    r = ann.post("/api/games", {"game": "el-caballero", "turn_hours": 2,
                                "timeout_policy": "default",
                                "seats": ["ann@example.com", "bob@example.com"],
                                "setup": {"first_player": 0}})
    assert r.status_code == 201, r.get_json()
    game_id = r.get_json()["id"]
    accept_over_http([bob], game_id)
    for client, card in ((ann, 13), (bob, 12)):  # Ann acts first, then never again
        played = client.post(f"/api/games/{game_id}/commands", {"type": "power", "card": card})
        assert played.status_code == 200, played.get_json()
    later = frozen.set(T + timedelta(hours=2, minutes=1))
    assert jobs.enforce_deadlines(ctx, later) == 1
    laid = of_type(ctx, game_id, "tile_laid")
    assert len(laid) == 1 and laid[0].payload["seat"] == 0 and not laid[0].payload["returned"]
    assert [e.payload["seat"] for e in of_type(ctx, game_id, "turn_ended")] == [0]
    decisions = bob.get(f"/api/games/{game_id}/decisions").get_json()["decisions"]
    assert decisions and decisions[0]["kind"] == "turn"  # Bob's turn now, with a full turn time
