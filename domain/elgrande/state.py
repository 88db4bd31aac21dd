"""El Grande's state: plain data, changed only by `evolve`.

Folding applies events in place on one private copy (see `rules.fold`), which keeps a whole game's
fold in the low milliseconds; `clone` is the only way a state is copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.elgrande.data import PLACES, POWER_CABALLEROS
from domain.elgrande.options import Options


@dataclass(slots=True)
class Action:
    """A special action in progress: declared, maybe vetoed, maybe waiting on other players."""

    card: str
    params: dict[str, Any]
    steps: list[str]  # separable parts (what a partial veto may stop)
    stopped: set[int] = field(default_factory=set)  # indices of vetoed steps
    veto_queue: list[int] = field(default_factory=list)  # holders still to be asked, in order
    stage: str = "veto"  # veto | run | vetoed | respond | secret
    responders: list[int] = field(default_factory=list)  # seats still to respond, in order

    def clone(self) -> Action:
        return Action(self.card, dict(self.params), list(self.steps), set(self.stopped),
                      list(self.veto_queue), self.stage, list(self.responders))


@dataclass(slots=True)
class Turn:
    seat: int
    power: int
    step: str = "take"  # take | choose | act
    stack: int | None = None
    card: str | None = None
    placed: bool = False
    special_done: bool = False
    action: Action | None = None

    def clone(self) -> Turn:
        return Turn(self.seat, self.power, self.step, self.stack, self.card, self.placed,
                    self.special_done, self.action.clone() if self.action else None)


@dataclass(slots=True)
class Secret:
    """A set of simultaneous secret choices (disc, eviction, secret removals, secret scoring…)."""

    kind: str
    seats: list[int]
    choices: dict[int, Any] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> Secret:
        return Secret(self.kind, list(self.seats), dict(self.choices), dict(self.context))

    @property
    def complete(self) -> bool:
        return all(s in self.choices for s in self.seats)


@dataclass(slots=True)
class State:
    players: int = 0
    rules: int = 1  # the rules version the game plays (game_created's `rules`; 1 when absent)
    options: Options = field(default_factory=Options)
    seed: str = ""
    given_stacks: dict[int, list[str]] = field(default_factory=dict)
    draws: int = 0
    # the board
    places: dict[str, list[int]] = field(default_factory=dict)  # place → Caballeros per seat
    court: list[int] = field(default_factory=list)
    provinces: list[int] = field(default_factory=list)
    grandes: list[str] = field(default_factory=list)
    king: str = ""
    scoreboards: dict[str, str | None] = field(default_factory=dict)
    scores: list[int] = field(default_factory=list)
    # cards
    hands: list[set[int]] = field(default_factory=list)
    discards: list[list[int]] = field(default_factory=list)  # bottom → top
    private_returns: list[set[int]] = field(default_factory=list)  # in hand, returned unseen
    stacks: dict[int, list[str]] = field(default_factory=dict)  # face-down cards left per stack
    face_up: dict[int, str] = field(default_factory=dict)  # stack → available card this round
    vetoes: dict[int, list[int]] = field(default_factory=dict)  # seat → rounds its Vetoes were taken
    # the flow
    phase: str = "new"  # new | power | turns | scoring | over
    round: int = 0
    rounds_played: int = 0
    first_player: int = 0
    power_played: dict[int, int] = field(default_factory=dict)  # seat → card, this round
    turn_order: list[int] = field(default_factory=list)
    turn_index: int = 0
    turn: Turn | None = None
    secret: Secret | None = None
    scorings_done: int = 0
    last_player: int | None = None  # who took the last turn of the previous round
    ranking: list[dict[str, Any]] = field(default_factory=list)
    # The latest scoring (a general one, or an action card's), place by place: what a player
    # reads at a glance after it ("who got what where"); see `evolve._place_scored`.
    last_scoring: dict[str, Any] | None = None
    events: int = 0  # how many events were folded in

    def clone(self) -> State:
        return State(
            players=self.players,
            rules=self.rules,
            options=self.options,
            seed=self.seed,
            given_stacks={k: list(v) for k, v in self.given_stacks.items()},
            draws=self.draws,
            places={p: list(c) for p, c in self.places.items()},
            court=list(self.court),
            provinces=list(self.provinces),
            grandes=list(self.grandes),
            king=self.king,
            scoreboards=dict(self.scoreboards),
            scores=list(self.scores),
            hands=[set(h) for h in self.hands],
            discards=[list(d) for d in self.discards],
            private_returns=[set(p) for p in self.private_returns],
            stacks={k: list(v) for k, v in self.stacks.items()},
            face_up=dict(self.face_up),
            vetoes={k: list(v) for k, v in self.vetoes.items()},
            phase=self.phase,
            round=self.round,
            rounds_played=self.rounds_played,
            first_player=self.first_player,
            power_played=dict(self.power_played),
            turn_order=list(self.turn_order),
            turn_index=self.turn_index,
            turn=self.turn.clone() if self.turn else None,
            secret=self.secret.clone() if self.secret else None,
            scorings_done=self.scorings_done,
            last_player=self.last_player,
            ranking=list(self.ranking),
            last_scoring=(None if self.last_scoring is None else
                          {**self.last_scoring, "places": list(self.last_scoring["places"])}),
            events=self.events,
        )

    # Small derived facts used everywhere.
    def seats(self) -> range:
        return range(self.players)

    def opponents(self, seat: int) -> list[int]:
        """Other seats, clockwise starting left of `seat`."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def on_board(self, seat: int) -> dict[str, int]:
        """The seat's Caballeros in regions that actions may touch (not the King's, not the Castillo)."""
        taboo = self.taboo()
        return {r: c[seat] for r, c in self.places.items()
                if r not in taboo and r != "castillo" and c[seat] > 0}

    def taboo(self) -> set[str]:
        """The regions nothing enters or leaves but by King moves: the King's (an expansion adds
        its markers' regions)."""
        return {self.king}

    def castillo_open(self) -> bool:
        """Whether Caballeros may enter the Castillo (an expansion's tile may close it)."""
        return True

    def adjust_score(self, payload: dict[str, Any]) -> dict[str, Any]:
        """A place's scoring as an expansion's board state changes it (the base game: as is)."""
        return payload

    def power_caballeros(self, card: int) -> int:
        """The Caballeros a power card brings to court (King & Intrigue's deck has its own)."""
        return POWER_CABALLEROS[card]

    def active_vetoes(self, seat: int) -> int:
        return len(self.vetoes.get(seat, []))

    def total(self, seat: int) -> int:
        return self.court[seat] + self.provinces[seat] + sum(c[seat] for c in self.places.values())


def empty_places(players: int) -> dict[str, list[int]]:
    return {p: [0] * players for p in PLACES}
