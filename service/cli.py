"""The `pbem` command line."""

from __future__ import annotations

import sys

import click


@click.group()
def main() -> None:
    """Play-by-email El Grande: run the service, the workers, and the engine's tools."""


@main.command()
@click.option("--games", default=100, show_default=True, help="How many random games to play.")
@click.option("--seed", default="simulate", show_default=True, help="Seed of the first game.")
@click.option("--players", default="2,3,4,5", show_default=True,
              help="Player counts, cycled over the games (e.g. 5 or 3,4).")
@click.option("--edition", type=click.Choice(["decennial", "original", "both"]), default="both",
              show_default=True)
@click.option("--short", is_flag=True, help="Play the short game (6 rounds).")
def simulate(games: int, seed: str, players: str, edition: str, short: bool) -> None:
    """Play random games through `decide`, checking the invariants after every event."""
    from domain.simulate import simulate_games

    counts = [int(p) for p in players.split(",")]
    ok = simulate_games(games, seed, counts, edition, short, out=click.echo)
    sys.exit(0 if ok else 1)
