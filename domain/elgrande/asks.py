"""El Grande's decisions as typed forms (`domain.core.constraints`), and the words they show.

`pending` (rules) builds one `Form` per decision from here; the special actions' fields come from
each card (`Card.answers`). Clients render the forms without knowing the game: they ask the game for
every word through `prompt` (a form's messages) and `label` (a value of a kind: a place, a seat, a
power card...), in English, French or Italian.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.core.constraints import Answer, Counts, Field, Form, Number, OneOf, Parts, TotalBy
from domain.core.game import Message
from domain.core.i18n import LANGUAGES, Catalogue
from domain.elgrande import messages
from domain.elgrande.data import POWER_CABALLEROS

TEXTS: dict[str, tuple[str, str, str]] = {
    # titles
    "ask.power_card": ("Play a power card", "Jouez une carte pouvoir", "Gioca una carta potere"),
    "ask.take": ("Bring Caballeros to your court", "Amenez des Caballeros à votre cour",
                 "Porta Caballeros alla tua corte"),
    "ask.choose_card": ("Take an action card", "Prenez une carte action",
                        "Prendi una carta azione"),
    "ask.act": ("Your turn with “{card}”", "Votre tour avec « {card} »",
                "Il tuo turno con «{card}»"),
    "ask.veto": ("{seat} announces “{card}”: use a Veto?",
                 "{seat} annonce « {card} » : utiliser un Veto ?",
                 "{seat} annuncia «{card}»: usare un Veto?"),
    "ask.return": ("Return {count:# Caballero|# Caballeros} to the provinces",
                   "Renvoyez {count:# Caballero|# Caballeros} dans les provinces",
                   "Rimanda {count:# Caballero|# Caballeros} nelle province"),
    "ask.secret.disc": ("General scoring: set your secret disc to a region.",
                        "Décompte général : réglez votre disque secret sur une région.",
                        "Valutazione generale: imposta il tuo disco segreto su una regione."),
    "ask.secret.eviction": ("Eviction: where do your Caballeros go?",
                            "Expulsion : où vont vos Caballeros ?",
                            "Sfratto: dove vanno i tuoi Caballeros?"),
    "ask.secret.secret_scoring": ("Secret scoring: choose a region.",
                                  "Décompte secret : choisissez une région.",
                                  "Valutazione segreta: scegli una regione."),
    "ask.secret.grande": ("Choose where your Grande goes (or stays).",
                          "Choisissez où va votre Grande (ou s'il reste).",
                          "Scegli dove va il tuo Grande (o se resta)."),
    "ask.secret.secret_remove_2": ("Choose the region you take 2 Caballeros from.",
                                   "Choisissez la région d'où vous retirez 2 Caballeros.",
                                   "Scegli la regione da cui togli 2 Caballeros."),
    "ask.secret.secret_remove_all": ("Choose the region you clear of your Caballeros.",
                                     "Choisissez la région que vous videz de vos Caballeros.",
                                     "Scegli la regione che svuoti dei tuoi Caballeros."),
    # notes
    "ask.placed_already": ("You have placed this turn.", "Vous avez placé ce tour-ci.",
                           "Hai già piazzato in questo turno."),
    "ask.special_done": ("The card's action is done.", "L'action de la carte est faite.",
                         "L'azione della carta è fatta."),
    "ask.veto_card": ("The Veto has no action of its own: it stays in front of you, to stop "
                      "another player's action later in this round.",
                      "Le Veto n'a pas d'action propre : il reste devant vous, pour arrêter "
                      "plus tard dans la manche l'action d'un autre joueur.",
                      "Il Veto non ha un'azione propria: resta davanti a te, per fermare più "
                      "avanti nel round l'azione di un altro giocatore."),
    "ask.special_impossible": ("The card's action cannot be done now: you may only decline it.",
                               "L'action de la carte est impossible pour l'instant : vous ne "
                               "pouvez que la refuser.",
                               "L'azione della carta non si può fare ora: puoi solo rinunciarvi."),
    "ask.take.provinces": ("Your provinces hold {provinces}; the rest comes from your regions.",
                           "Vos provinces en contiennent {provinces} ; le reste vient de vos "
                           "régions.",
                           "Le tue province ne hanno {provinces}; il resto viene dalle tue "
                           "regioni."),
    # what a secret choice costs, said before it is made (rules.secret_note)
    "ask.lose.disc": ("Your {count:Caballero|# Caballeros} in the Castillo {count:goes|go} to the "
                      "region you choose; choosing {king:the}, the King's region, sends "
                      "{count:it|them} back to your court.",
                      "{count:Votre Caballero du Castillo va|Vos # Caballeros du Castillo vont} "
                      "dans la région que vous choisissez ; choisir {king:the}, la région du Roi, "
                      "{count:le|les} renvoie à votre cour.",
                      "{count:Il tuo Caballero nel Castillo va|I tuoi # Caballeros nel Castillo "
                      "vanno} nella regione che scegli; scegliere {king:the}, la regione del Re, "
                      "{count:lo|li} rimanda alla tua corte."),
    "ask.lose.disc_none": ("You have no Caballero in the Castillo: your disc moves none.",
                           "Vous n'avez aucun Caballero dans le Castillo : votre disque n'en "
                           "déplace aucun.",
                           "Non hai nessun Caballero nel Castillo: il tuo disco non ne sposta "
                           "nessuno."),
    "ask.lose.eviction": ("Your {count:Caballero leaves|# Caballeros leave} {region:the} for the "
                          "region you choose; choosing {king:the}, the King's region, sends "
                          "{count:it|them} to your court instead.",
                          "{count:Votre Caballero quitte|Vos # Caballeros quittent} {region:the} "
                          "pour la région que vous choisissez ; choisir {king:the}, la région du "
                          "Roi, {count:l'|les }envoie à votre cour.",
                          "{count:Il tuo Caballero lascia|I tuoi # Caballeros lasciano} "
                          "{region:the} per la regione che scegli; scegliere {king:the}, la "
                          "regione del Re, {count:lo|li} manda alla tua corte."),
    "ask.lose.eviction_back": ("Your {count:Caballero leaves|# Caballeros leave} {region:the} for "
                               "the region you choose; choosing {king:the}, the King's region, "
                               "or {region:the} itself sends {count:it|them} to your court "
                               "instead.",
                               "{count:Votre Caballero quitte|Vos # Caballeros quittent} "
                               "{region:the} pour la région que vous choisissez ; choisir "
                               "{king:the}, la région du Roi, ou la région expulsée elle-même "
                               "{count:l'|les }envoie à votre cour.",
                               "{count:Il tuo Caballero lascia|I tuoi # Caballeros lasciano} "
                               "{region:the} per la regione che scegli; scegliere {king:the}, la "
                               "regione del Re, o la stessa regione sfrattata {count:lo|li} manda "
                               "alla tua corte."),
    "ask.lose.remove": ("You lose {count:# Caballero|# Caballeros} in the region you choose: "
                        "{count:it goes|they go} back to your provinces.",
                        "Vous perdez {count:# Caballero|# Caballeros} dans la région que vous "
                        "choisissez : {count:il retourne|ils retournent} dans vos provinces.",
                        "Perdi {count:# Caballero|# Caballeros} nella regione che scegli: "
                        "{count:torna|tornano} nelle tue province."),
    "ask.lose.remove_all": ("You lose all your Caballeros in the region you choose: they go back "
                            "to your provinces.",
                            "Vous perdez tous vos Caballeros dans la région que vous choisissez : "
                            "ils retournent dans vos provinces.",
                            "Perdi tutti i tuoi Caballeros nella regione che scegli: tornano "
                            "nelle tue province."),
    # prompts and field labels
    "ask.take.count": ("How many (from {min} to {max})", "Combien (de {min} à {max})",
                       "Quanti (da {min} a {max})"),
    "ask.take.regions": ("Taken from these regions", "Pris dans ces régions",
                         "Presi da queste regioni"),
    "ask.take.from_provinces": ("From your provinces only (they hold {provinces})",
                                "De vos provinces seulement (elles en contiennent {provinces})",
                                "Solo dalle tue province (ne hanno {provinces})"),
    "ask.take.from_regions": ("More, the rest from your regions",
                              "Davantage, le reste pris dans vos régions",
                              "Di più, il resto dalle tue regioni"),
    "ask.place": ("Place up to {max:# Caballero|# Caballeros} from your court",
                  "Placez jusqu'à {max:# Caballero|# Caballeros} de votre cour",
                  "Piazza fino a {max:# Caballero|# Caballeros} dalla tua corte"),
    "ask.special": ("Use the action of “{card}”", "Utiliser l'action « {card} »",
                    "Usare l'azione di «{card}»"),
    "ask.no_params": ("This action needs no choice.", "Cette action ne demande aucun choix.",
                      "Questa azione non richiede scelte."),
    "ask.moves": ("At most {max:# Caballero|# Caballeros} in all; leave unused rows empty.",
                  "{max:# Caballero|# Caballeros} au plus en tout ; laissez vides les lignes "
                  "inutiles.",
                  "Al massimo {max:# Caballero|# Caballeros} in tutto; lascia vuote le righe "
                  "inutili."),
    "ask.moves.one_source": ("At most {max:# Caballero|# Caballeros} in all, all from one region; "
                             "leave unused rows empty.",
                             "{max:# Caballero|# Caballeros} au plus en tout, d'une seule "
                             "région ; laissez vides les lignes inutiles.",
                             "Al massimo {max:# Caballero|# Caballeros} in tutto, da una sola "
                             "regione; lascia vuote le righe inutili."),
    "ask.move_all": ("Move all of yours out of one region", "Déplacer tous les vôtres d'une région",
                     "Sposta tutti i tuoi da una regione"),
    "ask.move_all.from": ("The region to empty", "La région à vider", "La regione da svuotare"),
    "ask.move_all.to": ("Spread all of them (some may stay):",
                        "Répartissez-les tous (certains peuvent rester) :",
                        "Distribuiscili tutti (alcuni possono restare):"),
    "ask.place_anywhere": ("Place up to {max} from your court anywhere",
                           "Placer jusqu'à {max} de votre cour n'importe où",
                           "Piazzane fino a {max} dalla tua corte ovunque"),
    "ask.picks": ("For each player, the region one of their Caballeros leaves:",
                  "Pour chaque joueur, la région que quitte un de ses Caballeros :",
                  "Per ogni giocatore, la regione da cui esce uno dei suoi Caballeros:"),
    "ask.choose_place": ("Choose a place", "Choisissez un lieu", "Scegli un luogo"),
    "ask.choose_region": ("Choose a region", "Choisissez une région", "Scegli una regione"),
    "ask.evict_from": ("The region to evict", "La région à expulser", "La regione da sfrattare"),
    "ask.grande_secret": ("Every player secretly chooses where their Grande goes (or stays).",
                          "Chaque joueur choisit en secret où va son Grande (ou s'il reste).",
                          "Ogni giocatore sceglie in segreto dove va il suo Grande (o se resta)."),
    "ask.scoreboard": ("Scoreboard {board} to", "Tableau {board} vers", "Segnapunti {board} a"),
    "ask.power_back": ("The power card to take back", "La carte pouvoir à reprendre",
                       "La carta potere da riprendere"),
    "ask.court_2": ("How many to your court", "Combien vers votre cour", "Quanti alla tua corte"),
    "ask.veto.parts": ("Stop only these parts (none ticked: the whole action):",
                       "N'arrêter que ces parties (aucune cochée : toute l'action) :",
                       "Ferma solo queste parti (nessuna spuntata: tutta l'azione):"),
    "ask.return.court": ("From your court (you have {court})",
                         "De votre cour (vous en avez {court})", "Dalla tua corte (ne hai {court})"),
    "ask.return.regions": ("From your regions", "De vos régions", "Dalle tue regioni"),
    "ask.secret.choice": ("Your choice", "Votre choix", "La tua scelta"),
    # buttons
    "ask.power_card.submit": ("Play it", "La jouer", "Giocala"),
    "ask.take.submit": ("Bring them to court", "Les amener à la cour", "Portali a corte"),
    "ask.place.submit": ("Place them", "Les placer", "Piazzali"),
    "ask.special.submit": ("Do it", "Le faire", "Fallo"),
    "ask.decline.submit": ("Do not use the action", "Ne pas utiliser l'action",
                           "Non usare l'azione"),
    "ask.allow.submit": ("Let it happen", "Laisser faire", "Lascia fare"),
    "ask.veto.submit": ("Veto", "Veto", "Veto"),
    "ask.return.submit": ("Return them", "Les renvoyer", "Rimandali"),
    "ask.secret.submit": ("Choose in secret", "Choisir en secret", "Scegli in segreto"),
    # labels of values
    "label.power_card": ("{card} — {count} to court", "{card} — {count} à la cour",
                         "{card} — {count} a corte"),
    "label.stack": ("Stack {stack}: {card}", "Pile {stack} : {card}", "Mazzo {stack}: {card}"),
    "label.whole": ("the whole action", "toute l'action", "tutta l'azione"),
    "label.card_part": ("the power card", "la carte pouvoir", "la carta potere"),
    "label.court_part": ("to court", "vers la cour", "alla corte"),
}


# --- the forms -------------------------------------------------------------------------------------

def power_card_form(cards: Sequence[int]) -> Form:
    field = Field("card", OneOf(tuple(cards), "power_card"))
    return Form((Answer("play_power", (field,), submit=Message("ask.power_card.submit")),),
                title=Message("ask.power_card"))


def take_form(low: int, high: int, provinces: int, board: Mapping[str, int],
              regions: Mapping[str, int]) -> Form:
    """`regions`: the default's choice of regions when the provinces are short (a legal default).

    When the provinces hold fewer than the card allows and the player has Caballeros on the
    board, two answers: taking from the provinces alone (`low` up to what they hold: 0 is always
    one of them, as the rules say "up to" and "may" take from the board), then taking more, the
    rest from the regions. Why two: one answer whose count and regions are filled together reads
    a bare "take 0" as no region and no count (the regions' field takes the 0), so the move the
    help line offers was refused; and the first answer's default (the deadline's move, the
    mail's example) takes nothing off the board."""
    title, submit = Message("ask.take"), Message("ask.take.submit")
    if not (high > provinces and board):
        field = Field("count", Number(low, high, "place", "provinces"), default=high,
                      label=Message("ask.take.count", {"min": low, "max": high}))
        return Form((Answer("take", (field,), submit=submit),), title=title)
    top = max(low, min(high, provinces))  # from the provinces alone (low <= provinces)
    alone = Answer("take", (Field("count", Number(low, top, "place", "provinces"), default=top,
                                  label=Message("ask.take.count", {"min": low, "max": top})),),
                   prompt=Message("ask.take.from_provinces", {"provinces": provinces}),
                   submit=submit)
    more = top + 1
    # The regions give exactly what the provinces cannot, for the count chosen.
    short = TotalBy("count", {str(n): n - provinces for n in range(more, high + 1)})
    fields = (Field("count", Number(more, high, "place", "provinces"), default=high,
                    label=Message("ask.take.count", {"min": more, "max": high})),
              Field("regions", Counts(dict(board), "place", max_total=high - provinces,
                                      total_by=short),
                    default=dict(regions), label=Message("ask.take.regions")))
    return Form((alone, Answer("take", fields, prompt=Message("ask.take.from_regions"),
                               submit=submit)),
                title=title, notes=(Message("ask.take.provinces", {"provinces": provinces}),))


def choose_card_form(stacks: Sequence[int]) -> Form:
    return Form((Answer("choose_card", (Field("stack", OneOf(tuple(stacks), "stack")),)),),
                title=Message("ask.choose_card"))


def act_form(card: str, place: tuple[list[str], int] | None, special: tuple[Answer, ...] | None,
             why: Message | None = None) -> Form:
    """The turn's action: placing (`place` = targets and most, None once placed) and the special
    action (`special` = its answers, empty when it cannot be done, None once done or declined).
    `why`: what the form says when the special action cannot be done, if the card knows better
    than "not possible now" (King & Intrigue's Hurricane on an empty region)."""
    answers: list[Answer] = []
    notes: list[Message] = []
    if place is not None:
        targets, most = place
        counts = Counts({p: most for p in targets}, "place", max_total=most, source="court")
        answers.append(Answer("place", (Field("places", counts, default={}),),
                              prompt=Message("ask.place", {"max": most}),
                              submit=Message("ask.place.submit")))
    else:
        notes.append(Message("ask.placed_already"))
    if special is not None:
        answers += [_named(a, card) for a in special]
        if not special:
            notes.append(why or Message("ask.special_impossible"))
        answers.append(Answer("decline", submit=Message("ask.decline.submit")))
    else:  # the Veto's "action" is lying in front of its holder: nothing was done with it
        notes.append(Message("ask.veto_card" if card == "veto" else "ask.special_done"))
    return Form(tuple(answers), title=Message("ask.act", {"card": card}), notes=tuple(notes))


def _named(answer: Answer, card: str) -> Answer:
    """A special action's answer named by its card where its own words do not name it: the
    table's button for an answer without fields reads its submit, which would be a bare "Do it"
    beside "Place up to 4…" and "Do not use the action"."""
    use = Message("ask.special", {"card": card})
    answer = replace(answer, prompt=answer.prompt or use)
    if not answer.fields and answer.submit is not None and answer.submit.key == "ask.special.submit":
        answer = replace(answer, submit=use)
    return answer


def veto_form(active: int, card: str, steps: Sequence[str]) -> Form:
    fields = (Field("steps", Parts(tuple(steps)), label=Message("ask.veto.parts")),) \
        if len(steps) > 1 else ()
    return Form((Answer("allow", submit=Message("ask.allow.submit")),
                 Answer("veto", fields, submit=Message("ask.veto.submit"))),
                title=Message("ask.veto", {"seat": active, "card": card}))


def return_form(need: int, court: int, regions: Mapping[str, int],
                default: Mapping[str, Any]) -> Form:
    # The court gives from `low` (what the regions cannot) to `high`; the regions the rest, exactly.
    low, high = max(0, need - sum(regions.values())), min(need, court)
    fields = [Field("court", Number(low, high, "place", "court"), default=default["court"],
                    label=Message("ask.return.court", {"court": court}))]
    if regions:
        rest = TotalBy("court", {str(n): need - n for n in range(low, high + 1)})
        fields.append(Field("regions", Counts(dict(regions), "place", min_total=need - high,
                                              max_total=need - low, total_by=rest),
                            default=dict(default["regions"]), label=Message("ask.return.regions")))
    return Form((Answer("return", tuple(fields), submit=Message("ask.return.submit")),),
                title=Message("ask.return", {"count": need}))


def secret_form(kind: str, choices: Sequence[str], warning: Message | None) -> Form:
    title = Message(f"ask.secret.{kind}") if f"ask.secret.{kind}" in TEXTS else None
    field = Field("choice", OneOf(tuple(choices), "place"), label=Message("ask.secret.choice"))
    return Form((Answer("secret", (field,), submit=Message("ask.secret.submit")),), title=title,
                notes=(warning,) if warning is not None else ())


# --- their words -----------------------------------------------------------------------------------

def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def _seat(value: Any, names: Sequence[str]) -> str:
    seat = int(value)
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


FORMS = Catalogue(TEXTS, messages.show)
"""The forms' words shown as the log shows its sentences' parameters: a seat by name, a place in
the form the sentence needs (`{king:the}`), a count agreeing with its noun
(`{count:# Caballero|# Caballeros}`)."""


def prompt(message: Message, lang: str = "en", names: Sequence[str] = ()) -> str:
    """A form's title, note, prompt, field label or button, in `lang` (seats named by `names`)."""
    lang = _lang(lang)
    if message.key not in TEXTS:  # a message of the game's log (e.g. a secret choice's warning)
        return messages.render(message, lang, list(names) or None)
    return FORMS.render(message.key, message.params, lang, names)


_MOVE_PART = re.compile(r"^(\d+)×(\d+):(\w+)>(\w+)$")
_TO_PART = re.compile(r"^(\w+|\d+-\d+-\d+)>(\w+)$")


def label(of: str, value: Any, lang: str = "en", names: Sequence[str] = (),
          view: Mapping[str, Any] | None = None) -> str:
    """A value of kind `of` (a constraint's `of`, `key_of`) as the player reads it."""
    lang = _lang(lang)
    index = LANGUAGES.index(lang)
    if of == "place":
        return messages.place_name(str(value), lang)
    if of == "seat":
        return _seat(value, names)
    if of == "card":
        return messages.card_name(str(value), lang)
    if of == "power_card":
        count = POWER_CABALLEROS.get(int(value), 0)
        return TEXTS["label.power_card"][index].format(card=value, count=count)
    if of == "stack":
        face_up = {c["stack"]: c["card"] for c in ((view or {}).get("cards") or {})
                   .get("face_up", [])}
        card = messages.card_name(face_up[value], lang) if value in face_up else "?"
        return TEXTS["label.stack"][index].format(stack=value, card=card)
    if of == "part":
        return _part(str(value), lang, names)
    return str(value)


def _part(part: str, lang: str, names: Sequence[str]) -> str:
    """One part of a declared special action (the steps `declare` made), for a Veto's choice."""
    index = LANGUAGES.index(lang)
    if part == "all":
        return TEXTS["label.whole"][index]
    if part == "card":
        return TEXTS["label.card_part"][index]
    if part == "court":
        return TEXTS["label.court_part"][index]
    if part.startswith("seat:"):
        return _seat(part[5:], names)
    if moved := _MOVE_PART.match(part):
        count, seat, src, dst = moved.groups()
        return (f"{count} × {_seat(seat, names)}: {messages.place_name(src, lang)} → "
                f"{messages.place_name(dst, lang)}")
    if to := _TO_PART.match(part):
        what, dst = to.groups()
        return f"{what} → {messages.place_name(dst, lang)}"
    return messages.place_name(part, lang)


__all__ = ["TEXTS", "act_form", "choose_card_form", "label", "power_card_form", "prompt",
           "return_form", "secret_form", "take_form", "veto_form"]
