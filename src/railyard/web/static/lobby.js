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
// My games (the seats this browser keeps, RY in common.js), the list of games with whose
// turn it is, and open seats joined with one click; kept current without reloading.
(function () {
  const body = document.querySelector("table.all-games tbody");
  const mineBox = document.getElementById("my-games");
  const mineBody = document.getElementById("my-games-body");
  const joinMsg = document.getElementById("join-msg");
  const baseTitle = document.title;
  const link = (id, token) => "/games/" + encodeURIComponent(id) + (token ? "#t=" + token : "");

  async function updateMine() {
    const kept = RY.mine();
    if (!kept.length) { mineBox.hidden = true; return; }
    const r = await api("POST", "/api/games/mine", {games: kept});
    if (!r.ok) return;
    const found = new Set(r.data.games.map(g => g.id));
    for (const k of kept) if (!found.has(k.id)) RY.forget(k.id);   // gone, or no seat any more
    const tokens = Object.fromEntries(kept.map(k => [k.id, k.token]));
    const games = r.data.games.slice().sort((a, b) =>
      (b.my_turn - a.my_turn) || ((a.status === "finished") - (b.status === "finished")) ||
      b.created.localeCompare(a.created));
    mineBody.replaceChildren(...games.map(g => el("tr", {class: g.status + (g.my_turn ? " my-turn" : ""), "data-game": g.id},
      el("td", {}, el("a", {href: link(g.id, tokens[g.id]), text: g.title_name})),
      el("td", {text: g.my_seats.map(i => g.players[i]).join(", ")}),
      el("td", {}, g.my_turn ? el("span", {class: "mine-mark", text: "Your turn"}) :
        g.thinking.length ? el("span", {class: "thinking", text: g.thinking.join(", ") + " is thinking…"}) :
        (g.to_act.length ? g.to_act.join(", ") : "—")),
      el("td", {text: g.status}))));
    mineBox.hidden = !games.length;
    const turns = games.filter(g => g.my_turn).length;   // the tab says it too
    document.title = (turns ? "● Your turn (" + turns + ") — " : "") + baseTitle;
  }
  function joinButtons(g) {
    if (!g.open_seats || !g.open_seats.length) return "—";
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
      el("td", {text: g.created.slice(0, 16).replace("T", " ")}))));
  }
  document.addEventListener("click", async (ev) => {
    const b = ev.target.closest && ev.target.closest("button.join");
    if (!b) return;
    b.disabled = true;
    const r = await api("POST", "/api/games/" + encodeURIComponent(b.dataset.game) + "/join",
                        {seat: parseInt(b.dataset.seat, 10)});
    if (!r.ok) { joinMsg.textContent = errorText(r.data); updateAll(); return; }
    RY.remember(r.data.id, r.data.token);
    location.href = link(r.data.id, r.data.token);
  });
  updateMine();
  setInterval(() => { updateMine(); updateAll(); }, 5000);
})();
