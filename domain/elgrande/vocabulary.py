"""The words of El Grande's command language, in English, French and Italian.

Region names (en/fr/it) and card titles come from `data.py`; what is added here is what the rules
do not hold: common abbreviations, colours, and the command keywords. The words every language
shares (numbers, "all", "from", "to", "and", articles) are `domain/core/language.py`'s.
`language.py` reads only this module for El Grande's own words, so mail and the web text box
understand exactly the same words.
"""

from __future__ import annotations

from typing import Any

from domain.core.language import FILLER_WORDS, language_index, normalise
from domain.elgrande.data import CARD_NAMES, CARD_TITLES_FR_IT, CASTILLO, CASTILLO_NAMES, COLOURS, REGIONS

# Action cards: id → (French name, Italian name). English names: data.CARD_NAMES.
CARD_NAMES_I18N: dict[str, tuple[str, str]] = CARD_TITLES_FR_IT

# Short names players write (normalised: lower case, no accents, spaces).
CARD_ALIASES: dict[str, tuple[str, ...]] = {
    "king": ("king", "the king", "roi", "le roi", "re", "il re", "rey", "k"),
    "royal_advisor": ("advisor", "royal advisor", "adviser", "conseiller", "consigliere"),
    "eviction": ("eviction", "evict", "expulsion", "sfratto"),
    "grande": ("grande", "move grande"),
    "power_card_back": ("power back", "take back", "card back", "reprendre", "riprendi"),
    "court_2": ("court 2", "court two", "two to court", "cour 2", "corte 2"),
    "secret_scoring": ("secret scoring", "decompte secret", "valutazione segreta"),
    "scoreboard": ("scoreboard", "mobile scoreboard", "tableau", "segnapunti"),
    "score_chosen": ("score chosen", "score any", "score a place", "score place"),
    "score_castillo": ("score castillo", "score castle"),
    "score_4s": ("score 4s", "score 4", "score fours"),
    "score_5s": ("score 5s", "score 5", "score fives"),
    "score_6s_7s": ("score 6s 7s", "score 6 7", "score 6s and 7s", "score 6s", "score 7s"),
    "score_first_places": ("score first places", "score firsts", "first places"),
    "score_most": ("score most", "score fullest"),
    "score_fewest": ("score fewest", "score emptiest"),
    "veto": ("veto",),
    "decline_all_court": ("decline all court", "all court", "whole court"),
    "decline_3_court": ("decline 3 court", "3 court", "three court"),
    "kings_return": ("kings return", "king s return", "return of the king", "retour du roi"),
    "one_from_each": ("one from each", "one of each", "un de chaque"),
    "secret_remove_2": ("secret remove 2", "remove 2"),
    "secret_remove_all": ("secret remove all", "remove all"),
    "move_all_own": ("move all own", "move all"),
    "place_2_anywhere": ("place 2 anywhere", "place 2"),
    "place_2_or_move_all_own": ("place 2 or move all", "place or move"),
    "move_5_from_region": ("move 5", "move 5 from region"),
    "move_3_opponents": ("move 3 opponents",),
    "move_3_any": ("move 3", "move 3 any"),
    "move_2_own_2_opponents": ("move 2 2", "move 2 own 2 opponents"),
    "move_4_own": ("move 4 own",),
    "move_4_any": ("move 4", "move 4 any"),
}

