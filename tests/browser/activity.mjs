// The Discord Activity in Chromium (driven by Playwright): each person's page inside a
// stand-in of Discord's client (activity_parent.html, which answers the Embedded App SDK as
// Discord does), one browser context each (its own locale, viewport and, on a phone, touch).
// The Rust test starts the bot and the Discord stand-in of the API, and makes the game; this
// script knows of the game only what the pages show (the frame's DOM).
//
// Mode "play" (the default): wait for the first board on every page, then press, on the page
// of the person whose turn it is, one of the game's buttons (tapped on a phone, clicked
// elsewhere), until every page says the game is over. A press the server refuses is
// recorded (not that person's turn) and another page tries. Mode "refusals": the second
// person presses a button (the error shown is recorded), then a press with an earlier
// board's button is posted (its answer recorded).
//
// Usage: node activity.mjs <config.json>, the config being
//   { "parent": "<path of activity_parent.html>", "activity": "<url of the Activity's page>",
//     "instance_id", "guild_id", "channel_id", "mode": "play" | "refusals",
//     "users": [{ "id", "name", "code", "locale", "platform": "desktop" | "mobile",
//                 "viewport": { "width", "height" } }, ...],
//     "shots": "<screenshot dir>", "timeout_ms": 120000 }
// Prints `FIGURES {json}` at the end (also after a failure, with what was measured).
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const cfgPath = process.argv[2];
assert.ok(cfgPath, "usage: node activity.mjs <config.json>");
const cfg = JSON.parse(fs.readFileSync(cfgPath, "utf8"));
assert.ok(cfg.parent && cfg.activity && Array.isArray(cfg.users) && cfg.users.length, "config: parent, activity and users are needed");
const MODE = cfg.mode || "play";
const TIMEOUT = cfg.timeout_ms || 120000;
const shots = cfg.shots || fs.mkdtempSync("/tmp/yutbot-activity-");
fs.mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
const PANEL = { width: 1024, height: 640 };
// The buttons this script presses, in this order of preference (never resigning, leaving,
// handing the turn to a bot...).
const PREFER = [/:throw$/, /:here$/, /:mv:/, /:sel:/, /:more$/, /:join$/, /:start$/, /:accept$/];

const figures = {
  mode: MODE, users: {}, taps: 0, tap_to_other_ms: null, refusals: [], refusal_test: null, stale_press: null,
  received: {}, screenshots: [], page_errors: [],
};
const latencies = [];

