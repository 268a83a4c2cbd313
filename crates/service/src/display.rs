//! What the hall sees without a token (the projector, players' phones) and what a sector
//! arbiter's phone shows. Names, clubs, points and results only: nothing else of a
//! player leaves the chief arbiter's screens.

use serde::Serialize;
use tournament::Competition;

use crate::select::current_stage;
use crate::views::{PairingView, pairings_of, points_number, standings_of};
use crate::{Event, Result, ServiceError};
use tournament::Points;

/// One side of a board on the display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisplaySide {
    pub name: String,
    pub club: Option<String>,
    /// Pinyin initials of the name (王天一 → wty), for the search by name.
    pub initials: String,
    /// The name in pinyin without tones (王天一 → wangtianyi), for the search.
    pub pinyin: String,
    #[serde(serialize_with = "points_number")]
    pub points: Points,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisplayPairing {
    pub group: String,
    pub board: u32,
    pub red: Option<DisplaySide>,
    /// `None`: a bye.
    pub black: Option<DisplaySide>,
    pub result: Option<String>,
    /// A single game's result in words.
    pub result_words: Option<messages::Message>,
    /// Tables of three to six (and Junqi's pairs): every seat in turn order; then `red`
    /// and `black` are its first two.
    pub seats: Vec<DisplaySeat>,
    /// Who went through, when a drawing of lots settled a tied knockout match.
    pub by_lots: Option<String>,
    /// A withdrawal annulled the match.
    pub annulled: bool,
}

/// One seat of a table on the display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisplaySeat {
    /// 1..N at checkers; south, east, north, west at Junqi.
    pub seat: serde_json::Value,
    /// The seat as people read it: 2号 / seat 2, 南 / south.
    pub label: messages::Message,
    /// Fixed pairs: the pair the player plays for.
    pub pair: Option<String>,
    pub player: DisplaySide,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisplayRow {
    pub group: String,
    pub rank: u32,
    pub shared_to: u32,
    pub name: String,
    pub club: Option<String>,
    pub initials: String,
    pub pinyin: String,
    pub points: Option<serde_json::Value>,
    /// The values of the tiebreaks the display shows (see [`DisplayView::tiebreaks`]).
    pub tiebreaks: Vec<String>,
}

/// The public display: the current round's pairings and the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisplayView {
    pub event: String,
    /// 1-based; `None` before the first draw.
    pub stage: Option<usize>,
    pub stage_name: Option<String>,
    /// The stage's name in the reader's language.
    pub stage_title: Option<messages::Message>,
    pub round: Option<u32>,
    pub rounds: u32,
    pub knockout: bool,
    pub pairings: Vec<DisplayPairing>,
    pub standings: Vec<DisplayRow>,
    /// The tiebreaks shown beside the points: as many of the chain as it takes to
    /// order those level on points, none when nobody is.
    pub tiebreaks: Vec<DisplayTiebreak>,
}

/// A tiebreak column of the display, named in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisplayTiebreak {
    pub code: String,
    pub name: String,
    pub name_en: String,
}

/// How many of the chain's tiebreaks order the entrants level on points (in the same
/// group): the deepest one that told two of them apart.
fn separating_tiebreaks(rows: &[crate::views::StandingRowView]) -> usize {
    rows.windows(2)
        .filter(|w| w[0].group == w[1].group && w[0].points.is_some() && w[0].points == w[1].points)
        .filter_map(|w| {
            let mut pairs = w[0].tiebreaks.iter().zip(&w[1].tiebreaks);
            pairs.position(|(a, b)| a.value != b.value)
        })
        .map(|k| k + 1)
        .max()
        .unwrap_or(0)
}

