"""Views, redaction and descriptions leak nothing (shared/rules/el-grande.md, "Hidden information").

Random complete games (rules.sample_command) are played; after every command, for every seat and the
spectator (None), the view, every new event's redaction and its description are serialised to JSON and
checked field by field: no other seat's unrevealed secret choice, no face-down stack order (nor the
seed, nor the given stacks), no privately returned power-card value, and under
castillo_visibility=memory no other seat's Castillo or provinces count. Once the game is over,
everything is visible.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from domain.elgrande import describe, evolve, rules, views
from domain.elgrande.data import CASTILLO
from domain.elgrande.state import State
from tests.domain.helpers import Table, ready


def walk(value: Any, path: tuple = ()):
    """Every (path, value) in a JSON value, containers included."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, (*path, i))


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


class Watch:
    """Counts what the random games exercised, so that the test cannot pass vacuously."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()


def check_view(s: State, viewer: int | None, watch: Watch) -> None:
    v = as_json(views.view(s, viewer))
    over = s.phase == "over"
    memory = s.options.castillo_visibility == "memory"
    # Nothing that would predict the face-down cards: no seed, no given stacks, no remaining order.
    remaining = [list(cards) for cards in s.stacks.values() if len(cards) >= 2]
    for path, value in walk(v):
        assert not (isinstance(value, str) and value == s.seed), path
        if isinstance(value, dict):
            assert not {"seed", "given_stacks", "stacks"} & set(value), path
        if isinstance(value, list) and len(value) >= 2:
            assert value not in remaining, f"a face-down order at {path}"
    assert all(isinstance(n, int) for n in v["cards"]["face_down_left"].values())
    # Secret choices: only the viewer's own.
    if s.secret is not None:
        secret = v["secret"]
        assert set(secret) == {"kind", "seats", "submitted", "context", "your_choice"}
        assert secret["your_choice"] == (s.secret.choices.get(viewer) if viewer is not None else None)
        assert secret["submitted"] == sorted(s.secret.choices)
        watch.seen["secret pending"] += 1
    # Each seat's hidden facts.
    for seat in s.seats():
        mine = seat == viewer
        sv = v["seats"][seat]
        hidden_castillo = memory and not mine and not over
        if hidden_castillo:
            assert sv["castillo"] is None and sv["provinces"] is None
            assert v["places"][CASTILLO]["counts"][seat] is None
            watch.seen["castillo hidden"] += 1
        else:
            assert sv["castillo"] == s.places[CASTILLO][seat]
            assert sv["provinces"] == s.provinces[seat]
            assert v["places"][CASTILLO]["counts"][seat] == s.places[CASTILLO][seat]
        if mine or over:
            assert sorted(sv["hand"]) == sorted(s.hands[seat])
            assert sv["discards"] == s.discards[seat]
        else:
            assert sv["discards"] is None
            assert not set(sv["hand"]) & s.private_returns[seat]
            assert sv["hand_hidden"] == len(s.private_returns[seat])
            if s.private_returns[seat]:
                watch.seen["private card hidden in view"] += 1
    # A declared private power-card return, while it waits for a Veto.
    action = (v["turn"] or {}).get("action")
    if action and action["card"] == "power_card_back" and not over:
        t = s.turn
        if viewer != t.seat and not t.action.params.get("public"):
            assert action["params"]["card"] is None
            watch.seen["private declaration hidden in view"] += 1
    if over:
        watch.seen["over"] += 1


def check_event(s: State, event, viewer: int | None, watch: Watch) -> None:
    seen = as_json(views.redact(event, viewer).to_json())
    said = as_json([m.to_json() for m in describe.describe(event, viewer)])
    payload = seen["payload"]
    others = event.get("seat") is not None and viewer != event.get("seat")
    if event.type == "game_created":
        assert "seed" not in payload and "given_stacks" not in payload
    if event.type == "round_started":
        assert len(payload["cards"]) == 4  # only the four turned up
    if event.type == "secret_submitted" and others:
        assert "choice" not in payload
        assert all("choice" not in m["params"] for m in said)
        watch.seen["secret submission redacted"] += 1
    if event.type == "power_card_returned" and not event["public"] and others:
        assert payload["card"] is None
        for _, value in walk(said):
            assert not (isinstance(value, dict) and value.get("card") is not None)
        watch.seen["private return redacted"] += 1
    if (event.type == "special_declared" and event["card"] == "power_card_back"
            and not event["params"].get("public") and others):
        assert payload["params"]["card"] is None
        for m in said:
            assert m["key"] == "special.declared" and m["params"]["params"]["card"] is None
        watch.seen["private declaration redacted"] += 1


def check_decisions(s: State, watch: Watch) -> None:
    """A decision is shown to its decider: it may not carry another seat's secret or private card."""
    for d in rules.pending(s):
        data = as_json(d.to_json())
        if s.secret is not None and d.seat is not None:
            for _, value in walk(data):
                if isinstance(value, dict) and "choices" in value:
                    raise AssertionError(f"secret choices in a decision: {data}")
        if d.kind == "veto" and d.info["card"] == "power_card_back":
            t = s.turn
            if not t.action.params.get("public"):
                assert data["info"]["params"]["card"] is None


