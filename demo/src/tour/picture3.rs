//! The 3D picture: each pair seen by one fixed orthographic camera, in the grid of the
//! plane picture, with the witness points, the gap and the normal.
//!
//! Everything drawn comes from the shapes' support mappings, except polytope edges:
//!
//! - Outlines. Projected orthographically onto the picture plane, a convex shape `K`
//!   stays convex, and its support along a picture direction `d` is the projection of
//!   `K`'s support along `d` itself (`d` lies in the plane, so `d . P x = d . x` for
//!   every point `x`). [`Seen`] is therefore a plane shape, and the plane pictures'
//!   outline traces its boundary, the silhouette, exactly: corners as corners, the
//!   radius as a radius (a ball's shadow is a disc of the same radius).
//! - Surface curves. The support point along `n` is a point of the surface whose
//!   outward normal is `n` (for a rounded shape, the core's support pushed out by the
//!   radius along `n`). Circles of latitude and longitude of normals about a shape's
//!   local z axis thus become curves on its surface: parallels and meridians of an
//!   ellipsoid or a capsule, the rims and straight sides of a cylinder, the base rim
//!   and the lines to the apex of a cone. No shape needs code of its own.
//! - Polytope edges, by brute force over the corners: a pair of corners is an edge
//!   when two different planes, each through three corners with every corner on one
//!   side, hold both.
//! - Hidden lines. A point of a convex shape's surface is hidden from the camera
//!   exactly when the line of sight from it enters the shape, so a short step from it
//!   towards the camera ends inside; `intersects` of a `Point3` there and the shape
//!   says which. Hidden lines are dashed, under the shape's tint. A line hidden only
//!   by the other shape is not found: the pairs are placed side by side.

use gjk_core::{
    Aabb, Bounded, DistanceOutput, Support, SupportPoint, Transform, Transform3, Vec2, Vec3,
    intersects,
};
use gjk_shapes::Point3;

use super::picture::{ARROW_LENGTH, COLOR_A, COLOR_B, COLOR_GAP, Panel, grid, padded, summary};
use super::three::{Body, Pair};
use crate::svg::{self, Frame, Picture};

/// Where the camera looks from: degrees from +x towards +y, and above the xy plane.
const AZIMUTH_DEGREES: f64 = 30.0;
const ELEVATION_DEGREES: f64 = 20.0;
/// Latitudes of the normals of a curved shape's parallels, in degrees.
const LATITUDES: [f64; 3] = [-45.0, 0.0, 45.0];
/// Meridians of a curved shape, evenly spaced.
const MERIDIANS: usize = 8;
/// Points along a parallel, and along a meridian.
const PARALLEL_SAMPLES: usize = 72;
const MERIDIAN_SAMPLES: usize = 36;
/// Meridians stop this many degrees short of the poles, where the normal of a flat
/// cap supports a single arbitrary point of its rim.
const POLE_GAP_DEGREES: f64 = 2.0;
/// The step towards the camera that tells a hidden point, in sizes of the shape: far
/// above the gap between a chord of a sampled curve and the surface.
const SIGHT_STEP: f64 = 0.01;
/// Space for the legend and the axes at the bottom of the picture.
const LEGEND_HEIGHT: f64 = 48.0;
/// Length of an axis of the triad, in pixels, and how far its centre stands from the
/// right edge of the picture.
const AXIS_LENGTH: f64 = 18.0;
const AXES_FROM_RIGHT: f64 = 40.0;
/// The legend, left of the axes.
const LEGEND: &str = "blue: shape A, orange: shape B; thin lines: edges and surface curves, dashed \
                      where hidden; dots: witness points; arrow: normal";

/// An orthographic camera: world points are seen along `-toward`, at picture
/// coordinates `(p . right, p . up)`. The three directions are orthonormal and
/// right-handed (`right x up = toward`).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Camera {
    right: Vec3<f64>,
    up: Vec3<f64>,
    toward: Vec3<f64>,
}

impl Camera {
    /// The camera looking at the origin from `azimuth` radians (from +x towards +y)
    /// and `elevation` radians above the xy plane, with world z up in the picture.
    fn new(azimuth: f64, elevation: f64) -> Self {
        let toward = Vec3::new(
            elevation.cos() * azimuth.cos(),
            elevation.cos() * azimuth.sin(),
            elevation.sin(),
        );
        let right = Vec3::new(-azimuth.sin(), azimuth.cos(), 0.0);
        Self {
            right,
            up: toward.cross(right),
            toward,
        }
    }

