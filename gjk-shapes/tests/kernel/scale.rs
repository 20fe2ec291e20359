//! Every query at every scale where its answer is representable: shapes of size `L`
//! placed `L` apart (or overlapping by `L / 2`), for `L` from 1e-37 to 1e37 in `f32`
//! and 1e-300 to 1e300 in `f64`, by powers of ten (which are not powers of two, so no
//! scale is a lucky one).
//!
//! Each answer is known in closed form and checked relative to `L`: distances,
//! witness points, depths and separations within `bar * L`, fractions within `bar`.
//! Unless the kernel rescales badly scaled queries, squared lengths underflow below
//! about 1e-19 in `f32` (1e-154 in `f64`): two boxes 1e-30 apart read as overlapping,
//! a ray from outside as starting inside, a penetration of 5e-31 as depth zero; and
//! squares overflow above about 1e19 (1e154), so a ray spanning +-1e30 reads as
//! invalid input. The shapes' closed-form ray casts multiply lengths in pairs too, and
//! rescale the same way (unscaled, a circle of radius 1e-30 contains every ray).

use gjk_core::{
    CastOutput, CastStatus, DistanceStatus, PenetrationStatus, Ray, Scalar, ShapeCastInput,
    Support, Sweep, ToiStatus, Transform, Vec2, distance, intersects, manifold, penetration,
    ray_cast, shape_cast, support_ray_cast, time_of_impact,
};
use gjk_shapes::{Capsule, Circle, Ellipse, Point, Polygon, Rect, Rounded, Segment};

/// The bar relative to `L`: a few times the accuracy the kernel reaches at unit scale
/// (`distance::oracle` measures 1.5e-6 L in f32 and 2.3e-14 L in f64).
fn bar<S: Scalar>() -> f64 {
    if S::EPS.to_f64() > 1e-10 { 4e-6 } else { 1e-12 }
}

/// The scales tried: every power of ten in the normal range, leaving room for the
/// placements (at most `5 L`) and the rounding of sums.
fn scales<S: Scalar>() -> impl Iterator<Item = f64> {
    let top = if S::EPS.to_f64() > 1e-10 { 37 } else { 300 };
    (-top..=top).map(|exponent| 10f64.powi(exponent))
}

fn v<S: Scalar>(x: f64, y: f64) -> Vec2<S> {
    Vec2::new(S::from_f64(x), S::from_f64(y))
}

fn at<S: Scalar>(x: f64, y: f64) -> Transform<S> {
    Transform::from_translation(v(x, y))
}

/// `|got - want| <= bar * scale`, with a message naming the case.
#[track_caller]
fn close<S: Scalar>(what: &str, scale: f64, got: S, want: f64) {
    let error = (got.to_f64() - want).abs();
    assert!(
        error <= bar::<S>() * scale,
        "{what} at L = {scale:e}: got {:e}, want {want:e} (error {:.2e} L)",
        got.to_f64(),
        error / scale
    );
}

/// `|got - want| <= bar` for a fraction or a unit vector's coordinate, in the case at
/// `scale`.
#[track_caller]
fn close_unit<S: Scalar>(what: &str, scale: f64, got: S, want: f64) {
    let error = (got.to_f64() - want).abs();
    assert!(
        error <= bar::<S>(),
        "{what} at L = {scale:e}: got {:e}, want {want:e}",
        got.to_f64(),
    );
}

/// Unit shapes of size `scale` with their core half-width along x and their radius:
/// a box, an octagon, a circle, a capsule along y and an ellipse.
fn each_shape<S: Scalar>(scale: f64, mut check: impl FnMut(&str, &dyn Support<S>)) {
    let size = S::from_f64(scale);
    let rect = Rect::new(Vec2::new(size, size)).unwrap();
    // Circumradius `scale / cos(pi/8)`: a flat side at x = scale.
    let octagon_radius = S::from_f64(scale / (core::f64::consts::PI / 8.0).cos());
    let octagon = Polygon::<S, 8>::regular(8, octagon_radius).unwrap();
    let octagon = gjk_shapes::Transformed::new(
        octagon,
        Transform::from_position_angle(Vec2::ZERO, S::from_f64(core::f64::consts::PI / 8.0)),
    )
    .unwrap();
    let circle = Circle::new(Vec2::ZERO, size).unwrap();
    let capsule = Capsule::new(v(0.0, -scale / 2.0), v(0.0, scale / 2.0), size).unwrap();
    let ellipse = Ellipse::new(v(scale, 2.0 * scale)).unwrap();
    check("box", &rect);
    check("octagon", &octagon);
    check("circle", &circle);
    check("capsule", &capsule);
    check("ellipse", &ellipse);
}

