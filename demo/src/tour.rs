//! The tour `cargo xtask demo` prints: the kernel on a few shape pairs (distance,
//! witness points, normal, iterations, status, the overlap test), the same queries on
//! pairs in space, warm starts over a few frames of motion and invalid input, then
//! pictures of the pairs in `target/demo.svg` and `target/demo3d.svg`.
//!
//! Everything runs in `f32`, the common case on microcontrollers.

mod picture;
mod picture3;
mod three;

use core::error::Error;
use std::path::Path;

use gjk_core::{
    Bounded, DistanceOutput, Rot, SimplexCache, Support, Transform, Vec2, distance,
    distance_cached, intersects,
};
use gjk_shapes::{Capsule, Circle, Ellipse, Polygon, Rect, Rounded, Segment, ShapeError};

/// Frames of motion in each warm-start run.
const FRAMES: usize = 6;

/// Two placed shapes the tour queries and draws.
pub struct Pair {
    /// A short name, `A vs B`.
    pub title: &'static str,
    /// What the pair shows.
    pub note: &'static str,
    /// Shape A.
    pub a: Box<dyn Bounded<f32>>,
    /// Where shape A is.
    pub xf_a: Transform<f32>,
    /// Shape B.
    pub b: Box<dyn Bounded<f32>>,
    /// Where shape B is.
    pub xf_b: Transform<f32>,
    /// The exact distance, for pairs whose answer is known in closed form.
    pub exact: Option<f32>,
}

impl Pair {
    /// The distance query on the pair.
    pub fn distance(&self) -> DistanceOutput<f32> {
        distance(&*self.a, self.xf_a, &*self.b, self.xf_b)
    }
}

/// Prints the tour and writes the picture.
pub fn run(workspace_root: &Path) -> Result<(), Box<dyn Error>> {
    println!("GJK kernel tour (f32; shapes from gjk-shapes, queries from gjk-core)");

    heading("distance() and intersects() on six pairs");
    let pairs = pairs()?;
    let outputs: Vec<DistanceOutput<f32>> = pairs.iter().map(Pair::distance).collect();
    for (index, (pair, output)) in pairs.iter().zip(&outputs).enumerate() {
        print_pair(index + 1, pair, output);
    }

    heading("The same calls in space: Vec3 shapes placed by Transform3");
    let pairs3 = three::pairs()?;
    let outputs3: Vec<_> = pairs3.iter().map(three::Pair::distance).collect();
    for (index, (pair, output)) in pairs3.iter().zip(&outputs3).enumerate() {
        three::print_pair(index + 1, pair, output);
    }

    heading("penetration() in space: each pair pushed into overlap (3D EPA)");
    three::print_overlaps(&pairs3, &outputs3);

    heading("project_point() in space: inside and outside an ellipsoid");
    three::print_projections()?;

    heading("distance_cached(): warm starts over frames of motion");
    warm_start_runs()?;

    heading("Invalid input is reported, never guessed");
    invalid_input()?;

    let svg_path = workspace_root.join("target").join("demo.svg");
    std::fs::create_dir_all(workspace_root.join("target"))?;
    std::fs::write(&svg_path, picture::draw(&pairs, &outputs))?;
    let svg3_path = workspace_root.join("target").join("demo3d.svg");
    std::fs::write(&svg3_path, picture3::draw(&pairs3, &outputs3))?;
    println!();
    println!("picture of the six pairs: {}", svg_path.display());
    println!("picture of the pairs in space: {}", svg3_path.display());
    Ok(())
}

/// The demo's picture of its pairs, for the gallery.
pub fn distance_picture() -> Result<String, String> {
    let pairs = pairs().map_err(|error| error.to_string())?;
    let outputs: Vec<DistanceOutput<f32>> = pairs.iter().map(Pair::distance).collect();
    Ok(picture::draw(&pairs, &outputs))
}

/// The demo's picture of its pairs in space, for the gallery.
pub fn distance3d_picture() -> Result<String, String> {
    let pairs = three::pairs().map_err(|error| error.to_string())?;
    let outputs: Vec<_> = pairs.iter().map(three::Pair::distance).collect();
    Ok(picture3::draw(&pairs, &outputs))
}

