/**
 * Counting play-out exercises (puzzle kind "counting", question "play-out"): the reader plays
 * the side that must mate, the engine defends the counting side (counting-defender.js, the
 * same defence as the counting trainer) and the count runs in the board's count panel.
 * Solved: mate before the count runs out. Failed: the count runs out (or any other draw).
 *
 * puzzle.js calls playoutPuzzle(Shell, data, figure) for data.playout = {fen, horizon,
 * attacker, defender, kind, start, limit, count, attacker_moves, mate_within}; Shell is its
 * shared puzzle UI (feedback, progress, success panel). data.line is the proven main line.
 * DOM hooks: section.kr-pz[data-state] "loading" | "play" | "wait" | "wrong" | "solved" |
 * "solution" | "failed"; buttons [data-action] hint | solution | retry.
 */
import { mountBoard } from './live-figure.js';
import { lang, t } from './i18n.js';
import { numeral } from './count-panel.js';
import { attachDefender } from './counting-defender.js';
import { add } from './progress-ui.js';
import * as progress from './progress.js';

const SOLUTION_STEP_MS = 800;
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

const STRINGS = {
  th: {
    goal: 'คุณเล่นฝ่าย{side} — รุกให้จนก่อนนับครบ {limit} (เหลือ {moves} ตา)',
    thinking: '{side}กำลังหนี…',
    yourMove: 'ตาคุณเดิน',
    solved: 'จนแล้ว ก่อนนับครบ!',
    solvedText: 'คุณรุกจนได้ภายในการนับ ({side}นับถึง {count} จาก {limit})',
    counting: 'นับครบ {limit} แล้วยังไม่จน — เสมอ',
    drawn: 'เกมเสมอ ({why}) — ยังไม่สำเร็จ',
    retry: 'ลองอีกครั้ง',
    retryHelp: 'กดลองอีกครั้งเพื่อเริ่มจากตำแหน่งแรก',
    hint: 'คำใบ้ ({n}/{total})',
    hintsDone: 'ใช้คำใบ้ครบแล้ว ({total}/{total})',
    hints: 'คำใบ้',
    solution: 'ดูเฉลย',
    solutionPlaying: 'กำลังเดินตามเฉลย…',
    solutionShown: 'นี่คือทางจนที่เอนจินพิสูจน์ไว้ ลองเดินเองอีกครั้งได้',
    stalemate: 'อับ',
    repetition: 'เดินซ้ำ',
    insufficient_material: 'หมากไม่พอจะจน',
  },
  en: {
    goal: 'You play {side}: mate before the count reaches {limit} ({moves} moves left)',
    thinking: '{side} is running away…',
    yourMove: 'Your move',
    solved: 'Mate inside the count!',
    solvedText: 'You gave mate inside the count ({side} had counted {count} of {limit}).',
    counting: 'The count reached {limit} with no mate — a draw',
    drawn: 'The game is drawn ({why}) — not solved yet',
    retry: 'Try again',
    retryHelp: 'Press Try again to start from the puzzle position.',
    hint: 'Hint ({n}/{total})',
    hintsDone: 'All hints shown ({total}/{total})',
    hints: 'Hints',
    solution: 'Show solution',
    solutionPlaying: 'Playing the solution…',
    solutionShown: 'This is the mate the engine proved. You can try it yourself again.',
    stalemate: 'stalemate',
    repetition: 'repetition',
    insufficient_material: 'insufficient material',
  },
};

function s(key, vars = {}) {
  return (STRINGS[lang][key] ?? key).replace(/\{(\w+)\}/g, (_, name) =>
    (typeof vars[name] === 'number' ? numeral(vars[name]) : vars[name]));
}

function button(parent, action, text, className = 'kr-btn') {
  const el = add(parent, 'button', className, text);
  el.type = 'button';
  el.dataset.action = action;
  return el;
}

