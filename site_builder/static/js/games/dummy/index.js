/**
 * Dummy Knock's browser module (games/index.js loads it): a card game, so no board words; its
 * own puzzle kind "scoring" starts its exercise UI (scoring.js) on the puzzle page and names its
 * judge (judges/scoring.js, the gradebook's too); a lesson's
 * live table (```dummy with interactive: true) is drawn by liveFigure (fragment.js). A teacher's
 * own scoring exercise (teach/maker.js) reads a pasted calculator table with readTable and asks
 * one of `asks`, about one of `sides` (seatName). A teacher's own drill (a hand in play: the
 * catalog's drill kinds) is pasted in the catalog's drill notation (readDrill: drill-text.js) and
 * its figure drawn from the engine's view (drill-figure.js); a quiz judges it (judges/quiz.js).
 */
import { lang } from '../../core/i18n.js';
import { scoring } from './scoring.js';
import { fill } from './ledger.js';
import { cardText } from './table-model.js';

/** The figures a scoring exercise asks (site_builder/games/dummy/scoring.py ASKS, but "fee"), in the page's language. */
const ASKS = {
  th: { net: 'แต้มสุทธิของขาหนึ่ง', points: 'แต้มที่ขาหนึ่งได้ (ไพ่ที่ลงและฝาก ลบไพ่ในมือ)', tier: 'ขั้นการเสียของขาหนึ่ง',
    nets: 'แต้มสุทธิของทุกขา' },
  en: { net: "one seat's net", points: "one seat's points (melds and layoffs minus the hand)", tier: "one seat's tier",
    nets: "every seat's net" },
}[lang];
const SEAT = { th: 'ขา {n}', en: 'P{n}' }[lang];

/** A drill kind's figure: the solver's view, drawn into an empty figure on a teacher's page. */
const drill = {
  /** @param {HTMLElement} figure @param {any} data */
  figure: async (figure, data) => (await import('./drill-figure.js')).drawDrill(figure, data),
};

export default {
  id: 'dummy',
  sides: ['P1', 'P2', 'P3', 'P4'],
  puzzles: { scoring, 'dummy-discard': drill, 'dummy-collect': drill, 'dummy-knock': drill },
  /** Make a lesson's live figure (figure.kr-board[data-interactive="true"]) playable. */
  liveFigure: async (figure) => (await import('./fragment.js')).mountFragment(figure),
  asks: ASKS,
  /** "ขา 1" for "P1". @param {string} pid */
  seatName: (pid) => fill(SEAT, { n: pid.slice(1) }),
  /**
   * The table of a calculator link's text (what follows "#t="); rejects with table-link.js's TableLinkError.
   * @param {string} text
   */
  readTable: async (text) => (await import('./table-link.js')).readTableLink(text).table,
  /**
   * The drill position in the catalog's drill notation `text`; rejects with drill-text.js's DrillTextError.
   * @param {string} text
   */
  readDrill: async (text) => (await import('./drill-text.js')).readDrillText(text),
  /** "8♦" for "8D": a card as notation (a collect drill's key card in the builder). */
  cardText,
};
