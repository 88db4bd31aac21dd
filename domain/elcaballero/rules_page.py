"""The rules page for players, in English, French and Italian: what the server enforces, with the
rulings where the rulebook is silent. Plain structured text (a title, sections of paragraphs) that
another layer renders; every statement here is enforced by the engine and has a test in
tests/elcaballero/.
"""

from __future__ import annotations

from typing import Any

Page = dict[str, Any]


VERSIONS = ("Rules versions", "Versions des règles", "Versioni delle regole")
"""The section saying what each rules version changed: its anchor is `versions` (the game page of
a game created under an older version links there)."""


def _page(title: str, sections: list[tuple[str, list[str]]]) -> Page:
    return {"title": title,
            "sections": [{"title": t, "paragraphs": p, **({"id": "versions"} if t in VERSIONS
                                                         else {})} for t, p in sections]}


EN = _page("El Caballero: the rules as this server plays them", [
    ("The game", [
        "2 to 4 players explore islands by laying square terrain tiles (each side land or sea) "
        "on an open grid, and lay their Caballero tiles next to them to win majorities in the "
        "land regions; ships earn from the seas. 7 rounds, scorings after rounds 4 and 7 "
        "(advanced rules: 10 rounds, a third scoring after round 10). Highest total wins; equal "
        "totals share the place.",
        "Cells are a column letter and a row number, as on the board's edges: the start tile is "
        "m13, columns a…z go east, rows go north (n14 is north-east of it). The names never "
        "change as the islands grow (beyond z come za, zb…; beyond a come aa, ab…; below row 1 "
        "come rows 01, 02…). Sides are north, east, south, west; tiles turn clockwise by 0, 90, "
        "180 or 270 degrees.",
    ]),
    ("Set-up", [
        "The start tile is drawn among the tiles with neither gold nor fish; 5 tiles are turned "
        "face up; every court starts with 5 Caballeros. Nobody, not even the server's log, knows "
        "the order of the stack: each tile is drawn when it is needed.",
    ]),
    ("Power cards", [
        "Each round everybody plays one of their 13 power cards, openly and in turn, never a "
        "value already played this round. Round 1 starts with a player drawn at random and goes "
        "clockwise; later rounds start with whoever acted last in the previous round (lowest "
        "card first). The highest card acts first. When only one card can be played it plays "
        "itself.",
    ]),
    ("Your turn", [
        "Do these in any order, then end your turn. Laying a terrain tile is compulsory (two "
        "with the 9) as long as a face-up tile can be laid; everything else is optional.",
        "Reinforcements: once, bring your card's Caballeros to court.",
        "Terrain: lay a face-up tile next to a terrain tile, every touching side matching (land "
        "to land, sea to sea). If no face-up tile fits there, lay one next to one of your "
        "Caballero tiles, and only if none fits beside yours, next to another player's: the "
        "tile stays compulsory (rulebook: “en priorité à une des siennes, à défaut à une "
        "adverse”).",
        "Caballero tiles: lay up to two, each in an empty cell next to a terrain tile and "
        "touching at most one land tile; the number facing land is how many of your Caballeros "
        "are in that region, paid from your court. A tile touching only sea shows side A and "
        "costs 1; if land arrives later at one of its sides, that number counts for free. "
        "Instead of one of the two you may raise one of your tiles (turn or flip it so that a "
        "higher number faces the land), paying the difference.",
        "Whenever you add Caballeros to a land region, your total there must differ from every "
        "other player's. New terrain may still create ties.",
        "Ships: buy up to two a turn for 2 Caballeros each, on a side of your Caballero tile "
        "that faces sea (one ship per side). Castillos: build up to two a turn for 1 each, one "
        "per tile. Moving a ship or a Castillo to another of your tiles costs 1; taking a ship "
        "back to court is free and putting it back costs 1. Taking a Caballero tile back is "
        "free: its Caballeros are lost, its ships go to your court (rulebook: “les bateaux vont "
        "à la Cour du joueur”); with a Castillo, the Castillo is lost and the Caballeros facing "
        "land come back to court.",
        "At the end of every round the face-up tiles are refilled to 5.",
    ]),
    ("Tiles pushed out", [
        "A Caballero tile that comes to touch two land tiles goes back to its owner's reserve "
        "at once, losing its Caballeros and ships. With a Castillo, the Castillo is lost but "
        "the Caballeros that faced the first land tile and the ships come back to court. A "
        "tile carrying a Grande stays.",
    ]),
    ("The court limit", [
        "Your court is shown with your own Caballero tiles: it can never hold more than 8 "
        "Caballeros per Caballero tile off the board. Anything beyond is lost at once. You may "
        "still lay your last tile; your court is then empty and cannot grow.",
    ]),
    ("Scoring", [
        "A land region is worth its tiles plus its golds. Its sole leader scores double, the "
        "sole second scores it once (never with 2 players). Tied leaders score it once each "
        "and nobody is second: they took both places (rulebook: “En cas d'égalité à la première "
        "place, les joueurs à égalité ne doublent pas les points”, that is they score what a "
        "second scores). A tie for second scores nothing.",
        "A sea region is worth its tiles plus its fish, scored once for every ship bordering it.",
        "A tile with two opposite land sides is either a land bridge (the land goes across, the "
        "two seas are apart) or a strait (the sea goes across, the two lands are apart). A "
        "region counts each tile once, even if two parts of one tile belong to it.",
    ]),
    ("Advanced rules", [
        "10 Caballero tiles, 16 ships and 16 Castillos; each player also has a Grande and 5 "
        "Alcaldes.",
        "The Grande (2 Caballeros from court, or 1 to move it, once a turn) protects its tile: "
        "it is never pushed out, counts for every land region it touches and cannot be turned. "
        "A new tile may be laid with the Grande on it, touching several land tiles: it costs its "
        "highest number facing land, the Grande included, from court or moved (then your one "
        "move of the turn) (rulebook: “le coût à payer est celui de la plus grande valeur de la "
        "tuile Caballeros adjacente à une terre”, and its example: “Il paie 4 Caballeros”). A "
        "tile the Grande leaves that touches several land tiles goes back at once (its Castillo "
        "saves its highest number).",
        "An Alcalde (1 Caballero) goes on a closed region, one per region: a region is closed "
        "when no empty cell next to it can still take a terrain tile left in the game or a "
        "Caballero tile without a Grande (rulebook: “lorsqu'il n'est plus possible de placer des "
        "tuiles Caballeros adjacentes à cette région”). The Alcalde goes on the region, not on "
        "a tile or a side (“placer un Alcalde sur une région fermée”): any terrain tile of the "
        "region, with a side of it in the region, names it. This is judged when the Alcalde is "
        "placed: a cell holding a Caballero tile takes no other, so when that tile leaves the "
        "region may open again and grow, and its Alcalde stays. If a terrain tile joins two "
        "regions that each hold an Alcalde, the one placed first stays and the other goes back "
        "to its owner, to be placed again; the Caballero it cost is not given back (rulebook: "
        "“Il ne peut y avoir qu'un seul Alcalde par région fermée”).",
        "On land, the Alcalde's owner takes first place, whatever the Caballeros say, and scores "
        "the region double; the best of the others, if alone, scores it once as second (never "
        "with 2 players). The Alcalde is not added on top of a normal scoring (rulebook: “prend "
        "le 1er rang dans cette région”; “Seuls s'ajoutent les points gagnés pour les régions où "
        "sont situés les Alcaldes” is read as: these are the points the scoring adds).",
        "On a sea, the Alcalde scores nothing by itself: the sea's points go to its ships, and "
        "it may have only one. An Alcalde on a sea without one of its owner's ships earns its "
        "owner nothing there (rulebook: “Le joueur qui place 1 alcalde et 1 bateau dans cette "
        "région maritime fermée gagne 3 points (nombre de tuiles de la région maritime)”: the "
        "points once, through the ship).",
    ]),
    ("Rules versions", [
        "A game keeps the rules it was created under; games created now play version 2. "
        "Version 1, the rules of games created before it: a Caballero tile taken back without a "
        "Castillo lost its ships; when a face-up tile fitted beside no terrain and none beside "
        "your own Caballero tiles, the turn ended without a tile; two Alcaldes joined in one "
        "region left one; a tile laid with the Grande cost its highest number plus the "
        "Grande's 2 (1 if moved).",
    ]),
    ("Writing your moves", [
        "By mail or in the game page's text box, one command a line or several separated by "
        "commas; case and accents do not matter, greetings and signatures are skipped, and a "
        "mistyped word is answered with what it may be. A face-up tile is its number under the "
        "board (1 to 5, left to right).",
        "power 7 · reinforce · tile 2 at m14 turn 90 · knight l13 side a turn 180 (add "
        "“grande” to bring your Grande) · raise l13 side b turn 90 · ship l13 north (add "
        "“court” for a ship from your court) · castle l13 · take back l13 (with a side: its "
        "ship) · move ship l13 north to n14 east · move castle l13 to n14 · grande l13 · "
        "alcalde m14 north (any terrain tile of the region with a side of it there; the tile "
        "alone when it lies in one closed region only: alcalde m14) · end (or pass).",
    ]),
    ("When a deadline passes", [
        "A power card not played in time: the lowest card left is played. A turn not played in "
        "time: the compulsory terrain tile is laid on the first legal cell and rotation where it "
        "pushes out no Caballero tile (any legal one if there is none), nothing else is done "
        "and the turn ends: no Caballero is spent for you. Writing “end auto” does the same.",
    ]),
])

