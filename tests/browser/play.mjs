// `yutbot play` in a real browser (Debian's Chromium, driven by Playwright): a whole game
// played by clicks to its end, the server stopped and started again in the middle (the page
// carries on), bad requests refused with nothing changed, screenshots at desktop and phone
// sizes. Usage: node play.mjs <path to the yutbot binary>. Prints `FIGURES {json}` at the end.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import assert from "node:assert/strict";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const bin = process.argv[2];
assert.ok(bin, "usage: node play.mjs <yutbot binary>");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "yutbot-browser-"));
const shots = process.env.YUTBOT_SCREENSHOTS || path.join(dir, "screenshots");
fs.mkdirSync(shots, { recursive: true });
const data = path.join(dir, "play.db");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const figures = {};

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); });
    s.on("error", reject);
  });
}

let server = null;
let log = "";
function start() {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, ["play", "--addr", `127.0.0.1:${port}`, "--data", data, "--no-open", "--bot-delay-ms", "40"],
      { stdio: ["ignore", "pipe", "pipe"] });
    const timer = setTimeout(() => reject(new Error("yutbot play did not start in 20 s:\n" + log)), 20000);
    p.stdout.on("data", (d) => { log += d; if (log.includes(`ready at ${base}/`)) { clearTimeout(timer); resolve(p); } });
    p.stderr.on("data", (d) => { log += d; });
    p.on("exit", (code) => { if (server === p) server = null; clearTimeout(timer); if (code) reject(new Error(`yutbot play exited ${code}:\n${log}`)); });
  });
}
async function stop() {
  const p = server;
  if (!p) return;
  const exited = new Promise((r) => p.on("exit", r));
  p.kill("SIGTERM");
  await exited;
  server = null;
}

async function api(method, url, body) {
  const r = await fetch(base + url, { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) });
  const text = await r.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: r.status, json, text };
}

const version = (page) => page.$eval("#game", (m) => Number(m.dataset.version || -1));

// The next thing to press for the person at the screen, or "over".
async function next(page) {
  const h = await page.waitForFunction(() => {
    const m = document.getElementById("game");
    if (m.dataset.over === "1") return "over";
    const ids = [...document.querySelectorAll("#actions button:not([disabled])")].map((b) => b.dataset.id);
    for (const want of [/:throw$/, /:here$/, /:mv:/, /:sel:/, /:more$/]) {
      const id = ids.find((i) => want.test(i));
      if (id) return id;
    }
    return null;
  }, null, { timeout: 30000, polling: 50 });
  return h.jsonValue();
}

async function pressUntil(page, stopAfter) {
  let presses = 0;
  for (;;) {
    const id = await next(page);
    if (id === "over") return { over: true, presses };
    if (presses >= stopAfter) return { over: false, presses };
    const before = await version(page);
    await page.click(`#actions button[data-id="${id}"]`);
    await page.waitForFunction((v) => Number(document.getElementById("game").dataset.version) > v
      || document.getElementById("error").textContent !== "", before, { timeout: 10000, polling: 20 });
    const err = await page.textContent("#error");
    assert.equal(err, "", `pressing ${id} was refused: ${err}`);
    presses++;
  }
}

