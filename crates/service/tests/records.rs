//! Results entered with a game record, for each game: the engine's verdict is checked
//! against the typed result, fills in what only the record knows (the game length, the
//! kind of ending), and a disagreement changes nothing unless it is confirmed.

use service::{Event, NewEntrant, NewEvent, ResultEntry, ServiceError, StageSpec};
use tournament::{GameKind, Points};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../games/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A two-player round robin of 甲 and 乙, drawn: one board, red first.
fn event(dir: &tempfile::TempDir, game: GameKind, players: usize) -> Event {
    let mut event = Event::create(
        &dir.path().join("records.qisai"),
        NewEvent {
            players,
            ..NewEvent::new("记录检查", game)
        },
    )
    .unwrap();
    for name in ["甲", "乙"] {
        event
            .add_entrant(NewEntrant {
                name: name.into(),
                ..Default::default()
            })
            .unwrap();
    }
    event.add_stage(StageSpec::new("round_robin")).unwrap();
    event.draw(Some(7)).unwrap();
    event
}

fn entry(result: &str, record: Option<String>, moves: Option<u32>, force: bool) -> ResultEntry {
    ResultEntry {
        stage: None,
        round: 1,
        board: 1,
        result: result.into(),
        game: None,
        record,
        fouls: Vec::new(),
        moves,
        force,
    }
}

/// The standings points of the board's red and black players.
fn points(event: &Event) -> (Points, Points) {
    let board = &event.pairings(None, Some(1)).unwrap()[0];
    let rows = event.standings(None).unwrap().rows;
    let of = |name: &Option<String>| {
        rows.iter()
            .find(|r| Some(&r.name) == name.as_ref())
            .and_then(|r| r.points)
            .unwrap()
    };
    (of(&board.red), of(&board.black))
}

#[test]
fn junqi_quick_win_counted_from_the_record_scores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir, GameKind::Junqi, 2);
    let record = fixture("junqi_flag_in_21.txt");
    let done = event
        .record_result(entry("1-0", Some(record), None, false))
        .unwrap();
    let verdict = done.verdict.0.as_ref().unwrap();
    assert_eq!(
        messages::render(verdict, messages::Lang::En),
        "1-0 (flag captured, 21 moves)"
    );
    assert_eq!(
        messages::render(verdict, messages::Lang::Zh),
        "1-0（夺得军旗，21 步）"
    );
    // In JSON as front ends read it: the message and its words in both languages.
    let json = serde_json::to_value(&done).unwrap();
    assert_eq!(json["adjudicated_zh"], "1-0（夺得军旗，21 步）");
    assert_eq!(json["verdict"]["code"], "record.verdict_moves");
    assert!(!done.overridden);
    // Won inside 30 moves: the rules give the winner nothing (the loser still loses).
    assert_eq!(points(&event), (Points::ZERO, Points::whole(-1)));
}

#[test]
fn junqi_surrender_from_the_record_needs_no_move_count() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir, GameKind::Junqi, 2);
    // The arbiter types a plain 0-1; the record says red surrendered after 20 moves.
    let done = event
        .record_result(entry(
            "0-1",
            Some(fixture("junqi_surrender_after_20.txt")),
            None,
            false,
        ))
        .unwrap();
    assert_eq!(done.result, "resign:red");
    // Over inside 30 moves: whatever the ending, the winner scores nothing.
    assert_eq!(points(&event), (Points::whole(-1), Points::ZERO));
}

#[test]
fn junqi_disagreements_change_nothing_until_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir, GameKind::Junqi, 2);
    let timeouts = fixture("junqi_five_timeouts.txt");
    let log_before = event.log().unwrap().len();
    let err = event
        .record_result(entry("1-0", Some(timeouts.clone()), None, false))
        .unwrap_err();
    let ServiceError::Disagreement { record, typed, .. } = &err else {
        panic!("{err:?}")
    };
    let en = |m| messages::render(m, messages::Lang::En);
    assert_eq!(
        (en(record).as_str(), en(typed).as_str()),
        ("0-1 (five timeouts, 4 moves)", "1-0")
    );
    // A move count typed by hand must match the record's as well.
    let err = event
        .record_result(entry("0-1", Some(timeouts.clone()), Some(35), false))
        .unwrap_err();
    assert!(err.to_string().contains("0-1 after 35 moves"), "{err}");
    assert_eq!(
        event.log().unwrap().len(),
        log_before,
        "nothing was written"
    );
    assert_eq!(event.pairings(None, Some(1)).unwrap()[0].result, None);
    // Confirmed: the typed result stands, and the log says the record disagreed.
    let done = event
        .record_result(entry("1-0", Some(timeouts), None, true))
        .unwrap();
    assert!(done.overridden);
    let last = event.log().unwrap().pop().unwrap();
    let summary = messages::render_json(&last.summary, messages::Lang::Zh);
    assert!(summary.contains("裁判改判"), "{summary}");
}

#[test]
fn checkers_dead_game_from_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir, GameKind::Checkers, 2);
    let dead = fixture("checkers_dead_game.txt");
    let err = event
        .record_result(entry("1/2", Some(dead.clone()), None, false))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("the record says dead:red (dead game, 21 moves)"),
        "{err}"
    );
    event
        .record_result(entry("dead:red", Some(dead), None, false))
        .unwrap();
    assert_eq!(
        points(&event),
        (Points::from_quarters(3), Points::from_quarters(1))
    );
}

#[test]
fn a_four_player_record_does_not_fit_a_two_player_event() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir, GameKind::Junqi, 2);
    let err = event
        .record_result(entry(
            "0-1",
            Some(fixture("junqi_four_escape.txt")),
            None,
            false,
        ))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "game record: a game of 4 players, but this event's games have 2"
    );
}

#[test]
fn an_illegal_record_names_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir, GameKind::Junqi, 2);
    let record = fixture("junqi_five_timeouts.txt").replace("2. timeout d8-d7", "2. timeout d8-d6");
    let err = event
        .record_result(entry("0-1", Some(record), None, false))
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("game record: move 4: d6 cannot be reached from d8"),
        "{err}"
    );
}

#[test]
fn a_record_attached_to_the_same_result_corrects_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir, GameKind::Junqi, 2);
    event
        .record_result(entry("1-0", None, None, false))
        .unwrap();
    // A different result is a correction, and says what it replaced.
    let done = event
        .record_result(entry("0-1", None, None, false))
        .unwrap();
    assert_eq!(done.corrected_from.as_deref(), Some("1-0"));
    event
        .record_result(entry("1-0", None, None, false))
        .unwrap();
    // The same result with its record attached: entered, not "1-0 → 1-0".
    let done = event
        .record_result(entry(
            "1-0",
            Some(fixture("junqi_flag_in_21.txt")),
            None,
            false,
        ))
        .unwrap();
    assert_eq!(done.corrected_from, None, "{done:?}");
    let said = messages::render(&done.report[0], messages::Lang::Zh);
    assert!(!said.contains('→'), "{said}");
}

#[test]
fn an_unfinished_record_says_how_far_it_goes() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir, GameKind::Xiangqi, 2);
    // The arbiter typed the result; the record stops after two plies.
    let done = event
        .record_result(entry("1-0", Some("1. 炮二平五 马8进7".into()), None, false))
        .unwrap();
    let verdict = done.verdict.0.as_ref().unwrap();
    assert_eq!(
        messages::render(verdict, messages::Lang::Zh),
        "棋谱没有下完（共 2 着）"
    );
    assert_eq!(
        messages::render(verdict, messages::Lang::En),
        "the record is unfinished (2 plies)"
    );
    assert_eq!(done.result, "1-0");
}
