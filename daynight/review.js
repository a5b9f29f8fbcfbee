// The review page's script: step through the drawings kept in #dn-data (daynight/review.py).
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("dn-data").textContent);
  var last = data.steps.length - 1, shown = [], n = -1;
  var drawing = document.getElementById("dn-drawing"), where = document.getElementById("dn-where");
  var events = document.getElementById("dn-events"), input = document.getElementById("dn-move");
  var pieces = [];
  for (var s = 0, before = []; s <= last; s++) {   // each step: runs [start, length] of the
    var ids = [];                                   // step before's pieces, and new pieces
    data.steps[s].forEach(function (run) {
      if (typeof run === "number") ids.push(run);
      else for (var k = run[0]; k < run[0] + run[1]; k++) ids.push(before[k]);
    });
    pieces.push(ids); before = ids;
  }
  function show(k) {
    k = Math.max(0, Math.min(last, k | 0));
    if (k === n) return;
    var old = document.getElementById("dn-step-" + n);
    if (old) old.classList.remove("dn-current");
    n = k;
    drawing.innerHTML = pieces[k].map(function (i) { return data.pieces[i]; }).join("<");
    var item = document.getElementById("dn-step-" + k);
    item.classList.add("dn-current");
    var list = item.querySelector("ul");
    events.innerHTML = list ? list.innerHTML : "";
    where.textContent = data.labels[k];
    input.value = String(k);
    document.body.dataset.step = String(k);
    try { history.replaceState(null, "", "#move-" + k); } catch (e) { /* some file:// pages */ }
  }
  function prevMark() { var m = 0; data.marks.forEach(function (b) { if (b < n) m = Math.max(m, b); }); return m; }
  function nextMark() { var m = last; for (var i = data.marks.length - 1; i >= 0; i--) if (data.marks[i] > n) m = data.marks[i]; return m; }
  var go = {
    start: function () { show(0); }, end: function () { show(last); },
    back: function () { show(n - 1); }, next: function () { show(n + 1); },
    back_round: function () { show(prevMark()); }, next_round: function () { show(nextMark()); }
  };
  document.querySelectorAll("nav [data-go]").forEach(function (b) {
    b.addEventListener("click", function () { go[b.dataset.go](); });
  });
  document.getElementById("dn-jump").addEventListener("submit", function (e) {
    e.preventDefault(); show(parseInt(input.value, 10) || 0);
  });
  var keys = { ArrowLeft: "back", ArrowRight: "next", Home: "start", End: "end", PageUp: "back_round", PageDown: "next_round" };
  document.addEventListener("keydown", function (e) {
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || e.altKey || e.ctrlKey || e.metaKey) return;
    if (keys[e.key]) { e.preventDefault(); go[keys[e.key]](); }
  });
  window.addEventListener("hashchange", function () {
    var m = /^#move-(\d+)$/.exec(location.hash);
    if (m) { show(parseInt(m[1], 10)); window.scrollTo(0, 0); }
  });
  var m = /^#move-(\d+)$/.exec(location.hash);
  show(m ? parseInt(m[1], 10) : 0);
  document.body.dataset.ready = "1";
})();
