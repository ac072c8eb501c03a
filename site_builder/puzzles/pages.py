"""Phase 2 for puzzles: the puzzle pages, the index and the author's guide, with their data blocks.

URLs: /<lang>/puzzles/ (index), /<lang>/puzzles/<id>/ (one puzzle), /<lang>/puzzles/format/ (guide).
"""
from __future__ import annotations

import re
from pathlib import Path

from markupsafe import Markup

from .. import diagram
from ..boards import Board
from ..context import Output, base_context
from ..games import PLUGINS
from ..i18n import LANGS
from ..i18n import strings as ui
from ..markdown_ext import to_html
from ..modules import module_graph
from ..replies import page_json, text_digest
from .prove import PuzzleSet
from .registry import KINDS
from .schema import COMMON_FIELDS, Puzzle
from .texts import STRINGS, format_url, index_url, tag_names

GUIDE = Path(__file__).resolve().parents[1] / "templates" / "puzzles"


def json_block(data: dict) -> Markup:
    """JSON for <script type="application/json"> (replies.page_json), safe to put in a template."""
    return Markup(page_json(data))


def page_data(puzzles: PuzzleSet, puzzle: Puzzle, lang: str) -> dict:
    """The data block of one puzzle page (shape: see the contract, 'Puzzle page data')."""
    kind = puzzle.kind_obj
    nxt = puzzles.next_of(puzzle)
    data = {
        "id": puzzle.id,
        "game": puzzle.game,
        "kind": puzzle.kind,
        "position": puzzle.position,
        "solver": puzzle.solver,
        "orientation": puzzle.solver,
        "difficulty": puzzle.difficulty,
        "tags": list(puzzle.tags),
        "title": puzzle.title[lang],
        "goal": puzzles.goal(puzzle)[lang],
    }
    data.update(kind.page_data(puzzle, puzzle.proof, lang))
    data["hints"] = list(puzzle.hints[lang])
    data["next"] = nxt.url(lang) if nxt else None
    data["index"] = index_url(lang)
    data["replies"] = puzzles.page_table(puzzle, lang)
    return data


def page_data_json(puzzles: PuzzleSet, puzzle: Puzzle, lang: str) -> str:
    """``page_json(page_data(...))``, its largest part (the recorded replies, the last key) encoded
    once per proof: serve's rebuilds then encode only the small fields."""
    data = page_data(puzzles, puzzle, lang)
    del data["replies"]
    head = page_json(data)
    return f'{head[:-1]},"replies":{puzzles.page_table_json(puzzle, lang)}}}'


def _board(puzzle: Puzzle, lang: str) -> Board:
    caption = STRINGS[lang]["to_move"].format(side=puzzle.site.words.side(puzzle.solver, lang))
    return puzzle.site.board(puzzle.board, orientation=puzzle.solver, caption=caption)


def outputs(site, urls) -> list[Output]:
    """Every puzzle page, the index and the guide, in both languages (none without a puzzles/ folder)."""
    puzzles: PuzzleSet = site.puzzles
    if not puzzles.present:
        return []
    items = []
    boards = {puzzle.id: {lang: _board(puzzle, lang) for lang in LANGS} for puzzle in puzzles.puzzles
              if puzzle.site.boards}
    frames = diagram.frames(board["th"] for board in boards.values())
    for lang in LANGS:
        s = STRINGS[lang]
        home = {"title": ui(lang)["home"], "url": f"/{lang}/"}
        crumbs = [home, {"title": s["puzzles"], "url": index_url(lang)}]
        # index
        ctx = base_context(site, urls, lang, index_url(lang), {other: index_url(other) for other in LANGS})
        ctx.update(title=s["puzzles_title"], summary=s["puzzles_intro"], ps=s, groups=_groups(puzzles, site.all_game_names, lang),
                   count=len(puzzles.puzzles), format_url=format_url(lang), breadcrumbs=crumbs,
                   names=json_block(index_names(puzzles, site.all_game_names, lang)))
        items.append(Output(f"{lang}/puzzles/index.html", "puzzle-index.html", ctx,
                            "site_builder/templates/puzzle-index.html"))
        # guide
        ctx = base_context(site, urls, lang, format_url(lang), {other: format_url(other) for other in LANGS})
        ctx.update(title=s["format_title"], summary="", ps=s, body=Markup(guide_html(lang)),
                   breadcrumbs=crumbs + [{"title": s["format"], "url": format_url(lang)}])
        items.append(Output(f"{lang}/puzzles/format/index.html", "puzzle-format.html", ctx,
                            f"site_builder/templates/puzzles/guide-{lang}.md"))
        # puzzles
        for puzzle in puzzles.puzzles:
            url = puzzle.url(lang)
            ctx = base_context(site, urls, lang, url, {other: puzzle.url(other) for other in LANGS})
            kind = puzzle.kind_obj
            nxt = puzzles.next_of(puzzle)
            goal = puzzles.goal(puzzle)[lang]
            data = Markup(page_data_json(puzzles, puzzle, lang))
            ctx.update(
                title=puzzle.title[lang], summary=goal, ps=s, puzzle=puzzle, goal=goal,
                kind_name=_kind_name(puzzle, lang),
                difficulty=s["difficulty"].format(n=puzzle.difficulty),
                figure=Markup(puzzle.site.figure(boards[puzzle.id][lang], lang) if puzzle.site.boards
                              else puzzle.site.table_figure(puzzle.board, lang)),
                sprite=Markup(puzzle.site.sprite() + frames), hints=puzzle.hints[lang], board_skip=puzzle.site.boards,
                tags=[tag_names(puzzle.site, lang)[tag] for tag in puzzle.tags], credit=puzzle.credit[lang],
                solution=puzzle.solution[lang],
                quiz=kind.page_data(puzzle, puzzle.proof, lang)["quiz"],
                data=data, data_sha256=text_digest(data),
                preload_modules=module_graph("puzzle.js", f"games/{puzzle.game}/index.js"),
                next_puzzle={"url": nxt.url(lang), "title": nxt.title[lang]} if nxt else None,
                index_url=index_url(lang),
                breadcrumbs=crumbs + [{"title": puzzle.title[lang], "url": url}])
            items.append(Output(f"{lang}/puzzles/{puzzle.id}/index.html", "puzzle.html", ctx, puzzle.rel))
    return items


