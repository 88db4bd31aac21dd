"""The `pbem` command line."""

from __future__ import annotations

import sys
from typing import Any, TextIO

import click

from domain.bots.search import CLOCKS
from domain.core.i18n import LANGUAGES
from domain.games import DEFAULT_GAME


@click.group()
def main() -> None:
    """Board games by mail and on the web: run the service, the workers, and the engines'
    tools."""


def _game_and_options(game: str, options: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    """The registered game and its `--option name=value` pairs, or a usage error naming what is
    allowed."""
    from domain.core import surface
    from domain.core.errors import RuleError
    from domain.games import GAMES, get_game

    try:
        module = get_game(game)
        return game, dict(surface.parse_option(module, text) for text in options)
    except RuleError as error:
        allowed = error.allowed if error.allowed is not None else sorted(GAMES)
        raise click.UsageError(f"{error.message} Allowed: {allowed}") from None


@main.command()
@click.option("--game", default=DEFAULT_GAME, show_default=True, help="The game to play.")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="A rule option of the game (repeatable), e.g. edition=original.")
@click.option("--games", default=100, show_default=True, help="How many random games to play.")
@click.option("--seed", default="simulate", show_default=True, help="Seed of the first game.")
@click.option("--players", default="", help="Player counts, cycled over the games (e.g. 5 or "
              "3,4; default: every count the game allows).")
def simulate(game: str, options: tuple[str, ...], games: int, seed: str, players: str) -> None:
    """Play random games through `decide`, checking the invariants after every event."""
    from domain.core import surface
    from domain.core.errors import RuleError
    from domain.games import get_game
    from domain.simulate import simulate_games

    game, chosen = _game_and_options(game, options)
    low, high = surface.player_range(get_game(game))
    try:
        counts = [int(p) for p in players.split(",")] if players else list(range(low, high + 1))
        ok = simulate_games(games, seed, counts, chosen, game=game, out=click.echo)
    except (ValueError, RuleError) as error:
        raise click.UsageError(str(error)) from None
    sys.exit(0 if ok else 1)


# --- the service -------------------------------------------------------------------------------


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--threads", default=16, show_default=True, type=int,
              help="Worker threads (requests served at once).")
@click.option("--workers", "workers_mode", default="auto", show_default=True,
              type=click.Choice(["auto", "embedded", "celery", "none"]),
              help="Who runs the background work: in this process (embedded), Celery workers on "
                   "Redis (celery), or nobody; auto: celery if PBEM_BROKER_URL is set.")
@click.option("--processes", default=1, show_default=True, type=int,
              help="Server processes. 1: waitress in this process; more: gunicorn with that many "
                   "gthread workers of --threads threads each (POSIX; for PostgreSQL).")
@click.option("--mail-port", default=2525, show_default=True, type=click.IntRange(0, 65535),
              help="With the embedded workers in one process: receive replies by SMTP on this "
                   "port of --host, as `pbem mail-in` does (0: not at all).")
def serve(host: str, port: int, threads: int, workers_mode: str, processes: int,
          mail_port: int) -> None:
    """Run the HTTP API and the web pages with waitress (SQLite in ./instance unless
    PBEM_DATABASE_URL is set).

    Pending migrations are applied first. Links in mails use PBEM_BASE_URL, else the address
    served here.
    """
    from pbem import startup
    from service.settings import load_settings

    settings = startup.settle_base_url(load_settings(), host, port)
    startup.metrics_folder("web")  # before anything imports prometheus_client
    from service import context, migrations
    from service.api import create_app, freeze_startup_heap

    if processes > 1:
        from pbem.multi import taken

        if taken(host, port):
            raise click.ClickException(f"{host}:{port} is in use (another server?)")
        ctx = context.build(settings=settings, pool_size=1)
        migrations.upgrade(ctx.engine)
        click.echo(f"pbem: serving on http://{host}:{port}/ with {processes} processes "
                   f"(database: {ctx.engine.url.render_as_string(hide_password=True)})", err=True)
        from service.db import dispose

        dispose(ctx.engine)  # the processes build their own engines after the fork
        from pbem.multi import serve_processes

        serve_processes(host, port, processes, threads, workers_mode, settings)
        return
    import waitress

    mode = startup.workers_mode(workers_mode, settings)
    runners: list[Any] = []
    ctx = context.bootstrap(settings=settings, pool_size=threads,
                            publisher=startup.publisher(mode, runners))
    migrations.upgrade(ctx.engine)
    for runner in runners:
        runner.start()  # the beat's thread, once the schema is there
    click.echo(f"pbem: serving on http://{host}:{port}/ (database: "
               f"{ctx.engine.url.render_as_string(hide_password=True)})", err=True)
    dev_outbox = not settings.smtp_host and mode == "embedded"  # the local outbox page
    app = create_app(ctx, PBEM_DEV_OUTBOX=dev_outbox)
    server = waitress.create_server(app, host=host, port=port, threads=threads, ident="pbem")

    def echo(line: str) -> None:
        click.echo(line, err=True)

    mail_in = None
    if mode == "embedded" and mail_port:  # replies by mail, as `pbem mail-in` takes them
        mail_in = startup.start_mail_in(ctx, host, mail_port, echo)
        if mail_in is not None:  # what /healthz knocks on
            app.config["PBEM_MAIL_INTAKE"] = (
                f"{'127.0.0.1' if host in startup.WILDCARD_HOSTS else host}:{mail_port}")
    for line in startup.notes(settings, host=host, port=port, mode=mode, dev_outbox=dev_outbox,
                              mail_in=mail_in):
        echo(line)
    freeze_startup_heap()
    server.run()


