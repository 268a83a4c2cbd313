//! The hall: sector arbiters enter the results of their boards only, each entry logged
//! with the arbiter's name; with double entry a result counts once two arbiters agree,
//! and a disagreement waits for the chief arbiter. Refusals change nothing.

use service::{
    Event, EventEdit, HallEntry, NewArbiter, NewEntrant, NewEvent, ResultEntry, StageSpec,
};
use tournament::GameKind;

/// A round robin of `names` at a game of `players`, drawn.
fn drawn(dir: &tempfile::TempDir, game: GameKind, players: usize, names: &[&str]) -> Event {
    let mut event = Event::create(
        &dir.path().join("hall.qisai"),
        NewEvent {
            players,
            ..NewEvent::new("现场录入", game)
        },
    )
    .unwrap();
    for name in names {
        event
            .add_entrant(NewEntrant {
                name: (*name).into(),
                ..Default::default()
            })
            .unwrap();
    }
    event.add_stage(StageSpec::new("round_robin")).unwrap();
    event.draw(Some(7)).unwrap();
    event
}

/// Eight players in a round robin: four boards a round, seven rounds.
fn event(dir: &tempfile::TempDir) -> Event {
    let names = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛"];
    drawn(dir, GameKind::Xiangqi, 2, &names)
}

fn result(round: u32, board: u32, text: &str) -> ResultEntry {
    ResultEntry {
        stage: None,
        round,
        board,
        result: text.into(),
        game: None,
        record: None,
        fouls: Vec::new(),
        moves: None,
        force: false,
    }
}

fn arbiter(event: &mut Event, name: &str, boards: Option<&str>, rounds: Option<&str>) -> String {
    event
        .add_arbiter(NewArbiter {
            name: name.into(),
            boards: boards.map(str::to_string),
            rounds: rounds.map(str::to_string),
        })
        .unwrap()
        .token
}

fn result_of(event: &Event, round: u32, board: u32) -> Option<String> {
    event
        .pairings(None, Some(round))
        .unwrap()
        .into_iter()
        .find(|p| p.board == board)
        .and_then(|p| p.result)
}

fn double_entry(event: &mut Event) {
    event
        .edit_event(EventEdit {
            double_entry: Some(true),
            ..EventEdit::default()
        })
        .unwrap();
}

#[test]
fn a_sector_arbiter_enters_its_boards_only_and_is_named_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir);
    arbiter(&mut event, "张裁判", Some("1-2"), Some("1"));
    let log_before = event.log().unwrap().len();
    for (round, board) in [(1, 3), (2, 1)] {
        let refused = event
            .enter_as("张裁判", result(round, board, "1-0"))
            .unwrap_err();
        let zh = messages::render(&service::Explain::message(&refused), messages::Lang::Zh);
        assert!(zh.contains("不在分区裁判 张裁判 负责的范围内"), "{zh}");
        assert_eq!(result_of(&event, round, board), None);
    }
    assert_eq!(
        event.log().unwrap().len(),
        log_before,
        "refusals change nothing"
    );
    let entered = event.enter_as("张裁判", result(1, 2, "0-1")).unwrap();
    assert!(matches!(
        entered,
        HallEntry::Counted {
            confirmed_by: None,
            ..
        }
    ));
    assert_eq!(result_of(&event, 1, 2).as_deref(), Some("0-1"));
    let last = event.log().unwrap().pop().unwrap();
    let zh = messages::render_json(&last.summary, messages::Lang::Zh);
    assert!(zh.contains("分区裁判 张裁判"), "{zh}");
    // Corrections are the chief arbiter's.
    let refused = event.enter_as("张裁判", result(1, 2, "1-0")).unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("corrections are the chief arbiter's"),
        "{refused}"
    );
    assert_eq!(result_of(&event, 1, 2).as_deref(), Some("0-1"));
    // The refused correction is in the log, naming who tried what; undo passes it by.
    let kept = event.log().unwrap().pop().unwrap();
    assert_eq!(kept.operation, "refused");
    assert_eq!(kept.rows_changed, 0);
    let zh = messages::render_json(&kept.summary, messages::Lang::Zh);
    assert!(
        zh.starts_with("拒绝更正 第1阶段 循环赛 第1轮 第2台"),
        "{zh}"
    );
    assert!(
        zh.contains("→") && zh.contains("分区裁判 张裁判 录入"),
        "{zh}"
    );
    let undone = event.undo().unwrap().expect("the arbiter's result");
    assert!(
        messages::render_json(&undone, messages::Lang::Zh).contains("张裁判"),
        "{undone:?}"
    );
    assert_eq!(result_of(&event, 1, 2), None);
}

