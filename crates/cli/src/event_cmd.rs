//! The organizer's commands on an event file: thin wrappers over `service`.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use serde_json::json;
use service::{
    Event, EventEdit, FoulSpec, NewEntrant, NewEvent, PlayerEdit, ResultEntry, ResultText,
    ServiceError, StageSpec, points_value,
};
use tournament::{Format, GameKind, RoundRobinOptions};

use crate::{Failure, Lang};

/// Where the event file is: `-f FILE` or `QISAI_FILE`.
#[derive(Args, Clone)]
pub struct FileArg {
    /// The event file (.qisai)
    #[arg(short = 'f', long = "file", env = "QISAI_FILE", global = true)]
    pub file: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Game {
    Xiangqi,
    Checkers,
    Junqi,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StageKind {
    Knockout,
    RoundRobin,
    PointsKnockout,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DeciderKind {
    ExtraGame,
    Lots,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum CsvEncoding {
    #[default]
    Utf8,
    Gbk,
}

#[derive(Subcommand)]
pub enum PlayerCommand {
    /// Registers a player
    Add {
        name: String,
        #[arg(long)]
        club: Option<String>,
        #[arg(long)]
        rating: Option<u32>,
        #[arg(long)]
        seed: Option<u32>,
    },
    /// Registers every row of a CSV file (姓名/name, 单位/club, 等级分/rating, 种子/seed), or none
    Import { csv: PathBuf },
    /// Lists the entrants
    List {
        #[arg(long)]
        json: bool,
    },
    /// Changes a registration
    Edit {
        id: u32,
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        club: Option<String>,
        #[arg(long)]
        rating: Option<u32>,
        #[arg(long)]
        seed: Option<u32>,
    },
    /// Withdraws an entrant from later draws; the round-robin games still to play are
    /// lost by forfeit, the opponents winning
    Withdraw {
        id: u32,
        /// Annul all their games instead (FIDE's rule when fewer than half were played):
        /// they leave the standings, the games against them count for nobody
        #[arg(long)]
        annul: bool,
    },
}

#[derive(Subcommand)]
pub enum PlayoffAction {
    /// Settles the order of the tied by lots (the seed is stored and printed)
    Lots {
        #[arg(long)]
        stage: Option<usize>,
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Adds playoff games (加赛) among the tied; their results decide the order
    Games {
        #[arg(long)]
        stage: Option<usize>,
        /// Games per pairing
        #[arg(long, default_value_t = 1)]
        best_of: u32,
    },
}

#[derive(Subcommand)]
pub enum TeamCommand {
    /// Registers a team with its members in board order
    Add {
        name: String,
        /// Members by board, separated by 、 ; or /
        #[arg(long)]
        members: String,
        #[arg(long)]
        club: Option<String>,
        #[arg(long)]
        seed: Option<u32>,
    },
    /// Registers every row of a CSV file (队名/team, 单位/club, 种子/seed, 队员/members), or none
    Import { csv: PathBuf },
    /// Lists the teams
    List {
        #[arg(long)]
        json: bool,
    },
}

/// What a stage is: its format and settings (`stage add`, `stage edit`).
#[derive(Args)]
pub struct StageOptions {
    kind: StageKind,
    #[arg(long)]
    name: Option<String>,
    #[arg(long, default_value_t = 1)]
    groups: u32,
    /// How many go on (per group when there are groups)
    #[arg(long)]
    advance: Option<u32>,
    #[arg(long, default_value_t = 1)]
    best_of: u32,
    /// Round robin: two cycles, colours reversed
    #[arg(long)]
    double: bool,
    /// With --double: swap the last two rounds of the first cycle
    #[arg(long)]
    swap_last: bool,
    /// Knockout: play a third-place match
    #[arg(long)]
    third_place: bool,
    /// How a tied knockout match is settled
    #[arg(long, value_enum, default_value = "extra-game")]
    decider: DeciderKind,
    /// A preset (individual, team, rr-2011, multi-2011, swiss-buchholz,
    /// swiss-progressive) or a list such as points,sb,wins,h2h,fouls
    #[arg(long)]
    tiebreaks: Option<String>,
}

#[derive(Subcommand)]
pub enum StageCommand {
    /// Lists the stages with their settings and draw seeds
    List {
        #[arg(long)]
        json: bool,
    },
    /// Adds a stage after the last one
    Add(StageOptions),
    /// Defines a stage anew before it is drawn, with the options of `stage add`
    Edit {
        /// The stage (1-based)
        stage: usize,
        #[command(flatten)]
        options: StageOptions,
    },
    /// Removes a stage that has not been drawn (later ones move up)
    Remove {
        /// The stage (1-based)
        stage: usize,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PrintKind {
    /// 对阵表: the round's pairings, with an empty result column
    Pairings,
    /// 记分单: one score slip per board
    Slips,
    /// 名次表
    Standings,
    /// 总表: the round-robin wall chart
    Crosstable,
    /// 对阵图: the knockout tree
    Bracket,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum PaperKind {
    #[default]
    A4,
    A3,
}

#[derive(Subcommand)]
pub enum ExportCommand {
    /// players.csv, pairings.csv, results.csv, standings.csv into DIR
    Csv {
        dir: PathBuf,
        #[arg(long, value_enum, default_value_t)]
        encoding: CsvEncoding,
        #[arg(long, value_enum, default_value_t)]
        lang: Lang,
    },
}

#[derive(Subcommand)]
pub enum EventCommand {
    /// Creates an event file
    New {
        path: PathBuf,
        #[arg(long)]
        name: String,
        #[arg(long, value_enum)]
        game: Game,
        /// 4 for four-player Junqi
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// A team event
        #[arg(long)]
        team: bool,
        /// Boards per team match
        #[arg(long)]
        boards: Option<u32>,
        /// win-draw-loss, e.g. 2-1-0 or 1-0.5-0 (an asymmetric draw: 3-1/2-0)
        #[arg(long)]
        scoring: Option<String>,
        /// Printed on pairing sheets, e.g. "每方 40 分钟"
        #[arg(long)]
        time_control: Option<String>,
    },
    /// Renames the event or changes its time control ("" removes it)
    Edit {
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        time_control: Option<String>,
    },
    /// Players of an individual event
    #[command(subcommand)]
    Player(PlayerCommand),
    /// Teams of a team event
    #[command(subcommand)]
    Team(TeamCommand),
    #[command(subcommand)]
    Stage(StageCommand),
    /// Draws lots for the next stage (the seed is stored and printed)
    Draw {
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Pairs the next knockout matches
    Pair,
    /// Ties at places that may not be shared (the champion, the last qualifying place):
    /// lists them, or settles them by lots or by playoff games
    Playoff {
        /// The stage (1-based); the current one by default
        #[arg(long)]
        stage: Option<usize>,
        #[arg(long)]
        json: bool,
        #[command(subcommand)]
        action: Option<PlayoffAction>,
    },
    /// Draws the lots that settle a tied knockout match
    Lots {
        round: u32,
        board: u32,
        #[arg(long)]
        seed: Option<u64>,
    },
    /// The pairings of a stage (the current one by default)
    Pairings {
        /// The stage (1-based)
        #[arg(long)]
        stage: Option<usize>,
        #[arg(long)]
        round: Option<u32>,
        #[arg(long)]
        json: bool,
    },
    /// Enters (or corrects) a result: 1-0, 0-1, 1/2 (=), +-, -+, 0-0, dead:red|black, escape:red|black, resign:red|black
    Result {
        round: u32,
        board: u32,
        result: String,
        /// The stage (1-based); the current one by default. Earlier stages stay open
        #[arg(long)]
        stage: Option<usize>,
        /// The game of a multi-game match, or the board of a team match
        #[arg(long)]
        game: Option<u32>,
        /// A game record to check the result against
        #[arg(long)]
        record: Option<PathBuf>,
        /// red:KIND or black:KIND; KIND: draw-offer, false-claim, touch-own, touch-opponent, illegal-move, other
        #[arg(long = "foul")]
        fouls: Vec<String>,
        /// The number of moves (Junqi's quick-win and surrender rules)
        #[arg(long)]
        moves: Option<u32>,
        /// Keep a typed result the record disagrees with (logged)
        #[arg(long)]
        force: bool,
    },
    /// Standings of a stage (the current one by default)
    Standings {
        #[arg(long)]
        stage: Option<usize>,
        #[arg(long)]
        json: bool,
    },
    #[command(subcommand)]
    Export(ExportCommand),
    /// Prints a PDF: pairings, slips, standings, crosstable or bracket
    Print {
        kind: PrintKind,
        /// The round (pairings and slips); the latest by default
        #[arg(long)]
        round: Option<u32>,
        /// The stage (1-based); the current one by default
        #[arg(long)]
        stage: Option<usize>,
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        #[arg(long, value_enum, default_value_t)]
        paper: PaperKind,
        #[arg(long)]
        landscape: bool,
    },
    /// Reverses the last change
    Undo,
    /// The audit log
    Log {
        #[arg(long)]
        json: bool,
    },
    /// Builds a small realistic event in FILE, end to end
    Demo { path: PathBuf },
    /// Checks the event file (SQLite's integrity check) and the event itself: entrants,
    /// rounds, results, who went on (prints "ok" when sound, else each problem)
    Check,
    /// Writes a consistent copy of the event to DEST (a new file, or a folder to put it
    /// in), at any time, also while the desktop app or `qisai serve` has it open
    Backup { destination: PathBuf },
}

/// A stage's options as the service takes them.
fn stage_spec(o: StageOptions) -> Result<StageSpec, Failure> {
    if o.swap_last && !o.double {
        return Err(Failure::usage("--swap-last needs --double"));
    }
    let format = match o.kind {
        StageKind::RoundRobin => Format::RoundRobin(RoundRobinOptions {
            double: o.double,
            swap_last_two: o.swap_last,
        }),
        StageKind::Knockout => Format::Knockout {
            third_place: o.third_place,
        },
        StageKind::PointsKnockout => Format::PointsKnockout {
            third_place: o.third_place,
        },
    };
    let mut spec = StageSpec::new(format);
    spec.name = o.name;
    spec.groups = o.groups;
    spec.advance = o.advance;
    spec.best_of = o.best_of;
    spec.extra_games = if o.decider == DeciderKind::Lots { 0 } else { 1 };
    spec.tiebreaks = o
        .tiebreaks
        .map(|t| {
            tournament::parse_chain(&t).map_err(|e| Failure::usage(format!("--tiebreaks: {e}")))
        })
        .transpose()?;
    Ok(spec)
}

fn fail(e: ServiceError) -> Failure {
    let message = crate::messages::service_error(&e, crate::english());
    match e {
        ServiceError::Store(store::StoreError::Missing(_))
        | ServiceError::Store(store::StoreError::NotAnEvent(_))
        | ServiceError::Store(store::StoreError::Newer { .. })
        | ServiceError::Store(store::StoreError::Exists(_))
        | ServiceError::Store(store::StoreError::Damaged(_))
        | ServiceError::Io { .. } => Failure::usage(message),
        _ => Failure::rejected(message),
    }
}

fn open(file: &FileArg) -> Result<Event, Failure> {
    let path = file
        .file
        .as_deref()
        .ok_or_else(|| Failure::usage("name the event file with -f FILE or QISAI_FILE"))?;
    Event::open(path).map_err(fail)
}

fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))
}

/// Prints the English or the Chinese of a message.
fn say(en: bool, english: impl std::fmt::Display, chinese: impl std::fmt::Display) {
    if en {
        println!("{english}");
    } else {
        println!("{chinese}");
    }
}

fn print_json(value: &serde_json::Value) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).unwrap_or_default()
    );
}

pub fn run(command: EventCommand, file: &FileArg, lang: Lang) -> Result<(), Failure> {
    let en = lang == Lang::En;
    match command {
        EventCommand::New {
            path,
            name,
            game,
            players,
            team,
            boards,
            scoring,
            time_control,
        } => {
            let game = match game {
                Game::Xiangqi => GameKind::Xiangqi,
                Game::Checkers => GameKind::Checkers,
                Game::Junqi => GameKind::Junqi,
            };
            if players != 2 && !(players == 4 && game == GameKind::Junqi) {
                return Err(Failure::usage(
                    "--players 4 is for Junqi only; other games have 2",
                ));
            }
            let team_boards = match (team, boards) {
                (true, Some(n)) => Some(n),
                (true, None) => return Err(Failure::usage("a team event needs --boards N")),
                (false, Some(_)) => return Err(Failure::usage("--boards needs --team")),
                (false, None) => None,
            };
            let scoring = scoring
                .map(|s| service::parse_scoring(&s, game, players))
                .transpose()
                .map_err(fail)?;
            Event::create(
                &path,
                NewEvent {
                    name,
                    game,
                    players,
                    team_boards,
                    scoring,
                    time_control,
                },
            )
            .map_err(fail)?;
            say(
                en,
                format!("Created {}", path.display()),
                format!("已创建赛事文件 {}", path.display()),
            );
        }
        EventCommand::Player(cmd) => player(cmd, file, en)?,
        EventCommand::Team(cmd) => team(cmd, file, en)?,
        EventCommand::Stage(StageCommand::List { json }) => {
            let event = open(file)?;
            let stages = event.stages().map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&stages).unwrap_or_default());
            } else {
                for s in stages {
                    let seed = s
                        .draw_seed
                        .map(|d| format!("  种子数 {d}"))
                        .unwrap_or_default();
                    println!("{}  {}  {}{seed}", s.index, s.name, s.description);
                }
            }
        }
        EventCommand::Stage(StageCommand::Add(options)) => {
            let spec = stage_spec(options)?;
            let mut event = open(file)?;
            let index = event.add_stage(spec).map_err(fail)?;
            say(
                en,
                format!("Stage {} added", index + 1),
                format!("已添加第 {} 阶段", index + 1),
            );
        }
        EventCommand::Stage(StageCommand::Edit { stage, options }) => {
            let spec = stage_spec(options)?;
            let mut event = open(file)?;
            event.edit_stage(stage, spec).map_err(fail)?;
            say(
                en,
                format!("Stage {stage} changed"),
                format!("已修改第 {stage} 阶段"),
            );
        }
        EventCommand::Stage(StageCommand::Remove { stage }) => {
            let mut event = open(file)?;
            let name = event.remove_stage(stage).map_err(fail)?;
            say(
                en,
                format!("Stage {stage} ({name}) removed"),
                format!("已删除第 {stage} 阶段（{name}）"),
            );
        }
        EventCommand::Playoff {
            stage,
            json,
            action,
        } => playoff(file, en, stage, json, action)?,
        EventCommand::Draw { seed } => {
            let mut event = open(file)?;
            let report = event.draw(seed).map_err(fail)?;
            if en {
                println!(
                    "Stage {} ({}): lots drawn with seed {}",
                    report.stage + 1,
                    report.stage_name,
                    report.seed
                );
            } else {
                println!(
                    "第 {} 阶段（{}）抽签完成，种子数 {}",
                    report.stage + 1,
                    report.stage_name,
                    report.seed
                );
            }
            for (gone, next) in &report.replaced {
                say(
                    en,
                    format!("{gone} withdrew: {next}, next in the standings, takes the place"),
                    format!("{gone} 已退赛，由名次其后的 {next} 递补"),
                );
            }
            for (group, names) in &report.groups {
                println!(
                    "{} {}: {}",
                    if en { "Group" } else { "组" },
                    group,
                    names.join("、")
                );
            }
        }
        EventCommand::Edit { name, time_control } => {
            let mut event = open(file)?;
            event
                .edit_event(EventEdit { name, time_control })
                .map_err(fail)?;
            let c = event.competition().map_err(fail)?;
            let time = c.time_control.unwrap_or_default();
            say(
                en,
                format!("event: {}; time control: {time}", c.name),
                format!("赛事：{}；用时：{time}", c.name),
            );
        }
        EventCommand::Pair => {
            let mut event = open(file)?;
            let added = event.pair().map_err(fail)?;
            for (round, board) in added {
                say(
                    en,
                    format!("round {round}, board {board} paired"),
                    format!("第 {round} 轮 第 {board} 台 已编排"),
                );
            }
        }
        EventCommand::Lots { round, board, seed } => {
            let mut event = open(file)?;
            let (seed, winner) = event.draw_match_lots(round, board, seed).map_err(fail)?;
            say(
                en,
                format!("lots drawn with seed {seed}: {winner} goes through"),
                format!("抽签种子数 {seed}：{winner} 胜出"),
            );
        }
        EventCommand::Pairings { stage, round, json } => {
            let event = open(file)?;
            let pairings = event.pairings(stage, round).map_err(fail)?;
            if json {
                let list: Vec<serde_json::Value> = pairings
                    .iter()
                    .map(|p| json!({"round": p.round, "board": p.board, "red": p.red, "black": p.black, "result": p.result, "score": p.score}))
                    .collect();
                print_json(&serde_json::Value::Array(list));
            } else {
                for p in pairings {
                    let black = p.black.clone().unwrap_or_else(|| {
                        if en {
                            "(bye)".into()
                        } else {
                            "（轮空）".into()
                        }
                    });
                    let third = if p.third_place {
                        if en { " [3rd place]" } else { " [三四名]" }
                    } else {
                        ""
                    };
                    println!(
                        "{} {:>3}  {} ({})  -  {} ({})  {}{third}",
                        p.round,
                        p.board,
                        p.red.unwrap_or_default(),
                        p.red_points,
                        black,
                        p.black_points,
                        p.result.or(p.score).unwrap_or_default()
                    );
                }
            }
        }
        EventCommand::Result {
            round,
            board,
            result,
            stage,
            game,
            record,
            fouls,
            moves,
            force,
        } => {
            let result: ResultText = result
                .parse()
                .map_err(|e: tournament::ParseResultError| fail(e.into()))?;
            let fouls = fouls
                .iter()
                .map(|f| f.parse::<FoulSpec>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(fail)?;
            let record = match record {
                Some(path) => Some(xiangqi::text::decode(&read(&path)?).into_owned()),
                None => None,
            };
            let mut event = open(file)?;
            let r = event
                .record_result(ResultEntry {
                    stage,
                    round,
                    board,
                    result,
                    game,
                    record,
                    fouls,
                    moves,
                    force,
                })
                .map_err(fail)?;
            match &r.corrected_from {
                Some(old) if en => println!(
                    "round {round}, board {board}, game {}: corrected {old} → {}",
                    r.game, r.result
                ),
                Some(old) => println!(
                    "第 {round} 轮 第 {board} 台 第 {} 局：更正 {old} → {}",
                    r.game, r.result
                ),
                None if en => println!(
                    "round {round}, board {board}, game {}: {}",
                    r.game, r.result
                ),
                None => println!("第 {round} 轮 第 {board} 台 第 {} 局：{}", r.game, r.result),
            }
            let verdict = if en {
                &r.adjudicated
            } else {
                &r.adjudicated_zh
            };
            if let Some(verdict) = verdict {
                println!(
                    "{}{verdict}{}",
                    if en { "record: " } else { "棋谱判定：" },
                    if r.overridden {
                        if en {
                            " (overridden)"
                        } else {
                            "（已由裁判改判）"
                        }
                    } else {
                        ""
                    }
                );
            }
            for (round, board, old) in &r.reset {
                let old = old.clone().unwrap_or_else(|| "-".into());
                say(
                    en,
                    format!("reset: round {round}, board {board} (was {old})"),
                    format!("已重置：第 {round} 轮 第 {board} 台（原结果 {old}）"),
                );
            }
        }
        EventCommand::Standings { stage, json } => {
            let event = open(file)?;
            let table = event.standings(stage).map_err(fail)?;
            if json {
                let list: Vec<serde_json::Value> = table
                    .rows
                    .iter()
                    .map(|r| {
                        let tiebreaks: Vec<serde_json::Value> = r
                            .tiebreaks
                            .iter()
                            .map(|t| {
                                let value: serde_json::Value = t.value.parse::<f64>().map_or(serde_json::Value::Null, |v| {
                                    if v.fract() == 0.0 { json!(v as i64) } else { json!(v) }
                                });
                                json!({"name": if en { t.name_en.clone() } else { t.name.clone() }, "value": value})
                            })
                            .collect();
                        json!({"rank": r.rank, "shared_to": r.shared_to, "name": r.name, "group": r.group, "points": r.points.map(points_value), "tiebreaks": tiebreaks, "playoff": r.playoff, "settled_by": r.settled_by})
                    })
                    .collect();
                print_json(&serde_json::Value::Array(list));
            } else {
                print_standings(&table, en);
            }
        }
        EventCommand::Export(ExportCommand::Csv {
            dir,
            encoding,
            lang: csv_lang,
        }) => {
            let event = open(file)?;
            let encoding = match encoding {
                CsvEncoding::Utf8 => report::Encoding::Utf8Bom,
                CsvEncoding::Gbk => report::Encoding::Gbk,
            };
            let export_lang = if csv_lang == Lang::En {
                service::Lang::En
            } else {
                service::Lang::Zh
            };
            for path in event
                .export_csv(&dir, export_lang, encoding)
                .map_err(fail)?
            {
                println!("{}", path.display());
            }
        }
        EventCommand::Print {
            kind,
            round,
            stage,
            output,
            paper,
            landscape,
        } => {
            let event = open(file)?;
            let document = match kind {
                PrintKind::Pairings => service::Document::Pairings,
                PrintKind::Slips => service::Document::Slips,
                PrintKind::Standings => service::Document::Standings,
                PrintKind::Crosstable => service::Document::Crosstable,
                PrintKind::Bracket => service::Document::Bracket,
            };
            let setup = service::PageSetup {
                paper: if paper == PaperKind::A3 {
                    service::Paper::A3
                } else {
                    service::Paper::A4
                },
                landscape,
            };
            let options = service::PrintOptions {
                setup,
                lang: if en {
                    service::Lang::En
                } else {
                    service::Lang::Zh
                },
            };
            let bytes = event
                .print(
                    document,
                    service::PrintRequest {
                        round,
                        stage,
                        options,
                    },
                )
                .map_err(fail)?;
            std::fs::write(&output, &bytes)
                .map_err(|e| Failure::usage(format!("{}: {e}", output.display())))?;
            println!("{}", output.display());
        }
        EventCommand::Undo => {
            let mut event = open(file)?;
            match event.undo().map_err(fail)? {
                Some(summary) => println!("{}{summary}", if en { "undone: " } else { "已撤销：" }),
                None => {
                    return Err(Failure::rejected(if en {
                        "nothing to undo"
                    } else {
                        "没有可撤销的操作"
                    }));
                }
            }
        }
        EventCommand::Log { json } => {
            let event = open(file)?;
            let log = event.log().map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&log).unwrap_or_default());
            } else {
                for e in log {
                    let undone = if e.undone {
                        if en { " (undone)" } else { "（已撤销）" }
                    } else {
                        ""
                    };
                    println!(
                        "{:>4}  {}  {:<9} {}{undone}",
                        e.id, e.at, e.operation, e.summary
                    );
                }
            }
        }
        EventCommand::Backup { destination } => {
            let event = open(file)?;
            let written = event.backup(&destination).map_err(fail)?;
            say(
                en,
                format!("Backed up to {}", written.display()),
                format!("已备份到 {}", written.display()),
            );
        }
        EventCommand::Check => {
            let event = open(file)?;
            let verdict = event.integrity_check().map_err(fail)?;
            if verdict != "ok" {
                println!("{verdict}");
                return Err(Failure::rejected("the event file is damaged"));
            }
            // The file is sound; now the event itself.
            let problems = event.check().map_err(fail)?;
            for p in &problems {
                println!("{p}");
            }
            if !problems.is_empty() {
                return Err(Failure::rejected(if en {
                    format!("the event has {} problem(s)", problems.len())
                } else {
                    format!("赛事数据有 {} 处问题", problems.len())
                }));
            }
            println!("ok");
        }
        EventCommand::Demo { path } => {
            let event = service::demo::build(&path).map_err(fail)?;
            say(
                en,
                format!("Demo event written to {}", path.display()),
                format!("演示赛事已写入 {}", path.display()),
            );
            let c = event.competition().map_err(fail)?;
            for stage in 1..=c.stages.len() {
                println!();
                print_standings(&event.standings(Some(stage)).map_err(fail)?, en);
            }
        }
    }
    Ok(())
}

