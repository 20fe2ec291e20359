//! The 3D solver against certificates of its reductions, and the cases that broke
//! solvers before it.

use proptest::prelude::*;

use super::*;

fn v(x: f64, y: f64, z: f64) -> Vec3<f64> {
    Vec3::new(x, y, z)
}

fn simplex_of(points: &[Vec3<f64>]) -> [Vec3<f64>; 4] {
    let mut all = [Vec3::ZERO; 4];
    all[..points.len()].copy_from_slice(points);
    all
}

/// Certifies a reduction of `points[..count]` without re-deriving it: the kept
/// weights are a convex combination whose point is `closest`, and `closest` is the
/// minimum-norm point of the hull, which holds exactly when `closest . (p -
/// closest) >= 0` for every point `p` (the hull lies beyond the plane through
/// `closest` normal to it). `tolerance` is relative to the squared size.
fn certify(points: &[Vec3<f64>], reduction: &Reduction3<f64>, tolerance: f64) {
    let size = points.iter().fold(0.0_f64, |m, p| m.max(p.length()));
    let count = reduction.count;
    let weights = &reduction.weights[..count];
    assert!(weights.iter().all(|&w| w >= -tolerance), "{reduction:?}");
    let sum: f64 = weights.iter().sum();
    assert!((sum - 1.0).abs() <= tolerance, "{reduction:?}");
    let mut combined = Vec3::ZERO;
    for (&index, &weight) in reduction.kept[..count].iter().zip(weights) {
        combined += points[usize::from(index)] * weight;
    }
    let mismatch = (combined - reduction.closest).length();
    assert!(mismatch <= tolerance * size, "{mismatch} {reduction:?}");
    let x = reduction.closest;
    for p in points {
        let gap = x.dot(*p - x);
        assert!(gap >= -tolerance * size * size, "{gap} {p:?} {reduction:?}");
    }
}

#[test]
fn one_point_is_itself() {
    let points = simplex_of(&[v(1.0, 2.0, 3.0)]);
    let reduction = reduce(&points, 1);
    assert_eq!(reduction.count, 1);
    assert_eq!(reduction.closest, v(1.0, 2.0, 3.0));
}

#[test]
fn segment_regions() {
    let points = simplex_of(&[v(-1.0, 2.0, 0.0), v(3.0, 2.0, 0.0)]);
    let interior = reduce(&points, 2);
    assert_eq!(interior.count, 2);
    assert_eq!(interior.closest, v(0.0, 2.0, 0.0));
    assert_eq!(interior.weights[..2], [0.75, 0.25]);
    let behind = reduce(&simplex_of(&[v(1.0, 1.0, 1.0), v(3.0, 1.0, 1.0)]), 2);
    assert_eq!((behind.count, behind.kept[0]), (1, 0));
    let beyond = reduce(&simplex_of(&[v(3.0, 1.0, 1.0), v(1.0, 1.0, 1.0)]), 2);
    assert_eq!((beyond.count, beyond.kept[0]), (1, 1));
    let point = reduce(&simplex_of(&[v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0)]), 2);
    assert_eq!(point.count, 1);
}

#[test]
fn triangle_face_edge_and_vertex_regions() {
    // The plane z = 2 over the origin: the face.
    let face = simplex_of(&[v(-1.0, -1.0, 2.0), v(2.0, -1.0, 2.0), v(-1.0, 2.0, 2.0)]);
    let reduction = reduce(&face, 3);
    assert_eq!(reduction.count, 3);
    assert_eq!(reduction.closest, v(0.0, 0.0, 2.0));
    certify(&face[..3], &reduction, 1e-15);
    // Shifted so that the foot is beyond the edge from (1, 1) to (-2, 1)... of y = 1.
    let edge = simplex_of(&[v(-1.0, 1.0, 2.0), v(1.0, 1.0, 2.0), v(0.0, 3.0, 2.0)]);
    let reduction = reduce(&edge, 3);
    assert_eq!(
        (reduction.count, reduction.kept[0], reduction.kept[1]),
        (2, 0, 1)
    );
    assert_eq!(reduction.closest, v(0.0, 1.0, 2.0));
    let corner = simplex_of(&[v(3.0, 2.0, 1.0), v(2.0, 3.0, 1.0), v(1.0, 1.0, 1.0)]);
    let reduction = reduce(&corner, 3);
    assert_eq!((reduction.count, reduction.kept[0]), (1, 2));
}

