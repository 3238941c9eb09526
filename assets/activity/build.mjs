// The Activity's bootstrap bundled for the browser: src/main.js with Discord's Embedded App
// SDK, minified into one self-contained script, <outdir>/activity.js (served as
// /activity/assets/activity.js). Run by the Rust build script after `npm ci`; no other effect.
// Usage: node build.mjs <outdir>
import * as esbuild from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const outdir = process.argv[2];
if (!outdir) {
  console.error("usage: node build.mjs <outdir>");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
try {
  const result = await esbuild.build({
    absWorkingDir: here,
    entryPoints: [path.join(here, "src", "main.js")],
    outfile: path.join(path.resolve(outdir), "activity.js"),
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    legalComments: "eof",
    logLevel: "silent",
  });
  for (const w of result.warnings) console.error("activity.js: warning: " + w.text);
} catch (e) {
  const errors = (e.errors || []).map((m) => (m.location ? `${m.location.file}:${m.location.line}: ` : "") + m.text);
  console.error("could not bundle the Activity (assets/activity/src/main.js): " + (errors.join("\n") || e.message));
  process.exit(1);
}
