//! [`ShapeBlock`]: a block of shapes packed into lanes once, for ray casts; and
//! [`ray_cast_batch`], its convenience form over slices.

use crate::block::set_lanes;
use gjk_core::{CastOutput, Ray, Transform, ray_cast};

use crate::dispatch::{Kernel, LaneScalar, Simd, SimdPath, run};
use crate::gjk::lanes_below;
use crate::lanes::LaneFloat;
use crate::ray::ray_cast_lanes;
use crate::rows::{BLOCK, CoreRows};
use crate::shape::{LaneShape, PackError};

/// A block of up to [`BLOCK`] shapes (16, whatever the build and the processor)
/// packed once,
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
    cores: CoreRows<S>,
    len: usize,
}

impl<S: LaneScalar> ShapeBlock<S> {
    /// The most shapes a block holds: [`BLOCK`], in every build and on every
    /// processor.
    ///
    /// ```
    /// assert_eq!(gjk_simd::ShapeBlock::<f32>::CAPACITY, 16);
    /// ```
    pub const CAPACITY: usize = BLOCK;

    /// Packs up to [`CAPACITY`](Self::CAPACITY) shapes (more is a
    /// [`PackError::LengthMismatch`]).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Circle;
    /// use gjk_simd::{PackError, ShapeBlock};
    /// let ball = Circle::new(Vec2::ZERO, 1.0_f64).unwrap();
    /// assert_eq!(ShapeBlock::new(&[ball; 16]).map(|block| block.len()), Ok(16));
    /// assert_eq!(ShapeBlock::new(&[ball; 17]), Err(PackError::LengthMismatch));
    /// ```
    pub fn new<T: LaneShape<S>>(shapes: &[T]) -> Result<Self, PackError> {
        if shapes.len() > Self::CAPACITY {
            return Err(PackError::LengthMismatch);
        }
        Ok(Self {
            cores: CoreRows::pack(shapes.iter())?,
            len: shapes.len(),
        })
    }

    /// How many shapes the block holds.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Point;
    /// let dot = Point::new(Vec2::<f32>::ZERO).unwrap();
    /// assert_eq!(gjk_simd::ShapeBlock::new(&[dot; 3]).unwrap().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the block holds no shape.
    ///
    /// ```
    /// use gjk_shapes::Point;
    /// let none: [Point<f32>; 0] = [];
    /// assert!(gjk_simd::ShapeBlock::new(&none).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `gjk_core::ray_cast` of `rays[i]` against shape `i` placed by `placements[i]`,
    /// all lanes in lock-step on the fastest lanes of this processor, written to
    /// `out[i]`. `placements`, `rays` and `out` must hold one entry per shape.
    ///
    /// Each output equals, bit for bit, what `gjk_core::ray_cast` returns for the same
    /// shape, placement and ray: status (`InvalidInput` for an invalid transform,
    /// radius, `max_fraction` or reach), fraction, point, normal and iteration count.
    /// That is the exact GJK ray cast of the shape's support function; for polygons it
    /// agrees with the analytic `Polygon::ray_cast` within rounding.
    ///
    /// ```
    /// use gjk_core::{CastOutput, CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// use gjk_simd::ShapeBlock;
    ///
    /// let ball = Circle::new(Vec2::ZERO, 1.0_f64).unwrap();
    /// let block = ShapeBlock::new(&[ball; 2])?;
    /// let at = [2.0, 9.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
    /// let ray = Ray::new(Vec2::ZERO, Vec2::new(5.0, 0.0));
    /// let mut out = [CastOutput::default(); 2];
    /// block.ray_cast(&at, &[ray; 2], &mut out)?;
    /// assert_eq!((out[0].status, out[0].fraction), (CastStatus::Hit, 0.2));
    /// assert_eq!(out[1].status, CastStatus::Miss);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn ray_cast(
        &self,
        placements: &[Transform<S>],
        rays: &[Ray<S>],
        out: &mut [CastOutput<S>],
    ) -> Result<(), PackError> {
        self.ray_cast_on(Simd::detect(), placements, rays, out)
    }

    /// [`ShapeBlock::ray_cast`] on the lanes of `simd`, to compare paths.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2, ray_cast};
    /// use gjk_shapes::Circle;
    /// use gjk_simd::{ShapeBlock, Simd};
    ///
    /// let ball = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    /// let block = ShapeBlock::new(&[ball; 2])?;
    /// let at = [Transform::from_translation(Vec2::new(3.0, 0.0)); 2];
    /// let ray = Ray::new(Vec2::ZERO, Vec2::new(4.0, 0.0));
    /// let mut out = [ray_cast(&ball, at[0], ray); 2];
    /// block.ray_cast_on(Simd::scalar(), &at, &[ray; 2], &mut out)?;
    /// assert_eq!(out[0].status, CastStatus::Hit);
    /// assert_eq!(out[0].fraction, 0.5);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn ray_cast_on(
        &self,
        simd: Simd,
        placements: &[Transform<S>],
        rays: &[Ray<S>],
        out: &mut [CastOutput<S>],
    ) -> Result<(), PackError> {
        if [placements.len(), rays.len(), out.len()] != [self.len; 3] {
            return Err(PackError::LengthMismatch);
        }
        run(
            simd,
            RayKernel {
                shapes: &self.cores,
                placements,
                rays,
                out,
            },
        );
        Ok(())
    }
}

