"""Mail about new open games (issue 27: "a player may subscribe to 'new open games of El
Caballero in French' and gets one mail per new game with a link"), on SQLite and PostgreSQL:
asked for on the settings page or through the API, queued with the game's creation, one per
game and reader in the reader's language, never to its creator, not sent once the reader sits
in it or it no longer waits, and stopped by the mail's own link."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from service import db, meet
from service.tables import outbox
from tests.emails.helpers import plain
from tests.emails.test_talk_mail import _drain


@pytest.fixture
def sender(ctx: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    from service import context

    monkeypatch.setattr(context, "_current", ctx)  # the mail worker's context, as it runs
    opened = ("opened a game of", "a ouvert une partie", "ha aperto una partita")
    return lambda: {str(m["To"]).split("<")[-1].rstrip(">"): m for m in _drain(ctx)
                    if any(words in str(m["Subject"]) for words in opened)}


def _ask(client: Any, *pairs: tuple[str, str]) -> Any:
    return client.http.put("/api/me/open-game-mail", headers=client.headers(), json={
        "subscriptions": [{"game": g, "language": c} for g, c in pairs]})


def _queued(ctx: Any, gid: str) -> list[int]:
    with db.read(ctx.engine) as conn:
        return sorted(conn.execute(select(outbox.c.player_id).where(
            outbox.c.game_id == gid, outbox.c.kind == "open-game")).scalars())


def _id(client: Any) -> int:
    return int(client.get("/api/me/data").get_json()["account"]["id"])


def test_one_mail_per_new_open_game_to_who_asked_in_their_language(
        ctx: Any, make_player: Any, sender: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob@example.com", "Bob", language="fr")
    cid = make_player("cid@example.com", "Cid", language="it")
    dan = make_player("dan@example.com", "Dan")
    eve = make_player("eve@example.com", "Eve", language="fr")
    assert _ask(bob, ("bids", "fr")).status_code == 200
    assert _ask(cid, ("bids", "it")).status_code == 200
    r = _ask(dan, ("bids", "fr"), ("bids", "it"), ("bids", "fr"))
    assert r.get_json()["subscriptions"] == [{"game": "bids", "language": "fr"},
                                             {"game": "bids", "language": "it"}]
    assert _ask(eve, ("el-grande", "fr")).status_code == 200  # another game: not this one
    assert _ask(ann, ("bids", "fr")).status_code == 200  # the creator: never her own
    r = ann.post("/api/open-games", {"game": "bids", "players": 3, "languages": ["fr"],
                                     "turn_hours": 1})
    gid = r.get_json()["id"]
    # Queued with the game (Cid asked for Italian only; Dan, asked twice, gets one)
    assert _queued(ctx, gid) == sorted([_id(bob), _id(dan)])
    mails = sender()
    assert sorted(mails) == ["bob@example.com", "dan@example.com"]
    french = mails["bob@example.com"]
    assert str(french["Subject"]) == \
        "Ann a ouvert une partie du jeu Enchères secrètes : une place pour vous ?"
    text = plain(french)
    assert "à 3 joueurs ; 2 places sont libres." in text, text
    assert "1 heure pour chaque décision." in text
    assert "Langues bienvenues à la table : Français." in text
    assert f"/open-games?lang=fr#g-{gid}" in text
    assert "@example.com" not in text.replace("bob@example.com", "")  # nobody's address
    assert "Ne plus recevoir de courriel sur les nouvelles parties ouvertes du jeu" in text
    assert "Dan" not in text and "Bob" in text  # named, and nobody else who asked
    # a reply opens a game of his own (tests/emails/test_opening_by_mail.py)
    assert "+" in str(french["Reply-To"]) and "Pour ouvrir une partie par courriel" in text
    english = plain(mails["dan@example.com"])
    assert "Ann opened a game of Sealed bids for 3 players; 2 seats are free." in english
    # A game welcoming any language goes to everyone who asked for the game, in their own
    r = ann.post("/api/open-games", {"game": "bids", "players": 2})
    anyone = r.get_json()["id"]
    assert _queued(ctx, anyone) == sorted([_id(bob), _id(cid), _id(dan)])
    mails = sender()
    italian = plain(mails["cid@example.com"])
    assert "1 posto è libero" in italian and "Tutte le lingue sono benvenute" in italian
    assert str(mails["cid@example.com"]["Subject"]).startswith("Ann ha aperto una partita di ")


def test_not_sent_to_a_reader_who_sat_down_nor_once_the_game_no_longer_waits(
        ctx: Any, make_player: Any, sender: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob@example.com", "Bob", language="fr")
    cid = make_player("cid@example.com", "Cid", language="it")
    for who in (bob, cid):
        _ask(who, ("bids", "fr"), ("bids", "it"))
    gid = ann.post("/api/open-games", {"game": "bids", "players": 3}).get_json()["id"]
    assert bob.post(f"/api/open-games/{gid}/join").status_code == 200  # before the mail went
    assert sorted(sender()) == ["cid@example.com"]
    full = ann.post("/api/open-games", {"game": "bids", "players": 2}).get_json()["id"]
    assert bob.post(f"/api/open-games/{full}/join").get_json()["started"] is True
    assert sender() == {}  # it started before its mails went: nothing to take any more


def test_the_mails_link_stops_that_games_mail_only(ctx: Any, app: Any, make_player: Any,
                                                    sender: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob@example.com", "Bob", language="fr")
    _ask(bob, ("bids", "fr"), ("el-grande", "fr"))
    ann.post("/api/open-games", {"game": "bids", "players": 2})
    mail = sender()["bob@example.com"]
    link = str(mail["List-Unsubscribe"]).strip("<>")
    path = link[link.index("/mail/unsubscribe/"):]
    web = app.test_client()
    page = web.get(path).get_data(as_text=True)
    assert "Ne plus recevoir de courriel sur les nouvelles parties ouvertes du jeu Enchères " \
           "secrètes ?" in page
    done = web.post(path).get_data(as_text=True)
    assert "C&#39;est fait" in done or "C'est fait" in done
    assert meet.subscriptions(ctx, _id(bob)) == [("el-grande", "fr")]
    assert bob.get("/api/me/data").get_json()["preferences"]["email_notifications"] is True
    ann.post("/api/open-games", {"game": "bids", "players": 2})
    assert sender() == {}
    tampered = path[:-3] + ("xyz" if not path.endswith("xyz") else "abc")
    assert web.post(tampered).status_code == 404


def test_bad_choices_are_refused_in_the_players_language_and_change_nothing(
        ctx: Any, make_player: Any) -> None:
    bob = make_player("bob@example.com", "Bob", language="fr")
    _ask(bob, ("bids", "fr"))
    r = _ask(bob, ("bids", "xx"))
    assert r.status_code == 422  # the schema: not a language of the service
    r = _ask(bob, ("nope", "fr"))
    assert r.status_code == 422 and "nope" in r.get_json()["detail"], r.get_json()
    assert meet.subscriptions(ctx, _id(bob)) == [("bids", "fr")]
    with pytest.raises(meet.ServiceError) as refused:
        meet.subscribe(ctx, _id(bob), [("bids", "de")])
    assert refused.value.render("fr").startswith("« de » n'est pas une langue de ce service")
    assert type(bob)(bob.http, None).http.get("/api/me/open-game-mail").status_code == 401


def test_a_creator_opening_game_after_game_mails_the_subscribers_at_most_five_a_day(
        ctx: Any, make_player: Any, sender: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob@example.com", "Bob", language="fr")
    _ask(bob, ("bids", "fr"))
    mailed = 0
    for _ in range(meet.MAX_MAILED + 2):
        gid = ann.post("/api/open-games", {"game": "bids", "players": 2}).get_json()["id"]
        assert ann.post(f"/api/open-games/{gid}/start", {"bot": "greedy"}).status_code == 200
        mailed += len(_queued(ctx, gid))
    assert mailed == meet.MAX_MAILED
