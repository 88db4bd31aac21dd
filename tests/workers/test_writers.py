"""The writers of events other than a player's move go through the one path
(`service.progress.record`, as `commands.handle` does): a deadline's default move commits its
auto-move notice with it, and an imported game in play gets its deadlines and your-turn mails."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from service import commands, db, records
from service.clock import aware
from service.tables import deadlines, outbox, seats
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


def test_an_imported_game_in_play_gets_deadlines_and_your_turn_mails(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    game_id, (_ann, bob) = new_game(make_player, turn_hours=2)
    bid(bob, game_id, 2)  # the game waits on Ann
    lines = list(records.export_lines(ctx, game_id))
    frozen.set(T + timedelta(days=1))
    copy = records.import_record(ctx, records.parse(lines), game_id="importedgame")
    with db.read(ctx.engine) as conn:
        ann_id = conn.execute(select(seats.c.player_id).where(
            seats.c.game_id == copy, seats.c.seat == 0)).scalar_one()
        rows = conn.execute(select(deadlines).where(deadlines.c.game_id == copy)).all()
    # Ann is told it is her turn, and her deadline runs from the import, with a full turn.
    assert [m.player_id for m in _mails(ctx, copy, "your-turn")] == [ann_id]
    assert [(r.seat, aware(r.due_at)) for r in rows] == [(0, T + timedelta(days=1, hours=72))]
    # The imported game's deadline is enforced like any other (default policy, default move).
    jobs.enforce_deadlines(ctx, T + timedelta(days=5))
    assert [r.payload["seat"] for r in of_type(ctx, copy, "bid_submitted")] == [1, 0]
    assert len(_mails(ctx, copy, "auto-move")) == 1
