"""King & Intrigue's modules, the Player's Edition and the Special Cards (options `players_edition`,
`special_cards`): each card as the seed says (shared/seeds/002), the interactions it calls out one
by one, and the rulings of `modules_data.py`."""

from __future__ import annotations

import random

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.elgrande.data import CASTILLO
from domain.elgrande.data import REGION_IDS as REGIONS
from domain.kingintrigue.module import GAME
from domain.kingintrigue.modules_data import ALL_CARDS, MODULE_CARDS
from domain.kingintrigue.rules import DEFAULT_KEEP
from domain.simulate import play_random_game
from tests.kingintrigue.test_rules import act, system
from tests.kingintrigue.test_rules import play_round as play_cards
from tests.kingintrigue.test_rules import started as started_without_modules

BOTH = {"players_edition": True, "special_cards": True}
SETUP = {"king": "castilla_la_nueva", "homes": ["galicia", "aragon", "sevilla", "valencia",
                                                 "cataluna"], "first_player": 0}
VALUE = {c.action: v for v, c in ALL_CARDS.items()}


def keep_with(*actions):
    """13 cards: the named module cards and base cards to fill."""
    mine = [VALUE[a] for a in actions]
    fill = [10, 20, 180, 160, 40, 50, 60, 80, 90, 100, 110, 130, 140]
    return sorted(mine + fill[:13 - len(mine)])


def started(players, options=BOTH, hands=None, discs=None, rules=None):
    return started_without_modules(players, options, discs, hands=hands, rules=rules)


def play_round(s, cards):
    """Every seat plays its card, then what follows by itself."""
    return system(play_cards(s, cards))


def finish_turn(s):
    """The current player takes all, declines what is left and places nothing."""
    seat = s.turn.seat
    while s.turn is not None and s.turn.seat == seat:
        d = GAME.pending(s)[0]
        if d.kind == "take":
            s = act(s, Command("take", seat, {"count": d.constraint["count"]["max"]}))
        elif d.kind == "choose_action":
            s = act(s, Command("choose_action", seat, {"card": d.options[0]["card"]}))
        elif d.kind == "cross":
            s = act(s, Command("cross", seat, {"count": 0}))
        elif d.kind == "act" and "place" in d.constraint:
            s = act(s, Command("place", seat, {"places": {}}))
        elif d.kind == "act":
            s = act(s, Command("decline", seat))
        else:
            s = act(s, GAME.default_command(s, d))
        s = system(s)
    return s


def end_round(s):
    while s.phase != "power":
        s = finish_turn(s) if s.turn else system(s)
    return s


def to_action(s, seat, card=None):
    """Play out the turns before `seat`'s, then take and choose `card`'s action if asked."""
    while s.turn.seat != seat:
        s = finish_turn(s)
    d = GAME.pending(s)[0]
    if d.kind == "cross":
        s = act(s, Command("cross", seat, {"count": 0}))
        d = GAME.pending(s)[0]
    if d.kind == "take":
        s = act(s, Command("take", seat, {"count": d.constraint["count"]["max"]}))
    if GAME.pending(s)[0].kind == "choose_action":
        s = act(s, Command("choose_action", seat, {"card": card}))
    return system(s)


def special(s, seat, **params):
    return system(act(s, Command("special", seat, params)))


def play_lowest(s):
    """Every player in turn plays their lowest legal card (a Joker's replacement too)."""
    while s.phase == "power":
        d = GAME.pending(s)[0]
        s = system(act(s, Command("play_power", d.seat,
                                  {"card": min(o["card"] for o in d.options)})))
    return s


def advance_once(s):
    if s.phase == "power":
        return play_lowest(s)
    asked = [d for d in GAME.pending(s) if d.kind == "guard" and s.turn is None]
    if asked:  # a Royal Guard before a general scoring (rules version 2): it stays
        return system(act(s, GAME.default_command(s, asked[0])))
    return finish_turn(s) if s.turn is not None else system(s)


def general_scoring(s, discs):
    """Play on to the next general scoring with the given Castillo discs (the rest: Granada)."""
    while s.secret is None or s.secret.kind != "disc":
        s = advance_once(s)
    while s.secret is not None and s.secret.kind == "disc":
        d = GAME.pending(s)[0]
        if d.seat is None:
            break
        s = act(s, Command("secret", d.seat, {"choice": discs.get(d.seat, "granada")}))
    return system(s)


def scored(events, place):
    return next(e for e in events if e.type == "place_scored" and e["place"] == place
                and e["reason"] == "general_scoring")


def after_the_king(card: str, king_to: str):
    """Ann (seat 0) at her module card's action, once Bruno's King card (180) has moved the King to
    `king_to` and Cid holds the Intrigue (10): the opening most of these tests share."""
    s = started(3, hands={0: keep_with(card)})
    s = play_round(s, {0: VALUE[card], 1: 180, 2: 10})
    s = to_action(s, 1, "king")
    s = finish_turn(special(s, 1, to=king_to))
    return to_action(s, 0, card)


# --- the options and the pool -----------------------------------------------------------------------

def test_the_options_are_offered_in_three_languages():
    specs = {o.name: o for o in GAME.option_specs}
    for name in ("players_edition", "special_cards"):
        assert specs[name].allowed == (False, True) and specs[name].default is False
        assert all(specs[name].description[lang] for lang in ("en", "fr", "it"))


@pytest.mark.parametrize(("options", "size"), [({}, 18), ({"players_edition": True}, 29),
                                               ({"special_cards": True}, 28), (BOTH, 39)])
def test_each_player_keeps_13_of_the_larger_pool(options, size):
    s = GAME.fold(GAME.create(3, options, "t", {**SETUP, "homes": SETUP["homes"][:3]}))
    d = GAME.pending(s)[0]
    assert len(d.constraint["from"]) == size
    assert len(d.form.answers[0].fields[0].constraint.options) == size
    joker = VALUE["joker"]
    if not options.get("players_edition"):
        with pytest.raises(RuleError):
            GAME.decide(s, Command("keep", 0, {"cards": keep_with("joker")}))
    else:
        events = GAME.decide(s, Command("keep", 0, {"cards": keep_with("joker")}))
        assert joker in events[0]["choice"]


def test_the_module_card_list_is_complete_and_marked_reconstructed():
    modules = [c.module for c in MODULE_CARDS.values()]  # rules: 11 and 10 cards per colour
    assert (modules.count("players_edition"), modules.count("special_cards")) == (11, 10)
    assert set(modules) == {"players_edition", "special_cards"}
    assert all(c.basis and all(c.name) and all(c.text) for c in MODULE_CARDS.values())
    assert VALUE["jour_faste"] == 13 and VALUE["relocation"] == 23
    assert {VALUE["espionage"], VALUE["mistress"]} == {25, 75}


@pytest.mark.parametrize("players", [4, 5])
def test_with_the_players_edition_the_king_holder_does_only_the_kings_action_at_4_5(players):
    """Seed 002: « Dans une partie à 4 ou 5 joueurs, les joueurs en possession de la carte du Roi
    et de la carte Intrigue n'effectueront que l'action indiquée sur cette carte »: the modules
    add cards, not an exception (issue 22, item 5; rules version 2)."""
    cards = {0: 160, 1: 40, 2: 10, 3: 90, 4: 20}
    for options in ({}, {"players_edition": True}, BOTH):
        s = play_round(started(players, options), {k: cards[k] for k in range(players)})
        assert s.choice == [] and s.turn.seat == 0 and s.turn.card == "king"
        s = act(s, Command("take", 0, {"count": GAME.pending(s)[0].constraint["count"]["max"]}))
        assert GAME.pending(s)[0].kind == "act" and s.turn.card == "king"  # no choice asked
    chosen = play_round(started(players, {"players_edition": True,
                                          "round_card_choice": "always"}),
                        {k: cards[k] for k in range(players)})
    assert chosen.choice == ["king", "royal_advisor"]  # the explicit variant still chooses


