/* rlbook offline search. The index (assets/search-index.js, window.RLBOOK_SEARCH) is loaded
   as a script on first use, so search works from file:// too. A lesson matches when every
   word of the query occurs in it; matches in the title rank above matches in a heading,
   which rank above matches in the text. Results link to the best-matching heading and show
   a snippet of the text. Keyboard: "/" focuses the box, arrows move through the results,
   Enter opens, Escape closes. No dependencies. */
(function () {
  "use strict";
  var MAX_RESULTS = 12;
  var SNIPPET_RADIUS = 70;
  var root = document.documentElement.getAttribute("data-root") || "";
  var box, input, panel, list, status;
  var index = null;
  var loading = false;
  var pending = null;

  function prepare(entries) {
    return (entries || []).map(function (e) {
      return {
        title: e.title || "",
        page: e.page || "",
        text: e.text || "",
        titleLower: (e.title || "").toLowerCase(),
        textLower: (e.text || "").toLowerCase(),
        headings: (e.headings || []).map(function (h) {
          return { id: h.id, text: h.text, lower: (h.text || "").toLowerCase() };
        })
      };
    });
  }

  function withIndex(then) {
    if (index) return then();
    if (window.RLBOOK_SEARCH) {
      index = prepare(window.RLBOOK_SEARCH);
      return then();
    }
    pending = then;
    if (loading) return;
    loading = true;
    status.textContent = "Loading the search index…";
    var script = document.createElement("script");
    script.src = root + "assets/search-index.js";
    script.onload = function () {
      index = prepare(window.RLBOOK_SEARCH);
      var callback = pending;
      pending = null;
      if (callback) callback();
    };
    script.onerror = function () {
      loading = false;
      status.textContent = "The search index could not be loaded.";
    };
    document.head.appendChild(script);
  }

  function countOf(haystack, needle, cap) {
    var count = 0;
    var at = haystack.indexOf(needle);
    while (at >= 0 && count < cap) {
      count += 1;
      at = haystack.indexOf(needle, at + needle.length);
    }
    return count;
  }

  /* Score of one lesson for the query words, or null when a word is missing. */
  function score(entry, words) {
    var total = 0;
    var headingHits = entry.headings.map(function () { return 0; });
    for (var i = 0; i < words.length; i++) {
      var word = words[i];
      var s = 0;
      if (entry.titleLower.indexOf(word) >= 0) s += 100;
      entry.headings.forEach(function (h, k) {
        if (h.lower.indexOf(word) >= 0) {
          headingHits[k] += 1;
          s += 10;
        }
      });
      s += countOf(entry.textLower, word, 9);
      if (s === 0) return null;
      total += s;
    }
    var best = -1;
    headingHits.forEach(function (hits, k) {
      if (hits > 0 && (best < 0 || hits > headingHits[best])) best = k;
    });
    return { entry: entry, score: total, heading: best >= 0 ? entry.headings[best] : null };
  }

  function search(query) {
    var words = query.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
    if (!words.length) return { words: words, results: [] };
    var results = [];
    index.forEach(function (entry) {
      var r = score(entry, words);
      if (r) results.push(r);
    });
    results.sort(function (a, b) { return b.score - a.score; });
    return { words: words, results: results };
  }

  /* Append text to parent with each query word wrapped in <mark>. */
  function appendMarked(parent, text, words) {
    var lower = text.toLowerCase();
    var pos = 0;
    while (pos < text.length) {
      var next = -1;
      var len = 0;
      words.forEach(function (w) {
        var at = lower.indexOf(w, pos);
        if (at >= 0 && (next < 0 || at < next || (at === next && w.length > len))) {
          next = at;
          len = w.length;
        }
      });
      if (next < 0) break;
      parent.appendChild(document.createTextNode(text.slice(pos, next)));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(next, next + len);
      parent.appendChild(mark);
      pos = next + len;
    }
    parent.appendChild(document.createTextNode(text.slice(pos)));
  }

  function snippet(entry, words) {
    var at = -1;
    words.forEach(function (w) {
      var i = entry.textLower.indexOf(w);
      if (i >= 0 && (at < 0 || i < at)) at = i;
    });
    if (at < 0) return entry.text.slice(0, 2 * SNIPPET_RADIUS) + (entry.text.length > 2 * SNIPPET_RADIUS ? "…" : "");
    var start = Math.max(0, at - SNIPPET_RADIUS);
    var end = Math.min(entry.text.length, at + SNIPPET_RADIUS);
    return (start > 0 ? "…" : "") + entry.text.slice(start, end) + (end < entry.text.length ? "…" : "");
  }

  function resultItem(r, words) {
    var item = document.createElement("li");
    var link = document.createElement("a");
    link.href = root + r.entry.page + (r.heading ? "#" + encodeURIComponent(r.heading.id) : "");
    var title = document.createElement("span");
    title.className = "result-title";
    appendMarked(title, r.entry.title, words);
    if (r.heading) {
      var heading = document.createElement("span");
      heading.className = "result-heading";
      heading.appendChild(document.createTextNode(" › "));
      appendMarked(heading, r.heading.text, words);
      title.appendChild(heading);
    }
    var text = document.createElement("span");
    text.className = "result-snippet";
    appendMarked(text, snippet(r.entry, words), words);
    link.appendChild(title);
    link.appendChild(text);
    item.appendChild(link);
    return item;
  }

  function show() {
    var query = input.value.trim();
    list.textContent = "";
    if (!query) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    withIndex(function () {
      if (input.value.trim() !== query) return show();
      var found = search(query);
      var shown = found.results.slice(0, MAX_RESULTS);
      shown.forEach(function (r) { list.appendChild(resultItem(r, found.words)); });
      var n = found.results.length;
      status.textContent = n === 0 ? "No lesson matches “" + query + "”."
        : n === 1 ? "1 lesson matches."
        : n + " lessons match" + (n > shown.length ? "; the first " + shown.length + " are shown." : ".");
    });
  }

  function links() {
    return Array.prototype.slice.call(list.querySelectorAll("a"));
  }

  function move(from, step) {
    var all = links();
    if (!all.length) return;
    var at = all.indexOf(from);
    var next = at + step;
    if (next < 0) input.focus();
    else all[Math.min(next, all.length - 1)].focus();
  }

  function close() {
    panel.hidden = true;
  }

  function onKey(event) {
    var inInput = event.target === input;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      move(inInput ? null : event.target, 1);
    } else if (event.key === "ArrowUp" && !inInput) {
      event.preventDefault();
      move(event.target, -1);
    } else if (event.key === "Enter" && inInput) {
      var first = links()[0];
      if (first) {
        event.preventDefault();
        first.click();
      }
    } else if (event.key === "Escape") {
      if (!inInput) input.focus();
      else if (panel.hidden) input.value = "";
      close();
    }
  }

  function init() {
    box = document.querySelector(".site-search");
    if (!box) return;
    input = box.querySelector(".search-input");
    panel = box.querySelector(".search-results");
    list = box.querySelector(".search-list");
    status = box.querySelector(".search-status");
    if (!input || !panel || !list || !status) return;
    box.hidden = false;
    input.addEventListener("input", show);
    input.addEventListener("focus", function () {
      withIndex(function () {});
      if (input.value.trim()) show();
    });
    box.addEventListener("keydown", onKey);
    box.addEventListener("focusout", function (event) {
      if (!box.contains(event.relatedTarget)) close();
    });
    document.addEventListener("keydown", function (event) {
      var t = event.target;
      var typing = t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.focus();
        input.select();
      }
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
