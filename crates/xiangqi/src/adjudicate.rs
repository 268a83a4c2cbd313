//! Replaying a record and saying who won and why, or where the record goes wrong.

use crate::record::{MoveText, Record};
use crate::repetition::{History, Step, Verdict};
use crate::rules::{Chased, RuleCode, Ruling};
use crate::{Move, MoveError, Notation, Outcome, Position};

/// How a game ended (or that it has not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    Checkmate,
    /// 困毙: no legal move without being in check; the stalemated side loses.
    Stalemate,
    PerpetualCheck,
    /// 长捉: chasing (or, under the Chinese rules, chasing and checking) with every move
    /// of a cycle loses.
    PerpetualChase,
    /// 长杀: under the Chinese rules, threatening mate (or checking) with every move of a
    /// cycle loses.
    PerpetualMateThreat,
    Repetition,
    NaturalLimit,
    DeadPosition,
    None,
}

/// Settings an event may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Plies without a capture after which the game is drawn (自然限着); default 60
    /// moves each, as both rule books have it.
    pub natural_limit_plies: u32,
    /// The rule book repetitions are judged by; the Chinese by default.
    pub code: RuleCode,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            natural_limit_plies: 120,
            code: RuleCode::Chinese,
        }
    }
}

impl Rules {
    /// The default rules under `code`.
    pub fn of(code: RuleCode) -> Rules {
        Rules {
            code,
            ..Rules::default()
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjudication {
    pub outcome: Outcome,
    pub ending: Ending,
    /// Plies played up to the ending (or the whole record when the game goes on).
    pub plies: u32,
    /// Record plies after the game had already ended; they were not played.
    pub ignored_plies: u32,
    /// Plies since the last capture in the final position.
    pub plies_since_capture: u32,
    pub moves: Vec<Move>,
    pub final_position: Position,
    /// The result the record claims, when it gives one.
    pub claimed: Option<Outcome>,
    /// The repetition rule that decided the game (with the code it was judged under),
    /// when a repetition did.
    pub ruling: Option<(RuleCode, Ruling)>,
    /// What the perpetual chase that decided the game was after, and what chased it.
    pub chased: Option<Chased>,
}

impl Adjudication {
    /// The claimed result when the game ended on the board with another one. A claim
    /// on a game that goes on (resignation, time) is no disagreement.
    pub fn disagreement(&self) -> Option<Outcome> {
        self.claimed.filter(|&c| {
            self.outcome != Outcome::Ongoing && c != Outcome::Ongoing && c != self.outcome
        })
    }
}

/// Why a record could not be adjudicated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordProblem {
    #[error(transparent)]
    Record(#[from] crate::record::RecordError),
    #[error(transparent)]
    Illegal(#[from] IllegalAt),
}

/// Replays a parsed record from its `[FEN]` (or the initial array), in `notation` or
/// the record's `[Format]` or each move's own shape, and compares the claimed result.
pub fn adjudicate_record(
    record: &Record,
    start: Option<&Position>,
    notation: Option<Notation>,
    rules: Rules,
) -> Result<Adjudication, RecordProblem> {
    let start = match start {
        Some(p) => p.clone(),
        None => record.start()?,
    };
    let notation = notation.or(record.notation);
    let texts = record.moves.iter().map(|m| m.text.as_str());
    let mut adjudication = adjudicate(&start, texts, notation, rules).map_err(|mut e| {
        // Records without lines (XQF) have none to name.
        e.line = record
            .moves
            .get(e.ply as usize - 1)
            .map(|m| m.line)
            .filter(|&l| l > 0);
        e
    })?;
    adjudication.claimed = record.claimed;
    Ok(adjudication)
}

/// The first move of a record that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}{} ({text}): {}", line.map(|l| format!(" on line {l}")).unwrap_or_default(), reason.why())]
pub struct IllegalAt {
    /// 1-based: ply 1 is the record's first move.
    pub ply: u32,
    pub text: String,
    pub reason: MoveError,
    /// The source line, when known.
    pub line: Option<usize>,
}

/// Replays `moves` from `start`. Each move is read in `notation`, or in the notation
/// its shape shows when `None`.
pub fn adjudicate<'a>(
    start: &Position,
    moves: impl IntoIterator<Item = &'a str>,
    notation: Option<Notation>,
    rules: Rules,
) -> Result<Adjudication, IllegalAt> {
    // One loop for each notation, each reading its moves inline: the notation is
    // decided once, not asked again at every ply.
    let moves = moves.into_iter();
    match notation {
        Some(Notation::Iccs) => replay_judged(start, moves, rules, |pos, text| {
            Notation::Iccs.play_move(pos, text)
        }),
        Some(Notation::Wxf) => replay_judged(start, moves, rules, |pos, text| {
            Notation::Wxf.play_move(pos, text)
        }),
        Some(Notation::Chinese) => replay_judged(start, moves, rules, |pos, text| {
            Notation::Chinese.play_move(pos, text)
        }),
        None => replay_judged(start, moves, rules, |pos, text| play_move(pos, text, None)),
    }
}

/// [`adjudicate`], each move read and played by `play`.
fn replay_judged<'a>(
    start: &Position,
    moves: impl Iterator<Item = &'a str>,
    rules: Rules,
    mut play: impl FnMut(&mut Position, &str) -> Result<Move, MoveError>,
) -> Result<Adjudication, IllegalAt> {
    let mut pos = start.clone();
    // A cycle never reaches past the natural limit: room for that many entries at once.
    let mut history =
        History::with_capacity(moves.size_hint().0.min(rules.natural_limit_plies as usize) + 1);
    history.restart(pos.hash(), !pos.turn());
    let mut played = Vec::with_capacity(moves.size_hint().0);
    let mut ended: Option<(Outcome, Ending)> = None;
    let mut ruling = None;
    let mut chased = None;
    let mut ignored = 0;
    for (index, text) in moves.enumerate() {
        if ended.is_some() {
            ignored += 1;
            continue;
        }
        let ply = index as u32 + 1;
        let m = match play(&mut pos, text) {
            Ok(m) => m,
            Err(e) => {
                // A move after mate or stalemate: the game was over already.
                if pos.is_game_over() {
                    ended = Some(loss_of_side_to_move(&pos));
                    ignored += 1;
                    continue;
                }
                return Err(IllegalAt {
                    ply,
                    text: text.to_string(),
                    reason: e,
                    line: None,
                });
            }
        };
        let mover = !pos.turn();
        let captures = pos.halfmoves() == 0;
        played.push(m);
        if captures {
            history.restart(pos.hash(), mover);
            if pos.has_no_attackers() {
                ended = Some((Outcome::Draw, Ending::DeadPosition));
            }
            continue;
        }
        let step = Step {
            mv: m,
            check: pos.is_check(),
        };
        let verdict = history.push(pos.hash(), pos.board(), mover, step, rules.code);
        let limit = pos.halfmoves() >= rules.natural_limit_plies;
        if (verdict.is_some() || limit) && pos.is_game_over() {
            ended = Some(loss_of_side_to_move(&pos));
        } else if let Some(Verdict {
            outcome,
            ruling: why,
            chased: what,
        }) = verdict
        {
            ruling = Some((rules.code, why));
            chased = what;
            let ending = match (outcome, why) {
                (Outcome::Draw, _) => Ending::Repetition,
                (_, Ruling::PerpetualCheck) => Ending::PerpetualCheck,
                (_, Ruling::PerpetualMateThreat) => Ending::PerpetualMateThreat,
                _ => Ending::PerpetualChase,
            };
            ended = Some((outcome, ending));
        } else if limit {
            ended = Some((Outcome::Draw, Ending::NaturalLimit));
        }
    }
    let (outcome, ending) = ended.unwrap_or_else(|| {
        if pos.is_game_over() {
            loss_of_side_to_move(&pos)
        } else {
            (Outcome::Ongoing, Ending::None)
        }
    });
    Ok(Adjudication {
        outcome,
        ending,
        plies: played.len() as u32,
        ignored_plies: ignored,
        plies_since_capture: pos.halfmoves(),
        moves: played,
        final_position: pos,
        claimed: None,
        ruling,
        chased,
    })
}

/// Reads every move of a record, without judging how the game ended: for converting
/// a record from one notation to another.
pub fn replay<'a>(
    start: &Position,
    moves: impl IntoIterator<Item = &'a MoveText>,
    notation: Option<Notation>,
) -> Result<Vec<Move>, IllegalAt> {
    let mut pos = start.clone();
    let mut played = Vec::new();
    for (index, text) in moves.into_iter().enumerate() {
        let m = play_move(&mut pos, &text.text, notation).map_err(|e| IllegalAt {
            ply: index as u32 + 1,
            text: text.text.clone(),
            reason: e,
            line: Some(text.line),
        })?;
        played.push(m);
    }
    Ok(played)
}

fn play_move(
    pos: &mut Position,
    text: &str,
    notation: Option<Notation>,
) -> Result<Move, MoveError> {
    match notation.or_else(|| Notation::detect(text)) {
        Some(n) => n.play_move(pos, text),
        None => Err(MoveError::Syntax(crate::notation::SyntaxError {
            text: text.to_string(),
            kind: crate::notation::Syntax::Unknown,
        })),
    }
}

fn loss_of_side_to_move(pos: &Position) -> (Outcome, Ending) {
    let winner = match pos.turn() {
        crate::Color::Red => Outcome::Black,
        crate::Color::Black => Outcome::Red,
    };
    let ending = if pos.is_check() {
        Ending::Checkmate
    } else {
        Ending::Stalemate
    };
    (winner, ending)
}
