/**
 * The "scoring" puzzle kind: the reader works out one thing of a finished table (a seat's
 * points, tier, one fee, net, or every net). The engine's settlement of the table, recorded in
 * the page by the build (Shell's engine: no Pyodide needed), judges the answer (the same
 * settle the build used) to judge the answer. A wrong figure gets the first line — of the
 * ledger, or of the points count (meld_check for each group) — where it departs, named without
 * its amount, and only that line; the reader corrects the figure in place and checks again.
 *
 * DOM hooks: section.kr-pz[data-state] "loading" | "quiz" | "quiz-wrong" | "solved" | "solution"
 * | "failed"; form.dk-answer with input[name="answer"] (or answer-P1 … for every net) or
 * .kr-qz-choice[data-choice] for tiers; button[data-action="check"|"solution"|"hint"];
 * .kr-pz-detail .dk-departs (the departure line).
 * In an assignment every judged answer is recorded as ["a", {seat: answer}]: the seat asked about
 * (each seat for "every net") -> the whole number given, or the tier id ("win" | "small" |
 * "medium" | "large"), e.g. {"P2": -35} or {"P3": "small"}. scoring.replay() judges them again
 * for the gradebook against the same recorded settle reply (core/puzzle-replay.js).
 */
import { Shell, button } from '../../core/puzzle-shell.js';
import { add } from '../../core/progress-ui.js';
import { SEATS, fill, seatName, meldName, lineLabel, departure } from './ledger.js';
import { ReplayProblem, ask, grade, refuse } from '../../core/puzzle-replay.js';

const TIERS = ['win', 'small', 'medium', 'large'];

/** A whole number as typed (Thai digits ๐-๙, a minus sign − or -, spaces and thousands commas allowed), or null. */
export function wholeNumber(text) {
  const clean = String(text).replace(/[\u0E50-\u0E59]/g, (c) => String(c.charCodeAt(0) - 0x0e50))
    .replace(/\u2212/g, '-').replace(/[\s,]+/g, '');
  return /^[+-]?\d+$/.test(clean) ? Number(clean) : null;
}

/** The lines of a seat's points count: each meld and layoff (+), the hand (−), by the engine's card values. */
async function pointsLines(engine, words, table, pid) {
  const player = table.players.find((p) => p.id === pid);
  const value = async (cards) => (await engine.call({ op: 'meld_check', game: 'dummy', cards }, { urgent: true })).points;
  const lines = [];
  for (const [i, meld] of player.melds.entries()) lines.push({ label: meldName(words, `${pid}.${i}`), amount: await value(meld.cards) });
  for (const layoff of player.layoffs) lines.push({ label: `${words.cards[layoff.card]} → ${meldName(words, layoff.onto)}`, amount: await value([layoff.card]) });
  if (player.hand.length) lines.push({ label: words.hand, amount: -(await value(player.hand)) });
  return lines;
}

/** The settle request the page judges by (recorded in the page). */
const settleRequest = (data) => ({ op: 'settle', game: 'dummy', table: data.table });

/** The seat(s) the question asks about and the engine's answer for each: [{pid, want}]. */
export function askedFigures({ ask: what, player, item }, reply) {
  if (what === 'tier') return [{ pid: player, want: reply.tiers[player] }];
  if (what === 'points') return [{ pid: player, want: reply.points[player] }];
  if (what === 'fee') {
    const paid = reply.ledger.filter((l) => l.from === player && l.item === item);
    return [{ pid: player, want: paid.reduce((sum, l) => sum + l.amount, 0) }];
  }
  return (what === 'nets' ? SEATS : [player]).map((pid) => ({ pid, want: reply.net[pid] }));
}

/** The ledger lines behind one figure, signed for `pid` (+ received, − paid). */
function netLines(words, reply, pid) {
  return reply.ledger.filter((l) => l.from === pid || l.to === pid)
    .map((l) => ({ label: lineLabel(words, l), amount: l.to === pid ? l.amount : -l.amount }));
}