# Abbreviations and other names of the places, besides the ids and the en/fr/it names.
PLACE_ALIASES: dict[str, tuple[str, ...]] = {
    "galicia": ("gal", "galicie"),
    "pais_vasco": ("pv", "basque", "basque country", "pays basque", "paesi baschi", "paese basco",
                   "vasco", "pais basco"),
    "aragon": ("ara", "arag"),
    "cataluna": ("cat", "catalonia", "catalunya"),
    "castilla_la_vieja": ("clv", "cv", "old castile", "vieja", "castilla vieja", "vieille castille",
                          "castiglia vecchia", "vecchia castiglia", "castille la vieille",
                          "castiglia la vecchia", "castile la vieja"),
    "castilla_la_nueva": ("cln", "cn", "new castile", "nueva", "castilla nueva", "nouvelle castille",
                          "castiglia nuova", "nuova castiglia", "castille la nouvelle",
                          "castiglia la nuova", "castile la nueva"),
    "valencia": ("val", "valenza"),
    "sevilla": ("sev", "seville", "sivig"),
    "granada": ("gra", "gran", "grenada"),
    CASTILLO: ("castle", "cast", "chateau", "castello", "il castello", "le chateau"),
}

COLOUR_FORMS: dict[str, tuple[str, ...]] = {
    "red": ("reds", "rouges", "rossi", "rossa", "rosse"), "blue": ("blues", "bleus"),
    "yellow": ("yellows", "jaunes", "gialli", "gialla", "gialle"),
    "green": ("greens", "verts", "verdi"), "black": ("blacks", "noirs", "neri", "nera", "nere"),
}
"""The plural (and Italian feminine) forms a player writes about several Caballeros ("2 rossi",
"les rouges"): read, never written."""
COLOUR_NAMES: dict[str, tuple[str, str, str]] = {
    "red": ("red", "rouge", "rosso"), "blue": ("blue", "bleu", "blu"),
    "yellow": ("yellow", "jaune", "giallo"), "green": ("green", "vert", "verde"),
    "black": ("black", "noir", "nero"),
}
# Command keywords: type → words (read normalised: accents optional), the first of each language is
# the one we write, with its accents.
KEYWORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "play_power": {"en": ("power", "play", "power card", "i play"),
                   "fr": ("pouvoir", "jouer", "joue", "je joue", "carte pouvoir"),
                   "it": ("potere", "gioca", "giocare", "gioco", "carta potere")},
    "take": {"en": ("take", "bring"), "fr": ("prendre", "prends", "prend", "amener", "amene"),
             "it": ("prendi", "prendere", "prendo", "porto", "porta")},
    "choose_card": {"en": ("card", "action card", "choose card"),
                    "fr": ("carte", "prendre carte", "prends carte", "prends la carte",
                           "choisir carte", "choisis carte", "choisis la carte"),
                    "it": ("carta", "scegli carta", "scelgo carta", "scelgo la carta",
                           "prendo carta", "prendo la carta")},
    "place": {"en": ("place", "put"),
              "fr": ("placer", "place", "poser", "pose", "mettre", "mets", "placez"),
              "it": ("piazza", "piazzare", "metti", "piazzo", "metto", "pongo", "mettere")},
    "special": {"en": ("special", "action", "use", "do"), "fr": ("spécial", "special", "action", "faire"),
                "it": ("speciale", "azione", "usa", "uso")},
    "decline": {"en": ("decline", "pass", "skip", "no action"),
                "fr": ("refuser", "passer", "passe", "renoncer", "je passe", "renonce"),
                "it": ("rinuncia", "passo", "passa", "salta", "rinuncio", "salto")},
    "allow": {"en": ("allow", "ok", "accept", "let it"),
              "fr": ("accepter", "laisser", "laisser faire", "permettre", "accepte",
                     "laisse faire"),
              "it": ("consenti", "lascia", "lascia fare", "accetta", "consento", "lascio",
                     "lascio fare", "accetto")},
    "veto": {"en": ("veto",), "fr": ("veto",), "it": ("veto",)},
    "return": {"en": ("return", "give back"), "fr": ("rendre", "renvoyer", "rends", "renvoie"),
               "it": ("restituisci", "rimanda", "restituire", "restituisco", "rimando")},
    "secret": {"en": ("secret", "disc", "disk", "choose", "choice"),
               "fr": ("secret", "disque", "choisir", "choix", "choisis"),
               "it": ("segreto", "disco", "scegli", "scelta", "scelgo")},
}
"""Besides the imperative and infinitive, each language's first person ("piazzo 2 aragona",
"je prends 3": with "je" a filler word, "je place", "je mets"), which is how many people write
what they do."""
# Words that begin a special action directly, but only at the start of a command.
SPECIAL_VERBS: dict[str, tuple[str, ...]] = {
    "move": ("move", "deplacer", "deplace", "sposta", "spostare", "sposto", "je deplace"),
    "score": ("score", "decompter", "valuta"),
    "king": ("king", "roi", "re"),
    "advisor": ("advisor", "conseiller", "consigliere"),
    "grande": ("grande",),
    "evict": ("evict", "expulser", "sfratta"),
    "scoreboard": ("scoreboard", "tableau", "segnapunti"),
    "back": ("take back", "reprendre", "riprendi"),
    "court": ("court", "cour", "corte"),
    "pick": ("pick", "prendre chez", "prendi da"),
}
FILLER = (*FILLER_WORDS, "je", "j", "caballeros", "caballero", "cab", "cabs", "knights", "stack", "pile",
          "mazzo", "pila", "part", "parts", "partie", "parties", "parte", "parti", "region",
          "regione")