def play_and_check(seed: str, players: int, options: dict, watch: Watch) -> State:
    rng = random.Random(seed)
    viewers = [*range(players), None]
    events = rules.create(players, options, seed)
    state = evolve.fold(events)
    for event in events:
        for viewer in viewers:
            check_event(state, event, viewer, watch)
    commands = 0
    while state.phase != "over":
        decision = rng.choice(rules.pending(state))
        command = rules.sample_command(state, decision, rng)
        new = rules.decide(state, command)
        state = evolve.fold(new, state)
        for event in new:
            for viewer in viewers:
                check_event(state, event, viewer, watch)
        for viewer in viewers:
            check_view(state, viewer, watch)
        check_decisions(state, watch)
        commands += 1
        assert commands < 5000
    return state


CONFIGS = [
    (2, {"edition": "decennial"}),
    (3, {"edition": "original"}),
    (4, {"edition": "decennial", "short_game": True}),
    (5, {"edition": "original"}),
    (3, {"edition": "decennial", "castillo_visibility": "open"}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_random_games_leak_nothing(players, options):
    watch = Watch()
    for i in range(4):
        play_and_check(f"leak-{players}-{i}", players, options, watch)
    assert watch.seen["over"] > 0
    assert watch.seen["secret submission redacted"] > 0
    assert watch.seen["secret pending"] > 0
    if options.get("castillo_visibility", "memory") == "memory":
        assert watch.seen["castillo hidden"] > 0


@pytest.mark.slow
def test_random_games_exercise_private_power_card_returns():
    """Enough games that private returns (not the top card) happen and are checked."""
    watch = Watch()
    for i in range(12):
        play_and_check(f"private-{i}", 3, {}, watch)
    assert watch.seen["private return redacted"] > 0
    assert watch.seen["private declaration redacted"] > 0
    assert watch.seen["private card hidden in view"] > 0


# --- targeted checks -------------------------------------------------------------------------------------



def test_memory_shows_own_castillo_only_and_spectators_none():
    t = ready(3)
    t.arrange(castillo=[2, 3, 0])
    for viewer in (0, 1, 2, None):
        v = views.view(t.state, viewer)
        counts = v["places"][CASTILLO]["counts"]
        assert counts == [c if seat == viewer else None for seat, c in enumerate([2, 3, 0])]
        provinces = [sv["provinces"] for sv in v["seats"]]
        assert provinces == [p if seat == viewer else None
                             for seat, p in enumerate(t.state.provinces)]


def test_open_visibility_shows_every_count():
    t = ready(3, castillo_visibility="open")
    t.arrange(castillo=[2, 3, 0])
    for viewer in (0, 1, None):
        v = views.view(t.state, viewer)
        assert v["places"][CASTILLO]["counts"] == [2, 3, 0]
        assert [sv["castillo"] for sv in v["seats"]] == [2, 3, 0]
        assert [sv["provinces"] for sv in v["seats"]] == t.state.provinces


def test_castillo_additions_are_announced_to_everyone_once():
    """With the Castillo hidden, the others learn each addition from the placement's one line
    (a second "puts 1 Caballero into the Castillo" read as another Caballero)."""
    t = ready(3)
    t.turn_with("move_3_any")
    events = t.do(0, "place", places={"castillo": 1})
    for viewer in (1, None):
        said = [m.to_json() for e in events for m in describe.describe(e, viewer)]
        assert said == [{"key": "caballeros.placed",
                         "params": {"seat": 0, "places": {"castillo": 1}}}]


def test_secret_choices_seen_by_their_owner_only_until_revealed():
    t = ready(3)
    t.turn_with("secret_scoring")
    t.do(0, "special")
    (submitted,) = t.do(1, "secret", choice="granada")
    assert views.redact(submitted, 1)["choice"] == "granada"
    for viewer in (0, 2, None):
        assert "choice" not in views.redact(submitted, viewer).payload
        assert views.view(t.state, viewer)["secret"]["your_choice"] is None
        assert views.view(t.state, viewer)["secret"]["submitted"] == [1]
    assert views.view(t.state, 1)["secret"]["your_choice"] == "granada"
    t.do(0, "secret", choice="galicia")
    t.do(2, "secret", choice="sevilla")
    (revealed, *_) = t.do(None, "resolve")
    for viewer in (0, 2, None):
        assert dict(views.redact(revealed, viewer)["choices"]) == \
            {"0": "galicia", "1": "granada", "2": "sevilla"}


def test_given_stacks_and_seed_are_not_in_the_created_event():
    stacks = {"1": ["move_all_own", "place_2_anywhere", "place_2_or_move_all_own",
                    "move_5_from_region", "move_5_from_region", "move_3_opponents", "move_3_any",
                    "move_2_own_2_opponents", "move_2_own_2_opponents", "move_4_own", "move_4_any"]}
    t = Table(3, setup={"stacks": stacks}, seed="hush-seed")
    created = t.events[0]
    assert created["given_stacks"]  # stored ...
    for viewer in (0, None):
        payload = views.redact(created, viewer).payload
        assert "given_stacks" not in payload and "seed" not in payload  # ... never shown
        dumped = json.dumps(views.view(t.state, viewer))
        assert "hush-seed" not in dumped
        assert "move_3_opponents" not in dumped  # still face down (6th card of stack 1)


def test_everything_is_visible_once_the_game_is_over():
    state = play_and_check("over-0", 3, {}, Watch())
    assert state.phase == "over"
    for viewer in (0, None):
        v = views.view(state, viewer)
        assert v["places"][CASTILLO]["counts"] == state.places[CASTILLO]
        for seat in state.seats():
            assert v["seats"][seat]["discards"] == state.discards[seat]
            assert v["seats"][seat]["provinces"] == state.provinces[seat]
            assert v["seats"][seat]["hand_hidden"] == 0



def test_view_and_decisions_are_plain_json_while_an_action_waits_for_a_veto():
    t = ready(3)
    t.state.vetoes[1] = [1]
    t.turn_with("move_3_any")
    t.do(0, "special", moves=[{"seat": 1, "from": "aragon", "to": "castillo", "count": 1}])
    for viewer in (0, 1, None):
        v = as_json(views.view(t.state, viewer))
        assert v["turn"]["action"]["params"]["moves"] == [
            {"seat": 1, "from": "aragon", "to": "castillo", "count": 1}]
    (d,) = rules.pending(t.state)
    assert as_json(d.to_json())["info"]["card"] == "move_3_any"
