"""Table talk on the game page (service/web/chat.py, talk.js): the message box, escaped plain
text with links left as text, private messages on their two players' pages only, the messages in
the log at the time they were said, the poll, mutes and the settings page."""

from __future__ import annotations

from typing import Any

from service import queries, talk
from service.store import Source
from tests.web.conftest import Game, csrf_of, sign_in, to_ann_act


def _client(app: Any, wctx: Any, player_id: int | None) -> Any:
    client = app.test_client()
    if player_id is not None:
        sign_in(client, wctx, player_id)
    return client


def _say(client: Any, game: Game, text: str, to: str = "", **headers: str) -> Any:
    page = client.get(f"/games/{game.id}")
    return client.post(f"/games/{game.id}/talk", data={"csrf_token": csrf_of(page.text),
                                                       "text": text, "to": to},
                       headers=headers)


def test_messages_escaped_links_as_text_private_to_two(app: Any, wctx: Any, game: Game) -> None:
    ann, bob, cid = (_client(app, wctx, i) for i in game.ids)
    r = _say(ann, game, '<img src=x onerror=alert(1)> see https://evil.example/x')
    assert r.status_code == 302 and r.location.endswith("#talk")
    r = _say(ann, game, "Bob, psst: ally?", to="1", Accept="application/json")
    assert r.status_code == 201 and r.get_json()["to"] == "Bob", r.get_json()
    bob_page = bob.get(f"/games/{game.id}").text
    assert "&lt;img src=x onerror=alert(1)&gt;" in bob_page and "<img src=x" not in bob_page
    assert 'href="https://evil.example' not in bob_page
    assert "Bob, psst: ally?" in bob_page and "à Bob seulement" in bob_page  # Bob reads French
    for page in (cid.get(f"/games/{game.id}").text, cid.get(f"/games/{game.id}/watch").text,
                 app.test_client().get(f"/games/{game.id}").text,
                 bob.get(f"/games/{game.id}/watch").text):
        assert "evil.example" in page and "psst" not in page
    polled = cid.get(f"/games/{game.id}/talk.json?since=0").get_json()["messages"]
    assert [m["text"] for m in polled] == ['<img src=x onerror=alert(1)> see https://evil.example/x']
    first = polled[0]["id"]
    assert [m["text"] for m in bob.get(f"/games/{game.id}/talk.json?since={first}")
            .get_json()["messages"]] == ["Bob, psst: ally?"]


def test_refusal_in_the_players_language_and_nothing_sent(app: Any, wctx: Any,
                                                          game: Game) -> None:
    cid = _client(app, wctx, game.ids[2])
    r = _say(cid, game, "x" * (talk.MAX_LENGTH + 5), Accept="application/json")
    assert r.status_code == 422 and "al massimo 1000" in r.get_json()["error"]
    r = _say(cid, game, "ciao", to="Zorro", Accept="application/json")  # never to the table
    assert r.status_code == 422
    r = _say(cid, game, "ciao", to="99")
    assert r.status_code == 302
    assert "non è un altro giocatore" in cid.get(f"/games/{game.id}").text
    assert talk.read(wctx, game.id, 0) == []


def test_messages_sit_in_the_log_where_they_were_said(app: Any, wctx: Any, game: Game) -> None:
    game.play(0, "play_power", card=13)
    talk.say(wctx, game.id, 1, "nice card", source=Source("web"))
    game.play(1, "play_power", card=12)
    page = _client(app, wctx, game.ids[2]).get(f"/games/{game.id}").text
    log = page[page.index('class="log-list"'):page.index('id="talk"')]
    said = log.index("nice card")
    bob_played, ann_played = log.index("carta potere 12"), log.index("carta potere 13")
    assert bob_played < said < ann_played  # newest first: after Ann's card, before Bob's
    earlier = _client(app, wctx, game.ids[2]).get(f"/games/{game.id}/log?upto=4").text
    assert "nice card" in earlier and "carta potere 12" not in earlier


