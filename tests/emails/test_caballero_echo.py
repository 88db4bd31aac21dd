"""The answer to an El Caballero reply echoes the terrain tile as the player typed it (its number
among the face-up tiles the mail listed), and no mail shows the engine's tile id: the echo read
« tuile T45 en n13 tourne 0 » to a player who had written « tuile 2 »."""

from __future__ import annotations

import re
from typing import Any

from domain.core.commands import Command
from domain.elcaballero import coords
from service import commands, players, states
from service.store import Source
from tests.emails.conftest import Table
from tests.emails.helpers import plain, reply
from tests.service.seating import started_game

TILE_ID = re.compile(r"\bT\d+\b")


def test_the_echo_names_the_tile_by_the_number_typed(mail_ctx: Any, smtp_server: Any) -> None:
    people = [players.add(mail_ctx, address, name=name, language=language)[0]
              for address, name, language in [("bruno@example.fr", "Bruno", "fr"),
                                              ("chiara@example.it", "Chiara", "it")]]
    game_id = started_game(mail_ctx, people[0], game="el-caballero",
                           emails=[p.email for p in people], options={}, setup=None)
    table = Table(mail_ctx, game_id, people)
    module = mail_ctx.games["el-caballero"]

    def state() -> Any:
        return states.load(mail_ctx.engine, mail_ctx.states, game_id, module)[1]

    while (decision := module.pending(state())[0]).kind == "power_card":
        commands.handle(game_id, decision.seat,
                        Command("power", decision.seat, {"card": decision.options[0]["card"]}),
                        Source("api"), ctx=mail_ctx)
    person = people[decision.seat]
    turn = [m for m in table.drain() if person.email in str(m["To"])][-1]
    # A face-up tile that fits somewhere (the game's seed is the lobby's: any one may not)
    number, second = next((i + 1, f["tile"]) for i, f in enumerate(decision.constraint["face_up"])
                          if f["tile"] in decision.constraint["lay_tile"])
    place = decision.constraint["lay_tile"][second][0]
    typed = {"fr": "tuile {n} en {cell} tourne {turn}", "it": "tessera {n} in {cell} ruota {turn}"}
    line = typed[person.language].format(n=number, cell=coords.name(place["at"]),
                                         turn=place["turns"][0])
    reply(smtp_server, turn, person, line)
    assert state().terrain[tuple(place["at"])][0] == second
    mails = table.drain()
    answer = next(m for m in mails if str(m["Subject"]).startswith("Re:"))
    assert line in plain(answer)
    assert [m["Subject"] for m in [turn, *mails] if TILE_ID.search(plain(m))] == []