#[test]
fn the_chief_arbiters_refused_correction_is_kept_in_the_log_but_a_first_result_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir);
    let before = event.log().unwrap().len();
    // Not a correction: the board has no result yet.
    assert!(event.record_result(result(1, 1, "1-9")).is_err());
    assert_eq!(event.log().unwrap().len(), before);
    event.record_result(result(1, 1, "1-0")).unwrap();
    // The same result again changes nothing and is no correction either.
    assert!(event.record_result(result(1, 1, "1-0")).is_err());
    assert_eq!(event.log().unwrap().len(), before + 1);
    // A typing slip is no correction to keep.
    assert!(event.record_result(result(1, 1, "3-1")).is_err());
    assert_eq!(event.log().unwrap().len(), before + 1);
    // 乙 withdraws and his games are annulled: board 1 can no longer be corrected.
    event.withdraw(2, true).unwrap();
    let refused = event.record_result(result(1, 1, "0-1")).unwrap_err();
    let kept = event.log().unwrap().pop().unwrap();
    assert_eq!(kept.operation, "refused");
    let zh = messages::render_json(&kept.summary, messages::Lang::Zh);
    let why = messages::render(&service::Explain::message(&refused), messages::Lang::Zh);
    assert!(
        zh.starts_with("拒绝更正 第1阶段 循环赛 第1轮 第1台") && zh.ends_with(&why),
        "{zh} / {why}"
    );
    assert!(zh.contains("→"), "{zh}");
    assert_eq!(result_of(&event, 1, 1).as_deref(), Some("1-0"));
}

#[test]
fn with_double_entry_a_result_counts_once_two_arbiters_agree() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir);
    double_entry(&mut event);
    arbiter(&mut event, "甲裁判", None, None);
    arbiter(&mut event, "乙裁判", None, None);
    assert_eq!(
        event.enter_as("甲裁判", result(1, 1, "1-0")).unwrap(),
        HallEntry::Waiting
    );
    assert_eq!(result_of(&event, 1, 1), None, "one entry is not enough");
    // The same arbiter again is no second entry.
    assert_eq!(
        event.enter_as("甲裁判", result(1, 1, "1-0")).unwrap(),
        HallEntry::Waiting
    );
    assert_eq!(result_of(&event, 1, 1), None);
    let second = event.enter_as("乙裁判", result(1, 1, "1-0")).unwrap();
    assert!(
        matches!(&second, HallEntry::Counted { confirmed_by: Some(by), .. } if by == "甲裁判"),
        "{second:?}"
    );
    assert_eq!(result_of(&event, 1, 1).as_deref(), Some("1-0"));
    assert!(event.pending_entries().unwrap().is_empty());
    let zh = messages::render_json(
        &event.log().unwrap().pop().unwrap().summary,
        messages::Lang::Zh,
    );
    assert!(zh.contains("甲裁判、乙裁判 两次录入一致"), "{zh}");
}

