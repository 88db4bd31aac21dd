"""Table talk through the service and the API (service/talk.py): privacy, limits, escaping,
undo does not unsay, mutes — on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select, update

from service import db, talk, undo
from service.errors import Invalid
from service.store import Source
from service.tables import messages, outbox, players
from tests.service.seating import accept_over_http

WEB = Source("web")


def _table(make_player: Any, game: str = "bids") -> tuple[str, Any, Any, Any, Any]:
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob@example.com", "Bob", language="fr")
    cid = make_player("cid@example.com", "Cid", language="it")
    r = ann.post("/api/games", {"game": game, "seats": ["ann@example.com", "bob@example.com",
                                                        "cid@example.com"]})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    accept_over_http([bob, cid], gid)
    spectator = type(ann)(ann.http, None)
    return gid, ann, bob, cid, spectator


def _texts(client: Any, gid: str, since: int = 0) -> list[str]:
    r = client.get(f"/api/games/{gid}/messages?since={since}")
    assert r.status_code == 200, r.get_json()
    return [m["text"] for m in r.get_json()["messages"]]


def test_table_and_private_messages_reach_exactly_their_readers(ctx: Any, make_player: Any
                                                                ) -> None:
    gid, ann, bob, cid, spectator = _table(make_player)
    r = ann.post(f"/api/games/{gid}/messages", {"text": "Hi all"})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["from"] == "Ann" and r.get_json()["to"] is None
    r = ann.post(f"/api/games/{gid}/messages", {"text": "Bob, ally with me?", "to": "bob"})
    assert r.status_code == 201 and r.get_json()["to"] == "Bob", r.get_json()
    assert _texts(ann, gid) == ["Hi all", "Bob, ally with me?"]
    assert _texts(bob, gid) == ["Hi all", "Bob, ally with me?"]
    assert _texts(cid, gid) == ["Hi all"]
    assert _texts(spectator, gid) == ["Hi all"]
    first = ann.get(f"/api/games/{gid}/messages").get_json()["messages"][0]["id"]
    assert _texts(bob, gid, since=first) == ["Bob, ally with me?"]


def test_refusals_are_clear_4xx_in_the_players_language(ctx: Any, make_player: Any) -> None:
    gid, ann, bob, _cid, spectator = _table(make_player)
    r = bob.post(f"/api/games/{gid}/messages", {"text": "x" * (talk.MAX_LENGTH + 1)})
    assert r.status_code == 422 and "au plus 1000" in r.get_json()["detail"], r.get_json()
    r = bob.post(f"/api/games/{gid}/messages", {"text": "  \n "})
    assert r.status_code == 422 and "doit contenir du texte" in r.get_json()["detail"]
    r = ann.post(f"/api/games/{gid}/messages", {"text": "psst", "to": "Zed"})
    assert r.status_code == 422 and "Bob, Cid" in r.get_json()["detail"], r.get_json()
    r = ann.post(f"/api/games/{gid}/messages", {"text": "psst", "to": "Ann"})  # not oneself
    assert r.status_code == 422
    r = spectator.post(f"/api/games/{gid}/messages", {"text": "hello"})
    assert r.status_code == 401
    outsider = make_player("zed@example.com", "Zed")
    r = outsider.post(f"/api/games/{gid}/messages", {"text": "hello"})
    assert r.status_code == 403
    assert _texts(ann, gid) == []


def test_rate_limits_per_player_and_per_game(ctx: Any, make_player: Any,
                                             monkeypatch: Any) -> None:
    gid, ann, bob, cid, _ = _table(make_player)
    for i in range(talk.PER_SEAT):
        assert ann.post(f"/api/games/{gid}/messages", {"text": f"m{i}"}).status_code == 201
    r = ann.post(f"/api/games/{gid}/messages", {"text": "one more"})
    assert r.status_code == 429, r.get_json()
    assert "10 messages" in r.get_json()["detail"] and r.get_json()["retry_after"] >= 1
    assert bob.post(f"/api/games/{gid}/messages", {"text": "me"}).status_code == 201
    monkeypatch.setattr(talk, "PER_GAME", talk.PER_SEAT + 2)
    assert cid.post(f"/api/games/{gid}/messages", {"text": "io"}).status_code == 201
    r = cid.post(f"/api/games/{gid}/messages", {"text": "ancora"})
    assert r.status_code == 429 and "Questo tavolo" in r.get_json()["detail"], r.get_json()
    assert len(_texts(ann, gid)) == talk.PER_SEAT + 2


def test_text_is_stored_plain_and_cleaned(ctx: Any, make_player: Any) -> None:
    gid, ann, bob, _cid, _ = _table(make_player)
    text = "<script>alert(1)</script> see http://evil.example/\u202e gnp.exe"
    assert ann.post(f"/api/games/{gid}/messages", {"text": text}).status_code == 201
    stored = _texts(bob, gid)[0]
    assert stored.startswith("<script>")  # stored as said; every page escapes it
    assert "\u202e" not in stored  # a direction override could disguise the text


def test_undo_does_not_unsay_and_messages_are_append_only(ctx: Any, make_player: Any) -> None:
    gid, ann, bob, _cid, _ = _table(make_player)
    assert ann.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 3}).status_code == 200
    said = talk.say(ctx, gid, 0, "I bid 3, beat that", source=WEB)
    undo.undo_own(ctx, gid, 0)
    assert _texts(bob, gid) == ["I bid 3, beat that"]
    assert said.version >= 1
    with pytest.raises(Exception, match="append-only"), db.write(ctx.engine) as conn:
        conn.execute(update(messages).values(text="I never said that"))


def test_mute_hides_a_players_messages_from_the_muter_only(ctx: Any, make_player: Any) -> None:
    gid, ann, bob, _cid, _ = _table(make_player)
    talk.say(ctx, gid, 2, "ciao a tutti", source=WEB)
    r = ann.post(f"/api/games/{gid}/mutes", {"seat": 2})
    assert r.status_code == 200 and r.get_json()["muted"] == [2], r.get_json()
    assert _texts(ann, gid) == [] and _texts(bob, gid) == ["ciao a tutti"]
    assert ann.post(f"/api/games/{gid}/mutes", {"seat": 0}).status_code == 422  # oneself
    ann.post(f"/api/games/{gid}/mutes", {"seat": 2, "muted": False})
    assert _texts(ann, gid) == ["ciao a tutti"]


def test_talk_at_once_queues_a_mail_for_those_who_want_it(ctx: Any, make_player: Any) -> None:
    gid, _ann, bob, cid, _ = _table(make_player)
    r = bob.http.patch("/api/me/preferences", json={"talk_mail": "now"}, headers=bob.headers())
    assert r.status_code == 200 and r.get_json()["talk_mail"] == "now", r.get_json()
    r = bob.http.patch("/api/me/preferences", json={"talk_mail": "loud"}, headers=bob.headers())
    assert r.status_code == 422
    cid.http.patch("/api/me/preferences", json={"talk_mail": "now"}, headers=cid.headers())
    talk.say(ctx, gid, 0, "to Cid only", to=2, source=WEB)
    with db.read(ctx.engine) as conn:
        told = conn.execute(select(players.c.name).join(outbox, outbox.c.player_id == players.c.id)
                            .where(outbox.c.kind == "table-talk")).scalars().all()
    assert told == ["Cid"]


def test_say_refuses_other_sources(ctx: Any, make_player: Any) -> None:
    gid, *_ = _table(make_player)
    with pytest.raises(ValueError, match="table talk"):
        talk.say(ctx, gid, 0, "hi", source=Source("worker"))
    with pytest.raises(Invalid):
        talk.say(ctx, gid, 0, "hi", to=7, source=WEB)


def _finish(ann: Any, bob: Any, cid: Any, gid: str) -> None:
    """The toy game played to its end (3 seats bid, the best bidder claims, twice)."""
    for _ in range(2):
        for client, amount in ((ann, 3), (bob, 2), (cid, 1)):
            r = client.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": amount})
            assert r.status_code == 200, r.get_json()
        r = ann.post(f"/api/games/{gid}/commands", {"type": "claim", "prize": "gold"})
        assert r.status_code == 200, r.get_json()


def test_private_message_in_no_other_export_or_replay(ctx: Any, app: Any,
                                                      make_player: Any) -> None:
    from tests.web.conftest import sign_in

    gid, ann, bob, cid, spectator = _table(make_player)
    talk.say(ctx, gid, 0, "good game to all", source=WEB)
    talk.say(ctx, gid, 0, "Bob: secret pact", to=1, source=WEB)
    _finish(ann, bob, cid, gid)
    assert ann.get(f"/api/games/{gid}").get_json()["status"] == "over"

    def record(client: Any) -> str:
        r = client.get(f"/api/games/{gid}/record")
        assert r.status_code == 200, r.text
        return str(r.get_data(as_text=True))

    for client in (ann, bob):
        assert "secret pact" in record(client) and "good game to all" in record(client)
    for client in (cid, spectator):
        assert "secret pact" not in record(client) and "good game to all" in record(client)
    with db.read(ctx.engine) as conn:
        ids = dict(conn.execute(select(players.c.name, players.c.id)).all())
    for name, sees in (("Bob", True), ("Cid", False), (None, False)):
        web = app.test_client()
        if name is not None:
            sign_in(web, ctx, ids[name])
        page = web.get(f"/games/{gid}/replay?at=1").get_data(as_text=True)
        assert "good game to all" in page, name
        assert ("secret pact" in page) is sees, name
