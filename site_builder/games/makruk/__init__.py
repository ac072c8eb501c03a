"""Makruk (หมากรุกไทย) on the site: the only package of the site builder that imports ``engine.makruk``.

site.py      the plugin (GameSite): board blocks, diagrams, words, puzzle kinds, extra pages
words.py     sides, pieces, moves in Thai and English
diagram.py   sprite ids of the pieces and the spoken description of a board
counting.py  the puzzle kind "counting" (การนับศักดิ์ exercises)
trainer.py   the counting trainer page (/<lang>/makruk/counting-trainer/)
mine.py      candidate puzzles from engine self-play
templates/   the trainer's template
"""
from .site import PLUGIN

__all__ = ["PLUGIN"]
