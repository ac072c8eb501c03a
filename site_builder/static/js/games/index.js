/**
 * The game registry of the browser: game id -> its module (games/<id>/index.js), loaded on
 * demand. One line per game. A game module's default export is what boards and pages need:
 *   id, sides (side ids in turn order), words ({key: text} in the page language),
 *   sideOf(letter), isKing(letter), sprite(letter) (id of its <symbol> on the page),
 *   pieceName(letter), and as the game needs: moveText(from, to) (the text of a board move,
 *   so the board can ask the engine why it is illegal), dropText(kind, to) (the same for a
 *   drop), handLetter(kind, side) and isPromoted(kind)
 *   (drop games), attach(board, panel, {panels, before, onAction}) (panels of its own),
 *   moveNumber(position), puzzles ({kind: {panels, start(data, figure, game), judge(data)}}:
 *   a kind of its own, its UI and the loader of its judge module under judges/, or null).
 * Only page entry points (static/js/<page>.js) call loadGame(); they hand the module down to
 * boards/, core/ and judges/, which never import a game.
 */
const GAMES = {
  makruk: () => import('./makruk/index.js'),
  makhos: () => import('./makhos/index.js'),
  komayo: () => import('./komayo/index.js'),
  dummy: () => import('./dummy/index.js'),
};

/** A game id the build may serve a plugin's module under (games/<id>/index.js). */
const PLUGIN_ID = /^[a-z][a-z0-9_-]*$/;

/**
 * The module of game `id`: one of the lines above, else the module a site's plugin game
 * (`[tool.kradan.site] plugins`) had the build copy to games/<id>/index.js. Rejects with a
 * clear message for a game without one.
 * @param {string} id
 */
export async function loadGame(id) {
  const load = GAMES[id] ?? (PLUGIN_ID.test(id) ? () => import(`./${id}/index.js`) : null);
  if (!load) throw new Error(`no browser module for the game "${id}"`);
  return (await load()).default;
}

/**
 * The module of game `id` as the teachers' pages use it: with what its `teacher()` loads merged in
 * (what only a teacher-made exercise needs, kept out of the module every lesson loads).
 * @param {string} id
 */
export async function loadTeacherGame(id) {
  const game = await loadGame(id);
  return game.teacher ? { ...game, ...(await game.teacher()) } : game;
}
