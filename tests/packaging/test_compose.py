"""The production stack as written (there is no Docker engine here: the files are read, not run).
docker-compose.yml is a valid Compose file (checked with the Compose Specification's JSON schema,
which check-jsonschema ships), its commands are ones `pbem` accepts, the services that use the
database start only after the one-shot migration succeeded, a service takes the players' replies;
the image has cairo and a font for the board's picture, runs unprivileged and holds no secret, and
its build context leaves out the virtualenv, the repository and the instance folder."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import click
import pytest
import yaml

from pbem.cli import main
from tests.packaging.context import ROOT, DockerIgnore

COMPOSE = ROOT / "docker-compose.yml"
OURS = ("migrate", "web", "worker", "beat", "mail-in")  # the services run from our image


@pytest.fixture(scope="module")
def services() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text())["services"]


def parsed(argv: list[str]) -> click.Context:
    """The command line as `pbem` parses it before running it (a UsageError if it would refuse)."""
    assert argv[0] == "pbem", argv
    command: click.Command = main
    args, ctx, name = argv[1:], None, "pbem"
    while isinstance(command, click.Group):  # our groups take no options: the next word is a command
        ctx = click.Context(command, info_name=name, parent=ctx)
        name, args = args[0], args[1:]
        found = command.get_command(ctx, name)
        assert found is not None, f"pbem has no command {name!r}: {argv}"
        command = found
    return command.make_context(name, args, parent=ctx)


def test_docker_compose_is_valid_against_the_compose_specification() -> None:
    done = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.compose-spec", str(COMPOSE)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_service_is_there_and_configured_for_production(services: dict[str, Any]) -> None:
    assert {"postgres", "redis", "mail", *OURS} <= set(services)
    for name in OURS:
        service = services[name]
        assert service["build"] == "." and (ROOT / "Dockerfile").is_file()
        env = service["environment"]
        assert env["PBEM_DATABASE_URL"].startswith("postgresql+psycopg://")
        assert env["PBEM_BROKER_URL"].startswith("redis://redis:6379/")
        assert env["PBEM_INSTANCE"] == "/data" and "instance:/data" in service["volumes"]
        assert env["PBEM_SMTP_HOST"] == "mail"
        # Only the operator's own key, or none (a random one is then kept in the instance): a
        # key written in this file would be known to everyone who read it.
        assert re.fullmatch(r"(\$\{PBEM_SECRET_KEY(:?-)?\})?", env.get("PBEM_SECRET_KEY", ""))
        parsed(service["command"])
    assert services["worker"]["command"][:2] == ["pbem", "worker"]
    assert services["beat"]["command"][:2] == ["pbem", "beat"]


def test_the_services_start_only_after_the_migrations(services: dict[str, Any]) -> None:
    migrate = services["migrate"]
    assert migrate["command"] == ["pbem", "db", "upgrade"]
    assert migrate["restart"] == "no"  # a one-shot: the others wait for it to exit with 0
    assert migrate["depends_on"]["postgres"] == {"condition": "service_healthy"}
    for name in ("web", "worker", "beat", "mail-in"):
        after = services[name]["depends_on"]
        assert after["migrate"] == {"condition": "service_completed_successfully"}, name
        assert after["postgres"] == after["redis"] == {"condition": "service_healthy"}, name


def test_a_service_takes_the_players_replies_and_the_web_is_published(
        services: dict[str, Any]) -> None:
    listeners = {name: parsed(services[name]["command"]) for name in ("mail-in", "web")}
    assert listeners["mail-in"].command.name == "mail-in"
    assert listeners["web"].command.name == "serve"
    assert listeners["web"].params["workers_mode"] == "celery"  # the background work: the worker's
    for name, ctx in listeners.items():
        host, port = ctx.params["host"], ctx.params["port"]
        assert host == "0.0.0.0", f"{name} must listen beyond its container"
        assert f"{port}:{port}" in services[name]["ports"], f"{name}'s port is not published"


HEALTH = {"web": "web_url", "worker": "worker", "beat": "beat", "mail-in": "mail_in"}


def test_every_long_running_service_has_a_health_check_that_fits_it(
        services: dict[str, Any]) -> None:
    """web asks its own /healthz, the worker is pinged through the broker, beat's schedule must
    be fresh, the intake must greet: each `pbem health` line is one pbem accepts."""
    for name, flag in HEALTH.items():
        check = services[name].get("healthcheck")
        assert check is not None, f"{name} has no health check"
        test = check["test"]
        assert test[0] == "CMD", test
        ctx = parsed(test[1:])
        assert ctx.command.name == "health", test
        assert ctx.params[flag], f"{name}'s check does not check a {name}: {test}"
        assert check["interval"] and check["retries"] >= 1
    web = parsed(services["web"]["command"])
    assert parsed(services["web"]["healthcheck"]["test"][1:]).params["web_url"] == \
        f"http://127.0.0.1:{web.params['port']}"
    intake = parsed(services["mail-in"]["command"])
    for name in HEALTH:  # /healthz and the intake's check knock where the intake listens
        host, port = services[name]["environment"]["PBEM_MAIL_INTAKE"].split(":")
        assert host == "mail-in" and int(port) == intake.params["port"]


def test_the_web_processes_share_the_sign_in_limits_through_the_stacks_redis(
        services: dict[str, Any], tmp_path: Any) -> None:
    """The settings the compose file gives the web, with `redis` the local Redis: two app
    instances (two processes, two containers) count one sign-in limit together."""
    from dataclasses import replace

    import redis

    from service.api import create_app
    from service.context import Context
    from service.db import dispose, make_engine
    from service.settings import Settings

    env = {k: str(v) for k, v in services["web"]["environment"].items()}
    storage = Settings.from_env(env={**env, "PBEM_INSTANCE": str(tmp_path),
                                     "PBEM_DATABASE_URL": "sqlite://"}).ratelimit_storage
    assert storage.startswith("redis://redis:6379/"), storage
    local = storage.replace("redis://redis:", "redis://127.0.0.1:")
    try:
        redis.Redis.from_url(local, socket_connect_timeout=1).ping()
    except Exception as error:
        pytest.skip(f"no local Redis to stand for the stack's: {error}")
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", secret_key="k",
                        instance=tmp_path, ratelimit_storage=local,
                        sign_in_client_limits="3 per minute")
    from service import migrations

    engine = make_engine(settings.database_url)
    migrations.upgrade(engine)
    ctx = Context(engine=engine, settings=settings, games={})
    prefix = f"pbem-compose-test-{tmp_path.name}-{id(ctx)}"
    try:
        clients = [create_app(replace(ctx), TESTING=True, RATELIMIT_KEY_PREFIX=prefix).test_client()
                   for _ in range(2)]
        codes = [clients[i % 2].post("/api/auth/magic-link", json={"email": f"p{i}@example.com"},
                                     environ_overrides={"REMOTE_ADDR": "10.9.8.7"}).status_code
                 for i in range(5)]
    finally:
        dispose(engine)
    assert codes == [202, 202, 202, 429, 429]


def test_the_image_has_cairo_a_font_and_runs_unprivileged_without_secrets() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    image = dockerfile.split("\nFROM ")[-1]  # the last stage is the image
    installs = " ".join(re.findall(r"apt-get install[^&]*", image.replace("\\\n", " ")))
    assert "libcairo2" in installs and "fonts-dejavu-core" in installs
    users = re.findall(r"^USER\s+(\S+)", image, re.M)
    assert users and users[-1].split(":")[0] not in ("root", "0")
    assert not re.search(r"^\s*(ENV|ARG)\b.*(SECRET|PASSWORD|TOKEN)", dockerfile, re.M | re.I)


def test_the_build_context_leaves_out_the_virtualenv_the_repository_and_the_instance() -> None:
    ignore = DockerIgnore()
    for path in (".venv/bin/python", ".git/config", "instance/secret_key", "instance/pbem.sqlite3",
                 ".env", "build/lib/pbem/cli.py", "elgrande_pbem.egg-info/PKG-INFO",
                 "service/__pycache__/cli.cpython-311.pyc", "tests/service/conftest.py"):
        assert ignore.excludes(path), path
    for path in ("pyproject.toml", "README.md", "pbem/cli.py", "emails/templates/mail.txt.j2",
                 "service/migrations/versions/0001_initial.py", "service/web/static/web.css"):
        assert not ignore.excludes(path), path
