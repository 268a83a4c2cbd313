//! The FIDE tiebreaks against the worked examples of FIDE's Technical Commission
//! ("Exercises in Tie-Breaking", IA Mario Held, rev. 2403220900 / C.07-2023: the
//! 2024 edition) and of the Ligue's 2026 exercises (C.07 in force from 1 March 2026),
//! each read from a report file holding the published crosstable. The 2012 rules
//! (the virtual opponent) are checked against a case computed by hand.

use tournament::tiebreak::fide::Edition;
use tournament::trf::{ImportOptions, read, to_competition};
use tournament::{Criterion, EntrantId};

/// Every player's value of `code` under `edition`, in start-number order.
fn values(file: &str, code: &str, edition: Edition) -> Vec<f64> {
    let text = std::fs::read_to_string(format!("{}/tests/trf/{file}", env!("CARGO_MANIFEST_DIR")))
        .expect("fixture");
    let report = read(&text).expect("the fixture reads");
    let options = ImportOptions {
        edition,
        ..ImportOptions::default()
    };
    let c = to_competition(&report, &options)
        .expect("the fixture imports")
        .competition;
    let (field, _) = tournament::stage::group_standings(&c, 0, 0).expect("standings");
    let criterion = Criterion::parse(code, edition).expect("a FIDE code");
    let ids: Vec<EntrantId> = (1..=report.players.len() as u32).map(EntrantId).collect();
    criterion
        .evaluate(&field, &ids)
        .iter()
        .map(|e| match code {
            "ARO" | "TPR" | "PTP" | "APRO" | "APPO" | "WIN" | "WON" | "BPG" | "BWG" | "GE"
            | "REP" => e.value as f64,
            "AOB" => e.value as f64 / 100.0,
            _ => e.value as f64 / 16.0,
        })
        .collect()
}

fn check(file: &str, code: &str, edition: Edition, expected: &[(u32, f64)]) {
    let got = values(file, code, edition);
    for &(player, value) in expected {
        assert_eq!(
            got[player as usize - 1],
            value,
            "{code} ({edition}) of player {player}"
        );
    }
}

const TEC: &str = "tec_2023_swiss.trf";

/// The Buchholz table of exercise 9 (§3.3), every player.
#[test]
fn tec_buchholz() {
    check(
        TEC,
        "BH",
        Edition::E2024,
        &[
            (1, 12.5),
            (2, 13.0),
            (3, 15.5),
            (4, 15.0),
            (5, 8.5),
            (6, 12.0),
            (7, 14.5),
            (8, 13.5),
            (9, 9.0),
            (10, 13.0),
            (11, 13.5),
            (12, 11.5),
            (13, 14.0),
            (14, 11.0),
            (15, 12.0),
            (16, 12.5),
        ],
    );
}

/// Exercises 5–8 (§3.2): a voluntarily unplayed round is cut first (#4, #9, #12).
#[test]
fn tec_buchholz_cut_1() {
    check(
        TEC,
        "BH-C1",
        Edition::E2024,
        &[
            (1, 11.0),
            (3, 13.0),
            (4, 11.5),
            (5, 7.5),
            (7, 12.5),
            (8, 12.0),
            (9, 7.5),
            (11, 12.0),
            (12, 9.5),
            (13, 12.0),
            (14, 9.0),
            (15, 11.0),
            (16, 11.0),
        ],
    );
}

/// Exercise 9's averages (§3.3), to two decimals.
#[test]
fn tec_average_of_opponents_buchholz() {
    check(
        TEC,
        "AOB",
        Edition::E2024,
        &[
            (1, 12.60),
            (2, 13.60),
            (3, 13.40),
            (4, 13.38),
            (5, 13.40),
            (6, 13.25),
            (7, 11.90),
            (8, 13.00),
            (9, 12.75),
            (10, 10.90),
            (11, 12.75),
            (12, 15.00),
            (13, 12.10),
            (14, 13.17),
            (15, 12.20),
            (16, 13.30),
        ],
    );
}

