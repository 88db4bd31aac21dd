"""The pages where players meet (issue 27): the open games and the form to open one, a
player's profile, a game's leaderboard, the settings of both (a public profile, the calendar
link), and the calendar feed itself.

Every refusal is the service's (`service.meet`, `service.profiles`), said in the reader's
language; every option is shown in the game's own words (`meet.option_lines`), every player by
name and never by address.
"""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from domain.core import surface
from domain.games import DEFAULT_GAME
from emails import addresses
from service import db, feeds, meet, profiles, schedule
from service.api.state import ctx
from service.errors import ServiceError
from service.web import create, i18n
from service.web.common import blp, lang, me, require_player, said, small_int


def _open_rows(found: list[meet.OpenGame], language: str) -> list[dict[str, Any]]:
    rows = []
    for game in found:
        module = ctx().games.get(game.game)
        if module is None:
            continue
        rows.append({"game": game, "title": surface.title(module, language),
                     "options": meet.option_lines(module, game.options, language),
                     "languages": [i18n.LANGUAGE_NAMES.get(c, c) for c in game.languages],
                     "bots": sorted(surface.bot_levels(module))})
    return rows


@blp.get("/open-games")
def open_games() -> str:
    """The open games, newest first (`?game=` one game only); anyone may look, a signed-in
    player takes a seat in one click."""
    language = lang()
    chosen = request.args.get("game", "")[:40]
    kinds = create.offered()
    found = meet.listed(ctx(), game=chosen if chosen in kinds else None)
    return render_template("web/open_games.html", rows=_open_rows(found, language),
                           chosen=chosen if chosen in kinds else "",
                           kinds={n: surface.title(m, language) for n, m in kinds.items()})


def _back(game_id: str | None = None) -> BaseResponse:
    target = url_for("web.open_games")
    return redirect(target + (f"#g-{game_id}" if game_id else ""))


def _act(game_id: str, done: str, action: Any) -> BaseResponse:
    try:
        started = action()
    except ServiceError as error:
        flash(said(error), "error")
        return _back(game_id)
    if started:
        flash(i18n.t("lobby.started", lang()), "ok")
        return redirect(url_for("web.game", game_id=game_id))
    flash(i18n.t(done, lang()), "ok")
    return _back(game_id)


@blp.post("/open-games/<game_id>/join")
def open_join(game_id: str) -> BaseResponse:
    player = require_player()
    return _act(game_id, "lobby.joined", lambda: meet.join(ctx(), game_id[:40], player))


@blp.post("/open-games/<game_id>/leave")
def open_leave(game_id: str) -> BaseResponse:
    player = require_player()
    return _act(game_id, "lobby.left", lambda: meet.leave(ctx(), game_id[:40], player))


@blp.post("/open-games/<game_id>/remove")
def open_remove(game_id: str) -> BaseResponse:
    player = require_player()
    seat = small_int(request.form.get("seat", ""))
    return _act(game_id, "lobby.removed",
                lambda: meet.remove(ctx(), game_id[:40], player, -1 if seat is None else seat))


@blp.post("/open-games/<game_id>/start")
def open_start(game_id: str) -> BaseResponse:
    player = require_player()
    level = request.form.get("bot", "")[:20]
    return _act(game_id, "lobby.started", lambda: meet.start(ctx(), game_id[:40], player, level))


def _new_page(name: str, module: Any, form: dict[str, Any], error: str | None = None,
              status: int = 200) -> tuple[str, int]:
    language = lang()
    low, high = surface.player_range(module)
    return render_template(
        "web/open_new.html", game=name, title=surface.title(module, language),
        games={n: surface.title(m, language) for n, m in create.offered().items()},
        counts=list(range(max(low, 2), min(high, 8) + 1)),
        options=[{"spec": s, "caption": s.caption(language),
                  "words": create.option_words(s, language),
                  "about": s.description.get(language) or s.description.get("en", "")}
                 for s in surface.option_specs(module)],
        form=form, policies=create.POLICIES, most_hours=schedule.MAX_TURN_HOURS,
        language_names=i18n.LANGUAGE_NAMES, error=error), status


