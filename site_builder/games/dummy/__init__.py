"""Dummy Knock (ดัมมี่น็อก) on the site: the only package of the site builder that imports ``engine.dummy``.

site.py        the plugin (CardGameSite): lesson card blocks, table figures, puzzle positions
notation.py    the table text of puzzles and lesson blocks <-> the engine's table JSON
cards_svg.py   cards drawn at build time (the suit sprite the browser's cards use too)
words.py       seats, cards, tiers, ledger items in Thai and English
scoring.py     the puzzle kind "scoring" (settlement exercises)
calculator.py  the settlement calculator page (/<lang>/dummy/calculator/)
templates/     the calculator's template
"""
from .site import PLUGIN

__all__ = ["PLUGIN"]
