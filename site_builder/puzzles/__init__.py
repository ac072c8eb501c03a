"""Puzzles: TOML files in puzzles/<game>/, checked and proven by the engine, rendered as pages.

schema.py   strict TOML loading and the common fields
kinds/      one module per kind (mate, best-move, rule-quiz): its fields, proof and page data
prove.py    phase 1: load_puzzles(root) -> (PuzzleSet, problems); proof_timings(root) for benchmarks
cache.py    proof cache in .cache/kradan-proofs/
pages.py    phase 2: page contexts and the JSON data block
mine.py     `python -m site_builder puzzles mine ...`: candidate puzzles from engine self-play
"""
from .prove import PuzzleSet, load_puzzles, proof_timings

__all__ = ["PuzzleSet", "load_puzzles", "proof_timings"]
