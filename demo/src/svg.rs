//! Plain-text SVG for pictures of shapes and query results: a [`Frame`] from world
//! coordinates to the picture, the outline of any support-mapped shape as a path, and
//! a few marks (dots, lines, polylines, arrows, labels, boxes) collected in a
//! [`Picture`].
//!
//! The outline needs nothing but the [`Support`] trait: a rounded convex shape is the
//! set of its core's support points over all directions, each pushed out by the radius
//! along its direction. Sampling [`OUTLINE_SAMPLES`] directions traces any shape:
//! exactly at polygon corners, as a fine polyline along curves and rounded corners.

use gjk_core::{Aabb, Scalar, Support, Transform, Vec2};

/// Directions sampled for an outline: curves look smooth at a few hundred pixels.
pub const OUTLINE_SAMPLES: usize = 256;

/// The colour of arrows and their heads.
const ARROW_COLOR: &str = "#222222";

/// Maps world coordinates into a rectangle of the picture with one uniform scale,
/// keeping world y pointing up (SVG's y points down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The world point drawn at `pixel_center`.
    world_center: Vec2<f64>,
    /// The centre of the picture rectangle.
    pixel_center: Vec2<f64>,
    /// Pixels per world unit.
    scale: f64,
}

impl Frame {
    /// The frame that shows all of `world` as large as fits, centred in the picture
    /// rectangle `pixels` (in SVG coordinates: `min` is the top-left corner).
    pub fn fit(world: Aabb<f64>, pixels: Aabb<f64>) -> Self {
        let world_half = world.half_extents();
        let pixel_half = pixels.half_extents();
        let scale = (pixel_half.x / world_half.x).min(pixel_half.y / world_half.y);
        Self {
            world_center: world.center(),
            pixel_center: pixels.center(),
            // An empty world (a single point) has no size to fit: one pixel per unit.
            scale: if scale.is_finite() && scale > 0.0 {
                scale
            } else {
                1.0
            },
        }
    }

    /// The picture position of a world point.
    pub fn to_pixel(self, world: Vec2<f64>) -> Vec2<f64> {
        let offset = (world - self.world_center) * self.scale;
        Vec2::new(
            self.pixel_center.x + offset.x,
            self.pixel_center.y - offset.y,
        )
    }

    /// Pixels per world unit.
    pub fn scale(self) -> f64 {
        self.scale
    }
}

/// World points tracing the rounded outline of `shape` placed by `transform`,
/// counter-clockwise: gjk-core's [`gjk_core::outline`] with `samples` directions (each
/// direction's support point pushed out by the radius, repeated points dropped), in
/// `f64` for drawing.
pub fn outline<S, T>(shape: &T, transform: Transform<S>, samples: usize) -> Vec<Vec2<f64>>
where
    S: Scalar,
    T: Support<S> + ?Sized,
{
    let mut points = vec![Vec2::<S>::ZERO; samples];
    let count = gjk_core::outline(shape, transform, &mut points);
    points.truncate(count);
    points.into_iter().map(Vec2::cast::<f64>).collect()
}

