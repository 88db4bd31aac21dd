"""El Grande (base game): board and card data, options, state, decide/evolve, views, descriptions.

Rules: shared/rules/el-grande.md. Where it is silent, the engine rules as follows (each has a test):

- **Veto order.** Holders are asked clockwise starting left of the active player; the first veto
  ends the question. A whole veto cancels the action; a partial veto (`steps`) stops some of its
  separable parts. The parts are: each move (move cards, place_2), each affected player
  (decline_*_court, kings_return, one_from_each, secret removals, eviction, original grande), each
  scored place (scoring cards); every other action is one part.
- **Secret choices are final** once submitted: a second submission is refused as such ("already
  made and final", not "not your move"); `resolve` is a system command, legal once every chooser
  has submitted.
- **Numbers are whole numbers**: a seat or a power card given as `true` or `1.0` is refused, not
  read as 1 (Python's `True == 1.0 == 1`).
- **Forced steps play themselves**, as part of the previous command: the only legal power card, a
  take with nothing to choose (0 Caballeros, or `take_exact` from full provinces), the last
  face-up card, an empty court's placement once the special action is over, and a kings_return
  answer with no choice (3 or fewer available, all in court, or an empty court and
  one region).
- **Moves are single.** In a move action a Caballero moves once: a place cannot be both a source
  and a destination of the same colour (move_all_own's "some may go back" is its own form).
- **Taking none** is always a legal take when the provinces are empty (the board is "may": 000,
  001, 004, King & Intrigue's « un joueur peut décider de prendre moins »), `take_exact` too; the
  take form offers the provinces alone (0 up to what they hold) and, apart, more with the rest
  from the regions, and a passed deadline takes from the provinces only.
- **`take_exact` when the provinces are short** (000: « le nombre exact », then « il peut en
  prendre sur le plateau »): the provinces give all they hold, up to the card's number; taking the
  rest from the board is optional, any part of it.
- **one_from_each by edition.** Decennial (004: « incluso uno tuo »): one Caballero of every player
  with some on the board, the active player's own too, all of them or none (declining). Original
  (000: « Le joueur peut renvoyer un Caballero de chacun des adversaires »): each opponent is the
  active player's choice, at least one, the others spared (`each_required` in the constraint).
- **The King card moves the King** to another region; keeping it where it is is declining.
- **Original-edition grande**: players whose Grande stands in the King's region are not asked
  (their Grande may not leave it); the others secretly choose a region or to stay.
- **Memory visibility** hides other players' province counts too (with court and region counts
  public, they would give the Castillo count away by subtraction); the log still announces every
  addition to the Castillo.
- **Default moves** on a deadline (see `rules.default_command`) are safe and documented there.
"""

from domain.elgrande import refusals as _refusals  # noqa: F401 (registers the refusals' texts)
