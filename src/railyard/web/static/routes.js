"use strict";
// Route picking for the 18xx titles: one route per train, built by clicking hexes on the
// board in order.  Every change is checked by the server with the engine's own rules (on a
// copy of the state): revenue per train and in total, or the rule a route breaks.  "Auto"
// asks for the optimal routes; "Run" submits the checked routes as the run_routes action.
function RoutePicker(base, token, onRun) {
  const $ = (id) => document.getElementById(id);
  let choice = null, trains = [], active = 0, seq = 0, last = null;
  // Board clicks build routes at once, unless other choices also use hexes (1870: lay a tile
  // before running); then only after the player picks a train.
  let engaged = false;

  function hexNode(h) { return document.querySelector(`#board .hex[data-hex="${CSS.escape(h)}"]`); }
  function mark() {
    for (const g of document.querySelectorAll("#board .hex.route"))
      g.classList.remove("route", "route-0", "route-1", "route-2", "route-3", "route-active");
    if (!choice) return;
    trains.forEach((t, k) => {
      for (const h of t.hexes) {
        const g = hexNode(h);
        if (g) g.classList.add("route", "route-" + (k % 4), ...(k === active ? ["route-active"] : []));
      }
    });
  }
  function render() {
    const list = $("route-trains");
    list.replaceChildren(...trains.map((t, k) => {
      // the train by its type as players name it ("3-train", "D-train"), never its engine id
      const kind = String(t.train).replace(/-\d+$/, "");
      const same = trains.filter(x => String(x.train).replace(/-\d+$/, "") === kind).length;
      const nth = trains.slice(0, k + 1).filter(x => String(x.train).replace(/-\d+$/, "") === kind).length;
      const pickBtn = el("button", {type: "button", class: "pick-train",
        text: (same > 1 ? ["first", "second", "third", "fourth"][nth - 1] + " " : "") + kind + "-train" +
              (t.distance && t.distance < 99 ? " (up to " + t.distance + " stops)" : "")});
      pickBtn.addEventListener("click", () => { active = k; engaged = true; render(); mark(); });
      const clear = el("button", {type: "button", class: "clear-train", text: "clear"});
      clear.addEventListener("click", () => { t.hexes = []; active = k; update(); });
      return el("li", {class: "train route-" + (k % 4) + (k === active ? " active" : ""),
                       "data-train": t.train},
        pickBtn, " ", el("span", {class: "hexes", text: t.hexes.join(" → ") || "no route"}), " ",
        el("span", {class: "revenue", text: t.revenue === null || t.revenue === undefined ? "" : "$" + t.revenue}),
        " ", clear, el("div", {class: "route-error msg", text: t.error || ""}));
    }));
    const ok = last && last.ok;
    $("route-total").textContent = ok ? "$" + last.total : "—";
    $("route-msg").textContent = last && !last.ok && last.error ? last.error : "";
    $("route-run").disabled = !ok;
    $("routes-panel").dataset.state = !last ? "loading" : ok ? "ok" : "bad";
  }
  function take(data) {
    last = data;
    trains = data.trains.map(t => Object.assign({}, t));
    if (active >= trains.length) active = 0;
    render(); mark();
  }
  async function post(path, body) {
    const mine = ++seq;
    $("routes-panel").dataset.state = "loading";
    const r = await api("POST", base + path, body, token);
    if (mine !== seq) return;                     // a newer check is on its way
    if (r.ok) take(r.data);
    else { last = null; $("route-msg").textContent = errorText(r.data); render(); }
  }
  function update() {
    last = null;
    render(); mark();
    return post("/routes/check", {routes: trains.map(t => ({train: t.train, hexes: t.hexes}))});
  }
  let key = null;
  function open(c, hexChoices) {
    // the same run (the list was redrawn): keep the picks; a new run starts empty
    const same = choice && key === JSON.stringify(c);
    choice = c; key = JSON.stringify(c);
    if (!same) { trains = []; active = 0; last = null; engaged = !hexChoices; }
    const panel = el("section", {id: "routes-panel", class: "routes", "data-state": "loading"},
      el("h3", {text: "Run trains"}),
      el("p", {class: "hint", text: "Choose a train, then click the hexes of its route on the " +
        "board in order, from one stop to the other (click the last hex again to take it back)."}),
      el("ol", {id: "route-trains"}),
      el("p", {}, "Total: ", el("b", {id: "route-total", text: "—"}), " ",
        el("span", {id: "route-msg", class: "msg"})),
      el("button", {type: "button", id: "route-auto", text: "Auto (optimal routes)"}), " ",
      el("button", {type: "button", id: "route-run", text: "Run these routes", disabled: true}));
    $("actions").prepend(panel);
    $("route-auto").addEventListener("click", () => post("/routes/auto", {}));
    $("route-run").addEventListener("click", () => {
      if (!last || !last.ok) return;
      const action = Object.assign({type: "run_routes", player: choice.player}, choice.fixed || {});
      action.routes = last.routes;
      onRun(action);
    });
    if (same && trains.length) { render(); mark(); } else update();
  }
  function close() { choice = null; key = null; trains = []; last = null; engaged = false; mark(); }
  function hexClicked(h) {
    if (!choice || !trains.length) return false;
    const t = trains[active];
    if (t.hexes.length && t.hexes[t.hexes.length - 1] === h) t.hexes.pop();
    else t.hexes.push(h);
    update();
    return true;
  }
  return {open, close, mark, hexClicked, get active() { return !!choice && engaged; }};
}