async function main() {
  server = await start();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    // The new-game page, at both sizes.
    const page = await browser.newPage({ viewport: DESKTOP });
    page.on("pageerror", (e) => { throw e; });
    await page.goto(base + "/");
    await page.screenshot({ path: path.join(shots, "new-desktop.png") });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(shots, "new-phone.png"), fullPage: true });
    await page.setViewportSize(DESKTOP);

    // A game against an Easy bot, two pieces each, chosen with the form.
    await page.selectOption("#lang", "en");
    await page.fill("#name0", "Ann");
    await page.selectOption("#kind1", "easy");
    await page.fill("#house", "pieces=2");
    await Promise.all([page.waitForURL(/\/g\/\d+$/), page.click("#start")]);
    const game = Number(page.url().split("/").pop());
    await page.waitForFunction(() => document.querySelector("#svg svg") || document.getElementById("board").naturalWidth > 0);
    assert.match(await page.textContent("#text"), /Ann/);
    // The board is drawn in SVG (crisp at any size): its 29 points, and Ann's pieces' letter.
    assert.equal(await page.$$eval("#svg svg circle", (c) => c.length >= 29), true);

    // Bad requests: refused clearly, nothing changed.
    const v0 = (await api("GET", `/api/games/${game}`)).json.version;
    let r = await api("POST", `/api/games/${game}/press`, { id: "not a button" });
    assert.equal(r.status, 400); assert.ok(r.json.error);
    r = await api("POST", `/api/games/${game}/press`, { id: `yut:${game}:${v0 + 7}:throw` });
    assert.equal(r.status, 409, r.text); assert.ok(r.json.error);
    r = await api("POST", `/api/games/${game + 1000}/press`, { id: `yut:${game + 1000}:1:throw` });
    assert.equal(r.status, 404, r.text);
    r = await api("POST", `/api/games/${game}/press`, { id: `yut:${game + 1}:${v0}:throw` });
    assert.equal(r.status, 400, r.text);
    r = await api("POST", "/api/games", { players: [{ name: "Solo" }] });
    assert.equal(r.status, 400); assert.match(r.json.error, /2 to 4/);
    r = await api("POST", "/api/games", { players: [{ name: "A" }, { bot: "grandmaster" }] });
    assert.equal(r.status, 400);
    r = await fetch(base + `/api/games/${game}/press`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    assert.equal(r.status, 400);
    assert.equal((await api("GET", `/api/games/${game}`)).json.version, v0, "bad requests changed nothing");

    // Play some, then stop the server and start it again: the page carries on. Three presses
    // are at most two moves of Ann's: she cannot bring two pieces home, and the bot could only
    // with a most unlikely run of throws (the server seeds its games from the OS; six presses
    // once let a lucky game end before the restart).
    const first = await pressUntil(page, 3);
    assert.equal(first.over, false, "the game ended before the restart");
    await page.screenshot({ path: path.join(shots, "game-desktop.png") });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(shots, "game-phone.png"), fullPage: true });
    await page.setViewportSize(DESKTOP);
    const before = await version(page);
    await stop();
    server = await start();
    // The page's event stream reconnects by itself; the same game goes on.
    const rest = await pressUntil(page, 100000);
    assert.equal(rest.over, true);
    const after = await version(page);
    assert.ok(after > before, `the game went on after the restart (${before} -> ${after})`);
    const text = await page.textContent("#text");
    assert.match(text, /win|won/i, `the last board says who won: ${text}`);
    assert.equal(await page.isVisible("#again"), true, "a finished game offers to play again");
    await page.screenshot({ path: path.join(shots, "over-desktop.png") });

    // The finished game's replay: scrubbed, jumped to a capture, its record checked.
    await page.waitForSelector("#replay-link", { state: "visible" });
    await Promise.all([page.waitForURL(/\/replay\//), page.click("#replay-link")]);
    await page.waitForFunction(() => Number(document.getElementById("replay").dataset.steps) > 1);
    const replayApi = await page.$eval("#replay", (m) => m.dataset.api);
    const rj = (await api("GET", replayApi)).json;
    assert.ok(rj.steps.length > 2, "the replay has the game's steps");
    assert.match(rj.verified, /^verified: \d+ throws$/, rj.verified);
    assert.match(await page.textContent("#verified"), /verified: \d+ throws/);
    const captures = rj.steps.map((s, i) => (s.capture ? i : -1)).filter((i) => i > 0);
    let target;
    if (captures.length) {
      await page.click("#capture");
      target = captures[0];
    } else {
      target = Math.floor(rj.steps.length / 2);
      await page.$eval("#scrub", (el, v) => { el.value = v; el.dispatchEvent(new Event("input")); }, target);
    }
    await page.waitForFunction((v) => Number(document.getElementById("replay").dataset.step) === v, target);
    await page.waitForFunction(() => document.getElementById("board").complete && document.getElementById("board").naturalWidth > 0);
    assert.equal(await page.textContent("#what"), rj.steps[target].text);
    // The seed checked in the page against the commitment; the costliest decisions linked.
    await page.waitForFunction(() => document.getElementById("replay").dataset.seedChecked !== undefined);
    assert.equal(await page.$eval("#replay", (m) => m.dataset.seedChecked), "1");
    await page.waitForFunction(() => document.getElementById("replay").dataset.decisions !== undefined, null, { timeout: 60000 });
    const links = await page.$$("#decisions a");
    if (links.length) {
      const dj = (await api("GET", replayApi + "/decisions")).json;
      await links[0].click();
      await page.waitForFunction((v) => Number(document.getElementById("replay").dataset.step) === v, dj[0].step);
    }
    figures.replay_decisions = links.length;
    figures.replay_steps = rj.steps.length;
    figures.replay_captures = captures.length;
    await page.screenshot({ path: path.join(shots, "replay-desktop.png") });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(shots, "replay-phone.png"), fullPage: true });
    await page.setViewportSize(DESKTOP);
    r = await api("GET", replayApi + "/record");
    assert.equal(r.status, 200);
    assert.equal(r.json.seed.length, 64);
    r = await api("GET", replayApi.replace(/[0-9a-f]{32}$/, "0".repeat(32)));
    assert.equal(r.status, 404, "a forged replay link is refused");
    r = await api("GET", replayApi + "/steps/100000");
    assert.equal(r.status, 404);
    figures.presses = first.presses + rest.presses;
    figures.final_version = after;

    // A fresh page on the finished game: how soon its board is painted, and what it weighs.
    const fresh = await browser.newPage({ viewport: PHONE });
    const t0 = Date.now();
    await fresh.goto(base + `/g/${game}`);
    await fresh.waitForFunction(() => document.querySelector("#svg svg") || (document.getElementById("board").complete && document.getElementById("board").naturalWidth > 0));
    figures.first_board_ms = Date.now() - t0;
    figures.page_bytes = await fresh.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      return performance.getEntriesByType("resource").reduce((s, e) => s + (e.encodedBodySize || 0), nav.encodedBodySize || 0);
    });
    assert.equal(await fresh.$eval("#game", (m) => m.dataset.over), "1");

    // Korean, on a phone.
    r = await api("POST", "/api/games", { players: [{ name: "지민" }, { bot: "normal" }, { bot: "easy" }], lang: "ko" });
    assert.equal(r.status, 200, r.text);
    await fresh.goto(base + r.json.url);
    await fresh.waitForFunction(() => document.querySelector("#svg svg") || document.getElementById("board").naturalWidth > 0);
    assert.equal(await fresh.evaluate(() => document.documentElement.lang), "ko");
    assert.match(await fresh.textContent("#seats"), /지민/);
    assert.match(await fresh.textContent("#seats"), /대기/);
    await fresh.screenshot({ path: path.join(shots, "ko-phone.png"), fullPage: true });

    // The operator's endpoints on the same listener.
    r = await api("GET", "/metrics");
    assert.equal(r.status, 200);
    assert.match(r.text, /^yutbot_games_running \d+$/m);
    const actions = Number(r.text.match(/^yutbot_actions_total (\d+)$/m)[1]);
    assert.ok(actions >= figures.presses, `metrics count the actions (${actions})`);
    assert.equal((await api("GET", "/readyz")).status, 200);
  } finally {
    await browser.close();
    await stop();
  }
  console.log("screenshots in " + shots);
  console.log("FIGURES " + JSON.stringify(figures));
}

main().catch(async (e) => {
  console.error(e);
  console.error("--- yutbot play's output ---\n" + log);
  await stop();
  process.exit(1);
});
