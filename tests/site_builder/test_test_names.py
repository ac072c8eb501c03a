"""pytest imports test files by their basename (rootdir-relative packages are not used): two
test files with the same name in different folders break collection of the whole suite."""
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_every_test_file_has_its_own_name():
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, n in names.items() if n > 1] == []
