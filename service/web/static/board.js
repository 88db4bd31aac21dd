// Click the map to fill the decision form: a highlighted place adds one to its number in a form of
// counts per place (data-map-form="count"), or picks that place in a choice (data-map-form="pick").
// Without JavaScript the same forms work with their number inputs and radio buttons.
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  ready(function () {
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
  });
})();
