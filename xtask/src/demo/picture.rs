//! The demo picture: one panel per pair in a grid, with both shapes, the witness
//! points, the normal as an arrow from A's witness point, and the result as a label.

use gjk_core::{Aabb, DistanceOutput, Vec2};

use super::Pair;
use crate::svg::{self, Frame, Picture};

/// Panels per row.
const COLUMNS: usize = 3;
/// Panel size in pixels.
const PANEL_WIDTH: f64 = 340.0;
const PANEL_HEIGHT: f64 = 300.0;
/// Space for the two label lines at the top of a panel.
const PANEL_HEADER: f64 = 48.0;
/// Space around the drawing inside a panel.
const PANEL_MARGIN: f64 = 12.0;
/// Space for the legend at the bottom of the picture.
const LEGEND_HEIGHT: f64 = 32.0;
/// Length of the normal arrow in pixels.
const ARROW_LENGTH: f64 = 44.0;

const COLOR_A: &str = "#3a6ea5";
const COLOR_B: &str = "#e07b24";
const COLOR_GAP: &str = "#7a7a7a";

/// The SVG text of the grid of pairs with their distance outputs.
pub fn draw(pairs: &[Pair], outputs: &[DistanceOutput<f32>]) -> String {
    let rows = pairs.len().div_ceil(COLUMNS);
    let width = COLUMNS as f64 * PANEL_WIDTH;
    let height = rows as f64 * PANEL_HEIGHT + LEGEND_HEIGHT;
    let mut picture = Picture::new(width, height);
    for (index, (pair, output)) in pairs.iter().zip(outputs).enumerate() {
        let corner = Vec2::new(
            (index % COLUMNS) as f64 * PANEL_WIDTH,
            (index / COLUMNS) as f64 * PANEL_HEIGHT,
        );
        draw_panel(&mut picture, corner, pair, output);
    }
    picture.add(svg::text(
        Vec2::new(PANEL_MARGIN, height - LEGEND_HEIGHT / 2.0 + 4.0),
        "blue: shape A, orange: shape B; dots: witness points; arrow: normal from A to B; \
         dashed: the gap",
        r##"font-size="12" fill="#444""##,
    ));
    picture.finish()
}

/// One panel with its top-left corner at `corner` (pixels).
fn draw_panel(picture: &mut Picture, corner: Vec2<f64>, pair: &Pair, output: &DistanceOutput<f32>) {
    let panel = Aabb::new(corner, corner + Vec2::new(PANEL_WIDTH, PANEL_HEIGHT));
    picture.add(svg::rect(
        Aabb::new(
            panel.min + Vec2::new(4.0, 4.0),
            panel.max - Vec2::new(4.0, 4.0),
        ),
        r##"fill="#fafafa" stroke="#d0d0d0" rx="6""##,
    ));
    picture.add(svg::text(
        corner + Vec2::new(PANEL_MARGIN, 22.0),
        pair.title,
        r#"font-size="14" font-weight="bold""#,
    ));
    picture.add(svg::text(
        corner + Vec2::new(PANEL_MARGIN, 40.0),
        &summary(output),
        r##"font-size="12" fill="#333""##,
    ));

    let drawing = Aabb::new(
        corner + Vec2::new(PANEL_MARGIN, PANEL_HEADER),
        corner + Vec2::new(PANEL_WIDTH - PANEL_MARGIN, PANEL_HEIGHT - PANEL_MARGIN),
    );
    let frame = Frame::fit(world_bounds(pair), drawing);
    for (shape, transform, color) in [(&pair.a, pair.xf_a, COLOR_A), (&pair.b, pair.xf_b, COLOR_B)]
    {
        picture.add(svg::outline_path(
            &**shape,
            transform,
            frame,
            &format!(r#"fill="{color}" fill-opacity="0.25" stroke="{color}" stroke-width="2""#),
        ));
    }

    let witness_a = output.witness_a.cast::<f64>();
    let witness_b = output.witness_b.cast::<f64>();
    if !(witness_a.is_finite() && witness_b.is_finite()) {
        return;
    }
    picture.add(svg::line(
        frame,
        witness_a,
        witness_b,
        &format!(r#"stroke="{COLOR_GAP}" stroke-width="1.5" stroke-dasharray="5 4""#),
    ));
    let normal = output.normal.cast::<f64>();
    if normal != Vec2::ZERO {
        picture.add(svg::arrow(frame, witness_a, normal, ARROW_LENGTH));
    }
    picture.add(svg::dot(frame, witness_a, 4.0, COLOR_A));
    picture.add(svg::dot(frame, witness_b, 4.0, COLOR_B));
}

/// The label line under a panel's title.
fn summary(output: &DistanceOutput<f32>) -> String {
    let iterations = match output.iterations {
        1 => "1 iteration".to_owned(),
        count => format!("{count} iterations"),
    };
    format!(
        "distance {:.4}, {iterations}, {:?}",
        output.distance, output.status
    )
}

/// The world box around both shapes, with room around them for the arrow.
fn world_bounds(pair: &Pair) -> Aabb<f64> {
    let bounds = pair.a.aabb(pair.xf_a).union(pair.b.aabb(pair.xf_b));
    let (min, max) = (bounds.min.cast::<f64>(), bounds.max.cast::<f64>());
    let padding = (max - min).max_abs() * 0.08;
    let pad = Vec2::new(padding, padding);
    Aabb::new(min - pad, max + pad)
}
