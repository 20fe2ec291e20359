// Type-checked by `tsc -p .` (`npm run typecheck`): the package's declarations used as
// a TypeScript user would, strictly.
import { GjkError, load, type DistanceResult, type Kernel, type Shape } from "gjk-kernel";

async function main(): Promise<void> {
  const gjk: Kernel = await load();
  const box: Shape = gjk.rect([1, 0.5]);
  const disc: Shape = gjk.circle(0.5, { x: 0, y: 0 });
  const apart: DistanceResult = gjk.distance(box, { x: 0, y: 0, angle: 0.3 }, disc, [3, 0]);
  const status: "Separated" | "Overlapping" | "MaxIterations" | "InvalidInput" = apart.status;
  const overlapping: boolean = gjk.intersects(box, undefined, disc, { x: 1 });
  const contact = gjk.manifold(box, undefined, disc, { y: 0.9 }, 0.01);
  const ids = contact.points.map((point) => point.id.a.kind);
  const hit = gjk.rayCast(disc, undefined, { origin: { x: -2, y: 0 }, translation: [4, 0] });
  const outline = gjk.outline(box, undefined, 16).map((point) => point.x + point.y);
  try {
    gjk.polygon([[0, 0], [1, 0]]);
  } catch (error) {
    if (error instanceof GjkError) {
      const kind: string = error.kind;
      console.log(kind);
    }
  }
  console.log(status, overlapping, ids, hit.fraction, outline.length);
}

void main();