/// Exercise 10 (§3.4): the last round's games as draws.
#[test]
fn tec_fore_buchholz() {
    check(
        TEC,
        "FB",
        Edition::E2024,
        &[
            (1, 13.5),
            (2, 13.5),
            (3, 15.0),
            (4, 15.5),
            (5, 10.0),
            (6, 12.0),
            (7, 13.5),
            (8, 12.5),
            (9, 9.5),
            (10, 12.5),
            (11, 12.5),
            (12, 11.5),
            (13, 13.5),
            (14, 10.5),
            (15, 12.0),
            (16, 13.5),
        ],
    );
}

/// Exercises 12 and 13 (§4.1): SB, and SB-C1 cutting the larger of the least
/// significant value and the smallest voluntarily unplayed round's.
#[test]
fn tec_sonneborn_berger() {
    check(
        TEC,
        "SB",
        Edition::E2024,
        &[
            (1, 8.0),
            (2, 9.5),
            (3, 10.5),
            (4, 9.75),
            (5, 4.25),
            (6, 6.5),
            (7, 3.25),
            (8, 5.25),
            (9, 2.25),
            (10, 1.5),
            (11, 5.75),
            (12, 4.0),
            (13, 4.25),
            (14, 4.5),
            (15, 3.5),
            (16, 7.25),
        ],
    );
    check(
        TEC,
        "SB-C1",
        Edition::E2024,
        &[
            (1, 7.25),
            (2, 8.5),
            (3, 9.25),
            (4, 8.0),
            (5, 3.25),
            (6, 5.5),
            (7, 1.25),
            (8, 3.75),
            (9, 2.25),
            (10, 0.0),
            (11, 4.25),
            (12, 4.0),
            (13, 4.25),
            (14, 3.0),
            (15, 2.5),
            (16, 5.75),
        ],
    );
}

/// The summary table of chapter 5: ARO, TPR, APRO, PTP and APPO of every player.
#[test]
fn tec_rating_tiebreaks() {
    let table: [(u32, [f64; 5]); 16] = [
        (2, [1880.0, 2120.0, 1856.0, 2216.0, 1852.0]),
        (3, [1940.0, 2089.0, 1904.0, 2112.0, 1934.0]),
        (4, [1888.0, 2081.0, 1772.0, 2168.0, 1784.0]),
        (1, [1820.0, 1969.0, 1789.0, 2029.0, 1769.0]),
        (16, [1820.0, 1969.0, 1805.0, 2013.0, 1799.0]),
        (6, [1813.0, 1813.0, 1846.0, 1810.0, 1836.0]),
        (11, [1863.0, 1776.0, 1840.0, 1763.0, 1836.0]),
        (8, [1730.0, 1730.0, 1915.0, 1715.0, 1924.0]),
        (5, [1690.0, 1690.0, 1719.0, 1689.0, 1676.0]),
        (12, [2050.0, 1250.0, 2081.0, 1250.0, 2168.0]),
        (15, [1860.0, 1788.0, 1776.0, 1768.0, 1767.0]),
        (14, [1800.0, 1925.0, 1775.0, 1942.0, 1756.0]),
        (9, [1975.0, 1175.0, 1805.0, 950.0, 1802.0]),
        (13, [1930.0, 1781.0, 1879.0, 1744.0, 1909.0]),
        (7, [1760.0, 1611.0, 1869.0, 1531.0, 1890.0]),
        (10, [1880.0, 1640.0, 1717.0, 1575.0, 1687.0]),
    ];
    for (k, code) in ["ARO", "TPR", "APRO", "PTP", "APPO"].iter().enumerate() {
        let expected: Vec<(u32, f64)> = table.iter().map(|(p, v)| (*p, v[k])).collect();
        check(TEC, code, Edition::E2024, &expected);
    }
}

const LIGUE_2026: &str = "ligue_2026_swiss.trf";

