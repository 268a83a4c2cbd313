//! The event commands' arguments as clap reads them.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

pub use super::stage_options::StageOptions;
use crate::Lang;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Game {
    Xiangqi,
    Checkers,
    Junqi,
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
        /// A late entry into a Swiss stage under way: the points to start with (0 by
        /// default); he is paired from the next round
        #[arg(long)]
        points: Option<String>,
        /// Date of birth (2016-01-01): what an age group asks
        #[arg(long, value_name = "DATE")]
        born: Option<String>,
        /// 男 or 女: what a women's or men's competition asks
        #[arg(long)]
        gender: Option<String>,
    },
    /// Registers every row of a CSV file (姓名/name, 单位/club, 等级分/rating, 种子/seed,
    /// 出生日期/born, 性别/gender), or none
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
        /// Date of birth (2016-01-01; "" removes it)
        #[arg(long, value_name = "DATE")]
        born: Option<String>,
        /// 男 or 女 ("" removes it)
        #[arg(long)]
        gender: Option<String>,
    },
    /// Swiss: reports a player absent (请假) for a round before it is paired; he is not
    /// paired in it
    Absent {
        /// Registration number or name
        player: String,
        #[arg(long)]
        round: u32,
    },
    /// Swiss: takes back an absence reported for a round
    Present {
        player: String,
        #[arg(long)]
        round: u32,
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
        /// The draw seed: drawn at random when left out; the same seed gives the
        /// same draw
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

#[derive(Subcommand)]
pub enum PairingCommand {
    /// Exchanges the black players of two boards of a round (before its first result)
    Swap { round: u32, board: u32, other: u32 },
    /// Sets a board of a round to RED against BLACK (registration numbers or names);
    /// whoever sat there takes their places (before the round's first result)
    Set {
        round: u32,
        board: u32,
        red: String,
        black: String,
    },
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
    /// 总表: the round-robin crosstable (a Swiss stage: its wall chart)
    Crosstable,
    /// 成绩总表: a Swiss stage's wall chart, each round's opponent, colour and result
    WallChart,
    /// 台次成绩 and 个人成绩: a team event's players board by board, and on their own
    Boards,
    /// 秩序册: the event booklet (details, stages, regulations, participants, round 1)
    Booklet,
    /// 台次卡: a card per board of the round, its number large and its players
    TableCards,
    /// The participants by club
    Participants,
    /// 成绩册: every round's results and the standings of every stage
    ResultsBook,
    /// 奖励签收表: the prize receipt sheet with signature lines
    PrizeReceipts,
    /// 对阵图: the knockout tree
    Bracket,
    /// 等级分变化表: the rating changes of a rated event (K by FIDE's rules)
    Ratings,
    /// 团体总分: each club's total over the competitions
    Clubs,
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
    /// One xlsx workbook: players, pairings, results, standings and crosstables, a sheet
    /// each (numbers as numbers, results as text)
    Xlsx {
        #[arg(value_name = "FILE")]
        workbook: PathBuf,
        #[arg(long, value_enum, default_value_t)]
        lang: Lang,
    },
    /// A FIDE tournament report file (TRF) of a Swiss or round-robin stage, for a
    /// rating body, chess-results or another pairing program
    Trf {
        #[arg(value_name = "FILE")]
        output: PathBuf,
        /// The stage (1-based); the current one by default
        #[arg(long)]
        stage: Option<usize>,
    },
}

#[derive(Subcommand)]
pub enum ImportCommand {
    /// Makes a new event of a FIDE tournament report file (TRF-16, with the XXR, XXS
    /// and BB? extensions): its players and one Swiss stage holding every round, ready
    /// to pair the next
    Trf {
        /// The TRF file
        #[arg(value_name = "FILE.trf")]
        source: PathBuf,
        /// The new event file
        #[arg(value_name = "NEW.qisai")]
        dest: PathBuf,
        /// The Swiss stage's tiebreak chain: FIDE acronyms (BH-C1, BH, SB, ARO …) and
        /// the Chinese names; PTS,BH-C1,BH,SB by default
        #[arg(long)]
        tiebreaks: Option<String>,
        /// The FIDE tiebreak rules' edition for unplayed rounds: 2026 (the default),
        /// 2024, or 2012 (the virtual opponent)
        #[arg(long, value_name = "YEAR")]
        fide_edition: Option<String>,
        /// Another scale than the file's, e.g. 2-1-0 (the results are scored by it)
        #[arg(long)]
        scoring: Option<String>,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
}

/// The rule book Xiangqi repetitions are judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum XiangqiRulesArg {
    /// The Chinese Xiangqi Association's competition rules (the default)
    Chinese,
    /// The Asian Xiangqi Federation's rules
    Asian,
}

impl From<XiangqiRulesArg> for service::XiangqiRules {
    fn from(a: XiangqiRulesArg) -> service::XiangqiRules {
        match a {
            XiangqiRulesArg::Chinese => service::XiangqiRules::Chinese,
            XiangqiRulesArg::Asian => service::XiangqiRules::Asian,
        }
    }
}

/// Four-player Junqi: who plays beside whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PartnersArg {
    /// Pairs registered as two-member teams, together in every game
    Fixed,
    /// Individuals, partners assigned each round
    Rotating,
}