fn distance_and_overlap_at_every_scale<S: Scalar>() {
    for scale in scales::<S>() {
        each_shape::<S>(scale, |name, shape| {
            // B's left side at x = 2 L, a gap of L from A's right side at x = L.
            let apart = at::<S>(3.0 * scale, 0.0);
            let out = distance(shape, Transform::IDENTITY, shape, apart);
            assert_eq!(out.status, DistanceStatus::Separated, "{name} at {scale:e}");
            close(name, scale, out.distance, scale);
            close(name, scale, out.witness_a.x, scale);
            close(name, scale, out.witness_b.x, 2.0 * scale);
            close_unit(name, scale, out.normal.x, 1.0);
            assert_eq!(
                intersects(shape, Transform::IDENTITY, shape, apart),
                Ok(false),
                "{name} at {scale:e}"
            );

            let overlapping = at::<S>(1.5 * scale, 0.0);
            let out = distance(shape, Transform::IDENTITY, shape, overlapping);
            assert_eq!(
                out.status,
                DistanceStatus::Overlapping,
                "{name} at {scale:e}"
            );
            assert_eq!(
                intersects(shape, Transform::IDENTITY, shape, overlapping),
                Ok(true),
                "{name} at {scale:e}"
            );
        });
    }
}

fn penetration_at_every_scale<S: Scalar>() {
    for scale in scales::<S>() {
        each_shape::<S>(scale, |name, shape| {
            let out = penetration(shape, Transform::IDENTITY, shape, at(1.5 * scale, 0.0));
            assert_eq!(
                out.status,
                PenetrationStatus::Penetrating,
                "{name} at {scale:e}"
            );
            close(name, scale, out.depth, 0.5 * scale);
            close_unit(name, scale, out.normal.x, 1.0);
        });
    }
}

fn casts_at_every_scale<S: Scalar>() {
    for scale in scales::<S>() {
        each_shape::<S>(scale, |name, shape| {
            // From 3 L left of the centre, 4 L long: the surface at x = -L is at 0.5.
            let ray = Ray::new(v(-3.0 * scale, 0.0), v(4.0 * scale, 0.0));
            // The shape's closed-form cast where it has one, and the GJK ray cast.
            for out in [
                ray_cast(shape, Transform::IDENTITY, ray),
                support_ray_cast(shape, Transform::IDENTITY, ray),
            ] {
                assert_eq!(out.status, CastStatus::Hit, "{name} ray at {scale:e}");
                close_unit(name, scale, out.fraction, 0.5);
                close(name, scale, out.point.x, -scale);
                close_unit(name, scale, out.normal.x, -1.0);
                close_unit(name, scale, out.normal.y, 0.0);
            }

            // B from 5 L to 1 L: its left side meets A's right side when B is at 2 L,
            // three quarters of the way.
            let input = ShapeCastInput::moving_b(v(-4.0 * scale, 0.0));
            let out = shape_cast(
                shape,
                Transform::IDENTITY,
                shape,
                at(5.0 * scale, 0.0),
                input,
            );
            assert_eq!(out.status, CastStatus::Hit, "{name} cast at {scale:e}");
            close_unit(name, scale, out.fraction, 0.75);

            let start = at::<S>(5.0 * scale, 0.0);
            let sweep_b = Sweep::linear(start, v(-4.0 * scale, 0.0));
            let out = time_of_impact(
                shape,
                Sweep::fixed(Transform::IDENTITY),
                shape,
                sweep_b,
                S::ONE,
            );
            assert_eq!(out.status, ToiStatus::Hit, "{name} toi at {scale:e}");
            close_unit(name, scale, out.fraction, 0.75);
        });
    }
}

fn manifolds_at_every_scale<S: Scalar>() {
    for scale in scales::<S>() {
        let size = S::from_f64(scale);
        let rect = Rect::new(Vec2::new(size, size)).unwrap();
        let out = manifold(
            &rect,
            Transform::IDENTITY,
            &rect,
            at(1.5 * scale, 0.25 * scale),
            S::ZERO,
        )
        .unwrap();
        assert_eq!(out.points().len(), 2, "at {scale:e}");
        close_unit("normal", scale, out.normal.x, 1.0);
        for point in out.points() {
            close("separation", scale, point.separation, -0.5 * scale);
        }
    }
}

