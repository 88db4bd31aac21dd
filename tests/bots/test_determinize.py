"""Determinisation: a full state consistent with a seat's view, hidden parts sampled."""

from __future__ import annotations

import random

import pytest

from domain.core.events import thaw
from domain.elgrande import rules, views
from domain.elgrande.data import CABALLEROS_PER_PLAYER, CASTILLO, POWER_CARDS, stack_contents
from domain.elgrande.determinize import ViewError, determinize
from tests.bots.conftest import VARIANTS, random_positions
from tests.domain.helpers import Table


def consistent(s, view, seat, decision) -> None:
    det = determinize(view, random.Random(7), decision)
    # legal: every seat's 30 Caballeros, nothing negative
    for w in det.seats():
        assert det.total(w) == CABALLEROS_PER_PLAYER
    assert min(det.court) >= 0 and min(det.provinces) >= 0
    assert all(min(c) >= 0 for c in det.places.values())
    # power cards: each seat's 13 are in its hand or its discard pile, once
    for w in det.seats():
        assert sorted([*det.hands[w], *det.discards[w]]) == list(POWER_CARDS)
        assert det.private_returns[w] <= det.hands[w]
    # face-down cards: a sub-multiset of each stack
    for k, left in det.stacks.items():
        pool = stack_contents(k)
        for card in left:
            pool.remove(card)
    # agrees with everything visible: the seat's view of it is the view it came from
    assert thaw(views.view(det, seat)) == thaw(view)
    # the same decisions for the seat, and its moves are judged alike
    mine = [d.to_json() for d in rules.pending(det) if d.seat == seat]
    assert thaw(mine) == thaw([d.to_json() for d in rules.pending(s) if d.seat == seat])
    rng = random.Random(3)
    command = rules.sample_command(det, decision, rng)
    rules.decide(s, command)  # a move legal in the determinised world is legal in the real one
    assert det.seed != s.seed  # the secret seed (which predicts reveals) is never used


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_determinised_states_are_legal_and_agree_with_the_view(players, options):
    for s, d in random_positions(f"det-{players}", players, options, every=3):
        consistent(s, views.view(s, d.seat), d.seat, d)


def test_hidden_castillo_counts_are_sampled_within_what_is_public():
    s, d = next((s, d) for s, d in random_positions("castillo", 4, {})
                if s.round >= 2 and s.phase == "turns" and sum(s.places[CASTILLO]) >= 4)
    seat = d.seat
    view = views.view(s, seat)
    seen = set()
    for i in range(40):
        det = determinize(view, random.Random(i), d)
        assert det.places[CASTILLO][seat] == s.places[CASTILLO][seat]  # own count: known
        for w in det.seats():
            if w != seat:
                hidden = det.places[CASTILLO][w] + det.provinces[w]
                assert hidden == s.places[CASTILLO][w] + s.provinces[w]
        seen.add(tuple(det.places[CASTILLO]))
    assert len(seen) > 1  # the others' counts are drawn, not copied


def test_hidden_information_of_the_real_state_does_not_leak():
    """Two real states that differ only in what the seat cannot see give the same worlds."""
    for s, d in random_positions("leak", 3, {}, every=7):
        if s.round < 2:
            continue
        other = s.clone()
        w = (d.seat + 1) % 3
        if other.provinces[w]:
            other.provinces[w] -= 1
            other.places[CASTILLO][w] += 1
        other.seed = "another secret seed"
        for stack in other.stacks.values():
            stack.reverse()
        a, b = views.view(s, d.seat), views.view(other, d.seat)
        assert thaw(a) == thaw(b)
        assert determinize(a, random.Random(1), d) == determinize(b, random.Random(1), d)


def test_a_privately_taken_back_card_declared_to_a_veto_holder_is_drawn():
    t = Table(3)
    t.play_powers(13, 12, 11)
    t.state.vetoes[1] = [1]
    t.state.discards[0] = [4, 9, 13]
    t.state.hands[0] -= {4, 9, 13}
    t.turn_with("power_card_back")
    t.do(0, "special", card=4)
    (d,) = t.pending()
    assert d.seat == 1 and d.kind == "veto"
    view = views.view(t.state, 1)
    assert view["turn"]["action"]["params"]["card"] is None
    drawn = set()
    for i in range(30):
        det = determinize(view, random.Random(i), d)
        card = det.turn.action.params["card"]
        assert card in det.discards[0][:-1]  # a private return is never the top card
        drawn.add(card)
        assert thaw(views.view(det, 1)) == thaw(view)
        for command in ("allow", "veto"):
            from domain.core.commands import Command

            rules.decide(det, Command(command, 1))
    assert drawn <= {4, 9} and len(drawn) >= 1


def test_a_spectator_view_is_refused():
    t = Table(3)
    with pytest.raises(ViewError):
        determinize(views.view(t.state, None), random.Random(0))
