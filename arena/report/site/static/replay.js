// The replay viewer: matches come from data/matches-NNNN.js files loaded by <script> (works from file://).
// Every text from a model or a prompt is set with textContent: it is shown, never read as HTML.
"use strict";
window.ARENA = window.ARENA || {};
ARENA.matches = ARENA.matches || {};
ARENA.add = (chunk) => {
  // A data file keeps each prompt message once: an attempt's prompt is a list of indices into its texts.
  Object.values(chunk.matches).forEach((match) => match.steps.forEach(({ attempt }) => {
    if (attempt.prompt) { attempt.prompt = attempt.prompt.map((i) => chunk.texts[i]).join("\n\n"); }
  }));
  Object.assign(ARENA.matches, chunk.matches);
};

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) { node.textContent = String(text); }
  if (className) { node.className = className; }
  return node;
}

function load(id, then) {
  if (ARENA.matches[id]) { then(ARENA.matches[id]); return; }
  const entry = ARENA.index.find((m) => m.id === id);
  if (!entry) { document.getElementById("replay-title").textContent = "No such match in this report"; return; }
  const script = document.createElement("script");
  script.src = "data/matches-" + String(entry.chunk).padStart(4, "0") + ".js";
  script.onload = () => then(ARENA.matches[id]);
  document.body.appendChild(script);
}

function positions(match) {
  // Every position as grids of symbols: the start, then each attempt's changes applied in turn.
  const grids = match.start.grids.map((g) => g.rows.map((row) => Array.from(row)));
  const shown = [{ grids: grids.map((g) => g.map((r) => r.slice())), marks: match.start, text: match.start.text }];
  match.steps.forEach((step) => {
    step.changes.forEach(([grid, r, c, symbol]) => { grids[grid][r][c] = symbol; });
    shown.push({ grids: grids.map((g) => g.map((r) => r.slice())), marks: step, text: step.text });
  });
  return shown;
}

let flipped = false; // chess: the board seen from Black's side