def _defaults(module: Any) -> dict[str, Any]:
    low, high = surface.player_range(module)
    return {"players": min(max(low, 3), high),
            "options": {s.name: _index_of(s.allowed, s.default)
                        for s in surface.option_specs(module)},
            "turn_hours": str(schedule.DEFAULT_TURN_HOURS), "policy": "default",
            "languages": []}


def _index_of(allowed: tuple[Any, ...], value: Any) -> int:
    """The place of `value` among an option's allowed values (True is no 1 here)."""
    return next(i for i, a in enumerate(allowed) if a == value and type(a) is type(value))


@blp.get("/open-games/new")
def open_new() -> tuple[str, int]:
    require_player()
    try:
        name, module = create.chosen_game(request.args.get("game"))
    except ServiceError as error:
        name, module = create.chosen_game(None)
        return _new_page(name, module, _defaults(module), said(error), 404)
    return _new_page(name, module, _defaults(module))


@blp.post("/open-games/new")
def open_new_post() -> BaseResponse | tuple[str, int]:
    player = require_player()
    language = lang()
    try:
        name, module = create.chosen_game(request.form.get("game", "")[:40])
    except ServiceError as error:
        name, module = create.chosen_game(DEFAULT_GAME if DEFAULT_GAME in ctx().games else None)
        return _new_page(name, module, _defaults(module), said(error), 422)
    posted = request.form
    form: dict[str, Any] = {"players": small_int(posted.get("players", "")) or 0,
            "options": {s.name: (small_int(posted.get(f"option.{s.name}", "")) or 0)
                        if small_int(posted.get(f"option.{s.name}", "")) is not None else -1
                        for s in surface.option_specs(module)},
            "turn_hours": posted.get("turn_hours", "").strip()[:12],
            "policy": posted.get("timeout_policy", "default")[:20],
            "languages": [c for c in posted.getlist("languages")[:5] if c in i18n.LANGUAGES]}
    options = {}
    for spec in surface.option_specs(module):
        index = form["options"][spec.name]
        if not 0 <= index < len(spec.allowed):
            return _new_page(name, module, form, i18n.t("create.bad_option", language,
                                                        option=spec.caption(language)), 422)
        options[spec.name] = spec.allowed[index]
    hours = small_int(form["turn_hours"])
    if hours is None or not 1 <= hours <= schedule.MAX_TURN_HOURS:
        return _new_page(name, module, form, i18n.t(
            "create.bad_hours", language, most=schedule.MAX_TURN_HOURS,
            typed=form["turn_hours"]), 422)
    if form["policy"] not in create.POLICIES:
        return _new_page(name, module, form, i18n.t("create.bad_policy", language), 422)
    if not form["players"]:
        return _new_page(name, module, form, i18n.t("lobby.bad_players", language), 422)
    try:
        game_id = meet.create(ctx(), player, game=name, count=form["players"], options=options,
                              turn_hours=hours, languages=form["languages"],
                              timeout_policy=form["policy"])
    except ServiceError as error:
        return _new_page(name, module, form, said(error), error.status)
    flash(i18n.t("lobby.created", language), "ok")
    return _back(game_id)


# --- profiles and leaderboards ------------------------------------------------------------------

@blp.get("/players/<int:player_id>")
def profile(player_id: int) -> tuple[str, int]:
    """A player's profile: theirs to see, everyone's when they made it public (404 else)."""
    language = lang()
    try:
        found = profiles.profile(ctx(), player_id, me(), language)
    except ServiceError as error:
        return render_template("web/error.html", message=said(error), status=404), 404
    return render_template("web/profile.html", p=found, kinds=sorted(ctx().games)), 200


