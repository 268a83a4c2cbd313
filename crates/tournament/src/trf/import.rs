//! A report file becomes an event: its players, and one Swiss stage holding every round
//! exactly as the file has it, ready to pair the next.

use std::collections::BTreeMap;

use super::{Problem, ReportFile, ReportPlayer, ReportRound, TrfError};
use crate::model::{Competition, EventDetails, Format, Game, GameKind, Group, Match, Round, Stage};
use crate::result::{GameRecord, GameResult};
use crate::scoring::Scoring;
use crate::swiss::{Away, AwayKind, SwissOptions};
use crate::tiebreak::Criterion;
use crate::tiebreak::fide::{Code, Edition, Fide};
use crate::{Entrant, EntrantId, PlayerDetails, Points, StageSettings};

/// What `qisai import trf` may change about the file's event.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// The stage's tiebreak chain; PTS › BH-C1 › BH › SB by default.
    pub tiebreaks: Option<Vec<Criterion>>,
    /// Another scale than the file's (the results are scored by it).
    pub scoring: Option<Scoring>,
    /// The FIDE edition of the default chain.
    pub edition: Edition,
}

/// The event, and what the file says that the results do not bear out (ranks).
#[derive(Debug, Clone)]
pub struct Imported {
    pub competition: Competition,
    pub warnings: Vec<TrfError>,
}

fn error(line: usize, column: usize, problem: Problem) -> TrfError {
    TrfError {
        line,
        column,
        problem,
    }
}

/// The result letter the opponent's line must show for the same game.
fn mirrored(result: char) -> &'static [char] {
    match result {
        '1' => &['0'],
        '0' => &['1'],
        '=' => &['='],
        '+' => &['-'],
        '-' => &['+', '-'],
        'W' => &['L'],
        'L' => &['W'],
        'D' => &['D'],
        // Not played yet: both blank.
        _ => &[' '],
    }
}

/// Checks that every game is written the same way on both players' lines.
fn check_games(
    file: &ReportFile,
    by_number: &BTreeMap<u32, &ReportPlayer>,
) -> Result<(), TrfError> {
    for p in &file.players {
        for (k, entry) in p.rounds.iter().enumerate() {
            let Some(o) = entry.opponent else { continue };
            let round = k as u32 + 1;
            let other = by_number
                .get(&o)
                .ok_or_else(|| error(p.line, entry.column, Problem::UnknownOpponent(o)))?;
            let back = other.rounds.get(k);
            let colours_agree = |b: &ReportRound| match (entry.colour, b.colour) {
                (Some(a), Some(c)) => a != c,
                (None, None) => true,
                _ => false,
            };
            let agrees = back.is_some_and(|b| {
                b.opponent == Some(p.number)
                    && colours_agree(b)
                    && mirrored(entry.result).contains(&b.result)
            });
            if !agrees {
                return Err(error(
                    p.line,
                    entry.column,
                    Problem::Disagrees {
                        player: p.number,
                        opponent: o,
                        round,
                    },
                ));
            }
        }
    }
    Ok(())
}

/// The file's scores, by its own scale, against its points column.
fn check_points(file: &ReportFile) -> Result<(), TrfError> {
    for p in &file.players {
        let computed: Points = p.rounds.iter().map(|r| file.scale.points(r.result)).sum();
        if let Some(given) = p.points
            && given != computed
        {
            return Err(error(
                p.line,
                81,
                Problem::Points {
                    player: p.number,
                    file: given,
                    computed,
                },
            ));
        }
    }
    Ok(())
}

fn scoring_of(file: &ReportFile) -> Scoring {
    let s = &file.scale;
    let mut scoring = Scoring::two_player(s.win, s.draw, s.loss);
    scoring.forfeit_win = s.forfeit_win.unwrap_or(s.win);
    scoring.forfeit_loss = s.forfeit_loss;
    scoring.bye = s.pairing_bye.unwrap_or(s.win);
    scoring
}