class ScoringPuzzle extends Shell {
  constructor(data, figure) {
    super(data, figure);
    this.question = data.question;
    this.words = data.words;
    this.ui = data.ui;
    this.reply = null;
    this.done = false;
    this.state = 'loading';
    const prompt = add(this.body, 'p', 'kr-qz-prompt', data.goal);
    prompt.id = 'kr-qz-prompt';
    if (this.question.ask === 'tier') this.buildTiers();
    else this.buildNumbers();
    this.body.after(this.feedback);
    const box = document.createElement('div');
    box.className = 'kr-pz-hintbox';
    this.feedback.after(box);
    const bar = add(box, 'div', 'kr-controls kr-pz-actions');
    if (data.hints?.length) this.addHints(bar, box);
    this.answerButton = button(bar, 'solution', this.ui.showAnswer);
    this.answerButton.addEventListener('click', () => this.showAnswer());
    this.say('', '');
    this.feedback.hidden = true; // until an answer is checked: nothing shifts when the engine arrives
    this.engine.call(settleRequest(data)).then((reply) => {
      if (!reply.ok) throw new Error(reply.error.message);
      this.reply = reply;
      this.state = 'quiz';
    }).catch(() => {
      this.feedback.hidden = false;
      this.state = 'failed';
      this.say(this.ui.failed, '', 'bad');
      for (const el of this.nojs) el.hidden = false;
    });
  }

  buildTiers() {
    const group = add(this.body, 'div', 'kr-qz-choices');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-labelledby', 'kr-qz-prompt');
    this.choices = TIERS.map((tier) => {
      const b = button(group, 'choice', this.words.tiers[tier], 'kr-btn kr-qz-choice');
      b.dataset.choice = tier;
      b.addEventListener('click', () => this.judgeTier(tier, b));
      return b;
    });
  }

  buildNumbers() {
    const form = add(this.body, 'form', 'kr-qz-number dk-answer');
    form.noValidate = true;
    const seats = this.question.ask === 'nets' ? SEATS : [null];
    this.inputs = seats.map((pid) => {
      const label = add(form, 'label', 'dk-answer-field', pid ? seatName(this.words, pid) : this.ui.answer);
      const input = add(label, 'input', 'kr-qz-input');
      Object.assign(input, { type: 'text', inputMode: 'numeric', autocomplete: 'off', spellcheck: false,
        name: pid ? `answer-${pid}` : 'answer' });
      input.setAttribute('aria-describedby', 'kr-qz-error');
      return { pid, input };
    });
    const submit = add(form, 'button', 'kr-btn kr-btn-primary', this.ui.check);
    submit.type = 'submit';
    submit.dataset.action = 'check';
    this.error = add(form, 'p', 'kr-qz-error');
    this.error.id = 'kr-qz-error';
    this.error.setAttribute('role', 'alert');
    this.error.hidden = true;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.judgeNumbers();
    });
  }

  /** The engine's figure(s) and the lines behind them, for the question asked. */
  async expected() {
    const { ask: what, item } = this.question;
    const reply = this.reply;
    return Promise.all(askedFigures(this.question, reply).map(async ({ pid, want }) => {
      if (what === 'points') return { pid, want, lines: await pointsLines(this.engine, this.words, this.data.table, pid) };
      if (what === 'fee') {
        const lines = reply.ledger.filter((l) => l.from === pid && l.item === item)
          .map((l) => ({ label: lineLabel(this.words, l), amount: l.amount }));
        return { pid, want, lines };
      }
      return { pid, want, lines: netLines(this.words, reply, pid) };
    }));
  }

  async judgeNumbers() {
    if (this.done) return;
    if (!this.reply) {
      this.error.hidden = false;
      this.error.textContent = this.ui.loading;
      return;
    }
    const values = this.inputs.map(({ input }) => wholeNumber(input.value));
    const bad = values.findIndex((v) => v === null);
    this.error.hidden = bad < 0;
    if (bad >= 0) {
      this.error.textContent = this.ui.notNumber;
      this.inputs[bad].input.focus();
      return;
    }
    this.startAttempt();
    this.log('a', Object.fromEntries(this.inputs.map(({ pid }, i) => [pid ?? this.question.player, values[i]])));
    const wanted = await this.expected();
    const shown = this.inputs.map(({ pid, input }) => (pid ? `${seatName(this.words, pid)} ${input.value.trim()}` : input.value.trim())).join(', ');
    const mine = fill(this.ui.yourAnswer, { answer: shown });
    const wrong = wanted.findIndex((w, i) => values[i] !== w.want);
    this.feedback.hidden = false;
    if (wrong < 0) {
      this.close();
      this.say(this.ui.right, mine, 'good');
      this.solve(this.explain(wanted));
      return;
    }
    const { pid, lines } = wanted[wrong];
    const off = departure(lines, values[wrong]);
    const line = lines[off.index];
    const where = `${this.question.ask === 'nets' ? `${seatName(this.words, pid)}: ` : ''}${fill(this.ui.departs, { n: off.index + 1, line: line ? line.label : '' })}`;
    this.state = 'quiz-wrong';
    this.fail();
    this.say(this.ui.wrong, `${mine}\n${where}\n${this.ui[off.how]}\n${this.ui.tryAgain}`, 'bad');
    this.detail.classList.add('dk-departs');
  }

  judgeTier(tier, b) {
    if (this.done || !this.reply) return;
    this.startAttempt();
    const pid = this.question.player;
    this.log('a', { [pid]: tier });
    const want = this.reply.tiers[pid];
    const mine = fill(this.ui.yourAnswer, { answer: this.words.tiers[tier] });
    this.feedback.hidden = false;
    if (tier === want) {
      this.close();
      b.classList.add('kr-qz-right');
      this.say(this.ui.right, mine, 'good');
      this.solve(`${seatName(this.words, pid)}: ${this.words.tiers[want]} (${this.reply.derived.tier_rules[pid]})`);
      return;
    }
    b.classList.add('kr-qz-wrong');
    b.disabled = true;
    this.state = 'quiz-wrong';
    this.fail();
    this.say(this.ui.wrong, `${mine}\n${fill(this.ui.tierRule, { rule: this.reply.derived.tier_rules[pid] })}\n${this.ui.tryAgain}`, 'bad');
  }

  /** Every line behind the answer, with its amount, then the figure(s). */
  explain(wanted) {
    return wanted.map(({ pid, want, lines }) => {
      const body = lines.map((l) => `${l.label}: ${l.amount > 0 && this.question.ask !== 'fee' ? '+' : ''}${l.amount}`).join('; ');
      return `${seatName(this.words, pid)} = ${want}${body ? ` (${body})` : ''}`;
    }).join('\n');
  }

  close() {
    this.done = true;
    for (const b of this.choices ?? []) b.disabled = true;
    for (const { input } of this.inputs ?? []) input.readOnly = true;
    if (this.hintButton) this.hintButton.hidden = true;
    this.answerButton.hidden = true;
  }

  async showAnswer() {
    if (this.done || !this.reply) return;
    this.fail('seen');
    this.close();
    this.state = 'solution';
    this.feedback.hidden = false;
    if (this.question.ask === 'tier') {
      const pid = this.question.player;
      this.say(`${this.ui.answerShown}: ${this.words.tiers[this.reply.tiers[pid]]}`, `(${this.reply.derived.tier_rules[pid]})`, 'info');
      return;
    }
    const wanted = await this.expected();
    this.say(`${this.ui.answerShown}: ${wanted.map((w) => w.want).join(', ')}`, this.explain(wanted), 'info');
  }
}