/// A stage's standings as text: rank (shared "3–4", with the group when there are
/// several), name, club, points, tiebreaks, playoff flag.
fn print_standings(table: &service::StandingsView, en: bool) {
    println!("{}", table.stage_name);
    let groups = table.rows.iter().any(|r| r.group != table.rows[0].group);
    for r in &table.rows {
        let mut rank = if r.rank == r.shared_to {
            r.rank.to_string()
        } else {
            format!("{}–{}", r.rank, r.shared_to)
        };
        if groups {
            rank = format!("{} {rank}", r.group);
        }
        let tiebreaks: Vec<String> = r
            .tiebreaks
            .iter()
            .map(|t| format!("{} {}", if en { &t.name_en } else { &t.name }, t.value))
            .collect();
        let playoff = match (r.playoff, r.settled_by, en) {
            (true, _, true) => "  playoff needed",
            (true, _, false) => "  需加赛",
            (false, Some(tournament::SettledBy::Games), true) => "  (decided by playoff games)",
            (false, Some(tournament::SettledBy::Games), false) => "  （加赛决定）",
            (false, Some(tournament::SettledBy::Lots), true) => "  (decided by lots)",
            (false, Some(tournament::SettledBy::Lots), false) => "  （抽签决定）",
            (false, None, _) => "",
        };
        let club = r.club.clone().unwrap_or_default();
        let points = r.points.map(|p| format!("{p}  ")).unwrap_or_default();
        println!(
            "{rank:>7}  {}  {club}  {points}{}{playoff}",
            r.name,
            tiebreaks.join("  ")
        );
    }
}

