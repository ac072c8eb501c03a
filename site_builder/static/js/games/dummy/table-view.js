/**
 * The live Dummy table (a DOM component): the practice page and the lessons' live fragments
 * both draw one. It shows an engine `play` reply from the reader's seat: the other seats face
 * down with their card counts, the stock's count, the discard pile fanned (every card can be
 * picked to collect), every seat's melds with the layoffs placed where they go, and the reader's
 * hand fanned and sortable. The reader taps cards; one button per legal action that fits the
 * selection (table-model.js `fitting`); when none fits, a "try" button asks the engine, whose
 * refusal (rule and words) the host shows. The host runs the engine: `onAct(action)` for a
 * legal action, `onTry(action)` for an attempt.
 *
 * DOM hooks (tests, CSS): .dk-live[data-turn][data-phase][data-active="true"|"false"];
 * .dk-opp[data-seat] .dk-count; .dk-stock[data-count]; .dk-pile button[data-card];
 * .dk-meld[data-meld] (.dk-laid for layoffs); .dk-hand button[data-card][aria-pressed];
 * .dk-actions button[data-action] (legal) and button[data-try] (attempt);
 * button[data-sort="rank"|"suit"]; .dk-status (role=status, the announcements).
 */
import { add } from '../../core/progress-ui.js';
import { cardButton, cardSvg } from './cards.js';
import { fill, meldName, seatName } from './ledger.js';
import { actionWords, attempt, fitting, sortHand, tableMelds } from './table-model.js';


/**
 * @typedef {{words: any, ui: any, seat: string, heading?: 'h2' | 'p',
 *   onAct: (action: string) => void, onTry: (action: string) => void}} TableOptions
 */
export class CardTable {
  /** @param {HTMLElement} root  @param {TableOptions} options */
  constructor(root, options) {
    this.root = root;
    this.o = options;
    this.sortBy = 'rank';
    this.selection = { hand: [], pile: [] };
    this.reply = null;
    this.active = false;
    root.classList.add('dk-live');
    const { ui } = options;
    const h = options.heading ?? 'h2';
    this.opps = add(root, 'div', 'dk-opps');
    this.centre = add(root, 'div', 'dk-centre');
    const meldBox = add(root, 'div', 'dk-melds-box');
    add(meldBox, h, 'dk-heading', ui.melds);
    this.melds = add(meldBox, 'div', 'dk-melds');
    this.dock = add(root, 'div', 'dk-dock'); // no landmark: a lesson may hold several tables
    this.status = add(this.dock, 'p', 'dk-status');
    this.status.setAttribute('role', 'status');
    this.turnLine = add(this.dock, 'p', 'dk-turn');
    this.actions = add(this.dock, 'div', 'dk-actions');
    this.actions.setAttribute('role', 'group');
    this.actions.setAttribute('aria-label', ui.actions);
    const bar = add(this.dock, 'div', 'dk-hand-bar');
    add(bar, h, 'dk-heading', ui.hand);
    for (const by of ['rank', 'suit']) {
      const b = add(bar, 'button', 'kr-btn dk-sort', by === 'rank' ? ui.sortRank : ui.sortSuit);
      b.type = 'button';
      b.dataset.sort = by;
      b.addEventListener('click', () => this.sort(by));
    }
    this.hand = add(this.dock, 'div', 'dk-hand');
    this.hand.setAttribute('role', 'group');
    this.hand.setAttribute('aria-label', ui.hand);
  }

  /** Draw `reply` (an engine play reply); `active`: the reader may act now. */
  show(reply, active) {
    const hadFocus = this.root.contains(document.activeElement);
    this.reply = reply;
    this.active = active;
    this.selection = { hand: [], pile: [] };
    const state = reply.position;
    Object.assign(this.root.dataset, { turn: reply.turn, phase: reply.phase, active: String(active) });
    this.drawOpponents(state, reply);
    this.drawCentre(state);
    this.drawMelds(state);
    this.drawHand();
    this.drawActions();
    if (hadFocus) (this.hand.querySelector('button') ?? this.status).focus?.();
  }

