"""Front matter: strict keys and types, every problem with its line."""
from site_builder.frontmatter import parse

SCHEMA = {"title": str, "order": int, "summary": str}


def problems(text):
    return [(p.line, p.what) for p in parse(text, "x.md", SCHEMA)[1]]


def test_valid_front_matter_and_body_line():
    fm, found = parse("---\ntitle: 'Hi: there'\norder: 2\nsummary: S\n---\nBody\n", "x.md", SCHEMA)
    assert found == []
    assert fm.values == {"title": "Hi: there", "order": 2, "summary": "S"}
    assert fm.body == "Body\n"
    assert fm.body_line == 6


def test_unknown_key_wrong_type_duplicate_and_missing_are_all_reported():
    text = "---\ntitle: T\norder: two\ncolour: red\ntitle: again\n---\n"
    assert problems(text) == [
        (3, "order must be a whole number, not 'two'"),
        (4, "unknown front matter key 'colour'"),
        (5, "front matter key 'title' appears twice"),
        (1, "front matter key 'summary' is missing"),
    ]


def test_empty_value_and_line_without_colon():
    found = problems("---\ntitle:\norder 3\nsummary: s\n---\n")
    assert (2, "front matter key 'title' is empty") in found
    assert (3, "front matter line 'order 3' has no ':'") in found


def test_no_front_matter_or_unclosed():
    assert problems("# Title\n") == [(1, "the file does not start with front matter")]
    assert problems("---\ntitle: x\n") == [(1, "the front matter is not closed")]
