"""The local outbox of `pbem serve` without a mail server: each signed-in player sees
their own mails at /dev/outbox and nobody else's — a sign-in link or a reply address read there
lets its reader act as the recipient —, and whoever runs the service reads every mail with
`pbem outbox`, which is how a newcomer with no mail server signs in."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from emails import local_outbox
from pbem.cli import main
from service.api import create_app
from tests.web.conftest import csrf_of, sign_in
from workers.config import MailSettings
from workers.mail import drain

LINK = re.compile(r"https?://\S+/login/[\w.-]+")


def deliver(table: Any) -> list[local_outbox.LocalMail]:
    """The mail worker's drain, as `pbem serve` runs it with no PBEM_SMTP_HOST: .eml files."""
    drain(table.ctx, settings=MailSettings())
    return local_outbox.mails(local_outbox.folder_of(table.ctx.settings.instance))


def names_to(mails: list[local_outbox.LocalMail], email: str) -> list[str]:
    return [m.name for m in mails if email in m.recipients]


def test_nobody_reads_another_players_mail_there(table: Any) -> None:
    """The takeover: ask for Bob's sign-in link, read it at /dev/outbox, use it."""
    ann, bob = table.people[0], table.people[1]
    app = create_app(table.ctx, TESTING=True, PBEM_DEV_OUTBOX=True)
    anonymous = app.test_client()
    assert anonymous.post("/api/auth/magic-link", json={"email": bob.email}).status_code == 202
    mails = deliver(table)
    bobs = names_to(mails, bob.email)
    assert any(LINK.search(m.text()) for m in mails if m.name in bobs)  # his sign-in link
    for name in bobs:
        assert anonymous.get(f"/dev/outbox/{name}").status_code == 404
        assert anonymous.get(f"/dev/outbox/{name}?raw=1").status_code == 404
    page = anonymous.get("/dev/outbox")
    assert page.status_code == 200 and "pbem outbox" in page.text  # how to get in
    assert not LINK.search(page.text) and "/dev/outbox/" not in page.text
    # Signed in, Ann sees her own mails only: not Bob's (his link, his reply addresses).
    sign_in(anonymous, table.ctx, ann.id)
    page = anonymous.get("/dev/outbox")
    for name in names_to(mails, ann.email):
        assert f"/dev/outbox/{name}" in page.text
    for name in bobs:
        assert name not in page.text
        assert anonymous.get(f"/dev/outbox/{name}").status_code == 404
        assert anonymous.get(f"/dev/outbox/{name}?raw=1").status_code == 404
    [turn] = [m for m in mails if ann.email in m.recipients and "your turn" in m.subject]
    one = anonymous.get(f"/dev/outbox/{turn.name}")
    assert one.status_code == 200 and "power N" in one.text
    assert one.headers["Cache-Control"] == "private, no-store"
    assert anonymous.get(f"/dev/outbox/{turn.name}?raw=1").text.startswith(
        turn.path.read_text()[:40])
    assert anonymous.get("/dev/outbox/..%2Fsecret_key").status_code == 404
    assert anonymous.get("/dev/outbox/.hidden").status_code == 404


def test_the_page_is_html_and_only_the_mails_are_escaped(table: Any) -> None:
    ann = table.people[0]
    mails = deliver(table)
    folder = local_outbox.folder_of(table.ctx.settings.instance)
    [turn] = [m for m in mails if ann.email in m.recipients and "your turn" in m.subject]
    odd = turn.path.read_bytes().replace(b"Subject: ", b"Subject: <b>bold?</b> ", 1)
    (folder / "odd.eml").write_bytes(odd)
    client = create_app(table.ctx, TESTING=True, PBEM_DEV_OUTBOX=True).test_client()
    sign_in(client, table.ctx, ann.id)
    for path in ("/dev/outbox", "/dev/outbox/odd"):
        html = client.get(path).text
        assert "<a href=" in html and "&lt;a href" not in html and "&lt;p&gt;" not in html
        assert "&lt;b&gt;bold?&lt;/b&gt;" in html and "<b>bold?</b>" not in html


def test_whoever_runs_the_service_signs_in_with_pbem_outbox(table: Any, monkeypatch: Any) -> None:
    """The newcomer's way in with no mail server: ask for a link at /login, print it with
    `pbem outbox show --to`, open it."""
    ann = table.people[0]
    client = create_app(table.ctx, TESTING=True, PBEM_DEV_OUTBOX=True).test_client()
    form = client.get("/login")
    client.post("/login", data={"email": ann.email, "csrf_token": csrf_of(form.text)})
    deliver(table)
    monkeypatch.setenv("PBEM_INSTANCE", str(Path(table.ctx.settings.instance)))
    runner = CliRunner()
    listing = runner.invoke(main, ["outbox", "--to", ann.email])
    assert listing.exit_code == 0 and "sign-in link" in listing.output
    assert all(ann.email in line for line in listing.output.splitlines())
    shown = runner.invoke(main, ["outbox", "show", "--to", ann.email])
    assert shown.exit_code == 0, shown.output
    link = LINK.search(shown.output)
    assert link is not None
    path = link.group(0)[link.group(0).index("/login/"):]
    page = client.get(path)
    done = client.post(path, data={"csrf_token": csrf_of(page.text)})
    assert done.status_code == 302
    assert client.get("/dev/outbox").text.count("/dev/outbox/") >= 1
    missing = runner.invoke(main, ["outbox", "show", "no-such-mail"])
    assert missing.exit_code != 0 and "pbem outbox" in missing.output