COURT_WORDS = ("court", "cour", "corte")


def place_words() -> dict[str, str]:
    """Every way of writing a place (normalised) → its id."""
    out: dict[str, str] = {}
    for place, (en, fr, it, _values) in REGIONS.items():
        for name in (place.replace("_", " "), en, fr, it, *PLACE_ALIASES.get(place, ())):
            out[normalise(name)] = place
    for name in (*CASTILLO_NAMES, CASTILLO, *PLACE_ALIASES[CASTILLO]):
        out[normalise(name)] = CASTILLO
    return out


def card_words() -> dict[str, str]:
    """Every way of writing an action card (normalised) → its id."""
    out: dict[str, str] = {}
    for card, name in CARD_NAMES.items():
        fr, it = CARD_NAMES_I18N[card]
        for text in (card.replace("_", " "), name, fr, it, *CARD_ALIASES.get(card, ())):
            key = " ".join(normalise(text).replace(":", " ").replace(",", " ").split())
            out[key] = card
            for plain, every in ((" le regioni ", " tutte le regioni "),
                                 (" les regions ", " toutes les regions "),
                                 (" all ", " the "), (" all ", " ")):
                if plain in f" {key} ":  # « Valuta tutte le regioni da 5 »: with "all";
                    # "score the 4-regions", "score 4-regions": without it
                    out.setdefault(" ".join(f" {key} ".replace(plain, every).split()), card)
    return out


def card_name(card: str, lang: str = "en") -> str:
    if lang == "fr":
        return CARD_NAMES_I18N[card][0]
    if lang == "it":
        return CARD_NAMES_I18N[card][1]
    return CARD_NAMES.get(card, card)


def colour_name(seat: int, lang: str = "en") -> str:
    return COLOUR_NAMES[COLOURS[seat]][language_index(lang)]


def keyword(kind: str, lang: str = "en") -> str:
    return KEYWORDS[kind].get(lang, KEYWORDS[kind]["en"])[0]


# --- the words the form-driven reader (domain/core/reader.py) reads ----------------------------

