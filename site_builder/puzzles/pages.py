"""Phase 2 for puzzles: the puzzle pages, the index and the author's guide, with their data blocks.

URLs: /<lang>/puzzles/ (index), /<lang>/puzzles/<id>/ (one puzzle), /<lang>/puzzles/format/ (guide).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from markupsafe import Markup

from .. import diagram
from ..boards import Board
from ..i18n import LANGS
from ..markdown_ext import to_html
from .engine_ctx import PIECE_WORDS, SIDE_WORDS
from .kinds import KINDS
from .prove import PuzzleSet
from .schema import COMMON_FIELDS, Puzzle

GUIDE = Path(__file__).resolve().parents[1] / "templates" / "puzzles"

STRINGS = {
    "th": {
        "puzzles": "โจทย์",
        "puzzles_title": "โจทย์หมากกระดาน",
        "puzzles_intro": "โจทย์ทุกข้อผ่านการตรวจด้วยเอนจิน: ทางแก้ถูกพิสูจน์ และทุกตาที่ชนะได้จริงนับว่าถูก",
        "difficulty": "ระดับ {n}/5",
        "difficulty_label": "ความยาก",
        "tags": "ป้ายกำกับ",
        "goal": "โจทย์",
        "hints": "คำใบ้",
        "hint_n": "คำใบ้ {n}",
        "solution": "เฉลย",
        "to_move": "ตาเดินของ{side}",
        "next_puzzle": "โจทย์ถัดไป",
        "all_puzzles": "โจทย์ทั้งหมด",
        "format": "วิธีเขียนไฟล์โจทย์",
        "format_title": "วิธีเขียนไฟล์โจทย์ (สำหรับผู้แต่งโจทย์)",
        "noscript": "กระดานสำหรับแก้โจทย์ต้องใช้ JavaScript ถ้าไม่มี ยังอ่านโจทย์ ดูภาพกระดาน คำใบ้ และเฉลยด้านล่างได้",
        "choices": "ตัวเลือก",
        "count": "{n} ข้อ",
        "credit": "ที่มา",
    },
    "en": {
        "puzzles": "Puzzles",
        "puzzles_title": "Puzzles",
        "puzzles_intro": "Every puzzle is checked by the engine: the solution is proven and every move that "
                         "really wins is accepted.",
        "difficulty": "Difficulty {n}/5",
        "difficulty_label": "Difficulty",
        "tags": "Tags",
        "goal": "Task",
        "hints": "Hints",
        "hint_n": "Hint {n}",
        "solution": "Solution",
        "to_move": "{side} to move",
        "next_puzzle": "Next puzzle",
        "all_puzzles": "All puzzles",
        "format": "How to write a puzzle file",
        "format_title": "How to write a puzzle file (for authors)",
        "noscript": "Solving on the board needs JavaScript. Without it you can still read the task, see the "
                    "diagram, the hints and the solution below.",
        "choices": "Choices",
        "count": "{n} puzzles",
        "credit": "Source",
    },
}


def strings(lang: str) -> dict[str, str]:
    return STRINGS[lang]


def index_url(lang: str) -> str:
    return f"/{lang}/puzzles/"


def format_url(lang: str) -> str:
    return f"/{lang}/puzzles/format/"


def nav_link(site, lang: str) -> dict | None:
    """The site navigation's link to the puzzle index (None when the project has no puzzles/ folder)."""
    puzzles = getattr(site, "puzzles", None)
    if puzzles is None or not puzzles.present:
        return None
    return {"url": index_url(lang), "title": STRINGS[lang]["puzzles"]}


