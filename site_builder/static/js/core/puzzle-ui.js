/**
 * The puzzle UI of a puzzle page (puzzle.js) and of a teacher-made exercise (teach/exercise.js):
 * `startPuzzle(data, figure, loadGame)` turns `figure` (a figure.kr-board: a static diagram, or an
 * empty one with data-game and data-position) into a puzzle on the puzzle page data `data`
 * (types/data.d.ts PuzzleData); `loadGame(id)` is the entry point's games/index.js loadGame (core
 * never loads a game: the page hands the loader down).
 *
 * mate / best-move: a live Board oriented to the solver; the reader plays the solver's side,
 *   the defence replies from the proven tree (data.tree) after a short pause. Every move,
 *   the reader's and the replies, is still played through the engine's replies (Board -> Game,
 *   recorded by the build), so the engine decides what is legal; the tree says which win.
 *   Right move: "ถูกต้อง!" and the reply, or solved. Wrong move: the refutation is played out
 *   and explained, the puzzle is recorded as failed (progress.js) and "ย้อนตาที่ผิด" takes the
 *   wrong move (and the reply) back in place, to try another move from there; board, verdict
 *   and that button are scrolled on screen together. A solve after a mistake is "retried".
 *   Best-move puzzles go on (reply, next move) until the material is won, as the tree says.
 *   Hints one at a time, "ดูเฉลย" plays the main line (recorded as seen, not solved).
 * data.quiz (rule quizzes, counting questions): the static diagram stays; choice buttons or a
 *   number field (Thai digits ๐-๙ allowed; garbage is refused and not counted), hints. A wrong
 *   answer says only that it is wrong and why that answer is wrong (quiz.nudges / quiz.nudge);
 *   the explanation comes with the right answer or with "ดูเฉลย" (recorded as seen).
 * A game's own puzzle kinds (games/<id>/index.js `puzzles`, e.g. Makruk's counting play-outs)
 *   start their own UI on core/puzzle-shell.js's Shell, or show the game's panels on the board.
 * Right or wrong is never decided here: the puzzle's judge (judges/index.js, the very one the
 *   gradebook's replay uses) judges every move and answer; this module shows what it says. The
 *   judge loads with the first move or answer (Shell.judge): no byte of it before the reader acts.
 * In assignment mode (core/assignment-mode.js, through the Shell) every move, take-back, restart,
 * answer, hint and solution of the student is recorded with Shell.log; analysis is not.
 * The page's .kr-nojs parts (static choices, hints, written solution) are hidden while the JS UI
 * runs; the written solution comes back if the engine cannot load. What may be revealed (hints,
 * the solution, written or played, the analysis board) is the solution lock's word
 * (core/solution-lock.js through Shell.may / Shell.forbids): in an assignment without solutions
 * nothing of it before the item is solved, and the written solution is not in the page.
 *
 * Every engine answer comes from the replies the build recorded in the page (Shell's engine,
 * core/recorded-engine.js; data.replies null: everything from the live engine); Pyodide loads only
 * for "วิเคราะห์ตำแหน่งนี้" (analyse: offered after a solve or the solution; the board then takes
 * moves of both sides) or a move the page does not hold, and p.kr-pz-note says so.
 *
 * DOM hooks (for tests and CSS): section.kr-pz[data-state] with data-state
 *   "loading" | "play" | "wait" | "wrong" | "solved" | "solution" | "analyse" | "failed" (engine failed)
 *   | quizzes: "quiz" | "quiz-wrong" | "solved" | "solution";
 *   .kr-pz-feedback[data-tone] (.kr-pz-verdict, .kr-pz-detail), buttons [data-action] hint |
 *   solution | retry (takes the wrong move back) | analyse, p.kr-pz-note, ol.kr-pz-hints, .kr-pz-success (.kr-pz-result
 *   .kr-badge[data-state], a.kr-pz-next, a.kr-pz-index),
 *   quiz: .kr-qz-choice[data-choice], form.kr-qz-number input#kr-qz-answer.
 */
