"""The site hosts every game, so it wears no game's name: a player of another game than El Grande
(here the toy sealed-bids game) never reads "El Grande" — not in the page's banner or title, not
in a mail's sender, Reply-To, List-Id or footer, not on the notifications page, not in the API's
title. The site's name is `PBEM_SITE_NAME`'s, or a neutral one in the reader's language; where a
game is meant, its own title is shown, in the reader's language."""

from __future__ import annotations

import email
from dataclasses import replace
from email import policy
from email.message import EmailMessage
from email.utils import parseaddr
from typing import Any

from sqlalchemy import select

from emails import outbound
from service import db, players
from service.api import create_app
from service.tables import outbox
from service.tables import players as players_t
from tests.games.bids import GAME as TOY
from tests.service.seating import started_game
from tests.web.conftest import sign_in
from workers import mail as mail_worker
from workers.config import MailSettings

PEOPLE = [("ann@example.com", "Ann", "en"), ("bruno@example.fr", "Bruno", "fr"),
          ("chiara@example.it", "Chiara", "it")]
SITE = {"en": "Play by mail", "fr": "Jeux par courriel", "it": "Giochi per posta"}
BIDS = {"en": "Sealed bids", "fr": "Enchères secrètes", "it": "Offerte segrete"}


def toy_game(ctx: Any) -> tuple[str, list[Any]]:
    people = [players.add(ctx, address, name=name, language=language)[0]
              for address, name, language in PEOPLE]
    game_id = started_game(ctx, people[0], game=TOY.name, emails=[p.email for p in people],
                           options={}, setup=None)
    return game_id, people


def mails(ctx: Any) -> list[EmailMessage]:
    """Every outbox row as the mail worker sends it (its sender: the configured default), as a
    receiver parses it."""
    sender = MailSettings.of(ctx.settings).sender
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(outbox).order_by(outbox.c.id)).all()
        people = {p.id: p for p in conn.execute(select(players_t)).all()}
    out = []
    for row in rows:
        player = people[row.player_id]
        message = outbound.build_message(row, player, sender=sender, ctx=ctx,
                                         links=mail_worker._links(ctx, row, player))
        out.append(email.message_from_bytes(message.as_bytes(), policy=policy.default))
    return out


def readable(mail: EmailMessage) -> str:
    """What a reader may see of a mail: its headers decoded, its text and its HTML."""
    headers = "\n".join(f"{name}: {value}" for name, value in mail.items())
    parts = [mail.get_body(preferencelist=(kind,)) for kind in ("plain", "html")]
    return headers + "\n" + "\n".join(p.get_content() for p in parts if p is not None)


def test_a_toy_games_mails_name_the_site_and_the_game_never_el_grande(mail_ctx: Any) -> None:
    game_id, _people = toy_game(mail_ctx)
    sent = mails(mail_ctx)
    languages = {address: lang for address, _name, lang in PEOPLE}
    assert {languages[parseaddr(str(m["To"]))[1]] for m in sent} == {"en", "fr", "it"}
    for mail in sent:
        lang = languages[parseaddr(str(mail["To"]))[1]]
        shown = readable(mail)
        assert "El Grande" not in shown, shown
        # The sender's name in the reader's language, as the footer (not "Play by mail" to all).
        assert str(mail["From"]) == f"{SITE[lang]} <pbem@localhost>"
        assert SITE[lang] in mail.get_body(preferencelist=("plain",)).get_content()  # footer
        assert BIDS[lang] in str(mail["Subject"])
        if mail["Reply-To"] is not None:  # a seat's mail: the reply goes to this game
            assert parseaddr(str(mail["Reply-To"]))[0] == f"{BIDS[lang]} {game_id}"
        if mail["List-Id"] is not None:
            assert str(mail["List-Id"]) == "Play by mail <games.localhost>"
    assert any(m["Reply-To"] is not None for m in sent)
    assert any(m["List-Id"] is not None for m in sent)


def test_a_configured_site_name_is_the_mails_as_written(mail_ctx: Any) -> None:
    mail_ctx.settings = replace(mail_ctx.settings, site_name="Ann's table",
                                mail_from="Ann's table <pbem@localhost>")
    toy_game(mail_ctx)
    sent = mails(mail_ctx)
    assert sent and all("Ann's table" in m.get_body(preferencelist=("plain",)).get_content()
                        and "Giochi per posta" not in readable(m) for m in sent)
    assert {str(m["List-Id"]) for m in sent if m["List-Id"]} == {"Ann's table <games.localhost>"}


def test_a_toy_games_pages_name_the_site_and_the_game_never_el_grande(mail_ctx: Any) -> None:
    game_id, people = toy_game(mail_ctx)
    app = create_app(mail_ctx, TESTING=True, RATELIMIT_ENABLED=False)
    for player, lang in zip(people, ("en", "fr", "it"), strict=True):
        client = app.test_client()
        sign_in(client, mail_ctx, player.id)
        page = client.get(f"/games/{game_id}").text
        assert f'class="brand" href="/">{SITE[lang]}</a>' in page
        title = page[page.index("<title>"):page.index("</title>")]
        assert BIDS[lang] in title and SITE[lang] in title
        for path in ("/games", "/settings", f"/games/{game_id}/watch"):
            shown = client.get(path).text
            if path == "/settings":  # the mail about new open games lists the service's games
                start = shown.index('<section class="card narrow" id="open-game-mail"')
                section = shown[start:shown.index("</section>", start)]
                assert f"<legend>{BIDS[lang]}</legend>" in section  # each by its own title
                shown = shown.replace(section, "")
            assert "El Grande" not in shown and SITE[lang] in shown, path
        assert "El Grande" not in page
    anonymous = app.test_client()
    for path in ("/login", "/login?lang=fr", "/api", "/api/openapi.json",
                 "/mail/unsubscribe/" + outbound.unsubscribe_ticket(
                     mail_ctx.settings.secret_key, people[0].id)):
        shown = anonymous.get(path)
        assert shown.status_code == 200 and "El Grande" not in shown.text, path
    assert anonymous.get("/api").get_json()["title"] == "Play by mail"
    assert anonymous.get("/api/openapi.json").get_json()["info"]["title"] == "Play by mail"
