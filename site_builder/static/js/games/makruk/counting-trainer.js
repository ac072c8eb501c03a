/**
 * Counting trainer page (#kr-trainer): the reader picks a material balance, gets a random
 * position (reproducible from ?material=…&seed=…, so it can be shared), plays White against a
 * bare black Khun that the engine defends (counting-defender.js), and the count runs in the
 * board's count panel. The page says when White mates inside the count, or when the count
 * runs out (a draw).
 *
 * #kr-trainer data: data-materials (JSON list of {id, pieces, label, start, limit, moves,
 * horizon}, computed at build time: numbers by the engine, horizon = the defend op's depth for
 * that material), data-horizon (default horizon), data-random (id of "random").
 * State for tests: #kr-trainer[data-state] loading|ready|failed, [data-outcome] ""|mate|draw,
 * [data-thinking] true|false, [data-material], [data-seed].
 */
import { engine } from '../../core/engine-client.js';
import { errorText } from '../../core/i18n.js';
import { Board } from '../../boards/board.js';
import { startPage } from '../../boards/live-figure.js';
import makruk from './index.js';
import { numeralWords } from './count-panel.js';
import { attachDefender } from './counting-defender.js';
import { Lcg, MAX_TRIES, acceptable, candidate, notLost, randomMaterial } from './counting-setup.js';

const STRINGS = {
  th: {
    material: 'หมากของฝ่ายขาว',
    random: 'สุ่มแบบหมาก',
    summary: 'เริ่มนับที่ {start} ครบที่ {limit} ({moves} ตา)',
    newPosition: 'ตำแหน่งใหม่',
    restart: 'เล่นตำแหน่งนี้ใหม่',
    share: 'ลิงก์ของตำแหน่งนี้',
    goal: 'คุณเล่นฝ่ายขาว ({label}) ขุนดำเหลือตัวเดียวจึงเป็นฝ่ายนับศักดิ์หมาก เริ่มนับที่ {start} และนับครบที่ {limit} '
      + 'คุณมี {moves} ตาที่จะรุกให้จน ถ้าจนไม่ได้ เกมเสมอ',
    goalNone: 'คุณเล่นฝ่ายขาว ({label}) เลขเริ่มนับ {start} เกินขีดจำกัด {limit} แล้ว เกมจึงเสมอทันที',
    thinking: 'ขุนดำกำลังคิด…',
    yourMove: 'ตาคุณเดิน (ขาว)',
    mate: 'จนแล้ว! ขาวรุกจนได้ก่อนนับครบ — คุณชนะ (ดำนับถึง {count} จาก {limit})',
    counting: 'นับครบ {limit} แล้วยังไม่จน — เสมอ ลองเล่นใหม่หรือขอตำแหน่งใหม่',
    stalemate: 'อับ — เสมอ ขุนดำไม่ถูกรุกแต่ไม่มีตาเดิน ระวังอย่าปิดทางขุนโดยไม่รุก',
    insufficient_material: 'ขุนดำกินหมากตัวสุดท้ายของขาว — เสมอ',
    repetition: 'ตำแหน่งเดิมเกิดซ้ำจนครบ — เสมอ',
    draw: 'เสมอ',
    generating: 'กำลังจัดตำแหน่ง…',
    noPosition: 'จัดตำแหน่งจากเลขนี้ไม่ได้ ลองขอตำแหน่งใหม่',
  },
  en: {
    material: "White's pieces",
    random: 'Random material',
    summary: 'count starts at {start}, limit {limit} ({moves} moves)',
    newPosition: 'New position',
    restart: 'Restart this position',
    share: 'Link to this position',
    goal: "You play White ({label}). Black has a bare Khun, so Black counts the pieces' honour: the count "
      + 'starts at {start} and ends at {limit}. You have {moves} moves to give mate; if you cannot, the game is drawn.',
    goalNone: 'You play White ({label}). The start number {start} is already past the limit {limit}, so the game is drawn at once.',
    thinking: 'Black is thinking…',
    yourMove: 'Your move (White)',
    mate: 'Checkmate inside the count — you win (Black had counted {count} of {limit}).',
    counting: 'The count reached {limit} with no mate — a draw. Restart or ask for a new position.',
    stalemate: 'Stalemate — a draw: the black Khun is not in check but has no move. Do not box it in without check.',
    insufficient_material: "The black Khun took White's last piece — a draw.",
    repetition: 'The same position came back too often — a draw.',
    draw: 'Draw',
    generating: 'Setting up the position…',
    noPosition: 'No position could be set up from this number; ask for a new one.',
  },
};

const s = numeralWords(STRINGS);

const root = document.getElementById('kr-trainer');
const materials = JSON.parse(root.dataset.materials);
const horizon = Number(root.dataset.horizon) || 3;
const RANDOM = root.dataset.random || 'random';

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {HTMLElement} parent
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function add(parent, tag, className, text = '') {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text) el.textContent = text;
  parent.append(el);
  return el;
}

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

/** ?material=…&seed=… of the page, defaults filled in. */
function readParams() {
  const params = new URLSearchParams(location.search);
  const wanted = params.get('material');
  const material = wanted === RANDOM || materials.some((m) => m.id === wanted) ? wanted : materials[0].id;
  const raw = params.get('seed');
  const seed = raw && /^\d{1,10}$/.test(raw) && Number(raw) < 2 ** 32 ? Number(raw) : randomSeed();
  return { material, seed };
}

