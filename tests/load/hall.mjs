// What the load scripts start from: an event of 100 players in 10 round-robin groups
// (50 boards a round), and `qisai serve` on it.

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The drawn event's file (or `at`: an event address, `postgres://…?event=NAME`). */
export function hallEvent(qisai, name, at = null) {
  const work = mkdtempSync(join(tmpdir(), 'qisai-load-'));
  const file = at ?? join(work, 'hall.qisai');
  const run = (...args) => execFileSync(qisai, ['-f', file, ...args], { stdio: 'pipe' });
  execFileSync(qisai, ['new', file, '--name', name, '--game', 'xiangqi']);
  const csv = '姓名,单位\n' + Array.from({ length: 100 }, (_, i) => `选手${i + 1},俱乐部${i % 20}`).join('\n');
  writeFileSync(join(work, 'players.csv'), csv);
  run('player', 'import', join(work, 'players.csv'));
  run('stage', 'add', 'round-robin', '--groups', '10');
  run('draw', '--seed', '7');
  return file;
}

/** `qisai serve FILE` on a free port: the child and its port. */
export async function serveOn(qisai, file, extra = []) {
  const child = spawn(qisai, ['serve', file, '--port', '0', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      const m = String(chunk).match(/http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) resolve(Number(m[1]));
    });
  });
  return { child, port };
}
