"""kind = "counting": Makruk counting (การนับศักดิ์) exercises, every answer computed by the engine.

The file gives a position and, optionally, ``moves`` played from it before the question (for
example the capture that leaves a bare Khun). The diagram shows the position; the prompt says
the moves in words. The engine then answers:

question = "start"           the number the counter announces with the first counted move
question = "limit"           the number the count ends at (the limit)
question = "attacker-moves"  how many moves the other side has left to give mate
question = "draw-now"        is the game drawn right now? yes / no
question = "which-count"     which count applies: board's honour / pieces' honour / none possible
question = "play-out"        mate the bare Khun inside the count against the engine's defence;
                             the build proves a forced mate within the moves the count leaves
                             (the mate solver goes up to 5 moves) and records the count.

Counting fields in a FEN (field 4 = limit in plies, field 5 = counting ply) are checked
against what the engine computes for the material on the board, never trusted.
"""
from __future__ import annotations

from engine.api import call
from engine.core.search import text_of
from engine.makruk import counting as rules
from engine.makruk.position import COLOR_NAMES

from ...puzzles.engine_ctx import GameEngine
from ...puzzles.kinds.base import Field, Issue, PuzzleKind
from ...puzzles.kinds.rule_quiz import quiz_data
from ...replies import PageRequest, play
from .trainer import horizon_for
from .words import SIDE_WORDS, WORDS, piece_word

QUESTIONS = ("start", "limit", "attacker-moves", "draw-now", "which-count", "play-out")
NUMBER_QUESTIONS = ("start", "limit", "attacker-moves")
MAX_PROOF = 5  # the mate solver's reach (engine.api.MAX_WIN_DEPTH)

COUNTING_TAGS = {
    "counting": {"th": "การนับศักดิ์", "en": "counting"},
    "pieces-honour": {"th": "ศักดิ์หมาก", "en": "pieces' honour"},
    "board-honour": {"th": "ศักดิ์กระดาน", "en": "board's honour"},
    "start": {"th": "เลขเริ่มนับ", "en": "first number"},
    "limit": {"th": "เลขนับครบ", "en": "count limit"},
    "attacker-moves": {"th": "ตาที่เหลือ", "en": "moves left"},
    "draw-now": {"th": "เสมอหรือยัง", "en": "draw yet?"},
    "which-count": {"th": "นับแบบไหน", "en": "which count"},
    "play-out": {"th": "เล่นให้จน", "en": "play it out"},
}
KIND_WORDS = {
    "board": {"th": "ศักดิ์กระดาน", "en": "board's honour"},
    "pieces": {"th": "ศักดิ์หมาก", "en": "pieces' honour"},
}
WHICH_LABELS = {
    "board": {"th": "นับศักดิ์กระดาน (นับ 1 ถึง 64)", "en": "Board's honour (count 1 to 64)"},
    "pieces": {"th": "นับศักดิ์หมาก (ขุนที่เหลือตัวเดียวเป็นผู้นับ)", "en": "Pieces' honour (the bare Khun counts)"},
    "none": {"th": "ยังนับไม่ได้", "en": "No count is possible yet"},
}
YES_NO = {"yes": {"th": "ใช่ เสมอแล้ว", "en": "Yes, it is a draw"},
          "no": {"th": "ยังไม่เสมอ", "en": "No, not a draw"}}
DRAW_REASONS = {
    "counting": {"th": "นับศักดิ์ครบแล้ว", "en": "the count has run out"},
    "stalemate": {"th": "อับ", "en": "stalemate"},
    "insufficient_material": {"th": "เหลือขุนต่อขุน", "en": "only the two Khun are left"},
    "repetition": {"th": "ตำแหน่งเดิมเกิดซ้ำครบจำนวน", "en": "the same position occurred too often"},
    "mate_while_counting": {"th": "ฝ่ายที่กำลังนับรุกจนระหว่างนับ ซึ่งกติกาให้เสมอ",
                            "en": "the counting side gave mate while counting, which is a draw"},
}


def _words(lang: str, side: str) -> str:
    return SIDE_WORDS[lang][side]


def material_words(pos, color: str, lang: str) -> str:
    """'เรือ 1 ม้า 2' / 'Ruea 1, Ma 2': a side's pieces besides the Khun."""
    counts = pos.material(color)
    parts = [f"{piece_word('M~' if p == 'F' else p, lang)} {n}" for p, n in counts.items() if p != "K" and n]
    if not parts:
        return "ขุนตัวเดียว" if lang == "th" else "the Khun alone"
    return (" " if lang == "th" else ", ").join(parts)