/// A ray spanning +-1e30 (f32) or +-1e300 (f64) through a unit box: representable
/// everywhere, so a hit, as the box's own analytic cast finds.
fn huge_ray_through_a_unit_box<S: Scalar>() {
    let far = if S::EPS.to_f64() > 1e-10 { 1e30 } else { 1e300 };
    let rect = Rect::new(v::<S>(1.0, 1.0)).unwrap();
    let ray = Ray::new(v(-far, 0.5), v(2.0 * far, 0.0));
    let out = ray_cast(&rect, Transform::IDENTITY, ray);
    assert_eq!(out.status, CastStatus::Hit);
    close_unit("fraction", far, out.fraction, 0.5);
    let analytic = rect.ray_cast(Transform::IDENTITY, ray);
    assert_eq!(analytic.status, CastStatus::Hit);
}

/// A segment and a point at `x = -L` and a rounded box, which the casts above do not
/// hold, hit by the ray from `-3 L` along `4 L` at fraction 0.5; and a ray from inside
/// each analytic shape starts inside.
fn more_rays_at_every_scale<S: Scalar>() {
    for scale in scales::<S>() {
        let segment = Segment::new(v(-scale, -scale), v(-scale, scale)).unwrap();
        let point = Point::new(v(-scale, 0.0)).unwrap();
        let rounded = Rounded::new(
            Polygon::<S, 8>::from_rect(Rect::new(v(scale / 2.0, scale / 2.0)).unwrap()).unwrap(),
            S::from_f64(scale / 2.0),
        )
        .unwrap();
        let ray = Ray::new(v(-3.0 * scale, 0.0), v(4.0 * scale, 0.0));
        let hit = |name: &str, out: CastOutput<S>| {
            assert_eq!(out.status, CastStatus::Hit, "{name} ray at {scale:e}");
            close_unit(name, scale, out.fraction, 0.5);
            close(name, scale, out.point.x, -scale);
            close_unit(name, scale, out.normal.x, -1.0);
        };
        let shapes: [(&str, &dyn Support<S>); 2] =
            [("segment", &segment), ("rounded box", &rounded)];
        for (name, shape) in shapes {
            hit(name, ray_cast(shape, Transform::IDENTITY, ray));
            hit(name, support_ray_cast(shape, Transform::IDENTITY, ray));
        }
        // A ray through a point of radius zero is a tie GJK may call either way at any
        // scale (its fraction rounds past the point); the closed form decides exactly.
        hit("point", ray_cast(&point, Transform::IDENTITY, ray));
        let inside = Ray::new(v(0.25 * scale, 0.125 * scale), v(scale, 0.0));
        each_shape::<S>(scale, |name, shape| {
            let out = ray_cast(shape, Transform::IDENTITY, inside);
            assert_eq!(out.status, CastStatus::StartsInside, "{name} at {scale:e}");
        });
    }
}

