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
    mut draw: impl FnMut(usize, &mut Picture, Frame, &mut Labels),
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
        let mut labels = Labels::new(Aabb::new(
            pixels.min + Vec2::new(8.0, 8.0),
            pixels.max - Vec2::new(8.0, 8.0),
        ));
        draw(index, &mut picture, Frame::fit(*world, inner), &mut labels);
    }
    picture.add(svg::text(
        Vec2::new(MARGIN, height - FOOTER / 2.0 + 4.0),
        legend,
        r##"font-size="12" fill="#444""##,
    ));
    picture.finish()
}

/// Where a label goes around its point: the offsets tried, in order, from the point to
/// the label's top-left corner, as multiples of (the label's width, one line).
const SPOTS: [(f64, f64); 8] = [
    (0.0, -1.0),  // right, above
    (0.0, 0.3),   // right, below
    (-1.0, -1.0), // left, above
    (-1.0, 0.3),  // left, below
    (-0.5, -1.5), // centred above
    (-0.5, 0.8),  // centred below
    (-0.5, -2.7), // centred, two lines above
    (-0.5, 2.0),  // centred, two lines below
];

/// Which of [`SPOTS`] a label tries first.
#[derive(Clone, Copy, Debug)]
pub enum Spot {
    /// Right of the point, above it.
    RightAbove = 0,
    /// Left of the point, above it.
    LeftAbove = 2,
}

/// The labels of one panel, placed so that they neither overlap one another nor leave
/// the panel: each takes the first free spot around its point (placed at a fixed
/// offset, labels run off the manifold panel and stand on each other in the GJK trace).
pub struct Labels {
    /// Where labels may go, in pixels.
    bounds: Aabb<f64>,
    /// The boxes of the labels placed so far.
    placed: Vec<Aabb<f64>>,
}

/// Height of a line of label text (font size 12), and the width of one character.
const LINE: f64 = 14.0;
const CHARACTER: f64 = 7.0;
/// Room between a label and its point.
const GAP: f64 = 5.0;

impl Labels {
    fn new(bounds: Aabb<f64>) -> Self {
        Self {
            bounds,
            placed: Vec::new(),
        }
    }

    /// A label at a world point, right of it and above where that is free.
    pub fn place(&mut self, frame: Frame, at: Vec2<f64>, content: &str) -> String {
        self.place_from(frame, at, content, Spot::RightAbove)
    }

    /// A label at a world point, trying `first` before the other spots.
    pub fn place_from(
        &mut self,
        frame: Frame,
        at: Vec2<f64>,
        content: &str,
        first: Spot,
    ) -> String {
        let pixel = frame.to_pixel(at);
        let size = Vec2::new(CHARACTER * content.chars().count() as f64, LINE);
        let corner = |(across, down): (f64, f64)| {
            let side = if across < 0.0 { -GAP } else { GAP };
            let centred = across == -0.5;
            Vec2::new(
                pixel.x + across * size.x + if centred { 0.0 } else { side },
                pixel.y + down * size.y,
            )
        };
        let boxed = |corner: Vec2<f64>| Aabb::new(corner, corner + size);
        let inside = |candidate: &Aabb<f64>| {
            self.bounds.contains_point(candidate.min) && self.bounds.contains_point(candidate.max)
        };
        // Boxes that only touch leave both labels legible (`Aabb::overlaps` counts
        // touching).
        let free = |candidate: &Aabb<f64>| {
            self.placed.iter().all(|other| {
                candidate.max.x <= other.min.x
                    || other.max.x <= candidate.min.x
                    || candidate.max.y <= other.min.y
                    || other.max.y <= candidate.min.y
            })
        };
        let order = (0..SPOTS.len()).map(|offset| SPOTS[(first as usize + offset) % SPOTS.len()]);
        let candidates: Vec<Aabb<f64>> = order.map(|spot| boxed(corner(spot))).collect();
        let chosen = candidates
            .iter()
            .find(|candidate| inside(candidate) && free(candidate))
            .or_else(|| candidates.iter().find(|candidate| inside(candidate)))
            .unwrap_or(&candidates[0]);
        self.placed.push(*chosen);
        // The text's baseline sits near the bottom of its box.
        let baseline = Vec2::new(chosen.min.x, chosen.max.y - 3.0);
        svg::text(baseline, content, r##"font-size="12" fill="#222""##)
    }
}