import { t, errorText } from './i18n.js';
import { Shell, button, moveWords, words } from './puzzle-shell.js';
import { add } from './progress-ui.js';
import { mountBoard } from '../boards/live-figure.js';
import { statusText, word } from '../boards/describe.js';

const REPLY_DELAY_MS = 400;
const SOLUTION_STEP_MS = 800;

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * The loader of the judge module of the puzzle `data` (judges/index.js), `game` the promise of
 * its game's module (a game that fails to load gives the shared judges only).
 */
const judgeLoader = (data, game) => async () => (await import('../judges/index.js'))
  .judgeModule(data, await game.catch(() => null));

/** Turn Thai (๐-๙) and full-width digits into ASCII ones, and U+2212 into "-". */
export function asciiDigits(text) {
  return text.replace(/[\u0E50-\u0E59]/g, (c) => String(c.charCodeAt(0) - 0x0e50))
    .replace(/[\uFF10-\uFF19]/g, (c) => String(c.charCodeAt(0) - 0xff10))
    .replace(/\u2212/g, '-');
}

/** The number typed in `text` (Thai digits allowed), or null if it is not a plain number. */
export function parseNumber(text) {
  const clean = asciiDigits(String(text)).replace(/\s+/g, '');
  return /^[+-]?\d+(\.\d+)?$/.test(clean) ? Number(clean) : null;
}

/** mate and best-move puzzles on a live board. */
class MovePuzzle extends Shell {
  /**
   * `game`: the game's module, loading (a promise: it may fail); `panels`: show the game's own
   * panels on the board (a puzzle kind of the game's own).
   */
  constructor(data, figure, game, panels = false) {
    super(data, figure);
    this.loading = game;
    this.loadJudge = judgeLoader(data, game);
    this.panels = panels;
    this.solver = data.solver;
    this.moving = false; // an attempt is under way (a first move was made)
    this.epoch = 0; // bumped by retry / solution: stale async steps stop
    this.ops = Promise.resolve(); // board operations run one at a time

    const bar = add(this.body, 'div', 'kr-controls kr-pz-actions');
    this.addHints(bar);
    this.solutionButton = button(bar, 'solution', t('pzShowSolution'));
    this.retryButton = button(bar, 'retry', words('takeBack'), 'kr-btn kr-btn-primary');
    this.retryButton.hidden = true;
    bar.prepend(this.retryButton); // first in its row, right under the verdict
    this.analyseButton = button(bar, 'analyse', words('analyse'));
    this.analyseButton.hidden = true;
    this.analyseButton.addEventListener('click', () => this.analyse());
    this.solutionText = add(this.body, 'p', 'kr-pz-solution-text');
    this.solutionText.hidden = true;

    this.solutionButton.addEventListener('click', () => this.showSolution());
    this.retryButton.addEventListener('click', () => this.retry());
  }

  get prompt() {
    const side = this.w(this.solver); // the game's side name ('ฝ่ายเดินก่อน'), else the shared one
    const n = this.data.mate_in; // `before`: the solver's moves before the winning one (a game's words may count them)
    return n ? this.w('pzFindMate', { side, n, before: n - 1 }) : t('pzFindBest', { side });
  }

  /**
   * The words of a forced win (pzFindMate …): the game's own when it has them (a checkers win is
   * not a mate), else the shared ones. `this.game` is the game's module once loaded.
   */
  w(key, vars = {}) { return this.game ? word(this.game, key, vars) : t(key, vars); }

  /** The side that answers the solver (known once the board is up). */
  get defender() { return this.board.game.sides.find((side) => side !== this.solver); }

  /** "ขุนดำ a8 ไป b8": the move `move` in `state`, in the engine's words. */
  name(state, move) { return moveWords(this.board.game, state, move); }

  /** Run `fn` after the board operations before it (and only if no retry/solution came since). */
  op(fn) {
    const epoch = this.epoch;
    const run = this.ops.then(() => (epoch === this.epoch ? fn() : null));
    this.ops = run.catch(() => {});
    return run;
  }

