"""Nobody can make the service mail people at will: sign-in links and invitations are
limited per target address (in the database: it holds across server processes) and per client
(flask-limiter), with a 429 that says when to come back in the reader's language; and a game
starts only once every invited player has accepted."""

from __future__ import annotations

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import func, select

from service import db
from service.api import create_app
from service.api.problems import PROBLEM
from service.context import Context
from service.db import dispose, make_engine
from service.tables import games, outbox, players
from tests.service.conftest import Client, redis_url


def count(ctx: Context, table: Any, *where: Any) -> int:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(func.count()).select_from(table).where(*where)).scalar_one()


def links_to(ctx: Context, email: str) -> int:
    return count(ctx, outbox, outbox.c.kind == "magic-link", outbox.c.player_id.in_(
        select(players.c.id).where(players.c.email == email)))


def ask(client: Any, email: str, ip: str, **headers: str) -> Any:
    return client.post("/api/auth/magic-link", json={"email": email}, headers=headers,
                       environ_overrides={"REMOTE_ADDR": ip})


def assert_429(r: Any) -> dict[str, Any]:
    assert r.status_code == 429, r.get_data(as_text=True)
    assert r.mimetype == PROBLEM
    body = r.get_json()
    wait = int(r.headers["Retry-After"])
    assert 0 < wait <= 24 * 3600 and body["retry_after"] == wait
    return dict(body)


def test_sign_in_links_are_limited_per_address_whoever_asks(make_player: Any, app: Any,
                                                            ctx: Context) -> None:
    """60 requests for Bob's link from 60 clients: 3 mails, then 429 — and the same answers for
    an address nobody plays with, so the limit tells nobody who plays here."""
    make_player("bob@example.com", "Bob", language="it")
    client = app.test_client()
    codes = [ask(client, "bob@example.com", f"10.0.0.{i}").status_code for i in range(60)]
    assert codes[:3] == [202] * 3 and set(codes[3:]) == {429}
    assert links_to(ctx, "bob@example.com") == 3
    unknown = [ask(client, "nobody@example.com", f"10.0.1.{i}").status_code for i in range(5)]
    assert unknown == codes[:5]
    # In the asker's language (Accept-Language), never in Bob's: that would tell he plays here.
    body = assert_429(ask(client, "bob@example.com", "10.0.2.1", **{"Accept-Language": "fr"}))
    assert body["detail"].startswith("Trop de liens de connexion") and "min" in body["detail"]
    assert "bob@" not in body["detail"]


def test_the_per_address_limit_holds_across_server_processes(make_player: Any, ctx: Context,
                                                             database_url: str) -> None:
    """Two server processes (each its own engine and in-memory limiter) on one database."""
    make_player("bob@example.com", "Bob")
    other = replace(ctx, engine=make_engine(database_url, pool_size=2))
    try:
        clients = [create_app(ctx, TESTING=True).test_client(),
                   create_app(other, TESTING=True).test_client()]
        codes = [ask(clients[i % 2], "bob@example.com", f"10.0.0.{i}").status_code
                 for i in range(8)]
    finally:
        dispose(other.engine)
    assert codes == [202, 202, 202] + [429] * 5
    assert links_to(ctx, "bob@example.com") == 3


def test_simultaneous_requests_never_get_past_the_per_address_limit(make_player: Any,
                                                                    ctx: Context) -> None:
    """12 requests for Bob's link at the same instant, on 12 connections: exactly 3 links."""
    from service import players as players_service
    from service.limits import SendLimited

    make_player("bob@example.com", "Bob")
    barrier = threading.Barrier(12)

    def one(_: int) -> str:
        barrier.wait()
        try:
            players_service.request_magic_link(ctx, "bob@example.com")
        except SendLimited:
            return "limited"
        return "sent"

    with ThreadPoolExecutor(12) as pool:
        outcomes = sorted(pool.map(one, range(12)))
    assert outcomes == ["limited"] * 9 + ["sent"] * 3
    assert links_to(ctx, "bob@example.com") == 3


def test_sign_in_requests_are_limited_per_client(app: Any, ctx: Context) -> None:
    """One client asking for many different addresses: 5 a minute (web form and API together)."""
    client = app.test_client()
    codes = [ask(client, f"x{i}@example.com", "10.9.9.9").status_code for i in range(8)]
    assert codes == [202] * 5 + [429] * 3
    body = assert_429(ask(client, "y@example.com", "10.9.9.9", **{"Accept-Language": "it"}))
    assert body["detail"].startswith("Sono stati chiesti troppi link")
    assert ask(client, "y@example.com", "10.9.9.10").status_code == 202  # another client


def test_per_client_limits_are_shared_by_processes_through_redis(ctx: Context) -> None:
    url = redis_url()
    prefix = f"pbem-test-{uuid.uuid4().hex[:8]}"
    clients = [create_app(ctx, TESTING=True, RATELIMIT_STORAGE_URI=url,
                          RATELIMIT_KEY_PREFIX=prefix).test_client() for _ in range(2)]
    codes = [ask(clients[i % 2], f"x{i}@example.com", "10.9.9.9").status_code for i in range(7)]
    assert codes == [202] * 5 + [429] * 2


