"""Phase 1 over whole projects: slugs, file:line of board problems, translations, orders, all at once."""
import pytest
from sb_helpers import board, lesson, write_tree

from site_builder.build import check
from site_builder.content import slug_of
from site_builder.errors import BuildFailed
from pathlib import Path


def problems_of(root):
    with pytest.raises(BuildFailed) as exc:
        check(root)
    return exc.value.problems


def test_slug_drops_only_a_leading_number_prefix():
    assert slug_of(Path("01-board-and-pieces.md")) == "board-and-pieces"
    assert slug_of(Path("counting.md")) == "counting"
    assert slug_of(Path("10-2-rooks.md")) == "2-rooks"


def test_valid_project_loads_in_order(project):
    site = check(project)
    assert [p.url for p in site.lessons("th", "makruk")] == ["/th/makruk/board/", "/th/makruk/moves/"]
    assert site.home("en").title == "Kradan"
    assert len(site.lessons("en", "makruk")[0].boards) == 2


def test_board_problems_in_several_files_are_all_reported_with_file_lines(project):
    bad = "Text\n\n" + board("position: start", "moves: e3e4 e3e4", "interactive: sure")
    write_tree(project, {
        "content/th/makruk/02-moves.md": lesson("การเดิน", 2, bad),
        "content/en/makruk/02-moves.md": lesson("Moves", 2, "x\n\n" + board("positio: start")),
    })
    found = {(p.file, p.line) for p in problems_of(project)}
    # front matter is 5 lines, then "Text", "", "```makruk", "position: start", "moves: ...", "interactive: ..."
    assert found == {("content/th/makruk/02-moves.md", 10), ("content/th/makruk/02-moves.md", 11),
                     ("content/en/makruk/02-moves.md", 9)}


def test_missing_translation_is_reported_in_both_directions(project):
    (project / "content/en/makruk/02-moves.md").unlink()
    write_tree(project, {"content/en/makruk/03-extra.md": lesson("Extra", 3)})
    found = [(p.file, p.what) for p in problems_of(project)]
    assert ("content/th/makruk/02-moves.md", "missing translation: no en version of this page") in found
    assert ("content/en/makruk/03-extra.md", "missing translation: no th version of this page") in found


def test_missing_home_translation(project):
    (project / "content/en/index.md").unlink()
    [problem] = problems_of(project)
    assert problem.file == "content/th/index.md" and "content/en/index.md" in problem.fix


def test_duplicate_order_and_order_mismatch_between_languages(project):
    write_tree(project, {"content/en/makruk/02-moves.md": lesson("Moves", 1)})
    whats = [p.what for p in problems_of(project)]
    assert any("order 1 is also used by content/en/makruk/01-board.md" in w for w in whats)
    assert any("differs from" in w for w in whats)


def test_bad_front_matter_and_bad_slug_and_stray_folder(project):
    write_tree(project, {
        "content/th/makruk/03-Bad_Name.md": "---\ntitle: x\norder: 3\nsummary: s\nextra: 1\n---\n",
        "content/en/makruk/03-Bad_Name.md": lesson("x", 3),
        "content/th/chess/01-a.md": lesson("a", 1),
    })
    found = [(p.file, p.line, p.what) for p in problems_of(project)]
    assert ("content/th/makruk/03-Bad_Name.md", 5, "unknown front matter key 'extra'") in found
    assert any(f == "content/en/makruk/03-Bad_Name.md" and "slug 'Bad_Name'" in w for f, _, w in found)
    assert any(f == "content/th/chess" and "unexpected 'chess'" in w for f, _, w in found)


def test_problem_lines_print_as_path_line_what_fix(project):
    write_tree(project, {"content/th/makruk/02-moves.md": lesson("x", 2, board("orientation: up"))})
    with pytest.raises(BuildFailed) as exc:
        check(project)
    lines = exc.value.report().splitlines()
    assert lines[0] == ("content/th/makruk/02-moves.md:7: orientation must be white or black, not 'up' — "
                        "write 'orientation: white' or 'orientation: black'")
    assert lines[-1].startswith("1 problem found")


def test_config_game_unknown_to_the_engine(project):
    write_tree(project, {"pyproject.toml": '[tool.kradan.site]\ngames = ["makruk", "chess"]\n'})
    [problem] = problems_of(project)
    assert (problem.file, problem.line) == ("pyproject.toml", 2) and "no game chess" in problem.what


def test_file_that_is_not_utf8(project):
    (project / "content/en/makruk/02-moves.md").write_bytes("---\ntitle: é\n".encode("latin-1"))
    [problem] = problems_of(project)
    assert problem.file == "content/en/makruk/02-moves.md" and "UTF-8" in problem.fix


def test_indented_board_fence_is_reported(project):
    write_tree(project, {"content/th/makruk/02-moves.md": lesson("x", 2, "- item\n\n    ```makruk\n    position: start\n    ```\n")})
    [problem] = problems_of(project)
    assert (problem.file, problem.line) == ("content/th/makruk/02-moves.md", 8) and "indented" in problem.what


def test_raw_html_in_a_lesson_is_refused_with_its_line(project):
    body = ("Some <b>bold</b> text.\n\nA `<code>` span, a < b, <https://example.org> and &amp; are fine.\n\n"
            "<div class=\"note\">\nblock\n</div>\n\n```text\n<p>in a code block</p>\n```\n\n"
            "    <p>indented code</p>\n\n<!-- a comment -->\n")
    write_tree(project, {"content/en/makruk/02-moves.md": lesson("Moves", 2, body)})
    with pytest.raises(BuildFailed) as failed:
        check(project)
    found = [(p.file, p.line, p.what) for p in failed.value.problems]
    assert found == [
        ("content/en/makruk/02-moves.md", 6, "raw HTML is not allowed in content pages: <b> </b>"),
        ("content/en/makruk/02-moves.md", 10, 'raw HTML is not allowed in content pages: <div class="note">'),
        ("content/en/makruk/02-moves.md", 20, "raw HTML is not allowed in content pages: <!-- a comment -->"),
    ]
    assert all("Markdown" in p.fix for p in failed.value.problems)


def test_raw_html_in_the_home_intro_is_refused_too(project):
    write_tree(project, {"content/th/index.md": "---\ntitle: ก\nsummary: ข\n---\nสวัสดี <span lang=\"en\">hi</span>\n"})
    with pytest.raises(BuildFailed) as failed:
        check(project)
    [problem] = failed.value.problems
    assert (problem.file, problem.line) == ("content/th/index.md", 5)
    assert problem.what.startswith('raw HTML is not allowed in content pages: <span lang="en">')


def test_the_real_content_has_no_raw_html():
    root = Path(__file__).resolve().parents[2]
    from site_builder.markdown_ext import find_raw_html
    for path in sorted((root / "content").rglob("*.md")):
        assert find_raw_html(path.read_text(encoding="utf-8")) == [], path
