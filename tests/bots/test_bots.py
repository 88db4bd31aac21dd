"""Bots: every level's commands are legal; bots see the seat's view only."""

from __future__ import annotations

import inspect
import random

import pytest

import domain.bots as bots
from domain.bots import make_bot, play
from domain.core.errors import RuleError
from domain.core.events import thaw
from domain.elgrande import evolve, rules, views
from domain.elgrande.bots import DEFAULT_BUDGET, LEVELS
from domain.elgrande.bots.greedy import GreedyBot
from domain.elgrande.bots.random_bot import RandomBot
from domain.elgrande.bots.strong import StrongBot
from domain.elgrande.data import CASTILLO
from domain.elgrande.module import GAME
from domain.elgrande.state import State
from tests.bots.conftest import VARIANTS, random_positions


def quick_strong() -> StrongBot:
    """A strong bot bounded by iterations, not time: deterministic, and quick for tests."""
    return StrongBot(budget=60.0, max_iterations=6, top_k=3)


def test_levels_are_registered_by_name():
    assert set(LEVELS) == {"random", "greedy", "strong"}
    assert isinstance(make_bot(GAME, "random"), RandomBot)
    assert isinstance(make_bot(GAME, "greedy"), GreedyBot)
    assert make_bot(GAME, "strong").budget == DEFAULT_BUDGET <= 2.0
    assert make_bot(GAME, "strong", 0.5).budget == 0.5
    with pytest.raises(RuleError):
        make_bot(GAME, "grandmaster")


@pytest.mark.parametrize("bot_class", [RandomBot, GreedyBot, StrongBot])
def test_the_interface_takes_a_view_and_a_decision_only(bot_class):
    params = list(inspect.signature(bot_class.choose).parameters)
    assert params == ["self", "view", "decision", "rng"]


@pytest.mark.parametrize(("players", "options"), VARIANTS)
@pytest.mark.parametrize("level", ["random", "greedy"])
def test_every_command_is_legal_along_random_games(level, players, options):
    bot = make_bot(GAME, level)
    rng = random.Random(5)
    every = 1 if level == "random" else 4
    for s, d in random_positions(f"legal-{level}-{players}", players, options, every=every):
        command = bot.choose(views.view(s, d.seat), d, rng)
        assert command.seat == d.seat
        rules.decide(s, command)  # raises RuleError if illegal


@pytest.mark.parametrize(("players", "options"), VARIANTS[:3])
def test_strong_commands_are_legal_along_random_games(players, options):
    bot = quick_strong()
    rng = random.Random(6)
    every = 4 * players
    for s, d in random_positions(f"legal-strong-{players}", players, options, every=every):
        rules.decide(s, bot.choose(views.view(s, d.seat), d, rng))


@pytest.mark.parametrize("levels", [["greedy", "random", "random"], ["greedy", "random", "greedy",
                                                                      "random", "random"]])
def test_whole_games_between_bots_end(levels):
    rng = random.Random(1)
    s = GAME.fold(GAME.create(len(levels), {}, "whole"))
    while not GAME.is_over(s):
        d = GAME.pending(s)[0]
        command = (GAME.default_command(s, d) if d.seat is None
                   else play(GAME, s, d.seat, levels[d.seat], rng))
        s = GAME.fold(GAME.decide(s, command), s)
    assert len(s.ranking) == len(levels)


def test_a_whole_game_with_the_strong_bot():
    levels = ["strong", "greedy", "random"]
    rng = random.Random(2)
    strong = StrongBot(budget=60.0, max_iterations=3, top_k=2)
    s = GAME.fold(GAME.create(3, {"short_game": True}, "strong-whole"))
    while not GAME.is_over(s):
        d = GAME.pending(s)[0]
        if d.seat is None:
            command = GAME.default_command(s, d)
        elif levels[d.seat] == "strong":
            command = strong.choose(GAME.view(s, d.seat), d, rng)
        else:
            command = play(GAME, s, d.seat, levels[d.seat], rng)
        s = GAME.fold(GAME.decide(s, command), s)
    assert GAME.is_over(s)


