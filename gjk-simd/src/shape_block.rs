//! [`ShapeBlock`]: a block of shapes packed into lanes once, for ray casts; and
//! [`ray_cast_batch`], its convenience form over slices.

use crate::block::set_lanes;
use gjk_core::{CastOutput, Ray, Transform, Vec2, ray_cast, support_ray_cast};

use crate::dispatch::{Kernel, LaneScalar, Simd, SimdPath, run};
use crate::gjk::lanes_below;
use crate::lanes::LaneFloat;
use crate::ray::ray_cast_lanes;
use crate::rows::{BLOCK, CoreRows};
use crate::shape::{LaneShape, PackError};

/// A block of up to [`BLOCK`] shapes (16, whatever the build and the processor)
/// packed once, to be hit by rays many times (one ray per shape and call) with
/// [`ShapeBlock::ray_cast`], the GJK ray cast in lanes: for shapes without a closed
/// form (rounded polygons and ellipses), or where every shape's answer must come
/// from the same algorithm.
///
/// ```
/// use gjk_core::{CastStatus, Ray, Transform, Vec2, support_ray_cast};
/// use gjk_shapes::{Polygon, Rounded};
/// use gjk_simd::ShapeBlock;
///
/// let square = Polygon::<f32, 8>::regular(4, 1.0).unwrap();
/// let rounded = Rounded::new(square, 0.25).unwrap();
/// let block = ShapeBlock::new(&[rounded; 3])?;
/// let at = [0.0_f32, 3.0, 6.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
/// let ray = Ray::new(Vec2::new(-2.0, 0.0), Vec2::new(4.0, 0.0));
/// let mut out = [support_ray_cast(&rounded, at[0], ray); 3];
/// block.ray_cast(&at, &[ray; 3], &mut out)?;
/// assert_eq!(out[0].status, CastStatus::Hit);
/// assert!((out[0].fraction - 0.1875).abs() < 1e-6);
/// assert_eq!(out[2].status, CastStatus::Miss);
/// for (output, xf) in out.iter().zip(at) {
///     assert_eq!(*output, support_ray_cast(&rounded, xf, ray));
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

    /// `gjk_core::support_ray_cast`, the GJK ray cast, of `rays[i]` against shape `i`
    /// placed by `placements[i]`, all lanes in lock-step on the fastest lanes of this
    /// processor, written to `out[i]`. `placements`, `rays` and `out` must hold one
    /// entry per shape.
    ///
    /// Each output equals, bit for bit, what `gjk_core::support_ray_cast` returns for
    /// the same shape, placement and ray: status (`InvalidInput` for an invalid
    /// transform, radius, `max_fraction` or reach), fraction, point, normal and
    /// iteration count. For shapes with a closed-form cast (polygons, circles,
    /// capsules, segments, points, ellipses), `gjk_core::ray_cast` answers with that
    /// instead, which agrees within rounding and is faster than these lanes: an
    /// octagon is clipped in about 20 µs per 1024 rays, where AVX-512 lanes take
    /// about 29. [`ray_cast_batch`] chooses per shape as `ray_cast` does; the block
    /// pays for shapes without one (rounded polygons and ellipses).
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
/// `placements[i]`, into `out[i]`: each shape with a closed-form cast answers with it
/// (`RayShape::analytic_ray_cast`), and the others are cast by GJK a block at a time on
/// the fastest lanes of this processor (see [`ShapeBlock::ray_cast`]). Any length
/// works; each output equals `ray_cast`'s bit for bit. Only the shapes that go into
/// lanes are packed, so a `Rect` variant, which has a closed form, is accepted here.
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
        // A shape with a closed-form cast answers with it, as `ray_cast` does: one
        // polygon clip costs less than a lane of the GJK cast even on AVX-512 (about
        // 20 µs against 29 µs per 1024 octagon rays). The rest are gathered
        // into the first lanes of one block and cast there.
        let mut gathered = Gathered::<S>::new();
        for (index, (slot, ((shape, placement), ray))) in out
            .iter_mut()
            .zip(shapes.iter().zip(placements).zip(rays))
            .enumerate()
        {
            match shape.analytic_ray_cast(*placement, *ray) {
                Some(answer) => *slot = answer,
                None => gathered.push(index, *placement, *ray),
            }
        }
        gathered.cast(simd, shapes, out)?;
    }
    Ok(())
}

/// The rays of one block whose shapes have no closed-form cast, gathered for lanes.
struct Gathered<S: LaneScalar> {
    /// Where each gathered ray came from in its block.
    indices: [usize; BLOCK],
    placements: [Transform<S>; BLOCK],
    rays: [Ray<S>; BLOCK],
    len: usize,
}

impl<S: LaneScalar> Gathered<S> {
    fn new() -> Self {
        Self {
            indices: [0; BLOCK],
            placements: [Transform::IDENTITY; BLOCK],
            rays: [Ray::new(Vec2::ZERO, Vec2::ZERO); BLOCK],
            len: 0,
        }
    }

    fn push(&mut self, index: usize, placement: Transform<S>, ray: Ray<S>) {
        let slots = (
            self.indices.get_mut(self.len),
            self.placements.get_mut(self.len),
            self.rays.get_mut(self.len),
        );
        if let (Some(at), Some(placed), Some(cast)) = slots {
            (*at, *placed, *cast) = (index, placement, ray);
            self.len += 1;
        }
    }

    /// The GJK ray cast of the gathered rays against their shapes in `shapes` (the
    /// block's), on the lanes of `simd`, each answer put back where its ray came from
    /// in `out`.
    fn cast<T: LaneShape<S>>(
        &self,
        simd: Simd,
        shapes: &[T],
        out: &mut [CastOutput<S>],
    ) -> Result<(), PackError> {
        if self.len == 0 {
            return Ok(());
        }
        let len = self.len;
        let indices = self.indices.get(..len).unwrap_or(&[]);
        let cores = CoreRows::pack(indices.iter().filter_map(|&index| shapes.get(index)))?;
        let mut answers = [CastOutput::default(); BLOCK];
        run(
            simd,
            RayKernel {
                shapes: &cores,
                placements: self.placements.get(..len).unwrap_or(&[]),
                rays: self.rays.get(..len).unwrap_or(&[]),
                out: answers.get_mut(..len).unwrap_or(&mut []),
            },
        );
        for (&index, answer) in indices.iter().zip(answers) {
            if let Some(slot) = out.get_mut(index) {
                *slot = answer;
            }
        }
        Ok(())
    }
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
            *slot = support_ray_cast(&self.shapes.shape(lane), *placement, *ray);
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
                *slot = support_ray_cast(&self.shapes.shape(index), *placement, *ray);
            }
        }
    }
}