@main.command()
@click.option("--concurrency", default=8, show_default=True, type=int, help="Threads.")
@click.option("--loglevel", default="INFO", show_default=True)
def worker(concurrency: int, loglevel: str) -> None:
    """Run a Celery worker (broker: PBEM_BROKER_URL, default redis://127.0.0.1:6379/0); it
    reconnects after a broker outage, and is started again if it ever ends by itself."""
    from pbem import startup
    from service.settings import load_settings

    load_settings()  # a wrong variable stops it before anything is created
    startup.metrics_folder("worker")
    from service import context
    from workers.app import publisher, run_worker

    context.bootstrap(publisher=publisher)
    sys.exit(run_worker(concurrency, loglevel))


@main.command()
@click.option("--loglevel", default="INFO", show_default=True)
def beat(loglevel: str) -> None:
    """Run Celery beat: polls deadlines, reminders and lost tasks, and sends the outbox."""
    from pbem import startup
    from service.settings import load_settings

    load_settings()  # a wrong variable stops it before anything is created
    startup.metrics_folder("beat")
    from service.settings import instance_folder
    from workers.app import app

    folder = instance_folder()
    folder.mkdir(parents=True, exist_ok=True)
    app.start(["beat", f"--loglevel={loglevel}",
               f"--schedule={folder / 'celerybeat-schedule'}"])


BEAT_SILENT = 600
"""Seconds after which a beat whose schedule file has not been written counts as stopped (Celery
beat writes it at least every 3 minutes while it runs)."""


@main.command()
@click.option("--web", "web_url", metavar="URL", default=None,
              help="Ask the web server at URL (e.g. http://127.0.0.1:8000) for /healthz: healthy "
                   "when it answers and its database does.")
@click.option("--worker", is_flag=True, help="A Celery worker: the database, the broker, and "
              "the worker of this host answers a ping through the broker.")
@click.option("--beat", is_flag=True, help="Celery beat: the database, the broker, and its "
              f"schedule file written within {BEAT_SILENT // 60} minutes.")
@click.option("--mail-in", "mail_in", is_flag=True, help="The reply intake: the database and "
              "the SMTP/LMTP server at PBEM_MAIL_INTAKE greets.")
