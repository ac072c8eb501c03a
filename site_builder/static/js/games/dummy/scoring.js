/**
 * The "scoring" puzzle kind: the reader works out one thing of a finished table (a seat's
 * points, tier, one fee, net, or every net). The judge (judges/scoring.js, the very one the
 * gradebook's replay uses) judges the answer by the engine's settlement of the table, recorded
 * in the page by the build (Shell's engine: no Pyodide needed). A wrong figure gets the first line — of the
 * ledger, or of the points count (meld_check for each group) — where it departs, named without
 * its amount, and only that line; the reader corrects the figure in place and checks again.
 *
 * DOM hooks: section.kr-pz[data-state] "loading" | "quiz" | "quiz-wrong" | "solved" | "solution"
 * | "failed"; form.dk-answer with input[name="answer"] (or answer-P1 … for every net) or
 * .kr-qz-choice[data-choice] for tiers; button[data-action="check"|"solution"|"hint"];
 * .kr-pz-detail .dk-departs (the departure line).
 * The table's link to the points calculator (data.calculator: it works the answer out) shows only
 * once the reader has answered or asked for the answer, and in an assignment only as far as the
 * solution lock allows (Shell.may('tools'): without solutions, once solved): p.dk-calc-link.
 * Without the engine the page's written solution shows, unless the lock keeps it out.
 * In an assignment every judged answer is recorded as ["a", {seat: answer}]: the seat asked about
 * (each seat for "every net") -> the whole number given, or the tier id ("win" | "small" |
 * "medium" | "large"), e.g. {"P2": -35} or {"P3": "small"}, the answer the judge takes.
 */
import { Shell, button } from '../../core/puzzle-shell.js';
import { add } from '../../core/progress-ui.js';
import { SEATS, fill, seatName, meldName, lineLabel, departure } from './ledger.js';
import { TIERS, askedFigures, createJudge } from '../../judges/scoring.js';

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

/** The ledger lines behind one figure, signed for `pid` (+ received, − paid). */
function netLines(words, reply, pid) {
  return reply.ledger.filter((l) => l.from === pid || l.to === pid)
    .map((l) => ({ label: lineLabel(words, l), amount: l.to === pid ? l.amount : -l.amount }));
}

class ScoringPuzzle extends Shell {
  constructor(data, figure) {
    super(data, figure);
    this.scorer = createJudge(data, { engine: this.engine }); // judges/scoring.js
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
    this.scorer.settlement().then((reply) => {
      this.reply = reply;
      this.state = 'quiz';
    }).catch(async () => {
      this.feedback.hidden = false;
      this.state = 'failed';
      await this.showWritten(); // the written solution only as far as the solution lock allows
      this.say(this.may('solution') ? this.ui.failed : this.ui.failedLocked, '', 'bad');
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

  /** The engine's figure(s) (the judge's) and the lines behind them, for the question asked. */
  async expected(figures = askedFigures(this.data, this.reply)) {
    const { ask: what, item } = this.question;
    const reply = this.reply;
    return Promise.all(figures.map(async ({ pid, want }) => {
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
    const answer = Object.fromEntries(this.inputs.map(({ pid }, i) => [pid ?? this.question.player, values[i]]));
    this.log('a', answer);
    const said = await this.scorer.answer(answer);
    const wanted = await this.expected(said.figures);
    const shown = this.inputs.map(({ pid, input }) => (pid ? `${seatName(this.words, pid)} ${input.value.trim()}` : input.value.trim())).join(', ');
    const mine = fill(this.ui.yourAnswer, { answer: shown });
    this.feedback.hidden = false;
    if (said.verdict === 'solved') {
      this.say(this.ui.right, mine, 'good');
      this.solve(this.explain(wanted));
      this.close();
      return;
    }
    const { pid, lines } = wanted.find((w) => answer[w.pid] !== w.want);
    const off = departure(lines, answer[pid]);
    const line = lines[off.index];
    const where = `${this.question.ask === 'nets' ? `${seatName(this.words, pid)}: ` : ''}${fill(this.ui.departs, { n: off.index + 1, line: line ? line.label : '' })}`;
    this.state = 'quiz-wrong';
    this.fail();
    this.say(this.ui.wrong, `${mine}\n${where}\n${this.ui[off.how]}\n${this.ui.tryAgain}`, 'bad');
    this.detail.classList.add('dk-departs');
  }

  async judgeTier(tier, b) {
    if (this.done || !this.reply) return;
    this.startAttempt();
    const pid = this.question.player;
    this.log('a', { [pid]: tier });
    const said = await this.scorer.answer({ [pid]: tier });
    const want = this.reply.tiers[pid];
    const mine = fill(this.ui.yourAnswer, { answer: this.words.tiers[tier] });
    this.feedback.hidden = false;
    if (said.verdict === 'solved') {
      b.classList.add('kr-qz-right');
      this.say(this.ui.right, mine, 'good');
      this.solve(`${seatName(this.words, pid)}: ${this.words.tiers[want]} (${this.reply.derived.tier_rules[pid]})`);
      this.close();
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
    if (this.data.calculator && this.may('tools')) { // after the solve (or an allowed solution): the lock decides
      const link = document.createElement('p');
      link.className = 'kr-pz-links dk-calc-link';
      const a = add(link, 'a', '', this.words.in_calculator);
      a.href = this.data.calculator;
      this.feedback.after(link);
    }
    for (const b of this.choices ?? []) b.disabled = true;
    for (const { input } of this.inputs ?? []) input.readOnly = true;
    if (this.hintButton) this.hintButton.hidden = true;
    this.answerButton.hidden = true;
  }

  async showAnswer() {
    if (this.done || !this.reply || this.forbids('solution')) return;
    this.log('s');
    this.scorer.shown();
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

export const scoring = {
  /** Draw the exercise's table into an empty `figure` (a teacher-made exercise's page: its table comes in the link). */
  async figure(figure, data) {
    (await import('./table-figure.js')).drawTable(figure, data.table, data.words);
  },

  /** Start the exercise on the puzzle page; true: this kind took the page. */
  async start(data, figure) {
    new ScoringPuzzle(data, figure);
    return true;
  },

  /** Its judge, for the page and the gradebook's replay alike. */
  judge: () => import('../../judges/scoring.js'),
};
