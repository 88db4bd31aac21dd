"""Every word the web pages show, in English, French and Italian: the one catalogue for the web UI.

Only game-independent words live here: a game's sentences (the log), boards and decisions come
from its module's `texts` and `boards` facets (domain/core/game.py).
A test checks that every key has its three languages and that templates use only known keys.
"""

from __future__ import annotations

from service.i18n import LANGUAGE_NAMES, LANGUAGES, add, best_language, t

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "TEXTS", "best_language", "t"]

TEXTS: dict[str, tuple[str, str, str]] = {
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
    "signin.too_many": ("Too many sign-in requests; wait a little and try again.",
                        "Trop de demandes de connexion ; attendez un peu et réessayez.",
                        "Troppe richieste di accesso; attendi un po' e riprova."),
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
    "status.invited": ("invitations out", "invitations envoyées", "inviti inviati"),
    "status.active": ("in play", "en cours", "in corso"),
    "status.over": ("over", "terminée", "finita"),
    # game page
    "game.title": ("Game {id}", "Partie {id}", "Partita {id}"),
    "game.you_play": ("You play {colour}.", "Vous jouez {colour}.", "Giochi con {colour}."),
    "game.spectator": ("You are watching (spectator view).", "Vous regardez (vue spectateur).",
                       "Stai guardando (vista spettatore)."),
    "game.not_started": ("The game has not started: waiting for the players to accept.",
                         "La partie n'a pas commencé : en attente des joueurs.",
                         "La partita non è iniziata: in attesa dei giocatori."),
    "game.over": ("The game is over.", "La partie est terminée.", "La partita è finita."),
    "game.board": ("The board", "Le plateau", "Il tabellone"),
    "game.board_table": ("The board as a table", "Le plateau en tableau",
                         "Il tabellone come tabella"),
    "game.stack": ("Stack {stack}", "Pile {stack}", "Mazzo {stack}"),
    "game.log": ("What happened", "Ce qui s'est passé", "Cosa è successo"),
    "game.log_empty": ("Nothing yet.", "Rien pour l'instant.", "Ancora niente."),
    "game.turn_of": ("{who} to play", "À {who} de jouer", "Tocca a {who}"),
    "game.waiting_for": ("Waiting for {who}.", "En attente de {who}.", "In attesa di {who}."),
    "game.ranking": ("Final ranking", "Classement final", "Classifica finale"),
    "game.replay": ("Replay the game", "Revoir la partie", "Rivedi la partita"),
    "game.spectate": ("Spectator view", "Vue spectateur", "Vista spettatore"),
    "game.you": ("you", "vous", "tu"),
    "game.you_must": ("You must {what}.", "Vous devez {what}.", "Devi {what}."),
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
    "decide.power_card": ("Play a power card", "Jouez une carte pouvoir", "Gioca una carta potere"),
    "decide.power_hint": ("Card {card}: {count} Caballero(s) to court",
                          "Carte {card} : {count} Caballero(s) à la cour",
                          "Carta {card}: {count} Caballero a corte"),
    "decide.take": ("Bring Caballeros to your court", "Amenez des Caballeros à votre cour",
                    "Porta Caballeros alla tua corte"),
    "decide.take_count": ("How many (from {min} to {max})", "Combien (de {min} à {max})",
                          "Quanti (da {min} a {max})"),
    "decide.take_regions": ("Your provinces hold {provinces}; the rest comes from these regions:",
                            "Vos provinces en ont {provinces} ; le reste vient de ces régions :",
                            "Le tue province ne hanno {provinces}; il resto viene da queste "
                            "regioni:"),
    "decide.choose_card": ("Take an action card", "Prenez une carte action",
                           "Prendi una carta azione"),
    "decide.act": ("Your turn with “{card}”", "Votre tour avec « {card} »",
                   "Il tuo turno con «{card}»"),
    "decide.place": ("Place up to {max} Caballero(s) from your court",
                     "Placez jusqu'à {max} Caballero(s) de votre cour",
                     "Piazza fino a {max} Caballero dalla tua corte"),
    "decide.place_hint": ("Click a highlighted place on the map to add one; or type the numbers.",
                          "Cliquez un lieu en surbrillance sur la carte pour en ajouter un ; ou "
                          "tapez les nombres.",
                          "Clicca un luogo evidenziato sulla mappa per aggiungerne uno; oppure "
                          "scrivi i numeri."),
    "decide.placed_total": ("Placed: {n} of {max}", "Placés : {n} sur {max}",
                            "Piazzati: {n} di {max}"),
    "decide.clear": ("Clear", "Effacer", "Azzera"),
    "decide.place_submit": ("Place them", "Les placer", "Piazzali"),
    "decide.special": ("Use the card's action", "Utiliser l'action de la carte",
                       "Usa l'azione della carta"),
    "decide.special_submit": ("Do it", "Le faire", "Fallo"),
    "decide.decline": ("Do not use the action", "Ne pas utiliser l'action", "Non usare l'azione"),
    "decide.placed_already": ("You have placed this turn.", "Vous avez placé ce tour-ci.",
                              "Hai piazzato in questo turno."),
    "decide.special_done": ("The card's action is done.", "L'action de la carte est faite.",
                            "L'azione della carta è fatta."),
    "decide.veto_card": ("The Veto has no action of its own: it stays in front of you, to stop "
                         "another player's action later in this round.",
                         "Le Veto n'a pas d'action propre : il reste devant vous, pour arrêter "
                         "plus tard dans la manche l'action d'un autre joueur.",
                         "Il Veto non ha un'azione propria: resta davanti a te, per fermare più "
                         "avanti nel round l'azione di un altro giocatore."),
    "decide.mode": ("Which half of the card", "Quelle moitié de la carte", "Quale metà della carta"),
    "decide.mode.place": ("Place 2 anywhere", "Placer 2 n'importe où", "Piazzane 2 ovunque"),
    "decide.mode.move_all": ("Move all of yours out of one region",
                             "Déplacer tous les vôtres d'une région",
                             "Sposta tutti i tuoi da una regione"),
    "decide.from": ("From", "De", "Da"),
    "decide.to": ("To", "Vers", "A"),
    "decide.count": ("How many", "Combien", "Quanti"),
    "decide.whose": ("Whose", "À qui", "Di chi"),
    "decide.move": ("Move {n}", "Déplacement {n}", "Spostamento {n}"),
    "decide.moves_hint": ("At most {max} Caballero(s) in all; leave unused rows empty.",
                          "Au plus {max} Caballero(s) en tout ; laissez vides les lignes "
                          "inutiles.",
                          "Al massimo {max} Caballero in tutto; lascia vuote le righe inutili."),
    "decide.one_source": ("All from one region.", "Tous d'une seule région.",
                          "Tutti da una sola regione."),
    "decide.distribute": ("Spread all of them (some may stay):",
                          "Répartissez-les tous (certains peuvent rester) :",
                          "Distribuiscili tutti (alcuni possono restare):"),
    "decide.choose_place": ("Choose a place", "Choisissez un lieu", "Scegli un luogo"),
    "decide.choose_region": ("Choose a region", "Choisissez une région", "Scegli una regione"),
    "decide.choose_power": ("Choose a power card", "Choisissez une carte pouvoir",
                            "Scegli una carta potere"),
    "decide.board_to": ("Scoreboard {board} to", "Tableau {board} vers", "Segnapunti {board} a"),
    "decide.pick_for": ("Region for {who}", "Région pour {who}", "Regione per {who}"),
    "decide.no_params": ("This action needs no choice.", "Cette action ne demande aucun choix.",
                         "Questa azione non richiede scelte."),
    "decide.veto": ("{who} announces “{card}”: use a Veto?",
                    "{who} annonce « {card} » : utiliser un Veto ?",
                    "{who} annuncia «{card}»: usare un Veto?"),
    "decide.allow": ("Let it happen", "Laisser faire", "Lascia fare"),
    "decide.use_veto": ("Veto", "Veto", "Veto"),
    "decide.veto_steps": ("Stop only these parts (none ticked: the whole action):",
                          "Arrêter seulement ces parties (aucune cochée : toute l'action) :",
                          "Ferma solo queste parti (nessuna spuntata: tutta l'azione):"),
    "decide.return": ("Return {count} Caballero(s)", "Renvoyez {count} Caballero(s)",
                      "Rimanda {count} Caballero"),
    "decide.from_court": ("From your court (you have {court})", "De votre cour (vous en avez "
                          "{court})", "Dalla tua corte (ne hai {court})"),
    "decide.secret_kind.disc": ("General scoring: set your secret disc to a region.",
                                "Décompte général : réglez votre disque secret sur une région.",
                                "Valutazione generale: imposta il tuo disco segreto su una "
                                "regione."),
    "decide.secret_kind.eviction": ("Eviction: where do your Caballeros go?",
                                    "Expulsion : où vont vos Caballeros ?",
                                    "Sfratto: dove vanno i tuoi Caballeros?"),
    "decide.secret_kind.secret_scoring": ("Secret scoring: choose a region.",
                                          "Décompte secret : choisissez une région.",
                                          "Valutazione segreta: scegli una regione."),
    "decide.secret_kind.grande": ("Choose where your Grande goes (or stays).",
                                  "Choisissez où va votre Grande (ou s'il reste).",
                                  "Scegli dove va il tuo Grande (o se resta)."),
    "decide.secret_kind.other": ("Make your secret choice.", "Faites votre choix secret.",
                                 "Fai la tua scelta segreta."),
    "decide.secret_submit": ("Choose in secret", "Choisir en secret", "Scegli in segreto"),
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
    "undo.unavailable": ("Undo is not available on this server yet.",
                         "L'annulation n'est pas encore disponible sur ce serveur.",
                         "L'annullamento non è ancora disponibile su questo server."),
    # replay
    "replay.title": ("Replay of game {id}", "Revoir la partie {id}", "Rivedi la partita {id}"),
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
    "settings.save": ("Save", "Enregistrer", "Salva"),
    "settings.saved": ("Saved.", "Enregistré.", "Salvato."),
    "settings.invalid": ("Not saved: {detail}", "Non enregistré : {detail}", "Non salvato: {detail}"),
    "settings.bad_date": ("The vacation date must look like 2026-08-31.",
                          "La date de vacances doit ressembler à 2026-08-31.",
                          "La data delle vacanze deve essere come 2026-08-31."),
    # preferences refused (workers/preferences.py: the API, this page and the command line)
    "prefs.name": ("A display name has 1 to {most} characters.",
                   "Un nom affiché a de 1 à {most} caractères.",
                   "Un nome visualizzato ha da 1 a {most} caratteri."),
    "prefs.language": ("'{value}' is not a language offered here; choose en, fr or it.",
                       "« {value} » n'est pas une langue proposée ici ; choisissez en, fr ou it.",
                       "«{value}» non è una lingua offerta qui; scegli en, fr o it."),
    "prefs.time_zone": ("'{value}' is not a time zone; use a name such as Europe/Paris.",
                        "« {value} » n'est pas un fuseau horaire ; utilisez un nom comme "
                        "Europe/Paris.",
                        "«{value}» non è un fuso orario; usa un nome come Europe/Rome."),
    "prefs.vacation_order": ("The vacation from {start} to {end} ends before it starts.",
                             "Les vacances du {start} au {end} finissent avant de commencer.",
                             "Le vacanze dal {start} al {end} finiscono prima di cominciare."),
    "prefs.vacation_over": ("The vacation from {start} to {end} is over already: a vacation must "
                            "end in the future.",
                            "Les vacances du {start} au {end} sont déjà passées : des vacances "
                            "doivent finir dans le futur.",
                            "Le vacanze dal {start} al {end} sono già passate: le vacanze devono "
                            "finire nel futuro."),
    "prefs.vacation_past_start": ("The vacation from {start} to {end} starts in the past: a new "
                                  "vacation starts today at the earliest.",
                                  "Les vacances du {start} au {end} commencent dans le passé : de "
                                  "nouvelles vacances commencent au plus tôt aujourd'hui.",
                                  "Le vacanze dal {start} al {end} cominciano nel passato: nuove "
                                  "vacanze cominciano al più presto oggi."),
    "prefs.vacation_too_long": ("The vacation from {start} to {end} is too long: a vacation lasts "
                                "at most {days} days.",
                                "Les vacances du {start} au {end} sont trop longues : des "
                                "vacances durent au plus {days} jours.",
                                "Le vacanze dal {start} al {end} sono troppo lunghe: le vacanze "
                                "durano al massimo {days} giorni."),
    "prefs.vacation_too_far": ("The vacation from {start} to {end} is too far ahead: a vacation "
                               "ends within {days} days from today.",
                               "Les vacances du {start} au {end} sont trop lointaines : des "
                               "vacances finissent dans les {days} jours à venir.",
                               "Le vacanze dal {start} al {end} sono troppo lontane: le vacanze "
                               "finiscono entro {days} giorni da oggi."),
    "prefs.vacation_too_many": ("At most {count} vacations at once, under way or to come: cancel "
                                "one first.",
                                "Au plus {count} périodes de vacances à la fois, en cours ou à "
                                "venir : annulez-en une d'abord.",
                                "Al massimo {count} periodi di vacanza alla volta, in corso o "
                                "futuri: annullane prima uno."),
    # errors
    "error.title": ("Something is wrong", "Quelque chose ne va pas", "Qualcosa non va"),
    "error.not_found": ("There is no such page or game.", "Cette page ou cette partie n'existe pas.",
                        "Questa pagina o partita non esiste."),
    "error.csrf": ("The form had expired; please try again.", "Le formulaire avait expiré ; "
                   "réessayez.", "Il modulo era scaduto; riprova."),
    "error.back": ("Back", "Retour", "Indietro"),
}


add(TEXTS)
