// The interactive page: the scene lives in the kernel's wasm module (gjk_web.wasm,
// built from embedded/web); this script only passes pointer input in and draws what
// the module answers. With ?test=drag it performs a scripted drag of shape B and writes
// the stored inputs and results as f32 bits into #test-result, which the browser test
// of `cargo xtask web --test` compares with a native run of the same scene.

const KINDS = ["circle", "box", "capsule", "polygon", "ellipse", "segment", "rounded box"];
const DISTANCE_STATUS = ["Separated", "Overlapping", "MaxIterations", "InvalidInput"];
const CAST_STATUS = ["Hit", "Miss", "StartsInside", "MaxIterations", "InvalidInput"];
const OUTLINE_POINTS = 128;
const SCALE = 60; // pixels per world unit
const COLOR_A = "#3a6ea5";
const COLOR_B = "#e07b24";
const COLOR_HIT = "#c0392b";

const canvas = document.getElementById("scene");
const context = canvas.getContext("2d");
const readout = document.getElementById("readout");

const { instance } = await WebAssembly.instantiateStreaming(fetch("gjk_web.wasm"), {});
const gjk = instance.exports;

// Input layout of gjk_web_input (see embedded/web/src/state.rs).
const INPUT = { a: 0, b: 3, ray: 6, sweep: 10, count: 12 };
const input = (index) => gjk.gjk_web_input(index);
const result = (index) => gjk.gjk_web_result(index);

const toScreen = (x, y) => [canvas.width / 2 + x * SCALE, canvas.height / 2 - y * SCALE];
const toWorld = (px, py) => [(px - canvas.width / 2) / SCALE, (canvas.height / 2 - py) / SCALE];

function placement(slot) {
  const base = slot === 0 ? INPUT.a : INPUT.b;
  return { x: input(base), y: input(base + 1), angle: input(base + 2) };
}

function outline(slot) {
  const points = [];
  for (let i = 0; i < OUTLINE_POINTS; i++) {
    points.push([gjk.gjk_web_outline_x(slot, i, OUTLINE_POINTS), gjk.gjk_web_outline_y(slot, i, OUTLINE_POINTS)]);
  }
  return points;
}

function path(points) {
  context.beginPath();
  points.forEach(([x, y], i) => {
    const [px, py] = toScreen(x, y);
    if (i === 0) context.moveTo(px, py); else context.lineTo(px, py);
  });
  context.closePath();
}

function drawShape(points, color, alpha) {
  path(points);
  context.globalAlpha = 0.25 * alpha;
  context.fillStyle = color;
  context.fill();
  context.globalAlpha = alpha;
  context.strokeStyle = color;
  context.lineWidth = 2;
  context.stroke();
  context.globalAlpha = 1;
}

function dot(x, y, radius, color) {
  const [px, py] = toScreen(x, y);
  context.beginPath();
  context.arc(px, py, radius, 0, 2 * Math.PI);
  context.fillStyle = color;
  context.fill();
}

function segment(x1, y1, x2, y2, color, dash) {
  const [p1x, p1y] = toScreen(x1, y1);
  const [p2x, p2y] = toScreen(x2, y2);
  context.beginPath();
  context.setLineDash(dash ?? []);
  context.moveTo(p1x, p1y);
  context.lineTo(p2x, p2y);
  context.strokeStyle = color;
  context.lineWidth = 1.5;
  context.stroke();
  context.setLineDash([]);
}

function draw() {
  gjk.gjk_web_evaluate();
  context.clearRect(0, 0, canvas.width, canvas.height);
  const shapeA = outline(0);
  const shapeB = outline(1);
  const b = placement(1);
  const sweep = [input(INPUT.sweep), input(INPUT.sweep + 1)];
  const sweepStatus = CAST_STATUS[result(13)];
  const sweepFraction = result(14);

  // The sweep: B's path, where it would end, and where it first touches A.
  segment(b.x, b.y, b.x + sweep[0], b.y + sweep[1], COLOR_B, [6, 4]);
  const shifted = (points, t) => points.map(([x, y]) => [x + t * sweep[0], y + t * sweep[1]]);
  drawShape(shifted(shapeB, 1), COLOR_B, 0.15);
  if (sweepStatus === "Hit") drawShape(shifted(shapeB, sweepFraction), COLOR_B, 0.45);
  context.beginPath();
  const [ex, ey] = toScreen(b.x + sweep[0], b.y + sweep[1]);
  context.arc(ex, ey, 6, 0, 2 * Math.PI);
  context.strokeStyle = COLOR_B;
  context.stroke();

  drawShape(shapeA, COLOR_A, 1);
  drawShape(shapeB, COLOR_B, 1);

  // The ray against A.
  const ray = [input(INPUT.ray), input(INPUT.ray + 1), input(INPUT.ray + 2), input(INPUT.ray + 3)];
  const rayStatus = CAST_STATUS[result(9)];
  if (rayStatus === "Hit") {
    segment(ray[0], ray[1], result(11), result(12), "#555");
    dot(result(11), result(12), 4, COLOR_HIT);
  } else {
    segment(ray[0], ray[1], ray[0] + ray[2], ray[1] + ray[3], "#999", [4, 4]);
  }
  dot(ray[0], ray[1], 5, "#222");

  // Distance: witness points, the gap and the normal.
  const status = DISTANCE_STATUS[result(7)];
  const [ax, ay, bx, by] = [result(1), result(2), result(3), result(4)];
  if (status === "Separated") segment(ax, ay, bx, by, "#7a7a7a", [5, 4]);
  dot(ax, ay, 4, COLOR_A);
  dot(bx, by, 4, COLOR_B);
  const [nx, ny] = [result(5), result(6)];
  if (nx !== 0 || ny !== 0) segment(ax, ay, ax + 0.7 * nx, ay + 0.7 * ny, "#222");

  const overlap = result(8) === 1 ? "yes" : result(8) === 0 ? "no" : "error";
  readout.textContent = [
    `distance  ${result(0).toFixed(4)}`,
    `status    ${status}`,
    `overlap   ${overlap}`,
    `normal    (${nx.toFixed(3)}, ${ny.toFixed(3)})`,
    `ray       ${rayStatus}${rayStatus === "Hit" ? ` at ${result(10).toFixed(4)}` : ""}`,
    `sweep     ${sweepStatus}${sweepStatus === "Hit" ? ` at ${sweepFraction.toFixed(4)}` : ""}`,
  ].join("\n");
}

