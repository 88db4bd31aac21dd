"""A mail sender process for the killed-sender tests: drains the outbox once to the SMTP server on
127.0.0.1:PBEM_TEST_SMTP_PORT, with a lease of PBEM_TEST_LEASE seconds renewed every
PBEM_TEST_HEARTBEAT, and blocks at PBEM_TEST_BLOCK_AT ("before": claimed, nothing sent; "after":
the server accepted the mail, not yet recorded as sent) until the test kills it, after writing
`<PBEM_TEST_BLOCK_DIR>/reached-<outbox id>`. Run as `python -m tests.workers.mail_worker`."""

from __future__ import annotations

import os
import time
from datetime import timedelta
from pathlib import Path

from service import context
from service.settings import load_settings
from tests.service.conftest import test_games
from workers import jobs, mail
from workers.config import MailSettings, Smtp


def main() -> None:
    ctx = context.bootstrap(settings=load_settings(), games=test_games(), pool_size=4)
    folder = Path(os.environ["PBEM_TEST_BLOCK_DIR"])

    def hold(outbox_id: int) -> None:
        (folder / f"reached-{outbox_id}").write_text(str(os.getpid()))
        while True:  # until killed
            time.sleep(0.05)

    if os.environ["PBEM_TEST_BLOCK_AT"] == "before":
        jobs.HOOKS.before_send = hold
    else:
        jobs.HOOKS.after_send = hold
    settings = MailSettings(
        sender="El Grande <pbem@example.org>",
        smtp=Smtp(host="127.0.0.1", port=int(os.environ["PBEM_TEST_SMTP_PORT"]),
                  security="none", timeout=10),
        lease=timedelta(seconds=float(os.environ["PBEM_TEST_LEASE"])),
        heartbeat=timedelta(seconds=float(os.environ["PBEM_TEST_HEARTBEAT"])))
    mail.drain(ctx, settings=settings, worker=f"killed:{os.getpid()}")


if __name__ == "__main__":
    main()