#[test]
fn collinear_triangle_is_its_edges() {
    let points = simplex_of(&[v(-2.0, 1.0, 1.0), v(3.0, 1.0, 1.0), v(1.0, 1.0, 1.0)]);
    let reduction = reduce(&points, 3);
    assert_eq!(reduction.count, 2);
    assert_eq!(reduction.closest, v(0.0, 1.0, 1.0));
    certify(&points[..3], &reduction, 1e-15);
}

#[test]
fn tetrahedron_around_the_origin_is_kept_with_volume_weights() {
    let points = [
        v(-1.0, -1.0, -1.0),
        v(3.0, -1.0, -1.0),
        v(-1.0, 3.0, -1.0),
        v(-1.0, -1.0, 3.0),
    ];
    let reduction = reduce(&points, 4);
    assert_eq!(reduction.count, 4);
    assert_eq!(reduction.closest, Vec3::ZERO);
    certify(&points, &reduction, 1e-15);
    assert_eq!(reduction.weights, [0.25; 4]);
}

#[test]
fn tetrahedron_beside_the_origin_gives_its_nearest_face() {
    let points = [
        v(-1.0, -1.0, 1.0),
        v(3.0, -1.0, 1.0),
        v(-1.0, 3.0, 1.0),
        v(0.0, 0.0, 4.0),
    ];
    let reduction = reduce(&points, 4);
    assert_eq!(reduction.count, 3);
    assert_eq!(reduction.closest, v(0.0, 0.0, 1.0));
    certify(&points, &reduction, 1e-15);
}

/// The near-parallel boxes' case: four points of two faces 1e-4 apart, nearly
/// coplanar. A solver that trusts the sign of a flat tetrahedron's volume can call
/// the origin inside (overlap); this one solves the faces.
#[test]
fn flat_tetrahedron_never_holds_an_origin_off_its_plane() {
    for tilt in [0.0, 1e-9, -1e-9, 1e-7, -1e-7, 1e-5] {
        let points = [
            v(-1.0, -1.0, 1e-4),
            v(1.0, -1.0, 1e-4 + tilt),
            v(1.0, 1.0, 1e-4),
            v(-1.0, 1.0, 1e-4 - tilt),
        ];
        let reduction = reduce(&points, 4);
        assert!(reduction.count < 4, "{tilt}: {reduction:?}");
        assert!(
            (reduction.closest.length() - 1e-4).abs() < 2e-5,
            "{tilt}: {reduction:?}"
        );
        certify(&points, &reduction, 1e-12);
        let points_f32 = points.map(|p| p.cast::<f32>());
        let reduction_f32 = reduce(&points_f32, 4);
        assert!(reduction_f32.count < 4, "{tilt}: {reduction_f32:?}");
    }
}

/// `p` turned by `angle` about the unit `axis` (Rodrigues' formula).
fn rodrigues(p: Vec3<f64>, axis: Vec3<f64>, angle: f64) -> Vec3<f64> {
    let (sin, cos) = angle.sin_cos();
    p * cos + axis.cross(p) * sin + axis * (axis.dot(p) * (1.0 - cos))
}

