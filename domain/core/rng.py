"""Seeded draws keyed by (game seed, draw number).

Every random outcome of a game is the n-th draw of its seed. Re-deciding after an undo reaches the
same draw number and so draws the same outcome: undo can never be used to reroll. The outcome is
stored in the event, so folding never needs the seed.
"""

from __future__ import annotations

import hashlib
import random


def draw_rng(seed: str, draw: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}\x00{draw}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def seed_commitment(seed: str) -> str:
    """The public commitment to a seed (published at creation, checkable once the seed is revealed)."""
    return hashlib.sha256(f"pbem-seed\x00{seed}".encode()).hexdigest()
