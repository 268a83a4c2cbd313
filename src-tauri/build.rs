fn main() {
    // The commands the UI may invoke; each gets an `allow-…` permission that
    // capabilities/default.json grants, and nothing else is callable.
    let manifest = tauri_build::AppManifest::new().commands(&[
        "call",
        "choose_new_event_path",
        "choose_event_file",
        "recent_files",
        "save_file",
        "print_pdf",
    ]);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("tauri build script");
}
