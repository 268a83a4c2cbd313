//! The operations, their arguments, and what each answers.

mod entrants;
mod event;
mod hall;
mod outputs;
mod rounds;
mod stages;
mod standings;

use base64::Engine;
use serde::Deserialize;
use serde_json::{Value, json};
use service::{
    Document, Encoding, Event, EventEdit, NewEntrant, NewEvent, PlayerEdit, PrintOptions,
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
    read("competitions.list"),
    write("competitions.add"),
    write("competitions.remove"),
    read("entrants.list"),
    write("entrants.add"),
    write("entrants.edit"),
    write("entrants.withdraw"),
    read("entrants.preview_import"),
    write("entrants.import"),
    read("stages.list"),
    read("stages.presets"),
    read("stages.formats"),
    write("stages.add"),
    write("stages.edit"),
    write("stages.remove"),
    write("stages.draw"),
    write("stages.pair"),
    read("rounds.pairings"),
    read("rounds.explain"),
    write("rounds.lineup"),
    write("rounds.swap"),
    read("rounds.swap_preview"),
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
    read("standings.clubs"),
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
    /// Left out: an event to which competitions are added (`competitions.add`).
    #[serde(default)]
    game: Option<String>,
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
    /// An age group (`2016-01-01`: born on or after) and a women's or men's
    /// competition (`女` / `男`).
    #[serde(default)]
    born_after: Option<String>,
    #[serde(default)]
    gender: Option<String>,
    /// The hall board the competition's boards are numbered from.
    #[serde(default)]
    first_board: Option<u32>,
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
    /// "" opens them.
    #[serde(default)]
    born_after: Option<String>,
    #[serde(default)]
    gender: Option<String>,
    /// The hall board the competition's boards are numbered from ("" for its block).
    #[serde(default)]
    first_board: Option<String>,
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
    /// Date of birth (`2016-01-01`) and 男 / 女, for age groups and women's events.
    #[serde(default)]
    born: Option<String>,
    #[serde(default)]
    gender: Option<String>,
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
    /// "" removes one.
    #[serde(default)]
    born: Option<String>,
    #[serde(default)]
    gender: Option<String>,
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
            .map_err(|e| unreadable("base64", e.to_string()))
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

/// How club totals count: `place_points` ("9,7,6,5,4,3,2,1", the default) or `points`,
/// of each club's `best` entrants in each competition (all without it).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ClubArgs {
    #[serde(default)]
    best: Option<u32>,
    #[serde(default)]
    place_points: Option<String>,
    #[serde(default)]
    points: bool,
}

impl ClubArgs {
    /// A printout's club-total arguments, taken out of `args` (its other ones are read
    /// after, as strictly as ever).
    fn take(args: &mut Value) -> Result<ClubArgs, ApiError> {
        let mut taken = serde_json::Map::new();
        if let Some(object) = args.as_object_mut() {
            for key in ["best", "place_points", "points"] {
                if let Some(value) = object.remove(key) {
                    taken.insert(key.into(), value);
                }
            }
        }
        from_value(Value::Object(taken))
    }

    fn rule(&self) -> Result<service::ClubRule, ApiError> {
        let scoring = match (self.points, &self.place_points) {
            (true, Some(_)) => {
                return Err(ApiError::bad_arguments(messages::msg!(
                    "cli.places_or_points"
                )));
            }
            (true, None) => service::ClubScoring::Points,
            (false, Some(list)) => service::ClubScoring::Places(service::parse_place_points(list)?),
            (false, None) => service::ClubScoring::Places(service::DEFAULT_PLACE_POINTS.to_vec()),
        };
        Ok(service::ClubRule {
            scoring,
            best: self.best,
        })
    }
}

fn to_json(value: impl serde::Serialize) -> Result<Value, ApiError> {
    serde_json::to_value(value).map_err(|e| ApiError::failed(e.to_string()))
}

