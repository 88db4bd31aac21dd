"""Every word the web pages show, in English, French and Italian: the one catalogue for the web UI.

Only game-independent words live here: a game's sentences (the log), boards and decisions come
from its module's `texts` and `boards` facets (domain/core/game.py).
A test checks that every key has its three languages and that templates use only known keys.
"""

from __future__ import annotations

from domain.core.i18n import LANGUAGES
from service.i18n import LANGUAGE_NAMES, add, best_language, t

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "TEXTS", "best_language", "t"]

TEXTS: dict[str, tuple[str, str, str]] = {
    # table talk (service/talk.py)
    "talk.heading": ("Table talk", "Messages de la table", "Messaggi del tavolo"),
    "talk.colon": (":", "\u00a0:", ":"),
    "talk.none": ("Nobody has said anything yet.", "Personne n'a encore rien dit.",
                  "Nessuno ha ancora detto niente."),
    "talk.label": ("Your message", "Votre message", "Il tuo messaggio"),
    "talk.hint": ("Plain text, at most {max} characters; links are shown as text.",
                  "Texte simple, au plus {max} caractères ; les liens sont affichés comme du "
                  "texte.",
                  "Testo semplice, al massimo {max} caratteri; i link sono mostrati come testo."),
    "talk.to_label": ("To", "À", "A"),
    "talk.everyone": ("the whole table", "toute la table", "tutto il tavolo"),
    "talk.only": ("{name} only (private)", "{name} seulement (privé)", "solo {name} (privato)"),
    "talk.to": ("to {name} only", "à {name} seulement", "solo a {name}"),
    "talk.send": ("Send", "Envoyer", "Invia"),
    "talk.sent_all": ("Sent to the table: “{text}”.", "Envoyé à la table : « {text} ».",
                      "Inviato al tavolo: «{text}»."),
    "talk.sent_one": ("Sent to {name} only: “{text}”.",
                      "Envoyé à {name} seulement : « {text} ».",
                      "Inviato solo a {name}: «{text}»."),
    "talk.mutes": ("Mute a player", "Mettre un joueur en sourdine", "Silenzia un giocatore"),
    "talk.mute": ("Mute {name}", "Ne plus lire {name}", "Silenzia {name}"),
    "talk.unmute": ("Read {name} again", "Lire {name} de nouveau", "Leggi di nuovo {name}"),
    "settings.talk": ("Table talk by mail", "Messages de la table par courriel",
                      "Messaggi del tavolo via email"),
    "settings.talk.next": ("in the game's next mail", "dans le prochain courriel de la partie",
                           "nella prossima email della partita"),
    "settings.talk.now": ("a mail at once", "un courriel aussitôt", "un'email subito"),
    "settings.talk.digest": ("one mail a day", "un courriel par jour", "un'email al giorno"),
    "settings.talk.off": ("never by mail (on the page only)",
                          "jamais par courriel (sur la page seulement)",
                          "mai via email (solo sulla pagina)"),
    # navigation and account
    "nav.games": ("My games", "Mes parties", "Le mie partite"),
    "nav.settings": ("Settings", "Réglages", "Impostazioni"),
    "nav.sign_in": ("Sign in", "Se connecter", "Accedi"),
    "nav.sign_out": ("Sign out", "Se déconnecter", "Esci"),
    "nav.skip": ("Skip to content", "Aller au contenu", "Vai al contenuto"),
    "signin.title": ("Sign in by email", "Connexion par e-mail", "Accesso via e-mail"),
    "signin.intro": ("Give your email address: we send you a link that signs you in, no password "
                     "needed.",
                     "Donnez votre adresse e-mail : nous vous envoyons un lien de connexion, sans "
                     "mot de passe.",
                     "Indica il tuo indirizzo e-mail: ti mandiamo un link per accedere, senza "
                     "password."),
    "signin.email": ("Email address", "Adresse e-mail", "Indirizzo e-mail"),
    "signin.send": ("Send me a sign-in link", "Envoyez-moi un lien", "Mandami un link"),
    "signin.sent": ("If this address belongs to a player, a sign-in link is on its way. It works "
                    "once, for 3 days.",
                    "Si cette adresse est celle d'un joueur, un lien de connexion est en route. Il "
                    "sert une fois, pendant 3 jours.",
                    "Se questo indirizzo appartiene a un giocatore, un link di accesso è in arrivo. "
                    "Funziona una volta, per 3 giorni."),
    "signin.bad_email": ("That is not an email address.", "Ce n'est pas une adresse e-mail.",
                         "Questo non è un indirizzo e-mail."),
    "signin.confirm_title": ("Finish signing in", "Terminer la connexion", "Completa l'accesso"),
    "signin.confirm": ("Sign in on this device", "Me connecter sur cet appareil",
                       "Accedi su questo dispositivo"),
    "signin.confirm_why": ("One more click, so that a mail program opening the link cannot use it "
                           "up.",
                           "Encore un clic, pour qu'un logiciel de messagerie qui ouvre le lien ne "
                           "puisse pas l'épuiser.",
                           "Ancora un clic, così un programma di posta che apre il link non può "
                           "consumarlo."),
    "signin.failed": ("Sign-in failed: {detail}", "Échec de la connexion : {detail}",
                      "Accesso non riuscito: {detail}"),
    # 429s (service/web/ratelimit.py); {wait} is like "7 min" or "3 h 5 min"
    "limit.sign_in": ("Too many sign-in links have been asked for; try again in {wait}.",
                      "Trop de liens de connexion ont été demandés ; réessayez dans {wait}.",
                      "Sono stati chiesti troppi link di accesso; riprova tra {wait}."),
    "limit.invitee": ("{email} has received too many invitations; try again in {wait}.",
                      "{email} a reçu trop d'invitations ; réessayez dans {wait}.",
                      "{email} ha ricevuto troppi inviti; riprova tra {wait}."),
    "limit.inviter": ("You have sent too many invitations; try again in {wait}.",
                      "Vous avez envoyé trop d'invitations ; réessayez dans {wait}.",
                      "Hai inviato troppi inviti; riprova tra {wait}."),
    "signin.needed": ("Sign in to see your games.", "Connectez-vous pour voir vos parties.",
                      "Accedi per vedere le tue partite."),
    "signed_out": ("You are signed out.", "Vous êtes déconnecté.", "Sei uscito."),
    # my games
    "games.title": ("My games", "Mes parties", "Le mie partite"),
    "games.none": ("You have no game yet.", "Vous n'avez pas encore de partie.",
                   "Non hai ancora partite."),
    "games.game": ("Game", "Partie", "Partita"),
    "games.players": ("Players", "Joueurs", "Giocatori"),
    "games.status": ("Status", "État", "Stato"),
    "games.waiting": ("Waiting for", "En attente de", "In attesa di"),
    "games.deadline": ("Deadline", "Échéance", "Scadenza"),
    "games.your_turn": ("Your turn", "À vous", "Tocca a te"),
    "games.you": ("You", "Vous", "Tu"),  # the games list's "Waiting for" column
    "status.invited": ("invitations out", "invitations envoyées", "inviti inviati"),
    "status.active": ("in play", "en cours", "in corso"),
    "status.over": ("over", "terminée", "finita"),
    # game page
    "game.rules": ("The rules of this game", "Les règles de ce jeu", "Le regole di questo gioco"),
    # a game plays the rules version it was created under (domain.core.game: rules_version)
    "game.rules_version": ("This game plays version {version} of the rules, the current one.",
                           "Cette partie suit la version {version} des règles, l'actuelle.",
                           "Questa partita segue la versione {version} delle regole, quella "
                           "attuale."),
    "game.rules_version_old": ("This game plays version {version} of the rules, the one it was "
                               "created under; new games play version {current}.",
                               "Cette partie suit la version {version} des règles, celle sous "
                               "laquelle elle a été créée ; les nouvelles parties suivent la "
                               "version {current}.",
                               "Questa partita segue la versione {version} delle regole, quella "
                               "con cui è stata creata; le nuove partite seguono la versione "
                               "{current}."),
    "game.rules_changes": ("What changed", "Ce qui a changé", "Che cosa è cambiato"),
    "rules.version": ("These are the rules of version {version}, which games created now play. "
                      "A game keeps the version it was created under: its page says which.",
                      "Voici les règles de la version {version}, celle des parties créées "
                      "maintenant. Une partie garde la version sous laquelle elle a été créée : "
                      "sa page dit laquelle.",
                      "Ecco le regole della versione {version}, quella delle partite create ora. "
                      "Una partita mantiene la versione con cui è stata creata: la sua pagina "
                      "dice quale."),
    "game.title": ("{name} (game {id})", "{name} (partie {id})", "{name} (partita {id})"),
    "game.you_play": ("You play {colour}.", "Vous jouez {colour}.", "Giochi con il {colour}."),
    "game.spectator": ("You are watching (spectator view).", "Vous regardez (vue spectateur).",
                       "Stai guardando (vista spettatore)."),
    "game.not_started": ("The game has not started: waiting for the players to accept.",
                         "La partie n'a pas commencé : en attente des joueurs.",
                         "La partita non è iniziata: in attesa dei giocatori."),
    "game.invited": ("A seat is waiting for you in this game: accept it to play. The game starts "
                     "when everyone invited has accepted.",
                     "Une place vous attend dans cette partie : acceptez-la pour jouer. La partie "
                     "commence quand tous les invités ont accepté.",
                     "Un posto ti aspetta in questa partita: accettalo per giocare. La partita "
                     "inizia quando tutti gli invitati hanno accettato."),
    "game.accept": ("Accept my seat", "Accepter ma place", "Accetta il mio posto"),
    "game.accepted": ("You have accepted your seat.", "Vous avez accepté votre place.",
                      "Hai accettato il tuo posto."),
    "game.started_now": ("Everyone has accepted: the game has started.",
                         "Tout le monde a accepté : la partie a commencé.",
                         "Tutti hanno accettato: la partita è iniziata."),
    "game.bot_about": ("Bot ({level}) playing for {name}: {about}.",
                       "Bot ({level}) qui joue pour {name}\u00a0: {about}.",
                       "Bot ({level}) che gioca per {name}: {about}."),
    # a bot's own seat: its name says it is a bot and its level ("Bot 2 (strong)")
    "game.bot_seat_about": ("{name}: {about}.", "{name}\u00a0: {about}.", "{name}: {about}."),
    "game.to_accept": ("Invitation not yet accepted by: {who}.",
                       "Invitation pas encore acceptée par : {who}.",
                       "Invito non ancora accettato da: {who}."),
    "game.over": ("The game is over.", "La partie est terminée.", "La partita è finita."),
    "game.board": ("The board", "Le plateau", "Il tabellone"),
    "game.board_table": ("The board as a table", "Le plateau en tableau",
                         "Il tabellone come tabella"),
    "game.stack": ("Stack {stack}", "Pile {stack}", "Mazzo {stack}"),
    "game.given_setup": (
        "Given set-up: {what} was set by {who}, who created the game and knows it.",
        "Mise en place imposée : {what} a été fixé par {who}, qui a créé la partie et le connaît.",
        "Preparazione imposta: {what} è stato fissato da {who}, che ha creato la partita e lo "
        "conosce."),
    "game.log": ("What happened", "Ce qui s'est passé", "Cosa è successo"),
    "game.log_empty": ("Nothing yet.", "Rien pour l'instant.", "Ancora niente."),
    "game.log_numbers": ("Each line is numbered by the game's step, as in the replay; the steps "
                         "that tell you nothing (hidden moves, inner steps) are not listed, so "
                         "the numbers may skip.",
                         "Chaque ligne porte le numéro de l'étape de la partie, comme quand on "
                         "revoit la partie ; les étapes qui ne vous disent rien (coups cachés, étapes "
                         "internes) ne sont pas listées, les numéros peuvent donc sauter.",
                         "Ogni riga porta il numero del passo della partita, come quando si "
                         "rivede la partita; i passi che non ti dicono niente (mosse nascoste, passi "
                         "interni) non sono elencati, quindi i numeri possono saltare."),
    "game.log_earlier": ("Earlier in the game", "Plus tôt dans la partie", "Prima nella partita"),
    "game.log_back": ("Back to the game", "Retour à la partie", "Torna alla partita"),
    "game.turn_of": ("{who} to play", "À {who} de jouer", "Tocca a {who}"),
    "game.waiting_for": ("Waiting for {who}.", "En attente {who:de}.", "In attesa di {who}."),
    "game.ranking": ("Final ranking", "Classement final", "Classifica finale"),
    "game.replay": ("Replay the game", "Revoir la partie", "Rivedi la partita"),
    "game.spectate": ("Spectator view", "Vue spectateur", "Vista spettatore"),
    "game.you": ("you", "vous", "tu"),
    "game.you_must": ("You must {what}.", "Vous devez {what}.", "Devi {what}."),
    "game.forms": ("The same moves as forms (keyboard, screen reader)",
                   "Les mêmes coups en formulaires (clavier, lecteur d'écran)",
                   "Le stesse mosse in moduli (tastiera, lettore di schermo)"),
    "game.undone": ("undone", "annulé", "annullato"),
    "game.refresh": ("Refresh", "Actualiser", "Aggiorna"),
    # decisions
    "decide.title": ("Your move", "À vous de jouer", "La tua mossa"),
    "decide.none": ("Nothing to decide right now.", "Rien à décider pour l'instant.",
                    "Niente da decidere per ora."),
    "decide.secret": ("Secret choice: nobody sees it until everyone has chosen.",
                      "Choix secret : personne ne le voit avant que tous aient choisi.",
                      "Scelta segreta: nessuno la vede finché tutti non hanno scelto."),
    "decide.secret_done": ("Your secret choice: {choice}. Waiting for the others.",
                           "Votre choix secret : {choice}. En attente des autres.",
                           "La tua scelta segreta: {choice}. In attesa degli altri."),
    # the widgets of the typed constraints (the game gives every other word of its forms)
    "decide.map_count_hint": ("Click a highlighted place on the map to add one; or type the "
                              "numbers.",
                              "Cliquez sur un lieu en surbrillance de la carte pour en ajouter un ; "
                              "ou tapez les nombres.",
                              "Clicca un luogo evidenziato sulla mappa per aggiungerne uno; "
                              "oppure scrivi i numeri."),
    "decide.total": ("In all: {n} of at most {max}", "En tout : {n} sur {max} au plus",
                     "In tutto: {n} su un massimo di {max}"),
    "decide.chosen": ("Chosen: {n} of {max}", "Sélection : {n} sur {max}",
                      "Selezione: {n} su {max}"),
    "decide.chosen_between": ("Chosen: {n} (from {min} to {max})",
                              "Sélection : {n} (de {min} à {max})",
                              "Selezione: {n} (da {min} a {max})"),
    "decide.total_exactly": ("In all: {n} of exactly {total}", "En tout\u00a0: {n} sur {total} exactement",
                             "In tutto: {n} su esattamente {total}"),
    "decide.cost": ("Cost: {n}", "Coût\u00a0: {n}", "Costo: {n}"),
    "decide.clear": ("Clear", "Effacer", "Azzera"),
    "decide.from": ("From", "De", "Da"),
    "decide.to": ("To", "Vers", "A"),
    "decide.count": ("How many", "Combien", "Quanti"),
    "decide.whose": ("Whose", "À qui", "Di chi"),
    "decide.move": ("Move {n}", "Déplacement {n}", "Spostamento {n}"),
    "decide.cell": ("Cell", "Case", "Casella"),
    "decide.rotation": ("Rotation", "Rotation", "Rotazione"),
    "decide.row": ("Choice", "Choix", "Scelta"),
    "decide.route": ("{whose}: {from} → {to}", "{whose}\u00a0: {from} → {to}",
                     "{whose}: {from} → {to}"),
    "decide.submit": ("Send", "Envoyer", "Invia"),
    "decide.failed": ("Not done: {detail}", "Pas fait : {detail}", "Non fatto: {detail}"),
    "decide.done": ("Done.", "C'est fait.", "Fatto."),
    "text.title": ("Type your move", "Tapez votre coup", "Scrivi la tua mossa"),
    "text.label": ("Your move, as in a mail reply", "Votre coup, comme dans une réponse par mail",
                   "La tua mossa, come in una risposta per e-mail"),
    "text.hint": ("The same commands as in a mail reply; several in one text are fine, one per "
                  "line or separated by commas. What you can write now:",
                  "Les mêmes commandes que dans une réponse par mail ; plusieurs à la fois, une "
                  "par ligne ou séparées par des virgules. Ce que vous pouvez écrire maintenant :",
                  "Gli stessi comandi di una risposta per e-mail; anche più di uno, uno per riga "
                  "o separati da virgole. Cosa puoi scrivere ora:"),
    "text.submit": ("Play", "Jouer", "Gioca"),
    "text.empty": ("Type a move first.", "Tapez d'abord un coup.", "Scrivi prima una mossa."),
    "text.played": ("Played: {moves}", "Joué : {moves}", "Giocato: {moves}"),
    "text.ignored": ("Ignored (not commands): {lines}", "Ignoré (pas des commandes) : {lines}",
                     "Ignorato (non sono comandi): {lines}"),
    "text.waiting": ("Not played — the game now waits for another player before these: {lines}. "
                     "Type them again when it is your turn.",
                     "Pas joué — la partie attend maintenant un autre joueur avant ceci : "
                     "{lines}. Retapez-le quand ce sera à vous.",
                     "Non giocato — la partita ora aspetta un altro giocatore prima di questo: "
                     "{lines}. Riscrivilo quando toccherà a te."),
    "text.refused": ("Not played, nothing changed: {why}",
                     "Pas joué, rien n'a changé : {why}",
                     "Non giocato, nulla è cambiato: {why}"),
    "text.partly": ("The game moved meanwhile: {count:# command went|# commands went} in "
                    "({moves}), then one was refused.",
                    "La partie a avancé entre-temps : {count:# commande jouée|# commandes jouées} "
                    "({moves}), puis une refusée.",
                    "La partita è andata avanti nel frattempo: {count:# comando giocato|# comandi "
                    "giocati} ({moves}), poi uno rifiutato."),
    "text.allowed": ("What you can write now: {lines}", "Ce que vous pouvez écrire maintenant : "
                     "{lines}", "Cosa puoi scrivere ora: {lines}"),
    "decide.json": ("Parameters as JSON (advanced)", "Paramètres en JSON (avancé)",
                    "Parametri in JSON (avanzato)"),
    # undo
    "undo.button": ("Undo my last move", "Annuler mon dernier coup", "Annulla la mia ultima mossa"),
    "undo.done": ("Undone.", "Annulé.", "Annullato."),
    "undo.failed": ("Undo refused: {detail}", "Annulation refusée : {detail}",
                    "Annullamento rifiutato: {detail}"),
    # replay
    "replay.title": ("Replay of {name} (game {id})", "Revoir {name} (partie {id})",
                     "Rivedi {name} (partita {id})"),
    "replay.step": ("After event {at} of {last}", "Après l'événement {at} sur {last}",
                    "Dopo l'evento {at} di {last}"),
    "replay.first": ("First", "Début", "Inizio"),
    "replay.prev": ("Previous", "Précédent", "Precedente"),
    "replay.next": ("Next", "Suivant", "Successivo"),
    "replay.last": ("Last", "Fin", "Fine"),
    "replay.only_over": ("The replay opens once the game is over.",
                         "Le replay s'ouvre une fois la partie terminée.",
                         "Il replay si apre a partita finita."),
    "replay.cannot_show": ("The board cannot be shown at this point; step on.",
                           "Le plateau ne peut pas être montré à ce moment ; avancez.",
                           "Il tabellone non si può mostrare in questo punto; vai avanti."),
    "replay.this_event": ("This event", "Cet événement", "Questo evento"),
    # settings
    "settings.title": ("Settings", "Réglages", "Impostazioni"),
    "settings.name": ("Display name", "Nom affiché", "Nome visualizzato"),
    "settings.language": ("Language", "Langue", "Lingua"),
    "settings.time_zone": ("Time zone", "Fuseau horaire", "Fuso orario"),
    "settings.notifications": ("Email notifications", "Notifications par e-mail",
                               "Notifiche via e-mail"),
    "settings.notify.each": ("Every time it is my turn", "Chaque fois que c'est mon tour",
                             "Ogni volta che tocca a me"),
    "settings.notify.daily": ("One daily summary", "Un résumé par jour", "Un riepilogo al giorno"),
    "settings.notify.none": ("None (I check the site)", "Aucune (je regarde le site)",
                             "Nessuna (guardo il sito)"),
    "settings.vacation": ("On vacation until (deadlines wait)",
                          "En vacances jusqu'au (les échéances attendent)",
                          "In vacanza fino al (le scadenze aspettano)"),
    "settings.vacation_hint": ("Leave empty when you are not away. A vacation lasts at most "
                               "{days} days and ends within {within} days; at most {count} at "
                               "once.",
                               "Laissez vide si vous n'êtes pas absent. Des vacances durent au "
                               "plus {days} jours et finissent dans les {within} jours ; au plus "
                               "{count} à la fois.",
                               "Lascia vuoto se non sei via. Una vacanza dura al massimo {days} "
                               "giorni e finisce entro {within} giorni; al massimo {count} alla "
                               "volta."),
    "settings.email": ("Email address", "Adresse e-mail", "Indirizzo e-mail"),
    "settings.email_hint": ("A link is sent to the address you give: it becomes yours once you "
                            "open it. Give your address again to say that it works again.",
                            "Un lien est envoyé à l'adresse indiquée : elle devient la vôtre une "
                            "fois le lien ouvert. Indiquez de nouveau votre adresse pour dire "
                            "qu'elle fonctionne de nouveau.",
                            "Un link viene inviato all'indirizzo indicato: diventa il tuo "
                            "quando lo apri. Indica di nuovo il tuo indirizzo per dire che "
                            "funziona di nuovo."),
    "settings.email_send": ("Send the confirmation link", "Envoyer le lien de confirmation",
                            "Invia il link di conferma"),
    "settings.email_sent": ("A confirmation link was sent to {email}: open it to use this "
                            "address.",
                            "Un lien de confirmation a été envoyé à {email} : ouvrez-le pour "
                            "utiliser cette adresse.",
                            "Un link di conferma è stato inviato a {email}: aprilo per usare "
                            "questo indirizzo."),
    "settings.email_failing": ("The mails sent to your address come back undelivered "
                               "({reason}): you no longer receive the game mails, not even when "
                               "it is your turn. Give an address that works below.",
                               "Les courriels envoyés à votre adresse reviennent sans avoir été "
                               "remis ({reason}) : vous ne recevez plus les courriels des "
                               "parties, pas même quand c'est votre tour. Indiquez ci-dessous une "
                               "adresse qui fonctionne.",
                               "Le email inviate al tuo indirizzo tornano indietro senza essere "
                               "consegnate ({reason}): non ricevi più le email delle partite, "
                               "nemmeno quando è il tuo turno. Indica qui sotto un indirizzo che "
                               "funziona."),
    "email.confirm_title": ("Confirm your address", "Confirmez votre adresse",
                            "Conferma il tuo indirizzo"),
    "email.confirm_why": ("Press the button to receive your game mails at {email}.",
                          "Appuyez sur le bouton pour recevoir les courriels de vos parties à "
                          "{email}.",
                          "Premi il pulsante per ricevere le email delle tue partite a {email}."),
    "email.confirm": ("Use this address", "Utiliser cette adresse", "Usa questo indirizzo"),
    "email.confirmed": ("Your address is now {email}: the game mails go there.",
                        "Votre adresse est désormais {email} : les courriels des parties y "
                        "arrivent.",
                        "Il tuo indirizzo ora è {email}: le email delle partite arrivano lì."),
    "game.mail_failing": ("The mails sent to {name} come back undelivered: {name} is not told "
                          "when it is their turn, until they give another address in their "
                          "settings.",
                          "Les courriels envoyés à {name} reviennent sans avoir été remis : "
                          "{name} ne reçoit pas l'annonce de son tour tant qu'une autre adresse "
                          "n'est pas indiquée dans ses réglages.",
                          "Le email inviate a {name} tornano indietro senza essere consegnate: "
                          "{name} non riceve l'avviso del suo turno finché non indica un altro "
                          "indirizzo nelle sue impostazioni."),
    "game.mail_failing_mine": ("The mails sent to your address come back undelivered: you are "
                               "not told when it is your turn. Give another address in your "
                               "settings.",
                               "Les courriels envoyés à votre adresse reviennent sans avoir été "
                               "remis : vous ne recevez pas l'annonce de votre tour. Indiquez "
                               "une autre adresse dans vos réglages.",
                               "Le email inviate al tuo indirizzo tornano indietro senza essere "
                               "consegnate: non ricevi l'avviso del tuo turno. Indica un altro "
                               "indirizzo nelle tue impostazioni."),
    "settings.save": ("Save", "Enregistrer", "Salva"),
    "settings.saved": ("Saved.", "Enregistré.", "Salvato."),
    "settings.invalid": ("Not saved: {detail}", "Non enregistré : {detail}", "Non salvato: {detail}"),
    "settings.bad_date": ("The vacation date must look like 2026-08-31.",
                          "La date de vacances doit ressembler à 2026-08-31.",
                          "La data delle vacanze deve essere come 2026-08-31."),
    # errors
    "error.title": ("Something is wrong", "Quelque chose ne va pas", "Qualcosa non va"),
    "error.not_found": ("There is no such page or game.", "Cette page ou cette partie n'existe pas.",
                        "Questa pagina o partita non esiste."),
    "error.csrf": ("The form had expired; please try again.", "Le formulaire avait expiré ; "
                   "réessayez.", "Il modulo era scaduto; riprova."),
    "error.back": ("Back", "Retour", "Indietro"),
    # seats that change hands (service/seats.py) and one's own data (service/account.py)
    "seat.title": ("Your seat", "Votre place", "Il tuo posto"),
    "seat.bot_plays": ("A bot ({level}) plays your seat for you; you still see it.",
                       "Un robot ({level}) joue votre place pour vous ; vous la voyez toujours.",
                       "Un bot ({level}) gioca il tuo posto per te; lo vedi ancora."),
    "seat.take_back": ("Play my seat again", "Rejouer ma place", "Giocare di nuovo il mio posto"),
    "seat.bot_level": ("Let a bot play for me, level:", "Laisser un robot jouer pour moi, niveau :",
                       "Far giocare un bot per me, livello:"),
    "seat.hand_to_bot": ("Hand my seat to the bot", "Confier ma place au robot",
                         "Affidare il mio posto al bot"),
    "seat.offer_to": ("Offer a seat to someone else (their address):",
                      "Proposer une place à quelqu'un d'autre (son adresse) :",
                      "Offrire un posto a qualcun altro (il suo indirizzo):"),
    "seat.which": ("Which seat:", "Quelle place :", "Quale posto:"),
    "seat.offer": ("Offer the seat", "Proposer la place", "Offrire il posto"),
    "seat.resign": ("Resign this game…", "Abandonner cette partie…", "Ritirarsi da questa partita…"),
    "seat.resign_what": ("You leave the game for good: {then} You will no longer see your seat.",
                         "Vous quittez la partie pour de bon : {then} Vous ne verrez plus votre "
                         "place.",
                         "Lasci la partita per sempre: {then} Non vedrai più il tuo posto."),
    "seat.then.bot": ("a bot ({level}) plays it from now on, and the others may offer it to "
                      "someone else.",
                      "un robot ({level}) la joue désormais, et les autres peuvent la proposer "
                      "à quelqu'un d'autre.",
                      "da ora la gioca un bot ({level}), e gli altri possono offrirlo a "
                      "qualcun altro."),
    "seat.then.open": ("it stays open until someone the others invite takes it.",
                       "elle reste libre jusqu'à ce que quelqu'un que les autres invitent la "
                       "prenne.",
                       "resta libero finché qualcuno invitato dagli altri non lo prende."),
    "seat.resign_sure": ("Yes, I resign this game", "Oui, j'abandonne cette partie",
                         "Sì, mi ritiro da questa partita"),
    "seat.resign_button": ("Resign", "Abandonner", "Ritirarsi"),
    "seat.resign_confirm_js": ("Resign this game for good?", "Abandonner cette partie pour de "
                               "bon ?", "Ritirarsi da questa partita per sempre?"),
    "seat.confirm_first": ("Tick the box to confirm that you resign; nothing was changed.",
                           "Cochez la case pour confirmer que vous abandonnez ; rien n'a été "
                           "changé.",
                           "Spunta la casella per confermare che ti ritiri; niente è stato "
                           "cambiato."),
    "seat.failed": ("Nothing was changed: {detail}", "Rien n'a été changé : {detail}",
                    "Niente è stato cambiato: {detail}"),
    "seat.resigned": ("You resigned this game.", "Vous avez abandonné cette partie.",
                      "Ti sei ritirato da questa partita."),
    "seat.to_bot": ("A bot plays your seat now.", "Un robot joue votre place maintenant.",
                    "Ora un bot gioca il tuo posto."),
    "seat.taken_back": ("You play your seat again.", "Vous jouez de nouveau votre place.",
                        "Giochi di nuovo il tuo posto."),
    "seat.offered": ("The seat is offered: it changes hands when they accept.",
                     "La place est proposée : elle changera de main quand la personne "
                     "acceptera.",
                     "Il posto è offerto: cambierà mano quando la persona accetterà."),
    "seat.offer_for_you": ("You are offered the seat of {seat} in this game.",
                           "On vous propose la place de {seat} dans cette partie.",
                           "Ti viene offerto il posto di {seat} in questa partita."),
    "seat.accept_offer": ("Take this seat", "Prendre cette place", "Prendere questo posto"),
    "seat.decline_offer": ("No, thanks", "Non merci", "No, grazie"),
    "seat.offer_accepted": ("The seat is yours: you play it from here.",
                            "La place est à vous : vous la jouez à partir d'ici.",
                            "Il posto è tuo: lo giochi da qui."),
    "seat.offer_declined": ("You declined the seat.", "Vous avez décliné la place.",
                            "Hai rifiutato il posto."),
    "log.seat.resigned.bot": ("{who} resigned; a bot ({level}) plays the seat.",
                              "{who} a abandonné ; un robot ({level}) joue la place.",
                              "{who} si è ritirato; un bot ({level}) gioca il posto."),
    "log.seat.resigned.open": ("{who} resigned; the seat is open.",
                               "{who} a abandonné ; la place est libre.",
                               "{who} si è ritirato; il posto è libero."),
    "log.seat.handed": ("{to} takes over the seat of {who}.", "{to} reprend la place de {who}.",
                        "{to} prende il posto di {who}."),
    "log.seat.bot": ("{who} handed the seat to a bot ({level}).",
                     "{who} a confié sa place à un robot ({level}).",
                     "{who} ha affidato il suo posto a un bot ({level})."),
    "log.seat.back": ("{who} plays the seat again.", "{who} joue de nouveau sa place.",
                      "{who} gioca di nuovo il suo posto."),
    "create.leave_to": ("When a player resigns, their seat goes to:",
                        "Quand un joueur abandonne, sa place va à :",
                        "Quando un giocatore si ritira, il suo posto va a:"),
    "create.leave_to.bot": ("a bot ({level})", "un robot ({level})", "un bot ({level})"),
    "create.leave_to.open": ("nobody: it stays open for a replacement you invite",
                             "personne : elle reste libre pour un remplaçant que vous invitez",
                             "nessuno: resta libero per un sostituto che invitate"),
    "settings.data": ("Your data", "Vos données", "I tuoi dati"),
    "settings.download": ("Download my data (JSON)", "Télécharger mes données (JSON)",
                          "Scaricare i miei dati (JSON)"),
    "settings.delete_what": ("Deleting your account resigns every game you play now; your name "
                             "and address leave the service, and your seats in finished games "
                             "read “Deleted account”. It cannot be undone.",
                             "Supprimer votre compte abandonne chaque partie que vous jouez en ce "
                             "moment ; votre nom et votre adresse quittent le service, et vos "
                             "places dans les parties terminées s'appellent « "
                             "Compte supprimé" " ». C'est définitif.",
                             "Eliminare il tuo account ti ritira da ogni partita in corso; il tuo "
                             "nome e il tuo indirizzo lasciano il servizio, e i tuoi posti nelle "
                             "partite finite si chiamano «Account eliminato». Non si può "
                             "annullare."),
    "settings.delete_confirm": ("Type your address to confirm:", "Tapez votre adresse pour "
                                "confirmer :", "Scrivi il tuo indirizzo per confermare:"),
    "settings.delete": ("Delete my account", "Supprimer mon compte", "Eliminare il mio account"),
    "settings.deleted": ("Your account is deleted.", "Votre compte est supprimé.",
                         "Il tuo account è eliminato."),
}


