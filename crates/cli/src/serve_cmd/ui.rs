//! The built UI: a folder (ui/dist) or the copy built into the program.

use std::path::{Path, PathBuf};

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// What the page may load: itself only, and in a frame the PDFs it made itself (printed
/// from there by the browser's own PDF viewer).
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; frame-src blob:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/ui_files.rs"));
}

/// Where the UI comes from: a folder, or the copy built into the program.
pub(super) enum Ui {
    Folder(PathBuf),
    Embedded,
}

/// Where the built UI is: the flag, then ui/dist under the current folder or any folder
/// above the program (target/release/qisai in a checkout), then the copy built in.
pub(super) fn find_ui(flag: Option<PathBuf>) -> Option<Ui> {
    folder_ui(flag)
        .map(Ui::Folder)
        .or_else(|| (!embedded::UI_FILES.is_empty()).then_some(Ui::Embedded))
}

fn folder_ui(flag: Option<PathBuf>) -> Option<PathBuf> {
    if let Some(dir) = flag {
        return Some(dir);
    }
    let mut candidates = vec![PathBuf::from("ui/dist")];
    if let Ok(exe) = std::env::current_exe() {
        candidates.extend(exe.ancestors().skip(1).map(|a| a.join("ui/dist")));
    }
    candidates
        .into_iter()
        .find(|d| d.join("index.html").is_file())
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") | Some("mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("json") => "application/json",
        Some("woff2") => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// A file of the built UI; unknown paths get index.html (the UI routes itself).
pub(super) fn file(ui: Option<&Ui>, path: &str) -> Response {
    let Some(ui) = ui else {
        return (
            StatusCode::NOT_FOUND,
            "Qisai: the UI is not built (npm --prefix ui run build), or give --ui DIR",
        )
            .into_response();
    };
    let parts: Vec<&str> = path
        .split('/')
        .filter(|part| !part.is_empty() && *part != "." && *part != "..")
        .collect();
    let found = match ui {
        Ui::Folder(dir) => {
            let relative: PathBuf = parts.iter().collect();
            let mut file = dir.join(&relative);
            if relative.as_os_str().is_empty() || !file.is_file() {
                file = dir.join("index.html");
            }
            std::fs::read(&file).ok().map(|bytes| (file, bytes))
        }
        Ui::Embedded => {
            let wanted = parts.join("/");
            let lookup = |name: &str| {
                embedded::UI_FILES
                    .iter()
                    .find(|(path, _)| *path == name)
                    .map(|(path, bytes)| (PathBuf::from(path), bytes.to_vec()))
            };
            lookup(&wanted).or_else(|| lookup("index.html"))
        }
    };
    match found {
        Some((file, bytes)) => (
            [
                (header::CONTENT_TYPE, content_type(&file)),
                (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
