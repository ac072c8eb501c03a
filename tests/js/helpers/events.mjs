/** Events as core/assignment.js records them, and the walks through a proven tree the tests need. */

/** [["m", move], …] */
export const m = (...moves) => moves.map((move) => ['m', move]);

/** The solver's moves of the first winning line of `tree`. */
export function rightLine(tree) {
  const moves = [];
  let node = tree;
  for (;;) {
    const [move, win] = Object.entries(node.wins)[0];
    moves.push(move);
    if (win.mate || win.done) return moves;
    node = win.node;
  }
}

/** A move of `node` that does not win (the first one its refutations list). */
export const wrongMove = (node) => Object.keys(node.refutations)[0];

/** The replies of the defence to the first winning line of `tree`, in order. */
export function replies(tree) {
  const out = [];
  let node = tree;
  for (;;) {
    const [, win] = Object.entries(node.wins)[0];
    if (win.mate || win.done) return out;
    out.push(win.reply);
    node = win.node;
  }
}
