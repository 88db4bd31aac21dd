"""The audit tests reuse the service tests' fixtures: each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from tests.service.conftest import *  # noqa: F403
