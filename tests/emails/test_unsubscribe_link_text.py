"""The HTML part's footer link to stop notifications read « Non ricevere più queste notifiche: »
and « Ne plus recevoir ces notifications : »: the text part's sentence, whose colon announced the
address, cut before it — in HTML the words are the link, nothing follows the colon."""

from __future__ import annotations

import re
from typing import Any

from tests.emails.test_site_name import mails, toy_game


def test_the_html_footers_stop_link_ends_without_a_colon(mail_ctx: Any) -> None:
    toy_game(mail_ctx)
    links = []
    for mail in mails(mail_ctx):
        html = mail.get_body(("html",))
        assert html is not None
        links += re.findall(r'<a href="[^"]*/mail/unsubscribe/[^"]*">([^<]*)</a>',
                            html.get_content())
    assert len(links) >= 3, links
    assert all(text.strip() and not text.rstrip().endswith(":") for text in links), links
    assert {"Non ricevere più queste notifiche", "Ne plus recevoir ces notifications"} \
        <= {text.strip() for text in links}, links
