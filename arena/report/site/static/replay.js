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
  const shown = [{ grids: grids.map((g) => g.map((r) => r.slice())), marks: match.start }];
  match.steps.forEach((step) => {
    step.changes.forEach(([grid, r, c, symbol]) => { grids[grid][r][c] = symbol; });
    shown.push({ grids: grids.map((g) => g.map((r) => r.slice())), marks: step });
  });
  return shown;
}

function drawBoard(match, position) {
  const board = document.getElementById("board");
  board.replaceChildren();
  position.grids.forEach((rows, index) => {
    const spec = match.start.grids[index];
    const holder = element("div", null, "grid" + (spec.sea ? " sea" : "") + (rows[0].length <= 7 ? " small" : ""));
    if (spec.title) { holder.appendChild(element("div", spec.title, "title")); }
    const table = element("table");
    const head = element("tr");
    head.appendChild(element("th", ""));
    rows[0].forEach((_, c) => head.appendChild(element("th", spec.files ? spec.files[c] : c + 1)));
    if (spec.files) { holder.classList.add("chess"); }
    table.appendChild(head);
    const marks = position.marks, last = (marks.last || [])[index];
    const line = (marks.line || [])[index] || [], sunk = (marks.sunk || [])[index] || [];
    const has = (cells, r, c) => cells.some(([x, y]) => x === r && y === c);
    rows.forEach((row, r) => {
      const tr = element("tr");
      tr.appendChild(element("th", spec.ranks ? spec.ranks[r] : r + 1));
      row.forEach((symbol, c) => {
        const names = { ".": "c-dot", "~": "c-sea" };
        // Battleship: a miss is a dot and a sunk ship's cell a #, told apart by shape as well as colour.
        const sunkHere = has(sunk, r, c);
        const glyph = sunkHere ? "#" : spec.sea && symbol === "O" ? "•" : symbol === "." ? "·" : symbol;
        const td = element("td", glyph, names[symbol] || "c-" + symbol);
        if (last && last[0] === r && last[1] === c) { td.classList.add("last"); }
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
  const verdict = a.valid ? a.move : "refused: " + a.error;
  const ended = step === total ? " · the end: " + outcome(entry) : "";
  document.getElementById("step").textContent = "Attempt " + step + "/" + total + ": " + who + " → " + verdict + ended;
  if (!a.valid) { pane.appendChild(element("p", "Refused: " + a.error, "refused")); }
  if (a.published !== undefined) { pane.appendChild(element("p", "Published verdict: " + a.published)); }
  if (a.analysis !== undefined) { pane.appendChild(element("p", "The engines' verdict: " + a.analysis, "analysis")); }
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
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", points.map(([x, v]) => x + "," + (-v)).join(" "));
  svg.appendChild(line);
  svg.onclick = (event) => {
    const box = svg.getBoundingClientRect();
    jump(Math.round(((event.clientX - box.left) / box.width) * width));
  };
  holder.appendChild(svg);
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
    list.replaceChildren();
    match.steps.forEach(({ attempt }, index) => {
      const who = entry.players[attempt.seat] || "";
      const item = element("li", (attempt.valid ? attempt.move : "✗ refused") + (attempt.mark ? " " + attempt.mark : "") + " · " + who, attempt.mark ? "marked" : "");
      item.onclick = () => go(index + 1);
      list.appendChild(item);
    });
    drawEval(match, (to) => go(to));
    const go = (to) => {
      step = Math.max(0, Math.min(shown.length - 1, to));
      drawBoard(match, shown[step]);
      drawAttempt(match, entry, step);
      Array.from(list.children).forEach((item, index) => item.classList.toggle("current", index === step - 1));
      const current = list.children[step - 1];
      if (current) { list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2; }
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
