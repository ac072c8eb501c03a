"""kind = "rule-quiz": a multiple-choice question about the rules, answered by the engine.

The file never says which choice is right: the engine computes it from the position.
question = "position-status"  the side to move is: checkmated / stalemated / in check / none of these
question = "legal-move"       choices = ["e3e4", ...]; which ONE is legal (ask = "illegal": which ONE is illegal)
question = "is-draw"          is the game over as a draw right now? yes / no
Labels, prompt, explanation and a nudge for every wrong choice are generated here in Thai and
English from the engine's answer (an illegal move is explained with the engine's own ILLEGAL_MOVE
message); the game's words (sides, pieces, draw reasons) come from its site plugin. A nudge says
why the chosen answer is wrong without naming the right one; the explanation is shown once the
question is answered right or the solution is asked for. Game-neutral: any board game.
"""
from __future__ import annotations

import re

from engine.errors import ILLEGAL_MOVE, EngineError

from ..engine_ctx import GameEngine
from .base import Field, Issue, PuzzleKind

QUESTIONS = ("position-status", "legal-move", "is-draw")
IDS = "abcdefgh"

STATUS_LABELS = {
    "checkmate": {"th": "จน (ถูกรุกจน)", "en": "Checkmate"},
    "stalemate": {"th": "อับ (ไม่ถูกรุกแต่ไม่มีตาเดิน)", "en": "Stalemate"},
    "check": {"th": "ถูกรุก แต่ยังไม่จน", "en": "Check, but not mate"},
    "none": {"th": "ไม่ใช่ทั้งสามอย่าง", "en": "None of these"},
}
YES_NO = {"yes": {"th": "ใช่ เสมอแล้ว", "en": "Yes, it is a draw"},
          "no": {"th": "ไม่ใช่ เกมยังไม่จบด้วยการเสมอ", "en": "No, it is not a draw"}}


def _moves(n: int) -> str:
    return "1 legal move" if n == 1 else f"{n} legal moves"


def _strip_fen(message: str) -> str:
    return re.sub(r"\s*\(position [^)]*\)", "", message)


def _reason(error: EngineError, lang: str) -> str:
    """Why a move is illegal, in words: the engine's message without the echoed move and position."""
    text = _strip_fen(error.message_th if lang == "th" else error.message)
    return re.sub(r"^(?:illegal move '[^']*'|เดิน '[^']*' ไม่ได้):\s*", "", text)


def _status_nudges(answer: str, side: dict[str, str]) -> dict[str, dict[str, str]]:
    """Why each wrong answer to "position-status" is wrong (the right one is not named)."""
    th, en = side["th"], side["en"]
    in_check = answer in ("checkmate", "check")
    nudges = {
        "checkmate": ({"th": f"ขุน{th}ถูกรุกก็จริง แต่ลองหาทางแก้รุกให้ครบ: หนีไปช่องที่ว่าง กินตัวที่รุก หรือบัง",
                       "en": f"{en}'s Khun is in check, but look at every way out: step away, take the checker, "
                             "or block."} if in_check else
                      {"th": f"จนต้องถูกรุกก่อน ตอนนี้มีหมากตัวไหนโจมตีขุน{th}อยู่บ้าง",
                       "en": f"Mate needs a check first. Is any piece attacking {en}'s Khun right now?"}),
        "stalemate": ({"th": f"อับคือไม่ถูกรุกแต่เดินไม่ได้ ดูอีกครั้งว่าขุน{th}ถูกโจมตีอยู่หรือไม่",
                       "en": f"Stalemate means no check and no move. Look again: is {en}'s Khun attacked?"}
                      if in_check else
                      {"th": f"อับคือไม่มีตาเดินเลย ลองหาตาเดินของหมาก{th}ทุกตัว ไม่ใช่เฉพาะขุน",
                       "en": f"Stalemate means no legal move at all. Try every {en} piece, not only the Khun."}),
        "check": ({"th": f"ลองหาทางแก้รุกของ{th}ทีละทาง ถ้าไม่มีทางใดใช้ได้เลย ผลจะเป็นอย่างไร",
                   "en": f"Try each way out of check for {en}. If none works, what is it then?"}
                  if answer == "checkmate" else
                  {"th": f"ถูกรุกคือมีหมากโจมตีขุน ลองไล่ดูว่ามีหมากตัวไหนโจมตีขุน{th}อยู่จริงไหม",
                   "en": f"Check means a piece attacks the Khun. Is any piece really attacking {en}'s Khun?"}),
        "none": ({"th": f"ดูให้ดีว่ามีหมากตัวไหนโจมตีขุน{th}อยู่", "en": f"Look closely: is a piece attacking {en}'s Khun?"}
                 if in_check else
                 {"th": f"ลองนับตาเดินที่ถูกกติกาของ{th} มีอยู่จริงสักตาไหม",
                  "en": f"Count {en}'s legal moves. Is there really one?"}),
    }
    return {k: v for k, v in nudges.items() if k != answer}


