// `yutbot play` in a real browser (Debian's Chromium, driven by Playwright): a whole game
// played by clicks to its end, the server stopped and started again in the middle (the page
// carries on, and says so), bad requests refused with nothing changed, screenshots at desktop
// and phone sizes. The server is seeded (PLAY_SEED), so the game is the same on every run.
// Also checked on the way: pieces stay in sight under the destinations' numbers, each version
// of the board is drawn once, the log's words are marked up, the board fits the window, no
// request of a page answers 404 (its icon), and the Korean and Spanish pages show no English.
// Usage: node play.mjs <path to the yutbot binary>. Prints `FIGURES {json}` at the end.
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
// The games' seed: the same throws and the same bots' moves on every run.
const SEED = "7";

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
      { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PLAY_SEED: SEED } });
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

// Every piece on the board is in sight: the topmost thing at its centre is the piece itself
// (the destinations' numbers never cover one). Moves are jumped to their end first. Returns
// how many destinations held pieces.
async function piecesInSight(page) {
  const r = await page.evaluate(() => {
    const svg = document.querySelector("#svg svg");
    if (!svg || document.getElementById("svg").hidden) return { hidden: [], held: 0, pieces: 0 };
    svg.pauseAnimations(); svg.setCurrentTime(100);
    const hidden = [];
    const pieces = [...svg.querySelectorAll(".piece")];
    for (const p of pieces) {
      const b = p.getBoundingClientRect();
      const x = b.left + b.width / 2, y = b.top + b.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || top.closest(".piece") !== p) hidden.push(`${p.textContent} at ${Math.round(x)},${Math.round(y)} under ${top && top.outerHTML.slice(0, 60)}`);
    }
    svg.unpauseAnimations();
    return { hidden, held: svg.querySelectorAll(".dest.on-piece").length, pieces: pieces.length };
  });
  assert.deepEqual(r.hidden, [], "pieces hidden under the destinations' numbers");
  return r.held;
}

async function pressUntil(page, stopAfter) {
  let presses = 0;
  let held = 0;
  for (;;) {
    const id = await next(page);
    if (id === "over") return { over: true, presses, held };
    if (presses >= stopAfter) return { over: false, presses, held };
    const before = await version(page);
    await page.click(`#actions button[data-id="${id}"]`);
    await page.waitForFunction((v) => Number(document.getElementById("game").dataset.version) > v
      || document.getElementById("error").textContent !== "", before, { timeout: 10000, polling: 20 });
    const err = await page.textContent("#error");
    assert.equal(err, "", `pressing ${id} was refused: ${err}`);
    if (await page.$("#svg .dest")) {
      await page.evaluate(() => document.querySelector("#svg svg").scrollIntoView({ block: "center" }));
      held += await piecesInSight(page);
    }
    presses++;
  }
}

// A game of a person and a bot in `lang`, its person's turns handed to the bot, played to its
// end through the API: its replay page's address.
async function autoplayed(lang, name) {
  let r = await api("POST", "/api/games", { players: [{ name }, { bot: "easy" }], house: "pieces=2", lang });
  assert.equal(r.status, 200, r.text);
  const game = r.json.game;
  const t0 = Date.now();
  for (;;) {
    assert.ok(Date.now() - t0 < 60000, `the ${lang} game did not end`);
    const f = (await api("GET", `/api/games/${game}`)).json;
    if (f.over && f.link) return f.link.url;
    const auto = f.rows.flat().find((b) => b.id.endsWith(":auto"));
    if (auto) await api("POST", `/api/games/${game}/press`, { id: auto.id });
    await new Promise((res) => setTimeout(res, 30));
  }
}

// English words a Korean or Spanish page must not show (its own words and the catalog's).
const ENGLISH = ["Language", "New game", "Players", "Rules", "House rules", "Seconds", "Start", "Seat", "Person",
  "Empty", "Easy", "Master", "Name", "Player", "playing", "waiting", "home", "live", "reconnecting",
  "left", "What happened", "Play again", "Throws held", "Replay", "verified", "throws", "First", "Previous",
  "Next", "Last", "Play", "Pause", "Speed", "capture", "Turning point", "Download", "record", "Step", "Seed",
  "Commitment", "chance", "Costliest", "decisions", "Could not reach"];
