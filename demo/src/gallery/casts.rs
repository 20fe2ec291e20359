//! The ray cast and shape cast pictures.

use gjk_core::{
    Aabb, CastOutput, CastStatus, Ray, ShapeCastInput, Transform, Vec2, ray_cast, shape_cast,
};
use gjk_shapes::{Capsule, Polygon, Rect, Rounded};

use super::page::{COLOR_A, COLOR_B, COLOR_HIT, COLOR_PATH, Spot, page, shape_style};
use crate::svg;

/// Rays in the fan.
const RAYS: usize = 15;
/// Length of the normal arrows in pixels.
const NORMAL_LENGTH: f64 = 28.0;

/// A fan of rays from one point against a rounded hexagon: hits end at the surface
/// with the outward normal there, misses run their full length.
pub fn ray_fan() -> Result<String, String> {
    let hexagon = Polygon::<f32, 8>::regular(6, 1.0).map_err(|error| error.to_string())?;
    let shape = Rounded::new(hexagon, 0.3).map_err(|error| error.to_string())?;
    let xf = Transform::from_position_angle(Vec2::new(1.0, 0.0), 0.3);
    let origin = Vec2::new(-3.5_f32, -1.0);
    let rays: Vec<(Ray<f32>, CastOutput<f32>)> = (0..RAYS)
        .map(|index| {
            let angle = -0.5 + 1.0 * index as f32 / (RAYS - 1) as f32;
            let translation = Vec2::new(angle.cos(), angle.sin()) * 6.5;
            let ray = Ray::new(origin, translation);
            (ray, ray_cast(&shape, xf, ray))
        })
        .collect();
    let hits = rays.iter().filter(|(_, out)| out.is_hit()).count();
    let result = format!(
        "ray_cast against a hexagon rounded by 0.3: {hits} of {RAYS} rays hit, each at its exact first fraction"
    );
    let world = Aabb::new(Vec2::new(-3.8, -4.3), Vec2::new(3.4, 2.6));
    Ok(page(
        "Ray cast",
        &result,
        "blue: the shape; red dots: hits, arrows: surface normals; dashed grey: rays that miss",
        &[world],
        |_, picture, frame, labels| {
            picture.add(svg::outline_path(
                &shape,
                xf,
                frame,
                &shape_style(COLOR_A, 1.0),
            ));
            for (ray, out) in &rays {
                let start = ray.origin.cast::<f64>();
                if out.status == CastStatus::Hit {
                    let hit = out.point.cast::<f64>();
                    picture.add(svg::line(
                        frame,
                        start,
                        hit,
                        &format!(r#"stroke="{COLOR_PATH}" stroke-width="1.5""#),
                    ));
                    picture.add(svg::arrow(frame, hit, out.normal.cast(), NORMAL_LENGTH));
                    picture.add(svg::dot(frame, hit, 3.5, COLOR_HIT));
                } else {
                    let end = ray.point_at(ray.max_fraction).cast::<f64>();
                    picture.add(svg::line(
                        frame,
                        start,
                        end,
                        &format!(
                            r#"stroke="{COLOR_PATH}" stroke-width="1" stroke-dasharray="4 4""#
                        ),
                    ));
                }
            }
            picture.add(svg::dot(frame, origin.cast(), 4.0, "#222"));
            picture.add(labels.place_from(frame, origin.cast(), "origin", Spot::LeftAbove));
        },
    ))
}

/// A capsule moving along a translation onto a box: where it starts, where it first
/// touches (the cast's fraction), the contact point and the normal there.
pub fn capsule_onto_box() -> Result<String, String> {
    let block = Rect::new(Vec2::new(1.0_f32, 0.6)).map_err(|error| error.to_string())?;
    let capsule = Capsule::new(Vec2::new(-0.6_f32, 0.0), Vec2::new(0.6, 0.0), 0.3)
        .map_err(|error| error.to_string())?;
    let xf_a = Transform::from_position_angle(Vec2::new(1.5_f32, 0.0), 0.2);
    let xf_b = Transform::from_position_angle(Vec2::new(-3.0_f32, 1.6), 0.6);
    let translation = Vec2::new(6.0_f32, -2.0);
    let out = shape_cast(
        &block,
        xf_a,
        &capsule,
        xf_b,
        ShapeCastInput::moving_b(translation),
    );
    if out.status != CastStatus::Hit {
        return Err(format!("the gallery's shape cast should hit: {out:?}"));
    }
    let at = |fraction: f32| Transform {
        translation: xf_b.translation + translation * fraction,
        rotation: xf_b.rotation,
    };
    let result = format!(
        "shape_cast: B first touches A at fraction {:.5} of its translation ({} GJK iterations)",
        out.fraction, out.iterations
    );
    let world = Aabb::new(Vec2::new(-4.2, -2.0), Vec2::new(4.2, 2.4));
    Ok(page(
        "Shape cast",
        &result,
        "blue: A (fixed); orange: B at the start (faint), at the hit and at the end (fainter); \
         red: contact point and normal",
        &[world],
        |_, picture, frame, labels| {
            picture.add(svg::outline_path(
                &block,
                xf_a,
                frame,
                &shape_style(COLOR_A, 1.0),
            ));
            picture.add(svg::outline_path(
                &capsule,
                at(1.0),
                frame,
                &shape_style(COLOR_B, 0.2),
            ));
            picture.add(svg::outline_path(
                &capsule,
                xf_b,
                frame,
                &shape_style(COLOR_B, 0.45),
            ));
            picture.add(svg::line(
                frame,
                xf_b.translation.cast(),
                at(1.0).translation.cast(),
                &format!(r#"stroke="{COLOR_PATH}" stroke-width="1.5" stroke-dasharray="6 4""#),
            ));
            let hit = at(out.fraction);
            picture.add(svg::outline_path(
                &capsule,
                hit,
                frame,
                &shape_style(COLOR_B, 1.0),
            ));
            picture.add(svg::dot(frame, hit.translation.cast(), 3.0, COLOR_B));
            let contact = out.point.cast::<f64>();
            picture.add(svg::arrow(frame, contact, out.normal.cast(), 40.0));
            picture.add(svg::dot(frame, contact, 4.0, COLOR_HIT));
            picture.add(labels.place(frame, xf_b.translation.cast(), "start"));
            picture.add(labels.place(
                frame,
                hit.translation.cast(),
                &format!("t = {:.3}", out.fraction),
            ));
        },
    ))
}
