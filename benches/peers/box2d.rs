#![allow(unsafe_code)] // Box2D is C: every call below is an FFI call, each with a SAFETY comment.

//! Box2D v3 through its C API (`boxdd_sys::ffi`): polygons, shape proxies, and the
//! distance, ray cast, shape cast and polygon manifold queries, on the workloads' plain
//! data.

use boxdd_sys::ffi;
use gjk_benches::{CapsuleData, Placement, PolygonData};

/// A Box2D polygon with its distance proxy, built once per shape.
#[derive(Clone, Copy)]
pub struct Box2dPolygon {
    polygon: ffi::b2Polygon,
    proxy: ffi::b2ShapeProxy,
}

fn vec2(point: [f64; 2]) -> ffi::b2Vec2 {
    ffi::b2Vec2 {
        x: point[0] as f32,
        y: point[1] as f32,
    }
}

/// Box2D's transform of a placement.
pub fn transform(placement: &Placement) -> ffi::b2Transform {
    let (sin, cos) = placement.angle.sin_cos();
    ffi::b2Transform {
        p: vec2(placement.position),
        q: ffi::b2Rot {
            c: cos as f32,
            s: sin as f32,
        },
    }
}

/// `inverse(a) * b`: B's transform in A's frame (Box2D's `b2InvMulTransforms`, an
/// inline function that bindgen cannot export).
pub fn relative(a: ffi::b2Transform, b: ffi::b2Transform) -> ffi::b2Transform {
    let (c, s) = (a.q.c, a.q.s);
    let (dx, dy) = (b.p.x - a.p.x, b.p.y - a.p.y);
    ffi::b2Transform {
        p: ffi::b2Vec2 {
            x: c * dx + s * dy,
            y: -s * dx + c * dy,
        },
        q: ffi::b2Rot {
            c: c * b.q.c + s * b.q.s,
            s: c * b.q.s - s * b.q.c,
        },
    }
}

/// A world vector taken into the frame of `xf` (rotation only).
fn inv_rotate(xf: ffi::b2Transform, v: ffi::b2Vec2) -> ffi::b2Vec2 {
    ffi::b2Vec2 {
        x: xf.q.c * v.x + xf.q.s * v.y,
        y: -xf.q.s * v.x + xf.q.c * v.y,
    }
}

impl Box2dPolygon {
    /// The polygon of `data` (at most 8 vertices), or `None` if Box2D's hull rejects it.
    pub fn new(data: &PolygonData) -> Option<Self> {
        let points: Vec<ffi::b2Vec2> = data.vertices.iter().map(|&p| vec2(p)).collect();
        let count = i32::try_from(points.len()).ok()?;
        // SAFETY: `points` holds `count` initialized vectors for the duration of the
        // calls; b2ComputeHull reads them and returns the hull by value, b2MakePolygon
        // reads the hull, b2MakeProxy reads `count` points.
        let (hull, proxy) = unsafe {
            (
                ffi::b2ComputeHull(points.as_ptr(), count),
                ffi::b2MakeProxy(points.as_ptr(), count, 0.0),
            )
        };
        if hull.count < 3 {
            return None;
        }
        // SAFETY: `hull` is a valid hull computed above.
        let polygon = unsafe { ffi::b2MakePolygon(&hull, 0.0) };
        Some(Self { polygon, proxy })
    }

    /// The distance proxy: the vertices as given, no radius.
    pub fn proxy(&self) -> &ffi::b2ShapeProxy {
        &self.proxy
    }
}

/// `b2ShapeDistance` between two placed polygons, from a cold cache: the distance.
pub fn distance(
    a: &Box2dPolygon,
    xf_a: ffi::b2Transform,
    b: &Box2dPolygon,
    xf_b: ffi::b2Transform,
) -> f32 {
    distance_output(a, xf_a, b, xf_b).distance
}

/// `b2ShapeDistance` between two placed polygons, from a cold cache: Box2D's whole
/// output (closest points and normal in A's frame, iterations).
pub fn distance_output(
    a: &Box2dPolygon,
    xf_a: ffi::b2Transform,
    b: &Box2dPolygon,
    xf_b: ffi::b2Transform,
) -> ffi::b2DistanceOutput {
    proxy_distance(&a.proxy, xf_a, &b.proxy, xf_b, &mut empty_cache())
}

