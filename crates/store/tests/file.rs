//! The event file: round trips, undo, and refusals that leave files untouched.

use store::{EventFile, StoreError};
use tournament::{
    Competition, Entrant, Format, GameKind, RoundRobinOptions, Scoring, Stage, StageSettings,
    draw_stage,
};

fn event() -> Competition {
    let mut c = Competition::new("春季象棋赛", GameKind::Xiangqi, Scoring::xiangqi());
    c.entrants = (1..=5)
        .map(|i| Entrant::new(i, format!("棋手{i}")).with_club("一中"))
        .collect();
    c.stages.push(Stage {
        name: "循环赛".into(),
        settings: StageSettings::new(Format::new(&RoundRobinOptions::default())),
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    });
    c
}

#[test]
fn an_event_survives_the_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.qisai");
    let mut file = EventFile::create(&path, &event()).unwrap();
    file.change("draw", "抽签", |c| {
        draw_stage(c, 0, 7).map_err(|e| StoreError::Rejected(e.to_string()))
    })
    .unwrap();
    let loaded = EventFile::open(&path).unwrap().load().unwrap();
    let mut expected = event();
    draw_stage(&mut expected, 0, 7).unwrap();
    assert_eq!(loaded, expected);
    assert_eq!(
        EventFile::open(&path).unwrap().integrity_check().unwrap(),
        "ok"
    );
}

#[test]
fn a_dead_journal_of_a_killed_command_is_cleared_by_the_next_open() {
    // A command killed after SQLite created its journal but before it wrote the header
    // leaves a journal that is not hot: SQLite ignores it and never removes it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.qisai");
    drop(EventFile::create(&path, &event()).unwrap());
    let journal = dir.path().join("e.qisai-journal");
    for dead in [Vec::new(), vec![0u8; 512]] {
        std::fs::write(&journal, &dead).unwrap();
        let loaded = EventFile::open(&path).unwrap().load().unwrap();
        assert_eq!(loaded, event(), "the event is untouched");
        assert!(
            !journal.exists(),
            "a dead journal of {} bytes stays",
            dead.len()
        );
    }
}

#[test]
fn undo_restores_each_previous_state_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.qisai");
    let mut file = EventFile::create(&path, &event()).unwrap();
    let s0 = file.load().unwrap();
    file.change("player", "加棋手", |c| {
        c.entrants.push(Entrant::new(6, "新棋手"));
        Ok::<(), StoreError>(())
    })
    .unwrap();
    let s1 = file.load().unwrap();
    file.change("draw", "抽签", |c| {
        draw_stage(c, 0, 3).map_err(|e| StoreError::Rejected(e.to_string()))
    })
    .unwrap();
    assert_ne!(file.load().unwrap(), s1);
    assert!(file.undo().unwrap().is_some());
    assert_eq!(file.load().unwrap(), s1);
    assert!(file.undo().unwrap().is_some());
    assert_eq!(file.load().unwrap(), s0);
    assert!(
        file.undo().unwrap().is_none(),
        "creating the event is not undone"
    );
    let log = file.log().unwrap();
    let ops: Vec<(&str, bool)> = log
        .iter()
        .map(|e| (e.operation.as_str(), e.undone))
        .collect();
    assert_eq!(
        ops,
        [
            ("new", false),
            ("player", true),
            ("draw", true),
            ("undo", false),
            ("undo", false)
        ]
    );
}

#[test]
fn a_failed_change_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.qisai");
    let mut file = EventFile::create(&path, &event()).unwrap();
    let before = file.load().unwrap();
    let err = file.change("edit", "改名", |c| {
        c.name = "changed".into();
        Err::<(), _>(StoreError::Rejected("no".into()))
    });
    assert!(err.is_err());
    assert_eq!(file.load().unwrap(), before);
    assert_eq!(file.log().unwrap().len(), 1);
}

