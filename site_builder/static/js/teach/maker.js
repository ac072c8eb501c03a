/**
 * "Make your own exercise", the assignment builder's panel (section#maker of
 * templates/teach-assign.html; teach/assign.js mounts it). The teacher picks a game; on a board
 * game sets up a position on the board editor (teach/position-editor.js) or pastes its FEN, or
 * starts from a catalog exercise's position; on Dummy pastes a calculator link (its table) or
 * starts from a catalog scoring exercise's table, and picks the figure asked; or makes a drill (a
 * hand in play: which discard, can you collect this, which card face down) from a position the
 * practice table hands over (core/maker-handoff.js), pasted in the catalog's drill notation or
 * taken from a catalog drill: the engine replays it (the seat to act and its phase: only the
 * drill kinds the phase allows are offered; a collect's key card is picked from the pile). The task: a forced
 * win in N moves (or the shortest), or, where the catalog has them, a best move (the move that
 * clearly wins material, played on until it is won) or a counting number (the count limit or its
 * first number, after the move that starts the count: the engine's `play` works it out). "Check with the engine" loads the engine (core/engine-client.js,
 * about 5 MB, said so while it loads) and proves the draft (core/teacher-exercise.js
 * proveExercise); the proof is said in words, or the plain reason it cannot be proven. Only a
 * proven exercise, unchanged since, can be added; assign.js then puts it in the assignment (or
 * says why not, e.g. a link that would be too long).
 *
 * The draft (game, positions, table, task, title, hints) is kept in localStorage at every change
 * (teach/maker-model.js); a storage that refuses it is reported. Everything the teacher types is
 * shown with textContent or as a form value only.
 *
 * DOM hooks (tests): #maker-game, #maker-kind, #maker-drill, #maker-drill-state, #maker-key, #maker-kind-note, #maker-mate-in, #maker-count-move, #maker-count-ask, #maker-from + [data-act="from"] (a drill's: #maker-drill-from),
 * #maker-table, #maker-ask, #maker-player, #maker-title, #maker-hint-1..3, #maker-prove,
 * #maker-status, #maker-result, #maker-problem, #maker-add, #maker-stored; section#maker[data-state]
 * "editing" | "proving" | "proven" | "refused".
 */
/** @import { TeacherExercise } from '../types/data.js' */
/** @import { BoardGameModule } from '../types/game.js' */
/** @import { EditorSpec } from './maker-model.js' */
import { engine } from '../core/engine-client.js';
import { fill, lang } from '../core/i18n.js';
import { fetchPuzzleData } from '../core/puzzle-block.js';
import { BEST_MOVE, COUNT_ASKS, DRILL_KINDS, KEY_KIND, LIMITS as X_LIMITS, MAX_WIN, WIN_KINDS, cleanExercise, exerciseGoal, exerciseWords,
  proveExercise, quizIn } from '../core/teacher-exercise.js';
import { takeOffer } from '../core/maker-handoff.js';
import { DrillField } from './maker-drill.js';
import { loadTeacherGame } from '../games/index.js';
import { MAX_HINTS, loadDraft, saveDraft, tableLinkText } from './maker-model.js';
import { PositionEditor, make } from './position-editor.js';

const COUNTING = 'counting'; // the catalog's kind of counting questions
const MATE_GAIN = 500; // a best move's gain at or above this is a mate (engine.core.gain.MATE_LINE)
const PROVE_TIMEOUT_MS = 90_000; // a deep proof on a slow phone; the engine's own budget ends it sooner