impl From<PartnersArg> for tournament::tables::Partners {
    fn from(a: PartnersArg) -> tournament::tables::Partners {
        match a {
            PartnersArg::Fixed => tournament::tables::Partners::Fixed,
            PartnersArg::Rotating => tournament::tables::Partners::Rotating,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    #[value(alias = "true")]
    On,
    #[value(alias = "false")]
    Off,
}

#[derive(Subcommand)]
pub enum ArbiterCommand {
    /// Adds a sector arbiter; its token is printed alone on the last line, this once
    Add {
        /// The sector arbiter's name
        name: String,
        /// The boards it enters, e.g. 1-20 (every board if omitted)
        #[arg(long, value_name = "FIRST-LAST")]
        boards: Option<String>,
        /// The rounds it enters, e.g. 3 or 1-5 (every round if omitted)
        #[arg(long, value_name = "R")]
        rounds: Option<String>,
    },
    /// The sector arbiters and their boards
    List {
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// Removes a sector arbiter: its token stops working at once
    Remove {
        /// The sector arbiter's name
        name: String,
    },
    /// A new token for a sector arbiter (a lost phone); the old one stops working
    Token {
        /// The sector arbiter's name
        name: String,
    },
    /// Results waiting for a second entry (double entry), disagreements first
    Pending {
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum EventCommand {
    /// Creates an event file (or an event in a database: postgres://USER@HOST/DB?event=NAME)
    New(NewArgs),
    /// The event's competitions (组别): several in one event, each with its own game,
    /// entrants and stages
    #[command(subcommand)]
    Competition(CompetitionCommand),
    /// Renames the event, changes its time control ("" removes it), its details
    /// (venue, dates, organizer, chief arbiter) or the board order rule of line-ups
    Edit(EditArgs),
    /// Sector arbiters, who enter the results of their boards from a phone (`qisai serve`)
    #[command(subcommand)]
    Arbiter(ArbiterCommand),
    /// Sets a team's line-up for a round: its members in board order (before the
    /// match's first result; logged and undoable)
    Lineup {
        round: u32,
        /// The team: registration number or name
        team: String,
        /// Members by board, separated by 、 ; / or commas
        #[arg(long)]
        members: String,
    },
    /// Players of an individual event
    #[command(subcommand)]
    Player(PlayerCommand),
    /// Teams of a team event
    #[command(subcommand)]
    Team(TeamCommand),
    /// The event's stages
    #[command(subcommand)]
    Stage(StageCommand),
    /// Draws lots for the next stage (the seed is stored and printed)
    Draw {
        /// The draw seed: drawn at random when left out; the same seed gives the
        /// same draw
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Pairs the next knockout matches, or a Swiss stage's next round once the
    /// current one is complete
    Pair {
        /// The round meant: refused as done if it is paired already (by another
        /// server or screen) instead of pairing the one after it
        #[arg(long)]
        round: Option<u32>,
    },
    /// Changes a Swiss round's pairings by hand before its first result (logged,
    /// undoable, with warnings where a change goes against the rules)
    #[command(subcommand)]
    Pairing(PairingCommand),
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
        /// The draw seed: drawn at random when left out; the same seed gives the
        /// same draw
        #[arg(long)]
        seed: Option<u64>,
    },
    /// The pairings of a stage (the current one by default)
    Pairings(PairingsArgs),
    /// Enters (or corrects) a result: 1-0, 0-1, 1/2 (=), +-, -+, 0-0, dead:red|black, escape:red|black, resign:red|black; at tables: win:SEAT, order:S1,S2,…, south-north, east-west, 1/2, escape:SEAT[:partner-out], none
    Result(ResultArgs),
    /// Standings of a stage (the current one by default)
    Standings(StandingsArgs),
    /// Exports
    #[command(subcommand)]
    Export(ExportCommand),
    /// Makes a new event of another program's file (TRF)
    #[command(subcommand)]
    Import(ImportCommand),
    /// Prints a PDF: pairings, slips, standings, crosstable, wall chart, board table,
    /// bracket, and the print set (booklet, table cards, participants, results book,
    /// prize receipts)
    Print(PrintArgs),
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
    /// Copies a whole event, its log included, from SOURCE to DEST: event files and
    /// events in a database (postgres://USER@HOST/DB?event=NAME), either way, never over
    /// an existing event
    Copy {
        source: PathBuf,
        destination: PathBuf,
    },
}

#[derive(Args)]
pub struct NewArgs {
    pub path: PathBuf,
    #[arg(long)]
    pub name: String,
    #[command(flatten)]
    pub settings: CompetitionArgs,
}

/// What a competition is: its game, players at a table, team boards, scoring and rules.
#[derive(Args)]
pub struct CompetitionArgs {
    /// The game; left out, the event is one to which competitions are added
    /// (qisai competition add)
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// Players at a table: 4 for four-player Junqi, 3, 4 or 6 for checkers
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Four-player Junqi: fixed pairs (registered as two-member teams) or rotating
    /// partners (individuals, partners assigned each round)
    #[arg(long, value_enum)]
    pub partners: Option<PartnersArg>,
    /// A team event
    #[arg(long)]
    pub team: bool,
    /// Boards per team match
    #[arg(long)]
    pub boards: Option<u32>,
    /// win-draw-loss, e.g. 2-1-0 or 1-0.5-0 (an asymmetric draw: 3-1/2-0); checkers
    /// at tables of 3, 4 or 6: winner, placement (N-1 … 0) or points by place (3,2,1,0)
    #[arg(long)]
    pub scoring: Option<String>,
    /// Printed on pairing sheets, e.g. "每方 40 分钟"
    #[arg(long)]
    pub time_control: Option<String>,
    /// Team events: members keep their registered board order in every line-up
    #[arg(long)]
    pub fixed_order: bool,
    /// Xiangqi: the rule book repetitions are judged by
    #[arg(long, value_enum)]
    pub xiangqi_rules: Option<XiangqiRulesArg>,
    /// An age group: players born on this day or later (2016-01-01)
    #[arg(long, value_name = "DATE")]
    pub born_after: Option<String>,
    /// A women's or men's competition: 女 or 男
    #[arg(long)]
    pub gender: Option<String>,
    /// The hall board its boards are numbered from (by default after the competitions
    /// before it, each a block)
    #[arg(long, value_name = "N")]
    pub first_board: Option<u32>,
}

impl CompetitionArgs {
    /// Whether anything but the game was given: settings of a competition.
    pub fn any_setting(&self) -> bool {
        self.players != 2
            || self.partners.is_some()
            || self.team
            || self.boards.is_some()
            || self.scoring.is_some()
            || self.time_control.is_some()
            || self.fixed_order
            || self.xiangqi_rules.is_some()
            || self.born_after.is_some()
            || self.gender.is_some()
            || self.first_board.is_some()
    }
}

#[derive(Subcommand)]
pub enum CompetitionCommand {
    /// Adds a competition to the event (its own game, entrants and stages)
    Add {
        name: String,
        #[command(flatten)]
        settings: CompetitionArgs,
    },
    /// Lists the event's competitions
    List {
        #[arg(long)]
        json: bool,
    },
    /// Changes a competition: its name, time control, scoring, rules or who may enter
    Edit {
        /// The competition: its name or number
        #[arg(value_name = "COMPETITION")]
        competition: String,
        #[command(flatten)]
        edit: EditArgs,
    },
    /// Removes a competition before its first draw
    Remove {
        /// The competition: its name or number
        #[arg(value_name = "COMPETITION")]
        competition: String,
    },
}

#[derive(Args)]
pub struct EditArgs {
    #[arg(long)]
    pub name: Option<String>,
    #[arg(long)]
    pub time_control: Option<String>,
    /// Team events: keep the registered board order in line-ups (true or false)
    #[arg(long)]
    pub fixed_order: Option<bool>,
    /// Printed on every sheet's header ("" removes it)
    #[arg(long)]
    pub venue: Option<String>,
    /// The event's dates as printed, e.g. "2026年12月1日—3日"
    #[arg(long)]
    pub dates: Option<String>,
    #[arg(long)]
    pub organizer: Option<String>,
    /// The chief arbiter (裁判长)
    #[arg(long)]
    pub arbiter: Option<String>,
    /// Points for a win, a draw and a loss, e.g. 2-1-0 or 1-0.5-0
    #[arg(long, value_name = "WIN-DRAW-LOSS")]
    pub scoring: Option<String>,
    /// Double entry: a sector arbiter's result counts once a second arbiter enters the same
    #[arg(long, value_enum)]
    pub double_entry: Option<Switch>,
    /// Xiangqi: the rule book repetitions are judged by
    #[arg(long, value_enum)]
    pub xiangqi_rules: Option<XiangqiRulesArg>,
    /// An age group: players born on this day or later (2016-01-01; "" opens it)
    #[arg(long, value_name = "DATE")]
    pub born_after: Option<String>,
    /// A women's or men's competition: 女 or 男 ("" opens it)
    #[arg(long)]
    pub gender: Option<String>,
    /// The hall board its boards are numbered from ("" numbers them after the
    /// competitions before it)
    #[arg(long, value_name = "N")]
    pub first_board: Option<String>,
    /// With --scoring once results are entered: rescore them all
    #[arg(long)]
    pub force: bool,
}

#[derive(Args)]
pub struct PairingsArgs {
    /// The stage (1-based)
    #[arg(long)]
    pub stage: Option<usize>,
    #[arg(long)]
    pub round: Option<u32>,
    #[arg(long)]
    pub json: bool,
    /// Swiss: for each board its score group, who floated, why each has his colour
    #[arg(long)]
    pub explain: bool,
}

#[derive(Args)]
pub struct ResultArgs {
    pub round: u32,
    pub board: u32,
    /// `-+` and `+-` are results here, not options
    #[arg(allow_hyphen_values = true)]
    pub result: String,
    /// The stage (1-based); the current one by default. Earlier stages stay open
    #[arg(long)]
    pub stage: Option<usize>,
    /// The game of a multi-game match, or the board of a team match
    #[arg(long)]
    pub game: Option<u32>,
    /// The board of a team match (the same as --game)
    #[arg(long = "board", id = "team_board", conflicts_with = "game")]
    pub team_board: Option<u32>,
    /// A game record to check the result against
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// red:KIND or black:KIND (at tables SEAT:KIND, e.g. 2:touch-own); KIND: draw-offer, false-claim, touch-own, touch-opponent, illegal-move, other
    #[arg(long = "foul")]
    pub fouls: Vec<String>,
    /// The number of moves (Junqi's quick-win and surrender rules)
    #[arg(long)]
    pub moves: Option<u32>,
    /// Keep a typed result the record disagrees with (logged)
    #[arg(long)]
    pub force: bool,
}

#[derive(Args)]
pub struct StandingsArgs {
    #[arg(long)]
    pub stage: Option<usize>,
    #[arg(long)]
    pub json: bool,
    /// A team event: the board table (台次成绩), each player's score on his board
    #[arg(long, conflicts_with = "players")]
    pub boards: bool,
    /// A team event: the players ranked on their own games (个人成绩)
    #[arg(long)]
    pub players: bool,
    /// How each of one entrant's values was computed (a registration number or name)
    #[arg(long, value_name = "NAME|ID")]
    pub explain: Option<String>,
    /// The final ranking of the whole event: the last stage's places, then those
    /// who went out earlier, by the place they reached
    #[arg(long = "final", conflicts_with_all = ["boards", "players", "explain", "stage"])]
    pub final_ranking: bool,
    /// 等级分变化表: each rated player's expected score, rating change and
    /// performance by FIDE's Elo formula (the 400-point rule)
    #[arg(long, conflicts_with_all = ["boards", "players", "explain", "final_ranking"])]
    pub ratings: bool,
    /// The K factor of --ratings: 40, 20, 10 (or another, for a club's list) or
    /// auto (FIDE's, by rating and age; the default)
    #[arg(long, requires = "ratings", value_name = "K")]
    pub k: Option<String>,
    /// 团体总分: each club's total over the competitions, from its entrants' final places
    #[arg(long, conflicts_with_all = ["boards", "players", "explain", "final_ranking", "ratings", "stage"])]
    pub clubs: bool,
    /// Club totals: the points of 1st, 2nd … place (9,7,6,5,4,3,2,1 by default)
    #[arg(long, value_name = "LIST", conflicts_with = "points")]
    pub places: Option<String>,
    #[command(flatten)]
    pub club_rule: ClubRuleArgs,
}

/// How club totals count (`standings --clubs`, `print clubs`).
#[derive(Args)]
pub struct ClubRuleArgs {
    /// Club totals: only each club's best N entrants in each competition count
    #[arg(long, value_name = "N")]
    pub best: Option<u32>,
    /// Club totals: add up the entrants' points instead of place points
    #[arg(long)]
    pub points: bool,
}

#[derive(Args)]
pub struct PrintArgs {
    pub kind: PrintKind,
    /// The round (pairings and slips); the latest by default
    #[arg(long)]
    pub round: Option<u32>,
    /// The stage (1-based); the current one by default
    #[arg(long)]
    pub stage: Option<usize>,
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperKind,
    #[arg(long)]
    pub landscape: bool,
    /// The booklet: the regulations (竞赛规程) from a text file
    #[arg(long)]
    pub regulations: Option<PathBuf>,
    /// Prize receipts: how many places; club totals: the points of 1st, 2nd … place
    /// (9,7,6,5,4,3,2,1 by default)
    #[arg(long, value_name = "N|LIST")]
    pub places: Option<String>,
    #[command(flatten)]
    pub club_rule: ClubRuleArgs,
}