/// A round ellipse of radius `L` and a point off every axis, `L` from its surface, and
/// casts of a point and a ray through it: GJK curves in on the contact over many
/// steps, where the pairs above converge in two or three. Near 1e-20 in `f32` (1e-160
/// in `f64`) the squares the loop compares are subnormal: it creeps on by subnormal
/// steps to its cap, and a rescue sharing that cap would have no budget left and
/// answer `MaxIterations` 0.5 % long. A rescue has a cap of its own.
///
/// The casts can end on the ellipse's far side, with every simplex point zero, which
/// tells the rescue no scale: in `f64` at 1e-162 the first step, from squares of
/// 1e-324, jumps there, and the hit would be reported at the end of the motion. A
/// cast's zero simplex takes the scale of its support points.
fn curved_pairs_off_axis_at_every_scale<S: Scalar>() {
    for scale in scales::<S>() {
        let ellipse = Ellipse::new(v::<S>(scale, scale)).unwrap();
        for angle in [0.3_f64, 0.8, 2.2, 4.0] {
            let (sin, cos) = angle.sin_cos();
            let name = format!("angle {angle}");
            // B's origin off the point, so that GJK does not start along the answer.
            let point = Point::new(v::<S>(scale, -scale)).unwrap();
            let place = at::<S>(2.0 * scale * cos - scale, 2.0 * scale * sin + scale);
            let out = distance(&ellipse, Transform::IDENTITY, &point, place);
            assert_eq!(
                out.status,
                DistanceStatus::Separated,
                "{name} at {scale:e}: {out:?}"
            );
            close(&name, scale, out.distance, scale);
            // On the surface, and along it no further from the foot than the distance's
            // error allows: a point `t` along a circle of radius `L` from the foot is
            // `t^2 / 2L` further away, so an error of `bar L` moves it by
            // `sqrt(2 bar) L` (1e-8 L measured in `f64` at every scale).
            let (witness_x, witness_y) = (out.witness_a.x.to_f64(), out.witness_a.y.to_f64());
            let radial = witness_x.hypot(witness_y);
            assert!(
                (radial - scale).abs() <= bar::<S>() * scale,
                "{name} at {scale:e}: the witness {radial:e} from the centre"
            );
            let along = (witness_y * cos - witness_x * sin).abs();
            assert!(
                along <= (2.0 * bar::<S>()).sqrt() * scale,
                "{name} at {scale:e}: the witness {along:e} along the surface"
            );

            // The point from 3 L out, moving 4 L toward the centre: it reaches the
            // surface halfway and ends on the far side, where the cast's last points are
            // all zero (see the test's documentation).
            let start = at::<S>(3.0 * scale * cos, 3.0 * scale * sin);
            let input = ShapeCastInput::moving_b(v(-4.0 * scale * cos, -4.0 * scale * sin));
            let point = Point::new(Vec2::ZERO).unwrap();
            let out = shape_cast(&ellipse, Transform::IDENTITY, &point, start, input);
            assert_eq!(
                out.status,
                CastStatus::Hit,
                "{name} cast at {scale:e}: {out:?}"
            );
            close_unit(&name, scale, out.fraction, 0.5);

            let ray = Ray::new(
                v(3.0 * scale * cos, 3.0 * scale * sin),
                v(-4.0 * scale * cos, -4.0 * scale * sin),
            );
            let out = support_ray_cast(&ellipse, Transform::IDENTITY, ray);
            assert_eq!(
                out.status,
                CastStatus::Hit,
                "{name} ray at {scale:e}: {out:?}"
            );
            close_unit(&name, scale, out.fraction, 0.5);
        }
    }
}

/// Head-on rays through a round ellipsoid of radius `L`, along a direction off every
/// axis, at every scale, ending on its far side and beyond it. The cast reaches the
/// contact in a step or two; then `|v|` holds the rounding of the query point's
/// coordinates while the simplex's own points gather at the query point, so the
/// loop's margin, relative to those, vanishes: in `f64` the loop would creep on and
/// end `MaxIterations` for the ray ending on the far side (at 0.1 and 1e41 among
/// other scales). A loop that stops making progress or reaches the cap takes the
/// query point's margin.
fn head_on_rays_through_an_ellipsoid_at_every_scale<S: Scalar>() {
    for scale in scales::<S>() {
        let radius = S::from_f64(scale);
        let ellipsoid =
            gjk_shapes::Ellipsoid::new(gjk_core::Vec3::new(radius, radius, radius)).unwrap();
        // A unit direction, up to rounding: 0.48^2 + 0.6^2 + 0.64^2 = 1.
        let along = |length: f64| {
            gjk_core::Vec3::new(
                S::from_f64(0.48 * length),
                S::from_f64(0.6 * length),
                S::from_f64(0.64 * length),
            )
        };
        for length in [4.0, 4.5, 5.0] {
            let ray = Ray::new(along(3.0 * scale), along(-length * scale));
            let out = support_ray_cast(&ellipsoid, gjk_core::Transform3::IDENTITY, ray);
            assert_eq!(
                out.status,
                CastStatus::Hit,
                "{length} L at {scale:e}: {out:?}"
            );
            close_unit("ellipsoid ray", scale, out.fraction, 2.0 / length);
        }
    }
}

#[test]
fn head_on_rays_through_an_ellipsoid_at_every_scale_f32() {
    head_on_rays_through_an_ellipsoid_at_every_scale::<f32>();
}

#[test]
fn head_on_rays_through_an_ellipsoid_at_every_scale_f64() {
    head_on_rays_through_an_ellipsoid_at_every_scale::<f64>();
}

