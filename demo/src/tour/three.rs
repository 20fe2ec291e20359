//! The tour's pairs in space: the same `distance` and `intersects` calls on shapes of
//! `Support<f32, Vec3<f32>>`, placed by `Transform3`.

use gjk_core::{
    Bounded, DistanceOutput, Quat, Transform3, Vec3, distance, intersects, penetration,
    project_point,
};
use gjk_shapes::{Capsule3, Cone, ConvexPoints, Cuboid, Cylinder, Ellipsoid, ShapeError};

/// Points of the hull in the first pair.
pub const HULL_POINTS: usize = 32;

/// A placed 3D shape of the tour.
pub struct Body {
    /// The shape.
    pub shape: Box<dyn Bounded<f32, Vec3<f32>>>,
    /// The corners of a polytope in its local frame, whose hull edges the picture
    /// draws; empty for a curved shape, drawn by curves of its surface instead.
    pub corners: Vec<Vec3<f32>>,
    /// Where it is.
    pub transform: Transform3<f32>,
}

/// Two placed 3D shapes the tour queries and draws.
pub struct Pair {
    /// A short name, `A vs B`.
    pub title: &'static str,
    /// What the pair shows.
    pub note: &'static str,
    /// Shape A.
    pub a: Body,
    /// Shape B.
    pub b: Body,
}

impl Pair {
    /// The distance query on the pair: the same call as in the plane.
    pub fn distance(&self) -> DistanceOutput<f32, Vec3<f32>> {
        distance(
            &*self.a.shape,
            self.a.transform,
            &*self.b.shape,
            self.b.transform,
        )
    }
}

/// A placement: `position`, turned by `angle` radians about `axis`.
fn placed(position: [f32; 3], axis: [f32; 3], angle: f32) -> Transform3<f32> {
    let rotation = Quat::from_axis_angle(Vec3::from(axis), angle).unwrap_or(Quat::IDENTITY);
    Transform3::new(Vec3::from(position), rotation)
}

/// [`HULL_POINTS`] points spread evenly over an ellipsoid of semi-axes `semi_axes`
/// (a Fibonacci lattice: heights evenly spaced, each point turned from the last by
/// the golden angle), every one a corner of their hull.
pub fn hull_points(semi_axes: Vec3<f32>) -> Vec<Vec3<f32>> {
    let golden_angle = core::f32::consts::PI * (3.0 - 5.0_f32.sqrt());
    (0..HULL_POINTS)
        .map(|index| {
            let z = 1.0 - (2 * index + 1) as f32 / HULL_POINTS as f32;
            let ring = (1.0 - z * z).sqrt();
            let angle = golden_angle * index as f32;
            Vec3::new(
                semi_axes.x * ring * angle.cos(),
                semi_axes.y * ring * angle.sin(),
                semi_axes.z * z,
            )
        })
        .collect()
}

/// The 3D pairs: a polytope pair, a capsule against a cylinder, a cone against an
/// ellipsoid.
pub fn pairs() -> Result<Vec<Pair>, ShapeError> {
    let corners = hull_points(Vec3::new(0.8, 0.65, 0.55));
    let hull = ConvexPoints::<f32, HULL_POINTS>::new(&corners)?;
    let cuboid = Cuboid::new(Vec3::new(0.7, 0.45, 0.35))?;
    Ok(vec![
        Pair {
            title: "cuboid vs 32-point hull",
            note: "two polytopes: GJK stops exactly when a support pair repeats",
            a: Body {
                shape: Box::new(cuboid),
                corners: cuboid.vertices().to_vec(),
                transform: placed([0.0, 0.0, 0.0], [1.0, 1.0, 0.0], 0.5),
            },
            b: Body {
                shape: Box::new(hull),
                corners,
                transform: placed([-0.5, 1.8, 1.2], [0.0, 0.0, 1.0], 0.4),
            },
        },
        Pair {
            title: "capsule vs cylinder",
            note: "a segment core with a radius against a curved shape with rims",
            a: Body {
                shape: Box::new(Capsule3::new(
                    Vec3::new(0.0, 0.0, -0.6),
                    Vec3::new(0.0, 0.0, 0.6),
                    0.3,
                )?),
                corners: Vec::new(),
                transform: placed([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], 0.5),
            },
            b: Body {
                shape: Box::new(Cylinder::new(0.5, 0.55)?),
                corners: Vec::new(),
                transform: placed([-0.3, 1.8, 0.4], [0.0, 1.0, 0.3], 0.6),
            },
        },
        Pair {
            title: "cone vs ellipsoid",
            note: "an apex against a smooth surface: curved pairs converge linearly",
            a: Body {
                shape: Box::new(Cone::new(0.7, 0.5)?),
                corners: Vec::new(),
                transform: placed([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], -0.9),
            },
            b: Body {
                shape: Box::new(Ellipsoid::new(Vec3::new(0.9, 0.55, 0.4))?),
                corners: Vec::new(),
                transform: placed([-0.3, 2.1, -0.2], [1.0, 0.0, 1.0], 0.7),
            },
        },
    ])
}

