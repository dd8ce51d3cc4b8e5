/* Catan for the replay viewer: the board drawn from the board message alone (every hex, corner,
   edge and harbor with its coordinates), so any board shape the engine builds (the 19-hex island,
   the 30-hex one of the 5-6 player extension, a Seafarers frame with its sea) is drawn by this same
   code. Seafarers adds sea, gold and fog hexes (a fog space is drawn as unknown in a seat's view until
   its discovery shows its hex), ships on edges and the pirate.
   Coordinates: x in half hex widths, y in quarter hex heights (engine/games/catan/board_tables.py).
   A game that adds pieces to this board (Cities & Knights, catan_ck.js) calls ArenaCatan.draw with its
   own layers. A variant's own board parts come in the board message too: the Jungle's jungle
   (board.jungle) and the Big River's River with its gold mine (board.river, docs/rules/seafarers.md). */
"use strict";

(function () {
  var TERRAIN = [
    { name: "hills", color: "#c8693a", produces: "brick" },
    { name: "forest", color: "#2f6d32", produces: "lumber" },
    { name: "pasture", color: "#9bcf62", produces: "wool" },
    { name: "fields", color: "#f0c53f", produces: "grain" },
    { name: "mountains", color: "#8e8f9c", produces: "ore" },
    { name: "desert", color: "#e6d5a3", produces: "nothing" },
    { name: "gold", color: "#d9a520", produces: "a resource of choice" },
    { name: "sea", color: "#3f7fb5", produces: "nothing" },
    { name: "fog", color: "#a7adb5", produces: "unknown until discovered" },
    { name: "jungle", color: "#137a6a", produces: "discovery tokens" },
    { name: "gold mine", color: "#c99a1e", produces: "nothing; +VP for buildings on its corners" },
  ];
  var SEA = 7, FOG = 8;
  var RESOURCES = ["brick", "lumber", "wool", "grain", "ore"];
  var DEVS = ["knight", "road building", "year of plenty", "monopoly", "victory point"];
  var R = 40; /* hex radius in pixels */
  var HX = Math.sqrt(3) * R / 2, QY = R / 2;

  function px(x) { return x * HX; }
  function py(y) { return y * QY; }

  function pips(token) { return token ? 6 - Math.abs(7 - token) : 0; }

  /* A settlement or city of seat at (x, y); corner (optional) names it in its hover text, as moves do. */
  function house(x, y, s, color, seat, kind, corner) {
    var pts = kind === "city"
      ? [[-1.3, 1], [-1.3, -0.4], [-0.55, -1.15], [0.2, -0.4], [0.2, -0.1], [1.3, -0.1], [1.3, 1]]
      : [[-0.85, 0.85], [-0.85, -0.25], [0, -1.05], [0.85, -0.25], [0.85, 0.85]];
    var d = pts.map(function (p) { return (x + p[0] * s).toFixed(1) + "," + (y + p[1] * s).toFixed(1); }).join(" ");
    var title = corner === undefined ? "" : "<title>" + kind + " of seat " + seat + " on corner " + corner + "</title>";
    return '<polygon class="piece ' + kind + '" data-seat="' + seat + '" points="' + d + '" fill="' + color +
      '" stroke="#1b1b1b" stroke-width="1.6">' + title + "</polygon>";
  }

  function board(ctx) { return draw(ctx, ctx.data.board, null); }

  /* The board b (a board message) at ctx's position; extra (or null) adds layers: extra.under(ctx, b, obs)
     before the buildings, extra.over(ctx, b, obs) after them, extra.robber(obs) false for a robber not
     in play yet, extra.footer(ctx, x, y, width) in a band extra.band pixels high under the island,
     extra.legend a line for the legend. */
  function draw(ctx, b, extra) {
    var esc = ctx.esc;
    var obs = ctx.views[ctx.seat === null ? 0 : ctx.seat];
    var xs = b.corners.map(function (c) { return px(c.x); }), ys = b.corners.map(function (c) { return py(c.y); });
    var pad = R * 1.35;
    var minX = Math.min.apply(null, xs) - pad, maxX = Math.max.apply(null, xs) + pad;
    var minY = Math.min.apply(null, ys) - pad, islandY = Math.max.apply(null, ys) + pad;
    var maxY = islandY + (extra && extra.band ? extra.band : 0);
    var out = ['<svg class="catan" xmlns="http://www.w3.org/2000/svg" viewBox="' + [minX, minY, maxX - minX, maxY - minY].map(function (v) { return v.toFixed(1); }).join(" ") +
      '" role="img" aria-label="Catan board at position ' + ctx.ply + '">'];
    /* the sea around the island; around a Seafarers map (whose sea hexes are drawn) a darker frame */
    out.push('<rect x="' + minX + '" y="' + minY + '" width="' + (maxX - minX) + '" height="' + (maxY - minY) + '" rx="18" fill="' + (b.sea ? "#2c5f8c" : "#3f7fb5") + '"/>');
    /* hexes */
    b.hexes.forEach(function (h) {
      var kind = obs.terrain ? obs.terrain[h.id] : h.terrain;
      var t = TERRAIN[kind] || TERRAIN[5];
      var pts = h.corners.map(function (c) { return px(b.corners[c].x).toFixed(1) + "," + py(b.corners[c].y).toFixed(1); }).join(" ");
      out.push('<polygon class="hex" data-hex="' + h.id + '" data-terrain="' + t.name + '" points="' + pts + '" fill="' + t.color +
        '" stroke="' + (kind === SEA ? "#5b93c4" : "#f3ead2") + '" stroke-width="' + (kind === SEA ? 1 : 3) + '"><title>hex ' + h.id + ": " + t.name + " (" + t.produces + ")" +
        (h.token && kind !== FOG ? ", token " + h.token : "") + "</title></polygon>");
      if (kind === FOG) out.push('<text x="' + px(h.x) + '" y="' + (py(h.y) + 9) + '" text-anchor="middle" class="fog-mark">?</text>');
    });
    if (b.jungle) out.push(jungle(b));
    if (b.river) out.push(river(b));
    /* harbors: a pier from the two corners to a tag out at sea */
    b.harbors.forEach(function (hb) {
      var a = b.corners[hb.corners[0]], c = b.corners[hb.corners[1]], h = b.hexes[hb.hex];
      var mx = (px(a.x) + px(c.x)) / 2, my = (py(a.y) + py(c.y)) / 2;
      var dx = mx - px(h.x), dy = my - py(h.y), len = Math.sqrt(dx * dx + dy * dy) || 1;
      var tx = mx + dx / len * R * 0.62, ty = my + dy / len * R * 0.62;
      var label = hb.ratio === 3 ? "3:1" : "2:1";
      var fill = hb.resource >= 0 ? TERRAIN[hb.resource].color : "#fbf6e9";
      out.push('<g class="harbor" data-harbor="' + hb.id + '">' +
        '<line x1="' + px(a.x) + '" y1="' + py(a.y) + '" x2="' + tx + '" y2="' + ty + '" stroke="#6b4f2a" stroke-width="3"/>' +
        '<line x1="' + px(c.x) + '" y1="' + py(c.y) + '" x2="' + tx + '" y2="' + ty + '" stroke="#6b4f2a" stroke-width="3"/>' +
        '<circle cx="' + tx + '" cy="' + ty + '" r="' + (R * 0.36) + '" fill="' + fill + '" stroke="#6b4f2a" stroke-width="2"/>' +
        '<text x="' + tx + '" y="' + (ty + 4) + '" text-anchor="middle" class="harbor-label">' + label + "</text>" +
        "<title>harbor " + hb.id + ": " + (hb.resource >= 0 ? "2 " + RESOURCES[hb.resource] + " for 1" : "3 of a kind for 1") + "</title></g>");
    });
    /* number tokens */
    b.hexes.forEach(function (h) {
      var token = obs.tokens ? obs.tokens[h.id] : h.token;
      if (!token) return;
      var cx = px(h.x), cy = py(h.y), hot = token === 6 || token === 8;
      var dots = [];
      for (var i = 0, n = pips(token); i < n; i++)
        dots.push('<circle cx="' + (cx + (i - (n - 1) / 2) * 4.2).toFixed(1) + '" cy="' + (cy + 9) + '" r="1.5" fill="' + (hot ? "#b71c1c" : "#333") + '"/>');
      out.push('<g class="token"><circle cx="' + cx + '" cy="' + cy + '" r="' + (R * 0.4) + '" fill="#fbf3dc" stroke="#7a6a45" stroke-width="1.2"/>' +
        '<text x="' + cx + '" y="' + (cy + 4) + '" text-anchor="middle" class="token-num' + (hot ? " hot" : "") + '">' + token + "</text>" + dots.join("") + "</g>");
    });
    /* roads */
    var roads = obs.road_owner || [];
    b.edges.forEach(function (e) {
      var seat = roads[e.id];
      if (seat === undefined || seat < 0) return;
      var a = b.corners[e.corners[0]], c = b.corners[e.corners[1]];
      var x1 = px(a.x), y1 = py(a.y), x2 = px(c.x), y2 = py(c.y);
      var sx = x1 + (x2 - x1) * 0.16, sy = y1 + (y2 - y1) * 0.16, ex = x1 + (x2 - x1) * 0.84, ey = y1 + (y2 - y1) * 0.84;
      var ends = e.corners.slice().sort(function (p, q) { return p - q; });
      out.push('<g class="piece road" data-seat="' + seat + '" data-edge="' + e.id + '"><title>road of seat ' + seat + " on " + ends[0] + "-" + ends[1] + "</title>" +
        '<line x1="' + sx + '" y1="' + sy + '" x2="' + ex + '" y2="' + ey + '" stroke="#1b1b1b" stroke-width="9" stroke-linecap="round"/>' +
        '<line x1="' + sx + '" y1="' + sy + '" x2="' + ex + '" y2="' + ey + '" stroke="' + ctx.colors[seat] + '" stroke-width="6" stroke-linecap="round"/></g>');
    });
    /* Seafarers: ships on their edges and the pirate */
    if (obs.ship_owner) out.push(ships(ctx, b, obs));
    /* robber */
    if (obs.robber !== undefined && obs.robber >= 0) {
      var rh = b.hexes[obs.robber], rx = px(rh.x) + R * 0.48, ry = py(rh.y) - R * 0.1;
      var idle = extra && extra.robber && !extra.robber(obs);
      /* a light rim: the dark figure shows on a forest or mountains hex too */
      out.push('<g class="robber" data-hex="' + obs.robber + '"' + (idle ? ' opacity="0.35"' : "") + ' stroke="#f3ead2" stroke-width="1.3"><ellipse cx="' + rx + '" cy="' + (ry + 12) + '" rx="8" ry="3.5" fill="#222"/>' +
        '<path d="M' + (rx - 6.5) + "," + (ry + 12) + " Q" + rx + "," + (ry - 16) + " " + (rx + 6.5) + "," + (ry + 12) + ' Z" fill="#2b2b2b"/>' +
        '<circle cx="' + rx + '" cy="' + (ry - 8) + '" r="5" fill="#2b2b2b"/><title>the robber (hex ' + obs.robber +
        (idle ? "; not in play before the barbarians' first attack" : "") + ")</title></g>");
    }
    if (extra && extra.under) out.push(extra.under(ctx, b, obs));
    /* settlements and cities */
    var owner = obs.owner || [], level = obs.level || [];
    b.corners.forEach(function (c) {
      var seat = owner[c.id];
      if (seat === undefined || seat < 0) return;
      out.push(house(px(c.x), py(c.y), 9, ctx.colors[seat], seat, level[c.id] === 2 ? "city" : "settlement", c.id));
    });
    if (extra && extra.over) out.push(extra.over(ctx, b, obs));
    if (extra && extra.footer) out.push(extra.footer(ctx, minX, islandY, maxX - minX));
    if (ctx.last) {
      var dice = (ctx.last.e || []).map(function (e) { return ArenaViewer.eventText(ctx.data, e, ctx.seat); })
        .filter(function (t) { return t && /^(dice|roll)\b/.test(t); });
      if (dice.length) out.push('<text x="' + (minX + 14) + '" y="' + (minY + 24) + '" class="dice-note">' + esc(rolled(dice[0])) + "</text>");
    }
    out.push("</svg>");
    out.push(legend(ctx, extra && extra.legend));
    return out.join("");
  }

  /* The last roll for the board's corner: "seat 0 rolled 2 + 2 = 4" ("dice seat=0 dice=2,2 sum=4"; the
     red and yellow dice and the event die of Cities & Knights by name). */
  function rolled(text) {
    var seat = text.match(/ seat=(\d+)/), sum = text.match(/ sum=(\d+)/);
    var pair = text.match(/ dice=(\d+),(\d+)/), red = text.match(/ red=(\d+)/), yellow = text.match(/ yellow=(\d+)/);
    var event = text.match(/ event=(\S+)/);
    if (!seat || !sum) return ArenaViewer.eventWords(text);
    var dice = pair ? pair[1] + " + " + pair[2] : red && yellow ? "red " + red[1] + " + yellow " + yellow[1] : "";
    return "seat " + seat[1] + " rolled " + (dice ? dice + " = " : "") + sum[1] + (event ? ", event " + event[1] : "");
  }

  /* The jungle (seafarers.md §7): leaves over the hex, so it reads as more than a colour. */
  function jungle(b) {
    var out = [];
    b.jungle.hexes.forEach(function (id) {
      var h = b.hexes[id], cx = px(h.x), cy = py(h.y);
      [[-0.55, -0.45], [0.5, -0.5], [-0.6, 0.45], [0.55, 0.5]].forEach(function (d) {
        var x = cx + d[0] * R, y = cy + d[1] * R;
        out.push('<path class="jungle-leaf" d="M' + x.toFixed(1) + "," + (y + 7).toFixed(1) + " Q" + (x - 8).toFixed(1) + "," + y.toFixed(1) +
          " " + x.toFixed(1) + "," + (y - 8).toFixed(1) + " Q" + (x + 8).toFixed(1) + "," + y.toFixed(1) + " " + x.toFixed(1) + "," + (y + 7).toFixed(1) +
          ' Z" fill="#8fd6a0" stroke="#0b3f36" stroke-width="1"/>');
      });
    });
    return '<g class="jungle" data-hexes="' + b.jungle.hexes.join(" ") + '">' + out.join("") + "</g>";
  }

  /* The Big River (seafarers.md §8): a river winding through the three parts from the top, a band along
     the riverbank corners, and the gold mine's sign. */
  function river(b) {
    var r = b.river, pts = r.hexes.map(function (id) { return [px(b.hexes[id].x), py(b.hexes[id].y)]; });
    var first = pts[0], last = pts[pts.length - 1];
    var dx = (last[0] - first[0]) / 4, dy = (last[1] - first[1]) / 4;
    var path = "M" + (first[0] - dx * 0.9).toFixed(1) + "," + (first[1] - dy * 0.9).toFixed(1);
    pts.forEach(function (p, i) {
      var side = i % 2 ? 1 : -1;
      path += " Q" + (p[0] - dx * 0.5 + side * 14).toFixed(1) + "," + (p[1] - dy * 0.5).toFixed(1) + " " + p[0].toFixed(1) + "," + p[1].toFixed(1);
    });
    var out = ['<g class="river" data-hexes="' + r.hexes.join(" ") + '">',
      '<path d="' + path + '" fill="none" stroke="#cfe8f7" stroke-width="15" stroke-linecap="round" opacity="0.9"/>',
      '<path d="' + path + '" fill="none" stroke="#3b8fd0" stroke-width="9" stroke-linecap="round"/>'];
    r.riverbank.forEach(function (c) {
      out.push('<circle class="riverbank" data-corner="' + c + '" cx="' + px(b.corners[c].x).toFixed(1) + '" cy="' + py(b.corners[c].y).toFixed(1) +
        '" r="3.2" fill="#3b8fd0" opacity="0.75"><title>riverbank: no settlement here during setup</title></circle>');
    });
    var g = b.hexes[r.gold_mine], gx = px(g.x), gy = py(g.y) + R * 0.34;
    out.push('<g class="gold-mine" data-hex="' + r.gold_mine + '"><circle cx="' + gx.toFixed(1) + '" cy="' + gy.toFixed(1) + '" r="10" fill="#f7d56b" stroke="#7a5a0c" stroke-width="1.5"/>' +
      '<text x="' + gx.toFixed(1) + '" y="' + (gy + 4).toFixed(1) + '" text-anchor="middle" class="gold-label">+' + r.bonus_vp + "</text>" +
      "<title>the gold mine: each " + (r.bonus === "first_only" ? "building of the first seat to build here" : "building on its corners") +
      " is worth " + r.bonus_vp + " VP more</title></g>");
    out.push("</g>");
    return out.join("");
  }

  /* A ship: a hull along its edge in the seat's colour with a sail; the pirate: a black ship in its hex. */
  function hull(x1, y1, x2, y2, fill, stroke, cls, title) {
    var mx = (x1 + x2) / 2, my = (y1 + y2) / 2, dx = x2 - x1, dy = y2 - y1, len = Math.sqrt(dx * dx + dy * dy) || 1;
    var ux = dx / len, uy = dy / len, nx = -uy, ny = ux, L = R * 0.34, W = R * 0.12;
    var p = function (a, b) { return (mx + ux * a + nx * b).toFixed(1) + "," + (my + uy * a + ny * b).toFixed(1); };
    return '<g class="' + cls + '"><polygon points="' + [p(-L, 0), p(-L * 0.6, W), p(L * 0.6, W), p(L, 0), p(L * 0.6, -W * 0.4), p(-L * 0.6, -W * 0.4)].join(" ") +
      '" fill="' + fill + '" stroke="' + stroke + '" stroke-width="1.6"/><polygon points="' + [p(-L * 0.1, -W * 0.4), p(-L * 0.1, -W * 3.2), p(L * 0.45, -W * 0.4)].join(" ") +
      '" fill="#fbf6e9" stroke="' + stroke + '" stroke-width="1"/><title>' + title + "</title></g>";
  }

  function ships(ctx, b, obs) {
    var out = [];
    b.edges.forEach(function (e) {
      var seat = obs.ship_owner[e.id];
      if (seat === undefined || seat < 0) return;
      var a = b.corners[e.corners[0]], c = b.corners[e.corners[1]];
      var ends = e.corners.slice().sort(function (p, q) { return p - q; });
      out.push(hull(px(a.x), py(a.y), px(c.x), py(c.y), ctx.colors[seat], "#1b1b1b", 'piece ship" data-seat="' + seat + '" data-edge="' + e.id,
        "ship of seat " + seat + " on " + ends[0] + "-" + ends[1]));
    });
    if (obs.pirate !== undefined && obs.pirate >= 0) {
      var h = b.hexes[obs.pirate], x = px(h.x), y = py(h.y) + R * 0.35;
      out.push(hull(x - R * 0.45, y, x + R * 0.45, y, "#1b1b1b", "#000", 'pirate" data-hex="' + obs.pirate, "the pirate (hex " + obs.pirate + ")"));
    }
    return out.join("");
  }

  function legend(ctx, more) {
    var b = ctx.data.board, sea = b && b.sea, present = {};
    (b && b.hexes ? b.hexes : []).forEach(function (h) { present[h.terrain] = true; });
    /* the resource terrains always; the others on the board (a Seafarers map: the sea's three and the desert) */
    var items = TERRAIN.filter(function (t, i) { return i < 5 || present[i] || (sea && i <= FOG); }).map(function (t) {
      return '<span class="key"><span class="swatch" style="background:' + t.color + '"></span>' + t.name + " (" + t.produces + ")</span>";
    });
    if (b && b.river) items.push('<span class="key"><span class="swatch" style="background:#3b8fd0"></span>the River (blue dots: its banks, no settlement there during setup)</span>');
    var seats = ctx.names.map(function (n, s) {
      return '<span class="key"><span class="swatch seat" style="background:' + ctx.colors[s] + '"></span>seat ' + s + " " + ctx.esc(n) + "</span>";
    });
    return '<div class="legend">' + items.join("") + '<br>' + seats.join("") +
      '<br><span class="key">&#x2302; settlement, wider: city; bars: roads; red numbers (6, 8) roll most often, dots count the ways to roll a number; circles at sea: harbors (3:1 any, 2:1 the colour\'s resource); dark figure: the robber</span>' +
      (sea ? '<br><span class="key">boats on edges: ships, in the seat\'s colour; black boat: the pirate' +
        (ctx.views[ctx.seat === null ? 0 : ctx.seat].pirate < 0 ? " (now on the frame, off the map)" : "") + '; "?": a fog space not yet discovered</span>' : "") +
      (more ? '<br><span class="key">' + more + "</span>" : "") + "</div>";
  }

  function bundle(values, names) {
    return values.map(function (v, i) { return v ? v + " " + names[i] : ""; }).filter(Boolean).join(", ") || "none";
  }

  function side(ctx) {
    var n = ctx.names.length, esc = ctx.esc, rows = [];
    var pub = ctx.views[ctx.seat === null ? 0 : ctx.seat];
    for (var s = 0; s < n; s++) {
      var own = ctx.views[s];
      var shows = ctx.seat === null || ctx.seat === s; /* its cards by type */
      var cards = shows ? '<span class="cards" data-hand="' + s + '">' + bundle(own.hand, RESOURCES) + "</span>"
        : '<span class="cards" data-hand-count="' + s + '">' + pub.hand_sizes[s] + " cards</span>";
      var devs = shows ? bundle(own.devs, DEVS) : pub.dev_counts[s] + " unplayed";
      var badges = [];
      if (pub.longest_road === s) badges.push(pub.ship_owner ? "longest trade route" : "longest road");
      if (pub.largest_army === s) badges.push("largest army");
      if (pub.river && pub.river.length) {
        var gold = goldPoints(ctx.data.board, pub, s);
        if (gold) badges.push("gold mine +" + gold + " VP");
      }
      var vp = shows ? own.vp + " VP" + (own.vp !== pub.public_vp[s] ? " (" + pub.public_vp[s] + " shown)" : "") : pub.public_vp[s] + " VP";
      var left = pub.pieces_left ? pub.pieces_left[s] : null;
      rows.push('<div class="seatcard' + (ctx.move && ctx.move.s === s ? " tomove" : "") + '" data-seat="' + s + '">' +
        '<div class="seathead"><span class="swatch seat" style="background:' + ctx.colors[s] + '"></span><b>seat ' + s + "</b> " + esc(ctx.names[s]) +
        '<span class="vp">' + vp + "</span></div>" +
        "<div>cards: " + cards + "</div><div>development: " + devs + "</div>" +
        (ctx.data.board && ctx.data.board.jungle ? '<div class="tokens" data-tokens="' + s + '">discovery tokens: ' + pub.discovery_tokens[s] + "</div>" : "") +
        "<div>knights played " + pub.knights[s] + (pub.ship_owner ? ", route " : ", road ") + pub.road_lengths[s] +
        (left ? ", left: " + left[0] + " settlements, " + left[1] + " cities, " + left[2] + " roads" : "") +
        (pub.ships_left ? ", " + pub.ships_left[s] + " ships" : "") + "</div>" +
        (pub.island_vp && pub.island_vp[s] ? "<div>island VP tokens: " + pub.island_vp[s] + "</div>" : "") +
        (badges.length ? '<div class="badges">' + badges.join(", ") + "</div>" : "") + "</div>");
    }
    /* the phase names the turn's step; a decision inside it (a discard, the robber) follows it */
    var decision = pub.decision && pub.decision !== "TurnPhase" ? ", " + esc(ctx.words(pub.decision)) : "";
    var info = '<div class="shared">bank: ' + bundle(pub.bank, RESOURCES) + "<br>development deck: " + pub.deck_size + " cards" +
      (pub.robber < 0 ? "<br>the robber is off the board until the first 7 or knight" : "") +
      (pub.rolled ? "<br>dice this turn: " + pub.rolled : "") + "<br>turn " + pub.turn +
      (pub.phase ? ", " + esc(ctx.words(pub.phase)) : "") + decision + "</div>";
    var who = ctx.seat === null ? "everything: every hand by type" : "as seat " + ctx.seat + " saw it: other hands as counts";
    return '<p class="view-note">' + who + "</p>" + rows.join("") + info;
  }

  /* Seat s's bonus VP from the gold mine (seafarers.md §8.4), from the board and the pieces. */
  function goldPoints(b, pub, s) {
    var r = b && b.river;
    if (!r || (r.bonus === "first_only" && pub.gold_mine_first !== s)) return 0;
    return r.gold_mine_corners.filter(function (c) { return pub.owner[c] === s; }).length * r.bonus_vp;
  }

  ArenaViewer.renderers["catan"] = { board: board, side: side };
  window.ArenaCatan = { draw: draw, house: house, px: px, py: py, R: R, TERRAIN: TERRAIN, bundle: bundle };
})();
