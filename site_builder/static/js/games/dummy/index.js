/**
 * Dummy Knock's browser module (games/index.js loads it): a card game, so no board words; its
 * own puzzle kind "scoring" starts its exercise UI (scoring.js) on the puzzle page and names its
 * judge (judges/scoring.js, the gradebook's too); a lesson's
 * live table (```dummy with interactive: true) is drawn by liveFigure (fragment.js).
 */
import { scoring } from './scoring.js';

export default {
  id: 'dummy',
  sides: ['P1', 'P2', 'P3', 'P4'],
  puzzles: { scoring },
  /** Make a lesson's live figure (figure.kr-board[data-interactive="true"]) playable. */
  liveFigure: async (figure) => (await import('./fragment.js')).mountFragment(figure),
};
