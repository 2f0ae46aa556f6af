/* rlbook live code, the loader (docs/live-code.md): every rlab block marked data-live gets
   Run and Edit buttons. Nothing more is fetched until the reader presses one: then the
   controller (runtime.js, beside this file) is loaded by <script>, which works from file:// too, and
   it loads the page's steps, the interpreter and, for Edit, the editor. */
(function () {
  "use strict";
  var article = document.querySelector("article[data-live]");
  var me = document.currentScript;
  if (!article || !me || !window.Worker || !window.WebAssembly) return;
  var base = me.src.replace(/[^/]*$/, "");
  var loading = null;

  function load(src) {
    return new Promise(function (ok, fail) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = ok;
      s.onerror = function () { fail(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }
  /* The controller loads the rest the same way. */
  window.RlabLiveLoad = load;
  function press(section, action, button) {
    loading = loading || load(base + "runtime.js").then(function () {
      return window.RlabLive.start(base, article.getAttribute("data-live"));
    });
    button.setAttribute("aria-busy", "true");
    loading.then(function (live) {
      button.removeAttribute("aria-busy");
      live[action](section);
    }, function (e) {
      button.removeAttribute("aria-busy");
      var note = section.querySelector(".live-status");
      if (note) note.textContent = "Live code is unavailable: " + e.message;
      loading = null;
    });
  }
  function button(bar, section, action, text) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "live-" + action;
    b.textContent = text;
    b.setAttribute("aria-label", text + " block " + section.id.replace("block-", ""));
    b.addEventListener("click", function () { press(section, action, b); });
    bar.appendChild(b);
  }
  function init() {
    article.querySelectorAll("section.rlab-block[data-live]").forEach(function (section) {
      var bar = document.createElement("div");
      bar.className = "live-bar";
      bar.setAttribute("role", "group");
      bar.setAttribute("aria-label", "Live code of block " + section.id.replace("block-", ""));
      button(bar, section, "run", "Run");
      button(bar, section, "edit", "Edit");
      var status = document.createElement("span");
      status.className = "live-status";
      status.setAttribute("role", "status");
      bar.appendChild(status);
      section.insertBefore(bar, section.firstChild);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