/// One round's matches: the games (once each, from the first player's line), the
/// pairing byes, and the absences and byes asked for.
fn round_of(
    file: &ReportFile,
    k: usize,
    away: &mut Vec<Away>,
    before: &BTreeMap<u32, Points>,
) -> Round {
    let round = k as u32 + 1;
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for p in &file.players {
        let Some(entry) = p.rounds.get(k) else {
            continue;
        };
        let id = EntrantId(p.number);
        match entry.opponent {
            Some(o) if p.number < o => games.push((p.number, o, *entry)),
            Some(_) => {}
            None => match entry.result {
                'U' => byes.push(id),
                'H' | '=' | 'D' => away.push(Away {
                    entrant: id,
                    round,
                    kind: AwayKind::HalfPointBye,
                }),
                'F' | '+' | '1' | 'W' => away.push(Away {
                    entrant: id,
                    round,
                    kind: AwayKind::FullPointBye,
                }),
                'Z' => away.push(Away {
                    entrant: id,
                    round,
                    kind: AwayKind::Reported,
                }),
                _ if !entry.blank => away.push(Away {
                    entrant: id,
                    round,
                    kind: AwayKind::Unpaired,
                }),
                _ => {}
            },
        }
    }
    // Boards as a pairing sheet lists them: the highest score before the round first.
    let score = |n: u32| before.get(&n).copied().unwrap_or_default();
    games.sort_by_key(|&(a, b, _)| (std::cmp::Reverse(score(a).max(score(b))), a.min(b)));
    let mut matches: Vec<Match> = games
        .iter()
        .enumerate()
        .map(|(board, &(p, o, entry))| {
            // Seat 0 plays white (red, first to move) when the file gives colours.
            let p_first = entry.colour != Some('b');
            let (first, second) = if p_first { (p, o) } else { (o, p) };
            let mut m = Match::new(
                board as u32 + 1,
                vec![Some(EntrantId(first)), Some(EntrantId(second))],
            );
            // The result from seat 0's side.
            let first_result = if p_first {
                entry.result
            } else {
                mirrored(entry.result)[0]
            };
            let double = entry.result == '-' && mirrored_is_double(file, o, k);
            let result = match first_result {
                _ if double => Some(GameResult::DoubleForfeit),
                '1' | 'W' => Some(GameResult::Win {
                    winner: 0,
                    moves: None,
                }),
                '0' | 'L' => Some(GameResult::Win {
                    winner: 1,
                    moves: None,
                }),
                '=' | 'D' => Some(GameResult::Draw),
                '+' => Some(GameResult::Forfeit { winner: 0 }),
                '-' => Some(GameResult::Forfeit { winner: 1 }),
                _ => None,
            };
            m.games.push(Game {
                board: 1,
                red: 0,
                record: result.map(|r| GameRecord {
                    unrated: matches!(first_result, 'W' | 'L' | 'D'),
                    colourless: entry.colour.is_none(),
                    ..GameRecord::new(r)
                }),
                moves: None,
            });
            m
        })
        .collect();
    for id in byes {
        matches.push(Match::new(matches.len() as u32 + 1, vec![Some(id), None]));
    }
    Round {
        number: round,
        matches,
    }
}

/// Whether the opponent's line also shows a forfeit loss (both absent).
fn mirrored_is_double(file: &ReportFile, opponent: u32, k: usize) -> bool {
    file.players
        .iter()
        .find(|p| p.number == opponent)
        .and_then(|p| p.rounds.get(k))
        .is_some_and(|r| r.result == '-')
}

