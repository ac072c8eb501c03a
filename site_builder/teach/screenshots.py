"""Makes the teachers' guide's screenshots (guide_page.SHOT_NAMES) from a built site, in Thai and
in English, at phone width, as small WebP files:

    python -m site_builder.teach.screenshots --site <built site> --out site_builder/static/img/teach

It serves the site, makes a sample assignment of four exercises (two games) with the site's own
core/assignment.js, and photographs each tool as a teacher and a student would see it: the
builder (its exercise list, then its link and QR code), the student's page, the gradebook with
three students' result codes pasted (one solved everything, one went wrong once, one claims an
exercise its moves do not solve), and the worksheet. Chromium itself encodes the WebP (a canvas),
so nothing beyond Playwright is needed. Run it again when a tool's look changes.
"""
from __future__ import annotations

import argparse
import base64
from pathlib import Path

from ..browser import CHROMIUM_ARGS, chromium_executable, serve_in_thread
from ..i18n import LANGS
from .guide_page import SHOT_NAMES

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT, SCALE = 360, 640, 1.5  # a phone's screen (CSS px), drawn at 1.5 device px per CSS px
WIDE = {"gradebook": (760, 1)}  # a teacher reads the gradebook's table on a wider screen
QUALITY = 0.72
WAIT_MS = 30_000
SAMPLE = {"th": {"title": "การบ้านสัปดาห์ที่ 3", "instructions": "ทำให้ครบทุกข้อก่อนวันศุกร์",
                 "names": ["สมชาย ใจดี", "มานี มีนา", "ปิติ ชูใจ"]},
          "en": {"title": "Homework, week 3", "instructions": "Do every exercise before Friday.",
                 "names": ["Somchai", "Manee", "Piti"]}}

MAKE_CODES = """async ({ sample, lang }) => {
  const m = await import('/static/js/core/assignment.js');
  const catalog = await (await fetch(`/${lang}/teach/catalog.json`)).json();
  // The first two games with both a board exercise (a proven line) and a rule question.
  const board = (i) => i.kind !== 'rule-quiz' && i.kind !== 'scoring' && i.kind !== 'counting';
  const games = Object.keys(catalog.games).filter((g) => catalog.items.some((i) => i.game === g && board(i))
    && catalog.items.some((i) => i.game === g && i.kind === 'rule-quiz')).slice(0, 2);
  const pick = (game, test) => catalog.items.find((i) => i.game === game && test(i));
  const quiz = (i) => i.kind === 'rule-quiz';
  const chosen = [pick(games[0], board), pick(games[1], board), pick(games[0], quiz), pick(games[1], quiz)];
  const a = { title: sample.title, instructions: sample.instructions, lang, due: null, hints: true, solution: true,
              items: chosen.map((i) => i.id) };
  const data = [];
  for (const item of chosen) {
    const html = await (await fetch(item.url)).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    data.push(JSON.parse(doc.getElementById('kr-puzzle-data').textContent));
  }
  const right = (d) => (d.quiz ? [['a', d.quiz.correct.map(String)]] : d.line.filter((_, i) => i % 2 === 0).map((move) => ['m', move]));
  const wrong = (d) => (d.quiz ? [['a', d.quiz.choices.map((c) => c.id).filter((c) => !d.quiz.correct.includes(c)).slice(0, 1)]]
                                 : [['m', Object.keys(d.tree.refutations)[0]]]);
  const plays = {
    solved: right,
    retried: (d) => [['h'], ...wrong(d), ...(d.quiz ? [] : [['t']]), ...right(d)],
    failed: wrong,
    forged: wrong,
  };
  // what the student's page says of each plan (forged: "solved" claimed for a wrong move; the gradebook flags it)
  const says = { solved: ['solved', 1, 0], retried: ['retried', 2, 1], failed: ['failed', 1, 0], forged: ['solved', 1, 0] };
  const started = new Date(Date.now() - 40 * 60000).toISOString();
  const submitted = new Date().toISOString();
  const result = (name, plans) => {
    const items = [];
    for (const [i, d] of data.entries()) {
      const [claimed, attempts, hints] = says[plans[i]];
      items.push({ id: d.id, events: plays[plans[i]](d), claimed, attempts, hints, ms: 60000 + 30000 * i });
    }
    return m.encodeResult({ assignment: m.assignmentId(a), name, started, submitted, items });
  };
  const [one, two, three] = sample.names;
  const codes = [await result(one, ['solved', 'solved', 'solved', 'solved']),
                 await result(two, ['solved', 'retried', 'failed', 'solved']),
                 await result(three, ['solved', 'forged', 'solved', 'failed'])];
  return { code: await m.encodeAssignment(a), results: codes };
}"""

