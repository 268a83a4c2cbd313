// The organizer's everyday commands on a big event, timed through the whole process
// (start, open the event, answer, exit) as an organizer meets them (#34): a 2,000-player
// Swiss after five rounds with round 6 paired. A measurement, not a test: it prints
// each command's times over the runs, for the service README.
//
//   cargo build --release -p qisai-cli
//   node tests/load/organizer.mjs target/release/qisai [runs]
//
// The event is built by the command line itself (player import, draw, 5,000 results,
// each round paired), once, in a temporary folder; with QISAI_ORGANIZER_EVENT=FILE it
// is built there once and kept, and later runs measure that file.

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const qisai = process.argv[2] ?? 'target/release/qisai';
const runs = Number(process.argv[3] ?? 5);
const PLAYERS = 2000;
const ROUNDS_PLAYED = 5;

const work = mkdtempSync(join(tmpdir(), 'qisai-organizer-'));
const file = join(work, 'big.qisai');
const run = (...args) => execFileSync(qisai, ['-f', file, ...args], { maxBuffer: 1 << 28 });

const kept = process.env.QISAI_ORGANIZER_EVENT;

function build() {
  execFileSync(qisai, ['new', file, '--name', '两千人积分编排赛', '--game', 'xiangqi']);
  const csv = ['姓名,单位', ...Array.from({ length: PLAYERS }, (_, i) => `棋手${i + 1},俱乐部${i % 60}`)];
  writeFileSync(join(work, 'players.csv'), csv.join('\n') + '\n');
  run('player', 'import', join(work, 'players.csv'));
  run('stage', 'add', 'swiss', '--rounds', '9');
  run('draw', '--seed', '2026');
  for (let round = 1; round <= ROUNDS_PLAYED; round++) {
    const boards = JSON.parse(run('pairings', '--round', String(round), '--json').toString());
    for (const b of boards) {
      if (!b.black) continue;
      run('result', String(round), String(b.board), ['1-0', '0-1', '1/2'][(b.board + round) % 3]);
    }
    run('pair');
  }
  process.stderr.write(`built: ${PLAYERS} players, ${ROUNDS_PLAYED} rounds played, round 6 paired\n`);
}

try {
  if (kept && existsSync(kept)) {
    copyFileSync(kept, file);
  } else {
    build();
    if (kept) copyFileSync(file, kept);
  }

  const pdf = join(work, 'standings.pdf');
  const xlsx = join(work, 'event.xlsx');
  const actions = [
    // A correction on round 5 (its results stand; the sixth round is paired).
    ['result', ['result', String(ROUNDS_PLAYED), '1', '1-0', '--game', '1']],
    ['standings', ['standings']],
    ['pairings --json', ['pairings', '--json']],
    ['print standings', ['print', 'standings', '--output', pdf]],
    ['export xlsx', ['export', 'xlsx', xlsx]],
  ];
  const figures = {};
  for (const [name, args] of actions) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      // The correction flips between two results so that every run changes something.
      const a = name === 'result' ? ['result', String(ROUNDS_PLAYED), '1', i % 2 ? '1-0' : '0-1', '--game', '1'] : args;
      const started = process.hrtime.bigint();
      run(...a);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((x, y) => x - y);
    figures[name] = `${Math.round(times[0])}–${Math.round(times[times.length - 1])} ms (median ${Math.round(times[times.length >> 1])})`;
  }
  for (const [name, figure] of Object.entries(figures)) console.log(`${name.padEnd(18)} ${figure}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
