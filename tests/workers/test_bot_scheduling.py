"""A player may have at most PBEM_MAX_BOT_GAMES games of bots only in play (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from service import db, lobby
from service.tables import games
from workers import jobs


def _create(client: Any, seat_list: list[Any]) -> str:
    r = client.post("/api/games", {"game": "el-grande", "start": True, "seats": seat_list})
    assert r.status_code == 201, r.get_json()
    return str(r.get_json()["id"])


def _status(ctx: Any, game_id: str) -> str:
    with db.read(ctx.engine) as conn:
        return str(conn.execute(select(games.c.status).where(games.c.id == game_id)).scalar())


def test_a_player_may_have_a_few_games_of_bots_only_in_play(
        ctx: Any, make_player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "MAX_BOT_GAMES", 2)
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob@example.com", "Bob")
    seats_ = [{"bot": "random"}, {"bot": "random"}]
    first, second = _create(ann, seats_), _create(ann, seats_)
    with db.read(ctx.engine) as conn:
        count = conn.execute(select(func.count()).select_from(games)).scalar_one()
    r = ann.post("/api/games", {"game": "el-grande", "start": True, "seats": seats_})
    assert r.status_code == 409
    assert r.content_type == "application/problem+json"
    problem = r.get_json()
    assert problem["type"].endswith("/too-many-bot-games")
    assert "You already have 2 games with bots in every seat in play" in problem["detail"]
    assert "wait for one to end, or seat at least one person" in problem["detail"]
    assert problem["allowed"] == {"max_bot_games": 2}
    assert problem["games"] == [first, second]
    with db.read(ctx.engine) as conn:  # nothing was created
        assert conn.execute(select(func.count()).select_from(games)).scalar_one() == count
    # A game with a person in it, and another player's game of bots, are not counted.
    _create(ann, ["ann@example.com", {"bot": "random"}])
    _create(bob, seats_)
    # Once one of Ann's has ended (the test plays its jobs), she may start another.
    for _ in range(1000):
        if _status(ctx, first) == "over":
            break
        jobs.settle_game(ctx, first)
    assert _status(ctx, first) == "over"
    _create(ann, seats_)


@pytest.mark.parametrize(("raw", "value"), [(None, 3), ("0", 0), ("10", 10)])
def test_the_bot_games_setting(raw: str | None, value: int,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    if raw is None:
        monkeypatch.delenv("PBEM_MAX_BOT_GAMES", raising=False)
    else:
        monkeypatch.setenv("PBEM_MAX_BOT_GAMES", raw)
    assert lobby._max_bot_games() == value
    monkeypatch.setenv("PBEM_MAX_BOT_GAMES", "-1")
    with pytest.raises(ValueError, match="PBEM_MAX_BOT_GAMES must be a whole number"):
        lobby._max_bot_games()


def test_no_games_of_bots_only_when_the_setting_is_0(
        ctx: Any, make_player: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "MAX_BOT_GAMES", 0)
    ann = make_player("ann@example.com", "Ann")
    r = ann.post("/api/games", {"game": "el-grande", "seats": [{"bot": "greedy"}] * 2})
    assert r.status_code == 409
    assert "switched off on this service: seat at least one person" in r.get_json()["detail"]
