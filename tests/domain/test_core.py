"""The game-independent core: events, upcasters, seeded draws, undo, commands and rule errors."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.core.events import Event, Upcasters
from domain.core.rng import draw_rng, seed_commitment
from domain.core.undo import effective, undone_event
from domain.elgrande.module import GAME
from domain.simulate import play_random_game
from tests.domain.helpers import Table

# --- events ----------------------------------------------------------------------------------------

def test_an_event_survives_the_json_round_trip():
    event = Event("caballeros_moved", {"moves": [{"seat": 1, "from": "aragon", "to": "castillo",
                                                  "count": 2}], "reason": "move_3_any",
                                       "note": "Ñandú ✓"}, version=2)
    again = Event.from_json(json.loads(event.dumps()))
    assert again == event
    assert again.version == 2
    assert again["moves"][0]["to"] == "castillo"


def test_every_event_of_a_whole_game_survives_the_json_round_trip():
    record = play_random_game("round-trip", 4, {"edition": "original"}, check=False)
    for event in record.events:
        assert Event.from_json(json.loads(event.dumps())) == event


def test_the_json_form_is_canonical():
    a = Event("x", {"b": 1, "a": [1, 2]})
    b = Event("x", {"a": [1, 2], "b": 1})
    assert a.dumps() == b.dumps()


def test_an_event_cannot_be_changed_after_creation():
    source = {"seat": 1, "places": {"castillo": 2}, "moves": [1, 2]}
    event = Event("caballeros_placed", source)
    with pytest.raises(TypeError):
        event.payload["seat"] = 2
    with pytest.raises(TypeError):
        event["places"]["castillo"] = 5
    with pytest.raises(AttributeError):
        event["moves"].append(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.type = "other"  # type: ignore[misc]
    source["places"]["castillo"] = 9  # the caller's dict is not shared
    assert event["places"]["castillo"] == 2


def test_the_json_form_of_an_event_is_a_private_copy():
    event = Event("x", {"places": {"castillo": 2}, "list": [1]})
    plain = event.to_json()
    plain["payload"]["places"]["castillo"] = 7
    plain["payload"]["list"].append(2)
    assert event["places"]["castillo"] == 2 and list(event["list"]) == [1]


# --- upcasters -------------------------------------------------------------------------------------

def _upcasters() -> Upcasters:
    up = Upcasters()

    @up.register("power_played", 1)
    def _rename(payload):
        payload["value"] = payload.pop("card")
        return payload

    @up.register("power_played", 2)
    def _add_forced(payload):
        return {**payload, "forced": payload.get("forced", False)}

    return up


def test_the_upcaster_chain_is_applied_on_load():
    stored = {"type": "power_played", "version": 1, "payload": {"seat": 2, "card": 7}}
    event = _upcasters().load(stored)
    assert event.version == 3
    assert dict(event.payload) == {"seat": 2, "value": 7, "forced": False}
    assert stored == {"type": "power_played", "version": 1, "payload": {"seat": 2, "card": 7}}


def test_upcasting_starts_from_the_stored_version():
    event = _upcasters().load({"type": "power_played", "version": 2,
                               "payload": {"seat": 2, "value": 7, "forced": True}})
    assert (event.version, event["forced"], event["value"]) == (3, True, 7)


def test_events_without_upcasters_load_unchanged():
    up = _upcasters()
    current = Event("power_played", {"seat": 0, "value": 3, "forced": False}, version=3)
    other = Event("turn_ended", {"seat": 0})
    assert up.load(current.to_json()) == current
    assert up.load(other.to_json()) == other


def test_a_stored_game_loads_through_the_games_upcasters_and_folds_the_same():
    record = play_random_game("load", 3, check=False)
    loaded = [GAME.upcasters.load(json.loads(e.dumps())) for e in record.events]
    assert GAME.fold(loaded) == GAME.fold(record.events)


# --- seeded draws and undo ----------------------------------------------------------------------------

def _sequence(rng: random.Random) -> list[int]:
    return [rng.randrange(1000) for _ in range(8)]


def test_a_draw_is_keyed_by_seed_and_draw_number():
    assert _sequence(draw_rng("game-1", 4)) == _sequence(draw_rng("game-1", 4))
    assert _sequence(draw_rng("game-1", 4)) != _sequence(draw_rng("game-1", 5))
    assert _sequence(draw_rng("game-1", 4)) != _sequence(draw_rng("game-2", 4))


def test_draws_do_not_depend_on_the_global_random_state():
    random.seed(1)
    first = _sequence(draw_rng("game-1", 0))
    random.seed(2)
    assert _sequence(draw_rng("game-1", 0)) == first


def test_the_seed_commitment_is_stable_and_does_not_show_the_seed():
    assert seed_commitment("secret-seed") == seed_commitment("secret-seed")
    assert seed_commitment("secret-seed") != seed_commitment("secret-seee")
    assert "secret-seed" not in seed_commitment("secret-seed")


def _round_1_until_last_move() -> Table:
    """Round 1 with a seeded reveal, up to the last player's placement (which ends the round)."""
    t = Table(3, seed="undo")
    t.play_powers(13, 12, 11)
    while True:
        (d,) = t.pending()
        if d.seat == 2 and d.kind == "act" and d.info["special_done"]:
            return t
        if d.kind == "choose_card":
            t.do(d.seat, "choose_card", stack=d.options[0]["stack"])
        elif d.kind == "take":
            t.do(d.seat, "take", count=0)
        elif d.kind == "act" and not d.info["special_done"]:
            t.do(d.seat, "decline")
        else:
            t.do(d.seat, "place", places={})