def test_mute_and_the_setting(app: Any, wctx: Any, game: Game) -> None:
    to_ann_act(game)
    talk.say(wctx, game.id, 2, "ciao", source=Source("web"))
    ann = _client(app, wctx, game.ids[0])
    page = ann.get(f"/games/{game.id}").text
    assert "ciao" in page and "Mute Cid" in page
    ann.post(f"/games/{game.id}/mute", data={"csrf_token": csrf_of(page), "seat": "2",
                                             "muted": "1"})
    page = ann.get(f"/games/{game.id}").text
    assert "ciao" not in page and "Read Cid again" in page
    assert "ciao" in _client(app, wctx, game.ids[1]).get(f"/games/{game.id}").text
    settings = ann.get("/settings").text
    assert 'name="talk_mail" value="next" checked' in settings


def test_two_players_talk_in_chromium(page_for: Any, game: Game) -> None:
    """Ann writes to the table and privately to Bob from the box (no reload); Bob's open page
    shows both by its poll, Cid's only the table's. Escaped, links not clickable."""
    from tests.web.shots import shot

    ann, bob, cid = (page_for(i) for i in game.ids)
    for page in (bob, cid):  # their pages' clocks are ours: the 15 s poll comes when we say
        page.clock.install()
    for page in (ann, bob, cid):
        page.goto(f"/games/{game.id}")
    ann.fill("#talk-text", "Hello all <b>bold?</b> https://example.org")
    ann.click("#talk-send")
    ann.wait_for_selector("#talk-list li:has-text('Hello all')")
    ann.select_option("#talk-to", "1")
    ann.fill("#talk-text", "Bob, on s'allie ?")
    ann.click("#talk-send")
    ann.wait_for_selector("#talk-list li.private:has-text('allie')")
    assert ann.url.endswith(f"/games/{game.id}")  # no reload, no redirect
    for page in (bob, cid):
        assert "allie" not in page.inner_text("#talk-list")  # not before their poll
        page.clock.run_for(16_000)  # one poll interval passes on their pages
    bob.wait_for_selector("#talk-list li.private:has-text('allie')", timeout=5_000)
    assert bob.locator("#talk-list a").count() == 0
    assert "<b>bold?</b>" in bob.inner_text("#talk-list")
    cid.wait_for_selector("#talk-list li:has-text('Hello all')", timeout=5_000)
    assert "allie" not in cid.inner_text("#talk-list")
    ann.fill("#talk-text", "x" * 10)
    ann.evaluate("document.getElementById('talk-text').removeAttribute('maxlength')")
    ann.fill("#talk-text", "y" * 1200)
    ann.click("#talk-send")
    ann.wait_for_selector("#talk-error:not([hidden])")
    assert "at most 1000" in ann.inner_text("#talk-error")
    shot(ann, "talk-ann")
    shot(bob, "talk-bob")
    shot(cid, "talk-cid")


def test_the_text_box_says_marked_lines_and_plays_the_rest(app: Any, wctx: Any,
                                                          game: Game) -> None:
    """The web's text box reads a "say …" line as a mail reply does: said at the table (or to one
    player), never read as a move, and the page tells what became of it."""
    ann = _client(app, wctx, game.ids[0])
    page = ann.get(f"/games/{game.id}")
    assert queries.header(wctx, game.id, None).waiting_on == [0]
    r = ann.post(f"/games/{game.id}/text", data={
        "csrf_token": csrf_of(page.text),
        "text": "power 13\nsay: good luck all\nsay to Bob: watch Cid"})
    assert r.status_code == 302
    shown = ann.get(f"/games/{game.id}").text
    assert "Sent to the table: “good luck all”." in shown
    assert "Sent to Bob only: “watch Cid”." in shown
    said = talk.read(wctx, game.id, 1)
    assert [(m.text, m.to) for m in said] == [("good luck all", None), ("watch Cid", 1)]
    assert [m.text for m in talk.read(wctx, game.id, 2)] == ["good luck all"]
    assert queries.header(wctx, game.id, None).waiting_on == [1]  # Ann's card 13 was played
