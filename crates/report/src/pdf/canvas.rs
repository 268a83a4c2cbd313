//! A small drawing layer over printpdf: pages of text and lines in points, measured
//! with the bundled CJK font, which every PDF embeds as a subset of the glyphs used.
//!
//! Each page's content stream is written here, as PDF operators: printpdf builds the
//! document around it (the font subset, its widths and its map back to text). Turning
//! a big sheet's hundred thousand drawing operations into printpdf's and then lopdf's
//! operation values, and formatting every number at full precision, was a third of
//! printing it.

use std::sync::{Arc, OnceLock};

use printpdf::{
    AzulParsedFont, Codepoint, FontId, Mm, Op, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Pt, TextItem,
};
use rust_fontconfig::FontBytes;

/// WenQuanYi Micro Hei (Apache-2.0, or GPLv3 with the font exception): Chinese, Latin
/// letters and digits in one face. Shipped with Qisai; nothing is downloaded.
const FONT_BYTES: &[u8] = include_bytes!("../../../../assets/fonts/wqy-microhei.ttc");

fn font() -> &'static ParsedFont {
    static FONT: OnceLock<ParsedFont> = OnceLock::new();
    FONT.get_or_init(|| {
        // Parsed with its glyph outlines left unread: only its character map and
        // advances are read here, and a PDF's subset is cut from the bytes. Reading the
        // outlines at once copied 4 MB of the 5 MB font into fresh memory.
        let bytes = Arc::new(FontBytes::Owned(Arc::from(FONT_BYTES)));
        AzulParsedFont::from_bytes_shared(bytes, 0, &mut Vec::new())
            .map(ParsedFont::from_azul)
            .expect("the bundled font parses")
    })
}

/// Paper sizes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Paper {
    #[default]
    A4,
    A3,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PageSetup {
    pub paper: Paper,
    pub landscape: bool,
}

impl PageSetup {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        let (w, h) = match self.paper {
            Paper::A4 => (595.28, 841.89),
            Paper::A3 => (841.89, 1190.55),
        };
        if self.landscape { (h, w) } else { (w, h) }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// Width of `text` at `size` points.
pub fn text_width(text: &str, size: f32) -> f32 {
    width_of(text.chars().map(|c| glyph(c).advance).sum(), size)
}

/// Width at `size` points of advances adding up to `units` font units.
fn width_of(units: u32, size: f32) -> f32 {
    units as f32 * size / font().font_metrics.units_per_em.max(1) as f32
}

/// A character's glyph in the bundled font (0, the font's "missing" glyph, for one it
/// lacks) and its advance in font units (half an em for one it lacks).
#[derive(Clone, Copy)]
struct Glyph {
    id: u16,
    advance: u32,
}

/// Each character is looked up in the font once: a lookup searches the font's
/// character map, hundreds of instructions, and a 2,000-row standings sheet prints some
/// 80,000 characters. Text goes to printpdf as these glyphs, not as characters it would
/// look up twice again.
fn glyph(c: char) -> Glyph {
    type Glyphs = std::collections::HashMap<char, Glyph, foldhash::fast::FixedState>;
    thread_local! {
        static GLYPHS: std::cell::RefCell<Glyphs> = Default::default();
    }
    GLYPHS.with_borrow_mut(|known| {
        *known.entry(c).or_insert_with(|| {
            let f = font();
            match f.lookup_glyph_index(c as u32) {
                Some(id) => Glyph {
                    id,
                    advance: u32::from(f.get_horizontal_advance(id)),
                },
                None => Glyph {
                    id: 0,
                    advance: u32::from(f.font_metrics.units_per_em.max(1)) / 2,
                },
            }
        })
    })
}

/// `text`, shortened with "…" to fit `width`.
pub fn fit(text: &str, size: f32, width: f32) -> String {
    if text_width(text, size) <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        let candidate = format!("{out}{c}…");
        if text_width(&candidate, size) > width {
            break;
        }
        out.push(c);
    }
    format!("{out}…")
}