#[test]
fn curved_pairs_off_axis_at_every_scale_f32() {
    curved_pairs_off_axis_at_every_scale::<f32>();
}

#[test]
fn curved_pairs_off_axis_at_every_scale_f64() {
    curved_pairs_off_axis_at_every_scale::<f64>();
}

#[test]
fn more_rays_at_every_scale_f32() {
    more_rays_at_every_scale::<f32>();
}

#[test]
fn more_rays_at_every_scale_f64() {
    more_rays_at_every_scale::<f64>();
}

#[test]
fn distance_and_overlap_at_every_scale_f32() {
    distance_and_overlap_at_every_scale::<f32>();
}

#[test]
fn distance_and_overlap_at_every_scale_f64() {
    distance_and_overlap_at_every_scale::<f64>();
}

#[test]
fn penetration_at_every_scale_f32() {
    penetration_at_every_scale::<f32>();
}

#[test]
fn penetration_at_every_scale_f64() {
    penetration_at_every_scale::<f64>();
}

#[test]
fn casts_at_every_scale_f32() {
    casts_at_every_scale::<f32>();
}

#[test]
fn casts_at_every_scale_f64() {
    casts_at_every_scale::<f64>();
}

#[test]
fn manifolds_at_every_scale_f32() {
    manifolds_at_every_scale::<f32>();
}

#[test]
fn manifolds_at_every_scale_f64() {
    manifolds_at_every_scale::<f64>();
}

#[test]
fn huge_ray_through_a_unit_box_f32() {
    huge_ray_through_a_unit_box::<f32>();
}

#[test]
fn huge_ray_through_a_unit_box_f64() {
    huge_ray_through_a_unit_box::<f64>();
}

/// Two segments whose ends meet 1e-39 from the origin (subnormal in `f32`), one of
/// them 0.5 long: the simplex is that small, and a rescue by 2^127 would overflow the
/// long segment's far end and answer overlapping with NaN witness points. The rescue
/// keeps the pair's extent inside the window.
#[test]
fn a_tiny_simplex_on_long_shapes_is_not_scaled_past_their_extent() {
    let tiny = 1.469_368e-39_f32;
    let point = gjk_shapes::Segment::new(
        v(f64::from(tiny), f64::from(tiny)),
        v(f64::from(tiny), f64::from(tiny)),
    )
    .unwrap();
    let long =
        gjk_shapes::Segment::new(v(0.5, f64::from(tiny)), v(f64::from(tiny), f64::from(tiny)))
            .unwrap();
    let xf_a = Transform::new(
        v(f64::from(tiny), f64::from(tiny)),
        gjk_core::Rot {
            cos: 0.907_080_65,
            sin: -0.420_956_88,
        },
    );
    let xf_b = Transform::new(
        v(f64::from(tiny), f64::from(tiny)),
        gjk_core::Rot {
            cos: 1.0,
            sin: tiny,
        },
    );
    for (a, xf_a, b, xf_b) in [(&point, xf_a, &long, xf_b), (&long, xf_b, &point, xf_a)] {
        let out = distance(a, xf_a, b, xf_b);
        assert_ne!(out.status, DistanceStatus::InvalidInput, "{out:?}");
        assert!(
            out.distance.is_finite() && out.witness_a.is_finite() && out.witness_b.is_finite(),
            "{out:?}"
        );
        assert!(out.distance <= 4.0 * tiny, "{out:?}");
    }
}

/// A rounded polygon with a vertex at its origin and a point capsule there, 1e-39
/// apart: the simplex is that small, and a whole-query rescue of `penetration` by
/// 2^127 would overflow the polygon's far vertices and give an infinite depth. Its
/// factor is capped by the pair's extent.
#[test]
fn a_penetration_rescue_is_not_scaled_past_the_shapes() {
    let tiny = 1.469_368e-39_f32;
    let core = Polygon::<f32, 8>::new(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(15.625, 0.0),
        Vec2::new(0.0, 13.875),
        Vec2::new(-0.125, 5.875),
    ])
    .unwrap();
    let rounded = gjk_shapes::Rounded::new(core, 1.993).unwrap();
    let point = Capsule::new(Vec2::ZERO, Vec2::ZERO, 1.2079).unwrap();
    let xf_a = Transform::from_translation(Vec2::new(0.0, tiny));
    let out = penetration(&rounded, xf_a, &point, Transform::IDENTITY);
    assert_eq!(out.status, PenetrationStatus::Penetrating, "{out:?}");
    // The point sits on the polygon's corner: as deep as the two radii.
    assert!((out.depth - (1.993 + 1.2079)).abs() <= 1e-5, "{out:?}");
    assert!(
        out.witness_a.is_finite() && out.witness_b.is_finite(),
        "{out:?}"
    );
}

