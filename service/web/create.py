"""The page to create a game: which game, who sits where (the creator, players by email, bots),
the game's rule options and the turn time.

Everything offered comes from the registry and the game modules' surface (`domain.core.surface`:
the player counts, the option specs with their words, the bot levels), never from a game's name, so
a registered game appears here by itself. The posted form is checked here first, so that every
refusal reads in the creator's language and names the seat it is about; `service.lobby.create`
(the API's one path) then has the last word, and its refusals are keyed too. A refused form is
shown again with what was typed, and nothing is created.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

from domain.core import surface
from domain.core.errors import RuleError
from domain.core.game import GameModule, OptionSpec
from domain.core.i18n import Name
from domain.games import DEFAULT_GAME
from service import db, lobby, players, preferences, queries, schedule, tables
from service import seats as seats_mod
from service.api.state import ctx
from service.errors import Invalid, ServiceError
from service.limits import SendLimited
from service.players import Player
from service.web import i18n, ratelimit
from service.web.common import blp, lang, require_player, said, small_int

ME, EMAIL, BOT = "me", "email", "bot:"
"""A seat row's kinds: the creator, a player by email, a bot of a level (`bot:<level>`);
an empty kind leaves the row out."""

POLICIES = ("default", "pause", "bot")
"""What happens when a seat's time runs out (service/schedule.py), in the order offered."""


@dataclass
class Seat:
    kind: str = ""
    email: str = ""


@dataclass
class Filled:
    """What the form holds (posted, or the defaults): shown again when it is refused."""

    seats: list[Seat]
    options: dict[str, int] = field(default_factory=dict)  # option name → index in `allowed`
    turn_hours: str = str(schedule.DEFAULT_TURN_HOURS)
    policy: str = "default"
    leave_to: str = ""  # what a resigned seat becomes (service/seats.py); "": the default


def offered() -> dict[str, GameModule]:
    return dict(sorted(ctx().games.items()))


def chosen_game(name: str | None) -> tuple[str, GameModule]:
    games = offered()
    if name in games:
        return str(name), games[str(name)]
    if name:  # a name the service does not offer: said, in the creator's language
        raise Invalid.of("service.lobby.no_game", game=name[:40], games=", ".join(games),
                         allowed=list(games))
    default = DEFAULT_GAME if DEFAULT_GAME in games else next(iter(games))
    return default, games[default]


def rows(module: GameModule) -> int:
    """As many seat rows as the game takes players."""
    return min(surface.player_range(module)[1], lobby.MAX_SEATS)


def defaults(module: GameModule) -> Filled:
    """The creator in the first seat, then as many empty rows as the game takes players."""
    low, _high = surface.player_range(module)
    seats = [Seat(ME)] + [Seat(EMAIL) for _ in range(max(0, low - 1))]
    seats += [Seat() for _ in range(rows(module) - len(seats))]
    return Filled(seats=seats, options={s.name: _index(s, s.default) for s in
                                        surface.option_specs(module)})


def _index(spec: OptionSpec, value: Any) -> int:
    return next(i for i, a in enumerate(spec.allowed) if a == value and type(a) is type(value))


def option_words(spec: OptionSpec, language: str) -> list[str]:
    """Each allowed value in words: the game's, else yes/no for a boolean, else the value."""
    out = []
    for value in spec.allowed:
        word = spec.label(value, language)
        if word is None:
            word = (i18n.t("create.yes" if value else "create.no", language)
                    if isinstance(value, bool) else str(value))
        out.append(word)
    return out


def _page(name: str, module: GameModule, filled: Filled, error: str | None = None,
          status: int = 200) -> tuple[str, int]:
    language = lang()
    games = offered()
    return render_template(
        "web/new_game.html", game=name, games={n: surface.title(m, language)
                                               for n, m in games.items()},
        title=surface.title(module, language), players=surface.player_range(module),
        bots=sorted(surface.bot_levels(module)),
        bot_about=bot_abouts(module, language),
        options=[{"spec": s, "caption": s.caption(language), "words": option_words(s, language),
                  "about": s.description.get(language) or s.description.get("en", "")}
                 for s in surface.option_specs(module)],
        filled=filled, policies=POLICIES, most_hours=schedule.MAX_TURN_HOURS, error=error,
        leave_default=seats_mod.leave_level(module, None),
        rules=url_for("web.rules", game=name)), status


def bot_abouts(module: GameModule, language: str) -> dict[str, str]:
    """What each bot level of the game is, in the reader's language, with the seconds a move the
    service gives the levels that search (`PBEM_BOT_BUDGET`)."""
    return {level: surface.bot_about(module, level, language, ctx().settings.bot_budget)
            for level in sorted(surface.bot_levels(module))}


@blp.get("/games/new")
def new_game() -> tuple[str, int]:
    require_player()
    try:
        name, module = chosen_game(request.args.get("game"))
    except ServiceError as error:
        name, module = chosen_game(None)
        return _page(name, module, defaults(module), said(error), 404)
    return _page(name, module, defaults(module))


