"""How well the service reads replies as people write them: the corpus of tests/corpus/replies/
(written before the new reader, by someone who had not read the reader) read by the service's own
mail-reply path, nothing applied.

    .venv/bin/python benchmarks/replies.py            # shares per game and language
    .venv/bin/python benchmarks/replies.py --failures # and each entry not read right, with why
    .venv/bin/python benchmarks/replies.py --write-known   # rewrite known_failures.txt

Outcomes: read right; asked back (a question where the entry expects something else); refused
(not understood, refused, or read only in part with the rest still open); MISREAD (something
played or changed that the player did not mean). "Valid" replies are those a person would call
clear: every entry but the ones that must be refused.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service import context  # noqa: E402
from tests.corpus.replies import corpus, reading  # noqa: E402

STATUSES = ("right", "asked", "refused", "misread")
KNOWN = corpus.HERE / "known_failures.txt"


def run(every: int = 1) -> list[tuple[dict[str, Any], reading.Verdict]]:
    """Each entry read and judged; `every` > 1: only every so many (the smoke run: the whole
    corpus is tests/emails/test_reply_corpus.py's, here the script only has to work)."""
    with tempfile.TemporaryDirectory() as folder, reading.service(Path(folder)) as games:
        ctx = context.current()
        return [(entry, reading.judge(entry, reading.read(ctx, games[entry["at"]], entry)))
                for n, entry in enumerate(corpus.entries()) if n % every == 0]


def table(results: list[tuple[dict[str, Any], reading.Verdict]], valid_only: bool) -> list[str]:
    groups: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for entry, verdict in results:
        if valid_only and entry["expect"] == "refuse":
            continue
        game = corpus.positions()[entry["at"]]["game"]
        groups[(game, entry["lang"])][verdict.status] += 1
        groups[(game, "all")][verdict.status] += 1
        groups[("all", "all")][verdict.status] += 1
    lines = [f"{'game':<20} {'lang':<4} {'n':>4}  " + "  ".join(f"{s:>8}" for s in STATUSES)]
    for (game, lang), counts in sorted(groups.items(), key=lambda kv: (kv[0][0] == "all", kv[0])):
        n = sum(counts.values())
        lines.append(f"{game:<20} {lang:<4} {n:>4}  "
                     + "  ".join(f"{100 * counts[s] / n:7.1f}%" for s in STATUSES))
    return lines


def known_lines(results: list[tuple[dict[str, Any], reading.Verdict]]) -> list[str]:
    head = ["# Corpus entries the reader of the day does not read as expected: <id> <status>: why.",
            "# tests/emails/test_reply_corpus.py fails when this list and the reader disagree:",
            "# an entry now read right must leave it, a new failure must not appear. Rewrite it with",
            "# `.venv/bin/python benchmarks/replies.py --write-known` after checking the difference.",
            "# MISREAD lines are the reader's errors that play what the player did not mean."]
    body = []
    for entry, verdict in results:
        if verdict.status != "right":
            why = " ".join(verdict.why.split())[:220]
            status = "MISREAD" if verdict.status == "misread" else verdict.status
            body.append(f"{entry['id']} {status}: {why}")
    return head + body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--failures", action="store_true", help="list each entry not read right")
    parser.add_argument("--write-known", action="store_true", help="rewrite known_failures.txt")
    parser.add_argument("--smoke", action="store_true",
                        help="the test suite's run: every 40th entry")
    args = parser.parse_args()
    started = time.perf_counter()
    results = run(40 if args.smoke else 1)
    took = time.perf_counter() - started
    print(f"{len(results)} replies ({sum(e['expect'] != 'refuse' for e, _ in results)} valid), "
          f"read in {took:.1f} s (games set up included)\n")
    print("All replies:")
    print("\n".join(table(results, valid_only=False)))
    print("\nValid replies only (those a person would call clear):")
    print("\n".join(table(results, valid_only=True)))
    if args.failures:
        print()
        print("\n".join(known_lines(results)[5:]))
    if args.write_known:
        KNOWN.write_text("\n".join(known_lines(results)) + "\n", encoding="utf-8")
        print(f"\nwrote {KNOWN}")


if __name__ == "__main__":
    main()
