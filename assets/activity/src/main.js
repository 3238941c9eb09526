// The Discord Activity's bootstrap: inside Discord's client (an iframe at
// <app>.discordsays.com), say hello to Discord with its Embedded App SDK, have the person
// authorize the app (a code), trade the code for a session of this server, then hand over to
// the game page (play.js), which follows the channel's game through a WebSocket. Every
// failure is said on the page in words, never a blank page.
import { DiscordSDK } from "@discord/embedded-app-sdk";

const main = document.getElementById("game");
// Inside Discord every request of the page goes through Discord's proxy, under /.proxy/
// (mapped to this server's /activity/); in a plain browser (tests), the page's own folder.
const BASE = location.hostname.endsWith(".discordsays.com") ? "/.proxy/" : new URL(".", location.href).pathname;
window.YUT_BASE = BASE;

// This page's own words, where the catalog lacks them (its keys come first when it has them).
const ENGLISH = {
  "web-activity-connecting": "Connecting to Discord…",
  "web-activity-signing-in": "Signing in…",
  "web-activity-loading": "Loading the game…",
  "web-activity-outside": "This is Yut Nori's Discord Activity: start it from a Discord channel (the rocket button, Activities).",
  "web-activity-no-discord": "Discord did not answer this page.",
  "web-activity-sign-in-failed": "Discord did not confirm who you are. Close the Activity and open it again.",
  "web-activity-refused": "The game server refused to sign you in: {why}",
  "web-activity-unreachable": "Could not reach the game server.",
  "web-activity-signed-out": "Your session here has ended: open the Activity again.",
  "web-activity-reconnect": "Reconnect",
  "web-activity-failed": "Could not start the game: {why}",
};

function say(key, vars) {
  const s = typeof t === "function" ? t(key, vars) : key;
  if (s !== key) return s;
  let e = ENGLISH[key] || key;
  for (const [k, v] of Object.entries(vars || {})) e = e.split("{" + k + "}").join(String(v));
  return e;
}

// The bootstrap's state on the page: a line of words, and a button to start over where one
// helps.
const gate = document.getElementById("gate");
const gateText = document.getElementById("gate-text");
const retry = document.getElementById("reconnect");
function state(key, vars, offerRetry) {
  gate.hidden = false;
  gateText.textContent = say(key, vars);
  main.dataset.gate = key;
  retry.hidden = !offerRetry;
  retry.textContent = say("web-activity-reconnect");
}
function clear() {
  gate.hidden = true;
  delete main.dataset.gate;
}

// A failure that has its own words.
class Said extends Error {
  constructor(key, vars) {
    super(say(key, vars));
    this.key = key;
    this.vars = vars;
  }
}

function within(promise, ms, key) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Said(key)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

let sdk = null;
let signingIn = null;
// Signed in again after a refusal, and no board came through the new session yet.
let retried = false;

// Authorize (a code from Discord), a session of this server for it, then authenticate the
// SDK with the session's token; the game page follows the channel's game from there.
async function signIn() {
  state("web-activity-signing-in");
  let code;
  try {
    ({ code } = await sdk.commands.authorize({
      client_id: sdk.clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    }));
  } catch (e) {
    throw new Said("web-activity-sign-in-failed");
  }
  performance.mark("yut-authorized");
  let r;
  try {
    r = await within(fetch(BASE + "api/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code, instance_id: sdk.instanceId }),
    }), 30000, "web-activity-unreachable");
  } catch (e) {
    throw e instanceof Said ? e : new Said("web-activity-unreachable");
  }
  const j = await r.json().catch(() => ({}));
  if (!r.ok || !j.session) throw new Said("web-activity-refused", { why: j.error || `${r.status} ${r.statusText}` });
  performance.mark("yut-session");
  window.YUT_LANG = j.lang || document.documentElement.lang;
  window.YUT_USER = j.user || null;
  main.dataset.user = (j.user && j.user.id) || "";
  main.dataset.api = BASE + "api/s/" + j.session;
  main.dataset.feed = "ws";
  state("web-activity-loading");
  // The board at once: the session's answer carries the channel's newest board, and the
  // feed opens while Discord's client authenticates the SDK (which only the people strip
  // needs: without it the game goes on, unnamed).
  window.YutPlay.start(j.frame || null);
  try {
    await within(sdk.commands.authenticate({ access_token: j.access_token }), 30000, "web-activity-no-discord");
  } catch (e) {
    console.warn("Discord's client did not authenticate the Activity:", e);
    return;
  }
  performance.mark("yut-authenticated");
  people();
}