#[test]
fn a_disagreement_waits_for_the_chief_arbiter() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir);
    double_entry(&mut event);
    arbiter(&mut event, "甲裁判", None, None);
    arbiter(&mut event, "乙裁判", None, None);
    event.enter_as("甲裁判", result(1, 3, "1-0")).unwrap();
    let second = event.enter_as("乙裁判", result(1, 3, "0-1")).unwrap();
    assert!(matches!(&second, HallEntry::Disputed { others } if others[0].by == "甲裁判"));
    assert_eq!(result_of(&event, 1, 3), None);
    let pending = event.pending_entries().unwrap();
    assert_eq!(pending.len(), 1);
    assert!(pending[0].disputed);
    assert_eq!(pending[0].entries.len(), 2);
    // The chief arbiter's result counts at once and settles what waited.
    event.record_result(result(1, 3, "0-1")).unwrap();
    assert_eq!(result_of(&event, 1, 3).as_deref(), Some("0-1"));
    assert!(event.pending_entries().unwrap().is_empty());
    // Undo takes the chief's result back, and what waited with it.
    event.undo().unwrap();
    assert_eq!(event.pending_entries().unwrap().len(), 1);
}

#[test]
fn tokens_name_their_arbiter_until_removed_or_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir);
    let first = arbiter(&mut event, "张裁判", Some("1-20"), None);
    let found = |e: &Event, token: &str| e.arbiter_with_token(token).unwrap().map(|(a, _)| a.name);
    assert_eq!(found(&event, &first).as_deref(), Some("张裁判"));
    assert_eq!(found(&event, "0123456789abcdef0123456789abcdef"), None);
    let stored = std::fs::read(dir.path().join("hall.qisai")).unwrap();
    let holds = |needle: &str| stored.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(!holds(&first), "the file keeps a hash, never the token");
    let second = event.reissue_arbiter("张裁判").unwrap().token;
    assert_eq!(found(&event, &first), None, "the old token stops working");
    assert_eq!(found(&event, &second).as_deref(), Some("张裁判"));
    event.remove_arbiter("张裁判").unwrap();
    assert_eq!(found(&event, &second), None);
    assert!(event.arbiters().unwrap().is_empty());
}

#[test]
fn bad_sectors_and_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = event(&dir);
    for (name, boards) in [
        ("", None),
        ("甲", Some("20-1")),
        ("甲", Some("0")),
        ("甲", Some("一")),
    ] {
        assert!(
            event
                .add_arbiter(NewArbiter {
                    name: name.into(),
                    boards: boards.map(str::to_string),
                    rounds: None,
                })
                .is_err(),
            "{name:?} {boards:?}"
        );
    }
    arbiter(&mut event, "甲", None, None);
    let twice = event
        .add_arbiter(NewArbiter {
            name: "甲".into(),
            ..NewArbiter::default()
        })
        .unwrap_err();
    assert!(twice.to_string().contains("already"), "{twice}");
    assert_eq!(event.arbiters().unwrap().len(), 1);
}

/// Nine checkers players in threes: three tables a round.
fn table_event(dir: &tempfile::TempDir) -> Event {
    let names = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬"];
    drawn(dir, GameKind::Checkers, 3, &names)
}

fn table_result(round: u32, table: u32, text: &str) -> ResultEntry {
    ResultEntry::new(round, table, text)
}

