"""Issue 12, item 6: a given set-up never lets one seat know what the others may not.

A creator who took a seat could pass `setup.stacks` and know every face-down card while the others
saw nothing of it. Now a creator who takes a seat may give only the public parts of a set-up (the
King, the homes, the first player); an organiser who does not play may give the stacks, and every
seat is told which stacks were given, and by whom (never the order).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from domain.elgrande.data import stack_contents
from service import db
from service.tables import games

SEATS = ["alice@example.com", "bob@example.com", "cid@example.com"]
SETUP = {"king": "aragon", "homes": ["cataluna", "galicia", "granada"], "first_player": 0,
         "stacks": {"2": list(reversed(stack_contents(2)))}}


def _games(ctx: Any) -> int:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(func.count()).select_from(games)).scalar_one()


def test_a_creator_who_takes_a_seat_cannot_give_the_face_down_order(ctx: Any, make_player: Any
                                                                   ) -> None:
    alice = make_player("alice@example.com", "Alice")
    r = alice.post("/api/games", {"game": "el-grande", "setup": SETUP,
                                  "seats": ["bob@example.com", "Alice@Example.com",
                                            "cid@example.com"]})
    assert r.status_code == 422, r.get_json()
    body = r.get_json()
    assert "stacks" in body["detail"] and "without a seat for yourself" in body["detail"]
    assert body["allowed"] == ["first_player", "homes", "king"]
    assert _games(ctx) == 0
    public = {k: v for k, v in SETUP.items() if k != "stacks"}
    r = alice.post("/api/games", {"game": "el-grande", "setup": public, "seats": SEATS})
    assert r.status_code == 201, r.get_json()


def test_an_organiser_may_and_every_seat_is_told_which_stacks_were_given(ctx: Any,
                                                                         make_player: Any) -> None:
    olga = make_player("olga@example.com", "Olga")
    seated = [make_player(email) for email in SEATS]
    r = olga.post("/api/games", {"game": "el-grande", "setup": SETUP, "seats": SEATS})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    for player in seated:  # the last acceptance starts it
        assert player.post(f"/api/games/{gid}/accept").status_code == 200
    for player in seated:
        view = player.get(f"/api/games/{gid}").get_json()["view"]
        assert view["cards"]["order_given"] == [2]
        assert set(view["cards"]) == {"face_up", "face_down_left", "order_given"}  # no order
    r = olga.post("/api/games", {"game": "el-grande", "seats": SEATS})
    for player in seated:
        player.post(f"/api/games/{r.get_json()['id']}/accept")
    view = seated[0].get(f"/api/games/{r.get_json()['id']}").get_json()["view"]
    assert view["cards"]["order_given"] == []
