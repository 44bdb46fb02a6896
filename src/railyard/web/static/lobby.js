"use strict";
(function () {
  const form = document.getElementById("import-form");
  const msg = document.getElementById("import-msg");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const file = document.getElementById("import-file").files[0];
    if (!file) { msg.textContent = "Choose a railyard JSON file first."; return; }
    if (file.size > 2 * 1024 * 1024) { msg.textContent = "The file is larger than 2 MB."; return; }
    let save;
    try { save = JSON.parse(await file.text()); } catch (e) { msg.textContent = "The file is not JSON."; return; }
    const r = await api("POST", "/api/games/import", {save});
    if (!r.ok) { msg.textContent = errorText(r.data); return; }
    msg.replaceChildren("Imported. Seat links: ");
    for (const t of r.data.tokens)
      msg.append(el("a", {href: "/games/" + r.data.id + "#t=" + t.token}, t.name), " ");
  });
})();
// My games: the logged-in account's games (from any device, /api/account/games) and the
// seats this browser keeps (RY in common.js); open games to join, with filters; the list of
// all games with whose turn it is.  Joining when not logged in asks a name first.  Kept
// current without reloading.
(function () {
  const body = document.querySelector("table.all-games tbody");
  const mineBox = document.getElementById("my-games");
  const mineBody = document.getElementById("my-games-body");
  const joinMsg = document.getElementById("join-msg");
  const loggedIn = !!document.querySelector('meta[name="railyard-account"]');
  const baseTitle = document.title;
  const link = (id, token) => "/games/" + encodeURIComponent(id) + (token ? "#t=" + token : "");
  const myIds = new Set();        // the games listed under "My games": no "Join" for them
  function ago(iso) {          // "5 min", "3 h", "2 days"
    const s = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
    if (!isFinite(s)) return "";
    if (s < 60) return "under a minute";
    if (s < 90) return "a minute";
    if (s < 5400) return Math.round(s / 60) + " min";
    if (s < 129600) return Math.round(s / 3600) + " h";
    return Math.round(s / 86400) + " days";
  }
  const when = (iso) => RY_localTime(iso);      // the reader's time zone (times.js)
  function resultText(g) {
    const r = g.result;
    if (!r) return "finished";
    const scores = r.scores.map(([p, s]) => p + " " + s).join(", ");
    return (r.won ? "won" : r.place ? "place " + r.place + " of " + g.players.length : "finished") + " — " + scores;
  }

  async function updateMine() {
    const kept = RY.mine();
    const [acct, linked] = await Promise.all([
      loggedIn ? api("GET", "/api/account/games") : null,
      kept.length ? api("POST", "/api/games/mine", {games: kept}) : null]);
    const games = [], seen = new Set(), tokens = {};
    if (acct && acct.ok) for (const g of acct.data.games) { games.push(g); seen.add(g.id); }
    if (linked && linked.ok) {
      const found = new Set(linked.data.games.map(g => g.id));
      for (const k of kept) if (!found.has(k.id)) RY.forget(k.id);   // gone, or no seat any more
      for (const k of kept) tokens[k.id] = k.token;
      for (const g of linked.data.games) if (!seen.has(g.id)) games.push(g);
    }
    myIds.clear();
    for (const g of games) myIds.add(g.id);
    if (!games.length) { mineBox.hidden = true; document.title = baseTitle; return; }
    games.sort((a, b) => (b.my_turn - a.my_turn) || ((a.status === "finished") - (b.status === "finished")) ||
      (b.last_move || b.created).localeCompare(a.last_move || a.created));
    mineBody.replaceChildren(...games.map(g => {
      const opp = g.opponents || g.players.filter((p, i) => !g.my_seats.includes(i));
      const turn = g.status !== "active" ? "—" : g.my_turn ?
        el("span", {}, el("span", {class: "mine-mark", text: "Your turn"}),
           g.last_move ? el("span", {class: "waited", text: " waited for " + ago(g.last_move)}) : null) :
        g.thinking.length ? el("span", {class: "thinking", text: g.thinking.join(", ") + " is thinking…"}) :
        (g.to_act.length ? g.to_act.join(", ") : "—");
      return el("tr", {class: g.status + (g.my_turn ? " my-turn" : ""), "data-game": g.id},
        el("td", {}, el("a", {href: link(g.id, seen.has(g.id) ? null : tokens[g.id]), text: g.title_name})),
        el("td", {text: g.my_seats.map(i => g.players[i]).join(", ")}),
        el("td", {text: opp.join(", ") || "—"}),
        el("td", {}, turn),
        el("td", {text: when(g.last_move || g.created)}),
        el("td", {text: g.status === "finished" ? resultText(g) : "under way"}));
    }));
    mineBox.hidden = false;
    const turns = games.filter(g => g.my_turn).length;   // the tab says it too
    document.title = (turns ? "● Your turn (" + turns + ") — " : "") + baseTitle;
  }
  function joinButtons(g) {
    if (!g.open_seats || !g.open_seats.length) return "—";
    if (myIds.has(g.id)) return el("span", {class: "hint", text: "your game: waiting for players"});
    const cell = el("span");
    for (const s of g.open_seats)
      cell.append(el("button", {type: "button", class: "join", "data-game": g.id, "data-seat": s.seat}, "Join as " + s.name));
    return cell;
  }
  async function updateAll() {
    if (!body) return;
    const r = await api("GET", "/api/games");
    if (!r.ok) return;
    body.closest(".scroll").hidden = !r.data.games.length;
    body.replaceChildren(...r.data.games.map(g => el("tr", {class: g.status},
      el("td", {}, el("a", {href: link(g.id), text: g.title_name})),
      el("td", {text: g.players.join(", ")}), el("td", {text: g.status}),
      el("td", {text: g.to_act.length ? g.to_act.join(", ") : "—"}),
      el("td", {}, joinButtons(g)),
      el("td", {text: String(g.version)}),
      el("td", {text: when(g.created)}))));
  }
  // open games, filtered by title, number of players and an option
  const openBody = document.getElementById("open-body");
  const f = {title: document.getElementById("filter-title"), players: document.getElementById("filter-players"),
             option: document.getElementById("filter-option")};
  async function updateOpen() {
    if (!openBody) return;
    const q = new URLSearchParams();
    if (f.title.value) q.set("title", f.title.value);
    if (f.players.value) q.set("players", f.players.value);
    if (f.option.value.trim()) q.append("option", f.option.value.trim());
    const r = await api("GET", "/api/open-games" + (q.toString() ? "?" + q : ""));
    if (!r.ok) { document.getElementById("open-none").hidden = false; return; }
    const opts = (o) => Object.entries(o || {}).map(([k, v]) => k + ": " + v).join(", ") || "—";
    openBody.replaceChildren(...r.data.games.map(g => el("tr", {},
      el("td", {}, el("a", {href: link(g.id), text: g.title_name})),
      el("td", {text: g.players.join(", ")}), el("td", {class: "opts", text: opts(g.options)}),
      el("td", {}, joinButtons(g)), el("td", {text: when(g.created)}))));
    document.getElementById("open-none").hidden = r.data.games.length > 0;
    openBody.closest(".scroll").hidden = !r.data.games.length;
  }
  for (const x of Object.values(f)) if (x) x.addEventListener(x.tagName === "INPUT" ? "input" : "change", updateOpen);
  const filters = document.getElementById("open-filters");
  if (filters) filters.addEventListener("submit", (ev) => { ev.preventDefault(); updateOpen(); });

  async function join(b, name) {
    b.disabled = true;
    const body = {seat: parseInt(b.dataset.seat, 10)};
    if (name) body.name = name;
    const r = await api("POST", "/api/games/" + encodeURIComponent(b.dataset.game) + "/join", body);
    if (!r.ok) { joinMsg.textContent = errorText(r.data); b.disabled = false; updateAll(); updateOpen(); return; }
    if (!loggedIn) RY.remember(r.data.id, r.data.token);
    location.href = link(r.data.id, loggedIn ? null : r.data.token);
  }
  document.addEventListener("click", async (ev) => {
    const b = ev.target.closest && ev.target.closest("button.join");
    if (!b) return;
    if (loggedIn) { join(b); return; }
    // not logged in: ask the name first (it replaces the seat's name before the first move)
    const old = b.parentNode.querySelector("form.join-name");
    if (old) old.remove();
    const input = el("input", {name: "name", maxlength: 40, placeholder: "Your name", "aria-label": "Your name", required: true});
    const form = el("form", {class: "join-name"}, input, el("button", {type: "submit", class: "primary"}, "Join"));
    form.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim()) join(b, input.value.trim()); });
    b.after(form);
    input.focus();
  });
  const mineFirst = () => updateMine().catch(() => {});   // then "Join" knows my games
  mineFirst().then(updateOpen);
  setInterval(() => { mineFirst().then(() => { updateAll(); updateOpen(); }); }, 5000);
})();