#[test]
fn foreign_and_newer_files_are_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.qisai");
    std::fs::write(&text, "just some notes").unwrap();
    assert!(matches!(
        EventFile::open(&text),
        Err(StoreError::NotAnEvent(_))
    ));
    assert_eq!(std::fs::read_to_string(&text).unwrap(), "just some notes");

    let other = dir.path().join("other.db");
    rusqlite_free_db(&other, 0, 1);
    let bytes = std::fs::read(&other).unwrap();
    assert!(matches!(
        EventFile::open(&other),
        Err(StoreError::NotAnEvent(_))
    ));
    assert_eq!(std::fs::read(&other).unwrap(), bytes);

    let newer = dir.path().join("newer.qisai");
    EventFile::create(&newer, &event()).unwrap();
    rusqlite_free_db(
        &newer,
        store::schema::APPLICATION_ID,
        store::schema::VERSION + 1,
    );
    let bytes = std::fs::read(&newer).unwrap();
    let err = EventFile::open(&newer).err().unwrap();
    assert!(err.to_string().contains("newer Qisai"), "{err}");
    assert_eq!(std::fs::read(&newer).unwrap(), bytes);

    assert!(matches!(
        EventFile::open(&dir.path().join("missing.qisai")),
        Err(StoreError::Missing(_))
    ));
    assert!(matches!(
        EventFile::create(&text, &event()),
        Err(StoreError::Exists(_))
    ));
}

#[test]
fn a_stage_format_this_version_cannot_read_is_refused_as_the_file_opens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.qisai");
    drop(EventFile::create(&path, &event()).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    let stage: String = conn
        .query_row("SELECT data FROM stage WHERE idx = 0", [], |r| r.get(0))
        .unwrap();
    assert!(stage.contains(r#""kind":"round_robin""#), "{stage}");
    for (from, to, why) in [
        (
            r#""kind":"round_robin""#,
            r#""kind":"ladder""#,
            "unknown stage format \"ladder\"",
        ),
        (r#""double":false"#, r#""double":"twice""#, "stage 1:"),
    ] {
        let changed = stage.replace(from, to);
        conn.execute("UPDATE stage SET data = ?1 WHERE idx = 0", [&changed])
            .unwrap();
        let err = EventFile::open(&path).unwrap().load().err().unwrap();
        assert!(matches!(err, StoreError::Corrupt(_)), "{err:?}");
        assert!(err.to_string().contains(why), "{err}");
    }
    conn.execute("UPDATE stage SET data = ?1 WHERE idx = 0", [&stage])
        .unwrap();
    assert_eq!(EventFile::open(&path).unwrap().load().unwrap(), event());
}

/// Sets a database's header fields the way another program would.
fn rusqlite_free_db(path: &std::path::Path, app: i32, version: i32) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
    conn.pragma_update(None, "application_id", app).unwrap();
    conn.pragma_update(None, "user_version", version).unwrap();
    conn.execute_batch("CREATE TABLE IF NOT EXISTS t (x)")
        .unwrap();
}

#[test]
fn the_cached_event_is_what_the_file_holds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.qisai");
    let mut file = EventFile::create(&path, &event()).unwrap();
    let fresh = || EventFile::open(&path).unwrap().load().unwrap();
    file.change("draw", "抽签", |c| {
        draw_stage(c, 0, 11).map_err(|e| StoreError::Rejected(e.to_string()))
    })
    .unwrap();
    assert_eq!(file.load().unwrap(), fresh());
    // Another program changes the file: the next read sees it.
    let mut other = EventFile::open(&path).unwrap();
    other
        .change("player", "加棋手", |c| {
            c.entrants.push(Entrant::new(9, "外来"));
            Ok::<(), StoreError>(())
        })
        .unwrap();
    assert!(
        file.load()
            .unwrap()
            .entrants
            .iter()
            .any(|e| e.name == "外来")
    );
    // And a change made here starts from it.
    file.change("player", "加棋手", |c| {
        c.entrants.push(Entrant::new(10, "本地"));
        Ok::<(), StoreError>(())
    })
    .unwrap();
    assert_eq!(file.load().unwrap(), fresh());
    assert_eq!(fresh().entrants.len(), 7);
    file.undo().unwrap();
    assert_eq!(file.load().unwrap(), fresh());
}

#[test]
fn a_killed_creation_leaves_nothing_behind_the_next_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("赛事.qisai");
    // A creator that no longer runs (no process has this number) left a draft with its
    // journal, and another only its journal.
    for name in [
        ".赛事.qisai.creating-999999999-1",
        ".赛事.qisai.creating-999999999-1-journal",
        ".赛事.qisai.creating-999999998-2-journal",
    ] {
        std::fs::write(dir.path().join(name), b"left").unwrap();
    }
    EventFile::create(&path, &event()).unwrap();
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, vec!["赛事.qisai".to_string()]);
}
