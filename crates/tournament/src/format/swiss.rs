//! 积分编排: the field ordered by rating, round 1 laid out at the draw, every later
//! round paired from the standings once the one before is complete; ordered by points
//! and the tiebreak chain (对手分 …).

use messages::{Message, msg};

use super::options::{StageOption, Values, choice, flag, number, text};
use super::{Capabilities, Field, OptionError, StageFormat, group_name};
use crate::EntrantId;
use crate::limits::{DROP_AFTER_FORFEITS, SWISS_ROUNDS};
use crate::model::{
    Competition, Format, FormatOptions, Group, Round, SettingsError, StageSettings,
};
use crate::stage::{StageError, make_match};
use crate::swiss::{ByeOpponent, ClubAvoidance, FirstRound, SwissOptions, first_round, next_round};
use crate::tiebreak::{Criterion, presets};

pub struct Swiss;

const ROUNDS: StageOption = number(
    "rounds",
    SWISS_ROUNDS,
    None,
    "option.rounds",
    "option.rounds.help",
);
const FIRST_ROUND: StageOption = choice(
    "first_round",
    &[
        ("fold", "option.first_round.fold"),
        ("top_bottom", "option.first_round.top_bottom"),
        ("adjacent", "option.first_round.adjacent"),
        ("random", "option.first_round.random"),
    ],
    "option.first_round",
    "option.first_round.help",
);
const NO_THREE_SAME: StageOption = flag(
    "no_three_same",
    "option.no_three_same",
    "option.no_three_same.help",
);
const AVOID_CLUB: StageOption = text(
    "avoid_club",
    Some("off"),
    "option.avoid_club",
    "option.avoid_club.help",
);
const DROP_AFTER: StageOption = number(
    "drop_after_forfeits",
    DROP_AFTER_FORFEITS,
    Some("2"),
    "option.drop_after_forfeits",
    "option.drop_after_forfeits.help",
);
const BYE_BUCHHOLZ: StageOption = choice(
    "bye_buchholz",
    &[
        ("lowest", "option.bye_buchholz.lowest"),
        ("zero", "option.bye_buchholz.zero"),
        ("own", "option.bye_buchholz.own"),
    ],
    "option.bye_buchholz",
    "option.bye_buchholz.help",
);

/// Club avoidance as typed: `off`, `round1`, `rounds:K`, `always`.
fn avoid_club(values: &Values) -> Result<ClubAvoidance, OptionError> {
    Ok(match values.text(&AVOID_CLUB).unwrap_or("off") {
        "off" => ClubAvoidance::Off,
        "round1" => ClubAvoidance::Round1,
        "always" => ClubAvoidance::Always,
        other => match other.strip_prefix("rounds:").map(str::parse) {
            Some(Ok(k)) => ClubAvoidance::Rounds(k),
            _ => {
                return Err(values.unreadable(&AVOID_CLUB, msg!("option.avoid_club.values")));
            }
        },
    })
}

impl FormatOptions for SwissOptions {
    const KIND: &'static str = "swiss";
}

fn options(settings: &StageSettings) -> Option<SwissOptions> {
    settings.format.options()
}

