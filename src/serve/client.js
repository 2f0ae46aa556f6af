/* rlbook serve's live-reload client, carried only by the pages `rlbook serve` writes.
   It listens on /__rlbook/ws. After each build the server says which site files changed
   and what problems remain: a changed page has its content swapped in place (keeping the
   scroll position and open <details>), changed stylesheets and figures are fetched again,
   a change to a script the page runs reloads it, and the overlay shows the problems or
   goes away.
   The connection comes back by itself after the server restarts. */
(function () {
  "use strict";

  var pageBuild = 0;
  var serverId = null;
  var delay = 250;

  function currentOverlay() {
    return document.getElementById("rlbook-overlay");
  }

  (function readBuild() {
    var overlay = currentOverlay();
    if (!overlay) return;
    pageBuild = Number(overlay.getAttribute("data-build")) || 0;
    serverId = overlay.getAttribute("data-server");
  })();

  /* The site file a URL names: "/" → "index.html", "/a/" → "a/index.html". */
  function keyOf(url) {
    var parsed;
    try {
      parsed = new URL(url, location.href);
    } catch (e) {
      return null;
    }
    if (parsed.origin !== location.origin) return null;
    var path = parsed.pathname;
    if (path.charAt(path.length - 1) === "/") path += "index.html";
    try {
      path = decodeURIComponent(path);
    } catch (e) {
      return null;
    }
    return path.replace(/^\/+/, "");
  }

  /* The scripts the page loaded (data loaded later on demand, such as the search index,
     does not need a reload when it changes). */
  var pageScripts = Array.prototype.map.call(document.querySelectorAll("script[src]"), function (s) {
    return keyOf(s.src);
  });

  function withVersion(url, build) {
    var parsed = new URL(url, location.href);
    parsed.searchParams.set("rlbook", String(build));
    return parsed.href;
  }

  function showProblems(problems) {
    var overlay = currentOverlay();
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.id = "rlbook-overlay";
      document.body.appendChild(overlay);
    }
    overlay.textContent = "";
    if (!problems.length) {
      overlay.hidden = true;
      overlay.removeAttribute("role");
      return;
    }
    var bar = document.createElement("div");
    bar.className = "rlbook-overlay-bar";
    var title = document.createElement("strong");
    title.textContent = "rlbook serve";
    var close = document.createElement("button");
    close.type = "button";
    close.className = "rlbook-overlay-close";
    close.title = "Hide until the next build";
    close.textContent = "Hide";
    bar.appendChild(title);
    bar.appendChild(close);
    var text = document.createElement("pre");
    text.className = "rlbook-overlay-text";
    text.tabIndex = 0; /* it scrolls: the keyboard must reach it */
    text.textContent = problems.join("\n\n");
    overlay.appendChild(bar);
    overlay.appendChild(text);
    overlay.setAttribute("role", "alert");
    overlay.hidden = false;
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.classList && target.classList.contains("rlbook-overlay-close")) {
      var overlay = currentOverlay();
      if (overlay) overlay.hidden = true;
    }
  });

  function refreshStyles(changed, build) {
    var links = document.querySelectorAll('link[rel="stylesheet"]');
    Array.prototype.forEach.call(links, function (link) {
      var key = keyOf(link.href);
      if (changed === null || (key !== null && changed.indexOf(key) >= 0)) {
        link.href = withVersion(link.href, build);
      }
    });
  }

  function refreshImages(root, changed, build) {
    Array.prototype.forEach.call(root.querySelectorAll("img[src]"), function (img) {
      var key = keyOf(img.getAttribute("src"));
      if (changed === null || (key !== null && changed.indexOf(key) >= 0)) {
        img.src = withVersion(img.src, build);
      }
    });
  }

  function openDetails(root) {
    var open = [];
    Array.prototype.forEach.call(root.querySelectorAll("details"), function (d, i) {
      if (d.open) open.push(i);
    });
    return open;
  }

  function restoreDetails(root, open) {
    var all = root.querySelectorAll("details");
    open.forEach(function (i) {
      if (all[i]) all[i].open = true;
    });
  }

  function replaceContent(doc, changed, build) {
    var main = document.getElementById("main");
    var fresh = doc.getElementById("main");
    if (!main || !fresh) return false;
    var x = window.scrollX;
    var y = window.scrollY;
    var open = openDetails(main);
    document.title = doc.title;
    main.className = fresh.className;
    main.innerHTML = fresh.innerHTML;
    restoreDetails(main, open);
    var nav = document.getElementById("sidebar");
    var freshNav = doc.getElementById("sidebar");
    if (nav && freshNav) nav.innerHTML = freshNav.innerHTML;
    refreshImages(main, changed, build);
    window.scrollTo(x, y);
    return true;
  }

  function swapPage(changed, build) {
    return fetch(location.pathname + location.search, { cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        if (!replaceContent(doc, changed, build)) {
          location.reload();
          return;
        }
        document.documentElement.setAttribute("data-rlbook-build", String(build));
        document.dispatchEvent(new CustomEvent("rlbook:updated", { detail: { build: build } }));
      })
      .catch(function () {
        /* The page is gone or the server is busy: keep what is shown. */
      });
  }

  /* Bring the page to `build`; `changed` lists the changed site files (null: unknown). */
  function update(build, changed) {
    if (build <= pageBuild) return;
    pageBuild = build;
    if (document.documentElement.hasAttribute("data-rlbook-placeholder")) {
      location.reload();
      return;
    }
    var scriptChanged = changed !== null && changed.some(function (k) {
      return pageScripts.indexOf(k) >= 0;
    });
    if (scriptChanged) {
      location.reload();
      return;
    }
    refreshStyles(changed, build);
    var key = keyOf(location.href);
    if (changed === null || (key !== null && changed.indexOf(key) >= 0)) {
      swapPage(changed, build);
    } else {
      refreshImages(document, changed, build);
    }
  }

  function onMessage(event) {
    var message;
    try {
      message = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (serverId !== null && message.server !== serverId) {
      /* Another server run: its builds count from the start again. */
      if (message.build > 0) location.reload();
      return;
    }
    showProblems(message.problems || []);
    if (message.type === "reload") update(message.build, message.changed || []);
    else if (message.type === "hello") update(message.build, null);
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + "/__rlbook/ws");
    socket.onopen = function () {
      delay = 250;
      document.documentElement.setAttribute("data-rlbook-live", "on");
    };
    socket.onmessage = onMessage;
    socket.onclose = function () {
      document.documentElement.setAttribute("data-rlbook-live", "off");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }

  connect();
})();
