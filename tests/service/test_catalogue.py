"""The catalogue: which games can be created, for how many players, with which options."""

from __future__ import annotations


def test_the_catalogue_lists_each_game_with_its_counts_options_and_bots(app, make_player):
    body = app.test_client().get("/api/catalogue").get_json()
    kinds = {g["game"]: g for g in body["games"]}
    grande = kinds["el-grande"]
    assert (grande["min_players"], grande["max_players"]) == (2, 5)
    assert grande["title"] == "El Grande"
    assert {"random", "greedy", "strong"} <= set(grande["bots"])
    edition = next(o for o in grande["options"] if o["name"] == "edition")
    assert edition["default"] == "decennial" and edition["allowed"] == ["decennial", "original"]
    assert edition["description"].startswith("Which rulebook")
    # A French player reads the descriptions in French, without asking.
    ann = make_player("ann@example.com", "Ann", language="fr")
    french = ann.get("/api/catalogue").get_json()
    edition = next(o for g in french["games"] if g["game"] == "el-grande"
                   for o in g["options"] if o["name"] == "edition")
    assert edition["description"].startswith("Quelle règle")
    italian = app.test_client().get("/api/catalogue?lang=it").get_json()
    short = next(o for g in italian["games"] if g["game"] == "el-grande"
                 for o in g["options"] if o["name"] == "short_game")
    assert short["description"] == "Saltare i turni 1, 4 e 7 (sei turni)."


def test_creating_a_game_checks_the_count_and_options_the_game_declares(app, make_player):
    ann = make_player("ann@example.com", "Ann")
    six = ann.post("/api/games", json={"game": "el-grande", "seats": [
        "ann@example.com", *[f"p{i}@example.com" for i in range(5)]]})
    assert six.status_code == 422 and "2 to 5 players" in six.get_json()["detail"]
    assert six.get_json()["allowed"] == {"players": [2, 5]}
    wrong = ann.post("/api/games", json={"game": "el-grande", "options": {"short_game": 1},
                                         "seats": ["ann@example.com", "bob@example.com"]})
    assert wrong.status_code == 422 and wrong.get_json()["allowed"] == {"short_game": [False, True]}
    assert ann.get("/api/games").get_json() == {"games": []}  # nothing was created
