"""Backups: `pbem db backup` writes every table and the secret key to one file; `pbem db restore`
loads it into an empty database — SQLite or PostgreSQL, whichever it came from — and verifies
every game in it, so an operator knows what came back is whole."""

from __future__ import annotations

import io
import json
import tarfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from sqlalchemy import func, select

from pbem.cli import main
from service import backup, db, players, records
from service.context import Context
from service.db import dispose, make_engine
from service.settings import Settings
from service.tables import events, games, metadata, snapshots
from tests.service.conftest import test_games


def play_a_toy_game_to_the_end(make_player: Any) -> tuple[Any, Any, str]:
    alice = make_player("alice@example.com", "Alice")
    bob = make_player("bob@example.com", "Bob")
    gid = alice.post("/api/games", {"game": "bids", "seats": ["alice@example.com",
                                                              "bob@example.com"]}).get_json()["id"]
    assert bob.post(f"/api/games/{gid}/accept").status_code == 200
    for _ in range(2):
        assert alice.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 3}
                          ).status_code == 200
        assert bob.post(f"/api/games/{gid}/commands", {"type": "bid", "amount": 2}
                        ).status_code == 200
        assert alice.post(f"/api/games/{gid}/commands", {"type": "claim", "prize": "gold"}
                          ).status_code == 200
    return alice, bob, gid


def counts(engine: Any) -> dict[str, int]:
    with db.read(engine) as conn:
        return {t.name: conn.execute(select(func.count()).select_from(t)).scalar_one()
                for t in metadata.sorted_tables if t.name != snapshots.name}


def run(args: list[str], env: dict[str, str]) -> Any:
    return CliRunner().invoke(main, args, env=env, catch_exceptions=False)


def test_a_backup_restores_into_an_empty_database_and_every_game_verifies(
        make_player: Any, ctx: Context, tmp_path: Path) -> None:
    alice, bob, over = play_a_toy_game_to_the_end(make_player)
    carl = make_player("carl@example.com", "Carl")
    in_play = alice.post("/api/games", {"game": "el-grande", "seats": [
        "alice@example.com", "bob@example.com", "carl@example.com"]}).get_json()["id"]
    for player in (bob, carl):
        assert player.post(f"/api/games/{in_play}/accept").status_code == 200
    alice_id = players.authenticate(ctx, str(alice.token)).id  # type: ignore[union-attr]
    link = players.magic_link(ctx, alice_id)  # a sign-in link made before the backup
    source = {"PBEM_DATABASE_URL": ctx.settings.database_url, "PBEM_SECRET_KEY": "test-secret",
              "PBEM_INSTANCE": str(tmp_path / "old")}
    done = run(["db", "backup", str(tmp_path / "pbem.tar.gz")], source)
    assert done.exit_code == 0, done.output
    assert "and the secret key" in done.output
    assert (tmp_path / "pbem.tar.gz").stat().st_mode & 0o077 == 0  # the key is in it
    # A new machine: an empty instance, its own SQLite database, no key given (a random one
    # was made when its settings were read, as `pbem` does).
    fresh = tmp_path / "new"
    settings = Settings.from_env(env={"PBEM_INSTANCE": str(fresh)})
    back = Context(engine=make_engine(settings.database_url), settings=settings,
                   games=test_games())
    summary = backup.restore(back, tmp_path / "pbem.tar.gz")
    assert summary.key_restored and not summary.bad
    assert sorted(r.game_id for r in summary.reports) == sorted([over, in_play])
    assert (fresh / "secret_key").read_text() == "test-secret"
    back = replace(back, settings=Settings.from_env(env={"PBEM_INSTANCE": str(fresh)}))
    assert counts(back.engine) == counts(ctx.engine)
    for gid in (over, in_play):
        report = records.verify(back, gid)
        assert report.ok and report.events > 0, report.problem
    with db.read(back.engine) as conn:
        assert conn.execute(select(games.c.status).where(games.c.id == over)).scalar() == "over"
    # The players' tokens and sign-in links made before still work on the restored service.
    assert players.authenticate(back, str(alice.token)) is not None
    assert players.redeem_magic_ticket(back, link.rsplit("/", 1)[1])[0].email == \
        "alice@example.com"
    # Restoring twice is refused (the database is no longer empty), from the command line too.
    again = run(["db", "restore", str(tmp_path / "pbem.tar.gz")], {"PBEM_INSTANCE": str(fresh)})
    assert again.exit_code == 1 and "not empty" in again.output
    dispose(back.engine)


def test_a_damaged_backup_is_restored_but_names_the_game_that_does_not_verify(
        make_player: Any, ctx: Context, tmp_path: Path) -> None:
    _alice, _bob, gid = play_a_toy_game_to_the_end(make_player)
    source = {"PBEM_DATABASE_URL": ctx.settings.database_url, "PBEM_SECRET_KEY": "test-secret",
              "PBEM_INSTANCE": str(tmp_path / "old")}
    assert run(["db", "backup", str(tmp_path / "pbem.tar.gz")], source).exit_code == 0
    # A bid changed in the file (a disk error, or a hand): the chain no longer holds.
    damaged = tmp_path / "damaged.tar.gz"
    with tarfile.open(tmp_path / "pbem.tar.gz") as old, tarfile.open(damaged, "w:gz") as new:
        for member in old.getmembers():
            data = old.extractfile(member).read()  # type: ignore[union-attr]
            if member.name == "tables/events.jsonl":
                rows = [json.loads(line) for line in data.decode().splitlines()]
                bid = next(r for r in rows if r["type"] == "bid_submitted")
                bid["payload"]["amount"] = 5
                data = "".join(json.dumps(r) + "\n" for r in rows).encode()
                member.size = len(data)
            new.addfile(member, io.BytesIO(data))
    wrong_key = run(["db", "restore", str(damaged)], {"PBEM_INSTANCE": str(tmp_path / "a"),
                                                      "PBEM_SECRET_KEY": "another"})
    assert wrong_key.exit_code == 1 and "not the key of this backup" in wrong_key.output
    settings = Settings.from_env(env={"PBEM_INSTANCE": str(tmp_path / "b")})
    back = Context(engine=make_engine(settings.database_url), settings=settings,
                   games=test_games())
    summary = backup.restore(back, damaged)
    dispose(back.engine)
    assert [r.game_id for r in summary.bad] == [gid]
    assert summary.bad[0].bad_seq is not None
    with db.read(ctx.engine) as conn:  # the source is untouched
        assert conn.execute(select(func.count()).select_from(events)
                            .where(events.c.game_id == gid)).scalar_one() > 0
