"""El Grande's rule options: the one place for their names, allowed values and defaults."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from domain.core.errors import RuleError
from domain.core.game import OptionSpec

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("edition", ("decennial", "original"), "decennial", {
        "en": "Which rulebook decides the cards that differ (the King's return, one of each, "
              "the Grande, the eviction): the 10th-anniversary edition or the original.",
        "fr": "Quelle règle décide des cartes qui diffèrent (retour du roi, un de chaque, Grande, "
              "expulsion) : l'édition du dixième anniversaire ou l'originale.",
        "it": "Quale regolamento decide le carte che differiscono (ritorno del re, uno per "
              "ciascuno, Grande, espulsione): l'edizione del decennale o l'originale.",
    }, title={"en": "Edition", "fr": "Édition", "it": "Edizione"},
        labels={"en": ("10th-anniversary (Decennial)", "original"),
                "fr": ("dixième anniversaire", "originale"),
                "it": ("decennale", "originale")}),
    OptionSpec("castillo_visibility", ("memory", "open"), "memory", {
        "en": "Whether each player sees only their own Caballeros in the Castillo and must "
              "remember the others' (the log announces every addition), or everyone sees every "
              "count.",
        "fr": "Chacun ne voit que ses propres Caballeros dans le Castillo et doit se souvenir de "
              "ceux des autres (le journal annonce chaque ajout), ou tout le monde voit tout.",
        "it": "Ognuno vede solo i propri Caballeros nel Castillo e deve ricordare quelli degli "
              "altri (il registro annuncia ogni aggiunta), oppure tutti vedono tutto.",
    }, title={"en": "Castillo counts", "fr": "Caballeros dans le Castillo",
              "it": "Caballeros nel Castillo"},
        labels={"en": ("each sees only their own (memory)", "open to all"),
                "fr": ("chacun ne voit que les siens (mémoire)", "visibles par tous"),
                "it": ("ognuno vede solo i propri (memoria)", "visibili a tutti")}),
    OptionSpec("take_exact", (False, True), False, {
        "en": "Take exactly the power card's number of Caballeros to court (original rule) "
              "instead of up to it; when the provinces hold too few, taking the rest from the "
              "board stays optional.",
        "fr": "Amener à la cour exactement le nombre de Caballeros de la carte de pouvoir (règle "
              "originale) au lieu d'au plus ce nombre ; si les provinces n'en ont pas assez, "
              "prendre le reste sur le plateau reste facultatif.",
        "it": "Portare a corte esattamente il numero di Caballeros della carta potere (regola "
              "originale) invece di al massimo quel numero; se le province non ne hanno "
              "abbastanza, prendere il resto dal tabellone resta facoltativo.",
    }, title={"en": "Caballeros to court", "fr": "Caballeros amenés à la cour",
              "it": "Caballeros portati a corte"},
        labels={"en": ("up to the power card's number", "exactly the power card's number"),
                "fr": ("au plus le nombre de la carte de pouvoir",
                       "exactement le nombre de la carte de pouvoir"),
                "it": ("al massimo il numero della carta potere",
                       "esattamente il numero della carta potere")}),
    OptionSpec("short_game", (False, True), False, {
        "en": "Skip rounds 1, 4 and 7 (six rounds).",
        "fr": "Sauter les manches 1, 4 et 7 (six manches).",
        "it": "Saltare i turni 1, 4 e 7 (sei turni).",
    }, title={"en": "Length", "fr": "Durée", "it": "Durata"},
        labels={"en": ("nine rounds", "short: six rounds"),
                "fr": ("neuf manches", "courte : six manches"),
                "it": ("nove turni", "breve: sei turni")}),
)
"""El Grande's rule options (the one place for their names, allowed values and defaults)."""

OPTION_SPECS: dict[str, tuple[tuple[Any, ...], Any, str]] = {
    spec.name: (spec.allowed, spec.default, spec.description["en"]) for spec in OPTIONS
}


def _shown(value: Any) -> str:
    """An option's value as a refusal shows it: as JSON writes it (true, 3, "x")."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


@dataclass(frozen=True)
class Options:
    edition: str = "decennial"
    castillo_visibility: str = "memory"
    take_exact: bool = False
    short_game: bool = False

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> Options:
        raw = dict(raw or {})
        unknown = sorted(set(raw) - set(OPTION_SPECS))
        if unknown:
            raise RuleError.of("core.option.unknown", count=len(unknown), names=unknown,
                               allowed=sorted(OPTION_SPECS))
        values = {}
        for name, (allowed, default, _) in OPTION_SPECS.items():
            value = raw.get(name, default)
            if value not in allowed or type(value) is not type(default):
                raise RuleError.of("core.option.value", name=name, value=_shown(value),
                                   values=[_shown(a) for a in allowed],
                                   allowed={name: list(allowed)})
            values[name] = value
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def original(self) -> bool:
        return self.edition == "original"