// Which handle a pointer press grabs: the ray origin, the sweep's end, or a shape.
function inside(points, x, y) {
  let crossings = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) crossings++;
  }
  return crossings % 2 === 1;
}

function near(x, y, px, py, pixels) {
  return Math.hypot(x - px, y - py) * SCALE <= pixels;
}

function grab(x, y) {
  const b = placement(1);
  if (near(x, y, input(INPUT.ray), input(INPUT.ray + 1), 10)) return { kind: "ray" };
  if (near(x, y, b.x + input(INPUT.sweep), b.y + input(INPUT.sweep + 1), 10)) return { kind: "sweep" };
  for (const slot of [1, 0]) {
    if (inside(outline(slot), x, y) || near(x, y, placement(slot).x, placement(slot).y, 12)) {
      return { kind: "shape", slot };
    }
  }
  return null;
}

function pointerWorld(event) {
  const box = canvas.getBoundingClientRect();
  return toWorld(event.clientX - box.left, event.clientY - box.top);
}

let drag = null;
canvas.addEventListener("pointerdown", (event) => {
  const [x, y] = pointerWorld(event);
  const target = grab(x, y);
  if (target) drag = { ...target, x, y, turn: event.shiftKey };
});
canvas.addEventListener("pointermove", (event) => {
  if (!drag) return;
  const [x, y] = pointerWorld(event);
  const [dx, dy] = [x - drag.x, y - drag.y];
  if (drag.kind === "ray") {
    gjk.gjk_web_set_ray(input(INPUT.ray) + dx, input(INPUT.ray + 1) + dy, input(INPUT.ray + 2), input(INPUT.ray + 3));
  } else if (drag.kind === "sweep") {
    gjk.gjk_web_set_sweep(input(INPUT.sweep) + dx, input(INPUT.sweep + 1) + dy);
  } else {
    const p = placement(drag.slot);
    if (drag.turn) gjk.gjk_web_place(drag.slot, p.x, p.y, p.angle + dx);
    else gjk.gjk_web_place(drag.slot, p.x + dx, p.y + dy, p.angle);
  }
  drag.x = x;
  drag.y = y;
  draw();
});
for (const end of ["pointerup", "pointercancel"]) canvas.addEventListener(end, () => { drag = null; });
canvas.addEventListener("wheel", (event) => {
  const [x, y] = pointerWorld(event);
  const target = grab(x, y);
  if (target?.kind !== "shape") return;
  event.preventDefault();
  const p = placement(target.slot);
  gjk.gjk_web_place(target.slot, p.x, p.y, p.angle + Math.sign(event.deltaY) * 0.08);
  draw();
});

for (const [slot, id] of [[0, "kind-a"], [1, "kind-b"]]) {
  const select = document.getElementById(id);
  KINDS.forEach((name, number) => select.add(new Option(name, number)));
  select.addEventListener("change", () => {
    gjk.gjk_web_set_kind(slot, Number(select.value));
    draw();
  });
}
document.getElementById("kind-a").value = "1";
document.getElementById("kind-b").value = "2";
draw();

// The scripted drag of the browser test: press on B's centre, move it in small steps
// along a fixed curve that swings over A, release at start + (-1, 2.2), and report.
function bits(value) {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  return view.getUint32(0).toString(16).padStart(8, "0");
}

if (new URLSearchParams(location.search).get("test") === "drag") {
  // Pick other kinds through the menus first, as a user would.
  for (const [id, kind] of [["kind-a", "3"], ["kind-b", "4"]]) {
    const select = document.getElementById(id);
    select.value = kind;
    select.dispatchEvent(new Event("change"));
  }
  const box = canvas.getBoundingClientRect();
  const send = (type, wx, wy) => {
    const [px, py] = toScreen(wx, wy);
    canvas.dispatchEvent(new PointerEvent(type, {
      clientX: box.left + px, clientY: box.top + py, pointerId: 1, bubbles: true, isPrimary: true,
    }));
  };
  const start = placement(1);
  send("pointerdown", start.x, start.y);
  const steps = 40;
  for (let step = 1; step <= steps; step++) {
    const t = step / steps;
    send("pointermove", start.x - 1.0 * t - 2.5 * Math.sin(Math.PI * t), start.y + 2.2 * t);
  }
  send("pointerup", start.x - 1.0, start.y + 2.2);
  const report = document.getElementById("test-result");
  const inputs = Array.from({ length: INPUT.count }, (_, i) => bits(input(i)));
  const results = Array.from({ length: 15 }, (_, i) => bits(result(i)));
  report.textContent = [
    `kinds ${document.getElementById("kind-a").value} ${document.getElementById("kind-b").value}`,
    `inputs ${inputs.join(" ")}`,
    `results ${results.join(" ")}`,
    `shown ${readout.textContent.split("\n")[0].replace(/\s+/g, " ")}`,
  ].join("\n");
  report.hidden = false;
}
