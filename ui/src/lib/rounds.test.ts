import { describe, expect, it } from 'vitest';
import { currentRound, nextOpenRound, playableBoards, progress, roundNumbers, roundToPair } from './rounds';
import type { Pairing } from './types';

function p(round: number, board: number, black: string | null, result: string | null): Pairing {
  return {
    stage: 1, group: 'A', round, board, red: 'R', black, red_club: null, black_club: null, red_number: 1, black_number: black === null ? null : 2,
    red_points: 0, black_points: 0, result, score: result, games: [], third_place: false,
  };
}

describe('rounds', () => {
  const pairings = [p(2, 1, 'B', null), p(1, 2, null, null), p(1, 1, 'B', '1-0'), p(2, 2, 'B', '0-1')];
  it('lists rounds in order and leaves byes out of result entry', () => {
    expect(roundNumbers(pairings)).toEqual([1, 2]);
    expect(playableBoards(pairings, 1)).toEqual([1]);
  });
  it('the current round is the first with a result missing', () => {
    expect(currentRound(pairings)).toBe(2);
    expect(currentRound([p(1, 1, 'B', '1-0')])).toBe(1);
    expect(currentRound([])).toBeNull();
  });
  it('a round shows its progress without its byes, and a complete one hands on', () => {
    expect(progress(pairings, 1)).toEqual({ done: 1, total: 1 });
    expect(progress(pairings, 2)).toEqual({ done: 1, total: 2 });
    // Round 1 is complete: on to round 2, which still has board 1 open.
    expect(nextOpenRound(pairings, 1)).toBe(2);
    // Round 2 is not: the entry stays.
    expect(nextOpenRound(pairings, 2)).toBe(2);
    // Everything complete: a correction stays where it was made.
    expect(nextOpenRound([p(1, 1, 'B', '1-0'), p(2, 1, 'B', '1-0')], 1)).toBe(1);
  });
});

describe('what pairing next would do', () => {
  const board = (round: number, board: number, result: string | null): Pairing =>
    ({ round, board, red: 'a', black: 'b', result, third_place: false, games: [], stage: 1 }) as unknown as Pairing;
  it('pairs a Swiss round once the last is complete and rounds are left', () => {
    expect(roundToPair([board(1, 1, '1-0'), board(1, 2, null)], 5)).toBeNull();
    expect(roundToPair([board(1, 1, '1-0'), board(1, 2, '0-1')], 5)).toBe(2);
    expect(roundToPair([board(5, 1, '1-0')], 5)).toBeNull();
  });
  it('pairs a knockout round until the final is decided', () => {
    expect(roundToPair([board(1, 1, '1-0'), board(1, 2, '0-1')], null)).toBe(2);
    const final = { ...board(2, 1, '1-0') };
    const third = { ...board(2, 2, '0-1'), third_place: true } as Pairing;
    expect(roundToPair([final, third], null)).toBeNull();
    expect(roundToPair([], null)).toBeNull();
  });
});
