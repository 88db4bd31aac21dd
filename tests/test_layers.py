"""The dependencies point one way: `domain` ← `service` ← {`emails`, `workers`, the web layer} ←
`pbem` (the program, which wires them together).

- `domain` is pure: the standard library and `domain` only (the rules can be run, tested and
  simulated without a database, a web server or a mail in sight);
- the service (`service`, without its web layer) knows nothing of who calls it: no `emails`, no
  `workers`, no web; deadlines, preferences and the clock are its own, and who runs its queued
  work is given to it on the context (`context.bootstrap`);
- `emails` and `workers` use the service; `workers` runs the mail jobs, so it may use `emails`
  (never the reverse), and neither uses the web layer;
- the web layer (`service.web`, `service.api`) uses the service and the mail pages of `emails`,
  never `workers`;
- only `pbem` imports `pbem`.

Every import is checked, at the top of a module or inside a function, so that a lazy import cannot
hide a dependency that points the wrong way.

And the site, its mails, workers and program serve every game: no string or template of theirs
names one (the site once wore "El Grande" as its name, in front of every other game's players).
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("domain", "service", "emails", "workers", "pbem")
WEB = ("service.web", "service.api")

ALLOWED = {
    "domain": {"domain"},
    "service": {"service", "domain"},
    "emails": {"emails", "service", "domain"},
    "workers": {"workers", "emails", "service", "domain"},
    "web": {"web", "emails", "service", "domain"},
    "pbem": {"pbem", "web", "emails", "workers", "service", "domain"},
}


def layer(module: str) -> str | None:
    """The layer of a module of ours; None for a module of the standard library or a library."""
    if any(module == w or module.startswith(w + ".") for w in WEB):
        return "web"
    top = module.partition(".")[0]
    return top if top in PACKAGES else None


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in the file, absolute or relative."""
    return list(_imports(path))


@functools.cache
def _imports(path: Path) -> tuple[tuple[int, str], ...]:
    """`imports`, each file parsed once per test process (the checks below walk every file)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names
                      if layer(f"{base}.{alias.name}") == "web"]  # `from service import web`
    return tuple(found)


def modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def violations() -> list[str]:
    wrong = []
    for path in modules():
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        here = layer(name)
        assert here is not None
        for line, target in imports(path):
            there = layer(target)
            where = f"{path.relative_to(ROOT)}:{line} imports {target}"
            if there is None:
                top = target.partition(".")[0]
                if here == "domain" and top not in sys.stdlib_module_names and top != "__future__":
                    wrong.append(f"{where} (domain uses the standard library only)")
            elif there not in ALLOWED[here]:
                wrong.append(f"{where} ({here} may not import {there})")
    return wrong


def test_every_import_points_down_the_layers() -> None:
    assert violations() == []


@pytest.mark.parametrize(("module", "target"), [
    ("service/progress.py", "workers.jobs"),
    ("service/store.py", "service.web.i18n"),
    ("emails/render.py", "service.web.board"),
    ("domain/core/game.py", "sqlalchemy"),
    ("workers/jobs.py", "pbem.cli"),
])
def test_a_wrong_way_import_is_found(module: str, target: str,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself: an import that points up is reported, even inside a function."""
    real = imports

    def with_extra(path: Path) -> list[tuple[int, str]]:
        found = real(path)
        return [*found, (999, target)] if path == ROOT / module else found

    monkeypatch.setattr(sys.modules[__name__], "imports", with_extra)
    assert [v for v in violations() if ":999 " in v] != []



# --- no game's name in the layers that serve every game ---------------------------------------------

SERVING = ("service", "emails", "workers", "pbem")
"""The packages every game goes through: the site, its mails, its workers and its program."""

TEMPLATE_SUFFIXES = (".html", ".j2", ".css", ".js", ".txt")


def game_names() -> set[str]:
    """Every registered game's title in every language, and "El Grande", the first game, whose
    name the site once wore as its own."""
    from domain.core import surface
    from domain.core.i18n import LANGUAGES
    from domain.games import GAMES

    return {"El Grande"} | {surface.title(module, lang) for module in GAMES.values()
                            for lang in LANGUAGES}


def named_games(files: list[Path] | None = None) -> list[str]:
    """Every string of the code (a literal, a docstring) and every template of the serving
    packages that names a game: a player of another game would read it as the site's name."""
    names = game_names()
    found = []
    for path in files if files is not None else sorted(
            p for package in SERVING for p in (ROOT / package).rglob("*") if p.is_file()):
        where = path.relative_to(ROOT)
        if path.suffix == ".py":
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found += [f"{where}:{node.lineno} {name!r}" for name in names
                              if name in node.value]
        elif path.suffix in TEMPLATE_SUFFIXES:
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                found += [f"{where}:{number} {name!r}" for name in names if name in line]
    return found


def test_no_game_is_named_in_the_strings_and_templates_of_the_site() -> None:
    assert named_games() == []


def test_a_game_named_in_a_string_or_a_template_is_found(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself, on a copy of a module and a template that name El Grande again."""
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    (tmp_path / "emails").mkdir()
    module, template = tmp_path / "emails" / "outbound.py", tmp_path / "emails" / "base.html"
    module.write_text('FROM = "El Grande <pbem@localhost>"\n', encoding="utf-8")
    template.write_text("<title>{% block title %}{% endblock %} · El Grande</title>\n",
                        encoding="utf-8")
    assert named_games([module, template]) == ["emails/outbound.py:1 'El Grande'",
                                               "emails/base.html:1 'El Grande'"]
