"""A player's settings: name, language, time zone, mail, vacations, address change, their data
and deleting the account.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from flask import Response, flash, redirect, render_template, request, session, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

from service import account as accounts
from service import clock, db, players, preferences, tables
from service.api.state import ctx
from service.errors import Invalid, ServiceError
from service.limits import SendLimited
from service.players import Player
from service.web import i18n
from service.web.common import blp, lang, me, require_player, said, small_int, tz_of
from service.web.site import too_many

# --- settings --------------------------------------------------------------------------------------

def _player_row(player: Player) -> Any:
    with db.read(ctx().engine) as conn:
        return conn.execute(select(tables.players).where(tables.players.c.id == player.id)).first()


@blp.get("/settings")
def settings() -> str:
    player = require_player()
    return render_template("web/settings.html", row=_player_row(player),
                           zones=sorted(available_timezones()),
                           vacations=preferences.get(ctx(), player.id)["vacations"],
                           limits=preferences, tz=tz_of(player))


@blp.get("/settings/my-data.json")
def my_data() -> Response:
    """The player's data (service/account.py), as a JSON file to save."""
    player = require_player()
    import json

    body = json.dumps(accounts.export(ctx(), player), ensure_ascii=False, indent=2,
                      default=str)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": 'attachment; filename="my-data.json"'})


@blp.post("/settings/delete")
def delete_account() -> BaseResponse:
    """Delete the account: only with the player's address typed again (service/account.py)."""
    player = require_player()
    language = lang()
    try:
        accounts.delete_account(ctx(), player, confirm=request.form.get("confirm", "")[:320])
    except ServiceError as error:
        flash(i18n.t("settings.invalid", language, detail=said(error)), "error")
        return redirect(url_for("web.settings") + "#delete")
    session.clear()
    flash(i18n.t("settings.deleted", language), "ok")
    return redirect(url_for("web.sign_in"))


@blp.post("/settings")
def settings_post() -> BaseResponse:
    """Every setting of the page through `preferences.change`, the API's and the command line's
    one path: the same checks (vacations included), one transaction, and the player's running
    deadlines move with their vacations."""
    player = require_player()
    form = request.form
    language = lang()
    try:
        # An id no vacation can have (not a number, too long) cancels nothing.
        cancel = [n for v in form.getlist("cancel_vacation") if (n := small_int(v)) is not None]
        zone = form.get("time_zone", player.time_zone)
        away = _vacation_window(form, zone)
        preferences.change(ctx(), player.id, preferences.Change(
            name=(form.get("name", "").strip() or player.name)[:100],
            language=form.get("language", player.language), time_zone=zone,
            email_notifications=form.get("email_notifications") == "on",
            daily_digest=form.get("daily_digest") == "on",
            talk_mail=form.get("talk_mail") or None,
            add=[away] if away is not None else [], cancel=cancel))
    except ServiceError as error:
        flash(i18n.t("settings.invalid", language, detail=error.detail), "error")
        return redirect(url_for("web.settings"))
    flash(i18n.t("settings.saved", form.get("language", player.language)), "ok")
    return redirect(url_for("web.settings"))


@blp.post("/settings/email")
def settings_email_post() -> BaseResponse | tuple[str, int, dict[str, str]]:
    """A new address (or the same one again, once it works again): a link is mailed to it, and
    the address is the player's once the link is used (players.confirm_email)."""
    player = require_player()
    try:
        address = players.request_email_change(ctx(), player.id,
                                               request.form.get("email", "")[:400])
    except SendLimited as error:
        return too_many(error)
    except ServiceError as error:
        flash(i18n.t("settings.invalid", lang(), detail=said(error)), "error")
        return redirect(url_for("web.settings"))
    flash(i18n.t("settings.email_sent", lang(), email=address), "ok")
    return redirect(url_for("web.settings"))


@blp.get("/settings/email/<ticket>")
def email_confirm(ticket: str) -> str:
    """The link in the confirmation mail opens a page with one button (a mail scanner that
    fetches the link changes nothing)."""
    shown = players.email_in_ticket(ctx(), ticket[:2000]) or ""
    return render_template("web/email_confirm.html", ticket=ticket, email=shown)


@blp.post("/settings/email/<ticket>")
def email_confirm_post(ticket: str) -> BaseResponse | tuple[str, int]:
    try:
        player = players.confirm_email(ctx(), ticket[:2000])
    except ServiceError as error:
        return render_template("web/error.html", message=said(error)), 422
    flash(i18n.t("email.confirmed", player.language, email=player.email), "ok")
    return redirect(url_for("web.settings") if me() is not None else url_for("web.sign_in"))


def _tz_named(zone: str) -> ZoneInfo:
    try:
        return ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _vacation_window(form: Any, zone: str) -> tuple[datetime, datetime] | None:
    """The form's dates as a window of whole days in the player's time zone (no first day:
    from today)."""
    start, end = form.get("away_from", "").strip(), form.get("away_to", "").strip()
    if not start and not end:
        return None
    tz = _tz_named(zone)  # a bad zone is refused with the rest of the form
    try:
        first = date.fromisoformat(start) if start else clock.now().astimezone(tz).date()
        last = date.fromisoformat(end)
    except ValueError:
        raise Invalid(i18n.t("settings.bad_date", lang())) from None
    if last < first:
        raise Invalid(i18n.t("settings.bad_date", lang()))
    return preferences.days(first, last, tz)
