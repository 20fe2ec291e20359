//! [`ShapeBlock`]: a block of shapes packed into lanes once, for ray casts; and
//! [`ray_cast_batch`], its convenience form over slices.

use gjk_core::{CastOutput, Ray, Transform};

use crate::block::PackedCores;
use crate::gjk::lanes_below;
use crate::lanes::{LaneFloat, LaneScalar};
use crate::ray::ray_cast_lanes;
use crate::shape::{LaneShape, PackError};

/// A block of shapes ([`ShapeBlock::CAPACITY`]: one register of lanes) packed once,
/// to be hit by rays many times (one ray per shape and call) with
/// [`ShapeBlock::ray_cast`].
///
/// ```
/// use gjk_core::{CastStatus, Ray, Transform, Vec2, ray_cast};
/// use gjk_shapes::{Capsule, Polygon};
/// use gjk_simd::ShapeBlock;
///
/// let square = Polygon::<f32, 8>::regular(4, 1.0).unwrap();
/// let block = ShapeBlock::new(&[square; 3])?;
/// let at = [0.0_f32, 3.0, 6.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
/// let ray = Ray::new(Vec2::new(-2.0, 0.0), Vec2::new(4.0, 0.0));
/// let mut out = [ray_cast(&square, at[0], ray); 3];
/// block.ray_cast(&at, &[ray; 3], &mut out)?;
/// assert_eq!(out[0].status, CastStatus::Hit);
/// assert_eq!(out[0].fraction, 0.25);
/// assert_eq!(out[2].status, CastStatus::Miss);
/// for (output, xf) in out.iter().zip(at) {
///     assert_eq!(*output, ray_cast(&square, xf, ray));
/// }
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeBlock<S: LaneScalar = f32> {
    cores: PackedCores<S::Lanes>,
    len: usize,
}

impl<S: LaneScalar> ShapeBlock<S> {
    /// The most shapes a block holds: its lane count ([`LaneScalar`]).
    pub const CAPACITY: usize = <S::Lanes as LaneFloat>::COUNT;

    /// Packs up to [`CAPACITY`](Self::CAPACITY) shapes (more is a
    /// [`PackError::LengthMismatch`]).
    pub fn new<T: LaneShape<S>>(shapes: &[T]) -> Result<Self, PackError> {
        if shapes.len() > Self::CAPACITY {
            return Err(PackError::LengthMismatch);
        }
        Ok(Self {
            cores: PackedCores::pack(shapes.iter())?,
            len: shapes.len(),
        })
    }

    /// How many shapes the block holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the block holds no shape.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `gjk_core::ray_cast` of `rays[i]` against shape `i` placed by `placements[i]`,
    /// all lanes in lock-step, written to `out[i]`. `placements`, `rays` and `out`
    /// must hold one entry per shape.
    ///
    /// Each output equals, bit for bit, what `gjk_core::ray_cast` returns for the same
    /// shape, placement and ray: status (`InvalidInput` for an invalid transform,
    /// radius, `max_fraction` or reach), fraction, point, normal and iteration count.
    /// That is the exact GJK ray cast of the shape's support function; for polygons it
    /// agrees with the analytic `Polygon::ray_cast` within rounding.
    pub fn ray_cast(
        &self,
        placements: &[Transform<S>],
        rays: &[Ray<S>],
        out: &mut [CastOutput<S>],
    ) -> Result<(), PackError> {
        if [placements.len(), rays.len(), out.len()] != [self.len; 3] {
            return Err(PackError::LengthMismatch);
        }
        ray_cast_lanes(&self.cores, placements, rays, lanes_below(self.len), out);
        Ok(())
    }
}

/// `gjk_core::ray_cast` of every ray `rays[i]` against `shapes[i]` placed by
/// `placements[i]`, a block of lanes at a time, into `out[i]`: the convenience form
/// of [`ShapeBlock`] for shapes that change every call. Any length works; each output
/// equals the scalar one bit for bit (see [`ShapeBlock::ray_cast`]).
///
/// ```
/// use gjk_core::{CastStatus, Ray, Transform, Vec2, ray_cast};
/// use gjk_shapes::Circle;
/// use gjk_simd::ray_cast_batch;
///
/// let ball = Circle::new(Vec2::ZERO, 0.5_f32).unwrap();
/// let at: Vec<Transform<f32>> =
///     (0..11).map(|i| Transform::from_translation(Vec2::new(2.0, 0.1 * i as f32))).collect();
/// let ray = Ray::new(Vec2::ZERO, Vec2::new(4.0, 0.0));
/// let mut out = vec![ray_cast(&ball, at[0], ray); 11];
/// ray_cast_batch(&[ball; 11], &at, &[ray; 11], &mut out)?;
/// for i in 0..11 {
///     assert_eq!(out[i], ray_cast(&ball, at[i], ray));
/// }
/// assert_eq!(out[0].status, CastStatus::Hit);
/// assert_eq!(out[10].status, CastStatus::Miss);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn ray_cast_batch<S: LaneScalar, T: LaneShape<S>>(
    shapes: &[T],
    placements: &[Transform<S>],
    rays: &[Ray<S>],
    out: &mut [CastOutput<S>],
) -> Result<(), PackError> {
    if [shapes.len(), placements.len(), rays.len()] != [out.len(); 3] {
        return Err(PackError::LengthMismatch);
    }
    let width = ShapeBlock::<S>::CAPACITY;
    let chunks = shapes
        .chunks(width)
        .zip(placements.chunks(width).zip(rays.chunks(width)))
        .zip(out.chunks_mut(width));
    for ((shapes, (placements, rays)), out) in chunks {
        let block = ShapeBlock::<S> {
            cores: PackedCores::pack(shapes.iter())?,
            len: out.len(),
        };
        block.ray_cast(placements, rays, out)?;
    }
    Ok(())
}
