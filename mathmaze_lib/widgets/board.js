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
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "mm-route");
  svg.setAttribute("aria-hidden", "true");
  const status = document.createElement("div");
  status.className = "mm-status";
  status.setAttribute("aria-live", "polite");
  const legend = document.createElement("div");
  legend.className = "mm-legend";
  wrap.append(grid, svg);
  root.append(style, wrap, status, legend);

  let cells = [];
  let timer = null;

  function size() { return model.get("cell_size"); }

  function buildGrid() {
    const rows = model.get("rows"), cols = model.get("cols"), px = size();
    grid.replaceChildren();
    grid.style.gridTemplateColumns = `repeat(${cols}, ${px}px)`;
    grid.style.gridAutoRows = `${px}px`;
    grid.style.fontSize = `${Math.max(9, Math.round(px * 0.42))}px`;
    root.style.setProperty("--mm-cell", `${px}px`);
    cells = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const d = document.createElement("div");
        d.className = "mm-cell";
        d.dataset.row = r;
        d.dataset.col = c;
        d.tabIndex = 0;
        d.setAttribute("role", "gridcell");
        const text = document.createElement("span");
        text.className = "mm-text";
        const mark = document.createElement("span");
        mark.className = "mm-mark";
        mark.setAttribute("aria-hidden", "true");
        d.append(text, mark);
        grid.appendChild(d);
        cells.push(d);
      }
    }
    svg.setAttribute("width", cols * px);
    svg.setAttribute("height", rows * px);
    svg.setAttribute("viewBox", `0 0 ${cols * px} ${rows * px}`);
    updateTexts();
    updateRoles();
    drawRoute(model.get("route").length);
  }

  function updateTexts() {
    const texts = model.get("_texts");
    for (let i = 0; i < cells.length; i++) {
      const t = texts[i] ?? "";
      const span = cells[i].firstChild;
      if (span.textContent !== t) span.textContent = t;
    }
  }

  function updateRoles() {
    const roles = model.get("_roles");
    const cols = model.get("cols");
    for (let i = 0; i < cells.length; i++) {
      const role = roles[i] ?? "plain";
      const d = cells[i];
      if (d.dataset.role !== role) {
        d.dataset.role = role;
        d.title = `(${Math.floor(i / cols)}, ${i % cols}) ${role}`;
      }
    }
    updateLegend(roles);
  }

  function updateLegend(roles) {
    legend.replaceChildren();
    if (!model.get("legend")) return;
    const used = new Set(roles);
    const palette = model.get("_palette");
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
      label.textContent = palette[role] ? palette[role].label : role;
      item.append(swatch, label);
      legend.appendChild(item);
    }
    if (model.get("route").length > 1) {
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
  function drawRoute(upto) {
    svg.replaceChildren();
    for (const d of cells) d.classList.remove("mm-anim");
    const route = model.get("route").slice(0, upto);
    if (route.length === 0) return;
    const px = size();
    const pts = route.map(([r, c]) => [(c + 0.5) * px, (r + 0.5) * px]);
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
        const cut = Math.min(px * 0.3, len / 3);
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
    dot.setAttribute("r", Math.max(3, px * 0.12));
    dot.setAttribute("class", "mm-route-start");
    svg.appendChild(dot);
  }

  function stopAnimation() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  function animate() {
    stopAnimation();
    const anim = model.get("_animation") || {};
    const route = model.get("route");
    if (!anim.id || route.length === 0) return;
    const cols = model.get("cols");
    let k = 1;
    const show = () => {
      drawRoute(k);
      const [r, c] = route[k - 1];
      const d = cells[r * cols + c];
      if (d) d.classList.add("mm-anim");
    };
    show();
    timer = setInterval(() => {
      k += 1;
      if (k > route.length) {
        stopAnimation();
        drawRoute(route.length);
        return;
      }
      show();
    }, Math.max(10, anim.ms || 200));
  }

  // A new route and a new animation arrive in one message but as two events:
  // decide once, after both, whether to animate (new animation id) or just draw.
  let lastAnimation = (model.get("_animation") || {}).id;
  let pending = false;
  function scheduleRoute() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      const id = (model.get("_animation") || {}).id;
      if (id && id !== lastAnimation) {
        lastAnimation = id;
        animate();
      } else {
        stopAnimation();
        drawRoute(model.get("route").length);
      }
      updateLegend(model.get("_roles"));
    });
  }

  function updateStatus() {
    status.textContent = model.get("status");
    status.style.display = model.get("status") ? "" : "none";
  }

  function onClick(event) {
    const d = event.target.closest(".mm-cell");
    if (!d || !grid.contains(d)) return;
    model.send({ type: "click", row: Number(d.dataset.row), col: Number(d.dataset.col) });
  }

  function onKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onClick(event);
  }

  function restyle() {
    style.textContent = paletteCss(model.get("_palette"), `#${uid}`);
    updateRoles();
  }

  grid.addEventListener("click", onClick);
  grid.addEventListener("keydown", onKey);
  style.textContent = paletteCss(model.get("_palette"), `#${uid}`);
  buildGrid();
  updateStatus();

  const handlers = [
    ["change:rows change:cols change:cell_size", buildGrid],
    ["change:_texts", updateTexts],
    ["change:_roles change:legend", updateRoles],
    ["change:_palette", restyle],
    ["change:route change:route_arrows change:_animation", scheduleRoute],
    ["change:status", updateStatus],
  ];
  for (const [events, fn] of handlers) {
    for (const ev of events.split(" ")) model.on(ev, fn);
  }
  return () => {
    stopAnimation();
    for (const [events, fn] of handlers) {
      for (const ev of events.split(" ")) model.off(ev, fn);
    }
  };
}

export default { render };
