// Math Maze board: one widget model draws the whole grid.
// Plain ES module for anywidget: no build step, nothing from the network.
// The colours come from Python (the synced `_palette`, from mathmaze_lib/palette.py).

const SVG = "http://www.w3.org/2000/svg";

// A role's hatch (the matplotlib hatch string of the palette) as a CSS background.
function hatchCss(hatch, ink) {
  const line = ink === "#FFFFFF" ? "rgba(255,255,255,0.45)" : "rgba(0,0,0,0.28)";
  if (hatch === "xx") {
    return `background-image: repeating-linear-gradient(45deg, ${line} 0 2px, transparent 2px 7px),` +
      ` repeating-linear-gradient(-45deg, ${line} 0 2px, transparent 2px 7px);`;
  }
  if (hatch === "//") {
    return `background-image: repeating-linear-gradient(45deg, ${line} 0 2px, transparent 2px 7px);`;
  }
  if (hatch === "..") {
    return `background-image: radial-gradient(${line} 1.2px, transparent 1.6px); background-size: 7px 7px;`;
  }
  return "";
}

function borderCss(border) {
  if (border === "dashed") return "border: 2px dashed #333;";
  if (border === "dotted") return "border: 3px dotted #333;";
  if (border === "double") return "border: 4px double #222;";
  return "border: 1px solid #9a9a9a;";
}

// One <style> per view: a rule per role, keyed on the data-role attribute.
function paletteCss(palette, scope) {
  let css = "";
  for (const [role, s] of Object.entries(palette)) {
    const sel = `${scope} [data-role="${role}"]`;
    css += `${sel} { background-color: ${s.color}; color: ${s.ink}; ${borderCss(s.border)} ${hatchCss(s.hatch, s.ink)} }\n`;
    css += `${sel} > .mm-mark::after { content: "${s.mark}"; }\n`;
  }
  return css;
}

let viewCounter = 0;

// The font size of a cell's text, as a fraction of the cell's side: long texts ("10/19") get
// smaller so that they always show in full.
function textScale(text) {
  const n = [...text].length;
  return n <= 2 ? 0.42 : Math.min(0.34, 1.45 / n);   // three characters ("=19") fit at 0.34
}

// Keys the board handles itself (the W3C ARIA grid pattern); they never reach JupyterLab.
const MOVES = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

// JupyterLab and Notebook 7 read keys in the capture phase on the document (Lumino's
// shortcuts: arrows move the notebook's selection, "d d" deletes a cell). One listener on the
// window, which captures before the document, hands the keys of a focused board to that board
// and stops them there.
const KEY_GUARD = Symbol.for("mathmaze.board.keys");
if (!window[KEY_GUARD]) {
  window[KEY_GUARD] = true;
  window.addEventListener("keydown", (event) => {
    const grid = event.target instanceof Element ? event.target.closest(".mm-grid") : null;
    if (grid && typeof grid.mmOnKey === "function") grid.mmOnKey(event);
  }, true);
}

