/* rlbook figures: value readouts (pointer and keyboard), series toggles, zoom and copy for
   the inline SVG figures, from the JSON each figure carries (class rlf-json). No chart
   library and nothing fetched: a figure is complete without this script, which only adds
   to it. The SVG's structure (classes rlf-p<i>, rlf-plot, rlf-s<k>, rlf-k<k>, rlf-gx…) is
   described in src/lang/plot/svg/mod.rs and frame.rs. */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var TICK_FONT = 12.5;
  var SUPER = "⁰¹²³⁴⁵⁶⁷⁸⁹";

  /* ---- numbers: as the record writes them (shortest round trip, exponent when shorter) */
  function num(v) {
    if (typeof v === "string") return v; /* NaN, Inf, -Inf */
    if (v === null || v === undefined || !isFinite(v)) return "—";
    var a = String(v).replace("e+", "e");
    var b = v.toExponential().replace("e+", "e");
    return b.length < a.length ? b : a;
  }
  function short(v) { return num(+v.toPrecision(4)); }
  /* A readout's number, to the unit 10^-d that `res` (the size of what a reader can tell
     apart, in data units) asks for; every digit is in the data table and the CSV. */
  function fmt(v, res) {
    if (typeof v !== "number" || !isFinite(v) || !(res > 0) || !v) return num(v);
    var d = Math.ceil(-Math.log10(res) - 1e-9), sig = Math.floor(Math.log10(Math.abs(v))) + d + 1;
    if (sig < 1) return num(Math.round(v * Math.pow(10, d)) / Math.pow(10, d));
    return num(+v.toPrecision(Math.min(17, sig)));
  }
  /* The span of finite values, over 1000: the resolution of a colour or height scale. */
  function range(vs) {
    var f = vs.filter(function (v) { return typeof v === "number" && isFinite(v); });
    return (Math.max.apply(null, f) - Math.min.apply(null, f)) / 1000 || 1;
  }

  /* ---- axes: plot space is the data, or log10 of it on a log axis ---- */
  function toPlot(ax, v) {
    if (typeof v !== "number" || !isFinite(v)) return null;
    return ax.log ? (v > 0 ? Math.log10(v) : null) : v;
  }
  function niceStep(raw) {
    if (!(raw > 0) || !isFinite(raw)) return 1;
    var base = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / base;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * base;
  }
  function linearTicks(lo, hi, max) {
    var step = niceStep((hi - lo) / max / 2.5), ticks = [];
    for (var k = 0; k < 8 && Math.floor(hi / step) - Math.ceil(lo / step) + 1 > max; k++) {
      step = niceStep(step * 1.5);
    }
    for (var i = Math.ceil(lo / step); i <= Math.floor(hi / step) && ticks.length < 100; i++) {
      ticks.push(i * step);
    }
    var dec = step >= 1 ? 0 : Math.min(12, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
    return ticks.map(function (t) {
      var s = Math.abs(t) >= 1e6 || (t !== 0 && Math.abs(t) < 1e-4) ? short(t) : t.toFixed(dec);
      return [t, /^-?[0.]*$/.test(s) ? (0).toFixed(dec) : s];
    });
  }
  function superscript(n) {
    return (n < 0 ? "⁻" : "") + String(Math.abs(n)).split("").map(function (d) {
      return SUPER[+d];
    }).join("");
  }
  /* Ticks of an axis over plot-space [lo, hi]: [position, label] pairs. */
  function ticks(ax, lo, hi) {
    if (ax.names) return ax.names.filter(function (t) { return t[0] >= lo && t[0] <= hi; });
    if (!ax.log) return linearTicks(lo, hi, 7);
    if (hi - lo >= 2) {
      var first = Math.ceil(lo), last = Math.floor(hi), stride = 1, out = [];
      while ((last - first) / stride + 1 > 8) stride = niceStep(stride * 1.5);
      for (var d = first; d <= last; d++) if (d % stride === 0) out.push([d, "10" + superscript(d)]);
      return out;
    }
    return linearTicks(Math.pow(10, lo), Math.pow(10, hi), 6).filter(function (t) {
      return t[0] > 0;
    }).map(function (t) { return [Math.log10(t[0]), t[1]]; });
  }

  /* ---- SVG helpers ---- */
  function el(name, attrs, parent, text) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function clear(node) { while (node && node.firstChild) node.removeChild(node.firstChild); }

  /* ---- the items a reader can point at or step through, per panel ---- */
  /* A series' x: sent as values, as {from, step} (with the indices `i` of the points sent,
     when a long series sends only some), or as the x of an earlier series. */
  function xs(s, all) {
    var x = s.x;
    if (Array.isArray(x)) return x;
    if (x.same !== undefined) return xs(all[x.same], all);
    return (s.i || s.y.map(function (_, i) { return i; })).map(function (i) { return x.from + x.step * i; });
  }
  function slot(x) {
    var sorted = x.filter(isFinite).slice().sort(function (a, b) { return a - b; }), best = 0;
    for (var i = 1; i < sorted.length; i++) {
      var gap = sorted[i] - sorted[i - 1];
      if (gap > 1e-12 && (!best || gap < best)) best = gap;
    }
    return best || 1;
  }
  function category(P, v) {
    var n = P.p.x.names;
    if (!n) return null;
    for (var i = 0; i < n.length; i++) if (Math.abs(n[i][0] - v) < 1e-9) return n[i][1];
    return null;
  }
  function seriesItems(P, s, k) {
    /* The series is named in a readout when its panel has others. */
    var x = xs(s, P.p.series), y = s.y, items = [];
    var label = P.p.series.length < 2 ? "" : s.label || "series " + (k + 1);
    var X = function (v) { return toPlot(P.p.x, v); }, Y = function (v) { return toPlot(P.p.y, v); };
    var base = P.p.y.log ? P.p.y.lo : 0;
    if (s.kind === "guide") {
    } else if (s.kind === "hline") {
      var level = Y(y[0]);
      if (level !== null) {
        items.push({ s: k, box: [P.p.x.lo, P.p.x.hi, level, level], at: [P.p.x.lo, level],
          name: label, v: [["y", y[0], "y"]] });
      }
    } else if (s.kind === "step") {
      var n = x.length, w = n > 1 ? (x[n - 1] - x[0]) / (n - 1) : 1;
      for (var i = 0; i < Math.min(n, y.length); i++) {
        var lo = x[0] - w / 2 + i * w, top = Y(y[i]);
        if (top === null) continue;
        items.push({ s: k, box: [lo, lo + w, Math.min(base, top), Math.max(base, top)], at: [x[i], top],
          name: label, v: [["x", x[i], "x"], ["count", y[i], "y"]],
          sub: "bin " + short(lo) + " to " + short(lo + w) });
      }
    } else if (s.kind === "bar") {
      var g = s.group || [0, 1], bw = slot(x) * 0.8 / g[1], off = (g[0] - (g[1] - 1) / 2) * bw;
      for (var j = 0; j < Math.min(x.length, y.length); j++) {
        var t = Y(y[j]), c = x[j] + off;
        if (t === null || !isFinite(c)) continue;
        var name = category(P, x[j]);
        items.push({ s: k, box: [c - bw / 2, c + bw / 2, Math.min(base, t), Math.max(base, t)], at: [c, t],
          name: [label, name].filter(Boolean).join(": "),
          v: (name === null ? [["x", x[j], "x"]] : []).concat([["y", y[j], "y"]]) });
      }
    } else if (s.kind === "quiver") {
      for (var q = 0; q + 1 < y.length; q += 3) {
        items.push({ s: k, at: [X(x[q]), Y(y[q])], name: label, v: [["x", x[q], "x"], ["y", y[q], "y"]],
          sub: "u = " + short((x[q + 1] - x[q]) / s.scale) + ", v = " + short((y[q + 1] - y[q]) / s.scale) });
      }
    } else {
      for (var m = 0; m < Math.min(x.length, y.length); m++) {
        var px = X(x[m]), py = Y(y[m]);
        if (px === null || py === null) continue;
        items.push({ s: k, at: [px, py], name: label, v: [["x", x[m], "x"], ["y", y[m], "y"]] });
      }
    }
    return items;
  }
  function cellItems(P) {
    var d = P.p.cells, b = P.p.block || 1, perRow = Math.ceil(d.cols / b), items = [];
    var name = function (labels, i) { return labels && labels[i] !== undefined ? labels[i] : String(i + 1); };
    var n = d.channels || 1, channels = ["red", "green", "blue"];
    P.stride = perRow;
    P.res = { c: range(d.values) };
    d.values.filter(function (_, k) { return k % n === 0; }).forEach(function (v, i) {
      var r0 = Math.floor(i / perRow) * b, c0 = (i % perRow) * b;
      var r1 = Math.min(r0 + b, d.rows), c1 = Math.min(c0 + b, d.cols);
      var where = b === 1
        ? "row " + name(d.ylabels, r0) + ", column " + name(d.xlabels, c0)
        : "rows " + (r0 + 1) + "–" + r1 + ", columns " + (c0 + 1) + "–" + c1 + " (mean)";
      items.push({ s: 0, box: [c0, c1, d.rows - r1, d.rows - r0], at: [(c0 + c1) / 2, d.rows - (r0 + r1) / 2],
        name: where, v: n === 1 ? [["value", v, "c"]] : channels.map(function (c, k) { return [c, d.values[i * n + k], "c"]; }) });
    });
    return items;
  }
  function bandItems(P) {
    var b = P.p.bands, n = b ? b.x.length : 0;
    if (!b) return [];
    P.res = { z: range(b.z) };
    return b.z.map(function (z, i) {
      var x = b.x[i % n], y = b.y[Math.floor(i / n)];
      return { s: 0, at: [x, y], v: [["x", x, "x"], ["y", y, "y"], ["z", z, "z"]] };
    });
  }
  function gridItems(P) {
    var g = P.p.grid, col = function (k) { return range(g.map(function (r) { return r[k]; })); };
    P.res = { x: col(2), y: col(3), z: col(4) };
    return g.map(function (r) {
      return { s: 0, pixel: [r[0], r[1]], v: [["x", r[2], "x"], ["y", r[3], "y"], ["z", r[4], "z"]] };
    });
  }

  /* ---- a panel: mapping, readouts, keyboard, zoom ---- */
  function Panel(F, p, i) {
    var P = this;
    P.F = F; P.p = p; P.i = i; P.hidden = {};
    P.g = F.svg.querySelector(".rlf-p" + i);
    P.view = p.x ? [p.x.lo, p.x.hi, p.y.lo, p.y.hi] : null;
    P.items = p.kind === "xy" ? [].concat.apply(bandItems(P), (p.series || []).map(function (s, k) { return seriesItems(P, s, k); }))
      : p.cells ? cellItems(P) : p.kind === "surface" ? gridItems(P) : [];
    P.at = -1;
    if (!P.g || !P.items.length) return;
    var r = p.rect, hit = document.createElement("div");
    hit.className = "rlf-hit";
    hit.tabIndex = 0;
    hit.setAttribute("role", "application");
    hit.setAttribute("aria-label", (p.title ? p.title + ": " : "") + "interactive " +
      (p.kind === "xy" ? "chart" : p.kind) + " (panel " + (i + 1) + " of " + F.data.panels.length + ")");
    hit.setAttribute("aria-describedby", F.help.id);
    var pct = function (v, total) { return (100 * v / total) + "%"; };
    hit.style.left = pct(r.x, F.data.w); hit.style.top = pct(r.y, F.data.h);
    hit.style.width = pct(r.w, F.data.w); hit.style.height = pct(r.h, F.data.h);
    F.view.appendChild(hit);
    P.hit = hit;
    hit.addEventListener("pointermove", function (e) { P.pointer(e); });
    hit.addEventListener("pointerleave", function () { if (!P.drag) P.hide(); });
    hit.addEventListener("pointerdown", function (e) { P.start(e); });
    hit.addEventListener("pointerup", function (e) { P.end(e); });
    hit.addEventListener("pointercancel", function () { P.drag = null; F.sel.hidden = true; });
    hit.addEventListener("dblclick", function () { P.zoom(null); });
    hit.addEventListener("keydown", function (e) { P.key(e); });
    hit.addEventListener("focus", function () { P.show(P.at < 0 ? P.first() : P.at, true); });
    hit.addEventListener("blur", function () { P.hide(); });
  }
  Panel.prototype.svgX = function (xp) {
    var r = this.p.rect, v = this.view;
    return r.x + (xp - v[0]) / (v[1] - v[0]) * r.w;
  };
  Panel.prototype.svgY = function (yp) {
    var r = this.p.rect, v = this.view;
    return r.y + r.h - (yp - v[2]) / (v[3] - v[2]) * r.h;
  };
  Panel.prototype.visible = function (it) {
    if (this.hidden[it.s]) return false;
    if (it.pixel || !this.view) return true;
    var v = this.view, b = it.box || [it.at[0], it.at[0], it.at[1], it.at[1]];
    return b[1] >= v[0] && b[0] <= v[1] && b[3] >= v[2] && b[2] <= v[3];
  };
  /* Distance in SVG pixels from (x, y) to item `it`. */
  Panel.prototype.distance = function (it, x, y) {
    if (it.pixel) return Math.hypot(it.pixel[0] - x, it.pixel[1] - y);
    if (!it.box) return Math.hypot(this.svgX(it.at[0]) - x, this.svgY(it.at[1]) - y);
    var x0 = this.svgX(it.box[0]), x1 = this.svgX(it.box[1]);
    var y0 = this.svgY(it.box[3]), y1 = this.svgY(it.box[2]);
    return Math.hypot(Math.max(x0 - x, 0, x - x1), Math.max(y0 - y, 0, y - y1));
  };
  Panel.prototype.nearest = function (x, y) {
    var best = -1, bestD = Infinity;
    for (var i = 0; i < this.items.length; i++) {
      var it = this.items[i];
      if (!this.visible(it)) continue;
      var d = this.distance(it, x, y);
      if (d < bestD) { bestD = d; best = i; }
    }
    return best;
  };
  Panel.prototype.first = function () {
    for (var i = 0; i < this.items.length; i++) if (this.visible(this.items[i])) return i;
    return -1;
  };
  Panel.prototype.last = function () {
    for (var i = this.items.length - 1; i >= 0; i--) if (this.visible(this.items[i])) return i;
    return -1;
  };
  Panel.prototype.point = function (e) {
    var box = this.F.svg.getBoundingClientRect();
    return [(e.clientX - box.left) * this.F.data.w / box.width, (e.clientY - box.top) * this.F.data.h / box.height];
  };
  Panel.prototype.pointer = function (e) {
    var pt = this.point(e);
    if (this.drag) return this.select(pt);
    this.show(this.nearest(pt[0], pt[1]), false);
  };
  /* Show item `k`: marker, tooltip, and (from the keyboard) the live region. */
  Panel.prototype.show = function (k, announce) {
    this.at = k;
    var it = this.items[k], F = this.F;
    if (!it) return this.hide();
    var at = it.pixel || [this.svgX(it.at[0]), this.svgY(it.at[1])];
    if (!this.mark) this.mark = el("circle", { "class": "rlf-mark", r: 5 }, this.g);
    this.mark.setAttribute("cx", at[0]);
    this.mark.setAttribute("cy", at[1]);
    this.mark.style.display = "";
    clear(F.tip);
    var text = this.text(it);
    [["rlf-name", it.name], ["rlf-val", text], ["rlf-sub", it.sub]].forEach(function (part) {
      if (!part[1]) return;
      var span = document.createElement("span");
      span.className = part[0];
      span.textContent = part[1];
      F.tip.appendChild(span);
    });
    F.tip.hidden = false;
    var left = 100 * at[0] / F.data.w, top = 100 * at[1] / F.data.h;
    F.tip.style.left = left + "%";
    F.tip.style.top = top + "%";
    F.tip.classList.toggle("rlf-left", left > 60);
    F.tip.classList.toggle("rlf-below", top < 20);
    if (announce) F.live.textContent = [it.name, text, it.sub].filter(Boolean).join("; ");
  };
  /* The readout of item `it`: each value to the resolution of its scale, one pixel of the
     axis at the current zoom (of a colour or height scale: a thousandth of its range). */
  Panel.prototype.text = function (it) {
    var P = this, p = P.p, v = P.view, r = p.rect;
    return it.v.map(function (part) {
      var value = part[1], res = P.res && P.res[part[2]];
      if (res === undefined) {
        var a = p[part[2]], px = part[2] === "x" ? (v[1] - v[0]) / r.w : (v[3] - v[2]) / r.h;
        res = a.log ? px * Math.LN10 * Math.abs(value) : px;
      }
      return part[0] + " = " + fmt(value, res);
    }).join(", ");
  };
  Panel.prototype.hide = function () {
    if (this.mark) this.mark.style.display = "none";
    this.F.tip.hidden = true;
  };
  Panel.prototype.key = function (e) {
    var k = this.at, it = this.items[k], items = this.items, self = this;
    /* The next visible item of the same series, or `stride` items on (heatmap rows). */
    var step = function (dir, stride) {
      for (var j = k + dir * (stride || 1); j >= 0 && j < items.length; j += dir) {
        if (self.visible(items[j]) && (!it || stride || items[j].s === it.s)) return j;
      }
      return k;
    };
    /* The visible item of the next series (up: previous) nearest in x. */
    var other = function (dir) {
      if (!it || !it.at) return k;
      var best = k, bestD = Infinity;
      for (var j = 0; j < items.length; j++) {
        var c = items[j];
        if (!self.visible(c) || (dir > 0 ? c.s <= it.s : c.s >= it.s)) continue;
        var d = Math.abs(c.s - it.s) * 1e9 + Math.abs(c.at[0] - it.at[0]);
        if (d < bestD) { bestD = d; best = j; }
      }
      return best;
    };
    var rows = this.stride || this.p.stride;
    var next = { ArrowRight: step(1), ArrowLeft: step(-1),
      ArrowDown: rows ? step(1, rows) : other(1), ArrowUp: rows ? step(-1, rows) : other(-1),
      Home: this.first(), End: this.last() }[e.key];
    if (e.key === "Escape" || e.key === "0") {
      this.zoom(null);
      return this.hide();
    }
    if ((e.key === "+" || e.key === "=" || e.key === "-") && this.view && it && it.at) {
      var f = e.key === "-" ? 2 : 0.5, v = this.view, c = it.at;
      this.zoom([c[0] - (v[1] - v[0]) * f / 2, c[0] + (v[1] - v[0]) * f / 2,
        c[1] - (v[3] - v[2]) * f / 2, c[1] + (v[3] - v[2]) * f / 2]);
      e.preventDefault();
      return this.show(k, true);
    }
    if (next === undefined) return;
    e.preventDefault();
    this.show(next, true);
  };

  /* ---- zoom: drag a box, double-click or Escape to reset ---- */
  Panel.prototype.start = function (e) {
    if (this.p.kind !== "xy" || e.button !== 0) return;
    var pt = this.point(e);
    var legend = this.legendAt(pt);
    if (legend !== null) return toggle(this.F.fig, this.i, legend);
    this.drag = { from: pt };
    this.hit.setPointerCapture(e.pointerId);
  };
  Panel.prototype.select = function (pt) {
    var F = this.F, a = this.drag.from, box = F.sel;
    var r = this.p.rect, clamp = function (v, lo, hi) { return Math.max(lo, Math.min(hi, v)); };
    var x0 = clamp(Math.min(a[0], pt[0]), r.x, r.x + r.w), x1 = clamp(Math.max(a[0], pt[0]), r.x, r.x + r.w);
    var y0 = clamp(Math.min(a[1], pt[1]), r.y, r.y + r.h), y1 = clamp(Math.max(a[1], pt[1]), r.y, r.y + r.h);
    this.drag.box = [x0, x1, y0, y1];
    box.hidden = false;
    box.style.left = 100 * x0 / F.data.w + "%"; box.style.width = 100 * (x1 - x0) / F.data.w + "%";
    box.style.top = 100 * y0 / F.data.h + "%"; box.style.height = 100 * (y1 - y0) / F.data.h + "%";
    this.hide();
  };
  Panel.prototype.end = function () {
    var d = this.drag, v = this.view, r = this.p.rect, self = this;
    this.drag = null;
    this.F.sel.hidden = true;
    if (!d || !d.box) return;
    var b = d.box, wide = b[1] - b[0] > 5, tall = b[3] - b[2] > 5;
    if (!wide && !tall) return;
    var px = function (x) { return v[0] + (x - r.x) / r.w * (v[1] - v[0]); };
    var py = function (y) { return v[2] + (r.y + r.h - y) / r.h * (v[3] - v[2]); };
    self.zoom([wide ? px(b[0]) : v[0], wide ? px(b[1]) : v[1], tall ? py(b[3]) : v[2], tall ? py(b[2]) : v[3]]);
  };
  Panel.prototype.legendAt = function (pt) {
    var entries = this.p.legend || [];
    for (var i = 0; i < entries.length; i++) {
      var b = entries[i][1];
      if (pt[0] >= b.x && pt[0] <= b.x + b.w && pt[1] >= b.y && pt[1] <= b.y + b.h) return entries[i][0];
    }
    return null;
  };
  /* Show plot-space `view` ([x0, x1, y0, y1]; null: the whole panel again). */
  Panel.prototype.zoom = function (view) {
    if (this.p.kind !== "xy") return;
    var p = this.p, r = p.rect, o = [p.x.lo, p.x.hi, p.y.lo, p.y.hi];
    this.view = view || o;
    var v = this.view;
    var a = (o[1] - o[0]) / (v[1] - v[0]), c = (o[3] - o[2]) / (v[3] - v[2]);
    var b = r.x - a * (r.x + (v[0] - o[0]) / (o[1] - o[0]) * r.w);
    var d = r.y - c * (r.y + r.h - (v[3] - o[2]) / (o[3] - o[2]) * r.h);
    var plot = this.g.querySelector(".rlf-plot"), zoomed = !!view;
    plot.querySelectorAll("path,rect,line").forEach(function (e) {
      if (zoomed) e.setAttribute("transform", "matrix(" + [a, 0, 0, c, b, d].join(" ") + ")");
      else e.removeAttribute("transform");
    });
    plot.querySelectorAll("circle,text").forEach(function (e) {
      var x = e.tagName === "circle" ? "cx" : "x", y = e.tagName === "circle" ? "cy" : "y";
      if (!e.rlfAt) e.rlfAt = [+e.getAttribute(x), +e.getAttribute(y)];
      e.setAttribute(x, e.tagName === "text" ? e.rlfAt[0] : a * e.rlfAt[0] + b);
      e.setAttribute(y, c * e.rlfAt[1] + d);
    });
    var clip = this.F.svg.querySelector("#" + plot.getAttribute("clip-path").slice(5, -1) + " rect");
    if (clip) {
      if (!clip.rlfBox) clip.rlfBox = ["x", "y", "width", "height"].map(function (k) { return clip.getAttribute(k); });
      var box = zoomed ? [r.x, r.y, r.w, r.h] : clip.rlfBox;
      ["x", "y", "width", "height"].forEach(function (k, i) { clip.setAttribute(k, box[i]); });
    }
    this.isZoomed = zoomed;
    this.redrawAxes();
    this.F.zoomed();
    if (this.at >= 0 && this.mark && this.mark.style.display !== "none") this.show(this.at, false);
  };
  /* The axes for the current view; the panel's own (as drawn) when it is not zoomed. */
  Panel.prototype.redrawAxes = function () {
    var g = this.g, r = this.p.rect, v = this.view, self = this;
    var names = ["rlf-gx", "rlf-gy", "rlf-my", "rlf-tx", "rlf-ty", "rlf-lx", "rlf-ly"];
    var groups = {};
    names.forEach(function (name) { groups[name] = g.querySelector("." + name); });
    if (!this.axes) this.axes = names.map(function (n) { return groups[n] ? groups[n].innerHTML : ""; });
    if (!this.isZoomed) {
      names.forEach(function (n, i) { if (groups[n]) groups[n].innerHTML = self.axes[i]; });
      return;
    }
    names.forEach(function (n) { clear(groups[n]); });
    ticks(this.p.x, v[0], v[1]).forEach(function (t) {
      var x = self.svgX(t[0]), b = r.y + r.h;
      if (groups["rlf-gx"]) el("line", { x1: x, y1: r.y, x2: x, y2: b }, groups["rlf-gx"]);
      el("line", { x1: x, y1: b, x2: x, y2: b + 5 }, groups["rlf-tx"]);
      el("text", { x: x, y: b + 8 + TICK_FONT * 0.8 }, groups["rlf-lx"], t[1]);
    });
    ticks(this.p.y, v[2], v[3]).forEach(function (t) {
      var y = self.svgY(t[0]);
      if (groups["rlf-gy"]) el("line", { x1: r.x, y1: y, x2: r.x + r.w, y2: y }, groups["rlf-gy"]);
      el("line", { x1: r.x - 5, y1: y, x2: r.x, y2: y }, groups["rlf-ty"]);
      el("text", { x: r.x - 8, y: y + TICK_FONT * 0.35 }, groups["rlf-ly"], t[1]);
    });
  };

  /* ---- a figure: its panels, tooltip, live region and tools, per drawing ---- */
  /* A figure is drawn twice (its own layout and one for narrow screens, the stylesheet shows
     one): a Figure per drawing, sharing the tools, which act on both. */
  function Figure(fig, view, data, name) {
    var F = this;
    F.fig = fig;
    F.view = view;
    F.svg = view.querySelector("svg.rlf");
    F.data = data;
    F.original = F.svg.outerHTML;
    F.tip = document.createElement("div");
    F.tip.className = "rlf-tip";
    F.tip.hidden = true;
    F.tip.setAttribute("aria-hidden", "true");
    F.sel = document.createElement("div");
    F.sel.className = "rlf-sel";
    F.sel.hidden = true;
    F.live = document.createElement("p");
    F.live.className = "visually-hidden";
    F.live.setAttribute("aria-live", "polite");
    F.help = document.createElement("p");
    F.help.className = "visually-hidden";
    F.help.id = name + "-help";
    F.help.textContent = "Arrow keys step through the values; up and down change series. " +
      "Plus and minus zoom, 0 resets. Drag to zoom with a pointer, double-click to reset.";
    [F.tip, F.sel, F.live, F.help].forEach(function (e) { view.appendChild(e); });
    F.panels = data.panels.map(function (p, i) { return new Panel(F, p, i); });
    F.svg.addEventListener("click", function (e) {
      var key = e.target.closest && e.target.closest(".rlf-key"), panel = key && key.closest(".rlf-panel");
      if (!key || !panel) return;
      toggle(fig, +/rlf-p(\d+)/.exec(panel.getAttribute("class"))[1], +/rlf-k(\d+)/.exec(key.getAttribute("class"))[1]);
    });
  }
  Figure.prototype.toggle = function (P, k) {
    P.hidden[k] = !P.hidden[k];
    var hide = P.hidden[k];
    P.g.querySelectorAll(".rlf-s" + k).forEach(function (e) { e.style.display = hide ? "none" : ""; });
    P.g.querySelectorAll(".rlf-k" + k).forEach(function (e) { e.classList.toggle("rlf-off", hide); });
    var box = this.fig.querySelector("input[data-series='" + P.i + "-" + k + "']");
    if (box) box.checked = !hide;
    if (P.at >= 0 && !P.visible(P.items[P.at])) P.hide();
  };
  /* Series `k` of panel `i` hidden or shown again, in every drawing of `fig`. */
  function toggle(fig, i, k) {
    fig.rlf.forEach(function (F) { if (F.panels[i]) F.toggle(F.panels[i], k); });
  }
  Figure.prototype.zoomed = function () {
    var reset = this.fig.rlfReset;
    if (reset) reset.hidden = !this.fig.rlf.some(function (F) { return F.panels.some(function (P) { return P.isZoomed; }); });
  };
  /* The shared tools: reset zoom, copy, and the series menu. */
  function tools(fig) {
    var F = fig.rlf[0], bar = fig.querySelector(".rlf-bar"), files = bar && bar.querySelector(".rlf-files");
    if (!bar) return;
    var box = document.createElement("span");
    box.className = "rlf-tools";
    var button = function (text, act) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.addEventListener("click", act);
      box.appendChild(b);
      return b;
    };
    fig.rlfReset = button("Reset zoom", function () {
      fig.rlf.forEach(function (G) { G.panels.forEach(function (P) { P.zoom(null); }); });
    });
    fig.rlfReset.hidden = true;
    button("Copy SVG", function () {
      /* Said in the live region of the drawing shown; the SVG copied is the figure's file. */
      var live = fig.rlf.filter(function (G) { return G.view.offsetParent; }).concat(F)[0].live;
      var say = function (text) { return function () { live.textContent = text; }; };
      if (!navigator.clipboard) return say("Copying is not allowed here; use the SVG download")();
      navigator.clipboard.writeText(F.original).then(say("SVG copied"), say("The SVG could not be copied"));
    });
    var entries = [];
    F.panels.forEach(function (P) {
      (P.p.legend || []).forEach(function (l) { entries.push([P, l[0]]); });
    });
    if (entries.length) {
      var menu = document.createElement("details");
      menu.className = "rlf-series";
      menu.innerHTML = "<summary>Series</summary>";
      var list = document.createElement("fieldset");
      list.innerHTML = "<legend class=\"visually-hidden\">Series shown</legend>";
      entries.forEach(function (e) {
        var P = e[0], k = e[1], s = P.p.series[k], label = document.createElement("label");
        var input = document.createElement("input");
        input.type = "checkbox";
        input.checked = true;
        input.setAttribute("data-series", P.i + "-" + k);
        input.addEventListener("change", function () { if (input.checked === !!P.hidden[k]) toggle(fig, P.i, k); });
        label.appendChild(input);
        label.appendChild(document.createTextNode(" " + (F.panels.length > 1 && P.p.title ? P.p.title + ": " : "") + s.label));
        list.appendChild(label);
      });
      menu.appendChild(list);
      bar.insertBefore(menu, files);
    }
    bar.insertBefore(box, files);
  }


  /* The narrow drawing's data: the figure's values, placed where that drawing has them. */
  function placed(data, views) {
    return { w: views.w, h: views.h, panels: data.panels.map(function (p, i) {
      var q = Object.assign({}, p, views.panels[i]);
      if (p.grid) q.grid = p.grid.map(function (g, j) { return q.points[j].slice(0, 2).concat(g.slice(2)); });
      return q;
    }) };
  }
  function init() {
    document.querySelectorAll("figure.plot").forEach(function (fig, n) {
      var json = fig.querySelector(".rlf-json"), narrow = fig.querySelector(".rlf-json-narrow"), data;
      if (fig.rlf || !json) return;
      try { data = JSON.parse(json.textContent); } catch (e) { return; }
      fig.rlf = [];
      fig.querySelectorAll(".rlf-view").forEach(function (view, v) {
        var d = data, name = (fig.id || "rlf" + n) + (v ? "-n" : "");
        if (v) try { d = placed(data, JSON.parse(narrow.textContent)); } catch (e) { return; }
        if (view.querySelector("svg.rlf")) fig.rlf.push(new Figure(fig, view, d, name));
      });
      if (fig.rlf.length) tools(fig);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  document.addEventListener("rlbook:updated", init);
})();