/// One page being drawn; y grows upwards from the bottom edge, as in PDF.
pub struct Page {
    /// The content stream, its text in the font's own glyph ids: the document renumbers
    /// them to its subset's when it is finished.
    content: Vec<u8>,
    font: FontId,
    pub width: f32,
    pub height: f32,
    /// What the page's content stream has set so far, so that a table's thousands of
    /// cells and rules each write only what changes: a text section left open between
    /// texts (closed before a line), its font size, the rules' thickness.
    text_open: bool,
    font_size: Option<f32>,
    thickness: Option<f32>,
    /// Where the open text section's last text started, in hundredths of a point: the
    /// next is placed from there (`Td`), with a shorter stream than placing each on the
    /// page, and in whole hundredths, so that no rounding adds up.
    pen: (i64, i64),
    /// The character each glyph on the page stands for, for the font's map from
    /// glyphs back to text (what a reader copying the text gets).
    characters: Characters,
}

type Characters = std::collections::HashMap<u16, char, foldhash::fast::FixedState>;

impl Page {
    pub fn text(&mut self, x: f32, y: f32, size: f32, text: impl AsRef<str>, align: Align) {
        let text = text.as_ref();
        if text.is_empty() {
            return;
        }
        // Each character's glyph looked up once, for its width and for the page.
        let mut units = 0;
        let mut shown = Vec::with_capacity(4 * text.len() + 8);
        shown.push(b'<');
        for c in text.chars() {
            let g = glyph(c);
            units += g.advance;
            self.characters.insert(g.id, c);
            shown.extend_from_slice(&glyph_hex(g.id));
        }
        shown.extend_from_slice(b"> Tj\n");
        let x = match align {
            Align::Left => x,
            Align::Center => x - width_of(units, size) / 2.0,
            Align::Right => x - width_of(units, size),
        };
        let out = &mut self.content;
        if !self.text_open {
            out.extend_from_slice(b"BT\n");
            self.text_open = true;
            self.font_size = None;
            self.pen = (0, 0);
        }
        if self.font_size != Some(size) {
            out.push(b'/');
            out.extend_from_slice(self.font.0.as_bytes());
            out.push(b' ');
            push_number(out, size);
            out.extend_from_slice(b" Tf\n");
            self.font_size = Some(size);
        }
        let at = (hundredths(x), hundredths(y));
        push_hundredths(out, at.0 - self.pen.0);
        out.push(b' ');
        push_hundredths(out, at.1 - self.pen.1);
        out.extend_from_slice(b" Td\n");
        self.pen = at;
        out.extend_from_slice(&shown);
    }

    /// Closes the open text section: lines are drawn outside one.
    fn end_text(&mut self) {
        if self.text_open {
            self.content.extend_from_slice(b"ET\n");
            self.text_open = false;
        }
    }

    /// Text fitted into a cell from `x` to `x + width`.
    pub fn cell(&mut self, x: f32, y: f32, width: f32, size: f32, text: &str, align: Align) {
        let padding = 3.0;
        let room = width - 2.0 * padding;
        let at = match align {
            Align::Left => x + padding,
            Align::Center => x + width / 2.0,
            Align::Right => x + width - padding,
        };
        // A long name (a club, a team) is shrunk to fit, or set on two smaller lines,
        // rather than cut.
        let natural = text_width(text, size);
        if natural <= room || natural == 0.0 {
            self.text(at, y, size, text, align);
            return;
        }
        let shrunk = size * room / natural;
        if shrunk >= size * 0.7 {
            self.text(at, y, shrunk, text, align);
            return;
        }
        let chars: Vec<char> = text.chars().collect();
        let (first, second): (String, String) = {
            let half = chars.len().div_ceil(2);
            (
                chars[..half].iter().collect(),
                chars[half..].iter().collect(),
            )
        };
        let widest = text_width(&first, size).max(text_width(&second, size));
        let small = (size * room / widest.max(1.0)).min(size * 0.62);
        self.text(at, y + small * 0.55, small, fit(&first, small, room), align);
        self.text(
            at,
            y - small * 0.55,
            small,
            fit(&second, small, room),
            align,
        );
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, thickness: f32) {
        self.end_text();
        let out = &mut self.content;
        if self.thickness != Some(thickness) {
            // Black from the page's first rule on; only the thickness changes.
            if self.thickness.is_none() {
                out.extend_from_slice(b"0 0 0 RG\n");
            }
            push_number(out, thickness);
            out.extend_from_slice(b" w\n");
            self.thickness = Some(thickness);
        }
        for (x, y, operator) in [(x1, y1, b" m\n"), (x2, y2, b" l\n")] {
            push_number(out, x);
            out.push(b' ');
            push_number(out, y);
            out.extend_from_slice(operator);
        }
        out.extend_from_slice(b"S\n");
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, thickness: f32) {
        self.line(x, y, x + w, y, thickness);
        self.line(x + w, y, x + w, y + h, thickness);
        self.line(x + w, y + h, x, y + h, thickness);
        self.line(x, y + h, x, y, thickness);
    }
}

