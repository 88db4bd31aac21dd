"""The help lines of the module cards that name regions say which regions may be named (found by
mail: the 115's "special REGION REGION REGION" listed none, unlike every other line)."""

from __future__ import annotations

import pytest

from tests.corpus.replies import corpus


@pytest.mark.parametrize(("at", "lang", "said"), [
    ("ki4_offer", "en", ": 3 different regions of Galicia, País Vasco, Aragón"),
    ("ki4_offer", "fr", " : 3 régions différentes parmi Galice, Pays basque, Aragon"),
    ("ki4_offer", "it", ": 3 regioni diverse tra Galizia, Paesi Baschi, Aragona"),
    ("ki4a_alliance", "en", ": 2 different regions of Galicia, País Vasco, Aragón, Castilla"),
])
def test_a_module_cards_regions_are_listed_in_its_help_line(at: str, lang: str, said: str) -> None:
    position = corpus.position_of({"at": at})
    module, state = position.module, position.state
    decision = next(d for d in module.pending(state) if d.seat is not None)
    lines = module.language.help_lines(decision, module.view(state, decision.seat), lang)
    special = next(line for line in lines if line.startswith(("special", "spécial", "speciale")))
    assert said in special, special
    if at == "ki4a_alliance":  # no region of no allowed pair: Cataluña, the King's region
        assert "Cataluña" not in special


@pytest.mark.parametrize(("players", "told"), [(4, True), (3, False)])
def test_the_king_or_intrigue_holder_is_told_their_power_cards_action_is_not_played(
        players: int, told: bool) -> None:
    """Found by mail (4 players): the King's and Intrigue's holders lose their power card's
    action (seed 002), and nothing said so; Espionage, a Veto, a Coup went unplayed unnoticed.
    With 3 players they choose, so nothing is lost and nothing is said."""
    import random

    from domain.core.commands import decide_known
    from domain.kingintrigue.module import GAME

    state = GAME.fold(GAME.create(players, {}, "told", None))
    rng = random.Random(0)
    for _ in range(200):
        decision = next(d for d in GAME.pending(state))
        command = GAME.sample_command(state, decision, rng)
        events = decide_known(GAME.decide, state, command)
        taken = [e for e in events if e.type == "round_cards_taken"]
        state = GAME.fold(events, state)
        if taken:
            break
    names = ["Ann", "Bruno", "Chiara", "Dora"][:players]
    for lang, words in (("en", "is not played this round"), ("fr", "n'est pas joué cette manche"),
                        ("it", "non si gioca in questo round")):
        said = [GAME.texts.render(m, lang, names) for m in GAME.describe(taken[0], None)]
        lost = [line for line in said if words in line]
        holders = [c for c in taken[0]["cards"] if c["card"] in ("king_card", "intrigue_card")]
        # (the 180 is The King's own action: nothing of it is lost)
        losing = [c for c in holders if c["power"] != 180] if told else []
        assert len(lost) == len(losing), said
        for card, line in zip(losing, lost, strict=True):
            assert f"{names[card['seat']]}'s {card['power']}" in line or \
                f"{card['power']} de {names[card['seat']]}" in line or \
                f"{card['power']} di {names[card['seat']]}" in line


def test_the_modules_scoring_lines_are_scoring_results() -> None:
    """Found by mail: the "Scoring results" of a mail left out the Alliance's scoring and the
    Bridge's point, so the results did not add up to the scores."""
    from domain.kingintrigue.module import GAME

    for key in ("kim.alliance.scored", "kim.alliance.bonus.king", "kim.alliance.bonus.home",
                "kim.bridge.scored", "place.scored", "bonus.king"):
        assert key in GAME.texts.scoring, key


def test_a_refusal_names_the_bridges_crossing_in_the_players_language() -> None:
    """Found by mail: « vous devez cross » (the decision's key) in a French refusal."""
    from domain.core.errors import RuleError
    from domain.kingintrigue.module import GAME  # noqa: F401 - the modules' words registered
    from domain.kingintrigue.rules import _own_decisions_named

    error = _own_decisions_named(RuleError.of("el-grande.refuse.wrong_move", type="placer",
                                              decisions=["cross"]), 18)
    assert "vous devez traverser le Pont ou non" in error.render("fr")
    assert "devi attraversare il Ponte o no" in error.render("it")


def test_the_offered_regions_choice_is_not_called_secret() -> None:
    """Found by mail: choosing one of the three regions offered (the 115) was asked as "make a
    secret choice", though nothing of it is hidden: it says which regions and what for."""
    position = corpus.position_of({"at": "ki4_offered"})
    module, state = position.module, position.state
    decision = next(d for d in module.pending(state) if d.seat is not None)
    names = ["Ann", "Bruno", "Chiara", "Dora"]
    said = {lang: module.texts.decision(decision, lang, names) for lang in ("en", "fr", "it")}
    assert said["en"].startswith("choose which of Aragón, Castilla la Nueva and País Vasco")
    assert "secret" not in said["fr"] and "segreta" not in said["it"], said