def _groups(puzzles: PuzzleSet, game_names: dict[str, dict[str, str]], lang: str) -> list[dict]:
    """Index sections: one per game, then one per difficulty, easiest first; items in the
    'next puzzle' order (difficulty, kind, id), each with its kind's name."""
    groups = []
    for puzzle in puzzles.puzzles:
        game = game_names[puzzle.game][lang]
        if not groups or groups[-1]["game_id"] != puzzle.game:
            groups.append({"game_id": puzzle.game, "game": game, "levels": []})
        levels = groups[-1]["levels"]
        if not levels or levels[-1]["difficulty"] != puzzle.difficulty:
            levels.append({"difficulty": puzzle.difficulty, "title": STRINGS[lang]["difficulty"].format(n=puzzle.difficulty),
                           "items": []})
        levels[-1]["items"].append({
            "id": puzzle.id, "game": puzzle.game, "kind": puzzle.kind, "difficulty": puzzle.difficulty,
            "kind_name": _kind_name(puzzle, lang), "tags": " ".join(puzzle.tags), "title": puzzle.title[lang],
            "url": puzzle.url(lang), "goal": puzzles.goal(puzzle)[lang]})
    return groups


def index_names(puzzles: PuzzleSet, game_names: dict[str, dict[str, str]], lang: str) -> dict:
    """The index's words for its filters: the name of every game (the engine's ``games`` op,
    ``game_names``), tag and kind on the page."""
    games, tags, kinds = {}, {}, {}
    for puzzle in puzzles.puzzles:
        games[puzzle.game] = game_names.get(puzzle.game, {}).get(lang, puzzle.game)
        named = tag_names(puzzle.site, lang)
        tags.update({tag: named[tag] for tag in puzzle.tags})
        kinds[puzzle.kind] = _kind_name(puzzle, lang)
    return {"games": games, "tags": tags, "kinds": kinds}


def _kind_name(puzzle: Puzzle, lang: str) -> str:
    return puzzle.kind_obj.name_th if lang == "th" else puzzle.kind_obj.name_en


# ---------------------------------------------------------------------- the author's guide
def guide_markdown(lang: str) -> str:
    """The guide's Markdown with the generated parts filled in ({{fields}}, {{kinds}}, {{example}})."""
    text = (GUIDE / f"guide-{lang}.md").read_text(encoding="utf-8")
    return (text.replace("{{fields}}", _field_table(COMMON_FIELDS, lang))
                .replace("{{kinds}}", _kinds_section(lang))
                .replace("{{tags}}", _tags_list(lang)))


def guide_html(lang: str) -> str:
    """The guide as HTML; code (file names, fields, TOML) is marked translate="no": it is literal
    file syntax, the same in every language."""
    return re.sub(r"<(code|pre)(?=[\s>])", r'<\1 translate="no"', to_html(guide_markdown(lang), (), []))


def example_files() -> list[str]:
    """The TOML examples of the guide (both languages), for tests: each must pass the build."""
    found = []
    for lang in LANGS:
        found += re.findall(r"```toml\n(.*?)```", guide_markdown(lang), re.S)
    return found


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _field_table(fields, lang: str) -> str:
    head = ("| ช่อง | ชนิด | ต้องมี | ความหมาย | ตัวอย่าง |\n|---|---|---|---|---|\n" if lang == "th" else
            "| field | type | required | meaning | example |\n|---|---|---|---|---|\n")
    yes, no = ("ใช่", "ไม่") if lang == "th" else ("yes", "no")
    rows = []
    for f in fields:
        doc = f.doc_th if lang == "th" else f.doc_en
        default = ""
        if not f.required and f.default not in (None, (), ""):
            default = (f" (ค่าปกติ {f.default})" if lang == "th" else f" (default {f.default})")
        rows.append(f"| `{f.name}` | `{f.type}` | {yes if f.required else no} | {_cell(doc + default)} | "
                    f"`{_cell(f.example)}` |")
    return head + "\n".join(rows) + "\n"


def _tags_list(lang: str) -> str:
    """Every tag the games' puzzles may use, with its name in ``lang``."""
    named = {}
    for site in PLUGINS.values():
        named.update(tag_names(site, lang))
    return "\n".join(f"- `{tag}` {name}" for tag, name in sorted(named.items())) + "\n"


def _kinds_section(lang: str) -> str:
    parts = []
    for kind in KINDS.values():
        name = kind.name_th if lang == "th" else kind.name_en
        doc = kind.doc_th if lang == "th" else kind.doc_en
        parts.append(f"### `kind = \"{kind.id}\"` — {name}\n\n{doc}\n\n{_field_table(kind.fields, lang)}")
    return "\n".join(parts)


__all__ = ["outputs", "page_data", "json_block", "guide_html", "example_files"]