def json_block(data: dict) -> Markup:
    """JSON for <script type="application/json">: no '<', '>' or '&' so '</script>' cannot occur."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


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
    return data


def _board(puzzle: Puzzle, lang: str) -> Board:
    reply = puzzle.board
    status = reply["status"]
    return Board(game=puzzle.game, position=puzzle.position, pieces=reply["board"], turn=reply["turn"],
                 check=status["check"], result=status["result"], last_move=None, highlights=(), arrows=(),
                 interactive=False, orientation=puzzle.solver,
                 caption=STRINGS[lang]["to_move"].format(side=SIDE_WORDS[lang][puzzle.solver]))


def outputs(site, urls, sprite: Markup) -> list:
    """Every puzzle page, the index and the guide, in both languages (none without a puzzles/ folder)."""
    from ..render import Output, base_context  # render imports this module

    puzzles: PuzzleSet = site.puzzles
    if not puzzles.present:
        return []
    items = []
    frames = Markup(diagram.frames({"white", "black"} & {p.solver for p in puzzles.puzzles}))
    for lang in LANGS:
        s = STRINGS[lang]
        home = {"title": _home(lang), "url": f"/{lang}/"}
        crumbs = [home, {"title": s["puzzles"], "url": index_url(lang)}]
        # index
        ctx = base_context(site, urls, lang, index_url(lang), {other: index_url(other) for other in LANGS})
        ctx.update(title=s["puzzles_title"], summary=s["puzzles_intro"], ps=s, groups=_groups(puzzles, lang),
                   count=len(puzzles.puzzles), format_url=format_url(lang), breadcrumbs=crumbs)
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
            ctx.update(
                title=puzzle.title[lang], summary=goal, ps=s, puzzle=puzzle, goal=goal,
                kind_name=kind.name_th if lang == "th" else kind.name_en,
                difficulty=s["difficulty"].format(n=puzzle.difficulty),
                figure=Markup(diagram.figure(_board(puzzle, lang), lang)),
                sprite=sprite + frames, hints=puzzle.hints[lang],
                solution=kind.solution_text(puzzle, puzzle.proof, lang),
                quiz=kind.page_data(puzzle, puzzle.proof, lang)["quiz"],
                data=json_block(page_data(puzzles, puzzle, lang)),
                next_puzzle={"url": nxt.url(lang), "title": nxt.title[lang]} if nxt else None,
                index_url=index_url(lang),
                breadcrumbs=crumbs + [{"title": puzzle.title[lang], "url": url}])
            items.append(Output(f"{lang}/puzzles/{puzzle.id}/index.html", "puzzle.html", ctx, puzzle.rel))
    return items


def _home(lang: str) -> str:
    from ..i18n import strings as ui
    return ui(lang)["home"]


def _groups(puzzles: PuzzleSet, lang: str) -> list[dict]:
    """Index sections: one per game, then per kind; items by difficulty and id."""
    from engine.games import GAMES

    groups = []
    for puzzle in puzzles.puzzles:
        game = GAMES[puzzle.game].name_th if lang == "th" else GAMES[puzzle.game].name
        kind = puzzle.kind_obj.name_th if lang == "th" else puzzle.kind_obj.name_en
        if not groups or groups[-1]["game_id"] != puzzle.game:
            groups.append({"game_id": puzzle.game, "game": game, "kinds": []})
        kinds = groups[-1]["kinds"]
        if not kinds or kinds[-1]["kind_id"] != puzzle.kind:
            kinds.append({"kind_id": puzzle.kind, "kind": kind, "items": []})
        kinds[-1]["items"].append({
            "id": puzzle.id, "game": puzzle.game, "kind": puzzle.kind, "difficulty": puzzle.difficulty,
            "tags": " ".join(puzzle.tags), "title": puzzle.title[lang], "url": puzzle.url(lang),
            "goal": puzzles.goal(puzzle)[lang],
            "difficulty_text": STRINGS[lang]["difficulty"].format(n=puzzle.difficulty)})
    return groups


# ---------------------------------------------------------------------- the author's guide
def guide_markdown(lang: str) -> str:
    """The guide's Markdown with the generated parts filled in ({{fields}}, {{kinds}}, {{example}})."""
    text = (GUIDE / f"guide-{lang}.md").read_text(encoding="utf-8")
    return (text.replace("{{fields}}", _field_table(COMMON_FIELDS, lang))
                .replace("{{kinds}}", _kinds_section(lang)))


def guide_html(lang: str) -> str:
    return to_html(guide_markdown(lang), (), [])


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
        rows.append(f"| `{f.name}` | {f.type} | {yes if f.required else no} | {_cell(doc + default)} | "
                    f"`{_cell(f.example)}` |")
    return head + "\n".join(rows) + "\n"


def _kinds_section(lang: str) -> str:
    parts = []
    for kind in KINDS.values():
        name = kind.name_th if lang == "th" else kind.name_en
        doc = kind.doc_th if lang == "th" else kind.doc_en
        parts.append(f"### `kind = \"{kind.id}\"` — {name}\n\n{doc}\n\n{_field_table(kind.fields, lang)}")
    return "\n".join(parts)


__all__ = ["outputs", "page_data", "json_block", "guide_html", "example_files", "PIECE_WORDS"]
