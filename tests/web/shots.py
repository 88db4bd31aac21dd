"""Screenshots of the pages the browser tests drive, kept only when asked: PBEM_SCREENSHOTS=<folder>
(a person looks at them; a test run on another machine writes nothing)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

SHOTS = os.environ.get("PBEM_SCREENSHOTS")


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)
