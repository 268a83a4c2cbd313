//! Position hashing for repetition detection. Keys are fixed constants, so hashes
//! are the same on every machine.

use crate::{Piece, Square};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const KEYS: [u64; 14 * 90 + 1] = {
    let mut keys = [0u64; 14 * 90 + 1];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = splitmix((i as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        i += 1;
    }
    keys
};

#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS[piece.index() * 90 + sq.index()]
}

/// [`piece_key`] of the piece whose raw point code (1 + its index) is `code`.
#[inline]
pub(crate) fn code_key(code: u8, sq: Square) -> u64 {
    KEYS[(usize::from(code) - 1) * 90 + sq.index()]
}

/// Toggled when black is to move.
pub const BLACK_TO_MOVE: u64 = KEYS[14 * 90];
