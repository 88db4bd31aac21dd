// The game table (service/web/table.py): moves made on the board, sent without reloading the page.
// It reads the seat's decisions as typed data (the JSON block #table-data, the very forms of
// GET /api/games/{id}/decisions) and knows no game: a value of a kind `of` is found on the picture
// as an element [data-<of>="<value>"] that the game's own boards draw (data-place, data-cell,
// data-tile, data-edge inside a chosen cell…); only what the decision offers now lights up (a
// Combos narrowed to the rows that fit the choices made, Routes to the sources and their
// targets, TotalBy to the exact total), and what the picture does not draw is offered as buttons
// under it. A light poll of the game's version fetches the page again when the others move and
// swaps its parts marked data-live. The table stands beside the board (under it on a phone); the
// forms, folded under the table while it offers the same moves, stay the keyboard's and screen
// reader's way to play.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var DELAYS = [150, 300, 600, 1000, 2000, 4000, 8000, 15000];
  var version = null, pollAt = 0, pollTimer = null, busy = false;
  var FORMS_KEY = "pbem.forms";
  var WIDE = window.matchMedia ? window.matchMedia("(min-width: 960px)") : null;  // web.css's two columns
  var T = null;  // the table as the page shows it now

  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  function fmt(tpl, params) {
    return String(tpl).replace(/\{(\w+)\}/g, function (m, k) { return k in params ? params[k] : m; });
  }
  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function button(text, cls, onClick) {
    var b = make("button", cls, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  // The key of a value as the page compares it: a grid cell as "x,y", anything else as text.
  function key(v) { return v !== null && typeof v === "object" && "x" in v ? v.x + "," + v.y : String(v); }
  function word(k, params) { return fmt(T.data.words[k] || k, params || {}); }
  function label(of, v) { var l = T.data.labels[of]; return l && l[String(v)] !== undefined ? l[String(v)] : String(v); }
  function cssValue(v) { return String(v).replace(/["\\]/g, "\\$&"); }

  // --- the picture ------------------------------------------------------------------------------
  function found(of, value, scope) {
    if (!T.svg) return [];
    var attr = "data-" + String(of).replace(/[^a-z0-9_-]/gi, "");
    return Array.prototype.slice.call((scope || T.svg).querySelectorAll("[" + attr + '="' + cssValue(value) + '"]'));
  }
  function clearMarks() {
    if (!T.svg) return;
    T.svg.querySelectorAll(".hl, .picked-t").forEach(function (e) {
      e.classList.remove("hl"); e.classList.remove("picked-t");
      if (e.hasAttribute("data-t-tab")) { e.removeAttribute("tabindex"); e.removeAttribute("data-t-tab"); }
    });
    T.svg.querySelectorAll(".grid-preview, .t-badge").forEach(function (e) { e.remove(); });
    T.svg.classList.remove("table-on");
  }
  function light(elements, onPick) {
    elements.forEach(function (e) {
      e.classList.add("hl");
      if (!e.hasAttribute("tabindex")) { e.setAttribute("tabindex", "0"); e.setAttribute("data-t-tab", "1"); }
      e.__pick = onPick;
    });
  }
  function badge(target, text) {
    // A count kept in view on the picture, over the place it belongs to.
    try {
      // Beside the place's name where it has one (a region's corner may lie out at sea).
      var name = target.querySelector("text");
      var box = (name || target).getBBox();
      var x = name ? box.x + box.width + 14 : box.x + box.width - 10, y = name ? box.y + box.height / 2 : box.y + 10;
      var g = document.createElementNS(NS, "g");
      g.setAttribute("class", "t-badge");
      g.setAttribute("pointer-events", "none");
      g.setAttribute("data-badge-of", target.getAttribute("data-place") || "");
      var c = document.createElementNS(NS, "circle");
      c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", "11");
      var t = document.createElementNS(NS, "text");
      t.setAttribute("x", x); t.setAttribute("y", y + 4);
      t.setAttribute("text-anchor", "middle"); t.setAttribute("font-size", "12");
      t.setAttribute("font-family", "sans-serif"); t.setAttribute("font-weight", "bold");
      t.textContent = text;
      g.appendChild(c); g.appendChild(t);
      T.svg.appendChild(g);
    } catch (e) { /* not drawn: the list says the same */ }
  }

  // --- an answer being composed ------------------------------------------------------------------
  function isPiece(field) {
    var c = field.constraint;
    return c.type === "one_of" && c.options.some(function (o) { return found(c.of, o).some(function (e) { return e.hasAttribute("data-size"); }); });
  }
  function steps(answer) {
    // The fields in the answer's order, except that a piece drawn beside the board (a tile, a
    // side of a tile) is chosen before the cell it goes to.
    var fields = answer.fields.slice();
    var grid = fields.findIndex(function (f) { return f.constraint.type === "grid_cell"; });
    if (grid >= 0) {
      var pieces = fields.filter(function (f, i) { return i > grid && isPiece(f); });
      fields = fields.filter(function (f) { return pieces.indexOf(f) < 0; });
      Array.prototype.splice.apply(fields, [grid, 0].concat(pieces));
    }
    return fields;
  }
  function start(decision, answer) {
    T.c = {d: decision, a: answer, fields: steps(answer), values: {}, counts: {}, moves: [],
           picks: {}, chosen: {}, seat: null, source: null};
    answer.fields.forEach(function (f) {
      var c = f.constraint;
      if (c.type === "number") T.c.values[f.name] = f.default !== null && f.default !== undefined ? f.default : c.min;
      if (c.type === "subset" || c.type === "parts") T.c.values[f.name] = [];
      if (c.type === "counts") T.c.counts[f.name] = {};
      if (c.type === "picks") T.c.picks[f.name] = {};
    });
    error("");
    render();
  }
  function combosOf() { return T.c.a.combos; }
  function rowsBefore(name) {
    // The combination rows that fit every value chosen in the steps before this field.
    var combos = combosOf();
    if (!combos) return null;
    var rows = combos.rows;
    for (var i = 0; i < T.c.fields.length; i++) {
      var f = T.c.fields[i];
      if (f.name === name) break;
      var col = combos.fields.indexOf(f.name);
      if (col < 0 || !(f.name in T.c.values)) continue;
      var want = T.c.values[f.name];
      rows = rows.filter(function (r) {
        return typeof want === "object" && want !== null && "x" in want
          ? r[col].x === want.x && r[col].y === want.y && r[col].rotation === want.rotation
          : key(r[col]) === key(want);
      });
    }
    return rows;
  }
  function options(f) {
    // The values a one_of or grid_cell field offers now, as {key: value}, in order.
    var rows = rowsBefore(f.name), out = [], seen = {};
    function add(v) { var k = key(v); if (!(k in seen)) { seen[k] = out.length; out.push(v); } }
    if (rows) {
      var col = combosOf().fields.indexOf(f.name);
      if (col >= 0) { rows.forEach(function (r) { add(r[col]); }); return out; }
    }
    var c = f.constraint;
    if (c.type === "grid_cell") {
      c.cells.forEach(function (xy) { (c.rotations[xy[0] + "," + xy[1]] || []).forEach(function (r) { add({x: xy[0], y: xy[1], rotation: r}); }); });
    } else c.options.forEach(add);
    return out;
  }
  function filled(f) {
    var c = f.constraint, v;
    if (c.type === "one_of" || c.type === "grid_cell") return f.name in T.c.values;
    if (c.type === "number" || c.type === "parts") return true;
    if (c.type === "subset") { v = T.c.values[f.name].length; return v >= c.min && v <= c.max; }
    if (c.type === "counts") return countsOk(f);
    if (c.type === "moves") return movesOk(f);
    if (c.type === "picks") return Object.keys(c.choices).every(function (k) { return k in T.c.picks[f.name]; });
    return false;
  }
  function total(obj) { var n = 0; Object.keys(obj).forEach(function (k) { n += obj[k]; }); return n; }
  function needed(f) {
    var c = f.constraint;
    if (!c.total_by) return null;
    var other = T.c.values[c.total_by.field];
    if (other === undefined) return null;
    var n = c.total_by.totals[key(other)];
    return n === undefined ? null : n;
  }
  function countsOk(f) {
    var c = f.constraint, n = total(T.c.counts[f.name]), need = needed(f);
    if (c.total_by && need === null) return false;
    if (need !== null) return n === need;
    return n >= c.min_total && (c.max_total === null || n <= c.max_total) && (n > 0 || c.min_total === 0);
  }
  function movesOk(f) {
    var c = f.constraint, rows = T.c.moves, n = 0;
    rows.forEach(function (r) { n += r.count; });
    if (!rows.length || n > c.max_total) return false;
    return (c.limits || []).every(function (lim) {
      var m = 0;
      rows.forEach(function (r) { if (lim.seats.indexOf(r.seat) >= 0) m += r.count; });
      return m >= lim.min && m <= lim.max;
    });
  }
  function clearAfter(name) {
    // A choice changed: the later choices of the combination may no longer fit.
    var after = false;
    T.c.fields.forEach(function (f) {
      if (after && combosOf() && combosOf().fields.indexOf(f.name) >= 0) delete T.c.values[f.name];
      if (f.name === name) after = true;
    });
  }
  function choose(f, value) {
    T.c.values[f.name] = value;
    clearAfter(f.name);
    error("");
    render();
  }
  function current() {
    // The first field not yet filled in (its choices light up), else the last one on the board.
    for (var i = 0; i < T.c.fields.length; i++) {
      var f = T.c.fields[i], c = f.constraint;
      if (c.type === "one_of" || c.type === "grid_cell") {
        if (!(f.name in T.c.values)) return f;
      } else if (c.type === "picks" && !filled(f)) return f;
    }
    return null;
  }
  function params() {
    var out = {};
    T.c.a.fields.forEach(function (f) {
      var c = f.constraint;
      if (c.type === "counts") {
        var got = {};
        Object.keys(T.c.counts[f.name]).forEach(function (k) { if (T.c.counts[f.name][k] > 0) got[k] = T.c.counts[f.name][k]; });
        out[f.name] = got;
      } else if (c.type === "moves") {
        out[f.name] = T.c.moves.map(function (r) { return {seat: r.seat, from: r.from, to: r.to, count: r.count}; });
      } else if (c.type === "picks") {
        out[f.name] = T.c.picks[f.name];
      } else if (c.type === "parts") {
        if (T.c.values[f.name].length) out[f.name] = T.c.values[f.name].slice().sort();
      } else if (f.name in T.c.values) {
        out[f.name] = T.c.values[f.name];
      }
    });
    return out;
  }

  // --- what the composer shows ---------------------------------------------------------------------
  function chips(box, list, onPick, pickedKey) {
    var row = make("div", "t-chips");
    list.forEach(function (item) {
      var b = button(item.text, "chip" + (pickedKey !== undefined && key(item.value) === pickedKey ? " on" : ""), function () { onPick(item.value); });
      b.setAttribute("data-value", key(item.value));
      if (pickedKey !== undefined) b.setAttribute("aria-pressed", key(item.value) === pickedKey ? "true" : "false");
      row.appendChild(b);
    });
    box.appendChild(row);
  }
  function prompt(box, f) {
    // The field's own words as they stand: a label is a sentence of its own ("The region to
    // empty"), which a "Choose:" before it would leave with a capital after a French colon.
    if (f.label) box.appendChild(make("p", "t-ask", f.label));
  }
  function oneOfStep(box, f, active) {
    var c = f.constraint, opts = options(f), offBoard = [], scope = scopeFor(f);
    var onBoard = false;
    opts.forEach(function (v) {
      var els = found(c.of, v, scope);
      if (els.length && active) { onBoard = true; light(els, function () { choose(f, v); }); }
      else if (!els.length) offBoard.push({value: v, text: label(c.of, v)});
    });
    if (f.name in T.c.values) found(c.of, T.c.values[f.name], scope).forEach(function (e) { e.classList.add("picked-t"); });
    if (!onBoard && !offBoard.length) return;
    if (active || offBoard.length) prompt(box, f);
    if (active && onBoard) box.appendChild(make("p", "hint", word("table.pick")));
    if (offBoard.length === 1 && opts.length === 1 && !(f.name in T.c.values)) { T.c.values[f.name] = offBoard[0].value; return; }
    if (offBoard.length) chips(box, offBoard, function (v) { choose(f, v); }, f.name in T.c.values ? key(T.c.values[f.name]) : "");
  }
  function scopeFor(f) {
    // A value chosen just before on the picture that holds values of this field (the sides of a
    // chosen cell) is where they are looked for; else the whole picture.
    var c = f.constraint, i = T.c.fields.indexOf(f);
    for (var j = i - 1; j >= 0; j--) {
      var g = T.c.fields[j];
      if (!(g.name in T.c.values) || g.constraint.type !== "one_of") continue;
      var els = found(g.constraint.of, T.c.values[g.name]);
      for (var k = 0; k < els.length; k++) {
        if (els[k].querySelector("[data-" + String(c.of).replace(/[^a-z0-9_-]/gi, "") + "]")) return els[k];
      }
      break;
    }
    return T.svg;
  }
  function gridStep(box, f, active) {
    var opts = options(f), cells = {}, order = [];
    opts.forEach(function (v) { var k = key(v); if (!(k in cells)) { cells[k] = []; order.push(k); } cells[k].push(v); });
    var chosen = T.c.values[f.name];
    order.forEach(function (k) {
      light(found("cell", k), function () {
        var now = T.c.values[f.name];
        if (now && key(now) === k) rotate(f, 1); else choose(f, cells[k][0]);
      });
    });
    if (chosen) {
      found("cell", key(chosen)).forEach(function (e) { e.classList.add("picked-t"); });
      preview(f, chosen);
      var turns = cells[key(chosen)] || [];
      var line = make("p", "t-rot");
      line.appendChild(make("span", null, label("cell", key(chosen)) + " · " + chosen.rotation + "° "));
      if (turns.length > 1) {
        var b = button(word("table.rotate") + " ↻", "secondary", function () { rotate(f, 1); });
        b.id = "table-rotate";
        line.appendChild(b);
        box.appendChild(line);
        box.appendChild(make("p", "hint", word("table.rotate_hint")));
      } else box.appendChild(line);
    } else {
      prompt(box, f);
      box.appendChild(make("p", "hint", word("table.pick")));
    }
    T.c.grid = f;
  }
  function rotate(f, step) {
    var now = T.c.values[f.name];
    if (!now) return;
    var turns = options(f).filter(function (v) { return key(v) === key(now); });
    var at = turns.findIndex(function (v) { return v.rotation === now.rotation; });
    var next = turns[(at + step + turns.length) % turns.length];
    if (next) { T.c.values[f.name] = next; clearAfter(f.name); render(); }
  }
  function preview(f, at) {
    // The chosen piece drawn on the chosen cell, turned: a piece that states the labels of its
    // sides (data-sides, north first) shows them where they land; any other is turned whole.
    var cell = found("cell", key(at)).filter(function (e) { return e.hasAttribute("width"); })[0];
    var piece = null;
    T.c.fields.forEach(function (g) {
      if (g.constraint.type === "one_of" && g.name in T.c.values) {
        found(g.constraint.of, T.c.values[g.name]).forEach(function (e) { if (e.hasAttribute("data-size")) piece = e; });
      }
    });
    if (!cell || !piece) return;
    var size = parseFloat(cell.getAttribute("width")) + 4;
    var from = parseFloat(piece.getAttribute("data-size")) || size;
    var sides = piece.getAttribute("data-sides");
    var g = document.createElementNS(NS, "g");
    g.setAttribute("class", "grid-preview");
    g.setAttribute("pointer-events", "none");
    var turn = at.rotation || 0;
    g.setAttribute("transform", "translate(" + (parseFloat(cell.getAttribute("x")) - 2) + "," +
      (parseFloat(cell.getAttribute("y")) - 2) + ")" + (sides ? "" : " rotate(" + turn + "," + size / 2 + "," + size / 2 + ")") +
      " scale(" + size / from + ")");
    Array.prototype.forEach.call(piece.children, function (child) {
      if (child.tagName === "title" || child.hasAttribute("data-caption")) return;
      var copy = child.cloneNode(true);
      if (sides && child.hasAttribute("data-side")) {
        var labels = sides.split(","), d = parseInt(child.getAttribute("data-side"), 10), k = Math.round(turn / 90);
        copy.textContent = labels[((d - k) % 4 + 4) % 4];
      }
      g.appendChild(copy);
    });
    T.svg.appendChild(g);
  }
  function countsStep(box, f) {
    var c = f.constraint, got = T.c.counts[f.name], need = needed(f);
    var most = need !== null ? need : c.max_total;
    var offBoard = [];
    prompt(box, f);
    function add(k, n) {
      var now = got[k] || 0, sum = total(got);
      if (n > 0 && (now >= c.bounds[k] || (most !== null && sum >= most))) return;
      if (n < 0 && now <= 0) return;
      got[k] = now + n;
      if (!got[k]) delete got[k];
      error(""); render();
    }
    Object.keys(c.bounds).forEach(function (k) {
      if (c.bounds[k] <= 0) return;
      var els = found(c.of, k);
      if (els.length) light(els, function () { add(k, 1); }); else offBoard.push({value: k, text: "+ " + label(c.of, k)});
      if (got[k]) els.forEach(function (e) { badge(e, String(got[k])); });
    });
    // What leaves the pieces' source (the court) is shown on it as the player counts.
    var leaving = total(got);
    if (c.source && leaving) found(c.of, c.source).forEach(function (e) { badge(e, "−" + leaving); });
    box.appendChild(make("p", "hint", word("table.pick")));
    if (offBoard.length) chips(box, offBoard, function (k) { add(k, 1); });
    var list = make("ul", "t-list");
    Object.keys(got).forEach(function (k) {
      var li = make("li", null, word("table.entry", {what: label(c.of, k), n: got[k]}) + " ");
      li.setAttribute("data-key", k);
      li.appendChild(button("−", "secondary small", function () { add(k, -1); })).setAttribute("aria-label", word("table.less") + " — " + label(c.of, k));
      li.appendChild(button("+", "secondary small", function () { add(k, 1); })).setAttribute("aria-label", word("table.more") + " — " + label(c.of, k));
      list.appendChild(li);
    });
    box.appendChild(list);
    var n = total(got);
    var line = need !== null ? word("decide.total_exactly", {n: n, total: need})
      : c.max_total !== null ? word("decide.total", {n: n, max: c.max_total}) : String(n);
    var p = make("p", "total" + (countsOk(f) ? "" : " off"), line);
    p.id = "table-total";
    box.appendChild(p);
  }
  function movesStep(box, f) {
    var c = f.constraint, routes = c.routes || {}, rows = T.c.moves;
    var seats = Object.keys(routes).map(Number);
    var n = 0;
    rows.forEach(function (r) { n += r.count; });
    if (T.c.seat === null || seats.indexOf(T.c.seat) < 0) T.c.seat = seats.indexOf(T.data.seat) >= 0 ? T.data.seat : seats[0];
    if (f.label) box.appendChild(make("p", "t-ask", f.label));
    if (seats.length > 1) {
      box.appendChild(make("p", "t-ask", word("decide.whose")));
      chips(box, seats.map(function (s) { return {value: s, text: label("seat", s)}; }),
            function (s) { T.c.seat = s; T.c.source = null; render(); }, String(T.c.seat));
    }
    var mine = routes[String(T.c.seat)] || {};
    function used(src) {
      var m = 0;
      rows.forEach(function (r) { if (r.seat === T.c.seat && r.from === src) m += r.count; });
      return m;
    }
    function addRow(to) {
      var src = T.c.source;
      var same = rows.filter(function (r) { return r.seat === T.c.seat && r.from === src && r.to === to; })[0];
      if (same) same.count += 1; else rows.push({seat: T.c.seat, from: src, to: to, count: 1});
      if (used(src) >= mine[src].most) T.c.source = null;
      error(""); render();
    }
    var room = n < c.max_total;
    var offBoard = [];
    if (room && T.c.source === null) {
      box.appendChild(make("p", "hint", word("table.source_hint")));
      Object.keys(mine).forEach(function (src) {
        if (used(src) >= mine[src].most) return;
        if (c.one_source && rows.length && rows[0].from !== src) return;
        var els = found(c.of, src);
        if (els.length) light(els, function () { T.c.source = src; render(); });
        else offBoard.push({value: src, text: label(c.of, src)});
      });
      if (offBoard.length) chips(box, offBoard, function (src) { T.c.source = src; render(); });
    } else if (room) {
      found(c.of, T.c.source).forEach(function (e) { e.classList.add("picked-t"); });
      box.appendChild(make("p", "hint", label(c.of, T.c.source) + " → " + word("table.target_hint")));
      mine[T.c.source].to.forEach(function (to) {
        var els = found(c.of, to);
        if (els.length) light(els, function () { addRow(to); }); else offBoard.push({value: to, text: label(c.of, to)});
      });
      if (offBoard.length) chips(box, offBoard, addRow);
      box.appendChild(button(word("table.cancel"), "secondary small", function () { T.c.source = null; render(); }));
    }
    box.appendChild(make("p", "t-ask", word("table.moves")));
    var list = make("ol", "t-list"), net = {};
    list.id = "table-moves";
    if (!rows.length) list.appendChild(make("li", "hint", word("table.moves_none")));
    rows.forEach(function (r, i) {
      var li = make("li", null, word("decide.route", {whose: label("seat", r.seat), from: label(c.of, r.from), to: label(c.of, r.to)}) + " × " + r.count + " ");
      var more = routes[String(r.seat)][r.from];
      li.appendChild(button("−", "secondary small", function () { r.count -= 1; if (!r.count) rows.splice(i, 1); render(); })).setAttribute("aria-label", word("table.less"));
      li.appendChild(button("+", "secondary small", function () {
        var m = 0, all = 0;
        rows.forEach(function (x) { all += x.count; if (x.seat === r.seat && x.from === r.from) m += x.count; });
        if (m < more.most && all < c.max_total) { r.count += 1; render(); }
      })).setAttribute("aria-label", word("table.more"));
      li.appendChild(button(word("table.remove"), "secondary small", function () { rows.splice(i, 1); render(); }));
      list.appendChild(li);
      net[r.from] = (net[r.from] || 0) - r.count;
      net[r.to] = (net[r.to] || 0) + r.count;
    });
    // The counts kept in view on the picture: what each place loses and gains by the moves so
    // far (a source shows −2, a target +2), not only where they go.
    Object.keys(net).forEach(function (p) {
      if (net[p]) found(c.of, p).forEach(function (e) { badge(e, (net[p] > 0 ? "+" : "−") + Math.abs(net[p])); });
    });
    box.appendChild(list);
    box.appendChild(make("p", "total" + (movesOk(f) ? "" : " off"), word("decide.total", {n: n, max: c.max_total})));
  }
  function picksStep(box, f, active) {
    var c = f.constraint, got = T.c.picks[f.name];
    var keys = Object.keys(c.choices);
    var next = keys.filter(function (k) { return !(k in got); })[0];
    var list = make("ul", "t-list");
    keys.forEach(function (k) {
      var li = make("li", null, word("table.entry", {what: label(c.key_of, k), n: k in got ? label(c.of, got[k]) : "…"}));
      if (k in got) li.appendChild(button(word("table.remove"), "secondary small", function () { delete got[k]; render(); }));
      list.appendChild(li);
    });
    if (f.label) box.appendChild(make("p", "t-ask", f.label));
    if (next !== undefined && active) {
      box.appendChild(make("p", "t-ask", word("table.choose", {what: label(c.key_of, next)})));
      var offBoard = [];
      c.choices[next].forEach(function (v) {
        var els = found(c.of, v);
        if (els.length) light(els, function () { got[next] = v; render(); });
        else offBoard.push({value: v, text: label(c.of, v)});
      });
      if (offBoard.length) chips(box, offBoard, function (v) { got[next] = v; render(); });
    }
    box.appendChild(list);
  }
  function numberStep(box, f) {
    var c = f.constraint;
    if (c.of && c.at) {
      // Where the pieces counted come from, drawn on the picture (a player's provinces, court):
      // each click there counts one more, and after the most back to the least; the count stays
      // in view over it.
      var at = found(c.of, c.at);
      light(at, function () {
        var v = T.c.values[f.name];
        T.c.values[f.name] = v < c.max ? v + 1 : c.min;
        render();
      });
      at.forEach(function (e) { badge(e, String(T.c.values[f.name])); });
    }
    var line = make("p", "t-number");
    line.appendChild(make("span", null, (f.label || word("decide.count")) + " "));
    line.appendChild(button("−", "secondary small", function () { if (T.c.values[f.name] > c.min) { T.c.values[f.name] -= 1; render(); } })).setAttribute("aria-label", word("table.less"));
    var out = make("output", null, String(T.c.values[f.name]));
    out.id = "table-number-" + f.name;
    line.appendChild(out);
    line.appendChild(button("+", "secondary small", function () { if (T.c.values[f.name] < c.max) { T.c.values[f.name] += 1; render(); } })).setAttribute("aria-label", word("table.more"));
    box.appendChild(line);
  }
  function toggleStep(box, f) {
    var c = f.constraint, got = T.c.values[f.name];
    var list = c.type === "parts" ? c.parts.map(function (p, i) { return {value: i, text: label(c.of, p)}; })
      : c.options.map(function (o) { return {value: o, text: label(c.of, o)}; });
    if (f.label) box.appendChild(make("p", "t-ask", f.label));
    var row = make("div", "t-chips");
    list.forEach(function (item) {
      var on = got.some(function (x) { return key(x) === key(item.value); });
      var b = button(item.text, "chip" + (on ? " on" : ""), function () {
        var at = got.findIndex(function (x) { return key(x) === key(item.value); });
        if (at >= 0) got.splice(at, 1); else got.push(item.value);
        render();
      });
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.setAttribute("data-value", key(item.value));
      row.appendChild(b);
    });
    box.appendChild(row);
    if (c.type === "subset") {
      var tpl = c.min === c.max ? word("decide.chosen", {n: got.length, max: c.max}) : word("decide.chosen_between", {n: got.length, min: c.min, max: c.max});
      box.appendChild(make("p", "total" + (filled(f) ? "" : " off"), tpl));
    }
  }
  function render() {
    clearMarks();
    var box = T.compose;
    box.textContent = "";
    T.actions.querySelectorAll("[data-answer]").forEach(function (b) {
      var on = T.c && b.getAttribute("data-answer") === T.c.d.i + ":" + T.c.a.index;
      b.classList.toggle("on", !!on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (!T.c) return;
    if (T.svg) T.svg.classList.add("table-on");
    T.c.grid = null;
    var head = make("p", "t-what", T.c.a.prompt || T.c.a.submit || T.c.a.type);
    box.appendChild(head);
    var now = current();
    var ready = true;
    for (var i = 0; i < T.c.fields.length; i++) {
      var f = T.c.fields[i], c = f.constraint;
      var part = make("div", "t-step");
      part.setAttribute("data-field", f.name);
      if (c.type === "one_of") oneOfStep(part, f, f === now);
      else if (c.type === "grid_cell") gridStep(part, f, f === now || (now === null || T.c.fields.indexOf(now) > i));
      else if (c.type === "counts") countsStep(part, f);
      else if (c.type === "moves") movesStep(part, f);
      else if (c.type === "picks") picksStep(part, f, f === now);
      else if (c.type === "number") numberStep(part, f);
      else if (c.type === "subset" || c.type === "parts") toggleStep(part, f);
      if (part.childNodes.length) box.appendChild(part);
      ready = ready && filled(f);
      if (!filled(f) && (c.type === "one_of" || c.type === "grid_cell" || c.type === "picks")) break;
    }
    if (T.c.a.combos && T.c.a.combos.info.indexOf("cost") >= 0 && ready) {
      var rows = rowsBefore("\u0000"), at = T.c.a.combos.info.indexOf("cost");
      if (rows && rows.length) {
        var cost = make("p", "t-cost", word("decide.cost", {n: rows[0][T.c.a.combos.fields.length + at]}));
        cost.id = "table-cost";
        box.appendChild(cost);
      }
    }
    reveal();
    var bar = make("p", "t-send");
    var send = button(T.c.a.submit || word("table.send"), "", function () { post(T.c.d, T.c.a, params()); });
    send.id = "table-send";
    send.disabled = !ready || busy;
    bar.appendChild(send);
    bar.appendChild(button(word("table.cancel"), "secondary", function () { start(T.c.d, T.c.a); }));
    box.appendChild(bar);
  }

  function reveal() {
    // On a phone the picture scrolls sideways: bring what lights up into view when none of it is.
    var box = document.getElementById("board-box");
    var lit = T.svg ? Array.prototype.slice.call(T.svg.querySelectorAll(".hl")) : [];
    if (!box || !lit.length || box.scrollWidth <= box.clientWidth) return;
    var frame = box.getBoundingClientRect();
    var seen = lit.some(function (e) { var r = e.getBoundingClientRect(); return r.right > frame.left && r.left < frame.right; });
    if (seen) return;
    var r = lit[0].getBoundingClientRect();
    box.scrollLeft += (r.left + r.right) / 2 - (frame.left + frame.right) / 2;
  }

  // --- the actions, sending, and keeping up with the game ------------------------------------------
  function error(text) {
    if (!T) return;
    T.error.textContent = text;
    T.error.hidden = !text;
  }
  function status(text) { if (T) T.status.textContent = text; }
  function csrf() {
    var input = document.querySelector('input[name="csrf_token"]');
    return input ? input.value : "";
  }
  function same(answer) {
    // The answer as the table offers it now, if it is still offered exactly as it was.
    var was = JSON.stringify(answer), now = null;
    T.data.decisions.forEach(function (d) {
      d.answers.forEach(function (a) { if (JSON.stringify(a) === was) now = [d, a]; });
    });
    return now;
  }
  function post(decision, answer, values, again) {
    if (busy) return;
    busy = true;
    T.root.setAttribute("aria-busy", "true");
    error("");
    status(word("table.sending"));
    if (T.compose.querySelector("#table-send")) T.compose.querySelector("#table-send").disabled = true;
    fetch(T.data.move, {method: "POST", credentials: "same-origin",
                        headers: {"Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf()},
                        body: JSON.stringify({type: answer.type, answer: answer.index, params: values,
                                              version: T.data.version, secret: decision.secret})})
      .then(function (r) { return r.json().then(function (body) { return {ok: r.ok, status: r.status, body: body}; }); })
      .then(function (res) {
        busy = false;
        T.root.removeAttribute("aria-busy");
        if (res.ok) {
          version = res.body.version;
          refresh(word("table.done"));
        } else if (res.status === 412 && !again) {
          // Someone else moved meanwhile (a choice made at the same time): when the table offers
          // this very answer still, word for word, the move means what it meant: sent again.
          refresh("", function () {
            var now = same(answer);
            if (now) post(now[0], now[1], values, true); else error(res.body.error || "");
          });
        } else {
          status("");
          error(res.body.error || "");
          if (T.c) render();
        }
      })
      .catch(function () {
        busy = false; T.root.removeAttribute("aria-busy");
        status(""); error(word("table.offline")); if (T.c) render();
      });
  }
  function actions() {
    var box = T.actions, first = null;
    box.textContent = "";
    T.data.decisions.forEach(function (d, di) {
      d.i = di;
      if (d.title) box.appendChild(make("p", "t-title", d.title));
      // What the form beside says first, said here too: why an action cannot be used (a
      // Hurricane disc on an empty region), what is done already.
      (d.notes || []).forEach(function (n) { box.appendChild(make("p", "hint t-note", n)); });
      var row = make("div", "t-chips");
      d.answers.forEach(function (a) {
        var f = a.fields.length === 1 ? a.fields[0] : null;
        if (!a.fields.length) {
          var b0 = button(a.submit || a.prompt || a.type, "secondary", function () { post(d, a, {}); });
          b0.setAttribute("data-post", a.type);
          row.appendChild(b0);
        } else if (f && f.constraint.type === "one_of" && !a.combos &&
                   !f.constraint.options.some(function (o) { return found(f.constraint.of, o).length; })) {
          // A choice the picture does not draw (a power card, an action card): one button each.
          var group = make("div", "t-group");
          if (a.prompt) group.appendChild(make("span", "t-label", a.prompt));
          f.constraint.options.forEach(function (o) {
            var b1 = button(label(f.constraint.of, o), "chip", function () { var p = {}; p[f.name] = o; post(d, a, p); });
            b1.setAttribute("data-post", a.type);
            b1.setAttribute("data-value", key(o));
            group.appendChild(b1);
          });
          box.appendChild(group);
        } else {
          var b2 = button(a.prompt || a.submit || a.type, "chip", function () { start(d, a); });
          b2.setAttribute("data-answer", di + ":" + a.index);
          b2.setAttribute("data-type", a.type);
          row.appendChild(b2);
          if (!first) first = [d, a];
        }
      });
      if (row.childNodes.length) box.appendChild(row);
    });
    return first;
  }
  function init() {
    var root = document.getElementById("table");
    var data = document.getElementById("table-data");
    if (!root || !data) { T = null; return; }
    T = {root: root, data: JSON.parse(data.textContent), svg: document.querySelector("#board-box svg"),
         actions: document.getElementById("table-actions"), compose: document.getElementById("table-compose"),
         error: document.getElementById("table-error"), status: document.getElementById("table-status"), c: null};
    if (version === null || T.data.version > version) version = T.data.version;
    T.home = document.createComment("table");  // its place beside the board, on a wide screen
    root.parentNode.insertBefore(T.home, root);
    place();
    root.hidden = false;
    if (busy) root.setAttribute("aria-busy", "true");
    var first = actions();
    if (first) start(first[0], first[1]);
    else render();
    // The forms under the table offer the same moves: folded while the table offers them,
    // unless the player opened them — a choice kept in the browser for every page and game.
    var forms = document.getElementById("decide-forms");
    if (forms) {
      if (T.actions.querySelector("button") && !formsChosen()) forms.open = false;
      forms.addEventListener("toggle", function () {
        try { localStorage.setItem(FORMS_KEY, forms.open ? "open" : "folded"); } catch (e) { /* private mode */ }
      });
    }
  }
  function place() {
    // Beside the board where the page has two columns (the template's place); under the picture
    // where it has one (a phone), rather than after every table the board section holds.
    var box = document.getElementById("board-box");
    if (!T || !box || !T.home.parentNode) return;
    if (WIDE && !WIDE.matches) { if (box.nextSibling !== T.root) box.parentNode.insertBefore(T.root, box.nextSibling); }
    else if (T.home.nextSibling !== T.root) T.home.parentNode.insertBefore(T.root, T.home.nextSibling);
  }
  function formsChosen() {
    try { return localStorage.getItem(FORMS_KEY) === "open"; } catch (e) { return false; }
  }
  function refresh(said, then) {
    // The page again, its live parts swapped in place (the talk and what is typed there stay).
    fetch(location.pathname + location.search, {credentials: "same-origin", headers: {"Accept": "text/html"}})
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-live]").forEach(function (old) {
          var fresh = doc.querySelector('[data-live="' + old.getAttribute("data-live") + '"]');
          if (fresh) old.replaceWith(document.importNode(fresh, true));
        });
        document.querySelectorAll("main > .flash").forEach(function (e) { e.remove(); });
        document.dispatchEvent(new CustomEvent("pbem:refreshed"));
        init();
        if (said) status(said);
        schedule(0);
        if (then) then();
      })
      .catch(function () { schedule(pollAt + 1); });
  }
  function schedule(step) {
    // Quickly just after a move (a bot answers at once), then less and less often.
    clearTimeout(pollTimer);
    pollAt = Math.min(step, DELAYS.length - 1);
    var mine = T && T.data.decisions.length;
    pollTimer = setTimeout(poll, mine ? DELAYS[DELAYS.length - 1] : DELAYS[pollAt]);
  }
  function poll() {
    if (!T || document.hidden) { schedule(pollAt + 1); return; }
    var url = T.data.poll + (T.root.hasAttribute("data-watch") ? "?watch=1" : "");
    fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (body) {
        if (body && body.version !== version) { version = body.version; refresh(T && T.c ? "" : word("table.updated")); }
        else schedule(pollAt + 1);
      })
      .catch(function () { schedule(pollAt + 1); });
  }
  function passes(hit) {
    // A place of the forms' map goes on to the form beside only while the table composes that
    // very answer: a source clicked for a move must not count as a Caballero placed there.
    return hit.matches(".place.target") && !!(T.c && T.c.a.map);
  }
  ready(function () {
    init();
    if (!T) return;
    if (WIDE && WIDE.addEventListener) WIDE.addEventListener("change", place);
    // Clicks on what lights up are the table's, captured before the forms' own map clicks: a
    // place of the forms' map field goes on to them too (the form beside says the same), a free
    // cell does not (the grid form would draw its own preview over the table's).
    document.addEventListener("click", function (e) {
      if (!T || !T.svg || !T.svg.contains(e.target)) return;
      var hit = e.target.closest(".hl");
      if (!hit || !hit.__pick) return;
      if (!passes(hit)) { e.stopPropagation(); e.preventDefault(); }
      hit.__pick();
    }, true);
    document.addEventListener("keydown", function (e) {
      if (!T || !T.c) return;
      var tag = (e.target.tagName || "").toLowerCase();
      if (tag === "input" || tag === "textarea" || tag === "select") return;
      if ((e.key === "Enter" || e.key === " ") && e.target.classList && e.target.classList.contains("hl") && e.target.__pick) {
        e.preventDefault();
        if (!passes(e.target)) e.stopPropagation();  // as a click does
        e.target.__pick(); return;
      }
      if (!T.c.grid || !T.c.values[T.c.grid.name]) return;
      if (e.key === "r" || e.key === "R" || e.key === "ArrowRight" || e.key === "ArrowDown") { e.preventDefault(); rotate(T.c.grid, 1); }
      else if (e.key === "ArrowLeft" || e.key === "ArrowUp") { e.preventDefault(); rotate(T.c.grid, -1); }
    }, true);
    schedule(0);
  });
})();