fn point_in(range: f64) -> impl Strategy<Value = Vec3<f64>> {
    (-range..range, -range..range, -range..range).prop_map(|(x, y, z)| v(x, y, z))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Every reduction of random simplices is certified optimal.
    #[test]
    fn random_simplices_reduce_to_their_closest_point(
        points in prop::array::uniform4(point_in(10.0)),
        count in 1..=4_usize,
    ) {
        let reduction = reduce(&points, count);
        certify(&points[..count], &reduction, 1e-9);
    }

    /// The loop's case: a random simplex reduced to its closest point `v`, and a
    /// new point `w` with `w . v < v . v` pushed onto what was kept. Testing only
    /// the regions through `w` still finds the closest point of the whole.
    #[test]
    fn regions_through_a_pushed_point_that_makes_progress_suffice(
        points in prop::array::uniform3(point_in(10.0)),
        count in 1..=3_usize,
        pushed in point_in(10.0),
        depth in -3.0..0.999_f64,
    ) {
        pushed_point_regions_suffice(points, count, pushed, depth)?;
    }

    /// As above, on triangles whose closest point is inside (so that the pushed
    /// point makes a tetrahedron), with the origin near them: each face through the
    /// new point is solved whole, since its own nearest point may be on the old
    /// triangle's edge while the tetrahedron's is elsewhere.
    #[test]
    fn tetrahedra_from_a_pushed_point_reduce_to_their_closest_point(
        corners in prop::array::uniform3(point_in(1.0)),
        lift in 0.01..2.0_f64,
        pushed in point_in(3.0),
        depth in -3.0..0.999_f64,
    ) {
        let points = corners.map(|p| p + v(0.0, 0.0, lift));
        pushed_point_regions_suffice(points, 3, pushed, depth)?;
    }
}

fn pushed_point_regions_suffice(
    points: [Vec3<f64>; 3],
    count: usize,
    pushed: Vec3<f64>,
    depth: f64,
) -> Result<(), TestCaseError> {
    {
        let simplex = simplex_of(&points[..count]);
        let old = reduce(&simplex, count);
        let v = old.closest;
        // `pushed` moved along `v` so that `w . v = depth |v|^2`, `depth < 1`.
        let length_squared = v.dot(v);
        prop_assume!(length_squared > 1e-12);
        let pushed = pushed + v * ((depth * length_squared - pushed.dot(v)) / length_squared);
        let mut kept = [Vec3::ZERO; 4];
        for (slot, &index) in kept.iter_mut().zip(&old.kept[..old.count]) {
            *slot = simplex[usize::from(index)];
        }
        kept[old.count] = pushed;
        let after = reduce_after_push(&kept, old.count + 1);
        certify(&kept[..=old.count], &after, 1e-9);
        prop_assert!(
            after.kept[..after.count].contains(&(old.count as u8)),
            "{after:?}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Thin triangles in `f32`: the distance within a few epsilons of the size of
    /// the `f64` answer on the same (rounded) points. Flat, obtuse slivers (height
    /// 1e-3 to 1e-6 of their length) with the origin over a point inside them, near
    /// or far: the face's plane is known only to `eps / sin(angle)` there.
    #[test]
    fn f32_slivers_keep_their_distance(
        length in 0.1..100.0_f64,
        height_ratio_exponent in -6.0..-3.0_f64,
        apex_at in 0.05..0.95_f64,
        foot_weights in (0.01..1.0_f64, 0.01..1.0_f64, 0.01..1.0_f64),
        gap_ratio in 1e-4..1.0_f64,
        spin in (-3.0..3.0_f64, -3.0..3.0_f64, -3.0..3.0_f64),
    ) {
        let height = length * 10.0_f64.powf(height_ratio_exponent);
        let local = [
            v(-length / 2.0, 0.0, 0.0),
            v(length / 2.0, 0.0, 0.0),
            v(length * (apex_at - 0.5), height, 0.0),
        ];
        let (w0, w1, w2) = foot_weights;
        let foot = (local[0] * w0 + local[1] * w1 + local[2] * w2) / (w0 + w1 + w2);
        let axis = v(spin.0, spin.1, spin.2 + 0.1).normalize().unwrap();
        let rotate = |p: Vec3<f64>| rodrigues(p, axis, spin.0 + spin.1);
        let shift = foot + v(0.0, 0.0, -gap_ratio * length);
        let placed = local.map(|p| rotate(p - shift));
        let points_f32 = simplex_of(&placed).map(|p| p.cast::<f32>());
        let points_f64 = points_f32.map(|p| p.cast::<f64>());
        let exact = reduce(&points_f64, 3).closest.length();
        let rounded = f64::from(reduce(&points_f32, 3).closest.length());
        let size = points_f64.iter().fold(0.0_f64, |m, p| m.max(p.length()));
        // 8 eps of the size: the points' own rounding (half an eps each, in the
        // edges and the cross product) over a handful of operations.
        prop_assert!((exact - rounded).abs() <= 8.0 * f64::from(f32::EPSILON) * size,
            "{exact} {rounded} size {size}");
    }
}
