//! Builds a golden case's event through the core and writes what the sheets show.

use serde::Deserialize;
use tournament::format::KnockoutOptions;
use tournament::result::text;
use tournament::tables::{Partners, TableScoring, TableStage, TableStageKind, Tables};
use tournament::{
    Advance, Competition, Entrant, Format, GameKind, GameRecord, MatchFormat, RoundRobinOptions,
    Scoring, Stage, StageSettings, draw_stage, knockout_placings, play, stage as progress,
    tiebreak::Criterion,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[allow(dead_code)]
    rule: String,
    game: GameKind,
    #[serde(default)]
    players_per_game: Option<usize>,
    /// Four-player Junqi: `fixed` pairs (the players are pairs with `members`) or
    /// `rotating` partners.
    #[serde(default)]
    partners: Option<Partners>,
    /// Checkers at tables: `winner`, `placement` or points by place (`3,2,1,0`).
    #[serde(default)]
    table_scoring: Option<String>,
    /// A team event: boards per match (the players are teams with `members`).
    #[serde(default)]
    team_boards: Option<u32>,
    /// Team events: members keep their registered board order.
    #[serde(default)]
    fixed_order: bool,
    /// `[win, red's draw, black's draw, loss]`, when not the game's default.
    #[serde(default)]
    scale: Option<[f64; 4]>,
    players: Vec<Player>,
    stages: Vec<StageCase>,
    steps: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Player {
    name: String,
    #[serde(default)]
    rating: Option<u32>,
    #[serde(default)]
    seed: Option<u32>,
    /// A team's members in registration order.
    #[serde(default)]
    members: Vec<String>,
    /// 单位: the club, for club avoidance.
    #[serde(default)]
    club: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StageCase {
    /// `round-robin`, `knockout`, `points-knockout` or `swiss`.
    format: String,
    #[serde(default = "one")]
    groups: u32,
    #[serde(default)]
    advance: Option<u32>,
    #[serde(default = "one")]
    best_of: u32,
    #[serde(default)]
    third_place: bool,
    /// Swiss: the rounds, 禁3先/后, the round-1 layout (`fold`, `top_bottom`, …).
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    no_three_same: bool,
    #[serde(default)]
    first_round: Option<tournament::swiss::FirstRound>,
    /// Swiss: `{"kind": "off" | "round1" | "always"}` or `{"kind": "rounds", "rounds": K}`.
    #[serde(default)]
    avoid_club: Option<tournament::swiss::ClubAvoidance>,
    #[serde(default)]
    tiebreaks: Option<String>,
    /// A knockout at tables: how many of each table go on.
    #[serde(default)]
    per_table: Option<u32>,
}

fn one() -> u32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
enum Step {
    /// Draws the next stage with this seed.
    Draw(u64),
    /// `[round, board, result]` in the current stage, typed as an arbiter types it
    /// (`1-0`, `win:2`, `order:3,1,2`, `南北方胜`), plus what the arbiter adds: fouls by
    /// seat (`red`, `2`, `west`).
    Result {
        at: (u32, u32, String),
        #[serde(default)]
        fouls: Vec<(String, u32)>,
        #[serde(default)]
        moves: Option<u32>,
        /// An earlier stage (1-based); the current one by default.
        #[serde(default)]
        stage: Option<usize>,
        /// The board of a team match (or the game of a multi-game match).
        #[serde(default)]
        game: Option<u32>,
    },
    /// Sets a team's line-up (by registration number) for a round of the current stage.
    Lineup {
        round: u32,
        team: u32,
        members: Vec<String>,
    },
    /// Pairs the current stage's next matches (knockout) or round (Swiss).
    Pair,
    /// Settles the current stage's ties by lots from this seed.
    PlayoffLots(u64),
    /// Sets up playoff games for the current stage's ties, best of this many.
    PlayoffGames(u32),
    /// Registers a player after the draw and enters him into the Swiss stage under way
    /// from its next round, with these starting points.
    Late {
        name: String,
        #[serde(default)]
        points: f64,
    },
    /// Reports an entrant (by registration number) absent (请假) for a Swiss round.
    Away { id: u32, round: u32 },
    /// Withdraws an entrant (by registration number): forfeits, or everything annulled.
    Withdraw {
        id: u32,
        #[serde(default)]
        annul: bool,
    },
    /// Defines stage `stage` (1-based) anew before its draw.
    EditStage { stage: usize, to: StageCase },
    /// Removes stage `stage` (1-based) before its draw.
    RemoveStage(usize),
    /// A step that must be refused: the refusal is shown, and nothing changes.
    Refused(Box<Step>),
}

fn points(p: f64) -> tournament::Points {
    tournament::Points::from_quarters((p * 4.0) as i32)
}

fn build_stage(s: &StageCase, team: bool, tables: Option<&Tables>) -> Result<Stage, String> {
    if let Some(tables) = tables {
        return table_stage(s, tables);
    }
    let format = match s.format.as_str() {
        "round-robin" => Format::new(&RoundRobinOptions::default()),
        "knockout" => Format::new(&KnockoutOptions {
            third_place: s.third_place,
        }),
        "points-knockout" => Format::with_kind(
            "points_knockout",
            &KnockoutOptions {
                third_place: s.third_place,
            },
        ),
        "swiss" => {
            let mut o = tournament::swiss::SwissOptions::new(s.rounds.ok_or("swiss needs rounds")?);
            o.no_three_same = s.no_three_same;
            o.first_round = s.first_round.unwrap_or_default();
            o.avoid_club = s.avoid_club.unwrap_or_default();
            Format::new(&o)
        }
        other => return Err(format!("unknown format {other}")),
    };
    let mut settings = StageSettings::new(format);
    settings.groups = s.groups;
    settings.advance = match s.advance {
        None => Advance::None,
        Some(k) if s.groups > 1 => Advance::PerGroup(k),
        Some(k) => Advance::Overall(k),
    };
    settings.match_format = MatchFormat {
        best_of: s.best_of,
        ..MatchFormat::default()
    };
    if team {
        settings.tiebreaks = tournament::presets::TEAM.to_vec();
    }
    if let Some(chain) = &s.tiebreaks {
        settings.tiebreaks = tournament::parse_chain(chain).map_err(|e| e.to_string())?;
    }
    Ok(Stage {
        name: s.format.clone(),
        settings,
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    })
}

/// A stage seated at the event's tables: a round robin, Swiss or knockout in tables.
fn table_stage(s: &StageCase, tables: &Tables) -> Result<Stage, String> {
    let format = match s.format.as_str() {
        "round-robin" => TableStageKind::RoundRobin,
        "swiss" => TableStageKind::Swiss,
        "knockout" => TableStageKind::Knockout,
        other => return Err(format!("no format {other} at tables")),
    };
    let rotating = tables.partners == Partners::Rotating;
    let mut settings = StageSettings::new(Format::new(&TableStage {
        format,
        size: tables.size as u32,
        rotating,
        rounds: s.rounds.unwrap_or(0),
        per_table: s.per_table.unwrap_or(if rotating { 2 } else { 1 }),
    }));
    settings.tiebreaks = tournament::presets::TABLES.to_vec();
    if let Some(chain) = &s.tiebreaks {
        settings.tiebreaks = tournament::parse_chain(chain).map_err(|e| e.to_string())?;
    }
    Ok(Stage {
        name: format!("{} at tables", s.format),
        settings,
        groups: Vec::new(),
        draw_seed: None,
        boards_before: 0,
    })
}

/// The stage being played: the last one drawn.
fn current(c: &Competition) -> usize {
    c.stages
        .iter()
        .rposition(|s| !s.groups.is_empty())
        .unwrap_or(0)
}

fn enter(
    c: &mut Competition,
    at: &(u32, u32, String),
    fouls: &[(String, u32)],
    moves: Option<u32>,
    stage: Option<usize>,
    game: Option<u32>,
) -> Result<(), String> {
    // The result is read against the match's seating, as the service reads it.
    let stage = stage.map_or_else(|| current(c), |s| s - 1);
    let s = &c.stages[stage];
    let (g, r, i) = play::find(s, at.0, at.1).map_err(|e| e.to_string())?;
    let seating = c.seating_of(&s.groups[g].rounds[r].matches[i]);
    let result = text::read(&at.2, seating, c.game)
        .map_err(|e| messages::render(&e.words(), messages::Lang::En))?
        .with_moves(moves);
    let mut record = GameRecord::new(result);
    for (side, count) in fouls {
        let seat = seating.seat(side).ok_or("a foul's seat")?;
        for _ in 0..*count {
            record = record.with_foul(seat, tournament::FoulKind::Other);
        }
    }
    // The core's own entry: the same call the service makes.
    let entry = play::Entry {
        stage,
        round: at.0,
        board: at.1,
        game,
        record,
        moves: None,
    };
    c.enter(entry).map(|_| ()).map_err(|e| e.to_string())
}

fn name(c: &Competition, id: Option<tournament::EntrantId>) -> String {
    id.and_then(|id| c.entrant(id))
        .map_or_else(|| "（轮空）".to_string(), |e| e.name.clone())
}

/// The pairings of every stage and the standings of every group, as sheets show them.
fn show(c: &Competition) -> Result<String, String> {
    let mut out = String::new();
    for (si, s) in c.stages.iter().enumerate() {
        out.push_str(&format!("== stage {} ({})\n", si + 1, s.name));
        let mut lines = Vec::new();
        for (g, group) in s.groups.iter().enumerate() {
            for round in &group.rounds {
                for m in &round.matches {
                    let board = play::stage_board(s, g, round.number, m.board);
                    let seating = c.seating_of(m);
                    // As it counts.
                    let results: Vec<String> = m
                        .games
                        .iter()
                        .filter_map(|game| {
                            game.record
                                .as_ref()
                                .map(|r| text::code(&r.effective(seating), seating))
                        })
                        .collect();
                    let seated = if c.is_table(m) {
                        let names: Vec<String> = m.seats.iter().map(|&e| name(c, e)).collect();
                        names.join(" · ")
                    } else {
                        format!(
                            "{} – {}",
                            name(c, m.seats[0]),
                            name(c, m.seats.get(1).copied().flatten())
                        )
                    };
                    lines.push((
                        round.number,
                        board,
                        format!(
                            "R{} B{:<2} {seated}  {}{}",
                            round.number,
                            board,
                            results.join(" "),
                            if m.third_place { "  (3rd place)" } else { "" },
                        ),
                    ));
                    // A team match board by board: who is red, who black.
                    let boards = match c.team_boards {
                        Some(_) => tournament::team::boards_of(c, m),
                        None => Vec::new(),
                    };
                    for b in boards {
                        let member = |who: Option<(tournament::EntrantId, usize)>| {
                            who.and_then(|(t, k)| c.entrant(t)?.members.get(k))
                                .map_or_else(|| "?".to_string(), |p| p.name.clone())
                        };
                        let result = m
                            .games
                            .iter()
                            .find(|g| g.board == b.board)
                            .and_then(|g| g.record.as_ref())
                            .map(|r| text::code(&r.effective(seating), seating))
                            .unwrap_or_default();
                        lines.push((
                            round.number,
                            board,
                            format!(
                                "      board {}: {} (red) – {} (black)  {result}",
                                b.board,
                                member(b.red),
                                member(b.black)
                            ),
                        ));
                    }
                }
            }
        }
        lines.sort_by_key(|(r, b, _)| (*r, *b));
        for (_, _, line) in lines {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for (g, group) in s.groups.iter().enumerate() {
            out.push_str(&format!("-- standings, group {}\n", group.name));
            let format = tournament::format::of(&s.settings.format);
            if format.capabilities().tables && !format.capabilities().points_table {
                let places = format.placings(c, si, g).map_err(|e| e.to_string())?;
                for (id, place) in places {
                    out.push_str(&format!(
                        "{:>5}  {}\n",
                        place.to_string(),
                        name(c, Some(id))
                    ));
                }
                continue;
            }
            if group.bracket().is_some() {
                let Ok(mut places) = knockout_placings(c, s.settings.match_format, group) else {
                    out.push_str("  (still playing)\n");
                    continue;
                };
                places.sort_by_key(|&(id, p)| (p, id));
                for (id, place) in places {
                    out.push_str(&format!(
                        "{:>5}  {}\n",
                        place.to_string(),
                        name(c, Some(id))
                    ));
                }
                continue;
            }
            let (_, table) = progress::group_standings(c, si, g).map_err(|e| e.to_string())?;
            let field = progress::group_field(c, group, s.settings.match_format.best_of)
                .map_err(|e| e.to_string())?;
            for row in &table.rows {
                let values: Vec<String> = s
                    .settings
                    .tiebreaks
                    .iter()
                    .zip(&row.values)
                    .skip(1)
                    .map(|(criterion, v): (&Criterion, _)| {
                        format!(
                            "{} {}",
                            criterion.name_in(messages::Lang::Zh),
                            v.map(|v| criterion.format_value(v))
                                .unwrap_or_else(|| "-".into())
                        )
                    })
                    .collect();
                out.push_str(&format!(
                    "{:>5}  {}  {}  {}{}\n",
                    row.place.to_string(),
                    name(c, Some(row.entrant)),
                    field.total(row.entrant),
                    values.join("  "),
                    match (row.playoff, row.settled_by) {
                        (true, _) => "  需加赛",
                        (false, Some(tournament::SettledBy::Games)) => "  加赛决定",
                        (false, Some(tournament::SettledBy::Lots)) => "  抽签决定",
                        (false, None) => "",
                    }
                ));
            }
        }
    }
    Ok(out)
}

pub fn run(json: &str) -> Result<String, String> {
    let case: Case = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let seats = case.players_per_game.unwrap_or(2);
    let mut scoring = match case.game {
        GameKind::Xiangqi => Scoring::xiangqi(),
        GameKind::Checkers => Scoring::checkers(),
        GameKind::Junqi => Scoring::junqi(seats),
    };
    if let Some([win, red_draw, black_draw, loss]) = case.scale {
        scoring = Scoring {
            draw: [points(red_draw), points(black_draw)],
            ..Scoring::two_player(points(win), points(red_draw), points(loss))
        };
    }
    let mut c = Competition::new("golden", case.game, scoring);
    if seats > 2 {
        let scoring = match &case.table_scoring {
            Some(text) => text
                .parse()
                .map_err(|e: tournament::scoring::UnknownTableScoring| e.to_string())?,
            None => TableScoring::Winner,
        };
        c.tables = Some(Tables {
            game: case.game,
            size: seats,
            partners: case.partners.unwrap_or_default(),
            scoring,
        });
    }
    c.team_boards = case.team_boards;
    c.fixed_order = case.fixed_order;
    c.entrants = case
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut e = Entrant::new(i as u32 + 1, p.name.clone());
            e.rating = p.rating;
            e.seed = p.seed;
            e.club = p.club.clone();
            e.members = p
                .members
                .iter()
                .map(|m| tournament::Member {
                    name: m.clone(),
                    rating: None,
                })
                .collect();
            e
        })
        .collect();
    for s in &case.stages {
        let seated = c.seated_tables().cloned();
        c.stages
            .push(build_stage(s, case.team_boards.is_some(), seated.as_ref())?);
    }
    let mut refusals = String::new();
    for step in &case.steps {
        match step {
            Step::Refused(inner) => {
                let before = c.clone();
                match apply(&mut c, inner) {
                    Ok(()) => return Err("a step expected to be refused went through".into()),
                    Err(e) => refusals.push_str(&format!("refused: {e}\n")),
                }
                if c != before {
                    return Err("a refused step changed the event".into());
                }
            }
            step => apply(&mut c, step)?,
        }
    }
    // What the independent checker finds would be printed too: a sound case has none.
    let mut shown = refusals + &show(&c)?;
    for problem in tournament::check::check(&c) {
        shown.push_str(&format!("!! {problem}\n"));
    }
    Ok(shown)
}

fn apply(c: &mut Competition, step: &Step) -> Result<(), String> {
    match step {
        Step::Draw(seed) => {
            let next = c
                .stages
                .iter()
                .position(|s| s.groups.is_empty())
                .ok_or("every stage is drawn")?;
            draw_stage(c, next, *seed).map_err(|e| e.to_string())?;
        }
        Step::Result {
            at,
            fouls,
            moves,
            stage,
            game,
        } => enter(c, at, fouls, *moves, *stage, *game)?,
        Step::Lineup {
            round,
            team,
            members,
        } => {
            let stage = current(c);
            tournament::team::set_lineup(c, stage, *round, tournament::EntrantId(*team), members)
                .map_err(|e| e.to_string())?;
        }
        Step::PlayoffLots(seed) => {
            let stage = current(c);
            tournament::playoff::settle_by_lots(c, stage, *seed).map_err(|e| e.to_string())?;
        }
        Step::PlayoffGames(best_of) => {
            let stage = current(c);
            tournament::playoff::add_games(c, stage, *best_of).map_err(|e| e.to_string())?;
        }
        Step::Late {
            name,
            points: given,
        } => {
            let id = tournament::EntrantId(c.entrants.len() as u32 + 1);
            c.entrants.push(Entrant::new(id.0, name.clone()));
            let given = (*given != 0.0).then(|| points(*given));
            tournament::swiss::join_late(c, id, given).map_err(|e| e.to_string())?;
        }
        Step::Away { id, round } => {
            tournament::swiss::report_absence(c, tournament::EntrantId(*id), *round, true)
                .map_err(|e| e.to_string())?;
        }
        Step::Withdraw { id, annul } => {
            let e = c
                .entrants
                .iter_mut()
                .find(|e| e.id.0 == *id)
                .ok_or("no such entrant")?;
            e.withdrawn = true;
            e.annulled = *annul;
            if !annul {
                tournament::play::forfeit_remaining(c, tournament::EntrantId(*id));
            }
        }
        Step::EditStage { stage, to } => {
            let seated = c.seated_tables().cloned();
            let edited = build_stage(to, false, seated.as_ref())?;
            c.replace_stage(stage - 1, edited)
                .map_err(|e| e.to_string())?;
        }
        Step::RemoveStage(stage) => {
            c.remove_stage(stage - 1).map_err(|e| e.to_string())?;
        }
        Step::Refused(_) => return Err("a refusal inside a refusal".into()),
        Step::Pair => {
            let stage = current(c);
            let settings = c.stages[stage].settings.clone();
            let format = tournament::format::of(&settings.format);
            let mut paired = false;
            for g in 0..c.stages[stage].groups.len() {
                let mut group = c.stages[stage].groups[g].clone();
                match format.pair_next(c, &settings, &mut group) {
                    Ok(_) => {
                        c.stages[stage].groups[g] = group;
                        paired = true;
                    }
                    Err(e) if c.stages[stage].groups.len() == 1 => return Err(e.to_string()),
                    Err(_) => {}
                }
            }
            if !paired {
                return Err("nothing to pair".into());
            }
        }
    }
    Ok(())
}
