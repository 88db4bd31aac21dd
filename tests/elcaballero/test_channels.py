"""What players read and write in El Caballero: the cell names, the log and the forms in every
language, the boards (SVG, text grid, regions table), the command language (every command written
back as a player would type it and read again, replies as mail clients send them), the typed forms
the web builds its widgets from."""

from __future__ import annotations

import random
import re
from email.message import EmailMessage
from typing import Any
from xml.etree import ElementTree

import pytest

from domain.core.commands import Command
from domain.core.language import GameSession, ParseError
from domain.elcaballero import coords
from domain.elcaballero.actions import lay_tile_event
from domain.elcaballero.boards import region_name
from domain.elcaballero.module import GAME
from domain.elcaballero.rules import default_command
from emails import inbound

LANGS = ("en", "fr", "it")
NAMES = ["Ann", "Bruno", "Chiara"]


def _positions(seed: str = "chan", advanced: bool = True, steps: int = 400) -> list[Any]:
    rng = random.Random(seed)
    state = GAME.fold(GAME.create(3, {"advanced": advanced}, seed, None))
    out = []
    for _ in range(steps):
        if GAME.is_over(state):
            break
        decision = GAME.pending(state)[0]
        out.append((state, decision))
        command = GAME.sample_command(state, decision, rng)
        state = GAME.fold(GAME.decide(state, command), state)
    return out


POSITIONS = _positions()


def _turn() -> tuple[Any, Any]:
    """A one-tile turn whose first face-up tile fits somewhere (the replies below lay "tile 1")."""
    return next((s, d) for s, d in POSITIONS if d.kind == "turn"
                and d.constraint["tiles_to_lay"] == 1
                and d.constraint.get("lay_tile", {}).get(d.constraint["face_up"][0]["tile"]))


def test_cell_names_never_change_as_the_grid_grows() -> None:
    assert coords.name((0, 0)) == "m13"
    assert coords.name((1, 2)) == "n15" and coords.name((-12, -12)) == "a1"
    for x in range(-40, 41):
        for y in range(-30, 31):
            assert coords.parse(coords.name((x, y))) == (x, y)
    assert coords.parse("M13") == (0, 0) and coords.parse("hello") is None


def test_every_log_sentence_reads_in_every_language_with_names_and_cells() -> None:
    rng = random.Random(5)
    state = GAME.fold(GAME.create(3, {"advanced": True}, "log", None))
    events = GAME.create(3, {"advanced": True}, "log", None)
    while not GAME.is_over(state):
        decision = GAME.pending(state)[0]
        new = GAME.decide(state, GAME.sample_command(state, decision, rng))
        events += new
        state = GAME.fold(new, state)
    seen = set()
    for event in events:
        for message in GAME.describe(event, 1):
            seen.add(message.key)
            for lang in LANGS:
                text = GAME.texts.render(message, lang, NAMES)
                assert "elcaballero." not in text and "{" not in text, text
                assert not re.search(r"seat \d|\(\-?\d+, -?\d+\)", text), text
    assert {"elcaballero.tile.laid", "elcaballero.scoring.land", "elcaballero.game.ended"} <= seen
    sample = next(m for e in events for m in GAME.describe(e, 0) if m.key.endswith("tile.laid"))
    assert re.search(r"en [a-z]+\d+", GAME.texts.render(sample, "fr", NAMES))


@pytest.mark.parametrize("lang", LANGS)
def test_every_form_word_and_decision_phrase_exists(lang: str) -> None:
    for state, decision in POSITIONS[:200]:
        assert GAME.texts.decision(decision, lang, NAMES) != decision.kind
        form = decision.form
        view = GAME.view(state, decision.seat)
        messages = [form.title, *form.notes]
        for answer in form.answers:
            messages += [answer.prompt, answer.submit, *(f.label for f in answer.fields)]
            for f in answer.fields:
                for value in getattr(f.constraint, "options", ()):
                    shown = GAME.label(f.constraint.of, value, lang, NAMES, view)
                    assert shown and "," not in shown.split(":")[0], shown
        for m in messages:
            if m is not None:
                assert not GAME.prompt(m, lang, NAMES).startswith("elcaballero."), m