# --- invitations -------------------------------------------------------------------------------


def create(client: Client, *seats: Any, **extra: Any) -> Any:
    return client.post("/api/games", {"game": "bids", "seats": list(seats), **extra})


def test_invitations_are_limited_per_invited_address(make_player: Any, ctx: Context) -> None:
    """Any number of inviters: Bob gets at most 5 invitations an hour; the 6th game is refused
    whole (nothing created, nobody mailed), in the inviter's language, naming Bob."""
    inviters = [make_player(f"p{i}@example.com", language="fr") for i in range(6)]
    for i, inviter in enumerate(inviters[:5]):
        assert create(inviter, f"p{i}@example.com", "bob@example.com").status_code == 201
    before = count(ctx, games), count(ctx, outbox)
    body = assert_429(create(inviters[5], "p5@example.com", "bob@example.com"))
    assert body["detail"].startswith("bob@example.com a reçu trop d'invitations")
    assert (count(ctx, games), count(ctx, outbox)) == before
    # Others can still be invited, and the refused request did not count for anyone.
    assert create(inviters[5], "p5@example.com", "cid@example.com").status_code == 201


def test_invitations_are_limited_per_inviting_player(make_player: Any, ctx: Context) -> None:
    """20 people an hour (one per invited seat, counted only when the game is created)."""
    ann = make_player("ann@example.com", language="it")
    bad = create(ann, "ann@example.com", "not an address")
    assert bad.status_code == 422  # refused: it does not count
    for n in range(7):  # 6 games of 4 seats (3 invited), then one of 3: 20 invited
        seats = [f"g{n}s{s}@example.com" for s in range(3 if n < 6 else 2)]
        assert create(ann, "ann@example.com", *seats).status_code == 201
    body = assert_429(create(ann, "ann@example.com", "one.more@example.com"))
    assert body["detail"].startswith("Hai inviato troppi inviti")
    assert count(ctx, games) == 7
    # A game of Ann and bots invites nobody: never limited.
    r = ann.post("/api/games", {"game": "el-grande", "seats": ["ann@example.com",
                                                               {"bot": "random"}]})
    assert r.status_code == 201, r.get_json()


# --- starting ----------------------------------------------------------------------------------


def test_start_refuses_while_an_invited_player_has_not_accepted(make_player: Any,
                                                                ctx: Context) -> None:
    alice = make_player("alice@example.com", "Alice")
    bob = make_player("bob@example.com", "Bob")
    cid = make_player("cid@example.com", "Cid")
    seats = ["alice@example.com", "bob@example.com", "cid@example.com"]
    # "start": true cannot skip the invited players: refused, naming them, nothing created.
    r = create(alice, *seats, start=True)
    assert r.status_code == 409 and r.mimetype == PROBLEM
    body = r.get_json()
    assert "bob@example.com" in body["detail"] and "cid@example.com" in body["detail"]
    assert body["not_accepted"] == ["bob@example.com", "cid@example.com"]
    assert count(ctx, games) == 0 and count(ctx, outbox) == 0
    # Created without it: the creator's own seat counts as accepted, the others wait.
    gid = create(alice, *seats).get_json()["id"]
    r = alice.post(f"/api/games/{gid}/start")
    assert r.status_code == 409 and "Bob <bob@example.com>" in r.get_json()["detail"]
    assert bob.post(f"/api/games/{gid}/accept").get_json()["status"] == "invited"
    r = alice.post(f"/api/games/{gid}/start")
    assert r.status_code == 409 and r.get_json()["not_accepted"] == ["cid@example.com"]
    assert "Bob" not in r.get_json()["detail"]
    assert alice.get(f"/api/games/{gid}").get_json()["status"] == "invited"
    # The last acceptance starts it.
    assert cid.post(f"/api/games/{gid}/accept").get_json()["status"] == "active"


def test_a_game_of_the_creator_and_bots_starts_at_once(make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    r = ann.post("/api/games", {"game": "el-grande", "start": True,
                                "seats": ["ann@example.com", {"bot": "random"}]})
    assert r.status_code == 201 and r.get_json()["status"] == "active", r.get_json()


def test_the_limits_read_from_the_environment_are_checked(monkeypatch: Any, tmp_path: Any) -> None:
    from service.settings import load_settings

    monkeypatch.setenv("PBEM_INSTANCE", str(tmp_path))
    monkeypatch.setenv("PBEM_LIMIT_INVITE", "off")
    monkeypatch.setenv("PBEM_LIMIT_SIGN_IN", "2 per hour")
    settings = load_settings("sqlite://")
    assert settings.invite_limits == "off" and settings.sign_in_limits == "2 per hour"
    monkeypatch.setenv("PBEM_LIMIT_SIGN_IN", "lots")
    with pytest.raises(SystemExit, match="PBEM_LIMIT_SIGN_IN"):
        load_settings("sqlite://")

