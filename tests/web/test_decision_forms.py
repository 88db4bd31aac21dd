"""The decision forms in a real browser, played the way players found them broken:
a move card used for fewer Caballeros than its maximum, the first seat's Caballeros moved by
another player, one Caballero of each player returned, and the court form's pre-filled default
when the provinces run short. Each form is filled in as a person would and must be accepted.
"""

from __future__ import annotations

import re
from typing import Any

from domain.core.commands import Command
from service import states
from service.commands import active_game
from tests.service.seating import started_game
from tests.web.conftest import EMAILS, SETUP, Game, organiser, stacks
from tests.web.test_browser import shot


def game_with(game: Game, tops: dict[int, str], first_player: int = 0) -> Game:
    """Another started game of the same three players, with the given cards on top of the stacks."""
    setup = {**SETUP, "stacks": stacks(tops), "first_player": first_player}
    game_id = started_game(game.ctx, organiser(game.ctx), game="el-grande", emails=EMAILS,
                           options={"castillo_visibility": "memory"}, setup=setup)
    return Game(game_id, game.ctx, game.ids)


def open_game(page: Any, game: Game) -> None:
    page.goto(f"/games/{game.id}")
    page.wait_for_selector("#decide")


def assert_accepted(page: Any) -> None:
    page.wait_for_selector(".flash")
    assert page.locator(".flash.ok").count() == 1, page.inner_text(".flash")


def test_a_move_card_moves_fewer_than_its_maximum(page_for: Any, game: Game) -> None:
    """move_3_any with one row filled: the unused rows must not count (they used to post a seat
    and a count of 1 each, and the engine refused the source None)."""
    played = game_with(game, {1: "move_3_any"})
    played.play(0, "play_power", card=13)
    played.play(1, "play_power", card=12)
    played.play(2, "play_power", card=11)
    played.play(0, "choose_card", stack=1)
    ann = page_for(played.ids[0])
    open_game(ann, played)
    form = "form[data-kind='special']"
    ann.select_option(f"{form} select[name='p.moves.0.seat']", "0")
    ann.select_option(f"{form} select[name='p.moves.0.from']", "aragon")
    ann.select_option(f"{form} select[name='p.moves.0.to']", "castillo")
    shot(ann, "desktop-move-rows")
    ann.click(f"{form} button[type='submit']")
    assert_accepted(ann)
    assert "1 of Ann's Caballeros goes from Aragón into the Castillo." in ann.inner_text(".log-list")


def test_a_move_row_can_move_the_first_seats_caballeros(page_for: Any, game: Game) -> None:
    """Bob moves Ann's (seat 0) Caballeros: seat 0 is a real choice, not an empty field."""
    played = game_with(game, {1: "move_3_any"})
    played.play(0, "play_power", card=12)
    played.play(1, "play_power", card=13)  # Bob plays first
    played.play(2, "play_power", card=11)
    played.play(1, "choose_card", stack=1)
    bob = page_for(played.ids[1])
    open_game(bob, played)
    form = "form[data-kind='special']"
    rows = [("0", "aragon", "castillo"), ("0", "aragon", "valencia"), ("1", "sevilla", "castillo")]
    for i, (whose, source, target) in enumerate(rows):  # every row filled: only the seat matters
        bob.select_option(f"{form} select[name='p.moves.{i}.seat']", whose)
        bob.select_option(f"{form} select[name='p.moves.{i}.from']", source)
        bob.select_option(f"{form} select[name='p.moves.{i}.to']", target)
    bob.click(f"{form} button[type='submit']")
    assert_accepted(bob)
    log = bob.inner_text(".log-list")  # Bob reads French
    assert log.count("1 Caballero d'Ann va d'Aragon") == 2, log
    assert "1 Caballero d'Ann va d'Aragon à Valence." in log, log


def test_one_caballero_of_each_player_through_its_form(page_for: Any, game: Game) -> None:
    played = game_with(game, {2: "one_from_each"})
    played.play(0, "play_power", card=13)
    played.play(1, "play_power", card=12)
    played.play(2, "play_power", card=11)
    played.play(0, "choose_card", stack=2)
    ann = page_for(played.ids[0])
    open_game(ann, played)
    form = "form[data-kind='special']"
    ann.select_option(f"{form} select[name='p.picks.0']", "aragon")
    ann.select_option(f"{form} select[name='p.picks.1']", "sevilla")
    ann.select_option(f"{form} select[name='p.picks.2']", "galicia")
    shot(ann, "desktop-picks")
    ann.click(f"{form} button[type='submit']")
    assert_accepted(ann)
    log = ann.inner_text(".log-list")
    for who, region in (("Ann", "Aragón"), ("Bob", "Sevilla"), ("Cid", "Galicia")):
        assert f"1 of {who}'s Caballeros goes from {region} to the provinces." in log, log


