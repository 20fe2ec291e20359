// gjk-kernel: the gjk collision kernel's 2D queries for JavaScript and TypeScript.
//
// The kernel is a WebAssembly module (`gjk.wasm`, built from the Rust crate `gjk-js`)
// with a small interface of numbers: this file writes a query's shapes and arguments
// into a scratch array of doubles in the module's memory, calls the query, and reads
// the results back. The module imports nothing and allocates nothing; where the
// scratch array sits, how shapes are encoded and what the statuses are called are
// asked from the module when it loads, so none of those numbers are repeated here.
// Types: gjk.d.ts.

/** Shape kinds, as the module numbers them (`decode.rs` in `gjk-js`). */
const KIND = Object.freeze({
  point: 0,
  circle: 1,
  ellipse: 2,
  segment: 3,
  capsule: 4,
  rect: 5,
  polygon: 6,
});

/** The status families, as the module numbers them (`status.rs` in `gjk-js`). */
const FAMILY = Object.freeze({
  distance: 0,
  penetration: 1,
  cast: 2,
  toi: 3,
  point: 4,
  queryError: 5,
});

/** What a query returns when shape A or B cannot be built. */
const SHAPE_A_INVALID = 0xffff0000;
const SHAPE_B_INVALID = 0xffff0001;

/** Where each shape keeps its encoded form. */
const ENCODED = Symbol("gjk encoded shape");

/**
 * An error from the kernel: a shape its constructor refused (`kind` "ShapeError"), or
 * a yes-or-no query that could not answer (`kind` "InvalidInput" or "MaxIterations").
 */
export class GjkError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = "GjkError";
    this.kind = kind;
  }
}

/**
 * Loads the kernel. `source` is where the module comes from: a URL or path, the
 * module's bytes (`ArrayBuffer`, typed array), a compiled `WebAssembly.Module`, or a
 * `Response`; by default `gjk.wasm` next to this file (read from disk in node,
 * fetched in a browser).
 */
export async function load(source) {
  const instance = await instantiate(source ?? new URL("./gjk.wasm", import.meta.url));
  return new Kernel(instance.exports);
}

async function instantiate(source) {
  if (source instanceof WebAssembly.Module) {
    return WebAssembly.instantiate(source, {});
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return (await WebAssembly.instantiate(source, {})).instance;
  }
  if (typeof Response !== "undefined" && source instanceof Response) {
    return (await WebAssembly.instantiate(await source.arrayBuffer(), {})).instance;
  }
  const url = source instanceof URL ? source : new URL(String(source), import.meta.url);
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return (await WebAssembly.instantiate(await readFile(url), {})).instance;
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`gjk-kernel: cannot fetch ${url}: ${response.status}`);
  }
  return (await WebAssembly.instantiate(await response.arrayBuffer(), {})).instance;
}

/** A vector given as `{x, y}` or `[x, y]`. */
function vec(value, what) {
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    return [Number(value[0]), Number(value[1])];
  }
  if (value && typeof value === "object") {
    return [Number(value.x), Number(value.y)];
  }
  throw new TypeError(`gjk-kernel: ${what} must be {x, y} or [x, y]`);
}

/** A placement given as `{x, y, angle}` (any part may be left out) or nothing. */
function place(value) {
  if (value === undefined || value === null) {
    return [0, 0, 0];
  }
  if (Array.isArray(value)) {
    return [Number(value[0] ?? 0), Number(value[1] ?? 0), Number(value[2] ?? 0)];
  }
  return [Number(value.x ?? 0), Number(value.y ?? 0), Number(value.angle ?? 0)];
}

const point2 = (x, y) => ({ x, y });

/** The kernel: shape constructors and queries, all in `f64`. */
export class Kernel {
  #wasm;
  #layout;
  #statuses;

  constructor(exports) {
    this.#wasm = exports;
    const at = (which) => exports.gjk_layout(which);
    this.#layout = {
      scratch: at(0),
      length: at(1),
      shapeA: at(2),
      placementA: at(3),
      shapeB: at(4),
      placementB: at(5),
      args: at(6),
      out: at(7),
      outline: at(8),
      outlinePoints: at(9),
      text: at(10),
      textLength: at(11),
      shapeLength: at(12),
      polygonPoints: at(13),
      manifoldPoint: at(14),
    };
    this.#statuses = {};
    for (const [family, number] of Object.entries(FAMILY)) {
      const names = [];
      for (let code = 0; ; code += 1) {
        const length = exports.gjk_status_name(number, code);
        if (length === 0) break;
        names.push(this.#text(length));
      }
      this.#statuses[family] = names;
    }
  }

