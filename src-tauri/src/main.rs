//! Qisai's desktop app: a window showing the UI, and the few commands it may invoke.
//! Every event operation goes through `call` to the `api` crate; the page reaches no
//! file except through these commands, and an event file is only created or opened at
//! a path the organizer chose in a dialog, opened before, or gave on the command line.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[cfg(target_os = "linux")]
mod print;
mod recent;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;

use api::{ApiError, Session};
use base64::Engine;
use serde_json::Value;
use tauri::{AppHandle, Manager, RunEvent, State};
use tauri_plugin_dialog::DialogExt;

struct Desktop {
    session: Session,
    /// Paths the organizer chose or opened before: the only ones `event.create` and
    /// `event.open` accept from the page.
    approved: BTreeSet<PathBuf>,
    recent: recent::Recent,
}

type Shared = Mutex<Desktop>;

fn refused(message: messages::Message) -> ApiError {
    ApiError::bad_arguments(message)
}

fn lock<'a>(state: &'a State<'_, Shared>) -> std::sync::MutexGuard<'a, Desktop> {
    // A panic in another command must not lock the organizer out of the event.
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[tauri::command]
fn call(state: State<'_, Shared>, operation: String, args: Value) -> Result<Value, ApiError> {
    let mut desktop = lock(&state);
    let chooses_file = matches!(operation.as_str(), "event.create" | "event.open");
    let path = args.get("path").and_then(Value::as_str).map(PathBuf::from);
    // A file only as chosen in a dialog; an event in a database by its address.
    let allowed = |p: &PathBuf| desktop.approved.contains(p) || service::is_database_address(p);
    if chooses_file && !path.as_ref().is_some_and(allowed) {
        return Err(refused(messages::msg!("desktop.choose_in_dialog")));
    }
    let answer = api::call(&mut desktop.session, &operation, args)?;
    if chooses_file && let Some(path) = path {
        // Never a password in the list kept on disk.
        desktop
            .recent
            .add(PathBuf::from(service::shown_path(&path)));
    }
    Ok(answer)
}

#[tauri::command]
async fn choose_new_event_path(
    app: AppHandle,
    state: State<'_, Shared>,
    suggested: String,
) -> Result<Option<String>, ApiError> {
    let chosen = app
        .dialog()
        .file()
        .add_filter("Qisai", &["qisai"])
        .set_file_name(&suggested)
        .blocking_save_file()
        .and_then(|p| p.into_path().ok());
    Ok(chosen.map(|path| {
        let path = if path.extension().is_none() {
            path.with_extension("qisai")
        } else {
            path
        };
        lock(&state).approved.insert(path.clone());
        path.display().to_string()
    }))
}

#[tauri::command]
async fn choose_event_file(
    app: AppHandle,
    state: State<'_, Shared>,
) -> Result<Option<String>, ApiError> {
    let chosen = app
        .dialog()
        .file()
        .add_filter("Qisai", &["qisai"])
        .blocking_pick_file()
        .and_then(|p| p.into_path().ok());
    Ok(chosen.map(|path| {
        lock(&state).approved.insert(path.clone());
        path.display().to_string()
    }))
}

#[tauri::command]
fn recent_files(state: State<'_, Shared>) -> Vec<String> {
    lock(&state)
        .recent
        .paths()
        .iter()
        .map(|p| p.display().to_string())
        .collect()
}

/// A produced file's bytes as the page sent them (base64).
fn decoded(base64: &str) -> Result<Vec<u8>, ApiError> {
    base64::engine::general_purpose::STANDARD
        .decode(base64)
        .map_err(|e| {
            refused(messages::msg!(
                "api.arg.unreadable",
                field = "base64",
                detail = e.to_string()
            ))
        })
}

/// Saves a produced PDF or CSV where the organizer chooses, and opens a PDF in the
/// system's viewer.
#[tauri::command]
async fn save_file(
    app: AppHandle,
    file_name: String,
    base64: String,
) -> Result<Option<String>, ApiError> {
    let bytes = decoded(&base64)?;
    let Some(path) = app
        .dialog()
        .file()
        .set_file_name(&file_name)
        .blocking_save_file()
        .and_then(|p| p.into_path().ok())
    else {
        return Ok(None);
    };
    std::fs::write(&path, bytes)
        .map_err(|e| ApiError::failed(format!("{}: {e}", path.display())))?;
    if path.extension().is_some_and(|e| e == "pdf") {
        open_with_system(&path);
    }
    Ok(Some(path.display().to_string()))
}

/// Prints a produced PDF as it is (vector, its own page size) through the system's print
/// dialog; `false` when the organizer cancels. With `QISAI_PRINT_TO` set (the window
/// test, which cannot press a native dialog's buttons), the PDF that would be printed
/// is written to that file instead.
#[tauri::command]
async fn print_pdf(app: AppHandle, file_name: String, base64: String) -> Result<bool, ApiError> {
    let bytes = decoded(&base64)?;
    let failed = |path: &std::path::Path, e: std::io::Error| {
        ApiError::failed(format!("{}: {e}", path.display()))
    };
    if let Some(to) = std::env::var_os("QISAI_PRINT_TO").map(PathBuf::from) {
        std::fs::write(&to, bytes).map_err(|e| failed(&to, e))?;
        return Ok(true);
    }
    // The print job reads the document from a file of its own.
    static PRINTS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = PRINTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("qisai-print-{}-{n}.pdf", std::process::id()));
    std::fs::write(&path, bytes).map_err(|e| failed(&path, e))?;
    print_on_main_thread(&app, file_name, path)
}

