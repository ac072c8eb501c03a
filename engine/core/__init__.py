"""The game-neutral core: the protocol, board geometry, search and budgets."""
