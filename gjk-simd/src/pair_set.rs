//! [`PairSet`]: the pairs of a narrow phase kept packed from frame to frame, grouped
//! so that the lanes of a block finish together (feature `alloc`).
//!
//! A block runs until its slowest pair converges, so a block mixing pairs of two and
//! five iterations keeps most lanes idle (about 69 % busy at eight lanes on the octagon
//! workload). On coherent frames 92-96 % of pairs take as many iterations
//! as in the last frame, so the set keeps the pairs of each last iteration count in
//! blocks of their own (a class), and after each query moves the pairs whose count
//! changed: a column copy per moved pair, no repacking of the others.

use alloc::vec::Vec;
use core::marker::PhantomData;

use gjk_core::{DistanceOutput, QueryError, Transform};

use crate::block::{
    Distance, Indexed, Overlap, PairKernel, PairQuery, Placements, Separate, place, set_lanes,
};
use crate::dispatch::{Kernel, LaneScalar, Simd, run};
use crate::lanes::LaneFloat;
use crate::output::Separation;
use crate::rows::{BLOCK, CoreRows};
use crate::shape::{LaneShape, PackError};
use crate::warm::{CacheColumn, CacheLanes, CacheRows};

/// Iteration classes: a pair's class is its last iteration count, capped here (more
/// than six iterations is rare on polygons and ellipses alike).
const CLASSES: usize = 8;

/// The class of pairs not queried yet: two iterations, the octagon workload's mean.
const NEW_CLASS: usize = 2;

/// A pair in a [`PairSet`]: an index into the outputs of its queries, stable while
/// the pair is in the set, reused after [`PairSet::remove`].
///
/// ```
/// use gjk_core::Vec2;
/// use gjk_shapes::Circle;
/// use gjk_simd::PairSet;
/// let balls = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 2];
/// let mut set = PairSet::new();
/// let id = set.insert(&balls, [0, 1])?;
/// assert_eq!(id.index(), 0);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PairId(u32);

impl PairId {
    /// The index of this pair's output in the slices the queries write.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Point;
    /// let dots = [Point::new(Vec2::<f32>::ZERO).unwrap(); 3];
    /// let mut set = gjk_simd::PairSet::new();
    /// set.insert(&dots, [0, 1])?;
    /// assert_eq!(set.insert(&dots, [1, 2])?.index(), 1);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Up to [`BLOCK`] pairs of one class.
#[derive(Clone, Copy, Debug)]
struct Group<S> {
    a: CoreRows<S>,
    b: CoreRows<S>,
    /// The shape (and pose) indices of each lane's A and B.
    shape_a: [u32; BLOCK],
    shape_b: [u32; BLOCK],
    /// The id of each lane's pair.
    ids: [u32; BLOCK],
    /// Each lane's warm-start cache: the final simplex of its last distance query.
    caches: CacheRows<S>,
    len: usize,
}

/// Where a pair is: its class, its group in the class, its lane in the group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    class: usize,
    group: usize,
    lane: usize,
}

/// Everything a pair holds in its group, to move it.
#[derive(Clone, Copy, Debug)]
struct Entry<S> {
    a: crate::rows::Column<S>,
    b: crate::rows::Column<S>,
    shapes: [u32; 2],
    id: u32,
    cache: CacheColumn<S>,
}

