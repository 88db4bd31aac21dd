"""Whole El Grande (and King & Intrigue) games through the HTTP API: every move a legal option,
secrets resolved by the service, and nothing hidden ever reaching another seat (views, logs,
decisions, errors)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from sqlalchemy import select

from domain.core.decisions import Decision
from domain.games import GAMES
from service import states
from service.tables import games as games_t
from tests.service.conftest import Client
from tests.service.seating import accept_over_http


class Recording(Client):
    """A client that keeps every response body it was sent, to search them for leaks."""

    def __init__(self, http: Any, token: str | None, seat: int | None) -> None:
        super().__init__(http, token)
        self.seat = seat
        self.bodies: list[str] = []

    def get(self, path: str, **kw: Any) -> Any:
        response = super().get(path, **kw)
        self.bodies.append(response.get_data(as_text=True))
        return response

    def post(self, path: str, json: Any = None, **kw: Any) -> Any:
        response = super().post(path, json, **kw)
        self.bodies.append(response.get_data(as_text=True))
        return response


def _without_secret_marks(view: dict[str, Any]) -> dict[str, Any]:
    """A view minus what a secret submission may change for the others: who has submitted."""
    out = json.loads(json.dumps(view))
    if out.get("secret"):
        out["secret"].pop("submitted", None)
    return out


def _play(ctx: Any, app: Any, make_player: Any, seed: int, options: dict[str, Any],
          game: str = "el-grande") -> None:
    module = GAMES[game]
    rng = random.Random(seed)
    emails = [f"p{i}-{seed}@example.com" for i in range(3)]
    clients = [make_player(e) for e in emails]
    creator = clients[0]
    r = creator.post("/api/games", {"game": game, "seats": emails, "options": options})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    accept_over_http(clients[1:], gid)
    seats = [Recording(app.test_client(), c.token, i) for i, c in enumerate(clients)]
    spectator_token = make_player(f"watcher-{seed}@example.com").token
    spectator = Recording(app.test_client(), spectator_token, None)
    with ctx.engine.connect() as conn:
        seed_text = conn.execute(select(games_t.c.seed).where(games_t.c.id == gid)).scalar_one()

    moves = secrets_checked = 0
    while True:
        game = spectator.get(f"/api/games/{gid}").get_json()
        if game["status"] == "over":
            break
        waiting = {c.seat: c.get(f"/api/games/{gid}/decisions").get_json()["decisions"]
                   for c in seats}
        assert sorted(s for s, d in waiting.items() if d) == game["waiting_on"]
        assert game["waiting_on"], f"nobody to move in {game['view']['phase']}"
        seat = rng.choice(game["waiting_on"])
        raw = rng.choice(waiting[seat])
        assert raw["seat"] == seat  # a seat is only ever shown its own decisions
        decision = Decision(**{k: v for k, v in raw.items() if k != "form"})
        if decision.options:
            body = dict(rng.choice(decision.options))
        else:
            _v, state, _ = states.load(ctx.engine, None, gid, module)
            body = module.sample_command(state, decision, rng).to_json()
            body.pop("seat", None)
        others = [c for c in seats if c.seat != seat] + [spectator]
        before = {c.seat: c.get(f"/api/games/{gid}").get_json() for c in others} \
            if decision.secret else {}
        r = seats[seat].post(f"/api/games/{gid}/commands", body)
        assert r.status_code == 200, (body, r.get_json())
        moves += 1
        if decision.secret:
            secrets_checked += 1
            submitted = r.get_json()["version"]
            for c in others:
                after = c.get(f"/api/games/{gid}").get_json()
                if after["version"] != submitted:
                    continue  # the last secret: resolved and revealed at once, nothing to hide
                # Non-interference: another seat's secret changes nothing the others can see
                # except that it was submitted.
                assert _without_secret_marks(after["view"]) == \
                    _without_secret_marks(before[c.seat]["view"])
                log = c.get(f"/api/games/{gid}/events?after={submitted - 1}").get_json()
                mine = [e for e in log["events"] if e["seq"] == submitted]
                assert mine and "choice" not in mine[0]["payload"], mine
        assert moves < 2000

    assert secrets_checked > 0
    final = spectator.get(f"/api/games/{gid}").get_json()
    assert final["view"]["ranking"] and len(final["view"]["ranking"]) == 3
    # The whole log, as each seat sees it, is complete; once the game has ended nothing in it is
    # hidden any more (the secret choices and the seed are shown to everyone).
    for c in [*seats, spectator]:
        log = c.get(f"/api/games/{gid}/events?limit=5000").get_json()
        assert [e["seq"] for e in log["events"]] == list(range(1, log["version"] + 1))
        for e in log["events"]:
            assert e["messages"] is not None
            if e["type"] == "secret_submitted":
                assert "choice" in e["payload"]
    # Time travel works over the whole game for everyone.
    for c in [*seats, spectator]:
        mid = c.get(f"/api/games/{gid}/state?at={final['version'] // 2}")
        assert mid.status_code == 200 and mid.get_json()["version"] == final["version"] // 2
    # The seed (which predicts every draw) reached nobody before the game's end revealed it.
    for c in [*seats, spectator]:
        leaks = [b for b in c.bodies if seed_text in b and '"game_ended"' not in b]
        assert not leaks, leaks[0][:500]
        assert any(seed_text in b for b in c.bodies)  # and then it was revealed, as promised


@pytest.mark.parametrize(("seed", "edition"), [(3, "decennial"), (11, "original")])
def test_whole_three_player_game_over_http(ctx: Any, app: Any, make_player: Any, seed: int,
                                           edition: str) -> None:
    _play(ctx, app, make_player, seed=seed, options={"edition": edition})


@pytest.mark.parametrize(("seed", "discards"), [(5, "hidden"), (8, "open")])
def test_whole_king_and_intrigue_game_over_http(ctx: Any, app: Any, make_player: Any, seed: int,
                                                discards: str) -> None:
    """King & Intrigue's two set-up secrets (the 13 cards kept, the selection disc), its hidden
    hands and discards: each secret changes nothing another seat sees but that it was made, and
    the service resolves each set once the last is in."""
    _play(ctx, app, make_player, seed=seed, options={"discards": discards},
          game="king-and-intrigue")
