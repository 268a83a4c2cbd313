// The hall when every phone listens: thousands of pages on /events, and the chief
// arbiter's reads and writes, four command-line writers and the display beside them.
// A measurement, not a test: it prints the figures for the README (listeners held,
// overflow answered 503 with a retry hint, p50/p95/max of reads and writes, the
// server's memory).
//
//   cargo build --release -p qisai-cli
//   node tests/load/listeners.mjs target/release/qisai [listeners] [max-listeners] [seconds]

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import http from 'node:http';
import { hallEvent, serveOn } from './hall.mjs';

const qisai = process.argv[2] ?? 'target/release/qisai';
const listeners = Number(process.argv[3] ?? 2000);
const budget = Number(process.argv[4] ?? 4096);
const seconds = Number(process.argv[5] ?? 20);

const file = hallEvent(qisai, '收听压力测试');
const { child, port } = await serveOn(qisai, file, ['--max-listeners', String(budget)]);

// Each listener: a raw connection; its status line says whether it was let in.
const statuses = new Map();
const told = [];
const streams = [];
function listen(i) {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
    });
    told[i] = 0;
    let head = '';
    s.on('data', (chunk) => {
      const text = chunk.toString();
      if (!statuses.has(i)) {
        head += text;
        const m = head.match(/^HTTP\/1\.1 (\d+)/);
        if (m) {
          statuses.set(i, { status: Number(m[1]), retry: /retry-after: *\d+/i.test(head) });
          resolve();
        }
      }
      told[i] += (text.match(/^data:/gm) ?? []).length;
    });
    s.on('error', () => {
      if (!statuses.has(i)) statuses.set(i, { status: 0 });
      resolve();
    });
    streams.push(s);
  });
}
for (let i = 0; i < listeners; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, listeners - i) }, (_, k) => listen(i + k)));
}
const held = [...statuses.values()].filter((s) => s.status === 200).length;
const turnedAway = [...statuses.values()].filter((s) => s.status === 503);
const withRetry = turnedAway.filter((s) => s.retry).length;

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function post(operation, body) {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const started = performance.now();
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
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }));
      },
    );
    req.setTimeout(20_000, () => req.destroy());
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    req.end(data);
  });
}

// Beside the listeners: the chief arbiter reading and writing, and four command-line
// writers on the same file.
const until = Date.now() + seconds * 1000;
const reads = [];
const writes = [];
let failures = 0;
const cliTimes = [];
let cliFailures = 0;
// Each writer corrects its own board of round 2 back and forth.
const cli = (w, k) =>
  new Promise((resolve) => {
    const started = performance.now();
    execFile(qisai, ['-f', file, 'result', '2', String(w + 1), k % 2 ? '0-1' : '1-0'], (error) => {
      cliTimes.push(performance.now() - started);
      if (error) cliFailures++;
      resolve();
    });
  });
await Promise.all([
  (async () => {
    while (Date.now() < until) {
      const r = await post('hall.display', {});
      reads.push(r.ms);
      if (r.status !== 200) failures++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })(),
  (async () => {
    let k = 0;
    while (Date.now() < until) {
      const w = await post('results.record', { round: 1, board: (k % 50) + 1, result: Math.floor(k++ / 50) % 2 ? '0-1' : '1-0' });
      writes.push(w.ms);
      if (w.status !== 200) failures++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })(),
  ...Array.from({ length: 4 }, async (_, w) => {
    for (let k = 0; Date.now() < until; k++) {
      await cli(w, k);
      await new Promise((r) => setTimeout(r, 250));
    }
  }),
]);
await new Promise((r) => setTimeout(r, 1000));
const rss = (() => {
  try {
    const m = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? `${(Number(m[1]) / 1024).toFixed(0)} MB` : '?';
  } catch {
    return '?';
  }
})();
const fig = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const q = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1) : '-');
  return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${sorted.length ? sorted[sorted.length - 1].toFixed(0) : '-'} ms`;
};
const heldTold = told.filter((_, i) => statuses.get(i)?.status === 200);
console.log(
  `${listeners} listeners (budget ${budget}): ${held} held, ${turnedAway.length} answered 503 (${withRetry} with Retry-After); ` +
    `server memory ${rss}; beside them ${seconds} s: ${reads.length} reads ${fig(reads)}; ${writes.length} writes ${fig(writes)}; ` +
    `${cliTimes.length} CLI results ${fig(cliTimes)} (${cliFailures} failed); ${failures} requests failed; ` +
    `listeners told ${Math.min(...heldTold)}–${Math.max(...heldTold)} changes`,
);
for (const s of streams) s.destroy();
agent.destroy();
child.kill();
const expectedHeld = Math.min(listeners, budget);
process.exit(held === expectedHeld && turnedAway.length === listeners - expectedHeld && withRetry === turnedAway.length && failures === 0 && cliFailures === 0 ? 0 : 1);
