"""An invitee who follows the invitation mail's link without being signed in reads every page on
the way in their own language, whatever their browser says: the game page (with a way to sign in
and accept), the sign-in page, and the page their sign-in link opens."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select

from emails import outbound
from service import lobby, players
from service.tables import outbox
from tests.web.conftest import EMAILS, magic_path


def test_the_invitees_way_in_is_in_their_language(browser: Any, live: str, wctx: Any) -> None:
    ann, bob, cid = (players.add(wctx, e, name=n, language=lang)[0]
                     for e, n, lang in zip(EMAILS, ["Ann", "Bob", "Cid"], ["en", "fr", "it"],
                                           strict=True))
    game_id = lobby.create(wctx, ann, game="el-grande", emails=EMAILS).game_id
    with wctx.engine.connect() as conn:
        row = conn.execute(select(outbox).where(outbox.c.player_id == bob.id,
                                                outbox.c.kind == "invitation")).one()
    mail = outbound.build_message(row, bob, ctx=wctx).get_body(("plain",)).get_content()
    link = re.search(r"https?://\S+/games/" + game_id + r"\S*", mail)
    assert link, mail
    path = link.group(0)[link.group(0).index("/games/"):].rstrip(".,)")
    context = browser.new_context(base_url=live, locale="en-US")  # an English browser
    try:
        page = context.new_page()
        page.goto(path)
        assert page.get_attribute("html", "lang") == "fr"
        assert "Invitation pas encore acceptée par : Bob, Cid." in page.inner_text("main")
        page.click("#sign-in-to-accept")
        page.wait_for_selector("#email")
        assert page.get_attribute("html", "lang") == "fr"
        assert "Connexion par e-mail" in page.inner_text("main")
        fresh = browser.new_context(base_url=live, locale="en-US")  # the link, on another device
        try:
            other = fresh.new_page()
            other.goto(magic_path(wctx, bob.id))
            assert other.get_attribute("html", "lang") == "fr"
            assert "Terminer la connexion" in other.inner_text("main")
            other.click("#confirm-sign-in")
            other.wait_for_url(re.compile(r".*/games$"))
            other.goto(f"/games/{game_id}")
            assert other.locator("#accept-seat").count() == 1
        finally:
            fresh.close()
    finally:
        context.close()
    assert cid.language == "it"
