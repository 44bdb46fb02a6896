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
// Keep the list of games current (status, who is to act) without reloading.
(function () {
  const body = document.querySelector("table.games tbody");
  if (!body) return;
  async function update() {
    const r = await api("GET", "/api/games");
    if (!r.ok) return;
    body.replaceChildren(...r.data.games.map(g => el("tr", {class: g.status},
      el("td", {}, el("a", {href: "/games/" + encodeURIComponent(g.id), text: g.title_name})),
      el("td", {text: g.players.join(", ")}), el("td", {text: g.status}),
      el("td", {text: g.to_act.length ? g.to_act.join(", ") : "—"}),
      el("td", {text: String(g.version)}),
      el("td", {text: g.created.slice(0, 16).replace("T", " ")}))));
  }
  setInterval(update, 5000);
})();