// Everyone in the Activity, at the top of the page: their avatar (through the URL mapping
// /cdn → cdn.discordapp.com, where the operator made one) or their initial, and their name.
let peopleAsked = false;
async function people() {
  if (peopleAsked) return;
  peopleAsked = true;
  try {
    const r = await sdk.commands.getInstanceConnectedParticipants();
    showPeople(r.participants || []);
    await sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (e) => showPeople(e.participants || []));
  } catch (e) {
    // Not said: the game goes on without the list.
  }
}

function showPeople(list) {
  let box = document.getElementById("people");
  if (!box) {
    box = document.createElement("div");
    box.id = "people";
    document.querySelector("header").insertBefore(box, document.getElementById("status"));
  }
  box.replaceChildren(...list.map((p) => {
    const el = document.createElement("span");
    el.className = "person";
    const name = p.nickname || p.global_name || p.username || "?";
    const face = document.createElement("b");
    face.textContent = [...name][0].toUpperCase();
    if (p.avatar && location.hostname.endsWith(".discordsays.com")) {
      const img = document.createElement("img");
      img.alt = "";
      img.src = `/.proxy/cdn/avatars/${p.id}/${p.avatar}.png?size=64`;
      img.onerror = () => img.remove();
      face.appendChild(img);
    }
    const n = document.createElement("span");
    n.textContent = name;
    el.append(face, n);
    if (window.YUT_USER && String(window.YUT_USER.id) === String(p.id)) el.classList.add("me");
    return el;
  }));
}

// Sign in (once at a time), saying what failed.
function connect() {
  if (!signingIn) {
    signingIn = signIn().catch((e) => {
      if (e instanceof Said) state(e.key, e.vars, true);
      else state("web-activity-failed", { why: (e && e.message) || String(e) }, true);
    }).finally(() => { signingIn = null; });
  }
  return signingIn;
}

async function boot() {
  // Where the first board's time goes (read by the browser test): performance marks.
  performance.mark("yut-boot");
  state("web-activity-connecting");
  // The words load while Discord's client answers the handshake (English until then).
  const words = loadWords(document.documentElement.lang).catch(() => {}).then(() => {
    translate();
    if (main.dataset.gate === "web-activity-connecting") state("web-activity-connecting");
  });
  const clientId = main.dataset.clientId;
  if (window.parent === window) { state("web-activity-outside"); return; }
  try {
    sdk = new DiscordSDK(clientId);
  } catch (e) {
    // The page was not opened by Discord (its query lacks the frame's parameters).
    state("web-activity-outside");
    return;
  }
  main.dataset.platform = sdk.platform;
  try {
    await within(sdk.ready(), 20000, "web-activity-no-discord");
    performance.mark("yut-ready");
  } catch (e) {
    state(e.key || "web-activity-no-discord", null, true);
    retry.onclick = () => location.reload();
    return;
  }
  retry.onclick = () => { retried = false; connect(); };
  await words;
  await connect();
}

// The game page's first board, or what its server said instead (no game in this channel,
// say): the bootstrap's words make way.
const loaded = () => {
  const said = main.dataset.version !== undefined || document.getElementById("error").textContent !== "";
  if (said && main.dataset.gate === "web-activity-loading") clear();
};
new MutationObserver(loaded).observe(main, { attributes: true, attributeFilter: ["data-version"] });
new MutationObserver(loaded).observe(document.getElementById("error"), { childList: true, characterData: true, subtree: true });

// The session ended or was refused (the server closed the feed with 4001, or answered 401):
// sign in again, once; a new session refused before any board came through it is said, with
// a button to try again.
main.addEventListener("yut:expired", () => {
  if (signingIn) return;
  if (retried) {
    state("web-activity-signed-out", null, true);
    return;
  }
  retried = true;
  connect();
});
main.addEventListener("yut:live", () => { retried = false; });

// Links leave Discord through Discord (an Activity's frame cannot navigate away).
document.addEventListener("click", (ev) => {
  const a = ev.target.closest && ev.target.closest("a[href]");
  if (!a || !sdk || !/^https?:/.test(a.href) || new URL(a.href).origin === location.origin) return;
  ev.preventDefault();
  sdk.commands.openExternalLink({ url: a.href }).catch(() => {});
});

boot().catch((e) => state("web-activity-failed", { why: (e && e.message) || String(e) }, true));
