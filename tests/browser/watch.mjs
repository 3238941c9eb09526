// A watch page in Chromium while the Discord stand-in plays the game (driven by
// tests/browser/main.rs): records every board version the page shows, in the order shown,
// until the game is over. Also: a forged link and a bad picture request are refused, no
// request of the page answers 404 (its icon), screenshots at phone and desktop sizes.
// Usage: node watch.mjs <watch url> <file to write the versions to> <screenshot dir>
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const [url, out, shots] = process.argv.slice(2);
assert.ok(url && out && shots, "usage: node watch.mjs <url> <out> <screenshot dir>");
fs.mkdirSync(shots, { recursive: true });
const base = new URL(url).origin;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  page.on("pageerror", (e) => { throw e; });
  const missing = [];
  page.on("response", (r) => { if (r.status() === 404) missing.push(r.url()); });
  // Every version the page shows, recorded as it shows it.
  await page.addInitScript(() => {
    window.seen = [];
    new MutationObserver(() => {
      const v = Number(document.getElementById("game").dataset.version);
      if (window.seen[window.seen.length - 1] !== v) window.seen.push(v);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-version"] });
  });
  const t0 = Date.now();
  await page.goto(url);
  // The lobby has no picture yet: its words are the first board.
  await page.waitForFunction(() => document.getElementById("game").dataset.version !== undefined);
  const firstBoardMs = Date.now() - t0;
  fs.writeFileSync(out + ".ready", "");
  assert.equal(await page.$$eval("#actions button", (b) => b.length), 0, "a watch page has no buttons");
  await page.waitForFunction(() => document.getElementById("game").dataset.over === "1", null, { timeout: 120000, polling: 100 });
  // A finished game's page says so, not "live".
  await page.waitForFunction(() => document.getElementById("status").textContent === "over", null, { timeout: 5000 });
  await page.screenshot({ path: path.join(shots, "watch-over-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(shots, "watch-over-desktop.png") });
  const bottom = await page.evaluate(() => document.querySelector("figure").getBoundingClientRect().bottom);
  assert.ok(bottom <= 800, `the board's lower edge is below the fold (${bottom})`);
  assert.deepEqual(missing, [], "requests of the watch page answered 404");
  // Once over, the page links to the replay, which opens.
  const replay = await page.$eval("#replay-link", (a) => a.href);
  assert.match(replay, /\/replay\/\d+-[0-9a-f]{32}$/);
  const rp = await fetch(replay);
  assert.equal(rp.status, 200);
  const seen = await page.evaluate(() => window.seen);

  // Forged and malformed links are refused, and show nothing.
  const token = new URL(url).pathname.split("/").pop();
  const [game, mac] = token.split("-");
  const forged = `${base}/watch/${Number(game) + 1}-${mac}`;
  let r = await fetch(forged);
  assert.equal(r.status, 404);
  assert.doesNotMatch(await r.text(), /board/);
  r = await fetch(`${base}/api/watch/${game}-${"0".repeat(32)}/events`);
  assert.equal(r.status, 404);
  r = await fetch(`${base}/api/watch/${token}/boards/not-a-number`);
  assert.equal(r.status, 400);
  r = await fetch(`${base}/watch/${game}`);
  assert.equal(r.status, 404);
  fs.writeFileSync(out, JSON.stringify({ seen, first_board_ms: firstBoardMs }));
} finally {
  await browser.close();
}
