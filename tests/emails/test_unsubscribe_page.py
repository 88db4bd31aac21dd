"""The pages a mail's "stop these notifications" link opens speak the language of the player the
ticket names (nobody is signed in there): every word in French for a French player, in Italian
for an Italian one."""

from __future__ import annotations

import html
import re
from typing import Any

from emails import outbound
from service import players
from service.api import create_app

WORDS = {
    "fr": ("Ne plus recevoir les courriels de tour et de rappel de toutes vos parties ?",
           "Ne plus les recevoir", "Réglages des notifications",
           "C'est fait : plus de courriels de tour ni de rappel."),
    "it": ("Non ricevere più le mail di turno e i promemoria di tutte le partite?",
           "Non riceverle più", "Impostazioni delle notifiche",
           "Fatto: niente più mail di turno né promemoria."),
}
ENGLISH = ("Stop the", "Stop them", "Notification settings", "Done", "Settings", "reminder")


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_unsubscribe_pages_speak_the_players_language(mail_ctx: Any) -> None:
    app = create_app(mail_ctx, TESTING=True, RATELIMIT_ENABLED=False)
    for lang, (ask, stop, settings, done) in WORDS.items():
        player, _token = players.add(mail_ctx, f"someone.{lang}@example.org", name="Zoé",
                                     language=lang)
        path = "/mail/unsubscribe/" + outbound.unsubscribe_ticket(mail_ctx.settings.secret_key,
                                                                 player.id)
        client = app.test_client()
        page = client.get(path)
        assert page.status_code == 200
        shown = _text(page.text)
        assert ask in shown and stop in shown and settings in shown, shown
        assert f'lang="{lang}"' in page.text
        answer = client.post(path, data="List-Unsubscribe=One-Click")
        assert answer.status_code == 200
        after = _text(answer.text)
        assert done in after, after
        for english in ENGLISH:
            assert english not in shown and english not in after, (lang, english)
