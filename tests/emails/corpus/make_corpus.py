# ruff: noqa  (a one-off generator of the corpus files: long literal mails)
"""How tests/emails/corpus/*.eml were written: realistic replies as mail clients send them (run it
to rewrite them; the test reads the .eml files, not this script)."""
import base64, quopri, json, os
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email import charset as cs

OUT = os.path.dirname(os.path.abspath(__file__))
os.makedirs(OUT, exist_ok=True)
TO = "El Grande m5rfaww9843f <pbem+{TOKEN}@grande.test>"
WHO = {0: "Ann Smith <ann@example.com>", 1: "Bruno Martin <bruno@example.fr>", 2: "Chiara Rossi <chiara@example.it>"}
QUOTE_TXT = ["It is your turn in game m5rfaww9843f: play a power card.", "",
             "Reply to this mail with one of these commands:", "  power N — N one of: 1, 2, 3",
             "For example:", "", "    power 1"]

def base_headers(m, name, state, seat, expect, client, subject="Re: El Grande m5rfaww9843f: your turn (round 1)"):
    m["From"] = WHO[seat]
    m["To"] = TO
    m["Subject"] = subject
    m["Date"] = "Sun, 22 Nov 2026 10:%02d:00 +0100" % (len(os.listdir(OUT)) % 60)
    m["Message-ID"] = f"<corpus-{name}@{WHO[seat].split('@')[1].rstrip('>')}>"
    m["In-Reply-To"] = "<outbox-3.m5rfaww9843f@grande.test>"
    m["References"] = "<game-m5rfaww9843f@grande.test> <outbox-3.m5rfaww9843f@grande.test>"
    m["X-Mailer"] = client
    m["X-Corpus-State"] = state
    m["X-Corpus-Seat"] = str(seat)
    m["X-Corpus-Expect"] = json.dumps(expect, ensure_ascii=True)

def write(name, m):
    with open(f"{OUT}/{name}.eml", "wb") as f:
        f.write(m.as_bytes())

def quoted(prefix="> "):
    return "\n".join(prefix + l if l else prefix.rstrip() for l in QUOTE_TXT)

def plain_part(text, cte):
    c = cs.Charset("utf-8")
    c.body_encoding = {"qp": cs.QP, "b64": cs.BASE64, "8bit": None}[cte]
    part = MIMEText("", "plain", None)
    part.set_payload(text, c) if cte != "8bit" else part.set_payload(text.encode(), "utf-8")
    del part["Content-Type"]; part["Content-Type"] = 'text/plain; charset="UTF-8"'
    return part

def mime(name, state, seat, expect, client, text=None, html=None, cte="qp", subject=None):
    if text is not None and html is not None:
        m = MIMEMultipart("alternative")
        m.attach(mk(text, "plain", cte)); m.attach(mk(html, "html", cte))
    elif html is not None:
        m = mk(html, "html", cte)
    else:
        m = mk(text, "plain", cte)
    if "MIME-Version" not in m:
        m["MIME-Version"] = "1.0"
    base_headers(m, name, state, seat, expect, client, **({"subject": subject} if subject else {}))
    write(name, m)

def mk(body, sub, cte):
    c = cs.Charset("utf-8")
    c.body_encoding = {"qp": cs.QP, "b64": cs.BASE64}[cte]
    part = MIMEText(body, sub, c)
    return part

P7 = [{"type": "play_power", "card": 7}]
TURN = [{"type": "take", "count": 3}, {"type": "choose_card", "stack": 5, "card": "king"},
        {"type": "place", "places": {"aragon": 2, "castillo": 1}}, {"type": "special", "to": "granada"}]
TAKE_CARD = [{"type": "take", "count": 2}, {"type": "choose_card", "stack": 4, "card": "scoreboard"}]
DISC_SEV = [{"type": "secret", "choice": "sevilla"}]
DISC_GAL = [{"type": "secret", "choice": "galicia"}]
DISC_CLV = [{"type": "secret", "choice": "castilla_la_vieja"}]

GMAIL_HTML_QUOTE = ('<div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Sun, Nov 22, 2026 at 10:00 AM El Grande &lt;'
                    'pbem@grande.test&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">'
                    'It is your turn in game m5rfaww9843f: play a power card.<br>For example: power 1</blockquote></div>')

