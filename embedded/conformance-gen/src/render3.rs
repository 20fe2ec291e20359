//! The 3D table as Rust source: `embedded/conformance/src/cases3.rs`, written as the
//! plane's table is (exact float literals, records as hexadecimal words).

use gjk_conformance::{Case, Placed3, Pose3, Query3, ShapeSpec3};

use super::render::{TableNames, f32_literal, table_file};

/// The whole file of the 3D table.
pub fn file(cases: &[Case<Query3>], command: &str) -> String {
    table_file(
        cases,
        command,
        TableNames {
            doc_title: "The 3D conformance table",
            catalogue: "catalogue3.rs",
            imports: "Case, Placed3, Pose3, Query3, Reference, ShapeSpec3",
            declaration: "CASES3: &[Case<Query3>]",
        },
        query,
    )
}

fn query(query: &Query3) -> String {
    match query {
        Query3::Distance { a, b } => {
            format!("Query3::Distance {{ a: {}, b: {} }}", placed(a), placed(b))
        }
        Query3::DistanceCached { a, b, b_next } => format!(
            "Query3::DistanceCached {{ a: {}, b: {}, b_next: {} }}",
            placed(a),
            placed(b),
            pose(b_next)
        ),
        Query3::Intersects { a, b } => {
            format!(
                "Query3::Intersects {{ a: {}, b: {} }}",
                placed(a),
                placed(b)
            )
        }
    }
}

fn placed(placed: &Placed3) -> String {
    format!(
        "Placed3 {{ shape: {}, pose: {} }}",
        shape(&placed.shape),
        pose(&placed.pose)
    )
}

fn pose(pose: &Pose3) -> String {
    format!(
        "Pose3 {{ position: {}, axis: {}, angle: {} }}",
        point(pose.position),
        point(pose.axis),
        f32_literal(pose.angle)
    )
}

fn shape(spec: &ShapeSpec3) -> String {
    let f = |value: f32| f32_literal(value);
    let p = |value: [f32; 3]| point(value);
    match *spec {
        ShapeSpec3::Point(position) => format!("ShapeSpec3::Point({})", p(position)),
        ShapeSpec3::Sphere { center, radius } => format!(
            "ShapeSpec3::Sphere {{ center: {}, radius: {} }}",
            p(center),
            f(radius)
        ),
        ShapeSpec3::Segment { a, b } => {
            format!("ShapeSpec3::Segment {{ a: {}, b: {} }}", p(a), p(b))
        }
        ShapeSpec3::Capsule { a, b, radius } => format!(
            "ShapeSpec3::Capsule {{ a: {}, b: {}, radius: {} }}",
            p(a),
            p(b),
            f(radius)
        ),
        ShapeSpec3::Cuboid { half_extents } => {
            format!("ShapeSpec3::Cuboid {{ half_extents: {} }}", p(half_extents))
        }
        ShapeSpec3::Triangle { corners } => {
            format!("ShapeSpec3::Triangle {{ corners: {} }}", points(&corners))
        }
        ShapeSpec3::Points { points: list } => {
            format!("ShapeSpec3::Points {{ points: &{} }}", points(list))
        }
        ShapeSpec3::Cylinder {
            half_height,
            radius,
        } => format!(
            "ShapeSpec3::Cylinder {{ half_height: {}, radius: {} }}",
            f(half_height),
            f(radius)
        ),
        ShapeSpec3::Cone {
            half_height,
            radius,
        } => format!(
            "ShapeSpec3::Cone {{ half_height: {}, radius: {} }}",
            f(half_height),
            f(radius)
        ),
        ShapeSpec3::Ellipsoid { semi_axes } => {
            format!("ShapeSpec3::Ellipsoid {{ semi_axes: {} }}", p(semi_axes))
        }
        ShapeSpec3::RoundedCuboid {
            half_extents,
            rounding,
        } => format!(
            "ShapeSpec3::RoundedCuboid {{ half_extents: {}, rounding: {} }}",
            p(half_extents),
            f(rounding)
        ),
        ShapeSpec3::TransformedCylinder {
            half_height,
            radius,
            pose: inner,
        } => format!(
            "ShapeSpec3::TransformedCylinder {{ half_height: {}, radius: {}, pose: {} }}",
            f(half_height),
            f(radius),
            pose(&inner)
        ),
        ShapeSpec3::SweptCuboid {
            half_extents,
            sweep,
        } => format!(
            "ShapeSpec3::SweptCuboid {{ half_extents: {}, sweep: {} }}",
            p(half_extents),
            p(sweep)
        ),
        ShapeSpec3::SphereHull {
            first,
            second,
            radius,
        } => format!(
            "ShapeSpec3::SphereHull {{ first: {}, second: {}, radius: {} }}",
            p(first),
            p(second),
            f(radius)
        ),
    }
}

fn points(list: &[[f32; 3]]) -> String {
    let items: Vec<String> = list.iter().map(|&value| point(value)).collect();
    format!("[{}]", items.join(", "))
}

fn point([x, y, z]: [f32; 3]) -> String {
    format!(
        "[{}, {}, {}]",
        f32_literal(x),
        f32_literal(y),
        f32_literal(z)
    )
}