function drawBoard(match, position) {
  const board = document.getElementById("board");
  board.replaceChildren();
  if (position.text) { board.appendChild(element("pre", position.text, "table-text")); return; } // poker: a text table
  position.grids.forEach((shownRows, index) => {
    const spec = match.start.grids[index];
    const turn = spec.files && flipped; // a flipped chessboard: rows and files in reverse, labels with them
    const rows = turn ? shownRows.slice().reverse().map((row) => row.slice().reverse()) : shownRows;
    const at = (r, c) => (turn ? [rows.length - 1 - r, rows[0].length - 1 - c] : [r, c]);
    const files = spec.files && turn ? Array.from(spec.files).reverse() : spec.files;
    const ranks = spec.ranks && turn ? Array.from(spec.ranks).reverse() : spec.ranks;
    const holder = element("div", null, "grid" + (spec.sea ? " sea" : "") + (rows[0].length <= 7 ? " small" : ""));
    if (spec.title) { holder.appendChild(element("div", spec.title, "title")); }
    const table = element("table");
    const head = element("tr");
    head.appendChild(element("th", ""));
    rows[0].forEach((_, c) => head.appendChild(element("th", files ? files[c] : c + 1)));
    if (spec.files) { holder.classList.add("chess"); }
    table.appendChild(head);
    const marks = position.marks, last = (marks.last || [])[index];
    const line = (marks.line || [])[index] || [], sunk = (marks.sunk || [])[index] || [];
    const moved = (marks.moved || [])[index] || [], check = (marks.check || [])[index];
    const has = (cells, r, c) => cells.some(([x, y]) => x === r && y === c);
    rows.forEach((row, shownR) => {
      const tr = element("tr");
      tr.appendChild(element("th", ranks ? ranks[shownR] : shownR + 1));
      row.forEach((symbol, shownC) => {
        const [r, c] = at(shownR, shownC);
        const names = { ".": "c-dot", "~": "c-sea" };
        // Battleship: a miss is a dot and a sunk ship's cell a #, told apart by shape as well as colour.
        const sunkHere = has(sunk, r, c);
        const glyph = sunkHere ? "#" : spec.sea && symbol === "O" ? "•" : symbol === "." ? "·" : symbol;
        const td = element("td", glyph, names[symbol] || "c-" + symbol);
        if ((last && last[0] === r && last[1] === c) || has(moved, r, c)) { td.classList.add("last"); }
        if (check && check[0] === r && check[1] === c) { td.classList.add("check"); }
        if (has(line, r, c)) { td.classList.add("win"); }
        if (sunkHere) { td.classList.add("sunk"); }
        if (spec.files) { td.classList.add((r + c) % 2 ? "dark" : "light"); if (symbol !== " ") { td.classList.add(symbol === symbol.toUpperCase() ? "white" : "black"); } }
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    holder.appendChild(table);
    if (spec.sea) { holder.appendChild(element("div", "~ sea · S ship · X hit · # sunk · • miss", "legend")); }
    board.appendChild(holder);
  });
}

function outcome(entry) {
  // The match's result in words: who won, who was disqualified, a draw, or why it was not scored.
  const words = entry.results;
  if (words.every((w) => w === "draw")) { return "a draw"; }
  const seat = words.findIndex((w) => w === "won" || w === "DQ");
  if (seat < 0) { return words[0]; }
  return entry.players[seat] + (words[seat] === "won" ? " won" : " was disqualified");
}

function drawAttempt(match, entry, step) {
  const pane = document.getElementById("attempt");
  pane.replaceChildren();
  const total = match.steps.length;
  if (step === 0) {
    document.getElementById("step").textContent = "Start of the match (" + total + " attempts). → steps forward.";
    entry.players.forEach((player, seat) => {
      pane.appendChild(element("p", (seat ? "second: " : "first: ") + player + " (" + entry.results[seat] + ")"));
    });
    if (!total) { pane.appendChild(element("p", "No moves were recorded (a published log that kept only the result).")); }
    return;
  }
  const a = match.steps[step - 1].attempt;
  const who = entry.players[a.seat];
  const verdict = a.valid ? (a.san ? a.number + " " + a.san + " (" + a.move + ")" : a.move) : "refused: " + a.error;
  const ended = step === total ? " · the end: " + outcome(entry) : "";
  document.getElementById("step").textContent = "Attempt " + step + "/" + total + ": " + who + " → " + verdict + ended;
  if (!a.valid) { pane.appendChild(element("p", "Refused: " + a.error, "refused")); }
  if (a.published !== undefined) { pane.appendChild(element("p", "Published verdict: " + a.published)); }
  if (a.analysis !== undefined) { pane.appendChild(element("p", "The engines' verdict: " + a.analysis, "analysis")); }
  if (a.best !== undefined) { pane.appendChild(element("p", "Best was " + a.best + ".", "best")); }
  if (a.engine_seconds !== undefined) {
    pane.appendChild(element("p", "Engine: " + (a.noise ? "a random move (its strength level)" : a.exact ? "exact" : "searched") + (a.depth ? ", depth " + a.depth : "") + (a.nodes ? ", " + a.nodes + " nodes" : "") + ", " + a.engine_seconds + " s"));
  }
  if (a.prompt) {
    const details = element("details");
    details.appendChild(element("summary", "prompt"));
    details.appendChild(element("pre", a.prompt));
    pane.appendChild(details);
  }
  if (a.reasoning) { pane.appendChild(element("h3", "reasoning")); pane.appendChild(element("pre", a.reasoning)); }
  if (a.reply !== undefined) { pane.appendChild(element("h3", "reply")); pane.appendChild(element("pre", a.reply)); }
}

function drawEval(match, jump) {
  // The value after each graded move as an SVG line over the game; a click jumps to the nearest move.
  const holder = document.getElementById("eval");
  holder.replaceChildren();
  const points = match.steps.map(({ attempt }, index) => [index + 1, attempt.eval]).filter(([, v]) => v !== undefined);
  if (points.length < 2) { return; }
  const top = Math.max(...points.map(([, v]) => Math.abs(v)), 1);
  const width = match.steps.length, ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 " + (-top) + " " + width + " " + 2 * top);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "evaluation over the game");
  const zero = document.createElementNS(ns, "line");
  [["x1", 0], ["x2", width], ["y1", 0], ["y2", 0]].forEach(([k, v]) => zero.setAttribute(k, v));
  zero.setAttribute("class", "zero");
  svg.appendChild(zero);
  const now = document.createElementNS(ns, "line"); // the move shown, moved by go()
  now.setAttribute("class", "now");
  [["y1", -top], ["y2", top], ["x1", 0], ["x2", 0]].forEach(([k, v]) => now.setAttribute(k, v));
  svg.appendChild(now);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", points.map(([x, v]) => x + "," + (-v)).join(" "));
  svg.appendChild(line);
  svg.onclick = (event) => {
    const box = svg.getBoundingClientRect();
    jump(Math.round(((event.clientX - box.left) / box.width) * width));
  };
  holder.appendChild(svg);
}

function moveList(match, entry, list, jump) {
  // Each attempt as an item to click; chess as lichess lists it: a move number, then White's and Black's moves in SAN.
  list.replaceChildren();
  list.classList.toggle("paired", Boolean(match.chess));
  const items = [];
  let row = null, cell = element("span", null, "cell");
  match.steps.forEach(({ attempt }, index) => {
    const mark = attempt.mark ? (match.chess ? "" : " ") + attempt.mark : ""; // chess as lichess: Nh3?!
    let item;
    if (match.chess && attempt.san) {
      const white = attempt.number.endsWith(".") && !attempt.number.endsWith("...");
      if (white || !row) {
        row = element("li");
        row.appendChild(element("span", attempt.number.replace("...", "."), "number"));
        if (!white) { row.appendChild(element("span", "…", "cell")); }
        list.appendChild(row);
      }
      item = element("span", attempt.san + mark, "move" + (attempt.mark ? " marked" : ""));
      cell.appendChild(item); // after the refused attempts of the same turn, if any
      row.appendChild(cell);
      cell = element("span", null, "cell");
      if (!white) { row = null; }
    } else if (match.chess) {
      item = element("span", "✗ ", "move refused");
      item.title = (entry.players[attempt.seat] || "") + " refused: " + (attempt.error || "");
      cell.appendChild(item);
      if (index === match.steps.length - 1) { (row || list.appendChild(element("li"))).appendChild(cell); }
    } else {
      const who = entry.players[attempt.seat] || "";
      item = element("li", (attempt.valid ? attempt.move : "✗ refused") + mark + " · " + who, attempt.mark ? "marked" : "");
      list.appendChild(item);
    }
    item.onclick = () => jump(index + 1);
    items.push(item);
  });
  return items;
}

function fenAt(match, step) {
  // The FEN of the position shown: the last legal move's, or the start's.
  for (let at = step - 1; at >= 0; at -= 1) { if (match.steps[at].attempt.fen) { return match.steps[at].attempt.fen; } }
  return match.chess.start_fen;
}

function chessTools(match, position, redraw) {
  // Chess only: the opening, each side's accuracy and ACPL, a flip control and the FEN and PGN to copy.
  const facts = document.getElementById("chess-facts"), tools = document.getElementById("chess-tools");
  facts.replaceChildren();
  tools.hidden = !match.chess;
  if (!match.chess) { return; }
  const c = match.chess, side = (name, i) => name + ": accuracy " + (c.accuracy && c.accuracy[i] != null ? c.accuracy[i] : "–") + ", ACPL " + (c.acpl[i] != null ? c.acpl[i] : "–");
  facts.appendChild(element("p", "Opening: " + (c.opening || "not in the book"), "opening"));
  facts.appendChild(element("p", side("White", 0) + " · " + side("Black", 1), "accuracy"));
  document.getElementById("pgn").textContent = c.pgn;
  document.getElementById("flip").onclick = () => { flipped = !flipped; redraw(); };
  const copy = (id) => () => {
    const text = document.getElementById(id).textContent;
    if (navigator.clipboard) { navigator.clipboard.writeText(text).catch(() => {}); }
    document.getElementById("copy-words").textContent = id.toUpperCase() + " copied (or select it below)";
  };
  document.getElementById("copy-fen").onclick = copy("fen");
  document.getElementById("copy-pgn").onclick = copy("pgn");
}

const PAGE = 100; // matches per page of the chooser, newest first

function showChooser() {
  document.getElementById("viewer").hidden = true;
  document.getElementById("chooser").hidden = false;
  document.getElementById("replay-title").textContent = "Replays";
  document.onkeydown = null;
}

function show(id, firstStep) {
  const entry = ARENA.index.find((m) => m.id === id);
  if (!entry) { showChooser(); document.getElementById("replay-title").textContent = "No such match in this report"; return; }
  load(id, (match) => {
    document.getElementById("chooser").hidden = true;
    document.getElementById("viewer").hidden = false;
    document.getElementById("replay-title").textContent = entry.game + ": " + entry.players.join(" vs ");
    const shown = positions(match);
    let step = 0;
    const list = document.getElementById("moves");
    const items = moveList(match, entry, list, (to) => go(to));
    chessTools(match, () => shown[step], () => go(step));
    drawEval(match, (to) => go(to));
    const go = (to) => {
      step = Math.max(0, Math.min(shown.length - 1, to));
      drawBoard(match, shown[step]);
      drawAttempt(match, entry, step);
      items.forEach((item, index) => item.classList.toggle("current", index === step - 1));
      const current = items[step - 1];
      if (current) { list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2; }
      document.getElementById("fen").textContent = match.chess ? fenAt(match, step) : "";
      const now = document.querySelector("#eval line.now");
      if (now) { now.setAttribute("x1", step); now.setAttribute("x2", step); }
      // The step is in the address (#id/step): a link opens this move; Back leaves the match, not one move.
      history.replaceState(null, "", "#" + encodeURIComponent(id) + "/" + step);
    };
    document.onkeydown = (event) => {
      const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: shown.length - 1 };
      if (event.key in moves) { event.preventDefault(); go(moves[event.key]); }
    };
    document.getElementById("next").onclick = () => go(step + 1);
    document.getElementById("prev").onclick = () => go(step - 1);
    document.getElementById("first").onclick = () => go(0);
    document.getElementById("last").onclick = () => go(shown.length - 1);
    go(firstStep || 0);
  });
}

function chooser(found) {
  const body = document.querySelector("#match-list tbody");
  const newest = ARENA.index.slice().sort((a, b) => (a.ended < b.ended ? 1 : a.ended > b.ended ? -1 : 0));
  const box = document.getElementById("match-filter");
  let page = 0, passing = newest;
  const draw = () => {
    body.replaceChildren();
    const pages = Math.max(1, Math.ceil(passing.length / PAGE));
    page = Math.max(0, Math.min(pages - 1, page));
    passing.slice(page * PAGE, (page + 1) * PAGE).forEach((m) => {
      const tr = element("tr");
      [m.ended, m.game, m.players[0], m.players[1] || "", m.results.join(" / "), m.source === "arena" ? "played here" : m.source + " (imported)"]
        .forEach((text) => tr.appendChild(element("td", text)));
      tr.onclick = () => { location.hash = encodeURIComponent(m.id); };
      body.appendChild(tr);
    });
    document.getElementById("page-words").textContent = passing.length + " matches · page " + (page + 1) + " of " + pages;
    document.getElementById("newer").disabled = page === 0;
    document.getElementById("older").disabled = page >= pages - 1;
  };
  const filter = () => {
    // Words must all be found; "a | b" asks for a match with both players (a head-to-head page's link).
    const parts = box.value.toLowerCase().split("|").map((w) => w.trim()).filter(Boolean);
    passing = newest.filter((m) => {
      const text = (m.game + " " + m.players.join(" ")).toLowerCase();
      return parts.every((w) => text.includes(w));
    });
    page = 0;
    draw();
  };
  box.addEventListener("input", filter);
  document.getElementById("newer").onclick = () => { page -= 1; draw(); };
  document.getElementById("older").onclick = () => { page += 1; draw(); };
  box.value = found || "";
  filter();
}

function route() {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash.startsWith("find=")) { chooser(hash.slice(5)); showChooser(); return; }
  if (!hash) { showChooser(); return; }
  const [id, step] = hash.split("/");
  show(id, Number(step) || 0);
}

window.addEventListener("hashchange", route);
chooser("");
route();
