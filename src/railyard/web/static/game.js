"use strict";
// The game page: state, board, legal choices and live updates over Server-Sent Events.
// 1830 / 1870 draw their table with table18xx.js; the small games (Chicago Express, North
// American Railways, American Rails) get their side panel in the game's words from /panel
// (decisions_small.py): status facts, player and company tables, the decision at hand with
// its choices grouped by kind (disabled ones with the reason); titles without a panel fall
// back to the engine's choice labels and the view as tables.  The log is the game's story
// (state.story) when the server sends one, and the end screen reads state.end.
(function () {
  const root = document.getElementById("game");
  const gid = root.dataset.game;
  // a seat's private link (#t=...), or "account": the logged-in account's own seat (the
  // session cookie proves it; common.js's api() then sends no token)
  const token = new URLSearchParams(location.hash.slice(1)).get("t") ||
    (document.querySelector('meta[name="railyard-seat"]') ? "account" : null);
  const base = "/api/games/" + encodeURIComponent(gid);
  let state = null, busy = false, pending = false;
  let hasPanel = root.dataset.panel === "1";   // the small games: /panel (decisions_small.py)
  const routes = RoutePicker(base, token, (action) => act(action));
  const $ = (id) => document.getElementById(id);
  // 1830 / 1870: the 18xx table (table18xx.js) draws the board, table, log and decisions
  const t18 = root.dataset.table === "18xx" ? Table18xx(base, token, (a) => act(a), routes) : null;
  if (t18) t18.init();

  function cell(v) {
    if (v === null || v === undefined) return "—";
    if (typeof v === "object") {
      if (Array.isArray(v) && v.every(x => typeof x !== "object"))
        return v.length > 6 ? v.length + " (" + v.slice(0, 4).join(", ") + ", …)" : v.join(", ");
      return Object.entries(v).map(([k, x]) => k + ": " + (typeof x === "object" ? JSON.stringify(x) : x)).join(", ");
    }
    return String(v);
  }
  function table(rows) {
    const keys = [];
    for (const r of rows) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
    return el("table", {class: "data"},
      el("thead", {}, el("tr", {}, ...keys.map(k => el("th", {text: k})))),
      el("tbody", {}, ...rows.map(r => el("tr", {}, ...keys.map(k => el("td", {
        text: cell(r[k]), title: Array.isArray(r[k]) ? r[k].map(x => typeof x === "object" ? JSON.stringify(x) : x).join(", ") : null})))))); 
  }
  function renderView(view) {      // fallback (titles without a panel): the view as tables
    const box = el("div", {id: "view"}); $("tables").replaceChildren(el("div", {id: "players"}), box);
    const scalars = el("dl", {class: "scalars"});
    for (const [k, v] of Object.entries(view)) {
      if (k === "hexes" || k === "players" || k === "title") continue;
      if (Array.isArray(v) && v.length && v.every(x => x && typeof x === "object" && !Array.isArray(x)))
        box.append(el("h3", {text: k}), table(v));
      else if (v && typeof v === "object" && !Array.isArray(v) && Object.values(v).length &&
               Object.values(v).every(x => x && typeof x === "object" && !Array.isArray(x)))
        box.append(el("h3", {text: k}), table(Object.entries(v).map(([n, x]) => Object.assign({name: n}, x))));
      else scalars.append(el("dt", {text: k}), el("dd", {text: cell(v)}));
    }
    box.prepend(scalars);
  }
  function renderPlayers(st) {
    const rows = st.seats.map((s, i) => {
      const info = Array.isArray(st.view.players) ? st.view.players[i] : null;
      const row = {seat: i + 1, name: s.name, kind: s.bot ? "bot: " + s.bot : s.kind};
      if (info && typeof info === "object") for (const [k, v] of Object.entries(info)) if (k !== "name") row[k] = v;
      const you = st.view.you;      // a title's private view: what only this seat knows
      if (you && you.seat === i) for (const [k, v] of Object.entries(you)) if (k !== "seat") row[k] = v;
      return row;
    });
    const t = table(rows);
    [...t.querySelectorAll("tbody tr")].forEach((tr, i) => { if (i === st.current_player) tr.classList.add("to-act"); });
    $("players").replaceChildren(t);
  }
  function renderState(st) {
    // answers may arrive out of order (an action's answer after a newer read): the version
    // only grows (an undo is an entry too), so an older state is never drawn over a newer one
    if (state && st.version < state.version) return false;
    state = st;
    root.dataset.version = st.version;
    $("status").textContent = st.status;
    $("turn").textContent = RY.turnText(st);   // "Rob is thinking…", "Your turn"
    RY.turn(st);                                // title and icon; optional sound/notice
    if (!t18) {
      if (!hasPanel) { renderView(st.view || {}); renderPlayers(st); }
      renderLog(st);
    } else t18.setNotices(st.notices || []);
    if (st.end && !t18) renderEnd(st);     // the 18xx table draws its own end
    else if (st.result) renderResult(st);
    if (st.status === "finished") RY.rematch($("result-box"), base, token, st);
    return true;
  }
  // The log: the story (one sentence per event, automatic ones marked) or the plain lines.
  function renderLog(st) {
    const log = $("log");
    if (Array.isArray(st.story)) {
      log.classList.add("story");
      log.removeAttribute("start");
      log.replaceChildren(...st.story.map(e => {
        const li = el("li", {class: e.auto ? "auto" : "act", "data-i": e.i}, e.text);
        if (e.auto) li.prepend(el("span", {class: "sp-auto-tag", text: "⚙ "}));
        return li;
      }));
    } else {
      log.classList.remove("story");
      log.replaceChildren(...st.log.map(l => el("li", {text: l})));
      log.start = st.log_count - st.log.length + 1;
    }
    if (Array.isArray(st.story)) placeStoryNotices(log, st.notices);
    else RY.placeNotices(log, st.notices);     // "Ann took back their last action: …"
    log.scrollTop = log.scrollHeight;
  }
  // an undo notice goes after the story's entries of the action it follows
  function placeStoryNotices(log, notices) {
    for (const n of log.querySelectorAll("li.notice")) n.remove();
    for (const nt of notices || []) {
      const li = el("li", {class: "notice", text: nt.text});
      let at = null;
      for (const x of log.children) {
        const i = x.getAttribute("data-i");
        if (x.classList.contains("notice") || (i !== null && +i <= nt.after - 1)) at = x;
      }
      if (at) at.after(li);
      else if (!log.children.length || +(log.children[0].getAttribute("data-i") || 0) >= nt.after) log.prepend(li);
    }
  }
  function seatName(st, seat) {
    return (st.seats[seat] && st.seats[seat].name) || st.players[seat] || ("Seat " + (seat + 1));
  }
  // The end screen: why the game ended, every player's score and how it came about.
  function renderEnd(st) {
    const end = st.end;
    $("result-box").hidden = false;
    const rows = [...(end.players || [])].sort((a, b) => (b.score - a.score));
    const out = end.reason ? [el("p", {class: "sp-end-reason", text: end.reason})] : [];
    const winners = rows.filter(p => p.winner).map(p => seatName(st, p.seat));
    if (winners.length) out.push(el("p", {class: "sp-winner", text: (winners.length > 1 ? "Winners: " : "Winner: ") + winners.join(", ")}));
    out.push(el("table", {class: "sp-score"},
      el("thead", {}, el("tr", {}, el("th", {text: "Player"}), el("th", {text: "Score"}), el("th", {text: "How"}))),
      el("tbody", {}, ...rows.map(p => el("tr", {class: p.winner ? "winner" : null},
        el("td", {text: (p.winner ? "★ " : "") + seatName(st, p.seat)}),
        el("td", {class: "num", text: "$" + p.score}),
        el("td", {}, ...(p.parts || []).map(([label, amount]) =>
          el("span", {class: "part"}, label + " ", el("b", {text: (amount < 0 ? "−$" + (-amount) : "$" + amount)})))))))));
    $("result").replaceChildren(...out);
  }
  function renderResult(st) {
    const r = st.result;
    if (!t18 && Array.isArray(r.scores) && (r.unit === "cash" || r.unit === "worth")) {
      // the small games score cash: the same end screen as with state.end, without parts
      const label = r.unit === "cash" ? "cash at the end" : "worth";
      return renderEnd(Object.assign({}, st, {end: {reason: "", players: r.scores.map((s, i) =>
        ({seat: i, score: s, winner: (r.winners || []).includes(i), parts: [[label, s]]}))}}));
    }
    $("result-box").hidden = false;
    const money = r.unit === "cash" || r.unit === "worth";
    $("result").replaceChildren(el("p", {class: "sp-winner", text: "Winner: " + (r.winner_names || []).join(", ")}),
      el("ul", {}, ...Object.entries(r.by_player || {}).map(([n, s]) => el("li", {text: n + ": " + (r.unit === "worth" ? "$" + s + " (cash, shares at market price, privates)" : money ? "$" + s + " in cash" : s + " " + r.unit)}))));
  }
  async function loadBoard() {
    if (t18) { if (t18.viewing === null) await t18.load(null); return; }
    let resp;
    try { resp = await fetch(base + "/board.svg"); } catch (e) { return; }  // kept as shown
    if (resp.ok) {
      $("board").innerHTML = await resp.text();
      if (frame) frame.apply();
      markHexes(); routes.mark();
    }
  }
  function value(v) {
    if (Array.isArray(v) && v.every(r => r && r.train !== undefined && Array.isArray(r.chains)))
      return v.map(r => r.train + ": " + r.chains.map(ch => ch.join("–")).join(" + ")).join("; ");
    return typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
  }
  function describe(c) {
    if (c.label) return c.label;
    const fixed = Object.entries(c.fixed || {}).map(([k, v]) => k + " " + value(v)).join(", ");
    return c.type + (fixed ? " (" + fixed + ")" : "");
  }
  let choices = [];
  function choiceForm(c, i) {
    const inputs = Object.entries(c.ranges || {}).map(([k, r]) =>
      el("label", {}, k + " ", el("input", {type: "number", name: k, min: r.min, max: r.max, value: r.min, required: true})),
    );
    const f = c.fixed || {};
    const button = el("button", {type: "submit", text: describe(c)});
    if (f.tile !== undefined && f.rotation !== undefined) {
      const q = "tile=" + encodeURIComponent(f.tile) + "&rotation=" + encodeURIComponent(f.rotation);
      button.prepend(el("img", {class: "tile-preview", alt: "", src: base + "/tile.svg?" + q}));
    }
    const form = el("form", {class: "choice", "data-type": c.type, "data-index": i,
                             "data-hex": f.hex === undefined ? null : f.hex}, ...inputs, button);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const action = Object.assign({type: c.type, player: c.player}, c.fixed || {});
      for (const k of Object.keys(c.ranges || {})) action[k] = parseInt(form.elements[k].value, 10);
      act(action);
    });
    return form;
  }
  function renderChoices(legal) {
    if (t18) {
      $("undo").hidden = !legal.undo;     // the server's rules: web/undo.py
      return t18.loadDecisions();
    }
    $("undo").hidden = !legal.undo;       // the server's rules: web/undo.py
    if (hasPanel) return loadPanel(legal);
    return renderEngineChoices(legal);
  }
  // Fallback for titles without a panel: the engine's choices with their labels.
  function renderEngineChoices(legal) {
    choices = legal.choices || [];
    $("picked-hex").textContent = ""; $("show-all").hidden = true;
    root.dataset.legalVersion = legal.version;
    const box = $("actions"); box.replaceChildren();
    $("actions-box").hidden = !token;
    if (!choices.length) {
      box.append(el("p", {class: "waiting", text: state && state.status === "finished" ? "The game is over." : "Waiting for others."}));
    }
    const groups = {};
    choices.forEach((c, i) => { (groups[c.type] = groups[c.type] || []).push(choiceForm(c, i)); });
    for (const [type, forms] of Object.entries(groups))
      box.append(el("div", {class: "group", "data-type": type, hidden: type === "run_routes"}, ...forms));
    const run = choices.find(c => c.type === "run_routes");   // 18xx: pick routes per train
    if (run) routes.open(run, choices.some(c => c.fixed && c.fixed.hex !== undefined));
    else routes.close();
    markHexes();
  }

  // ---- the small games' panel (decisions_small.py) -----------------------------------
  let panel = null;
  async function loadPanel(legal) {
    const r = await api("GET", base + "/panel", undefined, token);
    if (r.status === 404 && r.data && r.data.error && r.data.error.code === "no_panel") {
      hasPanel = false;
      if (state) { renderView(state.view || {}); renderPlayers(state); }
      if (legal) renderEngineChoices(legal);
      return;
    }
    if (!r.ok) return;
    renderPanel(r.data);
  }
  function renderTable(t) {
    return el("div", {class: "sp-table-wrap"}, el("h2", {text: t.title}), el("table", {class: "data sp-table"},
      el("thead", {}, el("tr", {}, ...t.columns.map(c => el("th", {text: c})))),
      el("tbody", {}, ...t.rows.map(r => {
        const tr = el("tr", {class: [r.current ? "to-act" : "", r.you ? "you-row" : ""].join(" ").trim() || null, title: r.title || null},
          ...r.cells.map((c, i) => el("td", {text: c})));
        if (r.color && tr.firstChild) {
          tr.firstChild.prepend(el("span", {class: "sp-swatch", style: "background:" + r.color}));
        }
        return tr;
      }))));
  }
  function itemNode(it) {
    if (it.disabled) {
      return el("div", {class: "choice off", "data-hex": it.hex || null},
        el("button", {type: "button", disabled: true, text: it.label}),
        it.detail ? el("span", {class: "detail", text: it.detail}) : null,
        el("span", {class: "reason", text: it.reason}));
    }
    const a = it.amount;
    const kids = [];
    let input = null;
    if (a) {
      const scale = a.scale || 1;
      input = el("input", {type: "number", name: a.field, min: a.min * scale, max: a.max * scale,
                           step: scale, value: a.min * scale, required: true, "aria-label": "amount in dollars"});
      kids.push(el("label", {class: "amount"}, (a.unit || "") , input));
    }
    const button = el("button", {type: "submit", class: it.primary ? "primary" : null, text: it.label});
    kids.push(button);
    if (it.detail) kids.push(el("span", {class: "detail", text: it.detail}));
    const form = el("form", {class: "choice", "data-type": it.action.type, "data-hex": it.hex || null}, ...kids);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const action = Object.assign({}, it.action);
      if (a) {
        const v = parseInt(input.value, 10);
        if (!(v >= a.min * (a.scale || 1) && v <= a.max * (a.scale || 1)) || v % (a.scale || 1)) {
          $("action-msg").textContent = "Enter an amount from $" + a.min * (a.scale || 1) + " to $" + a.max * (a.scale || 1) +
            ((a.scale || 1) > 1 ? " in steps of $" + a.scale : "") + ".";
          return;
        }
        action[a.field] = v / (a.scale || 1);
      }
      act(action);
    });
    return form;
  }
  function renderPanel(d) {
    panel = d;
    const over = !!(state && state.status === "finished");
    $("now-box").hidden = over || !d.heading;
    if (over) $("actions-box").hidden = true;
    if (over && !state.end && state.result && Array.isArray(state.result.scores)) {
      // no story end from the server: the panel's reason and, where the title has them,
      // the parts of each score (North American Railways: money and the final payout)
      const r = state.result;
      renderEnd(Object.assign({}, state, {end: {reason: d.end_reason || "", players: r.scores.map((s, i) =>
        ({seat: i, score: s, winner: (r.winners || []).includes(i),
          parts: (d.end_parts && d.end_parts[i]) || [["cash at the end", s]]}))}}));
    }
    $("facts").replaceChildren(...(d.status || []).map(s => el("li", {text: s})));
    $("tables").replaceChildren(...(d.tables || []).map(renderTable));
    const mine = Array.isArray(d.groups);
    if ($("jump-move")) $("jump-move").hidden = !(mine && d.groups.length);
    $("now-title").textContent = d.actor ? (mine ? "Your turn, " + d.actor : d.actor + " is deciding") : "Now";
    $("decision-heading").textContent = d.heading || "";
    $("decision-lines").replaceChildren(...(d.lines || []).map(s => el("li", {text: s})));
    $("picked-hex").textContent = ""; $("show-all").hidden = true;
    const box = $("actions"); box.replaceChildren();
    $("actions-box").hidden = !token || over;
    if (!mine) {
      box.append(el("p", {class: "waiting", text: state && state.status === "finished" ? "The game is over." :
        d.actor ? "Waiting for " + d.actor + "." : "Waiting for others."}));
    } else {
      for (const g of d.groups) {
        box.append(el("div", {class: "group", "data-title": g.title},
          el("h3", {}, g.title, g.note ? el("span", {class: "note", text: " · " + g.note}) : null),
          ...g.items.map(itemNode)));
      }
    }
    root.dataset.legalVersion = d.version;
    markHexes();
  }
  function markHexes() {
    for (const g of document.querySelectorAll("#board .hex.legal")) g.classList.remove("legal");
    const hexes = hasPanel ? [...document.querySelectorAll("#actions form.choice[data-hex]")].map(f => f.dataset.hex)
                           : choices.map(c => c.fixed && c.fixed.hex).filter(h => h);
    for (const hex of hexes) {
      const g = document.querySelector(`#board .hex[data-hex="${CSS.escape(hex)}"]`);
      if (g) g.classList.add("legal");
    }
  }
  $("board").addEventListener("click", (ev) => {
    if (t18 && t18.boardClick(ev)) return;
    if (routes.active) {
      const h = ev.target.closest && ev.target.closest(".hex");
      if (h && routes.hexClicked(h.dataset.hex)) return;
    }
    if (frame && frame.dragged()) return;
    const g = ev.target.closest && ev.target.closest(".hex.legal");
    if (!g) return;
    const hex = g.dataset.hex;
    const forms = [...document.querySelectorAll("#actions form.choice")].filter(f => f.dataset.hex === hex);
    if (forms.length === 1 && !forms[0].querySelector("input")) { forms[0].requestSubmit(); return; }
    pick(hex);
  });
  // Show only the choices on one hex (tile and rotation for a tile lay); "all" undoes it.
  function pick(hex) {
    for (const g of document.querySelectorAll("#board .hex.picked")) g.classList.remove("picked");
    const g = document.querySelector(`#board .hex[data-hex="${CSS.escape(hex)}"]`);
    if (g) g.classList.add("picked");
    for (const form of document.querySelectorAll("#actions .choice"))
      form.hidden = form.dataset.hex !== hex;
    for (const grp of document.querySelectorAll("#actions .group"))
      grp.hidden = !grp.querySelector(".choice:not([hidden])");
    $("picked-hex").textContent = "Choices on " + hex;
    $("show-all").hidden = false;
    $("actions-box").scrollIntoView({block: "nearest"});
  }
  if ($("show-all")) $("show-all").addEventListener("click", () => {
    for (const n of document.querySelectorAll("#actions .choice, #actions .group")) n.hidden = false;
    for (const n of document.querySelectorAll("#actions .group[data-type='run_routes']")) n.hidden = true;
    for (const g of document.querySelectorAll("#board .hex.picked")) g.classList.remove("picked");
    $("picked-hex").textContent = ""; $("show-all").hidden = true;
  });
  async function act(action) {
    if (!state) return;
    $("action-msg").textContent = "";
    for (const b of document.querySelectorAll("#actions button")) b.disabled = true;
    const r = await api("POST", base + "/actions", {version: state.version, action}, token);
    if (r.ok) {   // the answer carries the new state and this token's next choices
      if (!renderState(r.data)) return;        // a newer state is already shown
      if (r.data.legal) await Promise.all([loadBoard(), renderChoices(r.data.legal)]);
      else await refreshSide();
      return;
    }
    $("action-msg").textContent = errorText(r.data);
    if (t18) await t18.loadDecisions();
    else for (const b of document.querySelectorAll("#actions form.choice button")) b.disabled = false;
    if (r.status === 409 || r.status === 0) await refresh();
  }
  $("undo").addEventListener("click", async () => {
    const r = await api("POST", base + "/undo", {version: state.version}, token);
    if (!r.ok) $("action-msg").textContent = errorText(r.data);
    await refresh();
  });
  async function refreshSide() {
    const legal = token ? api("GET", base + "/legal", undefined, token) : null;
    if (!token && !t18 && hasPanel) await Promise.all([loadBoard(), loadPanel(null)]);
    else await loadBoard();
    if (legal) {
      const r = await legal;
      if (r.ok) renderChoices(r.data);
      else { $("you").textContent = "Invalid seat link"; $("actions-box").hidden = true; }
    }
  }
  let announced = 0;        // the highest version the live stream announced
  async function refresh() {
    if (busy) { pending = true; return; }
    busy = true;
    try {
      do {
        pending = false;
        // name the version the live stream announced: a server worker that has it answers
        // from memory (docs/web.md)
        const q = [token ? "legal=1" : "", announced ? "version=" + announced : ""].filter(Boolean);
        const r = await api("GET", base + (q.length ? "?" + q.join("&") : ""), undefined, token);
        if (!r.ok) break;
        if (!renderState(r.data)) continue;   // older than what is shown: nothing to draw
        if (token && r.data.my_seats) {
          const names = r.data.my_seats.map(i => r.data.seats[i].name);
          $("you").textContent = names.length ? "You: " + names.join(", ") : "Invalid seat link";
          RY.claim(document.querySelector(".status-line"), base, token, r.data);
        }
        if (r.data.legal) await Promise.all([loadBoard(), renderChoices(r.data.legal)]);
        else await refreshSide();     // spectators, or a token that is no seat
      } while (pending);
    } finally { busy = false; }
  }
  function listen() {
    const src = new EventSource(base + "/events?since=" + encodeURIComponent(root.dataset.version));
    src.addEventListener("version", (ev) => {
      const v = JSON.parse(ev.data).version;
      if (Number.isInteger(v) && v > announced) announced = v;
      if (!state || v !== state.version) refresh();
    });
    // the dot says whether moves arrive by themselves; when the stream breaks the browser
    // reconnects on its own, and the page says so
    const say = (on) => {
      $("live").classList.toggle("on", on);
      $("live").title = on ? "Live: other players' moves appear as they happen"
                           : "Connection lost: reconnecting… (moves appear once it is back)";
      const note = $("live-note");
      if (note) { note.hidden = on; note.textContent = on ? "" : "reconnecting…"; }
    };
    src.onopen = () => say(true);
    src.onerror = () => say(false);
    // the page's one live stream, shared with the chat (chat.js listens for its "chat" events)
    window.railyardStream = src;
    document.dispatchEvent(new CustomEvent("railyard:stream", {detail: src}));
  }
  // ---- the board frame of the small games: zoom (buttons, wheel, pinch) and drag ------
  function BoardFrame(box) {
    let zoom = 1, panX = 0, panY = 0, drag = null, moved = false;
    const pointers = new Map();
    let pinch = null;
    function apply() {
      const svg = box.querySelector("svg");
      if (!svg) return;
      const r = box.getBoundingClientRect();
      // keep the board inside the frame: no empty band beyond its edges
      panX = Math.min(0, Math.max(r.width - r.width * zoom, panX));
      panY = Math.min(0, Math.max(r.height - r.height * zoom, panY));
      svg.style.transform = `translate(${panX}px, ${panY}px) scale(${zoom})`;
      box.classList.toggle("zoomed", zoom > 1);
      box.dataset.zoom = zoom.toFixed(2);
    }
    function set(z, cx, cy) {
      const r = box.getBoundingClientRect();
      cx = cx === undefined ? r.width / 2 : cx; cy = cy === undefined ? r.height / 2 : cy;
      const nz = Math.min(5, Math.max(1, z));
      panX = cx - (cx - panX) * nz / zoom; panY = cy - (cy - panY) * nz / zoom;
      zoom = nz;
      if (zoom === 1) { panX = 0; panY = 0; }
      apply();
    }
    $("zoom-in").addEventListener("click", () => set(zoom * 1.5));
    $("zoom-out").addEventListener("click", () => set(zoom / 1.5));
    $("zoom-fit").addEventListener("click", () => set(1));
    box.addEventListener("wheel", (ev) => {
      if (zoom === 1 && ev.deltaY > 0) return;           // let the page scroll
      ev.preventDefault();
      const r = box.getBoundingClientRect();
      set(zoom * (ev.deltaY < 0 ? 1.2 : 1 / 1.2), ev.clientX - r.left, ev.clientY - r.top);
    }, {passive: false});
    box.addEventListener("pointerdown", (ev) => {
      pointers.set(ev.pointerId, {x: ev.clientX, y: ev.clientY});
      moved = false;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = {d: Math.hypot(a.x - b.x, a.y - b.y), z: zoom};
        drag = null;
      } else if (zoom > 1) drag = {x: ev.clientX, y: ev.clientY, px: panX, py: panY};
    });
    box.addEventListener("pointermove", (ev) => {
      if (!pointers.has(ev.pointerId)) return;
      pointers.set(ev.pointerId, {x: ev.clientX, y: ev.clientY});
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const r = box.getBoundingClientRect();
        set(pinch.z * Math.hypot(a.x - b.x, a.y - b.y) / Math.max(1, pinch.d),
            (a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top);
        moved = true;
        return;
      }
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) moved = true;
      panX = drag.px + dx; panY = drag.py + dy; apply();
    });
    const up = (ev) => { pointers.delete(ev.pointerId); if (pointers.size < 2) pinch = null; drag = null; };
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
    return {apply, dragged: () => { const m = moved; moved = false; return m; }};
  }
  const frame = !t18 && $("zoom-in") ? BoardFrame($("board")) : null;

  if (token) RY.toggle(document.querySelector(".status-line"));
  refresh().then(listen);
})();
