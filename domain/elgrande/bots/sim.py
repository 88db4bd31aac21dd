"""Simulation helpers for bots: apply a command to a (determinised) state, settle the responses."""

from __future__ import annotations

from collections.abc import Callable

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.elgrande import evolve, rules
from domain.elgrande.state import State

RESPONSES = frozenset({"veto", "secret", "return", "resolve"})

Policy = Callable[[State, Decision], Command]


def step(s: State, command: Command) -> State:
    """The state after `command` (a RuleError if it is illegal); `s` is not modified."""
    events = rules.decide(s, command)
    after = s.clone()
    for event in events:
        evolve.apply(after, event)
    return after


def default_policy(s: State, d: Decision) -> Command:
    return rules.default_command(s, d)


def settle(s: State, seat: int, policy: Policy = default_policy, limit: int = 50) -> State:
    """Play the other seats' responses (vetoes, secret choices, returns, the system's resolve) to
    what `seat` just did, until `seat` must decide again or another seat's own turn comes."""
    for _ in range(limit):
        if s.phase == "over":
            return s
        decisions = rules.pending(s)
        if not decisions or any(d.seat == seat for d in decisions):
            return s
        d = decisions[0]
        if d.kind not in RESPONSES:
            return s
        s = step(s, policy(s, d))
    return s