/// Rays from far away through an ellipse and an ellipsoid of size `L`, by their closed
/// forms, for every scale `L` and every distance `D` from `L` up to where the hit is
/// well conditioned (the fraction's rounding, `eps D` along the ray, stays a small
/// part of `L`: `D <= 1e6 L` in `f32`, `1e12 L` in `f64`): a ray starting `2 D` out
/// and passing at a quarter of `L` from the centre hits where the ellipse's equation
/// says, one passing at twice `L` misses. The normal is checked where the ray is as
/// long as the shape (farther out, the fraction's rounding moves the hit point along
/// the ray). The GJK ray cast's normals would be off by 3e-4 in `f32` here: it
/// converges on a curved surface to its relative gap, and the normal goes as its
/// square root; the ellipsoid's closed form does not.
fn far_rays_through_small_ellipses<S: Scalar>() {
    use gjk_core::{Transform3, Vec3};
    use gjk_shapes::Ellipsoid;

    for size in scales::<S>() {
        let ellipse = Ellipse::new(v::<S>(size, size / 2.0)).unwrap();
        let semi_axes = Vec3::new(
            S::from_f64(size),
            S::from_f64(size / 2.0),
            S::from_f64(size),
        );
        let ellipsoid = Ellipsoid::new(semi_axes).unwrap();
        // The line y = L / 4 meets x^2 / L^2 + 4 y^2 / L^2 = 1 at x = -sqrt(3 / 4) L,
        // where the gradient is along (x / L^2, 4 y / L^2) = (-sqrt(3 / 4), 1) / L.
        let entry = -(0.75_f64.sqrt()) * size;
        let normal = [-(0.75_f64.sqrt()), 1.0].map(|n| n / 1.75_f64.sqrt());
        let conditioning = if S::EPS.to_f64() > 1e-10 { 1e6 } else { 1e12 };
        for far in scales::<S>().filter(|&far| far >= size && far <= size * conditioning) {
            let name = format!("L = {size:e}, D = {far:e}");
            let fraction = (entry + 2.0 * far) / (4.0 * far);
            for (height, hits) in [(size / 4.0, true), (2.0 * size, false)] {
                let plane = Ray::new(v::<S>(-2.0 * far, height), v::<S>(4.0 * far, 0.0));
                let space = Ray::new(
                    Vec3::new(S::from_f64(-2.0 * far), S::from_f64(height), S::ZERO),
                    Vec3::new(S::from_f64(4.0 * far), S::ZERO, S::ZERO),
                );
                let outs = [
                    ellipse.ray_cast(Transform::IDENTITY, plane),
                    ray_cast(&ellipse, Transform::IDENTITY, plane),
                ];
                let outs3 = [
                    ellipsoid.ray_cast(Transform3::IDENTITY, space),
                    ray_cast(&ellipsoid, Transform3::IDENTITY, space),
                ];
                let statuses = outs.iter().map(|out| out.status);
                for status in statuses.chain(outs3.iter().map(|out| out.status)) {
                    let want = if hits {
                        CastStatus::Hit
                    } else {
                        CastStatus::Miss
                    };
                    assert_eq!(status, want, "{name}, passing at {height:e}");
                }
                if !hits {
                    continue;
                }
                for out in outs {
                    close_unit(&name, size, out.fraction, fraction);
                    if far == size {
                        close_unit(&name, size, out.normal.x, normal[0]);
                        close_unit(&name, size, out.normal.y, normal[1]);
                    }
                }
                for out in outs3 {
                    close_unit(&name, size, out.fraction, fraction);
                    if far == size {
                        close_unit(&name, size, out.normal.x, normal[0]);
                        close_unit(&name, size, out.normal.y, normal[1]);
                        close_unit(&name, size, out.normal.z, 0.0);
                    }
                }
            }
        }
    }
}

#[test]
fn far_rays_through_small_ellipses_f32() {
    far_rays_through_small_ellipses::<f32>();
}

#[test]
fn far_rays_through_small_ellipses_f64() {
    far_rays_through_small_ellipses::<f64>();
}