class RuleQuizKind(PuzzleKind):
    def prove(self, puzzle, engine: GameEngine) -> tuple[dict | None, list[Issue]]:
        f = puzzle.fields
        question = f["question"]
        issues = []
        if question != "legal-move":
            for name in ("choices", "ask"):
                if f.get(name) not in (None, ()):
                    issues.append(Issue(name, 'is only used with question = "legal-move"', f"remove {name}"))
        if issues:
            return None, issues
        status = puzzle.board["status"]
        side = puzzle.solver
        if question == "position-status":
            return self._status(puzzle, engine, status, side)
        if question == "is-draw":
            return self._draw(puzzle, status, side)
        return self._legal(puzzle, engine, side)

    # ------------------------------------------------------------------ position-status
    def _status(self, puzzle, engine: GameEngine, status, side):
        legal = puzzle.board["legal_moves"]
        if status["reason"] == "checkmate":
            answer = "checkmate"
        elif status["reason"] == "stalemate":
            answer = "stalemate"
        elif status["check"]:
            answer = "check"
        else:
            answer = "none"
        ids = dict(zip(STATUS_LABELS, IDS))
        words = puzzle.site.words
        s_th, s_en = words.side(side, "th"), words.side(side, "en")
        winner_th, winner_en = words.side(engine.other(side), "th"), words.side(engine.other(side), "en")
        n = len(legal)
        board = puzzle.board["board"]
        some = {lang: ", ".join(words.move_label(board, m, lang) for m in legal[:3]) for lang in ("th", "en")}
        explain = {
            "checkmate": {"th": f"{s_th}ถูกรุกและไม่มีตาเดินใดพ้นการรุกได้ จึงจน {winner_th}ชนะ",
                          "en": f"{s_en} is in check and no move gets out of it: checkmate, {winner_en} wins."},
            "stalemate": {"th": f"{s_th}ไม่ได้ถูกรุก แต่ไม่มีตาเดินที่ถูกกติกาเลย จึงอับ เกมเสมอ",
                          "en": f"{s_en} is not in check but has no legal move: stalemate, the game is a draw."},
            "check": {"th": f"{s_th}ถูกรุก แต่ยังมีตาเดินแก้รุกได้ {n} ตา เช่น {some['th']} จึงยังไม่จน",
                      "en": f"{s_en} is in check but has {_moves(n)} to escape, e.g. {some['en']}; "
                            "so it is not mate."},
            "none": {"th": f"{s_th}ไม่ได้ถูกรุก และมีตาเดินที่ถูกกติกา {n} ตา",
                     "en": f"{s_en} is not in check and has {_moves(n)}."},
        }[answer]
        prompt = {"th": f"ตาเดินของ{s_th} ตอนนี้{s_th}อยู่ในสถานะใด",
                  "en": f"{s_en} to move. What is {s_en}'s situation?"}
        choices = [{"id": ids[k], "label": v} for k, v in STATUS_LABELS.items()]
        nudges = {ids[k]: v for k, v in _status_nudges(answer, {"th": s_th, "en": s_en}).items()}
        return self._proof(puzzle, "position-status", prompt, choices, [ids[answer]], explain, answer, nudges), []

    # ------------------------------------------------------------------ is-draw
    def _draw(self, puzzle, status, side):
        is_draw = status["result"] == "draw"
        words = puzzle.site.words
        s_th, s_en = words.side(side, "th"), words.side(side, "en")
        if is_draw:
            explain = {"th": f"ใช่ เกมจบเสมอแล้ว เพราะ{words.draw_reason(status['reason'], 'th')}",
                       "en": f"Yes, the game is drawn: {words.draw_reason(status['reason'], 'en')}."}
        elif status["result"] != "ongoing":
            winner = status["result"].removesuffix("_wins")
            explain = {"th": f"ไม่ใช่ {s_th}ถูกรุกจน {words.side(winner, 'th')}ชนะ ไม่ใช่เสมอ",
                       "en": f"No: {s_en} is checkmated, {words.side(winner, 'en')} wins; that is not a draw."}
        else:
            n = len(puzzle.board["legal_moves"])
            explain = {"th": f"ไม่ใช่ เกมยังดำเนินต่อ {s_th}มีตาเดินที่ถูกกติกา {n} ตา"
                             + (" (ถูกรุกอยู่แต่หนีได้)" if status["check"] else ""),
                       "en": f"No, the game goes on: {s_en} has {_moves(n)}"
                             + (" (in check, but can escape)." if status["check"] else ".")}
        prompt = {"th": f"ตาเดินของ{s_th} ตอนนี้เกมจบลงด้วยการเสมอแล้วหรือยัง",
                  "en": f"{s_en} to move. Is the game over as a draw right now?"}
        choices = [{"id": "a", "label": YES_NO["yes"]}, {"id": "b", "label": YES_NO["no"]}]
        if is_draw:
            nudges = {"b": {"th": f"ลองหาตาเดินที่{s_th}เดินได้จริง และดูว่าบนกระดานยังมีหมากพอให้ใครรุกจนได้ไหม",
                            "en": f"Look for a move {s_en} can really make, and ask whether anyone still has "
                                  "enough to give mate."}}
        elif status["result"] != "ongoing":
            nudges = {"a": {"th": f"เกมจบแล้วก็จริง แต่ดูว่าขุน{s_th}ถูกรุกอยู่หรือไม่ ถ้าถูกรุกแล้วหนีไม่ได้ เกมจบแบบไหน",
                            "en": f"The game is over, but is {s_en}'s Khun in check? Over in which way, then?"}}
        else:
            nudges = {"a": {"th": f"เสมอต้องมีเหตุ เช่น อับ หรือเหลือแต่ขุน ตอนนี้{s_th}ยังเดินต่อได้ไหม",
                            "en": f"A draw needs a reason, such as stalemate or bare Khun. Can {s_en} still play on?"}}
        return self._proof(puzzle, "is-draw", prompt, choices, ["a" if is_draw else "b"], explain,
                           "yes" if is_draw else "no", nudges), []

    # ------------------------------------------------------------------ legal-move
    def _legal(self, puzzle, engine: GameEngine, side):
        f = puzzle.fields
        choices, ask = list(f.get("choices") or []), f.get("ask") or "legal"
        if not choices:
            return None, [Issue("choices", "is missing (question = \"legal-move\" needs the moves to choose from)",
                                'add choices = ["e3e4", "b1c3", "a1a5"]')]
        issues = []
        if not 2 <= len(choices) <= len(IDS):
            issues.append(Issue("choices", f"has {len(choices)} moves", f"give 2 to {len(IDS)} moves"))
        if len(set(choices)) != len(choices):
            issues.append(Issue("choices", "a move is listed twice", "list every move once"))
        words, board = puzzle.site.words, puzzle.board["board"]
        start = engine.state(puzzle.position)
        results = []  # (move text, legal?, words or why not th, en)
        for i, text in enumerate(choices):
            try:
                move = start.move(engine.handle(puzzle.position, start, text))
                results.append((text, True, words.move(board, move, "th"), words.move(board, move, "en")))
            except EngineError as error:
                if error.code != ILLEGAL_MOVE:
                    example = (puzzle.board["legal_moves"] or ["..."])[0]
                    issues.append(Issue(f"choices[{i}]", error.message,
                                        f"write a move in the game's notation, like \"{example}\""))
                    continue
                results.append((text, False, _reason(error, "th"), _reason(error, "en")))
        if issues:
            return None, issues
        legal = [r for r in results if r[1]]
        wanted = legal if ask == "legal" else [r for r in results if not r[1]]
        if len(wanted) != 1:
            names = ", ".join(r[0] for r in wanted) or "none"
            word = "legal" if ask == "legal" else "illegal"
            return None, [Issue("choices", f"{len(wanted)} of the choices are {word} ({names}); "
                                f"the question asks for exactly one",
                                "change the choices so that exactly one is "
                                f"{word}, or set ask = \"{'illegal' if ask == 'legal' else 'legal'}\"")]
        s_th, s_en = words.side(side, "th"), words.side(side, "en")
        labelled = []
        explain_th, explain_en = [], []
        nudges = {}
        for i, (text, ok, th, en) in enumerate(results):
            label = {"th": words.move_label(board, text, "th"), "en": words.move_label(board, text, "en")}
            labelled.append({"id": IDS[i], "label": label, "move": text})
            if ok:
                explain_th.append(f"{label['th']}: เดินได้")
                explain_en.append(f"{label['en']}: legal.")
                if ask == "illegal":
                    nudges[IDS[i]] = {"th": "ตานี้เดินได้ตามกติกา ลองหาตาที่ผิดกติกา",
                                      "en": "This move is legal. Look for the one that breaks a rule."}
            else:
                explain_th.append(f"{label['th']}: เดินไม่ได้ {th}")
                explain_en.append(f"{label['en']}: illegal, {en}.")
                if ask == "legal":
                    nudges[IDS[i]] = {"th": f"ตานี้เดินไม่ได้: {th}", "en": f"This move is illegal: {en}."}
        correct = [IDS[i] for i, r in enumerate(results) if r is wanted[0]]
        if ask == "legal":
            prompt = {"th": f"ตาเดินของ{s_th} ตาใดต่อไปนี้เดินได้ถูกกติกา (มีตาเดียว)",
                      "en": f"{s_en} to move. Which ONE of these moves is legal?"}
        else:
            prompt = {"th": f"ตาเดินของ{s_th} ตาใดต่อไปนี้เดินไม่ได้ (มีตาเดียว)",
                      "en": f"{s_en} to move. Which ONE of these moves is illegal?"}
        explain = {"th": " ".join(explain_th), "en": " ".join(explain_en)}
        proof = self._proof(puzzle, "legal-move", prompt, labelled, correct, explain, wanted[0][0], nudges)
        proof["ask"] = ask
        proof["giveaways"] = [wanted[0][0]]
        return proof, []

    def _proof(self, puzzle, question, prompt, choices, correct, explanation, answer, nudges) -> dict:
        return {"solver": puzzle.solver, "question": question, "prompt": prompt, "choices": choices,
                "correct": correct, "explanation": explanation, "answer": answer, "nudges": nudges,
                "giveaways": []}

    def page_data(self, puzzle, proof: dict, lang: str) -> dict:
        return {"mate_in": None, "line": [], "tree": None, "quiz": quiz_data(proof, lang)}

    def default_goal(self, puzzle, proof: dict) -> dict[str, str]:
        return dict(proof["prompt"])

    def solution_text(self, puzzle, proof: dict, lang: str) -> list[str]:
        labels = {c["id"]: c["label"][lang] for c in proof["choices"]}
        answer = ", ".join(labels[c] for c in proof["correct"])
        head = "คำตอบ: " if lang == "th" else "Answer: "
        return [head + answer, proof["explanation"][lang]]


