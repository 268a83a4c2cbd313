use crate::{Move, Position};

/// Counts the leaf nodes of the legal move tree to `depth` plies.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // Bulk-counted: the last ply's moves are counted, not played.
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| perft(&pos.after(m), depth - 1))
            .sum(),
    }
}

/// The perft count below each legal move, in move order.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    moves.sort();
    moves
        .into_iter()
        .map(|m| (m, perft(&pos.after(m), depth.saturating_sub(1))))
        .collect()
}