READ_ACTIONS: dict[str, tuple[str, ...]] = {
    "play_power": ("power", "power card", "play", "playing", "pouvoir", "carte pouvoir", "joue",
                   "jouer", "potere", "carta potere", "gioco", "gioca", "giocare", "i go with",
                   "je pose", "pose", "poser",  # « je pose le 20 »: the card laid down
                   # where a power card is asked, taking one is playing it ("I'll take the
                   # 160", « je prends la 20 », "prendo il 30")
                   "i take", "i ll take", "take the", "je prends", "je prends la",
                   "je prends le", "prendo", "prendo il", "prendo la", "scelgo il",
                   "scelgo la", "je choisis le", "je choisis la", "i choose the", "i pick the",
                   "go with", "je mets", "mets", "metto", "butto",
                   # "carte 12", "carta 12", "card 12": where a power card is asked, a card is one
                   "card", "the card", "my card", "carte", "la carte", "ma carte", "carta",
                   "la carta", "la mia carta"),
    "take": KEYWORDS["take"]["en"] + KEYWORDS["take"]["fr"] + KEYWORDS["take"]["it"]
    + ("taking", "i take", "i m taking", "i ll take", "bringing", "i bring", "i ll bring",
       # the mails' own words, "bring Caballeros to court": the court is where they go, not
       # the court field of a return ("3 from my court")
       "to court", "to my court", "to the court", "into my court", "into court",
       "a la cour", "a ma cour", "dans ma cour", "j amene", "j en amene", "amener",
       "a corte", "alla corte", "in corte", "nella mia corte", "alla mia corte", "portare",
       # none, in words (the count 0: see the reader's `_fill`)
       "non ne prendo nessuno", "non prendo nessuno", "non prendo nessun caballero",
       "non ne prendo", "non prendo niente", "non prendo nulla", "nessuno a corte",
       "je ne prends aucun caballero", "je ne prends aucun", "je n en prends aucun",
       "je ne prends rien", "je ne prends personne", "aucun a la cour",
       "i take none", "i don t take any", "i won t take any", "i m not taking any",
       "none to court", "no caballeros to court", "i take no caballeros",
       "je fais venir", "fais venir", "faire venir",
       "nothing to take", "nothing to take for me", "rien a prendre", "rien a prendre pour moi",
       "niente da prendere", "non c e niente da prendere", "nulla da prendere"),
    "choose_card": ("card", "action card", "carte", "carte action", "carta", "carta azione",
                    "choose", "choisis", "choisir", "scelgo", "scegli", "prendo",
                    "je prends", "prends", "i take the", "i ll take the", "i ll have the",
                    "i choose", "je choisis", "la carte", "carte du", "la carta"),
    "place": KEYWORDS["place"]["en"] + KEYWORDS["place"]["fr"] + KEYWORDS["place"]["it"]
    + ("placing", "send", "envoie", "mando",
       # none placed, in words (read only when nothing else is said: see the reader's `_fill`)
       "no caballeros", "no caballero", "i don t place any", "don t place any", "i don t place",
       "not placing any", "i won t place any", "i m not placing any", "nothing to place",
       "je ne place rien", "je n en place aucun", "je ne place aucun", "aucun caballero",
       "pas de caballero", "pas de caballeros", "je ne pose rien", "rien a placer",
       "nessun caballero", "nessun caballeros", "non ne piazzo nessuno", "non piazzo nessuno",
       "non piazzo niente", "non piazzo nulla", "niente da piazzare"),
    "special": ("special", "special action", "action", "spécial", "action spéciale",
                "speciale", "azione speciale", "use", "do", "faire", "fais", "usa", "uso",
                "faccio", *(w for ways in SPECIAL_VERBS.values() for w in ways),
                "moving", "i move", "scoring", "je deplace", "je bouge", "bouge", "deplace",
                "sposto", "valuto", "valutare", "decompte", "je decompte", "i score",
                "the king", "le roi", "il re", "king goes", "le roi va", "il re va", "scored",
                "to be scored", "score it", "decompter", "valutare", "move all", "move all mine",
                "deplacer tous", "je deplace tous", "deplace tous", "deplacer tous ceux",
                "sposta tutti", "sposto tutti", "spostare tutti", "sposto tutti i miei", "empty",
                "i empty", "vider", "je vide", "vide", "svuoto", "svuota", "svuotare",
                # the King moved in a sentence whose verb is a placement's ("je mets le Roi en
                # Aragon", "metto il re in Aragona"): the King is the object, so the special
                "je mets le roi", "mets le roi", "mettre le roi", "je place le roi",
                "je pose le roi", "pose le roi", "je deplace le roi", "deplace le roi",
                "je bouge le roi", "bouge le roi", "j envoie le roi", "envoie le roi",
                "metto il re", "mettere il re", "sposto il re", "porto il re", "piazzo il re",
                "mando il re", "put the king", "i put the king", "i move the king",
                "move the king", "send the king", "i send the king", "the king moves",
                "king moves", "i move all", "i move all mine", "move all of mine",
                # the King as "he"/"him" in the sentence that moves him
                "he can come", "he comes", "he goes", "he can go", "send him", "move him",
                "he s off to", "he s going to", "je l envoie", "l envoie", "je l emmene",
                "je le deplace", "je l installe", "lo mando", "lo porto", "il re lo mando",
                # the special by its verb: "score Castilla", "then score", « on fait le
                # décompte », « facciamo la valutazione »; the card's extra Caballeros
                "score", "then score", "faisons le decompte", "on fait le decompte",
                "on decompte", "facciamo la valutazione", "facciamo valutare", "let s score",
                "let s do the scoring", "do the scoring", "extra", "extras", "the two extra",
                "de plus", "en plus", "in piu", "valutiamo", "via col conteggio",
                "via con la valutazione", "conteggio", "il conteggio",
                "il va", "il vient", "il ira", "lo mando", "lo sposto", "lo porto",
                # Eviction's action by its verb (« sfratto gli altri dalla Castiglia Nuova »)
                "evict", "i evict", "evicting", "expulser", "j expulse", "expulse", "evincer",
                "j evince", "sfratto", "sfratta", "sfrattare"),
    "decline": KEYWORDS["decline"]["en"] + KEYWORDS["decline"]["fr"] + KEYWORDS["decline"]["it"]
    + ("no special", "no special action", "without special", "without the special", "no action",
       "not the special", "skip the special", "pas d action speciale", "pas d action", "pas de special",
       "sans action speciale", "sans l action", "sans action", "nessuna azione speciale",
       "niente azione speciale", "niente speciale", "senza azione speciale", "senza azione",
       "senza speciale", "non uso l azione", "no azione",
       # the special declined in sentences: "king stays put", « je ne bouge pas le roi », "e basta"
       "le roi reste ou il est", "le roi reste la ou il est", "the king stays where he is",
       "il re resta dove si trova", "king stays", "king stays put", "the king stays",
       "the king stays put", "le roi reste",
       "le roi ne bouge pas", "je ne bouge pas le roi", "ne bouge pas le roi",
       "je laisse le roi", "il re resta", "il re resta dove e", "il re resta dov e",
       "il re rimane", "il re non si muove", "basta", "e basta", "niente altro",
       "that s all", "nothing else", "c est tout", "rien d autre",
       "je passe l action speciale", "passe l action speciale", "je passe l action",
       "je ne fais pas l action speciale", "pas d action speciale pour moi",
       "passo l azione speciale", "salto l azione speciale", "non faccio l azione speciale",
       "non faccio l azione", "non faccio la speciale", "i skip the special",
       "skip the special action", "i pass on the special", "no special for me",
       "i won t use the special", "i don t use the special",
       "pass on the special action", "pass on the special", "i pass on the special action",
       "rinuncio all azione speciale", "rinuncio alla speciale", "rinuncio all azione",
       "je renonce a l action speciale", "renonce a l action speciale", "je renonce",
       "leave the king where he is", "i ll leave the king where he is", "i leave the king",
       "i ll leave the king", "leave the king", "no king move", "the king stays in",
       "king stays in", "le roi reste en", "le roi reste a", "il re resta in", "il re resta a",
       "azione speciale non la faccio", "l azione speciale non la faccio", "non la faccio",
       "la speciale non la faccio", "je ne la fais pas", "l action speciale je ne la fais pas",
       "i won t do it", "i don t do it", "i won t do the special", "i don t do the special",
       "l azione speciale no", "azione speciale no", "la speciale no", "speciale no",
       "l action speciale non", "action speciale non", "special no", "the special no",
       "no special thanks", "no to the special"),
    "allow": KEYWORDS["allow"]["en"] + KEYWORDS["allow"]["fr"] + KEYWORDS["allow"]["it"]
    + ("no veto", "pas de veto", "niente veto", "nessun veto", "let it happen", "go ahead",
       "fine by me", "va bene", "je laisse faire", "je laisse passer", "qu il y aille",
       "qu il le fasse", "i don t veto", "no i don t veto", "i won t veto", "not vetoing",
       "je ne mets pas de veto", "je ne mets pas mon veto", "je ne pose pas de veto",
       "non metto il veto", "non pongo il veto", "non metto veto", "niente veto per me",
       "j autorise", "autorise", "je l autorise", "i allow it", "allowed", "je permets"),
    "veto": ("veto", "i veto", "je mets mon veto", "je pose mon veto", "metto il veto",
             "pongo il veto", "j oppose mon veto", "oppose mon veto"),
    "return": KEYWORDS["return"]["en"] + KEYWORDS["return"]["fr"] + KEYWORDS["return"]["it"],
    "secret": KEYWORDS["secret"]["en"] + KEYWORDS["secret"]["fr"] + KEYWORDS["secret"]["it"]
    # the Castillo's disc named by where its Caballeros come from ("my Castillo Caballeros go
    # to Aragón", « mes Caballeros du Castillo vont en Aragon », "Aragon for the Castillo
    # disc"): where a secret region is asked, the Castillo is never the answer
    + ("castillo", "the castillo", "from the castillo", "castillo disc", "du castillo",
       "le castillo", "del castillo", "dal castillo", "il castillo", "castello",
       "il castello", "del castello", "dal castello", "castle", "the castle",
       "from the castle", "chateau", "le chateau", "du chateau",
       # the disc itself, and the Caballeros sent by their owner's verb (each phrase holds a
       # placement's word, so it is never another move's word where placing is asked)
       "disc", "my disc", "the disc", "disque", "le disque", "mon disque", "disco", "il disco",
       "il mio disco", "je mets le disque", "mets le disque", "je mets mon disque",
       "put my disc", "i put my disc", "metto il disco", "metto il mio disco",
       "i ll send my", "i send my", "send my", "j envoie mes", "envoie mes", "mando i miei",
       "mando il mio", "je mets mon caballero", "mets mon caballero", "je vais mettre mon caballero",
       "metto il mio caballero", "i put my caballero", "my caballero goes", "mon caballero va",
       "il mio caballero va", "je mets mes caballeros", "metto i miei caballeros",
       "my grande goes", "mon grande va", "il mio grande va", "my grande goes to"),
}
"""Answer type → the words that name it, any language (the reader picks the longest phrase, so
"no special" names `decline` where "special" names `special`)."""