/// One game a sector arbiter may enter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SectorGame {
    pub board: u32,
    /// The game (team matches: the board within the match), 1-based.
    pub game: u32,
    pub red: Option<String>,
    pub black: Option<String>,
    /// The result that counts, once there is one.
    pub result: Option<String>,
    /// Double entry: what this arbiter entered and what waits for a second entry.
    pub entered: Option<String>,
    /// Double entry: another arbiter entered something else.
    pub disputed: bool,
    /// A table of three to six: every seat's player in turn order (`red` and `black`
    /// are then its first two).
    pub seats: Vec<crate::SeatView>,
    /// A sector across competitions: the board's competition, and the results its game
    /// allows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub competition: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<ResultChoice>>,
}

/// A result a phone may enter, with its words (`zh`, `en`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultChoice {
    pub result: String,
    #[serde(flatten)]
    pub words: crate::Worded,
}

/// The results an arbiter taps on the phone, each with its words.
fn choices(c: &Competition) -> Vec<ResultChoice> {
    worded(c, tournament::result::text::tappable(c.seating(), c.game))
}

/// Every kind of result the competition's games have that is chosen rather than typed
/// (a table's finishing order is typed), each with its words: for the chief arbiter's
/// record form.
pub fn result_choices(c: &Competition) -> Vec<ResultChoice> {
    use tournament::result::text;
    let seating = c.seating();
    let kinds = text::kinds(seating, c.game)
        .into_iter()
        .filter_map(|k| Some((k.to_string(), text::read(k, seating, c.game).ok()?)))
        .collect();
    worded(c, kinds)
}

fn worded(c: &Competition, results: Vec<(String, tournament::GameResult)>) -> Vec<ResultChoice> {
    use tournament::result::text;
    let seating = c.seating();
    results
        .into_iter()
        .map(|(result, r)| ResultChoice {
            result,
            words: crate::Worded::new(text::words(&r, seating, c.game)),
        })
        .collect()
}

/// A sector arbiter's phone page: its boards of the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SectorView {
    pub event: String,
    pub choices: Vec<ResultChoice>,
    pub arbiter: String,
    pub sector: messages::Message,
    pub double_entry: bool,
    pub stage: Option<usize>,
    pub round: Option<u32>,
    pub rounds: Vec<u32>,
    pub games: Vec<SectorGame>,
}

/// Pinyin initials of a name: one letter per Chinese character, the first letter of
/// each word otherwise.
pub fn initials(name: &str) -> String {
    use pinyin::ToPinyin;
    let mut out = String::new();
    let mut word_start = true;
    for ch in name.chars() {
        if let Some(p) = ch.to_pinyin() {
            out.push_str(p.first_letter());
            word_start = true;
        } else if ch.is_alphanumeric() {
            if word_start {
                out.extend(ch.to_lowercase());
            }
            word_start = false;
        } else {
            word_start = true;
        }
    }
    out
}

/// A name in pinyin without tones, its syllables run together (蒋勇 → jiangyong);
/// other letters as written, in lower case.
pub fn full_pinyin(name: &str) -> String {
    use pinyin::ToPinyin;
    let mut out = String::new();
    for ch in name.chars() {
        if let Some(p) = ch.to_pinyin() {
            out.push_str(p.plain());
        } else if ch.is_alphanumeric() {
            out.extend(ch.to_lowercase());
        }
    }
    out
}

/// The round on show: the first with a board still open, else the last paired.
fn round_on_show(pairings: &[PairingView]) -> Option<u32> {
    let open = pairings
        .iter()
        .filter(|p| p.black.is_some() && p.result.is_none())
        .map(|p| p.round)
        .min();
    open.or_else(|| pairings.iter().map(|p| p.round).max())
}

fn side(name: Option<&String>, club: Option<&String>, points: Points) -> Option<DisplaySide> {
    name.map(|n| DisplaySide {
        name: n.clone(),
        club: club.cloned(),
        initials: initials(n),
        pinyin: full_pinyin(n),
        points,
    })
}

