

def test_the_board_names_the_set_up_phase_in_every_language():
    """Before round 1 the two secret choices are made: the board's first line names that phase in
    words (it read "(setup)" on a French page)."""
    from domain.core.game import boards_of
    from domain.kingintrigue.module import GAME

    state = GAME.fold(GAME.create(2, {}, "phase-words", None))
    for lang, words in (("en", "setting up"), ("fr", "mise en place"), ("it", "preparazione")):
        first = boards_of(GAME).text(GAME.view(state, 0), lang, ("Ann", "Bruno")).splitlines()[0]
        assert f"({words})" in first and "setup" not in first, first


def _log(events_after, lang, names=("Ann", "Bruno", "Chiara")):
    from domain.kingintrigue.module import GAME

    return [GAME.texts.render(m, lang, names) for e in events_after
            for m in GAME.describe(e, None)]


def test_the_log_names_the_chosen_action_and_counts_caballeros_in_every_language():
    """A French page read « Ann choisit l'action « king » » and « jusqu'à 5 Caballero(s) à
    placer », an Italian one « sceglie l'azione «kings_return» »: the action is named by its card
    in the reader's language and the number of Caballeros agrees with its noun."""
    from domain.core.events import Event

    chosen = [Event("action_chosen", {"seat": 0, "card": "king"}),
              Event("action_chosen", {"seat": 1, "card": "kings_return"})]
    cards = [Event("round_cards_taken", {"cards": [
        {"seat": 0, "card": "king_card", "places": 5, "power": 110},
        {"seat": 2, "card": "intrigue_card", "places": 1, "power": 90}]})]
    expected = {"en": ("“The King”", "up to 5 Caballeros", "up to 1 Caballero to"),
                "fr": ("« Le Roi »", "jusqu'à 5 Caballeros", "jusqu'à 1 Caballero à"),
                "it": ("«Il Re»", "fino a 5 Caballeros", "fino a 1 Caballero da")}
    for lang, (king, five, one) in expected.items():
        lines = " | ".join(_log(chosen + cards, lang))
        assert king in lines and "king" not in lines and "kings_return" not in lines, lines
        assert five in lines and one in lines and "(s)" not in lines, lines


def test_the_2x_marker_sentences_give_the_region_its_article():
    from domain.core.events import Event

    marked = [Event("double_marked", {"seat": 0, "region": "pais_vasco"})]
    assert "2x au Pays basque" in _log(marked, "fr")[0]
    assert "2x nei Paesi Baschi" in _log(marked, "it")[0]


def test_the_selection_disc_decision_reads_without_nested_brackets():
    """A mail read « make a secret choice (the selection disc (set-up)) »."""
    from domain.core.commands import Command
    from domain.kingintrigue.module import GAME
    from domain.kingintrigue.rules import DEFAULT_KEEP

    s = GAME.fold(GAME.create(2, {}, "disc-words", None))
    for seat in (0, 1):
        s = GAME.fold(GAME.decide(s, Command("keep", seat, {"cards": list(DEFAULT_KEEP)})), s)
    s = GAME.fold(GAME.decide(s, Command("resolve", None)), s)
    decision = GAME.pending(s)[0]
    for lang, words in (("en", "selection disc of the set-up"),
                        ("fr", "disque de sélection de la mise en place"),
                        ("it", "disco di selezione della preparazione")):
        text = GAME.texts.decision(decision, lang, ("Ann", "Bruno"))
        assert words in text and "((" not in text and "))" not in text, text


def test_the_mail_board_lists_the_hands_with_french_punctuation():
    """A French mail read « Ann: caché »: French sets a space before the colon."""
    from domain.core.game import boards_of
    from domain.kingintrigue.module import GAME

    state = GAME.fold(GAME.create(2, {}, "hands-words", None))
    text = boards_of(GAME).text(GAME.view(state, 1), "fr", ("Ann", "Bruno"))
    assert "  Ann : cachées" in text and "Ann: " not in text, text


