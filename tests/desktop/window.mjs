// The real desktop window: tauri-driver with Debian's WebKitWebDriver opens the app
// (under Xvfb), creates an event, registers players, draws, and enters a result by
// keyboard. Plain W3C WebDriver over HTTP, no client library.
//
//   xvfb-run -a node tests/desktop/window.mjs [path/to/qisai-desktop]

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const app = process.argv[2] ?? join(root, 'target', 'debug', 'qisai-desktop');
// The command line beside it: `qisai serve` on the same file.
const qisai = process.argv[3] ?? join(dirname(app), 'qisai');
/** `qisai serve` on the window's file, once started. */
let served = null;
const artifacts = join(root, 'tests', 'artifacts', 'desktop');
mkdirSync(artifacts, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'qisai-desktop-'));
const eventFile = join(work, 'desktop.qisai');
const driverUrl = 'http://127.0.0.1:4444';
const ENTER = '\uE007';

// Where the app puts the PDF it would hand to the system's print dialog (a test cannot
// press a native dialog's buttons).
const printed = join(work, 'printed.pdf');
process.env.QISAI_PRINT_TO = printed;
const driverBin = process.env.TAURI_DRIVER ?? join(process.env.HOME ?? '', '.cargo', 'bin', 'tauri-driver');
const driver = spawn(driverBin, [], { stdio: ['ignore', 'inherit', 'inherit'] });

async function request(method, path, body) {
  const response = await fetch(`${driverUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok || json.value?.error) {
    throw new Error(`${method} ${path}: ${JSON.stringify(json.value ?? json)}`);
  }
  return json.value;
}

async function waitForDriver() {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${driverUrl}/status`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('tauri-driver did not start');
}

let session = null;
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

async function find(css, timeout = 10_000) {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      const found = await request('POST', `/session/${session}/element`, { using: 'css selector', value: css });
      const id = found?.[ELEMENT] ?? found?.ELEMENT;
      if (id) return id;
      throw new Error(`unexpected answer ${JSON.stringify(found)}`);
    } catch (e) {
      if (Date.now() > until) throw new Error(`no ${css}: ${e.message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const click = async (css) => request('POST', `/session/${session}/element/${await find(css)}/click`, {});
const type = async (css, text) =>
  request('POST', `/session/${session}/element/${await find(css)}/value`, { text });
/** Key presses to whatever has the focus. */
async function keys(text) {
  const actions = [...text].flatMap((value) => [
    { type: 'keyDown', value },
    { type: 'keyUp', value },
  ]);
  await request('POST', `/session/${session}/actions`, {
    actions: [{ type: 'key', id: 'keyboard', actions }],
  });
}
const text = async (css) => request('GET', `/session/${session}/element/${await find(css)}/text`);

async function waitForText(css, wanted, timeout = 10_000) {
  const until = Date.now() + timeout;
  let last = '';
  while (Date.now() < until) {
    try {
      last = await text(css);
      if (last.includes(wanted)) return last;
    } catch {
      // Not there yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${css} never showed '${wanted}' (last: '${last}')`);
}

async function screenshot(name) {
  const png = await request('GET', `/session/${session}/screenshot`);
  writeFileSync(join(artifacts, `${name}.png`), Buffer.from(png, 'base64'));
}

let failed = false;
try {
  await waitForDriver();
  const started = Date.now();
  const created = await request('POST', '/session', {
    capabilities: { alwaysMatch: { 'tauri:options': { application: app, args: [eventFile] } } },
  });
  session = created.sessionId;
  await find('[data-testid="new-event"]', 30_000);
  const coldStartMs = Date.now() - started;
  await screenshot('01-start');

  await type('[data-testid="event-name-input"]', '桌面测试赛');
  await click('[data-testid="create"]');
  await waitForText('[data-testid="event-name"]', '桌面测试赛');

  for (const name of ['王天一', '郑惟桐', '许银川', '赵鑫鑫']) {
    await type('[data-testid="add-player"] input', name + ENTER);
    await waitForText('[data-testid="notice"]', name);
  }
  await screenshot('02-players');

  await click('[data-nav="stages"]');
  await click('[data-testid="add-stage-button"]');
  await waitForText('[data-testid="stages"]', '1');
  await type('[data-testid="seed"]', '7');
  await click('[data-testid="draw"]');
  await waitForText('[data-testid="draw-result"]', '7');
  await click('[data-testid="confirm-draw"]');

  await click('[data-nav="rounds"]');
  await find('[data-testid="pairings"]');
  await click('[data-testid="entry"]');
  await keys('1' + ENTER + '1' + ENTER);
  const result = await waitForText('[data-testid="result-1"]', '1-0');
  assert.equal(result.trim(), '1-0');
  await waitForText('[data-testid="live-standings"]', '2');
  await screenshot('03-result');

  // The desktop app and `qisai serve` on one file: a result entered over HTTP (another
  // arbiter's) shows in the window, and one entered in the window is read over HTTP.
  served = spawn(qisai, ['serve', eventFile, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    served.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) resolve(match[0]);
    });
    served.on('exit', (code) => reject(new Error(`qisai serve exited with ${code}: ${out}`)));
  });
  const call = async (operation, body) => {
    const response = await fetch(`${base}api/${operation}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const entered = await call('results.record', { round: 1, board: 2, result: '0-1' });
  assert.equal(entered.status, 200, JSON.stringify(entered.body));
  await click('[data-nav="standings"]');
  await click('[data-nav="rounds"]');
  // Round 1 is complete with it: the screen goes on to round 2.
  await waitForText('[data-testid="progress-1"]', '2/2');
  await click('[data-testid="entry"]');
  await keys('1' + ENTER + '1' + ENTER);
  let second = null;
  for (let i = 0; i < 50 && second !== '1-0'; i++) {
    const pairings = await call('rounds.pairings', { round: 2 });
    second = pairings.body.find?.((p) => p.board === 1)?.result ?? null;
    if (second !== '1-0') await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(second, '1-0', 'the window\'s result is read over HTTP');
  await screenshot('04-beside-serve');

  // Printing from the preview prints the PDF itself, at its own page size (A4).
  await click('[data-nav="output"]');
  await click('[data-testid="preview-standings"]');
  await find('[data-testid="preview-page-1"]', 20_000);
  await screenshot('05-preview');
  await click('[data-testid="preview-print"]');
  for (let i = 0; i < 50 && !existsSync(printed); i++) await new Promise((r) => setTimeout(r, 100));
  const pdf = readFileSync(printed).toString('latin1');
  assert.ok(pdf.startsWith('%PDF-'), pdf.slice(0, 20));
  assert.match(pdf, /\/MediaBox\s*\[\s*0 0 595(\.\d+)? 841(\.\d+)?\s*\]/);

  writeFileSync(join(artifacts, 'timings.json'), JSON.stringify({ coldStartMs }, null, 1));
  console.log(`desktop: window to first screen ${coldStartMs} ms`);
  console.log('desktop: 1 passed (event created, results entered, beside qisai serve on the same file, a PDF printed)');
} catch (e) {
  failed = true;
  console.error(e.stack ?? String(e));
  if (session) await screenshot('failure').catch(() => {});
} finally {
  if (session) await request('DELETE', `/session/${session}`).catch(() => {});
  served?.kill();
  driver.kill();
}
process.exit(failed ? 1 : 0);
