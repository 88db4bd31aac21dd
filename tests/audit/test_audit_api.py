"""The audit log over HTTP: who, when, from where, undone or not, redacted for the viewer until the
game ends, then everything (seed, secret choices, commands, hashes) for everyone."""

from __future__ import annotations

from typing import Any

from tests.service.seating import accept_over_http


def _start(make_player: Any, monkeypatch: Any) -> tuple[list[Any], Any, str]:
    import secrets
    from types import SimpleNamespace

    from service import lobby

    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(token_hex=lambda n: "toy-audit",
                                                          choice=secrets.choice))
    emails = ["a@example.com", "b@example.com"]
    seats = [make_player(e, name=n) for e, n in zip(emails, ["Ann", "Bob"], strict=True)]
    watcher = make_player("w@example.com")
    r = seats[0].post("/api/games", {"game": "bids", "seats": emails})
    assert r.status_code == 201, r.get_json()
    accept_over_http(seats[1:], r.get_json()["id"])
    return seats, watcher, r.get_json()["id"]


def _log(client: Any, gid: str) -> list[dict[str, Any]]:
    r = client.get(f"/api/games/{gid}/events")
    assert r.status_code == 200, r.get_json()
    return r.get_json()["events"]


def test_the_audit_log_is_redacted_until_the_end_then_complete(make_player: Any,
                                                               monkeypatch: Any) -> None:
    (ann, bob), watcher, gid = _start(make_player, monkeypatch)
    assert ann.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 2}).status_code == 200
    # Ann changes her mind: nobody acted since, nothing was revealed.
    r = ann.post(f"/api/games/{gid}/undo", {})
    assert r.status_code == 200 and r.get_json()["version"] == 4, r.get_json()
    assert ann.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 3}).status_code == 200
    for viewer in (bob, watcher):
        log = _log(viewer, gid)
        bids = [e for e in log if e["type"] == "bid_submitted"]
        assert [e["undone"] for e in bids] == [True, False]
        assert bids[0]["undone_by"] == 4
        assert all("bid" not in e["payload"] and "command" not in e for e in bids)
        assert all("hash" not in e for e in log)
        assert "seed" not in log[0]["payload"]
        assert bids[1]["who"] == {"kind": "player", "seat": 0, "name": "Ann"}
        assert bids[1]["source"] == "api" and log[0]["who"]["kind"] == "system"
    mine = [e for e in _log(ann, gid) if e["type"] == "bid_submitted"]
    assert mine[1]["payload"]["bid"] == 3 and mine[1]["command"]["amount"] == 3
    # Bob cannot undo Ann's move, nor his own once the bids are revealed.
    assert bob.post(f"/api/games/{gid}/undo", {}).status_code == 422
    assert bob.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 1}).status_code == 200
    r = bob.post(f"/api/games/{gid}/undo", {})
    assert r.status_code == 422 and "agree" in r.get_json()["detail"]
    # Undo by consent over HTTP, refused by Ann.
    r = bob.post(f"/api/games/{gid}/undo-requests", {"back_to": 5, "reason": "oops"})
    assert r.status_code == 201 and r.get_json()["crosses_reveal"], r.get_json()
    rid = r.get_json()["id"]
    listed = watcher.get(f"/api/games/{gid}/undo-requests").get_json()["requests"]
    assert [q["id"] for q in listed] == [rid]
    assert watcher.post(f"/api/games/{gid}/undo-requests/{rid}/approve").status_code == 403
    r = ann.post(f"/api/games/{gid}/undo-requests/{rid}/refuse")
    assert r.status_code == 200 and r.get_json()["status"] == "refused"
    assert watcher.get(f"/api/games/{gid}/record").status_code == 409  # not over yet
    # Play to the end.
    for _ in range(20):
        game = watcher.get(f"/api/games/{gid}").get_json()
        if game["status"] == "over":
            break
        for client in (ann, bob):
            for d in client.get(f"/api/games/{gid}/decisions").get_json()["decisions"]:
                client.post(f"/api/games/{gid}/commands", d["options"][0])
    assert game["status"] == "over"
    for viewer in (ann, bob, watcher):
        log = _log(viewer, gid)
        assert log[0]["payload"]["seed"] == "toy-audit"
        bids = [e for e in log if e["type"] == "bid_submitted"]
        assert all("bid" in e["payload"] for e in bids)
        assert all(len(e["hash"]) == 64 for e in log)
        assert all("command" in e for e in log if e["seq"] == e["batch"] and e["seq"] > 2)
    record = watcher.get(f"/api/games/{gid}/record")
    assert record.status_code == 200 and "@example.com" not in record.get_data(as_text=True)