/// The 2026 exercises (slides 5–12): a forfeit's dummy is capped at the scheduled
/// opponent's score (#4, #7: 2.5), a bye's at a draw a round (#8's PAB), an absence
/// counts the player's own score (#14: 0.5).
#[test]
fn ligue_2026_buchholz() {
    check(
        LIGUE_2026,
        "BH",
        Edition::E2026,
        &[
            (1, 13.5),
            (2, 14.5),
            (3, 15.0),
            (4, 13.5),
            (5, 14.5),
            (6, 14.0),
            (7, 13.0),
            (9, 13.5),
            (10, 11.0),
            (11, 11.5),
            (12, 10.5),
            (13, 9.0),
            (14, 10.0),
        ],
    );
    // BH-C1 (slides 14–15): #11 drops a 1.5; #14 drops his absence first.
    check(
        LIGUE_2026,
        "BH-C1",
        Edition::E2026,
        &[(11, 10.0), (14, 9.5)],
    );
    // The same event under the 2024 rules: the dummies take the own score uncapped.
    check(LIGUE_2026, "BH", Edition::E2024, &[(4, 14.0), (7, 13.0)]);
}

/// TPR of the 2026 table where its rounding is unambiguous: #1 (2330 + 240) and #4,
/// whose forfeit win counts no game (2358.75 → 2359, 2 of 4: + 0).
#[test]
fn ligue_2026_performance() {
    check(
        LIGUE_2026,
        "TPR",
        Edition::E2026,
        &[(1, 2570.0), (4, 2359.0)],
    );
}

/// The 2012 rules, by hand on the TEC Swiss. Each unplayed round counts a virtual
/// opponent: score before the round + the other result + a draw for each round left;
/// an opponent's unplayed rounds count as draws.
/// - #12 (R1 lost to #4, R2 PAB, R3 forfeit win, R4–5 not paired, 2.0 points):
///   #4 = 1 + ½ (HPB as a draw) + 1 + ½ + ½ = 3.5; R2: 0 + 0 + 3 × ½ = 1.5;
///   R3: 1 + 0 + 2 × ½ = 2.0; R4: 2 + 1 + ½ = 3.5; R5: 2 + 1 + 0 = 3.0 → 13.5.
/// - #14 (won R1, lost R2, forfeit loss R3, absent R4, won R5, 2.0 points):
///   #6 = 0 + 0 + ½ (PAB as a draw) + 1 + 1 = 2.5; #8 = 2.5; R3: 1 + 1 + 1 = 3.0;
///   R4: 1 + 1 + ½ = 2.5; #13 = 1.5 → 12.0.
#[test]
fn virtual_opponents_of_2012() {
    check(TEC, "BH", Edition::E2012, &[(12, 13.5), (14, 12.0)]);
}

/// DE's place (1 first) of each of `tied`, computed among them.
fn direct_encounter(file: &str, tied: &[u32], round_robin: bool) -> Vec<i64> {
    let text = std::fs::read_to_string(format!("{}/tests/trf/{file}", env!("CARGO_MANIFEST_DIR")))
        .expect("fixture");
    let report = read(&text).expect("reads");
    let mut c = to_competition(&report, &ImportOptions::default())
        .expect("imports")
        .competition;
    if round_robin {
        c.stages[0].settings.format =
            tournament::Format::new(&tournament::RoundRobinOptions::default());
    }
    let (field, _) = tournament::stage::group_standings(&c, 0, 0).expect("standings");
    let ids: Vec<EntrantId> = tied.iter().map(|&n| EntrantId(n)).collect();
    Criterion::parse("DE", Edition::E2024)
        .unwrap()
        .evaluate(&field, &ids)
        .iter()
        .map(|e| e.value / 16)
        .collect()
}

