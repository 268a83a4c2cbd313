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

/** How far a round is: boards with a result of those that take one. */
export function progress(pairings: Pairing[], round: number): { done: number; total: number } {
  const boards = pairings.filter((p) => p.round === round && p.black !== null && p.red !== null);
  return { done: boards.filter((p) => p.result !== null).length, total: boards.length };
}

/** The round to enter next once `round` is complete: the first with a board still
 * open; `round` itself while it has open boards or when no round has any (a correction
 * of a finished event stays where it was made). */
export function nextOpenRound(pairings: Pairing[], round: number): number {
  const { done, total } = progress(pairings, round);
  if (done < total) return round;
  const open = roundNumbers(pairings).find((r) => {
    const p = progress(pairings, r);
    return p.done < p.total;
  });
  return open ?? round;
}

/**
 * The round "pair next" would pair, or null when it would do nothing: the stage's last
 * round must be complete, a Swiss must have rounds left, and a knockout must have more
 * than its final behind it (its third-place match aside).
 */
export function roundToPair(pairings: Pairing[], swissRounds: number | null): number | null {
  const numbers = roundNumbers(pairings);
  const last = numbers[numbers.length - 1];
  if (last === undefined) return null;
  const { done, total } = progress(pairings, last);
  if (total === 0 || done < total) return null;
  if (swissRounds !== null) return last < swissRounds ? last + 1 : null;
  const matches = pairings.filter((p) => p.round === last && !p.third_place && p.black !== null);
  return matches.length > 1 ? last + 1 : null;
}
