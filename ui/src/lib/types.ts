// The shapes the operations answer with (crates/api, crates/service views).
import type { Message, Param } from './messages';

export interface StageView {
  index: number;
  name: string;
  /** The name in the reader's language. */
  title?: Message;
  description: string;
  draw_seed: number | null;
  groups: number;
  settings: {
    /** The format as stored: its kind (`swiss`, `knockout` …) and its options; a Swiss
     * stage's carry its number of rounds. */
    format: { kind: string; rounds?: number };
    /** Games a match is played over (三局两胜: 3). */
    match_format?: { best_of: number };
  };
  /** What the stage has, as the core says: screens ask this, not the format's name. */
  capabilities: Capabilities;
  /** The stage in words, in the reader's language. */
  summary?: Message;
}

/** What a stage has, as the core says. */
export interface Capabilities {
  paired_at_draw: boolean;
  needs_winner: boolean;
  bracket: boolean;
  crosstable: boolean;
  wall_chart: boolean;
  points_table: boolean;
  tables?: boolean;
  groups?: boolean;
  games?: boolean;
}

/** One board of a Swiss round explained (`rounds.explain`). */
export interface Explanation {
  round: number;
  board: number;
  red: string | null;
  black: string | null;
  /** Scores before the round. */
  red_score: string | null;
  black_score: string | null;
  group: string;
  floated_down: string | null;
  floated_up: string | null;
  colour: string | null;
  bye: string | null;
  /** Everyone in the board's score group, in ranking order. */
  group_members: string[];
  /** A board across score groups: who floated down, how far, and why not higher. */
  float: {
    player: string;
    opponent: string;
    from: string;
    to: string;
    groups: number;
    met: string[];
    colour_barred: string[];
    paired_otherwise: string[];
    zh: string;
    en: string;
  } | null;
  zh: string;
  en: string;
}

/** One competition of an event of several, as listed. */
export interface CompetitionView {
  number: number;
  name: string;
  game: 'xiangqi' | 'checkers' | 'junqi';
  players: number;
  team_boards?: number;
  entrants: number;
  stages: number;
  drawn: boolean;
  current: boolean;
}

export interface EventInfo {
  open: boolean;
  /** The event's own name; in an event of several competitions `name` is the chosen one's. */
  event_name?: string;
  /** An event of several competitions: all of them (null for an event of one). */
  competitions?: CompetitionView[] | null;
  /** Several competitions and none chosen: the screens wait for a choice. */
  competition_needed?: boolean;
  /** Who may enter: an age group (born on or after) and a women's or men's competition. */
  eligibility?: { born_after?: string; gender?: 'm' | 'w' };
  pinned: string | null;
  path?: string;
  file_name?: string;
  name?: string;
  game?: 'xiangqi' | 'checkers' | 'junqi';
  seats?: number;
  /** Points for a win, a draw and a loss: `2-1-0`. */
  scoring?: string;
  team_boards?: number | null;
  time_control?: string | null;
  /** Printed on every sheet's header. */
  details?: { venue?: string; dates?: string; organizer?: string; arbiter?: string };
  fixed_order?: boolean;
  double_entry?: boolean;
  xiangqi_rules?: 'chinese' | 'asian';
  /** The result texts this event's game allows (the core's vocabulary). */
  result_kinds?: string[];
  /** The results chosen rather than typed, with their words (empty where typed). */
  result_choices?: { result: string; zh: string; en: string }[];
  /** Tables of more than two: players per table; `seated` unless fixed pairs meet. */
  tables?: { size: number; partners: 'fixed' | 'rotating'; seated: boolean } | null;
  /** Opened from read-only media: shown, never changed. */
  read_only?: boolean;
  entrants?: number;
  stages?: StageView[];
}

export interface Entrant {
  id: number;
  name: string;
  club: string | null;
  rating: number | null;
  seed: number | null;
  members: string[];
  withdrawn: boolean;
  /** 序号 in the stage being played, as its wall chart and pairing sheets cite it. */
  pairing_number: number | null;
  /** Date of birth (`2016-01-01`) and gender (`m`, `w`), where given. */
  born?: string;
  gender?: 'm' | 'w';
}

export interface ImportPreview {
  rows: [number, Entrant][];
  errors: { line: number; column: number; field: Param; message: Message }[];
}

export interface DrawReport {
  stage: number;
  stage_name: string;
  stage_title?: Message;
  seed: number;
  groups: [string, string[]][];
}

export interface GameView {
  game: number;
  red: string | null;
  result: string | null;
  fouls: string[];
  /** A game record is kept with the result (`records.show`). */
  has_record?: boolean;
}

