// Sortable columns (click a header; again reverses) and a filter box over each leaderboard. No network, no build.
"use strict";
function cellValue(row, index, type) {
  const cell = row.children[index];
  const raw = cell.dataset.value !== undefined ? cell.dataset.value : cell.textContent.trim();
  if (type === "number") { return raw === "" ? -Infinity : Number(raw); }
  return raw.toLowerCase();
}
document.querySelectorAll("table.sortable").forEach((table) => {
  table.querySelectorAll("th[data-type]").forEach((th, index) => {
    th.addEventListener("click", () => {
      const descending = th.getAttribute("aria-sort") !== "descending";
      table.querySelectorAll("th").forEach((other) => other.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      rows.sort((a, b) => {
        const x = cellValue(a, index, th.dataset.type), y = cellValue(b, index, th.dataset.type);
        return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1);
      });
      rows.forEach((row) => body.appendChild(row));
    });
  });
});
document.querySelectorAll("section.game").forEach((section) => {
  const box = section.querySelector("input.filter");
  const table = section.querySelector("table.leaderboard");
  if (!box || !table) { return; }
  box.addEventListener("input", () => {
    const wanted = box.value.toLowerCase();
    Array.from(table.tBodies[0].rows).forEach((row) => {
      row.hidden = !row.dataset.player.toLowerCase().includes(wanted);
    });
  });
});
document.querySelectorAll("input.only-differing").forEach((box) => {
  const table = box.closest("section").querySelector("table");
  box.addEventListener("change", () => {
    Array.from(table.tBodies[0].rows).forEach((row) => { row.hidden = box.checked && !row.classList.contains("differs"); });
  });
});
