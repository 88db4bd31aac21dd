"""An El Caballero game brought to its first terrain tile, for the web tests that look at the
grid: two players seated, the power cards played by the API, and the decision of the first player
to lay a tile."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import select

from domain.core.commands import Command
from service import commands, players, states
from service.store import Source
from service.tables import seats
from tests.service.seating import started_game


def at_the_first_tile(wctx: Any, people: Sequence[tuple[str, str]] = (("Bruno", "fr"),
                                                                      ("Chiara", "fr")),
                      ) -> tuple[Any, str, Callable[[], Any], Any]:
    """(module, game id, the state now, the first turn's decision) once every power card is in."""
    seated = [players.add(wctx, f"{n.lower()}@example.com", name=n, language=lang,
                          time_zone="Europe/Rome")[0] for n, lang in people]
    game_id = started_game(wctx, seated[0], game="el-caballero",
                           emails=[p.email for p in seated])
    module = wctx.games["el-caballero"]

    def state() -> Any:
        return states.load(wctx.engine, wctx.states, game_id, module)[1]

    while (decision := module.pending(state())[0]).kind == "power_card":
        card = decision.options[0]["card"]
        commands.handle(game_id, decision.seat, Command("power", decision.seat, {"card": card}),
                        Source("api"), ctx=wctx)
    return module, game_id, state, decision


def player_at(wctx: Any, game_id: str, seat: int) -> Any:
    with wctx.engine.connect() as conn:
        return conn.execute(select(seats.c.player_id).where(
            seats.c.game_id == game_id, seats.c.seat == seat)).scalar_one()