/// The pairs of a narrow phase, packed once when they appear (when the broad phase
/// reports their bounding boxes overlapping), queried every frame at the shapes'
/// poses, and grouped by their last iteration count so that a block's lanes finish
/// together. Each pair is warm-started from its last query's simplex (see
/// [`set_warm_start`](Self::set_warm_start)). Outputs are indexed by [`PairId`].
/// Every output equals the scalar query's bit for bit (`gjk_core::distance_cached`
/// with the pair's cache, or `gjk_core::distance` without warm starts); the grouping
/// changes only which pairs share a block.
///
/// ```
/// use gjk_core::{DistanceOutput, DistanceStatus, SimplexCache, Transform, Vec2, distance_cached};
/// use gjk_shapes::{Circle, Polygon, Shape};
/// use gjk_simd::PairSet;
///
/// let shapes: Vec<Shape> = vec![
///     Circle::new(Vec2::ZERO, 0.5).unwrap().into(),
///     Polygon::regular(8, 1.0).unwrap().into(),
///     Polygon::regular(3, 1.0).unwrap().into(),
/// ];
/// let mut set = PairSet::new();
/// let near = set.insert(&shapes, [0, 1])?;
/// let far = set.insert(&shapes, [1, 2])?;
/// let mut out = vec![DistanceOutput::default(); set.id_bound()];
/// let mut cache = SimplexCache::new(); // the scalar kernel's, to compare
/// for frame in 0..3 {
///     let x = frame as f32;
///     let poses = [x, 2.0, 9.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
///     set.distance(&poses, &mut out)?;
///     let scalar = distance_cached(&shapes[0], poses[0], &shapes[1], poses[1], &mut cache);
///     assert_eq!(out[near.index()], scalar);
/// }
/// assert_eq!(out[far.index()].status, DistanceStatus::Separated);
/// set.remove(far);
/// assert_eq!(set.len(), 1);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PairSet<S: LaneScalar = f32> {
    /// The groups of each class; all full but the last of each class.
    classes: [Vec<Group<S>>; CLASSES],
    /// Each id's place, `None` for an id not in use.
    places: Vec<Option<Place>>,
    /// Ids not in use, to be reused.
    free: Vec<u32>,
    /// Pairs to move after a query, and their new class (kept to reuse its memory).
    moves: Vec<(u32, usize)>,
    /// How many sides of pairs in the set name each shape index.
    shape_uses: Vec<u32>,
    /// One past the largest shape index a pair in the set names: the poses the
    /// queries need (not those of removed pairs: an engine may drop its last bodies).
    shapes_needed: usize,
    grouping: bool,
    warm_start: bool,
    len: usize,
}

impl<S: LaneScalar> Default for PairSet<S> {
    /// An empty set, grouping on.
    fn default() -> Self {
        Self::new()
    }
}

impl<S: LaneScalar> PairSet<S> {
    /// An empty set that groups pairs by their last iteration count.
    ///
    /// ```
    /// let set = gjk_simd::PairSet::<f64>::new();
    /// assert!(set.is_empty());
    /// ```
    pub fn new() -> Self {
        Self {
            classes: core::array::from_fn(|_| Vec::new()),
            places: Vec::new(),
            free: Vec::new(),
            moves: Vec::new(),
            shape_uses: Vec::new(),
            shapes_needed: 0,
            grouping: true,
            warm_start: true,
            len: 0,
        }
    }

    /// Whether the queries regroup the pairs by their iteration counts (on by
    /// default); off keeps every pair where it was inserted, to measure what the
    /// grouping gains. Outputs are the same either way.
    ///
    /// ```
    /// let mut set = gjk_simd::PairSet::<f32>::new();
    /// set.set_grouping(false);
    /// ```
    pub fn set_grouping(&mut self, grouping: bool) {
        self.grouping = grouping;
    }

    /// Whether distance queries warm-start each pair from its last query's simplex
    /// (on by default): each output then equals `gjk_core::distance_cached` with a
    /// cache that lives with the pair (empty when it is inserted), bit for bit; off,
    /// `gjk_core::distance`. On coherent frames a warm start takes fewer iterations,
    /// and a block's slowest lane with it.
    ///
    /// ```
    /// let mut set = gjk_simd::PairSet::<f32>::new();
    /// set.set_warm_start(false);
    /// ```
    pub fn set_warm_start(&mut self, warm_start: bool) {
        self.warm_start = warm_start;
    }

