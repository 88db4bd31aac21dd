"""Results and ratings: each finished game's places, and every player's rating per game.

A rating is OpenSkill's Plackett-Luce model (`openskill`): made for free-for-all games of any
number of players, where Elo only knows duels. Each game (the registry's kind of game) has its
own rating, a skill estimate `mu` and its uncertainty `sigma`; players are ordered by the
"ordinal" `mu - 3 sigma`, the value the player is 99.7 % likely to be above, so that one lucky
first game does not top the leaderboard. Ties share a rank (the games' own rankings already give
equal scores the same rank) and OpenSkill treats them as draws.

`game_over` runs in the transaction that records the game-over (`service.progress.record`), not
in a worker: the game's row update there is guarded (a finished game never moves again, and only
one writer moves it from its last version), so the game ends exactly once and its results are
written exactly once with it; a crash between the two cannot leave a finished game unrated, and
no tracking table is needed. Rating a table of at most eight is well under a millisecond. The
results' primary key (game, seat) would refuse a second writing anyway. A finished game cannot be
undone (`service.undo`: "its record is final"), so a rating is never taken back.

A game is rated when every seat was a person at its start (no bot seat, no seat left open): a
game against bots says nothing of one's skill against people. A seat a person handed to a bot, or
left to one by resigning, keeps its person's result (the last person who held it), so that giving
up a lost game to a bot does not save anyone's rating.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, case, func, insert, select, true, update

from service.players import is_bot_email
from service.store import now
from service.tables import games, players, ratings, results, seat_changes, seats

MODEL = PlackettLuce()
"""OpenSkill's defaults: mu 25, sigma 25/3, so a new player's ordinal is 0."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """What the leaderboard orders by: mu - 3 sigma (0 for a new player)."""
        return self.mu - 3 * self.sigma


def default() -> Rating:
    fresh = MODEL.rating()
    return Rating(float(fresh.mu), float(fresh.sigma), 0)


def _people(conn: Connection, game_id: str) -> dict[int, tuple[int, bool]]:
    """seat → (the person whose result it is, whether a person held it at the start)."""
    held = {r.seat: r.player_id for r in conn.execute(
        select(seats.c.seat, seats.c.player_id).where(seats.c.game_id == game_id))}
    changes = conn.execute(select(seat_changes.c.seat, seat_changes.c.from_player)
                           .where(seat_changes.c.game_id == game_id)
                           .order_by(seat_changes.c.id)).all()
    ids = set(held.values()) | {c.from_player for c in changes if c.from_player is not None}
    emails = dict(conn.execute(select(players.c.id, players.c.email)
                               .where(players.c.id.in_(ids))).all()) if ids else {}

    def person(pid: int | None) -> bool:
        return pid is not None and not is_bot_email(emails.get(pid, "@" + "bots.invalid"))

    out = {}
    for seat, holder in held.items():
        mine = [c.from_player for c in changes if c.seat == seat]
        first = mine[0] if mine else holder
        credited = holder
        if not person(holder):  # a bot or an open seat holds it now: its last person's result
            credited = next((p for p in reversed(mine) if person(p)), holder)
        out[seat] = (credited, person(first))
    return out


def game_over(conn: Connection, game_id: str, game: str, ranking: Sequence[Mapping[str, Any]]
              ) -> bool:
    """Write the finished game's results and, when it is rated, its players' new ratings; in the
    caller's transaction (the game-over's). True if it was rated. Nothing happens the second time
    for a game (its results are already there)."""
    if conn.execute(select(results.c.seat).where(results.c.game_id == game_id).limit(1)).first():
        return False
    people = _people(conn, game_id)
    places = {int(r["seat"]): r for r in ranking if int(r["seat"]) in people}
    persons = [people[s][0] for s in sorted(places)]
    rated = (len(places) == len(people) >= 2 and all(people[s][1] for s in places)
             and len(set(persons)) == len(persons))
    stamp = now()
    before = _current(conn, persons, game) if rated else {}
    after: dict[int, Rating] = {}
    if rated:
        order = sorted(places)
        teams = [[MODEL.rating(mu=before[people[s][0]].mu, sigma=before[people[s][0]].sigma)]
                 for s in order]
        rated_teams = MODEL.rate(teams, ranks=[float(places[s]["rank"]) for s in order])
        for seat, team in zip(order, rated_teams, strict=True):
            pid = people[seat][0]
            after[pid] = Rating(float(team[0].mu), float(team[0].sigma), before[pid].games + 1)
    conn.execute(insert(results), [
        {"game_id": game_id, "seat": seat, "player_id": people[seat][0], "game": game,
         "rank": int(places[seat]["rank"]),
         "score": _score(places[seat].get("score")), "rated": rated,
         "mu_before": before[people[seat][0]].mu if rated else None,
         "sigma_before": before[people[seat][0]].sigma if rated else None,
         "mu_after": after[people[seat][0]].mu if rated else None,
         "sigma_after": after[people[seat][0]].sigma if rated else None,
         "created_at": stamp} for seat in sorted(places)])
    for pid, rating in after.items():
        values = {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games,
                  "updated_at": stamp}
        if before[pid].games:
            conn.execute(update(ratings).where(ratings.c.player_id == pid,
                                               ratings.c.game == game).values(**values))
        else:
            conn.execute(insert(ratings).values(player_id=pid, game=game, **values))
    return rated


def _score(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _current(conn: Connection, ids: Sequence[int], game: str) -> dict[int, Rating]:
    """The players' ratings in `game`, locked until the transaction ends (two games of the
    same players ending at once update one after the other, never from the same old value)."""
    rows = conn.execute(select(ratings).where(ratings.c.player_id.in_(ids),
                                              ratings.c.game == game)
                        .order_by(ratings.c.player_id).with_for_update()).all()
    found = {r.player_id: Rating(r.mu, r.sigma, r.games) for r in rows}
    return {pid: found.get(pid, default()) for pid in ids}


def rating(conn: Connection, player_id: int, game: str) -> Rating | None:
    row = conn.execute(select(ratings).where(ratings.c.player_id == player_id,
                                             ratings.c.game == game)).first()
    return Rating(row.mu, row.sigma, row.games) if row else None


@dataclass(frozen=True)
class Standing:
    player_id: int
    name: str
    rating: Rating


def leaderboard(conn: Connection, game: str, limit: int = 100) -> list[Standing]:
    """The game's rated players whose profiles are public, best ordinal first."""
    ordinal = ratings.c.mu - 3 * ratings.c.sigma
    rows = conn.execute(
        select(ratings, players.c.name).join(players, players.c.id == ratings.c.player_id)
        .where(ratings.c.game == game, players.c.profile_public == true(),
               players.c.deleted_at.is_(None))
        .order_by(ordinal.desc(), players.c.id).limit(limit)).all()
    return [Standing(r.player_id, r.name, Rating(r.mu, r.sigma, r.games)) for r in rows]


