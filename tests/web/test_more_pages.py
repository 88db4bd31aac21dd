"""Settings, spectators, the replay of a finished game, the board image and the UI catalogue."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from domain.core.commands import Command
from domain.elgrande import boards
from domain.elgrande.data import BORDERS
from service import commands, pictures, queries, states
from service.store import Source
from service.tables import players as players_table
from service.web import i18n
from tests.web.conftest import Game, csrf_of, sign_in, to_ann_act


def finish(game: Game, seed: int = 1) -> None:
    """Random legal moves through `handle` until the game is over."""
    rng = random.Random(seed)
    module = game.ctx.games["el-grande"]
    for _ in range(5000):
        _v, state, _ = states.load(game.ctx.engine, game.ctx.states, game.id, module)
        if module.is_over(state):
            return
        decision = next(d for d in module.pending(state) if d.seat is not None)
        command = module.sample_command(state, decision, rng)
        commands.handle(game.id, decision.seat, Command(command.type, decision.seat,
                                                        command.params),
                        Source("api"), ctx=game.ctx)
    raise AssertionError("the game did not end")


def test_settings_change_language_time_zone_and_notifications(app: Any, wctx: Any,
                                                              game: Game) -> None:
    client = app.test_client()
    sign_in(client, wctx, game.ids[0])
    page = client.get("/settings").text
    assert 'name="time_zone"' in page and 'name="email_notifications"' in page
    saved = client.post("/settings", data={"csrf_token": csrf_of(page), "name": "Annie",
                                           "language": "it", "time_zone": "Europe/Rome"},
                        follow_redirects=True)
    assert "Salvato." in saved.text and 'lang="it"' in saved.text
    with wctx.engine.connect() as conn:
        row = conn.execute(select(players_table).where(players_table.c.id == game.ids[0])).one()
    assert (row.name, row.language, row.time_zone, row.email_notifications) == (
        "Annie", "it", "Europe/Rome", False)
    bad = client.post("/settings", data={"csrf_token": csrf_of(page), "language": "de",
                                         "time_zone": "Europe/Rome"}, follow_redirects=True)
    assert "Non salvato" in bad.text


def test_spectators_see_a_read_only_page(app: Any, wctx: Any, game: Game) -> None:
    to_ann_act(game)
    anonymous = app.test_client().get(f"/games/{game.id}")
    assert anonymous.status_code == 200
    assert "spectator view" in anonymous.text and "<form method=\"post\" action=\"/games/" \
        not in anonymous.text
    assert 'class="place target' not in anonymous.text
    ann = app.test_client()
    sign_in(ann, wctx, game.ids[0])
    watching = ann.get(f"/games/{game.id}/watch").text
    assert "spectator view" in watching and "place-form" not in watching
    assert "place-form" in ann.get(f"/games/{game.id}").text
    assert app.test_client().get("/games/nosuchgame1").status_code == 404


def test_replay_steps_through_a_finished_game(app: Any, wctx: Any, game: Game) -> None:
    assert app.test_client().get(f"/games/{game.id}/replay").status_code == 409
    finish(game)
    head = queries.header(wctx, game.id, None)
    assert head.status == "over"
    client = app.test_client()
    last = client.get(f"/games/{game.id}/replay")
    assert last.status_code == 200 and f"After event {head.version} of {head.version}" in last.text
    assert "This game plays version 1 of the rules, the current one." in last.text
    # At the ends, the way further is not a link to the same step (it read "Next ›" to itself).
    assert not re.search(r'rel="(next|last)"', last.text) and 'rel="prev"' in last.text
    first = client.get(f"/games/{game.id}/replay?at=1").text
    assert not re.search(r'rel="(first|prev)"', first) and 'href="/games/' in first
    step = client.get(f"/games/{game.id}/replay?at=5")
    assert "After event 5 of" in step.text and "<svg" in step.text
    assert re.search(r'href="/games/\w+/replay\?at=6"', step.text)
    assert "Ann plays power card" in client.get(f"/games/{game.id}/replay?at=4").text
    assert client.get(f"/games/{game.id}/replay?at=99999").status_code == 200  # clamped


def title_of(page: str) -> str:
    return page[page.index("<title>") + len("<title>"):page.index("</title>")]


def test_a_games_pages_titles_name_the_game_once_and_the_site_last(app: Any, wctx: Any,
                                                                   game: Game) -> None:
    """A browser tab reads "El Grande (game …) · Play by mail": the game page's and the replay's
    title name the game once (the replay's did not name it in its own words)."""
    client = app.test_client()
    page = title_of(client.get(f"/games/{game.id}").text)
    assert page == f"El Grande (game {game.id}) · Play by mail"
    finish(game)
    replay = title_of(client.get(f"/games/{game.id}/replay?at=3").text)
    assert replay == f"Replay of El Grande (game {game.id}) · Play by mail"
    sign_in(client, wctx, game.ids[1])  # Bob reads French
    client.post("/settings", data={"csrf_token": csrf_of(client.get("/settings").text),
                                   "language": "fr", "time_zone": "UTC"})
    assert title_of(client.get(f"/games/{game.id}/replay").text) \
        == f"Revoir El Grande (partie {game.id}) · Jeux par courriel"


def test_the_map_has_exactly_the_fifteen_borders() -> None:
    assert boards.shared_edges() == {tuple(sorted(b)) for b in BORDERS}


def test_board_png_is_the_svg_rasterised(game: Game) -> None:
    pytest.importorskip("cairosvg")
    to_ann_act(game)
    head = queries.header(game.ctx, game.id, None)
    _v, view = queries.view(game.ctx, head, )
    png = pictures.svg_to_png(boards.board_svg(view, "fr", names=["Ann", "Bob", "Cid"]))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000
    assert int.from_bytes(png[16:20], "big") == boards.WIDTH
    assert int.from_bytes(png[20:24], "big") == boards.HEIGHT
    svg = boards.board_svg(view, "fr")
    assert svg.count("<title>") == 13  # the map, each of the ten places, the court, the provinces


def test_ui_catalogue_has_three_languages_and_templates_use_known_keys() -> None:
    for key, texts in i18n.TEXTS.items():
        assert len(texts) == 3 and all(texts), key
        fields = [set(re.findall(r"{(\w+)(?::[^}]*)?}", t)) for t in texts]
        assert fields[0] == fields[1] == fields[2], key
    folder = Path(i18n.__file__).parent / "templates" / "web"
    used = set()
    for template in folder.glob("*.html"):
        used |= set(re.findall(r"\bt\('([a-z_.]+)'", template.read_text()))
    prefixes = {k for k in used if k.endswith(".")}  # t('phase.' ~ view.phase) and the like
    used -= prefixes
    assert all(any(k.startswith(p) for k in i18n.TEXTS) for p in prefixes)
    assert used and used <= set(i18n.TEXTS), sorted(used - set(i18n.TEXTS))
