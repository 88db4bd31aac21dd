"""The pages where players meet (service/web/meet.py), as a signed-in browser without JavaScript
uses them: open a game, take a seat, free one, start with bots; profiles and their privacy, the
leaderboard, the settings of a public profile and of the calendar link — names escaped, no
address anywhere."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from service import players
from tests.web.conftest import csrf_of, sign_in


def _client(app: Any, wctx: Any, email: str, name: str, language: str = "en") -> tuple[Any, int]:
    player, _token = players.add(wctx, email, name=name, language=language)
    client = app.test_client()
    sign_in(client, wctx, player.id)
    return client, player.id


def _post(client: Any, path: str, data: dict[str, Any] | None = None, page: str = "/open-games"
          ) -> Any:
    token = csrf_of(client.get(page).text)
    return client.post(path, data={"csrf_token": token, **(data or {})})


def _open_el_grande(ann: Any, **extra: Any) -> str:
    form = ann.get("/open-games/new?game=el-grande")
    assert form.status_code == 200
    defaults = dict(re.findall(r'name="(option\.\w+)" value="(\d+)" checked', form.text))
    assert defaults, "the form offers the game's options, a value of each checked"
    data = {"csrf_token": csrf_of(form.text), "game": "el-grande", "players": "3", **defaults,
            "option.short_game": "1", "turn_hours": "48", "timeout_policy": "default",
            "languages": ["fr", "it"], **extra}
    done = ann.post("/open-games/new", data=data)
    assert done.status_code == 302, done.text
    return done.headers["Location"].rpartition("#g-")[2]


def test_strangers_meet_on_the_open_games_page(app: Any, wctx: Any) -> None:
    ann, _ann_id = _client(app, wctx, "ann@example.com", "Ann")
    bob, _ = _client(app, wctx, "bob@example.com", "<b>Bob</b>", "fr")
    cid, _ = _client(app, wctx, "cid@example.com", "Cid", "it")
    gid = _open_el_grande(ann)
    page = bob.get("/open-games").text
    assert f'id="g-{gid}"' in page
    assert "Durée" in page and "courte : six manches" in page  # the game's words, in French
    assert "short_game" not in page and "@example.com" not in page
    assert "48 heures par décision" in page and "Français, Italiano" in page
    joined = _post(bob, f"/open-games/{gid}/join")
    assert joined.status_code == 302
    page = cid.get("/open-games").text
    assert "&lt;b&gt;Bob&lt;/b&gt;" in page and "<b>Bob</b>" not in page  # escaped
    started = _post(cid, f"/open-games/{gid}/join")
    assert started.headers["Location"].endswith(f"/games/{gid}")
    game = cid.get(f"/games/{gid}").text
    assert "Ann" in game and "&lt;b&gt;Bob&lt;/b&gt;" in game
    assert f'id="g-{gid}"' not in ann.get("/open-games").text  # started: no longer listed


def test_the_creator_frees_a_seat_and_starts_with_bots(app: Any, wctx: Any) -> None:
    ann, _ = _client(app, wctx, "ann@example.com", "Ann")
    bob, _ = _client(app, wctx, "bob@example.com", "Bob")
    gid = _open_el_grande(ann)
    _post(bob, f"/open-games/{gid}/join")
    waiting = ann.get(f"/games/{gid}").text  # the game's page sends to the lobby
    assert 'id="open-game-lobby"' in waiting and "1 free seat of 3" in waiting
    assert "Open seat" not in waiting and 'id="accept-seat"' not in waiting
    listed = ann.get("/games").text  # my games: the free seat said so, in my language
    assert "(free seat)" in listed and "Open seat" not in listed
    page = ann.get("/open-games").text
    assert "Free Bob&#39;s seat" in page or "Free Bob's seat" in page
    seat = re.search(r'name="seat" value="(\d)"', page)
    assert seat is not None
    _post(ann, f"/open-games/{gid}/remove", {"seat": seat.group(1)})
    assert "2 free seats of 3" in ann.get("/open-games").text
    refused = _post(bob, f"/open-games/{gid}/remove", {"seat": "0"})
    assert refused.status_code == 302
    assert "Only the game&#39;s creator" in bob.get("/open-games").text
    done = _post(ann, f"/open-games/{gid}/start", {"bot": "greedy"})
    assert done.headers["Location"].endswith(f"/games/{gid}")
    assert "Bot 2 (greedy)" in ann.get(f"/games/{gid}").text


def test_a_refused_form_says_why_and_creates_nothing(app: Any, wctx: Any) -> None:
    ann, _ = _client(app, wctx, "ann@example.com", "Ann", "it")
    form = ann.get("/open-games/new?game=el-grande")
    r = ann.post("/open-games/new", data={"csrf_token": csrf_of(form.text), "game": "el-grande",
                                          "players": "3", "turn_hours": "0"})
    assert r.status_code == 422
    assert "Scegli" in r.text or "numero intero" in r.text
    assert "open-game" in r.text and "Nessuna partita aperta" in ann.get("/open-games").text


def test_profiles_are_private_until_public_and_show_no_address(app: Any, wctx: Any) -> None:
    ann, ann_id = _client(app, wctx, "ann@example.com", "Ann")
    bob, _ = _client(app, wctx, "bob@example.com", "Bob", "fr")
    own = ann.get(f"/players/{ann_id}")
    assert own.status_code == 200 and "Only you see this profile" in own.text
    assert bob.get(f"/players/{ann_id}").status_code == 404
    assert app.test_client().get(f"/players/{ann_id}").status_code == 404
    settings = ann.get("/settings").text
    assert 'id="profile-public"' in settings and 'id="calendar-make"' in settings
    r = ann.post("/settings/profile", data={"csrf_token": csrf_of(settings), "public": "on"})
    assert r.status_code == 302
    shown = bob.get(f"/players/{ann_id}")
    assert shown.status_code == 200 and "Profil de Ann" in shown.text
    assert "@example.com" not in shown.text
    board = bob.get("/leaderboard/el-grande")
    assert board.status_code == 200 and "Personne au profil public" in board.text
    assert bob.get("/leaderboard/nope").status_code == 404


def test_the_calendar_link_is_made_shown_and_stopped_in_the_settings(app: Any, wctx: Any
                                                                      ) -> None:
    ann, _ = _client(app, wctx, "ann@example.com", "Ann")
    settings = ann.get("/settings").text
    assert 'id="calendar-link"' not in settings
    ann.post("/settings/calendar", data={"csrf_token": csrf_of(settings), "action": "make"})
    settings = ann.get("/settings").text
    link = re.search(r'id="calendar-link"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*'
                     r'id="calendar-link"', settings)
    assert link is not None
    url = link.group(1) or link.group(2)
    path = url[url.index("/calendar/"):]
    anyone = app.test_client()
    feed = anyone.get(path)
    assert feed.status_code == 200 and feed.data.startswith(b"BEGIN:VCALENDAR")
    ann.post("/settings/calendar", data={"csrf_token": csrf_of(settings), "action": "revoke"})
    assert anyone.get(path).status_code == 404


def test_two_strangers_meet_in_chromium(page_for: Any, wctx: Any) -> None:
    """Ann opens a game for two; Bob, who does not know her address, finds it in the lobby,
    takes the seat in one click, and both are at the table of a game in play."""
    ann_id = players.add(wctx, "ann@example.com", name="Ann")[0].id
    bob_id = players.add(wctx, "bob@example.com", name="Bob", language="fr")[0].id
    ann = page_for(ann_id)
    ann.goto("/open-games")
    ann.click("#open-new-link")
    ann.select_option("#open-players", "2")
    ann.click("#open-create")
    ann.wait_for_url(re.compile(r".*/open-games#g-\w+$"))
    bob = page_for(bob_id)
    bob.goto("/open-games")
    row = bob.locator("tr.open-game")
    assert row.count() == 1 and "Ann" in row.inner_text() and "@" not in row.inner_text()
    bob.click("button.join")
    bob.wait_for_url(re.compile(r".*/games/\w+$"))
    assert "La partie n'a pas commencé" not in bob.content()
    ann.goto(urlsplit(bob.url).path)
    assert "Bob" in ann.content()


def test_a_seat_left_open_is_named_in_the_readers_language_on_the_board_and_the_list(
        app: Any, wctx: Any) -> None:
    """A started game whose player resigned with the seat left open: the board's picture, the
    glance of the games list and whom the game waits for name the seat in the reader's words
    (its placeholder's stored name is English)."""
    from service import db, lobby, seats

    ann, _ = _client(app, wctx, "ann@example.com", "Ann", "fr")
    _client(app, wctx, "bob@example.com", "Bob")
    cid, _ = _client(app, wctx, "cid@example.com", "Cid", "it")
    with db.read(wctx.engine) as conn:
        a, b, c = (players.find_by_email(conn, f"{n}@example.com") for n in ("ann", "bob", "cid"))
    assert a is not None and b is not None and c is not None
    gid = lobby.create(wctx, a, game="el-grande", leave_to="open",
                       emails=["ann@example.com", "bob@example.com", "cid@example.com"]).game_id
    lobby.accept(wctx, gid, b)
    lobby.accept(wctx, gid, c)
    seats.resign(wctx, gid, b)
    for client, words in ((ann, "Place libre"), (cid, "Posto libero")):
        board = client.get(f"/games/{gid}/board.svg").get_data(as_text=True)
        listed = client.get("/games").text
        assert words in board and words in listed, words
        assert "Open seat" not in board + listed + client.get(f"/games/{gid}").text


def test_mail_about_new_open_games_is_chosen_on_the_settings_page(app: Any, wctx: Any) -> None:
    from service import meet

    bob, bob_id = _client(app, wctx, "bob@example.com", "Bob", "fr")
    page = bob.get("/settings").text
    assert "Courriel sur les nouvelles parties ouvertes" in page
    assert re.search(r"écrivez depuis votre adresse à pbem\+[a-z0-9]{40}@", page)
    assert 'value="el-caballero:fr"' in page and 'value="el-caballero:fr" checked' not in page
    saved = _post(bob, "/settings/open-game-mail",
                  {"asked": ["el-caballero:fr", "el-grande:it"]}, page="/settings")
    assert saved.status_code == 302 and saved.headers["Location"].endswith("#open-game-mail")
    page = bob.get("/settings").text
    assert "Vos courriels sur les nouvelles parties ouvertes sont enregistrés." in page
    assert 'value="el-caballero:fr" checked' in page and 'value="el-grande:it" checked' in page
    assert meet.subscriptions(wctx, bob_id) == [("el-caballero", "fr"), ("el-grande", "it")]
    refused = _post(bob, "/settings/open-game-mail", {"asked": ["el-grande:de"]},
                    page="/settings")
    assert refused.status_code == 302
    assert "« de » n&#39;est pas une langue de ce service" in bob.get("/settings").text
    assert meet.subscriptions(wctx, bob_id) == [("el-caballero", "fr"), ("el-grande", "it")]
    _post(bob, "/settings/open-game-mail", {}, page="/settings")  # none ticked: none
    assert meet.subscriptions(wctx, bob_id) == []
