"""The corpus of replies as people write them (tests/corpus/replies/, written before the new reader
by someone who had not read the reader), read by the service's own mail-reply path.

Honest while the reader is being rewritten: nothing may be misread beyond the reader's known
misreadings, and the entries not read right must be exactly those of `known_failures.txt`, each
with the same outcome — an entry the reader now gets right must leave the list (the figures went
up: shrink it), a new failure is a regression. `benchmarks/replies.py` prints the shares.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from domain.core.errors import RuleError
from domain.games import GAMES
from service import context
from tests.corpus.replies import corpus, reading

KNOWN = corpus.HERE / "known_failures.txt"


def known() -> dict[str, str]:
    """{entry id: status} of known_failures.txt (`<id> <status>: why`, # comments)."""
    out = {}
    for line in KNOWN.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            ident, status = line.split(":", 1)[0].split()
            out[ident] = status.lower()
    return out


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, reading.Verdict]]:
    with reading.service(tmp_path_factory.mktemp("corpus")) as games:
        ctx = context.current()
        yield {entry["id"]: reading.judge(entry, reading.read(ctx, games[entry["at"]], entry))
               for entry in corpus.entries()}


def test_the_corpus_is_what_the_issue_asks_for() -> None:
    entries = list(corpus.entries())
    ids = Counter(e["id"] for e in entries)
    assert not [i for i, n in ids.items() if n > 1], "entry ids are unique"
    assert len(entries) >= 300
    games = {corpus.positions()[e["at"]]["game"] for e in entries}
    assert games == set(GAMES)
    for game in games:
        langs = {e["lang"] for e in entries if corpus.positions()[e["at"]]["game"] == game}
        assert langs == {"en", "fr", "it"}, game
    options = [corpus.positions()[e["at"]].get("options") or {} for e in entries]
    assert {"players_edition": True, "special_cards": True} in options
    assert {"advanced": True} in options and {} in options
    assert {e["expect"] for e in entries} == set(corpus.EXPECTS)
    assert sum("raw" in e for e in entries) >= 5, "whole mails from real clients"


@pytest.mark.parametrize("entry", list(corpus.entries()), ids=lambda e: e["id"])
def test_what_each_entry_expects_is_legal_at_its_position(entry: dict[str, Any]) -> None:
    """A corpus mistake fails here, not as the reader's."""
    assert entry["expect"] in corpus.EXPECTS
    assert entry["lang"] in ("en", "fr", "it")
    spec = corpus.positions()[entry["at"]]
    assert ("text" in entry) != ("raw" in entry)
    position = corpus.position_of(entry)
    if spec.get("invitation"):
        assert entry["expect"] in ("request", "ask")
        return
    if entry["expect"] in ("play", "ask", "refuse"):
        assert any(d.seat == entry["seat"] for d in position.module.pending(position.state))
    readings = {"play": [entry.get("commands")], "ask": entry.get("readings") or []}
    for commands in readings.get(entry["expect"], []):
        assert commands, entry["id"]
        try:
            corpus.play(position, entry["seat"], commands)
        except RuleError as error:
            pytest.fail(f"{entry['id']}: {commands} is not legal there: {error.message}")
    if entry["expect"] == "ask":  # two readings or more, or a misspelt name's one, mended
        assert len(entry["readings"]) >= 2 or (entry.get("mended") and entry["readings"])
    if entry["expect"] == "request":
        assert entry["request"] in ("board", "rules", "undo", "link", "stop", "restart",
                                    "accept", "decline")


def test_nothing_is_misread_and_the_failures_are_the_known_ones(
        verdicts: dict[str, reading.Verdict]) -> None:
    listed = known()
    failing = {i: v.status for i, v in verdicts.items() if v.status != "right"}
    new_misreads = {i: verdicts[i].why for i, s in failing.items()
                    if s == "misread" and listed.get(i) != "misread"}
    assert not new_misreads, f"misread (played what the player did not mean): {new_misreads}"
    now_right = sorted(set(listed) - set(failing))
    assert not now_right, (f"now read right: remove them from {KNOWN.name} (or run "
                           f"benchmarks/replies.py --write-known): {now_right}")
    changed = {i: (listed.get(i), s, verdicts[i].why) for i, s in failing.items()
               if listed.get(i) != s}
    assert not changed, f"not read as before (listed, now, why): {changed}"
    unknown = sorted(set(listed) - set(verdicts))
    assert not unknown, f"{KNOWN.name} names entries the corpus does not have: {unknown}"
