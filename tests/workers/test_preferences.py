"""Preferences and vacations: one function validates and applies them for the API, the web page
and the command line, running deadlines follow every change, and no player's stored vacations
(even ones written before the limits existed) can make anybody's move fail."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from click.testing import CliRunner
from sqlalchemy import select

from pbem.cli import main
from service import db, preferences
from service.clock import aware
from service.tables import deadlines, vacations
from service.tables import players as players_table
from tests.web.conftest import csrf_of, sign_in
from tests.workers.conftest import FakeClock
from tests.workers.helpers import bid, new_game
from workers import jobs

T = datetime(2030, 1, 7, 8, 0, tzinfo=UTC)  # the frozen clock's start (a Monday, 08:00 UTC)
DAY, HOUR = timedelta(days=1), timedelta(hours=1)


def _player_id(ctx: Any, email: str) -> int:
    with db.read(ctx.engine) as conn:
        return int(conn.execute(select(players_table.c.id)
                                .where(players_table.c.email == email)).scalar_one())


def _due(ctx: Any, game_id: str, seat: int) -> datetime:
    with db.read(ctx.engine) as conn:
        return aware(conn.execute(select(deadlines.c.due_at).where(
            deadlines.c.game_id == game_id, deadlines.c.seat == seat,
            deadlines.c.closed_at.is_(None))).scalar_one())


def _windows(ctx: Any, player_id: int) -> list[tuple[datetime, datetime]]:
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(vacations.c.starts_at, vacations.c.ends_at)
                            .where(vacations.c.player_id == player_id)
                            .order_by(vacations.c.starts_at)).all()
    return [(aware(r.starts_at), aware(r.ends_at)) for r in rows]


def _patch(client: Any, windows: list[tuple[datetime, datetime]]) -> Any:
    return client.http.patch("/api/me/preferences", headers=client.headers(), json={
        "vacations": [{"starts_at": s.isoformat(), "ends_at": e.isoformat()} for s, e in windows]})


def test_the_web_page_checks_vacations_like_the_api_in_the_players_language(
        ctx: Any, app: Any, make_player: Any, frozen: FakeClock) -> None:
    make_player("ann@example.com", "Ann", language="fr")
    ann_id = _player_id(ctx, "ann@example.com")
    web = app.test_client()
    sign_in(web, ctx, ann_id)
    page = web.get("/settings").text
    refused = web.post("/settings", data={
        "csrf_token": csrf_of(page), "name": "Ann", "language": "fr", "time_zone": "UTC",
        "away_from": "2030-01-07", "away_to": "9999-12-31"}, follow_redirects=True)
    assert refused.status_code == 200
    assert "Non enregistré" in refused.text and "30 jours" in refused.text
    assert _windows(ctx, ann_id) == []
    # West of Greenwich the last day of 9999 ends in the year 10000 UTC: refused, not a 500.
    refused = web.post("/settings", data={
        "csrf_token": csrf_of(page), "name": "Ann", "language": "fr",
        "time_zone": "America/New_York", "away_from": "9999-12-30", "away_to": "9999-12-31"},
        follow_redirects=True)
    assert refused.status_code == 200 and "Non enregistré" in refused.text
    assert _windows(ctx, ann_id) == []
    # The API refuses the same thing, in Italian for an Italian player, with the limits.
    gia = make_player("gia@example.com", "Gia", language="it")
    r = _patch(gia, [(T, datetime(9999, 12, 31, tzinfo=UTC))])
    assert r.status_code == 422
    problem = r.get_json()
    assert "30 giorni" in problem["detail"]
    assert problem["allowed"]["max_days"] == preferences.MAX_VACATION_DAYS
    assert problem["allowed"]["at_once"] == preferences.MAX_VACATIONS


def test_a_vacation_set_on_the_web_page_moves_the_running_deadline(
        ctx: Any, app: Any, make_player: Any, frozen: FakeClock) -> None:
    game_id, (_ann, bob) = new_game(make_player, turn_hours=4)
    bid(bob, game_id, 2)
    assert _due(ctx, game_id, 0) == T + 4 * HOUR
    web = app.test_client()
    sign_in(web, ctx, _player_id(ctx, "ann@example.com"))
    page = web.get("/settings").text
    saved = web.post("/settings", data={
        "csrf_token": csrf_of(page), "name": "Ann", "language": "en", "time_zone": "UTC",
        "away_from": "2030-01-07", "away_to": "2030-01-16"}, follow_redirects=True)
    assert "Saved." in saved.text
    back = datetime(2030, 1, 17, tzinfo=UTC)  # the end of the last day away, 16 January
    (window,) = _windows(ctx, _player_id(ctx, "ann@example.com"))
    assert window[0] == T and abs(window[1] - back) < timedelta(seconds=1)  # from now, not 00:00
    assert abs(_due(ctx, game_id, 0) - (back + 4 * HOUR)) < timedelta(seconds=1)
    assert "2030-01-16 23:59" in saved.text  # listed on the page
    assert jobs.enforce_deadlines(ctx, T + 5 * HOUR) == 0  # she is away: nothing played for her
    # Back a day early: she cancels it on the page; it ends now and her four hours run again.
    frozen.set(T + DAY)
    page = web.get("/settings").text
    (vacation_id,) = re.findall(r'name="cancel_vacation" value="(\d+)"', page)
    web.post("/settings", data={"csrf_token": csrf_of(page), "name": "Ann", "language": "en",
                                "time_zone": "UTC", "cancel_vacation": vacation_id})
    assert _windows(ctx, _player_id(ctx, "ann@example.com")) == [(T, T + DAY)]
    assert _due(ctx, game_id, 0) == T + DAY + 4 * HOUR


def test_vacation_limits(ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    ann = make_player("ann@example.com", "Ann")
    ann_id = _player_id(ctx, "ann@example.com")
    limit = preferences.MAX_VACATION_DAYS
    refused = {
        "ends before it starts": [(T + 2 * DAY, T + DAY)],
        "over already": [(T - 3 * DAY, T - DAY)],
        "starts days ago": [(T - 3 * DAY, T + DAY)],
        "too long": [(T + DAY, T + (limit + 2) * DAY)],
        "too far ahead": [(T + 400 * DAY, T + 401 * DAY)],
        "too many": [(T + i * 3 * DAY, T + (i * 3 + 1) * DAY)
                     for i in range(1, preferences.MAX_VACATIONS + 2)],
    }
    for why, windows in refused.items():
        r = _patch(ann, windows)
        assert r.status_code == 422, why
        assert r.get_json()["detail"], why
    assert _windows(ctx, ann_id) == []
    # Exactly at the limits is fine; a start a few hours ago (today, picked on a calendar)
    # counts from now.
    ok = [(T - 5 * HOUR, T + DAY), (T + 2 * DAY, T + (2 + limit) * DAY)]
    assert _patch(ann, ok).status_code == 200
    assert _windows(ctx, ann_id) == [(T, T + DAY), ok[1]]


def test_a_vacation_under_way_keeps_its_start_and_ends_now_when_removed(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    game_id, (ann, bob) = new_game(make_player, turn_hours=4)
    bid(bob, game_id, 2)
    ann_id = _player_id(ctx, "ann@example.com")
    r = _patch(ann, [(T + HOUR, T + 2 * DAY)])
    assert r.status_code == 200
    assert _due(ctx, game_id, 0) == T + 2 * DAY + 3 * HOUR
    frozen.set(T + DAY)  # she left 23 hours ago; she sends her list back with a second trip
    listed = ann.get("/api/me/preferences").get_json()["vacations"]
    trip = (T + 5 * DAY, T + 6 * DAY)
    again = [(datetime.fromisoformat(w["starts_at"]), datetime.fromisoformat(w["ends_at"]))
             for w in listed] + [trip]
    assert _patch(ann, again).status_code == 200
    assert _windows(ctx, ann_id) == [(T + HOUR, T + 2 * DAY), trip]
    assert _due(ctx, game_id, 0) == T + 2 * DAY + 3 * HOUR  # unchanged
    # She comes back early: the vacation ends now, and the day she was away still counts.
    assert _patch(ann, [trip]).status_code == 200
    assert _windows(ctx, ann_id) == [(T + HOUR, T + DAY), trip]
    assert _due(ctx, game_id, 0) == T + DAY + 3 * HOUR
    listed = ann.get("/api/me/preferences").get_json()["vacations"]
    assert [(datetime.fromisoformat(w["starts_at"]), datetime.fromisoformat(w["ends_at"]))
            for w in listed] == [trip]  # what is under way or to come, not what is over


def test_the_command_line_sets_preferences_through_the_same_checks(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    game_id, (_ann, bob) = new_game(make_player, turn_hours=72)
    bid(bob, game_id, 2)
    env = {"PBEM_DATABASE_URL": ctx.settings.database_url}
    runner = CliRunner()
    done = runner.invoke(main, ["player", "prefs", "ann@example.com", "--digest",
                                "--away", "2030-01-08", "2030-01-09"], env=env)
    assert done.exit_code == 0, done.output
    assert "2030-01-08" in done.output
    # 16 hours of her turn before she leaves, away two days, the other 56 hours after.
    assert abs(_due(ctx, game_id, 0) - (T + 72 * HOUR + 2 * DAY)) < timedelta(seconds=1)
    refused = runner.invoke(main, ["player", "prefs", "ann@example.com",
                                   "--away", "2030-01-08", "2030-06-30"], env=env)
    assert refused.exit_code != 0 and "30 days" in refused.output
    assert len(_windows(ctx, _player_id(ctx, "ann@example.com"))) == 1
    with db.read(ctx.engine) as conn:
        assert conn.execute(select(players_table.c.daily_digest)
                            .where(players_table.c.email == "ann@example.com")).scalar_one()
