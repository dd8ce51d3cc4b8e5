/* Puerto Rico for the replay viewer: each seat's island (plantations and quarries with their
   colonists) and city (buildings with their colonists), goods, doubloons and VP chips; the roles
   with their doubloons, the cargo ships, the trading house, the plantation row and the supplies.
   Building sizes and capacities come from the match's tables (board.buildings). */
"use strict";

(function () {
  var GOODS = { corn: "#f2d13c", indigo: "#3c5fb8", sugar: "#f4f4f0", tobacco: "#8a5a32", coffee: "#3b2a1e" };
  var QUARRY = "#9a9a9a";
  var GOOD_ORDER = ["corn", "indigo", "sugar", "tobacco", "coffee"];
  var KIND_COLORS = { production: "#dfe9d0", violet: "#e4d6ef", large: "#f3dfc9" };

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function goodColor(kind) { return kind === "quarry" ? QUARRY : GOODS[kind] || "#ccc"; }

  function colonists(x, y, filled, capacity, r) {
    var out = [];
    for (var i = 0; i < capacity; i++)
      out.push('<circle class="colonist-space' + (i < filled ? " filled" : "") + '" cx="' + (x + i * (2 * r + 3)) + '" cy="' + y + '" r="' + r +
        /* a filled disc has a white rim: it shows on the dark tobacco and coffee tiles too */
        '" fill="' + (i < filled ? "#5b3a1a" : "#fff") + '" stroke="' + (i < filled ? "#fff" : "#5b3a1a") + '" stroke-width="1.4"/>');
    return out.join("");
  }

  function seatBoard(ctx, seatView, s, info, x0, y0) {
    var esc = ctx.esc, out = [], W = 486;
    var tomove = ctx.move && ctx.move.s === s;
    out.push('<g class="seat-board" data-seat="' + s + '">');
    out.push('<rect x="' + x0 + '" y="' + y0 + '" width="' + W + '" height="268" rx="10" fill="#fbf7ec" stroke="' + ctx.colors[s] +
      '" stroke-width="' + (tomove ? 5 : 3) + '"/>');
    out.push('<rect x="' + x0 + '" y="' + y0 + '" width="' + W + '" height="26" rx="10" fill="' + ctx.colors[s] + '"/>');
    var vp = seatView.vp === null || seatView.vp === undefined ? "? VP chips" : seatView.vp + " VP chips";
    var light = s === 3;
    var name = String(ctx.names[s]);
    if (name.length > 24) name = name.slice(0, 23) + "…";
    out.push('<text x="' + (x0 + 10) + '" y="' + (y0 + 18) + '" class="seat-title' + (light ? " dark" : "") + '">seat ' + s + " " + esc(name) +
      (info.governor === s ? " · governor" : "") + "</text>");
    out.push('<text x="' + (x0 + W - 10) + '" y="' + (y0 + 18) + '" text-anchor="end" class="seat-title' + (light ? " dark" : "") + '">' +
      plural(seatView.doubloons, "doubloon") + " &middot; " + vp + "</text>");
    /* island: 12 spaces, 4 x 3 */
    out.push('<text x="' + (x0 + 10) + '" y="' + (y0 + 44) + '" class="caption">island</text>');
    var tiles = [];
    seatView.island.forEach(function (t) {
      for (var i = 0; i < t.tiles; i++) tiles.push({ kind: t.kind, occupied: i < t.occupied });
    });
    for (var i = 0; i < 12; i++) {
      var cx = x0 + 10 + (i % 4) * 40, cy = y0 + 52 + Math.floor(i / 4) * 40, tile = tiles[i];
      if (!tile) {
        out.push('<rect x="' + cx + '" y="' + cy + '" width="36" height="36" rx="5" fill="#e8f0de" stroke="#c8d3b8"/>');
        continue;
      }
      out.push('<g class="plantation" data-kind="' + tile.kind + '" data-seat="' + s + '"><rect x="' + cx + '" y="' + cy +
        '" width="36" height="36" rx="5" fill="' + goodColor(tile.kind) + '" stroke="#4a4a4a"/>' +
        colonists(cx + 18, cy + 18, tile.occupied ? 1 : 0, 1, 7) + "<title>" + tile.kind + (tile.occupied ? ", manned" : ", empty") + "</title></g>");
    }
    /* city: 12 spaces, 4 x 3; a large building takes two in a column */
    out.push('<text x="' + (x0 + 180) + '" y="' + (y0 + 44) + '" class="caption">city</text>');
    var CW = 72;
    var byName = {};
    (ctx.data.board.buildings || []).forEach(function (b) { byName[b.name] = b; });
    var used = {};
    seatView.city.forEach(function (bv) {
      var b = byName[bv.name] || { size: 1, circles: 1, kind: "violet", vp: 0 };
      var col = 0, row = 0;
      for (var cell = 0; cell < 12; cell++) {
        var c = cell % 4, r = Math.floor(cell / 4);
        if (used[r + "," + c] || (b.size === 2 && (r > 1 || used[r + 1 + "," + c]))) continue;
        col = c; row = r;
        break;
      }
      used[row + "," + col] = true;
      if (b.size === 2) used[row + 1 + "," + col] = true;
      var bx = x0 + 180 + col * (CW + 3), by = y0 + 52 + row * 40, h = b.size === 2 ? 76 : 36;
      out.push('<g class="building" data-building="' + esc(bv.name) + '" data-seat="' + s + '"><rect x="' + bx + '" y="' + by + '" width="' + CW + '" height="' + h +
        '" rx="4" fill="' + (b.size === 2 ? KIND_COLORS.large : KIND_COLORS[b.kind] || "#eee") + '" stroke="#5a4a3a"/>' +
        (b.produces ? '<rect x="' + bx + '" y="' + by + '" width="6" height="' + h + '" fill="' + goodColor(b.produces) + '"/>' : "") +
        '<text x="' + (bx + 4 + CW / 2) + '" y="' + (by + 13) + '" text-anchor="middle" class="bname">' + esc(short(bv.name)) + "</text>" +
        colonists(bx + 11, by + 26, bv.colonists, b.circles, 4.5) + "<title>" + esc(bv.name) + ": " + bv.colonists + " of " + b.circles +
        " colonists, " + b.vp + " VP</title></g>");
    });
    /* goods and San Juan */
    var gy = y0 + 186;
    out.push('<text x="' + (x0 + 10) + '" y="' + (gy + 2) + '" class="caption">goods</text>');
    GOOD_ORDER.forEach(function (g, k) {
      var gx = x0 + 10 + k * 94;
      out.push('<g class="goods" data-good="' + g + '" data-seat="' + s + '"><rect x="' + gx + '" y="' + (gy + 8) + '" width="22" height="22" rx="4" fill="' + GOODS[g] +
        '" stroke="#333"/><text x="' + (gx + 28) + '" y="' + (gy + 24) + '" class="count">' + seatView.goods[k] + " " + g + "</text></g>");
    });
    out.push('<text x="' + (x0 + 10) + '" y="' + (gy + 56) + '" class="caption">San Juan: ' + seatView.san_juan + " colonist" +
      (seatView.san_juan === 1 ? "" : "s") + " waiting &middot; city spaces used " + seatView.city_spaces + " of 12</text>");
    out.push("</g>");
    return out.join("");
  }

  /* A building's name in a dozen letters: "sm. indigo", "lg. market", "constr. hut". */
  function short(name) {
    var text = String(name).replace(/-(plant|mill|storage|roaster)$/, "").replace(/^small-/, "sm. ")
      .replace(/^large-/, "lg. ").replace(/^construction-/, "constr. ").replace(/-/g, " ");
    return text.length > 13 ? text.slice(0, 12) + "." : text;
  }

  /* The whole table in one picture: 1,000 units wide with the seats' boards two by two, or, where the
     board is narrower than NARROW pixels (a phone), 510 wide with one board under the other and the
     roles, ships and rows stacked, so that the drawing keeps a legible scale. */
  var NARROW = 700;

  function board(ctx) {
    var obs = ctx.views[ctx.seat === null ? 0 : ctx.seat];
    var narrow = ctx.width > 0 && ctx.width < NARROW;
    var n = obs.seats.length, cols = narrow ? 1 : 2, rows = Math.ceil(n / cols);
    var perRow = narrow ? 6 : 12, roleRows = Math.ceil(obs.roles.length / perRow);
    var down = (roleRows - 1) * 46; /* the roles' extra rows push the rest down */
    var rowsX = narrow ? 12 - 520 : 0, rowsY = narrow ? down + 66 : 0; /* trading house, plantations */
    var width = narrow ? 510 : 1000, top = 166 + down + (narrow ? 82 : 0), height = top + rows * 280 + 10;
    var out = ['<svg class="puerto-rico" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + width + " " + height +
      '" role="img" aria-label="Puerto Rico at position ' + ctx.ply + '">'];
    out.push('<rect x="0" y="0" width="' + width + '" height="' + height + '" rx="14" fill="#cfe6ef"/>');
    /* roles */
    out.push('<text x="12" y="20" class="caption">roles</text>');
    obs.roles.forEach(function (r, i) {
      var x = 12 + (i % perRow) * 84, y = 26 + Math.floor(i / perRow) * 46, taken = r.taken_by !== null && r.taken_by !== undefined;
      out.push('<g class="role" data-role="' + r.name + '"><rect x="' + x + '" y="' + y + '" width="78" height="40" rx="6" fill="' +
        (taken ? ctx.colors[r.taken_by] : "#fff8e5") + '" stroke="#7b6440" opacity="' + (taken ? 0.85 : 1) + '"/>' +
        '<text x="' + (x + 39) + '" y="' + (y + 16) + '" text-anchor="middle" class="rname' + (taken && r.taken_by !== 3 ? " light" : "") + '">' + r.name + "</text>" +
        '<text x="' + (x + 39) + '" y="' + (y + 32) + '" text-anchor="middle" class="small' + (taken && r.taken_by !== 3 ? " light" : "") + '">' +
        (taken ? "seat " + r.taken_by : r.doubloons + " doubloon" + (r.doubloons === 1 ? "" : "s")) + "</text></g>");
    });
    /* ships */
    out.push('<g transform="translate(0,' + down + ')"><text x="12" y="88" class="caption">cargo ships</text>');
    obs.ships.forEach(function (sh, i) {
      var x = 12 + i * 150;
      var boxes = [];
      for (var k = 0; k < sh.capacity; k++)
        boxes.push('<rect x="' + (x + 4 + k * 17) + '" y="100" width="14" height="14" rx="2" fill="' + (k < sh.count ? goodColor(sh.kind) : "#fff") + '" stroke="#333"/>');
      out.push('<g class="ship" data-capacity="' + sh.capacity + '"><path d="M' + x + ",96 h" + (sh.capacity * 17 + 8) + " l-8,22 h-" + (sh.capacity * 17 - 8) +
        ' z" fill="#8d6e4e" stroke="#4e3a26"/>' + boxes.join("") + '<text x="' + x + '" y="134" class="small">' + sh.count + "/" + sh.capacity +
        (sh.kind ? " " + sh.kind : " empty") + "</text></g>");
    });
    out.push("</g>");
    /* trading house */
    var tx = 520;
    out.push('<g transform="translate(' + rowsX + "," + rowsY + ')"><text x="' + tx + '" y="88" class="caption">trading house</text>');
    for (var k = 0; k < 4; k++) {
      var g = obs.trading_house[k];
      out.push('<rect class="trade-slot" x="' + (tx + k * 26) + '" y="98" width="22" height="22" rx="3" fill="' + (g ? GOODS[g] : "#fff") + '" stroke="#333"><title>' +
        (g || "empty") + "</title></rect>");
    }
    /* plantation row and supplies */
    out.push('<text x="660" y="88" class="caption">plantations</text>');
    obs.plantation_row.forEach(function (p, i) {
      out.push('<rect class="plantation-offer" data-kind="' + p + '" x="' + (660 + i * 26) + '" y="98" width="22" height="22" rx="3" fill="' + goodColor(p) +
        '" stroke="#333"><title>' + p + "</title></rect>");
    });
    out.push("</g>");
    var supplies = ["colonist ship " + obs.colonist_ship, "colonists " + obs.colonist_supply, "VP chips " + obs.vp_supply,
      "quarries " + obs.quarries, "plantation deck " + obs.deck_size];
    var lines = narrow ? [supplies.slice(0, 3), supplies.slice(3)] : [supplies];
    lines.forEach(function (line, i) {
      out.push('<text x="12" y="' + (154 + down + (narrow ? 66 : 0) + i * 15) + '" class="small">' + line.join(" &middot; ") + "</text>");
    });
    for (var s = 0; s < n; s++) {
      /* the host sees each seat's board as that seat did (its VP chips too) */
      var seatView = ctx.seat === null ? ctx.views[s].seats[s] : obs.seats[s];
      out.push(seatBoard(ctx, seatView, s, obs, 12 + (s % cols) * 496, top + Math.floor(s / cols) * 280));
    }
    out.push("</svg>");
    var keys = GOOD_ORDER.map(function (g) { return '<span class="key"><span class="swatch" style="background:' + GOODS[g] + '"></span>' + g + "</span>"; });
    keys.push('<span class="key"><span class="swatch" style="background:' + QUARRY + '"></span>quarry</span>');
    keys.push('<span class="key">buildings: green production, violet other, tan large (two spaces); filled circles: colonists</span>');
    return out.join("") + '<div class="legend">' + keys.join("") + "</div>";
  }

  function side(ctx) {
    var obs = ctx.views[ctx.seat === null ? 0 : ctx.seat], esc = ctx.esc;
    var rows = obs.seats.map(function (sv, s) {
      var own = ctx.views[s].seats[s];
      var vp = ctx.seat === null ? own.vp : sv.vp;
      return '<div class="seatcard' + (ctx.move && ctx.move.s === s ? " tomove" : "") + '" data-seat="' + s + '"><div class="seathead"><span class="swatch seat" style="background:' +
        ctx.colors[s] + '"></span><b>seat ' + s + "</b> " + esc(ctx.names[s]) + '<span class="vp" data-vp="' + s + '">' +
        (vp === null || vp === undefined ? "? VP chips" : vp + " VP chips") + "</span></div>" +
        "<div>" + plural(sv.doubloons, "doubloon") + ", " + plural(sv.city.length, "building") + ", " +
        plural(sv.island.reduce(function (a, t) { return a + t.tiles; }, 0), "island tile") + "</div></div>";
    });
    var who = ctx.seat === null ? "everything: every seat's VP chips" : "as seat " + ctx.seat + " saw it: others' VP chips hidden";
    return '<p class="view-note">' + who + "</p>" + rows.join("") + '<div class="shared">round ' + obs.round + ", governor seat " + obs.governor +
      "<br>" + (obs.decision ? esc(ctx.words(obs.decision)) + (obs.end_triggered ? "<br><b>the game ends this round</b>" : "") : "<b>the game is over</b>") + "</div>";
  }

  ArenaViewer.renderers["puerto-rico"] = { board: board, side: side };
})();
