// Times in the reader's own time zone: every <time datetime="ISO"> of the page (the server
// writes UTC) shows the date and time where the reader is; RY_localTime(iso) is the text.
(function () {
  "use strict";
  function localTime(iso) {
    const d = new Date(iso);
    if (!iso || isNaN(d)) return "—";
    return d.toLocaleString([], {year: "numeric", month: "short", day: "numeric",
                                 hour: "2-digit", minute: "2-digit"});
  }
  window.RY_localTime = localTime;
  function run() {
    for (const t of document.querySelectorAll("time[datetime]")) {
      const text = localTime(t.getAttribute("datetime"));
      if (text !== "—") { t.title = t.getAttribute("datetime").slice(0, 16).replace("T", " ") + " UTC"; t.textContent = text; }
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
