/* The arena's web report, on every page: a match list (table[data-list]) is sorted by a click on a
   column's head, filtered by what its rows say and shown a page of rows at a time, its state kept for
   the tab's session; a page served by `arena report --serve` (meta arena-refresh) checks every few
   seconds whether a newer version of itself was written, and reloads only then. Hand-written, no
   dependencies; without scripts every row shows. */
"use strict";

(function () {
  /* rows shown at once (a page may set window.arenaListPage before this script runs) */
  var PAGE = window.arenaListPage > 0 ? Math.floor(window.arenaListPage) : 50;

  function sortKey(row, col) {
    var cell = row.cells[col];
    if (!cell) return "";
    return cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim();
  }

  function escapeText(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  var NUMBER = /^[-+]?\d+(\.\d+)?%?\*?$/;

  function compare(a, b) {
    var x = a === "" ? "0" : a, y = b === "" ? "0" : b;
    if (NUMBER.test(x) && NUMBER.test(y)) return parseFloat(x) - parseFloat(y);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  function List(table, index) {
    var self = this;
    this.table = table;
    this.body = table.tBodies[0];
    this.rows = Array.prototype.slice.call(this.body.rows);
    this.heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    this.key = "arena-list:" + location.pathname + ":" + index;
    this.state = { filter: "", col: -1, dir: 1, page: 0 };
    try {
      var saved = JSON.parse(sessionStorage.getItem(this.key) || "null");
      if (saved && typeof saved.filter === "string") this.state = saved;
    } catch (e) { /* no storage (file:// in some browsers): start afresh */ }
    var box = document.createElement("div");
    box.className = "list-controls";
    box.innerHTML =
      '<input type="search" class="list-filter" placeholder="filter: a bot, an end, a match id" aria-label="filter the matches">' +
      '<select class="list-sort" aria-label="order of the matches"></select>' +
      '<span class="list-count"></span>' +
      '<button type="button" data-step="-1">&#x25C0; previous</button><button type="button" data-step="1">next &#x25B6;</button>';
    table.parentNode.parentNode.insertBefore(box, table.parentNode);
    this.filter = box.querySelector(".list-filter");
    this.count = box.querySelector(".list-count");
    this.prev = box.querySelector('[data-step="-1"]');
    this.next = box.querySelector('[data-step="1"]');
    this.order = box.querySelector(".list-sort");
    var options = ['<option value="-1:1">as listed</option>'];
    this.heads.forEach(function (th, col) {
      var name = th.textContent.trim();
      options.push('<option value="' + col + ':1">' + escapeText(name) + " &#x2191;</option>");
      options.push('<option value="' + col + ':-1">' + escapeText(name) + " &#x2193;</option>");
    });
    this.order.innerHTML = options.join("");
    this.order.addEventListener("change", function () {
      var v = self.order.value.split(":");
      self.state.col = parseInt(v[0], 10);
      self.state.dir = parseInt(v[1], 10);
      self.state.page = 0;
      self.show();
    });
    this.filter.value = this.state.filter;
    this.filter.addEventListener("input", function () {
      self.state.filter = self.filter.value;
      self.state.page = 0;
      self.show();
    });
    box.addEventListener("click", function (ev) {
      var step = ev.target.getAttribute && ev.target.getAttribute("data-step");
      if (!step) return;
      self.state.page += parseInt(step, 10);
      self.show();
    });
    this.heads.forEach(function (th, col) {
      th.classList.add("sortable");
      th.setAttribute("tabindex", "0");
      th.title = "sort by " + th.textContent;
      function sort() {
        if (self.state.col === col) self.state.dir = -self.state.dir;
        else { self.state.col = col; self.state.dir = 1; }
        self.state.page = 0;
        self.show();
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (ev) { if (ev.key === "Enter") sort(); });
    });
    this.show();
  }

  List.prototype.show = function () {
    var st = this.state, words = st.filter.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = this.rows.filter(function (row) {
      var text = row.textContent.toLowerCase();
      return words.every(function (w) { return text.indexOf(w) >= 0; });
    });
    if (st.col >= 0) {
      var col = st.col, dir = st.dir;
      shown = shown.map(function (row, i) { return [sortKey(row, col), i, row]; });
      shown.sort(function (a, b) { return dir * compare(a[0], b[0]) || a[1] - b[1]; });
      shown = shown.map(function (x) { return x[2]; });
    }
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    st.page = Math.max(0, Math.min(pages - 1, st.page));
    var first = st.page * PAGE, last = Math.min(shown.length, first + PAGE);
    var visible = {};
    for (var i = first; i < last; i++) visible[i] = true;
    var body = this.body;
    this.rows.forEach(function (row) { row.hidden = true; });
    shown.forEach(function (row, k) {
      body.appendChild(row);
      row.hidden = !visible[k];
    });
    this.heads.forEach(function (th, c) {
      th.setAttribute("aria-sort", c !== st.col ? "none" : st.dir > 0 ? "ascending" : "descending");
    });
    this.count.textContent = shown.length
      ? "matches " + (first + 1) + "-" + last + " of " + shown.length + (shown.length < this.rows.length ? " (of " + this.rows.length + ")" : "")
      : "no match says " + JSON.stringify(st.filter);
    this.order.value = st.col < 0 ? "-1:1" : st.col + ":" + st.dir;
    this.prev.disabled = st.page === 0;
    this.next.disabled = st.page >= pages - 1;
    this.table.setAttribute("data-shown", String(last - first));
    try { sessionStorage.setItem(this.key, JSON.stringify(st)); } catch (e) { /* no storage */ }
  };

  function watch() {
    var refresh = document.querySelector('meta[name="arena-refresh"]');
    var mine = document.querySelector('meta[name="arena-version"]');
    if (!refresh || !mine || !/^https?:$/.test(location.protocol) || !window.fetch) return;
    var every = Math.max(1, parseInt(refresh.getAttribute("content"), 10) || 5) * 1000;
    function check() {
      fetch(location.pathname + location.search, { cache: "no-cache" })
        .then(function (reply) { return reply.ok ? reply.text() : null; })
        .then(function (text) {
          if (text === null) return setTimeout(check, every);
          var found = /<meta name="arena-version" content="([0-9a-f]+)">/.exec(text.slice(0, 2048));
          if (!found || found[1] !== mine.getAttribute("content")) location.reload();
          else setTimeout(check, every);
        })
        .catch(function () { setTimeout(check, every); }); /* the server has stopped, or is busy */
    }
    setTimeout(check, every);
  }

  function start() {
    var tables = document.querySelectorAll("table[data-list]");
    for (var i = 0; i < tables.length; i++) new List(tables[i], i);
    watch();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