export interface Pairing {
  stage: number;
  group: string;
  round: number;
  board: number;
  red: string | null;
  black: string | null;
  red_club: string | null;
  black_club: string | null;
  /** 序号 of the two in their group, as the wall chart cites them. */
  red_number: number | null;
  black_number: number | null;
  red_points: number;
  black_points: number;
  result: string | null;
  /** A single game's result as it counts, in words. */
  result_words?: Message | null;
  score: string | null;
  games: GameView[];
  third_place: boolean;
  /** A team match board by board: the players and their colours. */
  boards?: BoardView[];
  /** A table of three to six (or Junqi's pairs): every seat's player in turn order. */
  seats?: SeatView[];
  /** A decided knockout match: who went through. */
  winner?: string | null;
  /** 'lots' when a drawing of lots settled the tie. */
  settled_by?: string | null;
  /** An entrant withdrew with his games annulled: the match takes no result. */
  annulled?: boolean;
  /** A game whose fouls or quick-win rule made it count otherwise: as entered. */
  entered?: string | null;
  /** What was entered, in words. */
  entered_words?: Message | null;
  /** Why a table counts otherwise than entered. */
  why?: Message[];
}

export interface SeatView {
  /** 1..N at checkers; south, east, north or west at Junqi. */
  seat: number | string;
  /** The seat as people read it: 2号, 南. */
  label: Message;
  name: string | null;
  club: string | null;
  /** Fixed pairs: the pair the player plays for. */
  side: string | null;
  /** What the seat scored at this table, once its result is in. */
  scored?: number | null;
}

export interface BoardView {
  board: number;
  red: string | null;
  black: string | null;
  red_team: string | null;
  black_team: string | null;
  result: string | null;
}

export interface TiebreakValue {
  /** The FIDE acronym (BH-C1) or the criterion's short name (sb). */
  code: string;
  name: string;
  name_en: string;
  short_en: string;
  value: string;
}

export interface StandingRow {
  group: string;
  rank: number;
  shared_to: number;
  id: number;
  name: string;
  club: string | null;
  /** null in a knockout: its standings are places, not points. */
  points: number | null;
  tiebreaks: TiebreakValue[];
  playoff: boolean;
  /** The place waits for a knockout's third-place match. */
  undecided?: boolean;
  /** Withdrew: 'forfeits' or 'annulled' (listed last, without a place). */
  withdrawn?: string | null;
}

export interface Standings {
  stage: number;
  stage_name: string;
  stage_title?: Message;
  knockout: boolean;
  rows: StandingRow[];
}

export interface Explanation {
  entrant: string;
  criterion: string;
  criterion_en: string;
  value: string;
  among: string[];
  parts: { round: number | null; opponent: string | null; amount: string; note: Message }[];
}

export interface Heading {
  event: string;
  title: string;
  lines: string[];
}

export interface Crosstable {
  heading: Heading;
  names: string[];
  clubs: string[];
  cells: string[][];
  points: string[];
  tiebreak_names: string[];
  tiebreaks: string[][];
  ranks: string[];
}

/** A Swiss wall chart (成绩总表). */
export interface WallChart {
  heading: Heading;
  rounds: number;
  tiebreak_names: string[];
  rows: {
    number: number;
    name: string;
    club: string;
    cells: string[];
    points: string;
    tiebreaks: string[];
    rank: string;
  }[];
}

export interface BracketMatch {
  top: string | null;
  bottom: string | null;
  score: string | null;
  winner: number | null;
  /** The winner went on by drawing lots. */
  by_lots?: boolean;
}

export interface Bracket {
  heading: Heading;
  rounds: BracketMatch[][];
  third_place: BracketMatch | null;
  /** Its winner is the champion (the final); otherwise a group's winner. */
  decides_title?: boolean;
}

export interface LogEntry {
  id: number;
  at: string;
  operation: string;
  /** A message of the catalogue, or the text an older file kept. */
  summary: Param;
  undone: boolean;
}

export interface Recorded {
  round: number;
  board: number;
  game: number;
  result: string;
  /** The result in words. */
  words: Message;
  corrected_from: string | null;
  corrected_words: Message | null;
  reset: [number, number, string | null][];
  /** The engine's verdict on the record given with the result. */
  verdict: Message | null;
  overridden: boolean;
}

export interface Preset {
  name: string;
  zh: string[];
  en: string[];
}

/** One entrant's place in the whole event (`standings.final`). */
/** A club's line of the club totals (`standings.clubs`). */
export interface ClubRow {
  rank: number;
  shared_to: number;
  club: string;
  total: number;
  /** Its counted entrants' first places, second places … */
  places: number[];
  entrants: { competition: string; name: string; place: number; shared_to: number; scored: number }[];
}

