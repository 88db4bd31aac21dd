"""El Caballero's rule options: the one place for their names, allowed values and defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.game import OptionSpec
from domain.elcaballero.refusals import refuse

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("advanced", (False, True), False, {
        "en": "Advanced rules: 10 Caballero tiles, 16 ships and 16 Castillos, a Grande and 5 "
              "Alcaldes per player, 10 rounds with a third scoring after round 10.",
        "fr": "Règles avancées : 10 tuiles Caballeros, 16 bateaux et 16 Castillos, un Grande et "
              "5 Alcaldes par joueur, 10 tours avec un troisième décompte après le 10e tour.",
        "it": "Regole avanzate: 10 tessere Caballeros, 16 navi e 16 Castillos, un Grande e 5 "
              "Alcaldes per giocatore, 10 turni con una terza valutazione dopo il 10º turno.",
    }, title={"en": "Rules", "fr": "Règles", "it": "Regole"},
        labels={"en": ("basic (7 rounds)", "advanced (Alcaldes, Grandes, 10 rounds)"),
                "fr": ("de base (7 tours)", "avancées (Alcaldes, Grandes, 10 tours)"),
                "it": ("base (7 turni)", "avanzate (Alcaldes, Grandes, 10 turni)")}),
)


def parse(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options with defaults filled in, or a RuleError naming the first wrong one (the exact
    type is checked: an option is stored in the first event for ever)."""
    specs = {spec.name: spec for spec in OPTIONS}
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(specs))
    if unknown:
        raise refuse("option_unknown", names=unknown, allowed=sorted(specs))
    out: dict[str, Any] = {}
    for name, spec in specs.items():
        value = raw.get(name, spec.default)
        if value not in spec.allowed or type(value) is not type(spec.default):
            raise refuse("option_value", name=name, value=repr(value),
                         values=[repr(a) for a in spec.allowed], allowed={name: list(spec.allowed)})
        out[name] = value
    return out
