//! `qisai serve` driven over plain HTTP on loopback.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

use super::{Qisai, bin};

pub const JSON: (&str, &str) = ("Content-Type", "application/json");

pub struct Server {
    pub child: Child,
    pub port: u16,
    pub token: Option<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// Starts `qisai serve` on a free port and reads its address (and token) from stdout.
pub fn serve(q: &Qisai, extra: &[&str]) -> Server {
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
pub fn post(port: u16, operation: &str, body: &str, headers: &[(&str, &str)]) -> (u16, String) {
    post_as(&format!("127.0.0.1:{port}"), port, operation, body, headers)
}

/// The same, naming `host` in the Host header.
pub fn post_as(
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