  async start() {
    const { figure, data } = this;
    this.state = 'loading';
    this.solutionButton.disabled = true;
    this.game = await this.loading.catch(() => null); // its words; a failure shows below, from mountBoard
    this.say(this.prompt);
    this.board = await mountBoard(figure, {
      game: this.loading, position: data.position, orientation: data.orientation || data.solver,
      controls: ['flip'], panels: this.panels, engine: this.engine,
      onUserMove: (move, reply) => this.onUserMove(move, reply),
    }, (board) => { board.interactive = false; });
    if (!this.board) {
      this.state = 'failed';
      // Without the engine: the page's own written solution comes back (or the line as text),
      // as far as the solution lock allows (Shell.showWritten).
      this.solutionButton.hidden = this.written.some(([el]) => el.matches('.kr-puzzle-solution'));
      this.solutionButton.disabled = false;
      this.showWritten('.kr-puzzle-solution');
      return;
    }
    this.solutionButton.disabled = false;
    this.ready();
  }

  /** The reader's turn at the start of an attempt. */
  ready() {
    this.moving = false;
    this.state = 'play';
    this.board.interactive = this.board.state.turn === this.solver;
    this.say(this.prompt);
  }

  /**
   * "Analyse this position" (after solving or the solution): load the live engine, then let the
   * reader move either side freely from where the board is; figure[data-state] is "loading"
   * meanwhile, then "ready".
   */
  async analyse() {
    if (!this.may('analyse')) return;
    const retryShown = !this.retryButton.hidden;
    this.analyseButton.hidden = true;
    this.retryButton.hidden = true;
    this.epoch += 1;
    this.figure.dataset.state = 'loading';
    if (!await this.liveNote('liveAnalyse', 'analyseReady')) {
      this.figure.dataset.state = 'ready';
      this.retryButton.hidden = !retryShown; // the puzzle goes on from the page; analysis may be tried again
      this.analyseButton.hidden = false;
      return;
    }
    this.analysing = true;
    this.state = 'analyse';
    await this.op(() => this.board.refresh()); // the stored positions may list no moves
    this.board.interactive = true;
    this.figure.dataset.state = 'ready';
  }

  /**
   * The game is over and the reader may explore: offer the analysis board, if the solution lock
   * allows it (in an assignment without solutions: once solved).
   */
  offerAnalysis() {
    if (!this.analysing && this.may('analyse')) this.analyseButton.hidden = false;
  }

  /** The engine accepted the reader's move: the judge judges it (not while analysing). */
  async onUserMove(move, reply) {
    if (this.analysing) return;
    this.log('m', move);
    const epoch = this.epoch;
    this.board.interactive = false;
    if (!this.moving) {
      this.moving = true;
      this.startAttempt();
    }
    // Where a take-back returns to: before this move.
    this.mark = { plies: this.board.moves.length - 1 };
    let judge;
    let said;
    try {
      judge = await this.judge();
      said = await judge.move(move);
    } catch (err) {
      this.refused(err.message); // the judge and the engine disagree (never on a built site)
      return;
    }
    if (epoch !== this.epoch) return;
    if (said.verdict === 'wrong') {
      await this.wrong(said.refutation, (this.data.mate_in ?? 0) - judge.solverMoves, epoch);
      return;
    }
    if (said.verdict === 'solved') {
      const won = reply.status.result === `${this.solver}_wins`;
      if (said.mate && !won) {
        this.refused(this.w('pzNotMate'));
        return;
      }
      this.say(t('pzSolved'), '', 'good');
      this.hintButton.hidden = true;
      this.solve(said.mate ? this.w('pzSolvedMate') : words('solvedBest'));
      this.offerAnalysis();
      return;
    }
    this.state = 'wait';
    this.say(t('pzCorrect'), t('pzThinking', { side: this.w(this.defender) }), 'good');
    await sleep(REPLY_DELAY_MS);
    if (epoch !== this.epoch) return;
    const state = this.board.state;
    const answer = await this.op(() => this.board.play(said.reply));
    if (!answer || epoch !== this.epoch) return;
    if (!answer.ok) {
      this.refused(errorText(answer.error));
      return;
    }
    this.state = 'play';
    this.board.interactive = true;
    this.say(t('pzCorrect'), t('pzKeepGoing', { side: this.w(this.defender), move: this.name(state, said.reply) }), 'good');
  }

