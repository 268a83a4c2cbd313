// Measures the two figures of the desktop issue in a real browser, with a release
// build: first screen after loading the page, and a result entered → the standings
// updated on screen, at 500 entrants (50 round-robin groups of 10). A measurement,
// not a test: it prints the figures for the README.
//
//   cargo build --release -p qisai-cli && npm --prefix ui run build
//   node tests/browser/speed.mjs target/release/qisai

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const qisai = process.argv[2] ?? join(root, 'target', 'release', 'qisai');
const work = mkdtempSync(join(tmpdir(), 'qisai-speed-'));
const file = join(work, 'big.qisai');
const run = (...args) => execFileSync(qisai, ['-f', file, ...args], { stdio: 'pipe' });

execFileSync(qisai, ['new', file, '--name', '五百人公开赛', '--game', 'xiangqi']);
const csv = '姓名,单位,等级分\n' + Array.from({ length: 500 }, (_, i) => `选手${i + 1},俱乐部${i % 40},${2600 - i}`).join('\n');
writeFileSync(join(work, 'players.csv'), csv);
run('player', 'import', join(work, 'players.csv'));
run('stage', 'add', 'round-robin', '--groups', '50');
run('draw', '--seed', '500');

const child = spawn(qisai, ['serve', file, '--port', '0', '--ui', join(root, 'ui', 'dist')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve) => {
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
    const m = out.match(/http:\/\/[\d.]+:\d+\//);
    if (m) resolve(m[0]);
  });
});

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const loads = [];
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    await page.goto(url);
    await page.getByTestId('event-name').waitFor();
    loads.push(Date.now() - t0);
  }
  await page.locator('[data-nav="rounds"]').click();
  await page.getByTestId('entry').focus();
  const updates = [];
  for (let board = 1; board <= 10; board++) {
    for (const digit of String(board)) await page.keyboard.press(digit);
    await page.keyboard.press('Enter');
    const before = await page.getByTestId('update-ms').innerText().catch(() => '');
    await page.keyboard.press(board % 2 ? '1' : '0');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (prev) => document.querySelector('[data-testid="update-ms"]')?.textContent !== prev,
      before,
    );
    updates.push(Number((await page.getByTestId('update-ms').innerText()).match(/\d+/)[0]));
    await page.keyboard.press('Escape');
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`page load to first screen: median ${median(loads)} ms (${loads.join(', ')})`);
  console.log(`result → standings on screen at 500 entrants: median ${median(updates)} ms (${updates.join(', ')})`);
} finally {
  await browser.close();
  child.kill();
}