def health(web_url: str | None, worker: bool, beat: bool, mail_in: bool) -> None:
    """Check that the service's parts answer; exit 0 when healthy, 1 when not (a compose
    health check). Without an option: the database, the broker and the mail intake, as
    /healthz does. Prints the checks as JSON."""
    import json
    import time
    import urllib.error
    import urllib.request

    from service import health as checks
    from service.settings import load_settings

    if web_url is not None:
        url = web_url.rstrip("/") + "/healthz"
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                body = json.load(answer)
        except urllib.error.HTTPError as error:  # 503: still a JSON answer
            body = json.loads(error.read() or b"{}")
        except (OSError, ValueError) as error:
            click.echo(json.dumps({"status": "failing", "error": f"{url}: {error}"}))
            sys.exit(1)
        click.echo(json.dumps(body))
        # The web's own health: it serves, and its database answers. The other parts are
        # reported (by /healthz) but are other containers' to be healthy for.
        sys.exit(0 if body.get("checks", {}).get("database", {}).get("status") == "ok" else 1)
    settings = load_settings()
    from service import context

    ctx = context.build(settings=settings, pool_size=1)
    if worker or beat:
        parts: tuple[str, ...] = ("database", "broker")
    elif mail_in:
        parts = ("database", "mail_intake")
    else:
        parts = ("database", "broker", "mail_intake")
    found = checks.checks_for(ctx, parts=parts)
    if (worker or beat) and found["broker"] is None:
        found["broker"] = _unset("PBEM_BROKER_URL")
    if mail_in and found["mail_intake"] is None:
        found["mail_intake"] = _unset("PBEM_MAIL_INTAKE")
    if worker:
        found["worker"] = _worker_answers
    if beat:
        from service.settings import instance_folder

        folder = instance_folder()

        def beat_alive() -> None:
            files = list(folder.glob("celerybeat-schedule*"))
            if not files:
                raise FileNotFoundError(f"no celerybeat-schedule in {folder}")
            silent = time.time() - max(f.stat().st_mtime for f in files)
            if silent > BEAT_SILENT:
                raise TimeoutError(f"schedule not written for {silent:.0f} s")

        found["beat"] = beat_alive
    status, body = checks.report(checks.run(found, timeout=5.0))
    click.echo(json.dumps(body))
    sys.exit(0 if status == 200 else 1)


def _unset(name: str) -> Any:
    """A check that fails: the part it would knock on is not configured for this process."""
    def check() -> None:
        raise LookupError(f"{name} is not set")
    return check


def _worker_answers(name: str | None = None) -> None:
    """The Celery worker of this host (`celery@<hostname>`, or `name`) answers a ping through the
    broker: it runs and consumes, which the broker's PING alone does not say."""
    import socket

    from workers.app import app

    name = name or f"celery@{socket.gethostname()}"
    replies = app.control.ping(destination=[name], timeout=3.0)
    if not any(name in reply for reply in replies or []):
        raise TimeoutError(f"{name} did not answer a ping")


@main.group()
def db() -> None:
    """The database: migrations, snapshots."""


@db.command()
def upgrade() -> None:
    """Apply the pending migrations."""
    from service import context, migrations

    ctx = context.build()
    migrations.upgrade(ctx.engine)
    click.echo(f"database at revision {migrations.current_revision(ctx.engine)}")


@db.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, writable=True))
def db_backup(target: str) -> None:
    """Write every table (but the snapshot cache) and the secret key to TARGET (.tar.gz): a
    backup any database can be restored from. Keep it as secret as the key: it holds it, and
    every player's address."""
    from pathlib import Path

    from service import backup, context

    summary = backup.backup(context.build(), Path(target))
    click.echo(f"backed up {sum(summary.counts.values())} rows of {len(summary.counts)} tables "
               f"(schema {summary.revision}; {summary.counts.get('games', 0)} games, "
               f"{summary.counts.get('events', 0)} events) and the secret key to {target}")


@db.command("restore")
@click.argument("source", type=click.Path(exists=True, dir_okay=False))
def db_restore(source: str) -> None:
    """Load a backup into an EMPTY database (PBEM_DATABASE_URL, else the instance's SQLite), put
    its secret key in the instance folder, and verify every game; exit 1 if one does not."""
    from pathlib import Path

    from service import backup, context
    from service.errors import ServiceError

    ctx = context.build()
    try:
        summary = backup.restore(ctx, Path(source),
                                 key_given="PBEM_SECRET_KEY" in ctx.settings.given)
    except ServiceError as error:
        raise click.ClickException(error.detail) from None
    click.echo(f"restored {sum(summary.counts.values())} rows of {len(summary.counts)} tables "
               f"(schema {summary.revision})"
               + ("; the secret key is in the instance folder" if summary.key_restored else ""))
    for report in summary.bad:
        click.echo(f"game {report.game_id}: NOT verified: event {report.bad_seq}: "
                   f"{report.problem}")
    click.echo(f"{len(summary.reports) - len(summary.bad)} of {len(summary.reports)} games "
               "verified")
    sys.exit(1 if summary.bad else 0)


