import { describe, expect, it } from 'vitest';
import { render } from './messages';
import { byName, displayPages, inColumns } from './display';
import type { DisplayView } from './types';

const side = (name: string, initials: string, points = 0) => ({ name, club: null, initials, points });

function view(groups: string[], boardsPerGroup: number): DisplayView {
  const pairings = groups.flatMap((group, g) =>
    Array.from({ length: boardsPerGroup }, (_, i) => ({
      group,
      board: g * boardsPerGroup + i + 1,
      red: side(`红${group}${i}`, `h${group}${i}`),
      black: side(`黑${group}${i}`, `b${group}${i}`),
      result: null,
    })),
  );
  const standings = pairings.flatMap((p, i) => [
    { group: p.group, rank: 2 * i + 1, shared_to: 2 * i + 1, name: p.red!.name, club: null, initials: p.red!.initials, points: 1, tiebreaks: [] },
    { group: p.group, rank: 2 * i + 2, shared_to: 2 * i + 2, name: p.black!.name, club: null, initials: p.black!.initials, points: 0, tiebreaks: [] },
  ]);
  return { event: '公开赛', stage: 1, stage_name: '第一阶段', round: 1, rounds: 9, knockout: false, pairings, standings, tiebreaks: [] };
}

describe('the public display', () => {
  it('shows every board, every player and every standing once, in pages that fit', () => {
    const v = view(['A', 'B'], 7);
    const pages = displayPages(v, 5);
    for (const p of pages) {
      expect(p.pairings.length + p.names.length + p.standings.length).toBeLessThanOrEqual(5);
    }
    const boards = pages.flatMap((p) => p.pairings.map((x) => x.board));
    expect(boards.sort((a, b) => a - b)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(pages.flatMap((p) => p.names)).toHaveLength(28);
    expect(pages.flatMap((p) => p.standings)).toHaveLength(28);
    // Group by group: the boards of A, then of B; page numbers count within a list.
    const first = pages.filter((p) => p.kind === 'board' && p.group === 'A');
    expect(first.map((p) => `${p.index + 1}/${p.pages}`)).toEqual(['1/2', '2/2']);
  });

  it('names no group when the stage has one', () => {
    const pages = displayPages(view(['A'], 3), 20);
    // Everyone by name first: players look for themselves.
    expect(pages.map((p) => [p.kind, p.group])).toEqual([
      ['name', null],
      ['board', null],
      ['standings', null],
    ]);
  });

  it('lists players by name with their board, colour and opponent; a bye has none', () => {
    const v = view(['A'], 1);
    v.pairings.push({ group: 'A', board: 2, red: side('安', 'a'), black: null, result: null });
    expect(byName(v).map((r) => [r.name, r.board, r.red, r.opponent])).toEqual([
      ['安', 2, null, null],
      ['黑A0', 1, false, '红A0'],
      ['红A0', 1, true, '黑A0'],
    ]);
  });

  it('puts twice the names on a page of a wide screen, in two columns', () => {
    const v = view(['A'], 10);
    const pages = displayPages(v, 5, 2).filter((p) => p.kind === 'name');
    expect(pages.map((p) => p.names.length)).toEqual([10, 10]);
    expect(inColumns(pages[0].names, 2).map((c) => c.length)).toEqual([5, 5]);
    expect(inColumns([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    // Boards keep one column unless asked for two; standings always keep one.
    expect(displayPages(v, 5, 2).filter((p) => p.kind === 'board').map((p) => p.pairings.length)).toEqual([5, 5]);
    expect(displayPages(v, 5, 2, 2).filter((p) => p.kind === 'board').map((p) => p.pairings.length)).toEqual([10]);
    expect(displayPages(v, 5, 2, 2).filter((p) => p.kind === 'standings').map((p) => p.standings.length)).toEqual(
      displayPages(v, 5).filter((p) => p.kind === 'standings').map((p) => p.standings.length),
    );
  });
});

describe('a table event on the display', () => {
  it('lists every seat of a table by name, with the others at the table as opponents', () => {
    const seat = (n: number, name: string, initials: string) => ({
      seat: n,
      label: { code: 'seat.number', params: { seat: n } },
      pair: null,
      player: side(name, initials),
    });
    const v: DisplayView = {
      event: '跳棋赛',
      stage: 1,
      stage_name: '分桌循环赛',
      round: 1,
      rounds: 4,
      knockout: false,
      pairings: [
        {
          group: 'A',
          board: 1,
          red: side('甲', 'j'),
          black: side('乙', 'y'),
          result: null,
          seats: [seat(1, '甲', 'j'), seat(2, '乙', 'y'), seat(3, '丙', 'b')],
        },
      ],
      standings: [],
      tiebreaks: [],
    };
    const rows = byName(v);
    expect(rows.map((r) => [r.name, r.seat && render(r.seat, 'zh'), r.opponent])).toEqual([
      ['丙', '3号', '甲、乙'],
      ['甲', '1号', '乙、丙'],
      ['乙', '2号', '甲、丙'],
    ]);
  });
});
