//! The contact normal of two boxes by separating axes: what the manifold uses in place
//! of GJK and EPA when both shapes are boxes (Gottschalk's OBB test, as Bullet's and
//! ODE's box-box colliders run it, here only to find the normal: the clipping that
//! follows is the one every 3D pair shares).
//!
//! ```text
//! B in A's frame: centre t, axes c_0, c_1, c_2 (columns of the rotation R)
//! separation along a unit axis u = |t . u| - r_A(u) - r_B(u),
//!     r_A(u) = sum_i a_i |e_i . u|,  r_B(u) = sum_j b_j |c_j . u|   (a, b half extents)
//! axes: A's three face normals e_i, B's three c_j, and the nine e_i x c_j,
//!     each divided by its length; edge pairs nearly parallel skipped
//! best = the axis of largest separation, A's faces first, then B's, then the edge
//!        pairs (an edge pair only by more than the rounding)
//! ```
//!
//! The Minkowski difference of two boxes has no face normals but these fifteen, so
//! for overlapping boxes the largest separation is minus the penetration depth, as
//! EPA would find it. For boxes apart it is a lower bound of their
//! distance, exact when the axis's features face each other: the caller checks that
//! the clipped points reach it, and otherwise asks GJK.
//!
//! No bias favours a face: the normal is the pair's exact axis, as EPA finds it, and
//! the clipping's own bias picks the reference face from it. So a resting box that
//! moves between overlapping (this path) and apart within the speculative distance
//! (GJK's) keeps its reference face and its points' ids. An edge pair wins over the
//! faces only by more than the rounding of its separation.

use crate::{Scalar, Vec3};

/// The normal of two boxes from their separating axes (in A's frame). The points come
/// from the clipping, which finds where the axis's features meet.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxAxis<S> {
    /// Unit, from A towards B.
    pub normal: Vec3<S>,
    /// The separation along `normal` (negative when the boxes overlap).
    pub gap: S,
    /// How far rounding may move a separation measured on these boxes: 64 epsilons
    /// of their largest length (half extents and centre offset).
    pub rounding: S,
}

/// Which axis separates the boxes most.
#[derive(Clone, Copy)]
enum Axis {
    FaceA(usize),
    FaceB(usize),
    Edges(usize, usize),
}

/// The separating axis of box A (half extents `half_a`, at the origin of its frame)
/// and box B (`half_b`, its axes turned to `columns` and its centre at `t` in A's
/// frame). `None` when the numbers
/// cannot be trusted to the rounding the test needs (non-finite, or lengths outside
/// the rescaling window, where products lose their digits): the caller then runs
/// GJK, which rescales.
pub(crate) fn box_axis<S: Scalar>(
    half_a: Vec3<S>,
    half_b: Vec3<S>,
    columns: [Vec3<S>; 3],
    t: Vec3<S>,
) -> Option<BoxAxis<S>> {
    let smallest = min_component(half_a).min(min_component(half_b));
    let largest = half_a.max_abs().max(half_b.max_abs()).max(t.max_abs());
    // Written so that NaN fails (`max_abs` passes over a NaN coordinate).
    let in_window = smallest >= S::RESCALE_BELOW && largest <= S::RESCALE_ABOVE && t.is_finite();
    if !in_window {
        return None;
    }
    let ha = [half_a.x, half_a.y, half_a.z];
    let hb = [half_b.x, half_b.y, half_b.z];
    let tc = [t.x, t.y, t.z];
    // R_ij = e_i . c_j, the coordinates of B's axes in A's frame, and |R_ij|.
    let r: [[S; 3]; 3] =
        core::array::from_fn(|i| core::array::from_fn(|j| component(columns[j], i)));
    let abs_r = r.map(|row| row.map(S::abs));
    let mut best = (Axis::FaceA(0), S::neg_infinity());
    for i in 0..3 {
        let reach_b = abs_r[i][0] * hb[0] + abs_r[i][1] * hb[1] + abs_r[i][2] * hb[2];
        let separation = tc[i].abs() - ha[i] - reach_b;
        if separation > best.1 {
            best = (Axis::FaceA(i), separation);
        }
    }
    for j in 0..3 {
        let reach_a = abs_r[0][j] * ha[0] + abs_r[1][j] * ha[1] + abs_r[2][j] * ha[2];
        let along = tc[0] * r[0][j] + tc[1] * r[1][j] + tc[2] * r[2][j];
        let separation = along.abs() - hb[j] - reach_a;
        if separation > best.1 {
            best = (Axis::FaceB(j), separation);
        }
    }
    // An edge pair's separation divides by the length of its cross product, and so
    // does its rounding: it wins over the faces only by more than that. Pairs
    // within 4 square roots of epsilon of parallel are left out, where the axis's
    // direction would be rounding: the faces beside such edges are within that
    // angle of it, and their separations within that part of the size.
    //
    // For u = e_i x c_j, with (i, i1, i2) and (j, j1, j2) cyclic:
    //   u = R_i1j e_i2 - R_i2j e_i1, so t . u = t_i2 R_i1j - t_i1 R_i2j,
    //   r_A(u) = a_i1 |R_i2j| + a_i2 |R_i1j|, and c_k . u = e_i . (c_j x c_k) gives
    //   r_B(u) = b_j1 |R_ij2| + b_j2 |R_ij1|; |u|^2 = R_i1j^2 + R_i2j^2.
    let rounding = S::from_f64(64.0) * S::EPS * largest;
    let face_best = best.1;
    let parallel = S::from_f64(16.0) * S::EPS;
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let length_squared = r[i1][j] * r[i1][j] + r[i2][j] * r[i2][j];
            // Written so that NaN skips the pair.
            let skew = length_squared > parallel;
            if !skew {
                continue;
            }
            let along = tc[i2] * r[i1][j] - tc[i1] * r[i2][j];
            let reach_a = ha[i1] * abs_r[i2][j] + ha[i2] * abs_r[i1][j];
            let reach_b = hb[j1] * abs_r[i][j2] + hb[j2] * abs_r[i][j1];
            let length = length_squared.square_root();
            let separation = (along.abs() - reach_a - reach_b) / length;
            if separation > best.1 && separation > face_best + rounding / length {
                best = (Axis::Edges(i, j), separation);
            }
        }
    }
    let (axis, gap) = best;
    if !gap.is_finite() {
        return None;
    }
    let toward_b = |direction: Vec3<S>| {
        if t.dot(direction) >= S::ZERO {
            direction
        } else {
            -direction
        }
    };
    let normal = match axis {
        Axis::FaceA(i) => toward_b(unit_axis(i)),
        Axis::FaceB(j) => toward_b(columns[j]).normalize()?,
        Axis::Edges(i, j) => toward_b(unit_axis(i).cross(columns[j])).normalize()?,
    };
    Some(BoxAxis {
        normal,
        gap,
        rounding,
    })
}

