//! The layout every gallery picture shares: a title, a line of results, one or more
//! drawing panels side by side, and a legend at the bottom.

use gjk_core::{Aabb, Vec2};

use crate::svg::{self, Frame, Picture};

/// Width of the row of panels and height of a panel, in pixels.
const DRAWING_WIDTH: f64 = 920.0;
const PANEL_HEIGHT: f64 = 380.0;
/// Room for the title and the result line above the panels.
const HEADER: f64 = 56.0;
/// Room for the legend below the panels.
const FOOTER: f64 = 34.0;
/// Space around the panels.
const MARGIN: f64 = 12.0;

/// The colour of shape A in every picture.
pub const COLOR_A: &str = "#3a6ea5";
/// The colour of shape B in every picture.
pub const COLOR_B: &str = "#e07b24";
/// The colour of rays, paths and gaps.
pub const COLOR_PATH: &str = "#7a7a7a";
/// The colour of hit points and contacts.
pub const COLOR_HIT: &str = "#c0392b";

/// Presentation attributes of a filled shape outline in `color`, faded by `opacity`.
pub fn shape_style(color: &str, opacity: f64) -> String {
    format!(
        r#"fill="{color}" fill-opacity="{:.2}" stroke="{color}" stroke-opacity="{:.2}" stroke-width="2""#,
        0.25 * opacity,
        opacity
    )
}

/// A picture of `panels` side by side, each showing the world box given, under a
/// `title` and a `result` line, above a `legend`. `draw` adds the marks of panel
/// `index` through its frame.
pub fn page(
    title: &str,
    result: &str,
    legend: &str,
    panels: &[Aabb<f64>],
    mut draw: impl FnMut(usize, &mut Picture, Frame),
) -> String {
    let panel_width = DRAWING_WIDTH / panels.len().max(1) as f64;
    let width = DRAWING_WIDTH + 2.0 * MARGIN;
    let height = HEADER + PANEL_HEIGHT + FOOTER;
    let mut picture = Picture::new(width, height);
    picture.add(svg::text(
        Vec2::new(MARGIN, 24.0),
        title,
        r#"font-size="16" font-weight="bold""#,
    ));
    picture.add(svg::text(
        Vec2::new(MARGIN, 44.0),
        result,
        r##"font-size="12" fill="#333""##,
    ));
    for (index, world) in panels.iter().enumerate() {
        let corner = Vec2::new(MARGIN + index as f64 * panel_width, HEADER);
        let pixels = Aabb::new(corner, corner + Vec2::new(panel_width, PANEL_HEIGHT));
        picture.add(svg::rect(
            Aabb::new(
                pixels.min + Vec2::new(4.0, 4.0),
                pixels.max - Vec2::new(4.0, 4.0),
            ),
            r##"fill="#fafafa" stroke="#d0d0d0" rx="6""##,
        ));
        let inner = Aabb::new(
            pixels.min + Vec2::new(16.0, 16.0),
            pixels.max - Vec2::new(16.0, 16.0),
        );
        draw(index, &mut picture, Frame::fit(*world, inner));
    }
    picture.add(svg::text(
        Vec2::new(MARGIN, height - FOOTER / 2.0 + 4.0),
        legend,
        r##"font-size="12" fill="#444""##,
    ));
    picture.finish()
}

/// A label at a world point, nudged right and up of it by a few pixels.
pub fn label(frame: Frame, at: Vec2<f64>, content: &str) -> String {
    let pixel = frame.to_pixel(at) + Vec2::new(6.0, -6.0);
    svg::text(pixel, content, r##"font-size="12" fill="#222""##)
}
