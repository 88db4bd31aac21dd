"""`pbem health --worker`, the worker's compose health check, pings the worker itself through the
broker: a worker that runs answers, a name no worker has does not (a broker that answers PING
says nothing about whether anyone consumes)."""

from __future__ import annotations

import os
import socket

import pytest

from pbem.cli import _worker_answers
from tests.workers.conftest import Ran


def test_the_worker_check_pings_the_worker_through_the_broker(_thread_worker: Ran) -> None:
    _worker_answers(f"gen{os.getpid()}@{socket.gethostname()}")  # the in-thread worker's name
    with pytest.raises(TimeoutError, match="did not answer a ping"):
        _worker_answers(f"celery@nobody-{os.getpid()}")
