use crate::{Move, Position};

/// Counts the leaf nodes of the legal move tree to `depth` plies.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        _ => walk(&mut pos.clone(), depth),
    }
}

/// Perft on one position, each move played and taken back.
fn walk(pos: &mut Position, depth: u32) -> u64 {
    if depth == 1 {
        // Bulk-counted: the last ply's moves are counted, not played.
        return pos.count_legal_moves() as u64;
    }
    let mut nodes = 0;
    for &m in &pos.legal_moves() {
        let undo = pos.play_undoable(m);
        nodes += walk(pos, depth - 1);
        pos.unplay(m, undo);
    }
    nodes
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