function percentile(xs, p) {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

// Every board version a page shows, in order, with when (the system's clock, as this
// script's): recorded in the Activity's frame (the script runs in the parent too, idle).
function recordVersions() {
  window.seen = [];
  window.seenAt = [];
  window.games = [];
  new MutationObserver(() => {
    const m = document.getElementById("game");
    if (!m || m.dataset.version === undefined) return;
    const v = Number(m.dataset.version);
    if (window.seen[window.seen.length - 1] !== v) {
      window.seen.push(v);
      window.seenAt.push(Date.now());
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-version"] });
}

// What a page shows now: its board's version, over or not, whose turn (the seats' words),
// its enabled buttons, its error line.
function stateOf() {
  const m = document.getElementById("game");
  return {
    version: m.dataset.version === undefined ? -1 : Number(m.dataset.version),
    over: m.dataset.over === "1",
    turn: [...document.querySelectorAll("#seats .seat.turn > span")].map((s) => s.textContent.replace(/^▶\s*/, "").replace(/ · \d+$/, "")),
    buttons: [...document.querySelectorAll("#actions button:not([disabled])")].map((b) => b.dataset.id),
    error: document.getElementById("error").textContent,
    gate: m.dataset.gate || null,
  };
}

// The first button of the preferred kinds, leaving out those refused to this person already
// (`skip`: button ids).
function pick(buttons, skip) {
  for (const want of PREFER) {
    const id = buttons.find((i) => want.test(i) && !(skip && skip.has(i)));
    if (id) return id;
  }
  return null;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
let failed = null;
const people = [];
try {
  // Every person's page, one after the other (people joining the Activity, each on a device
  // of their own: the first board's time is one page's, not two pages' sharing the CPU).
  for (const [i, u] of cfg.users.entries()) await (async () => {
    const mobile = u.platform === "mobile";
    const viewport = u.viewport || (mobile ? PHONE : PANEL);
    const context = await browser.newContext({ viewport, locale: u.locale || "en-US", hasTouch: mobile, isMobile: mobile });
    await context.addInitScript(recordVersions);
    const page = await context.newPage();
    const who = { u, i, mobile, viewport, context, page, frame: null, bytes: 0, requests: 0, missing: [], sizes: [] };
    people.push(who);
    page.on("pageerror", (e) => figures.page_errors.push(`${u.name}: ${e.message}`));
    page.on("response", (r) => {
      if (!/^https?:/.test(r.url())) return;
      if (r.status() === 404) who.missing.push(r.url());
      if (who.frame === null) who.sizes.push(r.request().sizes().then((s) => s.responseBodySize + s.responseHeadersSize, () => 0));
    });
    const q = new URLSearchParams({
      activity: cfg.activity, instance_id: cfg.instance_id, guild_id: cfg.guild_id, channel_id: cfg.channel_id,
      code: u.code, user_id: u.id, username: u.name, locale: u.locale || "en-US", platform: mobile ? "mobile" : "desktop",
      participants: JSON.stringify(cfg.users.map((o) => ({ id: o.id, username: o.name }))),
    });
    const t0 = Date.now();
    await page.goto(pathToFileURL(path.resolve(cfg.parent)).href + "?" + q);
    const board = page.frameLocator("#activity").locator("main#game[data-version]");
    try {
      await board.waitFor({ state: "attached", timeout: 30000 });
    } catch (e) {
      const said = await page.frameLocator("#activity").locator("#gate").textContent({ timeout: 1000 }).catch(() => "?");
      const received = await page.evaluate(() => window.received.map((r) => r.cmd));
      throw new Error(`${u.name}: no board in 30 s; the page says "${said}"; Discord stand-in received ${JSON.stringify(received)}`);
    }
    who.frame = page.frames().find((f) => f.url().startsWith(cfg.activity));
    assert.ok(who.frame, `${u.name}: the Activity's frame`);
    // The picture: the SVG drawn, or the image loaded (a lobby has none: its words).
    await who.frame.waitForFunction(() => document.querySelector("#svg svg") || document.getElementById("board").naturalWidth > 0
      || (!document.getElementById("board").getAttribute("src") && document.getElementById("text").textContent !== ""), null, { timeout: 10000 });
    const firstBoardMs = Date.now() - t0;
    const sizes = await Promise.all(who.sizes);
    // Where the time went, in the frame's own clock (ms from its navigation): its script's
    // marks, and when the frame's document started and its scripts loaded.
    const steps = await who.frame.evaluate(() => {
      const out = {};
      const nav = performance.getEntriesByType("navigation")[0];
      if (nav) { out.response_end = Math.round(nav.responseEnd); out.dom_loaded = Math.round(nav.domContentLoadedEventEnd); }
      for (const m of performance.getEntriesByType("mark")) out[m.name] = Math.round(m.startTime);
      out.board = Math.round(performance.now());
      return out;
    }).catch(() => null);
    // Everyone in the Activity, named at the top of the page.
    await who.frame.waitForFunction((n) => document.querySelectorAll("#people .person").length === n, cfg.users.length, { timeout: 5000 })
      .catch(() => {});
    const people_shown = await who.frame.evaluate(() => [...document.querySelectorAll("#people .person")].map((p) => p.textContent));
    figures.users[u.name] = {
      people_shown,
      first_board_ms: firstBoardMs,
      first_board_steps: steps,
      first_load_bytes: sizes.reduce((a, b) => a + b, 0),
      first_load_requests: sizes.length,
    };
    await shot(who, "first");
  })();

  if (MODE === "refusals") await refusals();
  else await play();

  for (const who of people) await layout(who);
  // The canonical sizes: a phone in portrait and a desktop panel.
  const phone = people.find((w) => w.mobile) || people[0];
  await phone.page.setViewportSize(PHONE);
  await shot(phone, "phone", "activity-phone.png");
  const panel = people.find((w) => !w.mobile) || people[0];
  await panel.page.setViewportSize(PANEL);
  await shot(panel, "panel", "activity-panel.png");
  await layout(phone, PHONE);
  await layout(panel, PANEL);
  for (const who of people) assert.deepEqual(who.missing, [], `${who.u.name}: requests answered 404`);
  assert.deepEqual(figures.page_errors, [], "errors in the pages");
} catch (e) {
  failed = e;
} finally {
  for (const who of people) {
    const f = figures.users[who.u.name] || (figures.users[who.u.name] = {});
    if (who.frame) {
      const seen = await who.frame.evaluate(() => window.seen).catch(() => null);
      if (seen) f.versions = seen;
      f.last = await who.frame.evaluate(stateOf).catch(() => null);
    }
    figures.received[who.u.name] = await who.page.evaluate(() => window.received.map((r) => r.cmd)).catch(() => null);
  }
  figures.tap_to_other_ms = { n: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.length ? Math.max(...latencies) : null };
  await browser.close();
  if (failed) figures.failed = String(failed.stack || failed);
  console.log("screenshots in " + shots);
  console.log("FIGURES " + JSON.stringify(figures));
  if (failed) {
    console.error(failed);
    process.exit(1);
  }
}

async function shot(who, what, name) {
  const file = path.join(shots, name || `activity-${who.i}-${who.mobile ? "mobile" : "desktop"}-${what}.png`);
  await who.page.screenshot({ path: file });
  figures.screenshots.push(path.basename(file));
}

// Touch-sized buttons, nothing wider than the window.
async function layout(who, size) {
  const l = await who.frame.evaluate(() => ({
    width: innerWidth,
    scroll: document.documentElement.scrollWidth,
    small: [...document.querySelectorAll("#actions button, #reconnect:not([hidden])")]
      .map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map((r) => `${Math.round(r.width)}x${Math.round(r.height)}`),
    board: (() => { const r = document.querySelector("figure").getBoundingClientRect(); return { w: Math.round(r.width), bottom: Math.round(r.bottom) }; })(),
  }));
  const key = size ? `layout_${size.width}x${size.height}` : "layout";
  (figures.users[who.u.name] || (figures.users[who.u.name] = {}))[key] = l;
  assert.ok(l.scroll <= l.width, `${who.u.name}: the page scrolls sideways (${l.scroll} > ${l.width})`);
  assert.deepEqual(l.small, [], `${who.u.name}: buttons smaller than 44 px`);
}

async function press(who, id) {
  const loc = who.frame.locator(`#actions button[data-id="${id}"]`);
  await who.frame.evaluate(() => { document.getElementById("error").textContent = ""; });
  const t0 = Date.now();
  if (who.mobile) await loc.tap({ timeout: 3000 });
  else await loc.click({ timeout: 3000 });
  return t0;
}

// Until every page's game is over: the page of the person whose turn it is presses.
async function play() {
  const deadline = Date.now() + TIMEOUT;
  const refused = new Map(); // person -> the button ids refused to them
  for (;;) {
    assert.ok(Date.now() < deadline, `the game was not over on every page in ${TIMEOUT} ms`);
    const states = await Promise.all(people.map((w) => w.frame.evaluate(stateOf)));
    if (states.every((s) => s.over)) return;
    const latest = Math.max(...states.map((s) => s.version));
    // The pages showing the latest board, with a button to press: the person named as
    // playing first.
    const ready = people.map((w, k) => ({ w, s: states[k] }))
      .filter(({ w, s }) => !s.over && s.version === latest && pick(s.buttons, refused.get(w.i)))
      .sort((a, b) => Number(b.s.turn.includes(b.w.u.name)) - Number(a.s.turn.includes(a.w.u.name)))
      // In the lobby everyone tries to take a seat before anyone starts the game.
      .sort((a, b) => Number(/:start$/.test(pick(a.s.buttons, refused.get(a.w.i))))
        - Number(/:start$/.test(pick(b.s.buttons, refused.get(b.w.i)))));
    if (!ready.length) { await new Promise((r) => setTimeout(r, 50)); continue; }
    const { w, s } = ready[0];
    const id = pick(s.buttons, refused.get(w.i));
    let t0;
    try {
      t0 = await press(w, id);
    } catch {
      continue; // the board changed under the finger: look again
    }
    // Answered: a newer board, or the refusal's words.
    const h = await w.frame.waitForFunction((v) => {
      const m = document.getElementById("game");
      const e = document.getElementById("error").textContent;
      if (Number(m.dataset.version) > v) return { version: Number(m.dataset.version) };
      return e !== "" ? { error: e } : null;
    }, s.version, { timeout: 15000, polling: 10 });
    const r = await h.jsonValue();
    if (r.error !== undefined) {
      if (!refused.has(w.i)) refused.set(w.i, new Set());
      refused.get(w.i).add(id);
      figures.refusals.push({ user: w.u.name, version: s.version, id, error: r.error });
      continue;
    }
    figures.taps++;
    // The sticks of the first throw, as they land (the animation takes about a second).
    if (/:throw$/.test(id) && !figures.screenshots.some((f) => f.includes("-throw"))) {
      const other = people.find((o) => o !== w) || w;
      await new Promise((r) => setTimeout(r, 900));
      const sticks = await other.frame.evaluate(() => {
        const b = document.getElementById("sticks");
        return b && !b.hidden ? { sticks: b.querySelectorAll(".stick").length, said: b.querySelector(".result").textContent } : null;
      });
      figures.sticks_seen = sticks;
      await shot(other, "throw");
    }
    // The same board (or a later one) on the other pages: how long after the tap.
    await Promise.all(people.filter((o) => o !== w).map(async (o) => {
      try {
        await o.frame.waitForFunction((v) => Number(document.getElementById("game").dataset.version) >= v, r.version, { timeout: 10000, polling: 10 });
        const { seen, seenAt } = await o.frame.evaluate(() => ({ seen: window.seen, seenAt: window.seenAt }));
        const at = seen.findIndex((v) => v >= r.version);
        if (at >= 0) latencies.push(Math.max(0, seenAt[at] - t0));
      } catch {
        figures.refusals.push({ user: o.u.name, version: r.version, error: "the board of the tap did not reach this page in 10 s" });
      }
    }));
  }
}

// The second person's press (refused when not theirs), and a press with an earlier board's
// button.
async function refusals() {
  assert.ok(people.length >= 2, "the refusals need two people");
  const order = [...people].sort((a, b) => a.i - b.i);
  const [first, second] = order;
  const before = await second.frame.evaluate(stateOf);
  const earlier = await first.frame.evaluate(stateOf);
  const id = pick(before.buttons) || before.buttons[0];
  const test = { user: second.u.name, version: before.version, id: id || null, error: null, new_version: null };
  figures.refusal_test = test;
  if (id) {
    await press(second, id);
    const h = await second.frame.waitForFunction((v) => {
      const e = document.getElementById("error").textContent;
      const n = Number(document.getElementById("game").dataset.version);
      return e !== "" ? { error: e } : n > v ? { version: n } : null;
    }, before.version, { timeout: 15000, polling: 10 });
    const r = await h.jsonValue();
    test.error = r.error === undefined ? null : r.error;
    test.new_version = r.version === undefined ? null : r.version;
    await shot(second, "refused");
  }
  // Move the game on (whoever's turn it is), so the first board's buttons are stale.
  const stale = pick(earlier.buttons) || earlier.buttons[0] || id;
  let advanced = false;
  const deadline = Date.now() + 20000;
  while (!advanced && Date.now() < deadline) {
    for (const w of order) {
      const s = await w.frame.evaluate(stateOf);
      if (s.version > earlier.version) { advanced = true; break; }
      const b = pick(s.buttons);
      if (!b) continue;
      try { await press(w, b); } catch { continue; }
      await w.frame.waitForFunction((v) => Number(document.getElementById("game").dataset.version) > v || document.getElementById("error").textContent !== "",
        s.version, { timeout: 15000, polling: 10 }).catch(() => {});
    }
    if (!advanced) await new Promise((r) => setTimeout(r, 100));
  }
  // The stale press, posted by the first person's page (its session).
  const answer = await first.frame.evaluate(async (pressed) => {
    const api = document.getElementById("game").dataset.api;
    const r = await fetch(api + "/press", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: pressed }) });
    return { status: r.status, body: await r.text() };
  }, stale);
  figures.stale_press = { id: stale, from_version: earlier.version, advanced, ...answer };
}
