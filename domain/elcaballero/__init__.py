"""El Caballero (Kramer & Ulrich, 1998), basic and advanced rules: tile data, state, decide/evolve,
scorings, views, log sentences, bots, invariants and the players' rules page.

Rules: shared/rules/el-caballero.md and the French rulebook (shared/seeds/003_…). The tile set, the
Caballero tiles' numbers and the power cards' Caballeros are reconstructions kept in `data.py`.
Where the rulebook is silent the engine rules as follows (each has a test in tests/elcaballero/,
and the players read them on `rules_page`):

- **Touching land** means facing a land side; a Caballero tile touching land on two sides touches
  two land tiles (`board`). A region counts each tile once (`board`).
- **Closed region**: no empty cell beside it can take a terrain tile still in the game or a
  Caballero tile without a Grande (`board.is_closed`), judged when an Alcalde is placed: a cell
  holding a Caballero tile takes none, so a region may open again when that tile leaves, and
  grow. When a tile joins regions that each hold an Alcalde, the first placed stays and the others
  go back to their owners (`actions.alcaldes_joined`, rules 2).
- **Rules versions**: `rules.RULES_VERSION` (2) is stored in `game_created` and folded into
  `State.rules` (1 when absent); the fixes of issue 22 that change outcomes apply from version 2
  only, so older records decide again to the same events (tests/elcaballero/test_rules_versions).
- **No tile can be laid**: the mandatory tile is waived while no face-up tile can go anywhere
  (`actions.tiles_to_lay`); a tile that fits beside no terrain goes beside one's own Caballero
  tile where one fits there, else beside an opponent's (`board.lay_options`, rules 2).
- **Raise** takes one of the two Caballero-tile slots, one raise a turn (`actions`).
- **Court limit** is kept at all times; the excess is lost (`actions`).
- **Castillo refund** is the highest number facing land before the cause (`actions`).
- **Tied leaders** score once each and nobody is second; an **Alcalde** gives its owner first
  place on land (not added on top) and allows one ship on a sea, scoring nothing there by itself
  (`scoring`).
- **A tile taken back** sends its ships to court (rules 2); **a tile laid with the Grande**
  touching several land tiles costs its highest land number only (rules 2, `actions`).
- **Power cards** are played openly in turn (the seed says so), so nothing but the stack's order is
  hidden, and that order does not exist before a draw (`views`).
- **Default move** on a deadline: the lowest power card; in a turn one command, `end_turn` with
  `lay: true`, which lays the mandatory tile where it sends no Caballero tile back, then ends the
  turn (`rules.default_command`): one passed deadline settles the turn.
"""

from domain.elcaballero import refusals as _refusals  # noqa: F401 - registers the texts