export interface FinalPlace {
  first: number;
  last: number;
  id: number;
  name: string;
  club: string | null;
  /** The stage (1-based) whose standings decided the place. */
  stage: number;
}

/** One side of a board on the public display (`hall.display`). */
export interface DisplaySide {
  name: string;
  club: string | null;
  /** Pinyin initials of the name, for the search. */
  initials: string;
  /** The name in pinyin without tones (jiangyong), for the search. */
  pinyin?: string;
  points: number;
}

export interface DisplayPairing {
  group: string;
  board: number;
  red: DisplaySide | null;
  black: DisplaySide | null;
  result: string | null;
  /** A single game's result in words. */
  result_words?: Message | null;
  /** Tables of three to six (and Junqi's pairs): every seat in turn order. */
  seats?: DisplaySeat[];
  /** Who went through when lots settled a tied knockout match. */
  by_lots?: string | null;
  /** A withdrawal annulled the match. */
  annulled?: boolean;
}

export interface DisplaySeat {
  /** 1..N at checkers; south, east, north or west at Junqi. */
  seat: number | string;
  /** The seat as people read it: 2号, 南. */
  label: Message;
  /** Fixed pairs: the pair the player plays for. */
  pair: string | null;
  player: DisplaySide;
}

export interface DisplayRow {
  group: string;
  rank: number;
  shared_to: number;
  name: string;
  club: string | null;
  initials: string;
  pinyin?: string;
  points: number | null;
  /** The values of the view's tiebreak columns. */
  tiebreaks: string[];
}

/** A tiebreak column of the display: as many as it takes to order those level on points. */
export interface DisplayTiebreak {
  code: string;
  name: string;
  name_en: string;
}

export interface DisplayView {
  /** An event of several competitions: all of them, and the one this view shows. */
  competitions?: string[];
  competition?: string;
  event: string;
  stage: number | null;
  stage_name: string | null;
  stage_title?: Message | null;
  round: number | null;
  rounds: number;
  knockout: boolean;
  pairings: DisplayPairing[];
  standings: DisplayRow[];
  tiebreaks: DisplayTiebreak[];
}

/** A result a sector arbiter may tap, in words. */
export interface ResultChoice {
  result: string;
  zh: string;
  en: string;
}

export interface SectorGame {
  board: number;
  /** The board of a team match; 0 for an individual match. */
  game: number;
  red: string | null;
  black: string | null;
  result: string | null;
  /** Double entry: this arbiter's entry, waiting for a second. */
  entered: string | null;
  disputed: boolean;
  /** A table of three to six: every seat's player in turn order. */
  seats?: SeatView[];
  /** A sector across competitions: the board's competition and the results its game
   * allows (else the view's). */
  competition?: string;
  choices?: ResultChoice[];
}

/** A sector arbiter's page (`hall.sector`). */
export interface SectorView {
  event: string;
  choices: ResultChoice[];
  arbiter: string;
  sector: import('./messages').Message;
  double_entry: boolean;
  stage: number | null;
  round: number | null;
  rounds: number[];
  games: SectorGame[];
}

/** What became of a sector arbiter's entry (`hall.enter`). */
export type HallEntry =
  | { status: 'counted'; recorded: Recorded; confirmed_by: string | null }
  | { status: 'waiting' }
  | { status: 'disputed'; others: { by: string; result: string }[] };

export interface ArbiterView {
  name: string;
  boards: string | null;
  rounds: string | null;
}

/** What a swap of two boards' black players would do (`rounds.swap_preview`). */
export interface SwapPreview {
  boards: { board: number; before: { red: string | null; black: string | null }; after: { red: string | null; black: string | null } }[];
  warnings: { board: number; kind: string; zh: string; en: string }[];
}

export interface PendingView {
  stage: number;
  round: number;
  board: number;
  game: number;
  red: string | null;
  black: string | null;
  /** A table of three to six: every seat's player in turn order. */
  seats?: string[];
  /** Where: 第 1 轮 第 3 台 第 1 局, 第 2 轮 第 1 桌. */
  place?: Message;
  entries: { by: string; result: string; words: Param }[];
  disputed: boolean;
}

/** One option of the stage form, as the core declares it. */
export interface OptionView {
  name: string;
  kind: { type: 'flag' } | { type: 'number'; min: number; max: number; zh: string; en: string } | { type: 'choice'; values: [string, string][] } | { type: 'text' };
  default: string | null;
  label: Message;
  help: Message;
  /** A choice's values, each with its words. */
  choices: [string, Message][];
}

/** A format a stage may take here, with the options it asks for (`stages.formats`). */
export interface FormatView {
  format: string;
  name: Message;
  capabilities: Capabilities;
  options: OptionView[];
}