/// The pairs of the tour, from apart to overlapping.
fn pairs() -> Result<Vec<Pair>, ShapeError> {
    let unit_box = Rect::new(Vec2::new(1.0, 1.0))?;
    let wall = Segment::new(Vec2::new(2.0, -1.0), Vec2::new(2.0, 1.0))?;
    Ok(vec![
        Pair {
            title: "box vs segment",
            note: "Box2D's case: the box [-1,1]^2 and the segment (2,-1)-(2,1)",
            a: Box::new(unit_box),
            xf_a: Transform::IDENTITY,
            b: Box::new(wall),
            xf_b: Transform::IDENTITY,
            exact: Some(1.0),
        },
        Pair {
            title: "rounded box vs rounded segment",
            note: "the same cores with radii 0.25 and 0.1: 1 - 0.35",
            a: Box::new(Rounded::new(unit_box, 0.25)?),
            xf_a: Transform::IDENTITY,
            b: Box::new(Rounded::new(wall, 0.1)?),
            xf_b: Transform::IDENTITY,
            exact: Some(0.65),
        },
        Pair {
            title: "circle vs capsule",
            note: "a point core and a segment core, GJK on the cores, radii after",
            a: Box::new(Circle::new(Vec2::ZERO, 0.6)?),
            xf_a: Transform::IDENTITY,
            b: Box::new(Capsule::new(
                Vec2::new(-0.9, 0.0),
                Vec2::new(0.9, 0.0),
                0.3,
            )?),
            xf_b: Transform::from_position_angle(Vec2::new(2.0, 1.0), 2.0),
            exact: None,
        },
        Pair {
            title: "ellipse vs hexagon",
            note: "a smooth shape (closed-form support) against a polygon",
            a: Box::new(Ellipse::new(Vec2::new(1.2, 0.6))?),
            xf_a: Transform::from_position_angle(Vec2::ZERO, 0.5),
            b: Box::new(Polygon::<f32, 8>::regular(6, 0.8)?),
            xf_b: Transform::from_position_angle(Vec2::new(2.4, 1.1), 0.2),
            exact: None,
        },
        Pair {
            title: "circle overlapping a box",
            note: "the rounded surfaces overlap, the cores do not: a normal is known",
            a: Box::new(Circle::new(Vec2::ZERO, 1.0)?),
            xf_a: Transform::IDENTITY,
            b: Box::new(Rect::new(Vec2::new(0.6, 0.4))?),
            xf_b: Transform::from_position_angle(Vec2::new(1.3, 0.4), 0.5),
            exact: None,
        },
        Pair {
            title: "triangle overlapping a box",
            note: "the cores overlap: distance 0 and no normal (penetration is EPA's job)",
            a: Box::new(Polygon::<f32, 8>::new(&[
                Vec2::new(-1.2, -0.7),
                Vec2::new(1.2, -0.7),
                Vec2::new(0.0, 1.2),
            ])?),
            xf_a: Transform::IDENTITY,
            b: Box::new(Rect::new(Vec2::new(0.7, 0.45))?),
            xf_b: Transform::from_position_angle(Vec2::new(0.9, 0.6), 0.4),
            exact: None,
        },
    ])
}

/// Prints a section heading.
fn heading(title: &str) {
    println!();
    println!("{title}");
    println!("{}", "-".repeat(title.len()));
}

/// Prints one pair's distance output and overlap test, one labelled line per field.
fn print_pair(number: usize, pair: &Pair, output: &DistanceOutput<f32>) {
    let exact = pair
        .exact
        .map(|exact| format!("  (exact: {exact})"))
        .unwrap_or_default();
    let overlap = match intersects(&*pair.a, pair.xf_a, &*pair.b, pair.xf_b) {
        Ok(overlapping) => overlapping.to_string(),
        Err(error) => format!("error: {error}"),
    };
    println!();
    println!("[{number}] {}: {}", pair.title, pair.note);
    println!("    status      {:?}", output.status);
    println!("    distance    {:.6}{exact}", output.distance);
    println!("    witness A   {}", point(output.witness_a));
    println!("    witness B   {}", point(output.witness_b));
    println!("    normal      {}", point(output.normal));
    println!("    iterations  {}", output.iterations);
    println!("    intersects  {overlap}");
}

/// A vector as `(x, y)` with aligned columns.
fn point(v: Vec2<f32>) -> String {
    format!("({:>9.5}, {:>9.5})", v.x, v.y)
}

