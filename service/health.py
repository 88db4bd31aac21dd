"""Whether the service's parts answer: the database, the broker, the reply intake.

`GET /healthz` (service/api) and `pbem health` (each compose service's health check) ask the same
checks. Each runs with a short timeout in a thread of its own, so one part that hangs (a firewall
that drops packets) cannot hold the answer, and all of them are asked at once.

What a check knocks on:
- database: `SELECT 1` through the process's own engine (its pool: what the requests use);
- broker: a Redis `PING` on `PBEM_BROKER_URL` ("not used" when the process runs the work itself);
- mail intake: the SMTP/LMTP server at `PBEM_MAIL_INTAKE` (or the one `pbem serve` runs) must
  greet with 220, and the IMAP server of `PBEM_IMAP_HOST` with `* OK` ("not used" when neither
  is configured).

A check's `error` says why (the exception's type and first line: no URL, so no password); the
public endpoint shows it too — an operator reads it, and it names nothing a visitor could use
that the address of the page did not already tell.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import text

from service import db
from service.context import Context

TIMEOUT = 3.0  # seconds a check may take
OK, FAILING, NOT_USED = "ok", "failing", "not used"


@dataclass(frozen=True)
class Check:
    status: str
    ms: float | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status}
        if self.ms is not None:
            out["ms"] = round(self.ms, 1)
        if self.error:
            out["error"] = self.error
        return out


def _reason(error: BaseException) -> str:
    first = (str(error).strip().splitlines() or [""])[0]
    if "://" in first:  # a URL (perhaps with a password): not repeated
        first = ""
    return f"{type(error).__name__}: {first}"[:200].rstrip(": ")


def database(ctx: Context) -> None:
    with db.read(ctx.engine) as conn:
        conn.execute(text("SELECT 1")).scalar_one()


def broker(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT)
    try:
        if not client.ping():
            raise ConnectionError("no PONG")
    finally:
        client.close()


def _address(target: str, default_port: int) -> tuple[str, int]:
    host, _, port = target.rpartition(":")
    if not host:
        return target, default_port
    return host.strip("[]"), int(port)


def smtp(target: str) -> None:
    """The intake greets (220) and says goodbye: nothing is sent."""
    host, port = _address(target, 25)
    with socket.create_connection((host, port), timeout=TIMEOUT) as conn:
        conn.settimeout(TIMEOUT)
        greeting = conn.recv(512)
        if not greeting.startswith(b"220"):
            raise ConnectionError(f"greeted with {greeting[:40]!r}, not 220")
        conn.sendall(b"QUIT\r\n")


def imap(host: str, port: int, use_ssl: bool) -> None:
    import ssl

    with socket.create_connection((host, port), timeout=TIMEOUT) as raw:
        conn = ssl.create_default_context().wrap_socket(raw, server_hostname=host) \
            if use_ssl else raw
        conn.settimeout(TIMEOUT)
        greeting = conn.recv(512)
        if not greeting.startswith(b"* OK"):
            raise ConnectionError(f"greeted with {greeting[:40]!r}, not * OK")


def checks_for(ctx: Context, *, parts: Iterable[str] = ("database", "broker", "mail_intake"),
               intake: str | None = None) -> dict[str, Callable[[], None] | None]:
    """The checks of `parts` for this process's settings (None: the part is not used).
    `intake`: the reply intake's host:port when the caller runs it (pbem serve)."""
    settings = ctx.settings
    found: dict[str, Callable[[], None] | None] = {}
    for part in parts:
        if part == "database":
            found[part] = partial(database, ctx)
        elif part == "broker":
            found[part] = partial(broker, settings.broker_url) if settings.broker_url else None
        elif part == "mail_intake":
            where = intake or settings.mail_intake
            if where:
                found[part] = partial(smtp, where)
            elif settings.imap_host:
                found[part] = partial(imap, settings.imap_host, settings.imap_port,
                                      settings.imap_security == "ssl")
            else:
                found[part] = None
        else:
            raise ValueError(f"no health check {part!r}")
    return found


def run(checks: dict[str, Callable[[], None] | None], timeout: float = TIMEOUT
        ) -> dict[str, Check]:
    """Every check at once, each within `timeout` seconds."""
    results: dict[str, Check] = {}
    pool = ThreadPoolExecutor(max_workers=max(1, len(checks)), thread_name_prefix="health")
    try:
        started = time.monotonic()
        futures = {name: pool.submit(_timed, check) for name, check in checks.items()
                   if check is not None}
        for name, check in checks.items():
            if check is None:
                results[name] = Check(NOT_USED)
                continue
            left = max(0.1, timeout + 0.5 - (time.monotonic() - started))
            try:
                results[name] = futures[name].result(timeout=left)
            except FutureTimeout:
                results[name] = Check(FAILING, error=f"no answer within {timeout:g} s")
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return results


def _timed(check: Callable[[], None]) -> Check:
    began = time.monotonic()
    try:
        check()
    except Exception as error:
        return Check(FAILING, (time.monotonic() - began) * 1000, _reason(error))
    return Check(OK, (time.monotonic() - began) * 1000)


def report(results: dict[str, Check]) -> tuple[int, dict[str, Any]]:
    """(HTTP status, JSON body): 200 when every part in use answers, else 503."""
    healthy = all(c.status != FAILING for c in results.values())
    return (200 if healthy else 503), {"status": OK if healthy else FAILING,
                                       "checks": {n: c.to_json() for n, c in results.items()}}
