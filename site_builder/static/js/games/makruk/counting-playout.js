/**
 * Counting play-out exercises (puzzle kind "counting", question "play-out"): the reader plays
 * the side that must mate, the engine defends the counting side (counting-defender.js, the
 * same defence as the counting trainer) and the count runs in the board's count panel.
 * Solved: mate before the count runs out. Failed: the count runs out (or any other draw).
 * The moves left in the goal line come from the engine's reply after every move, counted by
 * the count panel's own movesLeft(): the line and the panel never disagree.
 *
 * Makruk's module (index.js `puzzles.counting.start`) calls playoutPuzzle(data, figure, game) for
 * data.playout = {fen, horizon, attacker, defender, kind, start, limit, count, attacker_moves,
 * mate_within}; core/puzzle-shell.js's Shell gives the shared puzzle UI (feedback, hints,
 * progress, success panel). data.line is the proven main line; `game` is Makruk's module.
 * Solved or not is the judge's word (judges/counting.js outcome, as the gradebook's replay).
 * DOM hooks: section.kr-pz[data-state] "loading" | "play" | "wait" | "wrong" | "solved" |
 * "solution" | "failed"; buttons [data-action] hint | solution | retry.
 * In an assignment the reader's moves are recorded (["m", move]) and so is every retry (["r"]);
 * the gradebook's replay judges them again with judges/counting.js.
 */
import { t, errorText } from '../../core/i18n.js';
import { Shell, button, moveWords } from '../../core/puzzle-shell.js';
import { add } from '../../core/progress-ui.js';
import { mountBoard } from '../../boards/live-figure.js';
import { numeralWords } from './count-panel.js';
import { movesLeft } from './count-maths.js';
import { attachDefender } from './counting-defender.js';
import { outcome } from '../../judges/counting.js';

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
    solution: 'Show solution',
    solutionPlaying: 'Playing the solution…',
    solutionShown: 'This is the mate the engine proved. You can try it yourself again.',
    stalemate: 'stalemate',
    repetition: 'repetition',
    insufficient_material: 'insufficient material',
  },
};

const s = numeralWords(STRINGS);

/** Build and start the play-out on the puzzle page (`game`: Makruk's module). */
export function playoutPuzzle(data, figure, game) {
  class PlayoutPuzzle extends Shell {
    constructor() {
      super(data, figure);
      this.playout = data.playout;
      this.attempting = false;
      this.playing = false; // the solution is being shown: no judging
      const bar = add(this.body, 'div', 'kr-controls kr-pz-actions');
      this.addHints(bar);
      this.solutionButton = button(bar, 'solution', s('solution'));
      this.retryButton = button(bar, 'retry', s('retry'), 'kr-btn kr-btn-primary');
      this.retryButton.hidden = true;
      this.solutionButton.addEventListener('click', () => this.showSolution());
      this.retryButton.addEventListener('click', () => this.retry());
    }

    /** The moves the attacker has left now (from the engine's last reply), as the count panel says. */
    get movesNow() {
      const state = this.board?.state;
      return state?.status?.counting?.kind ? movesLeft(state) : this.playout.attacker_moves;
    }

    /** The goal with the moves left now; section.kr-pz[data-moves-left] holds the number. */
    get goal() {
      const p = this.playout;
      this.root.dataset.movesLeft = String(this.movesNow);
      return s('goal', { side: t(p.attacker), limit: p.limit, moves: this.movesNow });
    }

    async start() {
      this.state = 'loading';
      this.say(this.goal);
      this.board = await mountBoard(figure, {
        game, position: this.playout.fen, orientation: this.playout.attacker,
        controls: ['flip'], panels: true, engine: this.engine,
        onUserMove: (move) => this.onUserMove(move),
      });
      if (!this.board) {
        this.state = 'failed';
        this.showWritten('.kr-puzzle-solution'); // as far as the solution lock allows
        return;
      }
      this.defenderOn();
    }

    /** Let the engine defend (again). */
    defenderOn() {
      if (this.stopDefender) return;
      this.stopDefender = attachDefender(this.board, {
        defender: this.playout.defender, horizon: this.playout.horizon, engine: this.engine,
        onUpdate: (update) => this.onUpdate(update),
      });
    }

    onUserMove(move) {
      if (this.playing) return;
      this.log('m', move);
      if (this.attempting) return;
      this.attempting = true;
      this.startAttempt();
    }

    onUpdate({ thinking, outcome: ended, state, error = null }) {
      if (this.playing) return;
      if (!ended) {
        this.state = thinking ? 'wait' : 'play';
        const now = error ? errorText(error) : thinking ? s('thinking', { side: t(this.playout.defender) }) : s('yourMove');
        this.say(this.goal, now, error ? 'bad' : 'info');
        return;
      }
      this.attempting = false;
      const counting = state.status.counting || {};
      if (outcome(data, state) === 'solved') {
        this.say(s('solved'), '', 'good');
        this.hintButton.hidden = true;
        this.solve(s('solvedText', { side: t(this.playout.defender), count: counting.count ?? 0,
          limit: counting.limit ?? this.playout.limit }));
        return;
      }
      this.state = 'wrong';
      this.fail();
      const why = ended.reason === 'counting' ? s('counting', { limit: this.playout.limit })
        : s('drawn', { why: s(ended.reason) });
      this.say(why, s('retryHelp'), 'bad');
      this.retryButton.hidden = false;
      this.retryButton.focus({ preventScroll: true });
    }

    async retry() {
      this.log('r');
      this.playing = false;
      this.retryButton.hidden = true;
      this.solutionButton.disabled = false;
      await this.board.reset();
      this.defenderOn(); // after the reset: a finished game must not be judged again
    }

    /** Play the proven line from the start (recorded as "seen"); the defender stays quiet meanwhile. */
    async showSolution() {
      if (!this.board || this.forbids('solution')) return;
      this.log('s');
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
      const names = [];
      for (const move of data.line) {
        await sleep(SOLUTION_STEP_MS);
        if (!this.playing) return;
        const before = this.board.state;
        const reply = await this.board.play(move);
        if (!reply.ok) break;
        names.push(moveWords(this.board.game, before, move));
      }
      this.say(s('solutionShown'), names.join(', '), 'info');
      this.retryButton.textContent = s('retry');
      this.retryButton.hidden = false;
      this.playing = false;
    }
  }

  const puzzle = new PlayoutPuzzle();
  puzzle.start();
  return puzzle;
}