/** Is `value` a recorded answer to the question: the same seats as `want`, each a whole number (or a tier id)? */
function answerShape(question, want, value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const seats = Object.keys(value);
  if (seats.length !== want.length || !want.every(({ pid }) => seats.includes(pid))) return false;
  return seats.every((pid) => (question.ask === 'tier' ? TIERS.includes(value[pid]) : Number.isInteger(value[pid])));
}

export const scoring = {
  /** Start the exercise on the puzzle page; true: this kind took the page. */
  async start(data, figure) {
    new ScoringPuzzle(data, figure);
    return true;
  },

  /**
   * The gradebook's replay (core/puzzle-replay.js): each ["a", {seat: answer}] against the
   * engine's settlement the page judges by; right when every figure matches.
   */
  replay(data, events, engine) {
    let closed = false;
    return grade(events, {
      async answer(value) {
        if (closed) throw new ReplayProblem('OUT_OF_TURN');
        const reply = await ask(engine, settleRequest(data));
        if (!reply.ok) throw new ReplayProblem('ENGINE_FAILED');
        const want = askedFigures(data.question, reply);
        if (!answerShape(data.question, want, value)) throw new ReplayProblem('BAD_ANSWER');
        if (!want.every(({ pid, want: figure }) => value[pid] === figure)) return 'wrong';
        closed = true;
        return 'solved';
      },
      restart() { closed = false; },
      shown() { closed = true; },
      move: refuse('WRONG_EVENT'),
      takeBack: refuse('NO_TAKEBACK'),
    });
  },
};