@db.command("drop-snapshots")
def drop_snapshots() -> None:
    """Empty the snapshot cache (it is rebuilt as games are read)."""
    from sqlalchemy import delete

    from service import context
    from service import db as dbs
    from service.tables import snapshots

    ctx = context.build()
    with dbs.write(ctx.engine) as conn:
        count = conn.execute(delete(snapshots)).rowcount
    click.echo(f"{count} snapshot(s) dropped")


@main.group()
def player() -> None:
    """Players."""


@player.command("add")
@click.argument("email")
@click.option("--name", help="Display name (default: the part of the email before @).")
@click.option("--language", default="en", show_default=True, type=click.Choice(LANGUAGES))
@click.option("--tz", "time_zone", default="UTC", show_default=True, help="IANA time zone.")
@click.option("--link", is_flag=True, help="Also print a sign-in link for the web pages (usable "
              "once, for 3 days; to PBEM_BASE_URL): a first sign-in needs no mail.")
def player_add(email: str, name: str | None, language: str, time_zone: str, link: bool) -> None:
    """Add a player (or find the existing one) and print a new API token on the last line."""
    from service import context, migrations, players
    from service.errors import ServiceError

    ctx = context.build()
    migrations.upgrade(ctx.engine)
    try:
        found, token = players.add(ctx, email, name=name, language=language, time_zone=time_zone)
    except ServiceError as error:
        raise click.ClickException(error.detail) from None
    click.echo(f"player {found.id} <{found.email}> {found.name}", err=True)
    if link:
        click.echo(f"sign-in link: {players.magic_link(ctx, found.id)}", err=True)
    click.echo(token)


def _player_for(email: str) -> tuple[Any, Any]:
    """This process's context and the player with this address (a usage error if none)."""
    from service import context, migrations, players
    from service.db import read

    ctx = context.build()
    migrations.upgrade(ctx.engine)
    with read(ctx.engine) as conn:
        found = players.find_by_email(conn, email)
    if found is None:
        raise click.ClickException(f"There is no player {email!r}.")
    return ctx, found


@player.command("data")
@click.argument("email")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write it to this file "
              "(default: standard output).")