impl Event {
    /// The public display of the current stage.
    pub fn display(&self) -> Result<DisplayView> {
        let c = self.competition()?;
        let Some(stage) = current_stage(&c).ok() else {
            return Ok(DisplayView {
                event: c.name.clone(),
                stage: None,
                stage_name: None,
                stage_title: None,
                round: None,
                rounds: 0,
                knockout: false,
                pairings: Vec::new(),
                standings: Vec::new(),
                tiebreaks: Vec::new(),
            });
        };
        let all = pairings_of(&c, stage, None)?;
        let round = round_on_show(&all);
        let rounds = all.iter().map(|p| p.round).max().unwrap_or(0);
        let pairings = all
            .iter()
            .filter(|p| Some(p.round) == round)
            .map(|p| DisplayPairing {
                group: p.group.clone(),
                board: p.board,
                red: side(p.red.as_ref(), p.red_club.as_ref(), p.red_points),
                black: side(p.black.as_ref(), p.black_club.as_ref(), p.black_points),
                result: p.result.clone(),
                result_words: p.result.as_ref().and(p.result_words.clone()),
                by_lots: p.settled_by.and(p.winner.clone()),
                annulled: p.annulled,
                seats: p
                    .seats
                    .iter()
                    .filter_map(|s| {
                        Some(DisplaySeat {
                            seat: s.seat.clone(),
                            label: s.label.clone(),
                            pair: s.side.clone(),
                            player: side(s.name.as_ref(), s.club.as_ref(), s.points)?,
                        })
                    })
                    .collect(),
            })
            .collect();
        let standings = standings_of(&c, stage)?;
        let shown = separating_tiebreaks(&standings.rows);
        let tiebreaks = standings.rows.first().map_or_else(Vec::new, |r| {
            r.tiebreaks
                .iter()
                .take(shown)
                .map(|t| DisplayTiebreak {
                    code: t.code.to_string(),
                    name: t.name.to_string(),
                    name_en: t.name_en.to_string(),
                })
                .collect()
        });
        Ok(DisplayView {
            event: c.name.clone(),
            stage: Some(stage + 1),
            stage_name: Some(c.stages[stage].name.clone()),
            stage_title: Some(crate::stage_title(&c, stage)),
            round,
            rounds,
            knockout: standings.knockout,
            pairings,
            standings: standings
                .rows
                .into_iter()
                .map(|r| DisplayRow {
                    group: r.group,
                    rank: r.rank,
                    shared_to: r.shared_to,
                    initials: initials(&r.name),
                    pinyin: full_pinyin(&r.name),
                    name: r.name,
                    club: r.club,
                    points: r.points.map(crate::views::points_value),
                    tiebreaks: r
                        .tiebreaks
                        .iter()
                        .take(shown)
                        .map(|t| t.value.clone())
                        .collect(),
                })
                .collect(),
            tiebreaks,
        })
    }

