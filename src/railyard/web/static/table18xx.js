"use strict";
// The 18xx table (1830, 1870): map with zoom and pan, spreadsheet, market, story log, history,
// and the seat's decisions in the game's words (from /decisions): auction, stock round,
// operating steps, tile lays on the map (pick a tile, rotate, confirm), stations, dividends,
// trains, and the title's other decisions.  Moves go through `act` (the page's POST).
function Table18xx(base, token, act, routes) {
  const $ = (id) => document.getElementById(id);
  let dec = null, viewing = null, count = 0, live = null, picked = null, parCorp = null;
  let zoom = 1, panX = 0, panY = 0;

  // ---- map frame: zoom and pan inside the frame --------------------------------------
  function applyZoom() {
    const svg = $("board").querySelector("svg");
    if (svg) svg.style.transform = `translate(${panX}px, ${panY}px) scale(${zoom})`;
  }
  function setZoom(z, cx, cy) {
    const frame = $("board").getBoundingClientRect();
    cx = cx === undefined ? frame.width / 2 : cx; cy = cy === undefined ? frame.height / 2 : cy;
    const nz = Math.min(4, Math.max(1, z));
    panX = cx - (cx - panX) * nz / zoom; panY = cy - (cy - panY) * nz / zoom;
    zoom = nz;
    if (zoom === 1) { panX = 0; panY = 0; }
    applyZoom();
  }
  let drag = null, moved = false;
  function initFrame() {
    const b = $("board");
    $("zoom-in").addEventListener("click", () => setZoom(zoom * 1.4));
    $("zoom-out").addEventListener("click", () => setZoom(zoom / 1.4));
    $("zoom-fit").addEventListener("click", () => { zoom = 1; panX = 0; panY = 0; applyZoom(); });
    b.addEventListener("wheel", (ev) => {
      if (!ev.ctrlKey && !ev.altKey && zoom === 1 && ev.deltaY > 0) return;
      ev.preventDefault();
      const r = b.getBoundingClientRect();
      setZoom(zoom * (ev.deltaY < 0 ? 1.2 : 1 / 1.2), ev.clientX - r.left, ev.clientY - r.top);
    }, {passive: false});
    b.addEventListener("pointerdown", (ev) => {
      if (zoom === 1) return;
      drag = {x: ev.clientX, y: ev.clientY, px: panX, py: panY}; moved = false;
    });
    window.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) moved = true;
      panX = drag.px + dx; panY = drag.py + dy; applyZoom();
    });
    window.addEventListener("pointerup", () => { drag = null; });
  }

  // ---- the table, now or at an earlier action ----------------------------------------
  async function load(at) {
    const q = at === null || at === undefined ? "" : "?at=" + encodeURIComponent(at);
    const r = await api("GET", base + "/table" + q);
    if (!r.ok) return false;
    const d = r.data;
    count = d.count;
    viewing = d.live ? null : d.at;
    if (d.live) live = d;
    $("board").innerHTML = d.board;
    applyZoom();
    $("table").innerHTML = d.table;
    // the parts that live in the tabs beside the map (corporations, privates/trains/phases,
    // tiles, revenue) come with the table and move into their panes
    for (const src of $("table").querySelectorAll(".pane-src[data-pane-content]")) {
      const pane = $(src.dataset.paneContent + "-box");
      if (pane) pane.replaceChildren(...src.childNodes);
      src.remove();
    }
    $("table").dataset.version = d.version;
    $("table").dataset.at = d.at;
    const st = $("table").querySelector("#status18xx");
    if (st) $("status-slot").replaceChildren(st);
    $("market").innerHTML = d.market;
    renderStory(d.story);
    renderHistory(d);
    root().classList.toggle("in-history", !d.live);
    markBoard();
    routes.mark();
    return true;
  }
  function root() { return $("game"); }
  let notices = [];   // undos ({after, text}), from the game's state (game.js)
  function renderStory(story) {
    const log = $("log");
    log.replaceChildren(...story.map(s => el("li", {value: s.n, "data-n": s.n},
      el("span", {class: "act", text: s.text}),
      ...s.events.map(e => el("span", {class: "auto", text: e})))));
    RY.placeNotices(log, viewing === null ? notices : []);   // not in the history view
    log.scrollTop = log.scrollHeight;
  }
  function setNotices(list) { notices = list; if (viewing === null) RY.placeNotices($("log"), notices); }
  function renderHistory(d) {
    const k = d.at;
    $("hist-range").max = d.count; $("hist-range").value = k;
    $("hist-pos").textContent = d.live ? `Now (after action ${d.count})` :
      `After action ${k} of ${d.count} — the game itself is not changed`;
    $("hist-live").hidden = d.live;
    $("actions-box").classList.toggle("dimmed", !d.live);
  }
  function initHistory() {
    const go = (k) => load(Math.max(0, Math.min(count, k)));
    $("hist-first").addEventListener("click", () => go(0));
    $("hist-prev").addEventListener("click", () => go((viewing === null ? count : viewing) - 1));
    $("hist-next").addEventListener("click", () => go((viewing === null ? count : viewing) + 1));
    $("hist-last").addEventListener("click", () => load(null));
    $("hist-live").addEventListener("click", () => load(null));
    $("hist-range").addEventListener("change", (ev) => go(parseInt(ev.target.value, 10)));
    $("log").addEventListener("click", (ev) => {
      const li = ev.target.closest && ev.target.closest("li[data-n]");
      if (li) go(parseInt(li.dataset.n, 10));
    });
  }

  // ---- decisions ----------------------------------------------------------------------
  async function loadDecisions() {
    if (!token) { $("actions-box").hidden = true; return; }
    const r = await api("GET", base + "/decisions", undefined, token);
    if (!r.ok) { $("actions-box").hidden = true; return; }
    renderDecisions(r.data);
  }
  function submit(action, input, value) {
    const a = Object.assign({}, action);
    if (input) a[input.name] = parseInt(value, 10);
    act(a);
  }
  function itemNode(it) {
    const kids = [];
    let inp = null;
    if (it.input) {
      inp = el("input", {type: "number", name: it.input.name, min: it.input.min, max: it.input.max,
                         value: it.input.value, "aria-label": it.input.label});
      kids.push(el("label", {class: "amount"}, it.input.label, inp));
    }
    const b = el("button", {type: "button", class: "decide" + (it.skip ? " skip" : ""), text: it.label,
                            disabled: it.disabled || (!it.action && !it.skip),
                            title: it.reason || it.detail || null});
    if (it.skip) b.dataset.skip = it.skip;
    b.addEventListener("click", () => {
      if (it.skip) { skipStep(it.skip, b); return; }
      if (inp && !inp.checkValidity()) { $("action-msg").textContent = `${it.input.label.replace("$", "")}from ${it.input.min} to ${it.input.max}.`; return; }
      submit(it.action, it.input, inp && inp.value);
    });
    const row = el("div", {class: "item" + (it.disabled ? " disabled" : ""),
                           "data-type": it.action ? it.action.type : "none"}, b, ...kids);
    if (it.detail) row.append(el("span", {class: "detail", text: it.detail}));
    if (it.reason) row.append(el("span", {class: "reason", text: it.reason}));
    return row;
  }
  function parNode(it) {
    const row = el("div", {class: "item par-row", "data-corp": it.corp});
    const name = el("button", {type: "button", class: "par-corp", text: it.label});
    name.addEventListener("click", () => { parCorp = it.corp; markPars(it); });
    row.append(name, ...it.pars.map(p => {
      const b = el("button", {type: "button", class: "decide par" + (p.disabled ? " refused" : ""),
                              text: p.label, "data-price": p.price, disabled: p.disabled || !p.action,
                              title: p.reason || null});
      if (p.action) b.addEventListener("click", () => act(p.action));
      return b;
    }));
    const why = it.pars.filter(p => p.disabled && p.reason);
    if (why.length) row.append(el("span", {class: "reason", text: why.map(p => p.label + ": " + p.reason).join(" ")}));
    return row;
  }
  function markPars(it) {
    for (const n of document.querySelectorAll("#market td.par-pick")) n.classList.remove("par-pick");
    for (const n of document.querySelectorAll(".par-row.selected")) n.classList.remove("selected");
    const row = document.querySelector(`.par-row[data-corp="${CSS.escape(it.corp)}"]`);
    if (row) row.classList.add("selected");
    const prices = new Set(it.pars.filter(p => p.action).map(p => String(p.price)));
    for (const td of document.querySelectorAll("#market td.cell.par"))
      if (prices.has(td.dataset.price)) td.classList.add("par-pick");
    if (tab !== "market") { showTab("market"); autoTab = true; }
  }
  function renderDecisions(d) {
    // an older answer arriving after a newer one (two reads in flight) is dropped
    const shown = +($("actions-box").dataset.version || -1);
    if (dec && d.version < shown) return;
    dec = d; picked = null; parCorp = null;
    if (autoTab) { autoTab = false; showTab("map"); }   // the chart was opened for a par price
    $("actions-box").dataset.version = d.version;
    $("actions-box").dataset.mine = d.mine ? "1" : "0";
    const box = $("actions"); box.replaceChildren();
    if (+$("actions-box").dataset.shownVersion !== d.version) $("actions-box").scrollTop = 0;   // a new decision opens at its heading
    $("actions-box").dataset.shownVersion = d.version;
    $("actions-box").hidden = false;
    $("decision-heading").textContent = d.heading || "";
    const steps = $("steps"); steps.replaceChildren();
    if (d.steps) steps.append(...d.steps.map(s => el("li", {class: s.current ? "current" : "", text: s.label})));
    steps.hidden = !d.steps;
    if (d.auction) {
      const t = el("div", {class: "auction"});
      for (const row of d.auction) {
        t.append(el("div", {class: "lot", "data-company": row.company},
          el("div", {class: "lot-head"}, el("b", {text: row.company}), " ", row.name, " — ", row.info),
          ...row.items.map(itemNode)));
      }
      box.append(t);
    }
    for (const g of d.groups || []) {
      const sec = el("div", {class: "group", "data-kind": g.kind || ""}, el("h3", {text: g.title}));
      if (g.hint) sec.append(el("p", {class: "hint", text: g.hint}));
      if (g.guide) sec.append(el("ol", {class: "guide"}, ...g.guide.map(s =>
        el("li", {class: s.current ? "current" : "", text: s.text}))));
      if (g.hexes) sec.append(el("div", {class: "hex-picks"}, ...g.hexes.map(x => {
        const b = el("button", {type: "button", class: "hex-pick", "data-hex": x.hex, text: x.label});
        b.addEventListener("click", () => tilePicker(x.hex));
        return b;
      })));
      // what may be done first; what may not (with the engine's reason) after it, folded
      // away when there are many
      const can = g.items.filter(it => it.pars || !it.disabled);
      let cannot = g.items.filter(it => !it.pars && it.disabled);
      for (const it of can) sec.append(it.pars ? parNode(it) : itemNode(it));
      let folded = g.refused || [];
      if (cannot.length > 3) { folded = cannot.concat(folded); cannot = []; }
      for (const it of cannot) sec.append(itemNode(it));
      if (folded.length) sec.append(el("details", {class: "refused"},
        el("summary", {text: `Not possible now (${folded.length})`}), ...folded.map(itemNode)));
      box.append(sec);
    }
    // the tile picker (and a city's station choices) open over the map, next to the hex
    const old = $("tile-picker"); if (old) old.remove();
    document.querySelector(".map-frame").append(el("div", {id: "tile-picker", class: "tile-picker", hidden: true}));
    if (d.routes) routes.open(d.routes, Object.keys(d.tiles || {}).length > 0);
    else routes.close();
    if (!d.mine && !(d.groups || []).length && !d.heading) box.append(el("p", {class: "waiting", text: "Waiting."}));
    if (d.mine) reapplySkips();
    markBoard();
  }
  // 1870: an optional step declined (no engine action: running the trains ends it); the
  // page hides the step's choices and its marks on the map
  // the skip is kept for this game and this position (sessionStorage: a reload or a new
  // answer of the same position shows the step declined still; a move clears it)
  function skipKey() { return `ry-skip:${base}:${dec ? dec.version : ""}`; }
  function skipped() {
    try { return JSON.parse(sessionStorage.getItem(skipKey()) || "[]"); } catch (e) { return []; }
  }
  function remember(kind) {
    try {
      const now = skipped(); if (!now.includes(kind)) now.push(kind);
      sessionStorage.setItem(skipKey(), JSON.stringify(now));
    } catch (e) { /* storage refused: the skip holds until the page is left */ }
  }
  function reapplySkips() {
    for (const kind of skipped()) {
      const b = document.querySelector(`#actions button.decide[data-skip="${CSS.escape(kind)}"]`);
      if (b) skipStep(kind, b, false);
    }
  }
  function skipStep(kind, button, keep = true) {
    if (!dec) return;
    if (keep) remember(kind);
    const group = kind === "track" ? "tiles" : "stations";
    for (const n of document.querySelectorAll(`#actions .group[data-kind="${group}"]`)) n.hidden = true;
    if (kind === "track") { dec.tiles = {}; picked = null; clearPreview(); $("tile-picker").hidden = true; }
    else for (const g of dec.groups || []) if (g.kind === "stations") g.items = [];
    const row = button.closest(".item"); if (row) row.hidden = true;
    markBoard();
  }
  function hexItems(h) {
    const out = [];
    if (!dec) return out;
    for (const g of dec.groups || []) for (const it of g.items.concat(g.refused || []))
      if ((it.action && it.action.hex === h) || (!it.action && it.hex === h)) out.push(it);
    return out;
  }
  function markBoard() {
    for (const g of document.querySelectorAll("#board .hex.legal")) g.classList.remove("legal");
    if (!dec || viewing !== null) return;
    const hexes = new Set(Object.keys(dec.tiles || {}));
    for (const g of dec.groups || []) for (const it of g.items) if (it.action && it.action.hex) hexes.add(it.action.hex);
    for (const h of hexes) {
      const g = document.querySelector(`#board .hex[data-hex="${CSS.escape(h)}"]`);
      if (g) g.classList.add("legal");
    }
  }
  function clearPreview() {
    for (const n of document.querySelectorAll("#board .tile-preview-on-map")) n.remove();
    for (const g of document.querySelectorAll("#board .hex.picked")) g.classList.remove("picked");
  }
  function showPreview() {
    clearPreview();
    if (!picked) return;
    const g = document.querySelector(`#board .hex[data-hex="${CSS.escape(picked.hex)}"]`);
    if (!g) return;
    g.classList.add("picked");
    const box = g.querySelector("polygon").getBBox();
    const t = picked.tiles[picked.t];
    const rot = t.rotations[picked.r];
    const img = document.createElementNS("http://www.w3.org/2000/svg", "image");
    img.setAttribute("class", "tile-preview-on-map");
    img.setAttribute("href", base + "/tile.svg?tile=" + encodeURIComponent(t.tile) + "&rotation=" + rot);
    const pad = 2 * box.width / 52;
    img.setAttribute("x", box.x - pad); img.setAttribute("y", box.y - pad);
    img.setAttribute("width", box.width + 2 * pad); img.setAttribute("height", box.height + 2 * pad);
    img.setAttribute("opacity", "0.92");
    img.style.pointerEvents = "none";
    g.parentNode.append(img);
  }
  function focusHex(h) {
    // a narrow screen: zoom the map onto the hex being built on, centred in the frame
    const frame = $("board").getBoundingClientRect();
    const g = document.querySelector(`#board .hex[data-hex="${CSS.escape(h)}"]`);
    if (!g || frame.width >= 700 || zoom > 1) return;
    const r = g.getBoundingClientRect();
    const px = (r.left + r.width / 2 - frame.left - panX) / zoom;
    const py = (r.top + r.height / 2 - frame.top - panY) / zoom;
    zoom = 3;
    panX = frame.width / 2 - px * zoom; panY = frame.height / 2 - py * zoom;
    applyZoom();
  }
  function tilePicker(h) {
    const tiles = (dec.tiles || {})[h];
    focusHex(h);
    const box = $("tile-picker");
    picked = {hex: h, tiles, t: 0, r: 0};
    const draw = () => {
      const t = tiles[picked.t];
      box.replaceChildren(
        el("h3", {text: "Lay track on " + h}),
        el("div", {class: "tile-choices"}, ...tiles.map((x, i) => {
          const b = el("button", {type: "button", class: "tile-choice" + (i === picked.t ? " chosen" : ""),
                                  "data-tile": x.tile, title: "tile " + x.tile},
            el("img", {alt: "tile " + x.tile, class: "tile-preview",
                       src: base + "/tile.svg?tile=" + encodeURIComponent(x.tile) + "&rotation=" + x.rotations[0]}),
            el("span", {text: "#" + x.tile}));
          b.addEventListener("click", () => { picked.t = i; picked.r = 0; draw(); });
          return b;
        })),
        el("p", {class: "tile-ctl"},
          el("button", {type: "button", id: "tile-rotate", text: "Rotate ↻",
                        disabled: t.rotations.length < 2,
                        title: t.rotations.length + " legal orientation(s)"}), " ",
          el("button", {type: "button", id: "tile-confirm", class: "primary", text: "Lay tile #" + t.tile}), " ",
          el("button", {type: "button", id: "tile-cancel", text: "Cancel"}),
          el("span", {class: "detail", text: " orientation " + (picked.r + 1) + " of " + t.rotations.length})));
      $("tile-rotate").addEventListener("click", () => { picked.r = (picked.r + 1) % t.rotations.length; draw(); });
      $("tile-cancel").addEventListener("click", () => { picked = null; box.hidden = true; clearPreview(); });
      $("tile-confirm").addEventListener("click", () => {
        const a = dec.tile_actions[h][t.tile + "/" + t.rotations[picked.r]];
        act(a);
      });
      showPreview();
    };
    box.hidden = false;
    draw();
  }
  function hexPicker(h, items) {
    const box = $("tile-picker");
    box.replaceChildren(el("h3", {text: "On " + h}), ...items.map(itemNode));
    box.hidden = false;
  }
  function boardClick(ev) {
    if (moved) { moved = false; return true; }
    if (viewing !== null || !dec) return false;
    const g = ev.target.closest && ev.target.closest(".hex");
    if (!g) return false;
    const h = g.dataset.hex;
    if (routes.active) return false;          // a train is picked: clicks build its route
    if (!g.classList.contains("legal")) {     // a city where a station is not allowed: why
      const why = hexItems(h).filter(it => !it.action);
      if (why.length) { hexPicker(h, why); return true; }
      return false;
    }
    if ((dec.tiles || {})[h]) { tilePicker(h); return true; }
    const items = hexItems(h);
    const can = items.filter(it => it.action && !it.disabled);
    if (can.length === 1 && can[0].action.type === "place_token") { act(can[0].action); return true; }
    if (items.length) { hexPicker(h, items); return true; }
    return false;
  }
  function marketClick(ev) {
    const td = ev.target.closest && ev.target.closest("td.par-pick");
    if (!td || !dec || !parCorp) return;
    for (const g of dec.groups || []) for (const it of g.items)
      if (it.pars && it.corp === parCorp)
        for (const p of it.pars) if (String(p.price) === td.dataset.price) { act(p.action); return; }
  }
  // ---- the tabs beside the map and the enlarged map; they stay as the player left them
  let tab = "map", autoTab = false;
  function showTab(name) {
    tab = name;
    for (const b of document.querySelectorAll("#left-tabs [data-tab]")) {
      const on = b.dataset.tab === name;
      b.classList.toggle("on", on); b.setAttribute("aria-selected", on ? "true" : "false");
    }
    for (const p of document.querySelectorAll(".left18xx [data-pane]")) p.hidden = p.dataset.pane !== name;
  }
  function initTabs() {
    for (const b of document.querySelectorAll("#left-tabs [data-tab]"))
      b.addEventListener("click", () => { autoTab = false; showTab(b.dataset.tab); });
    const big = $("map-enlarge");
    if (big) big.addEventListener("click", () => {
      const on = !$("layout18xx").classList.contains("map-big");
      $("layout18xx").classList.toggle("map-big", on);
      big.setAttribute("aria-pressed", on ? "true" : "false");
      big.textContent = on ? "Map beside the panel" : "Enlarge map";
    });
  }
  function init() {
    initFrame(); initHistory(); initTabs();
    $("market").addEventListener("click", marketClick);
  }
  return {init, load, loadDecisions, boardClick, setNotices, get viewing() { return viewing; }};
}
