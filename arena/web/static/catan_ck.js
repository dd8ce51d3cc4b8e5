/* Cities & Knights for the replay viewer: the Catan board of catan.js (drawn from the board message
   inside MatchStart.board.catan_ck) with what the expansion adds: city walls, metropolises, knights by
   level and active state, the merchant, the barbarian track; per seat its commodities, progress cards
   (by name to the seat itself and to the host, else counted per deck), improvement levels and knights.
   Observation fields: engine/games/catan_ck/observe.py; tables: engine/games/catan_ck/static_tables.py. */
"use strict";

(function () {
  var C = window.ArenaCatan;
  var TRACK_COLORS = ["#f2c94c", "#2f6fd0", "#2ea44f"]; /* trade (yellow), politics (blue), science (green) */
  var LEVELS = ["", "basic", "strong", "mighty"];

  function tables(ctx) { return ctx.data.board; }

  function light(color) {
    var v = parseInt(color.slice(1), 16);
    return 0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255) > 190;
  }

  function under(ctx, b, obs) {
    /* a wall: a stone base under its city */
    var out = [], walls = obs.walls || [], owner = obs.owner || [];
    b.corners.forEach(function (c) {
      if (!walls[c.id]) return;
      var x = C.px(c.x), y = C.py(c.y);
      out.push('<rect class="piece wall" data-seat="' + owner[c.id] + '" data-corner="' + c.id + '" x="' + (x - 15).toFixed(1) +
        '" y="' + (y + 4).toFixed(1) + '" width="30" height="9" rx="2" fill="#8a8378" stroke="#1b1b1b" stroke-width="1.4">' +
        "<title>city wall of seat " + owner[c.id] + " on corner " + c.id + "</title></rect>");
    });
    return out.join("");
  }

  function over(ctx, b, obs) {
    var t = tables(ctx), out = [];
    /* metropolises: a tower in the track's colour on the city */
    (obs.metropolis || []).forEach(function (corner, track) {
      if (corner < 0) return;
      var c = b.corners[corner], x = C.px(c.x) + 7, y = C.py(c.y) - 6;
      out.push('<g class="piece metropolis" data-seat="' + obs.owner[corner] + '" data-track="' + t.tracks[track].name + '">' +
        '<polygon points="' + [[x - 4, y + 8], [x - 4, y - 10], [x, y - 15], [x + 4, y - 10], [x + 4, y + 8]].map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" ") +
        '" fill="' + TRACK_COLORS[track] + '" stroke="#1b1b1b" stroke-width="1.4"/><title>' + t.tracks[track].name +
        " metropolis (seat " + obs.owner[corner] + ")</title></g>");
    });
    /* knights: a disc in the seat's colour, filled when active, a ring when not; bars give the level */
    var owner = obs.knight_owner || [], level = obs.knight_level || [], active = obs.knight_active || [];
    b.corners.forEach(function (c) {
      var seat = owner[c.id];
      if (seat === undefined || seat < 0) return;
      var x = C.px(c.x), y = C.py(c.y), on = !!active[c.id], lv = level[c.id], color = ctx.colors[seat];
      var bars = [], ink = on && !light(color) ? "#fff" : "#1b1b1b";
      for (var i = 0; i < lv; i++)
        bars.push('<line x1="' + (x - 4.5).toFixed(1) + '" y1="' + (y - 3 + i * 3).toFixed(1) + '" x2="' + (x + 4.5).toFixed(1) + '" y2="' +
          (y - 3 + i * 3).toFixed(1) + '" stroke="' + ink + '" stroke-width="1.8"/>');
      /* not active: a pale disc inside a ring of the seat's colour, itself inside a dark rim */
      out.push('<g class="piece knight' + (on ? " active" : "") + '" data-seat="' + seat + '" data-level="' + lv + '" data-active="' + (on ? 1 : 0) +
        '" data-corner="' + c.id + '"><circle cx="' + x.toFixed(1) + '" cy="' + y.toFixed(1) + '" r="10" fill="#1b1b1b"/>' +
        '<circle cx="' + x.toFixed(1) + '" cy="' + y.toFixed(1) + '" r="' + (on ? 8.6 : 7.4) + '" fill="' + (on ? color : "#fbf6e9") +
        '" stroke="' + color + '" stroke-width="' + (on ? 0 : 2.8) + '"/>' + bars.join("") +
        "<title>" + LEVELS[lv] + " knight of seat " + seat + " on corner " + c.id + (on ? ", active" : ", not active") + "</title></g>");
    });
    /* the merchant */
    if (obs.merchant_hex !== undefined && obs.merchant_hex >= 0) {
      var h = b.hexes[obs.merchant_hex], mx = C.px(h.x) - C.R * 0.5, my = C.py(h.y) - C.R * 0.05;
      var mc = obs.merchant_owner >= 0 ? ctx.colors[obs.merchant_owner] : "#fff";
      out.push('<g class="merchant" data-hex="' + obs.merchant_hex + '" data-seat="' + obs.merchant_owner + '">' +
        '<path d="M' + (mx - 7) + "," + (my + 11) + " L" + mx + "," + (my - 9) + " L" + (mx + 7) + "," + (my + 11) + ' Z" fill="' + mc +
        '" stroke="#1b1b1b" stroke-width="1.5"/><circle cx="' + mx + '" cy="' + (my - 10) + '" r="4" fill="' + mc + '" stroke="#1b1b1b" stroke-width="1.3"/>' +
        "<title>the merchant (hex " + obs.merchant_hex + (obs.merchant_owner >= 0 ? ", seat " + obs.merchant_owner : "") + ")</title></g>");
    }
    return out.join("");
  }

  function footer(ctx, x0, y0, width) {
    /* the barbarian track: one cell per step, the ship on its step, the island at the end */
    var t = tables(ctx), obs = ctx.views[ctx.seat === null ? 0 : ctx.seat];
    var steps = t.barbarian_track, cell = Math.min(34, (width - 230) / (steps + 1)), x = x0 + 18, y = y0 + 6, out = [];
    out.push('<g class="barbarians" data-ship="' + obs.ship + '" data-track="' + steps + '">');
    out.push('<text x="' + x + '" y="' + (y + 19) + '" class="track-label">barbarians</text>');
    x += 84;
    for (var i = 0; i <= steps; i++) {
      var here = i === obs.ship, last = i === steps;
      out.push('<rect x="' + (x + i * cell).toFixed(1) + '" y="' + y + '" width="' + (cell - 3).toFixed(1) + '" height="26" rx="4" fill="' +
        (last ? "#c8693a" : here ? "#3b3b3b" : "#5d93c4") + '" stroke="#e8eef5" stroke-width="1"/>');
      if (here)
        out.push('<path class="ship" d="M' + (x + i * cell + 4).toFixed(1) + "," + (y + 16) + " h" + (cell - 11).toFixed(1) + " l-4,6 h" + (-(cell - 19)).toFixed(1) +
          ' Z" fill="#f3ead2"/><line x1="' + (x + i * cell + cell / 2 - 1.5).toFixed(1) + '" y1="' + (y + 4) + '" x2="' + (x + i * cell + cell / 2 - 1.5).toFixed(1) +
          '" y2="' + (y + 16) + '" stroke="#f3ead2" stroke-width="2"/>');
    }
    out.push('<text x="' + (x + (steps + 1) * cell + 6).toFixed(1) + '" y="' + (y + 19) + '" class="track-label">' + obs.attacks + " attack" +
      (obs.attacks === 1 ? "" : "s") + "</text><title>the barbarian ship: step " + obs.ship + " of " + steps + "; it attacks on reaching the island</title></g>");
    return out.join("");
  }

  function extra() {
    return {
      under: under, over: over, footer: footer, band: 44,
      robber: function (obs) { return obs.robber_active; },
      legend: "discs at corners: knights (filled: active; bars: basic, strong, mighty); grey base: city wall; tower on a city: metropolis " +
        "(yellow trade, blue politics, green science); cone: the merchant; faded robber: not in play before the first attack; " +
        "bottom: the barbarian ship's track",
    };
  }

  function board(ctx) { return C.draw(ctx, ctx.data.board.board, extra()); }

  function knightLine(obs, s) {
    var counts = [0, 0, 0, 0], on = 0, strength = 0;
    (obs.knight_owner || []).forEach(function (o, c) {
      if (o !== s) return;
      counts[obs.knight_level[c]] += 1;
      if (obs.knight_active[c]) { on += 1; strength += obs.knight_level[c]; }
    });
    var total = counts[1] + counts[2] + counts[3];
    if (!total) return "no knights";
    return total + " knight" + (total === 1 ? "" : "s") + " (" + [1, 2, 3].filter(function (l) { return counts[l]; })
      .map(function (l) { return counts[l] + " " + LEVELS[l]; }).join(", ") + "), " + on + " active, strength " + strength;
  }

  function side(ctx) {
    var t = tables(ctx), n = ctx.names.length, esc = ctx.esc, rows = [];
    var pub = ctx.views[ctx.seat === null ? 0 : ctx.seat];
    var decks = t.tracks.map(function (tr) { return tr.name; });
    for (var s = 0; s < n; s++) {
      var own = ctx.views[s];
      var shows = ctx.seat === null || ctx.seat === s; /* its cards by type */
      var cards = shows ? '<span class="cards" data-hand="' + s + '">' + C.bundle(own.hand, t.kinds) + "</span>"
        : '<span class="cards" data-hand-count="' + s + '">' + pub.hand_sizes[s] + " cards</span>";
      var progress = shows
        ? '<span class="progress" data-progress="' + s + '">' + (own.progress.map(function (id) { return t.cards[id].name; }).join(", ") || "none") + "</span>"
        : '<span class="progress" data-progress-count="' + s + '">' + C.bundle(pub.progress_counts[s], decks) + "</span>";
      var levels = pub.improvements[s].map(function (lv, tr) { return decks[tr] + " " + lv; }).join(", ");
      var badges = [];
      if (pub.longest_road === s) badges.push("longest road");
      if (pub.merchant_owner === s) badges.push("merchant");
      pub.metropolis.forEach(function (corner, tr) { if (corner >= 0 && pub.owner[corner] === s) badges.push(decks[tr] + " metropolis"); });
      if (pub.defenders[s]) badges.push(pub.defenders[s] + " defender" + (pub.defenders[s] === 1 ? "" : "s"));
      var left = pub.pieces_left[s];
      rows.push('<div class="seatcard' + (ctx.move && ctx.move.s === s ? " tomove" : "") + '" data-seat="' + s + '">' +
        '<div class="seathead"><span class="swatch seat" style="background:' + ctx.colors[s] + '"></span><b>seat ' + s + "</b> " + esc(ctx.names[s]) +
        '<span class="vp">' + pub.vp[s] + " VP</span></div>" +
        "<div>cards: " + cards + "</div><div>progress: " + progress + "</div>" +
        "<div>improvements: " + levels + "</div><div>" + knightLine(pub, s) + "</div>" +
        "<div>road " + pub.road_lengths[s] + ", left: " + left[0] + " settlements, " + left[1] + " cities, " + left[2] + " roads, " + left[3] + " walls</div>" +
        (badges.length ? '<div class="badges">' + badges.join(", ") + "</div>" : "") + "</div>");
    }
    var dice = pub.dice[0] ? "red " + pub.dice[0] + ", yellow " + pub.dice[1] + (pub.dice[2] ? ", event " + t.event_faces[pub.dice[2] - 1] : "") : "";
    var info = '<div class="shared">supply: ' + C.bundle(pub.bank, t.kinds) + "<br>progress decks: " + C.bundle(pub.deck_sizes, decks) +
      "<br>barbarians: step " + pub.ship + " of " + t.barbarian_track + ", " + pub.attacks + " attack" + (pub.attacks === 1 ? "" : "s") +
      (dice ? "<br>dice this turn: " + dice : "") + "<br>turn " + pub.turn + (pub.phase ? ", " + esc(ctx.words(pub.phase)) : "") +
      (pub.decision && pub.decision !== "TurnPhase" ? ", " + esc(ctx.words(pub.decision)) : "") + (pub.step ? " (" + esc(ctx.words(pub.step)) + ")" : "") + ", " + pub.vp_to_win + " VP to win</div>";
    var who = ctx.seat === null ? "everything: every hand and progress card by type" : "as seat " + ctx.seat + " saw it: other hands and progress cards as counts";
    return '<p class="view-note">' + who + "</p>" + rows.join("") + info;
  }

  ArenaViewer.renderers["catan-ck"] = { board: board, side: side };
})();
