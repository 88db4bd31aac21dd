"""Every benchmark still runs: each script in `benchmarks/` is run in its `--smoke` mode.

A benchmark that nothing runs rots: `benchmarks/api.py` ended in IndexError for weeks once games
started by acceptance, and nobody saw it. Here every script is run as `bin/bench` runs it, only
tiny, so a change that breaks one fails the suite. A new script is covered by being in the folder;
it must take `--smoke`. The figures themselves are not judged here (performance is measured by
`bin/bench`, not by timed tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(p for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))


def test_every_benchmark_is_found() -> None:
    assert {"api.py", "fold.py", "load.py", "resolve.py", "storage.py"} <= {p.name for p in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_benchmark_runs_in_smoke_mode(script: Path) -> None:
    done = subprocess.run([sys.executable, str(script), "--smoke"], cwd=ROOT, text=True,
                          capture_output=True, timeout=240)
    assert done.returncode == 0, f"{script.name} --smoke failed:\n{done.stdout}\n{done.stderr}"
    assert done.stdout.strip(), f"{script.name} --smoke printed no figures"
    assert "Traceback" not in done.stdout + done.stderr
