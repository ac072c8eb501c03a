"""Other names readers type for the things a page talks about: the search index's synonyms.

Pagefind has no synonym file. The indexing step (site_builder.search_index) reads the text of a
page's main content; for every group below with a trigger in that text it adds the group's other
words to the copy of the page that Pagefind indexes (never to the served page). So "queen" or
"Med" finds the lesson that says Met, "เบี้ยเลื่อนขั้น" finds the one that says เบี้ยหงาย.

A Thai trigger matches anywhere in the text (Thai has no spaces between words); a Latin trigger
matches a whole word, in any case. Tone marks and vowel marks need no synonyms: Pagefind ignores
them when it matches (see README, "Search").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: Put on both sides of every token of the added words in the indexed copy ("⁂queen⁂").
#: Pagefind indexes the word without it, but its excerpts are cut from the indexed text, so the
#: search page (static/js/search.js, given this mark by the page) ends an excerpt where the
#: marked tokens begin: a reader sees the page's own words, never the added ones. (An excerpt
#: may start inside the block with the first mark dropped: "king⁂ ⁂Ruea⁂"; the mark glued to
#: the end of "king" still tells.)
ADDED_WORDS_MARK = "⁂"


@dataclass(frozen=True)
class Synonyms:
    """A page that says any of `names` can also be found by the others and by `also` (words that
    alone would be too loose to be a sign: "king" is not always a Khun)."""

    names: tuple[str, ...]
    also: tuple[str, ...] = ()

    def found_in(self, text: str) -> bool:
        return any(_says(text, word) for word in self.names)

    @property
    def adds(self) -> tuple[str, ...]:
        return self.names + self.also


GROUPS: tuple[Synonyms, ...] = (
    # the pieces of the board games: the Thai and English names, common spellings, chess words.
    # (Game names need no group here: the indexing step adds each page's game name in every
    # language, e.g. "Mak-hot (Thai checkers)" to a Thai Mak-hot page.)
    Synonyms(("ขุน", "Khun"), ("Khoon", "Kun", "king")),
    Synonyms(("เม็ด", "Met"), ("Med", "queen", "ควีน")),
    Synonyms(("โคน", "Khon"), ("Kone", "Khorn", "bishop")),
    Synonyms(("ม้า", "Ma"), ("horse", "knight")),
    Synonyms(("เรือ", "Ruea"), ("Rua", "Reua", "boat", "rook")),
    Synonyms(("เบี้ยหงาย", "Bia-ngai", "เบี้ยเลื่อนขั้น"), ("Bia ngai", "Biangai", "promoted pawn")),
    Synonyms(("เบี้ย", "Bia"), ("Bea", "pawn")),
    Synonyms(("ฮอส",), ("king", "Hos")),
    Synonyms(("เจ้าหญิง", "Princess")),
    Synonyms(("หอก", "Lance")),
)


def synonyms_for(text: str) -> list[str]:
    """The words to add to a page whose text is `text`, each once, those already in it left out."""
    words = dict.fromkeys(word for group in GROUPS if group.found_in(text) for word in group.adds)
    return [word for word in words if not _says(text, word)]


def _says(text: str, word: str) -> bool:
    if word.isascii():
        return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE) is not None
    return word in text
