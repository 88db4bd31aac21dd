"""`pbem serve --processes 2`: both processes serve, also clients that keep their connection.

Clients (a mail client's web view, an API program, a load balancer's pool) open a few connections
and keep them alive. With one listening socket shared by the processes, whichever process woke
first took a burst of them, and kept them: one process served 12 to 16 of 16 clients while the
other idled, so a second core bought nothing. Each process now listens on a socket of its own
(SO_REUSEPORT) and the kernel spreads the connections."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.load import children  # the load benchmark counts a server's processes so too

PBEM = Path(sys.executable).with_name("pbem")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _sockets(port: int, state: str) -> set[str]:
    """Inodes of the local IPv4 TCP sockets on `port` in `state` (01 established, 0A listen)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == port and fields[3] == state:
            found.add(fields[9])
    return found


def _held(pid: int, inodes: set[str]) -> int:
    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in inodes:
            count += 1
    return count


def _wait_for(what: str, condition: object, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)


def _serve(env: dict[str, str], port: int) -> subprocess.Popen[str]:
    return subprocess.Popen([str(PBEM), "serve", "--port", str(port), "--processes", "2",
                             "--threads", "2", "--workers", "none"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def test_two_processes_share_clients_that_keep_their_connections(
        database_url: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update(PBEM_INSTANCE=str(tmp_path / "instance"), PBEM_SECRET_KEY="processes-test",
               PBEM_DATABASE_URL=database_url)
    port = _free_port()
    server = _serve(env, port)
    clients = [http.client.HTTPConnection("127.0.0.1", port, timeout=30) for _ in range(32)]
    try:
        # Both processes listening: two sockets on the port (one a process).
        _wait_for("both processes to listen", lambda: len(_sockets(port, "0A")) == 2)
        for client in clients:
            client.request("GET", "/api")
        for client in clients:
            response = client.getresponse()
            response.read()
            assert response.status == 200
        established = _sockets(port, "01")
        workers = children(server.pid)
        held = sorted(_held(pid, established) for pid in workers)
        assert sum(held) == 32, held
        # Spread by a hash of each address: at least 4 of 32 each (a failure once in 400,000 runs).
        assert len(held) == 2 and held[0] >= 4, held

        second = _serve(env, port)  # the same port again: refused, not silently shared
        _out, err = second.communicate(timeout=60)
        assert second.returncode != 0
        assert f"127.0.0.1:{port} is in use" in err
    finally:
        for client in clients:
            client.close()
        server.terminate()
        server.wait(timeout=20)
