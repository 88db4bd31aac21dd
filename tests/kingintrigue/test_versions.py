"""Rules versions (issue 22): a game plays the rules it was created under. Each fix that can
change an outcome is gated on `state.rules >= 2`; a game created before (no `rules` in its
game_created: version 1) keeps the old behaviour, and version 2 plays the new rule."""

from __future__ import annotations

import random

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.core.surface import opening_as_recorded, record_rules, rules_version
from domain.kingintrigue.module import GAME
from tests.kingintrigue.test_rules import SETUP, act, before_versions, play_round, started


def test_new_games_write_their_rules_version_and_old_records_are_version_1():
    opening = GAME.create(3, {}, "t", {**SETUP, "homes": SETUP["homes"][:3]})
    assert opening[0]["rules"] == GAME.rules_version == rules_version(GAME) == 2
    assert GAME.fold(opening).rules == 2
    old = before_versions(opening)
    assert "rules" not in old[0].payload and GAME.fold(old).rules == 1
    assert record_rules(old[0].payload) == 1 and record_rules({"rules": "2"}) is None
    # a verifier compares an old record's opening with today's as it was recorded
    assert [e.dumps() for e in opening_as_recorded(opening, old[0].payload)] == \
        [e.dumps() for e in old]


def test_a_game_without_a_rules_version_plays_version_1():
    class Bare:
        pass

    assert rules_version(Bare()) == 1  # type: ignore[arg-type]


# --- card 130: the box holds two 2x markers (issue 22, item 9) ----------------------------------

def _third_130(rules):
    """Seat 0's turn with card 130 while both 2x markers are already out (two earlier 130s)."""
    s = play_round(started(2, keep=[10, 20, 40, 50, 60, 80, 90, 100, 110, 130, 140, 160, 180],
                           rules=rules), {0: 130, 1: 10})
    s = act(s, Command("take", 0, {"count": 0}))
    s = act(s, Command("choose_action", 0, {"card": "double_scoring"}))
    s.doubles = {"galicia": 1, "aragon": 1}  # the two markers, placed by earlier 130s
    return s


def test_a_third_130_with_both_markers_out_does_nothing():
    """Seed 002's components: « 2 marqueurs Action (2 marqueurs Double score) », back in the
    supply only « une fois le décompte général effectué »: no marker is left to place."""
    s = _third_130(None)
    d = GAME.pending(s)[0]
    assert d.kind == "act" and "special" not in d.constraint and "decline" in d.constraint["commands"]
    with pytest.raises(RuleError) as refused:
        GAME.decide(s, Command("special", 0, {"region": "valencia"}))
    assert refused.value.key == "king-and-intrigue.refuse.double_none"
    assert "Les deux marqueurs 2x" in refused.value.render("fr", ["Ann", "Bob"])
    s = act(s, Command("decline", 0))
    assert s.doubles == {"galicia": 1, "aragon": 1}
    rng = random.Random(1)
    for _ in range(20):  # a random player never marks a third region either
        assert GAME.sample_command(s, d, rng).type != "special"


def test_a_version_1_game_marks_a_third_region_as_it_did():
    s = _third_130(1)
    assert "special" in GAME.pending(s)[0].constraint
    s = act(s, Command("special", 0, {"region": "valencia"}))
    assert s.doubles == {"galicia": 1, "aragon": 1, "valencia": 0}



# --- after the end, every view opens what was hidden (issue 22, item 10) ------------------------

def test_after_the_end_every_view_shows_the_hands_and_the_replay_shows_them_at_every_step():
    """The record is open to all once the game is over (`/events` gives the kept hands): the
    final view and the replay agree with it instead of reading "hidden"."""
    from domain.simulate import play_random_game

    record = play_random_game("revealed", 3, game=GAME, options={"players_edition": True})
    end = record.state
    for viewer in (None, 0, 1):
        seats = GAME.view(end, viewer)["seats"]
        assert all(x["hand"] == sorted(end.hands[x["seat"]]) for x in seats)
        assert all(x["put_aside"] == sorted(end.put_aside[x["seat"]]) and len(x["put_aside"]) > 0
                   for x in seats)
        assert all(x["discards"] == end.discards[x["seat"]] for x in seats)
    kept = next(i for i, e in enumerate(record.events) if e.type == "hands_kept")
    early = GAME.fold(record.events[:kept + 3])
    assert early.phase != "over"
    replay = GAME.revealed_view(early, None)
    assert [x["hand"] for x in replay["seats"]] == [sorted(h) for h in early.hands]
    assert [x["put_aside"] for x in replay["seats"]] == [sorted(p) for p in early.put_aside]
    # while the game is played, a spectator still sees none of them
    assert all(x["hand"] is None and x["put_aside"] is None
               for x in GAME.view(early, None)["seats"])


