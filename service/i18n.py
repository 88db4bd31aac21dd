"""The service's words in English, French and Italian: one `t()` for every catalogue players read,
and the service's own refusals.

- `t(key, lang, **params)` finds a key in any of the service's catalogues: the web pages'
  (`service/web/i18n.py`) and the mails' (`emails/i18n.py`) each `add` theirs, their keys never
  collide (checked when added). A number agrees with its noun where a text asks
  (`{count:# command|# commands}`, see `domain/core/i18n.py`); an unknown language falls back to
  English, an unknown key shows as itself.
- `service.…` keys are the refusals of the service (stale versions, undo, sign-in links...),
  raised as `ServiceError.of(key, **params)` and rendered like a game's refusals, in the reader's
  language with the players' names (`ServiceError.render`): they are registered with
  `domain.core.errors` under the `service` namespace.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import errors
from domain.core.i18n import (
    LANGUAGES,
    Catalogue,
    Count,
    Sentence,
    after_colons,
    language_index,
    seat_name,
    show_plain,
)

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}

TEXTS: dict[str, tuple[str, str, str]] = {}
"""Every catalogue's texts by key (the web's, the mails')."""


def add(texts: Mapping[str, tuple[str, str, str]]) -> None:
    """Add a catalogue's texts to the ones `t()` finds; a key may not mean two things."""
    clash = [k for k in texts if k in TEXTS and TEXTS[k] != texts[k]]
    if clash:
        raise ValueError(f"keys defined twice with different texts: {', '.join(sorted(clash))}")
    TEXTS.update(texts)


def t(key: str, lang: str = "en", **params: Any) -> str:
    """The text of `key` in `lang` (English when the language is unknown), with {params} filled."""
    texts = TEXTS.get(key)
    if texts is None:
        return key
    text = texts[language_index(lang)]
    if params:
        text = text.format(**after_colons(text, {
            k: Count(v, lang) if isinstance(v, int) and not isinstance(v, bool) else v
            for k, v in params.items()}, lang))
    # A text that opens on its own words: put after a colon, it starts in lower case in French and
    # Italian (« Pas fait : les paramètres… »); one that opens on a parameter stays as it is.
    return text if texts[language_index(lang)].startswith("{") else Sentence(text)


def best_language(accept: Any) -> str:
    """The best of our languages for an Accept-Language header (werkzeug's MIMEAccept)."""
    found = accept.best_match(LANGUAGES) if accept else None
    return found or "en"


# --- the service's refusals -------------------------------------------------------------------------