#[test]
fn sector_arbiters_enter_tables_too_and_double_entry_waits_for_agreement() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = table_event(&dir);
    for name in ["张裁判", "李裁判"] {
        event
            .add_arbiter(NewArbiter {
                name: name.into(),
                boards: Some("1-2".into()),
                rounds: None,
            })
            .unwrap();
    }
    // The phone offers each seat's win, and shows every seat.
    let sector = event.sector("张裁判", None).unwrap();
    let choices: Vec<&str> = sector.choices.iter().map(|c| c.result.as_str()).collect();
    assert_eq!(choices, ["win:1", "win:2", "win:3"]);
    assert_eq!(sector.choices[1].words.text(messages::Lang::Zh), "2号胜");
    assert_eq!(sector.games.len(), 2);
    assert_eq!(sector.games[0].seats.len(), 3);
    // Outside the sector: refused, naming it.
    assert!(
        event
            .enter_as("张裁判", table_result(1, 3, "win:1"))
            .is_err()
    );
    // Without double entry the result counts at once.
    let entered = event
        .enter_as("张裁判", table_result(1, 1, "win:2"))
        .unwrap();
    assert!(matches!(
        entered,
        HallEntry::Counted {
            confirmed_by: None,
            ..
        }
    ));
    let shown = event.pairings(None, Some(1)).unwrap();
    assert_eq!(shown[0].result.as_deref(), Some("win:2"));
    // A correction is the chief arbiter's.
    assert!(
        event
            .enter_as("李裁判", table_result(1, 1, "win:3"))
            .is_err()
    );
    // Double entry: the first waits, a disagreeing second is disputed, an agreeing one counts.
    double_entry(&mut event);
    let first = event
        .enter_as("张裁判", table_result(1, 2, "win:1"))
        .unwrap();
    assert_eq!(first, HallEntry::Waiting);
    assert_eq!(event.pairings(None, Some(1)).unwrap()[1].result, None);
    // The chief arbiter's list names every seat of the table that waits.
    assert_eq!(event.pending_entries().unwrap()[0].seats.len(), 3);
    let second = event
        .enter_as("李裁判", table_result(1, 2, "win:3"))
        .unwrap();
    assert!(matches!(second, HallEntry::Disputed { .. }));
    let again = event
        .enter_as("李裁判", table_result(1, 2, "win:1"))
        .unwrap();
    assert!(matches!(&again, HallEntry::Counted { confirmed_by: Some(by), .. } if by == "张裁判"));
    assert_eq!(
        event.pairings(None, Some(1)).unwrap()[1].result.as_deref(),
        Some("win:1")
    );
    assert!(event.pending_entries().unwrap().is_empty());
    let log = event.log().unwrap();
    let zh = messages::render_json(&log.last().unwrap().summary, messages::Lang::Zh);
    assert!(zh.contains("第1轮 第2桌") && zh.contains("1号胜"), "{zh}");
}

/// An event of several competitions: an arbiter added with none chosen is every
/// competition's, one added to a competition only its own, and a competition added
/// later has the hall's arbiters too.
#[test]
fn an_arbiter_of_the_whole_hall_is_every_competitions() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = Event::create_several(&dir.path().join("city.qisai"), "市运会").unwrap();
    let competition = |name: &str| NewEvent::new(name, GameKind::Xiangqi);
    event.add_competition(competition("男子组")).unwrap();
    event.add_competition(competition("女子组")).unwrap();
    let arbiter = |name: &str| NewArbiter {
        name: name.into(),
        boards: Some("1-10".into()),
        rounds: None,
    };
    let hall = event.add_arbiter(arbiter("总裁判")).unwrap();
    event.choose("女子组").unwrap();
    event.add_arbiter(arbiter("女子组裁判")).unwrap();
    event.restore_choice(None);
    event.add_competition(competition("少儿组")).unwrap();
    let names = |e: &Event, c: &str| -> Vec<String> {
        e.choose(c).unwrap();
        let names = e.arbiters().unwrap().into_iter().map(|a| a.name).collect();
        e.restore_choice(None);
        names
    };
    assert_eq!(names(&event, "男子组"), ["总裁判"]);
    assert_eq!(names(&event, "女子组"), ["总裁判", "女子组裁判"]);
    assert_eq!(names(&event, "少儿组"), ["总裁判"]);
    // The hall's token is no one competition's; the other is its own.
    let (found, competition) = event.arbiter_with_token(&hall.token).unwrap().unwrap();
    assert_eq!((found.name.as_str(), competition), ("总裁判", None));
    let hall_wide: Vec<String> = event
        .arbiters()
        .unwrap()
        .into_iter()
        .map(|a| a.name)
        .collect();
    assert_eq!(hall_wide, ["总裁判"], "across the hall: the hall's own");
}