class CountingKind(PuzzleKind):
    # ------------------------------------------------------------------ proof
    def prove(self, puzzle, engine: GameEngine) -> tuple[dict | None, list[Issue]]:
        f = puzzle.fields
        question, moves = f["question"], list(f["moves"] or [])
        issues = self._check_fen_fields(puzzle, engine)
        if issues:
            return None, issues
        reply = call({"op": "play", "game": puzzle.game, "position": puzzle.position, "moves": moves})
        if not reply["ok"]:
            error = reply["error"]
            return None, [Issue(error.get("field") or "moves", f"the engine refuses the moves: {error['message']}",
                                "give legal moves (UCI like \"b2b7\", or count-start / count-stop)")]
        game = engine.record(puzzle.position)
        for move in moves:
            game.play(move)
        pos = game.position
        status = reply["status"]
        count = status["counting"]
        if question != "draw-now" and status["result"] != "ongoing":
            return None, [Issue("position", f"the game is already over after the moves ({status['result']}, "
                                f"{status['reason']})", 'ask question = "draw-now", or change the position')]
        bare_to_fix = self._bare_without_count(pos, count)
        if bare_to_fix:
            return None, [bare_to_fix]
        facts = self._facts(pos, reply, game, engine)
        words = self._situation(puzzle, facts, self._move_words(engine, puzzle.position, moves), question)
        if question in NUMBER_QUESTIONS or question == "play-out":
            if not count["kind"]:
                return None, [Issue("question", f"no count runs after the moves, so {question!r} has no answer",
                                    "give a position with a running count (FEN fields 4 and 5), or the "
                                    "capture that leaves a bare Khun in moves, or count-start")]
        if question == "start" and count["count"]:
            return None, [Issue("question", f"the count has already reached {count['count']}; the first "
                                "number was announced before", 'ask "limit" or "attacker-moves", or give an '
                                "earlier position")]
        if question == "play-out":
            return self._playout(puzzle, engine, game, reply, facts, words)
        build = {"start": self._q_start, "limit": self._q_limit, "attacker-moves": self._q_moves,
                 "draw-now": self._q_draw, "which-count": self._q_which}[question]
        quiz, issues = build(puzzle, reply, facts, words)
        if issues:
            return None, issues
        return {"solver": puzzle.solver, "question": question, "moves": moves, "facts": facts, **quiz}, []

    def _check_fen_fields(self, puzzle, engine: GameEngine) -> list[Issue]:
        """A FEN that carries a pieces' honour count must carry the limit the engine computes."""
        pos = engine.record(puzzle.position).position
        if not pos.count_limit or pos.count_kind != "pieces":
            return []
        counter = rules.counter(pos)
        strong = engine.other(COLOR_NAMES[counter])
        limit = rules.pieces_limit(pos, "w" if strong == "white" else "b", engine.options["limitOrder"])
        if pos.count_limit != 2 * limit:
            fields = puzzle.position.split()
            return [Issue("position", f"the counting limit field says {pos.count_limit} plies "
                          f"({pos.count_limit // 2} moves) but the engine's table gives {limit} for "
                          f"{strong}'s pieces", f"write {2 * limit} as FEN field 4 "
                          f"(\"{' '.join(fields[:3] + [str(2 * limit)] + fields[4:])}\")")]
        return []

    @staticmethod
    def _bare_without_count(pos, count) -> Issue | None:
        if count["kind"] or pos.has_unpromoted_bia():
            return None
        for color in ("w", "b"):
            if pos.is_bare(color) and not pos.is_bare("b" if color == "w" else "w"):
                name = COLOR_NAMES[color]
                return Issue("position", f"{name} has a bare Khun but no count runs: in a real game the "
                             "pieces' honour count starts with the move that took the last piece",
                             "give the position before that capture and the capture in moves, or the "
                             "counting fields in the FEN (e.g. \"... b - 32 6 1\")")
        return None

    def _facts(self, pos, reply, game, engine) -> dict:
        """Everything the engine says about the count after the moves (recorded in the proof)."""
        count = reply["status"]["counting"]
        facts = {"turn": reply["turn"], "result": reply["status"]["result"], "reason": reply["status"]["reason"],
                 "kind": count["kind"], "counter": count["counter"], "count": count["count"],
                 "start": count["start"], "limit": count["limit"], "actions": reply["actions"],
                 "pieces": pos.piece_count(), "attacker_moves": None}
        if count["kind"]:
            remaining = max(0, rules.draw_ply(pos, engine.options) - pos.count_ply)
            counter_to_move = reply["turn"] == count["counter"]
            facts["attacker_moves"] = remaining // 2 if counter_to_move else (remaining + 1) // 2
            facts["attacker"] = engine.other(count["counter"])
            strong = "w" if facts["attacker"] == "white" else "b"
            facts["strong_material"] = {lang: material_words(pos, strong, lang) for lang in ("th", "en")}
            facts["table_limit"] = (rules.pieces_limit(pos, strong, engine.options["limitOrder"])
                                    if count["kind"] == "pieces" else rules.BOARD_LIMIT)
        return facts

    @staticmethod
    def _move_words(engine: GameEngine, fen: str, moves: list[str]) -> dict[str, str]:
        """The moves after the diagram, in words: 'ขาว เรือ b2xb7, ดำ ขุน e8-d8'."""
        if not moves:
            return {"th": "", "en": ""}
        game = engine.record(fen)
        out = {"th": [], "en": []}
        for move in moves:
            side, board = game.state.turn, game.view()["board"]
            played = game.play(move)
            for lang in out:
                if move == "count-start":
                    text = "ขอนับศักดิ์" if lang == "th" else "starts a count"
                elif move == "count-stop":
                    text = "หยุดนับ" if lang == "th" else "stops counting"
                else:
                    text = WORDS.move(board, played, lang)
                out[lang].append(f"{_words(lang, side)} {text}")
        return {"th": ", ".join(out["th"]) + " ", "en": ", ".join(out["en"]) + ". "}

    # ------------------------------------------------------------------ situation sentences
    @staticmethod
    def _count_sentence(counting: dict, lang: str, where: str) -> str:
        """'ในภาพ ดำนับศักดิ์หมากมาถึง 12 แล้ว ' / 'Now Black has counted ... up to 12. '."""
        if not counting["kind"]:
            return ""
        who, kind = _words(lang, counting["counter"]), KIND_WORDS[counting["kind"]][lang]
        lead = {"diagram": {"th": "ในภาพ ", "en": "In the diagram "}, "now": {"th": "ตอนนี้", "en": "Now "}}[where][lang]
        if counting["count"]:
            return (f"{lead}{who}นับ{kind}มาถึง {counting['count']} แล้ว " if lang == "th" else
                    f"{lead}{who} has counted ({kind}) up to {counting['count']}. ")
        return (f"{lead}{who}กำลังนับ{kind} แต่ยังไม่ได้นับเลขแรก " if lang == "th" else
                f"{lead}{who} is counting ({kind}) but has not announced a number yet. ")

    def _situation(self, puzzle, facts, moves_words: dict, question: str) -> dict:
        """What the reader must know besides the diagram: the count in the diagram, the moves
        played after it, and the count after them (never the answer itself)."""
        before = puzzle.board["status"]["counting"]
        after = {k: facts[k] for k in ("kind", "counter", "count")}
        out = {}
        for lang in ("th", "en"):
            text = self._count_sentence(before, lang, "diagram")
            if moves_words[lang]:
                lead = ({"th": "ต่อมาเดิน: ", "en": "Then: "} if text else
                        {"th": "จากตำแหน่งในภาพ เดินต่อ: ", "en": "From the diagram: "})[lang]
                text += lead + moves_words[lang]
            changed = (after["kind"], after["counter"], after["count"]) != \
                (before["kind"], before["counter"], before["count"])
            if moves_words[lang] and changed and after["count"] and question != "which-count":
                text += self._count_sentence(after, lang, "now")
            out[lang] = text
        return out

    @staticmethod
    def _to_move(facts, lang: str) -> str:
        side = _words(lang, facts["turn"])
        return f"ตา{side}เดิน " if lang == "th" else f"{side} to move. "

    def _quiz(self, prompt, answer_type, correct, explanation, choices=None, answer=None, nudges=None,
              nudge=None) -> dict:
        """A question's proof: ``nudges`` per wrong choice id (or wrong number, as text), ``nudge`` for any
        other wrong number; the number itself is a giveaway no hint may name."""
        quiz = {"prompt": prompt, "answer_type": answer_type, "choices": choices or [], "correct": correct,
                "explanation": explanation, "answer": answer if answer is not None else correct,
                "nudges": nudges or {}, "giveaways": [str(correct)] if answer_type == "number" else []}
        if nudge is not None:
            quiz["nudge"] = nudge
        return quiz

    # ------------------------------------------------------------------ questions
    def _q_start(self, puzzle, reply, facts, words):
        start, who = facts["start"], facts["counter"]
        prompt = {lang: words[lang] + self._to_move(facts, lang) + (
            f"{_words(lang, who)}เป็นฝ่ายนับ เมื่อ{_words(lang, who)}เดินตาแรกของการนับ จะนับเลขอะไร"
            if lang == "th" else
            f"{_words(lang, who)} counts. Which number does {_words(lang, who)} announce with the first counted move?")
            for lang in ("th", "en")}
        if facts["kind"] == "pieces":
            n = start - 1
            explain = {"th": f"{_words('th', who)}เหลือขุนตัวเดียวจึงนับศักดิ์หมาก บนกระดานมีหมาก {n} ตัว "
                             f"(รวมขุนทั้งสองฝ่าย) จึงเริ่มนับที่ {n} + 1 = {start}",
                       "en": f"{_words('en', who)} has a bare Khun, so it is the pieces' honour count. There are "
                             f"{n} pieces on the board (both Khun included), so the count starts at {n} + 1 = {start}."}
            nudges = {str(n): {"th": "ใกล้แล้ว จำนวนหมากบนกระดานยังไม่ใช่เลขแรก ลองคิดว่าต้องเพิ่มอะไร",
                               "en": "Close: the number of pieces is not the first number itself. What comes next?"},
                      **{str(n - k): {"th": "นับขุนทั้งสองฝ่ายด้วยหรือยัง", "en": "Did you count both Khun too?"}
                         for k in (1, 2) if n - k > 0}}
            nudge = {"th": "นับหมากทุกตัวที่เหลือบนกระดานหลังตาที่เดินในโจทย์ รวมขุนทั้งสองฝ่าย",
                     "en": "Count every piece left on the board after the moves in the task, both Khun included."}
        else:
            explain = {"th": "การนับศักดิ์กระดานเริ่มจาก 1 เสมอ", "en": "A board's honour count always starts at 1."}
            nudges = {}
            nudge = {"th": "ศักดิ์กระดานไม่ได้ขึ้นกับจำนวนหมาก ผู้นับเริ่มจากเลขไหนทุกครั้ง",
                     "en": "The board's honour count does not depend on the pieces: where does it always begin?"}
        return self._quiz(prompt, "number", start, explain, nudges=nudges, nudge=nudge), []

    def _q_limit(self, puzzle, reply, facts, words):
        limit, who = facts["limit"], facts["counter"]
        kind = facts["kind"]
        prompt = {lang: words[lang] + self._to_move(facts, lang) + (
            f"{_words(lang, who)}นับ{KIND_WORDS[kind][lang]} จะนับไปจนครบที่เลขอะไร"
            if lang == "th" else
            f"{_words(lang, who)} counts the {KIND_WORDS[kind][lang]}. At which number does the count end (the limit)?")
            for lang in ("th", "en")}
        nudges = {}
        if kind == "pieces":
            nudges[str(rules.BOARD_LIMIT)] = {"th": "ตอนนี้นับศักดิ์หมาก ไม่ใช่ศักดิ์กระดาน",
                                              "en": "This is the pieces' honour count, not the board's honour."}
            nudge = {"th": "ดูหมากของฝ่ายที่ยังมีหมากมากกว่า แล้วเทียบกับตารางศักดิ์หมาก เริ่มจากหมากที่แรงที่สุด",
                     "en": "Look at the stronger side's pieces and use the pieces' honour table, strongest piece first."}
        else:
            nudge = {"th": "ศักดิ์กระดานมีขีดจำกัดเดียวเสมอ ไม่ว่าหมากจะเหลืออะไร",
                     "en": "The board's honour count has one limit, whatever pieces are left."}
        if kind == "pieces" and facts["table_limit"] != limit:
            nudges[str(facts["table_limit"])] = {
                "th": "ตามตารางก็ใช่ แต่ขีดจำกัดถูกกำหนดเมื่อไร และเปลี่ยนหรือไม่เมื่อขุนที่นับกินหมาก",
                "en": "That is what the table gives now, but when was the limit fixed, and does a capture by "
                      "the counting Khun change it?"}
            strong = facts["attacker"]
            explain = {"th": f"ขีดจำกัด {limit} ถูกกำหนดตอนเริ่มนับ ตามหมากที่{_words('th', strong)}มีในตอนนั้น "
                             f"เมื่อขุนที่นับกินหมากของอีกฝ่าย ขีดจำกัดไม่เปลี่ยน (ค่าปกติของเว็บนี้ ซึ่งเลือกไม่คิด"
                             f"ขีดจำกัดใหม่เมื่อขุนที่นับกินหมาก) แม้ตอนนี้{_words('th', strong)}เหลือ "
                             f"{facts['strong_material']['th']} ซึ่งตามตารางจะได้ {facts['table_limit']}",
                       "en": f"The limit {limit} was fixed when the count started, from {_words('en', strong)}'s "
                             f"pieces at that moment. A capture by the counting Khun does not change it (this site's "
                             f"default: the limit is not worked out again after such a capture), even though {_words('en', strong)} "
                             f"now has {facts['strong_material']['en']}, which the table would give "
                             f"{facts['table_limit']}."}
        elif kind == "pieces":
            strong = facts["attacker"]
            explain = {"th": f"ฝ่าย{_words('th', strong)}มี {facts['strong_material']['th']} "
                             f"ตามตารางศักดิ์หมาก (ดูจากเรือก่อน แล้วโคนสองตัว ม้าสองตัว โคนตัวเดียว) "
                             f"ขีดจำกัดคือ {limit}",
                       "en": f"{_words('en', strong)} has {facts['strong_material']['en']}. By the pieces' honour "
                             f"table (Ruea first, then two Khon, two Ma, one Khon) the limit is {limit}."}
        else:
            explain = {"th": "ศักดิ์กระดานนับถึง 64 เสมอ ไม่ว่าหมากจะเหลืออะไร",
                       "en": "The board's honour count always goes to 64, whatever pieces are left."}
        return self._quiz(prompt, "number", limit, explain, nudges=nudges, nudge=nudge), []

    def _q_moves(self, puzzle, reply, facts, words):
        moves, limit, start = facts["attacker_moves"], facts["limit"], facts["start"]
        att = facts["attacker"]
        prompt = {lang: words[lang] + self._to_move(facts, lang) + (
            f"นับจากตอนนี้ {_words(lang, att)}มีอีกกี่ตาที่จะรุกให้จน ก่อนเกมจะเสมอเพราะนับครบ"
            if lang == "th" else
            f"From now on, how many moves does {_words(lang, att)} have to give mate before the count draws the game?")
            for lang in ("th", "en")}
        cnt, who = facts["count"], facts["counter"]
        if facts["turn"] == who:
            nxt = cnt + 1 if cnt else start
            formula = max(0, limit - nxt + 1)
            how = {"th": f"{_words('th', who)}จะนับ {nxt} ถึง {limit} และ{_words('th', att)}ได้เดินหลังการนับแต่ละครั้ง: "
                         f"{limit} − {nxt} + 1 = {moves}",
                   "en": f"{_words('en', who)} will count {nxt} to {limit} and {_words('en', att)} moves after each "
                         f"number: {limit} − {nxt} + 1 = {moves}"}
        else:
            formula = limit - cnt + 1
            how = {"th": f"{_words('th', att)}เดินตอนนี้ 1 ตา และหลัง{_words('th', who)}นับ {cnt + 1} ถึง {limit} "
                         f"อีกครั้งละตา ({limit - cnt} ตา) รวม {moves}",
                   "en": f"{_words('en', att)} moves now, then once after each of the numbers {cnt + 1} to {limit} "
                         f"({limit - cnt} moves): {moves} in all"} if cnt < limit else \
                  {"th": f"{_words('th', att)}เหลือตาเดียวคือตานี้", "en": f"{_words('en', att)} has only this move left"}
        if formula != moves:  # non-default options (minAttackerMoves): say only the engine's number
            how = {"th": f"{_words('th', att)}มี {moves} ตา", "en": f"{_words('en', att)} has {moves} moves"}
        explain = {"th": f"{_words('th', facts['counter'])}นับถึง {limit} แล้ว{_words('th', att)}ยังได้เดินอีกหนึ่งตา "
                         f"ถ้าตานั้นไม่จนก็เสมอ: {how['th']}",
                   "en": f"After {_words('en', facts['counter'])} announces {limit}, {_words('en', att)} still has "
                         f"one move; if it is not mate the game is drawn: {how['en']}."}
        nudges = {str(moves - 1): {"th": f"เกือบถูก หลังผู้นับนับเลขสุดท้ายแล้ว{_words('th', att)}ยังได้เดินอีกไหม",
                                   "en": f"Nearly: after the last number is announced, does {_words('en', att)} "
                                         "get one more move?"}} if moves > 1 else {}
        nudge = {"th": f"ไล่ดูทีละเลข: ผู้นับจะนับเลขอะไรต่อไปจนถึงขีดจำกัด และหลังแต่ละเลข{_words('th', att)}ได้เดินหนึ่งตา",
                 "en": f"Go number by number: which numbers will the counter still announce up to the limit? "
                       f"{_words('en', att)} moves once after each."}
        return self._quiz(prompt, "number", moves, explain, nudges=nudges, nudge=nudge), []

    def _q_draw(self, puzzle, reply, facts, words):
        is_draw = facts["result"] == "draw"
        prompt = {lang: words[lang] + (
            "เกมนี้เสมอแล้วหรือยัง" if lang == "th" else "Is the game drawn now?") for lang in ("th", "en")}
        if is_draw:
            reason = DRAW_REASONS.get(facts["reason"], {"th": facts["reason"], "en": facts["reason"]})
            extra = {"th": "", "en": ""}
            if facts["reason"] == "counting" and not facts["count"]:
                extra = {"th": f" (เลขเริ่มนับ {facts['start']} เกินขีดจำกัด {facts['limit']} จึงเสมอทันที)",
                         "en": f" (the start number {facts['start']} is past the limit {facts['limit']}, "
                               "so the draw is immediate)"}
            elif facts["reason"] == "counting":
                extra = {"th": f" ({_words('th', facts['counter'])}นับครบ {facts['limit']} แล้วอีกฝ่ายรุกไม่จน)",
                         "en": f" ({_words('en', facts['counter'])} reached {facts['limit']} and the reply was "
                               "not mate)"}
            explain = {"th": f"ใช่ เสมอแล้ว เพราะ{reason['th']}{extra['th']}",
                       "en": f"Yes, it is a draw: {reason['en']}{extra['en']}."}
        elif facts["result"] != "ongoing":
            winner = facts["result"].split("_")[0]
            explain = {"th": f"ไม่ใช่ {_words('th', winner)}รุกจนได้ก่อนนับครบ จึงชนะ",
                       "en": f"No: {_words('en', winner)} mated inside the count and wins."}
        elif facts["kind"]:
            explain = {"th": f"ยังไม่เสมอ {_words('th', facts['counter'])}นับ{KIND_WORDS[facts['kind']]['th']} "
                             f"ยังไม่ครบ {facts['limit']} {_words('th', facts['attacker'])}ยังมีอีก "
                             f"{facts['attacker_moves']} ตาที่จะรุกให้จน",
                       "en": f"Not yet: the {KIND_WORDS[facts['kind']]['en']} count has not reached "
                             f"{facts['limit']}; {_words('en', facts['attacker'])} still has "
                             f"{facts['attacker_moves']} moves to give mate."}
        else:
            explain = {"th": "ยังไม่เสมอ ไม่มีการนับและเกมยังดำเนินต่อ", "en": "No: no count runs and the game goes on."}
        choices = [{"id": "yes", "label": YES_NO["yes"]}, {"id": "no", "label": YES_NO["no"]}]
        if is_draw:
            nudges = {"no": {"th": "เทียบเลขที่นับได้กับขีดจำกัด และดูว่าตาสุดท้ายของฝ่ายที่ได้เปรียบจนหรือไม่",
                             "en": "Compare the number reached with the limit, and ask whether the stronger "
                                   "side's last move gave mate."}}
        elif facts["result"] != "ongoing":
            nudges = {"yes": {"th": "เกมจบแล้วก็จริง แต่ดูตาสุดท้ายให้ดี ขุนที่นับยังหนีได้ไหม",
                              "en": "The game is over, but look at the last move: can the counting Khun still move?"}}
        else:
            nudges = {"yes": {"th": "การนับยังไม่ครบ ดูว่านับถึงเลขไหนแล้ว และขีดจำกัดคือเท่าไร",
                              "en": "The count is not complete: where has it reached, and where does it end?"}}
        return self._quiz(prompt, "choice", ["yes" if is_draw else "no"], explain, choices,
                          "yes" if is_draw else "no", nudges=nudges), []

    def _q_which(self, puzzle, reply, facts, words):
        if not puzzle.fields["moves"] and facts["kind"] is not None:
            return None, [Issue("position", "the FEN already carries a running count, which the diagram "
                                "cannot show", "give the position without counting fields (FEN fields 4 "
                                "and 5 as '- 0'), and the move that starts the count in moves if needed")]
        if facts["kind"]:
            answer = facts["kind"]
        elif "count-start" in facts["actions"]:
            answer = "board"
        else:
            answer = "none"
        prompt = {lang: words[lang] + self._to_move(facts, lang) + (
            "ตำแหน่งนี้ใช้การนับศักดิ์แบบใด (หรือยังนับไม่ได้)" if lang == "th" else
            "Which count applies here (or can be asked for)?") for lang in ("th", "en")}
        explain = {
            "pieces": {"th": f"{_words('th', facts.get('counter') or facts['turn'])}เหลือขุนตัวเดียวและไม่มีเบี้ยคว่ำ "
                             "จึงนับศักดิ์หมาก โดยเริ่มนับเองทันที",
                       "en": f"{_words('en', facts.get('counter') or facts['turn'])} has a bare Khun and no "
                             "unpromoted Bia is left, so the pieces' honour count runs (it starts by itself)."},
            "board": {"th": "ไม่มีเบี้ยคว่ำเหลือแล้ว และทั้งสองฝ่ายยังมีหมากนอกจากขุน จึงขอนับศักดิ์กระดานได้",
                      "en": "No unpromoted Bia is left and both sides still have pieces besides the Khun, so a "
                            "board's honour count can be asked for."},
            "none": {"th": "ยังมีเบี้ยคว่ำอยู่บนกระดาน จึงยังนับศักดิ์ไม่ได้",
                     "en": "An unpromoted Bia is still on the board, so no count can start yet."},
        }[answer]
        if answer == "board" and facts["kind"] == "board":
            explain = {"th": f"{_words('th', facts['counter'])}นับศักดิ์กระดานอยู่ เพราะทั้งสองฝ่ายยังมีหมากนอกจากขุน",
                       "en": f"{_words('en', facts['counter'])} is counting the board's honour: both sides "
                             "still have pieces besides the Khun."}
        if answer == "none" and not reply_has_bia(reply):
            explain = {"th": "ตอนนี้ยังไม่มีใครนับ และยังเริ่มนับไม่ได้",
                       "en": "No count runs and none can be started now."}
        choices = [{"id": k, "label": WHICH_LABELS[k]} for k in ("board", "pieces", "none")]
        why = {
            "board": {"th": "ศักดิ์กระดานต้องไม่มีเบี้ยคว่ำเหลือ และทั้งสองฝ่ายยังมีหมากนอกจากขุน ดูกระดานอีกครั้ง",
                      "en": "A board's honour count needs no unpromoted Bia left and pieces besides the Khun on "
                            "both sides. Look at the board again."},
            "pieces": {"th": "ศักดิ์หมากเริ่มเมื่อฝ่ายหนึ่งเหลือขุนตัวเดียวและไม่มีเบี้ยคว่ำ มีฝ่ายไหนเหลือขุนตัวเดียวไหม",
                       "en": "The pieces' honour count starts when one side has a bare Khun and no unpromoted Bia "
                             "is left. Is any Khun bare?"},
            "none": {"th": "ลองดูว่ายังมีเบี้ยคว่ำอยู่บนกระดานไหม ถ้าไม่มี การนับแบบใดแบบหนึ่งเริ่มได้",
                     "en": "Is there still an unpromoted Bia on the board? If not, some count can start."},
        }
        nudges = {k: v for k, v in why.items() if k != answer}
        return self._quiz(prompt, "choice", [answer], explain, choices, answer, nudges=nudges), []

    # ------------------------------------------------------------------ play-out
    def _playout(self, puzzle, engine: GameEngine, game, reply, facts, words):
        pos, state = game.position, game.state
        if facts["turn"] != facts["attacker"]:
            return None, [Issue("moves" if puzzle.fields["moves"] else "position",
                                f"the side to move ({facts['turn']}) is the counting side; in a play-out the "
                                "reader plays the side that must mate", "give a position with the attacker to "
                                "move (add the counter's move to moves, or change the FEN)")]
        if puzzle.solver != facts["attacker"]:
            return None, [Issue("moves", "the moves change the side to move; the reader plays the side to move "
                                "of the position", "give an even number of moves")]
        available = facts["attacker_moves"]
        if not available:
            return None, [Issue("position", "the count leaves the attacker no move", "change the position")]
        depth = min(available, MAX_PROOF)
        solver = engine.solver()
        shortest = solver.shortest_win(state, depth)
        if shortest is None:
            return None, [Issue("question", f"the engine finds no forced mate within {depth} moves "
                                f"(the count leaves {available}); a play-out must be provably winnable",
                                f"choose a position with a mate in at most {depth} moves inside the count")]
        strong = pos.material("w" if facts["attacker"] == "white" else "b")
        pieces = "".join(letter * n for letter, n in strong.items() if letter != "K")
        line = self._main_line(solver, state, shortest, horizon_for(pieces))
        playout = {"fen": game.position_text(), "horizon": horizon_for(pieces), "attacker": facts["attacker"],
                   "defender": facts["counter"], "kind": facts["kind"], "start": facts["start"],
                   "limit": facts["limit"], "count": facts["count"], "attacker_moves": available,
                   "mate_within": shortest}
        firsts = solver.winning_moves(state, shortest)
        giveaways = sorted({text_of(state, h) for h in firsts} | {state.move(h).to_square for h in firsts})
        return {"solver": puzzle.solver, "question": "play-out", "moves": list(puzzle.fields["moves"] or []),
                "facts": facts, "playout": playout, "line": line, "line_start": playout["fen"], "setup_words": words,
                "giveaways": giveaways}, []

    @staticmethod
    def _main_line(solver, state, n: int, horizon: int) -> list[str]:
        """A shortest mate against the defence the page plays (the `defend` op's, at ``horizon``)."""
        line = []
        while n >= 1:
            mating = solver.winning_moves(state, n)
            best = min(mating.items(), key=lambda kv: (kv[1], text_of(state, kv[0])))[0]
            line.append(text_of(state, best))
            state = state.child(best)
            if state.outcome() is not None:
                break
            reply, _ = solver.best_defence(state, horizon)
            line.append(text_of(state, reply))
            state = state.child(reply)
            n = solver.shortest_win(state, mating[best] - 1)  # a win remains: the defence cannot escape it
        return line

    # ------------------------------------------------------------------ pages
    def page_data(self, puzzle, proof: dict, lang: str) -> dict:
        if proof["question"] == "play-out":
            return {"mate_in": None, "line": proof["line"], "tree": None, "quiz": None,
                    "playout": proof["playout"]}
        return {"mate_in": None, "line": [], "tree": None, "quiz": quiz_data(proof, lang)}

    def page_requests(self, puzzle, proof: dict) -> list[PageRequest]:
        """A play-out's main line as the page plays it (the line's defence is the `defend` op's):
        each position and the defence's `defend` request (a move off the line goes to the live engine)."""
        if proof["question"] != "play-out":
            return []
        fen, horizon, line = proof["playout"]["fen"], proof["playout"]["horizon"], proof["line"]
        found = [PageRequest(play("makruk", fen, line[:i])) for i in range(len(line) + 1)]
        return found + [PageRequest({"op": "defend", "game": "makruk", "position": fen, "moves": line[:i],
                                     "horizon": horizon}) for i in range(1, len(line), 2)]

    def default_goal(self, puzzle, proof: dict) -> dict[str, str]:
        if proof["question"] == "play-out":
            p = proof["playout"]
            att = p["attacker"]
            return {"th": f"{proof['setup_words']['th']}{_words('th', att)}เดิน รุกให้จนก่อนนับครบ "
                          f"(นับถึง {p['limit']} มีอีก {p['attacker_moves']} ตา)",
                    "en": f"{proof['setup_words']['en']}{_words('en', att)} to move: mate before the count runs "
                          f"out (limit {p['limit']}, {p['attacker_moves']} moves left)."}
        return dict(proof["prompt"])

    def asked_moves(self, puzzle, proof: dict) -> int | None:
        """A play-out asks for mate within the moves the count leaves; a question asks no moves."""
        return proof["playout"]["attacker_moves"] if proof["question"] == "play-out" else None

    def solution_text(self, puzzle, proof: dict, lang: str) -> list[str]:
        if proof["question"] == "play-out":
            return GameEngine(puzzle.site).line_words(proof["playout"]["fen"], proof["line"], lang)
        if proof["answer_type"] == "number":
            answer = str(proof["correct"])
        else:
            labels = {c["id"]: c["label"][lang] for c in proof["choices"]}
            answer = ", ".join(labels[c] for c in proof["correct"])
        head = "คำตอบ: " if lang == "th" else "Answer: "
        return [head + answer, proof["explanation"][lang]]


