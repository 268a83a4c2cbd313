//! The operations, their arguments, and what each answers.

use base64::Engine;
use serde::Deserialize;
use serde_json::{Value, json};
use service::{
    Document, Encoding, Event, EventEdit, Lang, NewEntrant, NewEvent, PlayerEdit, PrintOptions,
    PrintRequest, ResultEntry,
};

use crate::args::{Empty, from_value, game_kind, lang, paper, stage_spec};
use crate::{ApiError, Session};

/// An operation's name and whether it changes anything (writes need the token when
/// `qisai serve` listens beyond this machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    pub name: &'static str,
    pub writes: bool,
}

const fn read(name: &'static str) -> Operation {
    Operation {
        name,
        writes: false,
    }
}

const fn write(name: &'static str) -> Operation {
    Operation { name, writes: true }
}

pub const OPERATIONS: &[Operation] = &[
    read("event.info"),
    write("event.create"),
    write("event.open"),
    write("event.edit"),
    read("entrants.list"),
    write("entrants.add"),
    write("entrants.edit"),
    write("entrants.withdraw"),
    read("entrants.preview_import"),
    write("entrants.import"),
    read("stages.list"),
    read("stages.presets"),
    write("stages.add"),
    write("stages.edit"),
    write("stages.remove"),
    write("stages.draw"),
    write("stages.pair"),
    read("rounds.pairings"),
    read("rounds.explain"),
    write("rounds.lineup"),
    write("rounds.swap"),
    write("rounds.absence"),
    write("rounds.set"),
    write("results.record"),
    read("records.read"),
    read("records.show"),
    write("results.lots"),
    read("playoffs.list"),
    write("playoffs.lots"),
    write("playoffs.games"),
    read("standings"),
    read("standings.explain"),
    read("standings.final"),
    read("standings.boards"),
    read("standings.players"),
    read("crosstables"),
    read("wall_charts"),
    read("brackets"),
    read("log"),
    write("undo"),
    read("export.csv"),
    read("export.xlsx"),
    read("export.zip"),
    read("print"),
    read("arbiters.list"),
    write("arbiters.add"),
    write("arbiters.reissue"),
    write("arbiters.remove"),
    read("hall.pending"),
    read("hall.display"),
    read("hall.sector"),
    write("hall.enter"),
    read("qr.svg"),
];