    /// How many pairs the set holds.
    ///
    /// ```
    /// assert_eq!(gjk_simd::PairSet::<f32>::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set holds no pair.
    ///
    /// ```
    /// assert!(gjk_simd::PairSet::<f32>::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// One past the largest [`PairId`] index in use: the length the output slices
    /// need.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Point;
    /// let dots = [Point::new(Vec2::<f32>::ZERO).unwrap(); 2];
    /// let mut set = gjk_simd::PairSet::new();
    /// let id = set.insert(&dots, [0, 1])?;
    /// assert_eq!(set.id_bound(), id.index() + 1);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn id_bound(&self) -> usize {
        self.places.len()
    }

    /// Adds the pair of `shapes[pair[0]]` and `shapes[pair[1]]`, packed now; its
    /// poses are looked up by the same indices at each query. An index past `shapes`
    /// is [`PackError::IndexOutOfRange`]; a shape lanes cannot hold, its
    /// [`LaneShape::lane_core`] error.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Circle;
    /// use gjk_simd::{PackError, PairSet};
    /// let balls = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 2];
    /// let mut set = PairSet::new();
    /// assert!(set.insert(&balls, [0, 1]).is_ok());
    /// assert_eq!(set.insert(&balls, [0, 2]), Err(PackError::IndexOutOfRange));
    /// ```
    pub fn insert<T: LaneShape<S>>(
        &mut self,
        shapes: &[T],
        pair: [u32; 2],
    ) -> Result<PairId, PackError> {
        let (Some(shape_a), Some(shape_b)) =
            (shapes.get(pair[0] as usize), shapes.get(pair[1] as usize))
        else {
            return Err(PackError::IndexOutOfRange);
        };
        let mut rows = [CoreRows::<S>::points_at_origin(); 2];
        rows[0].set(0, shape_a.lane_core()?, shape_a.radius());
        rows[1].set(0, shape_b.lane_core()?, shape_b.radius());
        let id = match self.free.pop() {
            Some(id) => id,
            None => {
                self.places.push(None);
                u32::try_from(self.places.len() - 1).map_err(|_| PackError::IndexOutOfRange)?
            }
        };
        let entry = Entry {
            a: rows[0].column(0),
            b: rows[1].column(0),
            shapes: pair,
            id,
            cache: CacheColumn::empty(),
        };
        self.append(entry, NEW_CLASS);
        self.len += 1;
        for shape in pair {
            self.use_shape(shape as usize);
        }
        Ok(PairId(id))
    }

    /// Removes a pair; `false` if it is not in the set. Its id is reused by a later
    /// [`insert`](Self::insert).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Circle;
    /// let balls = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 2];
    /// let mut set = gjk_simd::PairSet::new();
    /// let id = set.insert(&balls, [0, 1])?;
    /// assert!(set.remove(id));
    /// assert!(!set.remove(id));
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn remove(&mut self, id: PairId) -> bool {
        let Some(place) = self.places.get_mut(id.index()).and_then(Option::take) else {
            return false;
        };
        let removed = self.take_out(place);
        for shape in removed.shapes {
            self.release_shape(shape as usize);
        }
        self.free.push(id.0);
        self.len -= 1;
        true
    }

    /// `gjk_core::distance` of every pair at the shapes' `poses` (indexed as the
    /// shapes were at [`insert`](Self::insert)), on the fastest lanes of this
    /// processor ([`Simd::detect`]), into `out[id.index()]`; entries of ids not in use are left as they are. `out` must
    /// hold [`id_bound`](Self::id_bound) entries and `poses` a pose for every shape
    /// index of the pairs, else [`PackError::LengthMismatch`].
    ///
    /// ```
    /// use gjk_core::{DistanceOutput, Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// let balls = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 3];
    /// let mut set = gjk_simd::PairSet::new();
    /// let pair = set.insert(&balls, [0, 2])?;
    /// let poses = [0.0_f32, 1.0, 5.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
    /// let mut out = vec![DistanceOutput::default(); set.id_bound()];
    /// set.distance(&poses, &mut out)?;
    /// assert_eq!(out[pair.index()].distance, 3.0);
    /// // Too few poses for the pairs' shape indices.
    /// assert!(set.distance(&poses[..2], &mut out).is_err());
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn distance(
        &mut self,
        poses: &[Transform<S>],
        out: &mut [DistanceOutput<S>],
    ) -> Result<(), PackError> {
        self.distance_on(Simd::detect(), poses, out)
    }

    /// [`PairSet::distance`] on the lanes of `simd`, to compare paths.
    ///
    /// ```
    /// use gjk_core::{DistanceOutput, Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// use gjk_simd::{PairSet, Simd};
    /// let balls = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 2];
    /// let mut set = PairSet::new();
    /// set.insert(&balls, [0, 1])?;
    /// let poses = [Transform::IDENTITY, Transform::from_translation(Vec2::new(3.0, 0.0))];
    /// let mut out = [DistanceOutput::default()];
    /// set.distance_on(Simd::scalar(), &poses, &mut out)?;
    /// assert_eq!(out[0].distance, 1.0);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn distance_on(
        &mut self,
        simd: Simd,
        poses: &[Transform<S>],
        out: &mut [DistanceOutput<S>],
    ) -> Result<(), PackError> {
        self.query::<Distance>(simd, poses, out)
    }

    /// [`PairSet::distance`] without the witness points ([`Separation`]), on the
    /// fastest lanes of this processor.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// use gjk_simd::{PairSet, Separation};
    /// let balls = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 2];
    /// let mut set = PairSet::new();
    /// set.insert(&balls, [0, 1])?;
    /// let poses = [Transform::IDENTITY, Transform::from_translation(Vec2::new(0.0, 3.0))];
    /// let mut out = [Separation::default()];
    /// set.separation(&poses, &mut out)?;
    /// assert_eq!((out[0].distance, out[0].normal), (1.0, Vec2::Y));
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn separation(
        &mut self,
        poses: &[Transform<S>],
        out: &mut [Separation<S>],
    ) -> Result<(), PackError> {
        self.separation_on(Simd::detect(), poses, out)
    }

    /// [`PairSet::separation`] on the lanes of `simd`, to compare paths.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// use gjk_simd::{PairSet, Separation, Simd};
    /// let balls = [Circle::new(Vec2::ZERO, 1.0_f64).unwrap(); 2];
    /// let mut set = PairSet::new();
    /// set.insert(&balls, [0, 1])?;
    /// let poses = [Transform::IDENTITY; 2];
    /// let mut out = [Separation::default()];
    /// set.separation_on(Simd::portable(), &poses, &mut out)?;
    /// assert_eq!(out[0].distance, 0.0);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn separation_on(
        &mut self,
        simd: Simd,
        poses: &[Transform<S>],
        out: &mut [Separation<S>],
    ) -> Result<(), PackError> {
        self.query::<Separate>(simd, poses, out)
    }

    /// `gjk_core::intersects` of every pair at the shapes' `poses`, on the fastest
    /// lanes of this processor, into `out[id.index()]` (see
    /// [`distance`](Self::distance)). The overlap test does not regroup the pairs.
    ///
    /// ```
    /// use gjk_core::{QueryError, Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// let balls = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 2];
    /// let mut set = gjk_simd::PairSet::new();
    /// set.insert(&balls, [0, 1])?;
    /// let poses = [Transform::IDENTITY, Transform::from_translation(Vec2::new(1.0, 0.0))];
    /// let mut out = [Err(QueryError::InvalidInput)];
    /// set.intersects(&poses, &mut out)?;
    /// assert_eq!(out, [Ok(true)]);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn intersects(
        &mut self,
        poses: &[Transform<S>],
        out: &mut [Result<bool, QueryError>],
    ) -> Result<(), PackError> {
        self.intersects_on(Simd::detect(), poses, out)
    }

    /// [`PairSet::intersects`] on the lanes of `simd`, to compare paths.
    ///
    /// ```
    /// use gjk_core::{QueryError, Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// use gjk_simd::Simd;
    /// let balls = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 2];
    /// let mut set = gjk_simd::PairSet::new();
    /// set.insert(&balls, [0, 1])?;
    /// let poses = [Transform::IDENTITY, Transform::from_translation(Vec2::new(5.0, 0.0))];
    /// let mut out = [Err(QueryError::InvalidInput)];
    /// set.intersects_on(Simd::scalar(), &poses, &mut out)?;
    /// assert_eq!(out, [Ok(false)]);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn intersects_on(
        &mut self,
        simd: Simd,
        poses: &[Transform<S>],
        out: &mut [Result<bool, QueryError>],
    ) -> Result<(), PackError> {
        self.query::<Overlap>(simd, poses, out)
    }

    /// Runs query `Q` on every group into `out` by id, then moves the pairs whose
    /// iteration class changed.
    fn query<Q: PairQuery<S>>(
        &mut self,
        simd: Simd,
        poses: &[Transform<S>],
        out: &mut [Q::Output],
    ) -> Result<(), PackError>
    where
        Q::Output: Copy,
    {
        if out.len() < self.places.len() || poses.len() < self.shapes_needed {
            return Err(PackError::LengthMismatch);
        }
        self.moves.clear();
        for (class, groups) in self.classes.iter_mut().enumerate() {
            for group in groups.iter_mut() {
                let mut answers = [Q::blank(); BLOCK];
                let answers = answers.get_mut(..group.len).unwrap_or(&mut []);
                let (a, b) = (&group.shape_a, &group.shape_b);
                let placements = Indexed { poses, a, b };
                if self.warm_start {
                    run(
                        simd,
                        WarmKernel::<S, Q> {
                            a: &group.a,
                            b: &group.b,
                            placements,
                            caches: &mut group.caches,
                            out: answers,
                            query: PhantomData,
                        },
                    );
                } else {
                    run(
                        simd,
                        PairKernel::<S, Q, _> {
                            a: &group.a,
                            b: &group.b,
                            placements,
                            out: answers,
                            query: PhantomData,
                        },
                    );
                }
                for (answer, &id) in answers.iter().zip(&group.ids) {
                    if let Some(slot) = out.get_mut(id as usize) {
                        *slot = *answer;
                    }
                    let new_class = Q::iterations(answer)
                        .map(|iterations| (iterations as usize).min(CLASSES - 1));
                    // A pair moves when its count is two or more off its class: with
                    // warm starts counts flicker between neighbours, and moving on every
                    // change costs more than it saves (coherent octagon frames: on
                    // AVX-512 about 19 % slower than not grouping at all; with this rule
                    // as fast as ungrouped on AVX-512 and about 6 % faster on AVX2).
                    if self.grouping && new_class.is_some_and(|new| new.abs_diff(class) > 1) {
                        self.moves.push((id, new_class.unwrap_or(class)));
                    }
                }
            }
        }
        let mut moves = core::mem::take(&mut self.moves);
        for &(id, class) in &moves {
            if let Some(place) = self.places.get(id as usize).copied().flatten() {
                let entry = self.take_out(place);
                self.append(entry, class);
            }
        }
        moves.clear();
        self.moves = moves;
        Ok(())
    }

    /// Counts a pair's side naming shape `index`.
    fn use_shape(&mut self, index: usize) {
        if self.shape_uses.len() <= index {
            self.shape_uses.resize(index + 1, 0);
        }
        if let Some(uses) = self.shape_uses.get_mut(index) {
            *uses += 1;
        }
        self.shapes_needed = self.shapes_needed.max(index + 1);
    }

    /// Forgets a pair's side naming shape `index`; the poses needed shrink past shape
    /// indices no pair names any more (each index is stepped over once per time it
    /// becomes the largest, so removals cost O(1) amortized).
    fn release_shape(&mut self, index: usize) {
        if let Some(uses) = self.shape_uses.get_mut(index) {
            *uses = uses.saturating_sub(1);
        }
        while self.shapes_needed > 0
            && self
                .shape_uses
                .get(self.shapes_needed - 1)
                .is_none_or(|&uses| uses == 0)
        {
            self.shapes_needed -= 1;
        }
    }

    /// Puts `entry` after the last pair of `class` and records its place.
    fn append(&mut self, entry: Entry<S>, class: usize) {
        let Some(groups) = self.classes.get_mut(class) else {
            return;
        };
        if groups.last().is_none_or(|group| group.len == BLOCK) {
            groups.push(Group {
                a: CoreRows::points_at_origin(),
                b: CoreRows::points_at_origin(),
                shape_a: [0; BLOCK],
                shape_b: [0; BLOCK],
                ids: [0; BLOCK],
                caches: CacheRows::empty(),
                len: 0,
            });
        }
        let group_index = groups.len() - 1;
        let Some(group) = groups.last_mut() else {
            return;
        };
        let lane = group.len;
        group.put(lane, &entry);
        group.len += 1;
        if let Some(place) = self.places.get_mut(entry.id as usize) {
            *place = Some(Place {
                class,
                group: group_index,
                lane,
            });
        }
    }

    /// Takes the pair at `place` out of its group, moving the last pair of its class
    /// into the hole, and returns it.
    fn take_out(&mut self, place: Place) -> Entry<S> {
        let Some(groups) = self.classes.get_mut(place.class) else {
            return Entry::empty();
        };
        let taken = groups
            .get(place.group)
            .map_or_else(Entry::empty, |group| group.entry(place.lane));
        let Some(last_group) = groups.last_mut() else {
            return taken;
        };
        let Some(last_lane) = last_group.len.checked_sub(1) else {
            return taken;
        };
        last_group.len = last_lane;
        let last = last_group.entry(last_group.len);
        let last_place = Place {
            class: place.class,
            group: groups.len() - 1,
            lane: groups.last().map_or(0, |group| group.len),
        };
        if last_place != place {
            if let Some(group) = groups.get_mut(place.group) {
                group.put(place.lane, &last);
            }
            if let Some(moved) = self.places.get_mut(last.id as usize) {
                *moved = Some(place);
            }
        }
        if groups.last().is_some_and(|group| group.len == 0) {
            groups.pop();
        }
        taken
    }
}

