/* rlbook live code, the controller (docs/live-code.md). Loaded by loader.js on the first Run
   or Edit. It loads the page's steps (live/<slug>.js: the book's seed and limits, every
   block and inline value in the order the build ran them, the files they read: texts in
   `files`, other files in base64 in `binary`) and the
   interpreter (module.js, crates/rlab-live gzipped in base64), and runs the blocks in a
   Web Worker made from a Blob, so that nothing but <script> is needed (file:// works).

   The page's blocks share one session, as at build time: running block k first runs the
   steps before it that this session has not run with their present code. An edit of block
   k marks the blocks and inline values after it stale until they run again (an inline value
   runs again with the block before it). Outputs are replaced by the HTML
   the module draws (the build's own renderer), figure files become object URLs, and
   figures.js is told ("rlbook:updated"). Reset restores the built code and outputs; Stop
   ends the worker (the session starts again on the next Run).

   An exercise's starter block (docs/exercises.md; its step has `check`, and run: false, so
   that no other block's run runs it) is run only by its own button (exercises.js labels it
   Check): a run of it that also compares the checked variables with the solution's values
   (the `check` op), after which "rlbook:checked" tells exercises.js the outcome. */
(function () {
  "use strict";

  /* ---- the worker: the module, one request at a time ---- */
  function workerMain() {
    var x = null, enc = new TextEncoder(), dec = new TextDecoder(), rnd = new Uint32Array(1);
    var env = {
      rl_now_ms: function () { return performance.now(); },
      rl_random_u32: function () { crypto.getRandomValues(rnd); return rnd[0]; }
    };
    function unpack(b64) {
      var bin = atob(b64), bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Response(stream).arrayBuffer().then(function (b) { return WebAssembly.compile(b); });
    }
    function ask(request) {
      var data = enc.encode(JSON.stringify(request));
      var ptr = x.rl_alloc(data.length);
      new Uint8Array(x.memory.buffer, ptr, data.length).set(data);
      var len = x.rl_request(ptr, data.length);
      return JSON.parse(dec.decode(new Uint8Array(x.memory.buffer, x.rl_response(), len)));
    }
    self.onmessage = function (e) {
      var m = e.data;
      if (m.load) {
        var compiled = m.compiled ? Promise.resolve(m.compiled) : unpack(m.load);
        compiled.then(function (mod) {
          return WebAssembly.instantiate(mod, { env: env }).then(function (inst) {
            x = inst.exports;
            self.postMessage({ ready: true, compiled: mod });
          });
        }).catch(function (err) { self.postMessage({ ready: false, fault: String(err) }); });
        return;
      }
      var answer;
      try { answer = ask(m.request); } catch (err) { answer = { fault: "the interpreter stopped: " + err }; }
      self.postMessage({ id: m.id, answer: answer });
    };
  }

  /* <script> loading, as the loader does it (loader.js). */
  var load = window.RlabLiveLoad;
  function oneLine(text) { return String(text).replace(/[\r\n]/g, " "); }
  /* A promise settled in a task of its own: the editor's script runs (with its load event)
     in one task and the editor opens in the next, so that neither holds the page 50 ms. */
  function nextTask() { return new Promise(function (ok) { setTimeout(ok, 0); }); }

  /* ---- one worker and its session ---- */
  function Engine(moduleText, data) {
    this.moduleText = moduleText;
    this.data = data;
    this.compiled = null;
    this.url = URL.createObjectURL(new Blob(["(" + workerMain + ")()"], { type: "text/javascript" }));
    this.begin();
  }
  Engine.prototype.begin = function () {
    var self = this;
    this.done = [];
    this.calls = {};
    this.next = 1;
    this.worker = new Worker(this.url);
    this.ready = new Promise(function (ok, fail) {
      self.worker.onmessage = function (e) {
        var m = e.data;
        if ("ready" in m) {
          if (!m.ready) return fail(new Error(m.fault));
          self.compiled = m.compiled;
          return ok();
        }
        var call = self.calls[m.id];
        delete self.calls[m.id];
        if (call) call(m.answer);
      };
      self.worker.onerror = function (e) { fail(new Error(e.message || "the worker failed")); };
    });
    this.worker.postMessage({ load: this.compiled ? true : this.moduleText, compiled: this.compiled });
    var d = this.data;
    this.started = this.ask({ op: "start", seed: d.seed, time_ms: d.time_ms, max_alloc: d.max_alloc,
      max_depth: d.max_depth, nproc: d.nproc, script: !!d.script, files: d.files || {},
      binary: d.binary || {}, widgets: d.widgets || {} });
  };
  Engine.prototype.ask = function (request) {
    var self = this, id = this.next++;
    return this.ready.then(function () {
      return new Promise(function (ok) {
        self.calls[id] = ok;
        self.worker.postMessage({ id: id, request: request });
      });
    });
  };
  Engine.prototype.stop = function () {
    this.worker.terminate();
    for (var id in this.calls) this.calls[id]({ stopped: true });
    this.begin();
  };

  /* ---- the page ---- */
  function Live(engine, data) {
    this.engine = engine;
    this.data = data;
    this.blocks = {};
    this.busy = false;
    var self = this;
    data.steps.forEach(function (step, i) {
      step.index = i;
      step.current = step.inline ? step.expr : step.code;
      if (!step.inline) self.blocks[step.block] = step;
    });
  }
  Live.prototype.step = function (section) {
    return this.blocks[+section.id.replace("block-", "")];
  };
  /* Where a block's outputs are: after its code in its section, or on a script's page
     in the output section below the source. */
  Live.prototype.outputs = function (section) {
    return this.data.script ? document.getElementById("script-output") : section;
  };
  Live.prototype.parts = function (section) {
    var step = this.step(section);
    if (!step.built) {
      step.built = [];
      var skip = this.data.script ? "h2" : ".live-bar, pre.code, .live-editor";
      Array.prototype.forEach.call(this.outputs(section).children, function (n) {
        if (!n.matches(skip)) step.built.push(n);
      });
      step.code0 = section.querySelector(":scope > pre.code");
    }
    return step;
  };
  Live.prototype.status = function (section, text) {
    var s = section.querySelector(".live-status");
    if (s) s.textContent = text;
  };
  Live.prototype.buttons = function (section) {
    var bar = section.querySelector(".live-bar"), self = this;
    if (bar.querySelector(".live-reset")) return bar;
    [["reset", "Reset"], ["stop", "Stop"]].forEach(function (b) {
      var el = document.createElement("button");
      el.type = "button";
      el.className = "live-" + b[0];
      el.textContent = b[1];
      el.hidden = true;
      el.setAttribute("aria-label", b[1] + " block " + section.id.replace("block-", ""));
      el.addEventListener("click", function () { self[b[0]](section); });
      bar.insertBefore(el, bar.querySelector(".live-status"));
    });
    return bar;
  };

  /* Edit: the block's code in the editor, in place of its highlighted code. */
  Live.prototype.edit = function (section) {
    var step = this.parts(section), self = this;
    this.buttons(section);
    if (step.editor) return step.editor.focus();
    (window.RlabEditor ? Promise.resolve() : load(this.base + "editor.js").then(nextTask)).then(function () {
      var host = document.createElement("div");
      host.className = "live-editor";
      step.code0.after(host);
      step.code0.hidden = true;
      step.editor = window.RlabEditor.open(host, {
        doc: step.current,
        label: "Code of block " + step.block,
        onRun: function () { self.run(section); },
        onChange: function (text) { self.changed(step, text); }
      });
      section.liveEditor = step.editor;
      section.querySelector(".live-edit").hidden = true;
      section.querySelector(".live-reset").hidden = false;
      step.editor.focus();
    }, function (e) {
      self.status(section, "The editor is unavailable: " + e.message);
    });
  };
  Live.prototype.changed = function (step, text) {
    step.current = text;
    var self = this;
    this.data.steps.forEach(function (later) {
      if (later.index > step.index && (later.live || later.inline)) self.stale(later, true);
    });
  };
  /* Mark a later block, or an inline value of the prose, stale (or fresh again). */
  Live.prototype.stale = function (step, on) {
    if (step.inline) {
      step.stale = on;
      document.querySelectorAll('.inline-value[data-at="' + step.at + '"]').forEach(function (v) {
        v.classList.toggle("live-stale-value", on);
        if (on) v.title = "Stale: an earlier block changed; run the block before it again.";
        else v.removeAttribute("title");
      });
      this.formulas(step);
      return;
    }
    var section = document.getElementById("block-" + step.block);
    if (!section || step.check || !!step.stale === on) return;
    step.stale = on;
    section.classList.toggle("live-stale", on);
    this.status(section, on ? "Stale: an earlier block changed. Run it again." : "");
  };

  /* Run: the steps before the block that this session has not run as they are now, then it.
     A step that only runs when pressed (a starter block, a no_run one) is passed over, run
     or not. A starter block (its exercise: `check`) is checked, not only run. */
  Live.prototype.run = function (section) {
    if (this.busy) return this.status(section, "Another block is running; Stop it or wait.");
    var step = this.parts(section), self = this, engine = this.engine, t0 = performance.now();
    var check = step.check;
    var steps = this.data.steps, first = 0;
    var runs = function (s) { return s === step || s.inline || s.run; };
    while (first < step.index && (!runs(steps[first]) || engine.done[first] === steps[first].current)) first++;
    var todo = steps.slice(first, step.index + 1).filter(runs);
    for (var i = step.index + 1; i < steps.length && steps[i].inline; i++) if (steps[i].stale) todo.push(steps[i]);
    var mine = null;
    var bar = this.buttons(section);
    this.busy = true;
    bar.querySelector(".live-stop").hidden = false;
    this.status(section, "Running…");
    var chain = engine.started;
    todo.forEach(function (s) {
      chain = chain.then(function (prev) {
        if (prev && (prev.stopped || prev.fault)) return prev;
        return engine.ask(self.request(s, s === step && check)).then(function (answer) {
          if (!answer.stopped && !answer.fault) {
            engine.done.length = s.index;
            engine.done[s.index] = s.current;
            if (!s.inline && (s === step || s.stale || s.current !== s.code)) self.show(s, answer);
            if (s.inline && s.stale && !answer.error) self.value(s, answer.text);
          }
          if (s === step) mine = answer;
          return answer;
        });
      });
    });
    chain.then(function (last) {
      self.busy = false;
      bar.querySelector(".live-stop").hidden = true;
      var fault = last && last.fault, stopped = !!(last && last.stopped);
      if (fault) { self.halted(step, "Stopped: " + fault); engine.stop(); }
      else if (stopped) self.halted(step, "Stopped.");
      else {
        var ms = Math.round(performance.now() - t0) + " ms.";
        self.status(section, mine && mine.error ? "Failed (see the error below) in " + ms : (check ? "Checked in " : "Ran in ") + ms);
      }
      if (check) {
        document.dispatchEvent(new CustomEvent("rlbook:checked", { detail: { exercise: check,
          checks: (mine && mine.checks) || [], error: (mine && mine.error) || null, stopped: stopped, fault: fault || null } }));
      }
    });
  };
  /* What the module is asked for step `s`; `check`: its exercise, whose values it compares. */
  Live.prototype.request = function (s, check) {
    if (s.inline) {
      return { op: "inline", step: s.index + 1, file: this.data.file, line: s.line, col: s.col,
        line_text: s.line_text, expr: s.expr, format: s.format };
    }
    if (this.data.script) return { op: "script", file: this.data.file, code: s.current, figures: s.figures };
    var r = { op: "run", step: s.index + 1, block: s.block, file: this.data.file, line: s.line,
      code: s.current, cols: s.cols, hide_output: s.hide_output, figures: s.figures };
    if (check) {
      var ex = (this.data.exercises || []).filter(function (e) { return e.n === check; })[0] || {};
      r.op = "check";
      r.expect = ex.check || [];
      r.rtol = ex.rtol;
      r.atol = ex.atol;
    }
    return r;
  };

  /* The formulas holding an inline value (data-values). A formula cannot be drawn again in
     the page, so it stays marked while a value of it is stale or differs from the built one,
     and its title says which and what the value is now. */
  Live.prototype.formulas = function (step) {
    var steps = this.data.steps;
    document.querySelectorAll('.math[data-values~="' + step.at + '"]').forEach(function (m) {
      var held = m.getAttribute("data-values").split(" "), notes = [];
      steps.forEach(function (s) {
        if (!s.inline || held.indexOf(String(s.at)) < 0) return;
        if (s.stale) notes.push(s.expr + " is stale: run the block before it again");
        else if (s.now != null && oneLine(s.now).trim() !== oneLine(s.built || "").trim()) notes.push(s.expr + " is now " + oneLine(s.now));
      });
      m.classList.toggle("live-stale-value", notes.length > 0);
      if (notes.length) m.title = "The formula shows the built value; " + notes.join("; ") + ".";
      else m.removeAttribute("title");
    });
  };

  /* An inline value of the prose recomputed by this session. */
  Live.prototype.value = function (step, text) {
    step.now = text;
    document.querySelectorAll('.inline-value[data-at="' + step.at + '"]').forEach(function (v) {
      if (v.builtText == null) v.builtText = v.textContent;
      v.textContent = oneLine(text);
    });
    this.stale(step, false);
  };

  /* A run that did not finish: the block's outputs (the built ones or an earlier run's) give
     way to a note that it stopped, so nothing on show belongs to other code. */
  Live.prototype.halted = function (step, why) {
    var section = document.getElementById("block-" + step.block);
    this.clear(section, step);
    var note = document.createElement("pre");
    note.className = "output live-output live-halted";
    note.tabIndex = 0;
    note.textContent = why + "\nThe block did not finish; the next Run starts the session again.";
    this.outputs(section).appendChild(note);
    this.status(section, why);
  };

  /* A block's outputs replaced by a live run's, its figure files as object URLs. */
  Live.prototype.show = function (step, answer) {
    var section = document.getElementById("block-" + step.block);
    this.parts(section);
    this.clear(section, step);
    var urls = {};
    (answer.files || []).forEach(function (f) {
      urls[f.path] = URL.createObjectURL(new Blob([f.svg], { type: "image/svg+xml" }));
      urls[f.path.replace(/\.svg$/, ".csv")] = URL.createObjectURL(new Blob([f.csv], { type: "text/csv" }));
    });
    step.urls = Object.keys(urls).map(function (k) { return urls[k]; });
    var html = answer.html.replace(/rlab-live:([^"']*)/g, function (_, path) { return urls[path] || "#"; });
    var where = this.outputs(section), holder = document.createElement("template");
    holder.innerHTML = html;
    Array.prototype.slice.call(holder.content.children).forEach(function (n) {
      n.classList.add("live-output");
      where.appendChild(n);
    });
    this.stale(step, false);
    document.dispatchEvent(new CustomEvent("rlbook:updated"));
  };
  Live.prototype.clear = function (section, step) {
    step.built.forEach(function (n) { n.remove(); });
    this.outputs(section).querySelectorAll(":scope > .live-output").forEach(function (n) { n.remove(); });
    (step.urls || []).forEach(URL.revokeObjectURL);
    step.urls = [];
  };

  /* Reset: the built code and outputs back; the session forgets the block's edits. */
  Live.prototype.reset = function (section) {
    var step = this.parts(section);
    this.clear(section, step);
    var where = this.outputs(section);
    step.built.forEach(function (n) { where.appendChild(n); });
    if (step.editor) {
      step.editor.destroy();
      step.editor = section.liveEditor = null;
      section.querySelector(":scope > .live-editor").remove();
    }
    step.code0.hidden = false;
    step.current = step.code;
    this.afterReset(step);
    this.stale(step, false);
    section.querySelector(".live-edit").hidden = false;
    section.querySelector(".live-reset").hidden = true;
    this.status(section, "Reset to the built output.");
    section.querySelector(".live-edit").focus();
  };
  /* After a Reset of `step`: a later block showing a live output (run on the edited state)
     is stale; an inline value up to the first such block shows its built text again and is
     fresh, one after it is stale while it shows a value of this session. */
  Live.prototype.afterReset = function (step) {
    var self = this, pristine = true;
    this.data.steps.forEach(function (later) {
      if (later.index <= step.index) return;
      if (!later.inline) {
        var el = document.getElementById("block-" + later.block);
        var ranLive = !!(el && el.querySelector(":scope > .live-output"));
        if (el && later.live) self.stale(later, ranLive);
        if (ranLive) pristine = false;
        return;
      }
      if (!pristine) return self.stale(later, later.stale || later.now != null);
      if (later.now != null) {
        later.now = null;
        document.querySelectorAll('.inline-value[data-at="' + later.at + '"]').forEach(function (v) {
          if (v.builtText != null) v.textContent = v.builtText;
        });
      }
      self.stale(later, false);
    });
  };
  Live.prototype.stop = function (section) {
    this.engine.stop();
    this.status(section, "Stopped.");
  };

  var started = null;
  window.RlabLive = {
    start: function (base, dataHref) {
      /* exercises.js may have loaded the steps already (for an answer box). */
      started = started || Promise.all([window.rlabLiveData || load(dataHref), load(base + "module.js")]).then(function () {
        var data = window.rlabLiveData;
        var live = new Live(new Engine(window.rlabLiveModule, data), data);
        live.base = base;
        return live;
      });
      return started;
    }
  };
})();
