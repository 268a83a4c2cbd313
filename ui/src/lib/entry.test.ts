import { describe, expect, it } from 'vitest';
import {
  initialEntry,
  step,
  tableResult,
  tableStep,
  typedTableWords,
  type EntryState,
  type Step,
  type TableEvent,
} from './entry';
import { translate } from './i18n';

const boards = [1, 2, 3, 5];

/** Presses keys in turn, collecting what would be saved. */
function press(keys: string[], start: EntryState = initialEntry) {
  let state = start;
  const saved: Step['commit'][] = [];
  for (const key of keys) {
    const out = step(state, key, boards);
    state = out.state;
    if (out.commit) saved.push(out.commit);
  }
  return { state, saved };
}

describe('keyboard result entry', () => {
  it('enters a whole round: board, then result and Enter per board', () => {
    const { saved, state } = press(['1', 'Enter', '1', 'Enter', '0', 'Enter', '=', 'Enter', '+', 'Enter']);
    expect(saved).toEqual([
      { board: 1, result: '1-0' },
      { board: 2, result: '0-1' },
      { board: 3, result: '1/2' },
      { board: 5, result: '+-' },
    ]);
    expect(state.mode).toBe('board');
  });

  it('goes straight to a board by number, two digits included', () => {
    const many = Array.from({ length: 12 }, (_, i) => i + 1);
    let s = initialEntry;
    for (const k of ['1', '2', ' ']) s = step(s, k, many).state;
    expect(s).toMatchObject({ mode: 'result', board: 12 });
    const out = step(step(s, '-', many).state, 'Enter', many);
    expect(out.commit).toEqual({ board: 12, result: '-+' });
  });

  it('refuses a board that is not in the round and says why', () => {
    const { state, saved } = press(['4', 'Enter']);
    expect(state.mode).toBe('board');
    expect(state.problem).toBe('entry.noSuchBoard');
    expect(saved).toEqual([]);
  });

  it('Enter without a result skips the board; Backspace and Escape take keys back', () => {
    expect(press(['2', 'Enter', 'Enter']).state.board).toBe(3);
    expect(press(['2', 'Enter', '1', 'Backspace', 'Enter']).saved).toEqual([]);
    expect(press(['2', 'Enter', '1', 'Escape']).state).toEqual(initialEntry);
    expect(press(['2', 'Backspace', '3', 'Enter']).state.board).toBe(3);
  });

  it('double forfeit and the draw on 5 for the numeric keypad', () => {
    expect(press(['1', 'Enter', 'x', 'Enter']).saved).toEqual([{ board: 1, result: '0-0' }]);
    expect(press(['1', 'Enter', '5', 'Enter']).saved).toEqual([{ board: 1, result: '1/2' }]);
  });

  it('in a team event Enter walks through the boards of a match, then to the next match', () => {
    let state = initialEntry;
    const saved: Step['commit'][] = [];
    for (const key of ['2', 'Enter', '1', 'Enter', '=', 'Enter', '0', 'Enter']) {
      const out = step(state, key, [1, 2], 3);
      state = out.state;
      if (out.commit) saved.push(out.commit);
    }
    expect(saved).toEqual([
      { board: 2, game: 1, result: '1-0' },
      { board: 2, game: 2, result: '1/2' },
      { board: 2, game: 3, result: '0-1' },
    ]);
    // The last match's last board done: back to typing a match number.
    expect(state.mode).toBe('board');
  });

  it('arrows move between boards; other keys are flagged', () => {
    const down = press(['2', 'Enter', 'ArrowDown', 'ArrowDown']);
    expect(down.state.board).toBe(5);
    expect(press(['2', 'Enter', 'q']).state.problem).toBe('entry.unknownKey');
  });
});

describe('keyboard entry at tables', () => {
  const tables = [1, 2, 3];
  function pressAt(keys: string[], table: TableEvent) {
    let state = initialEntry;
    const saved: Step['commit'][] = [];
    const problems: string[] = [];
    for (const key of keys) {
      const out = tableStep(state, key, tables, table);
      state = out.state;
      if (out.commit) saved.push(out.commit);
      if (out.state.problem) problems.push(out.state.problem);
    }
    return { state, saved, problems };
  }
  const checkers = { size: 3, junqi: false };

  it('takes the winner, or the finishing order, after the table number', () => {
    const { saved } = pressAt(['1', 'Enter', '2', 'Enter', '3', '1', '2', 'Enter', '2', '3', 'Enter'], checkers);
    expect(saved).toEqual([
      { board: 1, result: 'win:2' },
      { board: 2, result: 'order:3,1,2' },
      // The last seat need not be typed.
      { board: 3, result: 'order:2,3,1' },
    ]);
  });

  it('refuses a seat not at the table, a seat twice and an order cut short', () => {
    const six = { size: 6, junqi: false };
    const { saved, problems } = pressAt(['1', 'Enter', '7', '2', '2', '3', 'Enter'], six);
    expect(problems).toEqual(['entry.noSuchSeat', 'entry.seatTwice', 'entry.orderIncomplete']);
    expect(saved).toEqual([]);
  });

  it('reads four-player Junqi by side', () => {
    const { saved } = pressAt(['1', 'Enter', 'n', 'Enter', 'e', 'Enter', '=', 'Enter'], { size: 4, junqi: true });
    expect(saved).toEqual([
      { board: 1, result: 'south-north' },
      { board: 2, result: 'east-west' },
      { board: 3, result: '1/2' },
    ]);
  });

  it('reads a Junqi escape by the escaper\'s seat, partner-out after it', () => {
    const junqi = { size: 4, junqi: true };
    const { saved } = pressAt(['1', 'Enter', 't', 'w', 'Enter', 't', 'e', 'p', 'Enter'], junqi);
    expect(saved).toEqual([
      { board: 1, result: 'escape:west' },
      { board: 2, result: 'escape:east:partner-out' },
    ]);
  });

  it('spells out what the seats typed make', () => {
    expect(tableResult('', 4)).toBeNull();
    expect(tableResult('3', 4)).toBe('win:3');
    expect(tableResult('31', 4)).toBeNull();
    expect(tableResult('314', 4)).toBe('order:3,1,4,2');
  });
});

describe('a table result typed, in words', () => {
  const zh = (key: string, params?: Record<string, unknown>) => translate('zh', key, params);
  const en = (key: string, params?: Record<string, unknown>) => translate('en', key, params);

  it('says each result of the vocabulary while it is typed', () => {
    expect(typedTableWords('win:3', zh, true)).toBe('3号胜');
    expect(typedTableWords('order:3,1,2', zh, true)).toBe('名次 3、1、2');
    expect(typedTableWords('order:3,1,2', en, false)).toBe('order 3, 1, 2');
    expect(typedTableWords('south-north', zh, true)).toBe('南北方胜');
    expect(typedTableWords('escape:west:partner-out', zh, true)).toBe('西方逃跑（同伴已出局）');
    expect(typedTableWords('none', en, false)).toBe('no result');
    expect(typedTableWords('1-0', zh, true)).toBe('1-0');
  });
});