  /**
   * A move that does not win (the judge says so): play the refutation, explain, record, offer a
   * retry. `remaining`: the solver's moves to mate from the position before it.
   */
  async wrong(refutation, remaining, epoch) {
    this.state = 'wrong';
    this.fail();
    const after = this.board.state;
    const defender = this.w(this.defender);
    if (after.status.result !== 'ongoing') {
      this.say(t('pzWrong'), t('pzNotWin', { status: statusText(this.board.game, after) }), 'bad');
    } else if (refutation) {
      this.say(t('pzWrong'), t('pzThinking', { side: defender }), 'bad');
      await sleep(REPLY_DELAY_MS);
      if (epoch !== this.epoch) return;
      const answer = await this.op(() => this.board.play(refutation));
      if (!answer || epoch !== this.epoch) return;
      const name = this.name(after, refutation);
      let why;
      if (!answer.ok) why = t('pzEngineRefused', { error: errorText(answer.error) });
      else if (!this.data.mate_in) why = t('pzRefutedBest', { side: defender, move: name });
      else if (remaining >= 2) why = this.w('pzRefutedMate', { side: defender, move: name, n: remaining - 1 });
      else why = this.w('pzRefutedNoMate', { side: defender, move: name });
      if (answer.ok && answer.status.result !== 'ongoing') why += ` (${statusText(this.board.game, answer)})`;
      this.say(t('pzWrong'), why, 'bad');
    } else {
      this.say(t('pzWrong'), this.data.mate_in ? this.w('pzNotMate') : '', 'bad');
    }
    this.retryButton.textContent = words('takeBack');
    this.retryButton.hidden = false;
    this.retryButton.focus({ preventScroll: true });
    this.inView(this.board.element.querySelector('svg') ?? this.figure, this.feedback, this.retryButton);
  }

  /** The engine and the tree disagree (should never happen on a built site). */
  refused(text) {
    this.state = 'wrong';
    this.mark = null;
    this.say(t('pzWrong'), t('pzEngineRefused', { error: text }), 'bad');
    this.retryButton.hidden = false;
  }

  /**
   * After a wrong move: take it (and the reply) back, to the position before it, the correct
   * moves before it kept. After the solution (or a refusal): back to the puzzle position.
   */
  async retry() {
    this.epoch += 1;
    this.retryButton.hidden = true;
    this.analyseButton.hidden = true;
    this.board.interactive = false;
    this.state = 'wait';
    const { mark } = this;
    this.mark = null;
    this.log(mark ? 't' : 'r');
    const judge = await this.judge();
    if (mark) judge.takeBack();
    else judge.restart();
    if (!mark) {
      const reply = await this.op(() => this.board.reset());
      if (reply?.ok) this.ready();
      return;
    }
    let reply = this.board.state;
    while (this.board.moves.length > mark.plies) {
      reply = await this.op(() => this.board.undo());
      if (!reply?.ok) return;
    }
    this.moving = false; // the next move starts a new attempt from here
    this.state = 'play';
    this.board.interactive = this.board.state.turn === this.solver;
    this.say(this.prompt, words('takenBack'), 'info');
  }

