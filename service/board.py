"""A readable text board, drawn from a game's view (what a viewer may see), for `pbem replay` and
for plain-text mail later: places × seats, the King, the Grandes, the scores.

It reads only the view's JSON, never a state, so it can show nothing the viewer may not see. A game
whose view it does not know is printed as indented JSON.
"""

from __future__ import annotations

import json
from typing import Any

HIDDEN = "?"


def render(view: dict[str, Any] | None, *, names: list[str] | None = None) -> str:
    if view is None:
        return "(nothing to show before the first event)"
    if view.get("game") != "el-grande" or "places" not in view:
        return json.dumps(view, indent=2, sort_keys=True, ensure_ascii=False, default=str)
    seats = view["seats"]
    labels = [(names[s["seat"]] if names and s["seat"] < len(names) else f"seat {s['seat']}")
              [:10] for s in seats]
    width = max(18, *(len(p) + 4 for p in view["places"]))
    lines = [f"El Grande — round {view['round']} ({view['phase']}), the King in "
             f"{_name(view['king'])}"]
    lines.append("".ljust(width) + "".join(f"{label:>11}" for label in labels) + "   values")
    order = [*view.get("region_order", []), "castillo"]
    for place in order:
        info = view["places"][place]
        marks = ("K" if info["king"] else "") + "".join(f"G{g}" for g in info["grandes"])
        if info.get("scoreboard") is not None:
            marks += f" [{info['scoreboard']}]"
        title = f"{_name(place)} {marks}".rstrip()
        counts = "".join(f"{HIDDEN if c is None else c:>11}" for c in info["counts"])
        values = "/".join(str(v) for v in info["values"])
        lines.append(title.ljust(width) + counts + f"   {values}")
    lines.append("-" * (width + 11 * len(seats)))
    for key, title in (("court", "court"), ("provinces", "provinces"), ("score", "score")):
        lines.append(title.ljust(width) + "".join(
            f"{HIDDEN if s.get(key) is None else s[key]:>11}" for s in seats))
    face_up = view.get("cards", {}).get("face_up", [])
    if face_up:
        lines.append("face-up cards: " + ", ".join(f"{c['stack']}: {c['card']}" for c in face_up))
    if view.get("power_played"):
        lines.append("power cards: " + ", ".join(f"seat {k}: {v}"
                                                 for k, v in sorted(view["power_played"].items())))
    if view.get("ranking"):
        lines.append("ranking: " + ", ".join(f"{r.get('rank')}. seat {r.get('seat')} "
                                             f"({r.get('score')})" for r in view["ranking"]))
    return "\n".join(lines)


def _name(place: str | None) -> str:
    return (place or "-").replace("_", " ").title()
