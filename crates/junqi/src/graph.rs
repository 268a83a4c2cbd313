//! A Junqi board as a graph of points, so one move generator serves the two-player
//! board and the four-player one: road steps, straight railway lines (the four-player
//! arcs are part of their lines), camps and headquarters.

use crate::Piece;
use crate::position::IllegalMove;

pub(crate) struct Graph {
    /// One-step neighbours of each point (roads, and railway links).
    roads: Vec<Vec<usize>>,
    /// Straight railway lines, each a run of stations in order.
    lines: Vec<Vec<usize>>,
    /// For each point, the lines through it and its index on each.
    on_lines: Vec<Vec<(usize, usize)>>,
    camp: Vec<bool>,
    headquarters: Vec<bool>,
}

impl Graph {
    /// `roads` lists one-step links (each once or twice); consecutive stations of a line
    /// are linked as well.
    pub(crate) fn new(
        size: usize,
        roads: impl IntoIterator<Item = (usize, usize)>,
        lines: Vec<Vec<usize>>,
        camp: Vec<bool>,
        headquarters: Vec<bool>,
    ) -> Graph {
        let mut adjacent = vec![Vec::new(); size];
        let mut link = |a: usize, b: usize| {
            if !adjacent[a].contains(&b) {
                adjacent[a].push(b);
            }
            if !adjacent[b].contains(&a) {
                adjacent[b].push(a);
            }
        };
        for (a, b) in roads {
            link(a, b);
        }
        let mut on_lines = vec![Vec::new(); size];
        for (l, line) in lines.iter().enumerate() {
            for (i, &p) in line.iter().enumerate() {
                on_lines[p].push((l, i));
                if let Some(&next) = line.get(i + 1) {
                    link(p, next);
                }
            }
        }
        Graph {
            roads: adjacent,
            lines,
            on_lines,
            camp,
            headquarters,
        }
    }

    pub(crate) fn size(&self) -> usize {
        self.roads.len()
    }

    #[cfg(test)]
    pub(crate) fn is_camp(&self, p: usize) -> bool {
        self.camp[p]
    }

    pub(crate) fn is_station(&self, p: usize) -> bool {
        !self.on_lines[p].is_empty()
    }

    #[cfg(test)]
    pub(crate) fn road_neighbours(&self, p: usize) -> &[usize] {
        &self.roads[p]
    }

    /// Where the piece on `from` may go, in no order and possibly repeated; moves onto
    /// enemy pieces are attacks. `friendly(a, b)` says whether owners a and b are on one
    /// side (a player and its partner).
    pub(crate) fn destinations<O: Copy>(
        &self,
        squares: &[Option<(O, Piece)>],
        from: usize,
        friendly: impl Fn(O, O) -> bool,
        out: &mut Vec<usize>,
    ) {
        let Some((owner, piece)) = squares[from] else {
            return;
        };
        if !piece.movable() || self.headquarters[from] {
            return;
        }
        let enterable = |q: usize| match squares[q] {
            None => true,
            Some((o, _)) => !friendly(owner, o) && !self.camp[q],
        };
        out.extend(self.roads[from].iter().copied().filter(|&q| enterable(q)));
        if !self.is_station(from) {
            return;
        }
        if piece == Piece::Engineer {
            // Any connected railway path over empty stations.
            let mut seen = vec![false; self.size()];
            seen[from] = true;
            let mut frontier = vec![from];
            while let Some(at) = frontier.pop() {
                for &(l, i) in &self.on_lines[at] {
                    let line = &self.lines[l];
                    let before = i.checked_sub(1).map(|j| line[j]);
                    for q in before.into_iter().chain(line.get(i + 1).copied()) {
                        if std::mem::replace(&mut seen[q], true) {
                            continue;
                        }
                        if squares[q].is_none() {
                            out.push(q);
                            frontier.push(q);
                        } else if enterable(q) {
                            out.push(q);
                        }
                    }
                }
            }
        } else {
            for &(l, i) in &self.on_lines[from] {
                let line = &self.lines[l];
                let forward = line[i + 1..].iter();
                let backward = line[..i].iter().rev();
                for run in [
                    &mut forward.copied() as &mut dyn Iterator<Item = usize>,
                    &mut backward.copied(),
                ] {
                    for q in run {
                        if squares[q].is_none() {
                            out.push(q);
                            continue;
                        }
                        if enterable(q) {
                            out.push(q);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Checks a move of `mover` (named `mover_name`), saying why it is refused.
    pub(crate) fn check_move<O: Copy + Eq>(
        &self,
        squares: &[Option<(O, Piece)>],
        (from, to): (usize, usize),
        (mover, mover_name): (O, &'static str),
        friendly: impl Fn(O, O) -> bool + Copy,
    ) -> Result<(), IllegalMove<usize>> {
        let (owner, piece) = squares[from].ok_or(IllegalMove::NoPiece(from))?;
        if owner != mover {
            return Err(IllegalMove::NotYours(from, mover_name));
        }
        if !piece.movable() {
            return Err(IllegalMove::Immovable(piece));
        }
        if self.headquarters[from] {
            return Err(IllegalMove::InHeadquarters(from));
        }
        match squares[to] {
            Some((o, _)) if friendly(owner, o) => return Err(IllegalMove::OwnPiece(to)),
            Some(_) if self.camp[to] => return Err(IllegalMove::CampProtected(to)),
            _ => {}
        }
        let mut reachable = Vec::new();
        self.destinations(squares, from, friendly, &mut reachable);
        if reachable.contains(&to) {
            Ok(())
        } else {
            Err(IllegalMove::Unreachable { from, to })
        }
    }
}
