"""Creating sealed-bids games (tests/games/bids) over the HTTP API."""

from __future__ import annotations

from typing import Any

from tests.service.seating import accept_over_http


def new_game(make_player: Any, *, turn_hours: int = 72, policy: str = "default",
             seats: int = 2, tag: str = "") -> tuple[str, list[Any]]:
    names = ["ann", "bob", "cy", "di"][:seats]
    clients = [make_player(f"{n}{tag}@example.com", n.title()) for n in names]
    r = clients[0].post("/api/games", {"game": "bids", "turn_hours": turn_hours,
                                       "timeout_policy": policy,
                                       "seats": [f"{n}{tag}@example.com" for n in names]})
    assert r.status_code == 201, r.get_json()
    accept_over_http(clients[1:], r.get_json()["id"])
    return r.get_json()["id"], clients


def bid(client: Any, game_id: str, amount: int) -> Any:
    r = client.post(f"/api/games/{game_id}/commands", {"type": "bid", "amount": amount})
    assert r.status_code == 200, r.get_json()
    return r
