// The drawn table (daynight.widgets.table.Table): the drawing, its targets as real controls,
// a note, a toolbar and a status line. Python decides everything; this file only shows and reports.
//
// Page contract: <div class="dn-table" data-epoch="N" data-said="M" data-answered="K" data-screen="wide|narrow"
// data-ready="1">, data-answered counts the clicks the kernel has answered (after what each drew), targets are
// [data-target] elements, the status line is .dn-status, a mark is a .dn-mark in a .dn-marks layer on top of
// the drawing (its piece has the class dn-marked), a note is .dn-note (data-note: its number), and a page
// that lost its kernel shows #dn-dead (data-state: why) with the button #dn-reload. Nothing here fetches
// anything from another host. `data-ready` is set once the kernel has answered what the table sent when it
// was shown (or when its width changed): the width may make the kernel redraw (a new epoch), and a click sent
// before that redraw arrives is on a drawing that has since changed, so the kernel does not act on it; a
// page (or a test) that clicks after `data-ready` clicks on the drawing the kernel has.
//
// Kept values: for every key of `stored_keys` the table reads the browser's localStorage once when it is
// shown and sends {event: "stored", key, value} to the kernel; the kernel sends {event: "store", key, value}
// to keep a new value (null: forget it). Only the listed keys are read or written.
//
// The page: when a view opens it sends {event: "opened", anchor, screen, width}; afterwards
// {event: "screen", screen, width} only when the width crosses the breakpoint or draw_breakpoint (or, under
// draw_breakpoint, settles at a new width: any narrower one, a wider one unless it returns to one of the last
// two reported), and once when a table that opened before it was laid out is measured (its width at "opened"
// was a guess). The width is the content box the drawing fills, not the window's. A click with no answer within ANSWER_MS, a dropped connection, the device going
// offline or the page shown again make the page check that its kernel still answers (see `pageHealth`).

const ACTIVATE = new Set(["Enter", " ", "Spacebar"]);
const SVG_NS = "http://www.w3.org/2000/svg";
// the longest value kept, in characters (daynight.widgets.table.MAX_STORED)
const MAX_STORED = 60000;
const TONES = new Set(["reason", "chosen", "missed", "wrong"]);
// a click with no answer after this long makes the page check its kernel (the answer to a click is due
// within 2 s: issue 24)
const ANSWER_MS = 1000;
// how long a ping may take before the kernel counts as not answering (offline: at once), and the server's probe
const PING_MS = 3000;
const OFFLINE_PING_MS = 600;
const PROBE_MS = 3000;
// a page that may recover (offline, reconnecting, a server or kernel not answering) checks again this often
const RETRY_MS = 5000;
// a narrow table's width changed by more than this is always reported (a drawing is made for its width); a
// smaller change is reported when it narrows the table (else the drawing is cut off at its right edge) or
// widens it to a width not among the last two reported (a scrollbar that comes and goes cannot loop)
const SCREEN_STEP = 24;
// the page reloaded by the dead-page button continues the kept game (sessionStorage, this tab only)
const CONTINUE_KEY = "daynight.continue";
const ANCHORS = new Set(["learn", "continue"]);

// The boxes of the words of a drawing, in the root's coordinates (where a mark's label must not go).
function wordBoxes(svg) {
  const boxes = [];
  let toRoot;
  try {
    toRoot = svg.getScreenCTM().inverse();
  } catch (e) {
    return boxes;
  }
  for (const t of svg.querySelectorAll("text")) {
    if (t.closest(".dn-marks") || !t.textContent.trim()) continue;
    try {
      const b = t.getBBox();
      const m = toRoot.multiply(t.getScreenCTM());
      const a = new DOMPoint(b.x, b.y).matrixTransform(m), c = new DOMPoint(b.x + b.width, b.y + b.height).matrixTransform(m);
      boxes.push([Math.min(a.x, c.x), Math.min(a.y, c.y), Math.max(a.x, c.x), Math.max(a.y, c.y)]);
    } catch (e) { /* not rendered */ }
  }
  return boxes;
}

const LABEL_H = 17;

