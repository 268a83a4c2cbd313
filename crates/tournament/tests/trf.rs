//! Report files in and out: what is read comes back the same, every kind of round is
//! kept, a damaged file is refused naming the line and column, and the file's points
//! and ranks are checked against its results.

use tournament::result::GameResult;
use tournament::swiss::AwayKind;
use tournament::trf::{Field, ImportOptions, Problem, TrfError, read, to_competition, write};
use tournament::{Competition, EntrantId, Points};

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/trf/{name}", env!("CARGO_MANIFEST_DIR")))
        .expect("fixture")
}

fn import(text: &str) -> Result<Competition, TrfError> {
    let report = read(text)?;
    Ok(to_competition(&report, &ImportOptions::default())?.competition)
}

/// A file with a Chinese and a Vietnamese name, every kind of bye (U, H, Z, not
/// paired), forfeits (one of them both sides), unrated games (W, D, L), a late entry
/// (#7: a half-point bye, then absent), a withdrawal (#8: not paired in round 3, his
/// line ends) and a last round paired but not played, on a 2/1/0 scale (XXS).
const ROUND_TRIP: &str = "roundtrip.trf";

#[test]
fn what_is_read_is_written_back_the_same() {
    let text = fixture(ROUND_TRIP);
    let c = import(&text).expect("imports");
    assert_eq!(write(&c, 0).expect("writes"), text);
}

#[test]
fn every_kind_of_round_is_kept() {
    let c = import(&fixture(ROUND_TRIP)).unwrap();
    assert_eq!(c.scoring.win, Points::whole(2), "the XXS scale");
    let group = &c.stages[0].groups[0];
    assert_eq!(group.rounds.len(), 4);
    let away = |id: u32, round: u32| {
        group
            .state
            .away()
            .iter()
            .find(|a| a.entrant == EntrantId(id) && a.round == round)
            .map(|a| a.kind)
    };
    assert_eq!(away(7, 1), Some(AwayKind::HalfPointBye));
    assert_eq!(away(4, 2), Some(AwayKind::Reported));
    assert_eq!(away(8, 3), Some(AwayKind::Unpaired));
    assert_eq!(away(8, 4), None, "nothing written: nothing kept");
    let game = |round: usize, id: u32| {
        group.rounds[round - 1]
            .matches
            .iter()
            .find(|m| m.seats.contains(&Some(EntrantId(id))))
            .and_then(|m| m.games.first())
            .and_then(|g| g.record.clone())
    };
    let unrated = game(2, 1).unwrap();
    assert!(unrated.unrated);
    assert_eq!(
        unrated.result,
        GameResult::Win {
            winner: 0,
            moves: None
        }
    );
    assert_eq!(game(2, 2).unwrap().result, GameResult::DoubleForfeit);
    assert!(game(4, 1).is_none(), "round 4 is paired, not played");
    // A pairing bye is a bye match.
    assert!(
        group.rounds[0]
            .matches
            .iter()
            .any(|m| m.is_bye() && m.seats[0] == Some(EntrantId(4)))
    );
    let wang = c.entrant(EntrantId(1)).unwrap();
    assert_eq!(wang.name, "王天一");
    assert_eq!(wang.details.fide_id, Some(8_601_234));
    assert_eq!(wang.details.federation.as_deref(), Some("CHN"));
    assert_eq!(
        c.entrant(EntrantId(4)).unwrap().details.title.as_deref(),
        Some("wg")
    );
    assert_eq!(c.details.venue.as_deref(), Some("Hong Kong"));
    assert_eq!(c.details.dates.as_deref(), Some("2026/11/20 – 2026/11/24"));
}

/// Replaces `from` with `to` on player `number`'s line.
fn edit(text: &str, number: u32, from: &str, to: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("001") && l[4..8].trim() == number.to_string() {
                l.replacen(from, to, 1)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn refusal(text: &str) -> TrfError {
    import(text).expect_err("refused")
}

#[test]
fn a_damaged_field_is_refused_at_its_line_and_column() {
    let text = fixture(ROUND_TRIP);
    let e = refusal(&edit(&text, 3, "2300", "23x0"));
    assert_eq!((e.line, e.column), (17, 49));
    assert!(matches!(
        e.problem,
        Problem::Unreadable {
            field: Field::Rating,
            ..
        }
    ));
    let e = refusal(&edit(&text, 5, "7 b =", "7 b ?"));
    assert_eq!(
        (e.line, e.column, e.problem.clone()),
        (
            19,
            119,
            Problem::Unreadable {
                field: Field::Result,
                text: "?".into()
            }
        )
    );
}

#[test]
fn both_lines_of_a_game_must_agree() {
    let text = fixture(ROUND_TRIP);
    // #1's line says he beat #5 in round 1; #5's line now says the same of himself.
    let e = refusal(&edit(&text, 5, "1 b 0", "1 b 1"));
    assert_eq!((e.line, e.column), (15, 92));
    assert_eq!(
        e.problem,
        Problem::Disagrees {
            player: 1,
            opponent: 5,
            round: 1
        }
    );
    let e = refusal(&edit(&text, 1, "   5 w 1", "  99 w 1"));
    assert_eq!(e.problem, Problem::UnknownOpponent(99));
    assert_eq!((e.line, e.column), (15, 92));
}

#[test]
fn the_points_column_is_checked_against_the_results() {
    let text = fixture(ROUND_TRIP);
    let e = refusal(&edit(&text, 2, " 3.0 ", " 3.5 "));
    assert_eq!((e.line, e.column), (16, 81));
    assert_eq!(
        e.problem,
        Problem::Points {
            player: 2,
            file: "3.5".parse().unwrap(),
            computed: Points::whole(3),
        }
    );
}

#[test]
fn ranks_the_tiebreaks_do_not_bear_out_are_reported() {
    let text = edit(
        &edit(&fixture(ROUND_TRIP), 6, " 4.0    1 ", " 4.0    2 "),
        1,
        " 4.0    2 ",
        " 4.0    1 ",
    );
    let report = read(&text).unwrap();
    let imported = to_competition(&report, &ImportOptions::default()).unwrap();
    let ranks: Vec<Problem> = imported.warnings.into_iter().map(|w| w.problem).collect();
    assert_eq!(
        ranks,
        [
            Problem::Rank {
                player: 1,
                file: 1,
                computed: 2
            },
            Problem::Rank {
                player: 6,
                file: 2,
                computed: 1
            },
        ]
    );
}

#[test]
fn a_start_number_twice_and_a_file_without_players_are_refused() {
    let text = fixture(ROUND_TRIP);
    let twice = text.replacen("001    2 ", "001    1 ", 1);
    assert_eq!(refusal(&twice).problem, Problem::Duplicate(1));
    assert_eq!(refusal("012 Nothing\n").problem, Problem::NoPlayers);
}