def test_a_version_1_game_with_the_players_edition_still_chooses_at_4_players():
    """A game created before the fix keeps its rules: the King holder chooses."""
    s = play_round(started(4, {"players_edition": True}, rules=1), {0: 160, 1: 40, 2: 10, 3: 90})
    assert s.rules == 1 and s.choice == ["king", "royal_advisor"]
    assert play_round(started(4, {}, rules=1), {0: 160, 1: 40, 2: 10, 3: 90}).choice == []



# --- the Joker --------------------------------------------------------------------------------------

def test_the_joker_is_replaced_after_everyone_else_has_played():
    hand = keep_with("joker")
    s = started(3, hands={0: hand, 1: list(DEFAULT_KEEP), 2: list(DEFAULT_KEEP)})
    s = act(s, Command("play_power", 0, {"card": VALUE["joker"]}))
    assert s.mods.joker == 0
    s = act(s, Command("play_power", 1, {"card": 180}))
    s = act(s, Command("play_power", 2, {"card": 160}))
    d = GAME.pending(s)[0]
    assert d.seat == 0 and d.kind == "power_card"
    allowed = [o["card"] for o in d.options]
    assert 180 not in allowed and 160 not in allowed and VALUE["joker"] not in allowed
    with pytest.raises(RuleError):
        GAME.decide(s, Command("play_power", 0, {"card": 180}))
    s = system(act(s, Command("play_power", 0, {"card": 10})))
    assert s.power_played[0] == 10 and s.round_cards[0][0] == "intrigue_card"
    assert s.mods.joker is None and VALUE["joker"] in s.discards[0] and 10 in s.discards[0]


# --- Relocation -------------------------------------------------------------------------------------

def test_relocation_swallows_the_region_and_the_king_entering_it_leaves_the_castillo_alone():
    hand = keep_with("relocation")
    s = started(3, hands={0: hand}, discs={1: "aragon", 2: "aragon"})
    s = play_round(s, {0: VALUE["relocation"], 1: 180, 2: 10})
    s = to_action(s, 1, "king")
    s = act(s, Command("special", 1, {"to": "galicia"}))  # the King leaves, Aragón is free
    s = finish_turn(system(s))
    s = to_action(s, 0, "relocation")
    before = list(s.places["aragon"])
    castillo = list(s.places[CASTILLO])
    with pytest.raises(RuleError):
        GAME.decide(s, Command("special", 0, {"region": "galicia"}))  # the King's region
    s = special(s, 0, region="aragon")
    assert s.mods.castillo_at == "aragon" and s.places["aragon"] == [0, 0, 0]
    assert s.places[CASTILLO] == [a + b for a, b in zip(before, castillo, strict=True)]
    # the King moves into the Castillo's region: the region is taboo, the Castillo is not
    s = end_round(system(act(s, Command("place", 0, {"places": {}}))))
    s = play_round(s, {0: 180, 1: 10, 2: 160})
    s = to_action(s, 0, "king")
    s = special(s, 0, to="aragon")
    d = GAME.pending(s)[0]
    assert "aragon" not in d.constraint["place"]["places"]
    assert CASTILLO in d.constraint["place"]["places"]
    s = act(s, Command("place", 0, {"places": {CASTILLO: 1}}))
    assert s.places[CASTILLO][0] == castillo[0] + before[0] + 1


def test_the_relocated_castillo_scores_first_then_the_region_then_goes_back():
    s = after_the_king("relocation", "galicia")
    s = special(s, 0, region="sevilla")
    s, events = _scoring_events(s, {})
    kinds = [e["place"] for e in events if e.type == "place_scored"
             and e["reason"] == "general_scoring"]
    assert kinds[0] == CASTILLO and "sevilla" in kinds
    assert s.mods.castillo_at is None


def _scoring_events(s, discs):
    """Fold to the end of the general scoring, returning the events of that scoring."""
    record = []
    orig = GAME.decide

    def spy(state, command):
        events = orig(state, command)
        record.extend(events)
        return events

    GAME.decide = spy  # type: ignore[method-assign]
    try:
        s = general_scoring(s, discs)
    finally:
        GAME.decide = orig  # type: ignore[method-assign]
    start = max(i for i, e in enumerate(record) if e.type == "general_scoring_started")
    return s, record[start:]


# --- Alliance ---------------------------------------------------------------------------------------

def test_alliance_scores_two_regions_as_one_with_the_kings_and_home_bonuses():
    s = after_the_king("alliance", "granada")
    with pytest.raises(RuleError):  # never the King's region
        GAME.decide(s, Command("special", 0, {"first": "granada", "second": "valencia"}))
    s = special(s, 0, first="galicia", second="valencia")
    assert s.mods.alliance == ["galicia", "valencia"]
    s = end_round(act(s, Command("place", 0, {"places": {}})))
    s = play_round(s, {0: 10, 1: 160, 2: 20})
    s = to_action(s, 1, "king")
    s = special(s, 1, to="valencia")  # the King enters an allied region afterwards
    s.places["galicia"] = [3, 1, 0]
    s.places["valencia"] = [1, 0, 2]
    s, events = _scoring_events(s, {})
    pair = scored(events, "galicia")
    from domain.elgrande.scoring import printed_values

    assert list(pair["alliance"]) == ["galicia", "valencia"]
    assert list(pair["counts"]) == [4, 1, 2]
    both = [a + b for a, b in zip(printed_values("galicia"), printed_values("valencia"),
                                  strict=True)]
    assert list(pair["values"]) == both  # each rank wins both regions' points
    assert list(pair["points"]) == [both[0], 0, both[1]]
    assert pair["bonuses"]["0"] == {"king": 2, "home": 2}  # Valencia: the King; Galicia: home
    assert not [e for e in events if e.type == "place_scored" and e["place"] == "valencia"]
    assert s.mods.alliance == []


def test_an_alliance_scoring_names_both_regions_in_the_log_and_the_last_scoring():
    """Issue 22, item 12: Cid's home bonus for the pair came from Sevilla, the second region, and
    the log said « in Galicia »; the last scoring's table had no row for Sevilla."""
    s = after_the_king("alliance", "granada")
    s = special(s, 0, first="galicia", second="sevilla")
    s = end_round(act(s, Command("place", 0, {"places": {}})))
    s.places["galicia"] = [1, 0, 2]
    s.places["sevilla"] = [0, 0, 3]  # Cid's home
    s, events = _scoring_events(s, {})
    pair = scored(events, "galicia")
    assert pair["bonuses"] == {"2": {"home": 2}}
    names = ["Ann", "Bob", "Cid"]
    for lang, region in (("en", "Sevilla"), ("fr", "Séville"), ("it", "Siviglia")):
        said = " ".join(GAME.texts.render(m, lang, names) for m in GAME.describe(pair, None))
        assert region in said and "Cid" in said
    said = [GAME.texts.render(m, "en", names) for m in GAME.describe(pair, None)]
    assert not any(x.endswith("in Galicia.") for x in said)
    assert "Cid gets the home bonus of 2 points for the Alliance (Galicia and Sevilla)." in said
    table = next(t for t in GAME.boards.summary(GAME.view(s, None), "en", names).tables
                 if t.caption.startswith("Last scoring"))
    assert "Galicia + Sevilla" in [row[0] for row in table.rows]


# --- the Bridge -------------------------------------------------------------------------------------

