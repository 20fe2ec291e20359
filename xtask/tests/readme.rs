//! Keeps the example in the repository README honest: the code between the markers
//! below is compiled and run here, and `readme_shows_this_example` checks that the
//! first `rust` code block of README.md is exactly that code.

mod readme {
    // README example begins
    use gjk_core::{
        DistanceStatus, SimplexCache, Transform, Vec2, distance, distance_cached, intersects,
    };
    use gjk_shapes::{Capsule, Circle, Rect, Segment, ShapeError};

    fn main() -> Result<(), ShapeError> {
        // Box2D's classic case: the box [-1, 1]^2 and the segment from (2, -1) to (2, 1).
        let square = Rect::new(Vec2::new(1.0_f32, 1.0))?;
        let wall = Segment::new(Vec2::new(2.0, -1.0), Vec2::new(2.0, 1.0))?;
        let here = Transform::IDENTITY;

        let out = distance(&square, here, &wall, here);
        assert_eq!(out.status, DistanceStatus::Separated);
        assert!((out.distance - 1.0).abs() < 1e-6);
        assert_eq!(out.normal, Vec2::new(1.0, 0.0)); // unit normal from A towards B
        println!("closest points {:?} and {:?}", out.witness_a, out.witness_b);

        // The overlap test stops at the first separating axis; bad input is an error.
        let ball = Circle::new(Vec2::ZERO, 0.5)?;
        let near = Transform::from_translation(Vec2::new(1.3, 0.2));
        assert_eq!(intersects(&square, here, &ball, near), Ok(true));

        // Warm starts: the cache carries the last simplex from one frame to the next.
        let pill = Capsule::new(Vec2::new(-0.5, 0.0), Vec2::new(0.5, 0.0), 0.25)?;
        let mut cache = SimplexCache::new();
        for frame in 0..3_u8 {
            let x = 3.0 - 0.1 * f32::from(frame);
            let xf = Transform::from_position_angle(Vec2::new(x, 0.5), 0.1);
            let out = distance_cached(&square, here, &pill, xf, &mut cache);
            println!(
                "frame {frame}: {:.3} after {} iterations",
                out.distance, out.iterations
            );
        }
        Ok(())
    }
    // README example ends

    #[test]
    fn readme_example_runs() -> Result<(), ShapeError> {
        main()
    }
}

/// Indentation of the example in this file (inside `mod readme`).
const INDENT: &str = "    ";

#[test]
fn readme_shows_this_example() {
    let this_file = include_str!("readme.rs");
    let example: String = this_file
        .lines()
        .skip_while(|line| !line.ends_with("// README example begins"))
        .skip(1)
        .take_while(|line| !line.ends_with("// README example ends"))
        .map(|line| format!("{}\n", line.strip_prefix(INDENT).unwrap_or(line)))
        .collect();

    let readme_path = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
    let readme = std::fs::read_to_string(readme_path).expect("README.md at the workspace root");
    let shown: String = readme
        .lines()
        .skip_while(|line| *line != "```rust")
        .skip(1)
        .take_while(|line| *line != "```")
        .map(|line| format!("{line}\n"))
        .collect();

    assert!(!example.is_empty(), "the example markers are missing");
    assert_eq!(
        shown, example,
        "README.md's example differs from tests/readme.rs"
    );
}
