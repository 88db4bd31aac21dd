"""Whole random games (2, 3, 4 players, basic and advanced) with every invariant after every event;
views and log entries that leak nothing (the seed, a given stack order) and read in en/fr/it; the
safe default move; the bots' moves."""

from __future__ import annotations

import json
import random
import string

import pytest

from domain.bots import play
from domain.core.commands import Command
from domain.core.game import Message
from domain.elcaballero import describe, evolve, messages, rules, views
from domain.elcaballero.module import GAME
from domain.simulate import play_random_game
from tests.elcaballero.helpers import Table

GIVEN = ["T01", "T44", "T13"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True])
def test_random_games_end_with_every_invariant_holding(players, advanced):
    record = play_random_game(f"rg-{players}-{advanced}", players, {"advanced": advanced},
                              game=GAME)
    s = record.state
    assert s.phase == "over" and s.round == (10 if advanced else 7)
    assert [x["round"] for x in s.scorings] == ([4, 7, 10] if advanced else [4, 7])
    assert [r["score"] for r in sorted(s.ranking, key=lambda r: r["seat"])] == s.scores


def _texts(event, viewer) -> list[str]:
    out = []
    for m in GAME.describe(event, viewer):
        assert m.key.startswith("elcaballero.")
        for lang in messages.LANGUAGES:
            text = messages.render(m, lang, ["Ann", "Bob", "Cid", "Dan"])
            assert "{" not in text and "seat " not in text
            out.append(text)
    return out


def test_views_and_log_never_show_the_seed_or_the_given_stack_until_the_end():
    seed = "secret-" + "".join(random.Random(1).choices(string.ascii_lowercase, k=12))
    events = rules.create(3, {"advanced": True}, seed, {"stack": GIVEN, "first_player": 1})
    s = evolve.fold(events)
    assert s.face_up[:3] == GIVEN  # the given order is drawn first
    rng = random.Random(2)
    log = list(events)
    while s.phase != "over":
        for viewer in (None, 0, 1, 2):
            shown = json.dumps(GAME.view(s, viewer))
            assert seed not in shown and "given_stack" not in shown
        (d,) = GAME.pending(s)
        new = GAME.decide(s, GAME.sample_command(s, d, rng))
        for event in new:
            for viewer in (None, 0, 2):
                redacted = GAME.redact(event, viewer)
                if event.type != "game_ended":
                    assert seed not in json.dumps(redacted.to_json())
                _texts(event, viewer)
            assert GAME.reveals(event, s) == (event.type in
                                              ("setup_drawn", "tiles_refilled", "game_ended"))
        s = evolve.fold(new, s)
        log += new
    assert all(seed not in json.dumps(GAME.redact(e, 0).to_json()) for e in log[:1])
    assert log[-1]["seed"] == seed


def test_every_message_key_exists_in_three_languages():
    assert all(len(texts) == 3 and all(texts) for texts in messages.TEXTS.values())
    assert messages.render(Message("elcaballero.knight.returned_lost",
                                   {"player": 0, "at": [1, -2], "caballeros": 1, "ships": 0}),
                           "fr", ["Ann"]) == ("La tuile Caballeros d'Ann en n11 retourne "
                                              "dans la réserve (pertes : 1 Caballero, 0 bateau).")
    assert messages.render(Message("elcaballero.ship.bought",
                                   {"seat": 1, "at": [0, 0], "edge": 3, "cost": 2}),
                           "it", ["Ann", "Bob"]) == ("Bob compra una nave per 2 Caballeros e la "
                                                     "mette sul lato ovest di m13.")
    assert set(describe.described_types()) >= {
        "game_created", "setup_drawn", "round_started", "power_played", "reinforced",
        "tile_laid", "knight_laid", "knight_raised", "knight_taken_back", "ship_placed",
        "ship_taken_back", "ship_moved", "castillo_built", "castillo_moved", "grande_placed",
        "alcalde_placed", "turn_ended", "round_ended", "scored", "tiles_refilled", "game_ended"}


def test_the_view_hides_nothing_else_and_is_plain_json():
    t = Table(3)
    v = views.view(t.state, 1)
    assert json.loads(json.dumps(v)) == v
    assert v["stack_left"] == 42 and len(v["face_up"]) == 5
    assert [x["hand"] for x in v["seats"]] == [list(range(1, 14))] * 3


def test_the_default_move_lays_a_tile_that_sends_no_caballero_tile_back_then_ends():
    t = Table(2)
    t.terrain(0, 1, "T39")  # three land sides
    t.start_turns()
    t.knight(1, 1, seat=0, turn=90)  # faces the (0, 1) tile's east side
    (d,) = rules.pending(t.state)
    cmd = rules.default_command(t.state, d)
    assert cmd == Command("end_turn", 0, {"lay": True})  # one command: one deadline is enough
    new = t.do(0, cmd.type, **dict(cmd.params))
    assert new[0].type == "tile_laid" and not new[0]["returned"] and t.state.court[0] == 5
    assert new[1].type == "turn_ended"


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_bots_play_legal_moves_to_the_end(level):
    s = evolve.fold(rules.create(3, {"advanced": True}, f"bots-{level}"))
    rng = random.Random(3)
    while s.phase != "over":
        (d,) = GAME.pending(s)
        s = evolve.fold(GAME.decide(s, play(GAME, s, d.seat, level, rng)), s)


def test_the_rules_page_has_the_same_sections_in_three_languages():
    from domain.elcaballero.rules_page import PAGES, rules_page

    shapes = {lang: [len(s["paragraphs"]) for s in page["sections"]]
              for lang, page in PAGES.items()}
    assert set(shapes) == {"en", "fr", "it"} and len(set(map(tuple, shapes.values()))) == 1
    assert rules_page("de") is PAGES["en"]
    assert all(p.strip() for page in PAGES.values() for s in page["sections"]
               for p in s["paragraphs"])