def test_the_bridge_gives_free_moves_before_the_turn_and_a_point_at_each_scoring():
    s = started(3, hands={0: keep_with("bridge"), 1: keep_with("bridge")})
    s = play_round(s, {0: VALUE["bridge"], 1: 180, 2: 10})
    s = to_action(s, 1, "king")
    s = finish_turn(special(s, 1, to="valencia"))
    s = to_action(s, 0, "bridge")
    with pytest.raises(RuleError):  # not adjacent
        GAME.decide(s, Command("special", 0, {"first": "galicia", "second": "granada"}))
    court = s.court[0]
    s = special(s, 0, first="galicia", second="pais_vasco")
    assert s.mods.bridge == ["galicia", "pais_vasco"] and s.mods.bridge_seat == 0
    assert s.court[0] == court - 1
    s = end_round(system(act(s, Command("place", 0, {"places": {}}))))
    # next round: before taking, the holder may cross
    s = play_round(s, {0: 180, 1: 10, 2: 160})
    d = GAME.pending(s)[0]
    assert d.seat == 0 and d.kind == "cross"
    have = s.places["galicia"][0]
    s = act(s, Command("cross", 0, {"from": "galicia", "count": have}))
    assert s.places["galicia"][0] == 0 and s.places["pais_vasco"][0] >= have
    assert GAME.pending(s)[0].kind in ("take", "act")  # 180 brings none: taken at once
    s, events = _scoring_events(s, {})
    point = [e for e in events if e.type == "bridge_scored"]
    assert point and point[0]["seat"] == 0 and point[0]["points"] == 1


def test_the_holder_takes_their_caballero_off_the_bridge_and_the_tile_goes_back_to_the_reserve():
    """Seed: « Si vous retirez le Caballero de la tuile Pont, la tuile retourne dans la réserve »:
    the holder's Bridge decision takes it off (even with nothing to cross); the Caballero is back
    in their court, the markers leave the view and the board, the log says it in each language,
    and the general scoring gives no Bridge point any more."""
    from domain.core.language import GameSession
    from domain.kingintrigue.modules.boards import lines

    s = started(3, hands={0: keep_with("bridge")})
    s = play_round(s, {0: VALUE["bridge"], 1: 180, 2: 10})
    s = to_action(s, 0, "bridge")
    s = special(s, 0, first="galicia", second="pais_vasco")
    s = end_round(system(act(s, Command("place", 0, {"places": {}}))))
    s.places["galicia"][0] = s.places["pais_vasco"][0] = 0  # nothing to cross: still asked
    s = play_round(s, {0: 180, 1: 10, 2: 160})
    d = GAME.pending(s)[0]
    assert d.seat == 0 and d.kind == "cross"
    assert [f.name for f in d.form.answers[0].fields] == ["leave"]
    names = ["Ann", "Bob", "Cid"]
    for text, lang in (("cross 0 leave", "en"), ("traverser 0 quitter", "fr"),
                       ("attraversa 0 lascia", "it")):
        read = GAME.language.parse(text, GameSession(GAME, s, 0, names, lang)).commands
        assert read == [{"type": "cross", "leave": 1}], (lang, read)  # the form's fields
    court = s.court[0]
    events = GAME.decide(s, Command("cross", 0, {"count": 0, "leave": 1}))
    s = GAME.fold(events, s)
    assert s.court[0] == court + 1
    assert s.mods.bridge == [] and s.mods.bridge_seat is None
    assert not GAME.view(s, 0)["modules"]["bridge"]
    assert not any("Pont" in line for line in lines(GAME.view(s, 0), "fr", names))
    left = [e for e in events if e.type == "bridge_left"]
    assert left
    for lang, words in (("en", "Ann takes their Caballero off the Bridge"),
                        ("fr", "Ann retire son Caballero du Pont"),
                        ("it", "Ann toglie il suo Caballero dal Ponte")):
        said = " ".join(GAME.prompt(m, lang, names) for m in GAME.describe(left[0], 1))
        assert words in said and "réserve" in said if lang == "fr" else words in said
    s = system(s)
    assert GAME.pending(s)[0].kind != "cross"  # no more Bridge, no more crossing
    s, events = _scoring_events(s, {})
    assert not [e for e in events if e.type == "bridge_scored"]


# --- Revolt -----------------------------------------------------------------------------------------

def test_revolt_reverses_a_scoreboard_the_fewest_score_most():
    s = started(3, hands={0: keep_with("revolt"), 1: keep_with("revolt")})
    s = play_round(s, {0: VALUE["revolt"], 1: 180, 2: 10})
    s = to_action(s, 0, "revolt")
    s = special(s, 0, scoreboard="8-4-0")
    assert s.mods.reversed == ["8-4-0"]
    s.scoreboards["8-4-0"] = "granada"
    s.places["granada"] = [5, 2, 1]
    from domain.elgrande.scoring import score_place

    payload = score_place(s, "granada")
    assert payload["points"] == [0, 4, 8] and payload["reversed"] == "8-4-0"
    assert payload["bonuses"] == {}  # the King is elsewhere, no home there
    s.places["granada"] = [5, 0, 1]  # nobody with none scores: 1 is fewest, 5 next
    assert score_place(s, "granada")["points"] == [4, 0, 8]


def test_a_reversed_scoreboard_reads_reversed_on_the_map_and_in_who_leads_where():
    """Issue 22, item 11: the board said « 8/4/0 » and named the most Caballeros as leader
    while the summary said the board was reversed."""
    s = started(3, hands={0: keep_with("revolt")})
    s = play_round(s, {0: VALUE["revolt"], 1: 180, 2: 10})
    s = special(to_action(s, 0, "revolt"), 0, scoreboard="8-4-0")
    s.scoreboards["8-4-0"] = "aragon"
    s.places["aragon"] = [5, 2, 1]
    names = ["Ann", "Bob", "Cid"]
    view = GAME.view(s, None)
    summary = GAME.boards.summary(view, "en", names)
    leads = next(t for t in summary.tables if t.caption == "Who leads where")
    row = next(r for r in leads.rows if r[0].startswith("Aragón"))
    assert row[1:] == ("Cid (+1)", "0/4/8")  # Cid has the fewest: he takes the 8
    places = summary.tables[[t.caption for t in summary.tables].index("Who leads where") - 1]
    assert next(r for r in places.rows if r[0].startswith("Aragón"))[-1] == "0/4/8"
    text = GAME.boards.text(view, "fr", names)
    line = next(x for x in text.splitlines() if x.startswith("Aragon"))
    assert "[0/4/0]" not in line and "[0/4/8]" in line and "0/4/8" in line and "Cid" in line
    svg = GAME.boards.svg(view, "en", names)
    assert ">0/4/8<" in svg and ">8/4/0<" not in svg
    s.mods.reversed = []  # turned back: read as printed again
    back = GAME.boards.summary(GAME.view(s, None), "en", names)
    leads = next(t for t in back.tables if t.caption == "Who leads where")
    assert next(r for r in leads.rows if r[0].startswith("Aragón"))[1:] == ("Ann (+3)", "8/4/0")


# --- the limit boards -------------------------------------------------------------------------------

def test_a_limit_board_sends_the_excess_back_to_the_court_of_who_brought_it():
    s = started(3, hands={0: keep_with("table_for_six")})
    s = play_round(s, {0: VALUE["table_for_six"], 1: 10, 2: 180})
    s = to_action(s, 2, "king")
    s = finish_turn(special(s, 2, to="valencia"))
    s = to_action(s, 0, "table_for_six")
    s.places["aragon"] = [2, 3, 0]
    s = special(s, 0, region="aragon")
    assert s.mods.limits == ["aragon"]
    court = s.court[0]
    s = system(act(s, Command("place", 0, {"places": {"aragon": 3}})))
    assert sum(s.places["aragon"]) == 6 and s.places["aragon"] == [3, 3, 0]
    assert s.court[0] == court - 1  # 3 placed, 2 came back


# --- Quarantine and the King marker -----------------------------------------------------------------

def test_quarantine_makes_a_region_taboo_until_the_general_scoring():
    s = after_the_king("quarantine", "castilla_la_vieja")
    s = special(s, 0, region="aragon")
    assert "aragon" in s.taboo()
    with pytest.raises(RuleError):
        GAME.decide(s, Command("place", 0, {"places": {"aragon": 1}}))  # next to the King
    s = system(act(s, Command("place", 0, {"places": {}})))
    s = to_action(s, 2, "intrigue")
    with pytest.raises(RuleError):
        GAME.decide(s, Command("special", 2, {"mode": "all", "from": "aragon", "to": "galicia"}))
    s, _ = _scoring_events(s, {})
    assert s.mods.quarantine is None


