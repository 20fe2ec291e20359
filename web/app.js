// The interactive page: the scene lives in the kernel's wasm module (gjk_web.wasm,
// built from embedded/web); this script only passes pointer input in and draws what
// the module answers. With ?test=drag or ?test=overlap it performs a scripted session
// (see TESTS at the end) and writes the stored inputs and results as f32 bits into
// #test-result, which the browser test of `cargo xtask web --test` compares with a
// native run of the same scene.

const KINDS = ["circle", "box", "capsule", "polygon", "ellipse", "segment", "rounded box"];
const DISTANCE_STATUS = ["Separated", "Overlapping", "MaxIterations", "InvalidInput"];
const CAST_STATUS = ["Hit", "Miss", "StartsInside", "MaxIterations", "InvalidInput"];
const PENETRATION_STATUS = ["Penetrating", "Separated", "MaxIterations", "InvalidInput"];
const OUTLINE_POINTS = 128;
const SCALE = 60; // pixels per world unit
const COLOR_A = "#3a6ea5";
const COLOR_B = "#e07b24";
const COLOR_HIT = "#c0392b";
const COLOR_NORMAL = "#222";
const COLOR_DEPTH = "#c0392b";
const COLOR_CONTACT = "#7d3c98";
const COLOR_GAP = "#7a7a7a";

const canvas = document.getElementById("scene");
const context = canvas.getContext("2d");
const readout = document.getElementById("readout");

const { instance } = await WebAssembly.instantiateStreaming(fetch("gjk_web.wasm"), {});
const gjk = instance.exports;

// Input layout of gjk_web_input (see embedded/web/src/state.rs).
const INPUT = { a: 0, b: 3, ray: 6, sweep: 10, count: 12 };
// Result layout of gjk_web_result (gjk_scene::PAGE_RESULTS in embedded/scene/src/page.rs).
const RESULT = {
  distance: 0, witnessA: 1, witnessB: 3, normal: 5, status: 7, overlap: 8,
  rayA: { status: 9, fraction: 10, point: 11, normal: 13 },
  rayB: { status: 15, fraction: 16, point: 17, normal: 19 },
  sweep: { status: 21, fraction: 22 },
  depth: { status: 23, depth: 24, normal: 25, witnessA: 27, witnessB: 29 },
  manifold: { count: 31, normal: 32, points: 34, stride: 5 },
};
const input = (index) => gjk.gjk_web_input(index);
const result = (index) => gjk.gjk_web_result(index);
const vector = (index) => [result(index), result(index + 1)];

const toScreen = (x, y) => [canvas.width / 2 + x * SCALE, canvas.height / 2 - y * SCALE];
const toWorld = (px, py) => [(px - canvas.width / 2) / SCALE, (canvas.height / 2 - py) / SCALE];

function placement(slot) {
  const base = slot === 0 ? INPUT.a : INPUT.b;
  return { x: input(base), y: input(base + 1), angle: input(base + 2) };
}

