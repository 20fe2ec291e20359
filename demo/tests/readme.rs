//! Keeps the examples in the READMEs honest: the code between each pair of markers
//! below is compiled and run here, `readme_shows_these_examples` checks that the
//! repository README's `rust` code blocks are exactly that code, in order (the plane's
//! example first, then space's), and `crate_readmes_show_only_these_examples` that
//! every `rust` block of a published crate's README is one of them.

mod plane {
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
    fn readme_example_in_the_plane_runs() -> Result<(), ShapeError> {
        main()
    }
}

mod space {
    // README example begins
    use gjk_core::{
        CastStatus, DistanceStatus, PenetrationStatus, Quat, ShapeCastInput, Transform3, Vec3,
        distance, penetration, shape_cast,
    };
    use gjk_shapes::{Cuboid, ShapeError, Sphere};

    fn main() -> Result<(), ShapeError> {
        // A crate turned about the vertical, and a ball 2 above its centre.
        let crate_box = Cuboid::new(Vec3::new(1.0_f32, 0.5, 0.25))?;
        let ball = Sphere::new(Vec3::ZERO, 0.5)?;
        let turn = Quat::from_axis_angle(Vec3::Z, 0.3).expect("a unit axis");
        let turned = Transform3::new(Vec3::ZERO, turn);
        let above = Transform3::from_translation(Vec3::new(0.0, 0.0, 2.0));
        let out = distance(&crate_box, turned, &ball, above);
        assert_eq!(out.status, DistanceStatus::Separated);
        assert!((out.distance - 1.25).abs() < 1e-6);

        // Dropped by 3, the ball touches the crate after 1.25 of the way.
        let fall = ShapeCastInput::moving_b(Vec3::new(0.0, 0.0, -3.0));
        let hit = shape_cast(&crate_box, turned, &ball, above, fall);
        assert_eq!(hit.status, CastStatus::Hit);
        assert!((hit.fraction - 1.25 / 3.0).abs() < 1e-6);

        // Sunk 0.25 into the crate's top, it leaves straight up.
        let sunk = Transform3::from_translation(Vec3::new(0.0, 0.0, 0.5));
        let deep = penetration(&crate_box, turned, &ball, sunk);
        assert_eq!(deep.status, PenetrationStatus::Penetrating);
        assert!((deep.depth - 0.25).abs() < 1e-6);
        Ok(())
    }
    // README example ends

    #[test]
    fn readme_example_in_space_runs() -> Result<(), ShapeError> {
        main()
    }
}

/// Indentation of the examples in this file (inside their modules).
const INDENT: &str = "    ";

/// The examples between this file's markers, in order, without the modules' indentation.
fn examples_here() -> Vec<String> {
    let this_file = include_str!("readme.rs");
    let mut examples = Vec::new();
    let mut lines = this_file.lines();
    while lines.any(|line| line.ends_with("// README example begins")) {
        let example: String = lines
            .by_ref()
            .take_while(|line| !line.ends_with("// README example ends"))
            .map(|line| format!("{}\n", line.strip_prefix(INDENT).unwrap_or(line)))
            .collect();
        examples.push(example);
    }
    examples
}

/// The `rust` code blocks of the README at `path` (from the workspace root), in order.
fn examples_in_readme(path: &str) -> Vec<String> {
    let readme_path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(&readme_path).expect("the README exists");
    let mut blocks = Vec::new();
    let mut lines = readme.lines();
    while lines.any(|line| line == "```rust") {
        let block: String = lines
            .by_ref()
            .take_while(|line| *line != "```")
            .map(|line| format!("{line}\n"))
            .collect();
        blocks.push(block);
    }
    blocks
}

#[test]
fn readme_shows_these_examples() {
    let here = examples_here();
    assert_eq!(here.len(), 2, "the example markers are missing");
    assert_eq!(
        examples_in_readme("README.md"),
        here,
        "README.md's examples differ from tests/readme.rs"
    );
}

#[test]
fn crate_readmes_show_only_these_examples() {
    let here = examples_here();
    for readme in [
        "gjk-core/README.md",
        "gjk-shapes/README.md",
        "gjk-simd/README.md",
    ] {
        for block in examples_in_readme(readme) {
            assert!(
                here.contains(&block),
                "{readme} shows an example that tests/readme.rs does not run:\n{block}"
            );
        }
    }
}