def _round_2_cards(events) -> dict:
    return dict(next(e for e in events if e.type == "round_started" and e["round"] == 2)["cards"])


def test_deciding_again_after_an_undo_reveals_the_same_cards():
    t = _round_1_until_last_move()
    before = len(t.events)
    first = t.do(2, "place", places={})
    cards = _round_2_cards(first)
    # Undo: fold the events before that move and decide something else instead.
    state = GAME.fold(t.events[:before])
    other = GAME.decide(state, Command("place", 2, {"places": {"castillo": 1}}))
    assert other != first
    assert _round_2_cards(other) == cards


def test_an_undo_further_back_still_reveals_the_same_cards():
    t = _round_1_until_last_move()
    t.do(2, "place", places={})
    cards = _round_2_cards(t.events)
    # Undo the whole of seat 1's and seat 2's turns (recorded as an `undone` marker in the stream).
    stream = list(enumerate(t.events, start=1))
    first = next(seq for seq, e in stream if e.type == "card_chosen" and e["seat"] == 1)
    stream.append((len(stream) + 1, undone_event(first, len(t.events), by=1, reason="test")))
    replay = Table(3, seed="undo")
    replay.events = effective(stream)
    replay.state = GAME.fold(replay.events)
    assert replay.state.turn.seat == 1
    while replay.state.round == 1:
        (d,) = replay.pending()
        if d.kind == "choose_card":
            replay.do(d.seat, "choose_card", stack=d.options[-1]["stack"])  # other cards this time
        elif d.kind == "take":
            replay.do(d.seat, "take", count=d.constraint["count"]["max"])
        elif d.kind == "act" and not d.info["special_done"]:
            replay.do(d.seat, "decline")
        else:
            replay.do(d.seat, "place", places={"castillo": d.constraint["place"]["max"]})
    assert _round_2_cards(replay.events) == cards


# --- commands and rule errors ------------------------------------------------------------------------

def test_a_rule_error_carries_what_was_allowed():
    t = Table(3)
    t.do(0, "play_power", card=5)
    with pytest.raises(RuleError) as info:
        t.do(1, "play_power", card=5)
    err = info.value
    assert str(err) == err.message
    assert err.allowed == [c for c in range(1, 14) if c != 5]


def test_a_command_from_json_takes_its_seat_from_authentication():
    command = Command.from_json({"type": "play_power", "seat": 3, "card": 9}, seat=1)
    assert (command.type, command.seat, dict(command.params)) == ("play_power", 1, {"card": 9})
    assert Command.from_json(command.to_json()).seat == 1


@pytest.mark.parametrize("seat", [True, False, "1", 1.0, [1]])
def test_a_command_seat_that_is_not_a_seat_number_is_refused(seat):
    # JSON true (and 1.0) equal 1 in Python: they used to act as seat 1.
    with pytest.raises(RuleError, match="seat number"):
        Command.from_json({"type": "play_power", "seat": seat, "card": 9})
    with pytest.raises(RuleError, match="seat number"):
        Command.from_json({"type": "play_power", "card": 9}, seat=seat)
    with pytest.raises(RuleError, match="seat number"):  # the body's, even when the seat is given
        Command.from_json({"type": "play_power", "seat": seat, "card": 9}, seat=1)


@pytest.mark.parametrize("body", [{"card": 9}, {"type": ""}, ["play_power"], {"type": 5}])
def test_a_command_without_a_type_is_refused(body):
    with pytest.raises(RuleError, match="type"):
        Command.from_json(body)


def test_fold_and_evolve_never_change_the_state_they_are_given():
    record = play_random_game("pure", 3, check=False)
    middle = GAME.fold(record.events[:40])
    snapshot = middle.clone()
    after = GAME.fold(record.events[40:80], middle)
    GAME.evolve(middle, record.events[40])
    assert middle == snapshot
    assert after == GAME.fold(record.events[:80])


def test_a_game_with_only_its_creation_folded_has_a_view_for_everyone():
    from domain.elgrande import evolve, rules, views

    created = rules.create(3, {}, "only-created")[:1]
    state = evolve.fold(created)
    for viewer in (0, 1, 2, None):
        shown = views.view(state, viewer)
        assert shown["phase"] == "new" and shown["players"] == 3
        assert "seed" not in json.dumps(shown)


def test_an_undo_event_is_described_and_rendered_in_every_language():
    from domain.core.undo import undone_event
    from domain.elgrande.describe import describe
    from domain.elgrande.messages import LANGUAGES, render

    (message,) = describe(undone_event(7, 9, by=1, reason="own"), 0)
    said = [render(message, lang, ["Ann", "Bob"]) for lang in LANGUAGES]
    # Who took back what, in words: never the events' internal numbers (« l'evento 162 »).
    assert all(text.startswith("Bob") and "7" not in text and "9" not in text for text in said)
    assert len(set(said)) == len(LANGUAGES)