def test_hidden_hands_agree_with_the_cards():
    """« Cartes pouvoir en main : Ann : caché », « Carte potere in mano: Ann: nascosto »: the
    word stood for a count; it says the cards are hidden (feminine plural, as « cartes »)."""
    from domain.core.game import boards_of
    from domain.kingintrigue.module import GAME

    state = GAME.fold(GAME.create(2, {}, "hands-words", None))
    for lang, line in (("en", "  Ann: hidden"), ("fr", "  Ann : cachées"),
                       ("it", "  Ann: nascoste")):
        text = boards_of(GAME).text(GAME.view(state, 1), lang, ("Ann", "Bruno"))
        assert line in text.splitlines(), text


def test_a_veto_question_names_the_expansions_action():
    """« laisser faire ou opposer un veto à « intrigue » d'Ann »: the action's id, not its name."""
    from domain.core.decisions import Decision
    from domain.kingintrigue.module import GAME

    d = Decision(1, "veto", info={"active": 0, "card": "intrigue", "steps": ["all"],
                                  "params": {"mode": "all", "from": "aragon",
                                             "to": "galicia", "moves": []}})
    fr = GAME.texts.decision(d, "fr", ("Ann", "Bruno"))
    it = GAME.texts.decision(d, "it", ("Ann", "Bruno"))
    assert "« Intrigue »" in fr and "«Intrigo»" in it, (fr, it)


def test_the_forms_count_caballeros_in_every_language():
    """The placing form read « Place up to 3 Caballero(s) », « Piazza fino a 5 Caballero »."""
    from domain.core.game import Message
    from domain.kingintrigue.module import GAME

    for lang, five, one in (("en", "up to 5 Caballeros", "up to 1 Caballero "),
                            ("fr", "jusqu'à 5 Caballeros", "jusqu'à 1 Caballero "),
                            ("it", "fino a 5 Caballeros", "fino a 1 Caballero ")):
        assert five in GAME.prompt(Message("ask.place", {"max": 5}), lang)
        assert one in GAME.prompt(Message("ask.place", {"max": 1}), lang)
        assert "(s)" not in GAME.prompt(Message("ask.moves", {"max": 3}), lang)


def test_a_sentence_of_another_catalogue_is_found_by_its_namespace_and_an_unknown_key_never_raises():
    """The texts facet reads any key by its namespace, as refusals are read (the modules' `kim.…`
    sentences were a special case in `render`): an El Grande refusal key rendered in a log line
    reads in the reader's language, and a key nobody has shows as itself instead of failing
    the whole page with a KeyError."""
    from domain.core.game import Message
    from domain.kingintrigue.module import GAME

    texts = GAME.texts
    assert texts.render(Message("kim.bridge.stays", {"seat": 1}), "it", ("Ann", "Bruno")) == \
        "Bruno non attraversa il Ponte."
    refusal = Message("el-grande.refuse.not_your_move", {"waiting": [{"seat": 1, "kind": "place"}]})
    fr = texts.render(refusal, "fr", ("Ann", "Bruno"))
    assert "Bruno" in fr and fr != refusal.key
    assert texts.render(Message("nobody.has.this", {"n": 2}), "fr", ()) == "nobody.has.this (n 2)"


def test_a_placement_into_the_castillo_is_told_once_in_every_language():
    """The "what happened" lines read "Ann places Caballeros: 3 in the Castillo, 2 in Sevilla."
    then "Ann puts 3 Caballeros into the Castillo.": a reader counted 6 in the Castillo. One
    placement is one sentence; a move into the Castillo too (its second line even named the
    owner of the moved Caballeros as the one who put them there)."""
    from domain.core.events import Event

    placed = [Event("caballeros_placed", {"seat": 0, "places": {"castillo": 3, "sevilla": 2}})]
    moved = [Event("caballeros_moved", {"reason": "castillo_capture", "moves": [
        {"seat": 1, "from": "aragon", "to": "castillo", "count": 2}]})]
    for lang, castillo in (("en", "Castillo"), ("fr", "Castillo"), ("it", "Castillo")):
        lines = _log(placed, lang)
        assert len(lines) == 1 and lines[0].count(castillo) == 1 and "3" in lines[0], lines
        lines = _log(moved, lang)
        assert len(lines) == 1 and lines[0].count(castillo) == 1, lines
    assert _log(placed, "en") == ["Ann places Caballeros: 3 in the Castillo, 2 in Sevilla."]
    assert _log(placed, "fr") == ["Ann place des Caballeros : 3 dans le Castillo, 2 à Séville."]
    assert _log(placed, "it") == ["Ann piazza Caballeros: 3 nel Castillo, 2 a Siviglia."]