fn playoff(
    file: &FileArg,
    en: bool,
    stage: Option<usize>,
    json: bool,
    action: Option<PlayoffAction>,
) -> Result<(), Failure> {
    let mut event = open(file)?;
    let tie_line = |t: &service::TieView| {
        if en {
            format!(
                "stage {}, group {}, place {}: {}",
                t.stage,
                t.group,
                t.place,
                t.entrants.join(", ")
            )
        } else {
            format!(
                "第{}阶段 {}组 第{}名：{}",
                t.stage,
                t.group,
                t.place,
                t.entrants.join("、")
            )
        }
    };
    match action {
        None => {
            let ties = event.playoffs(stage).map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&ties).unwrap_or_default());
            } else if ties.is_empty() {
                say(en, "No tie needs a playoff", "没有需要加赛的并列名次");
            } else {
                for t in &ties {
                    let state = match (t.in_play, en) {
                        (true, true) => "playoff games under way",
                        (true, false) => "加赛进行中",
                        (false, true) => "playoff needed: qisai playoff lots | games",
                        (false, false) => "需加赛：qisai playoff lots 或 qisai playoff games",
                    };
                    println!("{}（{state}）", tie_line(t));
                }
            }
        }
        Some(PlayoffAction::Lots { stage: s, seed }) => {
            let (seed, settled) = event.playoff_by_lots(s.or(stage), seed).map_err(fail)?;
            say(
                en,
                format!("Settled by lots, seed {seed}"),
                format!("抽签决定名次，种子数 {seed}"),
            );
            for t in &settled {
                let order = t.settled.clone().unwrap_or_default().join(" > ");
                println!("{} → {order}", tie_line(t));
            }
        }
        Some(PlayoffAction::Games { stage: s, best_of }) => {
            let added = event.playoff_games(s.or(stage), best_of).map_err(fail)?;
            for t in &added {
                let (first, last) = t.rounds.unwrap_or_default();
                let rounds = if first == last {
                    first.to_string()
                } else {
                    format!("{first}–{last}")
                };
                say(
                    en,
                    format!(
                        "{}: playoff in round {rounds} (qisai result --stage {} ROUND BOARD RESULT)",
                        tie_line(t),
                        t.stage
                    ),
                    format!(
                        "{}：加赛，第 {rounds} 轮（qisai result --stage {} 轮次 台号 成绩）",
                        tie_line(t),
                        t.stage
                    ),
                );
            }
        }
    }
    Ok(())
}

