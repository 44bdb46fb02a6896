"use strict";
(function () {
  const titles = JSON.parse(document.getElementById("option-choices").textContent);
  const titleSel = document.getElementById("title");
  const count = document.getElementById("seat-count");
  const list = document.getElementById("seats");
  const msg = document.getElementById("msg");

  function seatRow(i, kind) {
    return el("li", {class: "seat"},
      el("select", {class: "kind", "aria-label": "seat " + (i + 1) + " kind"},
        el("option", {value: "human", selected: kind === "human"}, "human"),
        el("option", {value: "bot", selected: kind === "bot"}, "bot")),
      el("input", {class: "name", type: "text", maxlength: "40", placeholder: "name (optional)",
                   "aria-label": "seat " + (i + 1) + " name"}));
  }
  function syncSeats() {
    const opt = titleSel.selectedOptions[0];
    count.min = opt.dataset.min; count.max = opt.dataset.max;
    let n = Math.max(+count.min, Math.min(+count.max, +count.value || +count.min));
    count.value = n;
    while (list.children.length < n) list.append(seatRow(list.children.length, list.children.length ? "bot" : "human"));
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
    const seats = [...list.children].map(li => ({
      kind: li.querySelector(".kind").value, name: li.querySelector(".name").value || undefined}));
    const hotseat = document.getElementById("hotseat").checked;
    let opts;
    try { opts = await options(); } catch (e) { msg.textContent = e.message; return; }
    const r = await api("POST", "/api/games", {title: titleSel.value, seats, options: opts, hotseat});
    if (!r.ok) { msg.textContent = errorText(r.data); return; }
    const base = location.origin + "/games/" + encodeURIComponent(r.data.id);
    if (hotseat && r.data.host_token) { location.href = base + "#t=" + r.data.host_token; return; }
    const links = document.getElementById("link-list");
    links.replaceChildren();
    for (const t of r.data.tokens)
      links.append(el("li", {}, "Seat " + (t.seat + 1) + " (" + t.name + "): ",
        el("a", {href: base + "#t=" + t.token, class: "seat-link"}, "private link")));
    links.append(el("li", {}, "Spectators: ", el("a", {href: base, class: "spectator-link"}, base)));
    document.getElementById("links").hidden = false;
  });
})();
