//! A small realistic event built end to end, so a newcomer sees Qisai work: sixteen
//! players from four clubs, two round-robin groups, then the top two of each in a
//! knockout with a third-place match.

use std::path::Path;

use tournament::{GameKind, Lots};

use crate::{Event, NewEntrant, NewEvent, Result, ResultEntry, StageSpec};

const PLAYERS: [(&str, &str, u32); 16] = [
    ("王天一", "杭州", 2680),
    ("郑惟桐", "四川", 2650),
    ("许银川", "广东", 2640),
    ("蒋川", "北京", 2620),
    ("赵鑫鑫", "杭州", 2600),
    ("孟辰", "四川", 2590),
    ("洪智", "广东", 2580),
    ("汪洋", "北京", 2570),
    ("谢靖", "杭州", 2560),
    ("赵国荣", "四川", 2550),
    ("吕钦", "广东", 2540),
    ("陶汉明", "北京", 2530),
    ("党斐", "杭州", 2520),
    ("武俊强", "四川", 2510),
    ("黄海林", "广东", 2500),
    ("申鹏", "北京", 2490),
];

/// Plays a game by lot, the higher rated a little more likely to win.
fn result_for(lots: &mut Lots, red_rating: u32, black_rating: u32) -> &'static str {
    let edge = (red_rating as i64 - black_rating as i64) / 20;
    let roll = lots.index(100) as i64;
    if roll < 40 + edge {
        "1-0"
    } else if roll < 70 + edge {
        "1/2"
    } else {
        "0-1"
    }
}

/// Builds the demo event in a new file and returns it open.
pub fn build(path: &Path) -> Result<Event> {
    let mut event = Event::create(
        path,
        NewEvent {
            time_control: Some("每方 40 分钟".into()),
            ..NewEvent::new("2026 冬季象棋公开赛（演示）", GameKind::Xiangqi)
        },
    )?;
    for (i, (name, club, rating)) in PLAYERS.iter().enumerate() {
        event.add_entrant(NewEntrant {
            name: name.to_string(),
            club: Some(club.to_string()),
            rating: Some(*rating),
            seed: (i < 2).then_some(i as u32 + 1),
            ..NewEntrant::default()
        })?;
    }
    let groups = StageSpec::new("round_robin")
        .with("groups", "2")
        .with("advance", "2")
        .with("name", "小组循环赛");
    event.add_stage(groups)?;
    let finals = StageSpec::new("points_knockout")
        .with("third_place", "true")
        .with("name", "决赛阶段");
    event.add_stage(finals)?;

    let mut lots = Lots::new(2026);
    let rating = |event: &Event, name: &Option<String>| -> Result<u32> {
        Ok(event
            .entrants()?
            .into_iter()
            .find(|e| Some(&e.name) == name.as_ref())
            .and_then(|e| e.rating)
            .unwrap_or(0))
    };
    event.draw(Some(20261130))?;
    play_open_games(&mut event, &mut lots, &rating)?;
    // A tie at a qualifying place is settled as the rules allow: by lots.
    if event
        .playoffs(Some(1))?
        .iter()
        .any(|t| t.third_place.is_none())
    {
        event.playoff_by_lots(Some(1), Some(20261130))?;
    }
    event.draw(Some(20261201))?;
    loop {
        play_open_games(&mut event, &mut lots, &rating)?;
        if event.pair(None).is_err() {
            break;
        }
    }
    Ok(event)
}

type Rating<'a> = dyn Fn(&Event, &Option<String>) -> Result<u32> + 'a;

fn play_open_games(event: &mut Event, lots: &mut Lots, rating: &Rating<'_>) -> Result<()> {
    loop {
        let open: Vec<_> = event
            .pairings(None, None)?
            .into_iter()
            .filter(|p| p.black.is_some() && p.result.is_none())
            .collect();
        let Some(p) = open.first() else { return Ok(()) };
        let (r, b) = (rating(event, &p.red)?, rating(event, &p.black)?);
        // A knockout game is replayed until someone wins, as its extra game would be.
        let text = result_for(lots, r, b);
        let knockout = event.standings(None).map(|s| s.knockout).unwrap_or(false);
        let text = if knockout && text == "1/2" {
            if r >= b { "1-0" } else { "0-1" }
        } else {
            text
        };
        event.record_result(ResultEntry::new(p.round, p.board, text))?;
    }
}