def test_the_king_marker_is_taboo_and_gives_the_kings_bonus_through_the_scoring():
    s = started(3, hands={0: keep_with("king_marker")})
    s = play_round(s, {0: VALUE["king_marker"], 1: 180, 2: 10})
    s = to_action(s, 0, "king_marker")
    s = special(s, 0, region="galicia")
    assert "galicia" in s.taboo()
    with pytest.raises(RuleError):
        GAME.decide(s, Command("place", 0, {"places": {"galicia": 1}}))
    # a round not before a scoring: the marker goes at its end
    s2 = end_round(act(s, Command("place", 0, {"places": {}})))
    assert s2.mods.king_marker is None


def test_a_king_marker_before_a_general_scoring_adds_the_kings_bonus_there():
    s = started(3, hands={0: keep_with("king_marker")})
    for cards in ({0: 10, 1: 180, 2: 160}, {0: 20, 1: 140, 2: 130}):
        s = end_round(play_round(s, cards))
    s = play_round(s, {0: VALUE["king_marker"], 1: 110, 2: 100})
    s = to_action(s, 0, "king_marker")
    s = special(s, 0, region="galicia")
    s.places["galicia"] = [3, 1, 0]
    s, events = _scoring_events(s, {})
    assert scored(events, "galicia")["bonuses"]["0"] == {"king": 2, "home": 2}


# --- Coup d'État ------------------------------------------------------------------------------------

def test_coup_detat_the_grande_is_revealed_from_the_castillo_and_relocated_by_the_disc():
    s = after_the_king("coup", "galicia")  # Ann's Grande sits with the King now
    with pytest.raises(RuleError):
        GAME.decide(s, Command("special", 0, {"target": 0}))  # never your own
    s = special(s, 0, target=1)
    assert s.grandes[1] == CASTILLO and s.mods.coup == {1: "aragon"}
    s.places[CASTILLO] = [0, 3, 1]
    s, events = _scoring_events(s, {1: "granada"})
    castillo = scored(events, CASTILLO)
    assert castillo["bonuses"]["1"] == {"home": 2}
    assert s.grandes[1] == "granada" and s.mods.coup == {}
    assert scored(events, "granada")["counts"][1] >= 3


# --- Espionage --------------------------------------------------------------------------------------

def test_espionage_the_spy_sets_the_disc_last_having_seen_the_others_and_nobody_else_does():
    s = started(3, hands={0: keep_with("espionage")})
    s = play_round(s, {0: VALUE["espionage"], 1: 180, 2: 10})
    s = to_action(s, 0, "espionage")
    s = special(s, 0)
    assert s.mods.in_front == {0: ["espionage"]}
    while s.secret is None or s.secret.kind != "disc":
        s = advance_once(s)
    assert [d.seat for d in GAME.pending(s)] == [1, 2]  # the spy waits
    s = act(s, Command("secret", 1, {"choice": "aragon"}))
    assert GAME.view(s, 0)["espionage"] is None  # not before all are in
    s = act(s, Command("secret", 2, {"choice": "sevilla"}))
    assert [d.seat for d in GAME.pending(s)] == [0]
    assert GAME.view(s, 0)["espionage"] == {"1": "aragon", "2": "sevilla"}
    for viewer in (1, 2, None):
        view = GAME.view(s, viewer)
        assert view["espionage"] is None
        assert "aragon" not in str(view["secret"]) or viewer == 1
    s = system(act(s, Command("secret", 0, {"choice": "aragon"})))
    assert s.mods.in_front == {0: []}  # discarded after the scoring


# --- the other cards --------------------------------------------------------------------------------

def test_fiesta_takes_nothing_and_places_5_more():
    s = started(3, hands={0: keep_with("fiesta")})
    s = play_round(s, {0: VALUE["fiesta"], 1: 180, 2: 10})
    s = to_action(s, 0, "fiesta")
    stack = s.turn.stack
    s = special(s, 0)
    assert s.turn.stack == stack + 5


def test_mistress_takes_the_kings_bonus_away_this_round_and_the_next():
    s = started(3, hands={0: keep_with("mistress")})
    s = play_round(s, {0: VALUE["mistress"], 1: 180, 2: 10})
    s = to_action(s, 0, "mistress")
    s = special(s, 0)
    from domain.elgrande.scoring import score_place

    s.places[s.king] = [4, 1, 0]
    assert "king" not in score_place(s, s.king)["bonuses"].get("0", {})
    s.round += 2
    assert score_place(s, s.king)["bonuses"]["0"]["king"] == 2


def test_civil_war_sends_opponents_to_their_courts_and_one_of_yours_in():
    s = started(3, hands={0: keep_with("civil_war")})
    s = play_round(s, {0: VALUE["civil_war"], 1: 180, 2: 10})
    s = to_action(s, 0, "civil_war")
    s.places["sevilla"] = [1, 2, 3]
    courts = list(s.court)
    s = special(s, 0, region="sevilla")
    assert s.places["sevilla"] == [2, 0, 0]
    assert s.court == [courts[0] - 1, courts[1] + 2, courts[2] + 3]


def test_hurricane_disc_is_set_in_secret_and_revealed_as_its_holders_turn_starts():
    """Seed: « Vous révélez votre disque de sélection au début de votre tour »: once the power
    cards are out, the Hurricane's player sets their disc unseen (not named at the action); no
    other seat learns it (view, redacted event, log) before the holder's turn starts, when it is
    revealed to all; the action then blows that region back to the courts."""
    s = started(3, hands={0: keep_with("hurricane")})
    s = play_round(s, {0: VALUE["hurricane"], 1: 180, 2: 10})
    d = GAME.pending(s)[0]
    assert (d.seat, d.kind, d.secret) == (0, "secret", True) and s.turn.seat == 1
    assert "castilla_la_nueva" not in [o["choice"] for o in d.options]  # not the King's
    note = GAME.prompt(d.form.notes[0], "fr", ["Ann", "Bob", "Cid"])
    assert note.startswith("Votre disque reste caché jusqu'au début de votre tour")
    events = GAME.decide(s, Command("secret", 0, {"choice": "sevilla"}))
    s = GAME.fold(events, s)
    while (d := GAME.pending(s)[0]).seat is None:  # the system closes the choice
        more = GAME.decide(s, GAME.default_command(s, d))
        s, events = GAME.fold(more, s), events + more
    set_ = [e for e in events if e.type == "hurricane_disc_set"]
    assert set_ and not [e for e in events if e.type == "secrets_revealed"]
    names = ["Ann", "Bob", "Cid"]
    for viewer in (1, 2, None):
        assert GAME.redact(set_[0], viewer)["region"] is None
        other = s.clone()
        other.mods.hurricane[0] = "aragon"
        assert GAME.view(other, viewer) == GAME.view(s, viewer)  # the view says nothing of it
        said = " ".join(GAME.prompt(m, "fr", names) for e in events
                        for m in GAME.describe(GAME.redact(e, viewer), viewer))
        assert "Séville" not in said and "Ann règle son disque" in said
    assert GAME.view(s, 0)["hurricane_disc"] == "sevilla"
    assert GAME.pending(s)[0].seat == 1  # the turns go on: Bob's first
    from domain.kingintrigue.bots import determinize
    from domain.kingintrigue.modules import hurricane

    bob = determinize(GAME.view(s, 1), random.Random(1), GAME.pending(s)[0])  # a bot's guess
    assert bob.mods.hurricane.get(0) in [r for r in REGIONS if r != s.king]
    assert not hurricane.automatic(bob)  # the disc is not asked for again
    assert determinize(GAME.view(s, 0), random.Random(1), None).mods.hurricane == {0: "sevilla"}
    s = finish_turn(s)  # Bob's turn ends: Ann's starts with the reveal
    assert s.turn.seat == 0 and GAME.view(s, 2)["modules"]["hurricane"] == {"0": "sevilla"}
    revealed = GAME.describe(Event("hurricane_revealed", {"seat": 0, "region": "sevilla"}), 2)
    assert GAME.prompt(revealed[0], "fr", names) == "Ann révèle son disque de l'Ouragan : Séville."
    s = to_action(s, 0, "hurricane")
    s.places["sevilla"] = [1, 2, 3]
    courts = list(s.court)
    with pytest.raises(RuleError):  # no region named at the action: the disc's
        GAME.decide(s, Command("special", 0, {"region": "aragon"}))
    s = special(s, 0)
    assert s.places["sevilla"] == [0, 0, 0] and s.court == [c + n for c, n in
                                                             zip(courts, [1, 2, 3], strict=True)]