function rayInput() {
  const [x, y, dx, dy] = [0, 1, 2, 3].map((offset) => input(INPUT.ray + offset));
  return { x, y, dx, dy };
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

function ring(x, y, radius, color) {
  const [px, py] = toScreen(x, y);
  context.beginPath();
  context.arc(px, py, radius, 0, 2 * Math.PI);
  context.strokeStyle = color;
  context.lineWidth = 1.5;
  context.stroke();
}

// A line in screen pixels.
function line(p1x, p1y, p2x, p2y, color, dash, width) {
  context.beginPath();
  context.setLineDash(dash ?? []);
  context.moveTo(p1x, p1y);
  context.lineTo(p2x, p2y);
  context.strokeStyle = color;
  context.lineWidth = width ?? 1.5;
  context.stroke();
  context.setLineDash([]);
}

function segment(x1, y1, x2, y2, color, dash) {
  line(...toScreen(x1, y1), ...toScreen(x2, y2), color, dash);
}

// An arrow in screen pixels from (p1x, p1y) to (p2x, p2y), with its head at the end.
function arrowPixels(p1x, p1y, p2x, p2y, color) {
  line(p1x, p1y, p2x, p2y, color, [], 2);
  const angle = Math.atan2(p2y - p1y, p2x - p1x);
  const head = 9;
  context.beginPath();
  context.moveTo(p2x, p2y);
  context.lineTo(p2x - head * Math.cos(angle - 0.4), p2y - head * Math.sin(angle - 0.4));
  context.lineTo(p2x - head * Math.cos(angle + 0.4), p2y - head * Math.sin(angle + 0.4));
  context.closePath();
  context.fillStyle = color;
  context.fill();
}

// An arrow in world units, shifted `side` pixels to its left (so that it runs beside
// a line drawn between the same points instead of over it).
function arrow(x1, y1, x2, y2, color, side = 0) {
  const [p1x, p1y] = toScreen(x1, y1);
  const [p2x, p2y] = toScreen(x2, y2);
  const length = Math.hypot(p2x - p1x, p2y - p1y);
  if (length < 1) return;
  const [ox, oy] = [(-(p2y - p1y) / length) * side, ((p2x - p1x) / length) * side];
  arrowPixels(p1x + ox, p1y + oy, p2x + ox, p2y + oy, color);
}

function label(text, x, y, color, dx = 8, dy = -8, align = "start") {
  const [px, py] = toScreen(x, y);
  context.font = "12px DejaVu Sans, sans-serif";
  context.fillStyle = color;
  context.textAlign = align;
  context.fillText(text, px + dx, py + dy);
  context.textAlign = "start";
}

// A contact feature from its page code (gjk_scene::page::feature_code).
function feature(code) {
  if (code < 0) return "s";
  if (code >= 1e6) {
    const edge = code - 1e6;
    return `e${Math.floor(edge / 1000)}-${edge % 1000}`;
  }
  return `v${code}`;
}

const fixed = (value, digits) => (Object.is(value, -0) ? 0 : value).toFixed(digits);
const pair = ([x, y], digits = 3) => `(${fixed(x, digits)}, ${fixed(y, digits)})`;

function cast(layout) {
  return {
    status: CAST_STATUS[result(layout.status)],
    fraction: result(layout.fraction),
    point: vector(layout.point),
    normal: vector(layout.normal),
  };
}

function draw() {
  gjk.gjk_web_evaluate();
  context.clearRect(0, 0, canvas.width, canvas.height);
  const shapeA = outline(0);
  const shapeB = outline(1);
  const b = placement(1);
  const sweep = [input(INPUT.sweep), input(INPUT.sweep + 1)];
  const sweepStatus = CAST_STATUS[result(RESULT.sweep.status)];
  const sweepFraction = result(RESULT.sweep.fraction);

  // The sweep: B's path, where it would end, and where it first touches A.
  segment(b.x, b.y, b.x + sweep[0], b.y + sweep[1], COLOR_B, [6, 4]);
  const shifted = (points, t) => points.map(([x, y]) => [x + t * sweep[0], y + t * sweep[1]]);
  drawShape(shifted(shapeB, 1), COLOR_B, 0.15);
  if (sweepStatus === "Hit") drawShape(shifted(shapeB, sweepFraction), COLOR_B, 0.45);
  ring(b.x + sweep[0], b.y + sweep[1], 6, COLOR_B);

  drawShape(shapeA, COLOR_A, 1);
  drawShape(shapeB, COLOR_B, 1);

  // The ray against both shapes: solid up to the first hit, dashed beyond it.
  const ray = rayInput();
  const hits = [[cast(RESULT.rayA), COLOR_A], [cast(RESULT.rayB), COLOR_B]]
    .filter(([hit]) => hit.status === "Hit")
    .sort(([first], [second]) => first.fraction - second.fraction);
  const [endX, endY] = [ray.x + ray.dx, ray.y + ray.dy];
  if (hits.length > 0) {
    const [first] = hits[0];
    segment(ray.x, ray.y, first.point[0], first.point[1], "#555");
    segment(first.point[0], first.point[1], endX, endY, "#999", [4, 4]);
  } else {
    segment(ray.x, ray.y, endX, endY, "#999", [4, 4]);
  }
  for (const [hit, color] of hits) {
    dot(hit.point[0], hit.point[1], 5, COLOR_HIT);
    dot(hit.point[0], hit.point[1], 3, color);
    arrow(hit.point[0], hit.point[1], hit.point[0] + 0.4 * hit.normal[0], hit.point[1] + 0.4 * hit.normal[1], "#555");
  }
  dot(ray.x, ray.y, 5, "#222");
  ring(endX, endY, 6, "#555");

  const status = DISTANCE_STATUS[result(RESULT.status)];
  const overlapCode = result(RESULT.overlap);
  const overlap = overlapCode === 1 ? "yes" : overlapCode === 0 ? "no" : "error";
  const [ax, ay] = vector(RESULT.witnessA);
  const [bx, by] = vector(RESULT.witnessB);
  const depthStatus = PENETRATION_STATUS[result(RESULT.depth.status)];
  const depth = result(RESULT.depth.depth);
  const depthNormal = vector(RESULT.depth.normal);
  const penetrating = depthStatus === "Penetrating" && status !== "Separated";
  let normal = vector(RESULT.normal);

  if (penetrating) {
    // B's shortest way out: from its deepest point to A's surface, along the normal.
    const [dax, day] = vector(RESULT.depth.witnessA);
    const [dbx, dby] = vector(RESULT.depth.witnessB);
    dot(dax, day, 4, COLOR_A);
    dot(dbx, dby, 4, COLOR_B);
    arrow(dbx, dby, dbx + depth * depthNormal[0], dby + depth * depthNormal[1], COLOR_DEPTH);
    // The label behind the arrow's tail, clear of its head and of the contact labels.
    const [lx, ly] = [dbx - 0.3 * depthNormal[0], dby - 0.3 * depthNormal[1]];
    label(`depth ${fixed(depth, 3)}`, lx, ly, COLOR_DEPTH, 0, 4, "center");
    normal = depthNormal;
  } else {
    // The gap, and the normal beside it (not over it), from A towards B.
    if (status === "Separated") segment(ax, ay, bx, by, COLOR_GAP, [5, 4]);
    dot(ax, ay, 4, COLOR_A);
    dot(bx, by, 4, COLOR_B);
    const length = Math.min(0.8, Math.max(0.4, result(RESULT.distance)));
    if (normal[0] !== 0 || normal[1] !== 0) {
      arrow(ax, ay, ax + length * normal[0], ay + length * normal[1], COLOR_NORMAL, 9);
    }
  }

  // The contact manifold: points with their features and separations.
  const count = result(RESULT.manifold.count);
  const contactLines = [];
  if (count > 0) {
    const contactNormal = vector(RESULT.manifold.normal);
    let [cx, cy] = [0, 0];
    for (let index = 0; index < count; index++) {
      const at = RESULT.manifold.points + index * RESULT.manifold.stride;
      const [px, py] = vector(at);
      const separation = result(at + 2);
      const ids = `${feature(result(at + 3))}/${feature(result(at + 4))}`;
      dot(px, py, 4.5, COLOR_CONTACT);
      // The labels sit on either side of the normal, so two points never share a spot.
      const side = index === 0 ? -1 : 1;
      const [tx, ty] = [-contactNormal[1] * side, contactNormal[0] * side];
      label(`${ids} ${fixed(separation, 3)}`, px, py, COLOR_CONTACT, 8 + 22 * tx, 4 - 22 * ty);
      contactLines.push(`  ${ids.padEnd(12)}sep ${fixed(separation, 4)}`);
      cx += px / count;
      cy += py / count;
    }
    if (!penetrating) {
      arrow(cx, cy, cx + 0.6 * contactNormal[0], cy + 0.6 * contactNormal[1], COLOR_CONTACT, -9);
    }
  }

  const rayLine = (name, hit) =>
    `${name}${hit.status}${hit.status === "Hit" ? ` at ${fixed(hit.fraction, 4)}` : ""}`;
  const manifoldLine = count < 0
    ? "manifold  error"
    : `manifold  ${count} point${count === 1 ? "" : "s"}${count > 0 ? `, n ${pair(vector(RESULT.manifold.normal), 2)}` : ""}`;
  readout.textContent = [
    `distance  ${fixed(result(RESULT.distance), 4)}`,
    `status    ${status}`,
    `overlap   ${overlap}`,
    `depth     ${penetrating ? `${fixed(depth, 4)} (${depthStatus})` : `- (${depthStatus})`}`,
    `normal    ${pair(normal)}`,
    manifoldLine,
    ...contactLines,
    rayLine("ray to A  ", cast(RESULT.rayA)),
    rayLine("ray to B  ", cast(RESULT.rayB)),
    `sweep     ${sweepStatus}${sweepStatus === "Hit" ? ` at ${fixed(sweepFraction, 4)}` : ""}`,
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
  const ray = rayInput();
  if (near(x, y, ray.x, ray.y, 10)) return { kind: "ray" };
  if (near(x, y, ray.x + ray.dx, ray.y + ray.dy, 10)) return { kind: "ray end" };
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
  const ray = rayInput();
  if (drag.kind === "ray") {
    gjk.gjk_web_set_ray(ray.x + dx, ray.y + dy, ray.dx, ray.dy);
  } else if (drag.kind === "ray end") {
    gjk.gjk_web_set_ray(ray.x, ray.y, ray.dx + dx, ray.dy + dy);
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

function bits(value) {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  return view.getUint32(0).toString(16).padStart(8, "0");
}

// The browser test's scripted sessions (`cargo xtask web --test`): pick kinds through
// the menus, drag B in small steps along a fixed curve (and, in "overlap", the ray's
// end), then report. "drag" ends with the shapes apart, "overlap" with B deep in A.
const TESTS = {
  drag: { kinds: ["3", "4"], moveB: [-1.0, 2.2], swing: 2.5, moveRayEnd: null },
  overlap: { kinds: ["1", "3"], moveB: [-2.4, -0.6], swing: 0.8, moveRayEnd: [0.0, 1.5] },
};
const test = TESTS[new URLSearchParams(location.search).get("test")];
if (test) {
  for (const [id, kind] of [["kind-a", test.kinds[0]], ["kind-b", test.kinds[1]]]) {
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
  const steps = 40;
  const dragFrom = (start, move, swing) => {
    send("pointerdown", start[0], start[1]);
    for (let step = 1; step <= steps; step++) {
      const t = step / steps;
      send("pointermove", start[0] + move[0] * t - swing * Math.sin(Math.PI * t), start[1] + move[1] * t);
    }
    send("pointerup", start[0] + move[0], start[1] + move[1]);
  };
  const start = placement(1);
  dragFrom([start.x, start.y], test.moveB, test.swing);
  if (test.moveRayEnd) {
    const ray = rayInput();
    dragFrom([ray.x + ray.dx, ray.y + ray.dy], test.moveRayEnd, 0);
  }
  const report = document.getElementById("test-result");
  const inputs = Array.from({ length: INPUT.count }, (_, i) => bits(input(i)));
  const results = Array.from({ length: gjk.gjk_web_result_count() }, (_, i) => bits(result(i)));
  report.textContent = [
    `kinds ${document.getElementById("kind-a").value} ${document.getElementById("kind-b").value}`,
    `inputs ${inputs.join(" ")}`,
    `results ${results.join(" ")}`,
    `shown ${readout.textContent.split("\n")[0].replace(/\s+/g, " ")}`,
  ].join("\n");
}
