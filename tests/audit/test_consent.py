"""Undo by consent: every other seat must approve; one refusal ends it; it lapses when the game
moves on or at its deadline; rewinding past a reveal is marked; a rewound draw comes out the same."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from domain.core.commands import Command
from service import db, records, store, undo
from service.errors import Conflict, Invalid, Rejected
from service.tables import outbox
from tests.audit.helpers import events_of, new_game, pending_human, play, rows, state


def _bids(ctx: Any, monkeypatch: Any, seats: int = 3) -> str:
    return new_game(ctx, monkeypatch, seats=seats, game="bids", seed="toy")


def _bid(ctx: Any, gid: str, seat: int, amount: int) -> None:
    play(ctx, gid, Command("bid", seat, {"amount": amount}))


def test_all_approve_and_the_game_is_rewound(ctx: Any, monkeypatch: Any) -> None:
    gid = _bids(ctx, monkeypatch)
    _bid(ctx, gid, 0, 3)
    _bid(ctx, gid, 1, 4)
    with pytest.raises(Rejected):
        undo.undo_own(ctx, gid, 0)  # seat 1 acted since: only by consent
    req = undo.request(ctx, gid, 0, 2, reason="misread the prize")
    assert req.status == "pending" and not req.crosses_reveal
    with db.read(ctx.engine) as conn:
        asked = conn.execute(select(outbox.c.payload).where(outbox.c.kind == "undo-request")
                             ).scalars().all()
    assert sorted(p["seat"] for p in asked) == [1, 2]
    assert [r.id for r in undo.pending(ctx, gid)] == [req.id]
    with pytest.raises(Invalid):
        undo.answer(ctx, gid, req.id, 0, True)  # one's own request
    assert undo.answer(ctx, gid, req.id, 1, True).status == "pending"
    done = undo.answer(ctx, gid, req.id, 2, True)
    assert done.status == "applied" and done.undo_seq == 5
    assert state(ctx, gid).bids == {}
    (marker,) = events_of(ctx, gid, 5)
    assert marker.type == "undone" and (marker["first"], marker["last"]) == (3, 4)
    assert marker["reason"] == "consent" and list(marker["consent"]) == [0, 1, 2]
    assert marker["past_reveal"] is False
    assert undo.pending(ctx, gid) == []
    assert records.verify(ctx, gid).ok
    with pytest.raises(Conflict):
        undo.answer(ctx, gid, req.id, 1, False)  # over and done


def test_one_refusal_and_nothing_is_undone(ctx: Any, monkeypatch: Any) -> None:
    gid = _bids(ctx, monkeypatch)
    _bid(ctx, gid, 0, 3)
    _bid(ctx, gid, 1, 4)
    req = undo.request(ctx, gid, 1, 3)  # undo only seat 1's bid
    undo.answer(ctx, gid, req.id, 0, True)
    assert undo.answer(ctx, gid, req.id, 2, False).status == "refused"
    assert state(ctx, gid).bids == {0: 3, 1: 4}
    assert len(rows(ctx, gid)) == 4
    with db.read(ctx.engine) as conn:
        told = conn.execute(select(outbox.c.kind).where(outbox.c.kind == "undo-refused")).all()
    assert len(told) == 1


def test_a_request_lapses_when_the_game_moves_on_or_at_its_deadline(ctx: Any, monkeypatch: Any
                                                                    ) -> None:
    gid = _bids(ctx, monkeypatch)
    _bid(ctx, gid, 0, 3)
    _bid(ctx, gid, 1, 4)
    req = undo.request(ctx, gid, 0, 2)
    undo.answer(ctx, gid, req.id, 1, True)
    _bid(ctx, gid, 2, 1)  # the game moves on (and the bids are revealed)
    assert undo.pending(ctx, gid) == []
    assert undo.get(ctx, gid, req.id).status == "lapsed"
    with pytest.raises(Conflict):
        undo.answer(ctx, gid, req.id, 2, True)
    late = undo.request(ctx, gid, 0, 4, hours=1)
    assert undo.lapse_due(ctx, now=store.now() + timedelta(hours=2)) == 1
    assert undo.get(ctx, gid, late.id).status == "lapsed"


def test_back_to_must_end_a_move_in_force(ctx: Any, monkeypatch: Any) -> None:
    gid = _bids(ctx, monkeypatch)
    _bid(ctx, gid, 0, 3)
    for bad in (1, 3, 99):  # inside the opening, the last move (nothing to undo), no such event
        with pytest.raises(Invalid):
            undo.request(ctx, gid, 1, bad)


def test_rewinding_past_a_reveal_needs_everyone_and_is_marked(ctx: Any, monkeypatch: Any) -> None:
    gid = _bids(ctx, monkeypatch)
    for seat, amount in ((0, 3), (1, 4), (2, 1)):
        _bid(ctx, gid, seat, amount)
    assert [e.type for e in events_of(ctx, gid, 6)] == ["bids_revealed"]
    with pytest.raises(Rejected):
        undo.undo_own(ctx, gid, 1)  # the winner cannot take back what was revealed
    req = undo.request(ctx, gid, 2, 4)  # back to before seat 2's bid
    assert req.crosses_reveal
    undo.answer(ctx, gid, req.id, 0, True)
    undo.answer(ctx, gid, req.id, 1, True)
    marker = next(r for r in rows(ctx, gid) if r.type == "undone")
    assert marker.payload["past_reveal"] is True and marker.payload["first"] == 5
    assert state(ctx, gid).bids == {0: 3, 1: 4}
    assert records.verify(ctx, gid).ok


def test_rewinding_past_a_draw_draws_the_same_cards_again(ctx: Any, monkeypatch: Any) -> None:
    """El Grande through the service: undo by consent to before the move that turned up round 2's
    cards, send that move again: the same cards come up (draws are keyed by seed and number)."""
    module = ctx.games["el-grande"]
    gid = new_game(ctx, monkeypatch, seats=3, seed="redraw")
    rng = random.Random(3)
    while True:
        s = state(ctx, gid)
        command = module.sample_command(s, rng.choice(pending_human(module, s)), rng)
        outcome = play(ctx, gid, command)
        if any(r.event.type == "round_started" for r in outcome.events):
            break
    drawn = [r.event.dumps() for r in outcome.events]
    back_to = outcome.first - 1
    req = undo.request(ctx, gid, command.seat, back_to)
    assert req.crosses_reveal
    for seat in range(3):
        if seat != command.seat:
            req = undo.answer(ctx, gid, req.id, seat, True)
    assert req.status == "applied"
    again = play(ctx, gid, command)
    assert [r.event.dumps() for r in again.events] == drawn
    assert records.verify(ctx, gid).ok


def test_the_beat_lapses_an_undo_request_past_its_deadline(ctx: Any, monkeypatch: Any) -> None:
    from workers import jobs

    gid = _bids(ctx, monkeypatch)
    _bid(ctx, gid, 0, 3)
    _bid(ctx, gid, 1, 4)
    req = undo.request(ctx, gid, 0, 2, hours=1)
    assert jobs.tick(ctx, store.now())["undo_requests_lapsed"] == 0
    assert undo.get(ctx, gid, req.id).status == "pending"
    assert jobs.tick(ctx, store.now() + timedelta(hours=2))["undo_requests_lapsed"] == 1
    assert undo.get(ctx, gid, req.id).status == "lapsed"
