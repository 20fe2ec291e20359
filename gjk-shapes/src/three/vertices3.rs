//! Helpers shared by the 3D polytopes: support as the arg-max over a point list,
//! bounding boxes of point sets and the size check.

use gjk_core::{Aabb3, Scalar, Vec3};

use crate::ShapeError;
use crate::points::bounds_of_points;

/// The index of the point farthest along `direction` among the first `count` points
/// stored by coordinate (`columns` are their x, y and z), by
/// the rules of [`support_of_points`]: the first of tied points, point 0 for NaN
/// directions and for directions whose dot products all overflow.
///
/// The plain scan is one chain of dependent steps: each point's comparison waits for
/// the previous point's maximum. Here four maxima run side by side, point `i` going to
/// lane `i % 4`, and the lanes are merged at the end. Stored by coordinate, four
/// points' dot products are three multiplications and two additions of four numbers
/// each, which the compiler turns into vector instructions; the indices are carried
/// as scalars too (exact: far below `2^24`), so that keeping a lane's best is one
/// vector select. Each lane keeps its first maximum (strict comparison); the merge
/// takes the largest of the four and, on ties, the smallest index: the first maximum
/// of the whole list, as the plain scan finds.
///
/// On pairs of 32-point hulls (callgrind, the 3D peer workload) the supports take 16 %
/// of the instructions with this scan, against 58 % with the plain scan over points
/// stored as `Vec3`, and the query a tenth less time: the solver is most of it. Four lanes over `Vec3`s, without the columns, vectorized two points
/// wide and were 5 % slower on those pairs.
#[cfg(not(target_os = "none"))]
#[inline]
pub(crate) fn farthest_of_columns<S: Scalar, const N: usize>(
    columns: &[[S; N]; 3],
    count: usize,
    direction: Vec3<S>,
) -> usize {
    const LANES: usize = 4;
    let count = count.min(N);
    let [xs, ys, zs] = columns
        .each_ref()
        .map(|column| column.get(..count).unwrap_or(&[]));
    let mut best_dot = [S::neg_infinity(); LANES];
    let mut best_index = [S::ZERO; LANES];
    // 0, 1, 2, 3 and the step 4, by additions: exact, and no conversion routine.
    let mut lane_offsets = [S::ZERO; LANES];
    let mut step = S::ZERO;
    for offset in &mut lane_offsets {
        *offset = step;
        step = step + S::ONE;
    }
    let mut chunk_first = S::ZERO;
    for chunk in 0..count / LANES {
        let first = chunk * LANES;
        let whole = first..first + LANES;
        // As arrays, so that no index is checked. (Not `chunks_exact`: at opt-level
        // "z" its length computation stayed a call with a division-by-zero panic.)
        let (Some(x), Some(y), Some(z)) = (
            xs.get(whole.clone())
                .and_then(|x| <&[S; LANES]>::try_from(x).ok()),
            ys.get(whole.clone())
                .and_then(|y| <&[S; LANES]>::try_from(y).ok()),
            zs.get(whole).and_then(|z| <&[S; LANES]>::try_from(z).ok()),
        ) else {
            break;
        };
        for lane in 0..LANES {
            // `Vec3::dot`'s order of operations, for the same bits.
            let dot = x[lane] * direction.x + y[lane] * direction.y + z[lane] * direction.z;
            let better = dot > best_dot[lane];
            best_dot[lane] = if better { dot } else { best_dot[lane] };
            best_index[lane] = if better {
                chunk_first + lane_offsets[lane]
            } else {
                best_index[lane]
            };
        }
        chunk_first = chunk_first + step;
    }
    let mut dot = best_dot[0];
    let mut index = best_index[0];
    for lane in 1..LANES {
        let better = best_dot[lane] > dot || (best_dot[lane] == dot && best_index[lane] < index);
        if better {
            dot = best_dot[lane];
            index = best_index[lane];
        }
    }
    // A whole number below the count: the conversion is exact. (In `S`: through
    // `f64`, a Cortex-M4F linked the double-precision routines.)
    let mut index = index.to_usize().unwrap_or(0);
    // The last `count % 4` points, after the merge (as a fifth lane there, the loop
    // above was vectorized two points wide instead of four): their indices are above
    // every lane's, so they win only by being strictly farther.
    for rest in count - count % LANES..count {
        let (Some(&x), Some(&y), Some(&z)) = (xs.get(rest), ys.get(rest), zs.get(rest)) else {
            break;
        };
        let rest_dot = x * direction.x + y * direction.y + z * direction.z;
        if rest_dot > dot {
            dot = rest_dot;
            index = rest;
        }
    }
    index
}

/// [`farthest_of_columns`] on bare-metal targets: the plain scan, which finds the
/// same point. They have no vector unit for four lanes to fill, and the lanes cost 750
/// bytes of code on the Cortex-M4F. (The conformance tables, whose hashes agree
/// between the host and the boards, cover both.)
#[cfg(target_os = "none")]
#[inline]
pub(crate) fn farthest_of_columns<S: Scalar, const N: usize>(
    columns: &[[S; N]; 3],
    count: usize,
    direction: Vec3<S>,
) -> usize {
    let [xs, ys, zs] = columns;
    let mut best_index = 0;
    let mut best_dot = S::neg_infinity();
    // Indices below `min(count, N)` need no check.
    for index in 0..count.min(N) {
        let dot = xs[index] * direction.x + ys[index] * direction.y + zs[index] * direction.z;
        if dot > best_dot {
            best_dot = dot;
            best_index = index;
        }
    }
    best_index
}

