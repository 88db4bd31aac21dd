"""Undo as an event: an `undone` event marks a range of earlier events that folding skips.

The original events stay in the log (the audit view shows them as undone); nothing is deleted.
An `undone` event's payload holds `first` and `last`, the sequence numbers (1-based positions in
the game's stream) of the range it cancels. Undo events themselves never reach a game's `evolve`.
Because draws are keyed by (seed, draw number) and the draw counter lives in the state, deciding
again after an undo redraws exactly the same outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domain.core.events import Event

UNDONE = "undone"


def undone_event(first: int, last: int, *, by: int | None, reason: str,
                 consent: Sequence[int] = ()) -> Event:
    return Event(UNDONE, {"first": first, "last": last, "by": by, "reason": reason,
                          "consent": list(consent)})


def undone_seqs(stream: Iterable[tuple[int, Event]]) -> set[int]:
    """The sequence numbers cancelled by the stream's undo events (and the undo events themselves)."""
    out: set[int] = set()
    for seq, event in stream:
        if event.type == UNDONE:
            out.update(range(event["first"], event["last"] + 1))
            out.add(seq)
    return out


def effective(stream: Sequence[tuple[int, Event]]) -> list[Event]:
    """The events that make the game's state: the stream minus undone ranges and undo markers."""
    skip = undone_seqs(stream)
    return [event for seq, event in stream if seq not in skip]
