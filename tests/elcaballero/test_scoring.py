"""Scorings (seed, "Décomptes"): land regions by majority, sea regions per ship, Alcaldes; the
seed's worked example; scorings after rounds 4 and 7 (and 10 advanced); the ranking."""

from __future__ import annotations

from domain.elcaballero import rules
from domain.elcaballero.invariants import recount
from domain.elcaballero.scoring import final_ranking, land_points, score
from tests.elcaballero.helpers import Table, tile

ALL_LAND = tile("LLLL")


def test_the_seeds_example_land_region_1():
    # 5 tiles and 1 gold: worth 6; Clair 7 Caballeros (first), Foncé 1 (second)
    assert land_points(6, [7, 1, 0], players=3) == [12, 6, 0]
    assert land_points(6, [7, 1, 0, 0], players=4) == [12, 6, 0, 0]
    assert land_points(6, [7, 1], players=2) == [12, 0]  # no second place with 2 players


def test_the_seeds_example_regions_2_and_3():
    assert land_points(2, [1, 3, 0], players=3) == [2, 4, 0]
    assert land_points(1, [0, 2, 0], players=3) == [0, 2, 0]


def test_tied_leaders_score_once_without_doubling_and_nobody_is_second():
    assert land_points(5, [3, 3, 1], players=3) == [5, 5, 0]


def test_a_tie_for_second_scores_nothing():
    assert land_points(5, [6, 2, 2, 0], players=4) == [10, 0, 0, 0]


def test_an_alcalde_takes_first_rank_and_the_best_other_is_second():
    assert land_points(3, [0, 5, 2], players=3, alcalde=0) == [6, 3, 0]
    assert land_points(3, [4, 5, 5], players=3, alcalde=0) == [6, 0, 0]
    assert land_points(3, [0, 5], players=2, alcalde=0) == [6, 0]


def _board() -> Table:
    """Land region start + all-land (2 tiles); seat 0 shows 4, seat 1 shows 2; seat 2 has a ship
    on the start's sea (1 tile) and seat 0 another one."""
    t = Table(3)
    t.terrain(0, 1, ALL_LAND)
    t.knight(1, 1, seat=0)  # 4 to the west
    t.knight(-1, 1, seat=1)  # 2 to the east
    t.knight(0, -1, seat=2, ships=(0,))  # its north side on the start's sea
    t.knight(1, 0, seat=0, ships=(3,))  # its west side on the start's sea
    t.check()
    return t


def test_land_and_sea_regions_scored_from_the_board():
    t = _board()
    payload = score(t.state, 1)
    assert payload["points"] == [4 + 1, 2, 1]
    land = next(r for r in payload["regions"] if r["kind"] == "land")
    assert land["value"] == 2 and land["counts"] == [4, 2, 0]
    sea = next(r for r in payload["regions"] if r["kind"] == "sea")
    assert sea["ships"] == [1, 0, 1] and sea["value"] == 1
    assert recount(t.state) == payload["points"]


def _play_defaults_until(t: Table, event_type: str) -> list:
    seen = []
    while not any(e.type == event_type for e in seen):
        (d,) = rules.pending(t.state)
        seen += t.do(d.seat, rules.default_command(t.state, d).type,
                     **dict(rules.default_command(t.state, d).params))
    return seen


def test_scorings_come_after_rounds_4_and_7_and_the_game_ends():
    t = Table(2)
    events = _play_defaults_until(t, "scored")
    scored = next(e for e in events if e.type == "scored")
    assert scored["round"] == 4 and t.state.round == 5
    events = _play_defaults_until(t, "game_ended")
    assert [e["round"] for e in events if e.type == "scored"] == [7]
    assert t.state.phase == "over" and len(t.state.scorings) == 2


def test_ties_for_the_win_are_shared():
    assert final_ranking([10, 12, 12]) == [{"seat": 1, "score": 12, "rank": 1},
                                           {"seat": 2, "score": 12, "rank": 1},
                                           {"seat": 0, "score": 10, "rank": 3}]


# --- readings of the seed settled on the rules page (issue 22) ---------------------------------

def test_an_alcalde_on_land_is_first_place_not_points_added_on_top():
    """« prend le 1er rang dans cette région »: the Alcalde's owner is first, whoever leads in
    Caballeros; the leader in Caballeros becomes second. Added on top would give [6, 6, 3]."""
    assert land_points(3, [0, 5, 2], players=3, alcalde=0) == [6, 3, 0]
    # the owner leading in Caballeros too scores the region double once, not twice
    assert land_points(3, [5, 2, 0], players=3, alcalde=0) == [6, 3, 0]


def test_an_alcalde_on_a_sea_without_its_owners_ship_earns_its_owner_nothing():
    """« 1 alcalde et 1 bateau … gagne 3 points »: a governed sea's points go to its one ship."""
    t = Table(3, advanced=True, start=tile("SSSS"))
    t.knight(1, 0, seat=1, ships=(3,))  # seat 1's ship on the start's sea (1 tile)
    t.knight(-1, 0, seat=0)
    t.knight(0, 1, seat=2)
    t.knight(0, -1, seat=2)
    t.state.alcaldes[(0, 0, 0)] = 0  # seat 0 governs it (placed when closed)
    t.state.alcalde_since[(0, 0, 0)] = t.state.events
    t.state.alcaldes_left[0] -= 1
    t.check()
    assert score(t.state, 1)["points"] == [0, 1, 0]
    assert recount(t.state) == [0, 1, 0]


def test_tied_leaders_score_once_even_with_two_players_and_nobody_is_second():
    """« En cas d'égalité à la première place, les joueurs à égalité ne doublent pas les points »:
    they score once, what a second scores, so the next one is third and scores nothing."""
    assert land_points(4, [3, 3], players=2) == [4, 4]
    assert land_points(4, [3, 3, 2, 1], players=4) == [4, 4, 0, 0]


def test_the_rules_page_quotes_the_seed_beside_each_ruling_of_issue_22():
    from domain.elcaballero.rules_page import rules_page

    quotes = ["prend le 1er rang", "Seuls s'ajoutent les points", "1 alcalde et 1 bateau",
              "Il paie 4 Caballeros", "ne doublent pas les points",
              "plus possible de placer des tuiles Caballeros adjacentes",
              "qu'un seul Alcalde par région", "les bateaux vont à la Cour du joueur",
              "à défaut à une adverse"]
    for lang in ("en", "fr", "it"):
        text = " ".join(p for section in rules_page(lang)["sections"]
                        for p in section["paragraphs"])
        assert [q for q in quotes if q not in text] == [], lang
        (versions,) = [x for x in rules_page(lang)["sections"] if x.get("id") == "versions"]
        assert "1" in versions["paragraphs"][0] and "2" in versions["paragraphs"][0]
