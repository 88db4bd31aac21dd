"""A player's preferences and a game's timing settings: the one place where they are checked and
changed, for the API (`PATCH /api/me/preferences`), the web page (`/settings`) and the command line
(`pbem player prefs`) alike, so that no channel can store what another would refuse.

Vacations stop the clock of the player's deadlines (service/schedule.py), so they are bounded:

- a vacation lasts at most `MAX_VACATION_DAYS` (30) days and ends within `HORIZON_DAYS` (365)
  days from now;
- it is not in the past: it ends in the future, and a new one starts now at the earliest (a start
  earlier the same day, such as a date picked on a calendar, counts from now);
- a player has at most `MAX_VACATIONS` (5) at once, under way or to come.

What is over stays stored and is no longer listed: the deadlines opened before it still count that
time. A vacation under way is recognised by its start, which it keeps (its end may change);
removing it ends it now, so the time already away still counts. Every change of vacations
recomputes the player's open deadlines in the same transaction. Errors are in the player's
language and say what is allowed (`allowed`: the limits, for programs).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import Connection, delete, insert, select, update

from domain.core.i18n import LANGUAGES
from service import clock, db, schedule
from service import players as players_
from service.clock import aware
from service.context import Context
from service.errors import Invalid
from service.tables import players, vacations

MAX_VACATIONS = 5
MAX_VACATION_DAYS = 30
HORIZON_DAYS = 365
START_GRACE = timedelta(days=1)  # a start this close before now counts from now
MAX_NAME = 100

Window = tuple[datetime, datetime]
TALK_MAIL = ("next", "now", "digest", "off")
"""How table talk reaches a player by mail (service/talk.py): in the game's next mail, at once,
in one mail a day, or never (the page and the API show it anyway)."""

TEXTS: dict[str, tuple[str, str, str]] = {
    "prefs.talk_mail": ("'{value}' is not a choice for table talk by mail; choose next, now, "
                        "digest or off.",
                        "« {value} » n'est pas un choix pour les messages de table par courriel ; "
                        "choisissez next, now, digest ou off.",
                        "«{value}» non è una scelta per i messaggi del tavolo via email; scegli "
                        "next, now, digest o off."),
    "prefs.language": ("'{value}' is not a language offered here; choose en, fr or it.",
                       "« {value} » n'est pas une langue proposée ici ; choisissez en, fr ou it.",
                       "«{value}» non è una lingua offerta qui; scegli en, fr o it."),
    "prefs.time_zone": ("'{value}' is not a time zone; use a name such as Europe/Paris.",
                        "« {value} » n'est pas un fuseau horaire ; utilisez un nom comme "
                        "Europe/Paris.",
                        "«{value}» non è un fuso orario; usa un nome come Europe/Rome."),
    "prefs.vacation_order": ("The vacation from {start} to {end} ends before it starts.",
                             "Les vacances du {start} au {end} finissent avant de commencer.",
                             "Le vacanze dal {start} al {end} finiscono prima di cominciare."),
    "prefs.vacation_over": ("The vacation from {start} to {end} is over already: a vacation must "
                            "end in the future.",
                            "Les vacances du {start} au {end} sont déjà passées : des vacances "
                            "doivent finir dans le futur.",
                            "Le vacanze dal {start} al {end} sono già passate: le vacanze devono "
                            "finire nel futuro."),
    "prefs.vacation_past_start": ("The vacation from {start} to {end} starts in the past: a new "
                                  "vacation starts today at the earliest.",
                                  "Les vacances du {start} au {end} commencent dans le passé : de "
                                  "nouvelles vacances commencent au plus tôt aujourd'hui.",
                                  "Le vacanze dal {start} al {end} cominciano nel passato: nuove "
                                  "vacanze cominciano al più presto oggi."),
    "prefs.vacation_too_long": ("The vacation from {start} to {end} is too long: a vacation lasts "
                                "at most {days} days.",
                                "Les vacances du {start} au {end} sont trop longues : des "
                                "vacances durent au plus {days} jours.",
                                "Le vacanze dal {start} al {end} sono troppo lunghe: le vacanze "
                                "durano al massimo {days} giorni."),
    "prefs.vacation_too_far": ("The vacation from {start} to {end} is too far ahead: a vacation "
                               "ends within {days} days from today.",
                               "Les vacances du {start} au {end} sont trop lointaines : des "
                               "vacances finissent dans les {days} jours à venir.",
                               "Le vacanze dal {start} al {end} sono troppo lontane: le vacanze "
                               "finiscono entro {days} giorni da oggi."),
    "prefs.vacation_too_many": ("At most {count} vacations at once, under way or to come: cancel "
                                "one first.",
                                "Au plus {count} périodes de vacances à la fois, en cours ou à "
                                "venir : annulez-en une d'abord.",
                                "Al massimo {count} periodi di vacanza alla volta, in corso o "
                                "futuri: annullane prima uno."),
}
"""What a refused change says, in en, fr and it."""


def _say(key: str, lang: str, **params: Any) -> str:
    return TEXTS[key][LANGUAGES.index(lang) if lang in LANGUAGES else 0].format(**params)


@dataclass(frozen=True)
class Change:
    """What to change; None (or nothing to add or cancel) leaves it as it is.

    `vacations` replaces the vacations under way or to come (the API's list); `add` and `cancel`
    (ids, as `get` lists them) change them one by one (the web page's form)."""

    name: str | None = None
    language: str | None = None
    time_zone: str | None = None
    email_notifications: bool | None = None
    daily_digest: bool | None = None
    talk_mail: str | None = None  # next | now | digest | off (service/talk.py)
    vacations: Sequence[Window] | None = None
    add: Sequence[Window] = ()
    cancel: Sequence[int] = ()

    def touches_vacations(self) -> bool:
        return self.vacations is not None or bool(self.add) or bool(self.cancel)


def limits(now: datetime) -> dict[str, Any]:
    """The limits on vacations, as the `allowed` of a refusal."""
    return {"max_days": MAX_VACATION_DAYS, "at_once": MAX_VACATIONS,
            "within_days": HORIZON_DAYS, "earliest_start": now.isoformat()}


def days(first: date, last: date, tz: tzinfo) -> Window:
    """The vacation from the start of day `first` to the end of day `last` in time zone `tz`
    (how the web page and the command line take dates)."""
    return datetime.combine(first, time.min, tz), datetime.combine(last, time.max, tz)


def configure_game(ctx: Context, game_id: str, turn_hours: int | None,
                   timeout_policy: str | None) -> None:
    try:
        with db.write(ctx.engine) as conn:
            schedule.configure_game(conn, game_id, turn_hours=turn_hours,
                                    timeout_policy=timeout_policy)
    except ValueError as error:
        raise Invalid(str(error)) from None


def get(ctx: Context, player_id: int) -> dict[str, Any]:
    """The digest switch and the vacations under way or to come (with their ids)."""
    with db.read(ctx.engine) as conn:
        digest, talk_mail = conn.execute(select(players.c.daily_digest, players.c.talk_mail)
                                         .where(players.c.id == player_id)).one()
        current = _current(conn, player_id, clock.now())
    return {"daily_digest": bool(digest), "talk_mail": talk_mail or "next",
            "vacations": [{"id": i, "starts_at": s, "ends_at": e} for i, s, e in current]}


def change(ctx: Context, player_id: int, what: Change) -> dict[str, Any]:
    """Check and apply `what` in one transaction (open deadlines follow the vacations); raise
    Invalid, in the player's language and changing nothing, if any of it is not allowed."""
    now = clock.now()
    with db.write(ctx.engine) as conn:
        player = conn.execute(select(players.c.language, players.c.time_zone)
                              .where(players.c.id == player_id).with_for_update()).one()
        lang = player.language
        values = _values(what, lang)
        if values:
            conn.execute(update(players).where(players.c.id == player_id).values(**values))
        if what.touches_vacations():
            _vacations(conn, player_id, what, now, lang,
                       _zone(values.get("time_zone", player.time_zone)))
            schedule.recompute(conn, player_id=player_id)
    if {"name", "language", "time_zone"} & values.keys():
        players_.forget()  # the token trust cache holds the old name, language and zone
    return get(ctx, player_id)


def _values(what: Change, lang: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if what.name is not None:
        values["name"] = players_.check_name(what.name, lang)
    if what.language is not None:
        if what.language not in LANGUAGES:
            raise Invalid(_say("prefs.language", lang, value=what.language[:20]),
                          allowed=list(LANGUAGES))
        values["language"] = what.language
    if what.time_zone is not None:
        try:
            ZoneInfo(what.time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise Invalid(_say("prefs.time_zone", lang, value=what.time_zone[:64]),
                          allowed=["Europe/Paris", "Europe/Rome", "America/New_York", "…"]
                          ) from None
        values["time_zone"] = what.time_zone
    if what.talk_mail is not None:
        if what.talk_mail not in TALK_MAIL:
            raise Invalid(_say("prefs.talk_mail", lang, value=str(what.talk_mail)[:20]),
                          allowed=list(TALK_MAIL))
        values["talk_mail"] = what.talk_mail
    for flag in ("email_notifications", "daily_digest"):
        if getattr(what, flag) is not None:
            values[flag] = bool(getattr(what, flag))
    return values


def _current(conn: Connection, player_id: int, now: datetime) -> list[tuple[int, datetime,
                                                                             datetime]]:
    rows = conn.execute(select(vacations.c.id, vacations.c.starts_at, vacations.c.ends_at)
                        .where(vacations.c.player_id == player_id, vacations.c.ends_at > now)
                        .order_by(vacations.c.starts_at, vacations.c.id)).all()
    return [(r.id, aware(r.starts_at), aware(r.ends_at)) for r in rows]


def _vacations(conn: Connection, player_id: int, what: Change, now: datetime, lang: str,
               tz: tzinfo) -> None:
    """Check the vacations asked for (see the module's docstring) and store them."""
    current = _current(conn, player_id, now)
    if what.vacations is not None:
        asked = [_window(w, lang, tz, now) for w in what.vacations]
    else:
        cancel = set(what.cancel)
        asked = [(s, e) for i, s, e in current if i not in cancel]
        asked += [_window(w, lang, tz, now) for w in what.add]
    kept: dict[int, datetime] = {}  # stored id → its (new) end
    fresh: list[Window] = []
    for start, end in dict.fromkeys(asked):  # the same vacation twice is one
        same = next((i for i, s, e in current if i not in kept
                     and s == start and (e == end or s <= now)), None)
        try:
            start = _checked(start, end, now, stored=same is not None)
        except _Refused as no:
            raise Invalid(_say(no.key, lang, start=shown(start, tz), end=shown(end, tz),
                                 days=no.days), allowed=limits(now)) from None
        if same is None:
            fresh.append((start, end))
        else:
            kept[same] = end
    if len(kept) + len(fresh) > MAX_VACATIONS:
        raise Invalid(_say("prefs.vacation_too_many", lang, count=MAX_VACATIONS),
                      allowed=limits(now))
    for i, start, end in current:
        if i in kept:
            if kept[i] != end:
                conn.execute(update(vacations).where(vacations.c.id == i)
                             .values(ends_at=kept[i]))
        elif start <= now:  # under way and removed: it ends now, the time away still counts
            conn.execute(update(vacations).where(vacations.c.id == i).values(ends_at=now))
        else:
            conn.execute(delete(vacations).where(vacations.c.id == i))
    if fresh:
        conn.execute(insert(vacations), [{"player_id": player_id, "starts_at": s, "ends_at": e}
                                         for s, e in fresh])


class _Refused(Exception):
    def __init__(self, key: str, days: int | None = None) -> None:
        super().__init__(key)
        self.key, self.days = key, days


def _checked(start: datetime, end: datetime, now: datetime, *, stored: bool) -> datetime:
    """The vacation's start as it is stored (a new one that starts earlier today starts now),
    or _Refused with the rule it breaks. `stored`: it is a stored vacation (one under way keeps
    its start, which is in the past)."""
    if end <= start:
        raise _Refused("prefs.vacation_order")
    if end <= now:
        raise _Refused("prefs.vacation_over")
    if not stored and start < now:
        if start < now - START_GRACE:
            raise _Refused("prefs.vacation_past_start")
        start = now
    if end - start > timedelta(days=MAX_VACATION_DAYS):
        raise _Refused("prefs.vacation_too_long", MAX_VACATION_DAYS)
    if end > now + timedelta(days=HORIZON_DAYS):
        raise _Refused("prefs.vacation_too_far", HORIZON_DAYS)
    return start


def _window(window: Window, lang: str, tz: tzinfo, now: datetime) -> Window:
    """The window in UTC (how it is stored: SQLite keeps no offset). A date that has no UTC
    time (the last day of 9999 west of Greenwich) is refused as too far, not an overflow."""
    start, end = window
    try:
        return _utc(start), _utc(end)
    except OverflowError:
        raise Invalid(_say("prefs.vacation_too_far", lang, start=shown(start, tz),
                             end=shown(end, tz), days=HORIZON_DAYS),
                      allowed=limits(now)) from None


def _utc(stamp: datetime) -> datetime:
    return stamp.replace(tzinfo=UTC) if stamp.tzinfo is None else stamp.astimezone(UTC)


def shown(stamp: datetime, tz: tzinfo) -> str:
    """A time as the player reads it, in their time zone (as given when that overflows)."""
    with contextlib.suppress(OverflowError):
        stamp = stamp.astimezone(tz) if stamp.tzinfo else stamp
    return stamp.strftime("%Y-%m-%d %H:%M")


def _zone(name: str) -> tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC
