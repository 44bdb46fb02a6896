// Small helpers shared by the pages (no framework, no build step).
"use strict";
function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined)
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  return node;
}
async function api(method, url, body, token) {
  const headers = {"accept": "application/json"};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token && token !== "account") headers["authorization"] = "Bearer " + token;
  // logged in (web/auth.py): the session's CSRF token on every request that changes something
  const csrf = document.querySelector('meta[name="csrf-token"]');
  if (csrf && method !== "GET") headers["x-csrf-token"] = csrf.content;
  let resp;
  try {
    resp = await fetch(url, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (e) {   // no answer at all (connection lost, server restarting): status 0
    return {status: 0, ok: false, data: {error: {code: "no_answer", message:
      "No answer from the server: check your connection. The page shows the game as it stands once the server answers."}}};
  }
  let data = null;
  try { data = await resp.json(); } catch (e) { data = null; }
  return {status: resp.status, ok: resp.ok, data};
}
function errorText(data) {
  return (data && data.error && data.error.message) || "The request failed.";
}

// ---- this browser's seats, your turn, undo notices, rematch (RY) ----------------------
// Seat tokens are kept in localStorage ("railyard.seats": {game id: {token, at}}) whenever
// a game page is opened with its private link (#t=...) or a seat is joined, so the lobby can
// list "my games".  Notices (sound, browser notification) are off unless the player turns
// them on ("railyard.notify" = "1").
const RY = (function () {
  const KEY = "railyard.seats", NOTIFY = "railyard.notify", KEEP = 100;
  function load() {
    try { const s = JSON.parse(localStorage.getItem(KEY)); return s && typeof s === "object" ? s : {}; }
    catch (e) { return {}; }
  }
  function save(all) {
    const ids = Object.keys(all).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
    const kept = {};
    for (const id of ids.slice(0, KEEP)) kept[id] = all[id];
    try { localStorage.setItem(KEY, JSON.stringify(kept)); } catch (e) { /* private mode */ }
  }
  function remember(gid, token) {
    if (!gid || !token) return;
    const all = load();
    all[gid] = {token, at: Date.now()};
    save(all);
  }
  function forget(gid) { const all = load(); delete all[gid]; save(all); }
  function mine() { return Object.entries(load()).map(([id, s]) => ({id, token: s.token})); }
  // a game page opened with its private link: keep the token
  const m = location.pathname.match(/^\/games\/([^/]+)$/);
  const linkToken = new URLSearchParams(location.hash.slice(1)).get("t");
  if (m && linkToken) remember(decodeURIComponent(m[1]), linkToken);
  // the game's address without its link (the lobby's list of games, a bookmark) in the
  // browser that keeps the seat: open it in the seat, not as a spectator (an account's own
  // seat needs no link: the page's railyard-seat meta says so)
  if (m && !linkToken && !document.querySelector('meta[name="railyard-seat"]')) {
    const kept = load()[decodeURIComponent(m[1])];
    if (kept && kept.token)
      history.replaceState(null, "", location.pathname + location.search + "#t=" + kept.token);
  }

  // ---- your turn: title, icon, optional sound and notification ----------------------------
  const baseTitle = document.title;
  function icon(color) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${color}"/></svg>`;
    let link = document.querySelector("link[rel~='icon']");
    if (!link) { link = el("link", {rel: "icon"}); document.head.append(link); }
    link.href = "data:image/svg+xml," + encodeURIComponent(svg);
  }
  function notifyOn() { try { return localStorage.getItem(NOTIFY) === "1"; } catch (e) { return false; } }
  function beep() {
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = 660; g.gain.value = 0.08;
      o.connect(g); g.connect(ctx.destination); o.start(); o.stop(ctx.currentTime + 0.18);
    } catch (e) { /* no sound */ }
  }
  let wasMine = null;
  function isMine(st) {
    return st.status === "active" && Array.isArray(st.my_seats) && st.my_seats.includes(st.current_player);
  }
  // The status line's "who acts" text: a bot to move is "thinking".
  function turnText(st) {
    if (st.status !== "active") return "";
    const seat = st.current_player === null ? null : (st.seats || [])[st.current_player];
    if (seat && seat.kind === "bot") return seat.name + " is thinking…";
    if (isMine(st)) return "Your turn";
    return st.to_act && st.to_act.length ? "To act: " + st.to_act.join(", ") : "";
  }
  function turn(st) {
    const my = isMine(st);
    document.title = my ? "● Your turn — " + (st.title_name || baseTitle) : baseTitle;
    icon(my ? "#e0115f" : "#8a8275");
    document.documentElement.classList.toggle("your-turn", my);
    if (my && wasMine === false && notifyOn()) {
      beep();
      if (window.Notification && Notification.permission === "granted" && document.hidden)
        new Notification("Your turn — " + st.title_name, {body: "It is your turn in " + st.title_name + "."});
    }
    wasMine = my;
  }
  // the toggle, in the page's status line (seat links only)
  function toggle(where) {
    if (!where || document.getElementById("notify-toggle")) return;
    const box = el("input", {type: "checkbox", id: "notify-toggle"});
    box.checked = notifyOn();
    box.addEventListener("change", async () => {
      try { localStorage.setItem(NOTIFY, box.checked ? "1" : "0"); } catch (e) { /* ignore */ }
      if (box.checked && window.Notification && Notification.permission === "default")
        try { await Notification.requestPermission(); } catch (e) { /* ignore */ }
    });
    where.append(el("label", {class: "notify", title: "a sound and a browser notification when it becomes your turn"}, box, " Notify me"));
  }

  // ---- undo notices in a log (<ol> whose items are numbered by action) -------------------
  // Every notice {after, text} goes right after the item of action `after`; items without a
  // value get one, so the notices do not shift the numbering.
  function placeNotices(ol, notices) {
    if (!ol) return;
    for (const n of ol.querySelectorAll("li.notice")) n.remove();
    const items = [...ol.children];
    items.forEach((li, i) => { if (!li.getAttribute("value")) li.setAttribute("value", (ol.start || 1) + i); });
    const byN = new Map(items.map(li => [+li.getAttribute("value"), li]));
    const first = items.length ? +items[0].getAttribute("value") : 1;
    for (const nt of notices || []) {
      const li = el("li", {class: "notice", text: nt.text,
                           style: "list-style: none; margin: .15rem 0 .15rem -1.2rem; padding: .1rem .4rem; border-left: 3px solid #b3261e; background: #fbeeee; font-style: italic;"});
      const after = byN.get(nt.after);
      if (after) { let at = after; while (at.nextSibling && at.nextSibling.classList && at.nextSibling.classList.contains("notice")) at = at.nextSibling; at.after(li); }
      else if (nt.after === first - 1 && first === 1) {
        let at = null;
        for (const x of ol.children) { if (x.classList.contains("notice")) at = x; else break; }
        if (at) at.after(li); else ol.prepend(li);
      }
    }
  }

  // ---- rematch of a finished game ----------------------------------------------------------
  async function rematch(box, base, token, st) {
    if (!box || st.status !== "finished" || box.querySelector(".rematch")) return;
    const p = el("p", {class: "rematch"});
    box.append(p);
    const r = await api("GET", base + "/rematch");
    const started = r.ok && r.data.rematch;
    if (!token) {
      if (started) p.append("A rematch has started: ", el("a", {href: "/games/" + encodeURIComponent(started)}, "watch it"));
      return;
    }
    const b = el("button", {type: "button", id: "rematch", text: started ? "Join the rematch" : "Rematch (same seats)"});
    b.addEventListener("click", async () => {
      b.disabled = true;
      const q = await api("POST", base + "/rematch", {}, token);
      if (!q.ok) { p.append(el("span", {class: "msg", text: " " + errorText(q.data)})); b.disabled = false; return; }
      const tok = q.data.host_token || (q.data.tokens[0] && q.data.tokens[0].token);
      remember(q.data.id, tok);
      location.href = "/games/" + encodeURIComponent(q.data.id) + (tok ? "#t=" + tok : "");
    });
    p.append(b);
  }
  // ---- a private link's seat kept in the logged-in account (web/auth.py) -----------------
  async function claim(where, base, token, st) {
    if (!where || !token || token === "account" || document.getElementById("claim-seat") ||
        !document.querySelector('meta[name="railyard-account"]')) return;
    if (!st || !Array.isArray(st.my_seats) || !st.my_seats.length) return;
    const b = el("button", {type: "button", id: "claim-seat", title: "play this seat from every device you log in on",
                            text: "Keep this seat in my account"});
    b.addEventListener("click", async () => {
      b.disabled = true;
      const r = await api("POST", base + "/claim", {}, token);
      b.replaceWith(el("span", {class: r.ok ? "ok" : "msg", text: r.ok ? "Kept in your account." : errorText(r.data)}));
    });
    where.append(b);
  }
  return {remember, forget, mine, turn, turnText, toggle, placeNotices, rematch, isMine, claim};
})();
