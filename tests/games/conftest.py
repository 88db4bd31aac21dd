"""The fixtures of the channels every game is walked through: the databases, mail (the SMTP
intake), and the web (a live server and Chromium)."""

from tests.emails.conftest import mail_ctx, smtp_server  # noqa: F401 - fixtures
from tests.service.conftest import (  # noqa: F401 - fixtures
    ctx,
    database_url,
    postgres_url,
    sqlite_template,
)
from tests.web.conftest import app, live, page_for, wctx  # noqa: F401 - fixtures
