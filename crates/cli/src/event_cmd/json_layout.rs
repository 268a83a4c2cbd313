//! One JSON formatter that writes either compact or indented, chosen when the command
//! runs, so that a command's JSON goes through one serializer type either way.

use std::io::{Result, Write};

use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

pub enum Layout {
    Compact,
    Indented(PrettyFormatter<'static>),
}

impl Layout {
    /// Indented for a person at a terminal, compact for a program.
    pub fn for_terminal(terminal: bool) -> Layout {
        match terminal {
            true => Layout::Indented(PrettyFormatter::new()),
            false => Layout::Compact,
        }
    }
}

/// The formatter methods in which the two layouts differ, each passed to the chosen one.
macro_rules! chosen {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[inline]
        fn $method<W: ?Sized + Write>(&mut self, writer: &mut W $(, $arg: $ty)*) -> Result<()> {
            match self {
                Layout::Compact => CompactFormatter.$method(writer $(, $arg)*),
                Layout::Indented(pretty) => pretty.$method(writer $(, $arg)*),
            }
        }
    )*};
}

impl Formatter for Layout {
    chosen! {
        begin_array();
        end_array();
        begin_array_value(first: bool);
        end_array_value();
        begin_object();
        end_object();
        begin_object_key(first: bool);
        end_object_key();
        begin_object_value();
        end_object_value();
    }
}
