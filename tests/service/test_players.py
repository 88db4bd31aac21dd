"""Players, tokens, magic links, and the `pbem` commands that manage them."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import select

from pbem.cli import main
from service import db, players
from service.errors import Invalid, Unauthorized
from service.tables import tokens


def test_tokens_are_stored_only_as_hashes(ctx: Any) -> None:
    player, token = players.add(ctx, "Ann@Example.com", name="Ann", language="it",
                                time_zone="Europe/Rome")
    assert player.email == "ann@example.com" and token.startswith("pbem_")
    with db.read(ctx.engine) as conn:
        stored = [r.token_hash for r in conn.execute(select(tokens.c.token_hash))]
    assert stored == [players.hash_token(token)] and token not in stored
    assert players.authenticate(ctx, token) == player
    assert players.authenticate(ctx, token + "x") is None


def test_player_details_are_checked(ctx: Any) -> None:
    with pytest.raises(Invalid, match="not an email"):
        players.add(ctx, "nobody")
    with pytest.raises(Invalid, match="allowed: en, fr, it"):
        players.add(ctx, "a@example.com", language="de")
    with pytest.raises(Invalid, match="time zone"):
        players.add(ctx, "a@example.com", time_zone="Mars/Olympus")


def test_a_magic_link_signs_in_once(ctx: Any, app: Any) -> None:
    player, _ = players.add(ctx, "ann@example.com")
    ticket = players.magic_ticket(ctx, player.id)
    assert players.magic_link(ctx, player.id).startswith(ctx.settings.base_url + "/login/")
    client = app.test_client()
    r = client.post("/api/auth/session", json={"ticket": ticket})
    assert r.status_code == 201, r.get_json()
    session = r.get_json()
    me = client.get("/api/me", headers={"Authorization": f"Bearer {session['token']}"})
    assert me.get_json()["email"] == "ann@example.com"
    again = client.post("/api/auth/session", json={"ticket": ticket})
    assert again.status_code == 401 and "already used" in again.get_json()["detail"]


def test_magic_links_expire_and_forgeries_fail(ctx: Any) -> None:
    player, _ = players.add(ctx, "ann@example.com")
    ticket = players.magic_ticket(ctx, player.id)
    ctx.settings = replace(ctx.settings, magic_link_max_age=-1)  # every link is now too old
    with pytest.raises(Unauthorized, match="expired"):
        players.redeem_magic_ticket(ctx, ticket)
    forged = URLSafeTimedSerializer("another key", salt="pbem-magic-link")
    with pytest.raises(Unauthorized, match="not valid"):
        players.redeem_magic_ticket(ctx, forged.dumps({"p": player.id, "n": "y"}))


def test_asking_for_a_link_says_the_same_for_unknown_addresses(ctx: Any, app: Any) -> None:
    players.add(ctx, "ann@example.com")
    client = app.test_client()
    known = client.post("/api/auth/magic-link", json={"email": "ann@example.com"})
    unknown = client.post("/api/auth/magic-link", json={"email": "who@example.com"})
    assert known.status_code == unknown.status_code == 202
    assert known.get_data() == unknown.get_data()


def test_cli_player_add_prints_the_token_alone_on_the_last_line(
        database_url: str, ctx: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATABASE_URL", database_url)
    monkeypatch.setenv("PBEM_SECRET_KEY", "k")
    result = CliRunner().invoke(main, ["player", "add", "cli@example.com", "--name", "Cli",
                                       "--language", "fr", "--tz", "Europe/Paris"])
    assert result.exit_code == 0, result.output
    token = result.stdout.strip().splitlines()[-1]
    found = players.authenticate(ctx, token)
    assert found is not None and (found.name, found.language) == ("Cli", "fr")


def test_pbem_db_upgrade_and_serve_work_on_a_fresh_instance(tmp_path: Path) -> None:
    """The embedded default: SQLite in the instance folder, created by `pbem db upgrade`."""
    env = {**os.environ, "PBEM_INSTANCE": str(tmp_path / "instance")}
    env.pop("PBEM_DATABASE_URL", None)
    pbem = Path(sys.executable).with_name("pbem")
    done = subprocess.run([pbem, "db", "upgrade"], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    versions = Path(__file__).parents[2] / "service" / "migrations" / "versions"
    head = sorted(p.name.split("_")[0] for p in versions.glob("[0-9]*.py"))[-1]
    assert f"revision {head}" in done.stdout
    assert (tmp_path / "instance" / "pbem.sqlite3").exists()


def test_pbem_serve_answers_over_http(tmp_path: Path) -> None:
    env = {**os.environ, "PBEM_INSTANCE": str(tmp_path / "instance")}
    env.pop("PBEM_DATABASE_URL", None)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    pbem = Path(sys.executable).with_name("pbem")
    server = subprocess.Popen([pbem, "serve", "--port", str(port), "--threads", "2"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        line = server.stderr.readline()  # printed once migrated, right before serving
        assert f"serving on http://127.0.0.1:{port}/ " in line, line
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json",
                                            timeout=5) as r:
                    assert json.load(r)["info"]["title"] == "Play by mail"
                    break
            except urllib.error.URLError:
                if time.monotonic() > deadline:
                    raise
    finally:
        server.terminate()
        server.wait(timeout=10)
