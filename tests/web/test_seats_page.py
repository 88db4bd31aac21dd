"""The game page's seat actions (service/seats.py): resigning only once confirmed, handing the seat
to a bot and taking it back, offering it to someone who accepts; the log and the final ranking say
who held the seat, in the reader's language. Then one's own data and deleting the account."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from service import db, lobby, players, seats
from service.tables import games
from tests.service.seating import accept_all
from tests.web.conftest import EMAILS, csrf_of, sign_in


def _game(wctx: Any, **create: Any) -> tuple[list[Any], str]:
    people = [players.add(wctx, e, name=n, language=lang)[0]
              for e, n, lang in zip(EMAILS, ["Ann", "Bob", "Cid"], ["en", "fr", "it"], strict=True)]
    game_id = lobby.create(wctx, people[0], game="el-grande", emails=EMAILS, **create).game_id
    accept_all(wctx, game_id)
    return people, game_id


def _seating(wctx: Any, game_id: str) -> int:
    with db.read(wctx.engine) as conn:
        return int(conn.execute(select(games.c.seating).where(games.c.id == game_id)).scalar_one())


def test_resigning_on_the_page_needs_the_confirmation_and_the_log_says_it(app: Any, wctx: Any
                                                                          ) -> None:
    (_ann, bob_p, cid_p), game_id = _game(wctx)
    url = f"/games/{game_id}"
    bob, cid = app.test_client(), app.test_client()
    sign_in(bob, wctx, bob_p.id)
    sign_in(cid, wctx, cid_p.id)
    page = bob.get(url).text
    assert 'id="resign"' in page and "Abandonner cette partie" in page
    assert "un robot (greedy) la joue désormais" in page  # what resigning does, before it
    done = bob.post(f"{url}/resign", data={"csrf_token": csrf_of(page)}, follow_redirects=True)
    assert "Cochez la case pour confirmer" in done.text
    assert _seating(wctx, game_id) == 0  # not confirmed: nothing changed
    done = bob.post(f"{url}/resign", data={"csrf_token": csrf_of(page), "confirm": "yes"},
                    follow_redirects=True)
    assert "Vous avez abandonné cette partie." in done.text
    assert 'id="resign"' not in done.text  # a spectator now
    assert _seating(wctx, game_id) == 1
    page = cid.get(url).text
    assert "Bob si è ritirato; un bot (greedy) gioca il posto." in page


def test_handing_the_seat_to_a_bot_and_taking_it_back_on_the_page(app: Any, wctx: Any) -> None:
    (ann_p, _bob, _cid), game_id = _game(wctx)
    url = f"/games/{game_id}"
    ann = app.test_client()
    sign_in(ann, wctx, ann_p.id)
    page = ann.get(url).text
    done = ann.post(f"{url}/bot", data={"csrf_token": csrf_of(page), "level": "genius"},
                    follow_redirects=True)
    assert "Nothing was changed" in done.text and "greedy" in done.text  # the levels allowed
    done = ann.post(f"{url}/bot", data={"csrf_token": csrf_of(page), "level": "random"},
                    follow_redirects=True)
    assert "A bot plays your seat now." in done.text
    assert "A bot (random) plays your seat for you; you still see it." in done.text
    assert "Ann handed the seat to a bot (random)." in done.text
    assert "Bot (random) playing for Ann: plays a legal move at random." in done.text
    done = ann.post(f"{url}/take-back", data={"csrf_token": csrf_of(page)},
                    follow_redirects=True)
    assert "You play your seat again." in done.text and "Ann plays the seat again." in done.text


def test_a_seat_offered_on_the_page_is_taken_by_the_invited_one(app: Any, wctx: Any) -> None:
    (_ann, bob_p, _cid), game_id = _game(wctx)
    dan_p = players.add(wctx, "dan@example.com", name="Dan", language="fr")[0]
    url = f"/games/{game_id}"
    bob, dan = app.test_client(), app.test_client()
    sign_in(bob, wctx, bob_p.id)
    sign_in(dan, wctx, dan_p.id)
    page = bob.get(url).text
    done = bob.post(f"{url}/offer", data={"csrf_token": csrf_of(page),
                                          "email": "dan@example.com", "seat": "1"},
                    follow_redirects=True)
    assert "La place est proposée" in done.text
    page = dan.get(url).text
    assert "On vous propose la place de Bob dans cette partie." in page
    offer = seats.offers_for(wctx, game_id, dan_p.id)[0]
    done = dan.post(f"{url}/offers/{offer.id}/accept", data={"csrf_token": csrf_of(page)},
                    follow_redirects=True)
    assert "La place est à vous" in done.text
    assert "Dan reprend la place de Bob." in done.text
    assert 'id="resign"' in done.text  # Dan's seat now


def test_a_player_downloads_their_data_and_deletes_their_account_on_the_settings_page(
        app: Any, wctx: Any) -> None:
    (ann_p, bob_p, _cid), game_id = _game(wctx)
    bob = app.test_client()
    sign_in(bob, wctx, bob_p.id)
    data = bob.get("/settings/my-data.json")
    assert data.status_code == 200 and "attachment" in data.headers["Content-Disposition"]
    mine = json.loads(data.text)
    assert mine["account"]["email"] == "bob@example.com"
    assert [g["id"] for g in mine["games"]] == [game_id]
    page = bob.get("/settings").text
    assert "Supprimer mon compte" in page
    done = bob.post("/settings/delete", data={"csrf_token": csrf_of(page),
                                              "confirm": "someone@example.com"},
                    follow_redirects=True)
    assert "confirmez-le en tapant votre adresse" in done.text
    done = bob.post("/settings/delete", data={"csrf_token": csrf_of(page),
                                              "confirm": "Bob@Example.com"},
                    follow_redirects=True)
    assert "Votre compte est supprimé." in done.text
    assert bob.get("/settings").status_code in (302, 303)  # signed out
    ann = app.test_client()
    sign_in(ann, wctx, ann_p.id)
    page = ann.get(f"/games/{game_id}").text
    assert "Deleted account resigned; a bot (greedy) plays the seat." in page
    assert "Bob" not in page and "bob@example.com" not in page


def test_the_final_ranking_and_the_log_name_who_held_a_seat_when() -> None:
    from service.web.record import Seating, ranking_names

    changes = [seats.Change("g", 1, seats.RESIGNED, 10, 2, 7, "greedy"),
               seats.Change("g", 1, seats.HANDED, 20, 7, 4, None),
               seats.Change("g", 0, seats.BOT, 25, 1, 1, "random")]
    seating = Seating({0: 1, 1: 4, 2: 3}, changes,
                      {1: "Ann", 2: "Bob", 3: "Cid", 4: "Dan", 7: "Bot 2 (greedy)"})
    assert seating.names_at(10) == ["Ann", "Bob", "Cid"]  # event 10: before Bob resigned
    assert seating.names_at(11) == ["Ann", "Bot 2 (greedy)", "Cid"]
    assert seating.names_at(21) == ["Ann", "Dan", "Cid"]
    assert ranking_names(seating, "fr") == ["Ann", "Dan (après Bob et Bot 2 (greedy))", "Cid"]
    assert ranking_names(seating, "it")[1] == "Dan (dopo Bob e Bot 2 (greedy))"


def test_an_open_seat_reads_as_such_in_the_readers_language(app: Any, wctx: Any) -> None:
    (_ann, bob_p, cid_p), game_id = _game(wctx, leave_to="open")
    cid = app.test_client()
    sign_in(cid, wctx, cid_p.id)
    seats.resign(wctx, game_id, bob_p)
    page = cid.get(f"/games/{game_id}").text
    assert "Bob si è ritirato; il posto è libero." in page
    assert "Posto libero" in page  # the players' table names the placeholder so
    offer = cid.get(f"/games/{game_id}").text
    assert 'id="offer-seat"' in offer  # Cid may offer the open seat (or hers)
