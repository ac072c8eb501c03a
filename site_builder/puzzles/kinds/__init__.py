"""Puzzle kinds: ``base`` (what a kind provides) and the game-neutral kinds mate, best-move and
rule-quiz, which work on any board game through the engine's protocol. A game's own kinds live
in its plugin (site_builder/games/<id>/); ``site_builder.puzzles.registry`` lists them all.
"""
