"""The turn mail of a general scoring's disc says, as the web form does, how many of the
player's Castillo Caballeros are at stake, in their language; the older warning without the count
is not repeated beside it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.elgrande import asks, rules
from emails import outbound
from service import store
from service.commands import handle
from tests.emails.helpers import plain
from tests.emails.test_outbound import person, row

AT_STAKE = {"en": ("in the Castillo go to the region you choose",
                   "sends your Castillo Caballeros back"),
            "fr": ("du Castillo vont dans la région que vous choisissez",
                   "renvoie vos Caballeros du Castillo"),
            "it": ("nel Castillo vanno nella regione che scegli",
                   "rimanda i tuoi Caballeros del Castillo")}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_disc_mail_says_how_many_castillo_caballeros_are_at_stake(table: Any,
                                                                      lang: str) -> None:
    module = table.ctx.games["el-grande"]
    rng = random.Random(4)
    state = table.state()
    while sum(d.kind == "secret" for d in module.pending(state)) < 2:  # to the first disc
        decision = next(d for d in module.pending(state) if d.seat is not None)
        handle(table.game_id, decision.seat, module.sample_command(state, decision, rng),
               store.Source("api"), ctx=table.ctx)
        state = table.state()
    seat = max((d.seat for d in module.pending(state) if d.kind == "secret"),
               key=lambda s: state.places["castillo"][s])
    count = state.places["castillo"][seat]
    assert count > 0
    text = plain(outbound.build_message(row("your-turn", table.game_id, {"seat": seat}),
                                        person(table, seat, lang), ctx=table.ctx))
    note, old = AT_STAKE[lang]
    said = asks.prompt(rules.disc_note(state, seat), lang)  # the form's note, word for word
    assert said in " ".join(text.split()), text
    assert f"{count} Caballeros {note}" in said if count > 1 else "Castillo" in said
    assert old not in text