/// A document: pages drawn by a closure, then saved with the font subset embedded.
pub struct Document {
    setup: PageSetup,
    font: FontId,
    pages: Vec<Page>,
    doc: PdfDocument,
}

impl Document {
    pub fn new(title: &str, setup: PageSetup) -> Document {
        let mut doc = PdfDocument::new(title);
        let font = doc.add_font(font());
        Document {
            setup,
            font,
            pages: Vec::new(),
            doc,
        }
    }

    pub fn new_page(&mut self) -> &mut Page {
        let (width, height) = self.setup.size();
        self.pages.push(Page {
            content: Vec::new(),
            font: self.font.clone(),
            width,
            height,
            text_open: false,
            font_size: None,
            pen: (0, 0),
            thickness: None,
            characters: Characters::default(),
        });
        self.pages.last_mut().expect("just pushed")
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    pub fn page(&mut self, index: usize) -> &mut Page {
        &mut self.pages[index]
    }

    /// The PDF bytes.
    pub fn finish(mut self) -> Vec<u8> {
        let to_mm = |pt: f32| Mm(pt * 25.4 / 72.0);
        let mut doc = self.doc;
        for page in &mut self.pages {
            page.end_text();
        }
        // The text's glyphs carry no characters (a string for each of a big sheet's
        // 80,000 would be megabytes): the document's font learns them once instead.
        let mut used: Vec<u16> = Vec::new();
        if let Some(font) = doc.resources.fonts.map.get_mut(&self.font) {
            let mut utf8 = [0; 4];
            for (&id, c) in self.pages.iter().flat_map(|p| &p.characters) {
                font.parsed_font
                    .cache_glyph_mapping(id, c.encode_utf8(&mut utf8));
                used.push(id);
            }
        }
        used.sort_unstable();
        used.dedup();
        // printpdf sees every glyph used once, shown on the first page, so that it cuts
        // the font's subset for them; how it writes them there tells their numbers in
        // the subset. The pages' own streams then take the first page's place and
        // fill the rest.
        let pages: Vec<PdfPage> = self
            .pages
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let ops = if i == 0 {
                    glyphs_shown(&self.font, &used)
                } else {
                    Vec::new()
                };
                PdfPage::new(to_mm(p.width), to_mm(p.height), ops)
            })
            .collect();
        // Streams are compressed here, at zlib level 3 (`COMPRESSION`): printpdf's own
        // pass (lopdf's) takes the slowest level, a quarter of a big sheet's printing
        // for a few per cent of its size.
        let options = PdfSaveOptions {
            optimize: false,
            ..PdfSaveOptions::default()
        };
        let mut pdf = doc
            .with_pages(pages)
            .to_lopdf_document(&options, &mut Vec::new());
        let streams: Vec<lopdf::ObjectId> = pdf
            .get_pages()
            .values()
            .filter_map(|&page| pdf.get_page_contents(page).first().copied())
            .collect();
        let subset_ids = streams
            .first()
            .and_then(|&id| pdf.get_object(id).ok())
            .and_then(|o| o.as_stream().ok())
            .map(|s| glyph_numbers(&s.content))
            .unwrap_or_default();
        // Renumbered as printpdf numbered them; kept if it did not renumber them.
        let subset: Renumbering = if subset_ids.len() == used.len() {
            used.iter().copied().zip(subset_ids).collect()
        } else {
            used.iter().map(|&id| (id, id)).collect()
        };
        for (page, id) in self.pages.iter_mut().zip(streams) {
            renumber_glyphs(&mut page.content, &subset);
            if let Ok(lopdf::Object::Stream(stream)) = pdf.get_object_mut(id) {
                stream.set_content(std::mem::take(&mut page.content));
            }
        }
        compress_streams(&mut pdf);
        let mut bytes = Vec::new();
        // Writing into memory does not fail.
        let _ = pdf.save_to(&mut bytes);
        bytes
    }
}