def test_the_tile_form_is_a_grid_cell_whose_answer_the_engine_takes() -> None:
    state, decision = _turn()
    answer = next(a for a in decision.form.answers if a.type == "lay_tile")
    tile_field, at_field = answer.fields
    assert at_field.constraint.to_json()["type"] == "grid_cell"
    legal = decision.constraint["lay_tile"]
    tile = tile_field.default
    place = legal[tile][0]
    assert tuple(place["at"]) in at_field.constraint.cells
    value = {"x": place["at"][0], "y": place["at"][1], "rotation": place["turns"][0]}
    events = GAME.decide(state, Command("lay_tile", decision.seat, {"tile": tile, "at": value}))
    assert events[0].type == "tile_laid" and list(events[0]["at"]) == place["at"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_written_as_a_player_would_is_read_back(lang: str) -> None:
    rng = random.Random(lang)
    for state, decision in POSITIONS:
        command = GAME.sample_command(state, decision, rng).to_json()
        line = GAME.language.format(command, lang, decision=decision, names=NAMES)
        parsed = GAME.language.parse(f"{line}\n\nChiara", GameSession(GAME, state, decision.seat,
                                                                      lang=lang))
        expected = GAME.decide(state, Command.from_json(command, seat=decision.seat))
        got = GAME.decide(state, Command.from_json(parsed.commands[0], seat=decision.seat))
        assert got == expected, (line, command, parsed.commands)


def _mail(body: str, html: bool = False) -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "a@example.com", "pbem@example.com", "Re: x"
    if html:
        msg.set_content(body, subtype="html")
    else:
        msg.set_content(body)
    return msg


QUOTE = ("\n\nLe dim. 22 nov. 2026 à 10:00, El Caballero <pbem@x.test> a écrit :\n"
         "> C'est votre tour : tuile 1 en m14 tourne 0\n> pouvoir 13\n")


def _corpus() -> list[tuple[str, str, str, bool]]:
    """(name, body, language, html) of replies as clients send them; {TILE} {CELL} {TURN} are the
    position's first legal placement."""
    return [
        ("gmail-fr-quoted", "tuile 1 en {CELL} tourne {TURN}\nfin\n\nMerci !\nBruno" + QUOTE,
         "fr", False),
        ("outlook-en-top", "Hi all,\n\nTile 1 at {CELLU} turn {TURN}, end\n\nBest regards,\n"
         "Ann Smith\n\n-----Original Message-----\nFrom: El Caballero\npower 3", "en", False),
        ("iphone-it", "Tessera 1 in {CELL} ruota {TURN}\nfine\n\nInviato da iPhone", "it",
         False),
        ("lowercase-no-turn", "ok: tile 1 {CELL} rotate {TURN} then end", "en", False),
        ("html-only-fr", "<div dir=\"ltr\">tuile 1 en {CELL} tourne {TURN}<br>fin</div>"
         "<br><div class=\"gmail_quote\">Le lun. a écrit&nbsp;:<blockquote>pouvoir 3"
         "</blockquote></div>", "fr", True),
        ("spaced-cell", "tuile 1 en {CELLS} tourne {TURN}\nfin\n-- \nBruno", "fr", False),
    ]


@pytest.mark.parametrize("name,body,lang,html", _corpus(), ids=[c[0] for c in _corpus()])
def test_replies_as_mail_clients_send_them(name: str, body: str, lang: str, html: bool) -> None:
    state, decision = _turn()
    faces = [f["tile"] for f in decision.constraint["face_up"]]
    first = faces[0]
    places = decision.constraint["lay_tile"][first]
    at, turn = places[0]["at"], places[0]["turns"][0]
    cell = coords.name(at)
    text = body.format(CELL=cell, CELLU=cell.upper(), TURN=turn,
                       CELLS=f"{cell[0]} {cell[1:]}")
    reply = inbound.reply_text(inbound.body_text(_mail(text, html)))
    parsed = GAME.language.parse(reply, GameSession(GAME, state, decision.seat, lang=lang))
    lay = parsed.commands[0]  # the cell as the form gives it: {x, y, rotation}
    assert (lay["type"], lay["tile"], lay["at"]) == (
        "lay_tile", first, {"x": at[0], "y": at[1], "rotation": turn})
    assert [c["type"] for c in parsed.commands[1:]] in ([], ["end_turn"]), parsed.commands


@pytest.mark.parametrize("text,lang,hint", [
    ("tile 9 at m14", "en", "1"),
    ("tile 1 at zz", "en", "CELL"),
    ("tessera 1 in m14 ruota 45", "it", "270"),
])
def test_mistakes_are_answered_with_what_was_meant(text: str, lang: str, hint: str) -> None:
    """The answer quotes what was not read and lists what may be written (the mail shows
    both): the face-up tiles' numbers, a cell, the rotations."""
    state, decision = _turn()
    with pytest.raises(ParseError) as error:
        GAME.language.parse(text, GameSession(GAME, state, decision.seat, lang=lang))
    assert error.value.allowed and hint in str(error.value) + "\n".join(error.value.allowed)


@pytest.mark.parametrize(("text", "lang"), [("tiel 1 at m14", "en"), ("tuille 1 en m14", "fr")])
def test_a_mistyped_move_word_beside_a_whole_move_is_read(text: str, lang: str) -> None:
    """"tiel 1 at m14" is tile 1 at m14, as the corpus's "pwoer 4" is power card 4: the
    tile and the cell say the move; the mistyped word is listed as not read."""
    state, decision = _turn()
    legal = decision.constraint["lay_tile"]
    face = decision.constraint["face_up"][0]["tile"]
    if not any(p["at"] == [0, 1] for p in legal[face]):
        pytest.skip("m14 is not where the first tile goes in this position")
    parsed = GAME.language.parse(text, GameSession(GAME, state, decision.seat, lang=lang))
    assert parsed.commands[0]["type"] == "lay_tile" and parsed.ignored


@pytest.mark.parametrize("lang", LANGS)
def test_help_lines_filled_in_are_commands(lang: str) -> None:
    state, decision = _turn()
    lines = GAME.language.help_lines(decision, GAME.view(state, decision.seat), lang)
    tile_line = lines[0].split(" — ")[0]
    place = decision.constraint["lay_tile"][decision.constraint["face_up"][0]["tile"]][0]
    filled = (tile_line.replace(" N ", " 1 ").replace("0/90/180/270", str(place["turns"][0]))
              .replace("CELL", coords.name(place["at"])).replace("CASELLA", coords.name(place["at"]))
              .replace("CASE", coords.name(place["at"])))
    parsed = GAME.language.parse(lines[0].replace(tile_line, filled),
                                 GameSession(GAME, state, decision.seat, lang=lang))
    assert parsed.commands[0]["type"] == "lay_tile"


@pytest.mark.parametrize("lang", LANGS)
def test_boards_show_the_grid_with_typed_cells_and_who_leads_each_region(lang: str) -> None:
    state, _decision = POSITIONS[-1]
    view = GAME.view(state, 0)
    svg = GAME.boards.svg(view, lang, NAMES)
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    assert 'data-cell="' in svg and "data-piece" in svg and ">m<" in svg
    text = GAME.boards.text(view, lang, NAMES)
    assert "  m  " in text and " 13 " in text
    for k in view["knights"]:
        assert coords.name(k["at"]) in text
    summary = GAME.boards.summary(view, lang, NAMES)
    regions = summary.tables[1]
    assert len(regions.rows) == len(view["regions"])
    leaders = [r for r in view["regions"] if r["kind"] == "land" and max(r["counts"]) > 0
               and r["counts"].count(max(r["counts"])) == 1]
    for r in leaders:
        row = next(row for row in regions.rows if row[0] == region_name(view, r, lang))
        assert NAMES[r["counts"].index(max(r["counts"]))] in row[3]


def test_one_passed_deadline_lays_the_mandatory_tile_and_ends_the_turn() -> None:
    """The default is one command: a turn does not wait for a second deadline to end, and no
    Caballero tile is pushed out when a placement avoids it."""
    for state, decision in POSITIONS:
        if decision.kind != "turn" or not decision.constraint["tiles_to_lay"]:
            continue
        command = default_command(state, decision)
        events = GAME.decide(state, command)
        laid = [e for e in events if e.type == "tile_laid"]
        assert len(laid) == decision.constraint["tiles_to_lay"]
        assert any(e.type == "turn_ended" and e["seat"] == decision.seat for e in events)
        assert not any(e["returned"] for e in laid) or all(
            any(lay_tile_event(state, decision.seat, t, tuple(p["at"]), turn, False)["returned"]
                for p in places for turn in p["turns"])
            for t, places in decision.constraint["lay_tile"].items())


def test_refusals_are_said_in_the_players_language_with_cells_and_names() -> None:
    state, decision = _turn()
    other = (decision.seat + 1) % 3
    error = GAME.validate(state, Command("end_turn", other))
    assert error is not None and error.key == "elcaballero.refuse.not_your_move"
    assert error.render("fr", NAMES) == ("Ce n'est pas à vous de jouer : la partie attend "
                                         f"{NAMES[decision.seat]}.")
    error = GAME.validate(state, Command("end_turn", decision.seat))
    assert error is not None and "Posez d'abord votre tuile" in error.render("fr", NAMES)
    tile = decision.constraint["face_up"][0]["tile"]
    error = GAME.validate(state, Command("lay_tile", decision.seat,
                                         {"tile": tile, "at": [40, 40], "turn": 0}))
    assert error is not None
    assert f"La tessera 1 non può andare in {coords.name((40, 40))} ruotata di 0°" \
        in error.render("it", NAMES)
    from domain.elcaballero.refusals import TEXTS

    for key, (en, fr, it) in TEXTS.items():
        assert en != fr and en != it, key


@pytest.mark.parametrize("lang,words", [
    ("en", ("tile 2 at m14 turn 90", "m13", "deadline", "Castillo is lost and the Caballeros")),
    ("fr", ("tuile 2 en m14 tourne 90", "m13", "délai", "Castillo est perdu et les Caballeros")),
    ("it", ("tessera 2 in m14 ruota 90", "m13", "termine", "Castillo è perso e i Caballeros")),
])
def test_the_rules_page_says_how_to_write_moves_and_what_a_deadline_does(
        lang: str, words: tuple[str, ...]) -> None:
    page = GAME.rules_page(lang)
    text = " ".join(p for section in page["sections"] for p in [section["title"],
                                                                 *section["paragraphs"]])
    for word in words:
        assert word in text, word
    assert "[x, y]" not in text


def _two_fit(state: Any, decision: Any) -> bool:
    """With the 9: a first tile fits, and once it is laid a second one of the list still does."""
    faces = [f["tile"] for f in decision.constraint["face_up"]]
    first = next((t for t in faces if decision.constraint["lay_tile"].get(t)), None)
    if first is None:
        return False
    place = decision.constraint["lay_tile"][first][0]
    after = GAME.fold(GAME.decide(state, Command.from_json(
        {"type": "lay_tile", "tile": first, "at": place["at"], "turn": place["turns"][0]},
        seat=decision.seat)), state)
    then = GAME.pending(after)[0].constraint.get("lay_tile", {})
    return any(then.get(t) for t in faces if t != first)


def test_two_tiles_in_one_reply_are_numbered_as_the_mail_listed_them() -> None:
    """With the 9 a player lays two tiles: "tile 2 …, tile 4 …" means the 2nd and 4th of the list
    the mail showed, not of the list left after the first is laid."""
    state, decision = next((s, d) for s, d in POSITIONS if d.kind == "turn"
                           and d.constraint["tiles_to_lay"] == 2 and _two_fit(s, d))
    faces = [f["tile"] for f in decision.constraint["face_up"]]
    session = GameSession(GAME, state, decision.seat, lang="en")
    first = next(t for t in faces if decision.constraint["lay_tile"].get(t))
    place = decision.constraint["lay_tile"][first][0]
    line = f"tile {faces.index(first) + 1} at {coords.name(place['at'])} turn {place['turns'][0]}"
    after = GAME.fold(GAME.decide(state, Command.from_json(
        {"type": "lay_tile", "tile": first, "at": place["at"], "turn": place["turns"][0]},
        seat=decision.seat)), state)
    second_decision = GAME.pending(after)[0]
    second = next(t for t in faces if t != first and second_decision.constraint["lay_tile"].get(t))
    place2 = second_decision.constraint["lay_tile"][second][0]
    line2 = (f"tile {faces.index(second) + 1} at {coords.name(place2['at'])} "
             f"turn {place2['turns'][0]}")
    parsed = GAME.language.parse(f"{line}\n{line2}", session)
    assert [c["tile"] for c in parsed.commands] == [first, second]


def test_help_lines_offer_moving_only_what_the_player_has() -> None:
    for state, decision in POSITIONS:
        if decision.kind != "turn":
            continue
        view = GAME.view(state, decision.seat)
        own = [k for k in view["knights"] if k["seat"] == decision.seat]
        lines = GAME.language.help_lines(decision, view, "en")
        has_ship_line = any(line.startswith("move ship") for line in lines)
        has_castle_line = any(line.startswith("move castle") for line in lines)
        assert has_ship_line == (len(own) > 1 and any(k["ships"] for k in own))
        assert has_castle_line == (len(own) > 1 and any(k["castillo"] for k in own))


def test_moving_a_castillo_or_a_ship_is_offered_as_a_form_the_engine_takes() -> None:
    seen = set()
    games = [p for seed in ("moves", "moves-2", "moves-3", "moves-4") for p in
             _positions(seed, steps=2000)]
    for state, decision in games:
        if decision.kind != "turn" or state.court[decision.seat] < 1:
            continue
        for answer in decision.form.answers:
            if answer.type not in ("move_castle", "move_ship"):
                continue
            fields = {f.name: f for f in answer.fields}
            params = {name: (f.default if f.default is not None else f.constraint.options[0])
                      for name, f in fields.items()}
            if answer.type == "move_ship":
                sea = next((x for x in decision.constraint["ship"]["sides"]
                            if f"{x['at'][0]},{x['at'][1]}" != params["from"]), None)
                if sea is None:
                    continue
                params["to"], params["to_edge"] = f"{sea['at'][0]},{sea['at'][1]}", sea["edges"][0]
            GAME.decide(state, Command(answer.type, decision.seat, params))
            seen.add(answer.type)
    assert seen == {"move_castle", "move_ship"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_deadline_move_reads_and_writes_as_end_auto(lang: str) -> None:
    state, decision = _turn()
    command = default_command(state, decision).to_json()
    line = GAME.language.format(command, lang, decision=decision)
    assert line.endswith(" auto")
    parsed = GAME.language.parse(line, GameSession(GAME, state, decision.seat, lang=lang))
    assert parsed.commands == [{"type": "end_turn", "lay": True}]


@pytest.mark.parametrize("text,lang", [
    ("Grande !\ntuile 1 en {CELL} tourne {TURN}\nfin", "fr"),
    ("tessera 1 in {CELL} ruota {TURN}, fine\n\nGrande partita, grazie!", "it"),
    ("Une grande partie !\n\ntuile 1 en {CELL} tourne {TURN}\nfin\nBruno", "fr"),
])
def test_grande_as_praise_is_chatter_not_a_move(text: str, lang: str) -> None:
    state, decision = _turn()
    first = decision.constraint["face_up"][0]["tile"]
    places = decision.constraint["lay_tile"][first]
    body = text.format(CELL=coords.name(places[0]["at"]), TURN=places[0]["turns"][0])
    parsed = GAME.language.parse(body, GameSession(GAME, state, decision.seat, lang=lang))
    assert [c["type"] for c in parsed.commands] == ["lay_tile", "end_turn"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_mails_example_is_among_the_commands_it_lists(lang: str) -> None:
    """A turn mail before the tile is laid offered "For example: end auto" while its list held no
    "end" at all: a player copying the example typed a command the mail never explained."""
    state, decision = _turn()
    assert not decision.constraint.get("end_turn")
    lines = GAME.language.help_lines(decision, GAME.view(state, decision.seat), lang)
    example = GAME.language.example(state, decision, lang, NAMES)
    assert any(line.split(" — ")[0] == example for line in lines), (example, lines)
    parsed = GAME.language.parse(example, GameSession(GAME, state, decision.seat, lang=lang))
    assert parsed.commands[0] == {"type": "end_turn", "lay": True}


def test_a_players_colour_letter_is_the_initial_of_the_colour_in_the_readers_language() -> None:
    """The French table read « Ann (Y) », « Bob (R) », « Cid (B) »: the English initials of
    yellow, red, blue beside « Vous jouez rouge »; the text grid's letters too."""
    state = next(s for s, _d in reversed(POSITIONS) if GAME.view(s, 0)["knights"])
    view = GAME.view(state, 0)
    for lang, letters in (("en", "yrbg"), ("fr", "jrbv"), ("it", "grbv")):
        summary = GAME.boards.summary(view, lang, NAMES)
        players = summary.tables[0]
        for seat, cells in enumerate(players.rows):
            assert cells[0] == f"{NAMES[seat]} ({letters[seat].upper()})", cells
        text = GAME.boards.text(view, lang, NAMES)
        for k in view["knights"]:
            letter = letters[k["seat"]]
            colon = " : " if lang == "fr" else ": "  # French sets a space before a colon
            assert f"{coords.name(k['at'])}{colon}{NAMES[k['seat']]} ({letter.upper()})" in text
            grid = text.split("\n\n")[0]
            assert re.search(rf" {letter.upper() if k['castillo'] else letter}{k['caballeros']}",
                             grid), grid


@pytest.mark.parametrize(("key", "params", "expected"), [
    ("turn.ended", {"seat": 0}, "Le tour d'Ann se termine."),
    ("turn.ended", {"seat": 1}, "Le tour de Bruno se termine."),
    ("grande.to_court", {"player": 0}, "Le Grande d'Ann retourne à la cour."),
    ("court.capped", {"player": 0, "caballeros": 2}, "La cour d'Ann dépasse"),
    ("knight.gained", {"player": 0, "at": [0, 1], "caballeros": 1},
     "la tuile Caballeros d'Ann en m14"),
])
def test_french_elides_de_before_a_name_with_a_vowel(key: str, params: dict[str, Any],
                                                     expected: str) -> None:
    """Bob's mail read « Le tour de Ann se termine. »: French writes « d'Ann »."""
    from domain.core.game import Message
    from domain.elcaballero import messages

    text = messages.render(Message(messages.PREFIX + key, params), "fr", ["Ann", "Bruno"])
    assert expected in text, text
    assert "de Ann" not in text


def test_the_regions_table_names_an_alcalde_d_ann_in_french() -> None:
    from domain.elcaballero.texts import word

    assert word("board.alcalde_of", "fr", seat="Ann") == "Alcalde d'Ann"
    assert word("board.alcalde_of", "fr", seat="Bruno") == "Alcalde de Bruno"


def test_no_french_text_writes_de_before_a_player_without_the_elision() -> None:
    """The French texts write « {player:de} » (the shared `Name` elides: « d'Ann »); a plain
    « de {player} » would read « de Ann » to Ann's partners."""
    from domain.core.i18n import SEAT_PARAMS
    from domain.elcaballero import messages, refusals, texts

    seat = "|".join(sorted(SEAT_PARAMS))
    plain = re.compile(rf"\b[dD]e \{{({seat})\}}")
    for catalogue in (messages.TEXTS, texts.WORDS, refusals.TEXTS):
        for key, (_en, fr, _it) in catalogue.items():
            assert not plain.search(fr), (key, fr)


def test_a_seat_is_one_name_in_the_log_the_boards_and_the_refusals() -> None:
    """The log, the boards and the refusals name a seat through one function (its player's name,
    or its colour before the game is seated), a name French may elide in any of them."""
    from domain.elcaballero import messages, refusals, texts

    assert texts.seat_name is messages.seat_name
    for lang, colour in (("en", "red"), ("fr", "rouge"), ("it", "rosso")):
        assert refusals._show("seat", 1, lang, []) == colour
    assert f"{refusals._show('seat', 0, 'fr', ['Ann']):de}" == "d'Ann"
    assert f"{texts.seat_name(1, ['Ann', 'Bruno'], 'fr'):de}" == "de Bruno"
def test_once_the_tile_is_laid_the_decision_no_longer_asks_for_it() -> None:
    """After Amélie laid her tile the page and Giulia's mail still said « la tuile de terrain
    d'abord ou en dernier » / « la tessera di terreno prima o per ultima »: the tile was down."""
    laid = [d for _s, d in POSITIONS if d.kind == "turn" and not d.constraint.get("tiles_to_lay")]
    assert laid
    for lang, stale in (("en", "tile first or last"), ("fr", "tuile de terrain d'abord"),
                        ("it", "tessera di terreno prima")):
        text = GAME.texts.decision(laid[0], lang, NAMES)
        assert stale not in text, text


def test_the_text_board_gives_every_players_score_court_and_cards() -> None:
    """Giulia's and Amélie's turn mails showed scores, courts and the cards left only in the HTML
    part's table: a reader of the text part saw the grid and nothing of the players."""
    state, _decision = POSITIONS[-1]
    view = GAME.view(state, 0)
    for lang in ("en", "fr", "it"):
        text = GAME.boards.text(view, lang, NAMES)
        players = GAME.boards.summary(view, lang, NAMES).tables[0]
        for row in players.rows:
            line = next((x for x in text.splitlines() if x.strip().startswith(row[0])), None)
            assert line is not None, (lang, row[0], text)
            for heading, cell in zip(players.header[1:], row[1:], strict=True):
                assert f"{heading} {cell}" in line, (lang, heading, cell, line)


def test_the_games_list_gives_an_el_caballero_game_its_round_and_scores() -> None:
    """Amélie's /games list showed « Manche 3/9 · … · Amélie 0, Bot 2 0 » for her King &
    Intrigue game and an empty cell for her El Caballero game: it had no headline."""
    state, _decision = POSITIONS[len(POSITIONS) // 2]
    view = GAME.view(state, 0)
    for lang, round_word in (("en", "Round"), ("fr", "Tour"), ("it", "Round")):
        line = GAME.boards.headline(view, lang, NAMES)
        assert line.startswith(f"{round_word} {view['round']}/{view['rounds']} · "), line
        for s in view["seats"]:
            assert f"{NAMES[s['seat']]} {s['score']}" in line, line


def test_taking_a_ship_back_is_offered_on_every_ship_and_only_there() -> None:
    """`take_back` with a side returns a ship to the court: the turn's form offers it, one row per
    ship the player has, and each row is taken by the engine (the ship leaves, the tile stays)."""
    seen = 0
    for state, decision in [p for seed in ("moves", "moves-2") for p in _positions(seed, steps=2000)]:
        if decision.kind != "turn":
            continue
        ships = {(f"{x['at'][0]},{x['at'][1]}", e) for x in decision.constraint["ships_on"]
                 for e in x["edges"]}
        answer = next((a for a in decision.form.answers if a.type == "take_back"
                       and a.combos is not None), None)
        assert (answer is not None) == bool(ships)
        if answer is None:
            continue
        assert {tuple(v.values()) for v in answer.combos.values()} == ships
        assert GAME.prompt(answer.prompt, "fr", NAMES).startswith("Reprendre un de vos bateaux")
        for at, edge in ships:
            events = GAME.decide(state, Command("take_back", decision.seat, {"at": at, "edge": edge}))
            assert events[0].type == "ship_taken_back"
            seen += 1
    assert seen > 0
