/* rlbook page behaviour: the light/dark toggle (its choice kept in localStorage, the system
   preference followed until then), the sidebar toggle on narrow screens, the "On this page"
   list open beside the article and collapsed above it, opening every <details> while
   printing, Escape hiding a cross-reference's preview. No dependencies. */
(function () {
  "use strict";
  var KEY = "rlbook-theme";
  var root = document.documentElement;

  function stored() {
    try {
      var value = localStorage.getItem(KEY);
      return value === "light" || value === "dark" ? value : null;
    } catch (e) {
      return null;
    }
  }

  function systemTheme() {
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches
      ? "dark"
      : "light";
  }

  function currentTheme() {
    return root.getAttribute("data-theme") === "dark" ? "dark" : "light";
  }

  function applyTheme(theme) {
    root.setAttribute("data-theme", theme);
    var toggle = document.querySelector(".theme-toggle");
    if (toggle) {
      toggle.setAttribute("aria-pressed", theme === "dark" ? "true" : "false");
      toggle.title = theme === "dark" ? "Switch to the light theme" : "Switch to the dark theme";
    }
  }

  function setupTheme() {
    var toggle = document.querySelector(".theme-toggle");
    applyTheme(stored() || systemTheme());
    if (toggle) {
      toggle.hidden = false;
      toggle.addEventListener("click", function () {
        var next = currentTheme() === "dark" ? "light" : "dark";
        try {
          localStorage.setItem(KEY, next);
        } catch (e) {
          /* private mode: the choice lasts for this page only */
        }
        applyTheme(next);
      });
    }
    if (window.matchMedia) {
      var query = window.matchMedia("(prefers-color-scheme: dark)");
      var follow = function () {
        if (!stored()) applyTheme(systemTheme());
      };
      if (query.addEventListener) query.addEventListener("change", follow);
      else if (query.addListener) query.addListener(follow);
    }
    window.addEventListener("storage", function (event) {
      if (event.key === KEY) applyTheme(stored() || systemTheme());
    });
  }

  function setupSidebar() {
    var button = document.querySelector(".sidebar-toggle");
    var sidebar = document.getElementById("sidebar");
    if (!button || !sidebar) return;
    button.hidden = false;
    function setOpen(open) {
      document.body.classList.toggle("sidebar-open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    button.addEventListener("click", function () {
      var open = !document.body.classList.contains("sidebar-open");
      setOpen(open);
      if (open) {
        var link = sidebar.querySelector("[aria-current]") || sidebar.querySelector("a");
        if (link) link.focus();
      }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && document.body.classList.contains("sidebar-open")) {
        setOpen(false);
        button.focus();
      }
    });
    document.addEventListener("click", function (event) {
      var inside = sidebar.contains(event.target) || button.contains(event.target);
      if (!inside && document.body.classList.contains("sidebar-open")) setOpen(false);
    });
  }

  // "On this page" (a <details>, collapsed in the page) opens where it stands beside the
  // article (the stylesheet's wide layout) and closes where it stands above it, so that on
  // a phone the lesson's title is on the first screen.
  function setupToc() {
    var toc = document.querySelector(".toc-details");
    if (!toc || !window.matchMedia) return;
    var wide = window.matchMedia("(min-width: 75.001rem)");
    var follow = function () { toc.open = wide.matches; };
    follow();
    if (wide.addEventListener) wide.addEventListener("change", follow);
    else if (wide.addListener) wide.addListener(follow);
  }

  function setupPrinting() {
    var opened = [];
    window.addEventListener("beforeprint", function () {
      opened = Array.prototype.filter.call(document.querySelectorAll("details"), function (d) {
        return !d.open;
      });
      opened.forEach(function (d) { d.open = true; });
    });
    window.addEventListener("afterprint", function () {
      opened.forEach(function (d) { d.open = false; });
      opened = [];
    });
  }

  // A cross-reference's preview shows while the link is hovered or focused (CSS); Escape
  // hides it until the pointer or the focus moves to another reference.
  function setupPreviews() {
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape") root.classList.add("xref-dismissed");
    });
    ["mouseover", "focusin"].forEach(function (type) {
      document.addEventListener(type, function (e) {
        if (e.target.closest && e.target.closest(".xref")) root.classList.remove("xref-dismissed");
      });
    });
  }

  // An animation plays only when asked: Play steps through its frames at its speed, the
  // slider picks one; under prefers-reduced-motion there is no Play, only the slider.
  function setupAnimation(f) {
    var frames = JSON.parse(f.getAttribute("data-frames") || "[]"), fps = +f.getAttribute("data-fps") || 10;
    var img = f.querySelector(".rla-frame"), play = f.querySelector(".rla-play");
    var seek = f.querySelector(".rla-seek"), at = f.querySelector(".rla-at");
    var csv = f.querySelector("figcaption a[download]");
    var still = window.matchMedia("(prefers-reduced-motion: reduce)"), k = 0, timer = null;
    if (!frames.length || !img || !play || !seek || !at) return;
    function show(i) {
      k = (i + frames.length) % frames.length;
      img.src = frames[k];
      img.alt = img.alt.replace(/frame \d+ of/, "frame " + (k + 1) + " of");
      seek.value = k + 1;
      at.textContent = "Frame " + (k + 1) + " of " + frames.length;
      if (csv) {
        csv.href = frames[k].replace(/\.svg$/, ".csv");
        csv.textContent = "CSV of frame " + (k + 1);
      }
    }
    function stop() {
      if (timer) clearInterval(timer);
      timer = null;
      play.textContent = "Play";
      play.setAttribute("aria-pressed", "false");
    }
    play.addEventListener("click", function () {
      if (timer) return stop();
      frames.forEach(function (src) { new Image().src = src; });
      timer = setInterval(function () { show(k + 1); }, 1000 / fps);
      play.textContent = "Pause";
      play.setAttribute("aria-pressed", "true");
    });
    seek.addEventListener("input", function () { stop(); show(seek.value - 1); });
    function motion() { play.hidden = still.matches; if (still.matches) stop(); }
    if (still.addEventListener) still.addEventListener("change", motion);
    motion();
    f.querySelector(".rla-controls").hidden = false;
  }

  function init() {
    document.querySelectorAll("figure.rla").forEach(setupAnimation);
    setupTheme();
    setupSidebar();
    setupToc();
    setupPrinting();
    setupPreviews();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
