"""Outgoing mail is signed with DKIM (dkimpy) when a key is configured: a receiver holding the
published public key verifies every mail the sender sends, as it is sent, and a mail changed on
the way fails; a key the process cannot use stops it at start."""

from __future__ import annotations

import shutil
from dataclasses import replace
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import dkim
import pytest
from dkim import dknewkey

from service.settings import SettingError, Settings
from tests.emails.test_bounces import drain

SELECTOR = "pbem2026"


@pytest.fixture
def key(tmp_path: Path) -> tuple[Path, bytes]:
    """A fresh RSA key (dkimpy's dknewkey, through openssl) and its DNS TXT record."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a key")
    private, record = tmp_path / "dkim.key", tmp_path / "dkim.dns"
    dknewkey.GenRSAKeys(str(private), verbose=False)
    dknewkey.ExtractRSADnsPublicKey(str(private), str(record), verbose=False)
    return private, record.read_bytes().strip()


def verified(message: EmailMessage | bytes, record: bytes, domain: str) -> bool:
    raw = message if isinstance(message, bytes) else message.as_bytes(
        policy=message.policy.clone(linesep="\r\n"))  # as smtplib puts it on the wire

    def dns(name: bytes, timeout: int = 5) -> bytes | None:
        return record if name == f"{SELECTOR}._domainkey.{domain}.".encode() else None

    return bool(dkim.verify(raw, dnsfunc=dns))


def test_every_mail_is_signed_and_verifies_against_the_published_key(
        table: Any, key: tuple[Path, bytes]) -> None:
    private, record = key
    table.ctx.settings = replace(table.ctx.settings, dkim_key_file=str(private),
                                 dkim_selector=SELECTOR, mail_from="El Grande <pbem@grande.test>")
    sent = drain(table).sent
    assert sent
    for message, _envelope in sent:
        signature = str(message["DKIM-Signature"])
        assert f"s={SELECTOR}" in signature and "d=grande.test" in signature
        assert "h=from:to:subject" in signature.replace(" ", "").lower()
        assert verified(message, record, "grande.test"), message["Subject"]
    message = sent[0][0]
    raw = message.as_bytes(policy=message.policy.clone(linesep="\r\n"))
    assert not verified(raw.replace(b"Subject: ", b"Subject: Urgent: ", 1), record, "grande.test")


def test_unsigned_without_a_key(table: Any) -> None:
    assert all(m["DKIM-Signature"] is None for m, _ in drain(table).sent)


def test_a_key_the_process_cannot_use_stops_it(tmp_path: Path, key: tuple[Path, bytes]) -> None:
    base = {"PBEM_INSTANCE": str(tmp_path), "PBEM_SECRET_KEY": "k"}
    with pytest.raises(SettingError, match="PBEM_DKIM_KEY_FILE cannot be read"):
        Settings.from_env("sqlite://", {**base, "PBEM_DKIM_KEY_FILE": str(tmp_path / "none"),
                                        "PBEM_DKIM_SELECTOR": SELECTOR})
    with pytest.raises(SettingError, match="PBEM_DKIM_SELECTOR must be set"):
        Settings.from_env("sqlite://", {**base, "PBEM_DKIM_KEY_FILE": str(key[0])})
    (tmp_path / "not-a-key").write_text("hello")
    with pytest.raises(SettingError, match="must be a PEM private key"):
        Settings.from_env("sqlite://", {**base, "PBEM_DKIM_KEY_FILE": str(tmp_path / "not-a-key"),
                                        "PBEM_DKIM_SELECTOR": SELECTOR})
    chosen = Settings.from_env("sqlite://", {**base, "PBEM_DKIM_KEY_FILE": str(key[0]),
                                             "PBEM_DKIM_SELECTOR": SELECTOR,
                                             "PBEM_DKIM_DOMAIN": "mail.grande.test"})
    from workers.config import MailSettings

    signing = MailSettings.of(chosen).dkim
    assert signing is not None and signing.domain == "mail.grande.test"
    assert signing.selector == SELECTOR
