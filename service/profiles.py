"""Players' profiles and the leaderboards: what others may know of a player's play.

A profile holds the player's name, their games in play and finished (place, score, the rating's
change), and per game played / won / average rank and rating. It is the player's choice whether
others see it (`players.profile_public`, private until they say so, on the settings page or
`POST /api/me/profile`); a private profile is a 404 to everyone else, and its player is left off
the leaderboards. An address is never part of a profile, a leaderboard or the list of open games:
players are named by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select, update

from domain.core import surface
from service import account, db, progress, ratings
from service.context import Context
from service.errors import NotFound
from service.i18n import REFUSALS
from service.players import Player
from service.tables import games, players, results, seats

REFUSALS.update({
    "service.profile.hidden": (
        "There is no public profile for this player.",
        "Ce joueur n'a pas de profil public.",
        "Questo giocatore non ha un profilo pubblico."),
    "service.profile.no_game": (
        "There is no game “{game}” on this service; offered: {games}.",
        "Il n'y a pas de jeu « {game} » sur ce service ; proposés : {games}.",
        "Non c'è nessun gioco «{game}» su questo servizio; disponibili: {games}."),
})


@dataclass(frozen=True)
class Line:
    id: str
    game: str
    title: str
    status: str
    players: list[str]
    rank: int | None = None
    score: int | None = None
    rated: bool = False
    change: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "title": self.title, "status": self.status,
                "players": self.players, "rank": self.rank, "score": self.score,
                "rated": self.rated, "change": self.change}


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    public: bool
    stats: list[dict[str, Any]] = field(default_factory=list)
    playing: list[Line] = field(default_factory=list)
    finished: list[Line] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "public": self.public, "stats": self.stats,
                "playing": [g.to_json() for g in self.playing],
                "finished": [g.to_json() for g in self.finished]}


def _title(ctx: Context, game: str, lang: str) -> str:
    module = ctx.games.get(game)
    return surface.title(module, lang) if module is not None else game


def set_public(ctx: Context, player_id: int, public: bool) -> None:
    with db.write(ctx.engine) as conn:
        conn.execute(update(players).where(players.c.id == player_id)
                     .values(profile_public=bool(public)))


def is_public(ctx: Context, player_id: int) -> bool:
    with db.read(ctx.engine) as conn:
        return bool(conn.execute(select(players.c.profile_public)
                                 .where(players.c.id == player_id)).scalar())


def profile(ctx: Context, player_id: int, viewer: Player | None, lang: str) -> Profile:
    """`player_id`'s profile as `viewer` may see it: NotFound unless public or their own."""
    if not 0 < player_id < 2**63:  # no row has it, and the drivers cannot even send it (a 500)
        raise NotFound.of("service.profile.hidden")
    with db.read(ctx.engine) as conn:
        row = conn.execute(select(players.c.id, players.c.name, players.c.profile_public,
                                  players.c.email, players.c.deleted_at)
                           .where(players.c.id == player_id)).first()
        own = viewer is not None and viewer.id == player_id
        if row is None or row.deleted_at is not None or (not row.profile_public and not own) \
                or row.email.endswith("@bots.invalid"):
            raise NotFound.of("service.profile.hidden")
        playing_rows = conn.execute(
            select(games.c.id, games.c.game, games.c.status)
            .join(seats, seats.c.game_id == games.c.id)
            .where(seats.c.player_id == player_id,
                   games.c.status.in_([progress.ACTIVE, progress.INVITED]))
            .order_by(games.c.updated_at.desc()).limit(50)).all()
        done = ratings.finished(conn, player_id)
        ids = [g.id for g in playing_rows] + [f.game_id for f in done]
        sat = conn.execute(select(seats.c.game_id, seats.c.seat, seats.c.player_id)
                           .where(seats.c.game_id.in_(ids))).all() if ids else []
        credited = conn.execute(select(results.c.game_id, results.c.seat, results.c.player_id)
                                .where(results.c.game_id.in_([f.game_id for f in done]))
                                ).all() if done else []
        names = account.shown_names(conn, {s.player_id for s in sat}
                                    | {c.player_id for c in credited}, lang)
        stats = ratings.stats(conn, player_id)

    def table(game_id: str, rows: list[Any]) -> list[str]:
        return [names.get(r.player_id, "?") for r in sorted(rows, key=lambda r: r.seat)
                if r.game_id == game_id]

    playing = [Line(g.id, g.game, _title(ctx, g.game, lang), g.status, table(g.id, list(sat)))
               for g in playing_rows]
    finished = [Line(f.game_id, f.game, _title(ctx, f.game, lang), progress.OVER,
                     table(f.game_id, list(credited)), f.rank, f.score, f.rated, f.change)
                for f in done]
    return Profile(row.id, row.name, bool(row.profile_public), [
        {"game": s.game, "title": _title(ctx, s.game, lang), "played": s.played, "won": s.won,
         "average_rank": round(s.average_rank, 2),
         "rating": round(s.rating.ordinal, 2) if s.rating else None,
         "mu": round(s.rating.mu, 3) if s.rating else None,
         "sigma": round(s.rating.sigma, 3) if s.rating else None,
         "rated_games": s.rating.games if s.rating else 0} for s in stats],
        playing, finished)


@dataclass(frozen=True)
class Board:
    game: str
    title: str
    standings: list[ratings.Standing]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "players": [
            {"rank": i, "player": s.player_id, "name": s.name,
             "rating": round(s.rating.ordinal, 2), "mu": round(s.rating.mu, 3),
             "sigma": round(s.rating.sigma, 3), "games": s.rating.games}
            for i, s in enumerate(self.standings, start=1)]}


def board(ctx: Context, game: str, lang: str) -> Board:
    if game not in ctx.games:
        raise NotFound.of("service.profile.no_game", game=game[:40],
                          games=", ".join(sorted(ctx.games)))
    with db.read(ctx.engine) as conn:
        standings = ratings.leaderboard(conn, game)
    return Board(game, _title(ctx, game, lang), standings)