def player_data(email: str, output: str | None) -> None:
    """Everything the service keeps about a player, as JSON (what they download from their
    settings page or GET /api/me/data): account, preferences, games and moves, seats left or
    taken, mails to and from them."""
    import json

    from service import account

    ctx, found = _player_for(email)
    text = json.dumps(account.export(ctx, found), ensure_ascii=False, indent=2,
                      default=str)
    if output:
        with open(output, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    else:
        click.echo(text)


@player.command("delete")
@click.argument("email")
@click.option("--confirm", "confirm", required=True, metavar="EMAIL",
              help="The same address again: there is no undo.")
def player_delete(email: str, confirm: str) -> None:
    """Delete a player's account, as they can from their settings page: they resign every game
    in play (the table's bot level, or an open seat, takes it), their name and address leave the
    service, their seats in finished games read "Deleted account", every record still verifies."""
    from service import account
    from service.errors import ServiceError

    ctx, found = _player_for(email)
    try:
        done = account.delete_account(ctx, found, confirm=confirm)
    except ServiceError as error:
        raise click.ClickException(error.detail) from None
    resigned = ", ".join(done["resigned"]) or "none"
    click.echo(f"player {found.id} deleted; games resigned: {resigned}")


@player.command("resign")
@click.argument("email")
@click.argument("game_id")
def player_resign(email: str, game_id: str) -> None:
    """Resign a player from a game in play, for them (one who vanished, or asked you to): the
    seat goes to the table's bot level or stays open, as if they had pressed the button."""
    from service import seats
    from service.errors import ServiceError

    ctx, found = _player_for(email)
    try:
        done = seats.resign(ctx, game_id, found)
    except ServiceError as error:
        raise click.ClickException(error.detail) from None
    now = f"a bot ({done.bot})" if done.bot else "nobody (open for a replacement)"
    click.echo(f"game {game_id}: seat {done.seat + 1} resigned; it is played by {now}")


@player.command("prefs")
@click.argument("email")
@click.option("--name", help="Display name.")
@click.option("--language", help="en, fr or it.")
@click.option("--tz", "time_zone", help="IANA time zone.")
@click.option("--notifications/--no-notifications", default=None,
              help="A mail each time it is the player's turn.")
@click.option("--digest/--no-digest", default=None,
              help="One mail a day listing the waiting games, instead of reminders.")
@click.option("--talk-mail", type=click.Choice(["next", "now", "digest", "off"]), default=None,
              help="Table talk by mail: in the game's next mail, at once, daily, or never.")
@click.option("--away", nargs=2, multiple=True, metavar="FIRST LAST",
              help="Add a vacation: from day FIRST to day LAST (YYYY-MM-DD, the player's time "
                   "zone), or two ISO timestamps. Repeatable.")
@click.option("--back", is_flag=True,
              help="Remove every vacation to come and end the one under way now (then add "
                   "those of --away).")
def player_prefs(email: str, name: str | None, language: str | None, time_zone: str | None,
                 notifications: bool | None, digest: bool | None, talk_mail: str | None,
                 away: tuple[tuple[str, str], ...], back: bool) -> None:
    """Show or change a player's preferences, with the checks of the API and the web page
    (vacations: at most 30 days each, not in the past, within a year, 5 at once); the player's
    running deadlines move with their vacations."""
    from datetime import date, datetime
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from service import context, migrations, players, preferences
    from service.db import read
    from service.errors import ServiceError

    ctx = context.build()
    migrations.upgrade(ctx.engine)
    with read(ctx.engine) as conn:
        found = players.find_by_email(conn, email)
    if found is None:
        raise click.ClickException(f"There is no player {email!r}.")
    try:
        tz = ZoneInfo(time_zone or found.time_zone)
    except (ZoneInfoNotFoundError, ValueError):  # refused below, with the player's words
        tz = ZoneInfo(found.time_zone)

    def when(text: str, last: bool) -> datetime:
        if len(text) == 10:  # a day
            first_day = date.fromisoformat(text)
            return preferences.days(first_day, first_day, tz)[1 if last else 0]
        stamp = datetime.fromisoformat(text)
        return stamp if stamp.tzinfo else stamp.replace(tzinfo=tz)

    try:
        windows = [(when(a, False), when(b, True)) for a, b in away]
    except ValueError as error:
        raise click.BadParameter(f"{error} (dates look like 2026-08-31)",
                                 param_hint="--away") from None
    try:
        shown = preferences.change(ctx, found.id, preferences.Change(
            name=name, language=language, time_zone=time_zone,
            email_notifications=notifications, daily_digest=digest, talk_mail=talk_mail,
            vacations=windows if back else None, add=() if back else windows))
    except ServiceError as error:
        raise click.ClickException(error.detail) from None
    click.echo(f"player {found.id} <{found.email}>: daily digest "
               f"{'on' if shown['daily_digest'] else 'off'}, table talk by mail "
               f"{shown['talk_mail']}")
    for v in shown["vacations"]:
        click.echo(f"  away {preferences.shown(v['starts_at'], tz)} → "
                   f"{preferences.shown(v['ends_at'], tz)} ({tz.key})")


@main.command()
@click.option("--game", default=DEFAULT_GAME, show_default=True, help="The game to play.")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="A rule option of the game (repeatable), e.g. short_game=true.")
@click.option("--bots", default="greedy,random,random", show_default=True,
              help="One bot level per seat (the game's levels, e.g. random, greedy, strong).")
@click.option("--games", default=200, show_default=True, help="How many games to play.")
@click.option("--seed", default="arena", show_default=True, help="Seed of the games (seed-0, ...).")
@click.option("--budget", type=float, default=None,
              help="Seconds per move for the searching levels (default 2).")
@click.option("--processes", default=2, show_default=True, help="Games played in parallel.")
@click.option("--clock", type=click.Choice(sorted(CLOCKS)), default="wall", show_default=True,
              help="What a move's budget counts: wall-clock time (as the service plays) or the "
                   "bot's CPU time (fair figures on a loaded machine).")
def arena(game: str, options: tuple[str, ...], bots: str, games: int, seed: str,
          budget: float | None, processes: int, clock: str) -> None:
    """Bot levels play each other (seats rotated): win rates and mean scores with 95% CIs."""
    from domain.bots.arena import run_arena

    game, chosen = _game_and_options(game, options)
    levels = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        result = run_arena(levels, games, seed=seed, budget=budget, processes=processes,
                           options=chosen, game=game, clock=clock,
                           progress=lambda g: click.echo(f"game {g.index}: {g.seats} {g.scores}",
                                                         err=True))
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    click.echo(result.report())


