"""Fence scanning and the board extension of Python-Markdown."""
from site_builder.markdown_ext import find_fences, to_html


def test_find_fences_with_info_and_lines():
    lines = ["text", "```makruk", "position: start", "```", "", "~~~python", "x = 1", "~~~"]
    fences = find_fences(lines)
    assert [(f.start, f.end, f.info, f.body) for f in fences] == [
        (1, 3, "makruk", ["position: start"]),
        (5, 7, "python", ["x = 1"]),
    ]


def test_board_fence_inside_a_longer_fence_is_not_a_board():
    lines = ["````markdown", "```makruk", "position: start", "```", "````"]
    assert [f.info for f in find_fences(lines)] == ["markdown"]


def test_unclosed_fence_runs_to_the_end():
    assert find_fences(["```makruk", "position: start"])[0].end == 2


def test_board_fences_become_the_given_html_in_order():
    text = "A\n\n```makruk\nposition: start\n```\n\n```python\nprint(1)\n```\n\n```makruk\n\tmoves: e3e4\n```\n"
    html = to_html(text, ("makruk",), ['<figure id="one"></figure>', '<figure id="two"></figure>'])
    assert html.index('id="one"') < html.index('id="two"')
    assert '<code class="language-python">print(1)' in html
    assert "position: start" not in html and "wzxhzdk" not in html
    assert "<p><figure" not in html


def test_thai_headings_get_ids():
    assert 'id="หมากรุก"' in to_html("## หมากรุก\n", ("makruk",), [])
