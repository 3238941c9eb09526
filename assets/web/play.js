// A game's page: the board pushed by the server (server-sent events, or a WebSocket in the
// Discord Activity), the buttons of the person whose turn it is, a countdown from the
// server's clock. Its words come from the catalog (words.js), in the game's language (in the
// Activity: in the person's).
"use strict";
const $ = (id) => document.getElementById(id);
const main = $("game");
// Where this page's game is served: a local game (playable on one screen), a player's seat
// in a Discord game (playable by that player), or a watched one (read-only); or the Discord
// Activity, the channel's current game for the person signed in (its address is known once
// the Activity's bootstrap has signed in: it calls YutPlay.start()).
let API = main.dataset.api;
const WATCH = main.dataset.mode === "watch";
const LOCAL = main.dataset.mode === "play";
const ACTIVITY = main.dataset.mode === "activity";
let game = null;
let shown = null;    // the frame on screen
let painted = null;  // the version whose board is drawn, and whether in SVG
let clockOffset = 0; // server now - our now, in ms
let busy = false;
let lastLogged = null;
let unreachable = false; // a press could not reach the server (said until it is reached again)
let feed = null;         // the Activity's WebSocket feed (stopped for a new session)
let feedError = null;    // what the first request of the feed's game said went wrong

function escape(s) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// Discord's light markdown, as the service writes it: **bold**, *italic*, "-# " small lines.
function markdown(text) {
  return text.split("\n").map((line) => {
    let small = false;
    if (line.startsWith("-# ")) { small = true; line = line.slice(3); }
    let h = escape(line).replace(/`([^`]+)`/g, "<code>$1</code>").replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/(^|[^*])\*([^*\s][^*]*?)\*/g, "$1<em>$2</em>");
    return small ? "<small>" + h + "</small>" : h;
  }).join("\n");
}

// The language of the page's own words: the game's, or in the Activity the person's.
function pageLang(f) {
  return wordsLang(ACTIVITY ? window.YUT_LANG || document.documentElement.lang : f.lang);
}

function show(f) {
  if (game === null) game = f.game;
  if (f.game !== game) {
    if (LOCAL) location.href = "/g/" + f.game;
    // The Activity shows the channel's current game: a newer one replaces the last.
    if (!ACTIVITY || f.game < game) return;
    game = f.game;
    shown = null;
    painted = null;
    lastLogged = null;
    $("log").replaceChildren();
    $("log-box").hidden = true;
  }
  if (shown && f.version < shown.version) return;
  if (Words.lang !== pageLang(f)) { loadWords(pageLang(f)).then(() => show(f), () => {}); return; }
  if (feedError !== null) {
    if ($("error").textContent === feedError) $("error").textContent = "";
    feedError = null;
  }
  shown = f;
  clockOffset = f.now_ms - Date.now();
  main.dataset.version = f.version;
  main.dataset.over = f.over ? "1" : "0";
  document.title = t("web-game-title", { game: f.game });
  paint(f);
  controls(f);
  tick();
}

// The board, the seats, the pool and the log: drawn once per version (a click's answer and
// the pushed board of the same version both arrive; drawing twice would restart the glide).
function paint(f) {
  if (painted && painted.version === f.version && (painted.svg || !f.svg)) return;
  if (!painted && window.performance) performance.mark("yut-first-board");
  // A throw just made (not the board a page opens on): the sticks tumble onto the board.
  if (ACTIVITY && painted && f.toss && f.version > painted.version) throwSticks(f.toss);
  painted = { version: f.version, svg: Boolean(f.svg) };
  // A lobby has no board yet: no empty frame where it will be.
  document.querySelector("main.game figure").hidden = !f.svg && !f.board;
  // The SVG board where the server sent one (crisp at any size), else the picture.
  if (f.svg) {
    $("svg").innerHTML = f.svg;
    $("svg").hidden = false;
    $("svg").setAttribute("aria-label", f.alt || "");
    $("board").hidden = true;
  } else {
    $("svg").hidden = true;
    $("board").hidden = false;
    // The Activity's pictures are under its session (the server's own address may not be
    // reachable from inside Discord).
    // (None before the game starts: a lobby shows its seats in words.)
    if (ACTIVITY && f.board) $("board").src = API + "/boards/" + f.version;
    else if (f.board) { $("board").src = f.board; }
  }
  $("board").alt = f.alt || "";
  // With the SVG: the seats (their side's colour and letter, pieces waiting and home, whose
  // turn) and the throws held, in words.
  const seats = $("seats");
  seats.hidden = !f.svg || !f.seats.length;
  seats.replaceChildren();
  for (const s of f.seats || []) {
    const el = document.createElement("span");
    el.className = "seat side" + s.side + (s.turn ? " turn" : "");
    const mark = document.createElement("b");
    mark.textContent = "ABCD"[s.side] || "?";
    const name = document.createElement("span");
    name.textContent = (s.turn ? "▶ " : "") + s.name + (s.rating != null ? ` · ${s.rating}` : "");
    const counts = document.createElement("small");
    counts.textContent = t("web-seat-counts", { waiting: s.waiting, home: s.home });
    el.append(mark, name, counts);
    seats.append(el);
  }
  // The game's log in words (the same light markdown), newest first, as long as this page
  // has followed it.
  if ((f.said || []).length && f.version !== lastLogged) {
    lastLogged = f.version;
    for (const line of f.said) {
      const li = document.createElement("li");
      li.innerHTML = markdown(line);
      $("log").prepend(li);
    }
    while ($("log").children.length > 200) $("log").lastChild.remove();
    $("log-box").hidden = false;
  }
  $("pool").hidden = !f.svg || !(f.pool || []).length;
  $("pool").textContent = t("web-pool", { list: (f.pool || []).join(" · ") });
}

// The words and the buttons of the frame on screen.
function controls(f) {
  $("text").innerHTML = markdown(f.text);
  const actions = $("actions");
  actions.replaceChildren();
  // A watch page shows no buttons (the frames a seat page plays with carry them).
  for (const row of (WATCH ? [] : f.rows)) {
    const div = document.createElement("div");
    div.className = "row";
    for (const b of row) {
      const el = document.createElement("button");
      el.textContent = b.label;
      el.className = b.style;
      el.disabled = b.disabled;
      el.dataset.id = b.id;
      el.addEventListener("click", () => press(b.id));
      div.append(el);
    }
    actions.append(div);
  }
  if ($("after")) $("after").hidden = !f.over || !LOCAL;
  $("replay").hidden = !f.link;
  if (f.link) { $("replay-link").href = f.link.url; $("replay-link").textContent = f.link.label; }
  translate();
}

async function press(id) {
  if (busy) return;
  busy = true;
  $("actions").querySelectorAll("button").forEach((b) => { b.disabled = true; });
  $("error").textContent = "";
  try {
    const r = await fetch(API + "/press", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id }),
    });
    const j = await r.json();
    if (r.ok) show(j);
    else {
      $("error").textContent = j.error;
      if (shown) controls(shown);
      if (ACTIVITY && r.status === 401) expired();
    }
  } catch (e) {
    unreachable = true;
    $("error").textContent = t("web-failed");
    if (shown) controls(shown);
  } finally {
    busy = false;
  }
}

// The four sticks of a throw falling onto the board, the faces they show, and the result:
// flat faces light, round faces dark with their marks, the back-do stick's flat face marked.
// Gone after a moment; without motion where the person asked for less.
let sticksTimer = null;
function throwSticks(toss) {
  let box = $("sticks");
  if (!box) {
    box = document.createElement("div");
    box.id = "sticks";
    box.className = "sticks";
    box.setAttribute("aria-live", "polite");
    document.querySelector("main.game figure").appendChild(box);
  }
  box.replaceChildren();
  const row = document.createElement("div");
  row.className = "row";
  toss.flat.forEach((flat, i) => {
    const s = document.createElement("span");
    s.className = "stick " + (flat ? "flat" : "round") + (toss.marked === i ? " marked" : "") + (toss.nak ? " nak" : "");
    s.style.setProperty("--i", i);
    s.style.setProperty("--spin", (i % 2 ? -1 : 1) * (540 + 90 * i) + "deg");
    row.appendChild(s);
  });
  const said = document.createElement("p");
  said.className = "result";
  said.textContent = toss.chip || t("web-toss-nak");
  box.append(row, said);
  box.hidden = false;
  box.classList.remove("go");
  void box.offsetWidth; // restart the animation
  box.classList.add("go");
  clearTimeout(sticksTimer);
  sticksTimer = setTimeout(() => { box.hidden = true; }, 1800);
}

function tick() {
  const el = $("clock");
  if (!shown || shown.deadline_ms == null || shown.over) { el.textContent = ""; return; }
  const left = Math.max(0, Math.ceil((shown.deadline_ms - (Date.now() + clockOffset)) / 1000));
  el.textContent = t("web-seconds-left", { seconds: left });
  el.classList.toggle("low", left <= 5);
}
setInterval(tick, 250);

// Play again: the same seats and rules as the form last sent.
if ($("again")) $("again").addEventListener("click", async (ev) => {
  const last = localStorage.getItem("yut.last");
  if (!last) return;
  ev.preventDefault();
  const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: last });
  const j = await r.json();
  if (r.ok) location.href = j.url; else $("error").textContent = j.error;
});

// The server is reached (again): live, and a press that could not reach it is no longer news.
function reached() {
  // A finished game is not live any more (its page stays open on the last board).
  const over = document.getElementById("game").dataset.over === "1";
  $("status").textContent = over ? t("web-finished") : "● " + t("web-live");
  if (unreachable) {
    unreachable = false;
    if ($("error").textContent === t("web-failed")) $("error").textContent = "";
  }
}

// The Activity's session ended or was refused: its bootstrap signs in again (and calls
// YutPlay.start() with the new session), or says it could not.
function expired() {
  if (feed) feed.stop();
  feed = null;
  $("status").textContent = "";
  main.dispatchEvent(new CustomEvent("yut:expired"));
}

// The Activity's feed: a WebSocket (Discord's proxy carries no server-sent events), each
// message one frame, the current one first; reconnected with a growing pause, but for a
// session the server refuses (4001).
function followSocket() {
  let socket = null;
  let stopped = false;
  let pause = 500;
  let timer = null;
  fetch(API).then(async (r) => {
    if (stopped) return;
    const j = await r.json().catch(() => ({}));
    if (r.ok) { show(j); return; }
    if (r.status === 401) { expired(); return; }
    feedError = j.error || r.statusText;
    $("error").textContent = feedError;
  }, () => {});
  const open = () => {
    const url = new URL(API + "/ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(url);
    let opened = false;
    socket.addEventListener("open", () => { opened = true; pause = 500; reached(); });
    let first = true;
    socket.addEventListener("message", (e) => {
      let f;
      try { f = JSON.parse(e.data); } catch { return; }
      show(f);
      reached();
      // The session works: said to the bootstrap (a later refusal may sign in again).
      if (first) { first = false; main.dispatchEvent(new CustomEvent("yut:live")); }
    });
    socket.addEventListener("close", (e) => {
      if (stopped) return;
      if (e.code === 4001) { expired(); return; }
      $("status").textContent = t("web-reconnecting");
      const again = () => {
        if (stopped) return;
        timer = setTimeout(open, pause);
        pause = Math.min(pause * 2, 10000);
      };
      // Refused before it opened: a session the server no longer knows is said by its 401.
      if (opened) again();
      else fetch(API).then((r) => { if (r.status === 401 && !stopped) expired(); else again(); }, again);
    });
  };
  open();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (socket) socket.close(1000);
    },
  };
}

function follow() {
  translate();
  if (main.dataset.feed === "ws") { feed = followSocket(); return; }
  // A page for a game that is not here says so (the stream would only retry).
  fetch(API).then(async (r) => {
    if (!r.ok) { const j = await r.json().catch(() => ({})); $("error").textContent = j.error || r.statusText; }
  });
  const events = new EventSource(API + "/events");
  events.addEventListener("open", reached);
  events.addEventListener("board", (e) => { show(JSON.parse(e.data)); reached(); });
  events.addEventListener("error", () => {
    // Closed for good (refused): no retry to wait for.
    $("status").textContent = events.readyState === EventSource.CLOSED ? "" : t("web-reconnecting");
  });
}
if (ACTIVITY) {
  // Without its bootstrap (a bot built without it), the Activity's page says so.
  window.addEventListener("load", () => {
    if (main.dataset.gate !== undefined || main.dataset.api) return;
    if (!window.YUT_BASE) window.YUT_BASE = location.hostname.endsWith(".discordsays.com") ? "/.proxy/" : new URL(".", location.href).pathname;
    loadWords(document.documentElement.lang).catch(() => {}).then(() => {
      const s = t("web-activity-unavailable");
      $("gate-text").textContent = s === "web-activity-unavailable" ? "The board inside Discord is not set up on this bot." : s;
    });
  });
  // Started by the Activity's bootstrap once signed in (again, with a new session).
  window.YutPlay = {
    // `first`: the channel's newest board, where the sign-in's answer carried it (drawn
    // before the feed's first push).
    start(first) {
      if (feed) feed.stop();
      feed = null;
      API = main.dataset.api;
      const go = () => { if (first) show(first); follow(); };
      loadWords(pageLang(null)).then(go, go);
    },
  };
} else {
  loadWords(document.documentElement.lang).then(follow, follow);
}
