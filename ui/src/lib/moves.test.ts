import { describe, expect, it } from 'vitest';
import { blackToMove, moveNumber, numberedMoves } from './moves';

describe('a record as a move list', () => {
  it('numbers red and black plies in pairs', () => {
    // 1. 炮二平五 马8进7 2. 马二进三
    expect(numberedMoves(3, false)).toEqual([
      { number: 1, plies: [1, 2] },
      { number: 2, plies: [3] },
    ]);
    expect(moveNumber(3, false)).toBe(2);
  });

  it('opens with "1. …" when black moves first', () => {
    expect(numberedMoves(2, true)).toEqual([
      { number: 1, plies: [null, 1] },
      { number: 2, plies: [2] },
    ]);
    expect(moveNumber(1, true)).toBe(1);
    expect(moveNumber(2, true)).toBe(2);
  });

  it('reads the side to move from the start position', () => {
    expect(blackToMove('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1')).toBe(false);
    expect(blackToMove('4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1')).toBe(true);
  });
});