add(TEXTS)


# --- at a glance, the replay's jumps, the layout (issue 14 items 12-14): a separate block ---------
GLANCE: dict[str, tuple[str, str, str]] = {
    "games.where": ("Round and scores", "Manche et scores", "Round e punteggi"),
    "replay.jump": ("Jump to", "Aller à", "Vai a"),
    "replay.go": ("Show this step", "Voir cette étape", "Mostra questo passo"),
    "replay.step_label": ("Step number (1 to {last})", "Numéro d'étape (1 à {last})",
                          "Numero del passo (da 1 a {last})"),
    "replay.around": ("The log around this step", "Le journal autour de cette étape",
                      "Il registro attorno a questo passo"),
    "replay.revealed": ("The game is over: what was hidden during play is shown at every step.",
                        "La partie est terminée : ce qui était caché pendant le jeu est montré à "
                        "chaque étape.",
                        "La partita è finita: ciò che era nascosto durante il gioco è mostrato a "
                        "ogni passo."),
    "game.at_a_glance": ("At a glance", "En un coup d'œil", "A colpo d'occhio"),
    "game.map_zoom": ("Zoom the map", "Agrandir la carte", "Ingrandisci la mappa"),
    "game.map_fit": ("Whole map", "Carte entière", "Mappa intera"),
    "game.map_label": ("Map of the board", "Carte du plateau", "Mappa del tabellone"),
    "game.log_label": ("The game's log, newest first", "Le journal de la partie, le plus récent "
                       "d'abord", "Il registro della partita, dal più recente"),
}
TEXTS.update(GLANCE)
add(GLANCE)
CREATE: dict[str, tuple[str, str, str]] = {
    # the game page around a decision
    "decide.played": ("Done: {what}", "C'est fait : {what}", "Fatto: {what}"),
    "game.also_waiting": ("Also waiting for {who}.", "En attente aussi {who:de}.",
                          "In attesa anche di {who}."),
    "list.and": ("{first} and {last}", "{first} et {last}", "{first} e {last}"),
    "game.sign_in_to_accept": ("Invited? Sign in to accept your seat.",
                               "Invité ? Connectez-vous pour accepter votre place.",
                               "Sei invitato? Accedi per accettare il tuo posto."),
    "form.too_many": ("The form has too many fields (at most {most}).",
                      "Le formulaire a trop de champs ({most} au plus).",
                      "Il modulo ha troppi campi (al massimo {most})."),
    "form.bad_json": ("The JSON parameters are not valid JSON: {error}.",
                      "Les paramètres JSON ne sont pas du JSON valable : {error}.",
                      "I parametri JSON non sono JSON valido: {error}."),
    "form.json_object": ("The JSON parameters must be an object ({…}).",
                         "Les paramètres JSON doivent être un objet ({…}).",
                         "I parametri JSON devono essere un oggetto ({…})."),
    "form.not_number": ("“{typed}” is not a whole number.",
                        "« {typed} » n'est pas un nombre entier.",
                        "«{typed}» non è un numero intero."),
    "form.unreadable": ("The form could not be read; look at the game again and answer what it "
                        "asks now.",
                        "Le formulaire n'a pas pu être lu ; regardez de nouveau la partie et "
                        "répondez à ce qu'elle demande maintenant.",
                        "Il modulo non si è potuto leggere; guarda di nuovo la partita e rispondi "
                        "a ciò che chiede ora."),
    "invite.game": ("A game of {title} created by {who}.", "Une partie {title:de} créée par {who}.",
                    "Una partita di {title} creata da {who}."),
    "invite.option": ("{caption}: {value}", "{caption} : {value}", "{caption}: {value}"),
    "invite.players": ("Players, in seat order: {names}.",
                       "Joueurs, dans l'ordre des places : {names}.",
                       "Giocatori, nell'ordine dei posti: {names}."),
    "invite.turn": ("{hours:# hour|# hours} for each decision; when the time is up, {policy}.",
                    "{hours:# heure|# heures} pour chaque décision ; quand le temps est écoulé, "
                    "{policy}.",
                    "{hours:# ora|# ore} per ogni decisione; quando il tempo è scaduto, {policy}."),
    # the page to create a game (service/web/create.py)
    "games.new": ("Create a game", "Créer une partie", "Crea una partita"),
    "create.title": ("Create a game", "Créer une partie", "Crea una partita"),
    "create.game": ("Game", "Jeu", "Gioco"),
    "create.choose": ("Choose this game", "Choisir ce jeu", "Scegli questo gioco"),
    "create.seats": ("Players, in seat order ({low} to {high})",
                     "Joueurs, dans l'ordre des places (de {low} à {high})",
                     "Giocatori, nell'ordine dei posti (da {low} a {high})"),
    "create.seats_hint": ("Each invited player gets a mail and accepts on the game's page; the "
                          "game starts when the last of them accepts (at once with only you and "
                          "bots).",
                          "Chaque joueur invité reçoit un mail et accepte sur la page de la "
                          "partie ; elle commence quand le dernier a accepté (tout de suite avec "
                          "seulement vous et des bots).",
                          "Ogni giocatore invitato riceve una mail e accetta sulla pagina della "
                          "partita; la partita inizia quando l'ultimo ha accettato (subito con "
                          "solo te e dei bot)."),
    "create.seat": ("Seat {n}", "Place {n}", "Posto {n}"),
    "create.nobody": ("(nobody)", "(personne)", "(nessuno)"),
    "create.me": ("Me ({name})", "Moi ({name})", "Io ({name})"),
    "create.by_email": ("A player, by email address", "Un joueur, par son adresse e-mail",
                        "Un giocatore, tramite indirizzo e-mail"),
    "create.bot": ("Bot ({level})", "Bot ({level})", "Bot ({level})"),
    "create.bot_about": ("Bot ({level}): {about}.", "Bot ({level})\u00a0: {about}.",
                         "Bot ({level}): {about}."),
    "create.email_of": ("Email address for seat {n}", "Adresse e-mail pour la place {n}",
                        "Indirizzo e-mail per il posto {n}"),
    "create.email_placeholder": ("name@example.com", "nom@exemple.fr", "nome@esempio.it"),
    "create.yes": ("yes", "oui", "sì"),
    "create.no": ("no", "non", "no"),
    "create.turn": ("Time to play", "Temps pour jouer", "Tempo per giocare"),
    "create.turn_hours": ("Hours for each decision", "Heures pour chaque décision",
                          "Ore per ogni decisione"),
    "create.turn_hint": ("From 1 to {most} hours; reminders are mailed before the time is up.",
                         "De 1 à {most} heures ; des rappels sont envoyés avant la fin du délai.",
                         "Da 1 a {most} ore; i promemoria arrivano prima della scadenza."),
    "create.policy": ("When a player's time is up:", "Quand le temps d'un joueur est écoulé :",
                      "Quando il tempo di un giocatore è scaduto:"),
    "create.policy.default": ("the game plays the safe default move for them",
                              "la partie joue pour lui le coup par défaut, sans risque",
                              "la partita gioca per lui la mossa predefinita, senza rischi"),
    "create.policy.pause": ("the game waits for them (paused)",
                            "la partie l'attend (en pause)",
                            "la partita lo aspetta (in pausa)"),
    "create.policy.bot": ("a bot plays that decision for them",
                          "un bot prend cette décision pour lui",
                          "un bot prende quella decisione per lui"),
    "create.submit": ("Create the game", "Créer la partie", "Crea la partita"),
    "create.started": ("The game is created and has started.",
                       "La partie est créée et a commencé.",
                       "La partita è creata ed è iniziata."),
    "create.invited": ("The game is created. {count:The invitation went|The invitations went} to "
                       "{who}; the game starts when everyone has accepted.",
                       "La partie est créée. {count:L'invitation est partie|Les invitations sont "
                       "parties} vers {who} ; la partie commence quand tout le monde a accepté.",
                       "La partita è creata. {count:L'invito è partito|Gli inviti sono partiti} "
                       "per {who}; la partita inizia quando tutti hanno accettato."),
    "create.no_email": ("Seat {seat}: write the player's email address, or choose another kind "
                        "of seat.",
                        "Place {seat} : écrivez l'adresse e-mail du joueur, ou choisissez un "
                        "autre genre de place.",
                        "Posto {seat}: scrivi l'indirizzo e-mail del giocatore, o scegli un "
                        "altro tipo di posto."),
    "create.bad_email": ("Seat {seat}: “{email}” is not an email address (name@domain.org).",
                         "Place {seat} : « {email} » n'est pas une adresse e-mail "
                         "(nom@domaine.fr).",
                         "Posto {seat}: «{email}» non è un indirizzo e-mail (nome@dominio.it)."),
    "create.bot_email": ("Seat {seat}: {email} is a bot's address; choose a bot seat instead.",
                         "Place {seat} : {email} est l'adresse d'un bot ; choisissez plutôt une "
                         "place de bot.",
                         "Posto {seat}: {email} è l'indirizzo di un bot; scegli invece un posto "
                         "per un bot."),
    "create.bad_seat": ("Seat {seat}: choose who sits there from the list.",
                        "Place {seat} : choisissez dans la liste qui s'y assied.",
                        "Posto {seat}: scegli dall'elenco chi ci siede."),
    "create.same_player": ("Seat {seat}: {email} already has seat {other}; each seat needs its "
                           "own player.",
                           "Place {seat} : {email} a déjà la place {other} ; chaque place a "
                           "besoin de son propre joueur.",
                           "Posto {seat}: {email} ha già il posto {other}; ogni posto ha "
                           "bisogno del suo giocatore."),
    "create.bad_option": ("Choose one of the values of “{option}”.",
                          "Choisissez l'une des valeurs de « {option} ».",
                          "Scegli uno dei valori di «{option}»."),
    "create.bad_hours": ("The time for each decision is a whole number of hours from 1 to "
                         "{most}, not “{typed}”.",
                         "Le temps pour chaque décision est un nombre entier d'heures de 1 à "
                         "{most}, pas « {typed} ».",
                         "Il tempo per ogni decisione è un numero intero di ore da 1 a {most}, "
                         "non «{typed}»."),
    "create.bad_policy": ("Choose what happens when a player's time is up.",
                          "Choisissez ce qui se passe quand le temps d'un joueur est écoulé.",
                          "Scegli cosa succede quando il tempo di un giocatore è scaduto."),
}
TEXTS.update(CREATE)
add(CREATE)

