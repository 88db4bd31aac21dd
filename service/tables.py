"""The database tables (SQLAlchemy Core). Alembic's migrations create them; a test checks that the
migrated schema and these definitions agree.

`events` is modelled on the `eventsourcing` library's stored-events table: one row per event, primary
key (stream id, position in the stream), so that two writers appending at the same expected version
collide on the key and exactly one wins. It is append-only: triggers refuse UPDATE and DELETE, and
the service's database user needs only SELECT and INSERT on it. Everything else that changes
(`games` status and version, `outbox` delivery, `snapshots`) lives in other tables.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.dialects.postgresql import JSONB

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_name)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

Json = JSON().with_variant(JSONB(), "postgresql")
# SQLite only auto-increments an INTEGER PRIMARY KEY.
BigId = BigInteger().with_variant(Integer(), "sqlite")
Timestamp = DateTime(timezone=True)

GAME_ID = 32

players = Table(
    "players",
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("email", String(320), nullable=False, unique=True),  # stored lower-cased
    Column("name", String(100), nullable=False),
    Column("language", String(8), nullable=False),
    Column("time_zone", String(64), nullable=False),
    Column("created_at", Timestamp, nullable=False),
    Column("daily_digest", Boolean, nullable=False, server_default=false()),
    # Issue 7 (migration 0004): send your-turn and reminder mails at all (settings page).
    Column("email_notifications", Boolean, nullable=False, server_default=true()),
    # Migration 0008: a hard bounce marks the address failing (cleared when the player confirms
    # an address again); temporary failures are counted.
    Column("mail_failing_at", Timestamp, nullable=True),
    Column("mail_failing_reason", String(300), nullable=True),
    Column("soft_bounces", Integer, nullable=False, server_default="0"),
    Column("email_confirmed_at", Timestamp, nullable=True),  # the address confirmed by a link
    # Migration 0009: the owner deleted the account (name and address replaced, service/account.py).
    Column("deleted_at", Timestamp, nullable=True),
    # Migration 0010: how table talk reaches the player by mail: next | now | digest | off.
    Column("talk_mail", String(8), nullable=False, server_default="next"),
    # Migration 0011: whether others may see the profile page; the calendar feed's key (its
    # link's secret is derived from it with the service's key: NULL, no feed).
    Column("profile_public", Boolean, nullable=False, server_default=false()),
    Column("calendar_key", String(32), nullable=True),
)

tokens = Table(
    "tokens",
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False, index=True),
    Column("token_hash", String(64), nullable=False, unique=True),  # sha256 hex; never the token
    Column("kind", String(16), nullable=False),  # api | session
    Column("created_at", Timestamp, nullable=False),
    Column("expires_at", Timestamp, nullable=True),
    Column("revoked_at", Timestamp, nullable=True),
)

magic_links_used = Table(
    "magic_links_used",
    metadata,
    Column("nonce", String(64), primary_key=True),  # a magic link works once
    Column("used_at", Timestamp, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", String(GAME_ID), primary_key=True),
    Column("game", String(32), nullable=False),  # the game module's name (its registry key)
    Column("options", Json, nullable=False),
    Column("setup", Json, nullable=True),
    Column("seed", String(64), nullable=False),  # secret: never sent to a client
    Column("players", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # invited | active | over
    Column("version", Integer, nullable=False),  # the last event's seq (a read model of `events`)
    Column("waiting_on", Json, nullable=False),  # seats that must decide now (read model)
    Column("created_by", BigId, ForeignKey("players.id"), nullable=False),
    Column("created_at", Timestamp, nullable=False),
    Column("updated_at", Timestamp, nullable=False),
    # Issue 4 (migration 0002): how long each seat may take, and what a passed deadline does.
    Column("turn_hours", Integer, nullable=False, server_default="72"),
    # default | pause | bot (a bot plays the absent seat's decision)
    Column("timeout_policy", String(16), nullable=False, server_default="default"),
    Column("paused_at", Timestamp, nullable=True),  # a deadline passed under the pause policy
    # Migration 0009: the seating's version, raised by every change of a seat's holder or bot and
    # checked by a move's guarded update (service/commands.py); what a resigned seat becomes.
    Column("seating", Integer, nullable=False, server_default="0"),
    Column("leave_to", String(16), nullable=True),  # a bot level | open; NULL: greedy (or first)
    # Migration 0011: any signed-in player may take a free seat (service/meet.py); the languages
    # its creator welcomes at the table (NULL: any).
    Column("open_seats", Boolean, nullable=False, server_default=false()),
    Column("languages", Json, nullable=True),
    # the players its creator freed a seat of: they may not take one again (service/meet.remove)
    Column("turned_away", Json, nullable=True),
    Index("ix_games_open_seats", "open_seats", "status"),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False, index=True),
    Column("accepted_at", Timestamp, nullable=True),
    Column("bot", String(16), nullable=True),  # migration 0006: the bot's level, or NULL
    PrimaryKeyConstraint("game_id", "seat"),
    UniqueConstraint("game_id", "player_id", name="uq_seats_game_id_player_id"),
)

events = Table(
    "events",
    metadata,
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("seq", Integer, nullable=False),  # 1, 2, 3… within the game; the game's version
    Column("type", String(64), nullable=False),
    Column("version", Integer, nullable=False),  # schema version of the payload (upcasters)
    Column("payload", Json, nullable=False),
    Column("actor", String(64), nullable=False),  # player:<id> | system
    Column("source", String(16), nullable=False),  # web | api | email | worker | system
    Column("source_ref", String(998), nullable=True),  # e.g. the mail's Message-ID
    Column("created_at", Timestamp, nullable=False),
    # Issue 6 (migration 0003): the command batch (seq of its first event), the command itself
    # (on the batch's first row), and the hash chaining each row to the previous one.
    Column("batch", Integer, nullable=False),
    Column("command", Json, nullable=True),
    Column("hash", String(64), nullable=False),
    PrimaryKeyConstraint("game_id", "seq"),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("version", Integer, nullable=False),
    Column("fingerprint", String(64), nullable=False),  # the game code the state was folded by
    Column("state", LargeBinary, nullable=False),
    Column("created_at", Timestamp, nullable=False),
    PrimaryKeyConstraint("game_id", "version"),
)

outbox = Table(
    "outbox",
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=True),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=True),
    Column("kind", String(32), nullable=False),  # invitation | game-started | your-turn | game-over
    Column("payload", Json, nullable=False),
    Column("created_at", Timestamp, nullable=False),
    Column("sent_at", Timestamp, nullable=True),
    Column("attempts", Integer, nullable=False),
    # Issue 4: a sender claims a row for a lease; a failed send is retried after a backoff.
    Column("claimed_by", String(64), nullable=True),
    Column("claimed_until", Timestamp, nullable=True),
    Column("next_attempt_at", Timestamp, nullable=True),
    Column("failed_at", Timestamp, nullable=True),  # gave up after the last attempt
    Column("last_error", String(500), nullable=True),
    # Migration 0008: what a delivery-status report said about this mail (hard | soft).
    Column("bounce", String(8), nullable=True),
    Column("bounce_status", String(16), nullable=True),
    Column("bounced_at", Timestamp, nullable=True),
    Index("ix_outbox_unsent", "sent_at", "id"),
    Index("ix_outbox_failed_at", "failed_at"),  # counted by /metrics (migration 0008)
    Index("ix_outbox_bounce", "bounce"),
)

# --- migration 0002: the workers' tables ----------------------------------------------

vacations = Table(
    "vacations",  # windows during which a player's deadlines do not run
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False, index=True),
    Column("starts_at", Timestamp, nullable=False),
    Column("ends_at", Timestamp, nullable=False),
)

deadlines = Table(
    "deadlines",  # one row per seat while the game waits on it; polled by the beat task
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False, index=True),
    Column("opened_version", Integer, nullable=False),
    Column("opened_at", Timestamp, nullable=False),
    Column("due_at", Timestamp, nullable=False),
    Column("closed_at", Timestamp, nullable=True),  # the seat is no longer waited on
    Column("expired_at", Timestamp, nullable=True),  # the game was paused by this deadline
    Column("outcome", String(16), nullable=True),  # moved | default | paused
    UniqueConstraint("game_id", "seat", "opened_version", name="uq_deadlines_game_id"),
    Index("ix_deadlines_open", "closed_at", "due_at"),
)

tasks = Table(
    "tasks",  # work queued in the transaction that caused it, published after the commit
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("kind", String(32), nullable=False),  # settle | bot
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", Timestamp, nullable=False),
    Column("published_at", Timestamp, nullable=True),  # last republished by the sweep
    Column("done_at", Timestamp, nullable=True),
    UniqueConstraint("kind", "game_id", "version", name="uq_tasks_kind"),
    Index("ix_tasks_pending", "done_at", "created_at"),
)

tracking = Table(
    "tracking",  # (consumer, key): this work was done, written with its effect (eventsourcing)
    metadata,
    Column("consumer", String(64), nullable=False),
    Column("key", String(128), nullable=False),
    Column("created_at", Timestamp, nullable=False),
    PrimaryKeyConstraint("consumer", "key"),
)

undo_requests = Table(
    "undo_requests",  # undo by consent (service/undo.py)
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),  # who asks
    Column("back_to", Integer, nullable=False),  # the game is to be as right after this event
    Column("version", Integer, nullable=False),  # the game's version when asked: lapses if moved
    Column("status", String(16), nullable=False),  # pending | applied | refused | lapsed
    Column("answers", Json, nullable=False),  # {"seat": "approve" | "refuse"}
    Column("reason", String(500), nullable=False),
    Column("crosses_reveal", Boolean, nullable=False),  # rewinds past hidden information
    Column("created_at", Timestamp, nullable=False),
    Column("expires_at", Timestamp, nullable=False),
    Column("decided_at", Timestamp, nullable=True),
    Column("undo_seq", Integer, nullable=True),  # the `undone` event, once applied
)

idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False),
    Column("key", String(255), nullable=False),
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("fingerprint", String(64), nullable=False),  # of the request it answered
    Column("result", Json, nullable=False),
    Column("created_at", Timestamp, nullable=False),
    PrimaryKeyConstraint("player_id", "key"),
)

# --- migration 0005: mail ------------------------------------------------------------

reply_tokens = Table(
    "reply_tokens",  # the token of a seat's reply address (play+<token>@domain): random, revocable
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False),
    Column("token", String(64), nullable=False, unique=True),
    Column("created_at", Timestamp, nullable=False),
    Column("revoked_at", Timestamp, nullable=True),
    Index("ix_reply_tokens_game_id", "game_id", "seat"),
)

inbound_mail = Table(
    "inbound_mail",  # every message received, stored raw before anything else; one per Message-ID
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("message_id", String(998), nullable=False, unique=True),
    Column("received_at", Timestamp, nullable=False),
    Column("transport", String(16), nullable=False),  # smtp | lmtp | imap
    Column("envelope_from", String(320), nullable=True),
    Column("recipients", Json, nullable=False),
    Column("raw", LargeBinary, nullable=False),
    Column("status", String(16), nullable=False),  # received | accepted | refused | ignored
    Column("game_id", String(GAME_ID), nullable=True),
    Column("seat", Integer, nullable=True),
    Column("player_id", BigId, nullable=True),
    Column("commands", Json, nullable=True),
    Column("detail", String(2000), nullable=True),
    Column("processed_at", Timestamp, nullable=True),
    Index("ix_inbound_mail_status", "status"),  # counted by /metrics (migration 0008)
)

# --- migration 0009: seats that change hands ----------------------------------------

seat_changes = Table(
    "seat_changes",  # who holds each seat from which version on (service/seats.py)
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("version", Integer, nullable=False),  # the game's version when it changed
    Column("kind", String(16), nullable=False),  # resigned | handed | bot | back | replaced
    Column("from_player", BigId, ForeignKey("players.id"), nullable=True),
    Column("to_player", BigId, ForeignKey("players.id"), nullable=True),
    Column("bot", String(16), nullable=True),  # the level now playing the seat, if a bot
    Column("created_at", Timestamp, nullable=False),
)

seat_offers = Table(
    "seat_offers",  # a seat offered to another person, until they answer (service/seats.py)
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("by_player", BigId, ForeignKey("players.id"), nullable=False),
    Column("to_player", BigId, ForeignKey("players.id"), nullable=False, index=True),
    Column("seating", Integer, nullable=False),  # the seating it was offered in: lapses if moved
    Column("status", String(16), nullable=False),  # pending | accepted | declined | lapsed
    Column("created_at", Timestamp, nullable=False),
    Column("decided_at", Timestamp, nullable=True),
)

# --- migration 0007: limits on the mail anyone can make the service send -------------

send_limits = Table(
    "send_limits",  # fixed-window counters per target address (service/limits.py), every process
    metadata,
    Column("subject", String(80), nullable=False),  # scope ':' SHA-256 of the address
    Column("span", Integer, nullable=False),  # the window's length in seconds
    Column("window_start", BigInteger, nullable=False),  # epoch seconds
    Column("hits", Integer, nullable=False),
    Column("expires", BigInteger, nullable=False),  # epoch seconds: window_start + span
    PrimaryKeyConstraint("subject", "span", "window_start"),
    Index("ix_send_limits_expires", "expires"),
)

# --- migration 0010: table talk (service/talk.py) -------------------------------------

messages = Table(
    "messages",  # what players said at a table: append-only, never in the game's hash chain
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),  # who said it
    Column("to_seat", Integer, nullable=True),  # NULL: the whole table; else a private message
    Column("version", Integer, nullable=False),  # the game's version when said (its log place)
    Column("text", String(4000), nullable=False),
    Column("source", String(16), nullable=False),  # web | api | email
    Column("source_ref", String(998), nullable=True),  # e.g. the mail's Message-ID
    Column("created_at", Timestamp, nullable=False),
    Index("ix_messages_game_id", "game_id", "id"),
)

message_mails = Table(
    "message_mails",  # a message mailed to a player: not mailed again
    metadata,
    Column("message_id", BigId, ForeignKey("messages.id"), nullable=False),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False),
    Column("created_at", Timestamp, nullable=False),
    PrimaryKeyConstraint("message_id", "player_id"),
)

mutes = Table(
    "mutes",  # a player who does not want to read another's messages
    metadata,
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False),
    Column("muted_id", BigId, ForeignKey("players.id"), nullable=False),
    Column("created_at", Timestamp, nullable=False),
    PrimaryKeyConstraint("player_id", "muted_id"),
)

# --- migration 0011: results and ratings (service/ratings.py) ---------------------------

results = Table(
    "results",  # each seat's place in a finished game, written with its game-over (one per seat)
    metadata,
    Column("game_id", String(GAME_ID), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False, index=True),
    Column("game", String(32), nullable=False),
    Column("rank", Integer, nullable=False),  # 1 = first; ties share the rank
    Column("score", Integer, nullable=True),
    Column("rated", Boolean, nullable=False),  # every seat was a person at the start
    Column("mu_before", Float, nullable=True),
    Column("sigma_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
    Column("created_at", Timestamp, nullable=False),
    PrimaryKeyConstraint("game_id", "seat"),
)

ratings = Table(
    "ratings",  # a player's OpenSkill rating per game (kind), after their rated games
    metadata,
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False),
    Column("game", String(32), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Timestamp, nullable=False),
    PrimaryKeyConstraint("player_id", "game"),
)

open_game_mail = Table(
    "open_game_mail",  # who asked for a mail about each new open game of a game in a language
    metadata,
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False),
    Column("game", String(32), nullable=False),
    Column("language", String(2), nullable=False),
    Column("created_at", Timestamp, nullable=False),
    PrimaryKeyConstraint("player_id", "game", "language"),
    Index("ix_open_game_mail_game", "game", "language"),
)

command_tokens = Table(
    "command_tokens",  # a player's own mail address (pbem+<token>@domain): open a game by mail
    metadata,
    Column("id", BigId, primary_key=True, autoincrement=True),
    Column("player_id", BigId, ForeignKey("players.id"), nullable=False, index=True),
    Column("token", String(64), nullable=False, unique=True),
    Column("created_at", Timestamp, nullable=False),
    Column("revoked_at", Timestamp, nullable=True),
)

__all__ = [
    "command_tokens",
    "deadlines",
    "events",
    "games",
    "idempotency_keys",
    "inbound_mail",
    "magic_links_used",
    "message_mails",
    "messages",
    "metadata",
    "mutes",
    "open_game_mail",
    "outbox",
    "players",
    "ratings",
    "reply_tokens",
    "results",
    "seat_changes",
    "seat_offers",
    "seats",
    "send_limits",
    "snapshots",
    "tasks",
    "tokens",
    "tracking",
    "undo_requests",
    "vacations",
]
