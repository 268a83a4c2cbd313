//! The same behaviour from both stores: an event file and an event in PostgreSQL (a
//! private cluster started for the tests). Each test runs on both.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

use store::pg::cluster::TestCluster;
use store::rows::EventModel;
use store::{Address, EventStore, StoreError, copy};
use tournament::{
    Competition, Entrant, Format, GameKind, RoundRobinOptions, Scoring, Stage, StageSettings,
    draw_stage,
};

fn event() -> Competition {
    let mut c = Competition::new("春季象棋赛", GameKind::Xiangqi, Scoring::xiangqi());
    c.entrants = (1..=6)
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

/// A fresh place in each store: a file in `dir`, an event of its own in the database.
fn places(dir: &Path, name: &str) -> Vec<Address> {
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let db = TestCluster::shared().address(&format!("{name}-{n}-{}", std::process::id()));
    vec![
        Address::File(dir.join(format!("{name}.qisai"))),
        Address::of(Path::new(&db)).unwrap(),
    ]
}

fn draw(store: &mut EventStore, seed: u64) {
    store
        .change("draw", "抽签", |c| {
            draw_stage(c, 0, seed).map_err(|e| StoreError::Rejected(e.to_string()))
        })
        .unwrap();
}

/// Registers player `id` as one change.
fn add_player(store: &mut EventStore, id: u32) {
    store
        .change("entrant", "加人", |c| {
            c.entrants.push(Entrant::new(id, format!("棋手{id}")));
            Ok::<_, StoreError>(())
        })
        .unwrap();
}

/// A change that empties the event and is then refused: it must leave nothing.
fn refused_change(store: &mut EventStore) {
    let refused = store.change("entrant", "不行", |c| {
        c.entrants.clear();
        Err::<(), _>(StoreError::Rejected("no".into()))
    });
    assert!(refused.is_err());
}

#[test]
fn an_event_survives_the_round_trip_in_both_stores() {
    let dir = tempfile::tempdir().unwrap();
    for at in places(dir.path(), "round-trip") {
        let mut store = EventStore::create(&at, &event()).unwrap();
        draw(&mut store, 7);
        let loaded = EventStore::open(&at).unwrap().load().unwrap();
        let mut expected = event();
        draw_stage(&mut expected, 0, 7).unwrap();
        assert_eq!(loaded, expected, "{}", store.shown());
        assert_eq!(store.integrity_check().unwrap(), "ok");
        assert!(EventStore::exists(&at).unwrap());
        assert!(matches!(
            EventStore::create(&at, &event()),
            Err(StoreError::Exists(_) | StoreError::EventExists(_))
        ));
    }
}

#[test]
fn undo_reverses_exactly_and_a_refusal_writes_nothing_in_both_stores() {
    let dir = tempfile::tempdir().unwrap();
    for at in places(dir.path(), "undo") {
        let mut store = EventStore::create(&at, &event()).unwrap();
        draw(&mut store, 3);
        let drawn = store.load().unwrap();
        add_player(&mut store, 7);
        refused_change(&mut store);
        assert_eq!(store.load().unwrap().entrants.len(), 7, "{}", store.shown());
        let undone = store.undo().unwrap().expect("something to undo");
        assert_eq!(undone.summary, "加人");
        assert_eq!(EventStore::open(&at).unwrap().load().unwrap(), drawn);
        store.undo().unwrap().expect("the draw");
        assert_eq!(store.load().unwrap(), event());
        assert!(
            store.undo().unwrap().is_none(),
            "the creation is never undone"
        );
        let log = store.log().unwrap();
        let operations: Vec<&str> = log.iter().map(|e| e.operation.as_str()).collect();
        assert_eq!(operations, ["new", "draw", "entrant", "undo", "undo"]);
        assert!(store.log_findings().unwrap().is_empty());
    }
}

#[test]
fn a_kept_refusal_is_in_the_log_changes_nothing_and_is_never_undone_in_both_stores() {
    let dir = tempfile::tempdir().unwrap();
    for at in places(dir.path(), "note") {
        let mut store = EventStore::create(&at, &event()).unwrap();
        add_player(&mut store, 7);
        let added = store.load().unwrap();
        store.note("更正被拒绝").unwrap();
        assert_eq!(EventStore::open(&at).unwrap().load().unwrap(), added);
        let log = store.log().unwrap();
        let last = log.last().unwrap();
        assert_eq!(
            (last.operation.as_str(), last.summary.as_str()),
            (store::REFUSED, "更正被拒绝")
        );
        assert!(last.changes.is_empty());
        // Undo passes over the refusal to the change before it.
        let undone = store.undo().unwrap().expect("the player");
        assert_eq!(undone.summary, "加人", "{}", store.shown());
        assert_eq!(store.load().unwrap(), event());
        // Inside a batch it is kept with the batch.
        store.begin_batch().unwrap();
        store.note("又被拒绝").unwrap();
        store.end_batch().unwrap();
        let refusals = store
            .log()
            .unwrap()
            .iter()
            .filter(|e| e.operation == store::REFUSED)
            .count();
        assert_eq!(refusals, 2);
        assert!(store.log_findings().unwrap().is_empty());
    }
}

#[test]
fn a_batch_commits_its_changes_together_in_both_stores() {
    let dir = tempfile::tempdir().unwrap();
    for at in places(dir.path(), "batch") {
        let mut store = EventStore::create(&at, &event()).unwrap();
        store.begin_batch().unwrap();
        for id in 7..=9 {
            add_player(&mut store, id);
        }
        refused_change(&mut store);
        store.end_batch().unwrap();
        let reopened = EventStore::open(&at).unwrap();
        assert_eq!(
            reopened.load().unwrap().entrants.len(),
            9,
            "{}",
            store.shown()
        );
        assert_eq!(reopened.log().unwrap().len(), 4);
    }
}

#[test]
fn a_copy_carries_the_event_and_its_log_between_a_file_and_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let [file, db]: [Address; 2] = places(dir.path(), "copy").try_into().ok().unwrap();
    let mut store = EventStore::create(&file, &event()).unwrap();
    draw(&mut store, 5);
    let copied = copy(&file, &db).unwrap();
    assert_eq!(copied.load().unwrap(), store.load().unwrap());
    assert_eq!(copied.log().unwrap(), store.log().unwrap());
    assert!(copied.log_findings().unwrap().is_empty());
    // The copy is an event of its own: undone there, it stays drawn here.
    EventStore::open(&db).unwrap().undo().unwrap();
    assert_eq!(store.load().unwrap().stages[0].groups.len(), 1);
    let back = Address::File(dir.path().join("back.qisai"));
    let returned = copy(&db, &back).unwrap();
    assert_eq!(returned.load().unwrap(), event());
    assert_eq!(returned.log().unwrap().len(), 3);
    assert!(matches!(copy(&file, &db), Err(StoreError::EventExists(_))));
    assert!(matches!(copy(&db, &back), Err(StoreError::Exists(_))));
}

