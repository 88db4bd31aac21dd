// Table talk on the game page: send without leaving the page, and a light poll (every 15 s) that
// shows the new messages. Words are put in as text (never as HTML), so nothing in a message can
// become markup or a link. Without JavaScript the form posts and the page reloads.
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  ready(function () {
    var box = document.getElementById("talk");
    if (!box) return;
    var list = document.getElementById("talk-list");
    var empty = document.getElementById("talk-empty");
    var form = document.getElementById("talk-form");
    var error = document.getElementById("talk-error");
    var last = parseInt(box.getAttribute("data-last") || "0", 10);
    var toWord = box.getAttribute("data-to") || "";
    function add(m) {
      if (m.id <= last) return;
      last = m.id;
      var li = document.createElement("li");
      li.className = "talk-line" + (m.private ? " private" : "");
      li.setAttribute("data-id", String(m.id));
      var time = document.createElement("time");
      time.textContent = new Date(m.at).toLocaleString(document.documentElement.lang || [], {dateStyle: "short", timeStyle: "short"});
      var who = document.createElement("b");
      who.className = "talk-who";
      who.textContent = m.from;
      li.appendChild(time); li.appendChild(document.createTextNode(" ")); li.appendChild(who);
      if (m.to) {
        var to = document.createElement("em");
        to.className = "talk-to";
        to.textContent = " " + (toWord ? toWord.replace("{name}", m.to) : "→ " + m.to);
        li.appendChild(to);
      }
      li.appendChild(document.createTextNode((box.getAttribute("data-colon") || ":") + " "));
      var text = document.createElement("span");
      text.className = "talk-text";
      text.textContent = m.text;
      li.appendChild(text);
      list.appendChild(li);
      if (empty) empty.hidden = true;
    }
    function poll() {
      fetch(box.getAttribute("data-poll") + (box.getAttribute("data-poll").indexOf("?") < 0 ? "?" : "&") + "since=" + last,
            {credentials: "same-origin", headers: {"Accept": "application/json"}})
        .then(function (r) { return r.ok ? r.json() : {messages: []}; })
        .then(function (data) { (data.messages || []).forEach(add); })
        .catch(function () {});
    }
    setInterval(function () { if (!document.hidden) poll(); }, 15000);
    if (form) form.addEventListener("submit", function (event) {
      event.preventDefault();
      error.hidden = true;
      fetch(form.action, {method: "POST", body: new FormData(form), credentials: "same-origin",
                          headers: {"Accept": "application/json"}})
        .then(function (r) { return r.json().then(function (data) { return {ok: r.ok, data: data}; }); })
        .then(function (res) {
          if (res.ok) { add(res.data); form.reset(); poll(); }
          else { error.textContent = res.data.error || ""; error.hidden = false; }
        })
        .catch(function () { form.submit(); });
    });
  });
})();