# 1 Gmail web, top-posted, multipart/alternative, quoted-printable
mime("gmail-top-posted", "power", 0, P7, "Gmail",
     text="power 7\n\nOn Sun, Nov 22, 2026 at 10:00 AM El Grande <pbem@grande.test> wrote:\n\n" + quoted(),
     html='<div dir="ltr">power 7</div><br>' + GMAIL_HTML_QUOTE)
# 2 Gmail, the whole turn in one line
mime("gmail-whole-turn", "turn", 0, TURN, "Gmail",
     text="take 3, card king, place 2 aragon 1 castillo, king to granada\n\nThanks!\nAnn\n\nOn Sun, Nov 22, 2026 at 10:00 AM El Grande <pbem@grande.test> wrote:\n" + quoted(),
     html='<div dir="ltr">take 3, card king, place 2 aragon 1 castillo, king to granada<div><br></div><div>Thanks!</div><div>Ann</div></div><br>' + GMAIL_HTML_QUOTE)
# 3 Outlook desktop, HTML + text, base64, "From:/Sent:" header block
mime("outlook-desktop", "turn", 0, TURN, "Microsoft Outlook 16.0",
     text="Take 3\r\nCard: The King\r\nPlace 2 Aragón, 1 Castillo\r\nKing to Granada\r\n\r\nBest regards,\r\nAnn Smith\r\n\r\n________________________________\r\nFrom: El Grande <pbem@grande.test>\r\nSent: Sunday, November 22, 2026 10:00 AM\r\nTo: Ann Smith <ann@example.com>\r\nSubject: El Grande m5rfaww9843f: your turn (round 1)\r\n\r\nIt is your turn in game m5rfaww9843f: play a power card.\r\nFor example:\r\n    power 1\r\n",
     html='<html><body><div>Take 3<br>Card: The King<br>Place 2 Arag&oacute;n, 1 Castillo<br>King to Granada</div><div><br>Best regards,<br>Ann Smith</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> El Grande &lt;pbem@grande.test&gt;<br><b>Sent:</b> Sunday<br>power 1</div></body></html>',
     cte="b64")
# 4 Outlook for the web, HTML only, quoted-printable
mime("outlook-web-html-only", "power", 0, P7, "Outlook-Web",
     html='<html><head><style>p{margin:0}</style></head><body><div style="font-family:Calibri">power card 7</div><div><br></div><div id="appendonsend"></div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> El Grande<br><b>Sent:</b> Sunday, November 22, 2026 10:00<br></font><div>For example: power 1</div></div></body></html>')
# 5 Apple Mail, HTML + text, blockquote type=cite
mime("apple-mail", "power", 0, P7, "Apple Mail (2.3774.300.61.1.2)",
     text="Play 7\n\n> On 22 Nov 2026, at 10:00, El Grande <pbem@grande.test> wrote:\n> \n" + quoted(),
     html='<html><body style="overflow-wrap: break-word;">Play 7<br id="lineBreakAtBeginningOfMessage"><div><br><blockquote type="cite"><div>On 22 Nov 2026, at 10:00, El Grande &lt;pbem@grande.test&gt; wrote:</div><br><div>power 1</div></blockquote></div></body></html>')
# 6 iPhone, text only, 8bit-ish qp, "Sent from my iPhone"
mime("iphone-mail", "power", 0, P7, "iPhone Mail (21A360)",
     text="Power 7\n\nSent from my iPhone\n\n> On 22 Nov 2026, at 10:00, El Grande <pbem@grande.test> wrote:\n> \n" + quoted())
# 7 Thunderbird, bottom-posted, plain text, format=flowed-like
mime("thunderbird-bottom-posted", "power", 0, P7, "Mozilla Thunderbird",
     text="On 22/11/2026 10:00, El Grande wrote:\n" + quoted() + "\n\npower 7\n\n-- \nAnn Smith\nhttps://ann.example.com\n")
# 8 Thunderbird HTML with moz-cite-prefix
mime("thunderbird-html", "turn", 0, TAKE_CARD, "Mozilla Thunderbird",
     text="take 2\ncard scoreboard\n\nOn 22/11/2026 10:00, El Grande wrote:\n" + quoted(),
     html='<html><body><p>take 2<br>card scoreboard</p><div class="moz-cite-prefix">On 22/11/2026 10:00, El Grande wrote:<br></div><blockquote type="cite">power 1</blockquote></body></html>')