#[test]
fn two_connections_to_one_database_event_never_lose_a_change() {
    let dir = tempfile::tempdir().unwrap();
    let at = places(dir.path(), "race").pop().unwrap();
    EventStore::create(&at, &event()).unwrap();
    let adders: Vec<_> = (0..4)
        .map(|_| {
            let at = at.clone();
            std::thread::spawn(move || {
                let mut store = EventStore::open(&at).unwrap();
                for _ in 0..10 {
                    // Each decides from what it read: the next free number.
                    store
                        .change("entrant", "加人", |c| {
                            let next = c.entrants.iter().map(|e| e.id.0).max().unwrap_or(0) + 1;
                            c.entrants.push(Entrant::new(next, format!("棋手{next}")));
                            Ok::<_, StoreError>(())
                        })
                        .unwrap();
                }
            })
        })
        .collect();
    for adder in adders {
        adder.join().unwrap();
    }
    let store = EventStore::open(&at).unwrap();
    let ids: Vec<u32> = store
        .load()
        .unwrap()
        .entrants
        .iter()
        .map(|e| e.id.0)
        .collect();
    assert_eq!(ids, (1..=46).collect::<Vec<_>>());
    assert_eq!(store.log().unwrap().len(), 41);
    assert!(store.log_findings().unwrap().is_empty());
}