@blp.post("/games/new")
def new_game_post() -> BaseResponse | tuple[str, int]:
    player = require_player()
    language = lang()
    try:
        name, module = chosen_game(request.form.get("game", "")[:40])
    except ServiceError as error:
        name, module = chosen_game(None)
        return _page(name, module, defaults(module), said(error), 422)
    filled = read(module)
    try:
        seats, options, hours = check(module, filled, player, language)
        created = lobby.create(ctx(), player, game=name, emails=seats, options=options,
                               leave_to=filled.leave_to or None)
        preferences.configure_game(ctx(), created.game_id, hours, filled.policy)
    except Refused as error:
        return _page(name, module, filled, str(error), 422)
    except RuleError as error:
        return _page(name, module, filled, error.render(language), 422)
    except SendLimited as error:
        message = ratelimit.message(error.scope, error.retry_after, language, error.address)
        return _page(name, module, filled, message, 429)
    except ServiceError as error:
        return _page(name, module, filled, said(error), error.status)
    invited = [s for s in seats if isinstance(s, str) and s != player.email]
    flash(i18n.t("create.started" if created.started else "create.invited", language,
                 count=len(invited), who=", ".join(invited)), "ok")
    return redirect(url_for("web.game", game_id=created.game_id))


def too_many(wait: int) -> tuple[str, int, dict[str, str]]:
    """The per-player limit on invitations (flask-limiter, service/web/ratelimit.py): the form
    again, as it was typed, saying when to come back."""
    name, module = chosen_game(None)
    with contextlib.suppress(ServiceError):
        name, module = chosen_game(request.form.get("game", "")[:40])
    message = ratelimit.message("inviter", wait, lang())
    page, status = _page(name, module, read(module), message, 429)
    return page, status, {"Retry-After": str(wait)}


def invitation(head: queries.Header) -> list[str]:
    """What an invited player is asked to accept, in their language: the game and who created
    it, who sits where, the rule options in the game's words, and the time to play."""
    module = ctx().games.get(head.game)
    if module is None:
        return []
    language = lang()
    with db.read(ctx().engine) as conn:
        row = conn.execute(
            select(tables.games.c.options, tables.games.c.turn_hours,
                   tables.games.c.timeout_policy, tables.players.c.name)
            .join(tables.players, tables.players.c.id == tables.games.c.created_by)
            .where(tables.games.c.id == head.id)).first()
    if row is None:
        return []
    chosen = surface.check_options(module, row.options or {})
    lines = [i18n.t("invite.game", language, title=Name(surface.title(module, language)),
                    who=row.name),
             i18n.t("invite.players", language, names=", ".join(s["name"] for s in head.seats))]
    for spec in surface.option_specs(module):
        words = option_words(spec, language)
        lines.append(i18n.t("invite.option", language, caption=spec.caption(language),
                            value=words[_index(spec, chosen[spec.name])]))
    policy = row.timeout_policy if row.timeout_policy in POLICIES else "default"
    lines.append(i18n.t("invite.turn", language, hours=int(row.turn_hours),
                        policy=i18n.t(f"create.policy.{policy}", language)))
    return lines


class Refused(ValueError):
    """A form the page refuses, with the sentence that says why (in the creator's language)."""


def read(module: GameModule) -> Filled:
    """The posted form as it was typed (nothing checked yet)."""
    form = request.form
    seats = [Seat(form.get(f"seat.{i}.kind", "")[:40], form.get(f"seat.{i}.email", "")[:320])
             for i in range(rows(module))]
    options = {}
    for spec in surface.option_specs(module):
        index = small_int(form.get(f"option.{spec.name}", ""))
        options[spec.name] = index if index is not None else -1
    return Filled(seats=seats, options=options,
                  turn_hours=form.get("turn_hours", "").strip()[:12],
                  policy=form.get("timeout_policy", "default")[:20],
                  leave_to=form.get("leave_to", "")[:20])


def check(module: GameModule, filled: Filled, player: Player, language: str
          ) -> tuple[list[str | dict[str, str]], dict[str, Any], int]:
    """The seats (emails and bots, in seat order), the options and the turn hours the form asks
    for, or `Refused` saying the first thing wrong, with the seat's number as the form shows it."""
    def refuse(key: str, **params: Any) -> Refused:
        return Refused(i18n.t(key, language, **params))

    levels = sorted(surface.bot_levels(module))
    seats: list[str | dict[str, str]] = []
    taken: dict[str, int] = {}
    for number, seat in enumerate(filled.seats, start=1):
        if not seat.kind:
            continue
        if seat.kind == ME:
            email = player.email
        elif seat.kind == EMAIL:
            typed = seat.email.strip()
            if not typed:
                raise refuse("create.no_email", seat=number)
            try:
                email = players.normalise_email(typed)
            except Invalid:
                raise refuse("create.bad_email", seat=number, email=typed[:80]) from None
            if players.is_bot_email(email):
                raise refuse("create.bot_email", seat=number, email=email)
        elif seat.kind.startswith(BOT) and seat.kind[len(BOT):] in levels:
            seats.append({"bot": seat.kind[len(BOT):]})
            continue
        else:
            raise refuse("create.bad_seat", seat=number)
        if email in taken:
            raise refuse("create.same_player", seat=number, email=email, other=taken[email])
        taken[email] = number
        seats.append(email)
    surface.check_players(module, len(seats))  # the game's words: "… is played by 2 to 5 …"
    options = {}
    for spec in surface.option_specs(module):
        index = filled.options.get(spec.name, -1)
        if not 0 <= index < len(spec.allowed):
            raise refuse("create.bad_option", option=spec.caption(language))
        options[spec.name] = spec.allowed[index]
    surface.check_options(module, options)  # the game's own check (a RuleError, in words)
    hours = small_int(filled.turn_hours)
    if hours is None or not 1 <= hours <= schedule.MAX_TURN_HOURS:
        raise refuse("create.bad_hours", most=schedule.MAX_TURN_HOURS,
                     typed=filled.turn_hours[:12])
    if filled.policy not in POLICIES:
        raise refuse("create.bad_policy")
    return seats, options, hours