/// Builds the event a report file describes.
pub fn to_competition(file: &ReportFile, options: &ImportOptions) -> Result<Imported, TrfError> {
    if file.players.is_empty() {
        return Err(error(1, 1, Problem::NoPlayers));
    }
    let mut by_number = BTreeMap::new();
    for p in &file.players {
        if by_number.insert(p.number, p).is_some() {
            return Err(error(p.line, 5, Problem::Duplicate(p.number)));
        }
    }
    check_games(file, &by_number)?;
    check_points(file)?;

    let scoring = options.scoring.clone().unwrap_or_else(|| scoring_of(file));
    let name = file
        .name
        .clone()
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "TRF".into());
    let mut c = Competition::new(name, GameKind::Xiangqi, scoring);
    c.time_control = file.time_control.clone().filter(|t| !t.is_empty());
    c.details = EventDetails {
        venue: file.city.clone().filter(|t| !t.is_empty()),
        dates: match (&file.start, &file.end) {
            (Some(s), Some(e)) if !e.is_empty() && e != s => Some(format!("{s} – {e}")),
            (Some(s), _) if !s.is_empty() => Some(s.clone()),
            _ => None,
        },
        organizer: None,
        arbiter: file.arbiter.clone().filter(|t| !t.is_empty()),
        report_lines: file.header.clone(),
    };
    for p in by_number.values() {
        let mut e = Entrant::new(p.number, p.name.clone());
        e.rating = p.rating;
        e.details = PlayerDetails {
            sex: p.sex,
            title: p.title.clone(),
            federation: p.federation.clone(),
            fide_id: p.fide_id,
            birth: p.birth.clone(),
        };
        c.entrants.push(e);
    }

    let played = file
        .players
        .iter()
        .map(|p| p.rounds.len())
        .max()
        .unwrap_or(0);
    let planned = file
        .rounds
        .unwrap_or(played as u32)
        .max(played as u32)
        .max(1);
    let mut away = Vec::new();
    let mut rounds = Vec::new();
    let mut before: BTreeMap<u32, Points> = BTreeMap::new();
    for k in 0..played {
        rounds.push(round_of(file, k, &mut away, &before));
        for p in &file.players {
            if let Some(r) = p.rounds.get(k) {
                *before.entry(p.number).or_default() += file.scale.points(r.result);
            }
        }
    }
    let group = Group {
        name: String::new(),
        entrants: by_number.keys().map(|&n| EntrantId(n)).collect(),
        rounds,
        playoffs: Vec::new(),
        state: crate::GroupState::Swiss {
            late: Vec::new(),
            away,
        },
    };
    let mut options_swiss = SwissOptions::new(planned);
    // FIDE events keep a player who forfeits unless the arbiter withdraws him.
    options_swiss.drop_after_forfeits = 0;
    let mut settings = StageSettings::new(Format::new(&options_swiss));
    settings.tiebreaks = options.tiebreaks.clone().unwrap_or_else(|| {
        let fide = |code, cut_low| {
            Criterion::Fide(Fide {
                cut_low,
                ..Fide::new(code, options.edition)
            })
        };
        vec![
            Criterion::Points,
            fide(Code::Bh, 1),
            fide(Code::Bh, 0),
            fide(Code::Sb, 0),
        ]
    });
    c.stages.push(Stage {
        name: "积分编排".into(),
        settings,
        groups: vec![group],
        draw_seed: None,
        boards_before: 0,
    });

    let warnings = rank_warnings(file, &c);
    Ok(Imported {
        competition: c,
        warnings,
    })
}

/// The file's ranks that the standings under the chosen tiebreaks do not bear out.
fn rank_warnings(file: &ReportFile, c: &Competition) -> Vec<TrfError> {
    let Ok((_, table)) = crate::stage::group_standings(c, 0, 0) else {
        return Vec::new();
    };
    let ours: BTreeMap<u32, u32> = table
        .rows
        .iter()
        .map(|r| (r.entrant.0, r.place.first))
        .collect();
    file.players
        .iter()
        .filter_map(|p| {
            let rank = p.rank.filter(|&r| r > 0)?;
            let computed = *ours.get(&p.number)?;
            let shared = table
                .rows
                .iter()
                .find(|r| r.entrant.0 == p.number)
                .is_some_and(|r| (r.place.first..=r.place.last).contains(&rank));
            (!shared).then(|| {
                error(
                    p.line,
                    86,
                    Problem::Rank {
                        player: p.number,
                        file: rank,
                        computed,
                    },
                )
            })
        })
        .collect()
}