// Everything a page shows or says to a screen reader: its text, title, labels, alts, placeholders.
async function englishOn(page, words) {
  const shown = await page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const e of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
      for (const a of ["aria-label", "title", "alt"]) if (e.getAttribute(a)) parts.push(e.getAttribute(a));
    }
    for (const o of document.querySelectorAll("option")) parts.push(o.textContent);
    return parts.join("\n");
  });
  return words.filter((w) => new RegExp(`(^|[^A-Za-z])${w}([^A-Za-z]|$)`, "i").test(shown));
}

async function main() {
  server = await start();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
  // No request of any page answers 404 (the pages' icon among them), but those asked for
  // on purpose below.
  const missing = [];
  const context = await browser.newContext();
  context.on("response", (r) => { if (r.status() === 404) missing.push(r.url()); });
  try {
    // The new-game page, at both sizes.
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP);
    page.on("pageerror", (e) => { throw e; });
    // Each version of the board drawn once: the versions on screen at each drawing.
    await page.addInitScript(() => {
      window.paints = [];
      document.addEventListener("DOMContentLoaded", () => {
        const svg = document.getElementById("svg");
        if (!svg) return;
        new MutationObserver(() => window.paints.push(Number(document.getElementById("game").dataset.version)))
          .observe(svg, { childList: true });
      });
    });
    await page.goto(base + "/");
    await page.waitForSelector("#name0");
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

    // Play some, then stop the server and start it again: the page carries on. The seeded
    // game is the same on every run, and not over after six presses (Ann cannot bring two
    // pieces home in three moves, and this game's bot does not either).
    const first = await pressUntil(page, 6);
    assert.equal(first.over, false, "the game ended before the restart");
    // The whole board in sight at 1280 x 800 (no scrolling to its lower edge).
    await page.evaluate(() => window.scrollTo(0, 0));
    const fold = await page.evaluate(() => ({
      board: document.querySelector("#svg svg").getBoundingClientRect().bottom,
      figure: document.querySelector("figure").getBoundingClientRect().bottom,
    }));
    figures.board_bottom_px = Math.round(fold.figure);
    assert.ok(fold.figure <= DESKTOP.height, `the board's lower edge is below the fold: ${JSON.stringify(fold)}`);
    // The log: the words marked up, never raw markdown.
    await page.click("#log-box summary");
    assert.doesNotMatch(await page.textContent("#log"), /\*\*/, "raw markdown in the log");
    assert.ok(await page.$("#log strong"), "the log's bold words are bold");
    await page.screenshot({ path: path.join(shots, "game-desktop.png") });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(shots, "game-phone.png"), fullPage: true });
    await page.setViewportSize(DESKTOP);
    const before = await version(page);
    await stop();
    // A press while the server is away: said, nothing changed...
    const id = await next(page);
    await page.click(`#actions button[data-id="${id}"]`);
    await page.waitForFunction(() => document.getElementById("error").textContent !== "");
    const failed = await page.textContent("#error");
    await page.waitForFunction(() => /reconnecting/.test(document.getElementById("status").textContent));
    server = await start();
    // ...and no longer said once the page's event stream has reconnected by itself.
    await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("●"), null, { timeout: 15000 });
    assert.equal(await page.textContent("#error"), "", `"${failed}" stayed after the page reconnected`);
    // The same game goes on.
    const rest = await pressUntil(page, 100000);
    assert.equal(rest.over, true);
    const after = await version(page);
    assert.ok(after > before, `the game went on after the restart (${before} -> ${after})`);
    const text = await page.textContent("#text");
    assert.match(text, /win|won/i, `the last board says who won: ${text}`);
    assert.equal(await page.isVisible("#again"), true, "a finished game offers to play again");
    await page.screenshot({ path: path.join(shots, "over-desktop.png") });
    // The end's words fit the browser: its seed line points to the replay page, no command.
    assert.doesNotMatch(text, /\/yut/, text);
    assert.match(text, /replay page checks every throw/, text);
    // Each version drawn once (a click's answer and the pushed board of the same version).
    const paints = await page.evaluate(() => window.paints);
    const twice = paints.filter((v, i) => paints.indexOf(v) !== i);
    assert.deepEqual(twice, [], `versions drawn twice: ${paints.join(",")}`);
    assert.ok(paints.length > 10, `the board was drawn ${paints.length} times`);
    figures.paints = paints.length;
    figures.destinations_on_pieces = first.held + rest.held;
    assert.ok(figures.destinations_on_pieces > 0, "the game had a destination holding pieces");

    // The finished game's replay: scrubbed, jumped to a capture, its record checked.
    await page.waitForSelector("#replay-link", { state: "visible" });
    await Promise.all([page.waitForURL(/\/replay\//), page.click("#replay-link")]);
    await page.waitForFunction(() => Number(document.getElementById("replay").dataset.steps) > 1);
    const replayApi = await page.$eval("#replay", (m) => m.dataset.api);
    const rj = (await api("GET", replayApi)).json;
    assert.ok(rj.steps.length > 2, "the replay has the game's steps");
    assert.ok(rj.throws > 0, JSON.stringify(rj.throws));
    assert.equal(await page.textContent("#verified"), `🔒 Record checked: the seed matches its commitment and all ${rj.throws} throws come from it.`);
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
    // A game's page that is not here is a 404 page, not a page waiting for it.
    for (const g of ["-1", "999999"]) {
      const resp = await page.goto(base + "/g/" + g);
      assert.equal(resp.status(), 404, `/g/${g}`);
      assert.match(await page.textContent("#error"), /no such game/);
      const at = missing.indexOf(base + "/g/" + g);
      assert.ok(at >= 0, `the 404 of /g/${g} was seen`);
      missing.splice(at, 1);
    }
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
    assert.deepEqual(await englishOn(fresh, ENGLISH), [], "English on the Korean game page");
    // The new-game page, and finished games' replay pages, in Korean and in Spanish.
    for (const [lang, name, shared] of [["ko", "지민", []], ["es", "Lucía", ["Normal", "Bot"]]]) {
      const words = ENGLISH.filter((w) => !shared.includes(w));
      const p = await context.newPage();
      await p.setViewportSize(PHONE);
      await p.goto(base + "/");
      await p.waitForSelector("#name0");
      await p.selectOption("#lang", lang);
      await p.waitForFunction((l) => document.documentElement.lang === l && document.getElementById("kind3").options.length > 0, lang);
      assert.deepEqual(await englishOn(p, words), [], `English on the ${lang} new-game page`);
      if (lang === "ko") assert.match(await p.textContent("#kind1"), /봇: 어려움/, "the Master bot named as the game names it");
      await p.screenshot({ path: path.join(shots, `new-${lang}-phone.png`), fullPage: true });
      const url = await autoplayed(lang, name);
      await p.goto(base + url);
      await p.waitForFunction(() => Number(document.getElementById("replay").dataset.steps) > 1);
      await p.waitForFunction(() => document.getElementById("replay").dataset.decisions !== undefined, null, { timeout: 60000 });
      assert.deepEqual(await englishOn(p, words), [], `English on the ${lang} replay page`);
      await p.screenshot({ path: path.join(shots, `replay-${lang}-phone.png`), fullPage: true });
      await p.close();
    }
    await page.evaluate(() => localStorage.setItem("yut.lang", "en"));

    // The operator's endpoints on the same listener.
    r = await api("GET", "/metrics");
    assert.equal(r.status, 200);
    assert.match(r.text, /^yutbot_games_running \d+$/m);
    const actions = Number(r.text.match(/^yutbot_actions_total (\d+)$/m)[1]);
    assert.ok(actions >= figures.presses, `metrics count the actions (${actions})`);
    assert.equal((await api("GET", "/readyz")).status, 200);
    assert.deepEqual(missing, [], "requests of the pages answered 404");
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
