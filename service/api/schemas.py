"""The API's request and response shapes (marshmallow), which also make the OpenAPI document."""

from __future__ import annotations

import datetime as dt
from typing import Any

import marshmallow as ma
from marshmallow import ValidationError, fields, validate

from domain.games import DEFAULT_GAME
from service.players import MAX_ADDRESS

MAX_INT = 2**31 - 1  # the database's integer: larger numbers are refused, not overflowed
GAME_ID = validate.Regexp(r"^[a-z0-9]{1,32}$", error="not a game id")


class Strict(ma.Schema):
    class Meta:
        unknown = ma.RAISE


# A field's refusal is a key of service/i18n.py's FIELD_ERRORS, said in the caller's language by
# the API's problem handler (service/api/problems.py).


class Int(fields.Integer):
    """A JSON integer, and nothing else: never a string of digits ("72"), a number with a
    fraction (1.5, or 72.0), or a boolean (JSON's true is no 1). A wrong type is refused, never
    guessed (issue 22, item 17: `turn_hours: "72"` was taken, 1.5 was stored as 1)."""

    default_error_messages = {"invalid": "field.integer"}  # noqa: RUF012 (marshmallow's)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        if type(value) is not int:
            raise self.make_error("invalid")
        return int(super()._deserialize(value, attr, data, **kwargs))


class Stamp(fields.AwareDateTime):
    """An ISO 8601 date and time, made of printable characters only (marshmallow's parser
    ignored a trailing NUL: "2030-01-01T00:00:00\x00" was taken)."""

    default_error_messages = {"invalid": "field.datetime"}  # noqa: RUF012 (marshmallow's)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dt.datetime:
        if not isinstance(value, str) or not value.isprintable() or not value.isascii():
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


RANGE = "field.range|{min}|{max}"
"""A Range validator's refusal, said in the caller's language with its bounds."""

def _deliverable(address: str) -> None:
    """An address the service's mail can reach (`service.players.deliverable`), said per field
    in the request's 422 (the lobby refuses it again for every other channel)."""
    if not address.isascii():
        raise ValidationError("field.email_ascii")
    if len(address) > MAX_ADDRESS:
        raise ValidationError("field.email_long")