/** Build and start the play-out on the puzzle page. */
export function playoutPuzzle(Shell, data, figure) {
  class PlayoutPuzzle extends Shell {
    constructor() {
      super(data, figure);
      this.playout = data.playout;
      this.attempting = false;
      this.playing = false; // the solution is being shown: no judging
      const bar = add(this.body, 'div', 'kr-controls kr-pz-actions');
      this.hintButton = button(bar, 'hint', '');
      this.solutionButton = button(bar, 'solution', s('solution'));
      this.retryButton = button(bar, 'retry', s('retry'), 'kr-btn kr-btn-primary');
      this.retryButton.hidden = true;
      this.hintsHeading = add(this.body, 'h2', 'kr-pz-hints-heading', s('hints'));
      this.hintList = add(this.body, 'ol', 'kr-pz-hints');
      this.hintsShown = 0;
      this.updateHints();
      this.hintButton.addEventListener('click', () => this.showHint());
      this.solutionButton.addEventListener('click', () => this.showSolution());
      this.retryButton.addEventListener('click', () => this.retry());
    }

    get goal() {
      const p = this.playout;
      return s('goal', { side: t(p.attacker), limit: p.limit, moves: p.attacker_moves });
    }

    async start() {
      this.state = 'loading';
      this.say(this.goal);
      this.board = await mountBoard(figure, {
        game: data.game, position: this.playout.fen, orientation: this.playout.attacker,
        controls: ['flip'], countPanel: true,
        onUserMove: () => this.onUserMove(),
      });
      if (!this.board) {
        this.state = 'failed';
        for (const el of this.nojs.filter((e) => e.matches('.kr-puzzle-solution'))) el.hidden = false;
        return;
      }
      this.defenderOn();
    }

    /** Let the engine defend (again). */
    defenderOn() {
      if (this.stopDefender) return;
      this.stopDefender = attachDefender(this.board, {
        defender: this.playout.defender, horizon: this.playout.horizon,
        onUpdate: (update) => this.onUpdate(update),
      });
    }

    onUserMove() {
      if (this.attempting || this.playing) return;
      this.attempting = true;
      this.startAttempt();
    }

    onUpdate({ thinking, outcome, state }) {
      if (this.playing) return;
      if (!outcome) {
        this.state = thinking ? 'wait' : 'play';
        this.say(this.goal, thinking ? s('thinking', { side: t(this.playout.defender) }) : s('yourMove'), 'info');
        return;
      }
      this.attempting = false;
      const counting = state.status.counting || {};
      if (outcome.result === 'mate') {
        this.say(s('solved'), '', 'good');
        this.hintButton.hidden = true;
        this.solve(s('solvedText', { side: t(this.playout.defender), count: counting.count ?? 0,
          limit: counting.limit ?? this.playout.limit }));
        return;
      }
      this.state = 'wrong';
      this.fail();
      const why = outcome.reason === 'counting' ? s('counting', { limit: this.playout.limit })
        : s('drawn', { why: s(outcome.reason) });
      this.say(why, s('retryHelp'), 'bad');
      this.retryButton.hidden = false;
      this.retryButton.focus({ preventScroll: true });
    }

    async retry() {
      this.playing = false;
      this.retryButton.hidden = true;
      this.solutionButton.disabled = false;
      await this.board.reset();
      this.defenderOn(); // after the reset: a finished game must not be judged again
    }

    updateHints() {
      const total = data.hints?.length ?? 0;
      this.hintButton.hidden = total === 0;
      this.hintsHeading.hidden = this.hintsShown === 0;
      this.hintList.hidden = this.hintsShown === 0;
      const done = this.hintsShown >= total;
      this.hintButton.disabled = done;
      this.hintButton.textContent = done ? s('hintsDone', { total }) : s('hint', { n: this.hintsShown + 1, total });
    }

    showHint() {
      const hints = data.hints ?? [];
      if (this.hintsShown >= hints.length) return;
      const text = hints[this.hintsShown];
      this.hintsShown += 1;
      add(this.hintList, 'li', '', text);
      this.updateHints();
      progress.noteHints(data.id, this.hintsShown);
    }

    /** Play the proven line from the start (recorded as "seen"); the defender stays quiet meanwhile. */
    async showSolution() {
      if (!this.board) return;
      if (!this.solvedThisVisit) this.fail('seen');
      this.playing = true;
      this.state = 'solution';
      this.solutionButton.disabled = true;
      this.retryButton.hidden = true;
      this.stopDefender?.();
      this.stopDefender = null;
      this.board.interactive = false;
      this.say(s('solutionPlaying'), '', 'info');
      await this.board.reset();
      for (const move of data.line) {
        await sleep(SOLUTION_STEP_MS);
        if (!this.playing) return;
        const reply = await this.board.play(move);
        if (!reply.ok) break;
      }
      this.say(s('solutionShown'), data.line.join(' '), 'info');
      this.retryButton.textContent = s('retry');
      this.retryButton.hidden = false;
      this.playing = false;
    }
  }

  const puzzle = new PlayoutPuzzle();
  puzzle.start();
  return puzzle;
}
