//! The `qisai schedule` commands as scripts call them.

use std::process::Command;

fn qisai(args: &[&str]) -> (String, Option<i32>) {
    let o = Command::new(env!("CARGO_BIN_EXE_qisai"))
        .args(args)
        .output()
        .expect("qisai runs");
    (String::from_utf8(o.stdout).unwrap(), o.status.code())
}

#[test]
fn round_robin_of_eight_starts_with_the_published_rounds() {
    let (out, code) = qisai(&["schedule", "round-robin", "8"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 28);
    assert_eq!(
        &lines[..8],
        [
            "1 1 1 8", "1 2 2 7", "1 3 3 6", "1 4 4 5", "2 1 8 5", "2 2 6 4", "2 3 7 3", "2 4 1 2"
        ]
    );
}

#[test]
fn odd_round_robin_writes_the_bye_as_zero() {
    let (out, _) = qisai(&["schedule", "round-robin", "3"]);
    assert_eq!(
        out,
        "1 1 1 0\n1 2 2 3\n2 1 3 0\n2 2 1 2\n3 1 2 0\n3 2 3 1\n"
    );
}

#[test]
fn double_round_robin_reverses_colours() {
    let (out, _) = qisai(&["schedule", "round-robin", "4", "--double"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    assert_eq!(lines[0], "1 1 1 4");
    assert_eq!(lines[6], "4 1 4 1");
    let (_, code) = qisai(&["schedule", "round-robin", "4", "--swap-last"]);
    assert_eq!(code, Some(2));
}

#[test]
fn seeded_knockout_gives_byes_to_the_top_seeds() {
    let (out, _) = qisai(&["schedule", "knockout", "6"]);
    assert_eq!(out, "1 1 0\n2 4 5\n3 2 0\n4 3 6\n");
}

#[test]
fn drawn_knockout_prints_its_seed_and_is_reproducible() {
    let (first, code) = qisai(&[
        "schedule", "knockout", "12", "--seed", "2026", "--seeds", "2",
    ]);
    assert_eq!(code, Some(0));
    let (again, _) = qisai(&[
        "schedule", "knockout", "12", "--seed", "2026", "--seeds", "2",
    ]);
    assert_eq!(first, again);
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines[0], "# seed 2026");
    assert_eq!(lines.len(), 9);
    // Seed 1 on the top line, seed 2 on the bottom line.
    assert!(lines[1].starts_with("1 1 "));
    assert!(lines[8].ends_with(" 2"));
    let mut numbers: Vec<u32> = lines[1..]
        .iter()
        .flat_map(|l| l.split(' ').skip(1).map(|n| n.parse::<u32>().unwrap()))
        .filter(|&n| n > 0)
        .collect();
    numbers.sort();
    assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
}
