/**
 * Dummy Knock's browser module (games/index.js loads it): a card game, so no board words; its
 * own puzzle kind "scoring" starts its exercise UI (scoring.js) on the puzzle page.
 */
import { scoring } from './scoring.js';

export default {
  id: 'dummy',
  sides: ['P1', 'P2', 'P3', 'P4'],
  puzzles: { scoring },
};