MEET: dict[str, tuple[str, str, str]] = {
    # open games, profiles, leaderboards, the calendar feed (service/web/meet.py, issue 27)
    "nav.open_games": ("Open games", "Parties ouvertes", "Partite aperte"),
    "nav.profile": ("My profile", "Mon profil", "Il mio profilo"),
    "lobby.title": ("Open games", "Parties ouvertes", "Partite aperte"),
    "lobby.intro": ("Games waiting for players: take a free seat and the game starts when every "
                    "seat is taken. Nobody's address is shown.",
                    "Des parties attendent des joueurs : prenez une place libre, la partie "
                    "commence quand toutes les places sont prises. L'adresse de personne n'est "
                    "affichée.",
                    "Partite che aspettano giocatori: prendi un posto libero, la partita inizia "
                    "quando tutti i posti sono presi. L'indirizzo di nessuno è mostrato."),
    "lobby.none": ("No open game is waiting for players now.",
                   "Aucune partie ouverte n'attend de joueurs pour l'instant.",
                   "Nessuna partita aperta aspetta giocatori adesso."),
    "lobby.new": ("Open a game to players you do not know yet",
                  "Ouvrir une partie à des joueurs que vous ne connaissez pas encore",
                  "Apri una partita a giocatori che non conosci ancora"),
    "lobby.all_games": ("every game", "tous les jeux", "tutti i giochi"),
    "lobby.show": ("Show", "Afficher", "Mostra"),
    "lobby.game": ("Game", "Jeu", "Gioco"),
    "lobby.options": ("Options", "Options", "Opzioni"),
    "lobby.turn": ("Time to play", "Temps pour jouer", "Tempo per giocare"),
    "lobby.hours": ("{hours:# hour|# hours} a decision", "{hours:# heure|# heures} par décision",
                    "{hours:# ora|# ore} per decisione"),
    "lobby.languages": ("Languages welcome", "Langues bienvenues", "Lingue benvenute"),
    "lobby.any_language": ("any", "toutes", "tutte"),
    "lobby.who": ("Who is in", "Qui est là", "Chi c'è"),
    "lobby.free": ("{count:# free seat|# free seats} of {seats}",
                   "{count:# place libre|# places libres} sur {seats}",
                   "{count:# posto libero|# posti liberi} su {seats}"),
    "lobby.join": ("Take a seat", "Prendre une place", "Prendi un posto"),
    "lobby.leave": ("Give my seat back", "Rendre ma place", "Lascia il mio posto"),
    "lobby.remove": ("Free {name}'s seat", "Libérer la place de {name}",
                     "Libera il posto di {name}"),
    "lobby.start": ("Start now, bots in the free seats:", "Commencer maintenant, des robots aux "
                    "places libres :", "Inizia ora, bot nei posti liberi:"),
    "lobby.start_button": ("Start", "Commencer", "Inizia"),
    "lobby.you_created": ("your game", "votre partie", "la tua partita"),
    "lobby.joined": ("You have a seat: the game starts when every seat is taken.",
                     "Vous avez une place : la partie commence quand toutes les places sont "
                     "prises.",
                     "Hai un posto: la partita inizia quando tutti i posti sono presi."),
    "lobby.started": ("Every seat is taken: the game has started.",
                      "Toutes les places sont prises : la partie a commencé.",
                      "Tutti i posti sono presi: la partita è iniziata."),
    "lobby.left": ("Your seat is free again.", "Votre place est de nouveau libre.",
                   "Il tuo posto è di nuovo libero."),
    "lobby.removed": ("The seat is free again.", "La place est de nouveau libre.",
                      "Il posto è di nuovo libero."),
    "lobby.created": ("Your open game is listed: it starts when every seat is taken.",
                      "Votre partie ouverte est affichée : elle commence quand toutes les "
                      "places sont prises.",
                      "La tua partita aperta è in elenco: inizia quando tutti i posti sono "
                      "presi."),
    "lobby.open_seat": ("(free seat)", "(place libre)", "(posto libero)"),
    "lobby.see": ("Its free seats are taken on the open games page, where you can also start "
                  "it now with bots.",
                  "Ses places libres se prennent sur la page des parties ouvertes, où vous pouvez "
                  "aussi la commencer maintenant avec des robots.",
                  "I suoi posti liberi si prendono nella pagina delle partite aperte, dove puoi "
                  "anche iniziarla subito con dei bot."),
    "lobby.new_title": ("Open a game", "Ouvrir une partie", "Apri una partita"),
    "lobby.players": ("Seats, yours included", "Places, la vôtre comprise",
                      "Posti, il tuo compreso"),
    "lobby.languages_hint": ("None ticked: every language is welcome.",
                             "Aucune cochée : toutes les langues sont bienvenues.",
                             "Nessuna spuntata: tutte le lingue sono benvenute."),
    "lobby.create": ("Open the game", "Ouvrir la partie", "Apri la partita"),
    "lobby.bad_players": ("Choose how many seats the game has.",
                          "Choisissez le nombre de places de la partie.",
                          "Scegli quanti posti ha la partita."),
    "profile.title": ("{name}'s profile", "Profil de {name}", "Profilo di {name}"),
    "profile.private": ("Only you see this profile: others see it once you make it public (in "
                        "your settings).",
                        "Vous seul voyez ce profil : les autres le verront quand vous l'aurez "
                        "rendu public (dans vos réglages).",
                        "Solo tu vedi questo profilo: gli altri lo vedranno quando lo renderai "
                        "pubblico (nelle impostazioni)."),
    "profile.stats": ("Per game", "Par jeu", "Per gioco"),
    "profile.played": ("Played", "Jouées", "Giocate"),
    "profile.won": ("Won", "Gagnées", "Vinte"),
    "profile.average": ("Average place", "Place moyenne", "Piazzamento medio"),
    "profile.rating": ("Rating", "Cote", "Indice di classifica"),
    "profile.rating_hint": ("The rating is OpenSkill's μ − 3σ over the games played only by "
                            "people: a newcomer's is 0; good places raise it, poor ones lower "
                            "it.",
                            "La cote est le μ − 3σ d'OpenSkill sur les parties jouées "
                            "seulement par des personnes : celle d'un nouveau venu vaut 0 ; les "
                            "bonnes places la font monter, les mauvaises descendre.",
                            "L'indice di classifica è il μ − 3σ di OpenSkill sulle partite giocate solo da "
                            "persone: quello di chi inizia vale 0; i buoni piazzamenti lo "
                            "alzano, quelli cattivi lo abbassano."),
    "profile.unrated": ("not rated yet", "pas encore classé", "non ancora classificato"),
    "profile.playing": ("Games in play", "Parties en cours", "Partite in corso"),
    "profile.finished": ("Finished games", "Parties terminées", "Partite finite"),
    "profile.none": ("None yet.", "Aucune pour l'instant.", "Nessuna per ora."),
    "profile.place": ("Place", "Place", "Posto"),
    "profile.change": ("Rating change", "Évolution de la cote", "Variazione dell'indice di classifica"),
    "profile.not_rated": ("not rated (a bot at the table)", "non classée (un robot à la table)",
                          "non classificata (un bot al tavolo)"),
    "profile.score": ("Score", "Score", "Punteggio finale"),
    "profile.leaderboard": ("Leaderboard", "Classement général", "Classifica"),
    "board.title": ("Leaderboard: {title}", "Classement général : {title}",
                    "Classifica: {title}"),
    "board.intro": ("Players with a public profile, by rating (OpenSkill's μ − 3σ).",
                    "Les joueurs au profil public, par cote (μ − 3σ d'OpenSkill).",
                    "I giocatori con profilo pubblico, per indice di classifica (μ − 3σ di "
                    "OpenSkill)."),
    "board.none": ("Nobody with a public profile has finished a rated game yet.",
                   "Personne au profil public n'a encore terminé de partie classée.",
                   "Nessuno con un profilo pubblico ha ancora finito una partita classificata."),
    "board.rank": ("#", "n°", "n."),
    "board.player": ("Player", "Joueur", "Giocatore"),
    "board.games": ("Rated games", "Parties classées", "Partite classificate"),
    "settings.profile": ("Profile", "Profil", "Profilo"),
    "settings.profile_public": ("Others may see my profile (games, results, ratings; never my "
                                "address)",
                                "Les autres peuvent voir mon profil (parties, résultats, "
                                "cotes ; jamais mon adresse)",
                                "Gli altri possono vedere il mio profilo (partite, risultati, "
                                "indici di classifica; mai il mio indirizzo)"),
    "settings.profile_save": ("Save", "Enregistrer", "Salva"),
    "settings.profile_saved": ("Your profile is now {what}.", "Votre profil est maintenant "
                               "{what}.", "Il tuo profilo ora è {what}."),
    "settings.public": ("public", "public", "pubblico"),
    "settings.private": ("private", "privé", "privato"),
    "settings.open_mail": ("Mail about new open games", "Courriel sur les nouvelles parties "
                           "ouvertes", "Email sulle nuove partite aperte"),
    "settings.open_mail_hint": ("One mail for each new open game of a game you tick, when it "
                                "welcomes a language you tick, with the link to take a seat.",
                                "Un courriel pour chaque nouvelle partie ouverte d'un jeu coché, "
                                "quand elle accueille une langue cochée, avec le lien pour y "
                                "prendre place.",
                                "Una email per ogni nuova partita aperta di un gioco spuntato, "
                                "quando accoglie una lingua spuntata, con il link per prendervi "
                                "posto."),
    "settings.open_by_mail": ("To open a game by mail, write from your address to {address} a "
                              "line such as “open {example} 3” (the game and the number of "
                              "players; add “in French” for the languages welcome).",
                              "Pour ouvrir une partie par courriel, écrivez depuis votre adresse "
                              "à {address} une ligne comme « ouvrir {example} 3 » (le jeu et "
                              "le nombre de joueurs ; ajoutez « en français » pour les langues "
                              "bienvenues).",
                              "Per aprire una partita per email, scrivi dal tuo indirizzo a "
                              "{address} una riga come «apri {example} 3» (il gioco e il "
                              "numero di giocatori; aggiungi «in italiano» per le lingue "
                              "benvenute)."),
    "settings.open_mail_saved": ("Your mail about new open games is saved.",
                                 "Vos courriels sur les nouvelles parties ouvertes sont "
                                 "enregistrés.",
                                 "Le tue email sulle nuove partite aperte sono salvate."),
    "settings.calendar": ("Calendar of my deadlines", "Calendrier de mes échéances",
                          "Calendario delle mie scadenze"),
    "settings.calendar_hint": ("A private link for your calendar program (iCalendar): the "
                               "deadlines of all your games. Whoever has the link sees them: "
                               "make a new one if it leaked.",
                               "Un lien privé pour votre agenda (iCalendar) : les échéances de "
                               "toutes vos parties. Qui a le lien les voit : créez-en un "
                               "nouveau s'il a circulé.",
                               "Un link privato per il tuo calendario (iCalendar): le scadenze di "
                               "tutte le tue partite. Chi ha il link le vede: creane uno nuovo "
                               "se è circolato."),
    "settings.calendar_none": ("You have no calendar link.", "Vous n'avez pas de lien de "
                               "calendrier.", "Non hai un link al calendario."),
    "settings.calendar_make": ("Make a new link", "Créer un nouveau lien", "Crea un nuovo link"),
    "settings.calendar_revoke": ("Stop the link", "Désactiver le lien", "Disattiva il link"),
    "settings.calendar_made": ("Your calendar has a new link; the old one no longer works.",
                               "Votre calendrier a un nouveau lien ; l'ancien ne marche plus.",
                               "Il tuo calendario ha un nuovo link; quello vecchio non funziona "
                               "più."),
    "settings.calendar_revoked": ("Your calendar link no longer works.",
                                  "Votre lien de calendrier ne marche plus.",
                                  "Il tuo link al calendario non funziona più."),
}
TEXTS.update(MEET)
add(MEET)
# The game table: moves made on the board (service/web/table.py, static/table.js).
TABLE: dict[str, tuple[str, str, str]] = {
    "table.title": ("Play on the board", "Jouer sur le plateau", "Gioca sul tabellone"),
    "table.hint": ("Choose an action, then click what lights up on the board.",
                   "Choisissez une action, puis cliquez sur ce qui s'allume sur le plateau.",
                   "Scegli un'azione, poi fai clic su ciò che si illumina sul tabellone."),
    "table.choose": ("Choose: {what}", "Choisissez\u00a0: {what}", "Scegli: {what}"),
    "table.entry": ("{what}: {n}", "{what}\u00a0: {n}", "{what}: {n}"),
    "table.pick": ("Click a highlighted place on the board, or choose below.",
                   "Cliquez sur un endroit en surbrillance du plateau, ou choisissez ci-dessous.",
                   "Fai clic su un punto evidenziato del tabellone, o scegli qui sotto."),
    "table.send": ("Confirm", "Confirmer", "Conferma"),
    "table.cancel": ("Start again", "Recommencer", "Ricomincia"),
    "table.rotate": ("Turn", "Tourner", "Ruota"),
    "table.rotate_hint": ("Click the cell again, or press R or an arrow key, to turn it to the "
                          "next way it fits.",
                          "Cliquez de nouveau sur la case, ou appuyez sur R ou une flèche, pour "
                          "la tourner dans le sens suivant où elle s'ajuste.",
                          "Fai di nuovo clic sulla casella, o premi R o una freccia, per ruotarla "
                          "nel verso successivo in cui si adatta."),
    "table.more": ("one more", "un de plus", "uno in più"),
    "table.less": ("one fewer", "un de moins", "uno in meno"),
    "table.remove": ("Remove", "Retirer", "Togli"),
    "table.moves": ("Moves so far", "Déplacements prévus", "Spostamenti previsti"),
    "table.moves_none": ("No move yet.", "Aucun déplacement pour l'instant.",
                         "Ancora nessuno spostamento."),
    "table.source_hint": ("Click where the pieces leave from.",
                          "Cliquez sur l'endroit d'où partent les pièces.",
                          "Fai clic sul punto da cui partono i pezzi."),
    "table.target_hint": ("Now click where they go.", "Cliquez maintenant sur leur destination.",
                          "Ora fai clic su dove vanno."),
    "table.done": ("Played. The table is up to date.", "C'est joué. La table est à jour.",
                   "Giocato. Il tavolo è aggiornato."),
    "table.updated": ("The game moved on: the table is up to date.",
                      "La partie a avancé\u00a0: la table est à jour.",
                      "La partita è andata avanti: il tavolo è aggiornato."),
    "table.sending": ("Sending…", "Envoi…", "Invio…"),
    "table.offline": ("The server could not be reached: nothing was played. Try again.",
                      "Le serveur est injoignable\u00a0: rien n'a été joué. Réessayez.",
                      "Il server non risponde: non è stato giocato nulla. Riprova."),
    "table.signed_out": ("You are signed out: sign in again to play.",
                         "Vous êtes déconnecté\u00a0: reconnectez-vous pour jouer.",
                         "Sei uscito: accedi di nuovo per giocare."),
    "table.not_seated": ("You do not play in this game.", "Vous ne jouez pas dans cette partie.",
                         "Non giochi in questa partita."),
}
TEXTS.update(TABLE)
add(TABLE)
