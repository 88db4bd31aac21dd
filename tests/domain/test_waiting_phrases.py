"""What a player must decide, said of them to the others ("the game now waits for Bruno (…)"):
never the "your"/« vos »/"tue" said to the player themselves, in English, French and Italian,
for every decision of the three games; and with its own grammar for several players who must
each decide it (« de leurs 39 cartes »)."""

from __future__ import annotations

import random
import re

import pytest

from domain.core.decisions import Decision
from domain.core.game import awaited, texts_of
from domain.games import GAMES

NAMES = ["Ann", "Bruno", "Chiara", "Dario", "Eva"]
LANGS = ("en", "fr", "it")
SECOND_PERSON = re.compile(r"\b(your|yours|you|vos|votre|vôtres?|vous|ton|ta|tes|tuoi|tuo|tua|"
                           r"tue|tu|ti)\b", re.IGNORECASE)
QUOTED = re.compile(r"“[^”]*”|«[^»]*»")
"""A card's printed title, quoted ("“Move your Grande”"), is its name, not the phrase's words."""


def _decisions(game: str, players: int, options: dict, seed: str) -> list[Decision]:
    module = GAMES[game]
    rng = random.Random(seed)
    state = module.fold(module.create(players, options, seed, None))
    out: list[Decision] = []
    for _ in range(1500):
        if module.is_over(state):
            break
        pending = module.pending(state)
        out += pending
        decision = rng.choice(pending)
        state = module.fold(module.decide(state, module.sample_command(state, decision, rng)),
                            state)
    return out


GAMES_PLAYED = [("el-grande", 4, {}), ("el-caballero", 3, {"advanced": True}),
                ("king-and-intrigue", 5, {"players_edition": True, "special_cards": True,
                                          "intervention_markers": True}),
                ("king-and-intrigue", 3, {})]


@pytest.mark.parametrize("game,players,options", GAMES_PLAYED)
def test_no_decision_said_of_other_players_says_your(game: str, players: int,
                                                     options: dict) -> None:
    texts = texts_of(GAMES[game])
    for decision in _decisions(game, players, options, f"awaited-{game}-{players}"):
        if decision.seat is None:
            continue
        for lang in LANGS:
            for count in (1, 2):
                said = awaited(texts, decision, lang, NAMES[:players], count)
                assert not SECOND_PERSON.search(QUOTED.sub("", said)), (decision.kind, said)


KI = texts_of(GAMES["king-and-intrigue"])
KEEP = Decision(0, "keep", secret=True, constraint={"from": list(range(39))})
# (decision, what its player reads, said of one other player, said of several), en/fr/it
PHRASES = [
    (KEEP, ("keep 13 of your 39 power cards", "garder 13 de vos 39 cartes pouvoir",
            "tenere 13 delle tue 39 carte potere"),
     ("keep 13 of their 39 power cards", "garder 13 de ses 39 cartes pouvoir",
      "tenere 13 delle sue 39 carte potere"),
     ("keep 13 of their 39 power cards", "garder 13 de leurs 39 cartes pouvoir",
      "tenere 13 delle loro 39 carte potere")),
    (Decision(0, "choose_action"),
     ("choose your turn's action", "choisir l'action du tour", "scegliere l'azione del turno"),
     ("choose the action of their turn", "choisir l'action du tour",
      "scegliere l'azione del turno"),
     ("choose the action of their turn", "choisir l'action du tour",
      "scegliere l'azione del turno")),
    (Decision(0, "guard", info={"general": True}),
     ("send your Royal Guard into a region before the general scoring, or not",
      "envoyer ou non votre Garde Royale dans une région avant le décompte général",
      "mandare o no la tua Guardia Reale in una regione prima della valutazione generale"),
     ("send their Royal Guard into a region before the general scoring, or not",
      "envoyer ou non sa Garde Royale dans une région avant le décompte général",
      "mandare o no la sua Guardia Reale in una regione prima della valutazione generale"),
     ("send their Royal Guard into a region before the general scoring, or not",
      "envoyer ou non leur Garde Royale dans une région avant le décompte général",
      "mandare o no la loro Guardia Reale in una regione prima della valutazione generale")),
    (Decision(0, "guard"),
     ("send your Royal Guard into the region scored, or not",
      "envoyer ou non votre Garde Royale dans la région décomptée",
      "mandare o no la tua Guardia Reale nella regione valutata"),
     ("send their Royal Guard into the region scored, or not",
      "envoyer ou non sa Garde Royale dans la région décomptée",
      "mandare o no la sua Guardia Reale nella regione valutata"),
     ("send their Royal Guard into the region scored, or not",
      "envoyer ou non leur Garde Royale dans la région décomptée",
      "mandare o no la loro Guardia Reale nella regione valutata")),
]


@pytest.mark.parametrize("decision,yours,one,several", PHRASES,
                         ids=["keep", "choose_action", "guard-general", "guard"])
def test_king_and_intrigue_says_each_decision_to_its_player_and_of_the_others(
        decision: Decision, yours: tuple[str, ...], one: tuple[str, ...],
        several: tuple[str, ...]) -> None:
    for i, lang in enumerate(LANGS):
        assert KI.decision(decision, lang, NAMES) == yours[i]
        assert awaited(KI, decision, lang, NAMES, 1) == one[i]
        assert awaited(KI, decision, lang, NAMES, 2) == several[i]
