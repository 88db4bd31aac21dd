"""`pbem serve` on embedded defaults, as a newcomer runs it: a real process on free ports, SQLite in
a temporary instance, no SMTP server. What it prints must be true: the web address answers, the
printed sign-in command works, mails link to the port actually served, and a reply sent by SMTP to
the printed port is received and answered."""

from __future__ import annotations

import contextlib
import email
import json
import os
import queue
import shlex
import smtplib
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

import pytest

PBEM = Path(sys.executable).with_name("pbem")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(what: str, condition: Callable[[], Any], seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _http(url: str, data: dict[str, Any] | None = None, token: str | None = None
          ) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body, redirects not followed, errors returned like answers."""
    request = urllib.request.Request(url, data=None if data is None else json.dumps(data).encode(),
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


class Server:
    """`pbem serve` in a process; its stderr lines collected by a thread."""

    def __init__(self, env: dict[str, str], *args: str) -> None:
        self.process = subprocess.Popen([str(PBEM), "serve", *args], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        text=True)
        self.lines: list[str] = []
        self._queue: queue.SimpleQueue[str] = queue.SimpleQueue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._queue.put(line.rstrip("\n"))

    def line(self, starting: str, seconds: float = 60) -> str:
        """The first line printed that starts so (waiting for it, at most `seconds`)."""
        deadline = time.monotonic() + seconds
        while True:
            found = next((x for x in self.lines if x.startswith(starting)), None)
            if found is not None:
                return found
            left = deadline - time.monotonic()
            if left <= 0 or (self.process.poll() is not None and self._queue.empty()):
                raise AssertionError(f"no line {starting!r} in {self.lines}")
            with contextlib.suppress(queue.Empty):
                self.lines.append(self._queue.get(timeout=min(left, 0.5)))

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update(PBEM_INSTANCE=str(tmp_path / "instance"), PBEM_TICK_SECONDS="0.2",
               PBEM_SECRET_KEY="serve-test")
    return env


@pytest.fixture
def served(env: dict[str, str]) -> Iterator[tuple[Server, int, int]]:
    port, mail_port = _free_port(), _free_port()
    server = Server(env, "--port", str(port), "--mail-port", str(mail_port), "--threads", "4")
    try:
        yield server, port, mail_port
    finally:
        server.stop()


def _mails(folder: Path) -> list[EmailMessage]:
    """The mails the outbox sender wrote (each file appears whole: written aside, then renamed)."""
    return [email.message_from_bytes(p.read_bytes(), policy=default_policy)  # type: ignore[misc]
            for p in folder.glob("*.eml")]


def _text(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def test_pbem_serve_says_where_to_go_and_its_links_and_mail_intake_work(
        served: tuple[Server, int, int], env: dict[str, str], tmp_path: Path) -> None:
    server, port, mail_port = served
    web = f"http://127.0.0.1:{port}"
    assert server.line("pbem: open ").startswith(f"pbem: open {web}/ in a browser")
    assert f"SMTP on 127.0.0.1:{mail_port}" in server.line("pbem: replies by mail")
    assert f"{web}/dev/outbox" in server.line("pbem: mails are not sent")
    assert server.line("pbem: links in mails").startswith(f"pbem: links in mails point to {web} ")
    _wait_for("the web server", lambda: _http(f"{web}/login")[0] == 200)

    # The web address leads to the sign-in page; /api says where the API is described.
    status, headers, _ = _http(f"{web}/")
    assert status == 302 and headers["Location"].endswith("/login")
    status, headers, body = _http(f"{web}/api")
    assert status == 200 and headers["Content-Type"] == "application/json"
    described = json.loads(body)["openapi"]
    status, _, body = _http(f"{web}{described}")
    assert status == 200 and json.loads(body)["info"]["title"] == "Play by mail"

    # The printed first sign-in, pasted as it is (for Ann, then Bob): a link to this port.
    printed = server.line("pbem: first sign-in").split(": ", 2)[2].split("  (")[0]
    tokens = {}
    for who in ("ann", "bob"):
        words = shlex.split(printed.replace("you@example.com", f"{who}@example.com")
                            .replace("--name You", f"--name {who.title()}"))
        assignments = dict(w.split("=", 1) for w in words if "=" in w and not w.startswith("-"))
        command = [w for w in words if w not in {f"{k}={v}" for k, v in assignments.items()}]
        done = subprocess.run(command, env={**env, **assignments}, capture_output=True,
                              text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        link = next(x for x in done.stderr.splitlines() if x.startswith("sign-in link: "))
        assert link.startswith(f"sign-in link: {web}/login/"), link
        tokens[who] = done.stdout.split()[-1]
        assert _http(link.split(": ", 1)[1])[0] == 200

    # A game created through this server, as the README says (Bob accepts, and it starts): its
    # mails link to this port, not to 8000.
    status, _, body = _http(f"{web}/api/games", {
        "game": "el-grande", "seats": ["ann@example.com", "bob@example.com"], "start": False},
        token=tokens["ann"])
    assert status == 201, body
    game_id = json.loads(body)["id"]
    status, _, body = _http(f"{web}/api/games/{game_id}/accept", {}, token=tokens["bob"])
    assert status == 200 and json.loads(body)["status"] == "active", body
    folder = tmp_path / "instance" / "mail"

    def started_mail_to_bob() -> EmailMessage | None:  # one he can answer by mail
        return next((m for m in _mails(folder) if "bob@example.com" in str(m["To"])
                     and game_id in str(m["Subject"]) and m["Reply-To"]), None)

    started = _wait_for("a mail to Bob about the game in play", started_mail_to_bob)
    assert f"{web}/games/{game_id}" in _text(started)
    assert "localhost:8000" not in started.as_string()

    # Bob answers it by SMTP on the printed port; the service reads it and answers him.
    reply = EmailMessage()
    reply["From"] = "Bob <bob@example.com>"
    reply["To"] = started["Reply-To"]
    reply["Subject"] = f"Re: {started['Subject']}"
    reply["Message-ID"] = "<bob-first-reply@example.com>"
    reply["In-Reply-To"] = started["Message-ID"]
    reply.set_content("what can I do?\n")
    with smtplib.SMTP("127.0.0.1", mail_port, timeout=30) as smtp:
        smtp.send_message(reply)
    answer = _wait_for("the answer to Bob's reply", lambda: next(
        (m for m in _mails(folder) if "bob@example.com" in str(m["To"])
         and "<bob-first-reply@example.com>" in str(m["In-Reply-To"] or "")), None))
    assert str(answer["Subject"]).startswith("Re: ")
    said = server.line("pbem: reply <bob-first-reply@example.com>: ")
    assert "what can I do" not in said  # the console says what happened, not what was written


def test_a_taken_mail_port_is_said_and_the_web_pages_are_served(env: dict[str, str]) -> None:
    port = _free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        mail_port = taken.getsockname()[1]
        server = Server(env, "--port", str(port), "--mail-port", str(mail_port), "--threads", "2")
        try:
            assert f"127.0.0.1:{mail_port} cannot be used" in server.line(
                "pbem: replies by mail are NOT received", seconds=60)
            server.line("pbem: links in mails")
            assert not [x for x in server.lines if x.startswith("pbem: replies by mail: SMTP")]
            _wait_for("the web server", lambda: _http(f"http://127.0.0.1:{port}/login")[0] == 200)
        finally:
            server.stop()


def test_with_pbem_base_url_given_links_and_the_sign_in_command_use_it() -> None:
    from pbem import startup
    from service.settings import Settings

    given = Settings.from_env("sqlite://", {"PBEM_BASE_URL": "http://192.168.1.20:8000",
                                            "PBEM_SECRET_KEY": "k"})
    settings = startup.settle_base_url(given, "0.0.0.0", 8000)
    assert settings == given
    lines = startup.notes(settings, host="0.0.0.0", port=8000, mode="embedded",
                          dev_outbox=True, mail_in=("0.0.0.0", 2525))

    def said(start: str) -> str:
        return next(line for line in lines if line.startswith(f"pbem: {start}"))

    assert said("open ").startswith("pbem: open http://localhost:8000/ ")
    assert "PBEM_BASE_URL=http://192.168.1.20:8000 " in said("first sign-in")
    assert "SMTP on localhost:2525" in said("replies by mail")
    assert said("links in mails") == "pbem: links in mails point to http://192.168.1.20:8000"
