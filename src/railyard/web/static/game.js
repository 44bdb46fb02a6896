"use strict";
// The game page: state, board, legal choices and live updates over Server-Sent Events.
(function () {
  const root = document.getElementById("game");
  const gid = root.dataset.game;
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  const base = "/api/games/" + encodeURIComponent(gid);
  let state = null, busy = false, pending = false;
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
  function renderView(view) {
    const box = $("view"); box.replaceChildren();
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
    state = st;
    root.dataset.version = st.version;
    $("status").textContent = st.status;
    $("turn").textContent = RY.turnText(st);   // "Rob is thinking…", "Your turn"
    RY.turn(st);                                // title and icon; optional sound/notice
    if (!t18) {
      renderPlayers(st);
      renderView(st.view || {});
      const log = $("log"); log.replaceChildren(...st.log.map(l => el("li", {text: l})));
      log.start = st.log_count - st.log.length + 1;
      RY.placeNotices(log, st.notices);        // "Ann took back their last action: …"
      log.scrollTop = log.scrollHeight;
    } else t18.setNotices(st.notices || []);
    if (st.result) {
      $("result-box").hidden = false;
      const r = st.result;
      $("result").replaceChildren(el("p", {text: "Winner: " + (r.winner_names || []).join(", ")}),
        el("ul", {}, ...Object.entries(r.by_player || {}).map(([n, s]) => el("li", {text: n + ": " + (r.unit === "worth" ? "$" + s + " (cash, shares at market price, privates)" : s + " " + r.unit)}))));
      RY.rematch($("result-box"), base, token, st);
    }
  }
  async function loadBoard() {
    if (t18) { if (t18.viewing === null) await t18.load(null); return; }
    const resp = await fetch(base + "/board.svg");
    if (resp.ok) { $("board").innerHTML = await resp.text(); markHexes(); routes.mark(); }
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
    $("undo").hidden = !legal.undo;       // the server's rules: web/undo.py
    markHexes();
  }
  function markHexes() {
    for (const g of document.querySelectorAll("#board .hex.legal")) g.classList.remove("legal");
    for (const c of choices) {
      const hex = c.fixed && c.fixed.hex;
      if (!hex) continue;
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
    const g = ev.target.closest && ev.target.closest(".hex.legal");
    if (!g) return;
    const hex = g.dataset.hex;
    const idxs = choices.map((c, i) => i).filter(i => choices[i].fixed && choices[i].fixed.hex === hex);
    if (idxs.length === 1 && !Object.keys(choices[idxs[0]].ranges || {}).length) {
      document.querySelector(`#actions form[data-index="${idxs[0]}"]`).requestSubmit();
      return;
    }
    pick(hex);
  });
  // Show only the choices on one hex (tile and rotation for a tile lay); "all" undoes it.
  function pick(hex) {
    for (const g of document.querySelectorAll("#board .hex.picked")) g.classList.remove("picked");
    const g = document.querySelector(`#board .hex[data-hex="${CSS.escape(hex)}"]`);
    if (g) g.classList.add("picked");
    for (const form of document.querySelectorAll("#actions form.choice"))
      form.hidden = form.dataset.hex !== hex;
    for (const grp of document.querySelectorAll("#actions .group"))
      grp.hidden = !grp.querySelector("form.choice:not([hidden])");
    $("picked-hex").textContent = "Choices on " + hex;
    $("show-all").hidden = false;
    $("actions-box").scrollIntoView({block: "nearest"});
  }
  if ($("show-all")) $("show-all").addEventListener("click", () => {
    for (const n of document.querySelectorAll("#actions form.choice, #actions .group")) n.hidden = false;
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
      renderState(r.data);
      if (r.data.legal) await Promise.all([loadBoard(), renderChoices(r.data.legal)]);
      else await refreshSide();
      return;
    }
    $("action-msg").textContent = errorText(r.data);
    if (t18) await t18.loadDecisions();
    else for (const b of document.querySelectorAll("#actions button")) b.disabled = false;
    if (r.status === 409) await refresh();
  }
  $("undo").addEventListener("click", async () => {
    const r = await api("POST", base + "/undo", {version: state.version}, token);
    if (!r.ok) $("action-msg").textContent = errorText(r.data);
    await refresh();
  });
  async function refreshSide() {
    const legal = token ? api("GET", base + "/legal", undefined, token) : null;
    await loadBoard();
    if (legal) {
      const r = await legal;
      if (r.ok) renderChoices(r.data);
      else { $("you").textContent = "Invalid seat link"; $("actions-box").hidden = true; }
    }
  }
  async function refresh() {
    if (busy) { pending = true; return; }
    busy = true;
    try {
      do {
        pending = false;
        const r = await api("GET", base + (token ? "?legal=1" : ""), undefined, token);
        if (!r.ok) break;
        renderState(r.data);
        if (token && r.data.my_seats) {
          const names = r.data.my_seats.map(i => r.data.seats[i].name);
          $("you").textContent = names.length ? "You: " + names.join(", ") : "Invalid seat link";
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
      if (!state || v !== state.version) refresh();
    });
    src.onopen = () => $("live").classList.add("on");
    src.onerror = () => $("live").classList.remove("on");
  }
  if (token) RY.toggle(document.querySelector(".status-line"));
  refresh().then(listen);
})();
