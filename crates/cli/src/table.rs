//! Text tables for the terminal: a header row, and columns aligned by display width (a
//! Chinese character takes two columns, as terminals show it).

/// How many terminal columns `text` takes.
pub fn width(text: &str) -> usize {
    // Most cells are numbers: ASCII is one column a byte.
    if text.is_ascii() {
        return text.len();
    }
    text.chars().map(char_width).sum()
}

fn char_width(c: char) -> usize {
    let wide = matches!(c as u32,
        0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x20000..=0x3FFFD);
    if wide { 2 } else { 1 }
}

/// A table: titles, rows, and which columns are numbers (aligned right).
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub numeric: Vec<bool>,
}

impl Table {
    pub fn new(headers: &[impl AsRef<str>], numeric: &[bool]) -> Table {
        Table {
            headers: headers.iter().map(|h| h.as_ref().to_string()).collect(),
            rows: Vec::new(),
            numeric: numeric.to_vec(),
        }
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The table as lines: the header, a rule, then the rows; every column as wide as
    /// its widest cell.
    pub fn render(&self) -> String {
        let columns = self.headers.len();
        let widths: Vec<usize> = (0..columns)
            .map(|c| {
                std::iter::once(&self.headers[c])
                    .chain(self.rows.iter().filter_map(|r| r.get(c)))
                    .map(|t| width(t))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        // Each line written straight into the output (a big event's table has tens of
        // thousands of cells), its trailing blanks trimmed.
        let line = |out: &mut String, cells: &[String]| {
            let start = out.len();
            for (c, w) in widths.iter().enumerate() {
                let text = cells.get(c).map(String::as_str).unwrap_or("");
                let pad = w.saturating_sub(width(text));
                if c > 0 {
                    out.push_str("  ");
                }
                if self.numeric.get(c).copied().unwrap_or(false) {
                    out.extend(std::iter::repeat_n(' ', pad));
                    out.push_str(text);
                } else {
                    out.push_str(text);
                    out.extend(std::iter::repeat_n(' ', pad));
                }
            }
            let kept = out[start..].trim_end().len();
            out.truncate(start + kept);
        };
        let line_bytes = widths.iter().sum::<usize>() + 2 * columns;
        let mut out = String::with_capacity((self.rows.len() + 2) * line_bytes);
        line(&mut out, &self.headers);
        out.push('\n');
        out.push_str(&"-".repeat(widths.iter().sum::<usize>() + 2 * columns.saturating_sub(1)));
        for row in &self.rows {
            out.push('\n');
            line(&mut out, row);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_takes_two_columns() {
        assert_eq!(width("王天一"), 6);
        assert_eq!(width("P1"), 2);
        assert_eq!(width("（轮空）"), 8);
    }

    #[test]
    fn columns_line_up_whatever_the_script() {
        let mut t = Table::new(&["姓名", "积分"], &[false, true]);
        t.row(vec!["王天一".into(), "2".into()]);
        t.row(vec!["Li".into(), "10.5".into()]);
        let text = t.render();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "姓名    积分");
        assert_eq!(lines[2], "王天一     2");
        assert_eq!(lines[3], "Li      10.5");
        let ends: Vec<usize> = [lines[0], lines[2], lines[3]]
            .iter()
            .map(|l| width(l))
            .collect();
        assert!(ends.iter().all(|&e| e == ends[0]), "{text}");
    }
}