def play_defaults_until_short_provinces(game: Game) -> int:
    """Every seat plays the game's own default move (but places into a region, not the Castillo)
    until someone must bring Caballeros to court with fewer in the provinces than the power card
    gives and more than one region to take the rest from; returns that seat."""
    ctx = game.ctx
    for _ in range(400):
        module, _players = active_game(ctx, game.id)
        _version, state, _ = states.load(ctx.engine, ctx.states, game.id, module)
        decision = next(d for d in module.pending(state) if d.seat is not None)
        hints = decision.constraint or {}
        if decision.kind == "take" and hints["count"]["max"] > hints["provinces"] \
                and len(hints["regions_if_provinces_short"]) > 1:
            return decision.seat
        command = module.default_command(state, decision)
        if command.type == "place" and hints["place"]["max"]:
            command = Command("place", decision.seat,
                              {"places": {hints["place"]["places"][0]: hints["place"]["max"]}})
        game.play(decision.seat, command.type, **command.params)
    raise AssertionError("the provinces never ran short")


def test_the_court_forms_default_is_legal_when_the_provinces_run_short(page_for: Any,
                                                                       game: Game) -> None:
    seat = play_defaults_until_short_provinces(game)
    player = page_for(game.ids[seat])
    open_game(player, game)
    shot(player, "desktop-take-short")
    # Two forms: the provinces alone (0 up to what they hold: the deadline's default), then
    # more, the rest from the regions.
    alone = "form[data-kind='take']:not(:has(.total-needed))"
    more = "form[data-kind='take']:has(.total-needed)"
    provinces = game_state(game).provinces[seat]
    assert int(player.input_value(f"{alone} input[name='p.count']")) == provinces
    needed = player.locator(f"{more} .total-needed")
    high = int(player.input_value(f"{more} input[name='p.count']"))
    share = str(high - provinces)  # what the regions must give: "In all: 2 of exactly 2"
    assert re.findall(r"\d+", needed.inner_text()) == [share, share], needed.inner_text()
    assert "off" not in (needed.get_attribute("class") or "")  # the default adds up
    if high > provinces + 1:
        player.fill(f"{more} input[name='p.count']", str(provinces + 1))
        assert re.findall(r"\d+", needed.inner_text()) == [share, "1"], needed.inner_text()
        assert "off" in needed.get_attribute("class")
        player.fill(f"{more} input[name='p.count']", str(high))
    player.click(f"{more} button[type='submit']")  # as pre-filled
    assert_accepted(player)


def game_state(game: Game) -> Any:
    module, _players = active_game(game.ctx, game.id)
    return states.load(game.ctx.engine, game.ctx.states, game.id, module)[1]



def test_a_veto_of_some_parts_names_them_and_stops_only_those(page_for: Any, game: Game) -> None:
    played = game_with(game, {1: "move_3_any", 2: "veto"})
    played.play(0, "play_power", card=13)
    played.play(1, "play_power", card=12)
    played.play(2, "play_power", card=11)
    played.play(0, "choose_card", stack=2)  # Ann takes the Veto
    played.play(0, "place", places={})
    played.play(1, "choose_card", stack=1)
    played.play(1, "special", moves=[{"seat": 1, "from": "sevilla", "to": "castillo", "count": 1},
                                     {"seat": 0, "from": "aragon", "to": "valencia", "count": 2}])
    ann = page_for(played.ids[0])
    open_game(ann, played)
    form = "form[data-kind='veto']"
    parts = ann.inner_text(form)
    assert "1 × Bob: Sevilla → the Castillo" in parts and "2 × Ann: Aragón → Valencia" in parts
    shot(ann, "desktop-veto")
    ann.check(f"{form} input[name='p.steps'][value='1']")
    ann.click(f"{form} button[type='submit']")
    assert_accepted(ann)
    log = ann.inner_text(".log-list")
    assert "1 of Bob's Caballeros goes from Sevilla into the Castillo." in log, log
    assert "Ann's Caballeros go from Aragón to Valencia" not in log, log


def test_a_move_row_offers_only_the_seats_regions_and_the_places_they_may_reach(
        page_for: Any, game: Game) -> None:
    """Whose Caballeros, then from where (only the regions where that player has some), then to
    where (never the same region): each select lists only what fits the choice before it."""
    played = game_with(game, {1: "move_3_any"})
    played.play(0, "play_power", card=12)
    played.play(1, "play_power", card=13)  # Bob plays first
    played.play(2, "play_power", card=11)
    played.play(1, "choose_card", stack=1)
    state = states.load(played.ctx.engine, played.ctx.states, played.id,
                        played.ctx.games["el-grande"])[1]
    bob = page_for(played.ids[1])
    open_game(bob, played)
    row = "form[data-kind='special'] fieldset.move-row >> nth=0"

    def offered(name: str) -> list[str]:
        return bob.eval_on_selector(f"form[data-kind='special'] select[name='p.moves.0.{name}']",
                                    "s => [...s.options].filter(o => o.value && !o.disabled)"
                                    ".map(o => o.value)")

    assert bob.locator(row).count() == 1
    for seat in (0, 2):
        bob.select_option("form[data-kind='special'] select[name='p.moves.0.seat']", str(seat))
        holding = set(offered("from"))
        assert holding == {r for r, c in state.places.items() if c[seat] and r != "castillo"
                           and r != state.king}, seat
    source = sorted(holding)[0]
    bob.select_option("form[data-kind='special'] select[name='p.moves.0.from']", source)
    targets = offered("to")
    assert source not in targets and "castillo" in targets and state.king not in targets
    shot(bob, "desktop-move-row-routes")
    bob.select_option("form[data-kind='special'] select[name='p.moves.0.to']", targets[0])
    bob.click("form[data-kind='special'] button[type='submit']")
    assert_accepted(bob)
