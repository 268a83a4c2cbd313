//! `qisai serve`: the operations over HTTP, and who may call them.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

use common::{Qisai, bin};

struct Server {
    child: Child,
    port: u16,
    token: Option<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// Starts `qisai serve` on a free port and reads its address (and token) from stdout.
fn serve(q: &Qisai, extra: &[&str]) -> Server {
    let mut child = bin()
        .arg("serve")
        .arg(&q.file)
        .args(["--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let port = first
        .rsplit(':')
        .next()
        .unwrap()
        .trim_end_matches('/')
        .parse()
        .unwrap_or_else(|_| panic!("no port in {first}"));
    let second = lines.next().unwrap().unwrap();
    let token = second
        .strip_prefix("token for changes from other devices: ")
        .map(str::to_string);
    Server { child, port, token }
}

/// One HTTP request; returns the status and the body.
fn post(port: u16, operation: &str, body: &str, headers: &[(&str, &str)]) -> (u16, String) {
    post_as(&format!("127.0.0.1:{port}"), port, operation, body, headers)
}

/// The same, naming `host` in the Host header.
fn post_as(
    host: &str,
    port: u16,
    operation: &str,
    body: &str,
    headers: &[(&str, &str)],
) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut request = format!(
        "POST /api/{operation} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

const JSON: (&str, &str) = ("Content-Type", "application/json");

#[test]
fn on_this_computer_the_page_runs_the_whole_event() {
    let q = Qisai::new();
    let s = serve(&q, &[]);
    assert_eq!(s.token, None);
    let (status, body) = post(s.port, "event.info", "{}", &[JSON]);
    assert_eq!(status, 200);
    assert!(body.contains(r#""open":false"#), "{body}");
    let (status, body) = post(
        s.port,
        "event.create",
        r#"{"name":"网上赛","game":"xiangqi"}"#,
        &[JSON],
    );
    assert_eq!(status, 200, "{body}");
    assert!(q.file.exists(), "the served file is the one created");
    let (status, body) = post(s.port, "entrants.add", r#"{"name":""}"#, &[JSON]);
    assert_eq!(status, 422);
    assert!(
        body.contains(r#""code":"refused""#) && body.contains("the name is empty"),
        "{body}"
    );
    let (status, body) = post(s.port, "no.such", "{}", &[JSON]);
    assert_eq!(status, 404, "{body}");
}

#[test]
fn other_sites_and_plain_forms_are_refused() {
    let q = Qisai::new();
    let s = serve(&q, &[]);
    let (status, _) = post(
        s.port,
        "event.create",
        r#"{"name":"x","game":"xiangqi"}"#,
        &[JSON, ("Origin", "http://evil.example")],
    );
    assert_eq!(status, 403);
    let (status, _) = post(
        s.port,
        "event.create",
        r#"{"name":"x","game":"xiangqi"}"#,
        &[("Content-Type", "application/x-www-form-urlencoded")],
    );
    assert_eq!(status, 403);
    // A foreign name resolved to 127.0.0.1 (DNS rebinding), with a matching origin.
    let evil = format!("evil.example:{}", s.port);
    let (status, _) = post_as(
        &evil,
        s.port,
        "event.info",
        "{}",
        &[JSON, ("Origin", &format!("http://{evil}"))],
    );
    assert_eq!(status, 403);
    assert!(!q.file.exists(), "nothing was created");
}

#[test]
fn on_the_network_changes_need_the_printed_token() {
    let q = Qisai::new();
    let s = serve(&q, &["--bind", "0.0.0.0"]);
    let token = s.token.clone().expect("a token is printed");
    assert_eq!(token.len(), 32);
    let create = r#"{"name":"局域网赛","game":"xiangqi"}"#;
    let (status, _) = post(s.port, "event.create", create, &[JSON]);
    assert_eq!(status, 401);
    let (status, _) = post(
        s.port,
        "event.create",
        create,
        &[JSON, ("X-Qisai-Token", "guess")],
    );
    assert_eq!(status, 401);
    assert!(!q.file.exists());
    let (status, body) = post(
        s.port,
        "event.create",
        create,
        &[JSON, ("X-Qisai-Token", &token)],
    );
    assert_eq!(status, 200, "{body}");
    // Reading needs no token.
    let (status, body) = post(s.port, "entrants.list", "{}", &[JSON]);
    assert_eq!((status, body.as_str()), (200, "[]"));
}