def test_a_hurricane_on_an_empty_region_tells_its_player_why_the_action_cannot_be_used():
    """The disc was set before the turns; when the player's turn comes its region may be empty:
    the form offers no Hurricane, and says why (the region by name), in the player's language."""
    s = started(3, hands={0: keep_with("hurricane")})
    s = play_round(s, {0: VALUE["hurricane"], 1: 180, 2: 10})
    s = GAME.fold(GAME.decide(s, Command("secret", 0, {"choice": "sevilla"})), s)
    while (d := GAME.pending(s)[0]).seat is None:
        s = GAME.fold(GAME.decide(s, GAME.default_command(s, d)), s)
    s = finish_turn(s)
    s = to_action(s, 0, "hurricane")
    s.places["sevilla"] = [0, 0, 0]
    d = GAME.pending(s)[0]
    assert [a.type for a in d.form.answers if a.type == "special"] == []
    notes = [GAME.prompt(m, lang, ["Ann", "Bob", "Cid"]) for lang in ("en", "fr", "it")
             for m in d.form.notes]
    assert "Your Hurricane disc lies on Sevilla, where there is no Caballero" in " ".join(notes)
    assert "Votre disque de l'Ouragan est sur Séville, où il n'y a aucun Caballero" in " ".join(notes)
    assert "Il tuo disco dell'Uragano è su Siviglia, dove non c'è nessun Caballero" in " ".join(notes)
    s.places["sevilla"] = [1, 0, 0]  # someone there: the action is offered, no such note
    d = GAME.pending(s)[0]
    assert any(a.type == "special" for a in d.form.answers)
    assert not any(m.key.startswith("kim.hurricane.") for m in d.form.notes)


def test_collapse_risk_closes_the_castillo_those_inside_stay():
    s = started(3, hands={0: keep_with("collapse_risk")})
    s = play_round(s, {0: VALUE["collapse_risk"], 1: 180, 2: 10})
    s = to_action(s, 0, "collapse_risk")
    inside = list(s.places[CASTILLO])
    s = special(s, 0)
    with pytest.raises(RuleError):
        GAME.decide(s, Command("place", 0, {"places": {CASTILLO: 1}}))
    assert s.places[CASTILLO] == inside


def test_the_three_special_scorings():
    s = started(3, hands={0: keep_with("score_present", "score_any", "score_offered")})
    s = play_round(s, {0: VALUE["score_present"], 1: 180, 2: 10})
    s = to_action(s, 0, "score_present")
    assert s.places["cataluna"][0] == 0
    with pytest.raises(RuleError):  # no Caballero of hers in Cataluña
        GAME.decide(s, Command("special", 0, {"region": "cataluna"}))
    s = special(s, 0, region="galicia")
    assert s.scores[0] > 0
    s = end_round(act(s, Command("place", 0, {"places": {}})))
    s = play_round(s, {0: VALUE["score_offered"], 1: 160, 2: 20})
    s = to_action(s, 0, "score_offered")
    s = special(s, 0, regions=["galicia", "aragon", "sevilla"])
    d = next(d for d in GAME.pending(s) if d.seat is not None)
    assert d.seat == 1 and sorted(o["choice"] for o in d.options) == ["aragon", "galicia",
                                                                        "sevilla"]


def test_intervention_discards_a_mistress_or_removes_a_limit_board():
    s = started(3, hands={0: keep_with("mistress", "table_for_six"),
                          1: keep_with("intervention")})
    s = play_round(s, {0: VALUE["mistress"], 1: 180, 2: 10})
    s = to_action(s, 0, "mistress")
    s = special(s, 0)
    assert s.mods.in_front[0] == ["mistress"]
    s = end_round(act(s, Command("place", 0, {"places": {}})))
    s = play_round(s, {0: VALUE["table_for_six"], 1: VALUE["intervention"], 2: 180})
    s = to_action(s, 1, "intervention")  # 125 plays before 43
    d = GAME.pending(s)[0]
    assert d.constraint["special"]["target"] == ["mistress@0"]
    s = special(s, 1, target="mistress@0")
    assert s.mods.in_front[0] == []
    s.places[s.king] = [4, 1, 0]
    from domain.elgrande.scoring import score_place

    assert score_place(s, s.king)["bonuses"]["0"]["king"] == 2  # the Mistress is gone
    s = finish_turn(s)
    s = to_action(s, 0, "table_for_six")
    s = special(s, 0, region="galicia")
    assert s.mods.limits == ["galicia"]


def test_jour_faste_opponents_move_their_grandes_secretly():
    s = started(3, hands={0: keep_with("jour_faste")})
    s = play_round(s, {0: VALUE["jour_faste"], 1: 10, 2: 180})
    s = to_action(s, 2, "king")
    s = finish_turn(special(s, 2, to="sevilla"))  # Cid's Grande is with the King: no move
    s = to_action(s, 0, "jour_faste")
    s = special(s, 0)
    assert [d.seat for d in GAME.pending(s)] == [1]
    s = system(act(s, Command("secret", 1, {"choice": "granada"})))
    assert s.grandes[1] == "granada" and s.grandes[2] == "sevilla"


def _guard_posted(rules=None):
    s = started(3, hands={0: keep_with("royal_guard")}, rules=rules)
    s = play_round(s, {0: VALUE["royal_guard"], 1: 180, 2: 10})
    s = to_action(s, 0, "royal_guard")
    court = s.court[0]
    s = special(s, 0)
    assert s.mods.guards == {0: 1} and s.court[0] == court - 1
    return s


def test_a_version_1_royal_guard_joins_the_region_of_its_owners_disc_before_the_scoring():
    s = _guard_posted(rules=1)
    before = s.places["granada"][0]
    s, events = _scoring_events(s, {0: "granada"})
    assert any(e.type == "guard_joined" and e["to"] == "granada" for e in events)
    assert scored(events, "granada")["counts"][0] >= before + 1
    s = _guard_posted(rules=1)  # a disc on the King's region sent it to court
    s, events = _scoring_events(s, {0: s.king})
    assert any(e.type == "guard_joined" and e["to"] == "court" for e in events)


def _to_general_scoring(s):
    while s.phase != "scoring":
        s = finish_turn(s) if s.turn is not None else \
            play_lowest(s) if s.phase == "power" else system(s)
    return s