def _card_titles() -> tuple[str, ...]:
    """The action cards' titles, as the special action's words: where the special action is
    asked, naming the card is doing its action ("then: Score all 4-regions", "score the
    4-regions"). Titles of one word ("Veto", « Roi ») are left out: they name other things."""
    out: list[str] = []
    titles = [t for card, name in CARD_NAMES.items() for t in (name, *CARD_NAMES_I18N[card])]
    places = [p for p in place_words() if len(p) > 3]
    for title in titles:
        text = " ".join(normalise(title).replace(":", " ").replace(",", " ").split())
        if len(text.split()) < 3 or any(f" {place} " in f" {text} " for place in places):
            continue  # (not "The King", « Le Roi »; not « Décompter le Castillo », whose place
            # is the special action's own value)
        out.append(text)
        if " all " in f" {text} ":  # "score all 4 regions" said "score the 4 regions"
            out += [f" {text} ".replace(" all ", " the ").strip(),
                    f" {text} ".replace(" all ", " ").strip()]
        for plain, every in ((" le regioni ", " tutte le regioni "),
                             (" les regions ", " toutes les regions ")):
            if plain in f" {text} ":  # « Valuta tutte le regioni da 5 »: the title with "all"
                out.append(f" {text} ".replace(plain, every).strip())
        for verb, ways in SCORE_VERBS.items():  # « le décompte des régions à 4 », « si
            if text.startswith(verb + " "):  # valutano le regioni da 4 »: the verb as said
                rest = text[len(verb) + 1:]
                out += [f"{way} {rest}" if not callable(way) else way(rest) for way in ways]
    return tuple(out)