@dataclass(frozen=True)
class Stats:
    game: str
    played: int
    won: int
    average_rank: float
    rating: Rating | None


def stats(conn: Connection, player_id: int) -> list[Stats]:
    """Per game: finished games played, won (first, ties too), average rank, rating."""
    rows = conn.execute(
        select(results.c.game, func.count(), func.sum(case((results.c.rank == 1, 1), else_=0)),
               func.avg(results.c.rank))
        .where(results.c.player_id == player_id).group_by(results.c.game)
        .order_by(results.c.game)).all()
    return [Stats(game, int(played), int(won or 0), float(avg), rating(conn, player_id, game))
            for game, played, won, avg in rows]


@dataclass(frozen=True)
class Finished:
    game_id: str
    game: str
    rank: int
    score: int | None
    players: int
    rated: bool
    change: float | None  # the ordinal's change, when rated
    at: datetime


def finished(conn: Connection, player_id: int, limit: int = 50) -> list[Finished]:
    """The player's finished games, newest first, with their place and rating change."""
    count = (select(func.count()).where(results.c.game_id == games.c.id)
             .correlate(games).scalar_subquery())
    rows = conn.execute(
        select(results, games.c.updated_at, count.label("count"))
        .join(games, games.c.id == results.c.game_id)
        .where(results.c.player_id == player_id)
        .order_by(games.c.updated_at.desc(), results.c.game_id).limit(limit)).all()
    out = []
    for r in rows:
        change = None
        if r.rated and r.mu_before is not None:
            change = (r.mu_after - 3 * r.sigma_after) - (r.mu_before - 3 * r.sigma_before)
        out.append(Finished(r.game_id, r.game, r.rank, r.score, int(r._mapping["count"]), bool(r.rated),
                            change, r.updated_at))
    return out