@pytest.mark.parametrize("choice", ["aragon", "stay"])
def test_the_royal_guard_may_join_a_region_before_a_general_scoring_or_stay(choice):
    """Seed 002: « Vous pouvez déplacer le Caballero de cette carte directement dans une région
    juste avant qu'un décompte (spécial ou général) n'y soit effectué. Vous ne pouvez pas déplacer
    ce Caballero dans le Castillo ou la région du Roi. » (issue 22: it was forced to the disc's
    region, to court when that was the King's)."""
    s = _to_general_scoring(_guard_posted())
    (d,) = GAME.pending(s)
    targets = [o["to"] for o in d.options]
    assert d.kind == "guard" and d.seat == 0 and targets[-1] == "stay"
    assert s.king not in targets and CASTILLO not in targets and "aragon" in targets
    assert s.secret is None  # the discs are set after the Guard's owner has chosen
    assert GAME.texts.decision(d, "fr", ["Ann", "Bob", "Cid"]) == \
        "envoyer ou non votre Garde Royale dans une région avant le décompte général"
    with pytest.raises(RuleError):
        GAME.decide(s, Command("guard", 0, {"to": s.king}))
    before = s.places["aragon"][0]
    s = system(act(s, Command("guard", 0, {"to": choice})))
    assert s.secret is not None and s.secret.kind == "disc"
    events = []
    for seat in range(3):  # Ann's disc on the King's region: her Guard is not sent to court
        decided = GAME.decide(s, Command("secret", seat, {"choice": s.king if seat == 0
                                                          else "granada"}))
        events, s = events + decided, GAME.fold(decided, s)
    while (d := GAME.pending(s)) and d[0].seat is None:
        decided = GAME.decide(s, GAME.default_command(s, d[0]))
        events, s = events + decided, GAME.fold(decided, s)
    assert s.scorings_done == 1 and not any(e.type == "guard_joined" for e in events)
    if choice == "stay":
        assert s.mods.guards == {0: 1}  # still on its card, for a later scoring
    else:
        assert s.mods.guards == {} and scored(events, "aragon")["counts"][0] == before + 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_both_modules_keep_every_invariant(players):
    for i in range(3):
        record = play_random_game(f"kim-{players}-{i}", players, game=GAME, options=BOTH)
        assert GAME.is_over(record.state)


# --- words --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_module_event_and_form_reads_in_each_language(lang):
    texts = GAME.texts
    names = ["Ann", "Bob", "Cid", "Dan", "Eve"]
    seen: set[str] = set()
    wanted = {"castillo_relocated", "alliance_marked", "bridge_built", "grande_imprisoned",
              "limit_placed", "king_marker_placed", "scoreboard_turned", "bridge_left",
              "hurricane_disc_set", "hurricane_revealed"}
    for i in range(24):  # at least 8 games, more until every module event has been read
        if i >= 8 and wanted <= seen:
            break
        record = play_random_game(f"kim-words-{i}", 3 + i % 3, game=GAME, options=BOTH)
        for event in record.events:
            for viewer in (0, 1, None):
                for message in GAME.describe(GAME.redact(event, viewer), viewer):
                    text = texts.render(message, lang, names)
                    assert "{" not in text and "kim." not in text and "seat " not in text, text
                    seen.add(event.type)
    assert wanted <= seen
    for card in MODULE_CARDS.values():
        label = GAME.label("power_card", card.value, lang, names)
        assert card.name[("en", "fr", "it").index(lang)] in label


def test_a_refusal_of_the_modules_reads_in_the_players_language():
    s = started(3, hands={0: keep_with("quarantine")})
    s = play_round(s, {0: VALUE["quarantine"], 1: 180, 2: 10})
    s = to_action(s, 0, "quarantine")
    with pytest.raises(RuleError) as err:
        GAME.decide(s, Command("special", 0, {"region": s.king}))
    assert "région" in err.value.render("fr", ["Ann", "Bob", "Cid"])
    assert "regione" in err.value.render("it", ["Ann", "Bob", "Cid"])


# --- the boards ---------------------------------------------------------------------------------------

def _marked_state():
    s = started(3, hands={0: keep_with("alliance")})
    m = s.mods
    m.castillo_at, m.alliance, m.bridge, m.bridge_seat = "sevilla", ["galicia", "aragon"], \
        ["valencia", "cataluna"], 1
    m.quarantine, m.collapse, m.king_marker, m.limits = "granada", True, "pais_vasco", ["aragon"]
    m.reversed, m.in_front, m.guards, m.joker = ["8-4-0"], {2: ["mistress"]}, {0: 1}, None
    return s


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Alliance", "Bridge", "Quarantine", "Collapse risk", "King marker", "Limit boards",
            "Reversed scoreboards: 8/4/0", "In front of Cid: Mistress", "Relocation"]),
    ("fr", ["Alliance", "Pont", "Quarantaine", "Risque d'effondrement", "Marqueur du Roi",
            "Tableaux limite", "Galice et Aragon", "8/4/0", "Devant Cid : Maîtresse", "Garde Royale d'Ann"]),
    ("it", ["Alleanza", "Ponte", "Quarantena", "Rischio di crollo", "Segnalino del Re",
            "Tabelloni limite", "8/4/0", "Davanti a Cid: Favorita", "Trasloco"]),
])
def test_every_marker_is_on_the_text_board_the_tables_and_the_map(lang, words):
    s = _marked_state()
    names = ["Ann", "Bob", "Cid"]
    view = GAME.view(s, 1)
    text = GAME.boards.text(view, lang, names)
    for word in words:
        assert word in text, word
    summary = GAME.boards.summary(view, lang, names)
    assert any(words[0] in line for line in summary.lines)
    svg = GAME.boards.svg(view, lang, names)
    assert svg.count('class="module-marker"') == 8  # Castillo, 2 Alliance, Quarantine, King
    assert 'class="module-bridge"' in svg           # marker, limit, collapse, Bridge


def test_a_game_without_the_modules_draws_no_marker():
    s = started(3, {})
    view = GAME.view(s, 0)
    assert "module-marker" not in GAME.boards.svg(view, "en", ["Ann", "Bob", "Cid"])


# --- typed moves --------------------------------------------------------------------------------------

def test_every_module_command_is_written_and_read_back_in_each_language():
    """Random games with both modules: each module card's `special` and each Bridge crossing is
    formatted as a player would type it, parsed back, and decides the same events."""
    import random

    from domain.core.language import GameSession

    actions = {c.action for c in MODULE_CARDS.values()}
    checked: set[str] = set()
    for i in range(8):
        rng = random.Random(i)
        s = GAME.fold(GAME.create(3 + i % 3, BOTH, f"typed-{i}"))
        while not GAME.is_over(s):
            d = GAME.pending(s)[0]
            cmd = GAME.default_command(s, d) if d.seat is None else GAME.sample_command(s, d, rng)
            card = (d.constraint or {}).get("card")
            want = GAME.decide(s, cmd)
            if cmd.type == "cross" or (cmd.type == "special" and card in actions):
                for lang in ("en", "fr", "it"):
                    text = GAME.language.format({"type": cmd.type, **cmd.params}, lang,
                                                decision=d)
                    parsed = GAME.language.parse(text, GameSession(GAME, s, cmd.seat,
                                                                   ["Ann", "Bob", "Cid", "Dan",
                                                                    "Eve"], lang))
                    got = parsed.commands[0]
                    again = Command(got["type"], cmd.seat,
                                    {k: v for k, v in got.items() if k != "type"})
                    assert GAME.decide(s, again) == want, (lang, text)
                checked.add(cmd.type if cmd.type == "cross" else card)
            s = GAME.fold(want, s)
    assert len(checked) >= 15, checked


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_rules_page_lists_every_module_card_and_the_reconstruction(lang):
    page = GAME.rules_page(lang)
    text = "\n".join(p for section in page["sections"] for p in section["paragraphs"])
    i = ("en", "fr", "it").index(lang)
    colon = (": ", " : ", ": ")[i]  # French spaces its colons, like the base cards' lines
    for value, card in MODULE_CARDS.items():
        one = card.caballeros == 1 or (lang == "fr" and card.caballeros == 0)  # « 0 Caballero »
        count = f"{card.caballeros} Caballero{'' if one else 's'}"
        assert f"{value}{colon}{count} — {card.name[i]}{colon}{card.text[i]}" in text
    assert "1 Caballeros" not in text
    assert ("RECONSTRUCTED", "RECONSTITUÉ", "RICOSTRUITO")[i] in text


@pytest.mark.parametrize(("lang", "words"), [("en", "13 of your 39"), ("fr", "13 de vos 39"),
                                             ("it", "13 delle tue 39")])
