"""The mails' own sentences in English, French and Italian: only game-independent words (a game's
sentences, boards and decisions are its module's `texts` and `boards` facets). `t(key, lang,
**params)`; an unknown language falls back to English.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from service.i18n import LANGUAGES, add, t

__all__ = ["LANGUAGES", "TEXTS", "t"]

TEXTS: dict[str, tuple[str, str, str]] = {
    # table talk (service/talk.py, emails/talk.py)
    "subject.table-talk": ("{title} {game}: a message at the table",
                           "{title} {game} : un message à la table",
                           "{title} {game}: un messaggio al tavolo"),
    "subject.talk-digest": ("Table talk of the day", "Les messages de table du jour",
                            "I messaggi del tavolo di oggi"),
    "talk.title": ("Table talk:", "Messages de la table :", "Messaggi del tavolo:"),
    "talk.private": ("to you only", "à vous seul", "solo a te"),
    "talk.and": ("and", "et", "e"),
    "talk.intro": ("{who} wrote at the table of game {game}.",
                   "{who} {count:a|ont} écrit à la table de la partie {game}.",
                   "{who} {count:ha|hanno} scritto al tavolo della partita {game}."),
    "talk.digest": ("What was said at your tables since your last mail:",
                    "Ce qui s'est dit à vos tables depuis votre dernier courriel :",
                    "Quello che è stato detto ai tuoi tavoli dopo la tua ultima email:"),
    "talk.help": ("To write to the table, start a line with “{word}” (“{to}” for one player "
                  "only); a line that says only “{word}:” makes the lines after it, up to a blank "
                  "line, one message.",
                  "Pour écrire à la table, commencez une ligne par «\u00a0{word}\u00a0» "
                  "(«\u00a0{to}\u00a0» pour un seul joueur) ; une ligne qui dit seulement "
                  "«\u00a0{word} :\u00a0» fait des lignes suivantes, jusqu'à une ligne vide, un "
                  "seul message.",
                  "Per scrivere al tavolo, comincia una riga con «{word}» («{to}» per un solo "
                  "giocatore); una riga che dice solo «{word}:» fa delle righe seguenti, fino a "
                  "una riga vuota, un solo messaggio."),
    "talk.sent": ("Sent to the table: {text}.", "Envoyé à la table : {text}.",
                  "Inviato al tavolo: {text}."),
    "talk.sent_to": ("Sent to {name} only: {text}.", "Envoyé à {name} seulement : {text}.",
                     "Inviato solo a {name}: {text}."),
    "talk.refused": ("Not sent to the table: {text} — {why}",
                     "Non envoyé à la table : {text} — {why}",
                     "Non inviato al tavolo: {text} — {why}"),
    # subjects
    "subject.invitation": ("{inviter} invites you to a game of {title} ({game})",
                           "{inviter} vous invite à jouer : {title} ({game})",
                           "{inviter} ti invita a una partita di {title} ({game})"),
    "subject.game-started": ("{title} {game}: the game has started",
                             "{title} {game} : la partie a commencé",
                             "{title} {game}: la partita è iniziata"),
    "subject.your-turn": ("{title} {game}: your turn", "{title} {game} : à vous de jouer",
                          "{title} {game}: tocca a te"),
    "subject.your-turn.round": ("{title} {game}: your turn ({round_word} {round})",
                                "{title} {game} : à vous de jouer ({round_word} {round})",
                                "{title} {game}: tocca a te ({round_word} {round})"),
    # A round, unless the game names it otherwise (surface.round_word).
    "subject.round-word": ("round", "manche", "round"),
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
    "subject.game-over": ("{title} {game} is over", "La partie {title} {game} est terminée",
                          "La partita {title} {game} è finita"),
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
    "subject.undo.applied": ("{title} {game}: the undo is done", "{title} {game} : annulation faite",
                             "{title} {game}: annullamento fatto"),
    "subject.undo.refused": ("{title} {game}: undo refused", "{title} {game} : annulation refusée",
                             "{title} {game}: annullamento rifiutato"),
    "subject.undo.lapsed": ("{title} {game}: the undo request lapsed",
                            "{title} {game} : la demande d'annulation a expiré",
                            "{title} {game}: la richiesta di annullamento è scaduta"),
    "subject.reply.accepted": ("Re: {title} {game}: reply accepted{round}",
                               "Re: {title} {game} : réponse acceptée{round}",
                               "Re: {title} {game}: risposta accettata{round}"),
    "subject.scoring": ("{title} {game}: new scores", "{title} {game} : nouveaux scores",
                        "{title} {game}: nuovi punteggi"),
    "subject.notice": ("{title} {game}: a move concerns you",
                       "{title} {game} : un coup vous concerne",
                       "{title} {game}: una mossa ti riguarda"),
    "subject.reply.over": ("Re: {title} {game}: reply accepted, the game is over",
                           "Re: {title} {game} : réponse acceptée, la partie est terminée",
                           "Re: {title} {game}: risposta accettata, la partita è finita"),
    "subject.reply.refused": ("Re: {title} {game}: reply not applied{round}",
                              "Re: {title} {game} : réponse non appliquée{round}",
                              "Re: {title} {game}: risposta non applicata{round}"),
    "subject.reply.started": ("Re: {title} {game}: the game has started",
                              "Re: {title} {game} : la partie a commencé",
                              "Re: {title} {game}: la partita è iniziata"),
    "subject.reply.started.turn": ("Re: {title} {game}: the game has started, your turn",
                                   "Re: {title} {game} : la partie a commencé, à vous de jouer",
                                   "Re: {title} {game}: la partita è iniziata, tocca a te"),
    "subject.reply.started.secret": ("Re: {title} {game}: the game has started, your secret "
                                     "choice",
                                     "Re: {title} {game} : la partie a commencé, votre choix "
                                     "secret",
                                     "Re: {title} {game}: la partita è iniziata, la tua scelta "
                                     "segreta"),
    "subject.reply.request": ("Re: {title} {game}{round}", "Re: {title} {game}{round}",
                              "Re: {title} {game}{round}"),
    "subject.round": (" ({round_word} {round})", " ({round_word} {round})",
                      " ({round_word} {round})"),
    "subject.game-started.turn": ("{title} {game}: the game has started, your turn",
                                  "{title} {game} : la partie a commencé, à vous de jouer",
                                  "{title} {game}: la partita è iniziata, tocca a te"),
    "subject.game-started.secret": ("{title} {game}: the game has started, your secret choice",
                                    "{title} {game} : la partie a commencé, votre choix secret",
                                    "{title} {game}: la partita è iniziata, la tua scelta "
                                    "segreta"),
    "subject.invitation-declined": ("{title} {game}: {by} declined your invitation",
                                    "{title} {game} : {by} a décliné votre invitation",
                                    "{title} {game}: {by} ha rifiutato il tuo invito"),
    "subject.other": ("{title} {game}", "{title} {game}", "{title} {game}"),
    "subject.mail-failing": ("{title} {game}: mail to {name} does not arrive",
                             "{title} {game} : les courriels pour {name} n'arrivent pas",
                             "{title} {game}: le email per {name} non arrivano"),
    "subject.email-confirm": ("Confirm your address", "Confirmez votre adresse",
                              "Conferma il tuo indirizzo"),
    "subject.seat-changed": ("{title} {game}: a seat changed hands",
                             "{title} {game} : une place a changé de main",
                             "{title} {game}: un posto ha cambiato mano"),
    "subject.seat-offer": ("{title} {game}: {by} offers you a seat",
                           "{title} {game} : {by} vous propose une place",
                           "{title} {game}: {by} ti offre un posto"),
    # bodies
    "seat.resigned.bot": ("{who} resigned game {game}: a bot ({level}) plays their seat from now "
                          "on. Any of you may offer the seat to someone else on the game's page.",
                          "{who} a abandonné la partie {game} : un robot ({level}) joue sa place "
                          "désormais. Chacun de vous peut proposer la place à quelqu'un d'autre "
                          "sur la page de la partie.",
                          "{who} si è ritirato dalla partita {game}: da ora un bot ({level}) "
                          "gioca il suo posto. Ognuno di voi può offrire il posto a qualcun "
                          "altro dalla pagina della partita."),
    "seat.resigned.open": ("{who} resigned game {game}: their seat is open until someone you "
                           "invite takes it (offer it on the game's page); meanwhile a passed "
                           "deadline plays for it.",
                           "{who} a abandonné la partie {game} : sa place est libre jusqu'à ce "
                           "que quelqu'un que vous invitez la prenne (proposez-la sur la page de "
                           "la partie) ; en attendant, un délai dépassé joue pour elle.",
                           "{who} si è ritirato dalla partita {game}: il suo posto è libero "
                           "finché qualcuno che invitate non lo prende (offritelo dalla pagina "
                           "della partita); nel frattempo una scadenza passata gioca per lui."),
    "seat.handed": ("{to} takes over {who}'s seat in game {game}: their moves are theirs from "
                    "now on.",
                    "{to} reprend la place de {who} dans la partie {game} : les coups de cette "
                    "place sont les siens désormais.",
                    "{to} prende il posto di {who} nella partita {game}: da ora le mosse di quel "
                    "posto sono sue."),
    "seat.bot": ("{who} handed their seat in game {game} to a bot ({level}) for now; they may "
                 "take it back at any time.",
                 "{who} a confié sa place dans la partie {game} à un robot ({level}) pour "
                 "l'instant ; il peut la reprendre à tout moment.",
                 "{who} ha affidato il suo posto nella partita {game} a un bot ({level}) per ora; "
                 "può riprenderlo in qualsiasi momento."),
    "seat.back": ("{who} plays their seat in game {game} again.",
                  "{who} joue de nouveau sa place dans la partie {game}.",
                  "{who} gioca di nuovo il suo posto nella partita {game}."),
    "seat-offer": ("{by} offers you a seat in game {game} of {title}, which is being played: "
                   "you would play it from where it stands. Accept or decline on the game's page: "
                   "{link}",
                   "{by} vous propose une place dans la partie {game} ({title}), en cours : vous "
                   "la joueriez à partir de là où elle en est. Acceptez ou déclinez sur la page "
                   "de la partie : {link}",
                   "{by} ti offre un posto nella partita {game} di {title}, in corso: lo "
                   "giocheresti da dove si trova. Accetta o rifiuta dalla pagina della partita: "
                   "{link}"),
    "req.resign": ("Done: you resigned this game. Your seat is no longer yours; the others are "
                   "told.",
                   "C'est fait : vous avez abandonné cette partie. Votre place n'est plus la "
                   "vôtre ; les autres en sont avertis.",
                   "Fatto: ti sei ritirato da questa partita. Il posto non è più tuo; gli altri "
                   "sono avvisati."),
    "req.bot": ("Done: a bot ({level}) plays your seat from now on. Reply “{back}” to play it "
                "again.",
                "C'est fait : un robot ({level}) joue votre place désormais. Répondez « {back} » "
                "pour la jouer de nouveau.",
                "Fatto: da ora un bot ({level}) gioca il tuo posto. Rispondi «{back}» per "
                "giocarlo di nuovo."),
    "req.back": ("Done: you play your seat again.",
                 "C'est fait : vous jouez de nouveau votre place.",
                 "Fatto: giochi di nuovo il tuo posto."),
    "req.seat.refused": ("Your seat was not changed: {why}",
                         "Votre place n'a pas été changée : {why}",
                         "Il tuo posto non è stato cambiato: {why}"),
    "hello": ("Hello {name},", "Bonjour {name},", "Ciao {name},"),
    "invitation": ("{inviter} invites you to play {title} by mail (game {game}). Reply “{yes}” "
                   "to this mail to accept your seat, or “{no}” to decline it (or answer on the "
                   "game's web page, below).",
                   "{inviter} vous invite à jouer par courriel : {title} (partie {game}). "
                   "Répondez « {yes} » à ce courriel pour accepter votre place, ou « {no} » pour "
                   "la décliner (ou répondez sur la page web de la partie, ci-dessous).",
                   "{inviter} ti invita a giocare per posta a {title} (partita {game}). "
                   "Rispondi «{yes}» a questa mail per accettare il tuo posto, o «{no}» per "
                   "rifiutarlo (oppure rispondi sulla pagina web della partita, qui sotto)."),
    "invitation.started": ("{inviter} has started a game of {title} by mail with you (game "
                           "{game}); its first mail tells you what to do.",
                           "{inviter} a commencé avec vous une partie par courriel : {title} "
                           "(partie {game}) ; son premier courriel vous dit quoi faire.",
                           "{inviter} ha iniziato con te una partita di {title} per posta "
                           "(partita {game}); la sua prima mail ti dice cosa fare."),
    "invitation-declined": ("{by} declined your invitation to game {game}, so it cannot start "
                            "as it is; {by} may still accept by answering the invitation.",
                            "{by} a décliné votre invitation à la partie {game} : elle ne peut "
                            "pas commencer telle quelle ; {by} peut encore accepter en répondant "
                            "à l'invitation.",
                            "{by} ha rifiutato il tuo invito alla partita {game}: non può "
                            "iniziare così; {by} può ancora accettare rispondendo all'invito."),
    "game-started": ("The game {game} has started.", "La partie {game} a commencé.",
                     "La partita {game} è iniziata."),
    "game-started.all": ("Every seat has accepted: the game {game} has started.",
                         "Tout le monde a accepté : la partie {game} a commencé.",
                         "Tutti hanno accettato: la partita {game} è iniziata."),
    "game-started.seat": ("You play {colour}.", "Vous jouez en {colour}.",
                          "Giochi con il {colour}."),
    "your-turn": ("It is your turn in game {game}: {what}.", "C'est à vous de jouer dans la partie "
                  "{game} : {what}.", "Tocca a te nella partita {game}: {what}."),
    "your-secret": ("A secret choice is waiting for you in game {game}: {what}.",
                    "Un choix secret vous attend dans la partie {game} : {what}.",
                    "Una scelta segreta ti aspetta nella partita {game}: {what}."),
    "reminder": ("Game {game} is still waiting for you ({what}). The deadline: before {due}.",
                 "La partie {game} vous attend toujours ({what}). Le délai : avant {due}.",
                 "La partita {game} ti sta ancora aspettando ({what}). La scadenza: entro {due}."),
    "final-warning": ("Last call: if you do not move before {due}, this move will be made for "
                      "you: {move}.",
                      "Dernier rappel : sans réponse avant {due}, ce coup sera joué pour vous : "
                      "{move}.",
                      "Ultimo avviso: se non muovi entro {due}, questa mossa verrà fatta per te: "
                      "{move}."),
    "final-warning.bot": ("Last call: if you do not move before {due}, a bot ({level}) will "
                          "play this move for you.",
                          "Dernier rappel : sans réponse avant {due}, un robot ({level}) jouera "
                          "ce coup pour vous.",
                          "Ultimo avviso: se non muovi entro {due}, un bot ({level}) farà questa "
                          "mossa per te."),
    "final-warning.pause": ("Last call: if you do not move before {due}, the game will be "
                            "paused.",
                            "Dernier rappel : sans réponse avant {due}, la partie sera mise en "
                            "pause.",
                            "Ultimo avviso: se non muovi entro {due}, la partita sarà messa in "
                            "pausa."),
    "game-paused": ("Game {game} is paused: a deadline passed ({due}).",
                    "La partie {game} est en pause : un délai est passé ({due}).",
                    "La partita {game} è in pausa: una scadenza è passata ({due})."),
    "auto-move": ("Your deadline passed, so this move was made for you: {move}.",
                  "Votre délai est passé, ce coup a donc été joué pour vous : {move}.",
                  "La tua scadenza è passata, quindi questa mossa è stata fatta per te: {move}."),
    "game-over": ("Game {game} is over. The final table:", "La partie {game} est terminée. "
                  "Le classement final :", "La partita {game} è finita. La classifica finale:"),
    "rating": ("Your {title} rating is now {rating} ({change}): see your profile and the "
               "leaderboard on the site.",
               "Votre cote à {title} est maintenant de {rating} ({change}) : voyez votre profil "
               "et le classement général sur le site.",
               "Il tuo indice di classifica a {title} ora è {rating} ({change}): vedi il tuo "
               "profilo e la classifica sul sito."),
    # A player's own words or a command quoted in a sentence, in the language's marks.
    "quoted": ("“{text}”", "«\u00a0{text}\u00a0»", "«{text}»"),
    "offered.yes": ("(Or just answer yes.)", "(Ou répondez simplement oui.)",
                    "(Oppure rispondi semplicemente sì.)"),
    "moves.joiner": ("; ", " ; ", "; "),  # between the moves a reply played (French: « a ; b »)
    "points": ("{count:# point|# points}", "{count:# point|# points}",
               "{count:# punto|# punti}"),
    "digest": ("These games are waiting for you:", "Ces parties vous attendent :",
               "Queste partite ti aspettano:"),
    "digest.line": ("game {game}, before {due}", "partie {game}, avant {due}",
                    "partita {game}, entro {due}"),
    "mail-failing": ("The mails sent to {name} come back undelivered ({status}): {name} no longer "
                     "receives this game's mails, not even when it is their turn. {name} can give "
                     "another address in their settings once signed in; meanwhile, you may want "
                     "to tell them some other way.",
                     "Les courriels envoyés à {name} reviennent sans avoir été remis ({status}) : "
                     "{name} ne reçoit plus les courriels de cette partie, pas même quand c'est "
                     "son tour. {name} peut indiquer une autre adresse dans ses réglages sur le "
                     "site ; en attendant, prévenez {name} autrement si vous le pouvez.",
                     "Le email inviate a {name} tornano indietro senza essere consegnate "
                     "({status}): {name} non riceve più le email di questa partita, nemmeno "
                     "quando è il suo turno. {name} può indicare un altro indirizzo nelle sue "
                     "impostazioni sul sito; nel frattempo, avvisa {name} in un altro modo, se "
                     "puoi."),
    "email-confirm": ("To receive your game mails at this address, confirm it with this link "
                      "(valid 3 days): {link}\nIf you did not ask for it, ignore this mail: "
                      "nothing changes.",
                      "Pour recevoir les courriels de vos parties à cette adresse, confirmez-la "
                      "avec ce lien (valable 3 jours) : {link}\nSi vous ne l'avez pas demandé, "
                      "ignorez ce courriel : rien ne change.",
                      "Per ricevere le email delle tue partite a questo indirizzo, confermalo con "
                      "questo link (valido 3 giorni): {link}\nSe non l'hai chiesto tu, ignora "
                      "questa email: non cambia nulla."),
    "magic-link": ("Sign in with this link (valid 3 days, once): {link}",
                   "Connectez-vous avec ce lien (valable 3 jours, une fois) : {link}",
                   "Accedi con questo link (valido 3 giorni, una volta): {link}"),
    "undo-request": ("{by} asks to undo the game back to event {back_to}: “{reason}”. Reply "
                     "“{yes}” to agree or “{no}” to refuse, before {expires} (or answer on the web "
                     "page: {link}).",
                     "{by} demande d'annuler la partie jusqu'à l'événement {back_to} : « {reason} "
                     "». Répondez « {yes} » pour accepter ou « {no} » pour refuser, avant "
                     "{expires} (ou répondez sur la page web : {link}).",
                     "{by} chiede di annullare la partita fino all'evento {back_to}: «{reason}». "
                     "Rispondi «{yes}» per accettare o «{no}» per rifiutare, entro {expires} "
                     "(oppure rispondi sulla pagina web: {link})."),
    "undo": ("The undo request in game {game} is {status}.",
             "La demande d'annulation dans la partie {game} : {status}.",
             "La richiesta di annullamento nella partita {game}: {status}."),
    "undo.applied": ("Everyone agreed to the undo in game {game}: it is done.",
                     "Tous ont accepté l'annulation dans la partie {game} : elle est faite.",
                     "Tutti hanno accettato l'annullamento nella partita {game}: è fatto."),
    "undo.refused": ("The undo request in game {game} was refused: the game goes on as it was.",
                     "La demande d'annulation dans la partie {game} a été refusée : la partie "
                     "continue telle quelle.",
                     "La richiesta di annullamento nella partita {game} è stata rifiutata: la "
                     "partita continua così."),
    "undo.lapsed": ("The undo request in game {game} lapsed (not everyone answered in time): the "
                    "game goes on as it was.",
                    "La demande d'annulation dans la partie {game} a expiré (tous n'ont pas "
                    "répondu à temps) : la partie continue telle quelle.",
                    "La richiesta di annullamento nella partita {game} è scaduta (non tutti hanno "
                    "risposto in tempo): la partita continua così."),
    "since": ("Since your last move:", "Depuis votre dernier coup :", "Dalla tua ultima mossa:"),
    "since.reply": ("Your move and what followed:", "Votre coup et ce qui a suivi :",
                    "La tua mossa e ciò che ne è seguito:"),
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
    "deadline": ("Deadline: before {due}.", "Délai : avant {due}.", "Scadenza: entro {due}."),
    "requests": ("You may also reply with one of these words: {words} (the board now, the rules, "
                 "undo your last move, a sign-in link, stop or restart the turn mails, leave the "
                 "game for good), or “bot greedy” to let a bot play your seat until you reply "
                 "“take back my seat”.",
                 "Vous pouvez aussi répondre par un de ces mots : {words} (le plateau maintenant, "
                 "les règles, annuler votre dernier coup, un lien de connexion, arrêter ou "
                 "relancer les courriels de tour, quitter la partie pour de bon), ou « robot "
                 "greedy » pour laisser un robot jouer votre place jusqu'à ce que vous "
                 "répondiez « reprendre ma place ».",
                 "Puoi anche rispondere con una di queste parole: {words} (il tabellone ora, le "
                 "regole, annullare la tua ultima mossa, un link di accesso, fermare o riattivare "
                 "le mail di turno, lasciare la partita per sempre), o «bot greedy» per far "
                 "giocare un bot al tuo posto finché non rispondi «riprendo il mio posto»."),
    "waiting.lines": ("Not applied — the game now waits for {who}: {lines}. Send them again when "
                      "it is your turn; a mail will tell you.",
                      "Pas appliqué — la partie attend maintenant {who} : {lines}. Renvoyez-les "
                      "quand ce sera à vous ; un courriel vous le dira.",
                      "Non applicato — la partita ora aspetta {who}: {lines}. Rimandale quando "
                      "toccherà a te; una mail te lo dirà."),
    "waiting.line": ("Not applied — the game now waits for {who}: {lines}. Send it again when "
                     "it is your turn; a mail will tell you.",
                     "Pas appliqué — la partie attend maintenant {who} : {lines}. Renvoyez-la "
                     "quand ce sera à vous ; un courriel vous le dira.",
                     "Non applicato — la partita ora aspetta {who}: {lines}. Rimandala quando "
                     "toccherà a te; una mail te lo dirà."),
    "refused.command": ("“{command}”: {refusal}", "« {command} » : {refusal}",
                        "«{command}»: {refusal}"),
    "waiting.now": ("The game now waits for {who}; a mail will tell you when it is your turn.",
                    "La partie attend maintenant {who} ; un courriel vous dira quand ce sera à "
                    "vous.",
                    "La partita ora aspetta {who}; una mail ti dirà quando toccherà a te."),
    "waiting.who": ("{name} ({what})", "{name} ({what})", "{name} ({what})"),
    # When what they must decide has brackets of its own: no brackets inside brackets.
    "waiting.who.long": ("{name}, who must {what}", "{name}, qui doit {what}",
                         "{name}, che deve {what}"),
    "waiting.system": ("the reveal", "la révélation", "la rivelazione"),
    # several players waiting on the same decision, named once
    "waiting.who.each": ("{names}, who must each {what}", "{names}, qui doivent chacun {what}",
                         "{names}, che devono ciascuno {what}"),
    "names.and": ("{first} and {last}", "{first} et {last}", "{first} e {last}"),
    "req.accept": ("Your seat is accepted.", "Votre place est acceptée.",
                   "Il tuo posto è accettato."),
    "req.accept.waiting": ("The game starts when these players have accepted too: {who}.",
                           "La partie commencera quand ces joueurs auront accepté aussi : {who}.",
                           "La partita inizierà quando avranno accettato anche: {who}."),
    "req.decline": ("You declined the invitation; the player who invited you is told. If you "
                    "change your mind, reply “{yes}”.",
                    "Vous avez décliné l'invitation ; la personne qui vous a invité est "
                    "prévenue. Si vous changez d'avis, répondez « {yes} ».",
                    "Hai rifiutato l'invito; chi ti ha invitato è avvisato. Se cambi idea, "
                    "rispondi «{yes}»."),
    "req.how": ("The game has not started: it starts when every invited player has accepted. "
                "Reply “{yes}” to accept your seat, or “{no}” to decline it.",
                "La partie n'a pas commencé : elle commence quand tous les invités ont accepté. "
                "Répondez « {yes} » pour accepter votre place, ou « {no} » pour la décliner.",
                "La partita non è iniziata: inizia quando tutti gli invitati hanno accettato. "
                "Rispondi «{yes}» per accettare il tuo posto, o «{no}» per rifiutarlo."),
    "req.link": ("Your sign-in link (valid 3 days, once): {link}",
                 "Votre lien de connexion (valable 3 jours, une fois) : {link}",
                 "Il tuo link di accesso (valido 3 giorni, una volta): {link}"),
    "req.board": ("Here is the game as it is now.", "Voici la partie telle qu'elle est "
                  "maintenant.", "Ecco la partita com'è ora."),
    "req.rules": ("How this game is played:", "Comment se joue cette partie :",
                  "Come si gioca questa partita:"),
    "req.options": ("This game's options:", "Les options de cette partie :",
                    "Le opzioni di questa partita:"),
    "notice.withdrawn": ("{who} took back a move: what you were asked to decide in game {game} "
                         "no longer stands. A mail will tell you when it is your turn again.",
                         "{who} a repris un coup : ce que vous deviez décider dans la partie "
                         "{game} ne tient plus. Un courriel vous dira quand ce sera de nouveau à "
                         "vous.",
                         "{who} ha ritirato una mossa: quello che dovevi decidere nella partita "
                         "{game} non vale più. Una mail ti dirà quando toccherà di nuovo a te."),
    "notice.withdrawn.all": ("With everyone's consent, game {game} went back to an earlier move: "
                             "what you were asked to decide no longer stands. A mail will tell "
                             "you when it is your turn again.",
                             "Avec l'accord de tous, la partie {game} est revenue à un coup "
                             "antérieur : ce que vous deviez décider ne tient plus. Un courriel "
                             "vous dira quand ce sera de nouveau à vous.",
                             "Con il consenso di tutti, la partita {game} è tornata a una mossa "
                             "precedente: quello che dovevi decidere non vale più. Una mail ti "
                             "dirà quando toccherà di nuovo a te."),
    "scoring-notice": ("The scores have changed in game {game}: {what}",
                       "Les scores ont changé dans la partie {game} : {what}",
                       "I punteggi sono cambiati nella partita {game}: {what}"),
    "req.option": ("{caption}: {value}", "{caption} : {value}", "{caption}: {value}"),
    "req.option.yes": ("yes", "oui", "sì"),
    "req.option.no": ("no", "non", "no"),
    "req.undo": ("Done: your last move is undone.", "C'est fait : votre dernier coup est annulé.",
                 "Fatto: la tua ultima mossa è annullata."),
    "req.undo.moves": ("Done: your last move is undone — {moves}.",
                       "C'est fait : votre dernier coup est annulé — {moves}.",
                       "Fatto: la tua ultima mossa è annullata — {moves}."),
    "req.undo.kept": ("These stay: {moves}. The last of them revealed hidden information, which "
                      "only everyone's consent can undo.",
                      "Ceux-ci restent : {moves}. Le dernier a révélé une information cachée, ce "
                      "que seul l'accord de tous peut annuler.",
                      "Queste restano: {moves}. L'ultima ha rivelato un'informazione nascosta, "
                      "che solo il consenso di tutti può annullare."),
    "req.undo.refused": ("Your last move could not be undone: {why}",
                         "Votre dernier coup n'a pas pu être annulé : {why}",
                         "La tua ultima mossa non può essere annullata: {why}"),
    # after an own undo refused where only everyone's consent can undo (emails/requests.py)
    "req.undo.consent": ("To ask the other players to agree, reply {words}: each of them is "
                         "asked by mail, and once they all agree, your last move and everything "
                         "played since are undone.",
                         "Pour demander l'accord des autres joueurs, répondez {words} : chacun "
                         "d'eux est consulté par courriel et, quand tous ont accepté, votre "
                         "dernier coup et tout ce qui a été joué depuis sont annulés.",
                         "Per chiedere il consenso degli altri giocatori, rispondi {words}: "
                         "ognuno di loro riceve la richiesta per posta e, quando tutti sono "
                         "d'accordo, la tua ultima mossa e tutto ciò che è stato giocato dopo "
                         "vengono annullati."),
    "req.ask_undo": ("Asked: the other players are asked by mail to agree to undo your last move "
                     "and everything played since. It is undone once they all agree; if one of "
                     "them refuses, or the game moves on first, it stays.",
                     "C'est demandé : les autres joueurs sont consultés par courriel pour annuler "
                     "votre dernier coup et tout ce qui a été joué depuis. Il est annulé quand "
                     "tous ont accepté ; si l'un d'eux refuse, ou si la partie avance d'ici là, "
                     "il reste.",
                     "Richiesta fatta: agli altri giocatori viene chiesto per posta di annullare "
                     "la tua ultima mossa e tutto ciò che è stato giocato dopo. Viene annullata "
                     "quando tutti sono d'accordo; se uno di loro rifiuta, o se la partita va "
                     "avanti prima, resta."),
    "req.ask_undo.refused": ("Your undo request was not made: {why}",
                             "Votre demande d'annulation n'a pas été faite : {why}",
                             "La tua richiesta di annullamento non è stata fatta: {why}"),
    "req.approve": ("You agreed to the undo request.", "Vous avez accepté la demande "
                    "d'annulation.", "Hai accettato la richiesta di annullamento."),
    "req.refuse": ("You refused the undo request.", "Vous avez refusé la demande d'annulation.",
                   "Hai rifiutato la richiesta di annullamento."),
    "req.answer.none": ("There is no undo request waiting for your answer.",
                        "Aucune demande d'annulation n'attend votre réponse.",
                        "Nessuna richiesta di annullamento aspetta la tua risposta."),
    "req.answer.refused": ("Your answer to the undo request was not recorded: {why}",
                           "Votre réponse à la demande d'annulation n'a pas été enregistrée : "
                           "{why}",
                           "La tua risposta alla richiesta di annullamento non è stata "
                           "registrata: {why}"),
    "req.stop": ("Done: no more turn mails, reminders or digests. Reply “{restart}” to get them "
                 "again.",
                 "C'est fait : plus de courriels de tour, de rappels ni de résumés. Répondez « "
                 "{restart} » pour les recevoir de nouveau.",
                 "Fatto: niente più mail di turno, promemoria o riepiloghi. Rispondi «{restart}» "
                 "per riceverli di nuovo."),
    "req.restart": ("Done: the turn mails and reminders will come again.",
                    "C'est fait : les courriels de tour et les rappels reviendront.",
                    "Fatto: le mail di turno e i promemoria torneranno."),
    "accepted": ("Read as: {moves}. Done — your move is recorded.",
                 "Lu comme : {moves}. C'est fait — votre coup est enregistré.",
                 "Letto come: {moves}. Fatto — la tua mossa è registrata."),
    "accepted.ignored": ("Not read: {lines}.", "Non lu : {lines}.", "Non letto: {lines}."),
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
    "partly": ("{count:The first command of your reply was|The first # commands of your reply "
               "were} applied before the game refused the next.",
               "{count:La première commande de votre réponse a été appliquée|Les # premières "
               "commandes de votre réponse ont été appliquées} avant que la partie refuse la "
               "suivante.",
               "{count:Il primo comando della tua risposta è stato applicato|I primi # comandi "
               "della tua risposta sono stati applicati} prima che la partita rifiutasse il "
               "successivo."),
    "duplicate": ("This message was already received; it was not applied twice.",
                  "Ce message a déjà été reçu ; il n'a pas été appliqué deux fois.",
                  "Questo messaggio era già stato ricevuto; non è stato applicato due volte."),
    "unsubscribe": ("Stop these notifications: {link}", "Ne plus recevoir ces notifications : "
                    "{link}", "Non ricevere più queste notifiche: {link}"),
    # the same words as the HTML part's link (nothing follows them, so no colon)
    "unsubscribe.link": ("Stop these notifications", "Ne plus recevoir ces notifications",
                         "Non ricevere più queste notifiche"),
    "rules-link": ("The rules as this server plays them: {link}",
                   "Les règles telles que ce serveur les applique : {link}",
                   "Le regole come le applica questo server: {link}"),
    # the unsubscribe pages (/mail/unsubscribe/…), in the language of the player the ticket names
    # a new open game, to a player who asked for mail about the game's new open games
    "subject.open-game": ("{creator} opened a game of {title}: a seat for you?",
                          "{creator} a ouvert une partie du jeu {title} : une place pour vous ?",
                          "{creator} ha aperto una partita di {title}: un posto per te?"),
    "open-game": ("{creator} opened a game of {title} for {count} players; "
                  "{free:# seat is|# seats are} free.",
                  "{creator} a ouvert une partie du jeu {title} à {count} joueurs ; "
                  "{free:# place est libre|# places sont libres}.",
                  "{creator} ha aperto una partita di {title} per {count} giocatori; "
                  "{free:# posto è libero|# posti sono liberi}."),
    "open-game.options": ("Options: {options}.", "Options : {options}.", "Opzioni: {options}."),
    # an option and its value (a value may hold a colon itself: « courte : six manches »)
    "open-game.option": ("{caption} ({value})", "{caption} ({value})", "{caption} ({value})"),
    "open-game.separator": ("; ", " ; ", "; "),
    "open-game.hours": ("{hours:# hour|# hours} for each decision.",
                        "{hours:# heure|# heures} pour chaque décision.",
                        "{hours:# ora|# ore} per ogni decisione."),
    "open-game.languages": ("Languages welcome at the table: {languages}.",
                            "Langues bienvenues à la table : {languages}.",
                            "Lingue benvenute al tavolo: {languages}."),
    "open-game.any_language": ("Every language is welcome at the table.",
                               "Toutes les langues sont bienvenues à la table.",
                               "Tutte le lingue sono benvenute al tavolo."),
    "open-game.take": ("Take a seat on the list of open games (signed in, one click): {link}",
                       "Prenez une place dans la liste des parties ouvertes, en un clic une "
                       "fois la session ouverte : {link}",
                       "Prendi un posto nell'elenco delle partite aperte, con un clic dopo "
                       "l'accesso: {link}"),
    "open-game.stop": ("No more mail about new open games of {title}",
                       "Ne plus recevoir de courriel sur les nouvelles parties ouvertes du jeu "
                       "{title}",
                       "Non ricevere più email sulle nuove partite aperte di {title}"),
    "open-game.stop_line": ("No more mail about new open games of {title}: {link}",
                            "Ne plus recevoir de courriel sur les nouvelles parties ouvertes du "
                            "jeu {title} : {link}",
                            "Non ricevere più email sulle nuove partite aperte di {title}: "
                            "{link}"),
    "unsub.game_ask": ("Stop the mail about new open games of {title}?",
                       "Ne plus recevoir de courriel sur les nouvelles parties ouvertes du jeu "
                       "{title} ?",
                       "Non ricevere più email sulle nuove partite aperte di {title}?"),
    "unsub.game_done": ("Done: no more mail about new open games of {title}.",
                        "C'est fait : plus de courriel sur les nouvelles parties ouvertes du "
                        "jeu {title}.",
                        "Fatto: niente più email sulle nuove partite aperte di {title}."),
    # between a speaker's name and their words in a mail's table talk (« Chiara : … »)
    "talk.says": (":", "\u00a0:", ":"),
    # opening a game by mail (emails/opening.py)
    "subject.opening": ("Opening a game by mail", "Ouvrir une partie par courriel",
                        "Aprire una partita per email"),
    "subject.opening.opened": ("Your open game of {title} is listed",
                               "Votre partie ouverte du jeu {title} est affichée",
                               "La tua partita aperta di {title} è in elenco"),
    "opening.opened": ("Your open game of {title} for {count} players is on the list of open "
                       "games: {link} — it starts when its seats are taken, or when you start it "
                       "there with bots in the free seats.",
                       "Votre partie ouverte du jeu {title} à {count} joueurs est dans la liste "
                       "des parties ouvertes : {link} — elle commence quand ses places sont "
                       "prises, ou quand vous la lancez là-bas avec des robots aux places "
                       "libres.",
                       "La tua partita aperta di {title} per {count} giocatori è nell'elenco "
                       "delle partite aperte: {link} — inizia quando i posti sono presi, o "
                       "quando la avvii lì con dei bot nei posti liberi."),
    "opening.count": ("For how many players? {title} is played by {low} to {high}.",
                      "Pour combien de joueurs ? {title} se joue de {low} à {high}.",
                      "Per quanti giocatori? {title} si gioca da {low} a {high}."),
    "opening.refused": ("No game was opened: {why}", "Aucune partie n'a été ouverte : {why}",
                        "Nessuna partita è stata aperta: {why}"),
    "opening.help": ("To open a game by mail, reply with one line: “open”, the game and the "
                     "number of players, e.g. “open {example} 3” (add “in French” to say the "
                     "languages welcome). The games: {games}.",
                     "Pour ouvrir une partie par courriel, répondez par une ligne : « ouvrir », "
                     "le jeu et le nombre de joueurs, par exemple « ouvrir {example} 3 » "
                     "(ajoutez « en français » pour dire les langues bienvenues). Les jeux : "
                     "{games}.",
                     "Per aprire una partita per email, rispondi con una riga: «apri», il gioco "
                     "e il numero di giocatori, per esempio «apri {example} 3» (aggiungi «in "
                     "italiano» per dire le lingue benvenute). I giochi: {games}."),
    "unsub.title": ("Notifications", "Notifications", "Notifiche"),
    "unsub.ask": ("Stop the turn and reminder mails of every game?",
                  "Ne plus recevoir les courriels de tour et de rappel de toutes vos parties ?",
                  "Non ricevere più le mail di turno e i promemoria di tutte le partite?"),
    "unsub.stop": ("Stop them", "Ne plus les recevoir", "Non riceverle più"),
    "unsub.settings": ("Notification settings", "Réglages des notifications",
                       "Impostazioni delle notifiche"),
    "unsub.done": ("Done: no more turn and reminder mails.",
                   "C'est fait : plus de courriels de tour ni de rappel.",
                   "Fatto: niente più mail di turno né promemoria."),
    "unsub.settings_short": ("Settings", "Réglages", "Impostazioni"),
    "table.rank": ("rank", "rang", "posizione"),
    "table.player": ("player", "joueur", "giocatore"),
    "table.score": ("score", "score", "punti"),
}


WHEN = {"en": "EEEE d MMMM, HH:mm", "fr": "EEEE d MMMM, HH 'h' mm", "it": "EEEE d MMMM, HH:mm"}
"""How a deadline reads (Babel's CLDR patterns): "Tuesday 25 November, 18:00", "mardi 25 novembre,
18 h 00", "martedì 25 novembre, 18:00"."""


def when(value: datetime | str | None, lang: str = "en", zone: str | None = None) -> str:
    """A moment in the player's time zone and language, with the zone named ("mardi 25 novembre,
    18 h 00 (Europe/Paris)"); "—" when there is none. A stored ISO string (a reminder's payload)
    or an aware datetime; a naive one is UTC (what the database gives back on SQLite)."""
    from babel.dates import format_datetime

    if value in (None, ""):
        return "—"
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return value
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    try:
        tz = ZoneInfo(zone or "UTC")
    except Exception:  # an unknown zone name: UTC, said so
        tz, zone = ZoneInfo("UTC"), "UTC"
    lang = lang if lang in LANGUAGES else "en"
    return f"{format_datetime(value, WHEN[lang], tzinfo=tz, locale=lang)} ({zone or 'UTC'})"


add(TEXTS)


NBSP = "\u00a0"
_FRENCH_SPACE = re.compile(r"«[ \u00a0\u202f]*|[ \u00a0\u202f]*»")


def typography(text: str, lang: str) -> str:
    """A mail's text with French « … » kept on one line (non-breaking spaces inside, whatever
    space a text put there). The marks themselves are each language's in the catalogues (the
    `quoted` text for words quoted by code): nothing here rewrites what a sentence or a player
    wrote."""
    if lang == "fr":
        return _FRENCH_SPACE.sub(lambda m: f"«{NBSP}" if "«" in m.group() else f"{NBSP}»", text)
    return text
