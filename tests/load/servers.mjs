// Beyond one hall, under load: two `qisai serve` on one event in PostgreSQL, arbiters
// posting results to either, display pages listening on both. A measurement, not a
// test: it prints the figures for the README (p50/p95 result latency, every listener
// told every change whichever server took it, and nothing acknowledged lost).
//
//   cargo build --release -p qisai-cli
//   node tests/load/servers.mjs target/release/qisai 'postgres://USER@HOST/DB' [seconds] [arbiters] [listeners]
//
// The database must exist and accept the user (password in the address, PGPASSWORD or
// ~/.pgpass); the event is created in it under a new name. Each arbiter posts a result
// every second, arbiter k to server k mod 2, on a board of its own.

import { execFileSync } from 'node:child_process';
import net from 'node:net';
import http from 'node:http';
import { hallEvent, serveOn } from './hall.mjs';

const qisai = process.argv[2] ?? 'target/release/qisai';
const database = process.argv[3];
const seconds = Number(process.argv[4] ?? 60);
const arbiters = Number(process.argv[5] ?? 50);
const listeners = Number(process.argv[6] ?? 300);
if (!database) throw new Error('name the database: postgres://USER@HOST/DB');

const at = `${database}?event=load-${Date.now()}`;
hallEvent(qisai, '两台服务器压力测试', at);
const servers = [await serveOn(qisai, at, []), await serveOn(qisai, at, [])];
const agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: arbiters }));

function post(s, operation, body) {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: servers[s].port,
        path: `/api/${operation}`,
        method: 'POST',
        agent: agents[s],
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

// The pages: half on each server, counting the changes they are told.
const told = new Array(listeners).fill(0);
const streams = [];
for (let i = 0; i < listeners; i++) {
  const port = servers[i % 2].port;
  const s = net.connect(port, '127.0.0.1', () => {
    s.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  });
  let rest = '';
  s.on('data', (chunk) => {
    rest += chunk.toString();
    const lines = rest.split('\n');
    rest = lines.pop();
    for (const line of lines) if (line.startsWith('data:') && !line.includes('lagged')) told[i]++;
  });
  streams.push(s);
}
await new Promise((r) => setTimeout(r, 1000));

const until = Date.now() + seconds * 1000;
const latencies = [];
const last = new Map();
let changes = 0;
let refused = 0;
await Promise.all(
  Array.from({ length: arbiters }, async (_, a) => {
    let k = 0;
    await new Promise((r) => setTimeout(r, (a * 1000) / arbiters));
    while (Date.now() < until) {
      const next = Date.now() + 1000;
      const result = k++ % 2 ? '0-1' : '1-0';
      const started = performance.now();
      const status = await post(a % 2, 'results.record', { round: 1, board: a + 1, result });
      latencies.push(performance.now() - started);
      if (status === 200) {
        changes++;
        last.set(a + 1, result);
      } else refused++;
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
  }),
);
await new Promise((r) => setTimeout(r, 2000));

// Nothing acknowledged lost: each board holds the last result its arbiter was answered for.
const pairings = JSON.parse(execFileSync(qisai, ['-f', at, 'pairings', '--round', '1', '--json']));
const lost = [...last].filter(([board, result]) => {
  const shown = pairings.find((p) => p.board === board)?.result ?? '';
  return shown.replaceAll('1/2', '½') !== result && shown !== result;
}).length;
latencies.sort((a, b) => a - b);
const quantile = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1) : '-');
const fewest = Math.min(...told);
console.log(
  `2 servers, ${arbiters} arbiters (one result a second each), ${listeners} listeners, ${seconds} s: ` +
    `${changes} results (${refused} refused, ${lost} lost), latency p50 ${quantile(0.5)} ms, p95 ${quantile(0.95)} ms, p99 ${quantile(0.99)} ms; ` +
    `every listener told ${fewest}–${Math.max(...told)} of ${changes} changes` + (fewest >= changes ? ' (nothing lost)' : ''),
);
for (const s of streams) s.destroy();
for (const a of agents) a.destroy();
for (const s of servers) s.child.kill();
process.exit(fewest >= changes && refused === 0 && lost === 0 ? 0 : 1);
