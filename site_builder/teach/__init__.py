"""Phase 2 for teachers (issue #13): the assignment builder, the student's assignment page, the
gradebook, the printable worksheet, the teachers' guide and the exercise catalog they share.

Every page here works from the URL and the reader's own browser: nothing is sent to a server.
"""
from __future__ import annotations

from ..assets import AssetUrls
from ..context import Output
from ..loader import Site
from . import assign_page, catalog, exercise_page, gradebook_page, guide_page, student_page, worksheet_page


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """Every teacher and assignment page in both languages (none without puzzles)."""
    if not site.puzzles.present:
        return []
    items: list[Output] = []
    for module in (catalog, assign_page, student_page, exercise_page, gradebook_page, worksheet_page, guide_page):
        items += module.outputs(site, urls)
    return items
