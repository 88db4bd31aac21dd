"""El Grande's board and card data: the one place for these facts (see shared/rules/el-grande.md)."""

from __future__ import annotations

from dataclasses import dataclass

CASTILLO = "castillo"

# id → (English name, French name, Italian name, printed values 1st/2nd/3rd), in the table order used
# for logging scorings.
REGIONS: dict[str, tuple[str, str, str, tuple[int, int, int]]] = {
    "galicia": ("Galicia", "Galice", "Galizia", (4, 2, 0)),
    "pais_vasco": ("País Vasco", "Pays basque", "Paesi Baschi", (5, 3, 1)),
    "aragon": ("Aragón", "Aragon", "Aragona", (5, 4, 1)),
    "cataluna": ("Cataluña", "Catalogne", "Catalogna", (4, 2, 1)),
    "castilla_la_vieja": ("Castilla la Vieja", "Vieille-Castille", "Castiglia Vecchia", (6, 4, 2)),
    "castilla_la_nueva": ("Castilla la Nueva", "Nouvelle-Castille", "Castiglia Nuova", (7, 4, 2)),
    "valencia": ("Valencia", "Valence", "Valencia", (5, 3, 2)),
    "sevilla": ("Sevilla", "Séville", "Siviglia", (4, 3, 1)),
    "granada": ("Granada", "Grenade", "Granada", (6, 3, 1)),
}
CASTILLO_NAMES = ("the Castillo", "le Castillo", "il Castillo")
CASTILLO_VALUES = (5, 3, 1)

REGION_IDS: tuple[str, ...] = tuple(REGIONS)
PLACES: tuple[str, ...] = (*REGION_IDS, CASTILLO)

BORDERS: tuple[tuple[str, str], ...] = (
    ("galicia", "pais_vasco"),
    ("galicia", "castilla_la_vieja"),
    ("pais_vasco", "castilla_la_vieja"),
    ("pais_vasco", "aragon"),
    ("aragon", "castilla_la_vieja"),
    ("aragon", "castilla_la_nueva"),
    ("aragon", "cataluna"),
    ("aragon", "valencia"),
    ("cataluna", "valencia"),
    ("castilla_la_vieja", "castilla_la_nueva"),
    ("castilla_la_nueva", "valencia"),
    ("castilla_la_nueva", "granada"),
    ("castilla_la_nueva", "sevilla"),
    ("valencia", "granada"),
    ("sevilla", "granada"),
)
ADJACENT: dict[str, frozenset[str]] = {
    r: frozenset({b for a, b in BORDERS if a == r} | {a for a, b in BORDERS if b == r})
    for r in REGION_IDS
}


def printed_values(place: str) -> tuple[int, int, int]:
    return CASTILLO_VALUES if place == CASTILLO else REGIONS[place][3]


# Power cards: value → Caballeros moved from the provinces to the court.
POWER_CABALLEROS: dict[int, int] = {
    1: 6, 2: 5, 3: 5, 4: 4, 5: 4, 6: 3, 7: 3, 8: 2, 9: 2, 10: 1, 11: 1, 12: 0, 13: 0,
}
POWER_CARDS: tuple[int, ...] = tuple(POWER_CABALLEROS)

CABALLEROS_PER_PLAYER = 30
START_HOME = 2
START_COURT = 7

# Mobile scoreboards: id → values.
SCOREBOARDS: dict[str, tuple[int, int, int]] = {"8-4-0": (8, 4, 0), "4-0-0": (4, 0, 0)}

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "black")

ROUNDS = tuple(range(1, 10))
SHORT_GAME_ROUNDS = (2, 3, 5, 6, 8, 9)
GENERAL_SCORING_ROUNDS = (3, 6, 9)


@dataclass(frozen=True)
class ActionCard:
    id: str
    stack: int
    count: int
    name: str  # English title, for logs and mail

    @property
    def names(self) -> tuple[str, str, str]:
        """The title in English, French and Italian."""
        return (self.name, *CARD_TITLES_FR_IT[self.id])


