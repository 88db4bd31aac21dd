// Decision forms that state a joint space (domain/core/constraints.py): each choice lists only
// what fits the choices made before it, so a form filled in top to bottom is a legal move.
// - data-combos on a form: the legal rows of several fields (`Combos`); a field's radio buttons
//   or select options that fit no row with the earlier choices are disabled and hidden, and the
//   chosen row's cost is shown (data-combo-info).
// - data-routes on a row of moves: per seat the sources, per source the targets and how many.
// - data-total-by on counts: the exact total for the value chosen in another field.
// Without JavaScript the same forms list every value of each field, and the server says what
// was wrong in the game's words.
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  // A JSON value as the form posts it (Python's str(): True, False, 3, "x").
  function posted(v) { return v === true ? "True" : v === false ? "False" : String(v); }
  function columns(form, combos) {
    // Each combo field as one or two widgets: a grid cell is its cell select and rotation select.
    var out = [];
    combos.fields.forEach(function (name, i) {
      var cell = form.querySelector('[name="p.' + name + '.cell"]');
      if (cell) {
        out.push({ name: "p." + name + ".cell", key: function (row) { return row[i].x + "," + row[i].y; } });
        // A rotation means nothing before its cell is chosen (its select has no blank option).
        out.push({ name: "p." + name + ".rotation", after: "p." + name + ".cell",
                   key: function (row) { return String(row[i].rotation); } });
      } else {
        out.push({ name: "p." + name, key: function (row) { return posted(row[i]); } });
      }
    });
    return out;
  }
  function chosen(form, name) {
    var el = form.querySelector('[name="' + name + '"]');
    if (!el) return "";
    if (el.tagName === "SELECT" || el.type !== "radio") return el.value.trim();
    var on = form.querySelector('[name="' + name + '"]:checked');
    return on ? on.value : "";
  }
  function allow(form, name, keys) {
    // Show only the options in `keys`; a choice that no longer fits is cleared (or, for a select
    // without a blank option, moved to the first that fits).
    form.querySelectorAll('[name="' + name + '"]').forEach(function (el) {
      if (el.tagName === "SELECT") {
        var first = null;
        Array.prototype.forEach.call(el.options, function (o) {
          if (o.value === "") return;
          var ok = keys.has(o.value);
          o.disabled = !ok; o.hidden = !ok;
          if (ok && first === null) first = o.value;
        });
        var blank = el.querySelector('option[value=""]');
        if (el.value !== "" && !keys.has(el.value)) el.value = blank ? "" : (first || "");
        if (!blank && el.value === "" && first !== null) el.value = first;
      } else {
        var ok = keys.has(el.value);
        el.disabled = !ok;
        var label = el.closest("label");
        if (label) label.style.display = ok ? "" : "none";  // a class's display beats [hidden]
        if (!ok && el.checked) el.checked = false;
      }
    });
  }
  function filterCombos(form) {
    var combos = JSON.parse(form.getAttribute("data-combos"));
    var cols = columns(form, combos);
    var rows = combos.rows;
    cols.forEach(function (col) {
      var keys = new Set(rows.map(col.key));
      allow(form, col.name, keys);
      var value = col.after && chosen(form, col.after) === "" ? "" : chosen(form, col.name);
      if (value !== "") rows = rows.filter(function (row) { return col.key(row) === value; });
    });
    var info = form.querySelector("[data-combo-info]");
    if (info) {
      var at = combos.info.indexOf("cost");
      var complete = cols.every(function (col) { return chosen(form, col.name) !== ""; });
      info.textContent = complete && rows.length && at >= 0
        ? info.getAttribute("data-template").replace("{n}", rows[0][combos.fields.length + at]) : "";
    }
  }
  function markBoard(form) {
    // The board's free cells that the form being filled in offers now stand out; the others fade.
    var select = form.querySelector("select[data-grid-cell]");
    var svg = document.querySelector(".board-box svg");
    if (!select || !svg) return;
    var fits = new Set(Array.prototype.filter.call(select.options, function (o) { return o.value && !o.disabled; })
      .map(function (o) { return o.value; }));
    svg.querySelectorAll(".cell[data-cell]").forEach(function (c) {  // the free cells
      c.classList.toggle("unfit", !fits.has(c.getAttribute("data-cell")));
    });
  }
  function filterRoutes(row) {
    var routes = JSON.parse(row.getAttribute("data-routes"));
    var seat = row.querySelector("select[data-move=seat]");
    var from = row.querySelector("select[data-move=from]");
    var to = row.querySelector("select[data-move=to]");
    var count = row.querySelector("input[data-move=count]");
    var form = row.closest("form");
    var mine = routes[seat.value] || {};
    var sources = new Set();
    if (seat.value === "") Object.keys(routes).forEach(function (s) { Object.keys(routes[s]).forEach(function (r) { sources.add(r); }); });
    else Object.keys(mine).forEach(function (r) { sources.add(r); });
    allow(form, from.name, sources);
    var route = mine[from.value];
    allow(form, to.name, new Set(route ? route.to : []));
    if (count) {
      count.max = route ? route.most : count.getAttribute("data-max");
      if (route && parseInt(count.value || "1", 10) > route.most) count.value = route.most;
    }
  }
  function filterTotals(box) {
    var form = box.closest("form");
    var totals = JSON.parse(box.getAttribute("data-totals"));
    var need = totals[chosen(form, "p." + box.getAttribute("data-total-by"))];
    var out = box.querySelector(".total-needed");
    if (!out) return;
    var n = 0;
    box.querySelectorAll("input[type=number]").forEach(function (i) { n += parseInt(i.value || "0", 10) || 0; });
    out.textContent = need === undefined ? "" : out.getAttribute("data-template").replace("{n}", n).replace("{total}", need);
    out.classList.toggle("off", need !== undefined && n !== need);
  }
  function enhance(scope) {
    // The no-JavaScript select (every option a legal row) gives way to the fields' own widgets.
    scope.querySelectorAll("select[data-combo-rows], select[data-move=route]").forEach(function (el) {
      el.disabled = true; el.required = false;
      var label = el.closest("label");
      if (label) label.hidden = true;
    });
    scope.querySelectorAll(".js-choice").forEach(function (box) {
      box.hidden = false;
      if (box.tagName === "FIELDSET") box.disabled = false;
      box.querySelectorAll("select").forEach(function (el) { el.disabled = false; });
    });
  }
  function init() {
    enhance(document);
    document.querySelectorAll("form[data-combos]").forEach(function (form) {
      // Captured: the form is filtered before any other listener (the grid preview) reads it.
      form.addEventListener("change", function () { filterCombos(form); }, true);
      filterCombos(form);
    });
    var grids = document.querySelectorAll("form.decision");
    grids.forEach(function (form) {
      if (!form.querySelector("select[data-grid-cell]")) return;
      form.addEventListener("change", function () { markBoard(form); });
      form.addEventListener("focusin", function () { markBoard(form); });
    });
    var first = Array.prototype.find.call(grids, function (f) { return f.querySelector("select[data-grid-cell]"); });
    if (first) markBoard(first);
    document.querySelectorAll("[data-routes]").forEach(function (row) {
      row.addEventListener("change", function () { filterRoutes(row); }, true);
      filterRoutes(row);
    });
    document.querySelectorAll("[data-total-by]").forEach(function (box) {
      box.closest("form").addEventListener("change", function () { filterTotals(box); });
      box.closest("form").addEventListener("input", function () { filterTotals(box); });
      filterTotals(box);
    });
  }
  ready(init);
  // The table (table.js) swaps the page's parts when the game moves on: bind them again.
  document.addEventListener("pbem:refreshed", init);
})();