#[cfg(target_os = "linux")]
fn print_on_main_thread(app: &AppHandle, title: String, path: PathBuf) -> Result<bool, ApiError> {
    use gtk::glib::object::ObjectType;
    let window = app.get_webview_window("main");
    let (answer, printed) = std::sync::mpsc::channel();
    app.run_on_main_thread(move || {
        let parent = window
            .and_then(|w| w.gtk_window().ok())
            .map_or(std::ptr::null_mut(), |w| w.as_ptr().cast());
        let _ = answer.send(print::print_pdf(parent, &title, path));
    })
    .map_err(|e| ApiError::failed(e.to_string()))?;
    match printed.recv() {
        Ok(Ok(done)) => Ok(done == print::Printed::Sent),
        Ok(Err(e)) => Err(ApiError::failed(e)),
        Err(e) => Err(ApiError::failed(e.to_string())),
    }
}

/// Elsewhere the system's viewer prints it.
#[cfg(not(target_os = "linux"))]
fn print_on_main_thread(_app: &AppHandle, _title: String, path: PathBuf) -> Result<bool, ApiError> {
    open_with_system(&path);
    Ok(true)
}

/// Shows a file in the system's default program; a missing viewer is no error (the
/// file is saved).
fn open_with_system(path: &std::path::Path) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(program).arg(path).spawn();
}

/// Automatic backups beside the open event: `QISAI_BACKUPS` kept (10; 0 turns them
/// off), one every `QISAI_BACKUP_MINUTES` (10; 0 after every change), as for `qisai serve`.
fn backup_policy() -> service::BackupPolicy {
    let number = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let default = service::BackupPolicy::default();
    service::BackupPolicy {
        keep: number("QISAI_BACKUPS").map_or(default.keep, |n| n as usize),
        every: number("QISAI_BACKUP_MINUTES").map_or(default.every, |m| {
            std::time::Duration::from_secs(m.saturating_mul(60))
        }),
    }
}

/// Closes the open event cleanly when the window closes or the app is told to stop.
fn close_event(app: &AppHandle) {
    if let Some(state) = app.try_state::<Shared>() {
        let mut desktop = state.lock().unwrap_or_else(|p| p.into_inner());
        desktop.session = Session::new();
    }
}

fn main() {
    // `qisai-desktop FILE` opens (or offers to create) that event file.
    let pinned = std::env::args_os().nth(1).map(PathBuf::from);
    let app = tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(move |app| {
            let config = app.path().app_config_dir().ok();
            let recent = recent::Recent::load(config.map(|d| d.join("recent.json")));
            let mut approved: BTreeSet<PathBuf> = recent.paths().iter().cloned().collect();
            let mut session = match pinned {
                Some(path) => {
                    approved.insert(path.clone());
                    Session::pinned(path)?
                }
                None => Session::new(),
            };
            session.set_backups(backup_policy());
            // SIGTERM, SIGINT or SIGHUP: leave as a closed window does.
            let handle = app.handle().clone();
            let _ = ctrlc::set_handler(move || handle.exit(0));
            app.manage(Mutex::new(Desktop {
                session,
                approved,
                recent,
            }));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            call,
            choose_new_event_path,
            choose_event_file,
            recent_files,
            save_file,
            print_pdf
        ])
        .build(tauri::generate_context!())
        .expect("the Qisai window could not start");
    app.run(|app, event| {
        if let RunEvent::Exit = event {
            close_event(app);
        }
    });
}
