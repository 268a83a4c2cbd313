import { describe, expect, it } from 'vitest';
import { currentRound, playableBoards, roundNumbers } from './rounds';
import type { Pairing } from './types';

function p(round: number, board: number, black: string | null, result: string | null): Pairing {
  return {
    stage: 1, group: 'A', round, board, red: 'R', black, red_club: null, black_club: null,
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
});
