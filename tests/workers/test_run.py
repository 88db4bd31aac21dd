"""Running it: docker-compose.yml parses and has every service; the embedded runner of
`pbem serve` settles secrets in process and runs the beat's work without Redis."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import yaml

from tests.workers.conftest import FakeClock, of_type
from tests.workers.helpers import bid, new_game
from workers.embedded import Embedded

ROOT = Path(__file__).resolve().parents[2]


def test_docker_compose_has_every_service() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert {"postgres", "redis", "web", "worker", "beat", "mail"} <= set(services)
    for name in ("web", "worker", "beat"):
        env = services[name]["environment"]
        assert env["PBEM_DATABASE_URL"].startswith("postgresql+psycopg://")
        assert env["PBEM_BROKER_URL"].startswith("redis://redis:6379/")
        assert set(services[name]["depends_on"]) >= {"postgres", "redis"}
    assert services["worker"]["command"][:2] == ["pbem", "worker"]
    assert services["beat"]["command"][:2] == ["pbem", "beat"]
    assert services["worker"]["environment"]["PBEM_SMTP_HOST"] == "mail"


def test_embedded_runner(ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    runner = Embedded(ctx, interval=3600).start()  # its loop waits; run_once drives it here
    try:
        game_id, (ann, bob) = new_game(make_player, turn_hours=1)
        bid(ann, game_id, 2)
        r = bid(bob, game_id, 3)
        assert [e["type"] for e in r.get_json()["events"]] == ["bid_submitted"]
        (reveal,) = of_type(ctx, game_id, "bids_revealed")  # eagerly, after the commit
        assert reveal.source == "worker"
        start = frozen.now
        later = frozen.set(start + timedelta(hours=2))
        counts = runner.run_once(later)  # bob (the claimant) times out
        assert counts["deadlines"] == 1 and counts["sent"] + counts["failed"] >= 4  # mail drained
        claims = of_type(ctx, game_id, "prize_claimed")
        assert len(claims) == 1 and claims[0].source_ref.startswith("deadline passed for seat 1")
        assert runner.run_once(later)["deadlines"] == 0  # the next round's bids: a full turn
    finally:
        runner.stop()
    assert datetime.now(UTC)
