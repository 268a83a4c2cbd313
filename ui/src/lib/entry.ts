// Keyboard-only result entry: type a board number, Enter (or Space, Tab) to go to it,
// then a result key; Enter saves it and moves to the next board. In a team event a
// "board" is a team match and Enter walks through its boards (games) first. Pure, so
// it is tested without a browser.

/** The result texts the service reads (see crates/service/src/entry.rs). */
export type ResultText = '1-0' | '0-1' | '1/2' | '+-' | '-+' | '0-0';

export const RESULT_KEYS: Record<string, ResultText> = {
  '1': '1-0',
  '0': '0-1',
  '=': '1/2',
  '5': '1/2',
  '+': '+-',
  '-': '-+',
  x: '0-0',
  X: '0-0',
};

export interface EntryState {
  mode: 'board' | 'result';
  /** Digits typed so far in board mode. */
  typed: string;
  /** The board results go to. */
  board: number | null;
  /** The board within a team match (1-based); always 1 for individuals. */
  game: number;
  /** The result to save on Enter: a two-sided game's code, or a table's (win:2). */
  pending: string | null;
  /** Why the last key did nothing (a message key), or null. */
  problem: string | null;
}

export const initialEntry: EntryState = {
  mode: 'board',
  typed: '',
  board: null,
  game: 1,
  pending: null,
  problem: null,
};

export interface Step {
  state: EntryState;
  /** A result to save; `game` only in team events. */
  commit?: { board: number; game?: number; result: string };
}

function neighbour(boards: number[], board: number, direction: 1 | -1): number | null {
  const sorted = [...boards].sort((a, b) => a - b);
  const i = sorted.indexOf(board);
  if (i < 0) return sorted[0] ?? null;
  return sorted[i + direction] ?? null;
}

/**
 * One key press. `boards` are the boards of the round that take a result (byes
 * excluded); `games` is the number of boards of a team match (1 for individuals).
 * After the last board, Enter returns to board mode.
 */
export function step(state: EntryState, key: string, boards: number[], games = 1): Step {
  const s: EntryState = { ...state, problem: null };
  if (key === 'Escape') return { state: { ...initialEntry } };
  if (s.mode === 'board') {
    if (/^[0-9]$/.test(key)) return { state: { ...s, typed: (s.typed + key).replace(/^0+/, '') } };
    if (key === 'Backspace') return { state: { ...s, typed: s.typed.slice(0, -1) } };
    if (key === 'Enter' || key === ' ' || key === 'Tab') {
      if (!s.typed) return { state: s };
      const board = Number(s.typed);
      if (!boards.includes(board)) {
        return { state: { ...s, typed: '', problem: 'entry.noSuchBoard' } };
      }
      return { state: { ...s, mode: 'result', typed: '', board, game: 1, pending: null } };
    }
    return { state: s };
  }
  // Result mode.
  const board = s.board ?? boards[0];
  if (key in RESULT_KEYS) return { state: { ...s, pending: RESULT_KEYS[key] } };
  if (key === 'Backspace') return { state: { ...s, pending: null } };
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    const next = neighbour(boards, board, key === 'ArrowDown' ? 1 : -1);
    return { state: { ...s, board: next ?? board, game: 1, pending: null } };
  }
  if (key === '/' || key === 'g') return { state: { ...initialEntry } };
  if (key === 'Enter') {
    const next = neighbour(boards, board, 1);
    const game = s.game ?? 1;
    const after: EntryState =
      game < games
        ? { ...s, game: game + 1, pending: null }
        : next === null
          ? { ...initialEntry }
          : { ...s, board: next, game: 1, pending: null };
    if (!s.pending) return { state: after };
    const commit = games > 1 ? { board, game, result: s.pending } : { board, result: s.pending };
    return { state: after, commit };
  }
  return { state: { ...s, problem: 'entry.unknownKey' } };
}

// Tables of three to six. Checkers: after the table number, type the winner's seat and
// Enter (`win:2`), or every seat in finishing order (`order:3,1,2`; the last seat may
// be left out). Four-player Junqi: s or n for south-north, e or w for east-west, = for
// a draw (70 moves without a capture), x for no result; t then the escaper's seat (s,
// e, n, w) for 逃跑, and p after it when his partner had already lost.

export const JUNQI_KEYS: Record<string, string> = {
  s: 'south-north',
  n: 'south-north',
  e: 'east-west',
  w: 'east-west',
  '=': '1/2',
  x: 'none',
};

