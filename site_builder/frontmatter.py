"""Strict front matter: a `---` block of `key: value` lines with a fixed schema."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import BuildProblem

FENCE = "---"


@dataclass(frozen=True)
class FrontMatter:
    """Parsed values plus where the body starts (1-based line in the file)."""

    values: dict[str, str | int]
    body: str
    body_line: int


def parse(text: str, rel: str, schema: dict[str, type]) -> tuple[FrontMatter | None, list[BuildProblem]]:
    """Split `text` into front matter and body; check keys and types against `schema`.

    `schema` maps each required key to `str` or `int`. Returns (None, problems) when
    the block itself is unusable; otherwise every key/type problem is listed.
    """
    lines = text.split("\n")
    keys = ", ".join(schema)
    if not lines or lines[0].strip() != FENCE:
        return None, [BuildProblem(rel, 1, "the file does not start with front matter",
                                   f"begin the file with a '---' line, then {keys}, then '---'")]
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == FENCE)
    except StopIteration:
        return None, [BuildProblem(rel, 1, "the front matter is not closed",
                                   "add a '---' line after the last front matter key")]
    problems: list[BuildProblem] = []
    values: dict[str, str | int] = {}
    for i in range(1, end):
        line_no, raw = i + 1, lines[i].strip()
        if not raw or raw.startswith("#"):
            continue
        key, sep, value = raw.partition(":")
        key, value = key.strip(), value.strip()
        if not sep:
            problems.append(BuildProblem(rel, line_no, f"front matter line {raw!r} has no ':'",
                                         "write it as 'key: value'"))
        elif key not in schema:
            problems.append(BuildProblem(rel, line_no, f"unknown front matter key {key!r}",
                                         f"use only {keys}"))
        elif key in values:
            problems.append(BuildProblem(rel, line_no, f"front matter key {key!r} appears twice",
                                         "keep one of the two lines"))
        elif not value:
            problems.append(BuildProblem(rel, line_no, f"front matter key {key!r} is empty",
                                         f"give {key} a value"))
        elif schema[key] is int:
            try:
                values[key] = int(value)
            except ValueError:
                problems.append(BuildProblem(rel, line_no, f"{key} must be a whole number, not {value!r}",
                                             f"write e.g. '{key}: 3'"))
        else:
            values[key] = _unquote(value)
    seen = {lines[i].partition(":")[0].strip() for i in range(1, end)}
    for key in schema:
        if key not in seen:
            problems.append(BuildProblem(rel, 1, f"front matter key {key!r} is missing",
                                         f"add a '{key}: ...' line between the '---' lines"))
    body = "\n".join(lines[end + 1:])
    return FrontMatter(values, body, end + 2), problems


def _unquote(value: str) -> str:
    """Drop one pair of matching surrounding quotes, if any."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value