function render({ model, el }) {
  viewCounter += 1;
  const uid = `mm-board-${viewCounter}-${Math.floor(Math.random() * 1e9)}`;
  const root = document.createElement("div");
  root.className = "mm-board";
  root.id = uid;
  el.appendChild(root);

  const style = document.createElement("style");
  const wrap = document.createElement("div");
  wrap.className = "mm-gridwrap";
  const grid = document.createElement("div");
  grid.className = "mm-grid";
  grid.setAttribute("role", "grid");
  // Lumino (JupyterLab, Notebook 7) skips its keyboard shortcuts inside this element.
  grid.setAttribute("data-lm-suppress-shortcuts", "true");
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "mm-route");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const status = document.createElement("div");
  status.className = "mm-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  status.id = `${uid}-status`;
  const legend = document.createElement("div");
  legend.className = "mm-legend";
  legend.setAttribute("aria-hidden", "true");  // the cells say their roles in words
  wrap.append(grid, svg);
  root.append(style, wrap, status, legend);

  let cells = [];
  let focusIndex = 0;   // the one cell in the tab order (a roving tabindex)
  let timer = null;

  function cellName(i) {
    const cols = model.get("cols");
    const text = (model.get("_texts")[i] ?? "").trim();
    const words = (model.get("_words") || {})[model.get("_roles")[i] ?? "plain"] ?? "";
    const parts = [`row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}`, text, words];
    return parts.filter((p) => p).join(", ");
  }

  function updateLabel() {
    grid.setAttribute("aria-label", model.get("label") || "Board");
  }

  function sizeBoard() {
    const rows = model.get("rows"), cols = model.get("cols"), px = model.get("cell_size");
    // The board is as wide as its cells ask, but never wider than the space it is given:
    // then the cells shrink (they stay square; the text shrinks with them).
    wrap.style.width = `${cols * px + 4}px`;
    root.style.setProperty("--mm-rows", rows);    // for pages that size boards from the screen (the projector)
    root.style.setProperty("--mm-cols", cols);
    svg.setAttribute("viewBox", `0 0 ${cols} ${rows}`);
    fitText();
  }

  function fitText() {
    const cols = model.get("cols");
    const width = grid.clientWidth || (cols * model.get("cell_size"));
    const px = Math.max(4, width / cols);
    root.style.setProperty("--mm-px", `${px}px`);
  }

  function buildGrid() {
    const rows = model.get("rows"), cols = model.get("cols");
    grid.replaceChildren();
    grid.style.setProperty("--mm-cols", cols);
    cells = [];
    for (let r = 0; r < rows; r++) {
      const row = document.createElement("div");
      row.className = "mm-row";
      row.setAttribute("role", "row");
      for (let c = 0; c < cols; c++) {
        const d = document.createElement("div");
        d.className = "mm-cell";
        d.dataset.row = r;
        d.dataset.col = c;
        d.tabIndex = -1;
        d.setAttribute("role", "gridcell");
        const text = document.createElement("span");
        text.className = "mm-text";
        text.setAttribute("aria-hidden", "true");
        const mark = document.createElement("span");
        mark.className = "mm-mark";
        mark.setAttribute("aria-hidden", "true");
        d.append(text, mark);
        row.appendChild(d);
        cells.push(d);
      }
      grid.appendChild(row);
    }
    focusIndex = Math.min(focusIndex, cells.length - 1);
    cells[focusIndex].tabIndex = 0;
    sizeBoard();
    updateTexts();
    updateRoles();
    drawRoute(model.get("route").length);
  }

  function updateNames() {
    for (let i = 0; i < cells.length; i++) {
      const name = cellName(i);
      if (cells[i].getAttribute("aria-label") !== name) cells[i].setAttribute("aria-label", name);
    }
  }

  function updateTexts() {
    const texts = model.get("_texts");
    for (let i = 0; i < cells.length; i++) {
      const t = texts[i] ?? "";
      const span = cells[i].firstChild;
      if (span.textContent !== t) {
        span.textContent = t;
        span.style.setProperty("--mm-k", textScale(t));
      }
    }
    updateNames();
  }

  function updateRoles() {
    const roles = model.get("_roles");
    for (let i = 0; i < cells.length; i++) {
      const role = roles[i] ?? "plain";
      const d = cells[i];
      if (d.dataset.role !== role) d.dataset.role = role;
    }
    updateNames();
    updateLegend(roles);
  }

  function updateLegend(roles) {
    legend.replaceChildren();
    if (!model.get("legend")) return;
    const fixed = model.get("legend_roles") || [];
    const used = new Set(fixed.length ? fixed : roles);
    const palette = model.get("_palette");
    const words = model.get("_words") || {};
    for (const role of model.get("_role_order")) {
      if (role === "plain" || !used.has(role)) continue;
      const item = document.createElement("span");
      item.className = "mm-legend-item";
      const swatch = document.createElement("span");
      swatch.className = "mm-swatch";
      swatch.dataset.role = role;
      const mark = document.createElement("span");
      mark.className = "mm-mark";
      swatch.appendChild(mark);
      const label = document.createElement("span");
      label.textContent = words[role] || (palette[role] ? palette[role].label : role);
      item.append(swatch, label);
      legend.appendChild(item);
    }
    if (model.get("route").length > 1 || fixed.length) {
      const item = document.createElement("span");
      item.className = "mm-legend-item";
      const swatch = document.createElement("span");
      swatch.className = "mm-swatch mm-swatch-route";
      const label = document.createElement("span");
      label.textContent = model.get("route_arrows") ? "route (jumps)" : "route";
      item.append(swatch, label);
      legend.appendChild(item);
    }
  }

  // Draw the first `upto` cells of the route as a polyline (with arrow heads for jumps).
  // The SVG's units are cells (viewBox 0 0 cols rows), so the route scales with the board;
  // it is drawn under the cells' texts (see board.css), so it never hides a number.
  function drawRoute(upto) {
    svg.replaceChildren();
    for (const d of cells) d.classList.remove("mm-anim");
    const route = model.get("route").slice(0, upto);
    if (route.length === 0) return;
    const pts = route.map(([r, c]) => [c + 0.5, r + 0.5]);
    const arrows = model.get("route_arrows");
    const defs = document.createElementNS(SVG, "defs");
    const marker = document.createElementNS(SVG, "marker");
    marker.setAttribute("id", `${uid}-arrow`);
    marker.setAttribute("viewBox", "0 0 10 10");
    marker.setAttribute("refX", "9");
    marker.setAttribute("refY", "5");
    marker.setAttribute("markerWidth", "5");
    marker.setAttribute("markerHeight", "5");
    marker.setAttribute("orient", "auto-start-reverse");
    const head = document.createElementNS(SVG, "path");
    head.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
    head.setAttribute("class", "mm-arrowhead");
    marker.appendChild(head);
    defs.appendChild(marker);
    svg.appendChild(defs);
    if (arrows) {
      // One segment per move, stopping short of the centre so the head stays visible.
      for (let i = 1; i < pts.length; i++) {
        const [x0, y0] = pts[i - 1], [x1, y1] = pts[i];
        const len = Math.hypot(x1 - x0, y1 - y0) || 1;
        const cut = Math.min(0.3, len / 3);
        const line = document.createElementNS(SVG, "line");
        line.setAttribute("x1", x0);
        line.setAttribute("y1", y0);
        line.setAttribute("x2", x1 - ((x1 - x0) / len) * cut);
        line.setAttribute("y2", y1 - ((y1 - y0) / len) * cut);
        line.setAttribute("class", "mm-route-line");
        line.setAttribute("marker-end", `url(#${uid}-arrow)`);
        svg.appendChild(line);
      }
    } else if (pts.length > 1) {
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", pts.map((p) => p.join(",")).join(" "));
      line.setAttribute("class", "mm-route-line");
      svg.appendChild(line);
    }
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", pts[0][0]);
    dot.setAttribute("cy", pts[0][1]);
    dot.setAttribute("r", 0.12);
    dot.setAttribute("class", "mm-route-start");
    svg.appendChild(dot);
  }

  function stopAnimation() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  let step = 1;       // the animation shows route[0 .. step - 1]
  let stepMs = 0;
  function animate(fromStep) {
    stopAnimation();
    const anim = model.get("_animation") || {};
    const route = model.get("route");
    if (!anim.id || route.length === 0) return;
    const cols = model.get("cols");
    step = fromStep;
    stepMs = Math.max(10, anim.ms || 200);
    const show = () => {
      drawRoute(step);
      const [r, c] = route[step - 1];
      const d = cells[r * cols + c];
      if (d) d.classList.add("mm-anim");
    };
    show();
    timer = setInterval(() => {
      step += 1;
      if (step > route.length) {
        stopAnimation();
        drawRoute(route.length);
        return;
      }
      show();
    }, stepMs);
  }

  // A new route and a new animation arrive in one message but as two events:
  // decide once, after both, whether to animate (new animation id), change the speed of the
  // running animation (same id, new ms) or just draw.
  let lastAnimation = (model.get("_animation") || {}).id;
  let pending = false;
  function scheduleRoute() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      const anim = model.get("_animation") || {};
      if (anim.id && anim.id !== lastAnimation) {
        lastAnimation = anim.id;
        animate(1);
      } else if (timer !== null && anim.id === lastAnimation && anim.ms !== stepMs
                 && model.get("route").length > step) {
        animate(step);   // the speed changed while running: go on from here at the new speed
      } else {
        stopAnimation();
        drawRoute(model.get("route").length);
      }
      updateLegend(model.get("_roles"));
    });
  }

  function updateStatus() {
    const lines = model.get("status_lines") || 0;
    status.style.minHeight = lines ? `${lines * 1.35}em` : "";
    status.textContent = model.get("status");
    status.classList.toggle("mm-empty", !model.get("status"));
  }

  function sendClick(d) {
    model.send({ type: "click", row: Number(d.dataset.row), col: Number(d.dataset.col) });
  }

  function moveFocus(i, focus = true) {
    if (i < 0 || i >= cells.length) return;
    if (cells[focusIndex]) cells[focusIndex].tabIndex = -1;
    focusIndex = i;
    cells[i].tabIndex = 0;
    if (focus) cells[i].focus();
  }

  function onClick(event) {
    const d = event.target.closest(".mm-cell");
    if (!d || !grid.contains(d)) return;
    moveFocus(cells.indexOf(d), false);
    if (event.detail > 1) return;   // the second click of a double-click would undo the first
    sendClick(d);
  }

  function onKey(event) {
    const cols = model.get("cols"), rows = model.get("rows");
    const r = Math.floor(focusIndex / cols), c = focusIndex % cols;
    const ctrl = event.ctrlKey || event.metaKey;
    if (event.key === "Enter" || event.key === " ") {
      if (ctrl || event.altKey) return;
      sendClick(cells[focusIndex]);
    } else if (MOVES.has(event.key) && !event.altKey) {
      let nr = r, nc = c;
      if (event.key === "ArrowUp") nr = Math.max(0, r - 1);
      if (event.key === "ArrowDown") nr = Math.min(rows - 1, r + 1);
      if (event.key === "ArrowLeft") nc = Math.max(0, c - 1);
      if (event.key === "ArrowRight") nc = Math.min(cols - 1, c + 1);
      if (event.key === "PageUp") nr = 0;
      if (event.key === "PageDown") nr = rows - 1;
      if (event.key === "Home") { nc = 0; if (ctrl) nr = 0; }
      if (event.key === "End") { nc = cols - 1; if (ctrl) nr = rows - 1; }
      moveFocus(nr * cols + nc);
    } else if (event.key === "Tab" || event.key === "Escape" || ctrl) {
      return;   // leave the board, or a browser / JupyterLab shortcut with Ctrl
    } else {
      // Any other key (a, b, d d, Shift+Enter ...) would be a JupyterLab command on the
      // notebook around the board: keep it inside the board.
      event.stopPropagation();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  function restyle() {
    style.textContent = paletteCss(model.get("_palette"), `#${uid}`);
    updateRoles();
  }

  grid.addEventListener("click", onClick);
  grid.mmOnKey = onKey;   // called by the window's key listener above
  style.textContent = paletteCss(model.get("_palette"), `#${uid}`);
  updateLabel();
  buildGrid();
  updateStatus();
  const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => fitText());
  if (resize) resize.observe(grid);

  const handlers = [
    ["change:rows change:cols", buildGrid],
    ["change:cell_size", sizeBoard],
    ["change:_texts", updateTexts],
    ["change:_roles change:legend change:_words change:legend_roles", updateRoles],
    ["change:_palette", restyle],
    ["change:label", updateLabel],
    ["change:route change:route_arrows change:_animation", scheduleRoute],
    ["change:status change:status_lines", updateStatus],
  ];
  for (const [events, fn] of handlers) {
    for (const ev of events.split(" ")) model.on(ev, fn);
  }
  return () => {
    stopAnimation();
    if (resize) resize.disconnect();
    for (const [events, fn] of handlers) {
      for (const ev of events.split(" ")) model.off(ev, fn);
    }
  };
}

export default { render };