  /** Announce `text` (role=status). */
  say(text) {
    this.status.textContent = text;
  }

  /** Disable every control while the host waits for the engine. */
  busy(flag) {
    for (const b of this.root.querySelectorAll('.dk-actions button, .dk-hand button, .dk-pile button')) {
      /** @type {HTMLButtonElement} */ (b).disabled = flag;
    }
  }

  /** The player `seat` of the reply's position. */
  player(seat) {
    return this.reply.position.players.find((p) => p.id === seat);
  }

  /** The other seats: face down with their card counts (their hands shown once the hand is over). */
  drawOpponents(state, reply) {
    const { words, ui, seat } = this.o;
    this.opps.replaceChildren();
    const ended = reply.phase === 'ended';
    for (const p of state.players) {
      if (p.id === seat) continue;
      const box = add(this.opps, 'div', 'dk-opp');
      box.dataset.seat = p.id;
      if (reply.turn === p.id && !ended) box.classList.add('dk-on-turn');
      add(box, 'span', 'dk-opp-name', seatName(words, p.id));
      const n = p.hand ? p.hand.length : p.hand_count;
      if (ended && p.hand?.length) {
        const shown = add(box, 'span', 'dk-opp-hand');
        shown.setAttribute('role', 'group');
        shown.setAttribute('aria-label', fill(ui.handOf, { seat: seatName(words, p.id) }));
        for (const card of sortHand(p.hand, 'rank')) shown.append(smallCard(card, words.cards[card]));
      } else {
        add(box, 'span', 'dk-back').setAttribute('aria-hidden', 'true');
      }
      add(box, 'span', 'dk-count', fill(ui.cards, { n }));
    }
  }

  /** The stock's count and the discard pile, every card a button (the head card marked). */
  drawCentre(state) {
    const { words, ui } = this.o;
    this.centre.replaceChildren();
    const count = state.stock ? state.stock.length : state.stock_count;
    const stock = add(this.centre, 'div', 'dk-stock');
    stock.dataset.count = String(count);
    add(stock, 'span', 'dk-back').setAttribute('aria-hidden', 'true');
    add(stock, 'span', 'dk-count', fill(ui.stockCount, { n: count }));
    const pileBox = add(this.centre, 'div', 'dk-pile-box');
    add(pileBox, 'span', 'dk-pile-label', ui.pile);
    const pile = add(pileBox, 'div', 'dk-pile');
    pile.setAttribute('role', 'group');
    pile.setAttribute('aria-label', ui.pile);
    if (!state.pile.length) add(pile, 'span', 'dk-none', ui.pileEmpty);
    for (const entry of state.pile) {
      const head = entry.by === null && entry.card === state.head;
      const label = `${words.cards[entry.card]}${head ? ` (${ui.head})` : ''}`;
      const b = cardButton(entry.card, label, 'dk-card-btn dk-pile-card');
      b.setAttribute('aria-pressed', 'false');
      if (head) b.classList.add('dk-head');
      b.addEventListener('click', () => this.pickPile(entry.card, b));
      pile.append(b);
    }
  }

  /** Every seat's melds, the layoffs in place and marked with who laid them off. */
  drawMelds(state) {
    const { words, ui } = this.o;
    this.melds.replaceChildren();
    const melds = tableMelds(state);
    if (!melds.length) add(this.melds, 'p', 'dk-none', ui.noMelds);
    for (const p of state.players) {
      const own = melds.filter((m) => m.owner === p.id);
      if (!own.length) continue;
      const row = add(this.melds, 'div', 'dk-meld-seat');
      add(row, 'span', 'dk-meld-owner', seatName(words, p.id));
      for (const meld of own) {
        const group = add(row, 'span', 'dk-meld');
        group.dataset.meld = meld.id;
        group.setAttribute('role', 'group');
        group.setAttribute('aria-label', meldName(words, meld.id));
        for (const { card, by } of meld.cards) {
          const name = by ? fill(ui.laidBy, { card: words.cards[card], seat: seatName(words, by) }) : words.cards[card];
          const svg = smallCard(card, name);
          if (by) svg.classList.add('dk-laid');
          group.append(svg);
        }
      }
    }
  }