// Where a mark's label goes: the first of these places that covers no word of the drawing (nor an earlier
// label), else the one that covers the fewest, within the drawing: outside the piece, under it or over it,
// at its left end and then at its right end (a short word at a box's left leaves room at its right); beside
// it, right or left; else inside it, at its foot or its top, left or right (a card's bottom word stays
// readable where it can).
function labelPlace(svg, x, y, w, h, width, words) {
  const vb = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.height ? svg.viewBox.baseVal : null;
  const left = vb ? vb.x : -Infinity, right = vb ? vb.x + vb.width : Infinity;
  const top = vb ? vb.y : -Infinity, bottom = vb ? vb.y + vb.height : Infinity;
  const room = width + 8;
  // a label wider than room to the drawing's right edge starts further left (never beyond its left edge)
  const fit = (lx) => Math.max(left, Math.min(lx, right - room));
  const atLeft = fit(x), atRight = fit(x + w - room);
  const under = y + h + 5, over = y - LABEL_H - 5, foot = y + h - LABEL_H - 1, head = y + 1;
  // [left, top, beside]: a place beside the piece is tried only where the whole label fits in the drawing
  const places = [
    [atLeft, under], [atLeft, over], [atRight, under], [atRight, over],
    [x + w + 6, y, true], [x - room - 6, y, true],
    [atLeft, foot], [atRight, foot], [atLeft, head], [atRight, head],
  ];
  let best = null;
  for (const [lx, t, beside] of places) {
    if (t < top || t + LABEL_H > bottom || (beside && (lx < left || lx + room > right))) continue;
    const box = [lx, t, lx + room, t + LABEL_H];
    const covered = words.filter((b) => b[0] < box[2] && b[2] > box[0] && b[1] < box[3] && b[3] > box[1]).length;
    if (!best || covered < best.covered) best = { lx, t, covered };
    if (covered === 0) break;
  }
  return best ? [best.lx, best.t] : [atLeft, foot];
}

// Words on a drawn piece: an outline around it and a short label beside it, drawn in a layer on top of the
// whole drawing (so no later piece covers them), placed where it covers no words if it can (labelPlace); the
// label is added to the piece's accessible name.
function addMark(node, mark, words) {
  const svg = node.ownerSVGElement;
  let box, toRoot;
  try {
    box = node.getBBox();
    toRoot = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
  } catch (e) {
    return;
  }
  if (!box || !box.width || !toRoot) return;
  const corner = (x, y) => new DOMPoint(x, y).matrixTransform(toRoot);
  const a = corner(box.x, box.y), b = corner(box.x + box.width, box.y + box.height);
  const [x, y, w, h] = [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y)];
  let layer = svg.querySelector(":scope > g.dn-marks");
  if (!layer) {
    layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "dn-marks");
    layer.setAttribute("aria-hidden", "true");
    svg.append(layer);
  }
  const tone = TONES.has(mark.tone) ? mark.tone : "reason";
  const g = document.createElementNS(SVG_NS, "g");
  g.setAttribute("class", `dn-mark dn-mark-${tone}`);
  const make = (tag, attrs) => {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
  };
  const outline = make("rect", { class: "dn-mark-outline", x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 8 });
  const label = make("text", { class: "dn-mark-text", x: x + 4, y: y + h - 5 });
  label.textContent = mark.label;
  const back = make("rect", { class: "dn-mark-label", x: x, y: y + h - 18, width: 10, height: LABEL_H, rx: 4 });
  g.append(outline, back, label);
  layer.append(g);
  let width = mark.label.length * 6.5;
  try {
    width = label.getComputedTextLength();
  } catch (e) { /* not rendered: an estimate */ }
  const [lx, t] = labelPlace(svg, x, y, w, h, width, words);
  back.setAttribute("x", String(lx));
  back.setAttribute("y", String(t));
  label.setAttribute("x", String(lx + 4));
  label.setAttribute("y", String(t + LABEL_H - 4));
  back.setAttribute("width", String(width + 8));
  words.push([lx, t, lx + width + 8, t + LABEL_H]);   // a later label does not cover this one
  node.classList.add("dn-marked");
  node.dataset.dnMark = node.dataset.dnMark ? `${node.dataset.dnMark}; ${mark.label}` : mark.label;
}

function storage(kind = "localStorage") {
  try {
    return window[kind];
  } catch (e) {
    return null;
  }
}

function fill(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (all, k) => (k in values ? String(values[k]) : all));
}

// ------------------------------------------------------------------------------------------------------
// The page's health: one per page, shared by every table on it (several models may load this module).

function pageConfig() {
  try {
    const node = document.getElementById("jupyter-config-data");
    return node ? JSON.parse(node.textContent) : {};
  } catch (e) {
    return {};
  }
}