/// `gjk_core::ray_cast` of every ray `rays[i]` against `shapes[i]` placed by
/// `placements[i]`, a block at a time on the fastest lanes of this processor, into
/// `out[i]`: the convenience form of [`ShapeBlock`] for shapes that change every
/// call. Any length works; each output equals the scalar one bit for bit (see
/// [`ShapeBlock::ray_cast`]).
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
    ray_cast_batch_on(Simd::detect(), shapes, placements, rays, out)
}

/// [`ray_cast_batch`] on the lanes of `simd`, to compare paths.
///
/// ```
/// use gjk_core::{Ray, Transform, Vec2, ray_cast};
/// use gjk_shapes::Circle;
/// use gjk_simd::{Simd, ray_cast_batch_on};
///
/// let ball = [Circle::new(Vec2::ZERO, 0.5_f64).unwrap(); 3];
/// let at = [Transform::from_translation(Vec2::new(2.0, 0.0)); 3];
/// let rays = [Ray::new(Vec2::ZERO, Vec2::new(4.0, 0.0)); 3];
/// let mut out = [ray_cast(&ball[0], at[0], rays[0]); 3];
/// ray_cast_batch_on(Simd::portable(), &ball, &at, &rays, &mut out)?;
/// assert_eq!(out[2].fraction, 0.375);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn ray_cast_batch_on<S: LaneScalar, T: LaneShape<S>>(
    simd: Simd,
    shapes: &[T],
    placements: &[Transform<S>],
    rays: &[Ray<S>],
    out: &mut [CastOutput<S>],
) -> Result<(), PackError> {
    if [shapes.len(), placements.len(), rays.len()] != [out.len(); 3] {
        return Err(PackError::LengthMismatch);
    }
    if simd.path() == SimdPath::Scalar {
        let inputs = shapes.iter().zip(placements).zip(rays);
        for (slot, ((shape, placement), ray)) in out.iter_mut().zip(inputs) {
            *slot = ray_cast(shape, *placement, *ray);
        }
        return Ok(());
    }
    let chunks = shapes
        .chunks(BLOCK)
        .zip(placements.chunks(BLOCK).zip(rays.chunks(BLOCK)))
        .zip(out.chunks_mut(BLOCK));
    for ((shapes, (placements, rays)), out) in chunks {
        let cores = CoreRows::pack(shapes.iter())?;
        run(
            simd,
            RayKernel {
                shapes: &cores,
                placements,
                rays,
                out,
            },
        );
    }
    Ok(())
}

/// Ray casts against the packed shapes of one block, into `out` (one output per
/// shape: `out.len()` shapes).
struct RayKernel<'q, S> {
    shapes: &'q CoreRows<S>,
    placements: &'q [Transform<S>],
    rays: &'q [Ray<S>],
    out: &'q mut [CastOutput<S>],
}

impl<S: LaneScalar> Kernel<S> for RayKernel<'_, S> {
    type Output = ();

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes<F: LaneFloat<Scalar = S>>(mut self) {
        let origins = CoreRows::<S>::points_at_origin();
        let len = self.out.len();
        let mut offset = 0;
        while offset < len {
            let rescue = ray_cast_lanes(
                self.shapes.lanes::<F>(offset),
                origins.lanes::<F>(offset),
                self.placements,
                self.rays,
                offset,
                lanes_below::<F>(len - offset),
                self.out.get_mut(offset..).unwrap_or(&mut []),
            );
            if rescue != 0 {
                self.rescue(rescue, offset);
            }
            offset += F::COUNT;
        }
    }

    fn scalar(self) {
        let inputs = self.placements.iter().zip(self.rays);
        for (lane, (slot, (placement, ray))) in self.out.iter_mut().zip(inputs).enumerate() {
            *slot = ray_cast(&self.shapes.shape(lane), *placement, *ray);
        }
    }
}

impl<S: LaneScalar> RayKernel<'_, S> {
    /// The scalar cast of the rays in the lanes `bits` of the register at `offset`,
    /// in place of the lanes' answers (rays the scalar kernel casts rescaled).
    #[cold]
    #[inline(never)]
    fn rescue(&mut self, bits: u32, offset: usize) {
        for index in set_lanes(bits).map(|lane| offset + lane) {
            let inputs = (self.placements.get(index), self.rays.get(index));
            if let (Some(slot), (Some(placement), Some(ray))) = (self.out.get_mut(index), inputs) {
                *slot = ray_cast(&self.shapes.shape(index), *placement, *ray);
            }
        }
    }
}
