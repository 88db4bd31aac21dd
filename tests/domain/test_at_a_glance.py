"""What the boards facet gives at a glance (issue 14 item 12, issue 15 item 9), from a seat's view
only: who leads where and by how much, the order of play with the power cards' Caballeros, the
last scoring; King & Intrigue's hidden hands stay hidden; a finished game's replay view shows what
play hid."""

from __future__ import annotations

import random
from typing import Any

from domain.core import surface
from domain.core.commands import Command
from domain.core.game import Message
from domain.elgrande.boards import leader, runs
from domain.games import GAMES
from domain.kingintrigue.texts import power_title

NAMES = ["Ann", "Bruno", "Chiara"]


def played(game: str, moves: int, seed: int = 3, options: dict[str, Any] | None = None) -> Any:
    module = GAMES[game]
    state = module.fold(module.create(3, options or {}, "glance", None))
    rng = random.Random(seed)
    for _ in range(moves):
        decision = module.pending(state)[0]  # a seat's, or the game's own (a secret's reveal)
        state = module.fold(module.decide(state, module.sample_command(state, decision, rng)),
                            state)
    return module, state


def test_who_leads_and_by_how_much_in_each_language() -> None:
    assert leader([3, 1, 0], NAMES, "en") == "Ann (+2)"
    assert leader([0, 2, 0], NAMES, "fr") == "Bruno uniquement"
    assert leader([2, 2, 1], NAMES, "it") == "Ann, Bruno (pari merito)"
    assert leader([0, 0, 0], NAMES, "en") == "—"
    assert leader([None, 1, 0], NAMES, "en") == "?"  # a hidden count: nobody can tell
    assert runs([1, 2, 3, 5, 7, 8, 9, 10, 11, 12, 13]) == "1–3, 5, 7–13"
    assert runs([4, 5]) == "4, 5"


def test_the_turn_order_gives_each_power_card_and_its_caballeros() -> None:
    module, state = played("el-grande", 0)
    for seat, card in ((0, 13), (1, 1)):
        state = module.fold(module.decide(state, Command("play_power", seat, {"card": card})),
                            state)
    summary = module.boards.summary(module.view(state, 2), "en", NAMES)
    order = next(t for t in summary.tables if t.caption == "Turn order this round")
    assert order.rows == (("Ann", "13", "0"), ("Bruno", "1", "6"),
                          ("Chiara", "not played yet", ""))


def test_king_and_intrigue_hands_stay_hidden_at_a_glance() -> None:
    module, state = played("king-and-intrigue", 40)
    view = module.view(state, 0)
    summary = module.boards.summary(view, "en", NAMES)
    players = next(t for t in summary.tables if t.caption == "Players")
    assert [row[5] for row in players.rows][1:] == ["hidden", "hidden"]
    text = module.boards.text(view, "en", NAMES)
    for seat in (1, 2):
        held = sorted(state.hands[seat])
        assert f"{NAMES[seat]}: hidden" in text and f"{NAMES[seat]}: {held[0]}, " not in text
    # The viewer's own cards are told in full; nobody else's hand is.
    own = next(t for t in summary.tables if t.caption == "Your power cards")
    assert [int(row[0]) for row in own.rows] == sorted(state.hands[0])
    # The power cards played this round are public, each by its value and its action's name,
    # with the Caballeros of K&I's own deck.
    order = next(t for t in summary.tables if t.caption == "Turn order this round")
    assert len(order.rows) == 3
    for who, card, count in order.rows:
        seat = NAMES.index(who)
        value, _, title = card.partition(" (")
        assert int(value) == state.power_played[seat]
        assert title == f"{power_title(int(value), 'en')})"
        assert int(count) == state.power_caballeros(int(value))


def test_a_finished_games_replay_view_shows_what_play_hid() -> None:
    module, state = played("el-grande", 60, options={"castillo_visibility": "memory"})
    seen = module.view(state, 1)
    assert seen["places"]["castillo"]["counts"][0] is None
    shown = surface.revealed_view(module, state, 1)
    assert shown["places"]["castillo"]["counts"][0] == state.places["castillo"][0]
    assert shown["seats"][0]["provinces"] == state.provinces[0]


def test_the_replay_may_jump_to_rounds_and_general_scorings() -> None:
    module = GAMES["el-grande"]
    assert surface.milestone(module, Message("round.started", {"round": 4, "cards": []}),
                             "fr") == "Manche 4"
    assert surface.milestone(module, Message("scoring.started", {"number": 2}),
                             "it") == "Valutazione generale 2"
    assert surface.milestone(module, Message("power.played", {"seat": 0}), "en") is None


def test_the_replay_view_shows_the_secret_choices_already_made() -> None:
    module, state = played("el-grande", 0)
    rng = random.Random(3)
    while not (state.secret and state.secret.choices):
        decision = module.pending(state)[0]
        state = module.fold(module.decide(state, module.sample_command(state, decision, rng)),
                            state)
    [(seat, choice)] = state.secret.choices.items()
    from domain.elgrande.messages import place_name
    lines = module.boards.summary(surface.revealed_view(module, state, None), "fr", NAMES).lines
    assert any(line.startswith("Choix secrets faits") and
               f"{NAMES[seat]} : {place_name(choice, 'fr')}" in line for line in lines), lines
    seen = module.boards.summary(module.view(state, (seat + 1) % 3), "fr", NAMES).lines
    assert not any(line.startswith("Choix secrets") for line in seen)  # never during play
