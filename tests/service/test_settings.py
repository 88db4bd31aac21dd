"""Every `PBEM_*` variable is read in one place, checked at start, and listed in README.md."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.settings import SettingError, Settings

ROOT = Path(__file__).resolve().parents[2]


def _settings(tmp_path: Path, **env: str) -> Settings:
    return Settings.from_env("sqlite://", {"PBEM_INSTANCE": str(tmp_path), **env})


def test_the_readme_table_lists_every_variable_the_settings_read() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Settings: every `PBEM_*` variable", 1)[1].split("\n## ", 1)[0]
    listed = {name for row in section.splitlines() if row.startswith("| `PBEM_")
              for name in re.findall(r"`(PBEM_[A-Z_]+)`", row.split("|")[1])}
    code = (ROOT / "service" / "settings.py").read_text(encoding="utf-8")
    read = set(re.findall(r'"(PBEM_[A-Z_]+)"', code))
    assert listed == read


def test_nothing_else_reads_the_environment() -> None:
    """Everything reads `ctx.settings`; only `pbem serve` writes PBEM_BASE_URL for its children."""
    reading = re.compile(r"environ\.get|getenv|environ\[[^]]+\](?!\s*=[^=])|in os\.environ")
    found = [f"{path.relative_to(ROOT)}:{number}"
             for package in ("service", "workers", "emails", "pbem")
             for path in sorted((ROOT / package).rglob("*.py"))
             if path != ROOT / "service" / "settings.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if reading.search(line)]
    assert found == []


def test_the_variables_are_read_into_the_settings(tmp_path: Path) -> None:
    settings = _settings(
        tmp_path, PBEM_SECRET_KEY="k", PBEM_BASE_URL="https://pbem.example.org",
        PBEM_MAX_BOT_GAMES="0", PBEM_BOT_BUDGET="1.5", PBEM_REMIND_EVERY_HOURS="6",
        PBEM_TICK_SECONDS="0.5", PBEM_QUEUE="q", PBEM_SMTP_HOST="mail", PBEM_SMTP_SECURITY="ssl",
        PBEM_IMAP_HOST="imap", PBEM_IMAP_SECURITY="none", PBEM_REDIS_URL="redis://r:6379/2",
        PBEM_SMTP_USER="", PBEM_SMTP_PASSWORD=" two words ")
    assert (settings.secret_key, settings.base_url) == ("k", "https://pbem.example.org")
    assert (settings.max_bot_games, settings.bot_budget) == (0, 1.5)
    assert settings.remind_every == timedelta(hours=6) and settings.tick_seconds == 0.5
    assert settings.queue == "q" and settings.ratelimit_storage == "redis://r:6379/2"
    # A port follows the security chosen unless given; an empty variable counts as not set.
    assert (settings.smtp_host, settings.smtp_port, settings.smtp_user) == ("mail", 465, None)
    assert settings.smtp_password == " two words "  # a password is taken as written
    assert (settings.imap_host, settings.imap_port, settings.imap_security) == ("imap", 143, "none")
    assert "PBEM_BASE_URL" in settings.given and "PBEM_SMTP_USER" not in settings.given
    default = _settings(tmp_path, PBEM_SECRET_KEY="k")
    assert (default.smtp_host, default.smtp_port, default.imap_port) == (None, 587, 993)
    assert default.broker_url is None and default.ratelimit_storage == "memory://"


@pytest.mark.parametrize(("variable", "value", "said"), [
    ("PBEM_SMTP_SECURITY", "tls", "PBEM_SMTP_SECURITY must be starttls, ssl or none, not 'tls'"),
    ("PBEM_IMAP_SECURITY", "starttls", "PBEM_IMAP_SECURITY must be ssl or none, not 'starttls'"),
    ("PBEM_SMTP_PORT", "0", "PBEM_SMTP_PORT must be a whole number from 1 to 65535, not '0'"),
    ("PBEM_IMAP_PORT", "imaps", "PBEM_IMAP_PORT must be a whole number from 1 to 65535"),
    ("PBEM_SMTP_TIMEOUT", "-1", "PBEM_SMTP_TIMEOUT must be a number above 0, not '-1'"),
    ("PBEM_TICK_SECONDS", "0", "PBEM_TICK_SECONDS must be a number above 0, not '0'"),
    ("PBEM_REMIND_EVERY_HOURS", "0", "PBEM_REMIND_EVERY_HOURS must be a number above 0"),
    ("PBEM_REMIND_FIRST_HOURS", "inf", "PBEM_REMIND_FIRST_HOURS must be a number from 0"),
    ("PBEM_MAIL_ATTEMPTS", "0", "PBEM_MAIL_ATTEMPTS must be a whole number from 1 to 100"),
    ("PBEM_BASE_URL", "pbem.example.org", "PBEM_BASE_URL must be the address people reach"),
    ("PBEM_DATABASE_URL", "postgres at db1", "PBEM_DATABASE_URL must be a database URL"),
    ("PBEM_LIMIT_INVITE", "lots", "PBEM_LIMIT_INVITE: "),
])
def test_a_variable_the_service_cannot_use_is_named_with_what_it_may_be(
        variable: str, value: str, said: str, tmp_path: Path) -> None:
    env = {"PBEM_INSTANCE": str(tmp_path), "PBEM_SECRET_KEY": "k", variable: value}
    with pytest.raises(SettingError, match=re.escape(said)):
        Settings.from_env(None if variable == "PBEM_DATABASE_URL" else "sqlite://", env)


def test_pbem_serve_stops_at_start_on_a_wrong_variable(tmp_path: Path) -> None:
    """The message alone, before anything is served, migrated or created."""
    from pbem.cli import main

    result = CliRunner().invoke(main, ["serve", "--port", "1"], env={
        "PBEM_INSTANCE": str(tmp_path / "instance"), "PBEM_SMTP_SECURITY": "tls"})
    assert result.exit_code == 1
    assert result.output.strip() == "PBEM_SMTP_SECURITY must be starttls, ssl or none, not 'tls'"
    assert not (tmp_path / "instance").exists()


def test_the_site_has_a_name_of_its_own_and_no_games(tmp_path: Path) -> None:
    """The site offers every game: unset, its name is a neutral one in the reader's language
    (and the sender's); `PBEM_SITE_NAME` is used as written, in every language."""
    default = _settings(tmp_path, PBEM_SECRET_KEY="k")
    assert [default.site(lang) for lang in ("en", "fr", "it")] == [
        "Play by mail", "Jeux par courriel", "Giochi per posta"]
    assert default.mail_from == "Play by mail <pbem@localhost>"
    named = _settings(tmp_path, PBEM_SECRET_KEY="k", PBEM_SITE_NAME=" Ann's table games ")
    assert {named.site(lang) for lang in ("en", "fr", "it")} == {"Ann's table games"}
    assert named.mail_from == "Ann's table games <pbem@localhost>"
    given = _settings(tmp_path, PBEM_SECRET_KEY="k", PBEM_SITE_NAME="Ann's",
                      PBEM_MAIL_FROM="Games <games@example.org>")
    assert given.mail_from == "Games <games@example.org>"  # a sender set is used as it is