/// An empty simplex cache: a cold start.
pub fn empty_cache() -> ffi::b2SimplexCache {
    ffi::b2SimplexCache {
        count: 0,
        indexA: [0; 3],
        indexB: [0; 3],
    }
}

/// The distance proxy of a capsule: its core segment's two ends and its radius.
pub fn capsule_proxy(capsule: &CapsuleData) -> ffi::b2ShapeProxy {
    let ends = capsule.ends().map(vec2);
    // SAFETY: `ends` holds two initialized vectors for the call, which reads them and
    // returns the proxy by value.
    unsafe { ffi::b2MakeProxy(ends.as_ptr(), 2, capsule.radius as f32) }
}

/// `b2ShapeDistance` between two placed proxies, starting from `cache` (warm when it
/// holds the previous call's simplex, cold when empty) and leaving the final simplex
/// in it.
pub fn proxy_distance(
    a: &ffi::b2ShapeProxy,
    xf_a: ffi::b2Transform,
    b: &ffi::b2ShapeProxy,
    xf_b: ffi::b2Transform,
    cache: &mut ffi::b2SimplexCache,
) -> ffi::b2DistanceOutput {
    let input = ffi::b2DistanceInput {
        proxyA: *a,
        proxyB: *b,
        transform: relative(xf_a, xf_b),
        useRadii: true,
    };
    // SAFETY: the input and cache are valid for the call; a null simplex buffer with
    // capacity zero asks for no debug simplexes.
    unsafe { ffi::b2ShapeDistance(&input, cache, core::ptr::null_mut(), 0) }
}

/// `b2RayCastPolygon` of a world ray against a placed polygon: the hit fraction.
pub fn ray_cast(
    polygon: &Box2dPolygon,
    xf: ffi::b2Transform,
    origin: [f64; 2],
    translation: [f64; 2],
) -> Option<f32> {
    let start = vec2(origin);
    let local_origin = inv_rotate(
        xf,
        ffi::b2Vec2 {
            x: start.x - xf.p.x,
            y: start.y - xf.p.y,
        },
    );
    let input = ffi::b2RayCastInput {
        origin: local_origin,
        translation: inv_rotate(xf, vec2(translation)),
        maxFraction: 1.0,
    };
    // SAFETY: both pointers are to valid values for the call.
    let out = unsafe { ffi::b2RayCastPolygon(&polygon.polygon, &input) };
    out.hit.then_some(out.fraction)
}

/// `b2ShapeCast` of B moving by a world translation against A: the hit fraction
/// (Box2D stops a linear slop short of contact on purpose).
pub fn shape_cast(
    a: &Box2dPolygon,
    xf_a: ffi::b2Transform,
    b: &Box2dPolygon,
    xf_b: ffi::b2Transform,
    translation_b: [f64; 2],
) -> Option<f32> {
    let input = ffi::b2ShapeCastPairInput {
        proxyA: a.proxy,
        proxyB: b.proxy,
        transform: relative(xf_a, xf_b),
        translationB: inv_rotate(xf_a, vec2(translation_b)),
        maxFraction: 1.0,
        canEncroach: false,
    };
    // SAFETY: the input is valid for the call.
    let out = unsafe { ffi::b2ShapeCast(&input) };
    out.hit.then_some(out.fraction)
}

/// `b2CollidePolygons`: the number of manifold points and the smallest separation.
pub fn manifold(
    a: &Box2dPolygon,
    xf_a: ffi::b2Transform,
    b: &Box2dPolygon,
    xf_b: ffi::b2Transform,
) -> (usize, f32) {
    // SAFETY: both polygons were made by b2MakePolygon and are valid for the call.
    let out = unsafe { ffi::b2CollidePolygons(&a.polygon, &b.polygon, relative(xf_a, xf_b)) };
    let count = usize::try_from(out.pointCount).unwrap_or(0).min(2);
    let deepest = out.points[..count]
        .iter()
        .map(|point| point.separation)
        .fold(f32::INFINITY, f32::min);
    (count, deepest)
}
