//! `cargo run --release --example perft -- [FEN] DEPTH`: quick perft timing by hand.
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (fen, depth) = match args.as_slice() {
        [depth] => ("startpos".to_string(), depth.clone()),
        [fen, depth] => (fen.clone(), depth.clone()),
        _ => {
            eprintln!("usage: perft [FEN] DEPTH");
            std::process::exit(2);
        }
    };
    let setup: xiangqi::Setup = fen.parse().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let pos = xiangqi::Position::from_setup(setup).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let depth: u32 = depth.parse().unwrap_or(1);
    let t = Instant::now();
    let n = xiangqi::perft(&pos, depth);
    println!("{n} nodes in {:.3} s", t.elapsed().as_secs_f64());
}