/// A glyph of the font to its number in the document's subset.
type Renumbering = std::collections::HashMap<u16, u16, foldhash::fast::FixedState>;

/// printpdf's operations showing each glyph of `glyphs` once, in order.
fn glyphs_shown(font: &FontId, glyphs: &[u16]) -> Vec<Op> {
    if glyphs.is_empty() {
        return Vec::new();
    }
    vec![
        Op::StartTextSection,
        Op::SetFont {
            font: PdfFontHandle::External(font.clone()),
            size: Pt(1.0),
        },
        Op::ShowText {
            items: vec![TextItem::GlyphIds(
                glyphs.iter().map(|&id| Codepoint::new(id, 0.0)).collect(),
            )],
        },
        Op::EndTextSection,
    ]
}

/// The glyph numbers a content stream shows, in order: its hex strings, four digits
/// to a glyph.
fn glyph_numbers(content: &[u8]) -> Vec<u16> {
    let mut numbers = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.iter().position(|&b| b == b'<') {
        let Some(len) = rest[start..].iter().position(|&b| b == b'>') else {
            break;
        };
        let hex = &rest[start + 1..start + len];
        numbers.extend(hex.chunks_exact(4).filter_map(parse_glyph));
        rest = &rest[start + len + 1..];
    }
    numbers
}