/// The outline of `shape` placed by `transform` as a closed SVG `<path>` element,
/// with extra presentation `attributes` such as `fill="..." stroke="..."`.
pub fn outline_path<S, T>(
    shape: &T,
    transform: Transform<S>,
    frame: Frame,
    attributes: &str,
) -> String
where
    S: Scalar,
    T: Support<S> + ?Sized,
{
    let mut path_data = String::new();
    for (index, point) in outline(shape, transform, OUTLINE_SAMPLES)
        .into_iter()
        .enumerate()
    {
        let pixel = frame.to_pixel(point);
        let command = if index == 0 { 'M' } else { 'L' };
        path_data.push_str(&format!("{command}{:.2},{:.2} ", pixel.x, pixel.y));
    }
    path_data.push('Z');
    format!(r#"<path d="{path_data}" {attributes}/>"#)
}

/// An open SVG `<path>` through world points in order, with presentation `attributes`.
pub fn polyline(frame: Frame, points: &[Vec2<f64>], attributes: &str) -> String {
    let mut path_data = String::new();
    for (index, point) in points.iter().enumerate() {
        let pixel = frame.to_pixel(*point);
        let command = if index == 0 { 'M' } else { 'L' };
        path_data.push_str(&format!("{command}{:.2},{:.2} ", pixel.x, pixel.y));
    }
    format!(r#"<path d="{}" {attributes}/>"#, path_data.trim_end())
}

/// A filled dot of `radius_px` pixels at a world point.
pub fn dot(frame: Frame, center: Vec2<f64>, radius_px: f64, fill: &str) -> String {
    let pixel = frame.to_pixel(center);
    format!(
        r#"<circle cx="{:.2}" cy="{:.2}" r="{radius_px}" fill="{fill}"/>"#,
        pixel.x, pixel.y
    )
}

/// A straight line between two world points, with presentation `attributes`.
pub fn line(frame: Frame, from: Vec2<f64>, to: Vec2<f64>, attributes: &str) -> String {
    let (from, to) = (frame.to_pixel(from), frame.to_pixel(to));
    format!(
        r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" {attributes}/>"#,
        from.x, from.y, to.x, to.y
    )
}

/// An arrow of `length_px` pixels from a world point along a unit world direction.
pub fn arrow(frame: Frame, from: Vec2<f64>, direction: Vec2<f64>, length_px: f64) -> String {
    let to = from + direction * (length_px / frame.scale());
    line(
        frame,
        from,
        to,
        &format!(r#"stroke="{ARROW_COLOR}" stroke-width="2" marker-end="url(#arrowhead)""#),
    )
}

/// Text at a picture position (not a world point: labels keep their place and size),
/// with presentation `attributes`.
pub fn text(position: Vec2<f64>, content: &str, attributes: &str) -> String {
    format!(
        r#"<text x="{:.2}" y="{:.2}" {attributes}>{}</text>"#,
        position.x,
        position.y,
        escape(content)
    )
}

/// A rectangle of the picture (not of the world), with presentation `attributes`.
pub fn rect(pixels: Aabb<f64>, attributes: &str) -> String {
    let size = pixels.max - pixels.min;
    format!(
        r#"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" {attributes}/>"#,
        pixels.min.x, pixels.min.y, size.x, size.y
    )
}

/// Text with the characters XML reserves replaced by entities.
fn escape(content: &str) -> String {
    content
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG document being assembled: a white page of a fixed size, elements in drawing
/// order (later ones on top).
pub struct Picture {
    width: f64,
    height: f64,
    elements: Vec<String>,
}

impl Picture {
    /// An empty page of `width` by `height` pixels.
    pub fn new(width: f64, height: f64) -> Self {
        Self {
            width,
            height,
            elements: Vec::new(),
        }
    }

    /// Adds an element on top of the ones before.
    pub fn add(&mut self, element: String) {
        self.elements.push(element);
    }

    /// The page's width and height in pixels.
    pub fn size(&self) -> Vec2<f64> {
        Vec2::new(self.width, self.height)
    }

    /// The complete SVG text.
    pub fn finish(self) -> String {
        let (width, height) = (self.width, self.height);
        let mut svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 Z" fill="{ARROW_COLOR}"/></marker></defs>
<rect width="100%" height="100%" fill="white"/>
"#
        );
        for element in self.elements {
            svg.push_str(&element);
            svg.push('\n');
        }
        svg.push_str("</svg>\n");
        svg
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_core::{FeatureId, SupportPoint};

    /// A disc: a point core at the local origin with a radius.
    struct Disc(f64);

    impl Support<f64> for Disc {
        fn support(&self, _direction: Vec2<f64>) -> SupportPoint<f64> {
            SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
        }
        fn radius(&self) -> f64 {
            self.0
        }
    }

    /// The square [-1, 1]^2, no radius.
    struct Square;

    impl Support<f64> for Square {
        fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
            let corner = Vec2::new(d.x.signum(), d.y.signum());
            SupportPoint::new(corner, FeatureId::vertex(0))
        }
    }

    #[test]
    fn outline_of_a_placed_disc_lies_on_its_circle() {
        let center = Vec2::new(3.0, -2.0);
        let points = outline(&Disc(0.5), Transform::from_translation(center), 64);
        assert_eq!(points.len(), 64);
        for point in points {
            assert!((point.distance(center) - 0.5).abs() < 1e-12);
        }
    }

    #[test]
    fn outline_of_a_polygon_is_its_corners_once_each() {
        let points = outline(&Square, Transform::IDENTITY, OUTLINE_SAMPLES);
        assert_eq!(
            points,
            [
                Vec2::new(1.0, 1.0),
                Vec2::new(-1.0, 1.0),
                Vec2::new(-1.0, -1.0),
                Vec2::new(1.0, -1.0),
            ]
        );
    }

    #[test]
    fn frame_fits_the_world_and_keeps_y_up() {
        let world = Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
        let pixels = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(200.0, 100.0));
        let frame = Frame::fit(world, pixels);
        assert_eq!(frame.scale(), 50.0);
        assert_eq!(frame.to_pixel(Vec2::ZERO), Vec2::new(100.0, 50.0));
        assert_eq!(frame.to_pixel(Vec2::new(1.0, 1.0)), Vec2::new(150.0, 0.0));
    }

    #[test]
    fn polyline_visits_its_points_in_order_and_stays_open() {
        let world = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 2.0));
        let frame = Frame::fit(world, world);
        let path = polyline(
            frame,
            &[Vec2::new(0.0, 0.0), Vec2::new(1.0, 2.0)],
            "stroke=\"red\"",
        );
        assert_eq!(path, r#"<path d="M0.00,2.00 L1.00,0.00" stroke="red"/>"#);
    }

    #[test]
    fn text_is_escaped() {
        let label = text(Vec2::ZERO, "a < b & c", "");
        assert!(label.contains("a &lt; b &amp; c"));
    }
}
