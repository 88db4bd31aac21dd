"""A choice that costs Caballeros says so before it is made (issue 14, item 10), in every language,
with how many: the disc of a general scoring (the King's region sends the player's Castillo
Caballeros back to court), the Eviction (the King's region, and in the Decennial edition the
evicted region itself, sends them to court), and the secret removals (the chosen region loses
Caballeros to the provinces). The words are the decision form's notes, which the web page and the
turn mail show; and no form says "Caballero(s)"."""

from __future__ import annotations

import re

from domain.elgrande import asks, rules
from domain.elgrande.data import REGION_IDS
from domain.elgrande.module import GAME
from tests.domain.helpers import Table, ready

NAMES = ["Ann", "Bob", "Cid", "Dan"]


def notes(t: Table, seat: int, lang: str) -> list[str]:
    (d,) = [d for d in t.pending() if d.seat == seat]
    assert d.form is not None
    return [asks.prompt(m, lang, NAMES) for m in d.form.notes]


def at_first_scoring(**counts: list[int]) -> Table:
    t = Table(3, options={"short_game": True})
    for _ in range(2000):
        if t.state.phase == "scoring":
            break
        d = t.pending()[0]
        cmd = rules.default_command(t.state, d)
        t.do(cmd.seat, cmd.type, **cmd.params)
    t.arrange(**counts)
    return t


def test_the_disc_says_how_many_castillo_caballeros_the_kings_region_sends_to_court():
    t = at_first_scoring(castillo=[3, 1, 0])
    assert notes(t, 0, "en") == [
        "Your 3 Caballeros in the Castillo go to the region you choose; choosing Castilla la "
        "Nueva, the King's region, sends them back to your court."]
    assert notes(t, 0, "fr") == [
        "Vos 3 Caballeros du Castillo vont dans la région que vous choisissez ; choisir la "
        "Nouvelle-Castille, la région du Roi, les renvoie à votre cour."]
    assert notes(t, 1, "it") == [
        "Il tuo Caballero nel Castillo va nella regione che scegli; scegliere la Castiglia "
        "Nuova, la regione del Re, lo rimanda alla tua corte."]
    assert notes(t, 2, "en") == ["You have no Caballero in the Castillo: your disc moves none."]


def test_an_evicted_player_is_told_what_sends_their_caballeros_to_court_in_each_edition():
    for edition, en, fr in (
        ("decennial",
         "Your 3 Caballeros leave Granada for the region you choose; choosing Castilla la Nueva, "
         "the King's region, or Granada itself sends them to your court instead.",
         "Vos 3 Caballeros quittent Grenade pour la région que vous choisissez ; choisir la "
         "Nouvelle-Castille, la région du Roi, ou la région expulsée elle-même les envoie à votre "
         "cour."),
        ("original",
         "Your 3 Caballeros leave Granada for the region you choose; choosing Castilla la Nueva, "
         "the King's region, sends them to your court instead.",
         "Vos 3 Caballeros quittent Grenade pour la région que vous choisissez ; choisir la "
         "Nouvelle-Castille, la région du Roi, les envoie à votre cour."),
    ):
        t = ready(3, edition=edition)
        t.arrange(granada=[0, 3, 1])
        t.turn_with("eviction")
        t.do(0, "special", region="granada")
        assert notes(t, 1, "en") == [en], edition
        assert notes(t, 1, "fr") == [fr], edition
        italian = notes(t, 2, "it")
        assert italian[0].startswith("Il tuo Caballero lascia Granada per la regione che "
                                     "scegli; scegliere la Castiglia Nuova, la regione del Re"), \
            italian


def test_the_secret_removals_say_what_is_lost_where_one_chooses():
    t = ready(3)
    t.arrange(granada=[0, 3, 1], valencia=[0, 0, 1])
    t.turn_with("secret_remove_2")
    t.do(0, "special")
    assert notes(t, 1, "en") == ["You lose 2 Caballeros in the region you choose: they go back "
                                 "to your provinces."]
    # Cid has no region with 2 of his (Sevilla, his home, holds 1 from the set-up... or more)
    cid = notes(t, 2, "fr")
    assert re.fullmatch(r"Vous perdez (1 Caballero|2 Caballeros) dans la région que vous "
                        r"choisissez : (il retourne|ils retournent) dans vos provinces\.",
                        cid[0]), cid
    t = ready(3)
    t.arrange(granada=[0, 3, 1])
    t.turn_with("secret_remove_all")
    t.do(0, "special")
    assert notes(t, 1, "it") == ["Perdi tutti i tuoi Caballeros nella regione che scegli: "
                                 "tornano nelle tue province."]
    assert notes(t, 2, "fr") == ["Vous perdez tous vos Caballeros dans la région que vous "
                                 "choisissez : ils retournent dans vos provinces."]


def test_a_single_caballero_to_remove_is_said_in_the_singular():
    t = ready(3)
    board = {r: [0, 0, 0] for r in REGION_IDS}
    board["granada"] = [0, 1, 0]
    board["aragon"] = [0, 1, 0]
    board["sevilla"] = [0, 0, 2]
    t.arrange(**board)
    t.turn_with("secret_remove_2")
    t.do(0, "special")
    assert notes(t, 1, "en") == ["You lose 1 Caballero in the region you choose: it goes back "
                                 "to your provinces."]
    assert notes(t, 1, "it") == ["Perdi 1 Caballero nella regione che scegli: torna nelle tue "
                                 "province."]


def test_no_form_text_hedges_a_plural():
    for key, texts in asks.TEXTS.items():
        for text in texts:
            assert "(s)" not in text, key
    t = ready(3)
    t.turn_with("move_3_any")
    (d,) = t.pending()
    assert d.form is not None
    for lang in ("en", "fr", "it"):
        words = [GAME.prompt(a.prompt, lang, NAMES) for a in d.form.answers if a.prompt]
        words += [GAME.prompt(f.label, lang, NAMES) for a in d.form.answers for f in a.fields
                  if f.label]
        assert words and not any("(s)" in w for w in words), words
    assert asks.prompt(asks.Message("ask.place", {"max": 1}), "en") == \
        "Place up to 1 Caballero from your court"
    assert asks.prompt(asks.Message("ask.return", {"count": 3}), "it") == \
        "Rimanda 3 Caballeros nelle province"
    assert asks.prompt(asks.Message("ask.return", {"count": 1}), "fr") == \
        "Renvoyez 1 Caballero dans les provinces"


def test_a_mail_lists_what_a_secret_choice_costs_with_its_commands():
    """The turn mail's command lines (the language's help) carry the same note as the form."""
    from domain.core.game import language_of

    t = ready(3)
    t.arrange(granada=[0, 3, 1])
    t.turn_with("eviction")
    t.do(0, "special", region="granada")
    (d,) = [d for d in t.pending() if d.seat == 1]
    lines = language_of(GAME).help_lines(d, None, "fr")
    assert lines[-1].endswith(". Vos 3 Caballeros quittent Grenade pour la région que vous "
                              "choisissez ; choisir la Nouvelle-Castille, la région du Roi, ou la "
                              "région expulsée elle-même les envoie à votre cour."), lines
    assert lines[0].startswith("secret ")