SCORE_VERBS: dict[str, tuple[Any, ...]] = {
    "score": ("scoring", "scoring of", "i score", "scoring all", "i score all"),
    "decompter": ("decompte", "je decompte", "on decompte", "le decompte",
                  lambda rest: "decompte " + _of_the_fr(rest),
                  lambda rest: "le decompte " + _of_the_fr(rest)),
    "valuta": ("valuto", "valutare", "si valuta", "si valutano", "valutiamo",
               lambda rest: "valutazione " + _of_the_it(rest),
               lambda rest: "la valutazione " + _of_the_it(rest)),
}
"""A scoring card's verb as people say it besides the title's ("Décompter les régions à 4":
« je fais le décompte des régions à 4 »)."""


def _of_the_fr(rest: str) -> str:
    for article, of in (("les ", "des "), ("la ", "de la "), ("un ", "d un "), ("le ", "du ")):
        if rest.startswith(article):
            return of + rest[len(article):]
    return "de " + rest


def _of_the_it(rest: str) -> str:
    for article, of in (("le ", "delle "), ("la ", "della "), ("un ", "di un "),
                        ("solo ", "solo ")):
        if rest.startswith(article):
            return of + rest[len(article):]
    return "di " + rest


READ_ACTIONS["special"] = (*READ_ACTIONS["special"], *_card_titles())


