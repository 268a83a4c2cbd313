//! XQF records: the worked example of the format's own description (XQF 1.0, 柳大华 v
//! 吕钦, 1997), encrypted files of every later version read back, a custom start
//! position, and damaged files refused with the byte where they fail, never a panic.

use proptest::prelude::*;
use xiangqi::xqf::{XqfError, XqfPart, is_xqf, read};
use xiangqi::{Notation, Outcome, Position, replay};

/// A length-prefixed GBK string of `size` bytes at `at`.
fn put_text(header: &mut [u8], at: usize, text: &str) {
    let (bytes, _, _) = encoding_rs::GBK.encode(text);
    header[at] = bytes.len() as u8;
    header[at + 1..at + 1 + bytes.len()].copy_from_slice(&bytes);
}

/// The XQF 1.0 example of the format description, byte for byte: its header fields
/// and its 17 move records (move 0 and 16 plies).
fn documented_example() -> Vec<u8> {
    let mut file = vec![0u8; 1024];
    file[..3].copy_from_slice(b"XQ\x0a");
    // The initial array, red then black, each right to left.
    let start = [
        80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59, 69,
        79, 89, 17, 77, 6, 26, 46, 66, 86,
    ];
    file[0x10..0x30].copy_from_slice(&start);
    file[0x33] = 2; // black won
    put_text(&mut file, 0x50, "仙人指路对起马局");
    put_text(&mut file, 0xD0, "\"中立杯\"象棋电视快棋赛");
    put_text(&mut file, 0x110, "1997年11月16日");
    put_text(&mut file, 0x120, "北京");
    put_text(&mut file, 0x130, "柳大华");
    put_text(&mut file, 0x140, "吕  钦");
    put_text(&mut file, 0x1D0, "刘殿中");
    let moves: [[u8; 2]; 17] = [
        [0x18, 0x20],
        [0x2F, 0x38],
        [0x67, 0x63],
        [0x57, 0x60],
        [0x29, 0x3B],
        [0x2C, 0x4A],
        [0x2B, 0x27],
        [0x22, 0x36],
        [0x21, 0x33],
        [0x18, 0x2A],
        [0x2B, 0x2F],
        [0x24, 0x22],
        [0x27, 0x6B],
        [0x60, 0x6D],
        [0x33, 0x6D],
        [0x5E, 0x5E],
        [0x71, 0x6F],
    ];
    for (i, [from, to]) in moves.iter().enumerate() {
        let last = i == moves.len() - 1;
        let reserved = if i == 0 { 0xFF } else { 0 };
        file.extend([
            *from,
            *to,
            if last { 0 } else { 0xF0 },
            reserved,
            0,
            0,
            0,
            0,
        ]);
    }
    assert_eq!(file.len(), 0x488, "the description's file is 1160 bytes");
    file
}

fn chinese(record: &xiangqi::Record) -> Vec<String> {
    let start = record.start().unwrap();
    let moves = replay(&start, &record.moves, record.notation).unwrap();
    let mut pos = start;
    moves
        .iter()
        .map(|&m| {
            let text = Notation::Chinese.write_move(&pos, m);
            pos.play_unchecked(m);
            text
        })
        .collect()
}

#[test]
fn the_format_s_own_example_reads_as_its_game() {
    let record = read(&documented_example()).unwrap();
    assert_eq!(
        chinese(&record),
        [
            "兵七进一",
            "马8进7",
            "兵三进一",
            "炮2平3",
            "相七进五",
            "马2进1",
            "马八进七",
            "车1平2",
            "车九平八",
            "车2进4",
            "炮八平九",
            "车2平8",
            "炮二进五",
            "炮3平8",
            "马二进三",
            "车9平8",
        ]
    );
    assert_eq!(record.tag("Red"), Some("柳大华"));
    assert_eq!(record.tag("Black"), Some("吕  钦"));
    assert_eq!(record.tag("Event"), Some("\"中立杯\"象棋电视快棋赛"));
    assert_eq!(record.tag("Date"), Some("1997年11月16日"));
    assert_eq!(record.claimed, Some(Outcome::Black));
    // A whole game starts from the initial array: no [FEN].
    assert_eq!(record.tag("FEN"), None);
    assert_eq!(record.start().unwrap(), Position::start());
}