REFUSALS: dict[str, tuple[str, str, str]] = {
    # table talk (service/talk.py)
    "service.talk.empty": ("A message needs some text (at most {max_length} characters).",
                           "Un message doit contenir du texte (au plus {max_length} caractères).",
                           "Un messaggio deve contenere del testo (al massimo {max_length} "
                           "caratteri)."),
    "service.talk.long": ("This message has {length} characters: a message has at most {most}. "
                          "Nothing was sent; shorten it or split it.",
                          "Ce message a {length} caractères : un message en a au plus {most}. "
                          "Rien n'a été envoyé ; raccourcissez-le ou coupez-le en deux.",
                          "Questo messaggio ha {length} caratteri: un messaggio ne ha al massimo "
                          "{most}. Non è stato inviato nulla; accorcialo o dividilo."),
    "service.talk.to": ("“{to}” is not another player at this table; a private message goes to "
                        "one of: {names}.",
                        "« {to} » n'est pas un autre joueur de cette table ; un message privé va "
                        "à l'un de ces joueurs : {names}.",
                        "«{to}» non è un altro giocatore di questo tavolo; un messaggio privato "
                        "va a uno di questi giocatori: {names}."),
    "service.talk.not_seated": ("Only the players of this game can talk at its table.",
                                "Seuls les joueurs de cette partie peuvent parler à sa table.",
                                "Solo i giocatori di questa partita possono parlare al suo "
                                "tavolo."),
    "service.talk.rate_seat": ("You sent {count} messages in the last {minutes} minutes, the most "
                               "allowed: nothing was sent. Wait a few minutes.",
                               "Vous avez envoyé {count} messages dans les {minutes} dernières "
                               "minutes, le maximum : rien n'a été envoyé. Attendez quelques "
                               "minutes.",
                               "Hai mandato {count} messaggi negli ultimi {minutes} minuti, il "
                               "massimo: non è stato inviato nulla. Aspetta qualche minuto."),
    "service.talk.rate_game": ("This table received {count} messages in the last {minutes} "
                               "minutes, the most allowed: nothing was sent. Wait a while.",
                               "Cette table a reçu {count} messages dans les {minutes} dernières "
                               "minutes, le maximum : rien n'a été envoyé. Attendez un peu.",
                               "Questo tavolo ha ricevuto {count} messaggi negli ultimi {minutes} "
                               "minuti, il massimo: non è stato inviato nulla. Aspetta un po'."),
    "service.talk.mute": ("Only another player at this table can be muted: {names}.",
                          "Seul un autre joueur de cette table peut être mis en sourdine : "
                          "{names}.",
                          "Solo un altro giocatore di questo tavolo può essere silenziato: "
                          "{names}."),
    # moves
    "service.email_taken": ("Another player already uses this address: give another one.",
                            "Un autre joueur utilise déjà cette adresse : indiquez-en une autre.",
                            "Un altro giocatore usa già questo indirizzo: indicane un altro."),
    "service.email_link": ("This confirmation link is not valid or has expired: ask for a new one "
                           "from your settings page.",
                           "Ce lien de confirmation n'est pas valable ou a expiré : demandez-en un "
                           "nouveau depuis la page de vos réglages.",
                           "Questo link di conferma non è valido o è scaduto: chiedine uno nuovo "
                           "dalla pagina delle impostazioni."),
    "service.email_bad": ("“{email}” is not an address mail can reach (expected name@domain.tld).",
                          "« {email} » n'est pas une adresse qu'un courriel peut atteindre "
                          "(attendu : nom@domaine.tld).",
                          "«{email}» non è un indirizzo che una email può raggiungere (atteso: "
                          "nome@dominio.tld)."),
    "service.wrong_seat": ("This command is {owner}'s, but it was sent as {seat}.",
                           "Cette commande est celle de {owner}, mais elle a été envoyée pour "
                           "{seat}.",
                           "Questo comando è di {owner}, ma è stato mandato per {seat}."),
    "service.stale": ("The game has moved on since the version you answered: look at it again "
                      "and decide on what it shows now.",
                      "La partie a avancé depuis la version à laquelle vous répondez : "
                      "regardez-la de nouveau et décidez d'après ce qu'elle montre maintenant.",
                      "La partita è andata avanti dalla versione a cui rispondi: guardala di "
                      "nuovo e decidi in base a ciò che mostra ora."),
    "service.stale_race": ("Another move was recorded first: look at the game again.",
                           "Un autre coup a été enregistré d'abord : regardez de nouveau la "
                           "partie.",
                           "Un'altra mossa è stata registrata prima: guarda di nuovo la partita."),
    "service.retry": ("Please send it again.", "Veuillez l'envoyer de nouveau.",
                      "Per favore, mandala di nuovo."),
    "service.busy": ("The game changed too many times while your move was being recorded; nothing "
                     "was stored, please send it again.",
                     "La partie a changé trop de fois pendant l'enregistrement de votre coup ; "
                     "rien n'a été enregistré, veuillez l'envoyer de nouveau.",
                     "La partita è cambiata troppe volte mentre la tua mossa veniva registrata; "
                     "niente è stato salvato, per favore mandala di nuovo."),
    "service.no_game": ("There is no game “{game}”.", "Il n'y a pas de partie « {game} ».",
                        "Non esiste la partita «{game}»."),
    "service.not_started": ("The game has not started: it waits for every player to accept.",
                            "La partie n'a pas commencé : elle attend que chaque joueur accepte.",
                            "La partita non è iniziata: aspetta che ogni giocatore accetti."),
    "service.over": ("The game is over; no more moves can be made.",
                     "La partie est terminée ; plus aucun coup n'est possible.",
                     "La partita è finita; non si possono più fare mosse."),
    "service.not_run": ("This service no longer runs the game “{game}”.",
                        "Ce service ne fait plus tourner le jeu « {game} ».",
                        "Questo servizio non gestisce più il gioco «{game}»."),
    "service.moved_on": ("The game moved on while your move was being recorded, and it is no "
                         "longer legal: {why}",
                         "La partie a avancé pendant l'enregistrement de votre coup, qui n'est "
                         "plus permis : {why}",
                         "La partita è andata avanti mentre la tua mossa veniva registrata, e "
                         "non è più permessa: {why}"),
    "service.not_understood": ("The command could not be understood (its parameters have the "
                               "wrong shape); see the decisions for the legal options.",
                               "La commande n'a pas pu être comprise (ses paramètres n'ont pas la "
                               "bonne forme) ; voyez les décisions pour les options permises.",
                               "Il comando non è stato capito (i suoi parametri non hanno la "
                               "forma giusta); vedi le decisioni per le opzioni permesse."),
    "service.key_reused": ("This Idempotency-Key was already used for a different request; use a "
                           "new key for a new command.",
                           "Cette Idempotency-Key a déjà servi pour une autre requête ; utilisez "
                           "une nouvelle clé pour une nouvelle commande.",
                           "Questa Idempotency-Key è già stata usata per un'altra richiesta; usa "
                           "una nuova chiave per un nuovo comando."),
    "service.key_length": ("An Idempotency-Key has 1 to 255 characters.",
                           "Une Idempotency-Key a de 1 à 255 caractères.",
                           "Una Idempotency-Key ha da 1 a 255 caratteri."),
    "service.no_seat": ("You have no seat in this game.", "Vous n'avez pas de place dans cette "
                        "partie.", "Non hai un posto in questa partita."),
    "service.spectator": ("You have no seat in this game: spectators cannot make moves.",
                          "Vous n'avez pas de place dans cette partie : les spectateurs ne "
                          "jouent pas.",
                          "Non hai un posto in questa partita: gli spettatori non fanno mosse."),
    "service.other_seat": ("You play as {seat}; nobody can act for another player (the command "
                           "names {claimed}).",
                           "Vous jouez en tant que {seat} ; personne ne peut agir pour un autre "
                           "joueur (la commande nomme {claimed}).",
                           "Giochi come {seat}; nessuno può agire per un altro giocatore (il "
                           "comando nomina {claimed})."),
    "service.at_range": ("The game has {last} events; “at” must be between 0 and {last}.",
                         "La partie a {last} événements ; « at » doit être entre 0 et {last}.",
                         "La partita ha {last} eventi; «at» deve essere tra 0 e {last}."),
    "service.at_unshowable": ("The game cannot be shown as it was right after event {at}; try a "
                              "later event.",
                              "La partie ne peut pas être montrée telle qu'elle était juste après "
                              "l'événement {at} ; essayez un événement plus loin.",
                              "La partita non si può mostrare com'era subito dopo l'evento {at}; "
                              "prova un evento successivo."),
    # creating a game
    "service.lobby.no_game": ("There is no game “{game}” on this service; offered: {games}.",
                              "Ce service n'a pas de jeu « {game} » ; jeux proposés : {games}.",
                              "Questo servizio non ha il gioco «{game}»; giochi offerti: "
                              "{games}."),
    "service.lobby.seats": ("A game has between 1 and {most} seats, not {count}.",
                            "Une partie a de 1 à {most} places, pas {count}.",
                            "Una partita ha da 1 a {most} posti, non {count}."),
    "service.lobby.same_email": ("The same email is given for two seats ({email}); each seat needs "
                                 "its own player.",
                                 "La même adresse est donnée pour deux places ({email}) ; chaque "
                                 "place a besoin de son propre joueur.",
                                 "Lo stesso indirizzo è dato per due posti ({email}); ogni posto "
                                 "ha bisogno del suo giocatore."),
    "service.lobby.bot_address": ("Addresses @{domain} are for bots ({email}): choose a bot seat "
                                  "instead.",
                                  "Les adresses @{domain} sont celles des bots ({email}) : "
                                  "choisissez plutôt une place de bot.",
                                  "Gli indirizzi @{domain} sono dei bot ({email}): scegli invece "
                                  "un posto per un bot."),
    "service.lobby.undeliverable": ("This service's mail cannot reach {email}: an address is "
                                    "at most {most} characters, in ASCII letters (a domain such "
                                    "as xn--bcher-kva.example is fine).",
                                    "Le courrier de ce service ne peut pas joindre {email} : une "
                                    "adresse a au plus {most} caractères, en lettres ASCII (un "
                                    "domaine comme xn--bcher-kva.example convient).",
                                    "La posta di questo servizio non può raggiungere {email}: un "
                                    "indirizzo ha al massimo {most} caratteri, in lettere ASCII "
                                    "(un dominio come xn--bcher-kva.example va bene)."),
    "service.lobby.bot_level": ("A seat is an email address or a bot of one of the game's levels: "
                                "{levels}.",
                                "Une place est une adresse e-mail ou un bot de l'un des niveaux du "
                                "jeu : {levels}.",
                                "Un posto è un indirizzo e-mail o un bot di uno dei livelli del "
                                "gioco: {levels}."),
    "service.lobby.bot_games_off": ("Games with bots in every seat are switched off on this "
                                    "service: seat at least one person.",
                                    "Les parties où tous les joueurs sont des bots sont désactivées "
                                    "sur ce service : placez au moins une personne.",
                                    "Le partite con soli bot sono disattivate su questo servizio: "
                                    "metti almeno una persona."),
    "service.lobby.bot_games": ("You already have {playing} games with bots in every seat in "
                                "play, the most one player may have ({most}): wait for one to end, "
                                "or seat at least one person.",
                                "Vous avez déjà {playing} parties en cours jouées uniquement par "
                                "des bots, le maximum pour un joueur ({most}) : "
                                "attendez qu'une se termine, ou placez au moins une personne.",
                                "Hai già {playing} partite in corso con soli bot, il massimo per "
                                "un giocatore ({most}): aspetta che ne finisca una, o metti "
                                "almeno una persona."),
    # who is calling
    "service.auth.scheme": ("Send “Authorization: Bearer <token>”.",
                            "Envoyez « Authorization: Bearer <jeton> ».",
                            "Manda «Authorization: Bearer <token>»."),
    "service.auth.invalid": ("This token is not valid (unknown, revoked or expired).",
                             "Ce jeton n'est pas valable (inconnu, révoqué ou expiré).",
                             "Questo token non è valido (sconosciuto, revocato o scaduto)."),
    "service.auth.needed": ("This needs a player's token: send “Authorization: Bearer <token>” "
                            "(`pbem player add EMAIL` prints one, a sign-in link mints one).",
                            "Il faut le jeton d'un joueur : envoyez « Authorization: Bearer "
                            "<jeton> » (`pbem player add EMAIL` en affiche un, un lien de "
                            "connexion en crée un).",
                            "Serve il token di un giocatore: manda «Authorization: Bearer "
                            "<token>» (`pbem player add EMAIL` ne stampa uno, un link di accesso "
                            "ne crea uno)."),
    # undo
    "service.undo.nothing": ("There is no move of yours to undo.",
                             "Vous n'avez aucun coup à annuler.",
                             "Non hai nessuna mossa da annullare."),
    "service.undo.others_acted": ("You can undo only while nobody else has acted since your "
                                  "move: {who} has played since. Ask the other players to agree "
                                  "to an undo instead.",
                                  "Vous ne pouvez annuler que si personne d'autre n'a agi depuis "
                                  "votre coup : {who} a joué depuis. Demandez plutôt aux autres "
                                  "joueurs d'accepter une annulation.",
                                  "Puoi annullare solo se nessun altro ha agito dopo la tua "
                                  "mossa: {who} ha giocato da allora. Chiedi invece agli altri "
                                  "giocatori di accettare un annullamento."),
    "service.undo.game_acted": ("You can undo only while nobody else has acted since your move: "
                                "the game has moved on by itself since (a secret choice revealed, "
                                "a deadline). Ask the other players to agree to an undo instead.",
                                "Vous ne pouvez annuler que si personne d'autre n'a agi depuis "
                                "votre coup : la partie a avancé d'elle-même depuis (un choix "
                                "secret révélé, une échéance). Demandez plutôt aux autres joueurs "
                                "d'accepter une annulation.",
                                "Puoi annullare solo se nessun altro ha agito dopo la tua mossa: "
                                "la partita è andata avanti da sola (una scelta segreta rivelata, "
                                "una scadenza). Chiedi invece agli altri giocatori di accettare "
                                "un annullamento."),
    "service.undo.hidden": ("Hidden information was drawn or revealed since (or by) that move, so "
                            "it can only be undone with everyone's consent.",
                            "Une information cachée a été tirée ou révélée depuis ce coup (ou "
                            "par lui) : il ne peut être annulé qu'avec l'accord de tous.",
                            "Un'informazione nascosta è stata estratta o rivelata dopo quella "
                            "mossa (o da essa): si può annullare solo con il consenso di tutti."),
    "service.undo.count": ("“count” is how many of your last moves to undo, from 1 to 50.",
                           "« count » est le nombre de vos derniers coups à annuler, de 1 à 50.",
                           "«count» è il numero delle tue ultime mosse da annullare, da 1 a 50."),
    "service.undo.not_started": ("Undo is for games in play.",
                                 "L'annulation est pour les parties en cours.",
                                 "L'annullamento è per le partite in corso."),
    "service.undo.over": ("The game is over: its record is final.",
                          "La partie est terminée : son historique est définitif.",
                          "La partita è finita: la sua cronologia è definitiva."),
    "service.undo.bad_point": ("Event {back_to} is not a point the game can go back to: it must "
                               "end a move still in force, after the opening and before the last "
                               "move.",
                               "L'événement {back_to} n'est pas un point où la partie peut "
                               "revenir : il doit terminer un coup encore en vigueur, après "
                               "l'ouverture et avant le dernier coup.",
                               "L'evento {back_to} non è un punto a cui la partita può tornare: "
                               "deve chiudere una mossa ancora valida, dopo l'apertura e prima "
                               "dell'ultima mossa."),
    "service.undo.bad_point_near": ("Event {back_to} is not a point the game can go back to: it "
                                    "must end a move still in force, after the opening and "
                                    "before the last move (the nearest before it: {nearest}).",
                                    "L'événement {back_to} n'est pas un point où la partie peut "
                                    "revenir : il doit terminer un coup encore en vigueur, après "
                                    "l'ouverture et avant le dernier coup (le plus proche avant "
                                    "lui : {nearest}).",
                                    "L'evento {back_to} non è un punto a cui la partita può "
                                    "tornare: deve chiudere una mossa ancora valida, dopo "
                                    "l'apertura e prima dell'ultima mossa (il più vicino prima: "
                                    "{nearest})."),
    "service.undo.back_to": ("“back_to” is an event number.",
                             "« back_to » est un numéro d'événement.",
                             "«back_to» è un numero di evento."),
    "service.undo.no_request": ("There is no undo request {request} in this game.",
                                "Il n'y a pas de demande d'annulation {request} dans cette partie.",
                                "Non c'è la richiesta di annullamento {request} in questa "
                                "partita."),
    "service.undo.closed": ("This undo request is {status}; it can no longer be answered.",
                            "Cette demande d'annulation est {status} ; on ne peut plus y "
                            "répondre.",
                            "Questa richiesta di annullamento è {status}; non si può più "
                            "rispondere."),
    "service.undo.own_request": ("This is your own request; the other players answer it.",
                                 "C'est votre propre demande ; les autres joueurs y répondent.",
                                 "È la tua richiesta; rispondono gli altri giocatori."),
    "service.undo.lapsed": ("The game moved on since the undo was asked: the request lapsed.",
                            "La partie a avancé depuis la demande d'annulation : elle est caduque.",
                            "La partita è andata avanti dalla richiesta di annullamento: è "
                            "decaduta."),
    # signing in
    "service.link.expired": ("This sign-in link has expired; ask for a new one.",
                             "Ce lien de connexion a expiré ; demandez-en un nouveau.",
                             "Questo link di accesso è scaduto; chiedine uno nuovo."),
    "service.link.invalid": ("This sign-in link is not valid.",
                             "Ce lien de connexion n'est pas valable.",
                             "Questo link di accesso non è valido."),
    "service.link.used": ("This sign-in link was already used; ask for a new one.",
                          "Ce lien de connexion a déjà servi ; demandez-en un nouveau.",
                          "Questo link di accesso è già stato usato; chiedine uno nuovo."),
    # seats that change hands (service/seats.py)
    "service.seats.not_yours": ("You no longer hold this seat: you resigned it or handed it to "
                                "someone else.",
                                "Cette place n'est plus la vôtre : vous l'avez quittée ou cédée "
                                "à quelqu'un d'autre.",
                                "Questo posto non è più tuo: l'hai lasciato o ceduto a qualcun "
                                "altro."),
    "service.seats.bot_plays": ("A bot ({level}) plays this seat for you: take the seat back "
                                "first, then make your move.",
                                "Un robot ({level}) joue cette place pour vous : reprenez-la "
                                "d'abord, puis jouez votre coup.",
                                "Un bot ({level}) gioca questo posto per te: riprendilo prima, "
                                "poi fai la tua mossa."),
    "service.seats.not_bot": ("No bot plays this seat any more.",
                              "Aucun robot ne joue plus cette place.",
                              "Nessun bot gioca più questo posto."),
    "service.seats.no_seat": ("You have no seat in this game.",
                              "Vous n'avez pas de place dans cette partie.",
                              "Non hai un posto in questa partita."),
    "service.seats.not_handed": ("You play your seat yourself already: there is nothing to take "
                                 "back.",
                                 "Vous jouez déjà votre place vous-même : il n'y a rien à "
                                 "reprendre.",
                                 "Giochi già tu il tuo posto: non c'è niente da riprendere."),
    "service.seats.already_bot": ("A bot ({level}) already plays your seat; take it back first "
                                  "to choose another.",
                                  "Un robot ({level}) joue déjà votre place ; reprenez-la "
                                  "d'abord pour en choisir un autre.",
                                  "Un bot ({level}) gioca già il tuo posto; riprendilo prima per "
                                  "sceglierne un altro."),
    "service.seats.leave_to": ("A resigned seat goes to a bot of one of the game's levels, or "
                               "stays open: {levels} (not {given}).",
                               "Une place quittée va à un robot de l'un des niveaux du jeu, ou "
                               "reste libre : {levels} (pas {given}).",
                               "Un posto lasciato va a un bot di uno dei livelli del gioco, o "
                               "resta libero: {levels} (non {given})."),
    "service.seats.no_such_seat": ("This game has no such seat.",
                                   "Cette partie n'a pas cette place.",
                                   "Questa partita non ha questo posto."),
    "service.seats.not_vacated": ("You can offer your own seat, or a seat whose player resigned; "
                                  "not another player's.",
                                  "Vous pouvez proposer votre propre place, ou celle d'un joueur "
                                  "qui a abandonné ; pas celle d'un autre joueur.",
                                  "Puoi offrire il tuo posto, o quello di un giocatore che si è "
                                  "ritirato; non quello di un altro giocatore."),
    "service.seats.already_seated": ("{email} already has a seat in this game.",
                                     "{email} a déjà une place dans cette partie.",
                                     "{email} ha già un posto in questa partita."),
    "service.seats.no_offer": ("Nobody offered you a seat in this game (or the offer was "
                               "withdrawn).",
                               "Personne ne vous a proposé de place dans cette partie (ou "
                               "l'offre a été retirée).",
                               "Nessuno ti ha offerto un posto in questa partita (o l'offerta è "
                               "stata ritirata)."),
    "service.seats.offer_lapsed": ("The seats changed since this offer was made: it no longer "
                                   "holds. Ask for a new one.",
                                   "Les places ont changé depuis cette offre : elle ne vaut "
                                   "plus. Demandez-en une nouvelle.",
                                   "I posti sono cambiati da quando è stata fatta questa offerta: "
                                   "non vale più. Chiedine una nuova."),
    "service.account.confirm": ("To delete your account, confirm it by typing your address.",
                                "Pour supprimer votre compte, confirmez-le en tapant votre "
                                "adresse.",
                                "Per eliminare il tuo account, confermalo scrivendo il tuo "
                                "indirizzo."),
}

