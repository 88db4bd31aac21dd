"""The API says why a command is refused in the caller's language, with the players' names, and
keeps a stable machine-readable `key`, `params` and `allowed` beside it."""

from __future__ import annotations

from typing import Any

from service.api.problems import PROBLEM
from tests.service.seating import accept_over_http

SETUP = {"king": "aragon", "homes": ["cataluna", "galicia", "granada"], "first_player": 2}


def _problem(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == PROBLEM
    return r.get_json()


def _game(make_player: Any) -> tuple[str, Any, Any, Any]:
    alice = make_player("alice@example.com", "Alice")
    bob = make_player("bob@example.com", "Bob", language="fr", time_zone="Europe/Paris")
    carla = make_player("carla@example.com", "Carla", language="it", time_zone="Europe/Rome")
    r = alice.post("/api/games", {"game": "el-grande", "setup": SETUP,
                                  "seats": ["alice@example.com", "bob@example.com",
                                            "carla@example.com"]})
    assert r.status_code == 201, r.get_json()
    accept_over_http([alice, bob, carla], r.get_json()["id"])  # the last acceptance starts it
    return f"/api/games/{r.get_json()['id']}", alice, bob, carla


def test_a_french_player_reads_a_refusal_in_french_with_the_players_names(make_player: Any
                                                                          ) -> None:
    url, _alice, bob, _carla = _game(make_player)
    body = _problem(bob.post(f"{url}/commands", {"type": "play_power", "card": 1}), 422)
    assert body["detail"] == \
        "Ce n'est pas à vous de jouer : la partie attend Carla (jouer une carte pouvoir)."
    assert body["key"] == "el-grande.refuse.not_your_move"
    assert body["params"] == {"waiting": [{"seat": 2, "kind": "power_card"}]}
    assert body["allowed"] == []


def test_an_italian_and_an_english_player_read_theirs(make_player: Any) -> None:
    url, alice, _bob, carla = _game(make_player)
    body = _problem(carla.post(f"{url}/commands", {"type": "take", "count": 2}), 422)
    # The command as an Italian player writes it ("prendi"); `params` keep the API type.
    assert body["detail"] == "«prendi» non è ciò che devi fare ora: devi giocare una carta potere."
    assert body["key"] == "el-grande.refuse.wrong_move"
    body = _problem(carla.post(f"{url}/commands", {"type": "play_power", "card": 99}), 422)
    assert body["detail"] == "La carta potere 99 non è nella tua mano."
    assert body["allowed"] == list(range(1, 14))
    body = _problem(alice.post(f"{url}/commands", {"type": "play_power", "card": 1}), 422)
    assert body["detail"] == \
        "It is not your move: the game is waiting for Carla (play a power card)."


def test_service_refusals_are_in_the_callers_language_too(make_player: Any, app: Any) -> None:
    url, _alice, bob, carla = _game(make_player)
    # A stale If-Match: no internal version number in what the player reads.
    body = _problem(bob.post(f"{url}/commands", {"type": "play_power", "card": 1},
                             headers={"If-Match": '"1"'}), 412)
    assert body["key"] == "service.stale" and body["version"] == 3
    assert body["detail"].startswith("La partie a avancé") and "version 1" not in body["detail"]
    # Nobody authenticated: the Accept-Language header decides.
    anonymous = app.test_client()
    r = anonymous.post(f"{url}/commands", json={"type": "play_power", "card": 1},
                       headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
    body = _problem(r, 401)
    assert body["detail"].startswith("Serve il token di un giocatore")
    assert body["key"] == "service.auth.needed"
    r = anonymous.get("/api/games/zzzzzzzz", headers={"Accept-Language": "fr"})
    assert _problem(r, 404)["detail"] == "Il n'y a pas de partie « zzzzzzzz »."
    # A seat acting for another is told by name.
    body = _problem(carla.post(f"{url}/commands", {"type": "play_power", "card": 1, "seat": 0}),
                    403)
    assert body["detail"] == \
        "Giochi come Carla; nessuno può agire per un altro giocatore (il comando nomina Alice)."
