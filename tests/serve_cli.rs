//! `qisai serve`: the operations over HTTP, and who may call them.

mod common;

use common::Qisai;
use common::serve::{post, post_as, serve};

use common::serve::JSON;

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
    // Only JSON itself passes as JSON.
    for not_json in ["application/jsonx", "application/json-seq", "text/json"] {
        let (status, _) = post(
            s.port,
            "event.create",
            r#"{"name":"x","game":"xiangqi"}"#,
            &[("Content-Type", not_json)],
        );
        assert_eq!(status, 403, "{not_json}");
    }
    assert!(!q.file.exists());
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
    // Without a token only the public display answers; the token reads everything.
    let (status, _) = post(s.port, "entrants.list", "{}", &[JSON]);
    assert_eq!(status, 401);
    let (status, body) = post(
        s.port,
        "entrants.list",
        "{}",
        &[JSON, ("X-Qisai-Token", &token)],
    );
    assert_eq!((status, body.as_str()), (200, "[]"));
    let (status, body) = post(s.port, "hall.display", "{}", &[JSON]);
    assert_eq!(status, 200, "{body}");
}

/// An installed `qisai` (the binary alone, far from any checkout) serves the UI it
/// carries inside: the page and its script.
#[test]
fn the_installed_binary_serves_its_built_in_ui() {
    use std::io::{BufRead, BufReader, Read, Write};
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "安装",
        "--game",
        "xiangqi",
    ]);
    let installed = tempfile::tempdir().unwrap();
    let exe = installed.path().join("qisai");
    std::fs::copy(env!("CARGO_BIN_EXE_qisai"), &exe).unwrap();
    let mut child = std::process::Command::new(&exe)
        .current_dir(installed.path())
        .arg("serve")
        .arg(&q.file)
        .args(["--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Kept open to the end: the server writes more lines, and a closed pipe ends it.
    let mut output = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = output.next().unwrap().unwrap();
    let port: u16 = first
        .rsplit(':')
        .next()
        .unwrap()
        .trim_end_matches('/')
        .parse()
        .unwrap();
    let get = |path: &str| -> (String, Vec<u8>) {
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        let split = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        (
            String::from_utf8_lossy(&answer[..split]).into_owned(),
            answer[split + 4..].to_vec(),
        )
    };
    let (head, page) = get("/");
    let page = String::from_utf8(page).unwrap();
    let script = page
        .split("src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .map(|s| s.trim_start_matches('.').to_string());
    let script = script.map(|s| get(&s));
    let _ = child.kill();
    drop(output);
    let _ = child.wait();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(page.contains("id=\"app\""), "{page}");
    let (head, body) = script.expect("the page names its script");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.to_ascii_lowercase().contains("javascript"), "{head}");
    assert!(body.len() > 1000, "the script itself");
}

/// A request that declares an absurd body, or sends a body too large, is refused at
/// once, and the server goes on answering everyone else.
#[test]
fn oversized_bodies_are_refused_and_change_nothing() {
    use std::io::{Read, Write};
    let q = Qisai::new();
    let s = serve(&q, &[]);
    let mut huge = std::net::TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(
        huge,
        "POST /api/event.create HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: 1099511627776\r\nConnection: close\r\n\r\n{{",
        s.port
    )
    .unwrap();
    let mut answer = String::new();
    huge.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    // Larger than an operation without a file may send.
    let padding = "x".repeat(300 << 10);
    let body = format!(r#"{{"name":"{padding}","game":"xiangqi"}}"#);
    let (status, _) = post(s.port, "event.create", &body, &[JSON]);
    assert_eq!(status, 413);
    assert!(!q.file.exists(), "nothing was created");
    let (status, body) = post(s.port, "event.info", "{}", &[JSON]);
    assert_eq!(status, 200, "{body}");
}

/// A client that declares a body and sends it slowly, or never, holds up nobody.
#[test]
fn a_slow_client_does_not_stop_the_others() {
    use std::io::Write;
    let q = Qisai::new();
    let s = serve(&q, &[]);
    let mut slow = Vec::new();
    for _ in 0..8 {
        let mut c = std::net::TcpStream::connect(("127.0.0.1", s.port)).unwrap();
        write!(
            c,
            "POST /api/event.info HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{",
            s.port
        )
        .unwrap();
        slow.push(c);
    }
    // Headers that never end, too.
    let mut half = std::net::TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(half, "POST /api/event.info HTTP/1.1\r\nHost: 1").unwrap();
    for _ in 0..5 {
        let (status, body) = post(s.port, "event.info", "{}", &[JSON]);
        assert_eq!(status, 200, "{body}");
    }
    drop(slow);
    drop(half);
}

/// `GET /events`: after every change one `data:` line names the operation and the
/// page that made it, so other pages refresh and the author can tell its own.
#[test]
fn every_change_is_told_on_the_event_stream() {
    use std::io::{BufRead, BufReader, Write};
    let q = Qisai::new();
    let s = serve(&q, &[]);
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(
        stream,
        "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAccept: text/event-stream\r\n\r\n",
        s.port
    )
    .unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    let mut lines = BufReader::new(stream.try_clone().unwrap()).lines();
    let head: Vec<String> = lines
        .by_ref()
        .map_while(|l| l.ok())
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(head[0].starts_with("HTTP/1.1 200"), "{head:?}");
    assert!(
        head.iter()
            .any(|h| h.eq_ignore_ascii_case("content-type: text/event-stream")),
        "{head:?}"
    );
    let (status, _) = post(
        s.port,
        "event.create",
        r#"{"name":"直播","game":"xiangqi"}"#,
        &[JSON, ("X-Qisai-Client", "page-1")],
    );
    assert_eq!(status, 200);
    let data = lines
        .map_while(|l| l.ok())
        .find(|l| l.starts_with("data:"))
        .expect("a data line");
    assert_eq!(
        data,
        r#"data: {"operation":"event.create","client":"page-1"}"#
    );
    // Reads are not changes: nothing more is told for them.
    let (status, _) = post(s.port, "event.info", "{}", &[JSON]);
    assert_eq!(status, 200);
    // A foreign host name may not listen.
    let evil = format!("evil.example:{}", s.port);
    let mut foreign = std::net::TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(
        foreign,
        "GET /events HTTP/1.1\r\nHost: {evil}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut foreign, &mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
}

/// Guessing the token is cut short: after ten wrong tokens from one address, even the
/// right one is refused from there for a while.
#[test]
fn wrong_tokens_are_limited() {
    let q = Qisai::new();
    let s = serve(&q, &["--bind", "0.0.0.0"]);
    let token = s.token.clone().expect("a token is printed");
    let create = r#"{"name":"猜密码","game":"xiangqi"}"#;
    for k in 0..10 {
        let guess = format!("{k:032}");
        let (status, _) = post(
            s.port,
            "event.create",
            create,
            &[JSON, ("X-Qisai-Token", &guess)],
        );
        assert_eq!(status, 401, "guess {k}");
    }
    let (status, body) = post(
        s.port,
        "event.create",
        create,
        &[JSON, ("X-Qisai-Token", &token)],
    );
    assert_eq!(status, 429, "{body}");
    assert!(!q.file.exists());
    // The public display needs no token and is not limited: it is answered (there is
    // no event yet).
    let (status, body) = post(s.port, "hall.display", "{}", &[JSON]);
    assert_eq!(status, 422, "{body}");
    assert!(body.contains(r#""code":"no_event""#), "{body}");
}

/// Opens `/events` on a raw connection and reads its status line and headers.
fn listen(port: u16) -> (std::net::TcpStream, u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        // read_exact retries a read a signal interrupted (EINTR: the test's child
        // processes exiting), which a bare read reports as an error.
        stream
            .read_exact(&mut byte)
            .unwrap_or_else(|e| panic!("the stream closed early: {e}"));
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap();
    let status = head[9..12].parse().unwrap();
    (stream, status, head)
}

#[test]
fn listening_pages_do_not_lock_out_requests_and_the_overflow_is_told_to_retry() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "大厅",
        "--game",
        "xiangqi",
    ]);
    // More listeners than the 512 connections requests have, and more than this
    // server's listener budget.
    let s = serve(&q, &["--max-listeners", "600"]);
    let mut held = Vec::new();
    for _ in 0..600 {
        let (stream, status, _) = listen(s.port);
        assert_eq!(status, 200);
        held.push(stream);
    }
    for _ in 0..20 {
        let (_, status, head) = listen(s.port);
        assert_eq!(status, 503, "{head}");
        assert!(
            head.to_ascii_lowercase().contains("retry-after: 10"),
            "{head}"
        );
    }
    // Beside 600 listeners, reads and writes are answered, and every listener is told.
    let (status, body) = post(s.port, "event.info", "{}", &[JSON]);
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(s.port, "entrants.add", r#"{"name":"王天一"}"#, &[JSON]);
    assert_eq!(status, 200, "{body}");
    for stream in held.iter_mut().step_by(50) {
        use std::io::Read;
        let mut chunk = [0u8; 256];
        // A read a signal interrupted (EINTR) is tried again.
        let n = loop {
            match stream.read(&mut chunk) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                read => break read.unwrap(),
            }
        };
        let text = String::from_utf8_lossy(&chunk[..n]);
        assert!(text.contains("entrants.add"), "{text}");
    }
    // A listener that leaves gives its place to the next.
    held.truncate(590);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let (_, status, _) = listen(s.port);
    assert_eq!(status, 200);
}

#[test]
fn results_posted_together_share_a_commit_and_stay_separate_changes() {
    let q = Qisai::new();
    q.ok(&[
        "new",
        q.file.to_str().unwrap(),
        "--name",
        "成组提交",
        "--game",
        "xiangqi",
    ]);
    let mut csv = String::from("姓名\n");
    for i in 1..=80 {
        csv.push_str(&format!("选手{i}\n"));
    }
    let players = q.write("players.csv", csv.as_bytes());
    q.ok(&["player", "import", players.to_str().unwrap()]);
    q.ok(&["stage", "add", "round-robin", "--groups", "8"]);
    q.ok(&["draw", "--seed", "5"]);
    let s = serve(&q, &[]);
    let boards = q.json(&["pairings", "--round", "1", "--json"]);
    let boards: Vec<u64> = boards
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["board"].as_u64().unwrap())
        .collect();
    assert_eq!(boards.len(), 40);
    // 40 arbiters at once, and one of them sending a board that does not exist.
    let port = s.port;
    let answers: Vec<(u16, String)> = std::thread::scope(|scope| {
        let posts: Vec<_> = boards
            .iter()
            .copied()
            .chain([999])
            .map(|board| {
                scope.spawn(move || {
                    let body = format!(r#"{{"round":1,"board":{board},"result":"1-0"}}"#);
                    post(port, "results.record", &body, &[JSON])
                })
            })
            .collect();
        posts.into_iter().map(|p| p.join().unwrap()).collect()
    });
    let (refused, entered): (Vec<_>, Vec<_>) =
        answers.iter().partition(|(status, _)| *status != 200);
    assert_eq!(entered.len(), 40, "{refused:?}");
    assert_eq!(refused.len(), 1);
    assert!(refused[0].1.contains("999"), "{refused:?}");
    drop(s);
    // Each result is its own logged change: undo takes back one.
    let log = q.ok(&["log"]);
    assert_eq!(log.matches("1-0").count(), 40, "{log}");
    q.ok(&["undo"]);
    let pairings = q.json(&["pairings", "--round", "1", "--json"]);
    let played = pairings
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["result"].is_null() && p["result"] != "")
        .count();
    assert_eq!(played, 39, "{pairings}");
    assert!(q.ok(&["check"]).contains("ok"));
}
