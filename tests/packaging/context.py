"""The Docker build context: the files of the checkout that `.dockerignore` lets through, chosen as
Docker chooses them (the last matching pattern wins, `!` lets a path back in, a pattern that
matches a folder matches everything in it, `**` spans any number of folders, `*` stays within one).
The wheel test builds from exactly these files, so what the image builds is what is tested."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _regex(pattern: str) -> re.Pattern[str]:
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


class DockerIgnore:
    def __init__(self, root: Path = ROOT) -> None:
        self.root = root
        self.rules: list[tuple[bool, str, re.Pattern[str]]] = []  # (lets back in, pattern, regex)
        for line in (root / ".dockerignore").read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                pattern = os.path.normpath(line.lstrip("!")).lstrip("/")
                self.rules.append((line.startswith("!"), pattern, _regex(pattern)))

    def excludes(self, path: str) -> bool:
        """Whether a path of the checkout (relative, with '/') stays out of the context."""
        parts = path.split("/")
        candidates = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
        verdict = False
        for keep, _, regex in self.rules:
            if any(regex.match(c) for c in candidates):
                verdict = not keep
        return verdict

    def files(self) -> Iterator[str]:
        """Every file of the build context, relative to the root."""
        for folder, dirs, names in os.walk(self.root):
            rel = Path(folder).relative_to(self.root).as_posix()
            prefix = "" if rel == "." else rel + "/"
            # Skip a folder left out unless a '!' pattern names something inside it.
            dirs[:] = [d for d in dirs if not self.excludes(prefix + d) or any(
                keep and pattern.startswith(f"{prefix}{d}/") for keep, pattern, _ in self.rules)]
            yield from (prefix + n for n in names if not self.excludes(prefix + n))