impl StageFormat for Swiss {
    fn key(&self) -> &'static str {
        "swiss"
    }

    fn owns(&self, format: &Format) -> bool {
        format.kind() == SwissOptions::KIND
    }

    fn reads(&self, format: &Format) -> Result<(), String> {
        format.reads_as::<SwissOptions>()
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            paired_at_draw: false,
            needs_winner: false,
            bracket: false,
            crosstable: false,
            wall_chart: true,
            points_table: true,
            tables: false,
            groups: false,
            games: false,
        }
    }

    fn name(&self) -> Message {
        msg!("format.swiss")
    }

    fn options(&self) -> &'static [StageOption] {
        &[
            ROUNDS,
            FIRST_ROUND,
            NO_THREE_SAME,
            AVOID_CLUB,
            DROP_AFTER,
            BYE_BUCHHOLZ,
        ]
    }

    fn validate(&self, settings: &StageSettings) -> Result<(), SettingsError> {
        let Some(o) = options(settings) else {
            return Ok(());
        };
        SWISS_ROUNDS.check(o.rounds)?;
        DROP_AFTER_FORFEITS.check(o.drop_after_forfeits)?;
        if let ClubAvoidance::Rounds(k) = o.avoid_club {
            SWISS_ROUNDS.check(k)?;
        }
        match settings.groups {
            1 => Ok(()),
            groups => Err(SettingsError::SwissGroups(groups)),
        }
    }

    fn planned_rounds(&self, format: &Format) -> u32 {
        format.options::<SwissOptions>().map_or(0, |o| o.rounds)
    }

    fn shape_field(&self, format: &Format, field: &mut crate::Field) {
        if let Some(o) = format.options::<SwissOptions>() {
            field.set_bye_opponent(o.bye_opponent);
        }
    }

    /// Nobody may meet twice: n − 1 rounds at most (n with an odd field, a bye each).
    fn fits(&self, settings: &StageSettings, entrants: usize) -> Result<(), StageError> {
        let rounds = options(settings).map_or(0, |o| o.rounds);
        match rounds as usize > entrants - 1 + entrants % 2 {
            true => Err(StageError::TooManyRounds { rounds, entrants }),
            false => Ok(()),
        }
    }

    fn build(&self, values: &Values, _: &Competition) -> Result<Format, OptionError> {
        let mut o = SwissOptions::new(values.required(&ROUNDS)?);
        o.first_round = match values.choice(&FIRST_ROUND)? {
            Some("top_bottom") => FirstRound::TopBottom,
            Some("adjacent") => FirstRound::Adjacent,
            Some("random") => FirstRound::Random,
            _ => FirstRound::Fold,
        };
        o.no_three_same = values.flag(&NO_THREE_SAME);
        o.avoid_club = avoid_club(values)?;
        o.drop_after_forfeits = values.number(&DROP_AFTER)?.unwrap_or(2);
        o.bye_opponent = match values.choice(&BYE_BUCHHOLZ)? {
            Some("zero") => ByeOpponent::Zero,
            Some("own") => ByeOpponent::Own,
            _ => ByeOpponent::Lowest,
        };
        Ok(Format::new(&o))
    }

    fn describe(&self, settings: &StageSettings) -> Message {
        let Some(o) = options(settings) else {
            return msg!("format.nothing");
        };
        let first = match o.first_round {
            FirstRound::Fold => msg!("format.swiss.first_round.fold"),
            FirstRound::TopBottom => msg!("format.swiss.first_round.top_bottom"),
            FirstRound::Adjacent => msg!("format.swiss.first_round.adjacent"),
            FirstRound::Random => msg!("format.swiss.first_round.random"),
        };
        let three = match o.no_three_same {
            true => msg!("format.swiss.no_three_same"),
            false => msg!("format.nothing"),
        };
        let drop = match o.drop_after_forfeits {
            0 => msg!("format.nothing"),
            n => msg!("format.swiss.drop_after", rounds = n),
        };
        msg!(
            "format.swiss.describe",
            rounds = o.rounds,
            first = first,
            three = three,
            drop = drop
        )
    }

    /// A Swiss stage of individuals: 对手分 first (the 2011 rules' option 1).
    fn default_tiebreaks(&self, competition: &Competition, _: u32) -> Vec<Criterion> {
        match competition.is_team() {
            true => presets::TEAM.to_vec(),
            false => presets::SWISS_BUCHHOLZ_2011.to_vec(),
        }
    }

    fn draw(&self, settings: &StageSettings, team_boards: Option<u32>, field: Field) -> Vec<Group> {
        let Some(o) = options(settings) else {
            return Vec::new();
        };
        // A later stage takes the order its entrants went on in; a first stage ranks
        // its field by rating.
        let order: Vec<EntrantId> = if field.seeds.len() == field.entrants.len() {
            field.seeds.to_vec()
        } else {
            crate::swiss::first_round::ranking_order(field.entrants, field.seed)
        };
        // Club-mates apart in round 1, when the stage asks for it.
        let clubs: Vec<Option<&str>> = order
            .iter()
            .map(|id| {
                field
                    .entrants
                    .iter()
                    .find(|e| e.id == *id)
                    .and_then(|e| e.club.as_deref())
            })
            .collect();
        let avoid = o.avoid_club.applies(1).then_some(&clubs[..]);
        let (boards, bye) = first_round(&order, o.first_round, field.seed, avoid);
        let mut matches: Vec<_> = boards
            .iter()
            .enumerate()
            .map(|(k, &(red, black))| {
                make_match(k as u32 + 1, vec![Some(red), Some(black)], team_boards)
            })
            .collect();
        if let Some(id) = bye {
            matches.push(make_match(
                matches.len() as u32 + 1,
                vec![Some(id), None],
                None,
            ));
        }
        vec![Group {
            name: group_name(0),
            entrants: order,
            rounds: vec![Round { number: 1, matches }],
            playoffs: Vec::new(),
            state: crate::GroupState::None,
        }]
    }

    fn pair_next(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &mut Group,
    ) -> Result<Vec<(u32, u32)>, StageError> {
        let o = options(settings).ok_or(StageError::NotSwiss)?;
        let played = group.rounds.len() as u32;
        super::last_round_complete(competition, settings, group)?;
        if played >= o.rounds {
            return Err(StageError::Finished);
        }
        let seed = draw_seed(competition, settings, group);
        let round = next_round(competition, settings, &o, group, played + 1, seed)?;
        Ok(super::push_round(group, round))
    }

    fn is_finished(
        &self,
        competition: &Competition,
        settings: &StageSettings,
        group: &Group,
    ) -> bool {
        options(settings).is_some_and(|o| group.rounds.len() as u32 >= o.rounds)
            && crate::stage::group_complete(competition, settings.match_format, group)
    }
}

/// The draw seed of the stage a group belongs to: the lots of later rounds (colours
/// of two players without any) derive from it.
fn draw_seed(
    competition: &Competition,
    settings: &StageSettings,
    group: &Group,
) -> crate::DrawSeed {
    competition
        .stages
        .iter()
        .filter(|s| s.settings == *settings)
        .find(|s| {
            s.groups
                .iter()
                .any(|g| g.name == group.name && g.entrants == group.entrants)
        })
        .and_then(|s| s.draw_seed)
        .unwrap_or(0)
}