/// Query `Q` on the pairs of one group, warm-started from and updating their caches.
struct WarmKernel<'q, S: LaneScalar, Q: PairQuery<S>> {
    a: &'q CoreRows<S>,
    b: &'q CoreRows<S>,
    placements: Indexed<'q, S>,
    caches: &'q mut CacheRows<S>,
    out: &'q mut [Q::Output],
    query: PhantomData<Q>,
}

impl<S: LaneScalar, Q: PairQuery<S>> Kernel<S> for WarmKernel<'_, S, Q> {
    type Output = ();

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes<F: LaneFloat<Scalar = S>>(mut self) {
        let len = self.out.len();
        let mut offset = 0;
        while offset < len {
            let placed = place::<S, F, _>(self.a, self.b, &self.placements, offset, len);
            let mut cache = CacheLanes::load(self.caches, offset);
            let rescue = Q::lanes_warm(
                &placed,
                &mut cache,
                self.out.get_mut(offset..).unwrap_or(&mut []),
            );
            if rescue == 0 {
                cache.store(self.caches, offset);
            } else {
                self.rescue(rescue, offset, &cache);
            }
            offset += F::COUNT;
        }
    }

    fn scalar(self) {
        for (lane, slot) in self.out.iter_mut().enumerate() {
            let (xf_a, xf_b) = self.placements.pair(lane);
            let (a, b) = (self.a.shape(lane), self.b.shape(lane));
            let mut cache = self.caches.column(lane).to_cache();
            *slot = Q::scalar_warm(&a, xf_a, &b, xf_b, &mut cache);
            self.caches
                .set_column(lane, &CacheColumn::from_cache(&cache));
        }
    }
}

