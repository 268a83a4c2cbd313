//! A small drawing layer over printpdf: pages of text and lines in points, measured
//! with the bundled CJK font, which every PDF embeds as a subset of the glyphs used.

use std::sync::{Arc, OnceLock};

use printpdf::{
    AzulParsedFont, Codepoint, Color, FontId, Line, LinePoint, Mm, Op, ParsedFont, PdfDocument,
    PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, Rgb, TextItem, TextMatrix,
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
    ops: Vec<Op>,
    font: FontId,
    pub width: f32,
    pub height: f32,
    /// What the page's content stream has set so far, so that a table's thousands of
    /// cells and rules each write only what changes: a text section left open between
    /// texts (closed before a line), its font size, the rules' thickness.
    text_open: bool,
    font_size: Option<f32>,
    thickness: Option<f32>,
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
        let glyphs: Vec<Codepoint> = text
            .chars()
            .map(|c| {
                let g = glyph(c);
                units += g.advance;
                self.characters.insert(g.id, c);
                Codepoint::new(g.id, 0.0)
            })
            .collect();
        let x = match align {
            Align::Left => x,
            Align::Center => x - width_of(units, size) / 2.0,
            Align::Right => x - width_of(units, size),
        };
        if !self.text_open {
            self.ops.push(Op::StartTextSection);
            self.text_open = true;
            self.font_size = None;
        }
        if self.font_size != Some(size) {
            self.ops.push(Op::SetFont {
                font: PdfFontHandle::External(self.font.clone()),
                size: Pt(size),
            });
            self.font_size = Some(size);
        }
        self.ops.extend([
            // Placed on the page, not from the last text: the section stays open.
            Op::SetTextMatrix {
                matrix: TextMatrix::Translate(Pt(x), Pt(y)),
            },
            Op::ShowText {
                items: vec![TextItem::GlyphIds(glyphs)],
            },
        ]);
    }

    /// Closes the open text section: lines are drawn outside one.
    fn end_text(&mut self) {
        if self.text_open {
            self.ops.push(Op::EndTextSection);
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
        let point = |x: f32, y: f32| LinePoint {
            p: Point { x: Pt(x), y: Pt(y) },
            bezier: false,
        };
        self.end_text();
        if self.thickness != Some(thickness) {
            // Black from the page's first rule on; only the thickness changes.
            if self.thickness.is_none() {
                self.ops.push(Op::SetOutlineColor {
                    col: Color::Rgb(Rgb {
                        r: 0.0,
                        g: 0.0,
                        b: 0.0,
                        icc_profile: None,
                    }),
                });
            }
            self.ops.push(Op::SetOutlineThickness { pt: Pt(thickness) });
            self.thickness = Some(thickness);
        }
        self.ops.push(Op::DrawLine {
            line: Line {
                points: vec![point(x1, y1), point(x2, y2)],
                is_closed: false,
            },
        });
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
            ops: Vec::new(),
            font: self.font.clone(),
            width,
            height,
            text_open: false,
            font_size: None,
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
    pub fn finish(self) -> Vec<u8> {
        let to_mm = |pt: f32| Mm(pt * 25.4 / 72.0);
        let mut doc = self.doc;
        // The text's glyphs carry no characters (a string for each of a big sheet's
        // 80,000 would be megabytes): the document's font learns them once instead.
        if let Some(font) = doc.resources.fonts.map.get_mut(&self.font) {
            let mut utf8 = [0; 4];
            for (&id, c) in self.pages.iter().flat_map(|p| &p.characters) {
                font.parsed_font
                    .cache_glyph_mapping(id, c.encode_utf8(&mut utf8));
            }
        }
        let pages: Vec<PdfPage> = self
            .pages
            .into_iter()
            .map(|mut p| {
                p.end_text();
                PdfPage::new(to_mm(p.width), to_mm(p.height), p.ops)
            })
            .collect();
        // Streams are compressed here, at zlib's default level: printpdf's own pass
        // (lopdf's) takes the slowest level, a quarter of a big sheet's printing for a
        // few per cent of its size.
        let options = PdfSaveOptions {
            optimize: false,
            ..PdfSaveOptions::default()
        };
        let mut pdf = doc
            .with_pages(pages)
            .to_lopdf_document(&options, &mut Vec::new());
        compress_streams(&mut pdf);
        let mut bytes = Vec::new();
        // Writing into memory does not fail.
        let _ = pdf.save_to(&mut bytes);
        bytes
    }
}

/// Every stream that may be compressed and is not yet, deflated when that makes it
/// smaller (as lopdf's `Document::compress` does, at the default level). The pages are
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

fn compress_each(streams: &mut [&mut lopdf::Stream]) {
    use std::io::Write;
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    for stream in streams {
        let Ok(compressed) = encoder
            .write_all(&stream.content)
            .and_then(|()| encoder.reset(Vec::new()))
        else {
            // Its state after a failure is unknown: the next stream gets a new one.
            encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            continue;
        };
        if compressed.len() + 19 < stream.content.len() {
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(compressed);
        }
    }
}