# --- the Mistress: how long she cancels the King's bonus (issue 22, readings) -------------------

def _mistress(rules):
    """Ann's Mistress played in round 1, Ann alone first in the King's region."""
    from tests.kingintrigue.test_modules import VALUE, keep_with, special, to_action
    from tests.kingintrigue.test_modules import play_round as play_and_settle
    from tests.kingintrigue.test_modules import started as started_with_modules

    s = started_with_modules(3, hands={0: keep_with("mistress")}, rules=rules)
    s = play_and_settle(s, {0: VALUE["mistress"], 1: 180, 2: 10})
    s = special(to_action(s, 0, "mistress"), 0)
    s.places[s.king] = [4, 1, 0]
    return s


def _king_bonus(s, round_, general):
    from domain.elgrande.scoring import score_place

    s.round, s.phase = round_, ("scoring" if general else "turns")
    return score_place(s, s.king)["bonuses"].get("0", {}).get("king")


def test_the_mistress_spares_the_general_scoring_closing_her_own_round():
    """Seed 002: « Si un décompte spécial est produit dans la région du Roi pendant cette manche,
    le bonus du Roi ne sera pas accordé. De plus, si un décompte général est produit durant la
    manche suivante, le bonus du Roi ne sera pas non plus accordé »: a general scoring of her own
    round is neither."""
    s = _mistress(None)
    assert _king_bonus(s, 1, general=False) is None  # a special scoring this round
    assert _king_bonus(s, 1, general=True) == 2  # the general scoring closing her round
    assert _king_bonus(s, 2, general=False) == 2  # a special scoring of the next round
    assert _king_bonus(s, 2, general=True) is None  # the general scoring of the next round


def test_a_version_1_mistress_still_cancels_the_general_scoring_of_her_own_round():
    s = _mistress(1)
    assert _king_bonus(s, 1, general=False) is None
    assert _king_bonus(s, 1, general=True) is None
    assert _king_bonus(s, 2, general=True) is None


# --- Intrigue and card 10 never move Caballeros into the Castillo (issue 22, readings) ----------

def test_the_intrigue_card_moves_from_a_region_to_a_region_never_into_the_castillo():
    """Seed 000's « Il est toujours possible de poser des Caballeros au Castillo ou de les y
    déplacer, quelle que soit la position du Roi » says the King never closes the Castillo; a
    move goes there only when its card says so (« … vers d'autres régions, y compris le
    Castillo »), and seed 002's Intrigue says « d'une région vers une autre »: the reading kept
    (no outcome changes, no version gate)."""
    s = play_round(started(4), {0: 160, 1: 40, 2: 10, 3: 90})
    while s.turn.seat != 2:
        seat = s.turn.seat
        d = GAME.pending(s)[0]
        s = act(s, GAME.default_command(s, d) if d.seat == seat else Command("allow", d.seat))
    assert s.turn.card == "intrigue"
    if GAME.pending(s)[0].kind == "take":
        s = act(s, Command("take", 2, {"count": 0}))
    for params in ({"mode": "one", "moves": [{"seat": 1, "from": "aragon", "to": "castillo",
                                              "count": 1}]},
                   {"mode": "all", "from": "sevilla", "to": "castillo"}):
        with pytest.raises(RuleError) as refused:
            GAME.decide(s, Command("special", 2, params))
        assert refused.value.key == "king-and-intrigue.refuse.intrigue_castillo"
        assert "Castillo" in refused.value.render("fr", ["Ann", "Bob", "Cid", "Dan"])
    constraint = GAME.pending(s)[0].constraint["special"]
    assert "castillo" not in str(constraint.get("targets", constraint))
