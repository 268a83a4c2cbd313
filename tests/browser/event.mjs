// A whole small event in a real browser: Debian's Chromium driven by playwright-core
// against the built UI served by `qisai serve`. Create the event, import players (a bad
// file first), draw, enter a round by keyboard, watch the standings, undo, export CSV,
// print a PDF, switch to English. Screenshots of every screen go to
// tests/artifacts/ui/.
//
//   node tests/browser/event.mjs [path/to/qisai]

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const qisai = process.argv[2] ?? join(root, 'target', 'debug', 'qisai');
const artifacts = join(root, 'tests', 'artifacts', 'ui');
mkdirSync(artifacts, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'qisai-browser-'));

/** Starts `qisai serve` on a free port; resolves with its address. */
function serve(file) {
  const child = spawn(qisai, ['serve', file, '--port', '0', '--ui', join(root, 'ui', 'dist')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/[\d.]+:\d+\//);
      if (match) resolve({ child, url: match[0] });
    });
    child.on('exit', (code) => reject(new Error(`qisai serve exited with ${code}: ${out}`)));
  });
}

const players = [
  ['王天一', '杭州', 2600],
  ['郑惟桐', '四川', 2580],
  ['许银川', '广东', 2550],
  ['赵鑫鑫', '浙江', 2540],
  ['洪智', '湖北', 2530],
  ['吕钦', '广东', 2520],
];
const goodCsv = '姓名,单位,等级分\n' + players.map((p) => p.join(',')).join('\n') + '\n';
const badCsv = '姓名,单位,等级分\n王天一,杭州,2600\n,四川,\n许银川,广东,很高\n';
// A PGN as older Chinese software writes it, in GBK: "1. 炮二平五 马8进7", red resigned.
const gbkRecord = Buffer.concat([
  Buffer.from('[Result "0-1"]\n\n1. '),
  Buffer.from('c5dab6fec6bdcee520c2ed38bdf837', 'hex'),
  Buffer.from(' 0-1\n'),
]);