class Spy:
    level = "spy"

    def __init__(self) -> None:
        self.calls: list = []

    def choose(self, view, decision, rng):
        self.calls.append((view, decision))
        return RandomBot().choose(view, decision, rng)


def test_play_passes_the_seats_view_and_never_the_state(monkeypatch):
    spy = Spy()
    monkeypatch.setitem(LEVELS, "spy", lambda budget: spy)
    for s, d in random_positions("spy", 3, {}, every=9):
        play(GAME, s, d.seat, "spy", random.Random(0), decision=d)
    assert spy.calls
    for view, _decision in spy.calls:
        assert isinstance(view, dict)
        assert not any(isinstance(v, State) for v in view.values())


def test_play_refuses_a_seat_with_nothing_to_decide():
    s = GAME.fold(GAME.create(3, {}, "nothing"))
    (d,) = GAME.pending(s)
    idle = (d.seat + 1) % 3
    with pytest.raises(RuleError):
        play(GAME, s, idle, "random", random.Random(0))


def _hidden_twins() -> list[tuple[State, State, int]]:
    """Pairs of real states that one seat sees identically but that differ in hidden parts."""
    out = []
    for s, d in random_positions("twins", 3, {}, every=5):
        if s.round < 2 or len(out) >= 6:
            continue
        twin = s.clone()
        for w in twin.seats():
            if w != d.seat and twin.provinces[w] >= 2:
                twin.provinces[w] -= 2
                twin.places[CASTILLO][w] += 2
        twin.seed = "a different secret seed"
        for stack in twin.stacks.values():
            stack.reverse()
        if twin != s:
            out.append((s.clone(), twin, d.seat))
    return out


@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
def test_the_choice_depends_on_the_view_not_on_hidden_information(level, monkeypatch):
    if level == "strong":
        monkeypatch.setitem(LEVELS, "strong", lambda budget: quick_strong())
    twins = _hidden_twins()
    assert twins
    for real, twin, seat in twins:
        assert thaw(views.view(real, seat)) == thaw(views.view(twin, seat))
        a = play(GAME, real, seat, level, random.Random(11))
        b = play(GAME, twin, seat, level, random.Random(11))
        assert a == b


def test_bots_do_not_modify_the_state():
    for s, d in random_positions("pure", 3, {}, every=10):
        before = s.clone()
        for level in ("random", "greedy"):
            play(GAME, s, d.seat, level, random.Random(0), decision=d)
        assert s == before
        break


def test_greedy_prefers_a_scoring_it_wins():
    """One ply: offered Score-a-place, the greedy bot scores where it leads."""
    from tests.domain.helpers import Table

    t = Table(3)
    t.play_powers(13, 12, 11)
    t.arrange(granada=[5, 0, 0], galicia=[2, 3, 0], castilla_la_vieja=[0, 4, 1])
    t.turn_with("score_chosen")
    d = t.pending()[0]
    bot = GreedyBot()
    s = t.state
    command = bot.choose(views.view(s, 0), d, random.Random(0))
    if command.type == "place":  # plan: place first, then the special action
        s = evolve.fold(rules.decide(s, command), s)
        command = bot.choose(views.view(s, 0), rules.pending(s)[0], random.Random(0))
    assert command.type == "special"
    assert command.params["place"] == "granada"


def test_a_game_without_bots_gets_the_generic_random_bot_and_plays_to_the_end():
    from domain.simulate import play_random_game
    from tests.games.bids import PLAIN as TOY

    assert bots.levels(TOY) == ["random"]
    with pytest.raises(RuleError) as refused:
        make_bot(TOY, "greedy")
    assert refused.value.allowed == ["random"]
    state = TOY.fold(TOY.create(3, {}, "generic-bot", None))
    rng = random.Random(5)
    while not TOY.is_over(state):
        decision = TOY.pending(state)[0]
        command = (TOY.default_command(state, decision) if decision.seat is None
                   else play(TOY, state, decision.seat, "random", rng))
        state = TOY.fold(TOY.decide(state, command), state)
    assert len(TOY.ranking(state)) == 3
    # The simulator runs any game module, with the generic checks when it has no invariants.
    assert play_random_game("toy", 2, game=TOY).commands > 0
