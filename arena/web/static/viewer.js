/* The replay viewer of the arena's web report: reads one viewer replay (docs/replay-format.md),
   rebuilds every seat's observation at every position, and draws the position with the game's
   renderer (catan.js, puerto_rico.js). Hand-written, no dependencies; works from file://. */
"use strict";

var ArenaViewer = (function () {
  var SEAT_COLORS = ["#c62828", "#1565c0", "#ef6c00", "#f4f1e8", "#2e7d32", "#6d4c41"];
  var renderers = {};

  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  /* An engine's name of a phase or a decision ("pre_roll", "DiscardHalf") in words ("pre roll",
     "discard half"), for the status lines. */
  function words(name) {
    return String(name).replace(/_/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  }

  /* An event's text ("bank_trade seat=0 give={lumber:4} get=grain") for people: its kind in words, then
     each field as "name value" ("bank trade: seat 0, give 4 lumber, get grain"); a bundle of cards
     "{brick:1,coin:4}" as "1 brick + 4 coin", one by seat "{0:{lumber:2}}" as "seat 0: 2 lumber". A text
     that is not of that form is left as it is. */
  function eventWords(text) {
    var parts = String(text).match(/^([a-z_]+)((?: [a-z_]+=.*)?)$/);
    if (!parts) return String(text);
    var rest = parts[2], keys = /\s([a-z_]+)=/g, found = [], k;
    while ((k = keys.exec(rest))) found.push([k[1], k.index, keys.lastIndex]);
    var fields = found.map(function (f, i) {  /* a value runs to the next " name=" (it may hold spaces) */
      var value = rest.slice(f[2], i + 1 < found.length ? found[i + 1][1] : rest.length);
      return words(f[0]) + " " + valueWords(value);
    });
    return words(parts[1]) + (fields.length ? ": " + fields.join(", ") : "");
  }

  function valueWords(value) {
    var bundle = value.match(/^\{([a-z-]+:\d+(?:,[a-z-]+:\d+)*)?\}$/);
    if (bundle) {
      return bundle[1] ? bundle[1].split(",").map(function (kv) {
        var p = kv.split(":");
        return p[1] + " " + p[0];
      }).join(" + ") : "none";
    }
    var choices = value.match(/^\{(\d+:[a-z-]+(?:,\d+:[a-z-]+)*)\}$/);  /* {1:reject,2:accept} */
    if (choices) {
      return choices[1].split(",").map(function (kv) {
        var p = kv.split(":");
        return "seat " + p[0] + " " + p[1];
      }).join("; ");
    }
    var bySeat = value.match(/^\{(\d+:\{[^{}]*\}(?:,\d+:\{[^{}]*\})*)\}$/);
    if (bySeat) {
      return bySeat[1].match(/\d+:\{[^{}]*\}/g).map(function (kv) {
        var at = kv.indexOf(":");
        return "seat " + kv.slice(0, at) + ": " + valueWords(kv.slice(at + 1));
      }).join("; ");
    }
    return value;
  }

  /* A patch: [value] replaces, [] removes the key, an object patches members (docs/replay-format.md). */
  function applyPatch(value, patch) {
    if (Array.isArray(patch)) return patch[0];
    var out = Array.isArray(value) ? value.slice() : Object.assign({}, value);
    for (var key in patch) {
      var sub = patch[key];
      if (Array.isArray(sub) && sub.length === 0) delete out[key];
      else out[key] = applyPatch(out[key], sub);
    }
    return out;
  }

  function applyFields(obs, patch) {
    var out = Object.assign({}, obs);
    for (var key in patch) {
      var sub = patch[key];
      if (Array.isArray(sub) && sub.length === 0) delete out[key];
      else out[key] = applyPatch(out[key], sub);
    }
    return out;
  }

  /* Every seat's observation at every position: views[position][seat]. */
  function rebuild(data) {
    var n = data.seats.length, positions = data.common.length, views = [];
    var last = [];
    for (var s = 0; s < n; s++) last.push({});
    for (var p = 0; p < positions; p++) {
      var row = [];
      for (var t = 0; t < n; t++) {
        var obs = last[t];
        if (Object.keys(data.common[p]).length) obs = applyFields(obs, data.common[p]);
        if (Object.keys(data.views[t][p]).length) obs = applyFields(obs, data.views[t][p]);
        row.push(obs);
        last[t] = obs;
      }
      views.push(row);
    }
    return views;
  }

  /* The text of one event as `seat` saw it (null: the referee), or null when it saw nothing. */
  function eventText(data, event, seat) {
    if (typeof event === "number") return data.strings[event];
    var idx = seat === null ? event[0] : event[1 + seat];
    return idx < 0 ? null : data.strings[idx];
  }

  /* What a game calls the turns its moves are numbered by: Puerto Rico's are rounds (a round is every
     seat's role choice and the phases they lead), as its panel says. */
  function turnWord(data) {
    return data.game && data.game.game === "puerto-rico" ? "round" : "turn";
  }

  /* A seat's name, or "?" for a seat the data does not name. */
  function seatName(data, s) {
    var name = data.seats[s];
    return name === undefined || name === null ? "?" : name;
  }

  function Viewer(root, data) {
    this.root = root;
    this.data = data;
    this.views = rebuild(data);
    this.plies = data.moves.length;
    this.ply = 0;
    this.seat = null;
    this.timer = null;
    this.renderer = renderers[data.game.game] || renderers.generic;
    this.faultsAt = {};
    for (var i = 0; i < data.faults.length; i++) {
      var f = data.faults[i];
      (this.faultsAt[f.ply] = this.faultsAt[f.ply] || []).push(f);
    }
    this.build();
    this.follow(parseHash());
    var self = this;
    /* an address edited by hand, a link to a moment, the Back and Forward buttons: go where it says */
    window.addEventListener("hashchange", function () { self.follow(parseHash()); });
    window.addEventListener("popstate", function () { self.follow(parseHash()); });
    /* a renderer may lay the board out for the width it has (puerto_rico.js does): draw again on resize */
    var resized = null;
    window.addEventListener("resize", function () {
      clearTimeout(resized);
      resized = setTimeout(function () { self.draw(); }, 150);
    });
  }

  /* Show the position and seat an address names (#ply=120&seat=2; no seat: the host's view). */
  Viewer.prototype.follow = function (hash) {
    var seat = hash.seat !== undefined && hash.seat >= 0 && hash.seat < this.data.seats.length ? hash.seat : null;
    var changed = seat !== this.seat || !this.drawn;
    this.seat = seat;
    this.seatSelect.value = seat === null ? "all" : String(seat);
    this.ply = -1;
    this.go(hash.ply !== undefined ? hash.ply : 0);
    if (changed) this.movesTable();
    this.drawn = true;
  };

  function parseHash() {
    var out = {};
    String(location.hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      var kv = part.split("=");
      if (kv[0] === "ply" || kv[0] === "seat") out[kv[0]] = parseInt(kv[1], 10);
    });
    if (isNaN(out.ply)) delete out.ply;
    if (isNaN(out.seat)) delete out.seat;
    return out;
  }

  Viewer.prototype.build = function () {
    var self = this, d = this.data;
    var seatOptions = ['<option value="all">everything (host)</option>'];
    for (var s = 0; s < d.seats.length; s++)
      seatOptions.push('<option value="' + s + '">as seat ' + s + " (" + esc(d.seats[s]) + ") saw it</option>");
    this.root.innerHTML =
      '<div class="controls">' +
      '<button data-act="first" title="first position (Home)">|&#x25C0;</button>' +
      '<button data-act="back" title="one move back (&larr;)">&#x25C0;</button>' +
      '<button data-act="play" class="play" title="play / pause (space)">play</button>' +
      '<button data-act="next" title="one move on (&rarr;)">&#x25B6;</button>' +
      '<button data-act="last" title="last position (End)">&#x25B6;|</button>' +
      '<input type="range" class="slider" min="0" max="' + this.plies + '" value="0" aria-label="position">' +
      '<label>ply <input type="number" class="jump" min="0" max="' + this.plies + '" value="0"></label>' +
      '<span class="plyinfo"></span>' +
      '<select class="seat">' + seatOptions.join("") + "</select>" +
      "</div>" +
      '<div class="stage"><div class="board"></div><div class="side"></div></div>' +
      '<div class="lower"><div class="decision"></div><div class="moves"></div></div>' +
      '<p class="keys">Keys: &larr; &rarr; a move, PgUp PgDn ten, Home End, space plays, ' +
      "[ ] the selected seat's previous or next decision, f F the next or previous fault.</p>";
    this.slider = this.root.querySelector(".slider");
    this.jump = this.root.querySelector(".jump");
    this.seatSelect = this.root.querySelector(".seat");
    this.root.querySelector(".controls").addEventListener("click", function (ev) {
      var act = ev.target.getAttribute && ev.target.getAttribute("data-act");
      if (act === "first") self.go(0);
      else if (act === "back") self.go(self.ply - 1);
      else if (act === "next") self.go(self.ply + 1);
      else if (act === "last") self.go(self.plies);
      else if (act === "play") self.toggle();
    });
    this.slider.addEventListener("input", function () { self.go(parseInt(self.slider.value, 10)); });
    this.jump.addEventListener("change", function () { self.go(parseInt(self.jump.value, 10) || 0); });
    this.seatSelect.addEventListener("change", function () {
      var v = self.seatSelect.value;
      self.seat = v === "all" ? null : parseInt(v, 10);
      self.movesTable();
      self.draw();
    });
    document.addEventListener("keydown", function (ev) {
      /* the ply box, the slider and the seat list keep their own keys (the slider steps by itself) */
      if (ev.target && (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT")) return;
      var k = ev.key, handled = true;
      if (k === "ArrowRight") self.go(self.ply + 1);
      else if (k === "ArrowLeft") self.go(self.ply - 1);
      else if (k === "PageDown") self.go(self.ply + 10);
      else if (k === "PageUp") self.go(self.ply - 10);
      else if (k === "Home") self.go(0);
      else if (k === "End") self.go(self.plies);
      else if (k === " ") self.toggle();
      else if (k === "]") self.decision(1);
      else if (k === "[") self.decision(-1);
      else if (k === "f") self.fault(1);
      else if (k === "F") self.fault(-1);
      else handled = false;
      if (handled) ev.preventDefault();
    });
    this.root.querySelector(".moves").addEventListener("click", function (ev) {
      var row = ev.target.closest && ev.target.closest("tr[data-ply]");
      if (row) self.go(parseInt(row.getAttribute("data-ply"), 10));
    });
  };

  /* The next (+1) or previous (-1) position where a fault happened (the selected seat's, in its view). */
  Viewer.prototype.fault = function (step) {
    var seat = this.seat, at = this.faultsAt;
    for (var p = this.ply + step; p >= 0 && p <= this.plies; p += step) {
      var here = (at[p] || []).filter(function (f) { return seat === null || f.seat === seat; });
      if (here.length) {
        this.go(p);
        return;
      }
    }
  };

  Viewer.prototype.toggle = function () {
    var self = this, button = this.root.querySelector('[data-act="play"]');
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      button.textContent = "play";
      return;
    }
    if (this.ply >= this.plies) this.go(0);
    button.textContent = "pause";
    this.timer = setInterval(function () {
      if (self.ply >= self.plies) self.toggle();
      else self.go(self.ply + 1);
    }, 250);
  };

  /* The selected seat's previous (-1) or next (+1) decision from here (any seat's in the host view). */
  Viewer.prototype.decision = function (step) {
    for (var p = this.ply + step; p >= 0 && p < this.plies; p += step) {
      if (this.seat === null || this.data.moves[p].s === this.seat) return this.go(p);
    }
  };

  Viewer.prototype.go = function (ply) {
    ply = Math.max(0, Math.min(this.plies, ply | 0));
    this.ply = ply;
    if (this.slider) {
      this.slider.value = ply;
      this.jump.value = ply;
      this.draw();
    }
  };

  Viewer.prototype.draw = function () {
    var d = this.data, p = this.ply;
    var ctx = {
      data: d,
      views: this.views[p],
      seat: this.seat,
      names: d.seats,
      colors: SEAT_COLORS,
      esc: esc,
      words: words,
      ply: p,
      width: this.root.querySelector(".board").clientWidth,
      move: p < this.plies ? d.moves[p] : null,
      last: p > 0 ? d.moves[p - 1] : null,
    };
    this.root.querySelector(".board").innerHTML = this.renderer.board(ctx);
    this.root.querySelector(".side").innerHTML = this.renderer.side(ctx);
    var who = ctx.move ? "seat " + ctx.move.s + " (" + esc(seatName(d, ctx.move.s)) + ") to move" : "the match is over";
    this.root.querySelector(".plyinfo").innerHTML =
      "position " + p + " of " + this.plies + " (after " + p + " move" + (p === 1 ? "" : "s") + ")" +
      (ctx.move ? ", " + turnWord(d) + " " + ctx.move.t : "") + " &middot; " + who;
    this.root.querySelector(".decision").innerHTML = this.decisionPanel(ctx);
    this.root.setAttribute("data-ply", String(p));
    this.root.setAttribute("data-seat", this.seat === null ? "all" : String(this.seat));
    var rows = this.root.querySelectorAll(".moves tr.current");
    for (var i = 0; i < rows.length; i++) rows[i].classList.remove("current");
    var cur = this.root.querySelector('.moves tr[data-ply="' + p + '"]');
    if (cur) {
      cur.classList.add("current");
      var box = this.root.querySelector(".moves");
      if (cur.offsetTop < box.scrollTop || cur.offsetTop > box.scrollTop + box.clientHeight - 30)
        box.scrollTop = cur.offsetTop - box.clientHeight / 2;
    }
    if (history.replaceState) {
      var hash = "#ply=" + p + (this.seat === null ? "" : "&seat=" + this.seat);
      try { history.replaceState(null, "", hash); } catch (e) { /* file:// in some browsers */ }
    }
  };

  /* What the seat to move at this position was asked and answered (hidden from other seats' views). */
  Viewer.prototype.decisionPanel = function (ctx) {
    var d = this.data, m = ctx.move;
    if (!m) {
      var r = d.result;
      if (!r) return "<h3>The match did not finish</h3>";
      if (!Array.isArray(r.places) || r.places.length !== d.seats.length)
        return '<h3>Result</h3><p class="error">The result does not fit the seats of this match.</p>';
      var order = r.places.map(function (place, s) { return s; });
      order.sort(function (a, b) { return r.places[a] - r.places[b] || a - b; });
      var lines = order.map(function (s) {
        return "<li>place " + esc(r.places[s]) + ": seat " + s + " (" + esc(seatName(d, s)) + "), score " + esc(r.scores[s]) + "</li>";
      });
      return "<h3>Result (" + esc(r.termination) + ")</h3><ul>" + lines.join("") + "</ul>";
    }
    var faults = (this.faultsAt[ctx.ply] || []).filter(function (f) { return f.seat === m.s; });
    var head = "<h3>Decision of seat " + m.s + " (" + esc(seatName(d, m.s)) + ")</h3>";
    if (ctx.seat !== null && ctx.seat !== m.s)
      return head + '<p class="muted">Seat ' + ctx.seat + " does not see what seat " + m.s +
        " may do or what it answers; it sees the events that follow.</p>";
    var legal = d.legal[m.l];
    var items = legal.map(function (idx, i) {
      var cls = i === m.i ? ' class="answer"' : "";
      return "<li" + cls + ' data-index="' + i + '">[' + i + "] " + esc(d.strings[idx]) + "</li>";
    });
    var fams = (m.f || []).map(function (idx) { return "<li class=\"family\">or " + esc(d.strings[idx]) + "</li>"; });
    var answered = faults.length ? "the referee played" : "it answered";
    var answer = '<p class="answered">' + answered + ": <b>" + esc(d.strings[m.a]) + "</b>" +
      (m.i >= 0 ? " (index " + m.i + ")" : " (an action of an open family)") +
      (m.ms !== undefined ? ", after " + fmtMs(m.ms) : "") + "</p>";
    var faultHtml = faults.map(function (f) {
      return '<p class="fault">fault (' + esc(f.kind) + ", strike " + f.strike + "): " + esc(f.message) +
        (f.forfeits ? " &mdash; the seat forfeits; a fallback bot plays it on" : "") + "</p>";
    }).join("");
    return head + answer + faultHtml + "<p>" + legal.length + " legal action" + (legal.length === 1 ? "" : "s") +
      ":</p><ol class=\"legal\">" + items.join("") + fams.join("") + "</ol>";
  };

  function fmtMs(ms) {
    if (ms >= 1000) return (ms / 1000).toFixed(2) + " s";
    if (ms >= 10) return ms.toFixed(0) + " ms";
    return ms.toFixed(2) + " ms";
  }

  Viewer.prototype.movesTable = function () {
    var d = this.data, seat = this.seat, out = [];
    out.push('<table><thead><tr><th>ply</th><th>' + turnWord(d) + '</th><th>seat</th><th>move and events</th></tr></thead><tbody>');
    for (var p = 0; p < this.plies; p++) {
      var m = d.moves[p];
      var mine = seat === null || seat === m.s;
      var text = mine ? "<b>" + esc(d.strings[m.a]) + "</b>" : '<span class="muted">acts</span>';
      var events = (m.e || []).map(function (e) { return eventText(d, e, seat); }).filter(function (t) { return t; }).map(eventWords);
      var faults = (this.faultsAt[p] || []).filter(function (f) { return f.seat === m.s && (seat === null || seat === m.s); });
      var cls = faults.length ? ' class="faulted"' : "";
      out.push("<tr data-ply=\"" + (p + 1) + "\"" + cls + "><td>" + p + "</td><td>" + m.t + '</td><td><span class="dot" style="background:' +
        SEAT_COLORS[m.s % SEAT_COLORS.length] + '"></span>' + m.s + "</td><td>" + text +
        (faults.length ? ' <span class="fault">fault</span>' : "") +
        (events.length ? '<div class="events">' + events.map(esc).join("<br>") + "</div>" : "") + "</td></tr>");
    }
    out.push("</tbody></table>");
    this.root.querySelector(".moves").innerHTML = out.join("");
    this.draw();
  };

  renderers.generic = {
    board: function (ctx) {
      var obs = ctx.views[ctx.seat === null ? 0 : ctx.seat];
      return "<pre>" + ctx.esc(JSON.stringify(obs, null, 1)) + "</pre>";
    },
    side: function () { return ""; },
  };

  return {
    Viewer: Viewer,
    renderers: renderers,
    applyPatch: applyPatch,
    rebuild: rebuild,
    eventText: eventText,
    colors: SEAT_COLORS,
    esc: esc,
    words: words,
    eventWords: eventWords,
  };
})();

/* Called by a replay script (replays/ID.js): arenaReplay({...}). */
function arenaReplay(data) {
  var root = document.getElementById("viewer");
  var started = performance.now();
  try {
    if (data.format !== "arena-replay-view" || data.version !== 1)
      throw new Error("this page reads viewer replays of version 1, not " + data.format + " " + data.version);
    window.arenaViewer = new ArenaViewer.Viewer(root, data);
    /* how long the viewer took, and when the first position was drawn from the page's navigation */
    root.setAttribute("data-rendered-ms", String(Math.round(performance.now() - started)));
    root.setAttribute("data-ready-ms", String(Math.round(performance.now())));
  } catch (err) {
    root.innerHTML = '<p class="error">The replay could not be shown: ' + ArenaViewer.esc(err.message) + "</p>";
    root.setAttribute("data-error", err.message);
  }
}
