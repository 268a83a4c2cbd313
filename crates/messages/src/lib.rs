//! One message catalogue for every front end.
//!
//! Libraries say what went wrong (or what happened) as a [`Message`]: a code and its
//! parameters, never a sentence. The front ends word it from the catalogue
//! (`catalogue/zh-CN.json`, `catalogue/en.json`): the command line with [`render`], the
//! UI from the same files. Chinese is the default; a code missing in English falls
//! back to Chinese, one missing everywhere shows as the code itself.

mod catalogue;
mod message;

pub use catalogue::{Lang, render, render_json, template, to_json};
pub use message::{Explain, Message, Param, Params};