fn list(event: &Event, json: bool) -> Result<(), Failure> {
    let entrants = event.entrants().map_err(fail)?;
    if json {
        print_json(&serde_json::to_value(&entrants).unwrap_or_default());
    } else {
        for e in entrants {
            let seed = e.seed.map(|s| format!(" 种子{s}")).unwrap_or_default();
            let withdrawn = if e.withdrawn { " 退赛" } else { "" };
            let members = if e.members.is_empty() {
                String::new()
            } else {
                format!(" [{}]", e.members.join("、"))
            };
            println!(
                "{:>4}  {}  {}  {}{seed}{members}{withdrawn}",
                e.id,
                e.name,
                e.club.unwrap_or_default(),
                e.rating.map(|r| r.to_string()).unwrap_or_default()
            );
        }
    }
    Ok(())
}

fn player(cmd: PlayerCommand, file: &FileArg, en: bool) -> Result<(), Failure> {
    let mut event = open(file)?;
    match cmd {
        PlayerCommand::Add {
            name,
            club,
            rating,
            seed,
        } => {
            let e = event
                .add_entrant(NewEntrant {
                    name,
                    club,
                    rating,
                    seed,
                    members: Vec::new(),
                })
                .map_err(fail)?;
            say(
                en,
                format!("No. {}: {}", e.id, e.name),
                format!("{} 号：{}", e.id, e.name),
            );
        }
        PlayerCommand::Import { csv } => import(&mut event, &csv, en)?,
        PlayerCommand::List { json } => list(&event, json)?,
        PlayerCommand::Edit {
            id,
            name,
            club,
            rating,
            seed,
        } => {
            let e = event
                .edit_entrant(
                    id,
                    PlayerEdit {
                        name,
                        club,
                        rating,
                        seed,
                    },
                )
                .map_err(fail)?;
            println!("{} {}", e.id, e.name);
        }
        PlayerCommand::Withdraw { id, annul } => {
            let done = event.withdraw(id, annul).map_err(fail)?;
            let name = &done.entrant.name;
            say(en, format!("{name} withdrawn"), format!("{name} 已退赛"));
            for (stage, round, board) in &done.forfeits {
                say(
                    en,
                    format!("  stage {stage}, round {round}, board {board}: lost by forfeit"),
                    format!("  第 {stage} 阶段 第 {round} 轮 第 {board} 台：弃权判负"),
                );
            }
        }
    }
    Ok(())
}

fn import(event: &mut Event, csv: &Path, en: bool) -> Result<(), Failure> {
    let bytes = read(csv)?;
    let name = csv.file_name().map_or_else(
        || csv.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let added = event.import(&name, &bytes).map_err(fail)?;
    say(
        en,
        format!("{} registered", added.len()),
        format!("已登记 {} 名", added.len()),
    );
    Ok(())
}

fn team(cmd: TeamCommand, file: &FileArg, en: bool) -> Result<(), Failure> {
    let mut event = open(file)?;
    match cmd {
        TeamCommand::Add {
            name,
            members,
            club,
            seed,
        } => {
            let members = members
                .split(['、', ';', '；', '/', ','])
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .map(String::from)
                .collect();
            let e = event
                .add_entrant(NewEntrant {
                    name,
                    club,
                    rating: None,
                    seed,
                    members,
                })
                .map_err(fail)?;
            say(
                en,
                format!("Team {}: {}", e.id, e.name),
                format!("{} 号队：{}", e.id, e.name),
            );
        }
        TeamCommand::Import { csv } => import(&mut event, &csv, en)?,
        TeamCommand::List { json } => list(&event, json)?,
    }
    Ok(())
}
