"""The built wheel is the service: built from the files the Docker image is built from (the context
`.dockerignore` leaves), installed into a fresh virtualenv and run from outside the checkout, it
migrates a new database, serves the web pages and their static files, and sends the mails of a game
started over the API, in the player's language, with the board's picture.

The virtualenv takes the dependencies from the test's own environment (a path line, not a
download), so only this project's code comes from the wheel; the test checks it does."""

from __future__ import annotations

import ctypes.util
import email
import json
import os
import shutil
import site
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Callable
from email.message import EmailMessage
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

from tests.packaging.context import ROOT, DockerIgnore

PACKAGES = ("domain", "service", "workers", "emails")


def _wait_for(what: str, condition: Callable[[], Any], seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def _build_wheel(tmp_path: Path) -> tuple[Path, set[str]]:
    context = tmp_path / "context"
    files = set(DockerIgnore().files())
    for rel in files:
        (context / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, context / rel)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                           "--wheel-dir", str(tmp_path / "dist"), str(context)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    return wheel, files


def _install(wheel: Path, venv: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    purelib = subprocess.run([venv / "bin" / "python", "-c",
                              "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # The dependencies: this environment's site-packages, after the venv's own (a .pth line adds
    # the folder only: the editable install's own .pth hook there is not run, so the checkout
    # stays out of sys.path).
    Path(purelib, "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                           "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return Path(purelib)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _http(url: str, data: dict[str, Any] | None = None, token: str | None = None
          ) -> tuple[int, str, bytes]:
    request = urllib.request.Request(url, data=None if data is None else json.dumps(data).encode(),
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.headers.get_content_type(), response.read()


def _mails(folder: Path) -> list[EmailMessage]:
    """The mails the outbox sender wrote (each file appears whole: written aside, then renamed)."""
    return [email.message_from_bytes(p.read_bytes(), policy=default_policy)  # type: ignore[misc]
            for p in folder.glob("*.eml")]


def test_the_installed_wheel_migrates_serves_and_mails(tmp_path: Path) -> None:
    wheel, context = _build_wheel(tmp_path)
    shipped = set(zipfile.ZipFile(wheel).namelist())
    needed = {f for f in context if f.split("/")[0] in PACKAGES}
    assert needed <= shipped, f"missing from the wheel: {sorted(needed - shipped)}"

    venv = tmp_path / "venv"
    purelib = _install(wheel, venv)
    run_dir, instance = tmp_path / "run", tmp_path / "instance"
    run_dir.mkdir()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PBEM_") and k not in ("PYTHONPATH", "PYTHONHOME")}
    port = _free_port()
    env.update(PBEM_INSTANCE=str(instance), PBEM_TICK_SECONDS="0.2",
               PBEM_BASE_URL=f"http://127.0.0.1:{port}")
    pbem = venv / "bin" / "pbem"

    def run(*args: str | Path) -> str:
        done = subprocess.run(args, cwd=run_dir, env=env, capture_output=True, text=True,
                              timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = run(venv / "bin" / "python", "-c",
                "import domain, emails, service, workers; print(service.__file__, emails.__file__)")
    assert all(Path(p).is_relative_to(purelib) for p in where.split()), where

    head = max(f.split("/")[-1].split("_")[0] for f in needed
               if f.startswith("service/migrations/versions/"))
    assert f"database at revision {head}" in run(pbem, "db", "upgrade")
    ann = run(pbem, "player", "add", "ann@example.com", "--name", "Ann").split()[-1]
    bob = run(pbem, "player", "add", "bob@example.com", "--name", "Bob", "--language",
              "fr").split()[-1]

    server = subprocess.Popen([pbem, "serve", "--port", str(port), "--threads", "4",
                               "--workers", "embedded"], cwd=run_dir, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        def listening() -> bool:
            assert server.poll() is None, server.communicate()[1]
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", port)) == 0

        _wait_for("the server", listening)
        status, kind, page = _http(f"{base}/login")
        assert status == 200 and kind == "text/html" and b"<form" in page
        status, kind, css = _http(f"{base}/web/static/web.css")
        assert status == 200 and kind == "text/css"
        assert css == (ROOT / "service/web/static/web.css").read_bytes()

        status, _, body = _http(f"{base}/api/games", {
            "game": "el-grande", "seats": ["ann@example.com", "bob@example.com"]}, token=ann)
        assert status == 201, body
        game_id = json.loads(body)["id"]  # Bob accepts his invitation: the game starts
        status, _, body = _http(f"{base}/api/games/{game_id}/accept", {}, token=bob)
        assert status == 200, body
        cairo = ctypes.util.find_library("cairo") or os.environ.get("CI") == "true"

        def mail(*wanted: tuple[str, str, str]) -> Callable[[], tuple[EmailMessage, str] | None]:
            """The first mail to one of the (address, words in the subject, greeting) wanted."""
            def find() -> tuple[EmailMessage, str] | None:
                return next(((m, greeting) for m in _mails(instance / "mail")
                             for who, subject, greeting in wanted
                             if who in str(m["To"]) and subject in str(m["Subject"])), None)
            return find

        # The first player is drawn: the turn mail goes to Ann (English) or Bob (French).
        turn, greeting = _wait_for("the first turn's mail", mail(
            ("ann@example.com", "your turn", "Hello Ann"),
            ("bob@example.com", "à vous de jouer", "Bonjour Bob")))
        assert greeting in turn.get_body(("plain",)).get_content()
        assert "<html" in turn.get_body(("html",)).get_content()
        pictures = [p for p in turn.walk() if p.get_content_type() == "image/png"]
        assert pictures or not cairo, "no board picture although libcairo is installed"
        started, greeting = _wait_for("Bob's mail", mail(
            ("bob@example.com", "la partie a commencé", "Bonjour Bob")))
        assert greeting in started.get_body(("plain",)).get_content()
        status, _, outbox = _http(f"{base}/dev/outbox")  # nobody signed in: no mail shown
        assert status == 200 and b"Bob" not in outbox and b"pbem outbox" in outbox
        assert "bob@example.com" in run(pbem, "outbox", "--to", "bob@example.com")
    finally:
        server.terminate()
        print("pbem serve said:", server.communicate(timeout=30)[1])  # shown when the test fails
        print("mails:", [str(m["Subject"]) for m in _mails(instance / "mail")])
