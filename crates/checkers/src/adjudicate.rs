//! Records and their adjudication.
//!
//! A record is text: optional header lines, then the moves in turn order.
//! ```text
//! # two players, ten pieces each
//! players 2
//! pieces 10
//! camp-rule no-landing      (standard | no-end | no-landing)
//! win fill                  (fill | spoiled)
//! place N: q1 p1 p2         (optional: a position instead of the start,
//! place S: a1 b1            one line per camp; then `to-move N`)
//! to-move N
//! 1. d4-e4  n1-m1           (paths in human notation; `pass`; move numbers and
//! 2. c2-e2-g2 pass           an optional "N:" before a move are allowed)
//! ```

use std::str::FromStr;

use crate::board::{Hole, Triangle};
use crate::game::{Position, Settings, WinRule};
use crate::moves::{IllegalMove, Move};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub players: usize,
    pub pieces: usize,
    pub settings: Settings,
    /// A starting position other than the start, when given.
    pub placement: Option<(Triangle, Vec<(Hole, Triangle)>)>,
    /// Moves as written, with their line numbers.
    pub moves: Vec<(String, usize)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {fault}")]
pub struct RecordError {
    pub line: usize,
    pub fault: RecordFault,
}

/// What is wrong with a line of a record's header.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordFault {
    #[error("'{0}' is not a number of players")]
    Players(String),
    #[error("'{0}' is not a number of pieces")]
    Pieces(String),
    #[error("camp rule '{0}': use standard, no-end or no-landing")]
    CampRule(String),
    #[error("win rule '{0}': use fill or spoiled")]
    WinRule(String),
    #[error("write place CAMP: holes...")]
    Place,
    #[error(transparent)]
    Hole(#[from] crate::ParseHoleError),
    #[error("'{0}' is not a camp: N, NE, SE, S, SW or NW")]
    Camp(String),
}

impl FromStr for Record {
    type Err = RecordError;
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut record = Record {
            players: 2,
            pieces: 10,
            settings: Settings::default(),
            placement: None,
            moves: Vec::new(),
        };
        let mut placed: Vec<(Hole, Triangle)> = Vec::new();
        let mut to_move = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |fault: RecordFault| RecordError { line, fault };
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let (key, rest) = content
                .split_once(char::is_whitespace)
                .unwrap_or((content, ""));
            let rest = rest.trim();
            match key {
                "players" => {
                    record.players = rest
                        .parse()
                        .map_err(|_| err(RecordFault::Players(rest.into())))?
                }
                "pieces" => {
                    record.pieces = rest
                        .parse()
                        .map_err(|_| err(RecordFault::Pieces(rest.into())))?
                }
                "camp-rule" => {
                    record.settings.camp_rule = rest
                        .parse()
                        .map_err(|_: String| err(RecordFault::CampRule(rest.into())))?
                }
                "win" => {
                    record.settings.win_rule = match rest {
                        "fill" => WinRule::Fill,
                        "spoiled" => WinRule::Spoiled,
                        _ => return Err(err(RecordFault::WinRule(rest.into()))),
                    }
                }
                "place" => {
                    let (camp, holes) = rest
                        .split_once(':')
                        .ok_or_else(|| err(RecordFault::Place))?;
                    let camp = triangle(camp).map_err(|t| err(RecordFault::Camp(t)))?;
                    for h in holes.split_whitespace() {
                        let hole = h.parse().map_err(|e| err(RecordFault::Hole(e)))?;
                        placed.push((hole, camp));
                    }
                }
                "to-move" => to_move = Some(triangle(rest).map_err(|t| err(RecordFault::Camp(t)))?),
                _ => {
                    for token in content.split_whitespace() {
                        let is_number = token
                            .trim_end_matches('.')
                            .chars()
                            .all(|c| c.is_ascii_digit())
                            && token.ends_with('.');
                        if !is_number {
                            record.moves.push((token.to_string(), line));
                        }
                    }
                }
            }
        }
        if !placed.is_empty() || to_move.is_some() {
            let first = crate::seating(record.players)
                .and_then(|s| s.first().copied())
                .unwrap_or(Triangle::N);
            record.placement = Some((to_move.unwrap_or(first), placed));
        }
        Ok(record)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// Someone reached the goal (two players), or all but one did.
    Win,
    /// Declared dead: no progress for the configured number of rounds.
    Dead,
    Ongoing,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Verdict {
    pub state: State,
    /// The first to fill the goal.
    pub winner: Option<Triangle>,
    /// Players in the order they reached their goals.
    pub order: Vec<Triangle>,
    pub moves: u32,
    pub passes: u32,
    /// Moves after the game was over, not played.
    pub ignored: u32,
    /// Returns to a previous hole counted per player.
    pub repetitions: Vec<(Triangle, u32)>,
    /// Total distance to goal per player at the end.
    pub distances: Vec<(Triangle, u32)>,
    /// Two-player scores: 1/0 for a win, 0.75/0.25 for a dead game by the half-step
    /// rule (the side nearer its goal leads), 0.5 each when level.
    pub scores: Option<Vec<(Triangle, f32)>>,
}

/// The first move that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({text}, line {line}): {fault}")]
pub struct IllegalAt {
    /// 1-based over the whole record; 0 for the setup.
    pub number: u32,
    pub text: String,
    pub line: usize,
    pub fault: MoveFault,
}