    /// The picture's camera.
    fn fixed() -> Self {
        Self::new(AZIMUTH_DEGREES.to_radians(), ELEVATION_DEGREES.to_radians())
    }

    /// Where a world point appears in the picture plane.
    fn project(self, point: Vec3<f64>) -> Vec2<f64> {
        Vec2::new(point.dot(self.right), point.dot(self.up))
    }

    /// The world direction of a direction of the picture plane.
    fn lift(self, direction: Vec2<f64>) -> Vec3<f64> {
        self.right * direction.x + self.up * direction.y
    }
}

/// A placed 3D shape as the camera sees it: a plane shape whose support along a
/// picture direction is the projection of the shape's support along that direction
/// (see the module documentation), with the shape's radius.
struct Seen<'b> {
    body: &'b Body,
    camera: Camera,
}

impl Support<f64> for Seen<'_> {
    fn support(&self, direction: Vec2<f64>) -> SupportPoint<f64> {
        let transform = self.body.transform;
        let local = transform
            .rotation
            .inv_rotate(self.camera.lift(direction).cast::<f32>());
        let answer = self.body.shape.support(local);
        let world = transform.transform_point(answer.point).cast::<f64>();
        SupportPoint::new(self.camera.project(world), answer.feature)
    }

    fn radius(&self) -> f64 {
        f64::from(self.body.shape.radius())
    }
}

/// Its box from support points, the default.
impl Bounded<f64> for Seen<'_> {}

/// The SVG text of the 3D pairs with their distance outputs.
pub fn draw(pairs: &[Pair], outputs: &[DistanceOutput<f32, Vec3<f32>>]) -> String {
    let camera = Camera::fixed();
    // The box around a body's silhouette: `Bounded::aabb` of the plane shape it casts.
    let seen_box = |body| Seen { body, camera }.aabb(Transform::IDENTITY);
    let panels: Vec<Panel> = pairs
        .iter()
        .zip(outputs)
        .map(|(pair, output)| Panel {
            title: pair.title,
            summary: summary(output),
            world: padded(seen_box(&pair.a).union(seen_box(&pair.b))),
        })
        .collect();
    let mut picture = grid(&panels, LEGEND, LEGEND_HEIGHT, |index, picture, frame| {
        draw_pair(picture, frame, camera, &pairs[index], &outputs[index])
    });
    let size = picture.size();
    draw_axes(
        &mut picture,
        camera,
        Vec2::new(size.x - AXES_FROM_RIGHT, size.y - LEGEND_HEIGHT / 2.0 + 6.0),
    );
    picture.finish()
}

