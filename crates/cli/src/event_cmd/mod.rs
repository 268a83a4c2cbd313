//! The organizer's commands on an event file: thin wrappers over `service`.

mod arbiters;
mod args;
mod entrants;
mod explain;
mod pairings;
mod playoffs;
mod standings;

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::json;
use service::{Event, EventEdit, NewEvent, ResultEntry, ServiceError, StageSpec, points_value};
use tournament::{Format, GameKind, RoundRobinOptions};

use arbiters::arbiter;
pub use args::*;
use entrants::{player, team};
use explain::explain_text;
use playoffs::playoff;
use standings::{
    print_explanations, print_final_ranking, print_members, print_rating_changes, print_standings,
};

use crate::messages::say as word;
use crate::{Failure, Lang};
use messages::msg;

/// Where the event file is: `-f FILE` or `QISAI_FILE`.
#[derive(Args, Clone)]
pub struct FileArg {
    /// The event file (.qisai)
    #[arg(short = 'f', long = "file", env = "QISAI_FILE", global = true)]
    pub file: Option<PathBuf>,
}

/// A stage's options as the service takes them.
fn stage_spec(o: StageOptions) -> Result<StageSpec, Failure> {
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
        StageKind::Swiss => Format::Swiss(swiss_options(&o)?),
    };
    let mut spec = StageSpec::new(format);
    spec.name = o.name;
    spec.groups = o.groups;
    spec.advance = o.advance;
    spec.best_of = o.best_of;
    spec.rounds = o.rounds;
    spec.per_table = o.per_table;
    spec.extra_games = if o.decider == DeciderKind::Lots { 0 } else { 1 };
    let edition = o
        .fide_edition
        .as_deref()
        .map(service::parse_edition)
        .transpose()
        .map_err(fail)?
        .unwrap_or_default();
    spec.tiebreaks = o
        .tiebreaks
        .map(|t| {
            tournament::tiebreak::parse_chain_in(&t, edition)
                .map_err(|e| Failure::usage(crate::messages::say(&messages::Explain::message(&e))))
        })
        .transpose()?;
    Ok(spec)
}

/// A Swiss stage's options from `stage add swiss …`.
fn swiss_options(o: &StageOptions) -> Result<tournament::swiss::SwissOptions, Failure> {
    use tournament::swiss::{ByeOpponent, ClubAvoidance, FirstRound, SwissOptions};
    let rounds = o
        .rounds
        .ok_or_else(|| Failure::usage(word(&msg!("cli.swiss_needs_rounds"))))?;
    let mut options = SwissOptions::new(rounds);
    options.first_round = match o.first_round {
        FirstRoundKind::Fold => FirstRound::Fold,
        FirstRoundKind::TopBottom => FirstRound::TopBottom,
        FirstRoundKind::Adjacent => FirstRound::Adjacent,
        FirstRoundKind::Random => FirstRound::Random,
    };
    options.no_three_same = o.no_three_same;
    options.avoid_club = match o.avoid_club.trim() {
        "off" => ClubAvoidance::Off,
        "round1" => ClubAvoidance::Round1,
        "always" => ClubAvoidance::Always,
        other => match other.strip_prefix("rounds:").map(str::parse) {
            Some(Ok(k)) => ClubAvoidance::Rounds(k),
            _ => {
                return Err(Failure::usage(word(&msg!("cli.avoid_club", value = other))));
            }
        },
    };
    options.drop_after_forfeits = o.drop_after_forfeits;
    options.bye_opponent = match o.bye_buchholz {
        ByeBuchholz::Lowest => ByeOpponent::Lowest,
        ByeBuchholz::Zero => ByeOpponent::Zero,
        ByeBuchholz::Own => ByeOpponent::Own,
    };
    Ok(options)
}