/// Coordinate `i` of `v` (zero past the third).
#[inline]
fn component<S: Scalar>(v: Vec3<S>, i: usize) -> S {
    match i {
        0 => v.x,
        1 => v.y,
        _ => v.z,
    }
}

/// The smallest coordinate of `v`.
#[inline]
fn min_component<S: Scalar>(v: Vec3<S>) -> S {
    v.x.min(v.y).min(v.z)
}

/// The unit vector along axis `i`.
#[inline]
fn unit_axis<S: Scalar>(i: usize) -> Vec3<S> {
    match i {
        0 => Vec3::X,
        1 => Vec3::Y,
        _ => Vec3::Z,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Quat;

    fn axes(rotation: Quat<f64>) -> [Vec3<f64>; 3] {
        rotation.to_matrix().map(Vec3::from)
    }

    #[test]
    fn stacked_boxes_separate_along_the_lower_ones_top_face() {
        let half = Vec3::new(1.0, 2.0, 0.5);
        let found = box_axis(half, half, axes(Quat::IDENTITY), Vec3::new(0.3, -0.2, 0.99))
            .expect("boxes in the window");
        assert_eq!(found.normal, Vec3::Z);
        assert!((found.gap + 0.01).abs() < 1e-15);
    }

    #[test]
    fn a_turned_box_resting_on_its_own_face_gives_that_face() {
        // A small box under the bottom face of a big box turned 30 degrees about
        // x: the normal is that face's, reversed (from A to B).
        let turn = Quat::from_axis_angle(Vec3::X, core::f64::consts::FRAC_PI_6).unwrap();
        let bottom = turn.rotate(-Vec3::Z);
        let small = Vec3::splat(0.1);
        let big = Vec3::splat(10.0);
        let centre = -bottom * (10.0 + 0.1 - 0.001);
        let found = box_axis(small, big, axes(turn), centre).expect("window");
        assert!(
            (found.normal + bottom).length() < 1e-12,
            "{:?}",
            found.normal
        );
        // B's face is 10.099 from A's centre, and A reaches 0.1 times the sum of
        // the normal's coordinates' magnitudes along it.
        let reach_a = 0.1 * (bottom.x.abs() + bottom.y.abs() + bottom.z.abs());
        assert!(
            (found.gap - (0.099 - reach_a)).abs() < 1e-12,
            "{}",
            found.gap
        );
    }

    #[test]
    fn lengths_outside_the_window_and_nan_leave_it_to_gjk() {
        let unit = Vec3::splat(1.0_f32);
        let tiny = Vec3::splat(1e-20_f32);
        let frame = Quat::IDENTITY.to_matrix().map(Vec3::from);
        assert!(box_axis(tiny, tiny, frame, Vec3::new(0.0, 0.0, 1.5e-20)).is_none());
        assert!(box_axis(unit, unit, frame, Vec3::new(0.0, 0.0, 1e30)).is_none());
        assert!(box_axis(unit, unit, frame, Vec3::new(f32::NAN, 0.0, 1.5)).is_none());
    }
}
