//! Two-player records with known endings (written by hand, commented). Both sides use
//! the same setup, north's mirrored: south's front rank is a6 连长, b6 司令, c6 军长,
//! d6 排长, e6 工兵; north's is a7 连长, b7 司令, c7 军长, d7 排长, e7 工兵; the camps
//! d5 and d8 stand empty beside d6 and d7.

use junqi::{GameResult, Reason, Record, Seat, adjudicate};

const SOUTH: &str = "south a1 地雷 b1 军旗 c1 地雷 d1 排长 e1 地雷 a2 工兵 b2 连长 c2 排长 d2 连长 e2 工兵 \
a3 炸弹 c3 营长 e3 炸弹 a4 团长 b4 旅长 d4 旅长 e4 团长 a5 营长 c5 师长 e5 师长 a6 连长 b6 司令 c6 军长 d6 排长 e6 工兵";
const NORTH: &str = "north a12 地雷 b12 军旗 c12 地雷 d12 排长 e12 地雷 a11 工兵 b11 连长 c11 排长 d11 连长 e11 工兵 \
a10 炸弹 c10 营长 e10 炸弹 a9 团长 b9 旅长 d9 旅长 e9 团长 a8 营长 c8 师长 e8 师长 a7 连长 b7 司令 c7 军长 d7 排长 e7 工兵";

fn record(moves: &str) -> Record {
    format!("{SOUTH}\n{NORTH}\n{moves}\n").parse().unwrap()
}

/// `n` plies of both lieutenants stepping in and out of their camps.
fn shuffles(n: usize) -> String {
    let south = ["d6-d5", "d5-d6"];
    let north = ["d7-d8", "d8-d7"];
    (0..n)
        .map(|i| {
            if i % 2 == 0 {
                south[(i / 2) % 2]
            } else {
                north[(i / 2) % 2]
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn five_timeouts_lose() {
    // South times out on each of its turns; north steps d7-d8 and back.
    let v = adjudicate(&record(
        "timeout d7-d8 timeout d8-d7 timeout d7-d8 timeout d8-d7 timeout",
    ))
    .unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves),
        (GameResult::North, Reason::Timeouts, 4)
    );
}

#[test]
fn surrender_only_after_twenty_moves() {
    let err = adjudicate(&record("surrender")).unwrap_err();
    assert_eq!(err.number, 1);
    assert!(err.to_string().contains("first 20 moves"), "{err}");
    // Twenty quiet moves, then south gives up.
    let v = adjudicate(&record(&format!("{} surrender", shuffles(20)))).unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves, v.moves_since_capture),
        (GameResult::North, Reason::Surrender, 20, 20)
    );
}

#[test]
fn escape_and_agreed_draw() {
    let v = adjudicate(&record("d6-d5 escape")).unwrap();
    assert_eq!((v.result, v.reason), (GameResult::South, Reason::Escape));
    let v = adjudicate(&record("d6-d5 d7-d8 draw")).unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves),
        (GameResult::Draw, Reason::AgreedDraw, 2)
    );
}

#[test]
fn seventy_moves_without_a_capture_draw() {
    let v = adjudicate(&record(&shuffles(75))).unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves),
        (GameResult::Draw, Reason::NoCaptureLimit, 70)
    );
}

#[test]
fn commanders_fall_and_flags_are_shown() {
    // 1. 军长 takes 军长 on c7: both removed. 1... north's 司令 slides b7-c7.
    // 2. south's 司令 slides b6-c6. 2... c7 attacks c6: equal ranks, both 司令 removed.
    let v = adjudicate(&record("c6-c7 b7-c7 b6-c6 c7-c6")).unwrap();
    assert_eq!(
        (v.result, v.moves, v.moves_since_capture),
        (GameResult::Ongoing, 4, 0)
    );
    assert_eq!(v.flags_revealed, [Seat::North, Seat::South]);
}

#[test]
fn illegal_moves_and_setups_are_reported() {
    // Across the mountain.
    let err = adjudicate(&record("b6-b7")).unwrap_err();
    assert_eq!(err.number, 1);
    assert!(err.to_string().contains("cannot be reached"), "{err}");
    // The flag never moves; a piece cannot move onto its own side.
    let err = adjudicate(&record("d6-d5 b12-a11")).unwrap_err();
    assert_eq!(err.number, 2);
    assert!(err.to_string().contains("flag never moves"), "{err}");
    let err = adjudicate(&record("d6-e6")).unwrap_err();
    assert!(err.to_string().contains("same side"), "{err}");
    // A setup with the flag out of its headquarters.
    let bad = format!(
        "{}\n{NORTH}\n",
        SOUTH
            .replace("b1 军旗", "b1 连长")
            .replace("b2 连长", "b2 军旗")
    );
    let err = adjudicate(&bad.parse().unwrap()).unwrap_err();
    assert_eq!(err.number, 0);
    assert!(err.to_string().contains("south setup"), "{err}");
}

proptest::proptest! {
    #[test]
    fn random_records_never_panic(moves in "[a-e0-9 \\-]{0,60}|(timeout |surrender |escape |draw ){0,4}") {
        if let Ok(r) = format!("{SOUTH}\n{NORTH}\n{moves}").parse::<Record>() {
            let _ = adjudicate(&r);
        }
        let _ = moves.parse::<Record>().map(|r| adjudicate(&r));
    }
}

#[test]
fn south_clears_file_e_and_takes_the_flag() {
    // North only steps its lieutenant d7-d8 and back. South:
    //  1. e6-e7   工兵 meets 工兵: both removed
    //  2. e5-e8   师长 runs up file e into 师长: both removed
    //  3. e4-e9   团长 into 团长: both removed
    //  4. e3-e10  炸弹 into 炸弹: both removed
    //  5. e2-e11  工兵 into 工兵: both removed; file e is empty from e2 to e11
    //  6. d4-e4   旅长 steps onto the railway
    //  7. e4-e11  and runs to its end
    //  8. e11-d11 旅长 beats 连长   9. d11-c11 beats 排长   10. c11-b11 beats 连长
    // 11. b11-b12 takes the flag in its headquarters.
    let north = ["d7-d8", "d8-d7"];
    let south = [
        "e6-e7", "e5-e8", "e4-e9", "e3-e10", "e2-e11", "d4-e4", "e4-e11", "e11-d11", "d11-c11",
        "c11-b11", "b11-b12",
    ];
    let moves: Vec<String> = south
        .iter()
        .enumerate()
        .flat_map(|(i, s)| [s.to_string(), north[i % 2].to_string()])
        .collect();
    let v = adjudicate(&record(&moves.join(" "))).unwrap();
    assert_eq!(
        (v.result, v.reason, v.moves, v.moves_since_capture),
        (GameResult::South, Reason::FlagCaptured, 21, 0)
    );
    assert!(v.flags_revealed.is_empty());
}