def reply_has_bia(reply: dict) -> bool:
    return any(letter in ("P", "p") for letter in reply["board"].values())


COUNTING = CountingKind(
    id="counting",
    games=("makruk",),
    name_th="การนับศักดิ์",
    name_en="Counting",
    doc_th="โจทย์เรื่องการนับศักดิ์ของหมากรุกไทย คำตอบทุกข้อเอนจินคำนวณจากตำแหน่ง (และตาเดินใน `moves`) "
           "ไม่ได้เขียนไว้ในไฟล์ ถ้า FEN มีช่องการนับ (ช่อง 4 และ 5) เอนจินตรวจว่าขีดจำกัดตรงกับหมากบนกระดาน "
           '`question = "play-out"` ให้ผู้อ่านเล่นจนจบกับเอนจินที่หนี และตอนสร้างเว็บต้องพิสูจน์ได้ว่ามีทางจนภายใน '
           "จำนวนตาที่การนับเหลือ (เอนจินพิสูจน์ได้ถึง 5 ตา)",
    doc_en="Makruk counting exercises. The engine computes every answer from the position (and the moves in "
           "moves); the file never states it. Counting fields in the FEN (fields 4 and 5) are checked against "
           'the material. question = "play-out" lets the reader play it out against the engine\'s defence; '
           "the build must prove a forced mate within the moves the count leaves (the engine proves up to 5).",
    fields=(
        Field("question", "str", required=True, choices=QUESTIONS, example='"start"',
              doc_th='`"start"` (นับเลขแรกที่เท่าไร), `"limit"` (นับครบที่เท่าไร), `"attacker-moves"` (ฝ่ายรุกเหลือกี่ตา), '
                     '`"draw-now"` (เสมอแล้วหรือยัง), `"which-count"` (ใช้การนับแบบใด), `"play-out"` (เล่นให้จนก่อนนับครบ)',
              doc_en='"start" (first number announced), "limit" (where the count ends), "attacker-moves" (moves '
                     'left to mate), "draw-now" (is it a draw now), "which-count" (which count applies), '
                     '"play-out" (mate inside the count against the engine)'),
        Field("moves", "list[str]", default=(), example='["b2b7"]',
              doc_th="ตาเดินต่อจากตำแหน่งในภาพก่อนถาม (เช่น ตาที่กินหมากตัวสุดท้าย) ใช้ `count-start` / `count-stop` ได้",
              doc_en="moves played from the diagram before the question (e.g. the capture of the last piece); "
                     "count-start / count-stop allowed"),
    ),
)