/**
 * @param {string} material
 * @param {number} seed
 */
function shareUrl(material, seed) {
  const url = new URL(location.href);
  url.search = new URLSearchParams({ material, seed: String(seed) }).toString();
  url.hash = '';
  return url;
}

/**
 * The first engine-accepted candidate for `material` (an id, or "random") and `seed`.
 * @param {string} material
 * @param {number} seed
 */
async function generate(material, seed) {
  const id = material === RANDOM ? randomMaterial(materials.map((m) => m.id), seed) : material;
  const info = materials.find((m) => m.id === id);
  const rng = new Lcg(seed);
  for (let i = 0; i < MAX_TRIES; i++) {
    const fen = candidate(rng, info.pieces, info.limit);
    const reply = await engine.call({ op: 'play', game: 'makruk', position: fen });
    if (!acceptable(reply)) continue;
    const defence = await engine.call({ op: 'defend', game: 'makruk', position: fen, horizon: 1 });
    if (notLost(defence)) return { fen, info };
  }
  return null;
}

function buildUi() {
  const form = add(root, 'form', 'kr-trainer-form');
  const label = add(form, 'label', '', s('material'));
  label.htmlFor = 'kr-trainer-material';
  const select = add(form, 'select', 'kr-trainer-select');
  select.id = 'kr-trainer-material';
  for (const m of materials) {
    const option = add(select, 'option', '', `${m.label} — ${s('summary', m)}`);
    option.value = m.id;
  }
  add(select, 'option', '', s('random')).value = RANDOM;
  const bar = add(form, 'div', 'kr-controls');
  const button = (action, key) => {
    const el = add(bar, 'button', 'kr-btn', s(key));
    el.type = 'button';
    el.dataset.action = action;
    return el;
  };
  const fresh = button('new-position', 'newPosition');
  const restart = button('restart', 'restart');
  const goal = add(root, 'p', 'kr-trainer-goal');
  const turn = add(root, 'p', 'kr-trainer-turn');
  turn.setAttribute('aria-hidden', 'true'); // the board's own status line says it to screen readers
  const host = add(root, 'div', 'kr-trainer-board');
  const outcome = add(root, 'p', 'kr-trainer-outcome');
  outcome.setAttribute('role', 'status');
  const share = add(add(root, 'p', 'kr-trainer-share'), 'a', '', s('share'));
  return { form, select, fresh, restart, goal, turn, host, outcome, share };
}

function main() {
  const ui = buildUi();
  let board = null;
  let current = null; // {material, seed, fen, info}
  let defender = () => {}; // detaches the engine's defence (a new one per material: its horizon)

  const setBusy = (busy) => {
    ui.select.disabled = busy;
    ui.fresh.disabled = busy;
    ui.restart.disabled = busy || !current;
  };

  const showOutcome = ({ thinking, outcome, state, error = null }) => {
    root.dataset.thinking = String(thinking);
    root.dataset.outcome = outcome ? (outcome.result === 'mate' ? 'mate' : outcome.result) : '';
    root.dataset.reason = outcome?.reason ?? '';
    ui.turn.textContent = outcome ? '' : thinking ? s('thinking') : s('yourMove');
    if (!outcome) {
      ui.outcome.textContent = error ? errorText(error) : ''; // the defender could not move: say why
      return;
    }
    const counting = state.status.counting || {};
    const vars = { count: counting.count ?? 0, limit: counting.limit ?? 0 };
    const key = outcome.result === 'mate' ? 'mate' : outcome.reason in STRINGS.en ? outcome.reason : 'draw';
    ui.outcome.textContent = s(key, vars);
  };

  async function open(material, seed, { push = true } = {}) {
    setBusy(true);
    root.dataset.outcome = '';
    ui.outcome.textContent = '';
    ui.turn.textContent = s('generating');
    const made = await generate(material, seed);
    if (!made) {
      ui.turn.textContent = '';
      ui.outcome.textContent = s('noPosition');
      setBusy(false);
      return;
    }
    current = { material, seed, ...made };
    const url = shareUrl(material, seed);
    if (push) history.replaceState(null, '', url);
    ui.share.href = url.pathname + url.search;
    ui.select.value = material;
    root.dataset.material = made.info.id;
    root.dataset.seed = String(seed);
    ui.goal.textContent = s(made.info.moves ? 'goal' : 'goalNone', made.info);
    if (!board) {
      board = new Board(ui.host, { game: makruk, position: made.fen, controls: ['flip'] });
      defender = attachDefender(board, { defender: 'black', horizon: made.info.horizon || horizon, onUpdate: showOutcome });
      const reply = await board.start();
      if (!reply.ok) throw new Error(reply.error.message);
    } else {
      defender();
      await board.load(made.fen);
      defender = attachDefender(board, { defender: 'black', horizon: made.info.horizon || horizon, onUpdate: showOutcome });
    }
    setBusy(false);
  }

  startPage(root, async () => {
    await engine.ready;
    const { material, seed } = readParams();
    ui.select.addEventListener('change', () => open(ui.select.value, randomSeed()));
    ui.fresh.addEventListener('click', () => open(ui.select.value, randomSeed()));
    ui.restart.addEventListener('click', () => board && board.reset());
    ui.form.addEventListener('submit', (e) => e.preventDefault());
    await open(material, seed);
  });
}

main();