/// Both bodies of a pair, the farther one first, then the gap, the normal and the
/// witness points on top.
fn draw_pair(
    picture: &mut Picture,
    frame: Frame,
    camera: Camera,
    pair: &Pair,
    output: &DistanceOutput<f32, Vec3<f32>>,
) {
    let mut bodies = [(&pair.a, COLOR_A), (&pair.b, COLOR_B)];
    let depth = |body: &Body| body.transform.translation.cast::<f64>().dot(camera.toward);
    bodies.sort_by(|(first, _), (second, _)| depth(first).total_cmp(&depth(second)));
    for (body, color) in bodies {
        draw_body(picture, frame, camera, body, color);
    }

    let witness_a = output.witness_a.cast::<f64>();
    let witness_b = output.witness_b.cast::<f64>();
    if !(witness_a.is_finite() && witness_b.is_finite()) {
        return;
    }
    let (seen_a, seen_b) = (camera.project(witness_a), camera.project(witness_b));
    picture.add(svg::line(
        frame,
        seen_a,
        seen_b,
        &format!(r#"stroke="{COLOR_GAP}" stroke-width="1.5" stroke-dasharray="5 4""#),
    ));
    // The arrow is the normal's projection: shorter the more it points at the camera.
    let normal = camera.project(output.normal.cast::<f64>());
    if let Some(direction) = normal.normalize() {
        picture.add(svg::arrow(
            frame,
            seen_a,
            direction,
            ARROW_LENGTH * normal.length(),
        ));
    }
    picture.add(svg::dot(frame, seen_a, 4.0, COLOR_A));
    picture.add(svg::dot(frame, seen_b, 4.0, COLOR_B));
}

/// One body: its hidden lines, its silhouette, tinted, and its lines in sight.
fn draw_body(picture: &mut Picture, frame: Frame, camera: Camera, body: &Body, color: &str) {
    let lines = if body.corners.is_empty() {
        surface_curves(body)
    } else {
        // Edges are found among the local corners, whose flat faces are exactly flat;
        // turned into place in `f32`, they would be flat only to rounding.
        let local: Vec<Vec3<f64>> = body.corners.iter().map(|corner| corner.cast()).collect();
        let world = |index: usize| {
            body.transform
                .transform_point(body.corners[index])
                .cast::<f64>()
        };
        hull_edges(&local)
            .into_iter()
            .map(|(first, second)| vec![world(first), world(second)])
            .collect()
    };
    let extent = body.shape.aabb(body.transform);
    let step = SIGHT_STEP * (extent.max - extent.min).cast::<f64>().max_abs();
    let mut hidden = Vec::new();
    let mut in_sight = Vec::new();
    for line in &lines {
        for (seen, run) in runs(line, |point| sees(camera, body, point, step)) {
            let points: Vec<Vec2<f64>> = run.iter().map(|&point| camera.project(point)).collect();
            if seen {
                in_sight.push(points);
            } else {
                hidden.push(points);
            }
        }
    }
    for points in &hidden {
        picture.add(svg::polyline(
            frame,
            points,
            &format!(
                r#"fill="none" stroke="{color}" stroke-opacity="0.45" stroke-width="1" stroke-dasharray="3 3""#
            ),
        ));
    }
    picture.add(svg::outline_path(
        &Seen { body, camera },
        Transform::IDENTITY,
        frame,
        &format!(r#"fill="{color}" fill-opacity="0.2" stroke="{color}" stroke-width="2""#),
    ));
    for points in &in_sight {
        picture.add(svg::polyline(
            frame,
            points,
            &format!(r#"fill="none" stroke="{color}" stroke-opacity="0.8" stroke-width="1""#),
        ));
    }
}

/// A polyline cut into runs of segments whose midpoints `visible` judges alike, each
/// run with the judgement.
fn runs(
    line: &[Vec3<f64>],
    mut visible: impl FnMut(Vec3<f64>) -> bool,
) -> Vec<(bool, Vec<Vec3<f64>>)> {
    let mut runs: Vec<(bool, Vec<Vec3<f64>>)> = Vec::new();
    for segment in line.windows(2) {
        let &[from, to] = segment else { continue };
        let seen = visible((from + to) * 0.5);
        match runs.last_mut() {
            Some((last_seen, run)) if *last_seen == seen => run.push(to),
            _ => runs.push((seen, vec![from, to])),
        }
    }
    runs
}

/// Whether the camera sees `point` of the body's surface: whether a step of `step`
/// from it towards the camera leaves the shape (a query without an answer draws the
/// line as seen).
fn sees(camera: Camera, body: &Body, point: Vec3<f64>, step: f64) -> bool {
    let Ok(probe) = Point3::new((point + camera.toward * step).cast::<f32>()) else {
        return true;
    };
    intersects(&probe, Transform3::IDENTITY, &*body.shape, body.transform) != Ok(true)
}

/// Curves on a curved body's surface (world points): the points whose outward normals
/// run along circles of latitude ([`LATITUDES`]) and longitude ([`MERIDIANS`]) about
/// the body's local z axis. A curve that is a single point (the apex of a cone) or
/// repeats an earlier one (the rim of a cylinder at every upper latitude) is left out.
fn surface_curves(body: &Body) -> Vec<Vec<Vec3<f64>>> {
    let radius = f64::from(body.shape.radius());
    let at = |latitude: f64, longitude: f64| {
        let normal = Vec3::new(
            latitude.cos() * longitude.cos(),
            latitude.cos() * longitude.sin(),
            latitude.sin(),
        )
        .cast::<f32>();
        let core = body.shape.support(normal).point;
        let world_normal = body.transform.rotation.rotate(normal).cast::<f64>();
        body.transform.transform_point(core).cast::<f64>() + world_normal * radius
    };
    let tau = core::f64::consts::TAU;
    let mut curves: Vec<Vec<Vec3<f64>>> = Vec::new();
    for latitude in LATITUDES {
        curves.push(
            (0..=PARALLEL_SAMPLES)
                .map(|index| {
                    at(
                        latitude.to_radians(),
                        tau * index as f64 / PARALLEL_SAMPLES as f64,
                    )
                })
                .collect(),
        );
    }
    let reach = (90.0 - POLE_GAP_DEGREES).to_radians();
    for meridian in 0..MERIDIANS {
        let longitude = tau * meridian as f64 / MERIDIANS as f64;
        curves.push(
            (0..=MERIDIAN_SAMPLES)
                .map(|index| {
                    let latitude = -reach + 2.0 * reach * index as f64 / MERIDIAN_SAMPLES as f64;
                    at(latitude, longitude)
                })
                .collect(),
        );
    }
    let extent = body.shape.aabb(body.transform);
    let tolerance = 1e-5 * (extent.max - extent.min).cast::<f64>().max_abs();
    let same = |first: &Vec3<f64>, second: &Vec3<f64>| first.distance(*second) <= tolerance;
    let mut kept: Vec<Vec<Vec3<f64>>> = Vec::new();
    for mut curve in curves {
        curve.dedup_by(|next, previous| same(next, previous));
        let repeated = kept.iter().any(|earlier| {
            earlier.len() == curve.len() && earlier.iter().zip(&curve).all(|(p, q)| same(p, q))
        });
        if curve.len() > 1 && !repeated {
            kept.push(curve);
        }
    }
    kept
}

/// The edges of the convex hull of `corners`, as pairs of indices (first < second),
/// by brute force: the supporting planes through three corners each (every corner on
/// one side), then the pairs of corners that two different such planes hold. Corners
/// inside the hull get no edges; the diagonals of a flat face are on one plane only.
fn hull_edges(corners: &[Vec3<f64>]) -> Vec<(usize, usize)> {
    let extent = corners
        .iter()
        .map(|corner| corner.max_abs())
        .fold(0.0_f64, f64::max);
    let tolerance = 1e-9 * extent.max(f64::MIN_POSITIVE);
    // Supporting planes as (unit outward normal, offset): corners p with n . p <= offset.
    let mut planes: Vec<(Vec3<f64>, f64)> = Vec::new();
    for (i, &first) in corners.iter().enumerate() {
        for (j, &second) in corners.iter().enumerate().skip(i + 1) {
            for &third in corners.iter().skip(j + 1) {
                let Some(normal) = (second - first).cross(third - first).normalize() else {
                    continue;
                };
                let heights = corners.iter().map(|&corner| normal.dot(corner - first));
                let above = heights.clone().any(|height| height > tolerance);
                let below = heights.into_iter().any(|height| height < -tolerance);
                if above && below {
                    continue;
                }
                let normal = if above { -normal } else { normal };
                let offset = normal.dot(first);
                let known = planes.iter().any(|&(known, known_offset)| {
                    (known - normal).length() <= 1e-9 && (known_offset - offset).abs() <= tolerance
                });
                if !known {
                    planes.push((normal, offset));
                }
            }
        }
    }
    let on = |&(normal, offset): &(Vec3<f64>, f64), corner: Vec3<f64>| {
        (normal.dot(corner) - offset).abs() <= tolerance
    };
    let mut edges = Vec::new();
    for (i, &first) in corners.iter().enumerate() {
        for (j, &second) in corners.iter().enumerate().skip(i + 1) {
            let holding = planes
                .iter()
                .filter(|plane| on(plane, first) && on(plane, second))
                .count();
            if holding >= 2 {
                edges.push((i, j));
            }
        }
    }
    edges
}

/// The world axes as the camera sees them, a small labelled triad around `origin`
/// (pixels): every panel uses the same camera.
fn draw_axes(picture: &mut Picture, camera: Camera, origin: Vec2<f64>) {
    let frame = Frame::fit(
        Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0)),
        Aabb::new(
            origin - Vec2::new(AXIS_LENGTH, AXIS_LENGTH),
            origin + Vec2::new(AXIS_LENGTH, AXIS_LENGTH),
        ),
    );
    for (axis, name) in [(Vec3::X, "x"), (Vec3::Y, "y"), (Vec3::Z, "z")] {
        let tip = camera.project(axis);
        picture.add(svg::line(
            frame,
            Vec2::ZERO,
            tip,
            r##"stroke="#555" stroke-width="1.2" marker-end="url(#arrowhead)""##,
        ));
        let label = frame.to_pixel(tip * 1.45) + Vec2::new(0.0, 4.0);
        picture.add(svg::text(
            label,
            name,
            r##"font-size="11" fill="#555" text-anchor="middle""##,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::picture::{PANEL_MARGIN, PANEL_WIDTH};
    use gjk_shapes::{Cuboid, Sphere};

    /// A generous width of a line of DejaVu Sans, the pictures' font: each character
    /// a little wider than the glyphs of its class, bold a tenth wider still. Against
    /// Chromium's measure of the picture's lines it is 4 to 16 % over.
    fn text_width(text: &str, font_size: f64, bold: bool) -> f64 {
        let em = |c: char| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' | ' ' => 0.35,
            'f' | 't' | 'r' | 'I' | '(' | ')' | '-' => 0.45,
            'm' | 'w' | 'M' | 'W' => 1.0,
            'A'..='Z' => 0.8,
            _ => 0.65,
        };
        let weight = if bold { 1.1 } else { 1.0 };
        text.chars().map(em).sum::<f64>() * font_size * weight
    }

    #[test]
    fn captions_fit_their_panels_and_the_legend_ends_before_the_axes() {
        let pairs = super::super::three::pairs().expect("the demo shapes are valid");
        let room = PANEL_WIDTH - 2.0 * PANEL_MARGIN;
        for pair in &pairs {
            assert!(text_width(pair.title, 14.0, true) <= room, "{}", pair.title);
            // The longest summary the pair could get, whatever the answer.
            let mut widest = pair.distance();
            widest.iterations = 99;
            widest.status = gjk_core::DistanceStatus::MaxIterations;
            let line = summary(&widest);
            assert!(text_width(&line, 12.0, false) <= room, "{line}");
        }
        let width = 3.0 * PANEL_WIDTH;
        let axes_left = width - AXES_FROM_RIGHT - 2.0 * AXIS_LENGTH;
        assert!(PANEL_MARGIN + text_width(LEGEND, 12.0, false) <= axes_left);
    }

    #[test]
    fn camera_axes_are_orthonormal_and_right_handed() {
        let camera = Camera::fixed();
        for axis in [camera.right, camera.up, camera.toward] {
            assert!((axis.length() - 1.0).abs() < 1e-12);
        }
        assert!(camera.right.dot(camera.up).abs() < 1e-12);
        assert!((camera.right.cross(camera.up) - camera.toward).length() < 1e-12);
        assert!(camera.up.z > 0.0, "world z points up in the picture");
    }

    #[test]
    fn hull_edges_of_a_cube_are_its_twelve_edges() {
        let cube = Cuboid::new(Vec3::new(1.0_f32, 2.0, 3.0)).expect("a valid box");
        let corners: Vec<Vec3<f64>> = cube.vertices().iter().map(|c| c.cast()).collect();
        let edges = hull_edges(&corners);
        assert_eq!(edges.len(), 12);
        for (first, second) in edges {
            // Corners of one edge differ in exactly one coordinate (one bit of the id).
            assert_eq!((first ^ second).count_ones(), 1, "{first}-{second}");
        }
    }

    #[test]
    fn hull_edges_skip_inner_points_and_triangulate_the_lattice() {
        let mut corners: Vec<Vec3<f64>> =
            super::super::three::hull_points(Vec3::new(0.8, 0.65, 0.55))
                .iter()
                .map(|c| c.cast())
                .collect();
        // Points in general position on an ellipsoid: triangles only, 3 V - 6 edges.
        assert_eq!(hull_edges(&corners).len(), 3 * corners.len() - 6);
        corners.push(Vec3::ZERO);
        let inner = corners.len() - 1;
        let edges = hull_edges(&corners);
        assert_eq!(edges.len(), 3 * inner - 6);
        assert!(
            edges
                .iter()
                .all(|&(first, second)| second != inner && first != inner)
        );
    }

    #[test]
    fn a_sphere_is_seen_as_a_disc_of_its_radius() {
        let center = Vec3::new(1.0_f32, -2.0, 0.5);
        let body = Body {
            shape: Box::new(Sphere::new(Vec3::ZERO, 0.75).expect("a valid sphere")),
            corners: Vec::new(),
            transform: Transform3::from_translation(center),
        };
        let camera = Camera::fixed();
        let seen = Seen {
            body: &body,
            camera,
        };
        let disc_center = camera.project(center.cast());
        for point in svg::outline(&seen, Transform::IDENTITY, 64) {
            assert!((point.distance(disc_center) - 0.75).abs() < 1e-6);
        }
    }

    #[test]
    fn the_near_side_of_a_sphere_is_in_sight_and_the_far_side_is_not() {
        let body = Body {
            shape: Box::new(Sphere::new(Vec3::ZERO, 1.0_f32).expect("a valid sphere")),
            corners: Vec::new(),
            transform: Transform3::IDENTITY,
        };
        let camera = Camera::fixed();
        assert!(sees(camera, &body, camera.toward, 0.02));
        assert!(!sees(camera, &body, -camera.toward, 0.02));
        // Just inside the silhouette on the near side, and just behind it.
        let near = (camera.right + camera.toward * 0.2)
            .normalize()
            .expect("not zero");
        let far = (camera.right - camera.toward * 0.2)
            .normalize()
            .expect("not zero");
        assert!(sees(camera, &body, near, 0.02));
        assert!(!sees(camera, &body, far, 0.02));
    }
}