impl Operation {
    pub fn find(name: &str) -> Option<Operation> {
        OPERATIONS.iter().copied().find(|o| o.name == name)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateArgs {
    #[serde(default)]
    path: Option<String>,
    name: String,
    game: String,
    #[serde(default)]
    players: Option<usize>,
    #[serde(default)]
    team_boards: Option<u32>,
    #[serde(default)]
    scoring: Option<String>,
    #[serde(default)]
    time_control: Option<String>,
    /// Team events: members keep their registered board order in line-ups.
    #[serde(default)]
    fixed_order: bool,
    /// Xiangqi: `chinese` (the default) or `asian`.
    #[serde(default)]
    xiangqi_rules: Option<String>,
    /// Four-player Junqi: `fixed` (the default) or `rotating`.
    #[serde(default)]
    partners: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventEditArgs {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    time_control: Option<String>,
    #[serde(default)]
    fixed_order: Option<bool>,
    #[serde(default)]
    venue: Option<String>,
    #[serde(default)]
    dates: Option<String>,
    #[serde(default)]
    organizer: Option<String>,
    #[serde(default)]
    arbiter: Option<String>,
    #[serde(default)]
    scoring: Option<String>,
    #[serde(default)]
    double_entry: Option<bool>,
    #[serde(default)]
    xiangqi_rules: Option<String>,
    #[serde(default)]
    force: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PathArgs {
    path: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntrantArgs {
    name: String,
    #[serde(default)]
    club: Option<String>,
    #[serde(default)]
    rating: Option<u32>,
    #[serde(default)]
    seed: Option<u32>,
    #[serde(default)]
    members: Vec<String>,
    /// A late entry into a Swiss stage under way: the points to start with.
    #[serde(default)]
    points: Option<Value>,
}

/// A team's line-up for a round: `team` by number or name, `members` in board order
/// (a list, or one text separated by 、).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineupArgs {
    round: u32,
    team: String,
    members: Value,
}

/// 请假 for a round of a Swiss stage: `player` by number or name; `away: false` takes
/// it back.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AbsenceArgs {
    player: String,
    round: u32,
    #[serde(default)]
    away: Option<bool>,
}

/// Exchanges the black players of boards `board` and `other` of a Swiss round.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SwapArgs {
    round: u32,
    board: u32,
    other: u32,
}

/// Sets a board of a Swiss round: `red` and `black` by registration number or name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetBoardArgs {
    round: u32,
    board: u32,
    red: String,
    black: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EditArgs {
    id: u32,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    club: Option<String>,
    #[serde(default)]
    rating: Option<u32>,
    #[serde(default)]
    seed: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawArgs {
    id: u32,
    /// Annul every game of theirs instead of forfeiting the ones still to play.
    #[serde(default)]
    annul: bool,
}

/// A CSV file as the UI read it: its name, and its bytes in base64 (so GBK survives).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileArgs {
    file_name: String,
    base64: String,
}

impl FileArgs {
    fn bytes(&self) -> Result<Vec<u8>, ApiError> {
        base64::engine::general_purpose::STANDARD
            .decode(self.base64.trim())
            .map_err(|e| ApiError::bad_arguments(format!("base64: {e}")))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeedArgs {
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StageOnlyArgs {
    /// 1-based; the current stage by default.
    #[serde(default)]
    stage: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayoffLotsArgs {
    #[serde(default)]
    stage: Option<usize>,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayoffGamesArgs {
    #[serde(default)]
    stage: Option<usize>,
    #[serde(default)]
    best_of: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StageNumberArgs {
    /// 1-based.
    stage: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundArgs {
    /// 1-based; the current stage by default.
    #[serde(default)]
    stage: Option<usize>,
    #[serde(default)]
    round: Option<u32>,
}

/// One board of a round, and a game of it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardArgs {
    #[serde(default)]
    stage: Option<usize>,
    round: u32,
    board: u32,
    #[serde(default)]
    game: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultArgs {
    #[serde(default)]
    stage: Option<usize>,
    round: u32,
    board: u32,
    result: String,
    #[serde(default)]
    game: Option<u32>,
    #[serde(default)]
    record: Option<String>,
    #[serde(default)]
    fouls: Vec<String>,
    #[serde(default)]
    moves: Option<u32>,
    #[serde(default)]
    force: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArbiterArgs {
    name: String,
    #[serde(default)]
    boards: Option<String>,
    #[serde(default)]
    rounds: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameArgs {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SectorArgs {
    arbiter: String,
    #[serde(default)]
    round: Option<u32>,
}

/// A sector arbiter's result (`qisai serve` names the arbiter from its token).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HallEntryArgs {
    arbiter: String,
    #[serde(default)]
    stage: Option<usize>,
    round: u32,
    board: u32,
    result: String,
    #[serde(default)]
    game: Option<u32>,
    #[serde(default)]
    moves: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QrArgs {
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LotsArgs {
    round: u32,
    board: u32,
    #[serde(default)]
    seed: Option<u64>,
}

/// A stage (1-based), or the whole event when left out.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OnlyStageArgs {
    #[serde(default)]
    stage: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StageArgs {
    #[serde(default)]
    stage: Option<usize>,
    #[serde(default)]
    lang: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingsArgs {
    #[serde(default)]
    stage: Option<usize>,
    /// Only this group's rows (a big event's live view).
    #[serde(default)]
    group: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainArgs {
    #[serde(default)]
    stage: Option<usize>,
    entrant: u32,
    level: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LangArgs {
    #[serde(default)]
    lang: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportArgs {
    #[serde(default)]
    lang: Option<String>,
    /// `utf8` (with a BOM, the default) or `gbk`.
    #[serde(default)]
    encoding: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrintArgs {
    /// pairings, slips, standings, crosstable or bracket
    document: String,
    #[serde(default)]
    round: Option<u32>,
    #[serde(default)]
    stage: Option<usize>,
    #[serde(default)]
    lang: Option<String>,
    /// a4 (default) or a3
    #[serde(default)]
    paper: Option<String>,
    #[serde(default)]
    landscape: bool,
    /// The booklet: the regulations' text.
    #[serde(default)]
    regulations: Option<String>,
    /// Prize receipts: how many places.
    #[serde(default)]
    places: Option<u32>,
}

fn to_json(value: impl serde::Serialize) -> Result<Value, ApiError> {
    serde_json::to_value(value).map_err(|e| ApiError::failed(e.to_string()))
}

/// A QR code of `text` as an SVG image, for an arbiter's link on screen and on paper.
fn qr_svg(text: &str) -> Result<String, ApiError> {
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M)
        .map_err(|e| ApiError::bad_arguments(format!("text: {e}")))?;
    Ok(code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build())
}

fn encode(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// What the start screen and the title bar need to know about the open event.
fn info(session: &Session) -> Result<Value, ApiError> {
    let Some(event) = &session.event else {
        return Ok(json!({
            "open": false,
            "pinned": session.pinned.as_ref().map(|p| p.display().to_string()),
        }));
    };
    let c = event.competition()?;
    let path = session.path.as_ref().map(|p| p.display().to_string());
    let file_name = session
        .path
        .as_ref()
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned());
    Ok(json!({
        "open": true,
        "pinned": session.pinned.as_ref().map(|p| p.display().to_string()),
        "path": path,
        "file_name": file_name,
        "name": c.name,
        "game": c.game,
        "seats": c.scoring.seats,
        // Points for a win, a draw and a loss, as the start screen shows them.
        "scoring": format!("{}-{}-{}", c.scoring.win, c.scoring.draw[0], c.scoring.loss),
        "team_boards": c.team_boards,
        "time_control": c.time_control,
        "fixed_order": c.fixed_order,
        "details": c.details,
        "double_entry": c.hall.double_entry,
        "xiangqi_rules": c.xiangqi_rules,
        "read_only": event.is_read_only(),
        // The result texts this game allows, for the entry screens.
        "result_kinds": tournament::result::text::kinds(c.seating(), c.game),
        // The same in words, for a form to choose from (empty where a result is typed).
        "result_choices": service::result_choices(&c),
        // Tables of more than two: players per table, partners, whether each seat is a
        // player of its own (else fixed pairs meet two to a table).
        "tables": c.tables.as_ref().map(|t| json!({
            "size": t.size,
            "partners": t.partners,
            "seated": t.seats_individuals(),
        })),
        "entrants": c.entrants.len(),
        "stages": event.stages()?,
    }))
}

fn create(session: &mut Session, args: CreateArgs) -> Result<Value, ApiError> {
    let path = match (&session.pinned, &args.path) {
        (Some(pinned), _) => pinned.clone(),
        (None, Some(p)) if !p.trim().is_empty() => p.into(),
        (None, _) => return Err(ApiError::bad_arguments("path: where to save the event")),
    };
    let game = game_kind(&args.game)?;
    let players = args.players.unwrap_or(2);
    let scoring_text = args.scoring.filter(|s| !s.trim().is_empty());
    // Checkers at tables of more than two score by place.
    let by_place = game == tournament::GameKind::Checkers && players > 2;
    let table_scoring = match &scoring_text {
        Some(s) if by_place => Some(service::parse_table_scoring(s)?),
        _ => None,
    };
    let scoring = scoring_text
        .filter(|_| !by_place)
        .map(|s| service::parse_scoring(&s, game, players))
        .transpose()?;
    let partners = match args.partners.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("fixed") => Some(tournament::tables::Partners::Fixed),
        Some("rotating") => Some(tournament::tables::Partners::Rotating),
        Some(other) => {
            return Err(ApiError::bad_arguments(format!(
                "partners: fixed or rotating, not {other}"
            )));
        }
    };
    let event = Event::create(
        &path,
        NewEvent {
            name: args.name,
            game,
            players,
            partners,
            table_scoring,
            team_boards: args.team_boards,
            scoring,
            time_control: args.time_control,
            fixed_order: args.fixed_order,
            xiangqi_rules: args
                .xiangqi_rules
                .as_deref()
                .map(service::parse_xiangqi_rules)
                .transpose()?
                .unwrap_or_default(),
        },
    )?;
    session.event = Some(event);
    session.path = Some(path);
    info(session)
}

fn open(session: &mut Session, args: PathArgs) -> Result<Value, ApiError> {
    let path = session.pinned.clone().unwrap_or_else(|| args.path.into());
    session.event = Some(Event::open(&path)?);
    session.path = Some(path);
    info(session)
}

pub(crate) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    match op.name {
        "event.info" => {
            from_value::<Empty>(args)?;
            info(session)
        }
        "event.create" => create(session, from_value(args)?),
        "event.open" => open(session, from_value(args)?),
        "event.edit" => {
            let a: EventEditArgs = from_value(args)?;
            let edited = session.event_mut()?.edit_event(EventEdit {
                name: a.name,
                time_control: a.time_control,
                fixed_order: a.fixed_order,
                venue: a.venue,
                dates: a.dates,
                organizer: a.organizer,
                arbiter: a.arbiter,
                scoring: a.scoring,
                double_entry: a.double_entry,
                xiangqi_rules: a
                    .xiangqi_rules
                    .as_deref()
                    .map(service::parse_xiangqi_rules)
                    .transpose()?,
                force: a.force,
            })?;
            let mut answer = info(session)?;
            answer["rescored"] = json!(edited.rescored);
            Ok(answer)
        }
        "entrants.list" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.entrants()?)
        }
        "entrants.add" => {
            let a: EntrantArgs = from_value(args)?;
            let points = match &a.points {
                None | Some(Value::Null) => None,
                Some(v) => {
                    let text = v.as_str().map_or_else(|| v.to_string(), str::to_string);
                    Some(
                        text.parse::<tournament::Points>()
                            .map_err(|e| ApiError::refused(&e))?,
                    )
                }
            };
            to_json(session.event_mut()?.add_entrant_with_points(
                NewEntrant {
                    name: a.name,
                    club: a.club,
                    rating: a.rating,
                    seed: a.seed,
                    members: a.members,
                },
                points,
            )?)
        }
        "entrants.edit" => {
            let a: EditArgs = from_value(args)?;
            to_json(session.event_mut()?.edit_entrant(
                a.id,
                PlayerEdit {
                    name: a.name,
                    club: a.club,
                    rating: a.rating,
                    seed: a.seed,
                },
            )?)
        }
        "entrants.withdraw" => {
            let a: WithdrawArgs = from_value(args)?;
            let done = session.event_mut()?.withdraw(a.id, a.annul)?;
            // The entrant as before, with the games it lost by forfeit.
            let mut answer = to_json(&done.entrant)?;
            answer["forfeits"] = json!(done.forfeits);
            Ok(answer)
        }
        "records.show" => {
            // The record kept with a result, replayed for the viewer (Xiangqi).
            let a: BoardArgs = from_value(args)?;
            let event = session.event()?;
            let text = event.game_moves(a.stage, a.round, a.board, a.game)?;
            let game = event.competition()?.game;
            let replay = match (&text, game) {
                (Some(t), tournament::GameKind::Xiangqi) => {
                    Some(games::replay::xiangqi(t).map_err(|e| ApiError::refused(&e))?)
                }
                _ => None,
            };
            Ok(json!({ "text": text, "replay": replay }))
        }
        "records.read" => {
            // A record file chosen in the UI, as the text to attach (XQF as PGN).
            let a: FileArgs = from_value(args)?;
            let text = games::record_text(&a.bytes()?).map_err(|e| ApiError::refused(&e))?;
            Ok(json!({ "text": text }))
        }
        "entrants.preview_import" => {
            let a: FileArgs = from_value(args)?;
            to_json(session.event()?.preview_import(&a.file_name, &a.bytes()?)?)
        }
        "entrants.import" => {
            let a: FileArgs = from_value(args)?;
            let bytes = a.bytes()?;
            to_json(session.event_mut()?.import(&a.file_name, &bytes)?)
        }
        "stages.list" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.stages()?)
        }
        "stages.presets" => {
            from_value::<Empty>(args)?;
            Ok(crate::args::presets())
        }
        "stages.add" => {
            let spec = stage_spec(args)?;
            let index = session.event_mut()?.add_stage(spec)?;
            Ok(json!({ "stage": index + 1 }))
        }
        "stages.edit" => {
            // `stage` (1-based) and the arguments of stages.add.
            let mut args = args;
            let stage = args
                .as_object_mut()
                .and_then(|o| o.remove("stage"))
                .and_then(|v| v.as_u64())
                .ok_or_else(|| ApiError::bad_arguments("stage: the stage's number (1-based)"))?;
            session
                .event_mut()?
                .edit_stage(stage as usize, stage_spec(args)?)?;
            Ok(json!({ "stage": stage }))
        }
        "stages.remove" => {
            let a: StageNumberArgs = from_value(args)?;
            let name = session.event_mut()?.remove_stage(a.stage)?;
            Ok(json!({ "stage": a.stage, "name": name }))
        }
        "stages.draw" => {
            let a: SeedArgs = from_value(args)?;
            let report = session.event_mut()?.draw(a.seed)?;
            let mut answer = to_json(&report)?;
            // Stages are numbered from 1 in every operation.
            answer["stage"] = json!(report.stage + 1);
            Ok(answer)
        }
        "stages.pair" => {
            from_value::<Empty>(args)?;
            let rounds = session.event_mut()?.pair()?;
            Ok(json!({
                "rounds": rounds.iter().map(|(r, boards)| json!({"round": r, "boards": boards})).collect::<Vec<_>>()
            }))
        }
        "rounds.pairings" => {
            let a: RoundArgs = from_value(args)?;
            to_json(session.event()?.pairings(a.stage, a.round)?)
        }
        "rounds.explain" => {
            let a: RoundArgs = from_value(args)?;
            to_json(session.event()?.explain_pairings(a.stage, a.round)?)
        }
        "rounds.lineup" => {
            let a: LineupArgs = from_value(args)?;
            let members = match a.members {
                Value::String(text) => service::split_members(&text),
                Value::Array(list) => list
                    .iter()
                    .map(|v| v.as_str().map(str::to_string))
                    .collect::<Option<Vec<String>>>()
                    .ok_or_else(|| ApiError::bad_arguments("members: names, in board order"))?,
                _ => return Err(ApiError::bad_arguments("members: names, in board order")),
            };
            session
                .event_mut()?
                .set_lineup(a.round, &a.team, &members)?;
            to_json(session.event()?.pairings(None, Some(a.round))?)
        }
        "standings.final" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.final_ranking()?)
        }
        "standings.boards" => {
            let a: OnlyStageArgs = from_value(args)?;
            to_json(session.event()?.board_tables(a.stage)?)
        }
        "standings.players" => {
            let a: OnlyStageArgs = from_value(args)?;
            to_json(session.event()?.individual_standings(a.stage)?)
        }
        "rounds.absence" => {
            let a: AbsenceArgs = from_value(args)?;
            let name =
                session
                    .event_mut()?
                    .report_absence(&a.player, a.round, a.away.unwrap_or(true))?;
            Ok(json!({ "name": name, "round": a.round }))
        }
        "rounds.swap" => {
            let a: SwapArgs = from_value(args)?;
            let warnings = session
                .event_mut()?
                .swap_pairing(a.round, a.board, a.other)?;
            Ok(json!({ "warnings": warnings }))
        }
        "rounds.set" => {
            let a: SetBoardArgs = from_value(args)?;
            let warnings = session
                .event_mut()?
                .set_pairing(a.round, a.board, &a.red, &a.black)?;
            Ok(json!({ "warnings": warnings }))
        }
        "results.record" => {
            let a: ResultArgs = from_value(args)?;
            to_json(session.event_mut()?.record_result(ResultEntry {
                stage: a.stage,
                round: a.round,
                board: a.board,
                result: a.result,
                game: a.game,
                record: a.record.filter(|r| !r.trim().is_empty()),
                fouls: a.fouls,
                moves: a.moves,
                force: a.force,
            })?)
        }
        "arbiters.list" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.arbiters()?)
        }
        "arbiters.add" => {
            let a: ArbiterArgs = from_value(args)?;
            to_json(session.event_mut()?.add_arbiter(service::NewArbiter {
                name: a.name,
                boards: a.boards,
                rounds: a.rounds,
            })?)
        }
        "arbiters.reissue" => {
            let a: NameArgs = from_value(args)?;
            to_json(session.event_mut()?.reissue_arbiter(&a.name)?)
        }
        "arbiters.remove" => {
            let a: NameArgs = from_value(args)?;
            session.event_mut()?.remove_arbiter(&a.name)?;
            to_json(session.event()?.arbiters()?)
        }
        "hall.pending" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.pending_entries()?)
        }
        "hall.display" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.display()?)
        }
        "hall.sector" => {
            let a: SectorArgs = from_value(args)?;
            to_json(session.event()?.sector(&a.arbiter, a.round)?)
        }
        "hall.enter" => {
            let a: HallEntryArgs = from_value(args)?;
            to_json(session.event_mut()?.enter_as(
                &a.arbiter,
                ResultEntry {
                    stage: a.stage,
                    round: a.round,
                    board: a.board,
                    result: a.result,
                    game: a.game,
                    record: None,
                    fouls: Vec::new(),
                    moves: a.moves,
                    force: false,
                },
            )?)
        }
        "qr.svg" => {
            let a: QrArgs = from_value(args)?;
            Ok(json!({ "svg": qr_svg(&a.text)? }))
        }
        "playoffs.list" => {
            let a: StageOnlyArgs = from_value(args)?;
            to_json(session.event()?.playoffs(a.stage)?)
        }
        "playoffs.lots" => {
            let a: PlayoffLotsArgs = from_value(args)?;
            let (seed, settled) = session.event_mut()?.playoff_by_lots(a.stage, a.seed)?;
            Ok(json!({ "seed": seed, "settled": to_json(settled)? }))
        }
        "playoffs.games" => {
            let a: PlayoffGamesArgs = from_value(args)?;
            to_json(
                session
                    .event_mut()?
                    .playoff_games(a.stage, a.best_of.unwrap_or(1))?,
            )
        }
        "results.lots" => {
            let a: LotsArgs = from_value(args)?;
            let (seed, winner) = session
                .event_mut()?
                .draw_match_lots(a.round, a.board, a.seed)?;
            Ok(json!({ "seed": seed, "winner": winner }))
        }
        "standings" => {
            let a: StandingsArgs = from_value(args)?;
            let mut table = session.event()?.standings(a.stage)?;
            if let Some(group) = &a.group {
                table.rows.retain(|r| &r.group == group);
            }
            to_json(table)
        }
        "standings.explain" => {
            let a: ExplainArgs = from_value(args)?;
            to_json(session.event()?.explain(a.stage, a.entrant, a.level)?)
        }
        "crosstables" => {
            let a: StageArgs = from_value(args)?;
            to_json(session.event()?.crosstables(a.stage, lang(a.lang)?)?)
        }
        "wall_charts" => {
            let a: StageArgs = from_value(args)?;
            to_json(session.event()?.wall_charts(a.stage, lang(a.lang)?)?)
        }
        "brackets" => {
            let a: StageArgs = from_value(args)?;
            to_json(session.event()?.brackets(a.stage, lang(a.lang)?)?)
        }
        "log" => {
            from_value::<Empty>(args)?;
            to_json(session.event()?.log()?)
        }
        "undo" => {
            from_value::<Empty>(args)?;
            Ok(json!({ "undone": session.event_mut()?.undo()? }))
        }
        "export.zip" => {
            let a: ExportArgs = from_value(args)?;
            let bytes = session
                .event()?
                .export_zip(lang(a.lang)?, csv_encoding(a.encoding.as_deref())?)?;
            Ok(json!({"file_name": "event.zip", "base64": encode(&bytes)}))
        }
        "export.csv" => {
            let a: ExportArgs = from_value(args)?;
            let encoding = csv_encoding(a.encoding.as_deref())?;
            let files = session.event()?.export_csv_files(lang(a.lang)?, encoding)?;
            Ok(json!({
                "files": files.iter().map(|(name, bytes)| json!({"file_name": name, "base64": encode(bytes)})).collect::<Vec<_>>()
            }))
        }
        "export.xlsx" => {
            let a: LangArgs = from_value(args)?;
            let bytes = session.event()?.export_xlsx(lang(a.lang)?)?;
            Ok(json!({"file_name": "event.xlsx", "base64": encode(&bytes)}))
        }
        "print" => {
            let a: PrintArgs = from_value(args)?;
            let document = match a.document.as_str() {
                "pairings" => Document::Pairings,
                "slips" => Document::Slips,
                "standings" => Document::Standings,
                "crosstable" => Document::Crosstable,
                "wall_chart" => Document::WallChart,
                "boards" => Document::Boards,
                "bracket" => Document::Bracket,
                "ratings" => Document::Ratings,
                "booklet" | "table_cards" | "participants" | "results_book" | "prize_receipts" => {
                    Document::Standings
                }
                other => {
                    return Err(ApiError::bad_arguments(format!(
                        "document '{other}': pairings, slips, standings, crosstable, wall_chart, boards, bracket, ratings, booklet, table_cards, participants, results_book or prize_receipts"
                    )));
                }
            };
            let mut options = PrintOptions {
                lang: lang(a.lang.clone())?,
                ..PrintOptions::default()
            };
            options.setup.paper = paper(a.paper.as_deref())?;
            options.setup.landscape = a.landscape;
            let set = match a.document.as_str() {
                "booklet" => Some(service::SetDocument::Booklet),
                "table_cards" => Some(service::SetDocument::TableCards),
                "participants" => Some(service::SetDocument::Participants),
                "results_book" => Some(service::SetDocument::ResultsBook),
                "prize_receipts" => Some(service::SetDocument::PrizeReceipts),
                _ => None,
            };
            let bytes = match set {
                Some(set) => session.event()?.print_set(
                    set,
                    service::SetRequest {
                        round: a.round,
                        regulations: a.regulations.clone(),
                        places: a.places,
                        options,
                    },
                )?,
                None => session.event()?.print(
                    document,
                    PrintRequest {
                        round: a.round,
                        stage: a.stage,
                        options,
                    },
                )?,
            };
            let en = options.lang == Lang::En;
            let file_name = format!(
                "{}{}.pdf",
                a.document,
                a.round
                    .map(|r| if en {
                        format!("-round-{r}")
                    } else {
                        format!("-第{r}轮")
                    })
                    .unwrap_or_default()
            );
            Ok(json!({ "file_name": file_name, "base64": encode(&bytes) }))
        }
        other => Err(ApiError::new(
            "unknown_operation",
            messages::msg!("api.unknown_operation", operation = other),
        )),
    }
}

/// The CSV encoding asked for: UTF-8 with a BOM by default, or GBK.
fn csv_encoding(text: Option<&str>) -> Result<Encoding, ApiError> {
    match text {
        None | Some("utf8") | Some("utf-8") => Ok(Encoding::Utf8Bom),
        Some("gbk") => Ok(Encoding::Gbk),
        Some(other) => Err(ApiError::bad_arguments(format!(
            "encoding '{other}': utf8 or gbk"
        ))),
    }
}
