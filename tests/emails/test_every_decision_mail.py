"""The registry walk (issue 22, item 2): for every registered game and option set, every kind of
decision the game can ask a player is reached by random play, and its your-turn mail is built,
text and HTML, in English, French and Italian, through the real mail-building code
(`emails.outbound.build_message`). A King & Intrigue mail for the Hurricane's secret disc could not
be built (`KeyError: 'kim.hurricane.note'`), so the player was never told it was their turn.

The game's state comes from random play in memory, not from a database: `GameInfo` (what the mail
reads of a game) is given that state. The board's PNG is left out (its drawing is the same for
every decision, and tested with the boards)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from domain.core.commands import decide_known
from domain.core.decisions import Decision
from domain.core.i18n import LANGUAGES
from domain.games import GAMES
from emails import outbound, render
from service.context import Context
from service.settings import Settings

KINDS = {
    "el-grande": {"act", "choose_card", "power_card", "resolve", "return", "secret", "take",
                  "veto"},
    "king-and-intrigue": {"act", "choose_action", "cross", "guard", "keep", "power_card",
                          "resolve", "return", "secret", "take", "veto"},
    "el-caballero": {"power_card", "turn"},
}
"""Every kind of decision each game can pend (`resolve`: the system's, which no mail asks). A kind
the walk never reaches fails the test (a new one must be listed here); so does one reached that is
not listed."""

SEEDS = 6
"""Random games at most per option set (each stops once every kind was seen); the last set, every
module at once, may take up to MORE_SEEDS (the Royal Guard needs two modules and some luck)."""
MORE_SEEDS = 40
NAMES = ["Ann", "Bruno", "Chiara", "Dara", "Émile"]
KEY = re.compile(r"\b(?:kim|ki-modules|ask|elcaballero|core)\.[a-z_]+\.[a-z_.]+")


def option_sets(module: Any) -> list[dict[str, Any]]:
    """The defaults, each option's every other value alone, and every option off its default at
    once (the modules together: some decisions need two of them, as the Royal Guard)."""
    base = {o.name: o.default for o in module.option_specs}
    out = [dict(base)]
    for spec in module.option_specs:
        out += [{**base, spec.name: v} for v in spec.allowed if v != spec.default]
    out.append({o.name: next(v for v in o.allowed if v != o.default)
                for o in module.option_specs})
    return out


def variant(d: Decision) -> tuple[str, tuple[str, ...]]:
    """A decision's kind and the notes its form carries (a secret disc's says what it does): each
    variant's mail is built once per option set."""
    notes = tuple(m.key for m in d.form.notes) if d.build_form is not None else ()
    return d.kind, notes


def walk(module: Any, options: dict[str, Any], kinds: set[str], seeds: int = SEEDS
         ) -> Iterator[tuple[Any, Decision, int]]:
    """(state, decision, players) for each new variant of a player's decision, by random play;
    every kind pended is added to `kinds`."""
    seen: set[tuple[str, tuple[str, ...]]] = set()
    start = set(kinds)
    kinds.clear()
    counts = range(module.min_players, module.max_players + 1)
    for seed in range(seeds):
        rng = random.Random(f"walk:{seed}")
        players = counts[seed % len(counts)]
        state = module.fold(module.create(players, options, f"walk:{seed}", None))
        while not module.is_over(state) and kinds < KINDS[module.name]:
            decisions = module.pending(state)
            for d in decisions:
                kinds.add(d.kind)
                if d.seat is not None and variant(d) not in seen:  # the system's: no mail
                    seen.add(variant(d))
                    yield state, d, players
            d = rng.choice(decisions)
            for event in decide_known(module.decide, state, module.sample_command(state, d, rng)):
                state = module.evolve(state, event)
        if kinds >= KINDS[module.name]:
            break
    kinds |= start


class StateInfo(render.GameInfo):
    """A game as one seat sees it, from a state in memory (see the module's docstring)."""

    def __init__(self, ctx: Any, module: Any, state: Any, seat: int, players: int) -> None:
        self.ctx, self.game_id, self.module, self.state = ctx, "g-walk", module, state
        self.row = SimpleNamespace(game=module.name, version=1, status="active")
        self.names = NAMES[:players]
        self.player_ids = {i: None for i in range(players)}
        self.seat, self.version = seat, 1

    def due_at(self) -> Any:
        return datetime(2030, 1, 9, 8, 0, tzinfo=UTC)

    def since_last_move(self, lang: str) -> tuple[list[str], list[str]]:
        return [], []


@pytest.fixture(scope="module")
def service() -> Context:
    settings = Settings(database_url="sqlite://", secret_key="test-secret", instance=Path("."))
    return Context(engine=None, settings=settings, games=GAMES)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_decision_of_every_option_set_gets_its_your_turn_mail(
        game: str, service: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    module = GAMES[game]
    monkeypatch.setattr(render, "board_png", lambda *a, **k: None)
    reached: set[str] = set()
    sets = option_sets(module)
    for n, options in enumerate(sets):
        seeds = MORE_SEEDS if n == len(sets) - 1 else SEEDS
        for state, decision, players in walk(module, options, reached, seeds):
            info = StateInfo(service, module, state, decision.seat, players)
            monkeypatch.setattr(render, "GameInfo", lambda *a, _info=info, **k: _info)
            row = {"id": 1, "game_id": "g-walk", "kind": "your-turn", "player_id": None,
                   "payload": {"game_id": "g-walk", "seat": decision.seat},
                   "created_at": datetime(2030, 1, 7, 8, 0, tzinfo=UTC)}
            for lang in LANGUAGES:
                reader = SimpleNamespace(id=None, name=NAMES[decision.seat], language=lang,
                                         email="reader@example.com", time_zone="UTC")
                where = f"{game} {options} {variant(decision)} {lang}"
                try:
                    message = outbound.build_message(row, reader, ctx=service)
                except Exception as error:  # the failure says which decision, which language
                    raise AssertionError(f"{where}: {error!r}") from error
                text = message.get_body(("plain",)).get_content()
                html = message.get_body(("html",)).get_content()
                example = render.decision_block(info, decision, lang)["example"]
                assert example and example in text, where  # the move to copy, in the mail
                assert "<html" in html and NAMES[decision.seat] in html, where
                assert not KEY.search(text), f"{where}: a text key shows: {KEY.search(text)}"
    assert reached == KINDS[game], f"never reached: {KINDS[game] - reached}; " \
                                   f"not listed: {reached - KINDS[game]}"
