// Types of gjk-kernel (gjk.js): the gjk collision kernel's 2D queries, in f64.

/** A vector: `{x, y}` or `[x, y]` on the way in; always `{x, y}` on the way out. */
export type VecLike = { readonly x: number; readonly y: number } | readonly [number, number];

/** A vector in a result. */
export interface Vec {
  readonly x: number;
  readonly y: number;
}

/**
 * Where a shape sits: its origin's position and its counter-clockwise angle in radians.
 * Any part left out is zero; `undefined` is the identity.
 */
export type Placement =
  | { readonly x?: number; readonly y?: number; readonly angle?: number }
  | readonly [number, number, number?]
  | undefined;

/** A shape made by one of `Kernel`'s constructors, which checked it. Immutable. */
export type Shape =
  | { readonly kind: "point"; readonly position: Vec }
  | { readonly kind: "circle"; readonly radius: number; readonly center: Vec }
  | { readonly kind: "ellipse"; readonly semiAxes: Vec; readonly radius: number }
  | { readonly kind: "segment"; readonly a: Vec; readonly b: Vec }
  | { readonly kind: "capsule"; readonly a: Vec; readonly b: Vec; readonly radius: number }
  | { readonly kind: "rect"; readonly halfExtents: Vec }
  | {
      readonly kind: "polygon";
      readonly points: readonly Vec[];
      readonly radius: number;
      readonly hull: boolean;
    };

/** Why a shape was refused, or why a yes-or-no query could not answer. */
export class GjkError extends Error {
  readonly name: "GjkError";
  /** "ShapeError" for a refused shape; "InvalidInput" or "MaxIterations" from a query. */
  readonly kind: "ShapeError" | "InvalidInput" | "MaxIterations" | string;
}

export type DistanceStatus = "Separated" | "Overlapping" | "MaxIterations" | "InvalidInput";
export type PenetrationStatus = "Penetrating" | "Separated" | "MaxIterations" | "InvalidInput";
export type CastStatus = "Hit" | "Miss" | "StartsInside" | "MaxIterations" | "InvalidInput";
export type ToiStatus = "Hit" | "Separated" | "Overlapped" | "Failed" | "InvalidInput";
export type PointStatus = "Outside" | "Inside" | "MaxIterations" | "InvalidInput";

export interface DistanceResult {
  readonly status: DistanceStatus;
  /** Between the surfaces; 0 when they overlap. */
  readonly distance: number;
  /** The closest point on A. */
  readonly witnessA: Vec;
  /** The closest point on B. */
  readonly witnessB: Vec;
  /** Unit normal from A to B. */
  readonly normal: Vec;
  readonly iterations: number;
}

export interface PenetrationResult {
  readonly status: PenetrationStatus;
  /** How far B must move along `normal` to separate; negative: the separation. */
  readonly depth: number;
  /** Unit normal from A to B. */
  readonly normal: Vec;
  readonly witnessA: Vec;
  readonly witnessB: Vec;
  readonly iterations: number;
}

/** A contact feature: a polygon's vertex or edge, or a point of a curved surface. */
export type ContactFeature =
  | { readonly kind: "vertex"; readonly index: number }
  | { readonly kind: "edge"; readonly start: number; readonly end: number }
  | { readonly kind: "smooth" };

export interface ManifoldPoint {
  /** In the world, midway between the surfaces. */
  readonly point: Vec;
  /** Along the normal; negative when overlapping. */
  readonly separation: number;
  /** The features that made the point, for matching points across frames. */
  readonly id: { readonly a: ContactFeature; readonly b: ContactFeature };
}

export interface Manifold {
  /** Unit normal from A to B. */
  readonly normal: Vec;
  /** Zero, one or two points. */
  readonly points: readonly ManifoldPoint[];
}

export interface Ray {
  readonly origin: VecLike;
  /** The ray covers `origin + fraction * translation` for fractions up to `maxFraction`. */
  readonly translation: VecLike;
  /** Default 1. */
  readonly maxFraction?: number;
}

export interface CastResult {
  readonly status: CastStatus;
  /** Of the translation, at the first touch. */
  readonly fraction: number;
  /** Where they touch. */
  readonly point: Vec;
  /** The surface normal there. */
  readonly normal: Vec;
  readonly iterations: number;
}

export interface ShapeMotion {
  readonly translationA?: VecLike;
  readonly translationB?: VecLike;
  /** Default 1. */
  readonly maxFraction?: number;
  /** Stop this far apart; default 0. */
  readonly targetSeparation?: number;
}

export interface ToiResult {
  readonly status: ToiStatus;
  readonly fraction: number;
  readonly iterations: number;
}

export interface PointProjection {
  readonly status: PointStatus;
  /** The surface point nearest the point. */
  readonly surfacePoint: Vec;
  /** Positive outside, negative inside. */
  readonly signedDistance: number;
  /** Outward unit normal at the surface point. */
  readonly normal: Vec;
  readonly iterations: number;
}

/** The kernel: shape constructors and queries. */
export class Kernel {
  private constructor();
  /** The most points a polygon takes (8). */
  readonly maxPolygonPoints: number;
  /** The most points `outline` gives. */
  readonly maxOutlinePoints: number;

  point(position: VecLike): Shape;
  circle(radius: number, center?: VecLike): Shape;
  ellipse(semiAxes: VecLike, options?: { radius?: number }): Shape;
  segment(a: VecLike, b: VecLike): Shape;
  capsule(a: VecLike, b: VecLike, radius: number): Shape;
  rect(halfExtents: VecLike): Shape;
  polygon(points: readonly VecLike[], options?: { radius?: number; hull?: boolean }): Shape;

  distance(a: Shape, placeA: Placement, b: Shape, placeB: Placement): DistanceResult;
  intersects(a: Shape, placeA: Placement, b: Shape, placeB: Placement): boolean;
  penetration(a: Shape, placeA: Placement, b: Shape, placeB: Placement): PenetrationResult;
  manifold(
    a: Shape,
    placeA: Placement,
    b: Shape,
    placeB: Placement,
    speculativeDistance?: number,
  ): Manifold;
  rayCast(shape: Shape, placement: Placement, ray: Ray): CastResult;
  shapeCast(a: Shape, placeA: Placement, b: Shape, placeB: Placement, motion: ShapeMotion): CastResult;
  timeOfImpact(
    a: Shape,
    fromA: Placement,
    toA: Placement,
    b: Shape,
    fromB: Placement,
    toB: Placement,
    maxFraction?: number,
  ): ToiResult;
  projectPoint(shape: Shape, placement: Placement, point: VecLike): PointProjection;
  containsPoint(shape: Shape, placement: Placement, point: VecLike): boolean;
  outline(shape: Shape, placement: Placement, count?: number): Vec[];
}

/** Where the module comes from; by default `gjk.wasm` next to `gjk.js`. */
export type ModuleSource = URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module | Response;

/** Loads the kernel. */
export function load(source?: ModuleSource): Promise<Kernel>;