def test_the_keep_decision_counts_the_larger_pool_in_each_language(lang, words):
    s = GAME.fold(GAME.create(3, BOTH, "t", {**SETUP, "homes": SETUP["homes"][:3]}))
    d = GAME.pending(s)[0]
    assert words in GAME.texts.decision(d, lang, ["Ann", "Bob", "Cid"])
    assert words in GAME.prompt(d.form.title, lang)
    label = GAME.prompt(d.form.answers[0].fields[0].label, lang)
    assert ("the other 26", "les 26 autres", "le altre 26")[("en", "fr", "it").index(lang)] in label
    assert "115" in GAME.language.help_lines(d, None, lang)[0]


def test_the_log_of_the_set_up_counts_the_larger_pool():
    s = GAME.fold(GAME.create(3, BOTH, "t", {**SETUP, "homes": SETUP["homes"][:3]}))
    opened = next(e for e in GAME.create(3, BOTH, "t", {**SETUP, "homes": SETUP["homes"][:3]})
                  if e.type == "secret_opened")
    said = [GAME.texts.render(m, "fr", ["Ann", "Bob", "Cid"]) for m in GAME.describe(opened, 0)]
    assert "13 de ses 39 cartes pouvoir" in " ".join(said)
    for seat in range(3):
        s = act(s, Command("keep", seat, {"cards": list(DEFAULT_KEEP)}))
    kept = GAME.decide(s, Command("resolve", None))
    said = [GAME.texts.render(m, "it", ["Ann", "Bob", "Cid"]) for m in GAME.describe(kept[0], 1)]
    assert "le altre 26 lasciano" in " ".join(said)  # 39 - 13, not the base deck's 5


def test_a_2x_marker_on_an_allied_region_doubles_the_pair_once():
    from domain.kingintrigue.modules.scoring import allied

    s = started(3, hands={0: keep_with("alliance")})
    s.mods.alliance = ["galicia", "valencia"]
    s.places["galicia"], s.places["valencia"] = [3, 1, 0], [1, 0, 2]
    plain = allied(s, "galicia", "valencia")
    s.doubles = {"valencia": 1}
    doubled = allied(s, "galicia", "valencia")
    assert list(doubled["points"]) == [2 * p for p in plain["points"]]
    assert doubled["bonuses"]["0"]["home"] == 4 and doubled["doubled"]


# --- the log's sentence of a declared module card ---------------------------------------------------

DECLARED = {"relocation": {"region": "galicia"}, "civil_war": {"region": "galicia"},
            "quarantine": {"region": "galicia"}, "hurricane": {"region": "galicia"},
            "table_for_six": {"region": "galicia"}, "king_marker": {"region": "galicia"},
            "score_present": {"region": "galicia"}, "score_any": {"region": "galicia"},
            "alliance": {"regions": ["galicia", "aragon"]},
            "bridge": {"regions": ["galicia", "aragon"]},
            "score_offered": {"regions": ["galicia", "aragon", "sevilla"]},
            "revolt": {"scoreboard": "8-4-0"}, "coup": {"target": 1},
            "intervention": {"target": "mistress@1"}}
