"""The benchmark's Dummy section runs on the project's puzzles: it settles every scoring exercise's
table and only those (a drill's position is a hand in play, not a table)."""
import tomllib

from sb_helpers import PROJECT

from site_builder.bench.core import Bench
from site_builder.bench.dummy import section_dummy


def test_the_dummy_section_settles_every_scoring_table_of_the_project():
    puzzles = [tomllib.loads(p.read_text(encoding="utf-8")) for p in (PROJECT / "puzzles" / "dummy").glob("*.toml")]
    tables = {p["position"] for p in puzzles if p["kind"] == "scoring"}
    assert len(tables) >= 30 and len(tables) < len(puzzles)  # drills are there too
    bench = Bench(PROJECT, repeat=1)
    assert list(section_dummy(bench)) == bench.figures
    [figure] = bench.figures
    assert figure.key == "dummy.settle.cpython.max_ms" and figure.value is not None
    assert figure.detail.startswith(f"{len(tables)} tables,"), figure.detail