@blp.get("/me")
def my_profile() -> BaseResponse:
    player = require_player()
    return redirect(url_for("web.profile", player_id=player.id))


@blp.get("/leaderboard/<game>")
def leaderboard(game: str) -> tuple[str, int]:
    try:
        board = profiles.board(ctx(), game[:40], lang())
    except ServiceError as error:
        return render_template("web/error.html", message=said(error), status=404), 404
    kinds = {n: surface.title(m, lang()) for n, m in create.offered().items()}
    return render_template("web/leaderboard.html", board=board, kinds=kinds), 200


# --- the settings: a public profile, the calendar link --------------------------------------------

@blp.app_context_processor
def _meet_settings() -> dict[str, Any]:
    def meet_settings() -> dict[str, Any]:
        player = me()
        if player is None:
            return {}
        token = feeds.token(ctx(), player.id)
        language = lang()
        kinds = {n: surface.title(m, language) for n, m in create.offered().items()}
        return {"public": profiles.is_public(ctx(), player.id),
                "calendar": url_for("web.calendar_feed", token=token, _external=True)
                if token else None,
                "kinds": kinds,
                "asked": {f"{g}:{c}" for g, c in meet.subscriptions(ctx(), player.id)},
                "languages": i18n.LANGUAGE_NAMES, "by_mail": _own_address(player.id),
                "example": next((t for t in sorted(kinds.values()) if " " in t),
                                next(iter(kinds.values()), "?"))}

    def open_game(game_id: str) -> dict[str, Any] | None:
        """An open game waiting for players, for its page: who is in, the free seats."""
        found = _open_rows(meet.listed(ctx(), game_id=game_id), lang())
        return found[0] if found else None

    return {"meet_settings": meet_settings, "open_game": open_game}


@blp.post("/settings/profile")
def settings_profile() -> BaseResponse:
    player = require_player()
    public = request.form.get("public") == "on"
    profiles.set_public(ctx(), player.id, public)
    what = i18n.t("settings.public" if public else "settings.private", lang())
    flash(i18n.t("settings.profile_saved", lang(), what=what), "ok")
    return redirect(url_for("web.settings") + "#profile")


def _own_address(player_id: int) -> str:
    """The player's own address, where a mail from them opens a game (`emails/opening.py`)."""
    with db.write(ctx().engine) as conn:
        token = addresses.player_token(conn, player_id)
    return addresses.reply_address(ctx().settings.mail_from, token)


@blp.post("/settings/open-game-mail")
def settings_open_game_mail() -> BaseResponse:
    """The boxes ticked, game by game and language by language: the player's mail about new
    open games is exactly those (`meet.subscribe`)."""
    player = require_player()
    ticked = [value.partition(":") for value in request.form.getlist("asked")[:100]]
    try:
        meet.subscribe(ctx(), player.id, [(game, code) for game, _, code in ticked])
    except ServiceError as error:
        flash(said(error), "error")
    else:
        flash(i18n.t("settings.open_mail_saved", lang()), "ok")
    return redirect(url_for("web.settings") + "#open-game-mail")


@blp.post("/settings/calendar")
def settings_calendar() -> BaseResponse:
    player = require_player()
    if request.form.get("action") == "revoke":
        feeds.revoke(ctx(), player.id)
        flash(i18n.t("settings.calendar_revoked", lang()), "ok")
    else:
        feeds.regenerate(ctx(), player.id)
        flash(i18n.t("settings.calendar_made", lang()), "ok")
    return redirect(url_for("web.settings") + "#calendar")


@blp.get("/calendar/<token>.ics")
def calendar_feed(token: str) -> Response:
    """The feed at its private link: no session needed (a calendar program has none); a wrong or
    revoked link is a bare 404."""
    owner = feeds.owner(ctx(), token[:80])
    if owner is None:
        abort(404)
    response = Response(feeds.feed(ctx(), owner), mimetype="text/calendar")
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["Content-Disposition"] = 'inline; filename="deadlines.ics"'
    return response