# 9 Android Gmail app, French, top-posted
mime("android-gmail-fr", "disc", 1, DISC_SEV, "Gmail Android",
     text="disque Séville\n\nLe dim. 22 nov. 2026 à 10:00, El Grande <pbem@grande.test> a écrit :\n\n" + quoted(),
     html='<div dir="auto">disque Séville</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">Le dim. 22 nov. 2026 à 10:00, El Grande &lt;pbem@grande.test&gt; a écrit&nbsp;:<br></div><blockquote class="gmail_quote">power 1</blockquote></div>')
# 10 French Outlook, "De : / Envoyé :" header, base64
mime("outlook-fr", "turn", 0, TURN, "Microsoft Outlook 16.0",
     text="prendre 3\ncarte Le Roi\nplacer 2 Aragon et 1 Castillo\nroi à Grenade\n\nCordialement,\nBruno\n\nDe : El Grande <pbem@grande.test>\nEnvoyé : dimanche 22 novembre 2026 10:00\nÀ : Bruno Martin\nObjet : El Grande : à vous de jouer\n\npower 1\n",
     cte="b64")
# 11 French, no accents, abbreviations
mime("fr-sans-accents", "disc", 1, DISC_CLV, "Roundcube Webmail/1.6",
     text="choix : vieille castille\n\nmerci\n\nLe 22/11/2026 10:00, El Grande a écrit :\n" + quoted())
# 12 Italian Gmail, "Il giorno ... ha scritto:"
mime("gmail-it", "disc", 2, DISC_GAL, "Gmail",
     text="scelta Galizia\n\nIl giorno dom 22 nov 2026 alle ore 10:00 El Grande <pbem@grande.test> ha scritto:\n\n" + quoted(),
     html='<div dir="ltr">scelta Galizia</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">Il giorno dom 22 nov 2026 alle ore 10:00 El Grande ha scritto:<br></div><blockquote class="gmail_quote">power 1</blockquote></div>')
# 13 Italian, whole turn, Libero-style plain text, quoted-printable
mime("libero-it-turno", "turn", 0, TURN, "Libero Mail",
     text="prendi 3, carta il re, piazza 2 Aragona 1 castello, re a Granada\n\nCiao,\nChiara\n\n----Messaggio originale----\nDa: El Grande <pbem@grande.test>\nData: 22/11/2026 10:00\nOggetto: tocca a te\n\npower 1\n")
# 14 Italian iPhone "Inviato da iPhone"
mime("iphone-it", "power", 0, P7, "iPhone Mail",
     text="Gioca 7\n\nInviato da iPhone\n\n> Il giorno 22 nov 2026, alle ore 10:00, El Grande <pbem@grande.test> ha scritto:\n> \n" + quoted())
# 15 Yahoo HTML-only with yahoo_quoted
mime("yahoo-html-only", "power", 0, P7, "YahooMailAndroidMobile",
     html='<html><body><div>Power: 7</div>' '<div id="ymail_android_signature">Sent from Yahoo Mail on Android</div>'
          '<div class="yahoo_quoted"><div>On Sun, Nov 22, 2026 at 10:00, El Grande wrote:</div><blockquote>power 1</blockquote></div></body></html>')
# 16 ProtonMail, base64 plain
mime("protonmail", "turn", 0, TAKE_CARD, "ProtonMail",
     text="TAKE 2\nCARD 4\n\nSent with Proton Mail secure email.\n\nOn Sunday, November 22nd, 2026 at 10:00, El Grande <pbem@grande.test> wrote:\n\n" + quoted(), cte="b64")
# 17 K-9 Mail, bottom-posted, Android
mime("k9-bottom-posted", "disc", 1, DISC_SEV, "K-9 Mail for Android",
     text="El Grande <pbem@grande.test> schrieb am 22. November 2026 10:00:00 MEZ:\n" + quoted() + "\n\nsecret sevilla\n--\nEnvoyé de mon appareil Android avec K-9 Mail.\n")
