"""kombu's Redis transport, made to ride out a broker outage (issue 22, item 1).

With celery 5.7.0 / kombu 5.7.0 a worker that loses Redis while tasks are in flight used to end
("Unrecoverable error: AttributeError("'NoneType' object has no attribute 'hostname'")") instead
of reconnecting. The consumer, on losing its connection, `collect()`s it (which detaches the
transport: `transport.client = None`) and then `close()`s it; closing the channel tries to put the
unacknowledged messages back, and the channel, to reach Redis, builds its connection parameters
from `self.connection.client` (`_connparams`): None, so an AttributeError, which Celery does not
count among the connection errors it recovers from. The same happens when a task that was running
during the outage finishes later and acknowledges its message on the old, closed channel
(`self.connection` is then None). Known for years in other shapes (kombu issues #582 and #970);
no release had fixed it for these versions when this was written.

The fix is the smallest one that keeps kombu's own handling: a channel that has lost its
connection says so with a *connection error* (redis's `ConnectionError`), which every one of
those paths already catches — the restore is skipped, the late ack is logged ("Couldn't ack"),
and the consumer reconnects (forever: `broker_connection_max_retries=None`). What is not
restored or acknowledged is not lost: a message not acknowledged stays in Redis's unacked set and
is redelivered after the visibility timeout, the settle tasks are database rows the beat's sweep
republishes within a minute, and every job is safe to run twice (workers/jobs.py).

`pbem worker` also restarts the worker if it ever ends with an error anyway
(`workers.app.run_worker`): a last resort, logged, for whatever a future Celery lets through.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError

NAME = "workers.broker:Transport"
"""The transport's name for Celery's `broker_transport` setting."""


class Channel(kombu_redis.Channel):  # type: ignore[misc]
    def _connparams(self, asynchronous: bool = False) -> Any:
        transport = self.connection
        if transport is None or transport.client is None:
            raise RedisConnectionError("the broker connection of this channel is closed")
        return super()._connparams(asynchronous=asynchronous)


class Transport(kombu_redis.Transport):  # type: ignore[misc]
    Channel = Channel
