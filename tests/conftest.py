"""Fixtures every part of the suite may use.

`browser`: one headless Chromium (Debian's, driven by Playwright's sync API) for the whole
session of a test process. It lives here, once: two sync Playwright sessions cannot run in one
thread, so the web tests and the every-game walk must share this one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"
CHROMIUM = os.environ.get("PBEM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    reason = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "the playwright package is not installed (bin/setup installs it)"
    if reason is None and not Path(CHROMIUM).exists():
        reason = f"Chromium is not at {CHROMIUM} (bin/setup installs Debian's chromium)"
    if reason is not None:
        if IN_CI:
            pytest.fail(reason + " — mandatory under CI")
        pytest.skip(reason)
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                      headless=True)
        yield chromium
        chromium.close()
