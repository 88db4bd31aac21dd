"""Issue 27's "done": two people who do not know each other's address meet in an open game,
talk through the whole game by mail and through the page's channel (the API the page's box
posts to), in two languages, and see their ratings change when it ends — on SQLite and
PostgreSQL.

Bruno writes French, Chiara Italian. Bruno asked for mail about new open games of El Grande in
Italian and French; Chiara opens a short El Grande for two welcoming both; Bruno's mail (in
French) brings him to the list, where he takes the seat. Then every decision is made by the one
whose turn it is, one turn by a reply to their latest mail with a line of table talk in their
own language (« dire : … », "dire: …"), the next in the API with a message posted beside it.
Each message reaches the other (in their next mail and in the game's messages), no mail or
answer carries the other's address, every move is played, the game ends rated, and each
profile shows the rating's change: up for the winner, down for the other.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any

import pytest
from sqlalchemy import select

from domain.core.game import language_of
from emails import inbound
from emails import render as render_mod
from service import db, players, talk
from service.api import create_app
from service.tables import results
from tests.emails.conftest import Table
from tests.emails.helpers import plain
from tests.emails.test_talk_mail import _drain
from tests.service.conftest import Client

SAY = {"fr": "dire : {text}", "it": "dire: {text}"}
WORDS = {"fr": "Bien joué, à toi", "it": "Bella mossa, tocca a te"}


def _reply(ctx: Any, original: EmailMessage, person: Any, body: str) -> inbound.Result:
    msg = EmailMessage()
    msg["From"] = formataddr((person.name, person.email))
    msg["To"] = str(original["Reply-To"])
    msg["Subject"] = "Re: " + str(original["Subject"])
    msg["In-Reply-To"] = str(original["Message-ID"])
    msg["Message-ID"] = make_msgid(domain=person.email.rpartition("@")[2])
    msg.set_content(body)
    return inbound.receive(ctx, msg.as_bytes())


@pytest.mark.slow
def test_two_strangers_meet_talk_through_a_whole_game_and_are_rated(
        mail_ctx: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render_mod, "board_png", lambda *a, **k: None)  # tested elsewhere
    # A game by mail lasts days: each message said some minutes after the last, so the limit
    # of ten a player's words in ten minutes (tested in tests/service/test_talk.py) never bites.
    clock = iter(datetime(2026, 11, 28, tzinfo=UTC) + timedelta(minutes=3 * i)
                 for i in range(10**6))
    monkeypatch.setattr(talk, "now", lambda: next(clock))
    ctx = mail_ctx
    app = create_app(ctx, TESTING=True)
    bruno, bruno_token = players.add(ctx, "bruno@example.fr", name="Bruno", language="fr")
    chiara, chiara_token = players.add(ctx, "chiara@example.it", name="Chiara", language="it")
    api = {bruno.id: Client(app.test_client(), bruno_token),
           chiara.id: Client(app.test_client(), chiara_token)}
    r = api[bruno.id].http.put("/api/me/open-game-mail", headers=api[bruno.id].headers(),
                               json={"subscriptions": [{"game": "el-grande", "language": "it"},
                                                       {"game": "el-grande", "language": "fr"}]})
    assert r.status_code == 200
    r = api[chiara.id].post("/api/open-games", {"game": "el-grande", "players": 2,
                                                "options": {"short_game": True},
                                                "languages": ["fr", "it"]})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    people = [chiara, bruno]
    table = Table(ctx, gid, people)  # the game's state, step by step
    news = [m for m in _drain(ctx) if bruno.email in str(m["To"])]
    assert len(news) == 1 and "Chiara a ouvert une partie du jeu El Grande" in plain(news[0])
    assert f"/open-games?lang=fr#g-{gid}" in plain(news[0])
    assert chiara.email not in plain(news[0]) + str(news[0])  # her address: nowhere
    r = api[bruno.id].post(f"/api/open-games/{gid}/join")  # the link's page, one click
    assert r.get_json()["started"] is True, r.get_json()

    module = ctx.games["el-grande"]
    rng = random.Random(27)
    latest: dict[int, EmailMessage] = {}
    said: list[tuple[int, str]] = []  # (speaker's id, words)
    mailed_to: dict[int, str] = {bruno.id: "", chiara.id: ""}
    by_mail = by_api = 0
    for step in range(2000):
        for mail in _drain(ctx):  # the sender as it runs: talk in the next mail
            reader = next(p for p in people if p.email in str(mail["To"]))
            other = next(p for p in people if p is not reader)
            text = plain(mail)
            assert other.email not in text + str(mail["Reply-To"]) + str(mail["From"])
            mailed_to[reader.id] += text
            if mail["Reply-To"]:
                latest[reader.id] = mail
        state = table.state()
        if module.is_over(state):
            break
        decision = next(d for d in module.pending(state) if d.seat is not None)
        person = people[decision.seat]
        command = module.sample_command(state, decision, rng)
        words = f"{WORDS[person.language]} ({step})"
        said.append((person.id, words))
        if step % 2 == 0 and person.id in latest:
            move = language_of(module).format({"type": command.type, **dict(command.params)},
                                              person.language, decision=decision,
                                              names=[p.name for p in people])
            body = f"{SAY[person.language].format(text=words)}\n{move}"
            result = _reply(ctx, latest[person.id], person, body)
            assert result.status == "accepted", (body, result)
            by_mail += 1
        else:
            client = api[person.id]
            r = client.post(f"/api/games/{gid}/messages", {"text": words})
            assert r.status_code == 201, r.get_json()
            r = client.post(f"/api/games/{gid}/commands",
                            {"type": command.type, **dict(command.params)})
            assert r.status_code == 200, r.get_json()
            by_api += 1
    assert module.is_over(table.state()), "the game did not finish"
    for mail in _drain(ctx):
        mailed_to[next(p for p in people if p.email in str(mail["To"])).id] += plain(mail)
    assert by_mail > 10 and by_api > 10, (by_mail, by_api)

    assert "Bonjour Bruno" in mailed_to[bruno.id] and "Ciao Chiara" in mailed_to[chiara.id]
    # Every word reached the other: in the game's messages, and in their mails as they chose
    # ("next": in their next mail of the game), save the last few said after their last mail.
    for reader in people:
        heard = [m["text"] for m in api[reader.id].get(f"/api/games/{gid}/messages")
                 .get_json()["messages"]]
        spoken = [w for who, w in said if who != reader.id]
        assert spoken and all(w in heard for w in spoken)
        in_mail = [w for w in spoken if w in mailed_to[reader.id]]
        assert len(in_mail) >= len(spoken) - 3, (reader.name, len(in_mail), len(spoken))
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(results).where(results.c.game_id == gid)).all()
        assert len(talk.unmailed(conn, bruno.id, gid, upto=10**9)) <= 3
    assert len(rows) == 2 and all(r.rated for r in rows)
    winner = min(rows, key=lambda r: r.rank)
    for row in rows:
        client = api[row.player_id]
        profile = client.get(f"/api/players/{row.player_id}").get_json()
        change = profile["finished"][0]["change"]
        if rows[0].rank == rows[1].rank:  # a tie moves both alike, and little
            assert abs(change) < 1
        elif row is winner:
            assert change > 0 and profile["stats"][0]["won"] == 1
        else:
            assert change < 0 and profile["stats"][0]["won"] == 0
        assert profile["stats"][0]["rating"] is not None