"""What each module card declares (as its `declare` cleans it); the others declare nothing."""
GALICIA = {"en": "Galicia", "fr": "Galice", "it": "Galizia"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_module_cards_declaration_reads_as_a_full_sentence_with_what_was_chosen(lang):
    from domain.core.events import Event

    names = ["Ann", "Bob", "Cid"]
    for card in MODULE_CARDS.values():
        params = DECLARED.get(card.action, {})
        event = Event("special_declared", {"seat": 0, "card": card.action, "params": params,
                                           "steps": ["all"], "veto_queue": []})
        (message,) = GAME.describe(event, None)
        text = GAME.texts.render(message, lang, names)
        name = card.name[("en", "fr", "it").index(lang)]
        assert text.startswith("Ann ") and name in text and text.endswith("."), text
        assert "()" not in text and "{" not in text and "_" not in text, text
        assert not text.rstrip(".").rstrip().endswith(":"), text
        if "region" in params or "regions" in params:
            assert GALICIA[lang] in text, text
        if card.action == "revolt":
            assert "8/4/0" in text, text
        if card.action in ("coup", "intervention"):
            assert "Bob" in text, text


# --- the Royal Guard before a special scoring -------------------------------------------------------

def _guard_before_a_special_scoring():
    """Ann posts her Royal Guard; next round Bob scores Galicia with a special scoring: Ann is
    asked first (seed: « juste avant qu'un décompte (spécial ou général) n'y soit effectué »)."""
    s = started(3, hands={0: keep_with("royal_guard"), 1: keep_with("score_any")})
    s = play_round(s, {0: VALUE["royal_guard"], 1: 180, 2: 10})
    s = to_action(s, 0, "royal_guard")
    s = special(s, 0)
    s = end_round(act(s, Command("place", 0, {"places": {}})))
    s = play_round(s, {0: 160, 1: VALUE["score_any"], 2: 20})
    s = to_action(s, 1, "score_any")
    return special(s, 1, region="galicia")


def test_the_royal_guard_may_join_a_region_just_before_its_special_scoring():
    s = _guard_before_a_special_scoring()
    (d,) = GAME.pending(s)
    assert d.seat == 0 and d.kind == "guard"
    assert [o["to"] for o in d.options] == ["galicia", "stay"]
    before, score = s.places["galicia"][0], s.scores[0]
    events = GAME.decide(s, Command("guard", 0, {"to": "galicia"}))
    s = system(GAME.fold(events, s))
    assert s.places["galicia"][0] == before + 1 and not s.mods.guards
    scoring = next(e for e in events if e.type == "place_scored")
    assert scoring["place"] == "galicia" and scoring["counts"][0] == before + 1
    assert s.scores[0] > score
    assert GAME.pending(s)[0].seat == 1  # Bob's turn goes on


def test_a_royal_guard_kept_back_stays_for_a_later_scoring_and_is_not_asked_twice():
    s = _guard_before_a_special_scoring()
    before = s.places["galicia"][0]
    s = system(act(s, Command("guard", 0, {"to": "stay"})))
    assert s.mods.guards == {0: 1} and s.places["galicia"][0] == before
    assert GAME.pending(s)[0].seat == 1 and GAME.pending(s)[0].kind != "guard"
    with pytest.raises(RuleError):
        GAME.decide(_guard_before_a_special_scoring(), Command("guard", 0, {"to": "aragon"}))


@pytest.mark.parametrize("lang,words", [("en", "guard galicia"), ("fr", "garde galice"),
                                        ("it", "guardia galizia")])
def test_the_royal_guards_choice_is_typed_asked_and_logged_in_each_language(lang, words):
    from domain.core.language import GameSession

    s = _guard_before_a_special_scoring()
    (d,) = GAME.pending(s)
    names = ["Ann", "Bob", "Cid"]
    for typed, to in ((words, "galicia"), (GAME.language.format({"type": "guard", "to": "stay"},
                                                                 lang, decision=d), "stay")):
        parsed = GAME.language.parse(typed, GameSession(GAME, s, 0, names, lang))
        assert parsed.commands[0] == {"type": "guard", "to": to}, typed
    form = d.form
    texts = [GAME.prompt(form.title, lang, names),
             GAME.texts.decision(d, lang, names),
             *(GAME.label("guard", o["to"], lang, names) for o in d.options),
             *GAME.language.help_lines(d, None, lang)]
    for event in GAME.decide(s, Command("guard", 0, {"to": "stay"})):
        texts += [GAME.texts.render(m, lang, names) for m in GAME.describe(event, None)]
    for text in texts:
        assert text and "{" not in text and "kim." not in text and "_" not in text, text
    assert GALICIA[lang] in texts[0]


# --- Intervention's optional rule: markers and tiles ------------------------------------------------

def _intervention_after_an_alliance(options):
    """Ann allies Galicia and Valencia; next round Bob plays Intervention."""
    s = started(3, options=options, hands={0: keep_with("alliance"),
                                           1: keep_with("intervention")})
    s = play_round(s, {0: VALUE["alliance"], 1: 180, 2: 10})
    s = to_action(s, 0, "alliance")
    s = special(s, 0, first="galicia", second="valencia")
    s = end_round(act(s, Command("place", 0, {"places": {}})))
    s = play_round(s, {0: 160, 1: VALUE["intervention"], 2: 20})
    return to_action(s, 1, "intervention")


def test_intervention_takes_markers_off_only_with_the_optional_rule():
    specs = {o.name: o for o in GAME.option_specs}
    spec = specs["intervention_markers"]
    assert spec.allowed == (False, True) and spec.default is False
    assert all(spec.description[lang] and spec.title[lang] for lang in ("en", "fr", "it"))
    s = _intervention_after_an_alliance(BOTH)
    assert not CARDS_POSSIBLE(s, 1)  # the rulebook: nothing of Ann's lies in front of her
    s = _intervention_after_an_alliance({**BOTH, "intervention_markers": True})
    d = GAME.pending(s)[0]
    assert d.constraint["special"]["target"] == ["alliance@board"]
    s = special(s, 1, target="alliance@board")
    assert s.mods.alliance == []


def CARDS_POSSIBLE(s, seat):
    d = GAME.pending(s)[0]
    return "special" in d.constraint


@pytest.mark.parametrize("lang,typed,words", [
    ("en", "special alliance", "the Alliance markers"),
    ("fr", "spécial alliance", "les marqueurs Alliance"),
    ("it", "speciale alleanza", "i segnalini Alleanza")])
def test_intervention_on_a_marker_is_typed_and_logged_in_each_language(lang, typed, words):
    from domain.core.language import GameSession

    s = _intervention_after_an_alliance({**BOTH, "intervention_markers": True})
    names = ["Ann", "Bob", "Cid"]
    d = GAME.pending(s)[0]
    written = GAME.language.format({"type": "special", "target": "alliance@board"}, lang,
                                   decision=d)
    for text in (typed, written):
        parsed = GAME.language.parse(text, GameSession(GAME, s, 1, names, lang))
        assert parsed.commands[0] == {"type": "special", "target": "alliance@board"}, text
    assert words in GAME.label("intervention", "alliance@board", lang, names)
    events = GAME.decide(s, Command("special", 1, {"target": "alliance@board"}))
    log = [GAME.texts.render(m, lang, names) for e in events for m in GAME.describe(e, None)]
    assert any(words in line and "Bob" in line for line in log), log
    assert all("{" not in line and "kim." not in line for line in log), log


def test_the_greedy_bot_answers_the_royal_guards_question_with_a_legal_choice():
    import random

    s = _guard_before_a_special_scoring()
    (d,) = GAME.pending(s)
    bot = GAME.bots["greedy"](None)
    command = bot.choose(GAME.view(s, 0), d, random.Random(0))
    assert command.type == "guard" and command.params["to"] in ("galicia", "stay")
    GAME.decide(s, command)  # legal


@pytest.mark.parametrize("level", sorted(GAME.bots))
def test_the_bots_answer_the_royal_guards_question_before_a_general_scoring(level):
    """The bots decide on a determinization of their view, which carries the game's rules
    version: a version 2 question they would not find under version 1."""
    import random

    s = _to_general_scoring(_guard_posted())
    (d,) = GAME.pending(s)
    assert GAME.view(s, 0)["rules"] == 2
    bot = GAME.bots[level](0.2)
    command = bot.choose(GAME.view(s, 0), d, random.Random(0))
    assert command.type == "guard" and command.params["to"] in [o["to"] for o in d.options]
    GAME.decide(s, command)  # legal


def test_the_mistress_spares_a_special_scoring_of_the_next_round_not_its_general_scoring():
    """Seed: no King's bonus for a special scoring « pendant cette manche », nor for a general
    scoring « durant la manche suivante »."""
    from domain.elgrande.scoring import score_place

    s = started(3, hands={0: keep_with("mistress")})
    s = play_round(s, {0: VALUE["mistress"], 1: 180, 2: 10})
    s = to_action(s, 0, "mistress")
    s = special(s, 0)
    s.places[s.king] = [4, 1, 0]
    s.round += 1  # the next round: a special scoring there has the King's bonus again
    assert score_place(s, s.king)["bonuses"]["0"]["king"] == 2
    s.phase = "scoring"  # its general scoring has none
    assert "king" not in score_place(s, s.king)["bonuses"].get("0", {})


def test_the_royal_guard_is_asked_before_the_region_chosen_among_three_offered_is_scored():
    s = started(3, hands={0: keep_with("royal_guard"), 1: keep_with("score_offered")})
    s = play_round(s, {0: VALUE["royal_guard"], 1: 180, 2: 10})
    s = to_action(s, 0, "royal_guard")
    s = special(s, 0)
    s = end_round(act(s, Command("place", 0, {"places": {}})))
    s = play_round(s, {0: 160, 1: VALUE["score_offered"], 2: 20})
    s = to_action(s, 1, "score_offered")
    s = special(s, 1, regions=["galicia", "aragon", "sevilla"])
    chooser = next(d for d in GAME.pending(s) if d.seat is not None)
    s = system(act(s, Command("secret", chooser.seat, {"choice": "aragon"})))
    (d,) = GAME.pending(s)
    assert d.kind == "guard" and d.seat == 0 and [o["to"] for o in d.options] == ["aragon",
                                                                                  "stay"]
    before = s.places["aragon"][0]
    events = GAME.decide(s, Command("guard", 0, {"to": "aragon"}))
    scoring = next(e for e in events if e.type == "place_scored")
    assert scoring["place"] == "aragon" and scoring["counts"][0] == before + 1


@pytest.mark.parametrize(("lang", "ruling"), [
    ("en", "No other card moves the Caballero on the Bridge."),
    ("fr", "Aucune autre carte ne déplace le Caballero du Pont."),
    ("it", "Nessun'altra carta sposta il Caballero del Ponte.")])
def test_only_its_holder_takes_the_caballero_off_the_bridge(lang, ruling):
    """Our ruling (the seed names no card that moves it): the Caballero on the Bridge is on no
    region, so no move card can name it as a source; the rules page says so in each language."""
    from domain.kingintrigue.rules_page import rules_page

    s = started(3, hands={0: keep_with("bridge")})
    s = play_round(s, {0: VALUE["bridge"], 1: 180, 2: 10})
    s = to_action(s, 0, "bridge")
    court = s.court[0]
    s = special(s, 0, first="galicia", second="pais_vasco")
    assert s.court[0] == court - 1 and s.mods.bridge_seat == 0
    assert "bridge" not in s.places  # a move card's sources are places: the Bridge is none
    page = " ".join(" ".join(section.get("paragraphs", [])) + " " + str(section)
                    for section in rules_page(lang)["sections"])
    assert ruling in page


def test_a_cloned_board_state_keeps_every_field_and_shares_nothing():
    """A fold works on clones: a field the clone forgot or shifted would lose a marker between
    two events. Every field set to a value of its own, then the copy changed in place."""
    from dataclasses import fields

    from domain.kingintrigue.modules.state import Mods

    samples = {list: lambda: ["aragon"], dict: lambda: {0: ["x"]}, bool: lambda: True,
               int: lambda: 7, str: lambda: "galicia"}
    m = Mods()
    for f in fields(Mods):
        default = getattr(m, f.name)
        setattr(m, f.name, samples[type(default)]() if default is not None else f.name)
    copy = m.clone()
    assert copy == m
    for f in fields(Mods):
        value = getattr(copy, f.name)
        if isinstance(value, dict):
            value[0].append("y")
        elif isinstance(value, list):
            value.append("y")
    assert all(getattr(m, f.name) in ({0: ["x"]}, ["aragon"]) for f in fields(Mods)
               if isinstance(getattr(m, f.name), list | dict))
