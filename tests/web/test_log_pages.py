"""The game page shows the latest part of the log and links to the rest: a page that re-described
the whole log on every view cost five times more at the end of a game than at its start."""

from __future__ import annotations

import random
import re
from typing import Any

from service import states
from service.web.record import LOG_TAIL
from tests.web.conftest import Game, sign_in

ITEM = re.compile(r'<li value="(\d+)"')
EARLIER = re.compile(r'<a href="([^"]+/log\?[^"]+)">')


def advanced(game: Game, events: int) -> int:
    """Random legal moves through the service until the game has `events` events."""
    module = game.ctx.games["el-grande"]
    rng = random.Random(3)
    while True:
        version, state, _ = states.load(game.ctx.engine, None, game.id, module)
        if version >= events or module.is_over(state):
            return version
        decision = rng.choice([d for d in module.pending(state) if d.seat is not None])
        command = module.sample_command(state, decision, rng)
        game.play(decision.seat, command.type, **command.params)


def shown(html: str) -> list[int]:
    return [int(n) for n in ITEM.findall(html)]


def test_the_page_shows_the_latest_part_and_links_to_the_rest(app: Any, game: Game) -> None:
    version = advanced(game, 3 * LOG_TAIL)
    client = app.test_client()
    sign_in(client, game.ctx, game.ids[0])
    page = client.get(f"/games/{game.id}").text
    latest = shown(page)
    assert latest and min(latest) > version - LOG_TAIL and max(latest) <= version
    link = EARLIER.search(page)
    assert link, "no link to the earlier part of the log"
    earlier = client.get(link.group(1).replace("&amp;", "&"))
    assert earlier.status_code == 200
    before = shown(earlier.text)
    assert before and max(before) < min(latest)  # the part before, and none of the page's
    assert "Back to the game" in earlier.text
    while (further := EARLIER.search(earlier.text)) is not None:
        earlier = client.get(further.group(1).replace("&amp;", "&"))
        before += shown(earlier.text)
    assert min(before) <= 2  # walking back reaches the opening


def test_the_log_pages_speak_the_readers_language(app: Any, game: Game) -> None:
    advanced(game, 2 * LOG_TAIL)
    client = app.test_client()
    sign_in(client, game.ctx, game.ids[1])  # Bob reads French
    page = client.get(f"/games/{game.id}").text
    assert "Plus tôt dans la partie" in page
    link = EARLIER.search(page)
    assert link
    assert "Retour à la partie" in client.get(link.group(1).replace("&amp;", "&")).text


def test_a_short_game_has_no_earlier_link_and_a_bad_upto_is_a_400(app: Any, game: Game) -> None:
    client = app.test_client()
    sign_in(client, game.ctx, game.ids[0])
    assert not EARLIER.search(client.get(f"/games/{game.id}").text)
    assert client.get(f"/games/{game.id}/log?upto=abc").status_code == 400


def test_an_event_is_described_once_per_viewer(app: Any, game: Game, monkeypatch: Any) -> None:
    """Describing is the log's cost: a second view describes only what happened since."""
    from service import audit

    advanced(game, LOG_TAIL // 2)
    module = game.ctx.games["el-grande"]
    described: list[int | None] = []
    real = module.describe

    def counting(event: Any, viewer: int | None) -> Any:
        described.append(viewer)
        return real(event, viewer)

    monkeypatch.setattr(audit, "DESCRIBED", audit.Described())
    monkeypatch.setattr(module, "describe", counting)
    client = app.test_client()
    sign_in(client, game.ctx, game.ids[0])
    first = client.get(f"/games/{game.id}").text
    assert described, "the page described nothing"
    count = len(described)
    assert client.get(f"/games/{game.id}").text.count("<li value=") == first.count("<li value=")
    assert len(described) == count  # nothing new happened: nothing described again
    before = advanced(game, LOG_TAIL // 2)
    after = advanced(game, before + 3)
    count = len(described)  # (moves may describe their own events, for the mails)
    client.get(f"/games/{game.id}")
    assert 0 < len(described) - count <= after - before  # only the new events
