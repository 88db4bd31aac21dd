"""What `pbem serve` settles and says at start, for the person who just ran it.

Links in mails (sign-in, game pages, unsubscribe) are built from `settings.base_url`. Left to the
default they pointed at http://localhost:8000 whatever port was served, so a second server on
another port mailed links to the first. The service knows the address it serves, so that is the
default: `PBEM_BASE_URL` is only needed when people reach it by another address (a proxy, a
domain, TLS).

The lines printed at start say where to go next: the web pages (not the API's root), how to get
a first sign-in without a mail server, where the mails go and where replies come in.
"""

from __future__ import annotations

import os
import shlex
import socket
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from service.settings import Settings

WILDCARD_HOSTS = ("", "0.0.0.0", "::")


def workers_mode(mode: str, settings: Settings) -> str:
    """Who runs the background work (`--workers`): "auto" is Celery when a broker is named."""
    if mode == "auto":
        return "celery" if settings.broker_url else "embedded"
    return mode


def publisher(mode: str, runners: list[Any] | None = None) -> Callable[[Any], Any]:
    """For `context.bootstrap`: who runs the tasks this process's commits queue, in `mode`
    ("embedded": an in-process runner, appended to `runners` for its beat to be started;
    "celery": the workers, through the broker; "none": nobody, settled in process)."""
    if mode == "embedded":
        from workers.embedded import Embedded

        def embedded(ctx: Any) -> Any:
            runner = Embedded(ctx)
            if runners is not None:
                runners.append(runner)
            return runner.dispatch

        return embedded
    if mode == "celery":
        from workers.app import publisher as celery

        return celery
    return lambda ctx: None


def metrics_folder(role: str) -> str:
    """Put this process (and the processes it forks) in prometheus_client's multiprocess mode:
    its counters go to files in a folder of its own, `<metrics root>/<role>-<host>-<pid>`, which
    the web's `/metrics` adds up with every other process's (service/metrics.py). Called by the
    long-running commands (serve, worker, beat, mail-in, mail-poll) before anything imports
    prometheus_client, which reads the variable when it is imported. The root is
    `PBEM_METRICS_DIR`, else `<instance>/metrics`: one machine's processes, or one compose
    volume, share it. Returns the folder."""
    from service.settings import count_in, metrics_root, multiprocess_folder

    existing = multiprocess_folder()
    if existing:
        return existing
    folder = metrics_root() / f"{role}-{socket.gethostname()}-{os.getpid()}"
    folder.mkdir(parents=True, exist_ok=True)
    count_in(folder)
    return str(folder)


def _reachable(host: str) -> str:
    """How a client on this machine names a server listening on `host`."""
    name = "localhost" if host in WILDCARD_HOSTS else host
    return f"[{name}]" if ":" in name else name  # an IPv6 literal in brackets


def served_base_url(host: str, port: int) -> str:
    """The address of a server listening on host:port, as a browser on this machine writes it."""
    return f"http://{_reachable(host)}:{port}"


def settle_base_url(settings: Settings, host: str, port: int) -> Settings:
    """`settings` with the served address as `base_url`, unless `PBEM_BASE_URL` gave one.

    Set in the environment too, not only in this process's settings, so that the server's own
    processes (`--processes`), which read their settings after the fork, agree."""
    if "PBEM_BASE_URL" in settings.given:
        return settings
    served = served_base_url(host, port)
    os.environ["PBEM_BASE_URL"] = served
    return replace(settings, base_url=served)


def start_mail_in(ctx: Any, host: str, port: int, echo: Callable[[str], None]
                  ) -> tuple[str, int] | None:
    """Start the reply intake (`pbem mail-in`) beside the web server, on a thread that lives as
    long as the process: where it listens, or None when the port cannot be had (said with
    `echo`; the web pages do not depend on it)."""
    from emails import mailin

    # Status only: the host of a game among friends is often a player, and a reply's detail
    # holds its moves, secret choices included.
    server = mailin.server(ctx, host, port, on_result=lambda r: echo(
        f"pbem: reply {r.message_id}: {r.status}" + (f" (game {r.game_id})" if r.game_id else "")))
    try:
        # aiosmtpd reports a port in use only after its start-up timeout (5 s): try it first.
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's server
            probe.bind((host, port))
        server.start()
    except OSError as error:  # taken, or not allowed: say so, serve the rest
        echo(f"pbem: replies by mail are NOT received: {host}:{port} cannot be used "
             f"({error.strerror or error}); choose another port with --mail-port N.")
        return None
    return host, port


def _command() -> str:
    """How the user ran `pbem` (`.venv/bin/pbem` under bin/serve), to print commands they can
    paste: relative to here when it lies below here."""
    program = sys.argv[0] if sys.argv and os.path.basename(sys.argv[0]) == "pbem" else "pbem"
    if os.path.isabs(program) and not os.path.relpath(program).startswith(".."):
        program = os.path.relpath(program)
    return shlex.quote(program)


def notes(settings: Settings, *, host: str, port: int, mode: str, dev_outbox: bool,
          mail_in: tuple[str, int] | None) -> list[str]:
    """The lines `pbem serve` prints once it listens (what they say is tested through a real
    server in tests/service/test_serve.py)."""
    served = served_base_url(host, port)
    base_url = settings.base_url.rstrip("/")
    base_url_given, smtp_host = "PBEM_BASE_URL" in settings.given, settings.smtp_host
    # The command runs in another process: it must find the same database and sign with the same
    # key, so it gets what this one was given (secrets are named, not printed).
    env = f"PBEM_BASE_URL={shlex.quote(base_url)} "
    if "PBEM_INSTANCE" in settings.given:
        env += f"PBEM_INSTANCE={shlex.quote(str(settings.instance))} "
    same = [name for name in ("PBEM_DATABASE_URL", "PBEM_SECRET_KEY") if name in settings.given]
    lines = [
        f"pbem: open {served}/ in a browser to sign in and play (the API: {served}/api, "
        f"described at {served}/api/openapi.json)",
        f"pbem: first sign-in, in another terminal: {env}{_command()} player add "
        "you@example.com --name You --link  (prints your sign-in link and an API token"
        + (f"; with the same {' and '.join(same)})" if same else ")"),
    ]
    if dev_outbox:
        lines.append(f"pbem: mails are not sent (no PBEM_SMTP_HOST): they wait in the local "
                     f"outbox, {served}/dev/outbox (signed-in players read their own there; "
                     f"`{_command()} outbox` lists them all, `{_command()} outbox show --to "
                     "ADDRESS` prints the newest to ADDRESS, a sign-in link asked for at /login, "
                     "say)")
    elif smtp_host:
        lines.append(f"pbem: mails are sent through the SMTP server {smtp_host}"
                     + (" by the workers" if mode == "celery" else ""))
    elif mode == "celery":
        lines.append("pbem: mails are sent by the workers (pbem worker, pbem beat)")
    if mail_in is not None:
        lines.append(f"pbem: replies by mail: SMTP on {_reachable(mail_in[0])}:{mail_in[1]}, to the Reply-To "
                     f"address of a mail (--mail-port to move it, 0 for none)")
    links = f"pbem: links in mails point to {base_url}"
    if not base_url_given:
        links += " (set PBEM_BASE_URL when people reach the service by another address)"
        if host in WILDCARD_HOSTS:
            links += ": your friends cannot open localhost from their machines"
    lines.append(links)
    return lines