/// An XQF file of version `version` (1.1 and later are encrypted with `keys`, header
/// bytes 3 and 8–15) holding `moves` (ICCS) from the squares `pieces` (the header's 32,
/// 255 for a piece off the board), a comment after each ply given.
fn encrypted(
    version: u8,
    keys: [u8; 9],
    kind: u8,
    pieces: [u8; 32],
    moves: &[&str],
    comments: &[(usize, &str)],
) -> Vec<u8> {
    let mut file = vec![0u8; 1024];
    file[..3].copy_from_slice(&[b'X', b'Q', version]);
    file[3] = keys[0];
    file[8..16].copy_from_slice(&keys[1..]);
    file[0x40] = kind;
    // The format's offsets and key stream, as its description gives them.
    let f = |k: u8| u32::from(k) * u32::from(k) * 54 + 221;
    let piece_off = (f(file[13]).wrapping_mul(u32::from(file[13])) & 0xff) as u8;
    let from_off = (f(file[14]).wrapping_mul(u32::from(piece_off)) & 0xff) as u8;
    let to_off = (f(file[15]).wrapping_mul(u32::from(from_off)) & 0xff) as u8;
    let comment_off = (i32::from(file[12]) * 256 + i32::from(file[13])) % 32000 + 767;
    let mask = b"[(C) Copyright Mr. Dong Shiwei.]";
    let stream: Vec<u8> = (0..32)
        .map(|i| (file[8 + i % 4] | (file[12 + i % 4] & file[3])) & mask[i])
        .collect();
    for (i, &square) in pieces.iter().enumerate() {
        // From 1.2 the squares are also stored rotated: byte j holds piece
        // (piece offset + 1 + j) mod 32.
        let stored_at = if version >= 12 {
            (i + 32 - (usize::from(piece_off) + 1) % 32) % 32
        } else {
            i
        };
        file[0x10 + stored_at] = square.wrapping_add(piece_off);
    }
    let mut body = Vec::new();
    let square = |s: &str| {
        let b = s.as_bytes();
        (b[0] - b'a') * 10 + (b[1] - b'0')
    };
    let records: Vec<(u8, u8)> = std::iter::once((0u8, 0u8))
        .chain(moves.iter().map(|m| (square(&m[..2]), square(&m[2..]))))
        .collect();
    for (i, (from, to)) in records.iter().enumerate() {
        let comment = comments.iter().find(|(k, _)| *k == i).map(|(_, c)| *c);
        let mut tag = 0u8;
        if i + 1 < records.len() {
            tag |= 0x80;
        }
        if comment.is_some() {
            tag |= 0x20;
        }
        body.extend([
            from.wrapping_add(24).wrapping_add(from_off),
            to.wrapping_add(32).wrapping_add(to_off),
            tag,
            0,
        ]);
        if let Some(c) = comment {
            let (bytes, _, _) = encoding_rs::GBK.encode(c);
            let length = bytes.len() as i32 + comment_off;
            body.extend(length.to_le_bytes());
            body.extend(bytes.iter());
        }
    }
    let encrypted = body
        .iter()
        .enumerate()
        .map(|(i, &b)| b.wrapping_add(stream[i % 32]));
    file.extend(encrypted);
    file
}

const START: [u8; 32] = [
    80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59, 69, 79,
    89, 17, 77, 6, 26, 46, 66, 86,
];

#[test]
fn every_encrypted_version_reads_back_with_its_comments() {
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9"];
    for version in 11..=18 {
        for keys in [
            [0xBE, 0xE8, 0xD8, 0xBC, 0x84, 0xA5, 0x9C, 0xE7, 0xD8],
            [0xFF, 1, 2, 3, 4, 5, 6, 7, 8],
            [0; 9],
        ] {
            let file = encrypted(version, keys, 0, START, &moves, &[(1, "中炮"), (4, "完")]);
            assert!(is_xqf(&file));
            let record = read(&file).unwrap_or_else(|e| panic!("1.{}: {e}", version - 10));
            let texts: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
            assert_eq!(texts, moves, "version 1.{}", version - 10);
            assert_eq!(
                record.comments,
                [(1, "中炮".to_string()), (4, "完".to_string())],
                "version 1.{}",
                version - 10
            );
        }
    }
}

#[test]
fn an_endgame_starts_from_the_header_s_position_and_side() {
    // Red: general e0, chariot a1. Black: general f9, moved first (black to move).
    let mut pieces = [255u8; 32];
    pieces[4] = 40; // 帅 e0
    pieces[0] = 1; // 车 a1
    pieces[20] = 59; // 将 f9
    for version in [10, 11, 12, 18] {
        let file = if version == 10 {
            let mut f = encrypted(11, [0; 9], 3, pieces, &["f9f8", "a1a8"], &[]);
            f[2] = 10;
            // Version 1.0 has no tag bits: 0xF0 for "a move follows" and a length always.
            f.truncate(1024);
            for (i, (from, to)) in [(0u8, 0u8), (59, 58), (1, 8)].iter().enumerate() {
                let next = if i < 2 { 0xF0 } else { 0 };
                f.extend([from + 24, to + 32, next, 0, 0, 0, 0, 0]);
            }
            f
        } else {
            encrypted(
                version,
                [0x5A, 9, 8, 7, 6, 5, 4, 3, 2],
                3,
                pieces,
                &["f9f8", "a1a8"],
                &[],
            )
        };
        let record = read(&file).unwrap_or_else(|e| panic!("1.{}: {e}", version - 10));
        assert_eq!(
            record.tag("FEN"),
            Some("5k3/9/9/9/9/9/9/9/R8/4K4 b - - 0 1"),
            "version 1.{}",
            version - 10
        );
        assert_eq!(
            chinese(&record),
            ["将6进1", "车九进七"],
            "1.{}",
            version - 10
        );
    }
}

