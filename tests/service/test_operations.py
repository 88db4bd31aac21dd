"""Watching the service: `/healthz` says whether the database, the broker and the reply intake
answer (200 or 503, JSON), `pbem health` checks one process as a compose health check does, and
`/metrics` gives Prometheus what happened (counted by every process, added up) and what is (read
from the database at scrape time)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import insert

from service import clock, db
from service.api import create_app
from service.context import Context
from service.tables import outbox
from tests.service.conftest import Client, redis_url

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def healthz(service: Context, **config: Any) -> tuple[int, dict[str, Any]]:
    answer = create_app(service, TESTING=True, **config).test_client().get("/healthz")
    assert answer.mimetype == "application/json"
    return answer.status_code, answer.get_json()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


# --- health --------------------------------------------------------------------------------------


def test_healthz_says_each_part_answers(ctx: Context) -> None:
    """A database that answers, a real Redis as broker, the real reply intake: 200, each "ok"."""
    from emails import mailin

    intake = mailin.server(ctx, "127.0.0.1", free_port())
    intake.start()
    try:
        service = replace(ctx, settings=replace(ctx.settings, broker_url=redis_url()))
        status, body = healthz(service, PBEM_MAIL_INTAKE=f"127.0.0.1:{intake.port}")
    finally:
        intake.stop()
    assert status == 200, body
    assert body["status"] == "ok"
    assert {n: c["status"] for n, c in body["checks"].items()} == {
        "database": "ok", "broker": "ok", "mail_intake": "ok"}


def test_healthz_is_503_naming_the_part_that_does_not_answer(ctx: Context) -> None:
    """The broker and the intake at ports where nothing listens: 503, those two failing with a
    reason, the database still ok; a part the process does not use is "not used", never a fault."""
    dead = free_port()
    service = replace(ctx, settings=replace(ctx.settings, broker_url=f"redis://127.0.0.1:{dead}/0",
                                            mail_intake=f"127.0.0.1:{dead}"))
    status, body = healthz(service)
    assert status == 503 and body["status"] == "failing"
    checks = body["checks"]
    assert checks["database"]["status"] == "ok"
    assert checks["broker"]["status"] == checks["mail_intake"]["status"] == "failing"
    assert "onnect" in checks["broker"]["error"] and "refused" in checks["mail_intake"]["error"]
    alone = replace(ctx, settings=replace(ctx.settings, broker_url=None, mail_intake=None))
    status, body = healthz(alone)
    assert status == 200
    assert body["checks"]["broker"] == {"status": "not used"}


def test_healthz_is_503_when_the_database_is_down(ctx: Context, tmp_path: Path) -> None:
    from service.db import dispose, make_engine

    down = make_engine(f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/none", pool_size=1)
    try:
        status, body = healthz(replace(ctx, engine=down))
    finally:
        dispose(down)
    assert status == 503
    assert body["checks"]["database"]["status"] == "failing"
    assert "nobody" not in json.dumps(body)  # the URL (a user, a password) is never repeated


def pbem(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from pbem.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=60, cwd=ROOT, env={**os.environ, **env},
                          check=False)


def test_pbem_health_checks_what_each_process_needs(tmp_path: Path) -> None:
    """`pbem health --mail-in` (the intake's compose check) fails while nothing listens at
    PBEM_MAIL_INTAKE and passes once the real intake does; `--beat` fails without a schedule
    file written lately; `--web URL` fails when no server answers there."""
    from emails import mailin
    from service import context

    port = free_port()
    database_url = f"sqlite:///{tmp_path / 'pbem.sqlite3'}"
    env = {"PBEM_DATABASE_URL": database_url, "PBEM_INSTANCE": str(tmp_path),
           "PBEM_MAIL_INTAKE": f"127.0.0.1:{port}", "PBEM_SECRET_KEY": "k",
           "PBEM_BROKER_URL": redis_url()}
    down = pbem("health", "--mail-in", env=env)
    assert down.returncode == 1, down.stderr
    assert json.loads(down.stdout)["checks"]["mail_intake"]["status"] == "failing"
    service = context.build(database_url, pool_size=1)
    intake = mailin.server(service, "127.0.0.1", port)
    intake.start()
    try:
        up = pbem("health", "--mail-in", env=env)
    finally:
        intake.stop()
    assert up.returncode == 0, up.stdout + up.stderr
    assert json.loads(up.stdout)["checks"]["database"]["status"] == "ok"
    beat = pbem("health", "--beat", env=env)
    assert beat.returncode == 1 and "celerybeat-schedule" in beat.stdout
    (tmp_path / "celerybeat-schedule").write_bytes(b"")
    assert pbem("health", "--beat", env=env).returncode == 0
    web = pbem("health", "--web", f"http://127.0.0.1:{free_port()}", env=env)
    assert web.returncode == 1 and "failing" in web.stdout


# --- metrics -------------------------------------------------------------------------------------


def test_metrics_count_commands_refusals_and_read_the_outbox_from_the_database(
        make_player: Any, app: Any, ctx: Context) -> None:
    from service import metrics

    ann, bob = make_player("ann@example.com", "Ann"), make_player("bob@example.com", "Bob")
    created = ann.post("/api/games", json={"game": "bids", "seats": [
        "ann@example.com", "bob@example.com"]})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()["id"]
    assert bob.post(f"/api/games/{game}/accept").status_code == 200
    before = samples(Client(app.test_client()).get("/metrics").get_data(as_text=True))
    key = ("pbem_commands_total", (("game", "bids"), ("source", "api")))
    refused = ("pbem_command_refusals_total", (("game", "bids"), ("source", "api")))
    assert ann.post(f"/api/games/{game}/commands", json={"type": "bid", "amount": 3}
                    ).status_code == 200
    assert bob.post(f"/api/games/{game}/commands", json={"type": "bid", "amount": -4}
                    ).status_code == 422
    # An old mail waits in the outbox: its age is the database's, whoever answers the scrape.
    with db.write(ctx.engine) as conn:
        conn.execute(insert(outbox).values(kind="digest", payload={}, attempts=0,
                                           created_at=clock.now() - timedelta(minutes=12)))
    answer = app.test_client().get("/metrics")
    assert answer.status_code == 200 and answer.mimetype == "text/plain"
    after = samples(answer.get_data(as_text=True))
    assert after[key] == before.get(key, 0) + 1
    assert after[refused] == before.get(refused, 0) + 1
    assert after[("pbem_outbox_backlog", ())] >= 1
    assert 12 * 60 <= after[("pbem_outbox_oldest_age_seconds", ())] < 13 * 60
    assert ("pbem_mails_failed_total", ()) in after
    assert ("pbem_tasks_oldest_age_seconds", ()) in after
    assert metrics.CONTENT_TYPE.startswith(answer.mimetype)


COUNT = """
import os, sys
os.environ["PROMETHEUS_MULTIPROC_DIR"] = sys.argv[1]
os.makedirs(sys.argv[1], exist_ok=True)
from service import metrics
for _ in range(int(sys.argv[2])):
    metrics.COMMANDS.labels("bids", "email").inc()
metrics.TASK_LATENCY.labels("bot").observe(0.2)
"""

SCRAPE = """
import os, sys
os.environ["PROMETHEUS_MULTIPROC_DIR"] = sys.argv[1]
from pathlib import Path
from service import context, metrics
ctx = context.build(sys.argv[3], pool_size=1)
sys.stdout.write(metrics.exposition(ctx, Path(sys.argv[2])).decode())
"""


def test_metrics_add_up_every_process(database_url: str, tmp_path: Path) -> None:
    """Three processes (a mail intake, a worker, a web process) count in their own folders under
    one root, as `pbem mail-in`, `pbem worker` and `pbem serve` do: a scrape of the web sees the
    sum, not its own share."""
    root = tmp_path / "metrics"

    def run(script: str, *args: str) -> str:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *args],
                              capture_output=True, text=True, timeout=60, cwd=ROOT, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    run(COUNT, str(root / "mail-in-h-1"), "3")
    run(COUNT, str(root / "worker-h-2"), "4")
    found = samples(run(SCRAPE, str(root / "web-h-3"), str(root), database_url))
    assert found[("pbem_commands_total", (("game", "bids"), ("source", "email")))] == 7
    assert found[("pbem_task_latency_seconds_count", (("kind", "bot"),))] == 2
    assert found[("pbem_outbox_backlog", ())] == 0
