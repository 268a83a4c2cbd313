// Grouping pairings for the screens (no tournament rules here: the service decides).

import type { Pairing } from './types';

/** Round numbers in order. */
export function roundNumbers(pairings: Pairing[]): number[] {
  return [...new Set(pairings.map((p) => p.round))].sort((a, b) => a - b);
}

/** The boards of a round that take a result: byes have no black. */
export function playableBoards(pairings: Pairing[], round: number): number[] {
  return pairings
    .filter((p) => p.round === round && p.black !== null && p.red !== null)
    .map((p) => p.board)
    .sort((a, b) => a - b);
}

/** The first round with a board still waiting for its result, else the last round. */
export function currentRound(pairings: Pairing[]): number | null {
  const rounds = roundNumbers(pairings);
  const open = rounds.find((r) =>
    pairings.some((p) => p.round === r && p.black !== null && p.red !== null && p.result === null),
  );
  return open ?? rounds[rounds.length - 1] ?? null;
}