/// Why a move of a record cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveFault {
    /// The setup itself (players, pieces, placement).
    #[error(transparent)]
    Setup(#[from] crate::SetupError),
    #[error(transparent)]
    Hole(#[from] crate::ParseHoleError),
    #[error("'{0}' is not a camp: N, NE, SE, S, SW or NW")]
    Camp(String),
    #[error("it is {on_move}'s turn, not {named}'s")]
    NotYourTurn { on_move: Triangle, named: Triangle },
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A camp by its name, or the text that names none.
fn triangle(text: &str) -> Result<Triangle, String> {
    text.parse::<Triangle>()
        .map_err(|_| text.trim().to_string())
}

fn parse_move(text: &str) -> Result<(Option<Triangle>, Move), MoveFault> {
    let (who, body) = match text.split_once(':') {
        Some((w, b)) => (Some(triangle(w).map_err(MoveFault::Camp)?), b),
        None => (None, text),
    };
    if body.eq_ignore_ascii_case("pass") || body == "--" {
        return Ok((who, Move::Pass));
    }
    let path: Vec<Hole> = body
        .split('-')
        .map(|h| h.parse::<Hole>())
        .collect::<Result<_, _>>()?;
    Ok((who, Move::Path(path)))
}

pub fn adjudicate(record: &Record) -> Result<Verdict, IllegalAt> {
    play_record(record, |_| {})
}

/// Every position of a record that was reached, the start first and then one after
/// each move played; with the verdict, or the first move that cannot be played (the
/// positions stop before it).
pub fn positions(record: &Record) -> (Vec<Position>, Result<Verdict, IllegalAt>) {
    let mut reached = Vec::new();
    let verdict = play_record(record, |pos| reached.push(pos.clone()));
    (reached, verdict)
}

/// Plays a record through, showing `reached` the start and each position after a move.
fn play_record(record: &Record, mut reached: impl FnMut(&Position)) -> Result<Verdict, IllegalAt> {
    let setup = |e: crate::SetupError| IllegalAt {
        number: 0,
        text: String::new(),
        line: 0,
        fault: MoveFault::Setup(e),
    };
    let mut pos = match &record.placement {
        None => Position::start(record.players, record.pieces).map_err(setup)?,
        Some((first, pieces)) => {
            Position::from_pieces(record.players, *first, pieces).map_err(setup)?
        }
    };
    reached(&pos);
    let n = pos.players.len();
    let settings = record.settings;
    let mut finished: Vec<usize> = Vec::new();
    let mut last_move: Vec<Option<(Hole, Hole)>> = vec![None; n];
    let mut returns = vec![0u32; n];
    let mut best: Vec<u32> = (0..n).map(|p| pos.distance_to_goal(p)).collect();
    let mut stale = 0u32;
    let (mut moves, mut passes) = (0u32, 0u32);
    let mut state = State::Ongoing;
    for (index, (text, line)) in record.moves.iter().enumerate() {
        if state != State::Ongoing {
            break;
        }
        let illegal = |fault: MoveFault| IllegalAt {
            number: index as u32 + 1,
            text: text.clone(),
            line: *line,
            fault,
        };
        let (who, m) = parse_move(text).map_err(illegal)?;
        let me = pos.to_move;
        if let Some(w) = who.filter(|&w| w != pos.players[me]) {
            let on_move = pos.players[me];
            return Err(illegal(MoveFault::NotYourTurn { on_move, named: w }));
        }
        match &m {
            Move::Pass => passes += 1,
            Move::Path(path) => {
                pos.check_path(path, settings.camp_rule)
                    .map_err(|e| illegal(e.into()))?;
                let (from, to) = m.ends().expect("a checked path has ends");
                if last_move[me] == Some((to, from)) {
                    if returns[me] >= settings.repetitions {
                        return Err(illegal(IllegalMove::Repetition(to.name()).into()));
                    }
                    returns[me] += 1;
                }
                last_move[me] = Some((from, to));
            }
        }
        pos.play(&m);
        reached(&pos);
        moves += 1;
        if pos.has_won(me, settings.win_rule) && !finished.contains(&me) {
            finished.push(me);
        }
        let active = n - finished.len();
        if active <= 1 || (n == 2 && !finished.is_empty()) {
            state = State::Win;
            break;
        }
        // Skip those who are home.
        while finished.contains(&pos.to_move) {
            pos.to_move = (pos.to_move + 1) % n;
        }
        // Progress: any player's total distance below its best so far.
        let mut progressed = false;
        for (p, best) in best.iter_mut().enumerate() {
            let d = pos.distance_to_goal(p);
            if d < *best {
                *best = d;
                progressed = true;
            }
        }
        stale = if progressed { 0 } else { stale + 1 };
        if stale >= settings.dead_rounds * active as u32 {
            state = State::Dead;
        }
    }
    let distances: Vec<(Triangle, u32)> = (0..n)
        .map(|p| (pos.players[p], pos.distance_to_goal(p)))
        .collect();
    let scores = (n == 2)
        .then(|| match state {
            State::Win => {
                let w = finished[0];
                vec![(pos.players[w], 1.0), (pos.players[1 - w], 0.0)]
            }
            State::Dead => {
                let (a, b) = (distances[0].1, distances[1].1);
                let (sa, sb) = match a.cmp(&b) {
                    std::cmp::Ordering::Less => (0.75, 0.25),
                    std::cmp::Ordering::Greater => (0.25, 0.75),
                    std::cmp::Ordering::Equal => (0.5, 0.5),
                };
                vec![(pos.players[0], sa), (pos.players[1], sb)]
            }
            State::Ongoing => Vec::new(),
        })
        .filter(|s| !s.is_empty());
    Ok(Verdict {
        state,
        winner: finished.first().map(|&p| pos.players[p]),
        order: finished.iter().map(|&p| pos.players[p]).collect(),
        moves,
        passes,
        ignored: record.moves.len() as u32 - moves,
        repetitions: (0..n).map(|p| (pos.players[p], returns[p])).collect(),
        distances,
        scores,
    })
}
