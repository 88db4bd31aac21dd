"""From a reply sent to the answer sent: the time a player waits for "Read as: …" (issue 24:
under 2 s median), in the embedded mode (`pbem serve`: SQLite, no Celery, the reply intake on
its SMTP port) and with Celery workers (`pbem serve --workers celery`, `pbem worker` and
`pbem mail-in` on the local Redis; no beat, so every mail leaves because a commit woke a worker).

    .venv/bin/python benchmarks/answers.py [--replies 30] [--mode embedded|celery|both]
                                           [--ports N] [--smoke]

Each mode runs its own processes on free local ports and a scratch instance folder (SQLite), and
plays an El Grande game of three by mail: a player's reply is the example line of the last mail
that asked them something, sent to the intake by SMTP; the clock runs from the moment the reply
is handed to SMTP until the answer's .eml file is in the local outbox (the sender wrote it: what
an SMTP relay would have been handed). Printed per mode: median, p95 and max, beside two
yardsticks of the same run: the intake's own SMTP round trip for the reply (reading and playing
it, the answer queued), and a fixed plain-Python loop (the machine's speed just then).
"""

from __future__ import annotations

import argparse
import contextlib
import email
import json
import os
import shutil
import signal
import smtplib
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PBEM = str(Path(sys.executable).with_name("pbem"))
REDIS = os.environ.get("PBEM_BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
DECIDE = "What you must decide now:"
EXAMPLE = "For example:"
PEOPLE = [("ann@example.com", "Ann"), ("bob@example.com", "Bob"), ("cid@example.com", "Cid")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def yardstick() -> float:
    """A fixed plain-Python loop, ms."""
    start = time.perf_counter()
    total = 0
    for i in range(200_000):
        total += i % 7
    return (time.perf_counter() - start) * 1e3


def call(base: str, method: str, path: str, token: str, body: Any = None) -> Any:
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"Bearer {token}",
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def wait(condition: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {what} within {timeout} s")
        time.sleep(0.005)


class Outbox:
    """The local outbox folder, read as a player's inbox."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.seen: set[str] = set()

    def new(self) -> list[EmailMessage]:
        if not self.folder.exists():
            return []
        paths = sorted((p for p in self.folder.glob("*.eml") if p.name not in self.seen),
                       key=lambda p: p.stat().st_mtime_ns)
        out = []
        for path in paths:
            self.seen.add(path.name)
            out.append(email.message_from_bytes(path.read_bytes(), policy=policy.default))
        return out


def text_of(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    return body.get_content() if body is not None else ""


def example_of(message: EmailMessage) -> str | None:
    text = text_of(message)
    if DECIDE not in text or EXAMPLE not in text:
        return None
    after = text.split(EXAMPLE, 1)[1].strip().splitlines()
    return after[0].strip() if after else None


def start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([PBEM, *args], env=env, cwd=ROOT, stdout=log.open("ab"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def stop(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def run_mode(mode: str, replies: int, folder: Path, ports: int | None = None
             ) -> tuple[list[float], list[float], list[float]]:
    """(answer latencies, intake round trips, yardsticks), seconds / ms. `ports`: the web
    server's, the intake's the next one (else free ports)."""
    run = uuid.uuid4().hex[:8]
    web, mail_port = (ports, ports + 1) if ports else (free_port(), free_port())
    instance = folder / mode
    env = {**os.environ, "PBEM_INSTANCE": str(instance), "PBEM_SECRET_KEY": "bench",
           "PBEM_BASE_URL": f"http://127.0.0.1:{web}", "PBEM_LIMIT_INVITE": "off",
           "PBEM_LIMIT_INVITE_CLIENT": "off", "PBEM_BOT_BUDGET": "0.2"}
    for name in ("PBEM_DATABASE_URL", "PBEM_SMTP_HOST", "PBEM_BROKER_URL"):
        env.pop(name, None)
    log = folder / f"{mode}.log"
    procs = []
    try:
        if mode == "embedded":
            procs.append(start(["serve", "--port", str(web), "--mail-port", str(mail_port)],
                               env, log))
        else:
            env.update({"PBEM_BROKER_URL": REDIS, "PBEM_BROKER_PREFIX": f"pbem-bench-{run}:",
                        "PBEM_QUEUE": f"pbem-bench-{run}"})
            subprocess.run([PBEM, "db", "upgrade"], env=env, cwd=ROOT, check=True,
                           capture_output=True)
            procs.append(start(["serve", "--port", str(web), "--workers", "celery"], env, log))
            procs.append(start(["worker", "--concurrency", "2", "--loglevel", "WARNING"], env,
                               log))
            procs.append(start(["mail-in", "--port", str(mail_port)], env, log))
        base = f"http://127.0.0.1:{web}"

        def up() -> bool:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2):
                    return True
            except Exception:
                return False

        wait(up, 60, "web server")
        tokens = []
        for address, name in PEOPLE:
            out = subprocess.run([PBEM, "player", "add", address, "--name", name], env=env,
                                 cwd=ROOT, check=True, capture_output=True, text=True)
            tokens.append(out.stdout.strip().splitlines()[-1])
        game = call(base, "POST", "/api/games", tokens[0],
                    {"game": "el-grande", "seats": [a for a, _ in PEOPLE], "start": False})
        for token in tokens[1:]:
            call(base, "POST", f"/api/games/{game['id']}/accept", token)

        def can_connect() -> bool:
            try:
                with smtplib.SMTP("127.0.0.1", mail_port, timeout=2):
                    return True
            except OSError:
                return False

        wait(can_connect, 60, "reply intake")
        box = Outbox(instance / "mail")
        asks: dict[str, EmailMessage] = {}

        def read(messages: list[EmailMessage]) -> None:
            for m in messages:
                to = str(m["To"])
                who = next(a for a, _ in PEOPLE if a in to)
                if example_of(m) and m["Reply-To"]:
                    asks[who] = m
                else:
                    asks.pop(who, None)

        latencies: list[float] = []
        intake: list[float] = []
        sticks: list[float] = []
        while len(latencies) < replies:
            if not asks:
                read(wait(box.new, 30, "a mail that asks a move"))
                continue
            who, asked = next(iter(asks.items()))
            del asks[who]
            reply = EmailMessage()
            reply["From"], reply["To"] = who, str(asked["Reply-To"])
            reply["Subject"], reply["In-Reply-To"] = "Re: " + str(asked["Subject"]), \
                str(asked["Message-ID"])
            reply["Message-ID"] = make_msgid(domain="example.com")
            reply.set_content(f"Hello,\n{example_of(asked)}\nThanks")
            sticks.append(yardstick())
            began = time.perf_counter()
            with smtplib.SMTP("127.0.0.1", mail_port, timeout=60) as smtp:
                smtp.send_message(reply)
            intake.append(time.perf_counter() - began)
            got: list[EmailMessage] = []

            def answered(got: list[EmailMessage] = got, who: str = who) -> bool:
                got.extend(box.new())
                return any(who in str(m["To"]) and str(m["Subject"]).startswith("Re:")
                           for m in got)

            wait(answered, 30, f"answer to {who}")
            latencies.append(time.perf_counter() - began)
            read(got)
        return latencies, intake, sticks
    finally:
        for proc in reversed(procs):
            stop(proc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replies", type=int, default=30)
    parser.add_argument("--mode", choices=("embedded", "celery", "both"), default="both")
    parser.add_argument("--ports", type=int, default=None, metavar="N",
                        help="the web server on port N, the reply intake on N+1 (default: free "
                             "ports)")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny run that only proves the script works (the test suite's)")
    args = parser.parse_args()
    modes = ["embedded", "celery"] if args.mode == "both" else [args.mode]
    if args.smoke:
        args.replies, modes = 3, ["embedded"]
    folder = Path(tempfile.mkdtemp(prefix="pbem-answers-"))
    try:
        print(f"{'mode':<9} {'replies':>7} {'median':>8} {'p95':>8} {'max':>8} "
              f"{'intake median':>14} {'yardstick ms (median)':>22}")
        for mode in modes:
            latencies, intake, sticks = run_mode(mode, args.replies, folder, args.ports)
            ordered = sorted(latencies)
            p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
            print(f"{mode:<9} {len(latencies):>7} {statistics.median(latencies):>7.3f}s "
                  f"{p95:>7.3f}s {ordered[-1]:>7.3f}s {statistics.median(intake):>13.3f}s "
                  f"{statistics.median(sticks):>22.1f}")
        print("target: median under 2 s in both modes (the answer written by the sender)")
    except Exception:
        for log in folder.glob("*.log"):
            print(f"--- {log.name}", file=sys.stderr)
            print(log.read_text(errors="replace")[-4000:], file=sys.stderr)
        raise
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
