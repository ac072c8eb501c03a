/**
 * The builder's drill position (teach/maker.js, a game whose module reads drills: Dummy): the
 * text in the catalog's drill notation (the game module's readDrill), read once the teacher stops
 * typing and replayed by the engine (core/teacher-exercise.js replayDrill): the seat to act, its
 * phase (which drill kinds it allows) and the pile (a collect's key card, picked from it). Says
 * in the status line what was read, or where the text is wrong, in the page's words. The maker
 * builds the nodes and asks it for the drill's part of the task.
 */
import { engine } from '../core/engine-client.js';
import { fill, lang } from '../core/i18n.js';
import { DRILL_KINDS, replayDrill } from '../core/teacher-exercise.js';

const READ_DELAY_MS = 400; // a drill position is replayed once the teacher stops typing
/** The drill kinds each phase of the seat to act allows (a collect is asked before the draw). */
const PHASE_KINDS = { take: ['dummy-collect'], play: ['dummy-discard', 'dummy-knock'] };
const DISCARD = 'dummy-discard'; // its figure shows the next seat's hand (the engine's prove asks so)

/**
 * @typedef {{text: HTMLTextAreaElement, state: HTMLElement, keys: HTMLSelectElement}} DrillNodes
 * @typedef {{game: string, module: any, key: string, words: Record<string, string>, onRead: () => void,
 *   onEdit: () => void}} DrillOptions
 *   module: the game's (readDrill, seatName, cardText); key: the key card the draft kept;
 *   onEdit: the text or key changed (keep the draft); onRead: a reading finished (offer its kinds)
 */

export class DrillField {
  /**
   * @param {DrillNodes} nodes
   * @param {DrillOptions} options
   */
  constructor(nodes, options) {
    this.nodes = nodes;
    this.o = options;
    /** @type {{position: any, reply: any} | null} the position read and the engine's replay of it */
    this.read = null;
    this.reading = 0;
    this.wantedKey = options.key;
    let timer = 0;
    nodes.text.addEventListener('input', () => {
      options.onEdit();
      clearTimeout(timer);
      timer = window.setTimeout(() => this.load(), READ_DELAY_MS);
    });
    nodes.keys.addEventListener('change', () => {
      this.wantedKey = nodes.keys.value;
      options.onEdit();
    });
    if (nodes.text.value.trim()) this.load();
    else nodes.state.textContent = options.words.drillEmpty;
  }

  /** The key card chosen ('' when the pile is not known yet). */
  get key() {
    return this.nodes.keys.value;
  }

  /**
   * Read the text and replay it; `onRead` when done (unless a newer reading started).
   * @returns {Promise<boolean>} a position was read
   */
  async load() {
    const mine = ++this.reading;
    const { text, state } = this.nodes;
    const { words, module } = this.o;
    const pasted = text.value;
    this.read = null;
    this.showKeys([]);
    if (!pasted.trim()) state.textContent = words.drillEmpty;
    else {
      try {
        const position = await module.readDrill(pasted);
        state.textContent = engine.status === 'ready' ? words.drillReading : words.loading;
        const reply = await replayDrill((request) => engine.call(request), this.o.game, { ...position, deck: position.deck.join(' ') });
        if (mine !== this.reading) return false;
        this.read = { position, reply };
        state.textContent = fill(words.drillOk, { n: position.moves.length, seat: module.seatName(reply.turn),
          phase: words[`phase_${reply.phase}`] ?? reply.phase });
        this.showKeys(reply.position.pile.map((/** @type {any} */ entry) => entry.card));
      } catch (err) {
        if (mine !== this.reading) return false;
        state.textContent = this.problem(err);
      }
    }
    this.o.onRead();
    return Boolean(this.read);
  }

  /**
   * Put `text` in the field (a catalog drill's position) and read it.
   * @param {string} value
   */
  use(value) {
    this.nodes.text.value = value;
    return this.load();
  }

  /**
   * Does the phase read allow the drill `kind` (every drill kind before anything is read)?
   * @param {string} kind
   */
  allows(kind) {
    const phase = this.read?.reply.phase;
    return phase ? (/** @type {Record<string, string[]>} */ (PHASE_KINDS)[phase] ?? []).includes(kind) : DRILL_KINDS.includes(kind);
  }

  /**
   * The drill position read, for a drill of `kind` (null: none read); a discard drill shows the next seat's hand.
   * @param {string} kind
   */
  position(kind) {
    if (!this.read) return null;
    const { position, reply } = this.read;
    const seats = reply.position.players.map((/** @type {any} */ p) => p.id);
    const next = seats[(seats.indexOf(reply.turn) + 1) % seats.length];
    return { ...position, show: kind === DISCARD ? next : position.show };
  }

  /**
   * The pile's cards to pick the key from, the one chosen before kept.
   * @param {string[]} cards bottom to top
   */
  showKeys(cards) {
    const { keys } = this.nodes;
    keys.replaceChildren(...cards.map((card) => {
      const option = document.createElement('option');
      option.value = card;
      option.textContent = this.o.module.cardText(card);
      return option;
    }));
    keys.value = cards.includes(this.wantedKey) ? this.wantedKey : cards[cards.length - 1] ?? '';
  }

  /**
   * What is wrong, in words: the engine's, the notation's (where), or the engine stopped.
   * @param {any} err
   */
  problem(err) {
    const { words } = this.o;
    if (err?.words) return err.words[lang] || err.words.en;
    if (err?.reason) return fill(words[`drill_${err.reason}`] ?? words.drill_no_deck, { line: err.line, detail: err.detail });
    return fill(words.stopped, { why: String(err?.message ?? err) });
  }
}