/// Exercise 25 (§6.1), the Swiss after nine rounds: at 6 points Franck (2) is first
/// and Bruno (1) last, Alyx and David (1½, drawn with each other) stay tied; at 4½
/// Irina could still have reached Stephan had she beaten Genevieve, at 4 no first
/// is certain either, and at 3 Jessica and Nick drew.
#[test]
fn tec_direct_encounter_in_a_swiss() {
    const FILE: &str = "tec_2023_swiss_9.trf";
    // Alyx, Bruno, David, Franck.
    assert_eq!(direct_encounter(FILE, &[1, 2, 4, 6], false), [2, 4, 2, 1]);
    assert_eq!(direct_encounter(FILE, &[7, 8, 16], false), [1, 1, 1]);
    assert_eq!(
        direct_encounter(FILE, &[5, 10, 14, 15], false),
        [1, 1, 1, 1]
    );
    assert_eq!(direct_encounter(FILE, &[9, 12], false), [1, 1]);
    // Exercise 23 (after five rounds): at 3½ nobody's first place is certain.
    assert_eq!(direct_encounter(TEC, &[1, 3, 4, 16], false), [1, 1, 1, 1]);
}

/// Exercise 26 (§6.2), the round robin: Alyx beat Bruno and Charline, who drew; at
/// 1½ the forfeit counts as a game: Helene 1½, Franck 1, David ½.
#[test]
fn tec_direct_encounter_in_a_round_robin() {
    const FILE: &str = "tec_2023_round_robin.trf";
    assert_eq!(direct_encounter(FILE, &[1, 2, 3], true), [1, 2, 2]);
    // David, Franck, Helene.
    assert_eq!(direct_encounter(FILE, &[4, 5, 6], true), [3, 2, 1]);
    // In a Swiss the forfeit is no game: Franck and Helene did not meet.
    assert_eq!(direct_encounter(FILE, &[4, 5, 6], false), [1, 1, 1]);
}

/// The summary table of chapter 7: WIN counts a PAB and a forfeit win, WON only games
/// won over the board, BPG/BWG games with black, GE (REP since 2026) the rounds the
/// player was available for, PS the running scores (PS-C1 without round 1).
#[test]
fn tec_own_record_tiebreaks() {
    let table: [(u32, [f64; 7]); 16] = [
        (2, [3.0, 3.0, 3.0, 1.0, 5.0, 13.0, 12.0]),
        (4, [2.0, 2.0, 2.0, 1.0, 4.0, 11.5, 10.5]),
        (1, [2.0, 2.0, 2.0, 1.0, 5.0, 11.0, 10.0]),
        (3, [2.0, 2.0, 2.0, 1.0, 5.0, 11.0, 10.5]),
        (16, [3.0, 3.0, 2.0, 1.0, 5.0, 10.5, 10.0]),
        (6, [3.0, 2.0, 2.0, 1.0, 5.0, 6.0, 6.0]),
        (8, [2.0, 2.0, 2.0, 0.0, 5.0, 8.5, 8.0]),
        (11, [2.0, 1.0, 2.0, 0.0, 5.0, 5.5, 5.0]),
        (5, [2.0, 2.0, 2.0, 0.0, 5.0, 5.0, 5.0]),
        (12, [2.0, 0.0, 0.0, 0.0, 3.0, 7.0, 7.0]),
        (15, [2.0, 2.0, 3.0, 1.0, 5.0, 7.0, 7.0]),
        (14, [2.0, 2.0, 2.0, 1.0, 3.0, 6.0, 5.0]),
        (13, [1.0, 1.0, 3.0, 1.0, 5.0, 7.0, 6.0]),
        (7, [1.0, 1.0, 3.0, 0.0, 5.0, 6.0, 5.0]),
        (9, [1.0, 0.0, 1.0, 0.0, 3.0, 2.5, 2.5]),
        (10, [1.0, 1.0, 3.0, 1.0, 5.0, 4.0, 4.0]),
    ];
    for (k, code) in ["WIN", "WON", "BPG", "BWG", "GE", "PS", "PS-C1"]
        .iter()
        .enumerate()
    {
        let expected: Vec<(u32, f64)> = table.iter().map(|(p, v)| (*p, v[k])).collect();
        check(TEC, code, Edition::E2024, &expected);
    }
}
