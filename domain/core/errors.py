"""Rule errors: a refused command, with what was wrong and what is allowed, in any language.

A refusal is a message key and its parameters (seats as seat numbers, places and cards as ids),
not an English sentence, so that each channel can say it in its reader's language with the players'
names: `error.render(lang, names)`. The texts of a key live with whoever raises it, found by the
key's namespace (the part before the first dot): a game's package registers its catalogue under
its name (`el-grande.refuse.…`: `domain/elgrande/texts.py`), the core's are here (`core.…`), the
service's in `service/i18n.py` (`service.…`). `message` is the English rendering, for logs and
programs that only want a line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.core.i18n import Catalogue

Renderer = Callable[[str, Mapping[str, Any], str, Sequence[str]], str]
"""(key, params, lang, players' names) → the sentence."""

_CATALOGUES: dict[str, Renderer] = {}


def catalogue(namespace: str, renderer: Renderer) -> None:
    """Register where the texts of the keys `<namespace>.…` are (a game's package, on import)."""
    _CATALOGUES[namespace] = renderer


def unknown(key: str, params: Mapping[str, Any] | None = None) -> str:
    """A key no catalogue has, shown as itself with its parameters (never an exception: a
    refusal must reach its reader). Catalogues call it for a key of their namespace they lack."""
    shown = ", ".join(f"{k} {v}" for k, v in (params or {}).items())
    return f"{key} ({shown})" if shown else key


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = "en",
           names: Sequence[str] = ()) -> str:
    """The sentence of a message key in `lang`; a key nobody registered shows as itself."""
    renderer = _CATALOGUES.get(key.partition(".")[0])
    if renderer is None:
        return unknown(key, params)
    return renderer(key, dict(params or {}), lang, names)


class RuleError(Exception):
    """Raised by `decide` when a command is not legal now. Nothing changes when it is raised.

    `RuleError.of(key, allowed=…, **params)`: what was wrong, as a message key (namespaced by
    whoever raises it) and its parameters; `allowed` (optional, JSON-able) says what would have
    been legal, so the API, the mail replies and the web form can show it. `message` is the
    English sentence; `render(lang, names)` the sentence a player reads. `RuleError(message,
    allowed)` (a sentence, no key) still works, for code not converted yet: it reads the same in
    every language.
    """

    def __init__(self, message: str | None = None, allowed: Any = None, *,
                 message_key: str | None = None, params: Mapping[str, Any] | None = None) -> None:
        self.key = message_key
        self.params: dict[str, Any] = dict(params or {})
        self.allowed = allowed
        self._message = message
        super().__init__(self.message)

    @classmethod
    def of(cls, key: str, *, allowed: Any = None, **params: Any) -> RuleError:
        return cls(message_key=key, params=params, allowed=allowed)

    @property
    def message(self) -> str:
        if self.key is None:
            return self._message or ""
        return render(self.key, self.params, "en")

    def render(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        """What a player reads: in `lang`, seats as the players' `names`."""
        if self.key is None:
            return self._message or ""
        return render(self.key, self.params, lang, names)

    def to_json(self) -> dict[str, Any]:
        """The machine-readable refusal: its key, parameters and what is allowed."""
        return {"key": self.key, "params": self.params, "allowed": self.allowed}

    def __str__(self) -> str:
        return self.message


# --- the core's own refusals ----------------------------------------------------------------------

CORE = Catalogue({
    "core.command.not_object": ("A command must be a JSON object with a “type”.",
                                "Une commande doit être un objet JSON avec un « type ».",
                                "Un comando deve essere un oggetto JSON con un «type»."),
    "core.command.no_type": ("A command needs a “type” (a text naming the move).",
                             "Une commande a besoin d'un « type » (un texte qui nomme le coup).",
                             "Un comando ha bisogno di un «type» (un testo che nomina la mossa)."),
    "core.command.bad_seat": ("A command's “seat” is a seat number (0, 1, …); leave it out to act "
                              "for your own seat.",
                              "Le « seat » d'une commande est un numéro de place (0, 1, …) ; "
                              "omettez-le pour jouer à votre place.",
                              "Il «seat» di un comando è un numero di posto (0, 1, …); "
                              "omettilo per giocare al tuo posto."),
    "core.command.unknown_params": ("“{kind}” does not take {names}: it takes only {takes}.",
                                    "« {kind} » ne prend pas {names} : seulement {takes}.",
                                    "«{kind}» non accetta {names}: accetta solo {takes}."),
    "core.command.no_params": ("“{kind}” does not take {names}: it takes no parameters.",
                               "« {kind} » ne prend pas {names} : il ne prend aucun paramètre.",
                               "«{kind}» non accetta {names}: non accetta alcun parametro."),
    "core.command.whole_number": ("“{kind}”: {name} is a whole number (such as 3), without a "
                                  "fraction or a decimal point.",
                                  "« {kind} » : {name} est un nombre entier (comme 3), sans "
                                  "fraction ni virgule.",
                                  "«{kind}»: {name} è un numero intero (come 3), senza "
                                  "frazione né virgola."),
    "core.command.wrong_type": ("“{kind}”: {name} is of the wrong type; type expected: "
                                "{takes}.",
                                "« {kind} » : {name} n'est pas du bon type ; type attendu : "
                                "{takes}.",
                                "«{kind}»: {name} non è del tipo giusto; tipo atteso: {takes}."),
    "core.game.unknown": ("There is no game “{name}”.", "Il n'y a pas de jeu « {name} ».",
                          "Non esiste il gioco «{name}»."),
    "core.players": ("{game} is played by {low} to {high} players, not {count}.",
                     "{game} se joue de {low} à {high} joueurs, pas à {count}.",
                     "{game} si gioca da {low} a {high} giocatori, non in {count}."),
    "core.option.unknown": ("{count:Unknown option|Unknown options}: {names}.",
                            "{count:Option inconnue|Options inconnues} : {names}.",
                            "{count:Opzione sconosciuta|Opzioni sconosciute}: {names}."),
    "core.option.value": ("The option {name} cannot be {value}; allowed: {values}.",
                          "L'option {name} ne peut pas valoir {value} ; permis : {values}.",
                          "L'opzione {name} non può valere {value}; ammessi: {values}."),
    "core.option.not_option": ("“{text}” is not an option of {game} (write name=value).",
                               "« {text} » n'est pas une option de {game} (écrivez nom=valeur).",
                               "«{text}» non è un'opzione di {game} (scrivi nome=valore)."),
    "core.bot.unknown_level": ("There is no bot level “{level}”; levels: {levels}.",
                               "Il n'y a pas de niveau de robot « {level} » ; niveaux : {levels}.",
                               "Non esiste il livello di bot «{level}»; livelli: {levels}."),
    "core.bot.needs_state": ("This game's random bot needs the game to choose from.",
                             "Le robot au hasard de ce jeu a besoin de la partie pour choisir.",
                             "Il bot casuale di questo gioco ha bisogno della partita per "
                             "scegliere."),
    "core.bot.nothing": ("{seat} has nothing to decide now.", "{seat} n'a rien à décider "
                         "maintenant.", "{seat} non ha niente da decidere ora."),
    "core.bot.not_theirs": ("That decision is {owner}'s, not {seat}'s.",
                            "Cette décision revient à {owner}, pas à {seat}.",
                            "Questa decisione spetta a {owner}, non a {seat}."),
})
catalogue("core", CORE)