# --- the record: verify, export, import, replay --------------------------------------


@main.command()
@click.argument("game")
def verify(game: str) -> None:
    """Recompute the hash chain, the fold and every decision of GAME (a game id here, or a record
    file such as game.jsonl); report the first bad event. For a file, also say whether this
    server signed its header (and so what it proves)."""
    from service import context, queries, records
    from service.errors import ServiceError

    try:
        if queries.is_game_id(game):
            report = records.verify(context.build(), game)
        else:
            with click.open_file(game, encoding="utf-8") as lines:
                report = records.check_loaded(context.build(), records.parse(lines))
    except ServiceError as error:
        raise click.ClickException(error.detail) from None
    except OSError as error:
        raise click.ClickException(f"Cannot read {game}: {error.strerror}.") from None
    click.echo(report.text())
    sys.exit(0 if report.ok else 1)


@main.command()
@click.argument("game_id")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-",
              help="Where to write the record (default: standard output).")
def export(game_id: str, output: TextIO) -> None:
    """Write GAME's record as JSON lines: a header, then every event with its hash.

    The record holds everything, the seed and the secret choices included: while the game is in
    play, keep it from the players.
    """
    from service import context, records
    from service.errors import ServiceError

    try:
        for line in records.export_lines(context.build(), game_id):
            output.write(line + "\n")
    except ServiceError as error:
        raise click.ClickException(error.detail) from None


@main.command("import")
@click.argument("path", type=click.File("r", encoding="utf-8"))
@click.option("--game-id", help="Store it under this id (default: the record's own).")
@click.option("--new-id", is_flag=True, help="Store it under a new id.")
def import_(path: TextIO, game_id: str | None, new_id: bool) -> None:
    """Verify a record and load it into this instance; a tampered record is refused, naming the
    first bad event."""
    from service import context, lobby, migrations, records
    from service.errors import ServiceError

    ctx = context.build()
    migrations.upgrade(ctx.engine)
    try:
        loaded = records.parse(path)
        gid = records.import_record(ctx, loaded,
                                    game_id=lobby.new_game_id() if new_id else game_id)
    except ServiceError as error:
        raise click.ClickException(error.detail) from None
    click.echo(f"imported and verified: game {gid} ({len(loaded.rows)} events)")


@main.command()
@click.argument("path", type=click.File("r", encoding="utf-8"))
@click.option("--at", type=int, default=None, help="After this event (default: the last).")
@click.option("--seat", type=int, default=None, help="As this seat sees it (default: everything "
              "a spectator sees).")
def replay(path: TextIO, at: int | None, seat: int | None) -> None:
    """Print the board of a record as it was right after event N (`--at N`)."""
    from types import SimpleNamespace

    from domain.core.game import boards_of
    from service import context, records
    from service.errors import ServiceError

    games: Any = SimpleNamespace(games=context.default_games())  # no database needed
    try:
        loaded = records.parse(path)
        module, state, n = records.replay_state(games, loaded, at)
    except ServiceError as error:
        raise click.ClickException(error.detail) from None
    names = [s.get("name", f"seat {s['seat']}") for s in loaded.header.get("seats", [])]
    click.echo(f"after event {n} of {len(loaded.rows)}")
    click.echo(boards_of(module).text(module.view(state, seat), "en", names))


# --- mail ----------------------------------------------------------------------------


def _intake_context() -> Any:
    """The reply intake's context: with a broker (PBEM_BROKER_URL), its commits publish their
    tasks to the workers and wake their mail sender, so a reply's answer leaves at once (without
    one, the system's decisions are settled in process and the mail waits for a drain)."""
    from service import context
    from service.settings import load_settings

    if load_settings().broker_url:
        from workers.app import publisher

        return context.bootstrap(publisher=publisher)
    return context.configure(context.build())


