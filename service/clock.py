"""The workers' clock: every job takes `now` from here (or as an argument), so that tests freeze
and advance time instead of sleeping."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

_clock: Callable[[], datetime] = lambda: datetime.now(UTC)  # noqa: E731


def now() -> datetime:
    return _clock()


def set_clock(clock: Callable[[], datetime] | None) -> None:
    """Replace the clock (None: the real one)."""
    global _clock
    _clock = clock or (lambda: datetime.now(UTC))


def aware(stamp: datetime) -> datetime:
    """SQLite returns timestamps without their zone; they are stored in UTC."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