class SeatIn(fields.Field[str | dict[str, str]]):
    """A seat at creation: an email, or `{"bot": level}`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(metadata={"oneOf": [
            {"type": "string", "format": "email", "maxLength": MAX_ADDRESS},
            {"type": "object", "required": ["bot"], "additionalProperties": False,
             "properties": {"bot": {"type": "string", "maxLength": 32,
                                    "description": "a bot level of the game"}}}]}, **kwargs)

    _email = fields.Email(validate=_deliverable)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any
                     ) -> str | dict[str, str]:
        if isinstance(value, str):
            return self._email.deserialize(value)
        if isinstance(value, dict) and set(value) == {"bot"}:
            return {"bot": value["bot"]}  # the game's levels are checked by the lobby
        raise ValidationError("An email, or {\"bot\": level} with one of the game's bot levels.")


class GameCreate(Strict):
    game = fields.String(load_default=DEFAULT_GAME, validate=validate.Length(min=1, max=32),
                         metadata={"description": "Which game (see the error's `allowed`)"})
    seats = fields.List(SeatIn(), required=True, validate=validate.Length(min=1, max=8),
                        metadata={"description": "One per seat, in seat order: an email, or "
                                  "{\"bot\": level} (the game's bot levels: GET /api/catalogue) "
                                  "for a bot seat"})
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "The game's rule options"})
    setup = fields.Dict(keys=fields.String(), load_default=None, allow_none=True,
                        metadata={"description": "A fully given set-up instead of a seeded one"})
    start = fields.Boolean(load_default=False,
                           metadata={"description": "Start at once: only for a game of you "
                                                    "and bots (409 when anyone is invited; "
                                                    "the game starts when they all accept)"})
    turn_hours = Int(load_default=72, validate=validate.Range(min=1, max=24 * 60,
                                                              error=RANGE),
                     metadata={"description": "Hours each seat has for a decision"})
    leave_to = fields.String(load_default=None, allow_none=True,
                             validate=validate.Length(min=1, max=16),
                             metadata={"description": "What a resigned seat becomes: a bot of "
                                       "one of the game's levels, or `open` (it waits for a "
                                       "replacement the others invite); default: greedy"})
    timeout_policy = fields.String(load_default="default",
                                   validate=validate.OneOf(["default", "pause", "bot"]),
                                   metadata={"description": "When a deadline passes: play the "
                                             "documented default move, pause the game, or let "
                                             "a bot play the decision"})


class SeatOut(ma.Schema):
    seat = fields.Integer()
    name = fields.String()
    accepted = fields.Boolean()


class GameSummary(ma.Schema):
    id = fields.String()
    game = fields.String()
    status = fields.String(metadata={"description": "invited | active | over"})
    version = fields.Integer(metadata={"description": "How many events the game has"})
    seat = fields.Integer(allow_none=True, metadata={"description": "The caller's seat"})
    seats = fields.List(fields.Nested(SeatOut))
    waiting_on = fields.List(fields.Integer(), metadata={"description": "Seats to decide now"})
    your_turn = fields.Boolean()


class GameDetail(GameSummary):
    view = fields.Dict(allow_none=True,
                       metadata={"description": "The game as the caller may see it"})
    rules = fields.Integer(metadata={
        "description": "The rules version the game plays: the one it was created under (a rule "
                       "fixed since applies to games created after the fix only)"})
    rules_current = fields.Integer(metadata={
        "description": "The rules version new games of this kind are created under"})


class GameList(ma.Schema):
    games = fields.List(fields.Nested(GameSummary))


class CombosOut(ma.Schema):
    fields_ = fields.List(fields.String(), data_key="fields", attribute="fields", metadata={
        "description": "The answer's fields these rows give a value for, in this order"})
    info = fields.List(fields.String(), metadata={
        "description": "Columns after the fields' values that say what a row means (cost)"})
    rows = fields.List(fields.List(fields.Raw()), metadata={
        "description": "Every legal combination of these fields: a combination that is no row "
                       "is refused; offer the rows as one choice, or each field only among the rows "
                       "that fit the fields chosen before it (each field's own constraint "
                       "offers exactly the values of its column)"})


class FieldOut(ma.Schema):
    name = fields.String(metadata={"description": "The command parameter this field fills"})
    constraint = fields.Dict(metadata={"description": (
        "The field's space, by `type`: one_of (options), number (min, max; `of` and `at`: where "
        "the pieces counted come from), counts (bounds per key, min_total, max_total; `source`: "
        "where the pieces counted come from, as a value of `of`), moves (rows {seat, from, to, "
        "count}: `routes` gives per "
        "seat (a string key) the sources where its pieces may leave, each with `most` and the "
        "targets `to`, and a row is one of these routes; seats, sources and targets are null "
        "then, and list the rows' ranges only for a game that states no routes), picks (choices "
        "per key), parts, subset (min..max of options), grid_cell (cells, and per cell as \"x,y\" "
        "the rotations that fit it); `of` says what the values are. Every value a field offers "
        "on its own is part of a legal answer")})
    default = fields.Raw(allow_none=True)
    label = fields.Dict(allow_none=True)


class AnswerOut(ma.Schema):
    type = fields.String(metadata={"description": "The command type this answer sends"})
    fixed = fields.Dict(metadata={"description": "Parameters sent as they are"})
    fields_ = fields.List(fields.Nested(FieldOut), data_key="fields", attribute="fields")
    prompt = fields.Dict(allow_none=True)
    submit = fields.Dict(allow_none=True)
    combos = fields.Nested(CombosOut, allow_none=True, metadata={
        "description": "The exact joint space of some of the fields (null: each field alone)"})


class FormOut(ma.Schema):
    title = fields.Dict(allow_none=True)
    notes = fields.List(fields.Dict())
    answers = fields.List(fields.Nested(AnswerOut), metadata={
        "description": "The commands that answer the decision; every value offered is legal "
                       "on its own, what joins several (totals) is stated as limits"})


class DecisionOut(ma.Schema):
    seat = fields.Integer(allow_none=True)
    kind = fields.String()
    secret = fields.Boolean()
    options = fields.List(fields.Dict(), allow_none=True)
    constraint = fields.Dict(allow_none=True)
    form = fields.Nested(FormOut, allow_none=True, metadata={
        "description": "The decision as typed data (README: Decisions as typed data)"})
    info = fields.Dict()


class DecisionList(ma.Schema):
    version = fields.Integer()
    decisions = fields.List(fields.Nested(DecisionOut))


class CommandIn(ma.Schema):
    """A move: `type` names it, the other fields are its parameters (see the decisions)."""

    class Meta:
        unknown = ma.INCLUDE

    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seat = Int(allow_none=True, validate=validate.Range(min=0, max=64),
               metadata={"description": "Optional; must be the caller's own seat"})


class MessageOut(ma.Schema):
    key = fields.String()
    params = fields.Dict()


class EventOut(ma.Schema):
    seq = fields.Integer()
    type = fields.String()
    version = fields.Integer()
    payload = fields.Dict(metadata={"description": "As the caller may see it"})
    messages = fields.List(fields.Nested(MessageOut))
    source = fields.String()
    created_at = fields.DateTime()


class CommandResult(ma.Schema):
    version = fields.Integer(metadata={"description": "The game's version after the command"})
    replayed = fields.Boolean(metadata={"description": "True when an earlier request with the "
                                                       "same Idempotency-Key was accepted"})
    events = fields.List(fields.Nested(EventOut))


class EventsArgs(Strict):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_INT))
    limit = fields.Integer(load_default=1000, validate=validate.Range(min=1, max=5000))


class EventPage(ma.Schema):
    version = fields.Integer()
    events = fields.List(fields.Nested(EventOut))


class StateArgs(Strict):
    at = fields.Integer(required=True, validate=validate.Range(min=0, max=MAX_INT))


class StateOut(ma.Schema):
    version = fields.Integer()
    view = fields.Dict(allow_none=True)


class PlayerOut(ma.Schema):
    id = fields.Integer()
    email = fields.String()
    name = fields.String()
    language = fields.String()
    time_zone = fields.String()


class MagicRedeem(Strict):
    ticket = fields.String(required=True, validate=validate.Length(min=1, max=2000))


class MagicRequest(Strict):
    email = fields.Email(required=True, validate=validate.Length(max=320))


class SessionOut(ma.Schema):
    token = fields.String()
    expires_at = fields.DateTime()
    player = fields.Nested(PlayerOut)


class Vacation(Strict):
    starts_at = Stamp(required=True, default_timezone=dt.UTC)
    ends_at = Stamp(required=True, default_timezone=dt.UTC)


class PreferencesIn(Strict):
    daily_digest = fields.Boolean(metadata={"description": "One mail a day listing every game "
                                                           "waiting on you, instead of reminders"})
    talk_mail = fields.String(validate=validate.OneOf(["next", "now", "digest", "off"]),
                              metadata={"description": "How table talk reaches you by mail: in "
                                        "the game's next mail, at once, in a daily digest, or "
                                        "never"})
    vacations = fields.List(fields.Nested(Vacation), validate=validate.Length(max=20),
                            metadata={"description": "Replaces your vacation windows: deadlines "
                                                     "do not run during them"})


class PreferencesOut(ma.Schema):
    daily_digest = fields.Boolean()
    talk_mail = fields.String()
    vacations = fields.List(fields.Nested(Vacation))


class OptionOut(ma.Schema):
    name = fields.String()
    allowed = fields.List(fields.Raw())
    default = fields.Raw()
    description = fields.String()
    title = fields.String(metadata={"description": "the option's name in the caller's language"})
    labels = fields.List(fields.String(allow_none=True),
                         metadata={"description": "a word per allowed value (null: none)"})


class GameKind(ma.Schema):
    game = fields.String(metadata={"description": "the id to pass as `game` to POST /api/games"})
    title = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    options = fields.List(fields.Nested(OptionOut))
    bots = fields.List(fields.String(), metadata={"description": "bot levels for a seat"})


class Catalogue(ma.Schema):
    games = fields.List(fields.Nested(GameKind))


class BotIn(Strict):
    level = fields.String(required=True, validate=validate.Length(min=1, max=16),
                          metadata={"description": "The bot's level (GET /api/catalogue)"})


class OfferIn(Strict):
    email = fields.String(required=True, validate=validate.Length(min=3, max=320),
                          metadata={"description": "Who is offered the seat"})
    seat = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(min=0,
                                                                                      max=7),
                          metadata={"description": "Another seat than yours: one whose player "
                                    "resigned"})


class SeatChangeOut(ma.Schema):
    seat = fields.Integer()
    kind = fields.String(metadata={"description": "resigned | handed | bot | back"})
    version = fields.Integer(metadata={"description": "The game's version when it changed"})
    bot = fields.String(allow_none=True)


class OfferOut(ma.Schema):
    id = fields.Integer()
    seat = fields.Integer()
    status = fields.String()


class DeleteIn(Strict):
    confirm = fields.String(required=True, validate=validate.Length(min=1, max=320),
                            metadata={"description": "Your address, to confirm"})

class TalkIn(Strict):
    text = fields.String(required=True, validate=validate.Length(min=1, max=4000),
                         metadata={"description": "Plain text, at most 1000 characters once "
                                                  "trimmed; shown escaped, links not clickable"})
    to = fields.Raw(load_default=None, metadata={
        "description": "A private message: the seat number or the name of one other player "
                       "(null or absent: the whole table)"})


class TalkOut(ma.Schema):
    id = fields.Integer()
    seat = fields.Integer(metadata={"description": "who said it"})
    from_ = fields.String(attribute="from", data_key="from",
                          metadata={"description": "who said it, by name"})
    to = fields.String(allow_none=True, metadata={"description": "a private message's reader"})
    to_seat = fields.Integer(allow_none=True)
    private = fields.Boolean()
    version = fields.Integer(metadata={"description": "the game's version when it was said"})
    text = fields.String()
    at = fields.String(metadata={"description": "when (ISO 8601)"})


class TalkArgs(Strict):
    since = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**53),
                           metadata={"description": "only the messages after this id"})


class TalkList(ma.Schema):
    messages = fields.List(fields.Nested(TalkOut))
    muted = fields.List(fields.Integer(), metadata={"description": "seats you muted"})


class MuteIn(Strict):
    seat = fields.Integer(required=True, validate=validate.Range(min=0, max=64))
    muted = fields.Boolean(load_default=True)