#[test]
fn a_database_address_without_its_event_is_refused_without_the_password() {
    let cluster = TestCluster::shared();
    let missing = Address::of(Path::new(&cluster.address("no-such-event"))).unwrap();
    let Err(e) = EventStore::open(&missing) else {
        panic!("opened a missing event");
    };
    assert!(matches!(e, StoreError::NoEvent(_)), "{e:?}");
    assert!(!e.to_string().contains(store::pg::cluster::PASSWORD), "{e}");
    let wrong = cluster
        .address("x")
        .replace(store::pg::cluster::PASSWORD, "wrong-password");
    let Err(e) = EventStore::open(&Address::of(Path::new(&wrong)).unwrap()) else {
        panic!("opened with a wrong password");
    };
    assert!(matches!(e, StoreError::Database { .. }), "{e:?}");
    assert!(!e.to_string().contains("wrong-password"), "{e}");
}

#[test]
fn a_change_that_panics_writes_nothing_and_the_next_one_works_in_both_stores() {
    let dir = tempfile::tempdir().unwrap();
    for at in places(dir.path(), "panic") {
        let mut store = EventStore::create(&at, &event()).unwrap();
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            store.change("entrant", "半途", |c| {
                c.entrants.clear();
                panic!("a bug in the middle of a change");
                #[allow(unreachable_code)]
                Ok::<_, StoreError>(())
            })
        }));
        assert!(panicked.is_err());
        draw(&mut store, 9);
        let reopened = EventStore::open(&at).unwrap();
        assert_eq!(
            reopened.load().unwrap().entrants.len(),
            6,
            "{}",
            store.shown()
        );
        assert_eq!(reopened.log().unwrap().len(), 2);
    }
}

/// An event of several competitions: its heading alone at first, then two competitions
/// added, each changed alone (the other untouched), one removed and brought back by
/// undo; copied between the stores with every competition.
#[test]
fn an_event_of_several_competitions_in_both_stores() {
    use store::rows::Heading;
    let dir = tempfile::tempdir().unwrap();
    for at in places(dir.path(), "competitions") {
        let heading = Heading {
            name: "市运会棋类比赛".into(),
            ..Heading::default()
        };
        let empty = EventModel {
            heading: Some(heading.clone()),
            ..EventModel::default()
        };
        let mut store = EventStore::create_event(&at, &empty).unwrap();
        assert_eq!(store.current(), None);
        assert!(matches!(store.load(), Err(StoreError::Unchosen { names }) if names.is_empty()));
        let women = Competition::new("象棋女子组", GameKind::Xiangqi, Scoring::xiangqi());
        store
            .change_event("competition", |e| {
                e.competitions.insert(0, event());
                e.competitions.insert(1, women.clone());
                Ok::<_, StoreError>(((), "加项目".into()))
            })
            .unwrap();
        let refused = store.load();
        assert!(
            matches!(&refused, Err(StoreError::Unchosen { names }) if names == &["春季象棋赛", "象棋女子组"]),
            "{refused:?}"
        );
        store.choose(Some(1));
        add_player(&mut store, 1);
        store.choose(Some(0));
        draw(&mut store, 5);
        let whole = EventStore::open(&at).unwrap().load_event().unwrap();
        assert_eq!(whole.heading, Some(heading.clone()));
        assert_eq!(whole.competitions[&1].entrants.len(), 1);
        assert_eq!(whole.competitions[&0].entrants.len(), 6);
        assert_eq!(whole.competitions[&0].stages[0].groups.len(), 1);
        store
            .change_event("competition", |e| {
                e.competitions.remove(&1);
                Ok::<_, StoreError>(((), "删项目".into()))
            })
            .unwrap();
        assert_eq!(store.load_event().unwrap().competitions.len(), 1);
        store.undo().unwrap().expect("the removal");
        assert_eq!(store.load_event().unwrap(), whole, "{}", store.shown());
        assert!(store.log_findings().unwrap().is_empty());
        let copied = dir
            .path()
            .join(format!("copy-{}.qisai", store.shown().len()));
        let copy = copy(&at, &Address::File(copied)).unwrap();
        assert_eq!(copy.load_event().unwrap(), whole);
    }
}
