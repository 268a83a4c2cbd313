//! Whole numbers written as decimal digits straight into a byte buffer: the workbook's
//! XML and the PDF's content streams write tens of thousands of them.

/// Appends `n` in decimal.
pub(crate) fn push_unsigned(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 1190, u64::MAX] {
            let mut out = Vec::new();
            super::push_unsigned(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }
}
