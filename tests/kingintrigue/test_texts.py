

def test_the_board_names_the_set_up_phase_in_every_language():
    """Before round 1 the two secret choices are made: the board's first line names that phase in
    words (it read "(setup)" on a French page)."""
    from domain.core.game import boards_of
    from domain.kingintrigue.module import GAME

    state = GAME.fold(GAME.create(2, {}, "phase-words", None))
    for lang, words in (("en", "setting up"), ("fr", "mise en place"), ("it", "preparazione")):
        first = boards_of(GAME).text(GAME.view(state, 0), lang, ("Ann", "Bruno")).splitlines()[0]
        assert f"({words})" in first and "setup" not in first, first
