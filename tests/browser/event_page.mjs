// An event's page in Chromium (driven by tests/browser/event_page.rs): at phone (390 x 844)
// and desktop (1280 x 800) sizes, no horizontal overflow, the standings table and a game link
// in view, an entrant's path opened by a tap on their name, no request answered 404 (its
// icon, its picture), screenshots (the Korean page on the phone too).
// Usage: node event_page.mjs <event page url> <screenshot dir> [name prefix] [views]
// (views: a comma list of phone, desktop, ko-phone; all three by default). Prints one line
// `EVENT {...}` with what it measured.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const [url, shots, prefix = "event", views = "phone,desktop,ko-phone"] = process.argv.slice(2);
assert.ok(url && shots, "usage: node event_page.mjs <url> <screenshot dir>");
fs.mkdirSync(shots, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
const figures = {};
try {
  for (const [name, width, height, lang] of [
    ["phone", 390, 844, ""],
    ["desktop", 1280, 800, ""],
    ["ko-phone", 390, 844, "ko"],
  ].filter(([name]) => views.split(",").includes(name))) {
    const page = await browser.newPage({ viewport: { width, height } });
    page.on("pageerror", (e) => { throw e; });
    const missing = [];
    page.on("response", (r) => { if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`); });
    const r = await page.goto(lang ? `${url}?lang=${lang}` : url, { waitUntil: "load" });
    assert.equal(r.status(), 200, `${name}: the page answered ${r.status()}`);
    const table = page.locator("table.standings");
    assert.ok(await table.isVisible(), `${name}: the standings table is shown`);
    const box = await table.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width + 0.5, `${name}: the table fits (${JSON.stringify(box)})`);
    const games = page.locator("#rounds a.game-link");
    assert.ok((await games.count()) > 0, `${name}: a game link`);
    assert.ok(await games.first().isVisible(), `${name}: the first game link is shown`);
    const href = await games.first().getAttribute("href");
    assert.match(href, /^\/(watch|replay)\/\d+-[0-9a-f]{32}$/, `${name}: ${href}`);
    // Once over: the podium picture is shown.
    if (await page.locator("#podium").count()) {
      const w = await page.locator("#podium").evaluate((img) => img.complete && img.naturalWidth);
      assert.ok(w > 0, `${name}: the podium picture loads`);
    }
    // Open the leader's path: their games, round by round, with their links.
    await page.locator("table.standings tbody tr").first().locator("summary").click();
    const path0 = page.locator("table.standings tbody tr").first().locator("ol.path");
    assert.ok(await path0.isVisible(), `${name}: the path opens`);
    const steps = await path0.locator("li").count();
    assert.ok(steps >= 2, `${name}: two rounds in the leader's path (${steps})`);
    // Nothing wider than the screen, path open.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: ${overflow}px of horizontal overflow`);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((e) => e.tagName + "." + e.className)
        .slice(0, 5));
    assert.deepEqual(wide, [], `${name}: elements past the right edge`);
    assert.deepEqual(missing, [], `${name}: failed requests`);
    await page.screenshot({ path: path.join(shots, `${prefix}-${name}.png`), fullPage: true });
    figures[name] = { overflow, steps, tableWidth: Math.round(box.width), height: await page.evaluate(() => document.documentElement.scrollHeight) };
    await page.close();
  }
} finally {
  await browser.close();
}
console.log("EVENT " + JSON.stringify(figures));
