"""King & Intrigue through the service: the set-up's two secret choices resolved once the last is
in, undo of one's own move until another seat has seen something, undo by consent past it."""

from __future__ import annotations

from typing import Any

import pytest

from domain.core.commands import Command
from service import undo
from service.errors import Rejected
from tests.audit.helpers import events_of, new_game, play, rows, state

KEEP = [10, 20, 40, 50, 60, 80, 90, 100, 110, 130, 140, 160, 180]
SETUP = {"king": "castilla_la_nueva", "homes": ["galicia", "aragon", "sevilla"],
         "first_player": 0}


def state_module(ctx: Any) -> Any:
    return ctx.games["king-and-intrigue"]


def _started(ctx: Any, monkeypatch: Any) -> str:
    gid = new_game(ctx, monkeypatch, game="king-and-intrigue", setup=SETUP)
    for seat in range(3):
        assert state(ctx, gid).phase == "setup"
        play(ctx, gid, Command("keep", seat, {"cards": KEEP}))
    s = state(ctx, gid)
    assert s.secret is not None and s.secret.kind == "setup_disc"  # the keep resolved at once
    play(ctx, gid, Command("secret", 0, {"choice": "granada"}))
    play(ctx, gid, Command("secret", 1, {"choice": "granada"}))
    assert state(ctx, gid).places["granada"] == [0, 0, 0]  # nothing moves before the last disc
    play(ctx, gid, Command("secret", 2, {"choice": "valencia"}))
    s = state(ctx, gid)
    assert s.places["granada"][:2] == [1, 1] and s.places["valencia"][2] == 1
    assert s.phase == "power" and s.round == 1
    return gid


def test_the_set_up_secrets_resolve_when_the_last_is_in(ctx: Any, monkeypatch: Any) -> None:
    gid = _started(ctx, monkeypatch)
    kept = [e for e in events_of(ctx, gid, 1) if e.type == "hands_kept"]
    assert len(kept) == 1 and sorted(kept[0]["hands"]) == ["0", "1", "2"]


def test_own_undo_until_a_power_card_is_seen_then_by_consent(ctx: Any,
                                                              monkeypatch: Any) -> None:
    gid = _started(ctx, monkeypatch)
    play(ctx, gid, Command("play_power", 0, {"card": 180}))
    with pytest.raises(Rejected):  # the others saw the 180: it is theirs to agree to take back
        undo.undo_own(ctx, gid, 0)
    play(ctx, gid, Command("play_power", 1, {"card": 10}))
    play(ctx, gid, Command("play_power", 2, {"card": 90}))
    play(ctx, gid, Command("place", 0, {"places": {"castillo": 2}}))
    assert state(ctx, gid).places["castillo"][0] == 2
    undo.undo_own(ctx, gid, 0)  # a placement nobody has answered yet: one's own to take back
    s = state(ctx, gid)
    assert s.places["castillo"][0] == 0 and s.turn.seat == 0 and not s.turn.placed
    played = [r.seq for r in rows(ctx, gid) if r.event(state_module(ctx)).type == "power_played"]
    req = undo.request(ctx, gid, 1, played[0], reason="wrong card")  # back to Ann's 180
    undo.answer(ctx, gid, req.id, 0, True)
    done = undo.answer(ctx, gid, req.id, 2, True)
    assert done.status == "applied"
    s = state(ctx, gid)
    assert s.phase == "power" and s.power_played == {0: 180} and 10 in s.hands[1]
    assert done.crosses_reveal  # the 10 and the 90 had been seen


def test_a_record_made_before_the_rules_versions_verifies_with_its_old_outcome(
        ctx: Any, monkeypatch: Any) -> None:
    """Issue 22: a game created before the fixes (no `rules` in its first event: version 1) keeps
    its rules and its record verifies: with the Player's Edition at 4 players its King holder
    still chooses the action (version 2: only the King's), every command decided again by the
    rules of its own version."""
    import random

    from domain.core.events import Event
    from service import records
    from tests.audit.helpers import pending_human

    module = state_module(ctx)
    original = module.create

    def before_versions(*args: Any, **kwargs: Any) -> list[Event]:
        first, *rest = original(*args, **kwargs)
        return [Event(first.type, {k: v for k, v in first.payload.items() if k != "rules"}),
                *rest]

    monkeypatch.setattr(module, "create", before_versions)
    gid = new_game(ctx, monkeypatch, seats=4, game="king-and-intrigue",
                   options={"players_edition": True},
                   setup={**SETUP, "homes": [*SETUP["homes"], "valencia"]})
    monkeypatch.setattr(module, "create", original)  # verify makes today's opening
    assert "rules" not in events_of(ctx, gid, 1, 1)[0].payload and state(ctx, gid).rules == 1
    rng = random.Random(4)
    while (s := state(ctx, gid)).round < 3:
        play(ctx, gid, module.sample_command(s, rng.choice(pending_human(module, s)), rng))
    chosen = [e for e in events_of(ctx, gid, 1) if e.type == "action_chosen"]
    assert chosen, "the King and Intrigue holders chose, as version 1 lets them"
    report = records.verify(ctx, gid)
    assert report.ok and report.redecided > 20, report.text()
    loaded = records.parse(list(records.export_lines(ctx, gid)))
    assert records.check_loaded(ctx, loaded).ok  # an import checks it the same way


def test_a_record_of_a_rules_version_this_server_does_not_know_fails_verification(
        ctx: Any, monkeypatch: Any) -> None:
    """A record made by a newer server (a version above this one's) is not judged by older
    rules: verify says which version it is and which this server plays."""
    from domain.core.events import Event
    from service import records

    module = state_module(ctx)
    original = module.create

    def newer(*args: Any, **kwargs: Any) -> list[Event]:
        first, *rest = original(*args, **kwargs)
        return [Event(first.type, {**first.payload, "rules": module.rules_version + 1}), *rest]

    monkeypatch.setattr(module, "create", newer)
    gid = new_game(ctx, monkeypatch, game="king-and-intrigue", setup=SETUP)
    monkeypatch.setattr(module, "create", original)
    report = records.verify(ctx, gid)
    assert not report.ok and "rules version 3" in report.text() and "1 to 2" in report.text()
