//! Exact integer weights of any width the pairing needs. The top-down objective gives
//! every score boundary a term worth more than all the boundaries below it together,
//! so a field with many score groups needs more than 128 bits; the matching is generic
//! over [`Weight`] and the pairing picks the narrowest type its terms fit in.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::iter::Sum;
use std::ops::{Add, Sub};

/// What the matching does with a weight: add, subtract, compare, double and halve.
pub trait Weight:
    Copy + Ord + Debug + Add<Output = Self> + Sub<Output = Self> + Sum + Send + Sync
{
    const ZERO: Self;
    /// The bits the type holds, its sign included.
    const BITS: u32;
    fn from_u64(value: u64) -> Self;
    /// The value times a small factor (the caller keeps it in range).
    fn times(self, factor: u64) -> Self;
    /// Half of an even value.
    fn half(self) -> Self;
}

impl Weight for i128 {
    const ZERO: i128 = 0;
    const BITS: u32 = 128;
    fn from_u64(value: u64) -> i128 {
        i128::from(value)
    }
    fn times(self, factor: u64) -> i128 {
        self * i128::from(factor)
    }
    fn half(self) -> i128 {
        self >> 1
    }
}

/// A two's-complement integer of `L` 64-bit limbs, least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Debug for Wide<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide(")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        write!(f, ")")
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        let mut out = [0u64; L];
        let mut carry = false;
        for (k, slot) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[k].overflowing_add(other.0[k]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *slot = sum;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        let mut out = [0u64; L];
        let mut borrow = false;
        for (k, slot) in out.iter_mut().enumerate() {
            let (diff, b1) = self.0[k].overflowing_sub(other.0[k]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            *slot = diff;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        // The sign bit flipped makes two's complement order the unsigned order.
        let sign = 1u64 << 63;
        let top = (self.0[L - 1] ^ sign).cmp(&(other.0[L - 1] ^ sign));
        if top.is_ne() {
            return top;
        }
        for k in (0..L - 1).rev() {
            if self.0[k] != other.0[k] {
                return self.0[k].cmp(&other.0[k]);
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Sum for Wide<L> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, |a, b| a + b)
    }
}

impl<const L: usize> Weight for Wide<L> {
    const ZERO: Self = Wide([0; L]);
    const BITS: u32 = 64 * L as u32;
    fn from_u64(value: u64) -> Self {
        let mut out = [0u64; L];
        out[0] = value;
        Wide(out)
    }
    fn times(self, factor: u64) -> Self {
        // The low limbs of the product are the same for negative values.
        let mut out = [0u64; L];
        let mut carry = 0u128;
        for (k, slot) in out.iter_mut().enumerate() {
            let product = u128::from(self.0[k]) * u128::from(factor) + carry;
            *slot = product as u64;
            carry = product >> 64;
        }
        Wide(out)
    }
    fn half(self) -> Self {
        let mut out = [0u64; L];
        for (k, slot) in out.iter_mut().enumerate() {
            let high = if k + 1 < L {
                self.0[k + 1] << 63
            } else {
                // Arithmetic shift: the sign stays.
                self.0[k] & (1 << 63)
            };
            *slot = (self.0[k] >> 1) | high;
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Wide<2> against i128, the same width: every operation agrees.
    fn wide(v: i128) -> Wide<2> {
        Wide([v as u64, (v >> 64) as u64])
    }

    proptest! {
        #[test]
        fn wide_arithmetic_agrees_with_i128(
            a in any::<i128>().prop_map(|v| v >> 8),
            b in any::<i128>().prop_map(|v| v >> 8),
            factor in 0u64..100,
        ) {
            prop_assert_eq!(wide(a) + wide(b), wide(a + b));
            prop_assert_eq!(wide(a) - wide(b), wide(a - b));
            prop_assert_eq!(wide(a).cmp(&wide(b)), a.cmp(&b));
            prop_assert_eq!(wide(a).times(factor), wide(a * i128::from(factor)));
            prop_assert_eq!(wide(2 * a).half(), wide(a));
            prop_assert_eq!(Wide::<2>::from_u64(factor), wide(i128::from(factor)));
        }
    }

    #[test]
    fn wide_numbers_beyond_128_bits_keep_their_order() {
        let big = Wide::<4>::from_u64(1 << 40).times(1 << 60).times(1 << 60);
        let bigger = big + Wide::from_u64(1);
        assert!(bigger > big);
        assert!(Wide::<4>::ZERO - big < Wide::ZERO);
        assert_eq!((big + big).half(), big);
        assert_eq!(bigger - big, Wide::from_u64(1));
    }
}