/// Prints one 3D pair's distance output and overlap test, as the plane pairs are.
pub fn print_pair(number: usize, pair: &Pair, output: &DistanceOutput<f32, Vec3<f32>>) {
    let overlap = match intersects(
        &*pair.a.shape,
        pair.a.transform,
        &*pair.b.shape,
        pair.b.transform,
    ) {
        Ok(overlapping) => overlapping.to_string(),
        Err(error) => format!("error: {error}"),
    };
    println!();
    println!("[{number}] {}: {}", pair.title, pair.note);
    println!("    status      {:?}", output.status);
    println!("    distance    {:.6}", output.distance);
    println!("    witness A   {}", point(output.witness_a));
    println!("    witness B   {}", point(output.witness_b));
    println!("    normal      {}", point(output.normal));
    println!("    iterations  {}", output.iterations);
    println!("    intersects  {overlap}");
}

/// How far [`print_overlaps`] pushes each pair past touching.
pub const PUSH: f32 = 0.2;

/// Each pair with B moved against its distance normal until the shapes overlap by
/// [`PUSH`] along it, and `penetration` on it: the depth (at least the push, as B's
/// shortest way out may be another), the normal, the deepest points.
pub fn print_overlaps(pairs: &[Pair], outputs: &[DistanceOutput<f32, Vec3<f32>>]) {
    for (number, (pair, apart)) in pairs.iter().zip(outputs).enumerate() {
        let moved = Transform3::new(
            pair.b.transform.translation - apart.normal * (apart.distance + PUSH),
            pair.b.transform.rotation,
        );
        let out = penetration(&*pair.a.shape, pair.a.transform, &*pair.b.shape, moved);
        println!();
        println!(
            "[{}] {}, B pushed {PUSH} past touching",
            number + 1,
            pair.title
        );
        println!("    status      {:?}", out.status);
        println!("    depth       {:.6}", out.depth);
        println!("    normal      {}", point(out.normal));
        println!("    witness A   {}", point(out.witness_a));
        println!("    witness B   {}", point(out.witness_b));
        println!("    iterations  {}", out.iterations);
    }
}

/// `project_point` from inside and outside the last pair's ellipsoid: the generic
/// query (GJK outside, EPA inside) and the ellipsoid's closed form.
pub fn print_projections() -> Result<(), ShapeError> {
    let egg = gjk_shapes::Ellipsoid::new(Vec3::new(0.9_f32, 0.55, 0.4))?;
    let xf = placed([0.0, 0.0, 0.0], [1.0, 0.0, 1.0], 0.7);
    for local in [Vec3::new(0.2, 0.1, 0.0), Vec3::new(1.5, 0.0, 0.5)] {
        let query = xf.transform_point(local);
        let generic = project_point(&egg, xf, query);
        let closed = egg.project_point(xf, query);
        println!();
        println!("    point       {}", point(query));
        println!(
            "    generic     {:?}, signed distance {:.6}, {} support calls",
            generic.status, generic.signed_distance, generic.iterations
        );
        println!(
            "    closed form {:?}, signed distance {:.6}",
            closed.status, closed.signed_distance
        );
        println!("    surface     {}", point(closed.surface_point));
    }
    Ok(())
}

/// A vector as `(x, y, z)` with aligned columns.
fn point(v: Vec3<f32>) -> String {
    format!("({:>9.5}, {:>9.5}, {:>9.5})", v.x, v.y, v.z)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_core::DistanceStatus;

    #[test]
    fn every_pair_is_apart_and_its_witness_points_are_the_distance_apart() {
        for pair in pairs().expect("the demo shapes are valid") {
            let output = pair.distance();
            assert_eq!(output.status, DistanceStatus::Separated, "{}", pair.title);
            let gap = output.witness_a.distance(output.witness_b);
            assert!(
                (gap - output.distance).abs() < 1e-5,
                "{}: witness points {gap} apart, distance {}",
                pair.title,
                output.distance
            );
            let overlapping = intersects(
                &*pair.a.shape,
                pair.a.transform,
                &*pair.b.shape,
                pair.b.transform,
            );
            assert_eq!(overlapping, Ok(false), "{}", pair.title);
        }
    }

    #[test]
    fn hull_points_lie_on_their_ellipsoid() {
        let semi_axes = Vec3::new(0.8_f32, 0.65, 0.55);
        let points = hull_points(semi_axes);
        assert_eq!(points.len(), HULL_POINTS);
        for p in points {
            let scaled = Vec3::new(p.x / semi_axes.x, p.y / semi_axes.y, p.z / semi_axes.z);
            assert!((scaled.length() - 1.0).abs() < 1e-6, "{p:?}");
        }
    }
}