// What the class server says about this page's kernel: {state: "running", busy} or {state: "ended", reason,
// after}, {state: "unreachable"} when the server does not answer, null where there is no such server (the
// static site, JupyterLab).
async function probeServer() {
  const config = pageConfig();
  if (!config.kernelId || typeof config.baseUrl !== "string") return null;
  const url = `${config.baseUrl.replace(/\/?$/, "/")}daynight/kernel/${encodeURIComponent(config.kernelId)}`;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PROBE_MS);
  try {
    const response = await fetch(url, { cache: "no-store", credentials: "same-origin", signal: abort.signal });
    if (!response.ok) return null;
    const answer = await response.json();
    return answer && answer.daynight === "kernel" ? answer : null;
  } catch (e) {
    return { state: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

function makeHealth() {
  const h = { state: "ok", tables: new Set(), kernel: null, words: {}, checking: null, banner: null, undo: [] };
  let anchor = null;
  if (/^#learn$/.test(window.location.hash)) anchor = "learn";
  const session = storage("sessionStorage");
  try {
    if (session && session.getItem(CONTINUE_KEY) === "1") {
      anchor = "continue";
      session.removeItem(CONTINUE_KEY);
    }
  } catch (e) { /* no session storage: nothing to continue */ }
  h.anchor = ANCHORS.has(anchor) ? anchor : null;

  const DEAD = new Set(["unreachable", "gone", "idle", "orphan", "silent"]);
  // a kernel the server has ended never comes back; the other states may pass
  const FINAL = new Set(["gone", "idle", "orphan"]);
  let retry = null;

  function why(state) {
    if (state === "offline" || state === "reconnecting") return h.words[`why_${state}`];
    return h.words.why_gone;
  }

  function showBanner(state, after) {
    let banner = document.getElementById("dn-dead");
    if (!banner) {
      banner = document.createElement("div");
      banner.id = "dn-dead";
      banner.setAttribute("role", "alert");
      const text = document.createElement("p");
      const button = document.createElement("button");
      button.type = "button";
      button.id = "dn-reload";
      button.addEventListener("click", () => {
        const s = storage("sessionStorage");
        try {
          if (s) s.setItem(CONTINUE_KEY, "1");
        } catch (e) { /* the kept game is offered instead */ }
        window.location.reload();
      });
      banner.append(text, button);
      document.body.append(banner);
    }
    banner.dataset.state = state;
    banner.querySelector("p").textContent = fill(h.words[state], { minutes: Math.round((after || 0) / 60) });
    banner.querySelector("button").textContent = h.words.reload;
    if (DEAD.has(state)) banner.querySelector("button").focus({ preventScroll: true });
  }

  // every control of the page is disabled, the reason in its accessible name; undone when the page recovers
  function disableAll(state) {
    enableAll();
    const reason = why(state);
    const controls = document.querySelectorAll("button, select, input, textarea, [data-target], a[href]");
    for (const node of controls) {
      if (node.closest("#dn-dead")) continue;
      const was = { node, label: node.getAttribute("aria-label"), aria: node.getAttribute("aria-disabled"),
        disabled: node.disabled, tabindex: node.getAttribute("tabindex") };
      if (node.tagName === "A" && !node.closest(".dn-table")) continue;   // links to other pages still work
      const name = node.dataset.dnName || was.label || node.textContent.trim() || node.title || node.value || "";
      node.setAttribute("aria-label", fill(h.words.unavailable, { name, why: reason }));
      node.setAttribute("aria-disabled", "true");
      if ("disabled" in node && node.tagName !== "A") node.disabled = true;
      h.undo.push(was);
    }
    document.body.classList.add("dn-page-dead");
  }

  function enableAll() {
    for (const was of h.undo) {
      const node = was.node;
      if (was.label === null) node.removeAttribute("aria-label");
      else node.setAttribute("aria-label", was.label);
      if (was.aria === null) node.removeAttribute("aria-disabled");
      else node.setAttribute("aria-disabled", was.aria);
      if ("disabled" in node && node.tagName !== "A") node.disabled = was.disabled;
    }
    h.undo = [];
    document.body.classList.remove("dn-page-dead");
  }

  h.set = (state, after) => {
    if (state === h.state && state !== "ok") return;
    h.state = state;
    if (state === "ok") {
      enableAll();
      const banner = document.getElementById("dn-dead");
      if (banner) banner.remove();
    } else {
      showBanner(state, after);
      disableAll(state);
    }
    for (const t of h.tables) t.healthChanged();
  };

  async function pingAny(ms) {
    for (const t of h.tables) return t.ping(ms);
    return false;
  }

  // Does the kernel still answer? A verdict ("ok" or why not), or "busy" (working on the last click). The
  // server's word comes first (a kernel it ended is said at once); then a ping, which a kernel running in
  // this browser (the static site) answers offline too.
  async function check() {
    const offline = navigator.onLine === false;
    const probe = offline ? null : await probeServer();
    if (probe && probe.state === "ended") {
      h.after = probe.after;
      return probe.reason === "idle" || probe.reason === "orphan" ? probe.reason : "gone";
    }
    if (probe && probe.busy) return "busy";
    if (!probe && !offline && h.kernel && h.kernel.status === "busy") return "busy";
    if (await pingAny(offline ? OFFLINE_PING_MS : PING_MS)) return "ok";
    if (offline) return "offline";
    if (probe && probe.state === "unreachable") return "unreachable";
    if (h.kernel && h.kernel.connectionStatus === "connecting") return "reconnecting";
    return "silent";
  }

  // any message from the kernel proves it answers: a page said dead by mistake (a slow machine) recovers
  h.alive = () => {
    if (h.state !== "ok" && !FINAL.has(h.state)) h.set("ok");
  };

  h.verify = () => {
    if (!h.checking) {
      h.checking = check()
        .then((verdict) => {
          if (verdict !== "busy") h.set(verdict, h.after);
          clearTimeout(retry);
          if (h.state !== "ok" && !FINAL.has(h.state)) retry = setTimeout(h.verify, RETRY_MS);
          return verdict;
        })
        .finally(() => {
          h.checking = null;
        });
    }
    return h.checking;
  };

  h.attachKernel = (kernel) => {
    if (h.kernel || !kernel || !kernel.connectionStatusChanged) return;
    h.kernel = kernel;
    kernel.connectionStatusChanged.connect((_k, status) => {
      if (status === "connecting") h.set("reconnecting");
      else h.verify();
    });
    if (kernel.statusChanged) {
      kernel.statusChanged.connect((_k, status) => {
        if (["dead", "restarting", "autorestarting"].includes(status)) h.verify();
      });
    }
  };

  window.addEventListener("offline", () => h.verify());
  window.addEventListener("online", () => h.verify());
  let lastShown = 0;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - lastShown < 10000) return;
    lastShown = Date.now();
    h.verify();
  });
  return h;
}