FR = _page("El Caballero : les règles telles que ce serveur les applique", [
    ("Le jeu", [
        "2 à 4 joueurs explorent des îles en posant des tuiles terrain carrées (chaque côté "
        "terre ou mer) sur une grille ouverte, et posent leurs tuiles Caballeros à côté pour "
        "obtenir la majorité dans les régions de terre ; les bateaux rapportent les mers. 7 "
        "tours, décomptes après les tours 4 et 7 (règles avancées : 10 tours, un troisième "
        "décompte après le tour 10). Le plus haut total gagne ; les égalités partagent la place.",
        "Une case s'écrit par une lettre de colonne et un numéro de rangée, comme sur les bords "
        "du plateau : la tuile de départ est en m13, les colonnes a…z vont vers l'est, les "
        "rangées vers le nord (n14 est au nord-est). Les noms ne changent jamais quand les îles "
        "s'étendent (après z viennent za, zb… ; avant a viennent aa, ab… ; sous la rangée 1 "
        "viennent les rangées 01, 02…). Les côtés sont nord, est, sud, ouest ; les tuiles "
        "tournent dans le sens des aiguilles d'une montre de 0, 90, 180 ou 270 degrés.",
    ]),
    ("Préparation", [
        "La tuile de départ est tirée parmi les tuiles sans or ni poisson ; 5 tuiles sont "
        "retournées face visible ; chaque cour commence avec 5 Caballeros. Personne, pas même "
        "le journal du serveur, ne connaît l'ordre de la pioche : chaque tuile est tirée quand "
        "on en a besoin.",
    ]),
    ("Cartes de pouvoir", [
        "À chaque tour, chacun joue une de ses 13 cartes pouvoir, à découvert et à tour de "
        "rôle, jamais une valeur déjà jouée ce tour-ci. Au tour 1, un joueur tiré au sort "
        "commence, puis dans le sens des aiguilles d'une montre ; ensuite, commence celui qui a "
        "joué en dernier au tour précédent (la plus faible carte d'abord). La plus forte carte "
        "joue en premier. Quand une seule carte est possible, elle se joue toute seule.",
    ]),
    ("Votre tour", [
        "Faites ces actions dans l'ordre de votre choix, puis terminez votre tour. Poser une "
        "tuile terrain est obligatoire (deux avec le 9) tant qu'une tuile visible peut être "
        "posée ; tout le reste est facultatif.",
        "Renfort : une fois, amenez à votre cour les Caballeros de votre carte.",
        "Terrain : posez une tuile visible à côté d'une tuile terrain, chaque côté en contact "
        "concordant (terre contre terre, mer contre mer). Si aucune tuile visible n'y convient, "
        "posez-en une à côté d'une de vos tuiles Caballeros et, seulement si aucune ne convient "
        "à côté des vôtres, à côté de celle d'un autre joueur : la tuile reste obligatoire "
        "(règle : « en priorité à une des siennes, à défaut à une adverse »).",
        "Tuiles Caballeros : posez-en jusqu'à deux, chacune sur une case vide à côté d'une tuile "
        "terrain et touchant au plus une tuile de terre ; le chiffre tourné vers la terre est "
        "le nombre de vos Caballeros dans cette région, payé par votre cour. Une tuile qui ne "
        "touche que la mer montre la face A et coûte 1 ; si la terre arrive plus tard contre un "
        "de ses côtés, ce chiffre compte gratuitement. Au lieu de l'une des deux, vous pouvez "
        "augmenter une de vos tuiles (la tourner ou la retourner pour qu'un chiffre plus élevé "
        "touche la terre) en payant la différence.",
        "Chaque fois que vous ajoutez des Caballeros à une région de terre, votre total doit y "
        "être différent de celui de chaque autre joueur. Un nouveau terrain peut toutefois "
        "créer des égalités.",
        "Bateaux : achetez-en jusqu'à deux par tour, 2 Caballeros chacun, sur un côté de votre "
        "tuile Caballeros tourné vers la mer (un bateau par côté). Castillos : construisez-en "
        "jusqu'à deux par tour, 1 chacun, un par tuile. Déplacer un bateau ou un Castillo vers "
        "une autre de vos tuiles coûte 1 ; ramener un bateau à la cour est gratuit et le "
        "replacer coûte 1. Reprendre une tuile Caballeros est gratuit : ses Caballeros sont "
        "perdus, ses bateaux vont à votre cour (règle : « les bateaux vont à la Cour du "
        "joueur ») ; avec un Castillo, le Castillo est perdu et les Caballeros tournés vers la "
        "terre reviennent à la cour.",
        "À la fin de chaque tour, les tuiles visibles sont complétées jusqu'à 5.",
    ]),
    ("Tuiles éliminées", [
        "Une tuile Caballeros qui vient à toucher deux tuiles de terre retourne aussitôt dans la "
        "réserve de son propriétaire et perd ses Caballeros et ses bateaux. Avec un Castillo, le "
        "Castillo est perdu mais les Caballeros qui touchaient la première tuile de terre et "
        "les bateaux reviennent à la cour. Une tuile portant un Grande reste en place.",
    ]),
    ("La limite de la cour", [
        "Votre cour est représentée par vos propres tuiles Caballeros : elle ne peut jamais "
        "dépasser 8 Caballeros par tuile Caballeros hors du jeu. L'excédent est aussitôt perdu. "
        "Vous pouvez encore poser votre dernière tuile ; votre cour est alors vide et ne peut "
        "plus grandir.",
    ]),
    ("Décomptes", [
        "Une région de terre vaut ses tuiles plus ses ors. Le seul majoritaire marque le double, "
        "le seul second la valeur simple (jamais à 2 joueurs). Des premiers à égalité marquent "
        "chacun la valeur simple et personne n'est second : ils ont pris les deux places (règle : "
        "« En cas d'égalité à la première place, les joueurs à égalité ne doublent pas les "
        "points », ils marquent donc ce que marque un second). Une égalité pour la deuxième "
        "place ne rapporte rien.",
        "Une région de mer vaut ses tuiles plus ses poissons, marquée une fois pour chaque "
        "bateau qui la borde.",
        "Une tuile aux deux côtés de terre opposés est soit un pont de terre (la terre traverse, "
        "les deux mers sont séparées), soit un détroit (la mer traverse, les deux terres sont "
        "séparées). Une région compte chaque tuile une seule fois, même si deux parties d'une "
        "tuile lui appartiennent.",
    ]),
    ("Règles avancées", [
        "10 tuiles Caballeros, 16 bateaux et 16 Castillos ; chaque joueur a aussi un Grande et "
        "5 Alcaldes.",
        "Le Grande (2 Caballeros de la cour, ou 1 pour le déplacer, une fois par tour) protège "
        "sa tuile : elle n'est jamais éliminée, compte pour chaque région de terre qu'elle "
        "touche et ne peut pas être tournée. Une nouvelle tuile peut être posée avec le Grande, "
        "touchant plusieurs tuiles de terre : elle coûte son plus haut chiffre tourné vers la "
        "terre, Grande compris, qu'il vienne de la cour ou soit déplacé (c'est alors votre "
        "déplacement du tour) (règle : « le coût à payer est celui de la plus grande valeur de "
        "la tuile Caballeros adjacente à une terre », et son exemple : « Il paie 4 "
        "Caballeros »). Une tuile que le Grande quitte et qui touche plusieurs tuiles de terre "
        "retourne aussitôt à la réserve (son Castillo sauve son plus haut chiffre).",
        "Un Alcalde (1 Caballero) se place sur une région fermée, un par région : une région "
        "est fermée quand aucune case vide à côté d'elle ne peut plus recevoir une tuile "
        "terrain restant en jeu ni une tuile Caballeros sans Grande (règle : « lorsqu'il n'est "
        "plus possible de placer des tuiles Caballeros adjacentes à cette région »). L'Alcalde "
        "va sur la région, pas sur une tuile ni sur un côté (« placer un Alcalde sur une région "
        "fermée ») : n'importe quelle tuile de terrain de la région, avec un de ses côtés dans "
        "la région, la désigne. On en juge "
        "quand l'Alcalde est placé : une case occupée par une tuile Caballeros n'en reçoit pas "
        "d'autre, donc quand cette tuile s'en va la région peut se rouvrir et s'agrandir, et "
        "son Alcalde y reste. Si une tuile terrain joint deux régions qui ont chacune un "
        "Alcalde, celui placé le premier reste et l'autre retourne à son propriétaire, qui "
        "pourra le replacer ; le Caballero qu'il a coûté n'est pas rendu (règle : « Il ne peut "
        "y avoir qu'un seul Alcalde par région fermée »).",
        "Sur une terre, le propriétaire de l'Alcalde prend la première place, quels que soient "
        "les Caballeros, et marque le double ; le meilleur des autres, s'il est seul, marque la "
        "valeur simple comme second (jamais à 2 joueurs). L'Alcalde ne s'ajoute pas à un "
        "décompte normal (règle : « prend le 1er rang dans cette région » ; « Seuls s'ajoutent "
        "les points gagnés pour les régions où sont situés les Alcaldes » se lit : ce sont les "
        "points que le décompte ajoute).",
        "Sur une mer, l'Alcalde ne rapporte rien par lui-même : les points de la mer vont à ses "
        "bateaux, et elle ne peut en avoir qu'un. Un Alcalde sur une mer sans bateau de son "
        "propriétaire ne lui rapporte rien (règle : « Le joueur qui place 1 alcalde et 1 bateau "
        "dans cette région maritime fermée gagne 3 points (nombre de tuiles de la région "
        "maritime) » : les points une fois, par le bateau).",
    ]),
    ("Versions des règles", [
        "Une partie garde les règles de sa création ; les parties créées maintenant jouent la "
        "version 2. Version 1, celle des parties créées avant : une tuile Caballeros reprise "
        "sans Castillo perdait ses bateaux ; quand une tuile visible n'allait contre aucun "
        "terrain ni à côté de vos tuiles Caballeros, le tour finissait sans tuile ; de deux "
        "Alcaldes joints dans une région, il en restait un ; une tuile posée avec le Grande "
        "coûtait son plus haut chiffre plus les 2 du Grande (1 s'il était déplacé).",
    ]),
    ("Écrire vos coups", [
        "Par mail ou dans la zone de texte de la page de la partie, une commande par ligne ou "
        "plusieurs séparées par des virgules ; majuscules et accents sont indifférents, "
        "salutations et signatures sont ignorées, et un mot mal tapé reçoit une suggestion. Une "
        "tuile visible se désigne par son numéro sous le plateau (1 à 5, de gauche à droite).",
        "pouvoir 7 · renforts · tuile 2 en m14 tourne 90 · caballero l13 face a tourne 180 "
        "(ajoutez « grande » pour y mettre votre Grande) · augmenter l13 face b tourne 90 · "
        "bateau l13 nord (ajoutez « cour » pour un bateau de votre cour) · castillo l13 · "
        "reprendre l13 (avec un côté : son bateau) · déplacer bateau l13 nord vers n14 est · "
        "déplacer castillo l13 vers n14 · grande l13 · alcalde m14 nord (n'importe quelle "
        "tuile de terrain de la région avec un de ses côtés dans la région ; la tuile seule "
        "quand elle n'est que dans une région fermée : alcalde m14) · fin (ou passe).",
    ]),
    ("Quand un délai expire", [
        "Carte pouvoir non jouée à temps : la plus faible qui reste est jouée. Tour non joué à "
        "temps : la tuile de terrain obligatoire est posée sur la première case et rotation "
        "légales où elle n'élimine aucune tuile Caballeros (n'importe laquelle de légale sinon), "
        "rien d'autre n'est fait et le tour se termine : aucun Caballero n'est dépensé pour "
        "vous. Écrire « fin auto » fait de même.",
    ]),
])

