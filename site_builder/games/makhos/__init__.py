"""Mak-hot (หมากฮอส) on the site: the only package of the site builder that imports ``engine.makhos``.

site.py      the plugin (GameSite): board blocks, diagrams (dark squares), words, puzzle kinds
words.py     sides, pieces, moves in Thai and English (the engine's words, said without the side)
diagram.py   sprite ids of the pieces, the dark squares and the spoken description of a board
win.py       the puzzle kind "win" (force a win in N: the opponent is left with no piece or no move)
mine.py      candidate puzzles from engine self-play (win in N, best capture)
"""
from .site import PLUGIN

__all__ = ["PLUGIN"]