const WORDS = {
  th: {
    game: 'เกม',
    chooseGame: 'เลือกเกม',
    palette: 'หมากที่จะวาง แตะหมากแล้วแตะช่องบนกระดาน แตะซ้ำเพื่อเอาออก',
    eraser: 'ลบ: แตะช่องเพื่อเอาหมากออก',
    eraserShort: 'ลบ',
    boardLabel: '{board} สำหรับตั้งตำแหน่ง แตะช่องเพื่อวางหมากที่เลือก หรือใช้ปุ่มลูกศรแล้วกด Enter',
    turn: 'ฝ่ายที่เดินก่อน',
    emptyBoard: 'กระดานว่าง',
    startBoard: 'ตำแหน่งเริ่มเกม',
    fen: 'ตำแหน่งแบบ FEN (วางหรือพิมพ์ได้)',
    fenNote: 'กระดานกับช่องนี้ตรงกันเสมอ แก้ที่ไหนอีกที่ก็เปลี่ยนตาม',
    fen_empty: 'ช่อง FEN ว่างอยู่ กระดานจึงยังเป็นตำแหน่งเดิม',
    fen_rows: 'FEN นี้มี {found} แถว แต่กระดานมี {ranks} แถว (คั่นแถวด้วย /) กระดานจึงยังเป็นตำแหน่งเดิม',
    fen_row_length: 'แถว {rank} ใน FEN มี {found} ช่อง แต่กระดานกว้าง {files} ช่อง กระดานจึงยังเป็นตำแหน่งเดิม',
    fen_piece: 'ไม่รู้จักตัวหมาก “{piece}” ในแถว {rank} ของ FEN กระดานจึงยังเป็นตำแหน่งเดิม',
    fen_side: 'ไม่รู้จักฝ่ายที่เดิน “{side}” ใน FEN กระดานจึงยังเป็นตำแหน่งเดิม',
    fen_square: 'ไม่มีช่อง “{square}” บนกระดานนี้ กระดานจึงยังเป็นตำแหน่งเดิม',
    from: 'หรือเริ่มจากโจทย์ในคลัง',
    fromButton: 'ใช้ตำแหน่งของโจทย์นี้',
    fromTableButton: 'ใช้โต๊ะของโจทย์นี้',
    fromLoading: 'กำลังโหลดโจทย์…',
    fromFailed: 'โหลดโจทย์นี้ไม่ได้ ตรวจการเชื่อมต่อแล้วลองใหม่',
    fromDone: 'ตั้งตำแหน่งจากโจทย์ “{title}” แล้ว',
    fromTableDone: 'ใส่โต๊ะจากโจทย์ “{title}” แล้ว',
    table: 'โต๊ะดัมมี่ที่จบเกมแล้ว: วางลิงก์จากเครื่องคิดแต้ม',
    tableNote: 'จัดโต๊ะในเครื่องคิดแต้มของเว็บนี้ แล้วคัดลอกลิงก์แชร์โต๊ะมาวางที่นี่',
    tableEmpty: 'ยังไม่ได้วางลิงก์โต๊ะ',
    tableOk: 'อ่านโต๊ะได้แล้ว: {n} ขา ไพ่ {cards} ใบ',
    too_long: 'ลิงก์โต๊ะนี้ยาวเกินไป ({chars} ตัวอักษร ได้ไม่เกิน {max})',
    too_many_cards: 'โต๊ะนี้มีไพ่ {cards} ใบ แต่ไพ่หนึ่งสำรับมี {max} ใบ',
    unreadable: 'อ่านโต๊ะจากข้อความนี้ไม่ได้ ต้องเป็นลิงก์แชร์โต๊ะที่คัดลอกจากเครื่องคิดแต้ม',
    ask: 'คำถาม',
    player: 'ถามถึงขา',
    task: 'ให้นักเรียนทำอะไร',
    mateIn: 'ภายในกี่ตา',
    shortest: 'สั้นที่สุดที่มี (ให้เครื่องหา)',
    moves: '{n} ตา',
    title: 'ชื่อโจทย์ (ไม่บังคับ)',
    hints: 'คำใบ้ (ไม่บังคับ ไม่เกิน 3 ข้อ ใช้คำของครูเอง)',
    hint: 'คำใบ้ข้อ {n}',
    prove: 'ตรวจด้วยเครื่อง',
    loading: 'กำลังโหลดเอนจิน (ราว 5 เมกะไบต์) ครั้งแรกอาจใช้เวลาสักครู่…',
    proving: 'เอนจินกำลังพิสูจน์โจทย์นี้…',
    proven: 'พิสูจน์แล้ว: {goal}',
    keyMove: 'ตาแรกที่ถูกคือ {move} ทางชนะทั้งหมด: {line}',
    kindWin: 'นักเรียนต้องบังคับชนะ (รุกจน) ให้ได้ภายในจำนวนตาที่เลือก ไม่ว่าอีกฝ่ายจะป้องกันอย่างไร',
    kindBest: 'นักเรียนต้องหาตาที่ได้หมาก: ตาที่ได้เปรียบหมากเหนือตาอื่นชัดเจน (อย่างน้อย 2 แต้มหมาก) แล้วเดินต่อจนกินหมากได้จริงบนกระดาน เครื่องจะตรวจว่าตานั้นดีกว่าตาอื่นชัดเจนจริง',
    bestKey: 'ตาที่ได้หมากคือ {move} ได้เปรียบหมาก {gain} แต้ม ทางที่ได้หมาก: {line}',
    bestMate: 'ตาที่ดีที่สุดคือ {move} ซึ่งนำไปสู่การรุกจน ทางที่เครื่องเดิน: {line}',
    bestAlso: 'ตาที่ดีพอกันและนับว่าถูกด้วย: {moves}',
    bestOnly: 'ไม่มีตาอื่นที่ดีพอกัน ตานี้ตาเดียวที่นับว่าถูก',
    overBudget: 'ตำแหน่งนี้มีทางเดินมากเกินกว่าที่เครื่องจะคิดจบในเวลาที่กำหนด ลองตำแหน่งที่มีหมากน้อยลง',
    kindCount: 'นักเรียนต้องตอบเป็นตัวเลขเรื่องการนับศักดิ์ ตั้งตำแหน่งก่อนเริ่มนับ แล้วใส่ตาที่ทำให้เริ่มนับ (เช่น ตาที่กินหมากตัวสุดท้ายจนอีกฝ่ายเหลือขุนตัวเดียว) เครื่องจะคำนวณคำตอบให้',
    countMove: 'ตาที่ทำให้เริ่มนับ (ไม่บังคับ)',
    countMoveNote: 'เขียนแบบช่องต้นทางตามด้วยช่องปลายทาง เช่น e1e4 เว้นว่างได้ถ้าตำแหน่งนี้กำลังนับอยู่แล้ว',
    countAsk: 'ถามเลขอะไร',
    countAsk_limit: 'เลขนับครบ (นับถึงเลขไหนจึงเสมอ)',
    countAsk_start: 'เลขแรกที่ผู้นับนับ',
    countAnswer: 'คำตอบที่เครื่องคำนวณได้: {answer}',
    provenTable: 'เอนจินคิดโต๊ะนี้ได้ คำถามนี้มีคำตอบแน่นอน',
    refused: 'ยังเพิ่มโจทย์นี้ไม่ได้: {why}',
    stopped: 'เอนจินหยุดทำงาน ({why}) โหลดหน้านี้ใหม่แล้วลองอีกครั้ง ร่างโจทย์ยังเก็บไว้ให้',
    changed: 'แก้โจทย์หลังตรวจแล้ว ต้องกด “ตรวจด้วยเครื่อง” อีกครั้งก่อนเพิ่ม',
    add: 'เพิ่มในงาน',
    addFirst: 'ตรวจด้วยเครื่องให้ผ่านก่อน จึงจะเพิ่มในงานได้',
    added: 'เพิ่ม “{title}” ในงานแล้ว',
    storageFull: 'เก็บร่างโจทย์ในเบราว์เซอร์นี้ไม่ได้ (ที่เก็บข้อมูลเต็มหรือถูกปิด) ถ้าโหลดหน้าใหม่ ร่างนี้จะหายไป',
    own: 'โจทย์ของครู',
    kindDrill: 'นักเรียนเห็นไพ่ในมือของตัวเอง กองทิ้ง ชุดที่ลงบนโต๊ะ และจำนวนไพ่ของขาอื่น แล้วตอบคำถามแบบเลือกตอบ เครื่องคำนวณคำตอบที่ถูกทุกข้อจากตำแหน่ง',
    drill: 'ตำแหน่งของแบบฝึก (เขียนแบบเดียวกับแบบฝึกในคลัง: บรรทัดแรกเป็นสำรับไพ่ 52 ใบ แล้วการเล่นทีละบรรทัด)',
    drillNote: 'ที่โต๊ะฝึกเล่นดัมมี่ เมื่อถึงตาคุณ กด “ทำเป็นแบบฝึกให้นักเรียน” ตำแหน่งจะมาอยู่ที่นี่เอง หรือวางตำแหน่งของแบบฝึกในคลัง',
    drillEmpty: 'ยังไม่ได้ใส่ตำแหน่ง',
    drillReading: 'เอนจินกำลังเล่นตามตำแหน่งนี้…',
    drillOk: 'อ่านได้แล้ว: เล่นไป {n} ครั้ง ถึงตา{seat} ({phase})',
    phase_take: 'จั่วหรือเก็บไพ่',
    phase_play: 'ลงไพ่ ฝาก น็อก หรือทิ้ง',
    drill_no_deck: 'ต้องมีบรรทัด deck ตามด้วยไพ่ 52 ใบ เรียงจากใบบนสุด',
    drill_deck_size: 'บรรทัด deck มีไพ่ {detail} ใบ ต้องมี 52 ใบ',
    drill_card: 'ไม่รู้จักไพ่ “{detail}” ในบรรทัด {line} (เขียนแบบ 7S TD QH)',
    drill_twice: 'ไพ่ “{detail}” อยู่ในสำรับสองครั้ง',
    drill_seat: 'ไม่รู้จักขา “{detail}” ในบรรทัด {line} (ใช้ P1 ถึง P4)',
    drill_before_deck: 'บรรทัด {line} อยู่ก่อนบรรทัดสำรับไพ่ (deck) บรรทัดแรกต้องเป็นสำรับไพ่',
    key: 'ไพ่ในกองทิ้งที่ถามว่าเก็บได้ไหม',
    handedOff: 'ตำแหน่งจากโต๊ะฝึกเล่นมาแล้ว เลือกชนิดแบบฝึก แล้วกด “ตรวจด้วยเครื่อง”',
    fromDrillButton: 'ใช้ตำแหน่งของแบบฝึกนี้',
    fromDrillDone: 'ใส่ตำแหน่งจากแบบฝึก “{title}” แล้ว',
    drillRight: 'คำตอบที่ถูก: {answers}',
  },
  en: {
    game: 'Game',
    chooseGame: 'Choose a game',
    palette: 'Piece to place: tap a piece, then a square on the board; tap again to take it off',
    eraser: 'Erase: tap a square to take its piece off',
    eraserShort: 'Erase',
    boardLabel: '{board} for setting up a position. Tap a square to place the chosen piece, or use the arrow keys and Enter',
    turn: 'Side to move',
    emptyBoard: 'Empty board',
    startBoard: 'Starting position',
    fen: 'Position as FEN (paste or type)',
    fenNote: 'The board and this field always match: change either and the other follows.',
    fen_empty: 'The FEN field is empty, so the board keeps its position.',
    fen_rows: 'This FEN has {found} rows but the board has {ranks} (rows are split by /), so the board keeps its position.',
    fen_row_length: 'Row {rank} of the FEN has {found} squares but the board is {files} wide, so the board keeps its position.',
    fen_piece: 'Unknown piece “{piece}” in row {rank} of the FEN, so the board keeps its position.',
    fen_side: 'Unknown side to move “{side}” in the FEN, so the board keeps its position.',
    fen_square: 'There is no square “{square}” on this board, so the board keeps its position.',
    from: 'Or start from a catalog exercise',
    fromButton: "Use this exercise's position",
    fromTableButton: "Use this exercise's table",
    fromLoading: 'Loading the exercise…',
    fromFailed: 'This exercise could not be loaded. Check the connection and try again.',
    fromDone: 'Position set from “{title}”.',
    fromTableDone: 'Table taken from “{title}”.',
    table: 'A finished Dummy table: paste a link from the points calculator',
    tableNote: "Set the table up in this site's points calculator, copy its share link and paste it here.",
    tableEmpty: 'No table link pasted yet.',
    tableOk: 'Table read: {n} seats, {cards} cards.',
    too_long: 'This table link is too long ({chars} characters; at most {max}).',
    too_many_cards: 'This table has {cards} cards, but a deck has {max}.',
    unreadable: "No table can be read from this text: paste the calculator's share link (it has #t= in it).",
    ask: 'Question',
    player: 'About seat',
    task: 'Task for the students',
    mateIn: 'In how many moves',
    shortest: 'The shortest there is (the engine finds it)',
    moves: '{n} moves',
    title: 'Title (optional)',
    hints: 'Hints (optional, up to 3, in your own words)',
    hint: 'Hint {n}',
    prove: 'Check with the engine',
    loading: 'Loading the engine (about 5 MB); the first time may take a while…',
    proving: 'The engine is proving this exercise…',
    proven: 'Proven: {goal}',
    keyMove: 'The key move is {move}. The whole win: {line}',
    kindWin: 'The students must force a win (mate) within the number of moves you choose, whatever the defence.',
    kindBest: 'The students must find the move that wins material: one move clearly better than every other (by at least 2 material units), then play on until the material is taken on the board. The engine checks that the move is clearly best.',
    bestKey: 'The move that wins material is {move}: {gain} material units up. The line that wins it: {line}',
    bestMate: 'The best move is {move}, and it leads to mate. The line the engine plays: {line}',
    bestAlso: 'Moves as good, also counted right: {moves}',
    bestOnly: 'No other move is as good: only this one counts as right.',
    overBudget: 'This position has too many moves for the engine to finish in its time. Try a position with fewer pieces.',
    kindCount: 'The students answer a counting number. Set up the position before the count, then give the move that starts it (e.g. the capture that leaves a bare Khun); the engine works the answer out.',
    countMove: 'The move that starts the count (optional)',
    countMoveNote: 'Written from-square then to-square, like e1e4. Leave it empty if the position already has a count running.',
    countAsk: 'Which number to ask',
    countAsk_limit: 'The count limit (where the count ends in a draw)',
    countAsk_start: 'The first number the counter announces',
    countAnswer: 'The answer the engine worked out: {answer}',
    provenTable: 'The engine settled this table: the question has a sure answer.',
    refused: 'This exercise cannot be added yet: {why}',
    stopped: 'The engine stopped ({why}). Reload this page and try again; your draft is kept.',
    changed: 'The exercise changed after it was checked: press “Check with the engine” again before adding it.',
    add: 'Add to the assignment',
    addFirst: 'Check it with the engine first; only a proven exercise can be added.',
    added: 'Added “{title}” to the assignment.',
    storageFull: 'Your draft cannot be kept in this browser (storage is full or blocked): it will be lost on reload.',
    own: 'Your own exercise',
    kindDrill: "The students see their hand, the pile, the melds on the table and the other seats' card counts, and answer a multiple-choice question; the engine works out every right answer from the position.",
    drill: "The drill position (as the catalog's drills write it: a deck line, then one action a line)",
    drillNote: 'On the Dummy practice table, on your turn, press “Make this a class exercise” and the position comes here; or paste a catalog drill\'s position.',
    drillEmpty: 'No position yet.',
    drillReading: 'The engine is replaying this position…',
    drillOk: 'Read: {n} actions played; {seat} to act ({phase}).',
    phase_take: 'draw or collect',
    phase_play: 'meld, lay off, knock or discard',
    drill_no_deck: 'A drill position needs a deck line of 52 cards, top first.',
    drill_deck_size: 'The deck line has {detail} cards; it needs 52.',
    drill_card: 'Unknown card “{detail}” on line {line} (write cards like 7S TD QH).',
    drill_twice: 'The card “{detail}” is in the deck twice.',
    drill_seat: 'Unknown seat “{detail}” on line {line} (use P1 to P4).',
    drill_before_deck: 'Line {line} comes before the deck line: the first line must be the deck.',
    key: 'The pile card asked about',
    handedOff: 'The position from the practice table is here: pick the kind of drill, then press “Check with the engine”.',
    fromDrillButton: "Use this drill's position",
    fromDrillDone: 'Position taken from the drill “{title}”.',
    drillRight: 'Right answers: {answers}',
  },
};
export const words = WORDS[lang];

