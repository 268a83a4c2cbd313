//! Move generation and checking: known figures and hand-made positions.

use checkers::{CampRule, Hole, IllegalMove, Position, Triangle};

fn c(q: i32, r: i32) -> Hole {
    Hole::from_cube(q, r, -q - r).unwrap()
}

#[test]
fn the_first_player_has_14_moves_from_every_start_and_22_with_15_pieces() {
    for players in [2, 3, 4, 6] {
        let pos = Position::start(players, 10).unwrap();
        assert_eq!(pos.moves(CampRule::Standard).len(), 14, "{players} players");
    }
    let fifteen = Position::start(2, 15).unwrap();
    assert_eq!(fifteen.moves(CampRule::Standard).len(), 22);
}

/// Three players (N, SE, SW): N's piece on the centre; a chain east over two pieces,
/// then into SE's camp at (4,2,-6), then back out to (2,2,-4).
fn chain_position() -> Position {
    let pieces = [
        (c(0, 0), Triangle::N),
        (c(1, 0), Triangle::SW),
        (c(3, 0), Triangle::SW),
        (c(4, 1), Triangle::SW),
        (c(3, 2), Triangle::SW),
    ];
    Position::from_pieces(3, Triangle::N, &pieces).unwrap()
}

#[test]
fn jump_chains_of_several_hops_under_each_camp_rule() {
    let pos = chain_position();
    let into_camp = [c(0, 0), c(2, 0), c(4, 0), c(4, 2)];
    let through_camp = [c(0, 0), c(2, 0), c(4, 0), c(4, 2), c(2, 2)];
    assert!(c(4, 2).triangle() == Some(Triangle::SE));
    // Standard: both chains; every hop's landing is a move.
    assert_eq!(pos.check_path(&into_camp, CampRule::Standard), Ok(()));
    assert_eq!(pos.check_path(&through_camp, CampRule::Standard), Ok(()));
    let moves = pos.moves(CampRule::Standard);
    for to in [c(2, 0), c(4, 0), c(4, 2), c(2, 2)] {
        assert!(moves.contains(&(c(0, 0), to)), "{to}");
    }
    // No-end: passing through SE's camp is fine, ending there is not.
    assert_eq!(pos.check_path(&through_camp, CampRule::NoEnd), Ok(()));
    assert_eq!(
        pos.check_path(&into_camp, CampRule::NoEnd),
        Err(IllegalMove::ForbiddenCamp(c(4, 2).name()))
    );
    let moves = pos.moves(CampRule::NoEnd);
    assert!(moves.contains(&(c(0, 0), c(2, 2))));
    assert!(!moves.contains(&(c(0, 0), c(4, 2))));
    // No-landing (the seeds' rule): not even in the middle of a chain.
    assert_eq!(
        pos.check_path(&through_camp, CampRule::NoLanding),
        Err(IllegalMove::ForbiddenCamp(c(4, 2).name()))
    );
    let moves = pos.moves(CampRule::NoLanding);
    assert!(!moves.contains(&(c(0, 0), c(2, 2))));
    assert!(moves.contains(&(c(0, 0), c(4, 0))));
}

#[test]
fn chains_that_revisit_a_hole_and_steps_then_jumps_are_refused() {
    let pos = chain_position();
    let back = [c(0, 0), c(2, 0), c(0, 0)];
    assert_eq!(
        pos.check_path(&back, CampRule::Standard),
        Err(IllegalMove::Revisits(c(0, 0).name()))
    );
    let loop_back = [c(0, 0), c(2, 0), c(4, 0), c(2, 0)];
    assert_eq!(
        pos.check_path(&loop_back, CampRule::Standard),
        Err(IllegalMove::Revisits(c(2, 0).name()))
    );
    // A step west to (-1,0,1), then a jump: no mixing.
    let step_jump = [c(0, 0), c(-1, 0), c(1, 0)];
    assert_eq!(
        pos.check_path(&step_jump, CampRule::Standard),
        Err(IllegalMove::StepThenMore)
    );
    // A jump over nothing, a piece not the mover's, a hole too far.
    assert!(matches!(
        pos.check_path(&[c(0, 0), c(0, 2)], CampRule::Standard),
        Err(IllegalMove::NothingToJump(..))
    ));
    assert!(matches!(
        pos.check_path(&[c(1, 0), c(1, 1)], CampRule::Standard),
        Err(IllegalMove::NotYours(_))
    ));
    assert!(matches!(
        pos.check_path(&[c(0, 0), c(0, 3)], CampRule::Standard),
        Err(IllegalMove::NotAdjacent(..))
    ));
}

proptest::proptest! {
    #[test]
    fn every_legal_single_hop_is_generated_once(seed in proptest::collection::vec(0usize..121, 10..60), rule in 0usize..3) {
        let rule = [CampRule::Standard, CampRule::NoEnd, CampRule::NoLanding][rule];
        let camps = [Triangle::N, Triangle::S];
        let mut pieces = Vec::new();
        for (i, &hole) in seed.iter().enumerate() {
            let hole = Hole::from_index(hole);
            if pieces.iter().all(|&(h, _)| h != hole) && pieces.iter().filter(|&&(_, o)| o == camps[i % 2]).count() < 15 {
                pieces.push((hole, camps[i % 2]));
            }
        }
        let pos = Position::from_pieces(2, Triangle::N, &pieces).unwrap();
        let moves = pos.moves(rule);
        let mut unique = moves.clone();
        unique.sort();
        unique.dedup();
        proptest::prop_assert_eq!(unique.len(), moves.len());
        for &(from, _) in pieces.iter().filter(|&&(_, o)| o == Triangle::N) {
            for to in Hole::all() {
                if from.distance(to) <= 2 && pos.check_path(&[from, to], rule).is_ok() {
                    proptest::prop_assert!(moves.contains(&(from, to)), "{} to {} is legal but not generated", from, to);
                }
            }
        }
        for &(from, to) in &moves {
            proptest::prop_assert_eq!(pos.owner(from), Some(Triangle::N));
            proptest::prop_assert_eq!(pos.owner(to), None);
        }
    }
}
