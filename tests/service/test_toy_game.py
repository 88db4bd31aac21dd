"""Smoke: a toy game from creation to the end through the HTTP API."""

from __future__ import annotations


def test_toy_game_end_to_end(make_player) -> None:
    alice = make_player("alice@example.com", "Alice")
    bob = make_player("bob@example.com", "Bob")
    r = alice.post("/api/games", {"game": "bids", "seats": ["alice@example.com",
                                                            "bob@example.com"]})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    assert r.get_json()["status"] == "invited"
    r = bob.post(f"/api/games/{gid}/accept")
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["status"] == "active"
    for _ in range(2):
        assert alice.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 3}).status_code == 200
        r = bob.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 2})
        assert r.status_code == 200, r.get_json()
        r = alice.get(f"/api/games/{gid}/decisions")
        assert r.get_json()["decisions"][0]["kind"] == "claim", r.get_json()
        r = alice.post(f"/api/games/{gid}/commands", {"type": "claim", "prize": "gold"})
        assert r.status_code == 200, r.get_json()
    r = alice.get(f"/api/games/{gid}")
    assert r.get_json()["status"] == "over"
