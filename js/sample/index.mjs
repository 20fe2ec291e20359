// A user of gjk-kernel: two shapes, the queries a game or a physics step asks, and
// what an invalid shape does.
import { GjkError, load } from "gjk-kernel";

const gjk = await load();
const round = (value) => Number(value.toFixed(6));
const show = (vector) => `(${round(vector.x)}, ${round(vector.y)})`;

const ground = gjk.rect({ x: 4, y: 0.5 });
const crate = gjk.polygon([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], { radius: 0.05 });
const ball = gjk.circle(0.25);

const apart = gjk.distance(ground, undefined, ball, { x: 1, y: 2 });
console.log(`distance ground-ball: ${round(apart.distance)} ${apart.status}, normal ${show(apart.normal)}`);

const resting = { x: 0.5, y: 0.95, angle: 0 };
const deep = gjk.penetration(ground, undefined, crate, resting);
console.log(`penetration ground-crate: depth ${round(deep.depth)} ${deep.status}, normal ${show(deep.normal)}`);

const contact = gjk.manifold(ground, undefined, crate, resting, 0.02);
console.log(`manifold ground-crate: ${contact.points.length} points, normal ${show(contact.normal)}`);
for (const point of contact.points) {
  console.log(`  point ${show(point.point)} separation ${round(point.separation)} ids ${point.id.a.kind}/${point.id.b.kind}`);
}

const ray = gjk.rayCast(crate, resting, { origin: [-3, 1], translation: [6, 0] });
console.log(`ray onto the crate: ${ray.status} at fraction ${round(ray.fraction)}, point ${show(ray.point)}`);

const fall = gjk.timeOfImpact(ball, { x: 0.5, y: 3 }, { x: 0.5, y: -3 }, ground, undefined, undefined);
console.log(`ball falling onto the ground: ${fall.status} at fraction ${round(fall.fraction)}`);

const probe = gjk.projectPoint(crate, resting, [0.5, 1.0]);
console.log(`point in the crate: ${probe.status}, signed distance ${round(probe.signedDistance)}`);

try {
  gjk.capsule([0, 0], [1, 0], -0.1);
} catch (error) {
  if (!(error instanceof GjkError)) throw error;
  console.log(`invalid capsule: ${error.kind}: ${error.message}`);
}
