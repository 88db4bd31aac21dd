"""The mails' own sentences in English, French and Italian: only game-independent words (a game's
sentences, boards and decisions are its module's `texts` and `boards` facets). `t(key, lang,
**params)`; an unknown language falls back to English.
"""

from __future__ import annotations

from service.i18n import LANGUAGES, add, t

__all__ = ["LANGUAGES", "TEXTS", "t"]

TEXTS: dict[str, tuple[str, str, str]] = {
    # subjects
    "subject.invitation": ("{inviter} invites you to a game of El Grande ({game})",
                           "{inviter} vous invite à une partie d'El Grande ({game})",
                           "{inviter} ti invita a una partita di El Grande ({game})"),
    "subject.game-started": ("El Grande {game}: the game has started",
                             "El Grande {game} : la partie a commencé",
                             "El Grande {game}: la partita è iniziata"),
    "subject.your-turn": ("El Grande {game}: your turn", "El Grande {game} : à vous de jouer",
                          "El Grande {game}: tocca a te"),
    "subject.your-turn.round": ("El Grande {game}: your turn (round {round})",
                                "El Grande {game} : à vous de jouer (manche {round})",
                                "El Grande {game}: tocca a te (round {round})"),
    "subject.your-secret": ("El Grande {game}: your secret choice", "El Grande {game} : votre choix secret",
                            "El Grande {game}: la tua scelta segreta"),
    "subject.reminder": ("Reminder — El Grande {game} is waiting for you",
                         "Rappel — El Grande {game} vous attend",
                         "Promemoria — El Grande {game} ti aspetta"),
    "subject.final-warning": ("Last call — El Grande {game}: your deadline is near",
                              "Dernier rappel — El Grande {game} : votre délai expire bientôt",
                              "Ultimo avviso — El Grande {game}: la scadenza è vicina"),
    "subject.game-paused": ("El Grande {game} is paused", "El Grande {game} est en pause",
                            "El Grande {game} è in pausa"),
    "subject.auto-move": ("El Grande {game}: a move was made for you",
                          "El Grande {game} : un coup a été joué pour vous",
                          "El Grande {game}: è stata fatta una mossa per te"),
    "subject.game-over": ("El Grande {game} is over", "El Grande {game} est terminée",
                          "El Grande {game} è finita"),
    "subject.digest": ("Your El Grande games waiting for you ({date})",
                       "Vos parties d'El Grande en attente ({date})",
                       "Le tue partite di El Grande in attesa ({date})"),
    "subject.magic-link": ("Your sign-in link", "Votre lien de connexion", "Il tuo link di accesso"),
    "subject.undo-request": ("El Grande {game}: an undo is requested",
                             "El Grande {game} : une annulation est demandée",
                             "El Grande {game}: è richiesto un annullamento"),
    "subject.undo": ("El Grande {game}: undo request {status}",
                     "El Grande {game} : demande d'annulation — {status}",
                     "El Grande {game}: richiesta di annullamento — {status}"),
    "subject.reply": ("Re: {subject}", "Re: {subject}", "Re: {subject}"),
    "subject.other": ("El Grande {game}", "El Grande {game}", "El Grande {game}"),
    # bodies
    "hello": ("Hello {name},", "Bonjour {name},", "Ciao {name},"),
    "invitation": ("{inviter} invites you to play El Grande by mail (game {game}). Accept on the "
                   "web page: {link}",
                   "{inviter} vous invite à jouer à El Grande par courriel (partie {game}). "
                   "Acceptez sur la page web : {link}",
                   "{inviter} ti invita a giocare a El Grande per posta (partita {game}). "
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
    "partly": ("{count:The first command of your reply was|The first # commands of your reply "
               "were} applied before the game refused the next.",
               "{count:La première commande de votre réponse a été appliquée|Les # premières "
               "commandes de votre réponse ont été appliquées} avant que la partie refuse la "
               "suivante.",
               "{count:Il primo comando della tua risposta è stato applicato|I primi # comandi "
               "della tua risposta sono stati applicati} prima che la partita rifiutasse il "
               "successivo."),
    "auth": ("This reply could not be matched to your seat (the reply address or the sender did "
             "not match), so it was ignored. Reply to the latest mail of the game.",
             "Cette réponse n'a pas pu être associée à votre place (adresse de réponse ou "
             "expéditeur non reconnus) ; elle a été ignorée. Répondez au dernier courriel de la "
             "partie.",
             "Questa risposta non è stata associata al tuo posto (indirizzo di risposta o mittente "
             "non riconosciuti) ed è stata ignorata. Rispondi all'ultima mail della partita."),
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


add(TEXTS)
