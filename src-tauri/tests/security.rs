//! What the desktop page may do, read from the shell's own configuration: the commands
//! the app defines, the permissions its capability grants, and the content security
//! policy. A new command or permission has to be added on purpose in all three places.

use std::path::Path;

fn read(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap()
}

/// The quoted names inside the first `open … close` after `marker` in `text`.
fn names_after(text: &str, marker: &str, close: char) -> Vec<String> {
    let start = text.find(marker).unwrap_or_else(|| panic!("no {marker}")) + marker.len();
    let body = &text[start..start + text[start..].find(close).unwrap()];
    let mut names: Vec<String> = body
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    names.sort();
    names
}

#[test]
fn the_page_may_call_the_app_commands_and_nothing_else() {
    let declared = names_after(&read("build.rs"), "commands(&[", ']');
    let handled = names_after(&read("src/main.rs"), "generate_handler![", ']');
    assert_eq!(
        declared, handled,
        "build.rs and the invoke handler list the same commands"
    );
    let capability: serde_json::Value =
        serde_json::from_str(&read("capabilities/default.json")).unwrap();
    let mut granted: Vec<String> = capability["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().expect("plain permission names").to_string())
        .collect();
    granted.sort();
    let expected: Vec<String> = declared
        .iter()
        .map(|c| format!("allow-{}", c.replace('_', "-")))
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(
        granted, expected,
        "no core, file system, shell or dialog permission"
    );
    assert_eq!(capability["windows"], serde_json::json!(["main"]));
}

#[test]
fn the_content_security_policy_keeps_the_page_to_itself() {
    let config: serde_json::Value = serde_json::from_str(&read("tauri.conf.json")).unwrap();
    let csp = config["app"]["security"]["csp"]
        .as_str()
        .expect("a CSP is set");
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(csp.contains("object-src 'none'"), "{csp}");
    assert!(
        !csp.contains("unsafe-eval") && !csp.contains("script-src"),
        "{csp}"
    );
    assert_eq!(
        config["app"]["security"]["capabilities"],
        serde_json::json!(["default"])
    );
}