function pageHealth() {
  if (!globalThis.__daynightPageHealth) globalThis.__daynightPageHealth = makeHealth();
  return globalThis.__daynightPageHealth;
}

// ------------------------------------------------------------------------------------------------------

function render({ model, el }) {
  const health = pageHealth();
  health.words = model.get("words") || health.words;
  el.classList.add("dn-table");
  el.setAttribute("role", "region");

  const note = document.createElement("div");
  note.className = "dn-note";
  note.hidden = true;
  const noteSaid = document.createElement("div");   // a polite live region for a note that does not pause
  noteSaid.className = "dn-note-said";
  noteSaid.setAttribute("role", "status");
  const drawing = document.createElement("div");
  drawing.className = "dn-drawing";
  const actions = document.createElement("div");
  actions.className = "dn-actions";
  actions.setAttribute("role", "toolbar");
  const status = document.createElement("div");
  status.className = "dn-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  el.append(note, noteSaid, drawing, actions, status);

  const uid = Math.random().toString(36).slice(2, 9);
  let lastKey = null;   // the data-key (or target id) that had the focus before a redraw
  let lastNote = 0;     // the number of the note last shown (a new pausing note takes the focus)
  let watchdog = null;  // a click waiting for its answer
  let noteFolded = false;  // the note shown is the compact one of a phone
  let drawnLabel = null;  // the table's name when it was last drawn

  function answered() {
    clearTimeout(watchdog);
    watchdog = null;
    el.classList.remove("dn-waiting");
    if (status.dataset.busy) {
      delete status.dataset.busy;
      status.textContent = model.get("status");
    }
  }

  function awaitAnswer(ms) {
    clearTimeout(watchdog);
    watchdog = setTimeout(async () => {
      const verdict = await health.verify();
      if (verdict === "busy" && watchdog !== null) {
        status.textContent = health.words.busy;
        status.dataset.busy = "1";
        awaitAnswer(2000);
      } else if (verdict === "ok") {
        answered();   // the kernel answers: the click was not acted on (a stale or unknown target)
      }
    }, ms);
  }

  function paused() {
    const n = model.get("note") || {};
    return Boolean(n.text && n.pause);
  }

  function choose(node) {
    if (!node || !el.contains(node)) return;
    if (health.state !== "ok") {
      health.verify();
      return;
    }
    if (paused() && !note.contains(node)) {
      const first = note.querySelector("button.dn-primary") || note.querySelector("button");
      if (first) first.focus();
      return;
    }
    lastKey = node.dataset.key || node.dataset.target;
    el.classList.add("dn-waiting");
    model.send({ event: "choose", target: node.dataset.target, epoch: model.get("epoch") });
    awaitAnswer(ANSWER_MS);
  }

  let marksWaiting = false;   // marks to place once the drawing is laid out (refresh)
  // names and states of the targets: the target's name, the marks' words, and why it cannot be used now
  function refresh() {
    for (const layer of drawing.querySelectorAll("g.dn-marks")) layer.remove();
    for (const node of drawing.querySelectorAll(".dn-marked")) {
      node.classList.remove("dn-marked");
      delete node.dataset.dnMark;
    }
    const n = model.get("note") || {};
    const words = new Map();
    const marks = [...model.get("marks"), ...(n.text ? n.marks || [] : [])];
    // a mark is placed by the drawing's laid-out boxes: a table drawn before the page shows it (its first
    // drawing) places its marks when it is laid out (the ResizeObserver below)
    marksWaiting = marks.length > 0 && !drawing.getClientRects().length;
    for (const m of marksWaiting ? [] : marks) {
      const node = drawing.querySelector(`[data-key="${CSS.escape(m.key)}"]`);
      if (!node || typeof m.label !== "string" || !node.ownerSVGElement) continue;
      const svg = node.ownerSVGElement;
      if (!words.has(svg)) words.set(svg, wordBoxes(svg));
      addMark(node, m, words.get(svg));
    }
    const dead = health.state !== "ok", hold = paused();
    for (const node of el.querySelectorAll("[data-key], [data-target]")) {
      if (node.dataset.dnName === undefined) node.dataset.dnName = node.getAttribute("aria-label") || "";
      let name = node.dataset.dnName || node.textContent.trim();
      if (node.dataset.dnMark) name = `${name}: ${node.dataset.dnMark}`;
      const held = node.dataset.target !== undefined && !note.contains(node) && (dead || hold);
      if (dead && node.dataset.target !== undefined) {
        name = fill(health.words.unavailable, { name, why: health.state === "offline" ? health.words.why_offline
          : health.state === "reconnecting" ? health.words.why_reconnecting : health.words.why_gone });
      } else if (held) {
        name = fill(health.words.paused, { name });
      }
      if (node.dataset.dnName || node.dataset.dnMark || held || dead) node.setAttribute("aria-label", name);
      else node.removeAttribute("aria-label");
      if (held) node.setAttribute("aria-disabled", "true");
      else node.removeAttribute("aria-disabled");
    }
    el.classList.toggle("dn-paused", hold);
  }

  function sizeDrawing() {
    // a wide drawing fills the table's width, but is never blown up beyond 1.75 times its size; a narrow one
    // is shown at its own size (scale 1: table.css)
    const narrow = el.dataset.screen === "narrow";
    for (const svg of drawing.querySelectorAll(":scope > svg, :scope > * > svg")) {
      const natural = svg.width && svg.width.baseVal ? svg.width.baseVal.value : 0;
      svg.style.maxWidth = !narrow && natural ? `${Math.round(natural * 1.75)}px` : "";
    }
  }

  function redraw() {
    const focused = el.contains(document.activeElement) ? document.activeElement : null;
    if (focused) lastKey = focused.dataset.key || focused.dataset.target || lastKey;
    // a table under a new name is a new table (a practice table's next question): the keyboard goes to its
    // first target, not back to the button that asked for it
    const label = model.get("label");
    const renamed = drawnLabel !== null && label !== drawnLabel;
    drawnLabel = label;
    el.setAttribute("aria-label", label);
    drawing.innerHTML = model.get("svg");
    sizeDrawing();
    actions.replaceChildren();
    for (const t of model.get("targets")) {
      let node;
      if (t.key) {
        node = drawing.querySelector(`[data-key="${CSS.escape(t.key)}"]`);
        if (!node) continue;   // the drawing does not show this piece: no target
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
        node.dataset.dnName = t.name;
        const title = node.querySelector(":scope > title");
        if (title) title.textContent = t.name;
      } else {
        node = document.createElement("button");
        node.type = "button";
        node.textContent = t.name;
        if (t.primary) node.classList.add("dn-primary");
        actions.append(node);
      }
      node.dataset.target = t.id;
      if (t.pressed === true || t.pressed === false) node.setAttribute("aria-pressed", String(t.pressed));
    }
    refresh();
    actions.hidden = actions.childElementCount === 0;
    el.dataset.epoch = String(model.get("epoch"));
    answered();
    if ((focused || lastKey) && !paused()) {
      // keep the keyboard where it was: the same piece, else the first target of the table
      const all = [...el.querySelectorAll("[data-target]")].filter((n) => !note.contains(n));
      const again = renamed ? null : all.find((n) => (n.dataset.key || n.dataset.target) === lastKey);
      const next = again || (focused || renamed ? all[0] : null);
      if (next) next.focus({ preventScroll: true });
    }
  }

  function part(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function renderNote() {
    const n = model.get("note") || {};
    const hadFocus = note.contains(document.activeElement);
    note.replaceChildren();
    for (const a of ["role", "aria-modal", "aria-labelledby", "aria-describedby", "data-kind", "data-note"]) {
      note.removeAttribute(a);
    }
    if (!n.text) {
      note.hidden = true;
      noteFolded = false;
      el.classList.remove("dn-noted");
      noteSaid.textContent = "";
      refresh();
      if (hadFocus) {
        const first = el.querySelector("[data-target]");
        if (first) first.focus({ preventScroll: true });
      }
      answered();
      return;
    }
    note.hidden = false;
    note.dataset.kind = n.kind;
    note.dataset.note = String(n.id);
    const heading = part("p", "dn-note-heading", n.heading || health.words[`note_${n.kind}`] || "");
    heading.id = `dn-note-h-${uid}`;
    heading.setAttribute("role", "heading");
    heading.setAttribute("aria-level", "3");
    const text = part("p", "dn-note-text", n.text);
    text.id = `dn-note-t-${uid}`;
    note.append(heading, text);
    const list = n.items && n.items.length ? part("ul", "dn-note-items") : null;
    for (const item of list ? n.items : []) list.append(part("li", "", item));
    // on a phone a rule's note is compact: what happened goes with the rule's words, one tap away, so the
    // marked piece shows on the first screen with the note
    const fold = Boolean(list && n.detail && el.dataset.screen === "narrow");
    if (list && !fold) note.append(list);
    if (n.detail) {
      const more = part("details", "dn-note-detail");
      more.append(part("summary", "", fold ? n.more_label || n.detail_label : n.detail_label));
      if (fold) more.append(list);
      more.append(part("p", "", n.detail));
      note.append(more);
    }
    noteFolded = fold;
    if (n.links && n.links.length) {
      const links = part("p", "dn-note-links");
      for (const link of n.links) {
        const a = part("a", "", link.text);
        a.href = link.href;
        a.target = "_blank";
        links.append(a, document.createTextNode(" "));
      }
      note.append(links);
    }
    const bar = part("div", "dn-note-actions");
    for (const b of n.buttons || []) {
      const button = part("button", b.primary ? "dn-primary" : "", b.name);
      button.type = "button";
      button.dataset.target = b.id;
      bar.append(button);
    }
    note.append(bar);
    if (n.pause) {
      note.setAttribute("role", "alertdialog");
      note.setAttribute("aria-modal", "false");
      note.setAttribute("aria-labelledby", heading.id);
      note.setAttribute("aria-describedby", text.id);
      noteSaid.textContent = "";
    } else {
      note.setAttribute("role", "region");
      note.setAttribute("aria-labelledby", heading.id);
      // a refusal is said at once (an alert), what is allowed now politely
      noteSaid.setAttribute("role", n.kind === "error" ? "alert" : "status");
      noteSaid.textContent = n.kind === "error" ? `${heading.textContent}: ${n.text}` : n.text;
    }
    el.classList.add("dn-noted");
    refresh();
    answered();
    if (!n.pause && n.kind === "error" && n.id !== lastNote) note.scrollIntoView({ block: "nearest" });
    if (n.pause && n.id !== lastNote && health.state === "ok") {
      const first = bar.querySelector("button.dn-primary") || bar.querySelector("button");
      if (first) first.focus({ preventScroll: true });
      note.scrollIntoView({ block: "nearest" });
    }
    lastNote = n.id;
  }

  // the note laid out again for a new screen (compact on a phone), the keyboard's focus kept in it
  function refoldNote() {
    const n = model.get("note") || {};
    if (!n.text || !(n.detail && n.items && n.items.length)) return;
    const focused = note.contains(document.activeElement) ? document.activeElement.dataset.target : null;
    renderNote();
    const again = focused ? [...note.querySelectorAll("[data-target]")].find((b) => b.dataset.target === focused) : null;
    if (again) again.focus({ preventScroll: true });
  }

  // the kernel has answered a click (acted on it or not), after drawing what it drew
  function clickAnswered() {
    el.dataset.answered = String(model.get("answered"));
    answered();
  }

  function showStatus() {
    status.textContent = model.get("status");
    status.dataset.kind = model.get("status_kind");
    el.dataset.said = String(model.get("said"));
    answered();
    // on a phone a refusal is brought into sight (the learner may have scrolled to a button under a tall
    // drawing); in the guided game the note above the table says it instead
    if (status.dataset.kind === "error" && el.dataset.screen === "narrow" && !el.classList.contains("dn-noted")) {
      const box = status.getBoundingClientRect();
      const height = window.innerHeight || document.documentElement.clientHeight;
      if (box.top < 0 || box.bottom > height) status.scrollIntoView({ block: "nearest" });
    }
  }

  function onClick(event) {
    const node = event.target.closest("[data-target]");
    if (node && el.contains(node)) choose(node);
  }

  function onKey(event) {
    const node = event.target.closest ? event.target.closest("[data-target]") : null;
    if (node && el.contains(node) && node.tagName !== "BUTTON" && ACTIVATE.has(event.key)) {
      event.preventDefault();
      choose(node);
      return;
    }
    const id = model.get("shortcuts")[event.key];
    if (!id) return;
    const tag = (event.target.tagName || "").toLowerCase();
    if (["input", "select", "textarea"].includes(tag) || event.target.isContentEditable) return;
    if (!model.get("global_keys") && !el.contains(event.target)) return;
    const target = [...el.querySelectorAll("[data-target]")].find((n) => n.dataset.target === id);
    if (target) {
      event.preventDefault();
      choose(target);
    }
  }

  // values kept in the browser for this page
  const sent = new Set();
  function sendStored() {
    for (const key of model.get("stored_keys")) {
      if (sent.has(key)) continue;
      sent.add(key);
      const store = storage();
      const msg = { event: "stored", key, value: null };
      if (!store) {
        msg.problem = "no storage";
      } else {
        let value = null;
        try {
          value = store.getItem(key);
        } catch (e) {
          msg.problem = "no storage";
        }
        if (typeof value === "string" && value.length > MAX_STORED) msg.problem = "too long";
        else msg.value = value;
      }
      model.send(msg);
    }
  }

  // pings: does the kernel still answer this page?
  let pings = 0;
  const waiting = new Map();
  // the table is ready when the kernel has answered everything it was sent on showing it (or on a new width):
  // a ping sent after those messages; the kernel answers a table's messages in order, and the answer comes
  // after the redraw they caused
  let settling = 0;
  function settle() {
    const n = ++pings;
    const mine = ++settling;
    delete el.dataset.ready;
    waiting.set(n, () => {
      if (mine === settling) el.dataset.ready = "1";
    });
    try {
      model.send({ event: "ping", n });
    } catch (e) {
      waiting.delete(n);
    }
  }
  function ping(ms) {
    const n = ++pings;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(n);
        resolve(false);
      }, ms);
      waiting.set(n, () => {
        clearTimeout(timer);
        resolve(true);
      });
      try {
        model.send({ event: "ping", n });
      } catch (e) {
        clearTimeout(timer);
        waiting.delete(n);
        resolve(false);
      }
    });
  }

  function onCustom(msg) {
    health.alive();
    if (msg && msg.event === "pong" && waiting.has(msg.n)) {
      waiting.get(msg.n)();
      waiting.delete(msg.n);
      return;
    }
    if (!msg || msg.event !== "store" || typeof msg.key !== "string") return;
    if (!model.get("stored_keys").includes(msg.key)) return;
    const store = storage();
    if (!store) return;
    try {
      if (msg.value === null) store.removeItem(msg.key);
      else if (typeof msg.value === "string" && msg.value.length <= MAX_STORED) store.setItem(msg.key, msg.value);
    } catch (e) { /* full or refused: the kernel keeps the session's progress */ }
  }

  // the table's width: "opened" once, then "screen" when it crosses the breakpoint or draw_breakpoint. The width is the one the
  // drawing is given: the content box of the element the SVG fills (no padding, not the window). A table not
  // laid out yet when it opens sends a guess (the content width of its nearest laid-out container, else the
  // window's); the first real measurement replaces a guess whatever the difference. After that the kernel hears
  // of a wide table's width only when it crosses a breakpoint, and of a width under draw_breakpoint whenever it
  // settles (150 ms without a resize) at a new one: a change of more than SCREEN_STEP, any narrowing (a drawing
  // made for a wider box is cut off at its right edge: a scrollbar that came with a taller page, a late style),
  // and a small widening unless it returns to one of the last two widths reported. A scrollbar that comes and
  // goes therefore stops after one round (the drawing for the narrower width fits the wider box), and the
  // reported width of a page that only narrows falls, so it stops too.
  let reported = null;
  // the last two widths reported (the page's "screen" or "opened"), newest last
  let recent = [];
  let resizeTimer = null;
  function contentWidth(node) {
    const box = node.getBoundingClientRect();
    if (!(box.width > 0)) return 0;
    const s = getComputedStyle(node);
    const side = (name) => parseFloat(s[name]) || 0;
    const inner = box.width - side("paddingLeft") - side("paddingRight") - side("borderLeftWidth") - side("borderRightWidth");
    return Math.max(0, Math.floor(inner + 0.01));
  }
  function measure() {
    let width = contentWidth(drawing);
    const laid = width > 0;
    for (let up = el.parentElement; !width && up; up = up.parentElement) width = contentWidth(up);
    if (!width) width = Math.round(document.documentElement.clientWidth || window.innerWidth || 0);
    return { width, screen: width && width < model.get("breakpoint") ? "narrow" : "wide", laid };
  }
  function remember(m) {
    reported = m;
    recent = [...recent, m.width].slice(-2);
  }
  function report(opened) {
    const m = measure();
    if (m.laid || opened) {
      const before = el.dataset.screen;
      el.dataset.screen = m.screen;
      sizeDrawing();
      if (before !== m.screen && (noteFolded || m.screen === "narrow")) refoldNote();
    }
    if (opened) {
      model.send({ event: "opened", anchor: health.anchor, screen: m.screen, width: m.width });
      remember(m);
      return;
    }
    if (!m.laid) return;
    if (!reported) {
      model.send({ event: "screen", screen: m.screen, width: m.width });
      settle();
      remember(m);
      return;
    }
    // a guess is replaced by the first measurement even when it was right (later widths are compared to it)
    const guessed = !reported.laid;
    // under draw_breakpoint (a phone's or an upright tablet's table) the drawing is made for the width itself
    const fitted = (width) => width > 0 && width < model.get("draw_breakpoint");
    const crossed = reported.screen !== m.screen || fitted(reported.width) !== fitted(m.width);
    const moved = fitted(m.width) && Math.abs(reported.width - m.width) > SCREEN_STEP;
    const narrower = fitted(m.width) && m.width < reported.width;
    const wider = fitted(m.width) && m.width > reported.width && !recent.includes(m.width);
    const changed = crossed || (fitted(m.width) && reported.width !== m.width);
    if (crossed || moved || narrower || wider || (guessed && changed)) {
      model.send({ event: "screen", screen: m.screen, width: m.width });
      settle();
      remember(m);
    } else if (guessed) remember(m);
  }
  const resized = () => {
    if (marksWaiting && drawing.getClientRects().length) refresh();
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => report(false), 150);
  };
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(resized) : null;
  // the drawing's box is what a drawing is made for; the table's box too (a note or a toolbar may change it)
  if (observer) {
    observer.observe(drawing);
    observer.observe(el);
  } else window.addEventListener("resize", resized);

  const me = {
    ping,
    healthChanged: () => {
      refresh();
      if (health.state !== "ok") answered();
    },
  };
  health.tables.add(me);
  health.attachKernel(model.widget_manager && model.widget_manager.kernel);

  model.on("msg:custom", onCustom);
  model.on("change:stored_keys", sendStored);
  el.addEventListener("click", onClick);
  const keyRoot = () => (model.get("global_keys") ? document : el);
  let listening = keyRoot();
  listening.addEventListener("keydown", onKey);
  model.on("change:epoch", redraw);
  model.on("change:note", renderNote);
  model.on("change:status", showStatus);
  model.on("change:status_kind", showStatus);
  model.on("change:said", showStatus);
  model.on("change:answered", clickAnswered);
  model.on("change", health.alive);   // a change sent by the kernel
  const onGlobalKeys = () => {
    listening.removeEventListener("keydown", onKey);
    listening = keyRoot();
    listening.addEventListener("keydown", onKey);
  };
  model.on("change:global_keys", onGlobalKeys);
  redraw();
  renderNote();
  showStatus();
  el.dataset.answered = String(model.get("answered"));
  report(true);
  sendStored();
  settle();
  return () => {
    health.tables.delete(me);
    clearTimeout(watchdog);
    clearTimeout(resizeTimer);
    if (observer) observer.disconnect();
    else window.removeEventListener("resize", resized);
    model.off("msg:custom", onCustom);
    model.off("change:stored_keys", sendStored);
    model.off("change:epoch", redraw);
    model.off("change:note", renderNote);
    model.off("change:status", showStatus);
    model.off("change:status_kind", showStatus);
    model.off("change:said", showStatus);
    model.off("change:answered", clickAnswered);
    model.off("change:global_keys", onGlobalKeys);
    model.off("change", health.alive);
    el.removeEventListener("click", onClick);
    listening.removeEventListener("keydown", onKey);
  };
}

export default { render };