ACTION_CARDS: tuple[ActionCard, ...] = (
    ActionCard("move_all_own", 1, 1, "Move all your Caballeros out of one region"),
    ActionCard("place_2_anywhere", 1, 1, "Place 2 more Caballeros anywhere"),
    ActionCard("place_2_or_move_all_own", 1, 1, "Place 2 anywhere, or move all of one region"),
    ActionCard("move_5_from_region", 1, 2, "Move 5 Caballeros out of one region"),
    ActionCard("move_3_opponents", 1, 1, "Move 3 opponents' Caballeros"),
    ActionCard("move_3_any", 1, 1, "Move 3 Caballeros"),
    ActionCard("move_2_own_2_opponents", 1, 2, "Move 2 of yours and 2 of opponents'"),
    ActionCard("move_4_own", 1, 1, "Move 4 of your Caballeros"),
    ActionCard("move_4_any", 1, 1, "Move 4 Caballeros"),
    ActionCard("veto", 2, 2, "Veto"),
    ActionCard("decline_all_court", 2, 1, "Opponents return their whole court"),
    ActionCard("decline_3_court", 2, 1, "Opponents return 3 from court"),
    ActionCard("kings_return", 2, 1, "The King's return: return 3 Caballeros each"),
    ActionCard("one_from_each", 2, 1, "Return one Caballero of each player"),
    ActionCard("secret_remove_2", 2, 1, "Opponents secretly remove 2 from a region"),
    ActionCard("secret_remove_all", 2, 1, "Opponents secretly clear a region"),
    ActionCard("score_chosen", 2, 3, "Score a place of your choice"),
    ActionCard("score_4s", 3, 2, "Score all 4-regions"),
    ActionCard("score_5s", 3, 2, "Score all 5-regions"),
    ActionCard("score_6s_7s", 3, 1, "Score all 6- and 7-regions"),
    ActionCard("score_castillo", 3, 2, "Score the Castillo"),
    ActionCard("score_first_places", 3, 1, "Score only the first places"),
    ActionCard("score_most", 3, 1, "Score the fullest region"),
    ActionCard("score_fewest", 3, 1, "Score the emptiest region"),
    ActionCard("score_chosen", 3, 1, "Score a place of your choice"),
    ActionCard("scoreboard", 4, 3, "Mobile scoreboard"),
    ActionCard("royal_advisor", 4, 1, "Royal advisor: move the King next door"),
    ActionCard("eviction", 4, 1, "Eviction"),
    ActionCard("grande", 4, 2, "Move your Grande"),
    ActionCard("power_card_back", 4, 2, "Take back a power card"),
    ActionCard("court_2", 4, 1, "Two more Caballeros to court"),
    ActionCard("secret_scoring", 4, 1, "Secret scoring"),
    ActionCard("king", 5, 1, "The King"),
)
ACTION_STACKS = (1, 2, 3, 4)
KING_STACK = 5
# The action cards' French and Italian titles (the project's own translations of the English ones).
CARD_TITLES_FR_IT: dict[str, tuple[str, str]] = {
    "move_all_own": ("Déplacer tous vos Caballeros d'une région", "Sposta tutti i tuoi Caballeros da una regione"),
    "place_2_anywhere": ("Placer 2 Caballeros n'importe où", "Piazza 2 Caballeros ovunque"),
    "place_2_or_move_all_own": ("Placer 2 n'importe où, ou vider une région", "Piazza 2 ovunque, o svuota una regione"),
    "move_5_from_region": ("Déplacer 5 Caballeros d'une région", "Sposta 5 Caballeros da una regione"),
    "move_3_opponents": ("Déplacer 3 Caballeros adverses", "Sposta 3 Caballeros avversari"),
    "move_3_any": ("Déplacer 3 Caballeros", "Sposta 3 Caballeros"),
    "move_2_own_2_opponents": ("Déplacer 2 des vôtres et 2 adverses", "Sposta 2 tuoi e 2 avversari"),
    "move_4_own": ("Déplacer 4 de vos Caballeros", "Sposta 4 tuoi Caballeros"),
    "move_4_any": ("Déplacer 4 Caballeros", "Sposta 4 Caballeros"),
    "veto": ("Veto", "Veto"),
    "decline_all_court": ("Les adversaires renvoient toute leur cour", "Gli avversari rimandano tutta la corte"),
    "decline_3_court": ("Les adversaires renvoient 3 de leur cour", "Gli avversari rimandano 3 dalla corte"),
    "kings_return": ("Le retour du Roi : 3 Caballeros chacun", "Il ritorno del Re: 3 Caballeros ciascuno"),
    "one_from_each": ("Un Caballero de chaque joueur", "Un Caballero di ogni giocatore"),
    "secret_remove_2": ("Les adversaires retirent 2 en secret", "Gli avversari tolgono 2 in segreto"),
    "secret_remove_all": ("Les adversaires vident une région en secret", "Gli avversari svuotano una regione in segreto"),
    "score_chosen": ("Décompter un lieu au choix", "Valuta un luogo a scelta"),
    "score_4s": ("Décompter les régions à 4", "Valuta le regioni da 4"),
    "score_5s": ("Décompter les régions à 5", "Valuta le regioni da 5"),
    "score_6s_7s": ("Décompter les régions à 6 et 7", "Valuta le regioni da 6 e 7"),
    "score_castillo": ("Décompter le Castillo", "Valuta il Castillo"),
    "score_first_places": ("Décompter les premières places", "Valuta solo i primi posti"),
    "score_most": ("Décompter la région la plus peuplée", "Valuta la regione più affollata"),
    "score_fewest": ("Décompter la région la moins peuplée", "Valuta la regione meno affollata"),
    "scoreboard": ("Tableau de score mobile", "Segnapunti mobile"),
    "royal_advisor": ("Le conseiller du Roi", "Il consigliere del Re"),
    "eviction": ("Expulsion", "Sfratto"),
    "grande": ("Déplacer votre Grande", "Sposta il tuo Grande"),
    "power_card_back": ("Reprendre une carte pouvoir", "Riprendi una carta potere"),
    "court_2": ("Deux Caballeros de plus à la cour", "Due Caballeros in più a corte"),
    "secret_scoring": ("Décompte secret", "Valutazione segreta"),
    "king": ("Le Roi", "Il Re"),
}
CARD_NAMES: dict[str, str] = {c.id: c.name for c in ACTION_CARDS}


def stack_contents(stack: int) -> list[str]:
    """The card ids of one stack (with repeats), in catalogue order."""
    return [c.id for c in ACTION_CARDS if c.stack == stack for _ in range(c.count)]