def test_the_set_up_disc_decision_says_what_the_disc_does():
    """The set-up's disc mail asked "fare una scelta segreta (il disco di selezione della
    preparazione)" and never said what the disc does. Rules (king-and-intrigue.md, set-up 2):
    every player secretly chooses a region, not the King's, and puts 1 Caballero from the
    provinces there. The decision says so, to its player and of the others."""
    from domain.core.commands import Command
    from domain.core.game import awaited
    from domain.kingintrigue.module import GAME
    from domain.kingintrigue.rules import DEFAULT_KEEP

    s = GAME.fold(GAME.create(3, {}, "disc-does", None))
    for seat in (0, 1, 2):
        s = GAME.fold(GAME.decide(s, Command("keep", seat, {"cards": list(DEFAULT_KEEP)})), s)
    s = GAME.fold(GAME.decide(s, Command("resolve", None)), s)
    decision = GAME.pending(s)[0]
    names = ("Ann", "Bruno", "Chiara")
    said = {lang: (GAME.texts.decision(decision, lang, names),
                   awaited(GAME.texts, decision, lang, names, 1),
                   awaited(GAME.texts, decision, lang, names, 2)) for lang in ("en", "fr", "it")}
    assert said["en"] == tuple(
        "make a secret choice (the selection disc of the set-up): the region, not the King's, "
        f"where 1 Caballero from {whose} provinces goes" for whose in ("your", "their", "their"))
    assert said["fr"] == tuple(
        "faire un choix secret (le disque de sélection de la mise en place) : la région, pas "
        f"celle du Roi, où va 1 Caballero de {whose} provinces"
        for whose in ("vos", "ses", "leurs"))
    assert said["it"] == tuple(
        "fare una scelta segreta (il disco di selezione della preparazione): la regione, non "
        f"quella del Re, dove va 1 Caballero delle {whose} province"
        for whose in ("tue", "sue", "loro"))
    # and it does what it says: the Caballero goes from the provinces to the region chosen
    region = decision.options[0]["choice"]
    provinces, there = s.provinces[0], s.places[region][0]
    for seat in (0, 1, 2):
        s = GAME.fold(GAME.decide(s, Command("secret", seat, {"choice": region})), s)
    s = GAME.fold(GAME.decide(s, Command("resolve", None)), s)
    assert (s.provinces[0], s.places[region][0]) == (provinces - 1, there + 1)


def test_the_jokers_replacement_is_asked_as_the_jokers():
    """After playing the Joker (power card 5), the player was asked "play a power card" again,
    with nothing saying it replaces the Joker. It says so, and which values it may be."""
    from domain.core.commands import Command
    from domain.core.game import awaited
    from domain.kingintrigue.module import GAME
    from domain.kingintrigue.rules import DEFAULT_KEEP
    from tests.kingintrigue.test_modules import VALUE, act, keep_with, started

    s = started(3, hands={0: keep_with("joker"), 1: list(DEFAULT_KEEP),
                          2: list(DEFAULT_KEEP)})
    first = GAME.pending(s)[0]
    assert GAME.texts.decision(first, "en") == "play a power card"  # not the Joker's yet
    s = act(s, Command("play_power", 0, {"card": VALUE["joker"]}))
    s = act(s, Command("play_power", 1, {"card": 180}))
    s = act(s, Command("play_power", 2, {"card": 160}))
    [decision] = GAME.pending(s)
    assert decision.seat == 0 and decision.kind == "power_card"
    names = ("Ann", "Bruno", "Chiara")
    assert GAME.texts.decision(decision, "en", names) == (
        "play a power card to replace your Joker (a value nobody played this round)")
    assert GAME.texts.decision(decision, "fr", names) == (
        "jouer une carte pouvoir à la place de votre Joker (une valeur que personne n'a jouée "
        "dans la manche)")
    assert GAME.texts.decision(decision, "it", names) == (
        "giocare una carta potere al posto del tuo Jolly (un valore che nessuno ha giocato in "
        "questo round)")
    assert awaited(GAME.texts, decision, "fr", names) == (
        "jouer une carte pouvoir à la place de son Joker (une valeur que personne n'a jouée "
        "dans la manche)")