/**
 * One game the maker offers (the page's #maker-games block: site_builder/teach/assign_page.py).
 * @typedef {{id: string, name: string, files?: number, ranks?: number, sides: string[], start?: string}} MakerGame
 * @typedef {{catalog: any, onAdd: (x: TeacherExercise) => Promise<string | null>}} MakerOptions
 *   onAdd: put the exercise in the assignment; null when added, else the words saying why not
 */

/** A labelled field: label + control (+ note). */
function field(id, label, control, note = '') {
  control.id = id;
  const box = make('div', { class: 'teach-field' }, make('label', { for: id }, label), control);
  if (note) box.append(make('p', { class: 'note' }, note));
  return box;
}

/** @param {[string, string][]} choices */
function select(choices) {
  const node = /** @type {HTMLSelectElement} */ (make('select', { class: 'teach-select' }));
  for (const [value, label] of choices) node.append(make('option', { value }, label));
  return node;
}

/** @type {Record<string, any>} the game modules the maker loaded (their `toMove` names the side in a goal) */
const modules = {};

/** The goal of a teacher-made exercise, its side to move named when its game's module is loaded. */
const goalOf = (/** @type {TeacherExercise} */ x) => exerciseGoal(x, lang, exerciseWords(x, null, modules[x.game] ?? null));