/** Junqi's seats by key, for an escape (t, then the seat). */
const JUNQI_SEAT_KEYS: Record<string, string> = { s: 'south', e: 'east', n: 'north', w: 'west' };

/** A Junqi key after an escape's `t`: the escaper's seat, then `p` for partner-out. */
function junqiEscape(typed: string, key: string): { typed: string; pending: string } | null {
  const k = key.toLowerCase();
  if (typed === 't' && JUNQI_SEAT_KEYS[k]) return { typed: typed + k, pending: `escape:${JUNQI_SEAT_KEYS[k]}` };
  if (typed.length === 2 && typed[0] === 't' && k === 'p') {
    return { typed: typed + k, pending: `escape:${JUNQI_SEAT_KEYS[typed[1]]}:partner-out` };
  }
  return null;
}

export interface TableEvent {
  /** Seats at a table. */
  size: number;
  junqi: boolean;
}

/** The result the seats typed so far make, or null while they make none. */
export function tableResult(seats: string, size: number): string | null {
  if (seats.length === 0) return null;
  if (seats.length === 1) return `win:${seats}`;
  const order = seats.split('');
  if (order.length === size - 1) {
    // The last seat is the one not named.
    const last = Array.from({ length: size }, (_, i) => String(i + 1)).find((s) => !order.includes(s));
    if (last) order.push(last);
  }
  return order.length === size ? `order:${order.join(',')}` : null;
}

/**
 * One key press at a table event. `boards` are the round's tables that take a result
 * (sit-outs excluded). Enter saves what was typed and moves to the next table.
 */
export function tableStep(state: EntryState, key: string, boards: number[], table: TableEvent): Step {
  if (state.mode === 'board') return step(state, key, boards);
  if (['Escape', 'ArrowDown', 'ArrowUp', '/'].includes(key)) {
    return { state: { ...step(state, key, boards).state, typed: '' } };
  }
  const s: EntryState = { ...state, problem: null };
  const board = s.board ?? boards[0];
  if (key === 'Backspace') {
    const typed = s.typed.slice(0, -1);
    return { state: { ...s, typed, pending: table.junqi ? null : (tableResult(typed, table.size)) } };
  }
  if (table.junqi) {
    const escape = junqiEscape(s.typed, key);
    if (escape) return { state: { ...s, ...escape } };
    if (key.toLowerCase() === 't' && s.typed === '') return { state: { ...s, typed: 't', pending: null } };
    const result = JUNQI_KEYS[key.toLowerCase()];
    if (result) return { state: { ...s, typed: '', pending: result } };
  } else if (/^[1-9]$/.test(key)) {
    if (Number(key) > table.size) return { state: { ...s, problem: 'entry.noSuchSeat' } };
    if (s.typed.includes(key)) return { state: { ...s, problem: 'entry.seatTwice' } };
    const typed = s.typed + key;
    return { state: { ...s, typed, pending: tableResult(typed, table.size) } };
  }
  if (key === 'Enter') {
    if (!table.junqi && s.typed.length > 1 && s.pending === null) {
      return { state: { ...s, problem: 'entry.orderIncomplete' } };
    }
    const next = neighbour(boards, board, 1);
    const after: EntryState = next === null ? { ...initialEntry } : { ...s, board: next, typed: '', pending: null };
    if (!s.pending) return { state: after };
    return { state: after, commit: { board, result: s.pending } };
  }
  return { state: { ...s, problem: 'entry.unknownKey' } };
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A table's result as typed (`win:2`, `order:3,1,2`, `south-north`, `escape:west`), in
 * words while it is being typed: 2号胜, 名次 3、1、2, 南北方胜 … (codes it does not know
 * as they are). Saved results come back from the backend in its own words. */
export function typedTableWords(code: string, t: Translate, zh: boolean): string {
  const [kind, rest, partner] = code.split(':');
  if (kind === 'win') return t('rounds.tableResult.win', { seat: rest });
  if (kind === 'order') return t('rounds.tableResult.order', { order: rest.split(',').join(zh ? '、' : ', ') });
  if (kind === 'escape') {
    const who = t('rounds.tableResult.escape', { seat: t(`rounds.side.${rest}`) });
    return partner ? `${who}${t('rounds.tableResult.partnerOut')}` : who;
  }
  const plain: Record<string, string> = { 'south-north': 'southNorth', 'east-west': 'eastWest', '1/2': 'draw', none: 'none' };
  return plain[code] ? t(`rounds.tableResult.${plain[code]}`) : code;
}