PIECES: dict[str, int] = {"caballero": 1, "cavaliere": 1, "knight": 1,
                         "caballeros": 2, "cavalieri": 2, "knights": 2}
"""The pieces by name, singular or plural (`domain.core.reader.Vocabulary.pieces`)."""


BOARD_WORDS: dict[str, str] = {"8-4-0": "8-4-0", "8 4 0": "8-4-0", "4-0-0": "4-0-0",
                               "4 0 0": "4-0-0"}
"""The mobile scoreboards as the mails write them ("special 8/4/0 to Sevilla"): the answer that
moves that board (`domain.core.reader`: a value an answer fixes, named)."""


READ_FIELDS: dict[str, tuple[str, ...]] = {
    "court": ("court", "my court", "the court", "cour", "ma cour", "la cour", "corte",
              "la corte", "la mia corte", "mia corte"),
}
"""A field's own words: "return 2 from my court and 1 from Aragon" (the return's `court`)."""


def seat_words() -> dict[str, int]:
    """The players by their colour, as a move names whose Caballeros ("2 rouges", "1 blu")."""
    out: dict[str, int] = {}
    for seat, colour in enumerate(COLOURS):
        for word in (*COLOUR_NAMES[colour], *COLOUR_FORMS[colour]):
            out[word] = seat
    return out


SCORING_WORDS = ("scoring card", "scoring", "the scoring one", "carte de decompte",
                 "decompte", "la carte qui decompte", "carta che valuta", "valuta",
                 "valutazione", "carta di valutazione")
"""A face-up card that scores, by that alone ("the scoring card"): each such card, asked back
when there are two."""


def known_words() -> list[str]:
    """Every word of El Grande a reply may hold: places, action cards, colours (see
    `domain.core.reader.Vocabulary.known`)."""
    colours = [w for names in COLOUR_NAMES.values() for w in names]
    colours += [w for forms in COLOUR_FORMS.values() for w in forms]
    return [*place_words(), *card_words(), *colours]