  /** The reader's hand, sorted as chosen, every card a toggle button. */
  drawHand() {
    const { words } = this.o;
    this.hand.replaceChildren();
    const me = this.player(this.o.seat);
    sortHand(me.hand ?? [], this.sortBy).forEach((card, i) => {
      const b = cardButton(card, words.cards[card], 'dk-card-btn dk-hand-card');
      b.setAttribute('aria-pressed', String(this.selection.hand.includes(card)));
      b.style.setProperty('--i', String(i));
      b.addEventListener('click', () => this.pickHand(card, b));
      this.hand.append(b);
    });
    this.hand.style.setProperty('--n', String((me.hand ?? []).length));
  }

  /** The buttons for the selection: each fitting legal action, else one attempt to ask about. */
  drawActions() {
    const { words, ui } = this.o;
    this.actions.replaceChildren();
    const reply = this.reply;
    const phaseWords = { take: ui.takePhase, play: ui.playPhase, last: ui.lastPhase };
    if (reply.phase === 'ended') {
      this.turnLine.textContent = ui.ended;
      return;
    }
    const seatWord = seatName(words, reply.turn);
    this.turnLine.textContent = this.active ? fill(ui.yourTurn, { what: phaseWords[reply.phase] ?? '' }) : fill(ui.turnOf, { seat: seatWord });
    if (!this.active) return;
    const me = this.player(this.o.seat);
    const fits = fitting(reply.legal, this.selection, me.hand);
    for (const action of fits) {
      const b = add(this.actions, 'button', 'kr-btn dk-act', actionWords(action, words, ui));
      b.type = 'button';
      b.dataset.action = action;
      b.addEventListener('click', () => this.o.onAct(action));
    }
    const tried = fits.length ? null : attempt(this.selection);
    if (tried) {
      const b = add(this.actions, 'button', 'kr-btn dk-try', fill(ui.try, { what: actionWords(tried, words, ui) }));
      b.type = 'button';
      b.dataset.try = tried;
      b.addEventListener('click', () => this.o.onTry(tried));
    } else if (!fits.length) {
      add(this.actions, 'span', 'dk-none', this.selection.hand.length || this.selection.pile.length ? ui.noFit : ui.pick);
    }
    if (this.selection.hand.length || this.selection.pile.length) {
      const b = add(this.actions, 'button', 'kr-btn dk-clear', ui.clear);
      b.type = 'button';
      b.addEventListener('click', () => {
        this.selection = { hand: [], pile: [] };
        for (const x of this.root.querySelectorAll('[aria-pressed="true"]')) x.setAttribute('aria-pressed', 'false');
        this.drawActions();
      });
    }
  }

  /** Select or unselect a hand card. */
  pickHand(card, button) {
    const chosen = this.selection.hand;
    const at = chosen.indexOf(card);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(card);
    button.setAttribute('aria-pressed', String(at < 0));
    this.drawActions();
  }

  /** Pick or unpick a pile card; the selection keeps pile order (the deepest one is the collect's key). */
  pickPile(card, button) {
    const chosen = this.selection.pile;
    const at = chosen.indexOf(card);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(card);
    const order = this.reply.position.pile.map((entry) => entry.card);
    chosen.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    button.setAttribute('aria-pressed', String(at < 0));
    this.drawActions();
  }

  /** Sort the hand by "rank" or "suit", keeping the selection. */
  sort(by) {
    this.sortBy = by;
    const selected = [...this.selection.hand];
    this.drawHand();
    for (const b of this.hand.querySelectorAll('button')) b.setAttribute('aria-pressed', String(selected.includes(b.dataset.card)));
    this.say(this.o.ui.sorted);
  }
}

/** A small card image named `name` (melds, shown hands). */
function smallCard(card, name) {
  const svg = /** @type {SVGElement} */ (cardSvg(card, name));
  svg.classList.add('dk-mini');
  svg.dataset.card = card;
  return svg;
}
