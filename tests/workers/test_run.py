"""Running it: the embedded runner of `pbem serve` settles secrets in process and runs the beat's
work without Redis (the production stack, docker-compose.yml, is tests/packaging's)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from service import db
from service.tables import outbox
from tests.workers.conftest import FakeClock, of_type, wait_for
from tests.workers.helpers import bid, new_game
from workers.embedded import Embedded


def test_embedded_runner(ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    runner = Embedded(ctx, interval=3600).start()  # its loop waits; run_once drives it here
    ctx.publish = runner.dispatch  # as `pbem serve` bootstraps it
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
        assert counts["deadlines"] == 1
        # the mail its commits queued is drained: by the sender the commit woke, or by this round
        wait_for(lambda: _unsent(ctx) == 0, what="the outbox drained")
        claims = of_type(ctx, game_id, "prize_claimed")
        assert len(claims) == 1 and claims[0].source_ref.startswith("deadline passed for seat 1")
        assert runner.run_once(later)["deadlines"] == 0  # the next round's bids: a full turn
    finally:
        runner.stop()
    assert datetime.now(UTC)


def _unsent(ctx: Any) -> int:
    with db.read(ctx.engine) as conn:
        return int(conn.execute(select(func.count()).select_from(outbox).where(
            outbox.c.sent_at.is_(None), outbox.c.attempts == 0)).scalar_one())