const { child, url } = await serve(join(work, 'e2e.qisai'));
const browser = await launch();
const failures = [];
try {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const acceptDialogs = (d) => d.accept();
  page.on('dialog', acceptDialogs);
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  // Under Chinese, no screen shows an English word beyond what is typed as it is.
  const AS_TYPED = new Set(['English', 'Esc', 'Enter', 'PageUp', 'PageDown', 'zip', 'Qisai', 'CSV', 'PDF', 'xlsx', 'Excel', 'UTF', 'GBK', 'FEN', 'PGN', 'A4', 'QISAI', 'name', 'club', 'rating', 'seed', 'members']);
  let chinese = true;
  const noEnglish = async (name) => {
    if (!chinese) return;
    const text = await page.evaluate(() => document.body.innerText);
    // Paths and file names are the organizer's own.
    const prose = text.replace(/\S*\/\S*/g, ' ').replace(/[\w.-]+\.(csv|xlsx|pdf|qisai|pgn|txt|zip|xqf)\b/g, ' ');
    const words = (prose.match(/[A-Za-z][A-Za-z'’]+/g) ?? []).filter((w) => !AS_TYPED.has(w));
    if (words.length) failures.push(`${name}: English under Chinese: ${[...new Set(words)].join(', ')}`);
  };
  const shot = async (name) => {
    await noEnglish(name);
    await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  };
  /** A screen at 1366×768 and again at 1093×614 (1366 at 125 % scaling). */
  const shotBoth = async (name) => {
    await shot(name);
    await page.setViewportSize({ width: 1093, height: 614 });
    await shot(`${name}-1093`);
    await page.setViewportSize({ width: 1366, height: 768 });
  };
  /** The keys help under the entry box keeps to one line (at 1366 px). */
  const keysOnOneLine = async (name) => {
    const { height, font, width } = await page.evaluate(() => {
      const help = document.getElementById('entry-keys');
      return { height: help.getBoundingClientRect().height, font: parseFloat(getComputedStyle(help).fontSize), width: window.innerWidth };
    });
    assert.ok(height < font * 2, `${name}: the keys help wraps at ${width} px (${height} px high)`);
  };
  /** Waits until the keyboard entry box reads `pattern`. */
  const entryShows = (pattern) =>
    page.waitForFunction(
      ([source, flags]) => new RegExp(source, flags).test(document.querySelector('[data-testid="entry"]')?.value ?? ''),
      [pattern.source, pattern.flags],
    );

  const t0 = Date.now();
  await page.goto(url);
  await page.getByTestId('new-event').waitFor();
  const firstScreenMs = Date.now() - t0;
  const readyMs = await page.evaluate(() => window.qisaiReady);
  // The UI's own CJK face is the one on screen, whatever the machine has.
  const ownFont = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((f) => f.family.includes('Qisai CJK') && f.status === 'loaded');
  });
  assert.ok(ownFont, 'the bundled CJK font is loaded');
  await shot('01-start');

  // Create the event.
  await page.getByTestId('event-name-input').fill('浏览器测试公开赛');
  await page.getByTestId('create').click();
  await page.getByTestId('event-name').waitFor();
  assert.equal(await page.getByTestId('event-name').innerText(), '浏览器测试公开赛');

  // Import: a bad file shows its errors by line and cannot be imported.
  await page.getByTestId('csv-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv) });
  const preview = page.getByTestId('import-preview');
  await preview.waitFor();
  const previewText = await preview.innerText();
  assert.match(previewText, /2 处错误/);
  assert.match(previewText, /姓名不能为空/);
  assert.ok(await page.getByTestId('import').isDisabled());
  await shot('02-import-errors');
  await page.getByTestId('csv-file').setInputFiles({ name: 'players.csv', mimeType: 'text/csv', buffer: Buffer.from(goodCsv) });
  await page.getByText('可导入 6 行，0 处错误').waitFor();
  await page.getByTestId('import').click();
  await page.getByText('已导入 6 名').waitFor();
  await page.getByTestId('players').locator('tbody tr').nth(5).waitFor();
  assert.equal(await page.getByTestId('players').locator('tbody tr').count(), 6);
  // The search box keeps the rows whose name or club holds what is typed.
  await page.getByTestId('players-search').fill(players[0][1]);
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="players"] tbody tr').length === n,
    players.filter((p) => p[1] === players[0][1]).length,
  );
  await page.getByTestId('players-search').fill('');
  await page.getByTestId('players').locator('tbody tr').nth(5).waitFor();
  // Columns sort: the rating, highest first, then lowest first.
  await page.getByTestId('sort-rating').click();
  await page.getByTestId('players').locator('tbody tr').first().getByText('2600').waitFor();
  await page.getByTestId('sort-rating').click();
  await page.getByTestId('players').locator('tbody tr').first().getByText('2520').waitFor();
  await page.getByTestId('sort-id').click();
  await page.getByTestId('players').locator('tbody tr').first().getByText('2600').waitFor();
  // An inline edit: Esc leaves the row as it was.
  // A row's actions are in its menu.
  await page.getByTestId('actions-1').locator('summary').click();
  await page.getByTestId('edit-1').click();
  await page.getByTestId('edit-name-1').fill('改错的名字');
  await page.getByTestId('edit-name-1').press('Escape');
  await page.getByTestId('players').locator('tbody tr').first().getByText(players[0][0]).waitFor();
  await shot('03-players');

  // A round robin, drawn with a seed the organizer types. The new screen starts
  // without the last screen's message.
  await page.locator('[data-nav="stages"]').click();
  assert.equal(await page.getByTestId('notice').count(), 0);
  await page.getByTestId('add-stage-button').click();
  await page.getByText('已添加第 1 阶段').waitFor();
  await page.getByTestId('seed').fill('2026');
  await page.getByTestId('draw').click();
  await page.getByTestId('draw-result').waitFor();
  assert.match(await page.getByTestId('draw-result').innerText(), /抽签种子 2026/);
  await shot('04-draw');
  await page.getByTestId('confirm-draw').click();

  // Round 1 by keyboard only: board 1, then 1 / 0 / = with Enter between.
  await page.locator('[data-nav="rounds"]').click();
  const entry = page.getByTestId('entry');
  await entry.waitFor();
  await entry.focus();
  for (const key of ['1', 'Enter', '1', 'Enter', '0', 'Enter', '=', 'Enter']) {
    await page.keyboard.press(key);
    if (key === 'Enter') await page.waitForTimeout(50);
  }
  // The round is complete: the entry moves on to round 2, and the tab says 3/3.
  await page.getByText('本轮成绩已齐，转到第 2 轮').waitFor();
  assert.equal(await page.getByTestId('progress-1').innerText(), '3/3');
  assert.equal(await page.getByTestId('progress-2').innerText(), '0/3');
  // PageUp goes back to round 1 without leaving the keyboard.
  await page.keyboard.press('PageUp');
  await page.getByTestId('result-3').filter({ hasText: '1/2' }).waitFor();
  assert.equal(await page.getByTestId('result-1').innerText(), '1-0');
  assert.equal(await page.getByTestId('result-2').innerText(), '0-1');
  const live = await page.getByTestId('live-standings').innerText();
  assert.match(live, /名次已更新/);
  // The live table is the group of the boards entered: the winner of board 1 shares first with 2 points.
  const winner = (await page.locator('[data-board="1"] td').nth(1).innerText()).split(' ')[0];
  assert.match(live, new RegExp(`1(–2)?\\. ${winner}\\s+2`));
  const updateMs = Number((await page.getByTestId('update-ms').innerText()).match(/\d+/)[0]);
  // Typing board 1 again corrects it, with its own colours (not a second game).
  await page.getByTestId('entry').focus();
  for (const key of ['1', 'Enter']) await page.keyboard.press(key);
  assert.match(await page.getByTestId('entry-colours').innerText(), /^更正第 1 台：\S+ 执红（先手），\S+ 执黑$/);
  await page.keyboard.press('Escape');
  await keysOnOneLine('05-round-entry');
  await shot('05-round-entry');

  // Standings, and how a value was computed.
  await page.locator('[data-nav="standings"]').click();
  const table = page.getByTestId('standings');
  await table.waitFor();
  assert.equal(await table.locator('tbody tr').count(), 6);
  await table.locator('tbody tr').first().locator('button.link').first().click();
  await page.getByTestId('explanation').waitFor();
  assert.match(await page.getByTestId('explanation').innerText(), /积分/);
  // It opens beside the row clicked, not below the whole table.
  const clicked = await table.locator('tbody tr').first().boundingBox();
  const opened = await page.getByTestId('explanation').boundingBox();
  assert.ok(opened.y - (clicked.y + clicked.height) < 30, `explanation at ${opened.y}, row ends at ${clicked.y + clicked.height}`);
  await shot('06-standings');

  await page.locator('[data-nav="tables"]').click();
  await page.getByTestId('crosstable').waitFor();
  await shot('07-crosstable');

  // Undo the last result: board 3 is open again.
  await page.locator('[data-nav="log"]').click();
  // Undo says what it will undo, and asks.
  const asked = page.waitForEvent('dialog');
  await page.getByTestId('undo').click();
  assert.match((await asked).message(), /^撤销这一步？\n成绩 第1阶段 循环赛 第1轮 第3台/);
  await page.getByText(/已撤销/).first().waitFor();
  await shot('08-log');
  await page.locator('[data-nav="rounds"]').click();
  await page.getByTestId('pairings').waitFor();
  assert.equal(await page.getByTestId('result-3').innerText(), '');

  // A game record attached from a GBK file: red resigned after two moves ([Result] 0-1).
  // Typed 1-0 disagrees; declining the confirmation saves nothing; 0-1 is saved with
  // the engine's verdict shown.
  await page.getByTestId('row-actions-3').locator('summary').click();
  await page.getByTestId('attach-3').click();
  await page.getByTestId('record-file').setInputFiles({ name: 'board3.pgn', mimeType: 'text/plain', buffer: gbkRecord });
  await page.waitForFunction(() => document.querySelector('[data-testid="record-text"]')?.value.includes('炮二平五'));
  await page.getByTestId('record-result').selectOption('1-0');
  page.off('dialog', acceptDialogs);
  const declined = new Promise((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.message());
      d.dismiss();
    }),
  );
  await page.getByTestId('record-save').click();
  let timer;
  const noDialog = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no confirmation was asked')), 15000);
  });
  const question = await Promise.race([declined, noDialog]);
  clearTimeout(timer);
  assert.equal(question, '棋谱判定为 0-1（棋谱所记结果，2 着），与录入的 1-0 不符。\n仍按录入的结果保存？');
  page.on('dialog', acceptDialogs);
  assert.equal(await page.getByTestId('result-3').innerText(), '');
  await page.getByTestId('record-result').selectOption('0-1');
  await page.getByTestId('record-save').click();
  await page.getByTestId('result-3').filter({ hasText: '0-1' }).waitFor();
  assert.match(await page.getByTestId('adjudication').innerText(), /0-1（棋谱所记结果，2 着）/);
  // The record is kept: the row offers it, the viewer shows its moves and the board.
  await page.getByTestId('record-mark-3').waitFor();
  await page.getByTestId('row-actions-3').locator('summary').click();
  await page.getByTestId('view-3').click();
  await page.getByTestId('viewer-moves').getByText('1. 炮二平五').waitFor();
  // Numbered in pairs, as a move list reads: red's ply and black's reply.
  assert.match(await page.getByTestId('viewer-moves').innerText(), /1\. 炮二平五 马8进7/);
  assert.equal(await page.getByTestId('piece-e2').textContent(), '炮');
  await page.getByTestId('moved-g7').waitFor();
  await page.getByTestId('ply-1').click();
  await page.getByTestId('moved-h2').waitFor();
  assert.equal(await page.getByTestId('piece-h9').textContent(), '马');
  await shot('08b-record');

  // CSV export (four files) and a PDF.
  await page.locator('[data-nav="output"]').click();
  const downloads = [];
  page.on('download', (d) => downloads.push(d));
  await page.getByTestId('export-csv').click();
  await page.waitForTimeout(500);
  const pdfDownload = page.waitForEvent('download');
  await page.getByTestId('print-standings').click();
  const pdf = await pdfDownload;
  const pdfPath = join(work, 'standings.pdf');
  await pdf.saveAs(pdfPath);
  assert.equal(readFileSync(pdfPath).subarray(0, 4).toString(), '%PDF');
  const csvNames = downloads.map((d) => d.suggestedFilename()).filter((n) => n.endsWith('.csv')).sort();
  assert.deepEqual(csvNames, ['pairings.csv', 'players.csv', 'results.csv', 'standings.csv']);
  const standingsCsv = downloads.find((d) => d.suggestedFilename() === 'standings.csv');
  const csvPath = join(work, 'standings.csv');
  await standingsCsv.saveAs(csvPath);
  assert.match(readFileSync(csvPath, 'utf8'), /王天一|郑惟桐/);
  // The same as one Excel workbook.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByTestId('export-xlsx').click();
  const xlsx = await xlsxDownload;
  assert.equal(xlsx.suggestedFilename(), 'event.xlsx');
  const xlsxPath = join(work, 'event.xlsx');
  await xlsx.saveAs(xlsxPath);
  assert.equal(readFileSync(xlsxPath).subarray(0, 2).toString(), 'PK');
  // A preview inside the app: the document's pages drawn, ready to print.
  await page.getByTestId('preview-standings').click();
  await page.getByTestId('print-preview').locator('canvas').first().waitFor();
  assert.match(await page.getByTestId('preview-pages').innerText(), /共 1 页/);
  const drawn = await page.evaluate(() => {
    const c = document.querySelector('[data-testid="print-preview"] canvas');
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) ink++;
    return ink;
  });
  assert.ok(drawn > 1000, `the page has ink: ${drawn}`);
  // Printing sends the PDF itself (the browser prints it from a frame of its own), at
  // the document's page size (A4 portrait for the standings), not pictures of it.
  // (The page may not fetch a blob: the test keeps each one it makes to read it. And
  // headless Chromium's renderer dies printing a PDF: the frame's print is counted.)
  await page.evaluate(() => {
    const make = URL.createObjectURL;
    window.madeBlobs = new Map();
    URL.createObjectURL = (blob) => {
      const url = make(blob);
      window.madeBlobs.set(url, blob);
      return url;
    };
    const frameWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow').get;
    window.framePrints = 0;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      get() {
        if (this.dataset.testid !== 'print-frame') return frameWindow.call(this);
        return { focus() {}, print: () => window.framePrints++ };
      },
    });
  });
  await page.getByTestId('preview-print').click();
  await page.locator('iframe[data-testid="print-frame"]').waitFor({ state: 'attached' });
  const printed = await page.evaluate(async () => {
    const frame = document.querySelector('iframe[data-testid="print-frame"]');
    const bytes = new Uint8Array(await window.madeBlobs.get(frame.src).arrayBuffer());
    return { src: frame.src, text: new TextDecoder('latin1').decode(bytes) };
  });
  assert.match(printed.src, /^blob:/);
  await page.waitForFunction(() => window.framePrints === 1);
  assert.ok(printed.text.startsWith('%PDF-'), printed.text.slice(0, 20));
  assert.match(printed.text, /\/MediaBox\s*\[\s*0 0 595(\.\d+)? 841(\.\d+)?\s*\]/);
  await shotBoth('09b-preview');
  // Or all of it as one zip.
  const zipDownload = page.waitForEvent('download');
  await page.getByTestId('export-zip').click();
  const zip = await zipDownload;
  assert.equal(zip.suggestedFilename(), 'event.zip');
  const zipPath = join(work, 'event.zip');
  await zip.saveAs(zipPath);
  const zipped = readFileSync(zipPath).toString('latin1');
  for (const name of ['players.csv', 'pairings.csv', 'results.csv', 'standings.csv', 'event.xlsx']) {
    assert.ok(zipped.includes(name), `${name} in the zip`);
  }
  await shot('09-output');

  // The event renamed and its time control changed after creation.
  await page.locator('[data-nav="start"]').click();
  await page.getByTestId('edit-name').fill('浏览器测试公开赛（更名）');
  await page.getByTestId('edit-time').fill('每方 25 分钟');
  await page.getByTestId('edit-venue').fill('杭州棋院');
  await page.getByTestId('edit-arbiter').fill('张裁判');
  await page.getByTestId('save-details').click();
  await page.getByText('赛事信息已保存').waitFor();
  assert.match(await page.getByTestId('event-kind').innerText(), /象棋 · 每局 2 人 · 胜-和-负 计分 2-1-0/);
  // The scoring is editable too: the standings follow.
  await page.getByTestId('edit-scoring').fill('1-0.5-0');
  await page.getByTestId('save-details').click();
  // Results are entered: the page asks (the dialog is accepted) and says how many it rescored.
  await page.getByText(/已按新计分重算 \d+ 个成绩/).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="event-kind"]')?.textContent?.includes('1-0.5-0'));
  await page.waitForFunction(() => document.querySelector('[data-testid="event-name"]')?.textContent === '浏览器测试公开赛（更名）');
  assert.equal(await page.getByTestId('edit-time').inputValue(), '每方 25 分钟');
  assert.equal(await page.getByTestId('edit-venue').inputValue(), '杭州棋院');
  assert.equal(await page.getByTestId('edit-arbiter').inputValue(), '张裁判');

  // English at the flick of a switch.
  chinese = false;
  await page.getByTestId('lang').selectOption('en');
  await page.getByText('Print & export').first().waitFor();
  assert.equal(await page.locator('[data-nav="players"]').innerText(), 'Players');
  await shot('10-english');
  // Every screen in English too, at the same 1366×768.
  for (const screen of ['players', 'stages', 'rounds', 'standings', 'tables', 'log', 'output']) {
    await page.locator(`[data-nav="${screen}"]`).click();
    await page.waitForTimeout(150);
    await shot(`10-en-${screen}`);
  }

  // A second page load of the running event, for the first-screen figure.
  const t1 = Date.now();
  await page.reload();
  await page.getByTestId('event-name').waitFor();
  const reopenMs = Date.now() - t1;

  // A team event: a match's boards are entered one after the other.
  const team = await serve(join(work, 'team.qisai'));
  try {
    await page.goto(team.url);
    chinese = true;
    await page.getByTestId('event-name-input').fill('团体赛');
    await page.locator('[data-testid="new-event"] input[type="checkbox"]').check();
    await page.locator('[data-testid="new-event"] input[type="number"]').fill('2');
    await page.getByTestId('create').click();
    await page.getByTestId('event-name').waitFor();
    for (const [i, club] of ['北京', '上海', '广东', '四川'].entries()) {
      const inputs = page.getByTestId('add-player').locator('input');
      await inputs.nth(0).fill(`${club}队`);
      await inputs.nth(4).fill(`${club}甲、${club}乙`);
      await page.getByTestId('add-player').locator('button').click();
      await page.getByTestId('players').locator('tbody tr').nth(i).waitFor();
    }
    await page.locator('[data-nav="stages"]').click();
    await page.getByTestId('add-stage-button').click();
    await page.getByText('已添加第 1 阶段').waitFor();
    await page.getByTestId('draw').click();
    await page.getByTestId('confirm-draw').click();
    await page.locator('[data-nav="rounds"]').click();
    // Every board of a match with its players: the first-named team red on board 1.
    const board11 = page.getByTestId('team-board-1-1');
    await board11.waitFor();
    const firstTeam = (await page.locator('[data-board="1"] td').nth(1).innerText()).split(' ')[0];
    const club = firstTeam.replace('队', '');
    assert.match(await board11.innerText(), new RegExp(`${club}甲[\\s\\S]*红`));
    // A line-up: the first team's members swap boards before the match starts.
    await page.getByTestId('lineup-1').click();
    await page.getByTestId('lineup-form').waitFor();
    await page.getByTestId('lineup-0-1').selectOption(`${club}乙`);
    await page.getByTestId('lineup-0-2').selectOption(`${club}甲`);
    await page.getByTestId('lineup-save').click();
    await page.getByText('第 1 场出场名单已保存').waitFor();
    await page.waitForFunction((name) => document.querySelector('[data-testid="team-board-1-1"]')?.textContent?.includes(name), `${club}乙`);
    await shot('11b-team-lineup');
    await page.getByTestId('entry').focus();
    for (const key of ['1', 'Enter']) await page.keyboard.press(key);
    await entryShows(/第 1 场第 1 台/);
    // The board's colours while entering: who has red on it.
    assert.match(await page.getByTestId('entry-colours').innerText(), /^第 1 台：\S+ 执红（先手），\S+ 执黑$/);
    for (const key of ['1', 'Enter', '1', 'Enter']) {
      await page.keyboard.press(key);
      if (key === 'Enter') await page.waitForTimeout(100);
    }
    // Red wins on both boards; colours alternate between a match's boards, so the teams
    // split the game points 2-2 and the next entry is match 2, board 1.
    await page.getByTestId('result-1').filter({ hasText: '2-2' }).waitFor();
    await entryShows(/第 2 场第 1 台/);
    await shot('11-team-entry');
  } finally {
    team.child.kill();
  }

  // Checkers for three at a table: created on the start screen, each table entered by
  // keyboard as its number, then the winner's seat or the finishing order.
  const tables = await serve(join(work, 'tables.qisai'));
  try {
    await page.goto(tables.url);
    chinese = true;
    await page.getByTestId('event-name-input').fill('跳棋三人赛');
    await page.getByTestId('start-game').selectOption('checkers');
    await page.getByTestId('start-players').selectOption('3');
    // Checkers tables offer their scoring: by place, N − 1 for the first.
    await page.getByTestId('start-table-scoring').selectOption('placement');
    await page.getByTestId('create').click();
    await page.getByTestId('event-name').waitFor();
    for (const [i, name] of ['甲', '乙', '丙', '丁', '戊', '己'].entries()) {
      await page.getByTestId('add-player').locator('input').nth(0).fill(name);
      await page.getByTestId('add-player').locator('button').click();
      await page.getByTestId('players').locator('tbody tr').nth(i).waitFor();
    }
    await page.locator('[data-nav="stages"]').click();
    await page.getByTestId('add-stage-button').click();
    await page.getByText('已添加第 1 阶段').waitFor();
    await page.getByTestId('draw').click();
    await page.getByTestId('confirm-draw').click();
    await page.locator('[data-nav="rounds"]').click();
    const seats = page.getByTestId('seats-1');
    await seats.waitFor();
    assert.match(await seats.innerText(), /1号[\s\S]*2号[\s\S]*3号/);
    await page.getByTestId('entry').focus();
    for (const key of ['1', 'Enter', '2']) await page.keyboard.press(key);
    await entryShows(/第 1 桌：2号胜/);
    await page.keyboard.press('Enter');
    await page.getByTestId('result-1').filter({ hasText: '2号胜' }).waitFor();
    // Table 2: seats 3 then 1; the last seat need not be typed.
    for (const key of ['3', '1']) await page.keyboard.press(key);
    await entryShows(/第 2 桌：名次 3、1、2/);
    await page.keyboard.press('Enter');
    // Round 1 is complete: the keyboard moves on to round 2.
    await page.getByTestId('progress-1').filter({ hasText: '2/2' }).waitFor();
    await page.locator('[role="tab"].active').filter({ hasText: '2' }).waitFor();
    await keysOnOneLine('11c-tables-entry');
    await shot('11c-tables-entry');
    const standings = JSON.parse(execFileSync(qisai, ['-f', join(work, 'tables.qisai'), 'standings', '--json']).toString());
    // Scored by place: each table's winner 2.
    assert.equal(standings.filter((r) => r.points === 2).length, 2, JSON.stringify(standings));
    // A checkers record kept with a table's result shows on the star, move by move.
    const checkersRecord = join(work, 'checkers.txt');
    writeFileSync(checkersRecord, 'players 3\npieces 10\nN:d1-e6\n');
    execFileSync(qisai, ['-f', join(work, 'tables.qisai'), 'result', '1', '1', '2号胜', '--record', checkersRecord]);
    await page.reload();
    await page.locator('[data-nav="rounds"]').click();
    await page.getByRole('tab', { name: /第 1 轮/ }).click();
    await page.getByTestId('record-mark-1').waitFor();
    await page.getByTestId('row-actions-1').locator('summary').click();
    await page.getByTestId('view-1').click();
    const viewer = page.getByTestId('record-viewer');
    await viewer.getByTestId('ply-1').waitFor();
    assert.equal(await viewer.locator('[data-testid^="piece-"]').count(), 30, 'ten pieces for each of three');
    assert.equal(await viewer.locator('[data-testid^="moved-"]').count(), 2, 'the move\'s holes marked');
    assert.equal((await viewer.getByTestId('viewer-seats').innerText()).replace(/\s/g, ''), '1号2号3号');
    await viewer.getByRole('button', { name: '开局' }).click();
    assert.equal(await viewer.locator('[data-testid^="moved-"]').count(), 0);
    await shotBoth('11e-checkers-record');
    // The projector shows each table's seats in turn order with the players' points.
    await page.goto(`${tables.url}display`);
    const shown = page.getByTestId('display-seats').first();
    await shown.waitFor();
    assert.match(await shown.innerText(), /1号[\s\S]*2号[\s\S]*3号/);
    await shot('11d-tables-display');
  } finally {
    tables.child.kill();
  }

  // A knockout: the drawn bracket is shown before it is confirmed, the next round is
  // paired from the results screen, and the bracket grows.
  const knockout = await serve(join(work, 'knockout.qisai'));
  try {
    await page.goto(knockout.url);
    chinese = true;
    await page.getByTestId('event-name-input').fill('淘汰赛');
    await page.getByTestId('create').click();
    await page.getByTestId('event-name').waitFor();
    for (const [i, [name]] of players.slice(0, 4).entries()) {
      await page.getByTestId('add-player').locator('input').first().fill(name);
      await page.getByTestId('add-player').locator('button').click();
      await page.getByTestId('players').locator('tbody tr').nth(i).waitFor();
      // The cursor is back in 姓名 for the next player.
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'player-name');
    }
    // A refusal about one field is shown beside it.
    await page.getByTestId('player-name').fill(players[0][0]);
    await page.getByTestId('add-player').locator('button').click();
    await page.getByTestId('error-name').filter({ hasText: '已经报名' }).waitFor();
    await page.getByTestId('player-name').fill('新选手');
    await page.getByTestId('player-rating').fill('9999');
    await page.getByTestId('add-player').locator('button').click();
    await page.getByTestId('error-rating').filter({ hasText: '超出范围' }).waitFor();
    assert.equal(await page.getByTestId('error-name').count(), 0);
    await page.getByTestId('player-name').fill('');
    await page.getByTestId('player-rating').fill('');
    await page.locator('[data-nav="stages"]').click();
    await page.getByTestId('format').selectOption('knockout');
    await page.getByTestId('add-stage-button').click();
    await page.getByText('已添加第 1 阶段').waitFor();
    await page.getByTestId('seed').fill('9');
    await page.getByTestId('draw').click();
    await page.getByTestId('draw-result').getByTestId('bracket').waitFor();
    await shot('12-knockout-draw');
    await page.getByTestId('confirm-draw').click();
    await page.locator('[data-nav="rounds"]').click();
    await page.getByTestId('entry').focus();
    for (const key of ['1', 'Enter', '1', 'Enter', '0', 'Enter']) {
      await page.keyboard.press(key);
      if (key === 'Enter') await page.waitForTimeout(100);
    }
    await page.getByTestId('result-2').filter({ hasText: '0-1' }).waitFor();
    // The button says what it will do, and is there only while there is a round to pair.
    assert.equal(await page.getByTestId('pair-next').innerText(), '编排第 2 轮');
    await page.getByTestId('pair-next').click();
    await page.getByText('已编排第 2 轮').waitFor();
    // Gone once the screen has reloaded the round just paired (the notice comes first).
    await page.getByTestId('pair-next').waitFor({ state: 'detached', timeout: 5000 });
    await page.locator('[data-nav="tables"]').click();
    const bracket = page.getByTestId('bracket');
    await bracket.waitFor();
    // Rounds named from the end; the final holds the two winners (board 1's red and
    // board 2's black).
    assert.equal(await page.getByTestId('round-name-1').textContent(), '半决赛');
    assert.equal(await page.getByTestId('round-name-2').textContent(), '决赛');
    const final = await page.getByTestId('match-2-1').textContent();
    assert.equal(players.filter(([n]) => final.includes(n)).length, 2, final);
    // The final decided: the champion's banner.
    await page.locator('[data-nav="rounds"]').click();
    await page.getByTestId('entry').focus();
    for (const key of ['1', 'Enter', '1', 'Enter']) {
      await page.keyboard.press(key);
      if (key === 'Enter') await page.waitForTimeout(100);
    }
    await page.getByTestId('result-1').filter({ hasText: '1-0' }).waitFor();
    await page.locator('[data-nav="tables"]').click();
    await page.getByTestId('champion').waitFor();
    assert.match(await page.getByTestId('champion').textContent(), /冠军：\S+/);
    await shot('13-bracket');
  } finally {
    knockout.child.kill();
  }

  // A Swiss stage: set up in the stage form, round 2 paired from round 1's results,
  // the reasons shown board by board, a swap by hand, the wall chart.
  const swiss = await serve(join(work, 'swiss.qisai'));
  try {
    await page.goto(swiss.url);
    chinese = true;
    await page.getByTestId('event-name-input').fill('积分编排赛');
    await page.getByTestId('create').click();
    await page.getByTestId('event-name').waitFor();
    for (const [i, [name]] of players.entries()) {
      await page.getByTestId('add-player').locator('input').first().fill(name);
      await page.getByTestId('add-player').locator('button').click();
      await page.getByTestId('players').locator('tbody tr').nth(i).waitFor();
    }
    await page.locator('[data-nav="stages"]').click();
    await page.getByTestId('format').selectOption('swiss');
    await page.getByTestId('option-rounds').fill('3');
    await page.getByTestId('option-no_three_same').check();
    // A Swiss offers its own chains (对手分 first) and no fields for matches of several games.
    assert.match(await page.getByTestId('stage-preset').locator('option:checked').innerText(), /对手分/);
    assert.equal(await page.getByText('每场局数').count(), 0);
    await page.getByTestId('add-stage-button').click();
    await page.getByText('已添加第 1 阶段').waitFor();
    await page.getByTestId('stages').getByText(/积分编排 3 轮，首轮拦腰，禁3先\/后/).waitFor();
    await page.getByTestId('seed').fill('5');
    await page.getByTestId('draw').click();
    await page.getByTestId('confirm-draw').click();
    await page.locator('[data-nav="rounds"]').click();
    await page.getByTestId('entry').focus();
    for (const key of ['1', 'Enter', '1', 'Enter', '0', 'Enter', '=', 'Enter']) {
      await page.keyboard.press(key);
      if (key === 'Enter') await page.waitForTimeout(100);
    }
    await page.getByTestId('result-3').filter({ hasText: '1/2' }).waitFor();
    // The round's last result is in: one key in the entry box pairs round 2, and the
    // box then waits on board 1.
    await entryShows(/按回车编排第 2 轮/);
    await page.keyboard.press('Enter');
    await page.getByText('已编排第 2 轮').waitFor();
    await page.getByRole('tab', { name: '第 2 轮' }).waitFor();
    await entryShows(/第 1 台/);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'entry');
    // The wall chart's numbers beside the names.
    assert.match(await page.getByTestId('number-1-red').innerText(), /^\d+$/);
    await page.getByTestId('explain').click();
    await page.getByTestId('reason-1').waitFor();
    assert.match(await page.getByTestId('reason-1').innerText(), /分组/);
    // Each score group with its members: six players after round 1 in three groups.
    assert.match(await page.getByTestId('score-groups').innerText(), /2 分（\d 人）：\S+/);
    await shot('14-swiss-round-2');
    const blackOf = (board) => page.locator(`[data-board="${board}"] td`).nth(3).innerText();
    const [before1, before2] = [await blackOf(1), await blackOf(2)];
    await page.getByTestId('swap-a').fill('1');
    await page.getByTestId('swap-b').fill('2');
    // The swap is shown as it would be before it is made.
    await page.getByTestId('swap').click();
    const preview = page.getByTestId('swap-preview');
    await preview.waitFor();
    const previewText = await preview.innerText();
    assert.match(previewText, /第 1 台：.+ — .+ → .+ — .+\n.*第 2 台：/);
    assert.equal((await blackOf(1)).trim(), before1.trim(), 'nothing swapped before the confirmation');
    await shotBoth('14b-swap-preview');
    await page.getByTestId('swap-confirm').click();
    await page.getByText(/第 2 轮：第 1 台与第 2 台交换后手方/).waitFor();
    await page.waitForFunction(
      ([b]) => document.querySelector('[data-board="1"]')?.children[3]?.textContent?.trim() === b.trim(),
      [before2],
    );
    assert.equal((await blackOf(2)).trim(), before1.trim());
    await page.locator('[data-nav="players"]').click();
    await page.getByTestId('pairing-number-1').filter({ hasText: /^\d+$/ }).waitFor();
    await page.locator('[data-nav="tables"]').click();
    const chart = page.getByTestId('wall-chart');
    await chart.waitFor();
    assert.match(await chart.innerText(), /第 1 轮[\s\S]*(先|后)/);
    await shot('15-swiss-wall-chart');
  } finally {
    swiss.child.kill();
  }

  // Two stages: once the final is drawn, the group stage stays on the rounds screen,
  // where a result is corrected, and it can still be printed.
  const twoStagesFile = join(work, 'two-stages.qisai');
  const cli = (...args) => execFileSync(qisai, ['-f', twoStagesFile, ...args]);
  execFileSync(qisai, ['new', twoStagesFile, '--name', '两阶段赛', '--game', 'xiangqi']);
  // Two clubs of two: their club totals count one or both of each.
  for (const [i, [name]] of players.slice(0, 4).entries()) cli('player', 'add', name, '--club', i % 2 ? '北区' : '南区');
  cli('stage', 'add', 'round-robin', '--advance', '2');
  cli('stage', 'add', 'knockout');
  cli('draw', '--seed', '3');
  for (const round of [1, 2, 3]) for (const board of [1, 2]) cli('result', String(round), String(board), '1-0');
  cli('draw', '--seed', '4');
  const twoStages = await serve(twoStagesFile);
  try {
    await page.goto(twoStages.url);
    chinese = true;
    await page.locator('[data-nav="rounds"]').click();
    const stagePick = page.getByTestId('round-stage');
    await stagePick.waitFor();
    // The final is on screen first: one round, pairing from here allowed. The stage
    // list can show before the rounds have loaded, so wait for a round's tab.
    await page.getByRole('tab').first().waitFor();
    assert.equal(await page.getByRole('tab').count(), 1);
    await stagePick.selectOption({ index: 0 });
    await page.getByTestId('earlier-stage').waitFor();
    await page.getByRole('tab').nth(2).waitFor();
    assert.equal(await page.getByRole('tab').count(), 3);
    assert.equal(await page.getByTestId('pair-next').count(), 0);
    // A correction that keeps who went on: a win by forfeit instead of over the board.
    await page.getByRole('tab').nth(2).click();
    await page.getByTestId('entry').focus();
    for (const key of ['2', 'Enter', '+', 'Enter']) {
      await page.keyboard.press(key);
      if (key === 'Enter') await page.waitForTimeout(100);
    }
    // Typed over a result, it asks first: old → new, saved on a second Enter.
    assert.match(await page.getByTestId('entry-confirm').innerText(), /^更正第 2 台：\S+ → \+-/);
    await page.keyboard.press('Enter');
    await page.getByTestId('result-2').filter({ hasText: '+-' }).waitFor();
    await shot('16-earlier-stage');
    // The group's crosstable shows clubs and marks the forfeit (+ won, − lost).
    await page.locator('[data-nav="tables"]').click();
    await page.getByTestId('tables-stage').selectOption({ index: 0 });
    const cross = page.getByTestId('crosstable');
    await cross.locator('td.forfeit').first().waitFor();
    assert.deepEqual((await cross.locator('td.forfeit').allInnerTexts()).sort(), ['+', '−']);
    // The whole event's ranking: the finalists share 1–2 until the final is played,
    // then the group's third and fourth.
    await page.locator('[data-nav="standings"]').click();
    const ranking = page.getByTestId('final-ranking');
    await ranking.waitFor();
    const places = await ranking.locator('tbody tr td:first-child').allInnerTexts();
    assert.deepEqual(places, ['1–2', '1–2', '3', '4']);
    const honours = await ranking.locator('tbody tr td:nth-child(2)').allInnerTexts();
    assert.deepEqual(honours, ['', '', '季军', '']);
    // 团体总分 under it, as the command line counts them; best one of each club on request.
    const clubRows = () => page.getByTestId('club-totals').locator('tbody tr');
    const clubTotals = async () => (await clubRows().allInnerTexts()).map((r) => r.split('\t').slice(1, 3).join(' '));
    const expectedClubs = (...rule) =>
      JSON.parse(cli('standings', '--clubs', '--json', ...rule).toString()).map((r) => `${r.club} ${r.total}`);
    await clubRows().first().waitFor();
    assert.deepEqual(await clubTotals(), expectedClubs());
    await page.getByTestId('club-best').fill('1');
    await page.getByTestId('club-count').click();
    const bestOne = expectedClubs('--best', '1');
    await page.waitForFunction(
      (want) => [...document.querySelectorAll('[data-testid="club-totals"] tbody tr')].map((r) => r.innerText.split('\t').slice(1, 3).join(' ')).join('|') === want,
      bestOne.join('|'),
    );
    await shot('16c-club-totals');
    // The standings sort by name or club on request, by rank otherwise.
    await page.getByTestId('standings-sort-name').click();
    const names = await page.getByTestId('standings').locator('tbody tr td:nth-child(2)').allInnerTexts();
    assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b, 'zh-CN')));
    await shot('16b-final-ranking');
    await page.locator('[data-nav="output"]').click();
    await page.getByTestId('print-stage').selectOption({ index: 1 });
    const groupPdf = page.waitForEvent('download');
    await page.getByTestId('print-standings').click();
    const groupPath = join(work, 'group-standings.pdf');
    await (await groupPdf).saveAs(groupPath);
    assert.equal(readFileSync(groupPath).subarray(0, 4).toString(), '%PDF');
  } finally {
    twoStages.child.kill();
  }

  // A long entry list fits a laptop: at 1366×768 at least 20 players are on screen.
  const longFile = join(work, 'long.qisai');
  execFileSync(qisai, ['new', longFile, '--name', '长名单', '--game', 'xiangqi']);
  const csv = '姓名,单位,等级分\n' + Array.from({ length: 30 }, (_, i) => `选手${i + 1},俱乐部${i % 5},${2000 + i}`).join('\n') + '\n';
  writeFileSync(join(work, 'long.csv'), csv);
  execFileSync(qisai, ['-f', longFile, 'player', 'import', join(work, 'long.csv')]);
  const long = await serve(longFile);
  try {
    await page.goto(long.url);
    chinese = true;
    await page.locator('[data-nav="players"]').click();
    await page.getByTestId('players').locator('tbody tr').nth(29).waitFor();
    const visible = await page.evaluate(() => {
      const bottom = window.innerHeight - (document.querySelector('footer')?.getBoundingClientRect().height ?? 0);
      return [...document.querySelectorAll('[data-testid="players"] tbody tr')].filter(
        (r) => r.getBoundingClientRect().bottom <= bottom,
      ).length;
    });
    assert.ok(visible >= 20, `only ${visible} players on screen at 1366×768`);
    await shot('18-long-list');
    // At 125 % scaling (1093×614) the header stays one line and the table's header too.
    await page.setViewportSize({ width: 1093, height: 614 });
    const heights = await page.evaluate(() => ({
      header: document.querySelector('header').getBoundingClientRect().height,
      th: Math.max(...[...document.querySelectorAll('[data-testid="players"] th')].map((h) => h.getBoundingClientRect().height)),
    }));
    assert.ok(heights.header < 70, `the header wraps at 1093 px: ${heights.header}`);
    // A long event name is cut, not wrapped.
    const longName = await page.evaluate(() => {
      const name = document.querySelector('[data-testid="event-name"]');
      const was = name.textContent;
      name.textContent = '二〇二六年全国象棋个人锦标赛暨全国象棋甲级联赛选拔赛';
      const height = document.querySelector('header').getBoundingClientRect().height;
      name.textContent = was;
      return height;
    });
    assert.ok(longName < 70, `a long event name wraps the header at 1093 px: ${longName}`);
    assert.ok(heights.th < 40, `a table header wraps: ${heights.th}`);
    await shot('18b-long-list-125');
    await page.setViewportSize({ width: 1366, height: 768 });
  } finally {
    long.child.kill();
  }

  // An age group for girls: the players screen says who may enter and asks for the date
  // of birth and gender; an ineligible player is refused naming the rule.
  const u10File = join(work, 'u10.qisai');
  execFileSync(qisai, ['new', u10File, '--name', 'U10女子组', '--game', 'xiangqi', '--born-after', '2016-01-01', '--gender', '女']);
  const u10 = await serve(u10File);
  try {
    await page.goto(u10.url);
    chinese = true;
    await page.locator('[data-nav="players"]').click();
    assert.equal(await page.getByTestId('eligibility').innerText(), '参赛资格：2016-01-01 及以后出生、女子组');
    const enter = async (name, born) => {
      await page.getByTestId('player-name').fill(name);
      await page.getByTestId('player-born').fill(born);
      await page.getByTestId('player-gender').selectOption('w');
      await page.getByTestId('add-player').locator('button').click();
    };
    await enter('李小雨', '2016-03-08');
    await page.getByTestId('notice').filter({ hasText: '李小雨' }).waitFor();
    await enter('赵大', '2015-12-31');
    await page.getByTestId('notice').filter({ hasText: '赵大 不符合参赛条件：本项目限 2016-01-01 及以后出生' }).waitFor();
    await shot('04c-age-group');
    const registered = JSON.parse(execFileSync(qisai, ['-f', u10File, 'player', 'list', '--json']).toString());
    assert.deepEqual(registered.map((p) => [p.name, p.born, p.gender]), [['李小雨', '2016-03-08', 'w']]);
  } finally {
    u10.child.kill();
  }

  // A city games of several competitions: added on the start screen, chosen in the
  // header; each screen shows the chosen one's entrants, and the hall numbers boards
  // across them.
  const cityFile = join(work, 'city.qisai');
  execFileSync(qisai, ['new', cityFile, '--name', '市运会棋类比赛']);
  const city = await serve(cityFile);
  try {
    await page.goto(city.url);
    chinese = true;
    await page.getByTestId('competitions').waitFor();
    const addCompetition = async (name, game, players) => {
      await page.getByTestId('competition-name').fill(name);
      await page.getByTestId('competition-game').selectOption(game);
      if (players) await page.getByTestId('competition-players').selectOption(String(players));
      await page.getByTestId('add-competition-button').click();
      await page.getByTestId('notice').filter({ hasText: `已添加项目 ${name}` }).waitFor();
    };
    await addCompetition('象棋男子组', 'xiangqi');
    await addCompetition('跳棋', 'checkers', 3);
    await page.getByTestId('competition-2').waitFor();
    assert.match(await page.getByTestId('competition-2').innerText(), /跳棋\s+跳棋 · 每桌 3 人\s+0/);
    await shotBoth('04d-competitions');
    // Screens wait for a competition to be chosen.
    await page.locator('[data-nav="players"]').click();
    await page.getByTestId('competition-needed').waitFor();
    const register = async (name) => {
      await page.getByTestId('player-name').fill(name);
      await page.getByTestId('add-player').locator('button').click();
      await page.getByTestId('notice').filter({ hasText: name }).waitFor();
    };
    await page.getByTestId('competition').selectOption('象棋男子组');
    for (const name of ['男甲', '男乙']) await register(name);
    await page.getByTestId('competition').selectOption('跳棋');
    for (const name of ['跳甲', '跳乙', '跳丙']) await register(name);
    await shotBoth('04e-competition-players');
    const listed = (c) =>
      JSON.parse(execFileSync(qisai, ['-f', cityFile, '-c', c, 'player', 'list', '--json']).toString()).map((p) => p.name);
    assert.deepEqual(listed('象棋男子组'), ['男甲', '男乙']);
    assert.deepEqual(listed('跳棋'), ['跳甲', '跳乙', '跳丙']);
    // Back to the men: the screen shows theirs only.
    await page.getByTestId('competition').selectOption('象棋男子组');
    await page.getByText('男乙').waitFor();
    assert.equal(await page.getByText('跳甲').count(), 0);
    // The projector shows one competition at a time and knows them all to cycle through.
    const display = async (competition) => {
      const response = await fetch(`${city.url}api/hall.display`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(competition ? { competition } : {}),
      });
      assert.equal(response.status, 200, await response.clone().text());
      return response.json();
    };
    const first = await display(null);
    assert.deepEqual([first.event, first.competitions], ['象棋男子组', ['象棋男子组', '跳棋']]);
    assert.equal((await display('跳棋')).event, '跳棋');
    await page.goto(`${city.url}display`);
    await page.getByTestId('display-event').filter({ hasText: '象棋男子组' }).waitFor();
    // A sector arbiter is one competition's: its phone sees that one, whatever it asks.
    const issued = execFileSync(qisai, ['-f', cityFile, '-c', '跳棋', 'arbiter', 'add', '跳棋裁判']).toString();
    const arbiterToken = issued.trim().split('\n').pop().trim();
    const sector = await fetch(`${city.url}api/hall.sector`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Qisai-Token': arbiterToken },
      body: JSON.stringify({ competition: '象棋男子组' }),
    });
    assert.equal(sector.status, 200, await sector.clone().text());
    assert.deepEqual(
      await sector.json().then((v) => [v.event, v.arbiter]),
      ['跳棋', '跳棋裁判'],
    );
    // A sector across competitions: an arbiter added with none chosen is every one's;
    // its phone lists both competitions' boards (numbered across the hall) and enters
    // a result in the competition whose board it is.
    const cli = (...args) => execFileSync(qisai, ['-f', cityFile, ...args]).toString();
    cli('-c', '象棋男子组', 'stage', 'add', 'round-robin');
    cli('-c', '跳棋', 'stage', 'add', 'round-robin');
    cli('-c', '象棋男子组', 'draw', '--seed', '1');
    cli('-c', '跳棋', 'draw', '--seed', '1');
    const hallWide = cli('arbiter', 'add', '总裁判').trim().split('\n').pop().trim();
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const arbiter = await phone.newPage();
      arbiter.on('pageerror', (e) => failures.push(`arbiter page: ${e.message}`));
      await arbiter.goto(`${city.url}arbiter?token=${hallWide}`);
      await arbiter.locator('[data-board="2"]').waitFor();
      assert.match(await arbiter.locator('[data-board="1"]').innerText(), /象棋男子组[\s\S]*男甲|象棋男子组[\s\S]*男乙/);
      assert.match(await arbiter.locator('[data-board="2"]').innerText(), /跳棋/);
      await arbiter.locator('[data-board="2"]').tap();
      assert.equal(await arbiter.getByTestId('arbiter-competition').innerText(), '跳棋');
      await arbiter.locator('[data-result="win:1"]').tap();
      await arbiter.getByTestId('arbiter-confirm').tap();
      await arbiter.getByTestId('arbiter-report').filter({ hasText: '成绩已生效' }).waitFor();
      await arbiter.screenshot({ path: join(artifacts, '21b-arbiter-across-competitions.png'), fullPage: true });
      await arbiter.locator('[data-board="1"]').tap();
      await arbiter.locator('[data-result="1-0"]').tap();
      await arbiter.getByTestId('arbiter-confirm').tap();
      await arbiter.getByTestId('arbiter-report').filter({ hasText: '成绩已生效' }).waitFor();
      const result = (c) => JSON.parse(cli('-c', c, 'pairings', '--round', '1', '--json')).filter((p) => p.result)[0];
      assert.deepEqual([result('象棋男子组').board, result('象棋男子组').result], [1, '1-0']);
      assert.deepEqual([result('跳棋').table, result('跳棋').result], [2, 'win:1']);
    } finally {
      await phone.close();
    }
    // The Hall screen with no competition chosen adds an arbiter of the whole hall.
    await page.goto(city.url);
    await page.locator('[data-nav="hall"]').click();
    await page.getByTestId('whole-hall').waitFor();
    await page.getByTestId('arbiter-name').fill('巡场裁判');
    await page.getByTestId('arbiter-add').click();
    await page.getByTestId('arbiter-card').filter({ hasText: '巡场裁判' }).waitFor();
    await shotBoth('22c-hall-whole');
    for (const c of ['象棋男子组', '跳棋']) assert.match(cli('-c', c, 'arbiter', 'list'), /巡场裁判/);
  } finally {
    city.child.kill();
  }

  // 三局两胜: while entering, each game's colours (they alternate).
  const bestOfFile = join(work, 'best-of.qisai');
  execFileSync(qisai, ['new', bestOfFile, '--name', '三局两胜', '--game', 'xiangqi']);
  for (const name of ['甲', '乙']) execFileSync(qisai, ['-f', bestOfFile, 'player', 'add', name]);
  execFileSync(qisai, ['-f', bestOfFile, 'stage', 'add', 'knockout', '--best-of', '3']);
  execFileSync(qisai, ['-f', bestOfFile, 'draw', '--seed', '1']);
  const bestOf = await serve(bestOfFile);
  try {
    await page.goto(bestOf.url);
    chinese = true;
    await page.locator('[data-nav="rounds"]').click();
    await page.getByTestId('entry').focus();
    for (const key of ['1', 'Enter']) await page.keyboard.press(key);
    const first = (await page.getByTestId('entry-colours').innerText()).match(/^第 1 局：(\S+) 执红/)?.[1];
    assert.ok(first, 'game 1 names who has red');
    for (const key of ['1', 'Enter']) {
      await page.keyboard.press(key);
      if (key === 'Enter') await page.waitForTimeout(150);
    }
    for (const key of ['1', 'Enter']) await page.keyboard.press(key);
    await page.getByTestId('entry-colours').filter({ hasText: '第 2 局' }).waitFor();
    const second = (await page.getByTestId('entry-colours').innerText()).match(/^第 2 局：(\S+) 执红/)?.[1];
    assert.ok(second && second !== first, `game 2's red is the other player: ${first} then ${second}`);
  } finally {
    bestOf.child.kill();
  }

  // Junqi: a surrender is saved with its number of moves, from a form showing the board.
  const junqiFile = join(work, 'junqi.qisai');
  execFileSync(qisai, ['new', junqiFile, '--name', '军棋赛', '--game', 'junqi']);
  for (const name of ['甲', '乙']) execFileSync(qisai, ['-f', junqiFile, 'player', 'add', name]);
  execFileSync(qisai, ['-f', junqiFile, 'stage', 'add', 'round-robin']);
  execFileSync(qisai, ['-f', junqiFile, 'draw', '--seed', '1']);
  const junqi = await serve(junqiFile);
  try {
    await page.goto(junqi.url);
    chinese = true;
    // A second window on the same event (another arbiter's) follows the changes.
    const second = await context.newPage();
    await second.goto(junqi.url);
    await second.locator('[data-nav="rounds"]').click();
    await second.getByTestId('pairings').waitFor();
    await page.locator('[data-nav="rounds"]').click();
    await page.getByTestId('row-actions-1').locator('summary').click();
    await page.getByTestId('attach-1').click();
    assert.match(await page.getByTestId('record-players').innerText(), /(甲 对 乙|乙 对 甲)/);
    await page.getByTestId('record-result').selectOption('resign:black');
    await page.getByTestId('record-moves').fill('25');
    await page.getByTestId('record-save').click();
    await page.getByTestId('result-1').filter({ hasText: /\S/ }).waitFor();
    await second.getByTestId('result-1').filter({ hasText: '投降' }).waitFor({ timeout: 5000 });
    await second.close();
    await keysOnOneLine('17-junqi-surrender');
    await shot('17-junqi-surrender');
    // A Junqi record kept with the result shows on the board, every piece named, at
    // any move: the flag in north's headquarters falls on the 21st.
    const junqiRecord = join(root, 'crates', 'games', 'tests', 'fixtures', 'junqi_flag_in_21.txt');
    execFileSync(qisai, ['-f', junqiFile, 'result', '1', '1', '1-0', '--record', junqiRecord, '--force']);
    await page.reload();
    await page.locator('[data-nav="rounds"]').click();
    await page.getByTestId('record-mark-1').waitFor();
    await page.getByTestId('row-actions-1').locator('summary').click();
    await page.getByTestId('view-1').click();
    const board = page.getByTestId('record-viewer');
    await board.getByTestId('ply-21').waitFor();
    assert.equal((await board.getByTestId('viewer-seats').innerText()).replace(/\s/g, ''), '南方北方');
    assert.equal(await board.getByTestId('piece-b12').textContent(), '旅长', 'the flag taken');
    await board.getByTestId('ply-1').click();
    assert.equal(await board.getByTestId('piece-b12').textContent(), '军旗');
    assert.equal(await board.locator('[data-testid^="piece-"]').count(), 48, 'two engineers gone');
    await shotBoth('17b-junqi-record');
  } finally {
    junqi.child.kill();
  }

  // The hall: a sector arbiter added from the UI gets a link and QR code; its phone
  // enters a result (and another while the Wi-Fi is down, sent once it is back); the
  // projector's page, without a token, follows every change.
  const hallFile = join(work, 'hall.qisai');
  execFileSync(qisai, ['new', hallFile, '--name', '大厅赛', '--game', 'xiangqi']);
  for (const [name, club] of players.concat([['蒋川', '北京'], ['汪洋', '湖北']])) {
    execFileSync(qisai, ['-f', hallFile, 'player', 'add', name, '--club', club]);
  }
  execFileSync(qisai, ['-f', hallFile, 'stage', 'add', 'round-robin']);
  execFileSync(qisai, ['-f', hallFile, 'draw', '--seed', '3']);
  execFileSync(qisai, ['-f', hallFile, 'result', '1', '1', '1-0']);
  const hall = await serve(hallFile);
  const checkChinese = async (p, name) => {
    const text = await p.evaluate(() => document.body.innerText);
    const prose = text.replace(/\S*\/\S*/g, ' ');
    const words = (prose.match(/[A-Za-z][A-Za-z'’]+/g) ?? []).filter((w) => !AS_TYPED.has(w));
    if (words.length) failures.push(`${name}: English under Chinese: ${[...new Set(words)].join(', ')}`);
  };
  try {
    await page.goto(hall.url);
    chinese = true;
    // The start screen names the rule book repetitions are judged by, and changes it.
    await page.locator('[data-nav="start"]').click();
    await page.getByTestId('event-kind').filter({ hasText: '中国象棋竞赛规则' }).waitFor();
    await page.getByTestId('edit-xiangqi-rules').selectOption('asian');
    await page.getByTestId('save-details').click();
    await page.getByTestId('event-kind').filter({ hasText: '亚洲象棋规则' }).waitFor();
    await page.locator('[data-nav="hall"]').click();
    await page.getByTestId('arbiter-name').fill('张裁判');
    await page.getByTestId('arbiter-boards').fill('1-3');
    await page.getByTestId('arbiter-add').click();
    const card = page.getByTestId('arbiter-card');
    await card.locator('svg').waitFor();
    const link = (await card.locator('code').innerText()).trim();
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/arbiter\?token=[0-9a-f]{32}$/);
    assert.match(await page.getByTestId('arbiters').innerText(), /张裁判\s+第 1-3 台/);
    await shot('19-hall');

    // The projector: 1920×1080, big type, no admin controls, no token.
    const projector = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const screen = await projector.newPage();
    screen.on('pageerror', (e) => failures.push(`display: ${e.message}`));
    await screen.goto(`${hall.url}display`);
    await screen.locator('[data-view="board"]').click();
    const table = screen.getByTestId('display-table');
    await table.locator('tbody tr').nth(3).waitFor();
    assert.equal(await table.locator('tbody tr').count(), 4);
    assert.equal(await table.locator('table').count(), 2, 'the boards in two columns on a 1080p screen');
    assert.equal(await screen.locator('[data-nav]').count(), 0, 'no admin controls');
    const fontSize = await screen.evaluate(() => parseFloat(getComputedStyle(document.querySelector('[data-testid="display"]')).fontSize));
    assert.ok(fontSize >= 30, `big type on a projector: ${fontSize}px`);
    await checkChinese(screen, '20-display');
    await screen.screenshot({ path: join(artifacts, '20-display-1080p.png') });
    // Players find their board by pinyin initials.
    await screen.getByTestId('display-search').fill('wty');
    assert.match(await screen.getByTestId('display-found').innerText(), /王天一/);
    await screen.getByTestId('display-search').fill('');
    // Everyone by name: two columns side by side on a 1080p screen.
    await screen.locator('[data-view="name"]').click();
    assert.equal(await screen.getByTestId('display-table').locator('table').count(), 2);
    await screen.screenshot({ path: join(artifacts, '20a-display-names-1080p.png') });
    // Standings in the middle of a round say the round is under way.
    await screen.locator('[data-view="standings"]').click();
    assert.match(await screen.getByTestId('display-ongoing').innerText(), /第 1 轮进行中/);
    await screen.locator('[data-view="board"]').click();

    // A second window on 轮次与成绩, a board number typed in its entry box (台号：3).
    const desk = await page.context().newPage();
    desk.on('pageerror', (e) => failures.push(`desk page: ${e.message}`));
    await desk.goto(hall.url);
    await desk.locator('[data-nav="rounds"]').click();
    await desk.getByTestId('result-1').filter({ hasText: '1-0' }).waitFor();
    await desk.getByTestId('entry').focus();
    await desk.keyboard.press('3');
    const typed = await desk.getByTestId('entry').inputValue();
    assert.match(typed, /3/);

    // The arbiter's phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const arbiter = await phone.newPage();
    arbiter.on('pageerror', (e) => failures.push(`arbiter page: ${e.message}`));
    await arbiter.goto(link);
    assert.match(await arbiter.getByTestId('arbiter-who').innerText(), /张裁判 · 第 1-3 台/);
    assert.ok(await arbiter.locator('[data-board="1"]').isDisabled(), 'a board with a result is not entered again');
    await arbiter.locator('[data-board="2"]').tap();
    await arbiter.locator('[data-result="0-1"]').tap();
    await arbiter.getByTestId('arbiter-confirm').tap();
    await arbiter.getByTestId('arbiter-report').filter({ hasText: '成绩已生效' }).waitFor();
    await checkChinese(arbiter, '21-arbiter');
    await arbiter.screenshot({ path: join(artifacts, '21-arbiter-phone.png'), fullPage: true });
    // The projector redrew on its own.
    await table.locator('tbody tr').nth(1).filter({ hasText: '0-1' }).waitFor({ timeout: 5000 });
    // So did the desk's window, in place: what was typed there is still there.
    await desk.getByTestId('result-2').filter({ hasText: '0-1' }).waitFor({ timeout: 5000 });
    assert.equal(await desk.getByTestId('entry').inputValue(), typed);
    await desk.close();
    // The Wi-Fi drops: the entry waits on the phone, and goes once it is back.
    await phone.setOffline(true);
    await arbiter.locator('[data-board="3"]').tap();
    await arbiter.locator('[data-result="1/2"]').tap();
    await arbiter.getByTestId('arbiter-confirm').tap();
    await arbiter.getByTestId('arbiter-queue').waitFor();
    assert.match(await arbiter.getByTestId('arbiter-queue').innerText(), /1 条成绩尚未送达/);
    await phone.setOffline(false);
    await arbiter.getByTestId('arbiter-queue').waitFor({ state: 'detached', timeout: 15_000 });
    await table.locator('tbody tr').nth(2).filter({ hasText: '1/2' }).waitFor({ timeout: 5000 });
    const log = execFileSync(qisai, ['-f', hallFile, 'log']).toString();
    assert.equal(log.match(/（分区裁判 张裁判）/g)?.length, 2, log);

    // Double entry: what the sector arbiters entered shows on 轮次与成绩 board by board
    // (waiting for a second entry, or disagreeing: who entered what), and the chief
    // arbiter takes one of the entries there.
    await page.getByTestId('double-entry').check();
    await page.getByTestId('arbiter-name').fill('李裁判');
    await page.getByTestId('arbiter-boards').fill('1-3');
    await page.getByTestId('arbiter-add').click();
    const second = page.getByTestId('arbiter-card').filter({ hasText: '李裁判' });
    await second.locator('svg').waitFor();
    const tokenIn = (text) => new URL(text.trim()).searchParams.get('token');
    const enterAs = async (token, board, result) => {
      const answer = await fetch(`${hall.url}api/hall.enter`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Qisai-Token': token },
        body: JSON.stringify({ round: 2, board, result }),
      });
      const body = await answer.text();
      assert.ok(answer.ok, body);
      return JSON.parse(body).status;
    };
    const [zhang, li] = [tokenIn(link), tokenIn(await second.locator('code').innerText())];
    assert.equal(await enterAs(zhang, 1, '1-0'), 'waiting');
    assert.equal(await enterAs(li, 1, '0-1'), 'disputed');
    assert.equal(await enterAs(zhang, 2, '1/2'), 'waiting');
    await page.locator('[data-nav="rounds"]').click();
    await page.getByRole('tab', { name: /第 2 轮/ }).click();
    await page.getByTestId('waiting-count-2').filter({ hasText: '2 台待确认' }).waitFor();
    assert.match(await page.getByTestId('waiting-1').innerText(), /两次录入不一致：\s*张裁判 录 \S+、李裁判 录 \S+/);
    assert.match(await page.getByTestId('waiting-2').innerText(), /等待第二次录入：\s*张裁判 录 \S+/);
    await shotBoth('05b-double-entry');
    // 李裁判's entry (0-1) is the second one: taken in place.
    await page.getByTestId('take-1').nth(1).click();
    await page.getByTestId('waiting-1').waitFor({ state: 'detached' });
    assert.notEqual((await page.getByTestId('result-1').innerText()).trim(), '');
    const round2 = JSON.parse(execFileSync(qisai, ['-f', hallFile, 'pairings', '--round', '2', '--json']).toString());
    assert.equal(round2.find((p) => p.board === 1).result, '0-1');
    await page.getByTestId('waiting-count-2').filter({ hasText: '1 台待确认' }).waitFor();
    // A sector arbiter's correction is refused (corrections are the chief's) and kept
    // in the log, which undo passes by.
    const refused = await fetch(`${hall.url}api/hall.enter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Qisai-Token': zhang },
      body: JSON.stringify({ round: 2, board: 1, result: '1-0' }),
    });
    assert.equal(refused.status, 422, await refused.text());
    await page.locator('[data-nav="log"]').click();
    const refusal = page.getByTestId('log').locator('tr.refused').first();
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /拒绝更正[\s\S]*→[\s\S]*分区裁判 张裁判 录入/);
    assert.doesNotMatch(await page.getByTestId('undo').getAttribute('title'), /拒绝/);
    await shotBoth('19b-log-refused');
    // On a phone every page of the display fits the width (the pages take turns, so
    // each is chosen in turn). The page lays itself out again on the resize event:
    // measured once that is done, within a few seconds.
    await screen.setViewportSize({ width: 390, height: 844 });
    const overflow = () => screen.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const view of ['name', 'board', 'standings']) {
      await screen.locator(`nav [data-view="${view}"]`).click();
      await screen.locator(`nav [data-view="${view}"].active`).waitFor();
      const fits = await screen
        .waitForFunction(() => document.documentElement.scrollWidth - window.innerWidth <= 1, null, { timeout: 5000 })
        .then(() => true, () => false);
      assert.ok(fits, `the display's ${view} page is ${await overflow()}px wider than a phone`);
    }
    await screen.screenshot({ path: join(artifacts, '20b-display-phone.png'), fullPage: true });
    await projector.close();
    await phone.close();
  } finally {
    hall.child.kill();
  }

  writeFileSync(
    join(artifacts, 'timings.json'),
    JSON.stringify({ firstScreenMs, readyMs, reopenMs, resultToStandingsMs: updateMs }, null, 1),
  );
  console.log(`browser: first screen ${firstScreenMs} ms, result → standings ${updateMs} ms`);
} catch (e) {
  failures.push(e.stack ?? String(e));
} finally {
  await browser.close();
  child.kill();
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log('browser: 1 passed (the whole event)');
