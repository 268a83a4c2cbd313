//! A table's finishing order: every seat once, first to last, kept by value (a table
//! has at most six seats) so that a result stays a small `Copy` value.

use std::fmt;

use super::Seat;

/// The most seats a table has (checkers for six).
pub const MAX_SEATS: usize = 6;

/// Seats first to last.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Finish {
    len: u8,
    seats: [u8; MAX_SEATS],
}

impl Finish {
    /// The order `seats` gives; `None` when it names more than [`MAX_SEATS`] seats or a
    /// seat beyond them.
    pub fn new(seats: &[Seat]) -> Option<Finish> {
        if seats.len() > MAX_SEATS || seats.iter().any(|&s| s >= MAX_SEATS) {
            return None;
        }
        let mut order = [0u8; MAX_SEATS];
        for (slot, &seat) in order.iter_mut().zip(seats) {
            *slot = seat as u8;
        }
        Some(Finish {
            len: seats.len() as u8,
            seats: order,
        })
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats[..self.len as usize].iter().map(|&s| s as Seat)
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn first(&self) -> Option<Seat> {
        self.seats().next()
    }

    /// The place of `seat` (0 = first), if the order names it.
    pub fn place_of(&self, seat: Seat) -> Option<usize> {
        self.seats().position(|s| s == seat)
    }

    /// The same order with `last` moved to the back, in the order they had.
    pub fn last_of(&self, last: &[Seat]) -> Finish {
        let kept = self.seats().filter(|s| !last.contains(s));
        let moved = self.seats().filter(|s| last.contains(s));
        let order: Vec<Seat> = kept.chain(moved).collect();
        Finish::new(&order).unwrap_or(*self)
    }
}

impl fmt::Debug for Finish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.seats()).finish()
    }
}

impl serde::Serialize for Finish {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.seats())
    }
}

impl<'de> serde::Deserialize<'de> for Finish {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Finish, D::Error> {
        let seats = Vec::<Seat>::deserialize(d)?;
        Finish::new(&seats).ok_or_else(|| {
            serde::de::Error::custom(format!("a finishing order of at most {MAX_SEATS} seats"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_keeps_its_seats_and_moves_foulers_last() {
        let f = Finish::new(&[1, 0, 2]).unwrap();
        assert_eq!(f.seats().collect::<Vec<_>>(), [1, 0, 2]);
        assert_eq!(f.place_of(2), Some(2));
        assert_eq!(f.last_of(&[1]).seats().collect::<Vec<_>>(), [0, 2, 1]);
        assert_eq!(serde_json::to_string(&f).unwrap(), "[1,0,2]");
        assert_eq!(serde_json::from_str::<Finish>("[1,0,2]").unwrap(), f);
        assert!(Finish::new(&[0, 1, 2, 3, 4, 5, 6]).is_none());
        assert!(serde_json::from_str::<Finish>("[9]").is_err());
    }
}
