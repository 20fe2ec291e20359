//! The demo pictures' layout, and the plane picture: one panel per pair in a grid, with
//! both shapes, the witness points, the normal as an arrow from A's witness point, and
//! the result as a label.

use gjk_core::{Aabb, DistanceOutput, Space, Vec2};

use super::Pair;
use crate::svg::{self, Frame, Picture};

/// Panels per row.
const COLUMNS: usize = 3;
/// Panel size in pixels.
pub const PANEL_WIDTH: f64 = 340.0;
const PANEL_HEIGHT: f64 = 300.0;
/// Space for the two label lines at the top of a panel.
const PANEL_HEADER: f64 = 48.0;
/// Space around the drawing inside a panel.
pub const PANEL_MARGIN: f64 = 12.0;
/// Space for the legend at the bottom of the plane picture.
const LEGEND_HEIGHT: f64 = 32.0;
/// Length of the normal arrow in pixels.
pub const ARROW_LENGTH: f64 = 44.0;

pub const COLOR_A: &str = "#3a6ea5";
pub const COLOR_B: &str = "#e07b24";
pub const COLOR_GAP: &str = "#7a7a7a";

/// One panel of a grid: its two label lines and the world box its drawing shows.
pub struct Panel<'t> {
    /// The first line, in bold.
    pub title: &'t str,
    /// The second line: the query's result.
    pub summary: String,
    /// What the drawing shows, in the plane of the picture.
    pub world: Aabb<f64>,
}

/// A grid of `panels`, [`COLUMNS`] to a row, above a `legend` in a strip of
/// `legend_height` pixels. `draw` adds the marks of panel `index` through its frame.
pub fn grid(
    panels: &[Panel],
    legend: &str,
    legend_height: f64,
    mut draw: impl FnMut(usize, &mut Picture, Frame),
) -> Picture {
    let rows = panels.len().div_ceil(COLUMNS);
    let width = COLUMNS as f64 * PANEL_WIDTH;
    let height = rows as f64 * PANEL_HEIGHT + legend_height;
    let mut picture = Picture::new(width, height);
    for (index, panel) in panels.iter().enumerate() {
        let corner = Vec2::new(
            (index % COLUMNS) as f64 * PANEL_WIDTH,
            (index / COLUMNS) as f64 * PANEL_HEIGHT,
        );
        let frame = draw_frame(&mut picture, corner, panel);
        draw(index, &mut picture, frame);
    }
    picture.add(svg::text(
        Vec2::new(PANEL_MARGIN, height - legend_height / 2.0 + 4.0),
        legend,
        r##"font-size="12" fill="#444""##,
    ));
    picture
}

/// The SVG text of the grid of plane pairs with their distance outputs.
pub fn draw(pairs: &[Pair], outputs: &[DistanceOutput<f32>]) -> String {
    let panels: Vec<Panel> = pairs
        .iter()
        .zip(outputs)
        .map(|(pair, output)| Panel {
            title: pair.title,
            summary: summary(output),
            world: world_bounds(pair),
        })
        .collect();
    grid(
        &panels,
        "blue: shape A, orange: shape B; dots: witness points; arrow: normal from A to B; \
         dashed: the gap",
        LEGEND_HEIGHT,
        |index, picture, frame| draw_pair(picture, frame, &pairs[index], &outputs[index]),
    )
    .finish()
}

/// A panel's background and labels with its top-left corner at `corner` (pixels), and
/// the frame of its drawing.
fn draw_frame(picture: &mut Picture, corner: Vec2<f64>, panel: &Panel) -> Frame {
    let outline = Aabb::new(corner, corner + Vec2::new(PANEL_WIDTH, PANEL_HEIGHT));
    picture.add(svg::rect(
        Aabb::new(
            outline.min + Vec2::new(4.0, 4.0),
            outline.max - Vec2::new(4.0, 4.0),
        ),
        r##"fill="#fafafa" stroke="#d0d0d0" rx="6""##,
    ));
    picture.add(svg::text(
        corner + Vec2::new(PANEL_MARGIN, 22.0),
        panel.title,
        r#"font-size="14" font-weight="bold""#,
    ));
    picture.add(svg::text(
        corner + Vec2::new(PANEL_MARGIN, 40.0),
        &panel.summary,
        r##"font-size="12" fill="#333""##,
    ));
    let drawing = Aabb::new(
        corner + Vec2::new(PANEL_MARGIN, PANEL_HEADER),
        corner + Vec2::new(PANEL_WIDTH - PANEL_MARGIN, PANEL_HEIGHT - PANEL_MARGIN),
    );
    Frame::fit(panel.world, drawing)
}

/// Both shapes of a plane pair, the witness points, the gap and the normal.
fn draw_pair(picture: &mut Picture, frame: Frame, pair: &Pair, output: &DistanceOutput<f32>) {
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

/// The label line under a panel's title, in the plane or in space.
pub fn summary<V: Space<Scalar = f32>>(output: &DistanceOutput<f32, V>) -> String {
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
    padded(Aabb::new(
        bounds.min.cast::<f64>(),
        bounds.max.cast::<f64>(),
    ))
}

/// A box grown on every side by 8 % of its larger side, room for the arrow.
pub fn padded(bounds: Aabb<f64>) -> Aabb<f64> {
    let padding = (bounds.max - bounds.min).max_abs() * 0.08;
    let pad = Vec2::new(padding, padding);
    Aabb::new(bounds.min - pad, bounds.max + pad)
}
