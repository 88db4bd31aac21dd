"""The writers of events other than a player's move go through the one path
(`service.progress.record`, as `commands.handle` does): a deadline's default move commits its
auto-move notice with it, and an imported game in play gets its deadlines and your-turn mails."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from service import commands, db
from service.tables import deadlines, outbox
from tests.workers.conftest import FakeClock, of_type
from tests.workers.helpers import bid, new_game
from workers import jobs

T = datetime(2030, 1, 7, 8, 0, tzinfo=UTC)


class Died(BaseException):
    """The worker process dies (not an error any handler would catch)."""


def _mails(ctx: Any, game_id: str, kind: str) -> list[Any]:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(outbox).where(outbox.c.game_id == game_id,
                                                 outbox.c.kind == kind)
                            .order_by(outbox.c.id)).all()


def test_the_auto_move_notice_is_committed_with_the_move(
        ctx: Any, make_player: Any, frozen: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, (ann, _bob) = new_game(make_player, turn_hours=2)
    bid(ann, game_id, 2)  # bob never bids
    real = commands.handle

    def handle_then_die(*args: Any, **kw: Any) -> Any:
        outcome = real(*args, **kw)
        if args[3].kind == "worker" and (args[3].ref or "").startswith("deadline passed"):
            raise Died()  # right after the deadline's move committed
        return outcome

    monkeypatch.setattr(commands, "handle", handle_then_die)
    later = frozen.set(T + timedelta(hours=3))
    with pytest.raises(Died):
        jobs.expire(ctx, _deadline_of(ctx, game_id, 1), later)
    assert [r.payload["seat"] for r in of_type(ctx, game_id, "bid_submitted")] == [0, 1]
    (told,) = _mails(ctx, game_id, "auto-move")
    assert told.payload["seat"] == 1 and told.payload["move"] == {"type": "bid", "amount": 1}
    monkeypatch.undo()
    # The next tick finds nothing left to do for that deadline, and tells nobody twice.
    assert jobs.tick(ctx, later)["deadlines"] == 0
    assert len(_mails(ctx, game_id, "auto-move")) == 1


def _deadline_of(ctx: Any, game_id: str, seat: int) -> int:
    with db.read(ctx.engine) as conn:
        return int(conn.execute(select(deadlines.c.id).where(
            deadlines.c.game_id == game_id, deadlines.c.seat == seat,
            deadlines.c.closed_at.is_(None))).scalar_one())

