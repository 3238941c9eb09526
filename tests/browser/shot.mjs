// A screenshot of one page in Chromium: node shot.mjs <url> <file.png> [locale] [width] [height]
// Fails unless the page answers 200.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";

const [url, out, locale = "en-US", width = "1280", height = "800"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
try {
  const page = await browser.newPage({ locale, viewport: { width: Number(width), height: Number(height) } });
  const r = await page.goto(url);
  assert.equal(r.status(), 200, `${url} answered ${r.status()}`);
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
