//! Golden cases: each folder of `tests/golden/` holds an event as readable JSON
//! (`event.json`: players, stages, and the steps of the day) and what a person would
//! read off the sheets afterwards (`expected.txt`: pairings and standings). Run with
//! `QISAI_BLESS=1` to write the expected text anew, then read it before committing.

mod golden_support;

#[test]
fn golden_cases() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut cases: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 12, "only {} golden cases", cases.len());
    for case in cases {
        let event = std::fs::read_to_string(case.join("event.json")).unwrap();
        let shown =
            golden_support::run(&event).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let expected = case.join("expected.txt");
        if std::env::var_os("QISAI_BLESS").is_some() {
            std::fs::write(&expected, &shown).unwrap();
        }
        assert_eq!(
            shown,
            std::fs::read_to_string(&expected).unwrap_or_default(),
            "{}",
            case.display()
        );
    }
}