_STATUS = {"applied": ("applied", "appliquée", "applicata"),
           "refused": ("refused", "refusée", "rifiutata"),
           "lapsed": ("lapsed", "caduque", "decaduta")}


def show(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    """A service refusal's parameter: a nested refusal in the same language, a seat by name."""
    if isinstance(value, Mapping) and "key" in value:
        return errors.render(str(value["key"]), value.get("params") or {}, lang, names)
    if key in ("owner", "claimed"):
        return seat_name(value, names, lang)
    if key == "status" and value in _STATUS:
        return _STATUS[value][language_index(lang)]
    return show_plain(key, value, lang, names)


SERVICE = Catalogue(REFUSALS, show)
errors.catalogue("service", SERVICE)


# --- the API's refusals of a request's shape (service/api/schemas.py) ---------------------------

FIELD_ERRORS: dict[str, tuple[str, str, str]] = {
    "field.lead": ("The request does not match the API",
                   "La requête ne correspond pas à l'API",
                   "La richiesta non corrisponde all'API"),
    "field.integer": ("a whole number is expected (such as 3), not text, a fraction or true/false",
                      "un nombre entier est attendu (comme 3), pas un texte, une fraction ni "
                      "true/false",
                      "è atteso un numero intero (come 3), non un testo, una frazione o "
                      "true/false"),
    "field.range": ("a number from {min} to {max} is expected",
                    "un nombre de {min} à {max} est attendu",
                    "è atteso un numero da {min} a {max}"),
    "field.datetime": ("a date and time such as 2030-01-31T18:00:00+01:00 is expected",
                       "une date et une heure comme 2030-01-31T18:00:00+01:00 sont attendues",
                       "sono attese una data e un'ora come 2030-01-31T18:00:00+01:00"),
    "field.email_ascii": ("this service's mail cannot reach an address with letters outside "
                          "ASCII; give an address in ASCII letters (a domain such as "
                          "xn--bcher-kva.example is fine)",
                          "le courrier de ce service ne peut pas joindre une adresse avec des "
                          "lettres hors ASCII ; donnez une adresse en lettres ASCII (un domaine "
                          "comme xn--bcher-kva.example convient)",
                          "la posta di questo servizio non può raggiungere un indirizzo con "
                          "lettere fuori dall'ASCII; indica un indirizzo in lettere ASCII (un "
                          "dominio come xn--bcher-kva.example va bene)"),
    "field.email_long": ("an email address has at most 254 characters",
                         "une adresse électronique a au plus 254 caractères",
                         "un indirizzo email ha al massimo 254 caratteri"),
}
"""What the API says of a field it refuses, in the caller's language; a refusal's text may carry
parameters after `|` (`field.range|1|1440`)."""

add(FIELD_ERRORS)


def field_error(message: str, lang: str) -> str:
    """A field refusal (a key of FIELD_ERRORS, parameters after `|`) in `lang`; any other
    message (marshmallow's own) as it is."""
    key, *params = message.split("|")
    if key not in FIELD_ERRORS:
        return message
    names = {"field.range": ("min", "max")}.get(key, ())
    return t(key, lang, **dict(zip(names, params, strict=False)))
