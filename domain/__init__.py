"""The games as pure code: no I/O, no framework imports.

`domain.core` holds what every game shares (events, commands, decisions, fold, seeded draws, rule
errors, the game-module protocol); each game is a sibling package (`domain.elgrande`, later
`domain.kingintrigue` and `domain.caballero`) exposing the surface described in `domain.core.game`.
"""
