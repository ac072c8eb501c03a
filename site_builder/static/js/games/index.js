/**
 * The game registry of the browser: game id -> its module (games/<id>/index.js), loaded on
 * demand. One line per game. A game module's default export is what boards and pages need:
 *   id, sides (side ids in turn order), words ({key: text} in the page language),
 *   sideOf(letter), isKing(letter), sprite(letter) (id of its <symbol> on the page),
 *   pieceName(letter), and as the game needs: moveText(from, to) (the text of a board move,
 *   so the board can ask the engine why it is illegal), dropText(kind, to) (the same for a
 *   drop), handLetter(kind, side) and isPromoted(kind)
 *   (drop games), attach(board, panel, {panels, before, onAction}) (panels of its own),
 *   moveNumber(position), puzzles ({kind: {panels, start(data, figure)}}).
 * Shared modules reach a game only through loadGame(); they never name one.
 */
const GAMES = {
  makruk: () => import('./makruk/index.js'),
  makhos: () => import('./makhos/index.js'),
  komayo: () => import('./komayo/index.js'),
  dummy: () => import('./dummy/index.js'),
};

/** The module of game `id`; rejects with a clear message for a game without one. */
export async function loadGame(id) {
  const load = GAMES[id];
  if (!load) throw new Error(`no browser module for the game "${id}"`);
  return (await load()).default;
}