impl<S: LaneScalar, Q: PairQuery<S>> WarmKernel<'_, S, Q> {
    /// The scalar warm query of the pairs in the lanes `bits` of the register at
    /// `offset` (pairs the scalar kernel reruns rescaled), from their caches as they
    /// were before the lanes ran; the lanes' `cache` is stored for the others.
    #[cold]
    #[inline(never)]
    fn rescue<F: LaneFloat<Scalar = S>>(
        &mut self,
        bits: u32,
        offset: usize,
        cache: &CacheLanes<F>,
    ) {
        let mut rescued = [None; BLOCK];
        for (lane, slot) in set_lanes(bits).zip(rescued.iter_mut()) {
            let index = offset + lane;
            let (xf_a, xf_b) = self.placements.pair(index);
            let (a, b) = (self.a.shape(index), self.b.shape(index));
            let mut warm = self.caches.column(index).to_cache();
            if let Some(out) = self.out.get_mut(index) {
                *out = Q::scalar_warm(&a, xf_a, &b, xf_b, &mut warm);
            }
            *slot = Some((index, CacheColumn::from_cache(&warm)));
        }
        cache.store(self.caches, offset);
        for (index, column) in rescued.iter().flatten() {
            self.caches.set_column(*index, column);
        }
    }
}

impl<S: LaneScalar> Group<S> {
    /// The pair in lane `lane`.
    fn entry(&self, lane: usize) -> Entry<S> {
        Entry {
            a: self.a.column(lane),
            b: self.b.column(lane),
            shapes: [
                self.shape_a.get(lane).copied().unwrap_or(0),
                self.shape_b.get(lane).copied().unwrap_or(0),
            ],
            id: self.ids.get(lane).copied().unwrap_or(0),
            cache: self.caches.column(lane),
        }
    }

    /// Lane `lane` holds `entry`.
    fn put(&mut self, lane: usize, entry: &Entry<S>) {
        self.a.set_column(lane, &entry.a);
        self.b.set_column(lane, &entry.b);
        if let (Some(a), Some(b), Some(id)) = (
            self.shape_a.get_mut(lane),
            self.shape_b.get_mut(lane),
            self.ids.get_mut(lane),
        ) {
            [*a, *b] = entry.shapes;
            *id = entry.id;
        }
        self.caches.set_column(lane, &entry.cache);
    }
}

impl<S: LaneScalar> Entry<S> {
    /// No pair (never stored: the places the set records are always valid).
    fn empty() -> Self {
        let rows = CoreRows::points_at_origin();
        Self {
            a: rows.column(0),
            b: rows.column(0),
            shapes: [0; 2],
            id: u32::MAX,
            cache: CacheColumn::empty(),
        }
    }
}
