// A record's plies as a move list numbers them: a move is red's ply and black's reply
// (1. 炮二平五 马8进7); a record whose start has black to move opens with "1. …".

/** One numbered move: its number and its plies (1-based), `null` for the "…" of a
 * move red did not play in the record. */
export interface NumberedMove {
  number: number;
  plies: (number | null)[];
}

/** Whether a FEN has black to move (its second field). */
export function blackToMove(fen: string): boolean {
  return fen.trim().split(/\s+/)[1] === 'b';
}

/** `count` plies from a start with black to move or not, numbered in pairs. */
export function numberedMoves(count: number, blackFirst: boolean): NumberedMove[] {
  const plies: (number | null)[] = blackFirst ? [null] : [];
  for (let ply = 1; ply <= count; ply++) plies.push(ply);
  const out: NumberedMove[] = [];
  for (let k = 0; k < plies.length; k += 2) {
    out.push({ number: k / 2 + 1, plies: plies.slice(k, k + 2) });
  }
  return out;
}

/** The number of the move a ply belongs to. */
export function moveNumber(ply: number, blackFirst: boolean): number {
  return Math.ceil((ply + (blackFirst ? 1 : 0)) / 2);
}