    /// A sector arbiter's boards in a round (the round on show by default).
    pub(crate) fn sector_in_chosen(&self, arbiter: &str, round: Option<u32>) -> Result<SectorView> {
        let c = self.competition()?;
        let a = c.hall.arbiter(arbiter).cloned().ok_or_else(|| {
            ServiceError::refused(messages::msg!("hall.no_arbiter", arbiter = arbiter))
        })?;
        let mut view = SectorView {
            event: c.name.clone(),
            choices: choices(&c),
            arbiter: a.name.clone(),
            sector: crate::hall::sector_words(&a),
            double_entry: c.hall.double_entry,
            stage: None,
            round: None,
            rounds: Vec::new(),
            games: Vec::new(),
        };
        let Some(stage) = current_stage(&c).ok() else {
            return Ok(view);
        };
        let all: Vec<PairingView> = pairings_of(&c, stage, None)?
            .into_iter()
            .filter(|p| a.covers(p.round, p.board) && p.black.is_some())
            .collect();
        let mut rounds: Vec<u32> = all.iter().map(|p| p.round).collect();
        rounds.sort_unstable();
        rounds.dedup();
        let round = round.or_else(|| round_on_show(&all));
        view.stage = Some(stage + 1);
        view.round = round;
        view.rounds = rounds;
        for p in all.iter().filter(|p| Some(p.round) == round) {
            let game = |game: u32,
                        red: &Option<String>,
                        black: &Option<String>,
                        result: &Option<String>| SectorGame {
                board: p.board,
                game,
                red: red.clone(),
                black: black.clone(),
                result: result.clone(),
                entered: None,
                disputed: false,
                seats: p.seats.clone(),
                competition: None,
                choices: None,
            };
            let mut games: Vec<SectorGame> = if c.is_team() {
                p.boards
                    .iter()
                    .map(|b| game(b.board, &b.red, &b.black, &b.result))
                    .collect()
            } else {
                // One line per match: a best-of match takes its games one after another.
                vec![game(0, &p.red, &p.black, &p.result)]
            };
            for g in &mut games {
                let waiting = c.hall.pending.iter().filter(|e| {
                    e.stage == stage
                        && e.round == p.round
                        && e.board == p.board
                        && (g.game == 0 || e.game == g.game)
                });
                g.entered = waiting
                    .clone()
                    .find(|e| e.by == a.name)
                    .map(|e| e.result.clone());
                let mut results = waiting.map(|e| &e.result);
                g.disputed = results
                    .next()
                    .is_some_and(|first| results.any(|r| r != first));
            }
            view.games.extend(games);
        }
        Ok(view)
    }
}

#[cfg(test)]
mod tests {
    use super::{full_pinyin, initials, separating_tiebreaks};

    #[test]
    fn initials_are_pinyin_first_letters() {
        assert_eq!(initials("王天一"), "wty");
        assert_eq!(initials("吕钦"), "lq");
        assert_eq!(initials("Zhang Wei"), "zw");
        assert_eq!(initials("许银川 (广东)"), "xycgd");
        assert_eq!(full_pinyin("蒋勇"), "jiangyong");
        assert_eq!(full_pinyin("Zhang Wei"), "zhangwei");
    }

    use crate::views::{StandingRowView, TiebreakValue};
    use tournament::Points;

    /// A row of group `group` with `points` and its tiebreak values (小分, 胜局, 直胜).
    fn row(group: &str, points: i32, values: [&str; 3]) -> StandingRowView {
        let tiebreak = |code: &str, value: &str| TiebreakValue {
            code: code.into(),
            name: code.into(),
            name_en: code.into(),
            short_en: code.into(),
            value: value.into(),
        };
        StandingRowView {
            group: group.into(),
            rank: 1,
            shared_to: 1,
            id: 1,
            name: "甲".into(),
            club: None,
            points: Some(Points::whole(points)),
            tiebreaks: vec![
                tiebreak("sb", values[0]),
                tiebreak("wins", values[1]),
                tiebreak("h2h", values[2]),
            ],
            playoff: false,
            settled_by: None,
            undecided: false,
            withdrawn: None,
        }
    }

    #[test]
    fn the_display_shows_the_tiebreaks_that_order_equal_points() {
        // Nobody level on points: no tiebreak column.
        let apart = [row("A", 3, ["5", "2", "0"]), row("A", 2, ["5", "2", "0"])];
        assert_eq!(separating_tiebreaks(&apart), 0);
        // Level on points and on 小分, told apart by 胜局: two columns.
        let by_wins = [
            row("A", 3, ["5", "2", "0"]),
            row("A", 3, ["5", "1", "1"]),
            row("A", 1, ["2", "0", "0"]),
        ];
        assert_eq!(separating_tiebreaks(&by_wins), 2);
        // Level on everything: a shared place, nothing to show.
        let shared = [row("A", 3, ["5", "2", "0"]), row("A", 3, ["5", "2", "0"])];
        assert_eq!(separating_tiebreaks(&shared), 0);
        // Level on points in different groups: not compared.
        let groups = [row("A", 3, ["5", "2", "0"]), row("B", 3, ["4", "2", "0"])];
        assert_eq!(separating_tiebreaks(&groups), 0);
    }
}
