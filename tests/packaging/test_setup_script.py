"""bin/serve sets up only what serving needs, and never fails over a system package; bin/test's
set-up (`bin/setup`) still installs the browser the tests drive.

The scripts run in a copy of the checkout with a stub `apt-get` first on PATH that records its
arguments (and answers as told), a stub `ldconfig` that finds no cairo, and a prepared .venv, so
nothing is installed and nothing is downloaded."""

from __future__ import annotations

import hashlib
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script(path: Path, text: str) -> None:
    path.write_text("#!/bin/sh\n" + text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """bin/ and pyproject.toml, with a .venv that is already installed (and a `pbem` that only
    says it ran), and stubs for the system's tools."""
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "bin", copy / "bin")
    shutil.copy(ROOT / "pyproject.toml", copy)
    shutil.copy(ROOT / "constraints.txt", copy)
    venv = copy / ".venv" / "bin"
    venv.mkdir(parents=True)
    _script(venv / "python", "exit 0\n")
    _script(venv / "pbem", 'echo "pbem $*" >> "$STUB_LOG"\n')
    digest = hashlib.sha256((copy / "pyproject.toml").read_bytes()
                            + (copy / "constraints.txt").read_bytes()).hexdigest()[:16]
    (copy / ".venv" / f".installed-{digest}").touch()
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    _script(stubs / "apt-get", 'echo "apt-get $*" >> "$STUB_LOG"\n'
                               'echo "E: Could not get lock /var/lib/dpkg/lock-frontend" >&2\n'
                               'exit "${STUB_APT_EXIT:-0}"\n')
    _script(stubs / "ldconfig", "exit 0\n")  # no libcairo.so.2 in the cache
    _script(stubs / "id", 'echo "${STUB_UID:-0}"\n')
    return copy


def _run(checkout: Path, *command: str, apt_exit: int = 0, uid: int = 0
         ) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    log = checkout.parent / "calls.log"
    log.unlink(missing_ok=True)
    env = {"PATH": f"{checkout.parent / 'stubs'}:/usr/bin:/bin", "HOME": str(checkout.parent),
           "STUB_LOG": str(log), "STUB_APT_EXIT": str(apt_exit), "STUB_UID": str(uid),
           "PBEM_CHROMIUM": str(checkout / "no-chromium-here")}
    done = subprocess.run([str(checkout / command[0]), *command[1:]], env=env, cwd=checkout,
                          capture_output=True, text=True, timeout=60, check=False)
    calls = log.read_text().splitlines() if log.exists() else []
    return done, calls


def test_bin_serve_installs_cairo_but_no_browser_and_serves(checkout: Path) -> None:
    done, calls = _run(checkout, "bin/serve", "--port", "8123")
    assert done.returncode == 0, done.stderr
    installs = [c for c in calls if c.startswith("apt-get") and " install " in c]
    assert installs and all("libcairo2" in c and "chromium" not in c for c in installs), calls
    assert calls[-1] == "pbem serve --port 8123"


def test_bin_serve_serves_when_apt_is_busy_and_says_so_in_one_line(checkout: Path) -> None:
    done, calls = _run(checkout, "bin/serve", apt_exit=100)
    assert done.returncode == 0, done.stderr
    assert calls[-1] == "pbem serve"
    said = done.stderr.strip().splitlines()
    assert len(said) == 1 and "libcairo2" in said[0] and "busy" in said[0], done.stderr


def test_bin_serve_without_root_only_says_what_is_missing(checkout: Path) -> None:
    done, calls = _run(checkout, "bin/serve", uid=1000)  # and no sudo on this PATH
    assert done.returncode == 0, done.stderr
    assert calls == ["pbem serve"]
    said = done.stderr.strip().splitlines()
    assert len(said) == 1 and "needs root" in said[0], done.stderr


def test_the_test_setup_installs_the_browser_and_fails_when_it_cannot(checkout: Path) -> None:
    done, calls = _run(checkout, "bin/setup")
    assert done.returncode == 0, done.stderr
    assert any(" install " in c and "chromium" in c for c in calls), calls
    done, calls = _run(checkout, "bin/setup", apt_exit=100)
    assert done.returncode != 0
