"""Puzzles: TOML files in puzzles/<game>/, checked and proven by the engine, rendered as pages.

schema.py      strict TOML loading and the common fields
kinds/         what a kind provides (base) and the game-neutral kinds (mate, best-move, rule-quiz)
registry.py    every kind by id: the neutral ones and each game plugin's own
engine_ctx.py  the engine as the kinds use it: records, states, handles, words for moves
prove.py       phase 1: load_puzzles(root) -> (PuzzleSet, problems); proof_timings(root)
cache.py       proof cache in .cache/kradan-proofs/
pages.py       phase 2: page contexts and the JSON data block
mine.py        `python -m site_builder puzzles mine ...`: candidate puzzles from engine self-play

Nothing is imported here, so that a game plugin can use ``kinds.base`` and ``engine_ctx``
while the pipeline modules use the plugin registry.
"""