/** The words a catalog-free list shows for a teacher-made exercise: its title, else its goal. */
export const exerciseTitle = (/** @type {TeacherExercise} */ x) => x.title || goalOf(x);

/**
 * Mount the maker in `host` (section#maker).
 * @param {HTMLElement} host
 * @param {MakerOptions} options
 */
export function mountMaker(host, { catalog, onAdd }) {
  /** @type {MakerGame[]} */
  const games = JSON.parse(/** @type {HTMLElement} */ (document.getElementById('maker-games')).textContent ?? '[]');
  const draft = loadDraft(storage());
  const offer = takeOffer(storage()); // a position another page handed over (the practice table's)
  if (offer && games.some((g) => g.id === offer.game)) {
    Object.assign(draft, { game: offer.game, kind: offer.kind, drill: offer.text, key: '' });
    saveDraft(storage(), draft);
  }
  /** @type {TeacherExercise | null} */
  let proven = null;
  let provenFor = ''; // the draft's task, as JSON, the proof is of
  /** @type {PositionEditor | null} */
  let editor = null;
  let editorGame = ''; // the game the editor on screen is for
  let showing = 0; // the latest showGame(); an older one that finishes loading late draws nothing
  /** @type {any} the table read from the pasted calculator link (null: none read) */
  let table = null;
  /** @type {HTMLElement | null} */
  let tableBox = null;
  /** @type {HTMLElement | null} */
  let drillBox = null;
  /** @type {DrillField | null} the drill position's field (a game whose module reads drills) */
  let drill = null;

  const gameSelect = select(games.map((g) => [g.id, g.name]));
  const work = make('div', { class: 'maker-work' });
  const kindSelect = select([]);
  const mateIn = select([['', words.shortest], ...Array.from({ length: MAX_WIN }, (_, i) => /** @type {[string, string]} */ ([String(i + 1), fill(words.moves, { n: i + 1 })]))]);
  const kindNote = make('p', { class: 'note', id: 'maker-kind-note' });
  kindSelect.setAttribute('aria-describedby', 'maker-kind-note');
  const countMove = /** @type {HTMLInputElement} */ (make('input', { class: 'teach-input', type: 'text', autocomplete: 'off',
    spellcheck: 'false', maxlength: '40', 'aria-describedby': 'maker-count-move-note' }));
  const countAsk = select(COUNT_ASKS.map((ask) => /** @type {[string, string]} */ ([ask, words[/** @type {'countAsk_limit'} */ (`countAsk_${ask}`)]])));
  const countBox = make('div', { class: 'maker-count' }, field('maker-count-move', words.countMove, countMove),
    make('p', { class: 'note', id: 'maker-count-move-note' }, words.countMoveNote), field('maker-count-ask', words.countAsk, countAsk));
  const taskBox = make('div', { class: 'maker-task' }, field('maker-kind', words.task, kindSelect), kindNote, field('maker-mate-in', words.mateIn, mateIn), countBox);
  const title = /** @type {HTMLInputElement} */ (make('input', { class: 'teach-input', type: 'text', autocomplete: 'off', maxlength: String(X_LIMITS.title) }));
  const hints = Array.from({ length: MAX_HINTS }, (_, i) => {
    const input = /** @type {HTMLInputElement} */ (make('input', { class: 'teach-input', type: 'text', autocomplete: 'off',
      id: `maker-hint-${i + 1}`, maxlength: String(X_LIMITS.hint), 'aria-label': fill(words.hint, { n: i + 1 }) }));
    input.placeholder = fill(words.hint, { n: i + 1 });
    return input;
  });
  const hintBox = make('fieldset', { class: 'maker-hints' }, make('legend', {}, words.hints), ...hints);
  const prove = make('button', { type: 'button', class: 'teach-button teach-primary', id: 'maker-prove' }, words.prove);
  const status = make('p', { class: 'teach-status', id: 'maker-status', role: 'status' });
  const result = make('div', { class: 'maker-result teach-ok', id: 'maker-result' });
  const problem = make('p', { class: 'teach-error', id: 'maker-problem', role: 'alert' });
  const add = make('button', { type: 'button', class: 'teach-button teach-primary', id: 'maker-add', 'aria-describedby': 'maker-add-note' }, words.add);
  const addNote = make('p', { class: 'note', id: 'maker-add-note' }, words.addFirst);
  const stored = make('p', { class: 'teach-error', id: 'maker-stored', role: 'alert' });
  for (const node of [result, problem, stored]) node.hidden = true;
  host.append(field('maker-game', words.game, gameSelect), work, taskBox, field('maker-title', words.title, title), hintBox,
    make('div', { class: 'teach-actions' }, prove), status, result, problem, make('div', { class: 'teach-actions' }, add), addNote, stored);

  const game = () => /** @type {MakerGame} */ (games.find((g) => g.id === gameSelect.value) ?? games[0]);
  const isBoard = () => Boolean(game().start);

  /**
   * The catalog kinds a teacher can make for the chosen game: a forced win under the catalog's
   * name for it, and a best move where the catalog has best moves (the games whose best moves the
   * engine's `prove` proves within its budget: a game with drops in hand mostly runs out of it),
   * and a counting number where the catalog has counting questions (its words come from the
   * game's module); or a Dummy figure.
   */
  function kindsOf(/** @type {MakerGame} */ g) {
    const used = new Set(catalog.items.filter((item) => item.game === g.id).map((item) => item.kind));
    if (!g.start) {
      return ['scoring', ...DRILL_KINDS.filter((kind) => used.has(kind) && (drill?.allows(kind) ?? true))];
    }
    return [WIN_KINDS.find((kind) => used.has(kind)) ?? 'mate', ...[BEST_MOVE, COUNTING].filter((kind) => used.has(kind))];
  }

  /** The kinds offered again (a drill read: its phase's), keeping the chosen one where it still is. */
  function refreshKinds() {
    const kinds = kindsOf(game());
    const was = kindSelect.value || draft.kind;
    kindSelect.replaceChildren(...kinds.map((kind) => make('option', { value: kind }, catalog.kinds[kind] ?? kind)));
    kindSelect.value = kinds.includes(was) ? was : (DRILL_KINDS.includes(was) && kinds.find((k) => DRILL_KINDS.includes(k))) || kinds[0];
    showKind();
  }

  /** Say what the chosen kind asks of the students; the number of moves only for a forced win. */
  function showKind() {
    const win = WIN_KINDS.includes(kindSelect.value);
    const counting = kindSelect.value === COUNTING;
    const isDrill = DRILL_KINDS.includes(kindSelect.value);
    kindNote.textContent = !isBoard() ? (isDrill ? words.kindDrill : '') : win ? words.kindWin : counting ? words.kindCount : words.kindBest;
    kindNote.hidden = isBoard() ? false : !isDrill;
    if (tableBox) tableBox.hidden = isDrill;
    if (drillBox) drillBox.hidden = !isDrill;
    drill?.nodes.keys.closest('.teach-field')?.toggleAttribute('hidden', kindSelect.value !== KEY_KIND);
    mateIn.closest('.teach-field')?.toggleAttribute('hidden', !win);
    countBox.hidden = !counting;
  }

  /** What is proven: the game, kind and task (title and hints may change after the proof). */
  function task() {
    const g = game();
    if (!isBoard() && DRILL_KINDS.includes(kindSelect.value)) {
      return { game: g.id, kind: kindSelect.value, drill: drill?.position(kindSelect.value) ?? null, key: kindSelect.value === KEY_KIND ? drill?.key ?? '' : '' };
    }
    if (!isBoard()) return { game: g.id, kind: kindSelect.value, table, question: question() };
    const position = editor?.fenText ?? '';
    if (kindSelect.value === BEST_MOVE) return { game: g.id, kind: BEST_MOVE, position };
    if (kindSelect.value === COUNTING) {
      const moves = countMove.value.trim() ? countMove.value.trim().split(/[\s,]+/) : [];
      return { game: g.id, kind: COUNTING, position, moves, ask: countAsk.value };
    }
    return { game: g.id, kind: kindSelect.value, position, mate_in: mateIn.value ? Number(mateIn.value) : null };
  }

  function question() {
    const ask = /** @type {HTMLSelectElement | null} */ (host.querySelector('#maker-ask'))?.value ?? 'net';
    const player = /** @type {HTMLSelectElement | null} */ (host.querySelector('#maker-player'))?.value ?? 'P1';
    return { ask, player: ask === 'nets' ? '' : player, item: '' };
  }

  /** Keep the draft; say so when the storage refuses it. */
  function keep() {
    const g = game();
    draft.game = g.id;
    draft.kind = kindSelect.value;
    draft.mateIn = mateIn.value ? Number(mateIn.value) : null;
    draft.countMove = countMove.value;
    draft.countAsk = countAsk.value;
    if (editor) draft.positions[editorGame] = editor.fen.value;
    const tableText = /** @type {HTMLTextAreaElement | null} */ (host.querySelector('#maker-table'));
    if (tableText) draft.table = tableText.value;
    const drillText = /** @type {HTMLTextAreaElement | null} */ (host.querySelector('#maker-drill'));
    if (drillText) draft.drill = drillText.value;
    if (drill?.key) draft.key = drill.key;
    draft.ask = question().ask;
    draft.player = /** @type {HTMLSelectElement | null} */ (host.querySelector('#maker-player'))?.value ?? draft.player;
    draft.title = title.value;
    draft.hints = hints.map((input) => input.value);
    const saved = saveDraft(storage(), draft);
    stored.textContent = saved === 'full' ? words.storageFull : '';
    stored.hidden = saved !== 'full';
  }

  /** Something changed: keep the draft; a proof of another task no longer counts. */
  function edited() {
    keep();
    const same = proven && JSON.stringify(task()) === provenFor;
    if (proven && !same) {
      proven = null;
      setState('editing');
      result.hidden = true;
      status.textContent = words.changed;
    }
    add.setAttribute('aria-disabled', String(!proven));
    addNote.hidden = Boolean(proven);
  }

  /** @param {'editing' | 'proving' | 'proven' | 'refused'} state */
  function setState(state) {
    host.dataset.state = state;
    prove.setAttribute('aria-disabled', String(state === 'proving'));
  }

  async function showGame() {
    const g = game();
    kindSelect.replaceChildren(...kindsOf(g).map((kind) => make('option', { value: kind }, catalog.kinds[kind] ?? kind)));
    if (kindsOf(g).includes(draft.kind)) kindSelect.value = draft.kind;
    showKind();
    editor = null;
    tableBox = drillBox = drill = null;
    work.replaceChildren();
    const mine = ++showing;
    const module = await loadTeacherGame(g.id);
    modules[g.id] = module;
    if (mine !== showing) return; // the game was chosen again meanwhile
    if (g.start) showBoard(g, /** @type {BoardGameModule} */ (module));
    else {
      tableBox = make('div', { class: 'maker-table-box' });
      work.append(tableBox);
      showTable(g, module, tableBox);
      if (module.readDrill) {
        drillBox = make('div', { class: 'maker-drill-box' });
        work.append(drillBox);
        showDrill(g, module, drillBox);
      }
      showKind();
    }
    edited();
  }

  /**
   * @param {MakerGame} g
   * @param {BoardGameModule} module
   */
  function showBoard(g, module) {
    /** @type {EditorSpec} */
    const spec = { files: g.files ?? 8, ranks: g.ranks ?? 8, sides: g.sides, start: g.start ?? '', pieces: module.pieces ?? [],
      isKing: module.isKing };
    const host = make('div', { class: 'maker-editor' });
    work.append(host);
    editor = new PositionEditor(host, module, spec, words, draft.positions[g.id] ?? g.start ?? '', edited);
    editorGame = g.id;
    editor.fen.addEventListener('input', edited);
    work.append(fromCatalog(g, async (data) => {
      const problem = editor?.setFen(data.position, true);
      return !problem;
    }, words.fromButton, words.fromDone));
  }

  /**
   * @param {MakerGame} g
   * @param {any} module the game's module (readTable, asks, seatName)
   * @param {HTMLElement} box where it goes
   */
  function showTable(g, module, box) {
    const text = /** @type {HTMLTextAreaElement} */ (make('textarea', { class: 'teach-textarea', rows: '3', spellcheck: 'false',
      'aria-describedby': 'maker-table-state' }));
    text.value = draft.table;
    const state = make('p', { class: 'teach-status', id: 'maker-table-state', role: 'status' });
    const ask = select(Object.entries(module.asks));
    ask.value = draft.ask in module.asks ? draft.ask : 'net';
    const player = select(g.sides.map((pid) => [pid, module.seatName(pid)]));
    player.value = g.sides.includes(draft.player) ? draft.player : g.sides[0];
    const playerBox = field('maker-player', words.player, player);
    const showSeat = () => playerBox.toggleAttribute('hidden', ask.value === 'nets');
    const read = async () => {
      const pasted = text.value;
      if (!pasted.trim()) {
        table = null;
        state.textContent = words.tableEmpty;
        return;
      }
      try {
        const value = await module.readTable(tableLinkText(pasted));
        if (text.value !== pasted) return;
        table = value;
        const players = Array.isArray(value.players) ? value.players : [];
        const cards = players.reduce((n, p) => n + (p.hand?.length ?? 0) + (p.layoffs?.length ?? 0)
          + (p.melds ?? []).reduce((m, meld) => m + (meld.cards?.length ?? 0), 0), 0);
        state.textContent = fill(words.tableOk, { n: players.length, cards });
      } catch (err) {
        if (text.value !== pasted) return;
        table = null;
        state.textContent = fill(words[err.reason] ?? words.unreadable, err.detail ?? {});
      }
    };
    const changed = async () => {
      await read();
      edited();
    };
    text.addEventListener('input', changed);
    ask.addEventListener('change', () => { showSeat(); edited(); });
    player.addEventListener('change', edited);
    showSeat();
    box.append(field('maker-table', words.table, text, words.tableNote), state,
      fromCatalog(g, async (data) => {
        if (!data.calculator) return false;
        text.value = data.calculator;
        await read();
        return Boolean(table);
      }, words.fromTableButton, words.fromTableDone, ['scoring']),
      make('div', { class: 'maker-task' }, field('maker-ask', words.ask, ask), playerBox));
    read().then(edited);
  }

  /**
   * A drill's position (maker-drill.js DrillField): pasted, handed over or taken from a catalog
   * drill; once read, the kinds its phase allows are offered and a collect's key card is picked.
   * @param {MakerGame} g
   * @param {any} module the game's module (readDrill, seatName, cardText)
   * @param {HTMLElement} box where it goes
   */
  function showDrill(g, module, box) {
    const text = /** @type {HTMLTextAreaElement} */ (make('textarea', { class: 'teach-textarea', rows: '6', spellcheck: 'false',
      'aria-describedby': 'maker-drill-state' }));
    text.value = draft.drill;
    const state = make('p', { class: 'teach-status', id: 'maker-drill-state', role: 'status' });
    const keys = select([]);
    box.append(field('maker-drill', words.drill, text, words.drillNote), state, field('maker-key', words.key, keys));
    const positionField = new DrillField({ text, state, keys }, { game: g.id, module, key: draft.key, words,
      onEdit: edited, onRead: () => { refreshKinds(); edited(); } });
    drill = positionField;
    box.append(fromCatalog(g, async (data) => {
      if (typeof data.position !== 'string' || !DRILL_KINDS.includes(data.kind)) return false;
      draft.kind = data.kind;
      kindSelect.value = data.kind;
      return positionField.use(data.position);
    }, words.fromDrillButton, words.fromDrillDone, DRILL_KINDS, 'maker-drill-from'));
  }

  /**
   * The "start from a catalog exercise" row: a select of the game's exercises of `only` kinds
   * (all it offers when absent) and a button that hands the exercise's page data to `use` (true
   * when it was used). `id`: the select's id and the row's class (a drill's row is another one).
   * @param {MakerGame} g
   * @param {(data: any) => Promise<boolean>} use
   * @param {string} label
   * @param {string} done
   * @param {string[]} [only]
   * @param {string} [id]
   */
  function fromCatalog(g, use, label, done, only = kindsOf(g), id = 'maker-from') {
    const kinds = new Set(only);
    const items = catalog.items.filter((item) => item.game === g.id && kinds.has(item.kind));
    const from = select(items.map((item) => [item.id, item.title]));
    const button = make('button', { type: 'button', class: 'teach-button', 'data-act': 'from' }, label);
    const said = make('p', { class: 'teach-status', role: 'status' });
    button.addEventListener('click', async () => {
      const item = items.find((i) => i.id === from.value);
      if (!item) return;
      said.textContent = words.fromLoading;
      const data = await fetchPuzzleData(item.url);
      const used = data ? await use(data) : false;
      said.textContent = used ? fill(done, { title: item.title }) : words.fromFailed;
      if (used) edited();
    });
    const box = make('div', { class: id }, field(id, words.from, from), button, said);
    if (!items.length) box.hidden = true;
    return box;
  }

  async function proveDraft() {
    if (host.dataset.state === 'proving') return;
    keep();
    const draftTask = task();
    setState('proving');
    problem.hidden = true;
    result.hidden = true;
    status.textContent = engine.status === 'ready' ? words.proving : words.loading;
    /** @type {any} the prove op's reply (a best move's gain and accepted moves are said in words) */
    let proof = null;
    const call = async (/** @type {any} */ request) => {
      await engine.ready;
      status.textContent = words.proving;
      const reply = await engine.call(request, { timeout: PROVE_TIMEOUT_MS });
      if (request.op === 'prove') proof = reply;
      return reply;
    };
    try {
      const x = await proveExercise(call, { ...draftTask, title: title.value, hints: hints.map((h) => h.value) });
      if (JSON.stringify(task()) !== JSON.stringify(draftTask)) {
        setState('editing');
        status.textContent = words.changed;
        return;
      }
      proven = x;
      provenFor = JSON.stringify(draftTask);
      status.textContent = '';
      showProof(x, proof);
      setState('proven');
    } catch (err) {
      const error = /** @type {any} */ (err);
      proven = null;
      status.textContent = '';
      const why = error?.code === 'ENGINE_STOPPED' ? fill(words.stopped, { why: error.message })
        : error?.code === 'BUDGET_EXCEEDED' ? fill(words.refused, { why: words.overBudget })
        : error?.words ? fill(words.refused, { why: error.words[lang] || error.words.en }) : fill(words.stopped, { why: String(error?.message ?? error) });
      problem.textContent = why;
      problem.hidden = false;
      setState('refused');
    }
    edited();
  }

  /**
   * The proof in words: the goal, then the key move and its line (a best move: what it wins and
   * which other moves count as right, from the prove op's `reply`).
   * @param {TeacherExercise} x
   * @param {any} reply
   */
  function showProof(x, reply) {
    const data = /** @type {any} */ (x.data);
    const lines = [fill(words.proven, { goal: goalOf(x) })];
    const line = Array.isArray(data.line) ? data.line : [];
    if (x.kind === BEST_MOVE && reply) {
      const [move] = line;
      lines.push(fill(reply.gain >= MATE_GAIN ? words.bestMate : words.bestKey, { move, gain: reply.gain, line: line.join(' ') }));
      const also = (reply.accepted ?? []).filter((/** @type {string} */ m) => m !== move);
      lines.push(also.length ? fill(words.bestAlso, { moves: also.join(', ') }) : words.bestOnly);
    } else if (line.length) lines.push(fill(words.keyMove, { move: line[0], line: line.join(' ') }));
    if (x.kind === COUNTING) lines.push(fill(words.countAnswer, { answer: data.answer }));
    if (DRILL_KINDS.includes(x.kind) && reply?.quiz) {
      const quiz = quizIn(reply.quiz, lang);
      const right = quiz.choices.filter((c) => quiz.correct.includes(c.id)).map((c) => c.label);
      lines.push(quiz.prompt, fill(words.drillRight, { answers: right.join(', ') }), quiz.explanation);
    }
    if (data.table) lines.push(words.provenTable);
    result.replaceChildren(...lines.map((line) => make('p', {}, line)));
    result.hidden = false;
  }

  async function addProven() {
    if (!proven) {
      status.textContent = words.addFirst;
      return;
    }
    keep();
    let x = proven;
    const teacher = { title: title.value.trim(), hints: hints.map((h) => h.value.trim()).filter(Boolean) };
    try {
      x = cleanExercise({ game: x.game, kind: x.kind, data: x.data, ...teacher });
    } catch {
      status.textContent = words.changed;
      return;
    }
    const refused = await onAdd(x);
    problem.textContent = refused ?? '';
    problem.hidden = !refused;
    if (!refused) status.textContent = fill(words.added, { title: exerciseTitle(x) });
  }

  // restore the draft, then follow every change
  gameSelect.value = games.some((g) => g.id === draft.game) ? draft.game : games[0].id;
  mateIn.value = draft.mateIn === null ? '' : String(Math.min(draft.mateIn, MAX_WIN));
  countMove.value = draft.countMove;
  countAsk.value = COUNT_ASKS.includes(draft.countAsk) ? draft.countAsk : COUNT_ASKS[0];
  title.value = draft.title;
  hints.forEach((input, i) => { input.value = draft.hints[i] ?? ''; });
  gameSelect.addEventListener('change', () => {
    keep();
    showGame();
  });
  kindSelect.addEventListener('change', showKind);
  for (const control of [kindSelect, mateIn, countAsk]) control.addEventListener('change', edited);
  countMove.addEventListener('input', edited);
  for (const input of [title, ...hints]) input.addEventListener('input', edited);
  prove.addEventListener('click', proveDraft);
  add.addEventListener('click', addProven);
  setState('editing');
  if (offer) {
    status.textContent = words.handedOff;
    host.scrollIntoView();
  }
  return showGame();
}

/** The page's localStorage, or null where the browser blocks it. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