  /** Play the main line from the start, one move at a time; recorded as "seen", not solved. */
  async showSolution() {
    if (this.forbids('solution')) return;
    this.log('s');
    this.judge().then((judge) => judge.shown()); // before any later take-back or restart: in order
    if (!this.solvedThisVisit) this.fail('seen');
    if (!this.board) {
      this.solutionText.textContent = `${t('pzShowSolution')}: ${this.data.line.join(' ')}`;
      this.solutionText.hidden = false;
      return;
    }
    this.epoch += 1;
    const epoch = this.epoch;
    this.state = 'solution';
    this.mark = null;
    this.retryButton.hidden = true;
    this.solutionButton.disabled = true;
    this.board.interactive = false;
    this.say(t('pzSolutionPlaying'), '', 'info');
    const reset = await this.op(() => this.board.reset());
    if (!reset?.ok) return;
    const names = [];
    for (const move of this.data.line) {
      await sleep(SOLUTION_STEP_MS);
      if (epoch !== this.epoch) return;
      const before = this.board.state;
      const reply = await this.op(() => this.board.play(move));
      if (!reply || epoch !== this.epoch) return;
      if (!reply.ok) {
        this.refused(errorText(reply.error));
        this.solutionButton.disabled = false;
        return;
      }
      names.push(this.name(before, move));
      this.say(t('pzSolutionPlaying'), names.join(', '), 'info');
    }
    const state = this.board.state;
    const end = state.status.result !== 'ongoing' ? ` — ${statusText(this.board.game, state)}` : '';
    this.say(t('pzSolutionShown'), `${names.join(', ')}${end}`, 'info');
    this.solutionButton.disabled = false;
    this.retryButton.textContent = t('pzTryYourself');
    this.retryButton.hidden = false;
    this.offerAnalysis();
  }
}

/** Rule quizzes: choices or a number; the static diagram stays as it is. */
class QuizPuzzle extends Shell {
  constructor(data, figure) {
    super(data, figure);
    this.loadJudge = judgeLoader(data, Promise.resolve(null)); // a question's judge needs no game
    this.quiz = data.quiz;
    this.answered = false;
    this.state = 'quiz';
    const prompt = add(this.body, 'p', 'kr-qz-prompt', this.quiz.prompt);
    prompt.id = 'kr-qz-prompt';
    if (this.quiz.answer_type === 'number') this.buildNumber();
    else this.buildChoices();
    this.body.after(this.feedback); // the verdict comes under the answers
    const box = document.createElement('div');
    box.className = 'kr-pz-hintbox';
    this.feedback.after(box);
    const bar = add(box, 'div', 'kr-controls kr-pz-actions');
    if (data.hints?.length) this.addHints(bar, box);
    this.answerButton = button(bar, 'solution', words('showAnswer'));
    this.answerButton.addEventListener('click', () => this.showAnswer());
    this.say('', '');
    this.feedback.hidden = true;
  }

  get correct() { return Array.isArray(this.quiz.correct) ? this.quiz.correct.map(String) : [String(this.quiz.correct)]; }

