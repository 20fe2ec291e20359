// The package's checks, shared by node (`node --test test/node.test.mjs`) and headless Chromium
// (`test/browser.html`): each is a named function of the loaded kernel that throws
// on failure. Expected values are exact geometry worked out by hand.

const close = (actual, expected, tolerance, what) => {
  if (!(Math.abs(actual - expected) <= tolerance)) {
    throw new Error(`${what}: ${actual}, expected ${expected} (within ${tolerance})`);
  }
};
const same = (actual, expected, what) => {
  if (actual !== expected) {
    throw new Error(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
};
const throwsKind = (run, kind, what) => {
  try {
    run();
  } catch (error) {
    same(error.name, "GjkError", `${what}: error name`);
    same(error.kind, kind, `${what}: error kind`);
    return error;
  }
  throw new Error(`${what}: did not throw`);
};

export const checks = {
  "distance between two circles is exact"(gjk) {
    const a = gjk.circle(1);
    const b = gjk.circle(0.5);
    const out = gjk.distance(a, { x: 0, y: 0 }, b, { x: 3, y: 4 });
    same(out.status, "Separated", "status");
    close(out.distance, 3.5, 1e-15, "distance");
    close(out.normal.x, 0.6, 1e-15, "normal x");
    close(out.witnessA.y, 0.8, 1e-15, "witness on A");
    close(out.witnessB.x, 3 - 0.3, 1e-15, "witness on B");
  },
  "a box and a turned box overlap by the expected depth"(gjk) {
    const box = gjk.rect([1, 0.5]);
    // Turned a quarter, B spans x from 0.75 to 1.75 and y from -1 to 1: it overlaps A
    // (x from -1 to 1) by 0.25 along x, and covers A's height.
    const placeB = { x: 1.25, y: 0, angle: Math.PI / 2 };
    same(gjk.intersects(box, undefined, box, placeB), true, "intersects");
    const out = gjk.penetration(box, undefined, box, placeB);
    same(out.status, "Penetrating", "status");
    close(out.depth, 0.25, 1e-12, "depth");
    close(out.normal.x, 1, 1e-12, "normal");
  },
  "a deep overlap has its depth and a normal along the shortest way out"(gjk) {
    const box = gjk.rect([2, 1]);
    const out = gjk.penetration(box, [0, 0, 0], gjk.circle(0.5), [0.5, 0.75]);
    same(out.status, "Penetrating", "status");
    close(out.depth, 0.75, 1e-12, "depth");
    close(out.normal.y, 1, 1e-12, "normal");
  },
  "a box resting on a box has a two-point manifold with ids"(gjk) {
    const ground = gjk.rect([2, 0.5]);
    const box = gjk.rect([0.5, 0.5]);
    const contact = gjk.manifold(ground, undefined, box, { x: 0.25, y: 0.9 }, 0.01);
    close(contact.normal.y, 1, 1e-12, "normal");
    same(contact.points.length, 2, "points");
    for (const point of contact.points) {
      close(point.separation, -0.1, 1e-12, "separation");
      same(typeof point.id.a.kind, "string", "feature kind");
    }
  },
  "a ray hits a polygon on its face"(gjk) {
    const square = gjk.polygon([[-1, -1], [1, -1], [1, 1], [-1, 1]]);
    const out = gjk.rayCast(square, { x: 5, y: 0 }, { origin: [0, 0.5], translation: [10, 0] });
    same(out.status, "Hit", "status");
    close(out.fraction, 0.4, 1e-15, "fraction");
    close(out.normal.x, -1, 1e-15, "normal");
  },
  "a ray that misses says so"(gjk) {
    const out = gjk.rayCast(gjk.circle(1), undefined, { origin: [0, 2], translation: [1, 0] });
    same(out.status, "Miss", "status");
  },
  "a shape cast stops where the shapes touch"(gjk) {
    const out = gjk.shapeCast(gjk.circle(1), undefined, gjk.circle(1), { x: 10, y: 0 }, {
      translationB: [-10, 0],
    });
    same(out.status, "Hit", "status");
    close(out.fraction, 0.8, 1e-9, "fraction");
  },
  "time of impact of two boxes moving towards each other"(gjk) {
    const box = gjk.rect([0.5, 0.5]);
    const out = gjk.timeOfImpact(box, { x: -5 }, { x: 5 }, box, { x: 5 }, { x: -5 });
    same(out.status, "Hit", "status");
    // The gap of 9 closes at 20 per step: touching at 0.45, reported within the
    // kernel's target band just before.
    close(out.fraction, 0.45, 1e-3, "fraction");
    same(out.fraction <= 0.45, true, "never past the touch");
  },
  "points project onto an ellipse inside and outside"(gjk) {
    const ellipse = gjk.ellipse([2, 1]);
    const above = gjk.projectPoint(ellipse, undefined, [0, 3]);
    same(above.status, "Outside", "status outside");
    close(above.signedDistance, 2, 1e-15, "distance outside");
    const inside = gjk.projectPoint(ellipse, { x: 10, y: 0 }, [10, 0.25]);
    same(inside.status, "Inside", "status inside");
    close(inside.signedDistance, -0.75, 1e-15, "distance inside");
    same(gjk.containsPoint(ellipse, { x: 10 }, { x: 10, y: 0.25 }), true, "contains");
    same(gjk.containsPoint(ellipse, { x: 10 }, { x: 10, y: 1.25 }), false, "does not contain");
  },
  "a polygon's outline is its corners once each"(gjk) {
    const triangle = gjk.polygon([[0, 0], [1, 0], [0, 1]]);
    const points = gjk.outline(triangle, { x: 1, y: 1 }, 64);
    same(points.length, 3, "corners");
    const sum = points.reduce((total, point) => total + point.x + point.y, 0);
    close(sum, 2 + 6, 1e-15, "corners placed");
  },
  "invalid shapes are refused with the constructor's reason"(gjk) {
    const negative = throwsKind(() => gjk.circle(-1), "ShapeError", "negative radius");
    same(/radius/i.test(negative.message), true, `message "${negative.message}"`);
    throwsKind(() => gjk.polygon([[0, 0], [0, 1], [1, 0]]), "ShapeError", "clockwise polygon");
    throwsKind(() => gjk.polygon([[0, 0], [1, 0]]), "ShapeError", "two points");
    throwsKind(() => gjk.rect([Number.NaN, 1]), "ShapeError", "NaN extent");
    const many = Array.from({ length: 9 }, (_, index) => [Math.cos(index), Math.sin(index)]);
    throwsKind(() => gjk.polygon(many, { hull: true }), "ShapeError", "nine points");
    // The hull of any points, rounded.
    const hull = gjk.polygon([[0, 0], [1, 1], [1, 0], [0.5, 0.2], [0, 1]], { hull: true, radius: 0.1 });
    same(hull.points.length, 5, "points kept as given");
  },
  "invalid placements give typed statuses, never a throw from a status query"(gjk) {
    const circle = gjk.circle(1);
    const out = gjk.distance(circle, { x: Number.NaN }, circle, undefined);
    same(out.status, "InvalidInput", "distance status");
    throwsKind(() => gjk.intersects(circle, { x: Infinity }, circle, undefined), "InvalidInput", "intersects");
    same(gjk.rayCast(circle, undefined, { origin: [0, 5], translation: [0, -1], maxFraction: -1 }).status,
      "InvalidInput", "negative max fraction");
  },
  "shapes from another source are refused"(gjk) {
    let threw = false;
    try {
      gjk.distance({ kind: "circle", radius: 1, center: { x: 0, y: 0 } }, undefined, gjk.circle(1), undefined);
    } catch (error) {
      threw = error instanceof TypeError;
    }
    same(threw, true, "a plain object is not a shape");
  },
};

/** Runs every check; returns `[name, null | message]` pairs. */
export function runChecks(gjk) {
  return Object.entries(checks).map(([name, check]) => {
    try {
      check(gjk);
      return [name, null];
    } catch (error) {
      return [name, String(error?.stack ?? error)];
    }
  });
}
