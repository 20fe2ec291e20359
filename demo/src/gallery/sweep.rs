//! The time-of-impact picture: a thin bar spinning while it flies at a thin wall.

use gjk_core::{Aabb, Sweep, ToiStatus, Vec2, distance, time_of_impact};
use gjk_shapes::Rect;

use super::page::{COLOR_A, COLOR_B, COLOR_HIT, COLOR_PATH, page, shape_style};
use crate::svg;

/// Poses of the bar drawn along its sweep, before the impact.
const GHOSTS: usize = 6;

/// A bar 2.4 long and 0.1 thick that turns by 3 radians while its centre travels 6
/// units towards a wall 0.1 thick: a step this long would let it tunnel through the
/// wall if only the end poses were tested. `time_of_impact` stops it at first touch.
pub fn spinning_bar() -> Result<String, String> {
    let wall = Rect::new(Vec2::new(0.05_f32, 1.6)).map_err(|error| error.to_string())?;
    let bar = Rect::new(Vec2::new(1.2_f32, 0.05)).map_err(|error| error.to_string())?;
    let sweep_wall = Sweep::fixed(gjk_core::Transform::from_translation(Vec2::new(1.5, 0.0)));
    let sweep_bar = Sweep::new(
        Vec2::ZERO,
        Vec2::new(-3.0, 0.4),
        Vec2::new(3.0, -0.2),
        0.0,
        3.0,
    );
    let out = time_of_impact(&wall, sweep_wall, &bar, sweep_bar, 1.0);
    if out.status != ToiStatus::Hit {
        return Err(format!(
            "the gallery's spinning bar should hit the wall: {out:?}"
        ));
    }
    let xf_wall = sweep_wall.transform_at(0.0);
    let at_impact = sweep_bar.transform_at(out.fraction);
    let contact = distance(&wall, xf_wall, &bar, at_impact);
    let result = format!(
        "time_of_impact: first touch at fraction {:.5} after {} distance queries; gap there {:.1e}",
        out.fraction, out.iterations, contact.distance
    );
    let world = Aabb::new(Vec2::new(-4.4, -2.0), Vec2::new(4.4, 2.0));
    Ok(page(
        "Time of impact with rotation",
        &result,
        "blue: the wall; orange: the bar before impact (faint), at impact, and where the step \
         would have ended (dashed); red: the contact",
        &[world],
        |_, picture, frame, labels| {
            picture.add(svg::outline_path(
                &wall,
                xf_wall,
                frame,
                &shape_style(COLOR_A, 1.0),
            ));
            let end = sweep_bar.transform_at(1.0);
            picture.add(svg::outline_path(
                &bar,
                end,
                frame,
                &format!(r#"{} stroke-dasharray="5 4""#, shape_style(COLOR_B, 0.35)),
            ));
            picture.add(svg::line(
                frame,
                sweep_bar.center_at(0.0).cast(),
                sweep_bar.center_at(1.0).cast(),
                &format!(r#"stroke="{COLOR_PATH}" stroke-width="1.5" stroke-dasharray="6 4""#),
            ));
            for ghost in 0..GHOSTS {
                let fraction = out.fraction * ghost as f32 / GHOSTS as f32;
                let pose = sweep_bar.transform_at(fraction);
                picture.add(svg::outline_path(
                    &bar,
                    pose,
                    frame,
                    &shape_style(COLOR_B, 0.3),
                ));
            }
            picture.add(svg::outline_path(
                &bar,
                at_impact,
                frame,
                &shape_style(COLOR_B, 1.0),
            ));
            picture.add(svg::dot(frame, contact.witness_b.cast(), 4.5, COLOR_HIT));
            picture.add(labels.place(frame, sweep_bar.center_at(0.0).cast(), "t = 0"));
            picture.add(labels.place(
                frame,
                at_impact.translation.cast(),
                &format!("t = {:.3}", out.fraction),
            ));
            picture.add(labels.place(frame, end.translation.cast(), "t = 1"));
        },
    ))
}