/// The glyphs of a page's hex strings renumbered, in place (a glyph the subset lacks
/// becomes 0, the missing glyph).
fn renumber_glyphs(content: &mut [u8], subset: &Renumbering) {
    let mut inside = false;
    let mut i = 0;
    while i < content.len() {
        match content[i] {
            b'<' => inside = true,
            b'>' => inside = false,
            _ if inside && i + 4 <= content.len() => {
                let id = parse_glyph(&content[i..i + 4]).unwrap_or(0);
                content[i..i + 4]
                    .copy_from_slice(&glyph_hex(subset.get(&id).copied().unwrap_or(0)));
                i += 4;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
}

/// A glyph number as four hex digits.
fn glyph_hex(id: u16) -> [u8; 4] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    [12, 8, 4, 0].map(|shift| HEX[usize::from((id >> shift) & 0xF)])
}

fn parse_glyph(hex: &[u8]) -> Option<u16> {
    hex.iter().try_fold(0u16, |id, &digit| {
        let value = char::from(digit).to_digit(16)?;
        Some(id << 4 | value as u16)
    })
}

/// A number as the content stream writes it: to a hundredth of a point (a fiftieth of
/// a pixel at 100 dpi), without trailing zeros.
fn push_number(out: &mut Vec<u8>, value: f32) {
    push_hundredths(out, hundredths(value));
}

fn hundredths(value: f32) -> i64 {
    (f64::from(value) * 100.0).round() as i64
}

fn push_hundredths(out: &mut Vec<u8>, hundredths: i64) {
    if hundredths < 0 {
        out.push(b'-');
    }
    let hundredths = hundredths.unsigned_abs();
    crate::digits::push_unsigned(out, hundredths / 100);
    let fraction = hundredths % 100;
    if fraction != 0 {
        out.push(b'.');
        out.push(b'0' + (fraction / 10) as u8);
        if !fraction.is_multiple_of(10) {
            out.push(b'0' + (fraction % 10) as u8);
        }
    }
}

/// Every stream that may be compressed and is not yet, deflated when that makes it
/// smaller (as lopdf's `Document::compress` does, at `COMPRESSION`). The pages are
/// shared among the machine's cores, each reusing one encoder: setting one up costs as
/// much as compressing a page.
fn compress_streams(pdf: &mut lopdf::Document) {
    let mut streams: Vec<&mut lopdf::Stream> = pdf
        .objects
        .values_mut()
        .filter_map(|object| match object {
            lopdf::Object::Stream(stream)
                if stream.allows_compression && stream.dict.get(b"Filter").is_err() =>
            {
                Some(stream)
            }
            _ => None,
        })
        .collect();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let share = streams.len().div_ceil(cores).max(1);
    std::thread::scope(|scope| {
        for streams in streams.chunks_mut(share) {
            scope.spawn(move || compress_each(streams));
        }
    });
}

/// zlib's level 3 of 9: a 2,000-row standings sheet compresses in 45 M instructions
/// to 121 kB, where the default level (6) takes 57 M for 110 kB and level 1 21 M for
/// 154 kB.
const COMPRESSION: flate2::Compression = flate2::Compression::new(3);

fn compress_each(streams: &mut [&mut lopdf::Stream]) {
    use std::io::Write;
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), COMPRESSION);
    for stream in streams {
        let Ok(compressed) = encoder
            .write_all(&stream.content)
            .and_then(|()| encoder.reset(Vec::new()))
        else {
            // Its state after a failure is unknown: the next stream gets a new one.
            encoder = flate2::write::ZlibEncoder::new(Vec::new(), COMPRESSION);
            continue;
        };
        if compressed.len() + 19 < stream.content.len() {
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(compressed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(value: f32) -> String {
        let mut out = Vec::new();
        push_number(&mut out, value);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn numbers_are_written_to_a_hundredth_without_trailing_zeros() {
        for (value, text) in [
            (233.640_01, "233.64"),
            (12.0, "12"),
            (0.5, "0.5"),
            (0.05, "0.05"),
            (-6.004, "-6"),
            (-0.25, "-0.25"),
            (1190.55, "1190.55"),
        ] {
            assert_eq!(written(value), text, "{value}");
        }
    }

    #[test]
    fn glyphs_are_renumbered_inside_hex_strings_only() {
        let mut content = b"BT\n/F12 9.5 Tf\n10 20 Td\n<00100A2B> Tj\nET\n".to_vec();
        let subset: Renumbering = [(0x0010, 0x0001), (0x0A2B, 0x0002)].into_iter().collect();
        renumber_glyphs(&mut content, &subset);
        assert_eq!(
            content,
            b"BT\n/F12 9.5 Tf\n10 20 Td\n<00010002> Tj\nET\n".to_vec()
        );
        assert_eq!(glyph_numbers(&content), [1, 2]);
        // A glyph the subset lacks shows as the missing glyph.
        let mut unknown = b"<0A2C> Tj".to_vec();
        renumber_glyphs(&mut unknown, &subset);
        assert_eq!(unknown, b"<0000> Tj".to_vec());
    }

    #[test]
    fn a_finished_page_shows_its_text_in_the_subset_s_glyphs() {
        let mut doc = Document::new("t", PageSetup::default());
        doc.new_page()
            .text(10.0, 20.0, 12.0, "棋赛 2:1", Align::Left);
        let pdf = lopdf::Document::load_mem(&doc.finish()).unwrap();
        let page = *pdf.get_pages().values().next().unwrap();
        let content = pdf.get_page_content(page);
        assert!(
            content.starts_with(b"BT\n/"),
            "{}",
            String::from_utf8_lossy(&content)
        );
        // The font's map from the subset's glyphs back to text, as a reader copying
        // the text uses it: `<glyph> <character>` lines.
        let to_unicode = pdf
            .objects
            .values()
            .filter_map(|o| o.as_stream().ok())
            .filter_map(|s| s.decompressed_content().ok().or(Some(s.content.clone())))
            .find(|c| c.windows(11).any(|w| w == b"beginbfchar"))
            .expect("a ToUnicode map");
        let map: std::collections::HashMap<u16, char> = String::from_utf8_lossy(&to_unicode)
            .lines()
            .filter_map(|line| {
                let (glyph, character) = line.split_once("> <")?;
                let glyph = parse_glyph(glyph.strip_prefix('<')?.as_bytes())?;
                let character = u32::from_str_radix(character.strip_suffix('>')?, 16).ok()?;
                Some((glyph, char::from_u32(character)?))
            })
            .collect();
        let shown: String = glyph_numbers(&content).iter().map(|g| map[g]).collect();
        assert_eq!(shown, "棋赛 2:1");
    }
}