# 18 Samsung email, French, HTML only, base64
mime("samsung-fr-html", "power", 0, P7, "Samsung Email",
     html='<html><body><div dir="auto">jouer 7</div><div dir="auto"><br></div><div dir="auto">Envoyé depuis mon Galaxy</div><div><br></div><div align="left" dir="auto" style="font-size:100%;color:#000000"><div>-------- Message d\'origine --------</div><div>De : El Grande &lt;pbem@grande.test&gt; </div><div>power 1</div></div></body></html>', cte="b64")
# 19 Mutt-style bottom-posted with attribution, plain 7bit-ish
mime("mutt-interleaved", "turn", 0, [{"type": "take", "count": 3}, {"type": "choose_card", "stack": 1, "card": "move_3_any"}], "Mutt/2.2.12",
     text="* El Grande <pbem@grande.test> [2026-11-22 10:00 +0100]:\n" + quoted() + "\n\ntake all\ncard 1\n\n-- \nann\n")
# 20 Fastmail, HTML+text, whole turn with abbreviations
mime("fastmail-abbrev", "turn", 0, [{"type": "take", "count": 3}, {"type": "choose_card", "stack": 5, "card": "king"},
                                    {"type": "place", "places": {"castilla_la_vieja": 1, "valencia": 1, "castillo": 1}}, {"type": "special", "to": "cataluna"}],
     "Fastmail", text="take 3; card k; place 1 clv 1 val 1 castle; king to cat\n\nOn Sun, Nov 22, 2026, at 10:00, El Grande wrote:\n" + quoted(),
     html='<div>take 3; card k; place 1 clv 1 val 1 castle; king to cat</div><div><br></div><div>On Sun, Nov 22, 2026, at 10:00, El Grande wrote:</div><blockquote type="cite" id="qt">power 1</blockquote>')
# 21 Outlook iOS, "Get Outlook for iOS", HTML+text
mime("outlook-ios", "power", 0, P7, "Outlook-iOS/2.0",
     text="7\n\nGet Outlook for iOS\n________________________________\nFrom: El Grande <pbem@grande.test>\nSent: Sunday, November 22, 2026 10:00:00 AM\n\npower 1\n",
     html='<html><body><div dir="auto">7</div><div dir="auto"><br></div><div>Get <a href="https://aka.ms/o0ukef">Outlook for iOS</a></div><hr><div id="divRplyFwdMsg"><b>From:</b> El Grande<br>power 1</div></body></html>')
# 22 French, whole turn with accents and capital letters, quoted-printable
mime("gmail-fr-tour", "turn", 0, [{"type": "take", "count": 1}, {"type": "choose_card", "stack": 5, "card": "king"},
                                  {"type": "special", "to": "pais_vasco"}, {"type": "place", "places": {"aragon": 1}}],
     "Gmail", text="Prendre 1\nCarte : le Roi\nRoi vers Pays basque\nPlacer 1 Aragón\n\nBruno\n\nLe dim. 22 nov. 2026 à 10:00, El Grande <pbem@grande.test> a écrit :\n" + quoted())
# 23 Italian, whole turn, Virgilio, HTML only base64
mime("virgilio-it-html", "turn", 0, [{"type": "take", "count": 3}, {"type": "choose_card", "stack": 2, "card": "kings_return"},
                                     {"type": "place", "places": {"valencia": 1, "granada": 1}}, {"type": "decline"}],
     "Virgilio", html='<html><body><p>Prendi 3<br>Carta 2<br>Piazza 1 Valencia, 1 Granada<br>Rinuncia</p><p>Ciao!</p><blockquote>power 1</blockquote></body></html>', cte="b64")
# --- issue 15: extra words read the way a person means them; a signature stays a signature
PLACED = [{"type": "take", "count": 3}, {"type": "choose_card", "stack": 5, "card": "king"},
          {"type": "place", "places": {"aragon": 2, "castillo": 1}}]
# 24 Italian iPhone: "I play the 7"
mime("iphone-it-gioco", "power", 0, P7, "iPhone Mail (20H240)",
     text="Gioco il 7\n\nInviato da iPhone\n\n> Il giorno 22 nov 2026, alle ore 10:00, El Grande <pbem@grande.test> ha scritto:\n> \n" + quoted())