  buildChoices() {
    const multi = this.correct.length > 1;
    const group = add(this.body, 'div', 'kr-qz-choices');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-labelledby', 'kr-qz-prompt');
    this.choices = this.quiz.choices.map((choice) => {
      const b = button(group, 'choice', choice.label, 'kr-btn kr-qz-choice');
      b.dataset.choice = choice.id;
      if (multi) b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => {
        if (this.answered) return;
        if (!multi) this.check([choice.id], [choice.id], choice.label);
        else b.setAttribute('aria-pressed', String(b.getAttribute('aria-pressed') !== 'true'));
      });
      return b;
    });
    if (multi) {
      const bar = add(this.body, 'div', 'kr-controls');
      const check = button(bar, 'check', t('qzCheck'), 'kr-btn kr-btn-primary');
      check.addEventListener('click', () => {
        if (this.answered) return;
        const picked = this.choices.filter((b) => b.getAttribute('aria-pressed') === 'true');
        if (!picked.length) {
          this.feedback.hidden = false;
          this.say(t('qzPickSome'), '', 'info');
          return;
        }
        const ids = picked.map((b) => b.dataset.choice);
        this.check(ids, ids, picked.map((b) => b.textContent).join(', '));
      });
    }
  }

  buildNumber() {
    const form = add(this.body, 'form', 'kr-qz-number');
    form.noValidate = true;
    const label = add(form, 'label', '', t('qzAnswerLabel'));
    label.htmlFor = 'kr-qz-answer';
    const row = add(form, 'div', 'kr-qz-row');
    const input = add(row, 'input', 'kr-qz-input');
    Object.assign(input, { id: 'kr-qz-answer', type: 'text', inputMode: 'numeric', autocomplete: 'off', spellcheck: false });
    input.setAttribute('aria-describedby', 'kr-qz-error');
    const submit = add(row, 'button', 'kr-btn kr-btn-primary', t('qzSubmit'));
    submit.type = 'submit';
    submit.dataset.action = 'answer';
    const error = add(form, 'p', 'kr-qz-error');
    error.id = 'kr-qz-error';
    error.setAttribute('role', 'alert');
    error.hidden = true;
    this.input = input;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.answered) return;
      const text = input.value.trim();
      const value = parseNumber(text);
      error.hidden = value !== null;
      input.setAttribute('aria-invalid', String(value === null));
      if (value === null) {
        error.textContent = text ? t('qzNotNumber') : t('qzEmpty');
        input.focus();
        return;
      }
      this.check(String(value), [String(value)], text);
    });
  }

  /** The question is over (answered right or the answer shown): mark the right choice, lock the inputs. */
  close(ids = this.correct) {
    this.answered = true;
    for (const b of this.choices ?? []) {
      b.disabled = true;
      if (ids.includes(b.dataset.choice)) b.classList.add('kr-qz-right');
    }
    if (this.input) this.input.readOnly = true;
    if (this.hintButton) this.hintButton.hidden = true;
    this.answerButton.hidden = true;
  }

  /** Why the answer `ids` is wrong, without naming the right one. */
  nudge(ids) {
    const nudges = this.quiz.nudges ?? {};
    const own = ids.map((id) => nudges[id]).filter(Boolean);
    return own.length ? own.join('\n') : (this.quiz.nudge ?? words('wrongNudge'));
  }

  /**
   * One counted answer, judged by the judge: `answer` as recorded (the chosen ids, or the number
   * as text), `ids` the choices it marks, `shown` = how the reader wrote it.
   */
  async check(answer, ids, shown) {
    this.log('a', Array.isArray(answer) ? [...answer] : answer);
    this.startAttempt();
    const right = (await (await this.judge()).answer(answer)).verdict === 'solved';
    this.feedback.hidden = false;
    const mine = t('qzYourAnswer', { answer: shown });
    if (right) {
      this.close(ids);
      this.say(t('qzRight'), mine, 'good');
      this.solve(this.quiz.explanation);
      return;
    }
    for (const b of this.choices ?? []) {
      if (ids.includes(b.dataset.choice)) {
        b.classList.add('kr-qz-wrong');
        if (ids.length === 1) b.disabled = true;
        b.setAttribute('aria-pressed', 'false');
      }
    }
    this.state = 'quiz-wrong';
    this.fail();
    this.say(t('qzWrong'), `${mine}\n${this.nudge(ids)}\n${t('qzTryAgain')}`, 'bad');
  }

  /** "Show the answer": the right answer and the explanation; recorded as seen, not solved. */
  showAnswer() {
    if (this.answered || this.forbids('solution')) return;
    this.log('s');
    this.judge().then((judge) => judge.shown());
    this.fail('seen');
    this.close();
    this.state = 'solution';
    this.feedback.hidden = false;
    const labels = this.quiz.answer_type === 'number' ? [String(this.quiz.correct)]
      : this.quiz.choices.filter((c) => this.correct.includes(String(c.id))).map((c) => c.label);
    this.say(`${words('answerShown')}: ${labels.join(', ')}`, this.quiz.explanation, 'info');
  }
}

/**
 * Start the puzzle UI of `data` in `figure`; resolves to it. The game's module is loaded with
 * `loadGame` (the entry point's games/index.js loadGame) and handed down (a failure shows on the
 * board, when it mounts); a question needs no game.
 * @param {any} data the puzzle page data (types/data.d.ts PuzzleData)
 * @param {HTMLElement} figure
 * @param {(id: string) => Promise<any>} loadGame
 */
export async function startPuzzle(data, figure, loadGame) {
  if (data.quiz) return new QuizPuzzle(data, figure);
  const loading = loadGame(data.game);
  const game = await loading.catch(() => null);
  const own = game?.puzzles?.[data.kind] ?? null;
  const started = await own?.start?.(data, figure, game);
  if (started) return started;
  const puzzle = new MovePuzzle(data, figure, loading, Boolean(own?.panels));
  puzzle.start();
  return puzzle;
}
