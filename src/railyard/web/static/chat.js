// The game's chat (templates/chat.html; API: GET/POST /api/games/{id}/chat).  Seated
// players write, everyone reads; new messages arrive live through the game's event stream
// ("chat" events).  Messages are put on the page as text only (textContent), never as HTML.
"use strict";
(function () {
  const box = document.getElementById("chat-box");
  if (!box) return;
  const gid = box.dataset.chat;
  const base = "/api/games/" + encodeURIComponent(gid);
  const list = document.getElementById("chat-list");
  const empty = document.getElementById("chat-empty");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-text");
  const note = document.getElementById("chat-msg");
  // the seat's token: the private link's (#t=...), else the one this browser kept
  function seatToken() {
    const t = new URLSearchParams(location.hash.slice(1)).get("t");
    if (t) return t;
    try {
      const kept = JSON.parse(localStorage.getItem("railyard.seats") || "{}");
      return kept && kept[gid] && kept[gid].token || null;
    } catch (e) { return null; }
  }
  const token = seatToken();
  let last = 0, loading = null, again = false, mySeats = [];

  function say(text, isError) {
    note.textContent = text || "";
    note.classList.toggle("error", !!isError);
  }
  function clock(iso) {
    const d = new Date(iso);
    if (isNaN(d)) return "";
    const today = new Date().toDateString() === d.toDateString();
    return today ? d.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"})
                 : d.toLocaleString([], {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
  }
  function show(m) {
    if (m.id <= last) return;
    last = m.id;
    const li = document.createElement("li");
    li.dataset.id = m.id;
    if (mySeats.includes(m.seat)) li.classList.add("mine");
    const who = document.createElement("span");
    who.className = "chat-who";
    who.textContent = m.name;
    const when = document.createElement("time");
    when.className = "chat-when";
    when.dateTime = m.at;
    when.textContent = clock(m.at);
    const text = document.createElement("div");
    text.className = "chat-text";
    text.textContent = m.text;
    li.append(who, when, text);
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    list.append(li);
    if (atBottom) list.scrollTop = list.scrollHeight;
    empty.hidden = true;
  }
  async function load() {
    if (loading) { again = true; return loading; }
    loading = (async () => {
      try {
        const r = await api("GET", base + "/chat" + (last ? "?since=" + last : ""), undefined, token);
        if (!r.ok) return;
        const data = r.data;
        mySeats = data.my_seats || [];
        if (data.can_write && form.hidden) {
          form.hidden = false;
          input.maxLength = data.max_length || 500;
        } else if (!data.can_write && !note.textContent) {
          say("Spectators read the chat; the players write in it.");
        }
        for (const m of data.messages) show(m);
      } catch (e) { /* offline: the next event or reconnect loads again */ }
    })();
    await loading;
    loading = null;
    if (again) { again = false; await load(); }
  }
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const button = document.getElementById("chat-send");
    button.disabled = true;
    try {
      const r = await api("POST", base + "/chat", {text}, token);   // common.js: JSON POST
      const data = r.data;
      if (r.ok) {
        input.value = "";
        say("");
        if (!mySeats.includes(data.seat)) mySeats.push(data.seat);
        await load();
      } else {
        say(errorText(data), true);
      }
    } catch (e) {
      say("The message was not sent (no connection).", true);
    } finally {
      button.disabled = false;
      input.focus();
    }
  });
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) {
      ev.preventDefault();
      form.requestSubmit();
    }
  });
  // New messages: the "chat" events of the page's live stream (game.js shares its one
  // EventSource as window.railyardStream / the "railyard:stream" event, so a page holds one
  // connection); a page without one gets its own after a few seconds.
  function attach(src) {
    src.addEventListener("open", () => load());       // (re)connected: fetch what was missed
    src.addEventListener("chat", (ev) => {
      try { if (JSON.parse(ev.data).last > last) load(); } catch (e) { load(); }
    });
  }
  if (window.railyardStream) attach(window.railyardStream);
  else {
    let own = null;
    const timer = setTimeout(() => {
      if (window.EventSource) { own = new EventSource(base + "/events"); attach(own); }
    }, 4000);
    document.addEventListener("railyard:stream", (ev) => {
      clearTimeout(timer);
      if (!own) attach(ev.detail);
    }, {once: true});
  }
  load();
})();