pub(crate) fn fail(e: ServiceError) -> Failure {
    let message = crate::messages::service_error(&e);
    match e {
        ServiceError::Store(store::StoreError::Missing(_))
        | ServiceError::Store(store::StoreError::Folder(_))
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
        .ok_or_else(|| Failure::usage(word(&msg!("cli.no_file"))))?;
    Event::open(path).map_err(fail)
}

/// A game record file as the text kept with a result: XQF becomes PGN (its moves,
/// tags and comments), any other file is text in UTF-8 or GBK.
fn record_text(path: &Path) -> Result<String, Failure> {
    games::record_text(&read(path)?).map_err(|e| {
        Failure::rejected(crate::messages::in_file(
            path,
            messages::Explain::message(&e),
        ))
    })
}

/// A file an organizer names (an entry list, a game record), read only when it is of
/// a size such a file can have.
fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    use std::io::Read;
    let io = |e: std::io::Error| Failure::usage(crate::messages::io_error(path, &e));
    let limit = service::MAX_FILE_BYTES;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        let too_large = msg!(
            "file.too_large",
            path = path.display().to_string(),
            limit = limit >> 20
        );
        return Err(Failure::rejected(word(&too_large)));
    }
    Ok(bytes)
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
            partners,
            team,
            boards,
            scoring,
            time_control,
            fixed_order,
            xiangqi_rules,
        } => {
            let game = match game {
                Game::Xiangqi => GameKind::Xiangqi,
                Game::Checkers => GameKind::Checkers,
                Game::Junqi => GameKind::Junqi,
            };
            let team_boards = match (team, boards) {
                (true, Some(n)) => Some(n),
                (true, None) => return Err(Failure::usage(word(&msg!("cli.team_needs_boards")))),
                (false, Some(_)) => {
                    return Err(Failure::usage(word(&msg!("cli.boards_need_team"))));
                }
                (false, None) => None,
            };
            // Checkers at tables of more than two score by place.
            let by_place = game == GameKind::Checkers && players > 2;
            let table_scoring = match &scoring {
                Some(s) if by_place => Some(service::parse_table_scoring(s).map_err(fail)?),
                _ => None,
            };
            let scoring = scoring
                .filter(|_| !by_place)
                .map(|s| service::parse_scoring(&s, game, players))
                .transpose()
                .map_err(fail)?;
            Event::create(
                &path,
                NewEvent {
                    name,
                    game,
                    players,
                    partners: partners.map(Into::into),
                    table_scoring,
                    team_boards,
                    scoring,
                    time_control,
                    fixed_order,
                    xiangqi_rules: xiangqi_rules.map(Into::into).unwrap_or_default(),
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
        EventCommand::Arbiter(cmd) => arbiter(cmd, file, en)?,
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
                        .map(|d| format!("  抽签种子 {d}"))
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
                    "第 {} 阶段（{}）抽签完成，抽签种子 {}",
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
            for mates in &report.club_mates {
                println!(
                    "{}",
                    crate::messages::say(&messages::msg!(
                        "draw.club_mates",
                        group = &mates.group,
                        club = &mates.club,
                        count = mates.count.to_string()
                    ))
                );
            }
        }
        EventCommand::Lineup {
            round,
            team,
            members,
        } => {
            let mut event = open(file)?;
            let members = service::split_members(&members);
            event.set_lineup(round, &team, &members).map_err(fail)?;
            say(
                en,
                format!("round {round}, {team}: {}", members.join(", ")),
                format!("第 {round} 轮 {team} 出场：{}", members.join("、")),
            );
        }
        EventCommand::Edit {
            name,
            time_control,
            fixed_order,
            venue,
            dates,
            organizer,
            arbiter,
            scoring,
            double_entry,
            xiangqi_rules,
            force,
        } => {
            let mut event = open(file)?;
            let edited = event
                .edit_event(EventEdit {
                    name,
                    time_control,
                    fixed_order,
                    venue,
                    dates,
                    organizer,
                    arbiter,
                    scoring,
                    double_entry: double_entry.map(|s| s == Switch::On),
                    xiangqi_rules: xiangqi_rules.map(Into::into),
                    force,
                })
                .map_err(fail)?;
            if edited.rescored > 0 {
                println!(
                    "{}",
                    crate::messages::say(&messages::msg!(
                        "edit.rescored",
                        results = edited.rescored
                    ))
                );
            }
            let c = event.competition().map_err(fail)?;
            let time = c.time_control.unwrap_or_default();
            say(
                en,
                format!("event: {}; time control: {time}", c.name),
                format!("赛事：{}；用时：{time}", c.name),
            );
            let d = &c.details;
            for (value, zh, english) in [
                (&d.venue, "地点", "venue"),
                (&d.dates, "比赛日期", "dates"),
                (&d.organizer, "主办", "organizer"),
                (&d.arbiter, "裁判长", "chief arbiter"),
            ] {
                if let Some(v) = value {
                    say(en, format!("{english}: {v}"), format!("{zh}：{v}"));
                }
            }
            if c.game == GameKind::Xiangqi {
                let (zh, english) = match c.xiangqi_rules {
                    service::XiangqiRules::Chinese => ("中国象棋竞赛规则", "the Chinese rules"),
                    service::XiangqiRules::Asian => ("亚洲象棋规则", "the Asian rules"),
                };
                say(
                    en,
                    format!("repetitions judged by {english}"),
                    format!("棋例：{zh}"),
                );
            }
            if c.hall.double_entry {
                say(
                    en,
                    "double entry: a sector arbiter's result counts once a second arbiter enters the same",
                    "双录入：分区裁判的成绩须另一位裁判录入相同结果后才生效",
                );
            }
        }
        EventCommand::Pair => {
            let mut event = open(file)?;
            let added = event.pair().map_err(fail)?;
            let at_tables = event.competition().map_err(fail)?.seating().is_table();
            let (zh, english) = if at_tables {
                ("桌", "table")
            } else {
                ("台", "board")
            };
            for (round, board) in added {
                say(
                    en,
                    format!("round {round}, {english} {board} paired"),
                    format!("第 {round} 轮 第 {board} {zh} 已编排"),
                );
            }
        }
        EventCommand::Lots { round, board, seed } => {
            let mut event = open(file)?;
            let (seed, winner) = event.draw_match_lots(round, board, seed).map_err(fail)?;
            say(
                en,
                format!("lots drawn with seed {seed}: {winner} goes through"),
                format!("抽签种子 {seed}：{winner} 胜出"),
            );
        }
        EventCommand::Pairing(command) => {
            let mut event = open(file)?;
            let warnings = match command {
                PairingCommand::Swap {
                    round,
                    board,
                    other,
                } => {
                    let w = event.swap_pairing(round, board, other).map_err(fail)?;
                    say(
                        en,
                        format!(
                            "round {round}: the blacks of boards {board} and {other} exchanged"
                        ),
                        format!("第 {round} 轮：第 {board} 台与第 {other} 台交换后手方"),
                    );
                    w
                }
                PairingCommand::Set {
                    round,
                    board,
                    red,
                    black,
                } => {
                    let w = event
                        .set_pairing(round, board, &red, &black)
                        .map_err(fail)?;
                    say(
                        en,
                        format!("round {round}, board {board}: {red} v {black}"),
                        format!("第 {round} 轮 第 {board} 台：{red} 对 {black}"),
                    );
                    w
                }
            };
            for w in warnings {
                say(en, format!("warning: {}", w.en), format!("注意：{}", w.zh));
            }
        }
        EventCommand::Pairings {
            stage,
            round,
            json,
            explain: true,
        } => {
            let event = open(file)?;
            let at_tables = event.competition().map_err(fail)?.seating().is_table();
            if json && at_tables {
                // A Swiss at tables: each table with its players' scores before it.
                let tables: Vec<service::TableExplanation> = event
                    .explain_rounds(stage, round)
                    .map_err(fail)?
                    .into_iter()
                    .flat_map(|r| r.tables)
                    .collect();
                print_json(&serde_json::to_value(&tables).unwrap_or_default());
            } else if json {
                let notes = event.explain_pairings(stage, round).map_err(fail)?;
                print_json(&serde_json::to_value(&notes).unwrap_or_default());
            } else {
                let rounds = event.explain_rounds(stage, round).map_err(fail)?;
                print!("{}", explain_text(&rounds, en));
            }
        }
        EventCommand::Pairings {
            stage, round, json, ..
        } => {
            let event = open(file)?;
            let pairings = event.pairings(stage, round).map_err(fail)?;
            let c = event.competition().map_err(fail)?;
            match json {
                true => print_json(&pairings::json(&pairings, &c)),
                false => print!("{}", pairings::text(&pairings, &c, en)),
            }
        }
        EventCommand::Result {
            round,
            board,
            result,
            stage,
            game,
            team_board,
            record,
            fouls,
            moves,
            force,
        } => {
            let record = match record {
                Some(path) => Some(record_text(&path)?),
                None => None,
            };
            let r = open(file)?
                .record_result(ResultEntry {
                    stage,
                    round,
                    board,
                    result,
                    game: game.or(team_board),
                    record,
                    fouls,
                    moves,
                    force,
                })
                .map_err(fail)?;
            for line in &r.report {
                println!("{}", word(line));
            }
        }
        EventCommand::Standings {
            ratings: true,
            k,
            stage,
            json,
            ..
        } => {
            let k = match k {
                Some(k) => service::parse_k(&k).map_err(fail)?,
                None => tournament::elo::KChoice::Fide,
            };
            let rows = open(file)?.rating_changes(stage, k).map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&rows).unwrap_or_default());
            } else {
                print_rating_changes(&rows, en);
            }
        }
        EventCommand::Standings {
            explain: Some(who),
            stage,
            json,
            ..
        } => {
            let values = open(file)?.explain_entrant(stage, &who).map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&values).unwrap_or_default());
            } else {
                print_explanations(&values, en);
            }
        }
        EventCommand::Standings {
            final_ranking: true,
            json,
            ..
        } => {
            let places = open(file)?.final_ranking().map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&places).unwrap_or_default());
            } else {
                print_final_ranking(&places, en);
            }
        }
        EventCommand::Standings {
            boards: true,
            json,
            stage,
            ..
        } => {
            let tables = open(file)?.board_tables(stage).map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&tables).unwrap_or_default());
            } else {
                for t in &tables {
                    say(
                        en,
                        format!("Board {}", t.board),
                        format!("第 {} 台", t.board),
                    );
                    print_members(&t.rows, en);
                }
            }
        }
        EventCommand::Standings {
            players: true,
            json,
            stage,
            ..
        } => {
            let rows = open(file)?.individual_standings(stage).map_err(fail)?;
            if json {
                print_json(&serde_json::to_value(&rows).unwrap_or_default());
            } else {
                print_members(&rows, en);
            }
        }
        EventCommand::Standings { stage, json, .. } => {
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
                                json!({"code": t.code, "name": if en { t.name_en.clone() } else { t.name.clone() }, "value": value})
                            })
                            .collect();
                        json!({"rank": r.rank, "shared_to": r.shared_to, "name": r.name, "group": r.group, "points": r.points.map(points_value), "tiebreaks": tiebreaks, "playoff": r.playoff, "settled_by": r.settled_by, "undecided": r.undecided, "withdrawn": r.withdrawn})
                    })
                    .collect();
                print_json(&serde_json::Value::Array(list));
            } else {
                let team = event.competition().map_err(fail)?.is_team();
                print_standings(&table, en, team);
            }
        }
        EventCommand::Export(ExportCommand::Xlsx {
            workbook: path,
            lang: xlsx_lang,
        }) => {
            let event = open(file)?;
            let lang = if xlsx_lang == Lang::En {
                service::Lang::En
            } else {
                service::Lang::Zh
            };
            event.export_xlsx_file(&path, lang).map_err(fail)?;
            println!("{}", path.display());
        }
        EventCommand::Export(ExportCommand::Trf { output, stage }) => {
            let event = open(file)?;
            event.export_trf_file(&output, stage).map_err(fail)?;
            println!(
                "{}",
                word(&msg!("trf.exported", path = output.display().to_string()))
            );
        }
        EventCommand::Import(ImportCommand::Trf {
            source,
            dest,
            tiebreaks,
            fide_edition,
            scoring,
            json,
        }) => {
            let options = service::TrfImport {
                tiebreaks,
                edition: fide_edition,
                scoring,
            };
            let (_, imported) = Event::import_trf(&source, &dest, &options).map_err(fail)?;
            if json {
                let warnings: Vec<serde_json::Value> = imported
                    .warnings
                    .iter()
                    .map(crate::messages::both_json)
                    .collect();
                println!(
                    "{}",
                    json!({
                        "file": dest.display().to_string(),
                        "players": imported.players,
                        "rounds": imported.rounds,
                        "planned": imported.planned,
                        "warnings": warnings,
                    })
                );
            } else {
                for warning in &imported.warnings {
                    eprintln!("{}", word(warning));
                }
                println!(
                    "{}",
                    word(&msg!(
                        "trf.imported",
                        players = imported.players,
                        rounds = imported.rounds,
                        planned = imported.planned,
                        path = dest.display().to_string()
                    ))
                );
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
            regulations,
            places,
        } => {
            let event = open(file)?;
            let set = match kind {
                PrintKind::Booklet => Some(service::SetDocument::Booklet),
                PrintKind::TableCards => Some(service::SetDocument::TableCards),
                PrintKind::Participants => Some(service::SetDocument::Participants),
                PrintKind::ResultsBook => Some(service::SetDocument::ResultsBook),
                PrintKind::PrizeReceipts => Some(service::SetDocument::PrizeReceipts),
                _ => None,
            };
            let document = match kind {
                PrintKind::Pairings => service::Document::Pairings,
                PrintKind::Slips => service::Document::Slips,
                PrintKind::Standings => service::Document::Standings,
                PrintKind::Crosstable => service::Document::Crosstable,
                PrintKind::WallChart => service::Document::WallChart,
                PrintKind::Boards => service::Document::Boards,
                PrintKind::Bracket => service::Document::Bracket,
                PrintKind::Ratings => service::Document::Ratings,
                _ => service::Document::Standings,
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
            let bytes = match set {
                Some(set) => {
                    let regulations = match regulations {
                        Some(path) => Some(xiangqi::text::decode(&read(&path)?).into_owned()),
                        None => None,
                    };
                    event.print_set(
                        set,
                        service::SetRequest {
                            round,
                            regulations,
                            places,
                            options,
                        },
                    )
                }
                None => event.print(
                    document,
                    service::PrintRequest {
                        round,
                        stage,
                        options,
                    },
                ),
            }
            .map_err(fail)?;
            std::fs::write(&output, &bytes)
                .map_err(|e| Failure::usage(crate::messages::io_error(&output, &e)))?;
            println!("{}", output.display());
        }
        EventCommand::Undo => {
            let mut event = open(file)?;
            match event.undo().map_err(fail)? {
                Some(summary) => println!(
                    "{}{}",
                    if en { "undone: " } else { "已撤销：" },
                    ::messages::render_json(&summary, crate::messages::lang())
                ),
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
                    // Times are stored in UTC and read in local time.
                    println!(
                        "{:>4}  {}  {:<9} {}{undone}",
                        e.id,
                        store::clock::local(&e.at),
                        e.operation,
                        ::messages::render_json(&e.summary, crate::messages::lang())
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
                return Err(Failure::rejected(word(&msg!("cli.file_damaged"))));
            }
            // The file is sound; now the event itself.
            let problems = event.check().map_err(fail)?;
            for p in &problems {
                println!("{}", word(p));
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
                print_standings(
                    &event.standings(Some(stage)).map_err(fail)?,
                    en,
                    c.is_team(),
                );
            }
        }
    }
    Ok(())
}
