/* rlbook exercises (docs/exercises.md): hints one at a time, answer boxes checked against
   the live data, a starter block's Check results ("rlbook:checked", from runtime.js),
   progress in localStorage ("rlbook:progress" tells progress.js), solutions shown late. */
import "./progress.js";

var article = document.querySelector("article[data-exercises]");
var KEY = article && "rlbook-exercises:" + article.dataset.exercises;
var state = {}, every = [], all = [], count = make("span"), data;

function make(tag, cls, text) {
  var e = document.createElement(tag);
  e.className = cls || "";
  e.textContent = text || "";
  return e;
}
function button(text, click) {
  var b = make("button", "exercise-button", text);
  b.type = "button";
  b.onclick = click;
  return b;
}
function find(list, test) { return list.filter(test)[0]; }
function rec(x) { return state[x.n] || (state[x.n] = { passed: false, tries: 0, hints: 0, parts: {} }); }
function save() {
  try { localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { /* kept for this visit */ }
  document.dispatchEvent(new CustomEvent("rlbook:progress"));
}

/* A checked part ("check", "a1", …) is a try; once passed it stays passed, and the
   exercise is passed when all its parts are. */
function outcome(x, part, ok) {
  var r = rec(x);
  r.tries++;
  r.parts[part] = r.parts[part] || ok;
  r.passed = x.parts.every(function (p) { return r.parts[p]; });
  show(x, 1);
  save();
}
function show(x, now) {
  var r = state[x.n] || { tries: 0, hints: 0 }, h = x.hints, s = x.solution, m = x.more;
  x.el.classList.toggle("exercise-passed", !!r.passed);
  x.mark.hidden = !r.passed;
  h.forEach(function (d, i) { d.hidden = i >= r.hints; });
  if (m) {
    m.hidden = r.hints >= h.length;
    m.textContent = "Show hint " + (r.hints + 1) + " of " + h.length;
    if (!m.hidden) h[r.hints].before(m);
  }
  if (s) {
    var on = r.tries >= s.dataset.revealAfter;
    if (now && on && s.hidden) x.note.textContent = "The solution is now available below.";
    s.hidden = !on;
  }
  count.textContent = all.filter(function (y) { return (state[y.n] || {}).passed; }).length +
    " of " + all.length + " exercises done";
}

/* A starter block's live bar (loader.js, which runs first): its Run checks (runtime.js). */
function relabel(section, n) {
  var bar = section.querySelector(".live-bar"), run = bar && bar.querySelector(".live-run");
  if (!run) return;
  bar.setAttribute("aria-label", "Live code of exercise " + n);
  run.textContent = "Check";
  run.setAttribute("aria-label", "Check exercise " + n);
  bar.querySelector(".live-edit").setAttribute("aria-label", "Edit exercise " + n);
}

/* An answer box: a labelled input, Check (or Enter), what it found. */
function answerBox(x, box) {
  var k = +box.dataset.answer, label = make("label", "", "Answer ");
  var input = make("input"), said = make("span");
  input.setAttribute("inputmode", "decimal");
  input.autocomplete = "off";
  label.append(input);
  said.setAttribute("role", "status");
  function say(text, cls) {
    said.textContent = text;
    said.className = "exercise-said " + (cls || "");
  }
  function check() {
    var text = input.value.trim(), bad = !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text);
    input.setAttribute("aria-invalid", bad);
    if (bad) return say("Enter a number, such as 0.25 or 1e-3", "fail");
    data = window.rlabLiveData ? Promise.resolve() : data || new Promise(function (ok, fail) {
      var s = make("script");
      s.src = article.dataset.live;
      s.onload = ok;
      s.onerror = function () { data = null; fail(); };
      document.head.append(s);
    });
    data.then(function () {
      var a = find(find(window.rlabLiveData.exercises, function (e) { return e.n === x.n; }).answers,
        function (a, i) { return (a.k || i + 1) === k; });
      var v = +text, want = +a.value, ok = Math.abs(v - want) <= a.atol + a.rtol * Math.abs(want);
      say(ok ? "✓ Correct" : "✗ Not quite: that is off by more than the tolerance", ok ? "ok" : "fail");
      outcome(x, "a" + k, ok);
    }).catch(function () { say("The expected answers could not be loaded."); });
  }
  input.onkeydown = function (e) { if (e.key === "Enter") check(); };
  var b = button("Check", check);
  b.setAttribute("aria-label", "Check answer " + k + ", exercise " + x.n);
  box.textContent = "";
  box.append(label, b, said);
  x.parts.push("a" + k);
  x.clear.push(function () {
    input.value = "";
    input.removeAttribute("aria-invalid");
    say("");
  });
}

document.addEventListener("rlbook:checked", function (e) {
  var d = e.detail, x = find(all, function (y) { return y.n === +d.exercise; }), res = x && x.result;
  if (!x) return;
  res.textContent = "";
  (d.stopped || d.fault ? [{ text: "The check did not finish." }]
    : d.error ? [{ text: "Your code stopped with an error (shown above)." }] : d.checks)
    .forEach(function (c) { res.append(make("p", c.ok ? "ok" : "fail", c.text)); });
  if (!d.stopped && !d.fault) {
    outcome(x, "check", !d.error && d.checks.length > 0 && d.checks.every(function (c) { return c.ok; }));
  }
});

function reset() {
  state = {};
  try { localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ }
  every.forEach(function (x) {
    x.hints.concat(x.solution || []).forEach(function (d) { d.open = false; });
    x.result.textContent = x.note.textContent = "";
    x.clear.forEach(function (f) { f(); });
    show(x);
  });
  document.dispatchEvent(new CustomEvent("rlbook:progress"));
}

/* Each exercise of the page gets its parts, the page its progress line. */
function init() {
  try { state = JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { /* no storage */ }
  article.querySelectorAll(".exercise[data-exercise]").forEach(function (el) { every.push(exercise(el)); });
  every.forEach(function (x) { if (x.parts.length) all.push(x); });
  if (all.length) {
    var line = make("p", "exercise-progress");
    count.setAttribute("role", "status");
    line.append(count, button("Reset progress", reset));
    all[0].el.before(line);
  }
  every.forEach(function (x) { show(x); });
}

/* One exercise: its Check result, answer boxes, hints, solution note and mark. */
function exercise(el) {
  var x = { n: +el.dataset.exercise, el: el, parts: [], clear: [],
    hints: [].slice.call(el.querySelectorAll("details.exercise-hint")),
    solution: el.querySelector("details.solution[data-reveal-after]"),
    note: make("p", "exercise-note"), mark: make("span", "exercise-mark"), result: make("div", "exercise-result") };
  var section = el.querySelector("section[data-check]"), r = state[x.n] || {};
  x.mark.innerHTML = '<span aria-hidden="true">✓ </span>Done';
  (el.querySelector(".exercise-title") || el).append(x.mark);
  if (section) {
    relabel(section, x.n);
    x.parts.push("check");
    x.result.setAttribute("role", "status");
    section.after(x.result);
  }
  el.querySelectorAll(".exercise-answer").forEach(function (box) { answerBox(x, box); });
  if (x.hints.length) {
    x.more = button("", function () {
      var d = x.hints[rec(x).hints++];
      show(x);
      d.open = true;
      d.querySelector("summary").focus();
      save();
    });
  }
  x.hints.forEach(function (d, i) { d.open = i < r.hints; });
  if (x.solution) {
    x.note.setAttribute("role", "status");
    x.solution.before(x.note);
  }
  return x;
}

if (article) init();
