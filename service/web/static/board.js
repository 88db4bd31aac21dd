// Click the map to fill the decision form: a highlighted place adds one to its number in a form of
// counts per place (data-map-form="count"), or picks that place in a choice (data-map-form="pick").
// Without JavaScript the same forms work with their number inputs and radio buttons.
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  function init() {
    // On a phone the map is shown large enough to read and to tap (it scrolls sideways); this
    // button fits it to the screen and back.
    var zoom = document.getElementById("map-zoom");
    var box = document.getElementById("board-box");
    if (box && box.scrollWidth > box.clientWidth) {
      // Zoomed on a small screen: show the places a click may choose (else the King's region).
      var aims = box.querySelectorAll(".place.target");
      if (!aims.length) aims = box.querySelectorAll(".place");
      var left = Infinity, right = -Infinity, origin = box.getBoundingClientRect().left;
      aims.forEach(function (p) {
        var r = p.getBoundingClientRect();
        left = Math.min(left, r.left - origin); right = Math.max(right, r.right - origin);
      });
      if (isFinite(left)) box.scrollLeft = Math.max(0, (left + right) / 2 - box.clientWidth / 2);
    }
    if (zoom && box) zoom.addEventListener("click", function () {
      var fit = box.classList.toggle("fit");
      zoom.textContent = zoom.getAttribute(fit ? "data-zoom" : "data-fit");
    });
    var countForm = document.querySelector('[data-map-form="count"]');
    var pickForm = document.querySelector('[data-map-form="pick"]');
    var places = document.querySelectorAll(".board .place.target");
    function total() {
      if (!countForm) return 0;
      var n = 0;
      countForm.querySelectorAll("input[data-place-input]").forEach(function (i) { n += parseInt(i.value || "0", 10) || 0; });
      var out = countForm.closest("form").querySelector(".total");
      if (out) out.textContent = out.getAttribute("data-total-template").replace("{n}", n);
      return n;
    }
    function choose(place) {
      var id = place.getAttribute("data-place");
      if (countForm) {
        var input = countForm.querySelector('input[data-place-input="' + id + '"]');
        var max = parseInt(countForm.getAttribute("data-max"), 10);  // empty: no total limit
        if (input && (isNaN(max) || total() < max)) { input.value = (parseInt(input.value || "0", 10) || 0) + 1; total(); }
      } else if (pickForm) {
        var radio = pickForm.querySelector('input[data-place-pick="' + id + '"]');
        if (radio) {
          radio.checked = true;
          places.forEach(function (p) { p.classList.toggle("picked", p === place); });
        }
      }
    }
    places.forEach(function (place) {
      place.addEventListener("click", function () { choose(place); });
      place.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(place); }
      });
    });
    if (countForm) {
      countForm.addEventListener("input", total);
      var clear = countForm.closest("form").querySelector("[data-clear]");
      if (clear) clear.addEventListener("click", function () {
        countForm.querySelectorAll("input[data-place-input]").forEach(function (i) { i.value = 0; });
        total();
      });
    }
    if (pickForm) {
      pickForm.addEventListener("change", function (e) {
        var id = e.target.getAttribute("data-place-pick");
        places.forEach(function (p) { p.classList.toggle("picked", p.getAttribute("data-place") === id); });
      });
    }
    // A choice of several values (tick exactly k of n): how many are ticked, marked when not yet
    // within the bounds; the server still refuses a wrong number in the game's words.
    document.querySelectorAll("[data-subset]").forEach(function (box) {
      var out = box.querySelector(".total");
      var low = parseInt(box.getAttribute("data-min"), 10), high = parseInt(box.getAttribute("data-max"), 10);
      function count() {
        var n = box.querySelectorAll("input[type=checkbox]:checked").length;
        out.textContent = out.getAttribute("data-total-template").replace("{n}", n);
        out.classList.toggle("off", n < low || n > high);
      }
      box.addEventListener("change", count);
      count();
    });
  }
  ready(init);
  // The table (table.js) swaps the page's parts when the game moves on: bind them again.
  document.addEventListener("pbem:refreshed", init);
})();

// Grid forms (a `grid_cell` field): a click on a free cell of the picture ([data-cell="x,y"])
// chooses that cell in the form last used (or the first), and the piece chosen in that form
// (a picture element [data-piece] whose value is checked or selected there) is drawn on the cell
// turned by the chosen rotation, as a preview. Without JavaScript the selects do the same.
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  function init() {
    var selects = document.querySelectorAll("select[data-grid-cell]");
    var svg = document.querySelector(".board-box svg");
    if (!selects.length || !svg) return;
    var active = selects[0].closest("form");
    var NS = "http://www.w3.org/2000/svg";
    function pieceOf(form) {
      var chosen = form.querySelector("input[type=radio]:checked");
      var value = chosen ? chosen.value : null;
      return value ? svg.querySelector('[data-piece="' + value + '"]') : null;
    }
    function preview() {
      svg.querySelectorAll(".grid-preview").forEach(function (g) { g.remove(); });
      svg.querySelectorAll("[data-cell].picked").forEach(function (c) { c.classList.remove("picked"); });
      var select = active.querySelector("select[data-grid-cell]");
      if (!select || !select.value) return;
      var cell = svg.querySelector('.cell[data-cell="' + select.value + '"]');
      if (!cell) return;
      cell.classList.add("picked");
      var piece = pieceOf(active);
      if (!piece) return;
      var size = parseFloat(cell.getAttribute("width")) + 4;
      var from = parseFloat(piece.getAttribute("data-size") || size);
      var rotation = active.querySelector("select[data-grid-rotation]");
      var turn = rotation ? parseInt(rotation.value || "0", 10) : 0;
      var g = document.createElementNS(NS, "g");
      g.setAttribute("class", "grid-preview");
      g.setAttribute("opacity", "0.85");
      g.setAttribute("pointer-events", "none");
      g.setAttribute("transform", "translate(" + (parseFloat(cell.getAttribute("x")) - 2) + "," +
        (parseFloat(cell.getAttribute("y")) - 2) + ") rotate(" + turn + "," + size / 2 + "," + size / 2 +
        ") scale(" + size / from + ")");
      Array.prototype.forEach.call(piece.children, function (child) {
        if (child.tagName !== "title" && child.tagName !== "text") g.appendChild(child.cloneNode(true));
      });
      svg.appendChild(g);
    }
    selects.forEach(function (select) {
      var form = select.closest("form");
      form.addEventListener("change", function () { active = form; preview(); });
      form.addEventListener("focusin", function () { active = form; });
    });
    svg.querySelectorAll(".cell[data-cell]").forEach(function (cell) {  // the free cells
      cell.style.cursor = "pointer";
      cell.addEventListener("click", function () {
        var select = active.querySelector("select[data-grid-cell]");
        var value = cell.getAttribute("data-cell");
        // Only a cell the form offers now (forms.js disables those that do not fit the piece).
        var offered = 'option[value="' + value + '"]:not([disabled])';
        if (!select.querySelector(offered)) {
          var other = Array.prototype.find.call(selects, function (s) { return s.querySelector(offered); });
          if (!other) return;
          select = other;
          active = other.closest("form");
        }
        select.value = value;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }
  ready(init);
  // The table (table.js) swaps the page's parts when the game moves on: bind them again.
  document.addEventListener("pbem:refreshed", init);
})();

// A form that asks before it is sent (resigning a game): the browser's own dialog, on top of the
// form's required checkbox (which is the confirmation without scripts).
function confirmForms() {
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.getAttribute("data-confirm"))) event.preventDefault();
    });
  });
}
confirmForms();
document.addEventListener("pbem:refreshed", confirmForms);
