// The hall under load, on loopback: arbiters posting results while display pages
// listen on /events, and two bad clients (one declaring an absurd body, one sending its
// body slowly) beside them. A measurement, not a test: it prints the figures for the
// README (p50/p95 result latency, changes told to every listener, nothing lost).
//
//   cargo build --release -p qisai-cli
//   node tests/load/lan.mjs target/release/qisai [seconds] [arbiters] [listeners] [interval] [cli-writers]
//
// Each arbiter posts a result every `interval` ms (1000 by default, far more often than
// any arbiter in a hall); 0 posts as fast as the server answers (its throughput).
// `cli-writers` command lines (0 by default) enter results on the same file meanwhile,
// each on a board of round 2, one after another.

import { execFile } from 'node:child_process';
import net from 'node:net';
import http from 'node:http';
import { hallEvent, serveOn } from './hall.mjs';

const qisai = process.argv[2] ?? 'target/release/qisai';
const seconds = Number(process.argv[3] ?? 60);
const arbiters = Number(process.argv[4] ?? 50);
const listeners = Number(process.argv[5] ?? 300);
const interval = Number(process.argv[6] ?? 1000);
const cliWriters = Number(process.argv[7] ?? 0);

const file = hallEvent(qisai, '大厅压力测试');
const { child, port } = await serveOn(qisai, file, []);
const agent = new http.Agent({ keepAlive: true, maxSockets: arbiters });

function post(operation, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/${operation}`,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

// When the arbiters stop (they start in a second, once every page listens).
const until = Date.now() + 1000 + seconds * 1000;

// The display pages: raw connections counting the `data:` lines they are told; each
// reloads the public display a second or two after a change, as the page does.
const told = new Array(listeners).fill(0);
const displayAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const displayLatencies = [];
let displayFailures = 0;
function reloadDisplay() {
  const started = performance.now();
  const req = http.request(
    {
      host: '127.0.0.1',
      port,
      path: '/api/hall.display',
      method: 'POST',
      agent: displayAgent,
      headers: { 'Content-Type': 'application/json', 'Content-Length': 2 },
    },
    (res) => {
      res.resume();
      res.on('end', () => {
        displayLatencies.push(performance.now() - started);
        if (res.statusCode !== 200) displayFailures++;
      });
    },
  );
  req.on('error', () => displayFailures++);
  req.end('{}');
}
const streams = [];
for (let i = 0; i < listeners; i++) {
  const s = net.connect(port, '127.0.0.1', () => {
    s.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  });
  let rest = '';
  let reloading = null;
  s.on('data', (chunk) => {
    rest += chunk.toString();
    const lines = rest.split('\n');
    rest = lines.pop();
    for (const line of lines) if (line.startsWith('data:') && !line.includes('lagged')) told[i]++;
    if (!reloading && Date.now() < until) {
      reloading = setTimeout(() => {
        reloading = null;
        reloadDisplay();
      }, 1000 + Math.random() * 1000);
    }
  });
  streams.push(s);
}
await new Promise((r) => setTimeout(r, 1000));

// Two bad clients that must change nothing for the others.
const huge = net.connect(port, '127.0.0.1', () =>
  huge.write(`POST /api/event.info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1099511627776\r\n\r\n{`),
);
huge.on('error', () => {});
const slow = net.connect(port, '127.0.0.1', () =>
  slow.write(`POST /api/event.info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`),
);
slow.on('error', () => {});

// The arbiters: each on its own board, correcting its result back and forth.
const latencies = [];
let changes = 0;
let refused = 0;
const cliLatencies = [];
let cliFailures = 0;
const writers = Array.from({ length: cliWriters }, async (_, w) => {
  for (let k = 0; Date.now() < until; k++) {
    const started = performance.now();
    await new Promise((resolve) =>
      execFile(qisai, ['-f', file, 'result', '2', String(w + 1), k % 2 ? '0-1' : '1-0'], (error) => {
        if (error) cliFailures++;
        resolve();
      }),
    );
    cliLatencies.push(performance.now() - started);
  }
});
await Promise.all(
  Array.from({ length: arbiters }, async (_, a) => {
    let k = 0;
    // Arbiters start spread over the first interval, as they would in a hall.
    await new Promise((r) => setTimeout(r, (a * interval) / arbiters));
    while (Date.now() < until) {
      const next = Date.now() + interval;
      const started = performance.now();
      const status = await post('results.record', { round: 1, board: a + 1, result: k++ % 2 ? '0-1' : '1-0' });
      latencies.push(performance.now() - started);
      if (status === 200) changes++;
      else refused++;
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
  }),
);
await Promise.all(writers);
await new Promise((r) => setTimeout(r, 1500));
latencies.sort((a, b) => a - b);
cliLatencies.sort((a, b) => a - b);
displayLatencies.sort((a, b) => a - b);
const quantile = (list, q) => (list.length ? list[Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(1) : '-');
const at = (q) => quantile(latencies, q);
const fewest = Math.min(...told);
console.log(
  `${arbiters} arbiters (one result every ${interval} ms each), ${listeners} listeners, ${seconds} s: ${changes} results (${refused} refused), ` +
    `latency p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms; ` +
    `every listener told ${fewest}–${Math.max(...told)} of ${changes} changes` +
    (fewest === changes ? ' (nothing lost)' : '') +
    `; ${displayLatencies.length} display reloads (${displayFailures} failed), p50 ${quantile(displayLatencies, 0.5)} ms, p95 ${quantile(displayLatencies, 0.95)} ms` +
    (cliWriters ? `; ${cliWriters} CLI writers: ${cliLatencies.length} results (${cliFailures} failed), p50 ${quantile(cliLatencies, 0.5)} ms, p95 ${quantile(cliLatencies, 0.95)} ms` : ''),
);
for (const s of [...streams, huge, slow]) s.destroy();
agent.destroy();
displayAgent.destroy();
child.kill();
process.exit(fewest === changes && refused === 0 && displayFailures === 0 && cliFailures === 0 ? 0 : 1);