TO_WEBP = """async ({ png, quality }) => {
  const image = new Image();
  image.src = `data:image/png;base64,${png}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.toDataURL('image/webp', quality).split(',')[1];
}"""


def _shoot(page, selector: str, width: int = WIDTH, down_to: str | None = None) -> bytes:
    """A PNG of the page from the top of ``selector`` to its bottom (or ``down_to``'s), at most one screen."""
    target = page.locator(selector).first
    target.wait_for(state="visible", timeout=WAIT_MS)
    target.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    box = target.bounding_box()
    end = page.locator(down_to).first.bounding_box() if down_to else box
    top = max(0, box["y"] - 8)
    return page.screenshot(clip={"x": 0, "y": top, "width": width, "height": min(HEIGHT, end["y"] + end["height"] + 8 - top)})


def _phone(page, lang: str, code: str) -> dict[str, bytes]:
    """The builder's and the student's screenshots, at phone width."""
    shots = {}
    page.goto(f"/{lang}/teach/assign/#{code}")
    shots["assign"] = _shoot(page, ".assign-choose")
    page.locator("#assign-qr svg, #assign-qr canvas, #assign-qr img").first.wait_for(timeout=WAIT_MS)
    # from the QR code down: the link above it shows this machine's address
    shots["share"] = _shoot(page, "#assign-qr", down_to="#assign-share")
    page.goto(f"/{lang}/a/#{code}")
    shots["student"] = _shoot(page, "#kr-student")
    return shots


def _gradebook(page, lang: str, code: str, results: list[str]) -> bytes:
    """The gradebook with the sample results pasted and checked."""
    page.goto(f"/{lang}/teach/gradebook/#{code}")
    page.locator("#gb-codes").fill("\n".join(results))
    page.locator("#gb-input [type=submit]").click()
    return _shoot(page, "#gb-results", WIDE["gradebook"][0])


def _worksheet(page, lang: str, code: str) -> bytes:
    """The top of the worksheet: its header and first exercise."""
    page.goto(f"/{lang}/teach/worksheet/#{code}")
    page.locator('#ws-sheet[data-state="ready"]').wait_for(timeout=WAIT_MS)
    return _shoot(page, "#ws-sheet")


def make(site: Path, out: Path) -> list[Path]:
    """Writes <out>/<lang>-<name>.webp for every language and screenshot; returns the files."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    url, stop = serve_in_thread(site, ROOT)
    written = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            for lang in LANGS:
                phone = browser.new_context(base_url=url, service_workers="block", device_scale_factor=SCALE,
                                            viewport={"width": WIDTH, "height": HEIGHT})
                wide = browser.new_context(base_url=url, service_workers="block", device_scale_factor=WIDE["gradebook"][1],
                                           viewport={"width": WIDE["gradebook"][0], "height": HEIGHT})
                page = phone.new_page()
                page.goto(f"/{lang}/teach/")
                made = page.evaluate(MAKE_CODES, {"sample": SAMPLE[lang], "lang": lang})
                shots = _phone(page, lang, made["code"])
                shots["worksheet"] = _worksheet(page, lang, made["code"])
                shots["gradebook"] = _gradebook(wide.new_page(), lang, made["code"], made["results"])
                missing = set(SHOT_NAMES) - set(shots)
                assert not missing, f"no screenshot made for {sorted(missing)}"
                page.goto("about:blank")
                for name, png in shots.items():
                    webp = page.evaluate(TO_WEBP, {"png": base64.b64encode(png).decode(), "quality": QUALITY})
                    path = out / f"{lang}-{name}.webp"
                    path.write_bytes(base64.b64decode(webp))
                    written.append(path)
                phone.close()
                wide.close()
            browser.close()
    finally:
        stop()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_builder.teach.screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, required=True, help="a built site (python -m site_builder build --out …)")
    parser.add_argument("--out", type=Path, default=ROOT / "site_builder" / "static" / "img" / "teach")
    args = parser.parse_args(argv)
    for path in make(args.site, args.out):
        print(f"{path}  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
