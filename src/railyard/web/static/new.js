"use strict";
(function () {
  const titles = JSON.parse(document.getElementById("option-choices").textContent);
  const titleSel = document.getElementById("title");
  const count = document.getElementById("seat-count");
  const list = document.getElementById("seats");
  const msg = document.getElementById("msg");

  // Bot kinds as the server names them (railyard.bots.kinds, per title: /new lists them);
  // the value "bot" is the title's default bot, "bot:KIND" a chosen kind.
  const WORDS = {random: "random moves", rules: "rule of thumb", mcts: "search",
                 strategic: "strategic play", basic: "basic play (baseline)"};
  function kindLabel(kind) {
    const k = kind.split(":")[0];
    return WORDS[k] ? kind + " — " + WORDS[k] : kind;
  }
  // A new bot seat gets the title's recommended kind (its strongest bot at the normal
  // level); "bot" stays the value of the default kind, as the server names it.
  function recommended() {
    const info = titles.find(t => t.slug === titleSel.value);
    const rec = info && info.recommended;
    return !rec || rec === (info.bots || [])[0] ? "bot" : "bot:" + rec;
  }
  function kindOptions(select, keep) {
    const info = titles.find(t => t.slug === titleSel.value);
    const bots = (info && info.bots) || [];
    const rec = info && info.recommended;
    select.replaceChildren(
      el("option", {value: "human"}, "human (gets a private link)"),
      el("option", {value: "open"}, "open seat (anyone may join from the lobby)"),
      el("option", {value: "invite"}, "invite an account (type its name)"),
      ...bots.map((k, j) => el("option", {value: j === 0 ? "bot" : "bot:" + k},
                               "bot: " + kindLabel(k) + (k === rec ? " (recommended)" : ""))));
    select.value = [...select.options].some(o => o.value === keep) ? keep
      : (keep === "human" ? "human" : recommended());
  }
  function seatRow(i, kind) {
    const select = el("select", {class: "kind", "aria-label": "seat " + (i + 1) + " kind"});
    kindOptions(select, kind);
    return el("li", {class: "seat"}, select,
      el("input", {class: "name", type: "text", maxlength: "40", placeholder: "name (optional)",
                   "aria-label": "seat " + (i + 1) + " name"}));
  }
  function seatSpec(li) {
    const v = li.querySelector(".kind").value, name = li.querySelector(".name").value || undefined;
    if (v === "human") return {kind: "human", name};
    if (v === "open") return {kind: "human", open: true, name};
    if (v === "invite") return {kind: "human", account: name || ""};   // the seat is that account's
    return v === "bot" ? {kind: "bot", name} : {kind: "bot", bot: v.slice(4), name};
  }
  function syncSeats() {
    for (const s of list.querySelectorAll("select.kind")) kindOptions(s, s.value);
    const opt = titleSel.selectedOptions[0];
    count.min = opt.dataset.min; count.max = opt.dataset.max;
    let n = Math.max(+count.min, Math.min(+count.max, +count.value || +count.min));
    count.value = n;
    while (list.children.length < n)
      list.append(seatRow(list.children.length, list.children.length ? recommended() : "human"));
    while (list.children.length > n) list.lastChild.remove();
    for (const fs of document.querySelectorAll("fieldset.options"))
      fs.hidden = fs.dataset.title !== titleSel.value;
  }
  // Uploaded content (a deck or board of one's own): the chosen file is read here, in the
  // browser, and its text is sent as the option's value; without a file the option is left
  // out (the game's own deck or board).
  for (const input of document.querySelectorAll('input[data-kind="file"]')) {
    input.addEventListener("change", () => {
      const note = input.parentNode.querySelector(".file-note");
      const file = input.files[0];
      if (!file) note.textContent = "No file: the game's own.";
      else if (file.size > +input.dataset.max)
        note.textContent = file.name + " is too large (at most " + Math.floor(+input.dataset.max / 1024) + " KB).";
      else note.textContent = Math.ceil(file.size / 1024) + " KB, sent with the game (" + file.name + ").";
    });
  }
  async function options() {
    const out = {};
    const info = titles.find(t => t.slug === titleSel.value);
    const fs = document.querySelector(`fieldset.options[data-title="${CSS.escape(titleSel.value)}"]`);
    for (const input of fs.querySelectorAll("[data-option]")) {
      const name = input.dataset.option, kind = input.dataset.kind;
      if (kind === "file") {
        const file = input.files[0];
        if (!file) continue;
        if (file.size > +input.dataset.max)
          throw new Error("The " + name + " file " + file.name + " is larger than " + Math.floor(+input.dataset.max / 1024) + " KB.");
        out[name] = await file.text();
      }
      else if (kind === "bool") out[name] = input.checked;
      else if (kind === "int") out[name] = parseInt(input.value, 10);
      else if (kind === "choice") out[name] = info.options.find(o => o.name === name).choices[+input.value];
      else out[name] = input.value;
    }
    return out;
  }
  titleSel.addEventListener("change", syncSeats);
  count.addEventListener("change", syncSeats);
  syncSeats();
  document.getElementById("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    msg.textContent = "";
    const seats = [...list.children].map(seatSpec);
    const hotseat = document.getElementById("hotseat").checked;
    let opts;
    try { opts = await options(); } catch (e) { msg.textContent = e.message; return; }
    const r = await api("POST", "/api/games", {title: titleSel.value, seats, options: opts, hotseat});
    if (!r.ok) { msg.textContent = errorText(r.data); return; }
    const base = location.origin + "/games/" + encodeURIComponent(r.data.id);
    if (hotseat && r.data.host_token) { location.href = base + "#t=" + r.data.host_token; return; }
    if (r.data.tokens.length === 1) RY.remember(r.data.id, r.data.tokens[0].token);   // yours
    const links = document.getElementById("link-list");
    links.replaceChildren();
    // logged in (web/auth.py): your seat and invited accounts' seats are played without a link
    if (document.querySelector('meta[name="railyard-account"]'))
      links.append(el("li", {}, "Your seat: ", el("a", {href: base, class: "play-link", id: "play-link"}, "play")));
    for (const t of r.data.tokens)
      links.append(el("li", {}, "Seat " + (t.seat + 1) + " (" + t.name + "): ",
        el("a", {href: base + "#t=" + t.token, class: "seat-link"}, "private link")));
    links.append(el("li", {}, "Spectators: ", el("a", {href: base, class: "spectator-link"}, base)));
    document.getElementById("links").hidden = false;
  });
})();
