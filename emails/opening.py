"""Opening a game by mail (issue 27: "anyone signed in can open a game by mail as well as on the
web"): a mail to the player's own address (`pbem+<token>@domain`, `emails/addresses.py:
player_token`, given as the Reply-To of the mails about new open games and on the settings
page) from that player's address, holding a line such as

    open <a game's title> 4        ouvrir <titre> 3 en français        apri <titolo> 2

opens an open game exactly as the web's form does (`service.meet.create`: its checks, its limits,
the mail to the players who asked for such games): the game named by its title in any of the
service's languages (or its id), the number of seats, and the languages welcome when the line
names some (none: any). Options and the time per decision are the game's defaults. The answer,
in the player's language, links to the game in the list, or says why not (the service's own
refusal) and how to write the line. The address proves nothing by itself: a mail is taken only
from its player's address (and DKIM when the mail server says), as a seat's reply is.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from domain.core import surface
from domain.core.i18n import LANGUAGES, Sentence
from domain.core.language import normalise
from service import meet
from service.context import Context
from service.errors import ServiceError
from service.players import Player

VERBS = frozenset({"open", "ouvrir", "ouvre", "apri", "aprire", "create", "creer", "crea"})
"""The first word of the line that opens a game (normalised: no accents, lower case)."""
LANGUAGE_WORDS = {
    "en": ("english", "anglais", "inglese"),
    "fr": ("french", "francais", "francese"),
    "it": ("italian", "italien", "italiano"),
}


def titles(ctx: Context) -> dict[tuple[str, ...], str]:
    """Every way a game of the service is named in a line: its title in each language and its
    id, as words → the game's id."""
    out: dict[tuple[str, ...], str] = {}
    for name, module in sorted(ctx.games.items()):  # a title two games share: the first's
        for lang in LANGUAGES:
            out.setdefault(tuple(_words(surface.title(module, lang))), name)
        out[tuple(_words(name))] = name
    return out


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", normalise(text))


def read(ctx: Context, text: str) -> dict[str, Any] | None:
    """The first line that opens a game, read: {"game", "count", "languages"}, with None for
    what it does not say; None when no line starts with an opening word."""
    named = sorted(titles(ctx).items(), key=lambda kv: -len(kv[0]))
    for line in text.splitlines():
        words = _words(line)
        if not words or words[0] not in VERBS:
            continue
        rest = words[1:]
        game = None
        for key, name in named:  # the longest title first: "king intrigue" before "king"
            for i in range(len(rest) - len(key) + 1):
                if tuple(rest[i:i + len(key)]) == key:
                    game, rest = name, rest[:i] + rest[i + len(key):]
                    break
            if game:
                break
        count = next((int(w) for w in rest if w.isdigit() and len(w) < 3), None)
        languages = [code for code, said in LANGUAGE_WORDS.items()
                     if any(w in said for w in rest) or _after_in(rest, code)]
        return {"game": game, "count": count, "languages": languages}
    return None


def _after_in(words: list[str], code: str) -> bool:
    """A language's code is a word too ("en français", "it"): taken only after "in"."""
    return any(a == "in" and b == code for a, b in pairwise(words))


def answer(ctx: Context, owner: Player, text: str) -> dict[str, Any]:
    """Open the game the mail asks for; what the answer says: {"opening": "opened", "game_id"},
    {"opening": "refused", "key", "params"} (the service's refusal, said in the reader's
    language by `emails.render`), or {"opening": "unread"} (how to write the line)."""
    asked = read(ctx, text)
    if asked is None or asked["game"] is None:
        return {"opening": "unread"}
    module = ctx.games[asked["game"]]
    count = asked["count"]
    if count is None:
        low, high = surface.player_range(module)
        return {"opening": "count", "game": asked["game"], "low": low, "high": high}
    try:
        game_id = meet.create(ctx, owner, game=asked["game"], count=count,
                              languages=asked["languages"])
    except ServiceError as error:
        said = {lang: error.render(lang) for lang in LANGUAGES}
        return {"opening": "refused", "game": asked["game"], "why": said,
                # whether it opens on its own words, lowered after a colon (`Sentence`)
                "why_sentence": {lang: isinstance(text, Sentence) for lang, text in said.items()}}
    return {"opening": "opened", "game_id": game_id, "game": asked["game"], "count": count}
