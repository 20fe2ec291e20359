//! The GJK trace picture: the support points `distance` asked for, drawn on the
//! Minkowski difference `B - A`, whose point nearest the origin is the answer.
//!
//! The trace needs no hook in the kernel: both shapes are wrapped in [`Recorded`],
//! which logs every support call (direction asked, point returned) before answering
//! it, so the picture shows the calls of the real query, in order. The kernel asks A
//! along `d` and B along `-d` (in their own frames) for one support point `w = b - a`
//! of the difference: `w` is the difference's support point along `-d`, the search
//! direction drawn with it.

use core::cell::RefCell;

use gjk_core::{Aabb, FeatureId, Support, SupportPoint, Transform, Vec2, distance};
use gjk_shapes::{Ellipse, Rect};

use super::page::{COLOR_A, COLOR_B, COLOR_HIT, COLOR_PATH, page, shape_style};
use crate::svg;

/// A shape that logs the directions it is asked for and the points it answers.
struct Recorded<'s, T> {
    shape: &'s T,
    calls: RefCell<Vec<(Vec2<f32>, Vec2<f32>)>>,
}

impl<'s, T: Support<f32>> Recorded<'s, T> {
    fn new(shape: &'s T) -> Self {
        Self {
            shape,
            calls: RefCell::new(Vec::new()),
        }
    }
}

impl<T: Support<f32>> Support<f32> for Recorded<'_, T> {
    fn support(&self, direction: Vec2<f32>) -> SupportPoint<f32> {
        let answer = self.shape.support(direction);
        self.calls.borrow_mut().push((direction, answer.point));
        answer
    }

    fn radius(&self) -> f32 {
        self.shape.radius()
    }

    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<f32>> {
        self.shape.feature_point(feature)
    }
}

/// The Minkowski difference `B - A` of two placed shapes, in world coordinates, as a
/// support mapping: B's support point along `d` minus A's along `-d`.
struct Difference<'s, A, B> {
    a: &'s A,
    xf_a: Transform<f32>,
    b: &'s B,
    xf_b: Transform<f32>,
}

impl<A: Support<f32>, B: Support<f32>> Support<f64> for Difference<'_, A, B> {
    fn support(&self, direction: Vec2<f64>) -> SupportPoint<f64> {
        let direction = direction.cast::<f32>();
        let on_a = self
            .a
            .support(self.xf_a.rotation.inv_rotate(-direction))
            .point;
        let on_b = self
            .b
            .support(self.xf_b.rotation.inv_rotate(direction))
            .point;
        let point = self.xf_b.transform_point(on_b).cast::<f64>()
            - self.xf_a.transform_point(on_a).cast::<f64>();
        SupportPoint::new(point, FeatureId::SMOOTH)
    }

    fn radius(&self) -> f64 {
        f64::from(self.a.radius() + self.b.radius())
    }
}

/// Half the length of a drawn support line, in pixels.
const LINE_LENGTH: f64 = 46.0;

/// One support call of the query: the search direction of the difference (world,
/// unit) and the support point found along it.
struct Step {
    search: Vec2<f64>,
    point: Vec2<f64>,
}

/// An ellipse and a rotated box: the shapes with their witness points on the left, the
/// difference with the numbered support points and the answer on the right.
pub fn gjk_trace() -> Result<String, String> {
    let ellipse = Ellipse::new(Vec2::new(1.5_f32, 0.6)).map_err(|error| error.to_string())?;
    let block = Rect::new(Vec2::new(0.9_f32, 0.5)).map_err(|error| error.to_string())?;
    let xf_a = Transform::from_position_angle(Vec2::new(-1.2_f32, -0.3), 0.4);
    let xf_b = Transform::from_position_angle(Vec2::new(1.9_f32, 1.1), -0.7);
    let (recorded_a, recorded_b) = (Recorded::new(&ellipse), Recorded::new(&block));
    let out = distance(&recorded_a, xf_a, &recorded_b, xf_b);
    let steps: Vec<Step> = recorded_a
        .calls
        .borrow()
        .iter()
        .zip(recorded_b.calls.borrow().iter())
        .map(|(&(direction_a, on_a), &(_, on_b))| Step {
            search: (-xf_a.rotation.rotate(direction_a))
                .cast::<f64>()
                .normalize()
                .unwrap_or(Vec2::ZERO),
            point: xf_b.transform_point(on_b).cast::<f64>()
                - xf_a.transform_point(on_a).cast::<f64>(),
        })
        .collect();
    let difference = Difference {
        a: &ellipse,
        xf_a,
        b: &block,
        xf_b,
    };
    let closest = (out.witness_b - out.witness_a).cast::<f64>();
    let result = format!(
        "distance {:.5} ({:?}) after {} iterations and {} support calls",
        out.distance,
        out.status,
        out.iterations,
        steps.len()
    );
    let shapes_world = Aabb::new(Vec2::new(-2.6, -1.8), Vec2::new(3.2, 2.6));
    let difference_world = Aabb::new(Vec2::new(-0.6, -0.8), Vec2::new(5.4, 3.6));
    Ok(page(
        "GJK trace",
        &result,
        "left: A, B and their witness points; right: B - A, support point k with its search \
         arrow and support line, the closest point (red)",
        &[shapes_world, difference_world],
        |panel, picture, frame, labels| {
            if panel == 0 {
                picture.add(svg::outline_path(
                    &ellipse,
                    xf_a,
                    frame,
                    &shape_style(COLOR_A, 1.0),
                ));
                picture.add(svg::outline_path(
                    &block,
                    xf_b,
                    frame,
                    &shape_style(COLOR_B, 1.0),
                ));
                picture.add(svg::line(
                    frame,
                    out.witness_a.cast(),
                    out.witness_b.cast(),
                    &format!(r#"stroke="{COLOR_PATH}" stroke-width="1.5" stroke-dasharray="5 4""#),
                ));
                picture.add(svg::dot(frame, out.witness_a.cast(), 4.0, COLOR_A));
                picture.add(svg::dot(frame, out.witness_b.cast(), 4.0, COLOR_B));
                return;
            }
            picture.add(svg::outline_path(
                &difference,
                Transform::IDENTITY,
                frame,
                &shape_style("#666666", 0.8),
            ));
            picture.add(svg::dot(frame, Vec2::ZERO, 4.0, "#222"));
            picture.add(labels.place(frame, Vec2::ZERO, "origin"));
            for (index, step) in steps.iter().enumerate() {
                // The support line through the point, normal to the search direction:
                // the difference lies on its far side, so the origin's distance to it
                // bounds the answer from below.
                let along = step.search.perp() * (LINE_LENGTH / frame.scale());
                picture.add(svg::line(
                    frame,
                    step.point - along,
                    step.point + along,
                    &format!(r#"stroke="{COLOR_PATH}" stroke-width="1" stroke-dasharray="3 3""#),
                ));
                picture.add(svg::arrow(frame, step.point, step.search, 22.0));
                picture.add(svg::dot(frame, step.point, 3.5, "#222"));
                // Later points crowd together as the iteration converges: each label
                // takes a free spot around its point.
                picture.add(labels.place(frame, step.point, &format!("{}", index + 1)));
            }
            picture.add(svg::line(
                frame,
                Vec2::ZERO,
                closest,
                &format!(r#"stroke="{COLOR_HIT}" stroke-width="2""#),
            ));
            picture.add(svg::dot(frame, closest, 4.5, COLOR_HIT));
        },
    ))
}
