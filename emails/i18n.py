"""The mails' own sentences in English, French and Italian: only game-independent words (a game's
sentences, boards and decisions are its module's `texts` and `boards` facets). `t(key, lang,
**params)`; an unknown language falls back to English.
"""

from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "fr", "it")

TEXTS: dict[str, tuple[str, str, str]] = {
    # subjects
    "subject.invitation": ("{inviter} invites you to a game of {title} ({game})",
                           "{inviter} vous invite à jouer : {title} ({game})",
                           "{inviter} ti invita a una partita di {title} ({game})"),
    "subject.game-started": ("{title} {game}: the game has started",
                             "{title} {game} : la partie a commencé",
                             "{title} {game}: la partita è iniziata"),
    "subject.your-turn": ("{title} {game}: your turn", "{title} {game} : à vous de jouer",
                          "{title} {game}: tocca a te"),
    "subject.your-turn.round": ("{title} {game}: your turn (round {round})",
                                "{title} {game} : à vous de jouer (manche {round})",
                                "{title} {game}: tocca a te (round {round})"),
    "subject.your-secret": ("{title} {game}: your secret choice", "{title} {game} : votre choix secret",
                            "{title} {game}: la tua scelta segreta"),
    "subject.reminder": ("Reminder — {title} {game} is waiting for you",
                         "Rappel — {title} {game} vous attend",
                         "Promemoria — {title} {game} ti aspetta"),
    "subject.final-warning": ("Last call — {title} {game}: your deadline is near",
                              "Dernier rappel — {title} {game} : votre délai expire bientôt",
                              "Ultimo avviso — {title} {game}: la scadenza è vicina"),
    "subject.game-paused": ("{title} {game} is paused", "{title} {game} est en pause",
                            "{title} {game} è in pausa"),
    "subject.auto-move": ("{title} {game}: a move was made for you",
                          "{title} {game} : un coup a été joué pour vous",
                          "{title} {game}: è stata fatta una mossa per te"),
    "subject.game-over": ("{title} {game} is over", "{title} {game} est terminée",
                          "{title} {game} è finita"),
    "subject.digest": ("Your games waiting for you ({date})",
                       "Vos parties en attente ({date})",
                       "Le tue partite in attesa ({date})"),
    "subject.magic-link": ("Your sign-in link", "Votre lien de connexion", "Il tuo link di accesso"),
    "subject.undo-request": ("{title} {game}: an undo is requested",
                             "{title} {game} : une annulation est demandée",
                             "{title} {game}: è richiesto un annullamento"),
    "subject.undo": ("{title} {game}: undo request {status}",
                     "{title} {game} : demande d'annulation — {status}",
                     "{title} {game}: richiesta di annullamento — {status}"),
    "subject.reply.accepted": ("Re: {title} {game}: reply accepted",
                               "Re: {title} {game} : réponse acceptée",
                               "Re: {title} {game}: risposta accettata"),
    "subject.reply.refused": ("Re: {title} {game}: reply not applied",
                              "Re: {title} {game} : réponse non appliquée",
                              "Re: {title} {game}: risposta non applicata"),
    "subject.other": ("{title} {game}", "{title} {game}", "{title} {game}"),
    # bodies
    "hello": ("Hello {name},", "Bonjour {name},", "Ciao {name},"),
    "invitation": ("{inviter} invites you to play {title} by mail (game {game}). Accept on the "
                   "web page: {link}",
                   "{inviter} vous invite à jouer par courriel : {title} (partie {game}). "
                   "Acceptez sur la page web : {link}",
                   "{inviter} ti invita a giocare per posta a {title} (partita {game}). "
                   "Accetta sulla pagina web: {link}"),
    "game-started": ("Every seat has accepted: the game {game} has started.",
                     "Tout le monde a accepté : la partie {game} a commencé.",
                     "Tutti hanno accettato: la partita {game} è iniziata."),
    "game-started.seat": ("You are {colour}.", "Vous êtes {colour}.", "Sei {colour}."),
    "your-turn": ("It is your turn in game {game}: {what}.", "C'est à vous de jouer dans la partie "
                  "{game} : {what}.", "Tocca a te nella partita {game}: {what}."),
    "your-secret": ("A secret choice is waiting for you in game {game}: {what}.",
                    "Un choix secret vous attend dans la partie {game} : {what}.",
                    "Una scelta segreta ti aspetta nella partita {game}: {what}."),
    "reminder": ("Game {game} is still waiting for you. The deadline is {due}.",
                 "La partie {game} vous attend toujours. Le délai expire le {due}.",
                 "La partita {game} ti sta ancora aspettando. La scadenza è {due}."),
    "final-warning": ("Last call: if you do not move by {due}, the safe default move will be made "
                      "for you.",
                      "Dernier rappel : sans réponse avant le {due}, le coup par défaut sera joué "
                      "pour vous.",
                      "Ultimo avviso: se non muovi entro {due}, verrà fatta per te la mossa "
                      "predefinita."),
    "game-paused": ("Game {game} is paused: a deadline passed ({due}).",
                    "La partie {game} est en pause : un délai est passé ({due}).",
                    "La partita {game} è in pausa: una scadenza è passata ({due})."),
    "auto-move": ("Your deadline passed, so this move was made for you: {move}.",
                  "Votre délai est passé, ce coup a donc été joué pour vous : {move}.",
                  "La tua scadenza è passata, quindi questa mossa è stata fatta per te: {move}."),
    "game-over": ("Game {game} is over. The final table:", "La partie {game} est terminée. "
                  "Le classement final :", "La partita {game} è finita. La classifica finale:"),
    "digest": ("These games are waiting for you:", "Ces parties vous attendent :",
               "Queste partite ti aspettano:"),
    "digest.line": ("game {game} (you are seat {seat}), deadline {due}",
                    "partie {game} (place {seat}), délai {due}",
                    "partita {game} (posto {seat}), scadenza {due}"),
    "magic-link": ("Sign in with this link (valid 3 days, once): {link}",
                   "Connectez-vous avec ce lien (valable 3 jours, une fois) : {link}",
                   "Accedi con questo link (valido 3 giorni, una volta): {link}"),
    "undo-request": ("{by} asks to undo the game back to event {back_to}: “{reason}”. Answer on "
                     "the web page before {expires}: {link}",
                     "{by} demande d'annuler la partie jusqu'à l'événement {back_to} : « {reason} ». "
                     "Répondez sur la page web avant le {expires} : {link}",
                     "{by} chiede di annullare la partita fino all'evento {back_to}: «{reason}». "
                     "Rispondi sulla pagina web prima del {expires}: {link}"),
    "undo": ("The undo request in game {game} is {status}.",
             "La demande d'annulation dans la partie {game} : {status}.",
             "La richiesta di annullamento nella partita {game}: {status}."),
    "since": ("Since your last move:", "Depuis votre dernier coup :", "Dalla tua ultima mossa:"),
    "since.auto": ("(automatic)", "(automatique)", "(automatica)"),
    "scoring": ("Scoring results:", "Résultats du décompte :", "Risultati della valutazione:"),
    "board": ("The board as you see it:", "Le plateau tel que vous le voyez :",
              "Il tabellone come lo vedi tu:"),
    "board.image": ("(the board's image is attached)", "(l'image du plateau est jointe)",
                    "(l'immagine del tabellone è allegata)"),
    "decide": ("What you must decide now:", "Ce que vous devez décider maintenant :",
               "Cosa devi decidere ora:"),
    "commands": ("Reply to this mail with one of these commands (several in one reply are fine, "
                 "one per line or separated by commas):",
                 "Répondez à ce courriel par une de ces commandes (plusieurs dans une réponse, une "
                 "par ligne ou séparées par des virgules) :",
                 "Rispondi a questa mail con uno di questi comandi (anche più di uno, uno per riga "
                 "o separati da virgole):"),
    "example": ("For example:", "Par exemple :", "Per esempio:"),
    "web": ("Or play on the web: {link}", "Ou jouez sur le web : {link}",
            "Oppure gioca sul web: {link}"),
    "deadline": ("Deadline: {due}.", "Délai : {due}.", "Scadenza: {due}."),
    "accepted": ("Done — your move is recorded: {moves}.", "C'est fait — votre coup est "
                 "enregistré : {moves}.", "Fatto — la tua mossa è registrata: {moves}."),
    "accepted.ignored": ("These lines were not read as commands: {lines}.",
                         "Ces lignes n'ont pas été lues comme des commandes : {lines}.",
                         "Queste righe non sono state lette come comandi: {lines}."),
    "refused": ("Your reply was not applied and the game is unchanged.",
                "Votre réponse n'a pas été appliquée ; la partie n'a pas changé.",
                "La tua risposta non è stata applicata; la partita non è cambiata."),
    "refused.why": ("Why: {why}", "Pourquoi : {why}", "Perché: {why}"),
    "refused.charset": ("Your mail is written in a character set we cannot read ({charset}). "
                        "Send your reply again as plain text in UTF-8 (the usual setting of "
                        "mail programs).",
                        "Votre courriel utilise un jeu de caractères que nous ne savons pas lire "
                        "({charset}). Renvoyez votre réponse en texte brut, en UTF-8 (le réglage "
                        "habituel des logiciels de messagerie).",
                        "La tua mail usa un set di caratteri che non sappiamo leggere "
                        "({charset}). Invia di nuovo la risposta come testo semplice in UTF-8 "
                        "(l'impostazione abituale dei programmi di posta)."),
    "refused.stale": ("The game has moved on since the mail you answered; your reply was not "
                      "applied. Here is what is pending now.",
                      "La partie a avancé depuis le courriel auquel vous répondez ; votre réponse "
                      "n'a pas été appliquée. Voici ce qui est attendu maintenant.",
                      "La partita è andata avanti dalla mail a cui rispondi; la tua risposta non è "
                      "stata applicata. Ecco cosa si aspetta ora."),
    "refused.nothing": ("Nothing is waiting for you in this game right now; {waiting}.",
                        "Rien ne vous attend dans cette partie pour le moment ; {waiting}.",
                        "Niente ti aspetta in questa partita per ora; {waiting}."),
    "waiting_on": ("the game waits for {who}", "la partie attend {who}", "la partita aspetta {who}"),
    "nobody": ("the game is over", "la partie est terminée", "la partita è finita"),
    "partly": ("The first {count} command(s) of your reply were applied before the game refused "
               "the next.", "Les {count} premières commandes de votre réponse ont été appliquées "
               "avant que la partie refuse la suivante.", "I primi {count} comandi della tua "
               "risposta sono stati applicati prima che la partita rifiutasse il successivo."),
    "duplicate": ("This message was already received; it was not applied twice.",
                  "Ce message a déjà été reçu ; il n'a pas été appliqué deux fois.",
                  "Questo messaggio era già stato ricevuto; non è stato applicato due volte."),
    "unsubscribe": ("Stop these notifications: {link}", "Ne plus recevoir ces notifications : "
                    "{link}", "Non ricevere più queste notifiche: {link}"),
    "footer": ("El Grande by mail", "El Grande par courriel", "El Grande per posta"),
    "table.rank": ("rank", "rang", "posizione"),
    "table.player": ("player", "joueur", "giocatore"),
    "table.score": ("score", "score", "punti"),
}


def t(key: str, lang: str = "en", **params: Any) -> str:
    lang = lang if lang in LANGUAGES else "en"
    text = TEXTS[key][LANGUAGES.index(lang)]
    return text.format(**params) if params else text
