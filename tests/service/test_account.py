"""One's own data (service/account.py): the download holds it all; deleting the account takes the
name and the address out of the service, resigns the games in play, leaves a neutral name in the
finished ones — and every game's record still verifies, since no name or address is in the
hash-chained events."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select, text

from service import account, db, players, queries, records, store
from service.errors import Invalid
from service.tables import events, games, inbound_mail, outbox, tokens
from service.tables import players as players_t
from tests.service.seating import accept_over_http


def _bids(ann: Any, bob: Any) -> str:
    r = ann.post("/api/games", {"game": "bids", "seats": ["ann@example.com",
                                                          "bob.secret@example.com"]})
    assert r.status_code == 201, r.get_json()
    game_id = r.get_json()["id"]
    accept_over_http([bob], game_id)
    return str(game_id)


def _play_out(ann: Any, bob: Any, game_id: str) -> None:
    for _ in range(2):
        assert ann.post(f"/api/games/{game_id}/commands", {"type": "bid", "amount": 3}
                        ).status_code == 200
        assert bob.post(f"/api/games/{game_id}/commands", {"type": "bid", "amount": 2}
                        ).status_code == 200
        assert ann.post(f"/api/games/{game_id}/commands", {"type": "claim", "prize": "gold"}
                        ).status_code == 200


def test_a_player_downloads_their_data_then_deletes_the_account_and_every_record_verifies(
        ctx: Any, make_player: Any) -> None:
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob.secret@example.com", "Bobbington Secretname", language="fr")
    finished = _bids(ann, bob)
    _play_out(ann, bob, finished)
    in_play = _bids(ann, bob)
    assert bob.post(f"/api/games/{in_play}/commands", {"type": "bid", "amount": 4}
                    ).status_code == 200
    with db.read(ctx.engine) as conn:
        bob_id = conn.execute(select(players_t.c.id).where(
            players_t.c.email == "bob.secret@example.com")).scalar_one()
    # A reply he sent by mail is kept with its raw text (his address in it) until he leaves.
    with db.write(ctx.engine) as conn:
        conn.execute(inbound_mail.insert().values(
            message_id="<m1@example.com>", received_at=store.now(), transport="smtp",
            envelope_from="bob.secret@example.com", recipients=[], status="accepted",
            raw=b"From: Bobbington Secretname <bob.secret@example.com>\r\n\r\nbid 4",
            player_id=bob_id, game_id=in_play))

    r = bob.get("/api/me/data")
    assert r.status_code == 200
    data = r.get_json()
    assert data["account"]["email"] == "bob.secret@example.com"
    assert data["account"]["language"] == "fr"
    assert {g["id"] for g in data["games"]} == {finished, in_play}
    mine = next(g for g in data["games"] if g["id"] == in_play)
    assert mine["seat"] == 1 and [m["command"]["amount"] for m in mine["moves"]] == [4]
    assert data["mails_to_you"] and data["mails_from_you"][0]["raw"].endswith("bid 4")
    assert "preferences" in data and json.dumps(data)  # JSON all through

    r = bob.post("/api/me/delete", {"confirm": "someone.else@example.com"})
    assert r.status_code == 422 and "confirm" in r.get_json()["detail"]
    r = bob.post("/api/me/delete", {"confirm": "Bob.Secret@example.com"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["resigned"] == [in_play]
    assert bob.get("/api/me").status_code == 401  # his tokens are gone

    # His name and address are nowhere in the service's tables.
    with db.read(ctx.engine) as conn:
        for table in ("players", "outbox", "inbound_mail", "events", "games", "seats",
                      "seat_changes", "tokens", "reply_tokens", "deadlines"):
            rows = conn.execute(text(f"SELECT * FROM {table}")).all()
            dump = json.dumps([list(r) for r in rows], default=str)
            assert "Secretname" not in dump and "bob.secret" not in dump, table
        row = conn.execute(select(players_t).where(players_t.c.id == bob_id)).one()
        left = conn.execute(select(outbox.c.id).where(outbox.c.player_id == bob_id)).all()
        alive = conn.execute(select(tokens.c.id).where(tokens.c.player_id == bob_id)).all()
        status = conn.execute(select(games.c.status).where(games.c.id == finished)).scalar()
    assert row.deleted_at is not None and row.name == account.DELETED_NAME
    assert left == [] and alive == [] and status == "over"
    # His seats keep a neutral name, in the reader's language; the games still verify.
    head = queries.header(ctx, finished, None)
    assert [s["name"] for s in head.seats] == ["Ann", "Deleted account"]
    with db.read(ctx.engine) as conn:
        assert account.shown_names(conn, [bob_id], "fr") == {bob_id: "Compte supprimé"}
        assert account.shown_names(conn, [bob_id], "it") == {bob_id: "Account eliminato"}
    for game_id in (finished, in_play):
        report = records.verify(ctx, game_id)
        assert report.ok, report.text()
    assert report.redecided > 0
    public = "\n".join(records.public_record(ctx, finished))
    assert "Secretname" not in public and "bob.secret" not in public
    # The game in play goes on: his seat is the table's bot's.
    with db.read(ctx.engine) as conn:
        actors = conn.execute(select(events.c.actor).where(events.c.game_id == in_play)
                              ).scalars().all()
    assert f"player:{bob_id}" in actors  # his move stays his, by number


def test_deleting_an_account_refuses_a_wrong_confirmation_in_the_players_language(
        ctx: Any, make_player: Any) -> None:
    make_player("eva@example.com", "Eva", language="it")
    with db.read(ctx.engine) as conn:
        eva = players.find_by_email(conn, "eva@example.com")
    assert eva is not None
    try:
        account.delete_account(ctx, eva, confirm="nobody@example.com")
    except Invalid as error:
        assert "confermalo scrivendo il tuo indirizzo" in error.render("it")
    else:
        raise AssertionError("deleted without the right confirmation")
    with db.read(ctx.engine) as conn:
        assert players.find_by_email(conn, "eva@example.com") is not None


def test_the_operator_exports_resigns_and_deletes_from_the_command_line(
        database_url: str, ctx: Any, make_player: Any, monkeypatch: Any) -> None:
    from click.testing import CliRunner

    from pbem.cli import main

    monkeypatch.setenv("PBEM_DATABASE_URL", database_url)
    monkeypatch.setenv("PBEM_SECRET_KEY", "k")
    ann = make_player("ann@example.com", "Ann")
    bob = make_player("bob.secret@example.com", "Bobbington Secretname")
    r = ann.post("/api/games", {"game": "el-grande", "seats": ["ann@example.com",
                                                               "bob.secret@example.com"]})
    game_id = r.get_json()["id"]
    accept_over_http([bob], game_id)
    result = CliRunner().invoke(main, ["player", "data", "bob.secret@example.com"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"][0]["id"] == game_id
    result = CliRunner().invoke(main, ["player", "resign", "bob.secret@example.com", game_id])
    assert result.exit_code == 0, result.output
    assert "seat 2 resigned; it is played by a bot (greedy)" in result.stdout
    result = CliRunner().invoke(main, ["player", "resign", "bob.secret@example.com", game_id])
    assert result.exit_code != 0 and "no seat" in result.output
    result = CliRunner().invoke(main, ["player", "delete", "bob.secret@example.com",
                                       "--confirm", "ann@example.com"])
    assert result.exit_code != 0 and "confirm" in result.output
    result = CliRunner().invoke(main, ["player", "delete", "bob.secret@example.com",
                                       "--confirm", "bob.secret@example.com"])
    assert result.exit_code == 0, result.output
    with db.read(ctx.engine) as conn:
        assert players.find_by_email(conn, "bob.secret@example.com") is None
    assert records.verify(ctx, game_id).ok