@main.command("mail-in")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8025, show_default=True, type=int)
@click.option("--lmtp", is_flag=True, help="Speak LMTP instead of SMTP (for a local mail server).")
def mail_in(host: str, port: int, lmtp: bool) -> None:
    """Receive the players' replies by SMTP (or LMTP) from a mail server that forwards them."""
    import threading

    from pbem import startup
    from service.settings import load_settings

    load_settings()  # a wrong variable stops it before anything is created
    startup.metrics_folder("mail-in")

    from emails import mailin
    from service import migrations

    ctx = _intake_context()
    migrations.upgrade(ctx.engine)
    server = mailin.server(ctx, host, port, lmtp=lmtp, on_result=lambda r: click.echo(
        f"{r.message_id}: {r.status} {r.detail}", err=True))
    server.start()
    click.echo(f"pbem: receiving replies by {'LMTP' if lmtp else 'SMTP'} on {host}:{port}",
               err=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


@main.command("mail-poll")
@click.option("--every", type=float, default=None,
              help="Poll again every so many seconds (default: once).")
def mail_poll(every: float | None) -> None:
    """Fetch the replies waiting in the IMAP mailbox (PBEM_IMAP_HOST, _USER, _PASSWORD, _FOLDER,
    _PORT, _SECURITY=ssl|none) and process them."""
    import threading

    from pbem import startup
    from service.settings import load_settings

    load_settings()  # a wrong variable stops it before anything is created
    startup.metrics_folder("mail-poll")

    from emails import mailin
    from service import migrations

    ctx = _intake_context()
    migrations.upgrade(ctx.engine)
    settings = mailin.ImapSettings.of(ctx.settings)
    if settings is None:
        raise click.ClickException("Set PBEM_IMAP_HOST (and _USER, _PASSWORD) to poll a mailbox.")
    stop = threading.Event()
    while True:
        for r in mailin.poll_imap(ctx, settings):
            click.echo(f"{r.message_id}: {r.status} {r.detail}", err=True)
        if every is None or stop.wait(every):
            return


@main.group(invoke_without_command=True)
@click.option("--to", "to", default=None, help="Only the mails to this address.")
@click.option("--limit", default=20, show_default=True, type=int, help="How many, newest first.")
@click.pass_context
def outbox(context: click.Context, to: str | None, limit: int) -> None:
    """The local outbox (no PBEM_SMTP_HOST): list the mails kept in <instance>/mail.

    For whoever runs the service: the mails hold sign-in links and reply addresses, which is why
    the /dev/outbox page shows each signed-in player only their own."""
    if context.invoked_subcommand is not None:
        return
    from emails import local_outbox
    from service.settings import instance_folder

    found = local_outbox.mails(local_outbox.folder_of(instance_folder()), to=to, limit=limit)
    if not found:
        click.echo("no mail" + (f" to {to}" if to else "") + " in the local outbox", err=True)
    for mail in found:
        click.echo(f"{mail.name}  {mail.date}  {mail.to}  {mail.subject}")


@outbox.command("show")
@click.argument("name", required=False)
@click.option("--to", "to", default=None, help="The newest mail to this address.")
def outbox_show(name: str | None, to: str | None) -> None:
    """Print one mail of the local outbox: NAME (from the list), else the newest (to --to)."""
    from emails import local_outbox
    from service.settings import instance_folder

    folder = local_outbox.folder_of(instance_folder())
    if name:
        mail = local_outbox.find(folder, name)
    else:
        newest = local_outbox.mails(folder, to=to, limit=1)
        mail = newest[0] if newest else None
    if mail is None:
        what = f"mail {name!r}" if name else "mail" + (f" to {to}" if to else "")
        raise click.ClickException(f"no {what} in the local outbox ({folder}); "
                                   "`pbem outbox` lists what there is")
    message = mail.message()
    for header in ("Date", "To", "Subject", "Reply-To"):
        if message[header]:
            click.echo(f"{header}: {message[header]}")
    click.echo("")
    click.echo(mail.text())


@main.command("mail-revoke")
@click.argument("game_id")
@click.option("--seat", type=int, default=None, help="Only this seat (default: every seat).")
def mail_revoke(game_id: str, seat: int | None) -> None:
    """Revoke the reply addresses of a game (or a seat): replies to them are refused, and the next
    mail carries a new address."""
    from emails import addresses
    from service import context
    from service import db as dbs

    ctx = context.build()
    with dbs.write(ctx.engine) as conn:
        count = addresses.revoke(conn, game_id, seat)
    click.echo(f"{count} reply address(es) revoked")