/// A QR code of `text` as an SVG image, for an arbiter's link on screen and on paper.
fn qr_svg(text: &str) -> Result<String, ApiError> {
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M)
        .map_err(|e| unreadable("text", e.to_string()))?;
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
            "pinned": session.pinned.as_deref().map(service::shown_path),
        }));
    };
    // An event in a database is shown by its address without the password.
    let path = event.shown();
    let event_name = event.event_name()?;
    let file_name = match event.path() {
        Some(p) => p.file_name().map(|n| n.to_string_lossy().into_owned()),
        None => Some(event_name.clone()),
    };
    let competitions = event.competitions()?;
    let several = competitions.len() > 1 || event.has_heading()?;
    let shared = json!({
        "open": true,
        "pinned": session.pinned.as_deref().map(service::shown_path),
        "path": path,
        "file_name": file_name,
        "event_name": event_name,
        // An event of several competitions lists them; each call names the one it acts
        // on (`competition` beside its arguments).
        "competitions": several.then_some(&competitions),
        "read_only": event.is_read_only(),
    });
    if !competitions.iter().any(|c| c.current) {
        let mut answer = shared;
        answer["competition_needed"] = json!(true);
        answer["name"] = json!(event_name);
        return Ok(answer);
    }
    let c = event.competition()?;
    let mut answer = json!({
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
        // Who may enter: {born_after: "2016-01-01", gender: "w"}, empty when anyone.
        "eligibility": c.eligibility,
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
        "first_board": c.first_board,
    });
    if let (Value::Object(answer), Value::Object(shared)) = (&mut answer, shared) {
        answer.extend(shared);
    }
    Ok(answer)
}

fn create(session: &mut Session, args: CreateArgs) -> Result<Value, ApiError> {
    let path = match (&session.pinned, &args.path) {
        (Some(pinned), _) => pinned.clone(),
        (None, Some(p)) if !p.trim().is_empty() => p.into(),
        (None, _) => {
            return Err(ApiError::bad_arguments(messages::msg!(
                "api.arg.path_needed"
            )));
        }
    };
    let event = match args
        .game
        .as_deref()
        .map(str::trim)
        .filter(|g| !g.is_empty())
    {
        Some(_) => Event::create(&path, new_competition(args)?)?,
        None => Event::create_several(&path, &args.name)?,
    };
    session.event = Some(event);
    session.path = Some(path);
    info(session)
}

/// A competition as the arguments of `event.create` or `competitions.add` describe it.
fn new_competition(args: CreateArgs) -> Result<NewEvent, ApiError> {
    let game = game_kind(args.game.as_deref().unwrap_or_default())?;
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
            return Err(ApiError::one_of("partners", other, &["fixed", "rotating"]));
        }
    };
    Ok(NewEvent {
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
        eligibility: service::parse_eligibility(
            args.born_after.as_deref(),
            args.gender.as_deref(),
        )?,
        first_board: args.first_board,
    })
}

fn open(session: &mut Session, args: PathArgs) -> Result<Value, ApiError> {
    let path = session.pinned.clone().unwrap_or_else(|| args.path.into());
    session.event = Some(Event::open(&path)?);
    session.path = Some(path);
    info(session)
}

/// Runs one operation: each family of operations (by the name before its dot) in a
/// module of its own.
pub(crate) fn run(session: &mut Session, op: Operation, args: Value) -> Result<Value, ApiError> {
    let family = op.name.split('.').next().unwrap_or_default();
    match family {
        "event" | "log" | "undo" | "competitions" => event::run(session, op, args),
        "entrants" | "records" => entrants::run(session, op, args),
        "stages" => stages::run(session, op, args),
        "rounds" | "results" => rounds::run(session, op, args),
        "arbiters" | "hall" | "qr" => hall::run(session, op, args),
        "standings" | "crosstables" | "wall_charts" | "brackets" | "playoffs" => {
            standings::run(session, op, args)
        }
        "export" | "print" => outputs::run(session, op, args),
        other => Err(unknown(other)),
    }
}

/// A field whose content could not be read (`base64`, a QR code's text).
fn unreadable(field: &str, detail: String) -> ApiError {
    ApiError::bad_arguments(messages::msg!(
        "api.arg.unreadable",
        field = field,
        detail = detail
    ))
}

fn unknown(operation: &str) -> ApiError {
    ApiError::new(
        "unknown_operation",
        messages::msg!("api.unknown_operation", operation = operation),
    )
}

/// The CSV encoding asked for: UTF-8 with a BOM by default, or GBK.
fn csv_encoding(text: Option<&str>) -> Result<Encoding, ApiError> {
    match text {
        None | Some("utf8") | Some("utf-8") => Ok(Encoding::Utf8Bom),
        Some("gbk") => Ok(Encoding::Gbk),
        Some(other) => Err(ApiError::one_of("encoding", other, &["utf8", "gbk"])),
    }
}