IT = _page("El Caballero: le regole come le applica questo server", [
    ("Il gioco", [
        "Da 2 a 4 giocatori esplorano isole posando tessere terreno quadrate (ogni lato terra o "
        "mare) su una griglia aperta, e posano accanto le loro tessere Caballeros per ottenere "
        "la maggioranza nelle regioni di terra; le navi fanno punti sui mari. 7 round, valutazioni "
        "dopo i round 4 e 7 (regole avanzate: 10 round, una terza valutazione dopo il round "
        "10). "
        "Vince il totale più alto; i pari merito condividono il posto.",
        "Una casella si scrive con una lettera di colonna e un numero di riga, come sui bordi "
        "del tabellone: la tessera di partenza è in m13, le colonne a…z vanno verso est, le "
        "righe verso nord (n14 è a nord-est). I nomi non cambiano mai quando le isole crescono "
        "(dopo z vengono za, zb…; prima di a vengono aa, ab…; sotto la riga 1 vengono le righe "
        "01, 02…). I lati sono nord, est, sud, ovest; le tessere ruotano in senso orario di 0, "
        "90, 180 o 270 gradi.",
    ]),
    ("Preparazione", [
        "La tessera di partenza è estratta tra quelle senza oro né pesce; 5 tessere vengono "
        "scoperte; ogni corte inizia con 5 Caballeros. Nessuno, nemmeno il registro del server, "
        "conosce l'ordine della pila: ogni tessera è estratta quando serve.",
    ]),
    ("Carte potere", [
        "A ogni round ognuno gioca una delle sue 13 carte potere, scoperta e a turno, mai un "
        "valore già giocato in quel round. Al round 1 inizia un giocatore estratto a sorte, poi "
        "in senso orario; nei round seguenti inizia chi ha agito per ultimo nel round "
        "precedente (prima la carta più bassa). La carta più alta agisce per prima. Quando si "
        "può giocare una sola carta, si gioca da sé.",
    ]),
    ("Il tuo turno", [
        "Fai queste azioni nell'ordine che vuoi, poi chiudi il turno. Posare una tessera terreno "
        "è obbligatorio (due con il 9) finché una tessera scoperta può essere posata; tutto il "
        "resto è facoltativo.",
        "Rinforzi: una volta, porta alla tua corte i Caballeros della tua carta.",
        "Terreno: posa una tessera scoperta accanto a una tessera terreno, con ogni lato a "
        "contatto concorde (terra con terra, mare con mare). Se nessuna tessera scoperta ci va, "
        "posane una accanto a una tua tessera Caballeros e, solo se nessuna va accanto alle "
        "tue, accanto a quella di un altro giocatore: la tessera resta obbligatoria (regola: "
        "«en priorité à une des siennes, à défaut à une adverse», prima accanto a una delle "
        "proprie, altrimenti a una avversaria).",
        "Tessere Caballeros: posane fino a due, ognuna in una casella vuota accanto a una "
        "tessera terreno e che tocchi al massimo una tessera di terra; il numero rivolto verso "
        "la terra è quanti tuoi Caballeros sono in quella regione, pagati dalla corte. Una "
        "tessera che tocca solo il mare mostra il lato A e costa 1; se più tardi la terra "
        "arriva a un suo lato, quel numero conta gratis. Invece di una delle due puoi "
        "aumentare una tua tessera (ruotarla o girarla perché un numero più alto tocchi la "
        "terra), pagando la differenza.",
        "Ogni volta che aggiungi Caballeros a una regione di terra, il tuo totale lì deve "
        "essere diverso da quello di ogni altro giocatore. Un nuovo terreno può comunque creare "
        "pareggi.",
        "Navi: comprane fino a due per turno, 2 Caballeros l'una, su un lato della tua tessera "
        "Caballeros rivolto verso il mare (una nave per lato). Castillos: costruiscine fino a "
        "due per turno, 1 l'uno, uno per tessera. Spostare una nave o un Castillo su un'altra "
        "tua tessera costa 1; riportare una nave a corte è gratis e rimetterla costa 1. "
        "Riprendere una tessera Caballeros è gratis: i suoi Caballeros sono persi, le sue navi "
        "vanno alla tua corte (regola: «les bateaux vont à la Cour du joueur», le navi vanno "
        "alla corte del giocatore); con un Castillo, il Castillo è perso e i Caballeros rivolti "
        "verso la terra tornano a corte.",
        "Alla fine di ogni round le tessere scoperte vengono riportate a 5.",
    ]),
    ("Tessere eliminate", [
        "Una tessera Caballeros che arriva a toccare due tessere di terra torna subito nella "
        "riserva del suo proprietario e perde Caballeros e navi. Con un Castillo, il Castillo è "
        "perso ma i Caballeros rivolti alla prima tessera di terra e le navi tornano a corte. "
        "Una tessera con il Grande resta al suo posto.",
    ]),
    ("Il limite della corte", [
        "La tua corte è rappresentata dalle tue tessere Caballeros: non può mai superare 8 "
        "Caballeros per tessera Caballeros fuori gioco. L'eccedenza è persa subito. Puoi "
        "ancora posare l'ultima tessera; la corte resta allora vuota e non può crescere.",
    ]),
    ("Valutazioni", [
        "Una regione di terra vale le sue tessere più i suoi ori. L'unico in testa segna il "
        "doppio, l'unico secondo il valore semplice (mai in 2 giocatori). I primi a pari merito "
        "segnano il valore semplice ciascuno e nessuno è secondo: hanno preso i due posti "
        "(regola: «En cas d'égalité à la première place, les joueurs à égalité ne doublent pas "
        "les points», i primi a pari merito non raddoppiano, segnano cioè quanto un secondo). "
        "Un pareggio per il secondo posto non vale nulla.",
        "Una regione di mare vale le sue tessere più i suoi pesci, contata una volta per ogni "
        "nave che la costeggia.",
        "Una tessera con due lati di terra opposti è un ponte di terra (la terra attraversa, i "
        "due mari sono separati) o uno stretto (il mare attraversa, le due terre sono "
        "separate). Una regione conta ogni tessera una sola volta, anche se due sue parti le "
        "appartengono.",
    ]),
    ("Regole avanzate", [
        "10 tessere Caballeros, 16 navi e 16 Castillos; ogni giocatore ha anche un Grande e 5 "
        "Alcaldes.",
        "Il Grande (2 Caballeros dalla corte, o 1 per spostarlo, una volta per turno) protegge "
        "la sua tessera: non viene mai eliminata, conta per ogni regione di terra che tocca e "
        "non può essere ruotata. Una nuova tessera può essere posata con il Grande, toccando "
        "più tessere di terra: costa il suo numero più alto rivolto alla terra, Grande "
        "compreso, che venga dalla corte o sia spostato (è allora il tuo spostamento del turno) "
        "(regola: «le coût à payer est celui de la plus grande valeur de la tuile Caballeros "
        "adjacente à une terre», e l'esempio: «Il paie 4 Caballeros», paga 4 Caballeros). Una "
        "tessera lasciata dal Grande che tocca più tessere di terra torna subito nella riserva "
        "(il suo Castillo salva il suo numero più alto).",
        "Un Alcalde (1 Caballero) va su una regione chiusa, uno per regione: una regione è "
        "chiusa quando nessuna casella vuota accanto può più ricevere una tessera terreno "
        "rimasta in gioco né una tessera Caballeros senza Grande (regola: «lorsqu'il n'est plus "
        "possible de placer des tuiles Caballeros adjacentes à cette région», quando non si "
        "possono più posare tessere Caballeros accanto). L'Alcalde va sulla regione, non su una "
        "tessera né su un lato («placer un Alcalde sur une région fermée»): una qualsiasi "
        "tessera di terreno della regione, con un suo lato nella regione, la indica. Lo si "
        "giudica quando l'Alcalde viene "
        "piazzato: una casella occupata da una tessera Caballeros non ne riceve altre, quindi "
        "quando quella tessera se ne va la regione può riaprirsi e crescere, e il suo Alcalde "
        "resta. Se una tessera terreno unisce due regioni che hanno ciascuna un Alcalde, resta "
        "quello piazzato per primo e l'altro torna al suo proprietario, che potrà piazzarlo di "
        "nuovo; il Caballero che è costato non viene reso (regola: «Il ne peut y avoir qu'un "
        "seul Alcalde par région fermée», un solo Alcalde per regione).",
        "Sulla terra, il proprietario dell'Alcalde prende il primo posto, qualunque cosa dicano "
        "i Caballeros, e segna il doppio; il migliore degli altri, se solo, segna il valore "
        "semplice come secondo (mai in 2 giocatori). L'Alcalde non si aggiunge a una "
        "valutazione normale (regola: «prend le 1er rang dans cette région», prende il primo posto; «Seuls "
        "s'ajoutent les points gagnés pour les régions où sont situés les Alcaldes» si legge: "
        "sono questi i punti che la valutazione aggiunge).",
        "Su un mare l'Alcalde non vale nulla da solo: i punti del mare vanno alle sue navi, e "
        "ne può avere una sola. Un Alcalde su un mare senza una nave del suo proprietario non "
        "gli frutta nulla (regola: «Le joueur qui place 1 alcalde et 1 bateau dans cette région "
        "maritime fermée gagne 3 points (nombre de tuiles de la région maritime)»: i punti una "
        "volta, tramite la nave).",
    ]),
    ("Versioni delle regole", [
        "Una partita mantiene le regole con cui è stata creata; le partite create ora giocano "
        "la versione 2. Versione 1, quella delle partite create prima: una tessera Caballeros "
        "ripresa senza Castillo perdeva le sue navi; quando una tessera scoperta non andava "
        "accanto a nessun terreno né accanto alle tue tessere Caballeros, il turno finiva "
        "senza tessera; di due Alcaldes uniti in una regione ne restava uno; una tessera posata "
        "con il Grande costava il suo numero più alto più i 2 del Grande (1 se spostato).",
    ]),
    ("Scrivere le mosse", [
        "Per mail o nella casella di testo della pagina della partita, un comando per riga o "
        "più comandi separati da virgole; maiuscole e accenti non contano, saluti e firme sono "
        "ignorati, e a una parola sbagliata si risponde con un suggerimento. Una tessera "
        "scoperta si indica con il suo numero sotto il tabellone (da 1 a 5, da sinistra a "
        "destra).",
        "potere 7 · rinforzi · tessera 2 in m14 ruota 90 · caballero l13 lato a ruota 180 "
        "(aggiungi «grande» per portare il tuo Grande) · alzare l13 lato b ruota 90 · nave l13 "
        "nord (aggiungi «corte» per una nave della tua corte) · castillo l13 · riprendere l13 "
        "(con un lato: la sua nave) · sposta nave l13 nord a n14 est · sposta castillo l13 a "
        "n14 · grande l13 · alcalde m14 nord (una qualsiasi tessera di terreno della regione "
        "con un suo lato nella regione; la tessera sola quando è in una sola regione chiusa: "
        "alcalde m14) · fine (o passo).",
    ]),
    ("Quando scade un termine", [
        "Carta potere non giocata in tempo: si gioca la più bassa rimasta. Turno non giocato in "
        "tempo: la tessera di terreno obbligatoria è posata sulla prima casella e rotazione "
        "legali dove non elimina nessuna tessera Caballeros (una legale qualsiasi altrimenti), "
        "non si fa nient'altro e il turno finisce: nessun Caballero viene speso per te. "
        "Scrivere «fine auto» fa lo stesso.",
    ]),
])

PAGES: dict[str, Page] = {"en": EN, "fr": FR, "it": IT}


def rules_page(lang: str = "en") -> Page:
    """The page in `lang` (English for a language we do not have)."""
    return PAGES.get(lang, EN)