  /** The most points a polygon takes. */
  get maxPolygonPoints() {
    return this.#layout.polygonPoints;
  }

  /** The most points an outline gives. */
  get maxOutlinePoints() {
    return this.#layout.outlinePoints;
  }

  // The scratch array, viewed afresh on each use: the memory's buffer is replaced if
  // it ever grows.
  #scratch() {
    return new Float64Array(this.#wasm.memory.buffer, this.#layout.scratch, this.#layout.length);
  }

  #text(length) {
    const bytes = new Uint8Array(this.#wasm.memory.buffer, this.#layout.text, length);
    return new TextDecoder().decode(bytes);
  }

  #status(family, code) {
    return this.#statuses[family][code] ?? "Unknown";
  }

  // Writes a shape into slot `at`, or throws when it is not one of this kernel's.
  #writeShape(scratch, at, shape) {
    const encoded = shape?.[ENCODED];
    if (!encoded) {
      throw new TypeError("gjk-kernel: not a shape made by this kernel's constructors");
    }
    scratch.set(encoded, at);
  }

  // Writes the shapes, placements and arguments of a query; returns the scratch array.
  #write(a, placeA, b, placeB, args) {
    const scratch = this.#scratch();
    const layout = this.#layout;
    this.#writeShape(scratch, layout.shapeA, a);
    scratch.set(place(placeA), layout.placementA);
    if (b !== undefined) {
      this.#writeShape(scratch, layout.shapeB, b);
      scratch.set(place(placeB), layout.placementB);
    }
    if (args) {
      scratch.set(args, layout.args);
    }
    return scratch;
  }

  // Throws for the shape codes (shapes are checked when made, so only a shape made by
  // another kernel instance's older module could reach this).
  #check(code) {
    if (code === SHAPE_A_INVALID || code === SHAPE_B_INVALID) {
      const which = code === SHAPE_A_INVALID ? "A" : "B";
      throw new GjkError("ShapeError", `shape ${which}: ${this.#text(this.#wasm.gjk_text_length())}`);
    }
    return code;
  }

  // Encodes and validates a shape; returns it frozen, with its encoded form attached.
  #shape(description, kind, parameters) {
    const encoded = new Float64Array(this.#layout.shapeLength);
    encoded[0] = kind;
    encoded.set(parameters, 1);
    const scratch = this.#scratch();
    scratch.set(encoded, this.#layout.shapeA);
    const length = this.#wasm.gjk_check_shape(0);
    if (length !== 0) {
      throw new GjkError("ShapeError", this.#text(length));
    }
    Object.defineProperty(description, ENCODED, { value: encoded });
    return Object.freeze(description);
  }

  /** A single point. */
  point(position) {
    const [x, y] = vec(position, "position");
    return this.#shape({ kind: "point", position: point2(x, y) }, KIND.point, [x, y]);
  }

  /** A disc of `radius` about `center` (the origin by default). */
  circle(radius, center = [0, 0]) {
    const [x, y] = vec(center, "center");
    const r = Number(radius);
    return this.#shape({ kind: "circle", radius: r, center: point2(x, y) }, KIND.circle, [r, x, y]);
  }

  /** A centred, axis-aligned ellipse, optionally rounded by `options.radius`. */
  ellipse(semiAxes, options = {}) {
    const [x, y] = vec(semiAxes, "semiAxes");
    const radius = Number(options.radius ?? 0);
    return this.#shape(
      { kind: "ellipse", semiAxes: point2(x, y), radius },
      KIND.ellipse,
      [x, y, radius],
    );
  }

  /** The line segment from `a` to `b`. */
  segment(a, b) {
    const [ax, ay] = vec(a, "a");
    const [bx, by] = vec(b, "b");
    return this.#shape(
      { kind: "segment", a: point2(ax, ay), b: point2(bx, by) },
      KIND.segment,
      [ax, ay, bx, by],
    );
  }

  /** The segment from `a` to `b` grown by `radius`. */
  capsule(a, b, radius) {
    const [ax, ay] = vec(a, "a");
    const [bx, by] = vec(b, "b");
    const r = Number(radius);
    return this.#shape(
      { kind: "capsule", a: point2(ax, ay), b: point2(bx, by), radius: r },
      KIND.capsule,
      [r, ax, ay, bx, by],
    );
  }

  /** A centred box with half extents `halfExtents`. */
  rect(halfExtents) {
    const [x, y] = vec(halfExtents, "halfExtents");
    return this.#shape({ kind: "rect", halfExtents: point2(x, y) }, KIND.rect, [x, y]);
  }

  /**
   * A convex polygon of up to `maxPolygonPoints` points, counter-clockwise, optionally
   * rounded by `options.radius`; with `options.hull`, the convex hull of any points.
   */
  polygon(points, options = {}) {
    if (!Array.isArray(points)) {
      throw new TypeError("gjk-kernel: points must be an array of {x, y} or [x, y]");
    }
    if (points.length > this.#layout.polygonPoints) {
      throw new GjkError(
        "ShapeError",
        `${points.length} points do not fit in a polygon of at most ${this.#layout.polygonPoints}`,
      );
    }
    const flat = points.flatMap((point, index) => vec(point, `points[${index}]`));
    const radius = Number(options.radius ?? 0);
    const hull = options.hull ? 1 : 0;
    const listed = [];
    for (let index = 0; index < flat.length; index += 2) {
      listed.push(point2(flat[index], flat[index + 1]));
    }
    return this.#shape(
      { kind: "polygon", points: Object.freeze(listed), radius, hull: hull === 1 },
      KIND.polygon,
      [radius, points.length, hull, ...flat],
    );
  }

  /** The distance between two placed shapes, with the closest points. */
  distance(a, placeA, b, placeB) {
    const scratch = this.#write(a, placeA, b, placeB);
    const code = this.#check(this.#wasm.gjk_distance());
    const out = this.#layout.out;
    return {
      status: this.#status("distance", code),
      distance: scratch[out],
      witnessA: point2(scratch[out + 1], scratch[out + 2]),
      witnessB: point2(scratch[out + 3], scratch[out + 4]),
      normal: point2(scratch[out + 5], scratch[out + 6]),
      iterations: scratch[out + 7],
    };
  }

  /** Whether two placed shapes overlap (touching counts). Throws a `GjkError` on invalid input. */
  intersects(a, placeA, b, placeB) {
    this.#write(a, placeA, b, placeB);
    return this.#answer(this.#check(this.#wasm.gjk_intersects()));
  }

  #answer(code) {
    if (code < 2) return code === 1;
    const kind = this.#status("queryError", code - 2);
    throw new GjkError(kind, `gjk-kernel: the query could not answer: ${kind}`);
  }

  /** How deep two placed shapes overlap, and along which normal (from A to B). */
  penetration(a, placeA, b, placeB) {
    const scratch = this.#write(a, placeA, b, placeB);
    const code = this.#check(this.#wasm.gjk_penetration());
    const out = this.#layout.out;
    return {
      status: this.#status("penetration", code),
      depth: scratch[out],
      normal: point2(scratch[out + 1], scratch[out + 2]),
      witnessA: point2(scratch[out + 3], scratch[out + 4]),
      witnessB: point2(scratch[out + 5], scratch[out + 6]),
      iterations: scratch[out + 7],
    };
  }

  /**
   * The contact manifold of two placed shapes in world space: up to two points,
   * those up to `speculativeDistance` apart kept. Throws a `GjkError` on invalid input.
   */
  manifold(a, placeA, b, placeB, speculativeDistance = 0) {
    const scratch = this.#write(a, placeA, b, placeB, [Number(speculativeDistance)]);
    const code = this.#check(this.#wasm.gjk_manifold());
    if (code !== 0) {
      const kind = this.#status("queryError", code - 1);
      throw new GjkError(kind, `gjk-kernel: no manifold: ${kind}`);
    }
    const out = this.#layout.out;
    const count = scratch[out + 2];
    const points = [];
    for (let index = 0; index < count; index += 1) {
      const at = out + 3 + index * this.#layout.manifoldPoint;
      points.push({
        point: point2(scratch[at], scratch[at + 1]),
        separation: scratch[at + 2],
        id: { a: feature(scratch, at + 3), b: feature(scratch, at + 6) },
      });
    }
    return { normal: point2(scratch[out], scratch[out + 1]), points };
  }

  /** Where a ray (`origin + fraction * translation`) first meets a placed shape. */
  rayCast(shape, placement, ray) {
    const origin = vec(ray.origin, "ray.origin");
    const translation = vec(ray.translation, "ray.translation");
    const maxFraction = Number(ray.maxFraction ?? 1);
    this.#write(shape, placement, undefined, undefined, [...origin, ...translation, maxFraction]);
    return this.#cast(this.#check(this.#wasm.gjk_ray_cast()));
  }

  /** When two placed shapes moving by straight translations first touch. */
  shapeCast(a, placeA, b, placeB, motion) {
    const args = [
      ...vec(motion.translationA ?? [0, 0], "translationA"),
      ...vec(motion.translationB ?? [0, 0], "translationB"),
      Number(motion.maxFraction ?? 1),
      Number(motion.targetSeparation ?? 0),
    ];
    this.#write(a, placeA, b, placeB, args);
    return this.#cast(this.#check(this.#wasm.gjk_shape_cast()));
  }

  #cast(code) {
    const scratch = this.#scratch();
    const out = this.#layout.out;
    return {
      status: this.#status("cast", code),
      fraction: scratch[out],
      point: point2(scratch[out + 1], scratch[out + 2]),
      normal: point2(scratch[out + 3], scratch[out + 4]),
      iterations: scratch[out + 5],
    };
  }

  /**
   * The first time (a fraction of the step) at which two shapes moving from one
   * placement to another, turning about their own origins, touch.
   */
  timeOfImpact(a, fromA, toA, b, fromB, toB, maxFraction = 1) {
    const args = [...place(toA), ...place(toB), Number(maxFraction)];
    const scratch = this.#write(a, fromA, b, fromB, args);
    const code = this.#check(this.#wasm.gjk_time_of_impact());
    const out = this.#layout.out;
    return {
      status: this.#status("toi", code),
      fraction: scratch[out],
      iterations: scratch[out + 1],
    };
  }

  /** The point of a placed shape's surface nearest `point`, inside or outside. */
  projectPoint(shape, placement, point) {
    const scratch = this.#write(shape, placement, undefined, undefined, vec(point, "point"));
    const code = this.#check(this.#wasm.gjk_project_point());
    const out = this.#layout.out;
    return {
      status: this.#status("point", code),
      surfacePoint: point2(scratch[out], scratch[out + 1]),
      signedDistance: scratch[out + 2],
      normal: point2(scratch[out + 3], scratch[out + 4]),
      iterations: scratch[out + 5],
    };
  }

  /** Whether a placed shape contains `point` (its boundary counts). Throws a `GjkError` on invalid input. */
  containsPoint(shape, placement, point) {
    this.#write(shape, placement, undefined, undefined, vec(point, "point"));
    return this.#answer(this.#check(this.#wasm.gjk_contains_point()));
  }

  /**
   * A placed shape's boundary as up to `count` points along evenly spaced directions
   * (at most `maxOutlinePoints`), repeats dropped: a polygon gives its corners.
   */
  outline(shape, placement, count = 64) {
    this.#write(shape, placement);
    const written = this.#check(this.#wasm.gjk_outline(Math.max(0, Math.floor(count))));
    const scratch = this.#scratch();
    const at = this.#layout.outline;
    const points = [];
    for (let index = 0; index < written; index += 1) {
      points.push(point2(scratch[at + 2 * index], scratch[at + 2 * index + 1]));
    }
    return points;
  }
}

/** A contact feature from three slots: kind, then one or two indices. */
function feature(scratch, at) {
  switch (scratch[at]) {
    case 0:
      return { kind: "vertex", index: scratch[at + 1] };
    case 1:
      return { kind: "edge", start: scratch[at + 1], end: scratch[at + 2] };
    default:
      return { kind: "smooth" };
  }
}