#[test]
fn damaged_files_are_refused_with_the_byte_where_they_fail() {
    assert_eq!(read(b"PK\x03\x04"), Err(XqfError::NotXqf));
    let good = documented_example();
    assert_eq!(
        read(&good[..500]),
        Err(XqfError::Truncated(500, XqfPart::Header))
    );
    assert_eq!(
        read(&good[..1030]),
        Err(XqfError::Truncated(1030, XqfPart::Move))
    );
    let mut future = good.clone();
    future[2] = 0x20;
    assert_eq!(read(&future), Err(XqfError::Version(3, 2)));
    // A move to a square off the board (file 9).
    let mut off = good.clone();
    off[0x409] = 95 + 32;
    assert_eq!(
        read(&off),
        Err(XqfError::Square {
            offset: 0x409,
            square: 95
        })
    );
}

proptest! {
    /// Whatever follows the signature, the reader answers without panicking, and every
    /// cut of a good file is refused or read, never a panic.
    #[test]
    fn any_bytes_are_read_or_refused(
        version in 10u8..=18,
        body in proptest::collection::vec(any::<u8>(), 0..3000),
        cut in 0usize..1200,
    ) {
        let mut file = b"XQ".to_vec();
        file.push(version);
        file.extend(body);
        let _ = read(&file);
        let good = documented_example();
        let _ = read(&good[..cut.min(good.len())]);
    }
}

/// The command line's tests read the same example from a file.
#[test]
fn the_fixture_file_is_the_documented_example() {
    let fixture = include_bytes!("../../../tests/fixtures/xqf-1.0-example.xqf");
    assert_eq!(fixture.as_slice(), documented_example().as_slice());
}

/// Pieces on these squares (by the header's piece index), the rest off the board.
fn only(placed: &[(usize, u8)]) -> [u8; 32] {
    let mut pieces = [255u8; 32];
    for &(index, square) in placed {
        pieces[index] = square;
    }
    pieces
}

#[test]
fn a_study_starts_from_the_header_s_position_whatever_its_kind_byte() {
    // 帅 e0, 兵 b6 (index 11), 将 d9 (index 20): a study whose kind byte says "whole
    // game" (0) or "opening" (1) as well as "endgame" (3); its first move, 兵 b6–b7,
    // is played from the header's position, not the initial array.
    let pieces = only(&[(4, 40), (11, 16), (20, 39)]);
    for kind in [0, 1, 3] {
        for version in [11, 12, 18] {
            let file = encrypted(
                version,
                [0x3C, 1, 2, 3, 4, 5, 6, 7, 8],
                kind,
                pieces,
                &["b6b7"],
                &[],
            );
            let record =
                read(&file).unwrap_or_else(|e| panic!("kind {kind}, 1.{}: {e}", version - 10));
            assert_eq!(
                record.tag("FEN"),
                Some("3k5/9/9/1P7/9/9/9/9/9/4K4 w - - 0 1"),
                "kind {kind}, version 1.{}",
                version - 10
            );
            assert_eq!(chinese(&record), ["兵八进一"]);
        }
    }
}

#[test]
fn a_position_without_moves_takes_the_side_to_move_from_the_header() {
    // 车 e5 checks 将 e9; 帅 d0. Byte 0x32 says black is to move: a good file.
    let pieces = only(&[(0, 45), (4, 30), (20, 49)]);
    let mut file = encrypted(12, [0; 9], 3, pieces, &[], &[]);
    file[0x32] = 1;
    let record = read(&file).unwrap();
    assert_eq!(
        record.tag("FEN"),
        Some("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1")
    );
    assert!(record.moves.is_empty());
    // The same position with red to move cannot arise: black would be in check.
    file[0x32] = 0;
    assert!(matches!(read(&file), Err(XqfError::Position(_))));
}

#[test]
fn a_whole_game_with_unset_squares_starts_from_the_initial_array() {
    // Some writers leave a whole game's squares at zero: no position, so the
    // initial array.
    let mut file = documented_example();
    file[0x10..0x30].fill(0);
    let record = read(&file).unwrap();
    assert_eq!(record.tag("FEN"), None);
    assert_eq!(chinese(&record)[0], "兵七进一");
}