def quiz_data(proof: dict, lang: str) -> dict:
    """A question's page data (the contract's ``quiz``): ``nudges`` = a short reason per wrong choice
    (``nudge``: one for any wrong number), ``explanation`` to show once it is answered or solved."""
    quiz = {"prompt": proof["prompt"][lang], "answer_type": proof.get("answer_type", "choice"),
            "choices": [{"id": c["id"], "label": c["label"][lang]} for c in proof["choices"]],
            "correct": proof["correct"], "explanation": proof["explanation"][lang],
            "nudges": {k: v[lang] for k, v in proof["nudges"].items()}}
    if "nudge" in proof:
        quiz["nudge"] = proof["nudge"][lang]
    return quiz


RULE_QUIZ = RuleQuizKind(
    id="rule-quiz",
    ops=("play",),
    name_th="คำถามกติกา",
    name_en="Rule quiz",
    doc_th="คำถามปรนัยเรื่องกติกา คำตอบที่ถูกเอนจินคำนวณจากตำแหน่ง ไม่ได้เขียนไว้ในไฟล์",
    doc_en="A multiple-choice question about the rules; the engine computes the right answer from the "
           "position, the file never states it.",
    fields=(
        Field("question", "str", required=True, choices=QUESTIONS, example='"position-status"',
              doc_th='ชนิดคำถาม: `"position-status"` (จน อับ รุก หรือไม่ใช่), `"legal-move"` (ตาใดเดินได้), '
                     '`"is-draw"` (เสมอแล้วหรือยัง)',
              doc_en='the question: "position-status" (checkmate, stalemate, check or none), '
                     '"legal-move" (which move is legal), "is-draw" (is it a draw now)'),
        Field("choices", "list[str]", default=(), example='["e3e4", "c1c3", "b1d2"]',
              doc_th='เฉพาะ `"legal-move"`: ตาเดินให้เลือก 2 ถึง 8 ตา', doc_en='"legal-move" only: 2 to 8 moves to choose from'),
        Field("ask", "str", default=None, choices=("legal", "illegal"), example='"illegal"',
              doc_th='เฉพาะ `"legal-move"`: ถามหาตาที่เดินได้ (`"legal"` ค่าปกติ) หรือตาที่เดินไม่ได้ (`"illegal"`)',
              doc_en='"legal-move" only: ask for the one legal move ("legal", the default) or the one '
                     'illegal move ("illegal")'),
    ),
)