# 25 Italian Gmail Android: an apology before the command, the signature after
mime("android-it-scusate", "power", 0, P7, "Gmail Android",
     text="ok scusate: potere 7\n\nChiara\n\nIl giorno dom 22 nov 2026 alle ore 10:00 El Grande <pbem@grande.test> ha scritto:\n\n" + quoted(),
     html='<div dir="auto">ok scusate: potere 7</div><div dir="auto"><br></div><div dir="auto">Chiara</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">Il giorno dom 22 nov 2026 alle ore 10:00 El Grande ha scritto:<br></div><blockquote class="gmail_quote">power 1</blockquote></div>')
# 26 French Outlook: the power card called "carte", and "svp"
mime("outlook-fr-svp", "power", 0, P7, "Microsoft Outlook 16.0",
     text="carte 7 svp\r\n\r\nBruno\r\n\r\nDe : El Grande <pbem@grande.test>\r\nEnvoyé : dimanche 22 novembre 2026 10:00\r\nÀ : Bruno Martin\r\nObjet : El Grande : à vous de jouer\r\n\r\npower 1\r\n",
     cte="b64")
# 27 K-9, a signature that reads like a place ("Sev", for Séverine) on the line after a placement
mime("k9-signature-sev", "turn", 0, PLACED, "K-9 Mail for Android",
     text="take 3\ncard king\nplace 2 aragon 1 castillo\n\nSev\n\nEl Grande <pbem@grande.test> schrieb am 22. November 2026 10:00:00 MEZ:\n" + quoted())
# --- issue 15, the play-test by mail: first persons and plural colours
MOVED = [{"type": "take", "count": 3}, {"type": "choose_card", "stack": 1, "card": "move_3_any"}]
# 28 French Gmail: every command in the first person, "2 rouges"
mime("gmail-fr-je", "turn", 0, MOVED + [{"type": "place", "places": {"valencia": 1}},
     {"type": "special", "moves": [{"seat": 0, "from": "aragon", "to": "galicia", "count": 2}]}],
     "Gmail", text="Je prends 3\nJe prends la carte 1\nJe place 1 Valencia\nJe déplace 2 rouges Aragon vers Galice\n\nBruno\n\nLe dim. 22 nov. 2026 à 10:00, El Grande <pbem@grande.test> a écrit :\n" + quoted())
# 29 Italian iPhone: "prendo", "piazzo", "sposto 2 rossi", "1 blu … al castello"
mime("iphone-it-piazzo", "turn", 0, MOVED + [{"type": "place", "places": {"castillo": 1}},
     {"type": "special", "moves": [{"seat": 0, "from": "aragon", "to": "galicia", "count": 2},
                                   {"seat": 1, "from": "galicia", "to": "castillo", "count": 1}]}],
     "iPhone Mail (20H240)", text="Prendo 3, scelgo la carta 1\npiazzo 1 castillo\nsposto 2 rossi da aragona a galizia, 1 blu galizia al castello\n\nInviato da iPhone\n\n> Il giorno 22 nov 2026, alle ore 10:00, El Grande <pbem@grande.test> ha scritto:\n> \n" + quoted())
# 30 French Outlook: "la carte du Roi", "je mets 1 dans le Castillo"
KING_CASTILLO = [{"type": "take", "count": 3}, {"type": "choose_card", "stack": 5, "card": "king"},
                 {"type": "special", "to": "valencia"}]
mime("outlook-fr-carte-du-roi", "turn", 0, KING_CASTILLO + [{"type": "place", "places": {"castillo": 1}}],
     "Microsoft Outlook 16.0", text="Je prends 3, je prends la carte du Roi\r\nLe Roi vers Valence\r\nje mets 1 dans le Castillo\r\n\r\nBruno\r\n\r\nDe : El Grande <pbem@grande.test>\r\nEnvoyé : dimanche 22 novembre 2026 10:00\r\nObjet : El Grande : à vous de jouer\r\n\r\npower 1\r\n")
# 31 Italian Libero: "la carta del Re", "metto 2 al castello"
mime("libero-it-carta-del-re", "turn", 0, KING_CASTILLO + [{"type": "place", "places": {"castillo": 2}}],
     "Libero Mail", text="prendo 3 e prendo la carta del Re\nil re a valencia, metto 2 al castello\n\nChiara\n\n----Messaggio originale----\nDa: El Grande <pbem@grande.test>\n\npower 1\n", cte="b64")
print(len([f for f in os.listdir(OUT) if f.endswith(".eml")]))