/// Two runs of [`FRAMES`] frames each: B moves and turns a little per frame while a
/// [`SimplexCache`] carries the last simplex over. Cold is the plain query.
fn warm_start_runs() -> Result<(), ShapeError> {
    let hexagon = Polygon::<f32, 8>::regular(6, 0.8)?;
    let octagon = Polygon::<f32, 8>::regular(8, 0.9)?;
    let rounded_box = Rounded::new(Rect::new(Vec2::new(0.5, 0.3))?, 0.1)?;
    let ellipse = Ellipse::new(Vec2::new(1.2, 0.6))?;
    warm_start_run(
        "octagon vs rounded box (polygon cores: cached vertices are reused)",
        &octagon,
        &rounded_box,
    );
    println!();
    warm_start_run(
        "ellipse vs hexagon (smooth A: re-supported along the cached directions)",
        &ellipse,
        &hexagon,
    );
    Ok(())
}

/// One warm-start run: prints per frame the distance and the cold and warm iteration
/// counts.
fn warm_start_run(title: &str, a: &dyn Support<f32>, b: &dyn Support<f32>) {
    println!("{title}");
    println!("    B moves by (-0.04, 0.02) and turns 2 degrees per frame");
    println!("    frame  distance  cold iterations  warm iterations");
    let mut cache = SimplexCache::new();
    for frame in 0..FRAMES {
        let step = frame as f32;
        let xf_b = Transform::from_position_angle(
            Vec2::new(2.6 - 0.04 * step, 0.5 + 0.02 * step),
            0.3 + step * 2.0_f32.to_radians(),
        );
        let cold = distance(a, Transform::IDENTITY, b, xf_b);
        let warm = distance_cached(a, Transform::IDENTITY, b, xf_b, &mut cache);
        println!(
            "    {frame:>5}  {:>8.5}  {:>15}  {:>15}",
            warm.distance, cold.iterations, warm.iterations
        );
    }
}

/// Shows both layers of input checking: shape constructors reject bad shapes with a
/// `ShapeError`, and queries reject bad transforms with a status or a `QueryError`.
fn invalid_input() -> Result<(), ShapeError> {
    let constructed = Circle::new(Vec2::ZERO, -1.0_f32);
    println!("Circle::new(centre, -1.0)");
    println!("    {}", describe(constructed));
    let constructed = Polygon::<f32, 8>::new(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(2.0, 2.0),
    ]);
    println!("Polygon::new(three points on a line)");
    println!("    {}", describe(constructed));

    let circle = Circle::new(Vec2::ZERO, 0.5_f32)?;
    let nan_position = Transform::new(Vec2::new(f32::NAN, 0.0), Rot::IDENTITY);
    let stretched = Transform::new(Vec2::new(2.0, 0.0), Rot { cos: 2.0, sin: 0.0 });
    for (label, xf_b) in [
        ("a NaN position", nan_position),
        ("a rotation of length 2", stretched),
    ] {
        let output = distance(&circle, Transform::IDENTITY, &circle, xf_b);
        println!("distance(circle, circle at {label})");
        println!(
            "    status {:?}, distance {}, normal {}",
            output.status,
            output.distance,
            point(output.normal)
        );
    }
    println!("intersects(circle, circle at a NaN position)");
    match intersects(&circle, Transform::IDENTITY, &circle, nan_position) {
        Ok(overlapping) => println!("    Ok({overlapping})"),
        Err(error) => println!("    Err({error:?}): {error}"),
    }
    Ok(())
}

/// "accepted" or the error with its message.
fn describe<T>(constructed: Result<T, ShapeError>) -> String {
    match constructed {
        Ok(_) => "Ok: accepted".to_owned(),
        Err(error) => format!("Err({error:?}): {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_core::DistanceStatus;

    #[test]
    fn pairs_with_a_closed_form_answer_match_it() {
        for pair in pairs().expect("the demo shapes are valid") {
            if let Some(exact) = pair.exact {
                let output = pair.distance();
                assert_eq!(output.status, DistanceStatus::Separated, "{}", pair.title);
                assert!(
                    (output.distance - exact).abs() < 1e-6,
                    "{}: {} instead of {exact}",
                    pair.title,
                    output.distance
                );
            }
        }
    }

    #[test]
    fn intersects_agrees_with_distance_on_every_pair() {
        for pair in pairs().expect("the demo shapes are valid") {
            let overlapping = intersects(&*pair.a, pair.xf_a, &*pair.b, pair.xf_b);
            assert_eq!(
                overlapping,
                Ok(pair.distance().is_overlapping()),
                "{}",
                pair.title
            );
        }
    }
}