/// The box grown by `radius` on every side.
#[inline]
pub(crate) fn inflate<S: Scalar>(bounds: Aabb3<S>, radius: S) -> Aabb3<S> {
    let grow = Vec3::splat(radius);
    Aabb3::new(bounds.min - grow, bounds.max + grow)
}

/// The points' size: the longest side of their bounding box, as `convexity::size_of`
/// measures a polygon. [`ShapeError::NonFinite`] for a NaN or infinite coordinate, or
/// finite points so far apart that a side overflows (the support and simplex
/// arithmetic on them would overflow too).
pub(crate) fn size_of<S: Scalar>(points: &[Vec3<S>]) -> Result<S, ShapeError> {
    if !points.iter().all(|p| p.is_finite()) {
        return Err(ShapeError::NonFinite);
    }
    let bounds = bounds_of_points(points.iter().copied());
    let side = bounds.max - bounds.min;
    let size = side.x.max(side.y).max(side.z);
    if size.is_finite() {
        Ok(size)
    } else {
        Err(ShapeError::NonFinite)
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::FeatureId;

    use super::*;
    use crate::points::support_of_points;
    use crate::two::vertices::vertex_feature;

    const CORNERS: [Vec3<f64>; 4] = [
        Vec3::new(-1.0, -1.0, 0.0),
        Vec3::new(1.0, -1.0, 0.0),
        Vec3::new(1.0, 1.0, 0.0),
        Vec3::new(0.0, 0.0, 2.0),
    ];

    #[test]
    fn support_of_points_first_max_wins_ties() {
        let along_x = support_of_points(&CORNERS, Vec3::X);
        assert_eq!(along_x.point, CORNERS[1]);
        assert_eq!(along_x.feature, FeatureId::vertex(1));
        assert_eq!(
            support_of_points(&CORNERS, Vec3::Z).feature,
            FeatureId::vertex(3)
        );
    }

    #[test]
    fn support_of_points_nan_and_zero_give_point_zero() {
        for direction in [
            Vec3::ZERO,
            Vec3::new(f64::NAN, 1.0, 0.0),
            Vec3::splat(f64::NAN),
        ] {
            let support = support_of_points(&CORNERS, direction);
            assert_eq!(support.point, CORNERS[0]);
            assert_eq!(support.feature, FeatureId::vertex(0));
        }
        assert_eq!(
            support_of_points::<f64, Vec3<f64>>(&[], Vec3::X).point,
            Vec3::ZERO
        );
    }

    #[test]
    fn column_scan_finds_the_plain_scans_point() {
        // Seeded points on a coarse grid (many ties), every length from 0 to 40, and
        // directions with NaN, zero and overflowing components.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            f64::from((state % 9) as u32) - 4.0
        };
        let points: [Vec3<f64>; 40] = core::array::from_fn(|_| Vec3::new(next(), next(), next()));
        let columns = [
            points.map(|p| p.x),
            points.map(|p| p.y),
            points.map(|p| p.z),
        ];
        let random: [Vec3<f64>; 200] = core::array::from_fn(|_| Vec3::new(next(), next(), next()));
        let special = [
            Vec3::ZERO,
            Vec3::new(f64::NAN, 1.0, 0.0),
            Vec3::splat(f64::MAX),
            Vec3::new(f64::INFINITY, -1.0, 0.0),
        ];
        for length in 1..=points.len() {
            for &direction in random.iter().chain(&special) {
                let plain = support_of_points(&points[..length], direction);
                let index = farthest_of_columns(&columns, length, direction);
                assert_eq!(
                    plain.feature,
                    vertex_feature(index),
                    "{length} {direction:?}"
                );
            }
        }
    }

    #[test]
    fn size_is_the_longest_side_and_overflow_is_non_finite() {
        assert_eq!(size_of(&CORNERS), Ok(2.0));
        let far = [
            Vec3::new(-f64::MAX, 0.0, 0.0),
            Vec3::new(f64::MAX, 0.0, 0.0),
        ];
        assert_eq!(size_of(&far), Err(ShapeError::NonFinite));
        assert_eq!(
            size_of(&[Vec3::new(0.0, f64::NAN, 0.0)]),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn bounds_and_inflate() {
        let bounds = bounds_of_points(CORNERS);
        assert_eq!(
            bounds,
            Aabb3::new(Vec3::new(-1.0, -1.0, 0.0), Vec3::new(1.0, 1.0, 2.0))
        );
        assert_eq!(
            inflate(bounds, 0.5),
            Aabb3::new(Vec3::new(-1.5, -1.5, -0.5), Vec3::new(1.5, 1.5, 2.5))
        );
        assert_eq!(bounds_of_points::<f64, Vec3<f64>>([]), Aabb3::default());
    }
}
