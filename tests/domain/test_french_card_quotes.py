"""French names a card's action by apposition, « l'action « Intrigue » », as the log already did
(« choisit l'action « Le Roi » »): « l'action de « Intrigue » » / « de « Le Roi » » misses the
elision or the contraction (d'Intrigue, du Roi) for half the cards."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_french_text_puts_de_before_a_quoted_card_name() -> None:
    for source in [*ROOT.glob("domain/*/*.py"), *ROOT.glob("service/**/*.py"),
                   *ROOT.glob("emails/*.py")]:
        text = source.read_text(encoding="utf-8")
        found = re.findall(r"[^\"]*\bde « \{card\} »[^\"]*", text)
        assert not found, (source.relative_to(ROOT), found)
