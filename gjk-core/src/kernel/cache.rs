//! `SimplexCache`: the simplex of the last query, kept to warm-start the next one.

use core::marker::PhantomData;

use crate::kernel::simplex::GjkSimplex;
use crate::{FeatureId, Scalar, Space, Vec2};

/// The final simplex of a distance query, kept between frames so that the next query
/// on the same pair starts where this one ended (Box2D's `b2SimplexCache`).
///
/// Box2D keeps vertex indices (8 bytes) and works only for polygons. This cache keeps,
/// for each vertex, the two feature ids (as bytes) *and* the direction that produced
/// it, 32 bytes in `f32`: polytopes rebuild
/// the vertex from its ids in O(1) ([`Support::feature_point`](crate::Support::feature_point)),
/// and smooth shapes such as ellipses, which have no vertex to name, are supported
/// again along the cached direction. Either way the seeded vertices are genuine points
/// of the current Minkowski difference, so a stale or foreign cache costs iterations,
/// never correctness.
///
/// ```
/// use gjk_core::{distance_cached, FeatureId, SimplexCache, Support, SupportPoint, Transform, Vec2};
///
/// struct Dot;
/// impl Support<f32> for Dot {
///     fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> {
///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
///     }
/// }
///
/// let mut cache = SimplexCache::new();
/// assert!(cache.is_empty());
/// let xf_b = Transform::from_translation(Vec2::new(3.0, 0.0));
/// let out = distance_cached(&Dot, Transform::IDENTITY, &Dot, xf_b, &mut cache);
/// assert_eq!(out.distance, 3.0);
/// assert_eq!(cache.len(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimplexCache<S, V: Space<Scalar = S> = Vec2<S>> {
    count: u8,
    /// A's feature of each vertex as a byte: the vertex index below 255, and
    /// [`UNNAMED`] for a smooth feature or a larger index. One per vertex of a full
    /// simplex of the space (three in the plane).
    features_a: V::FeatureBytes,
    /// B's feature of each vertex, likewise.
    features_b: V::FeatureBytes,
    /// The direction (A's frame) A was supported along for each vertex.
    directions: V::Directions,
}

/// The byte of a feature the cache does not name: a smooth one, or a vertex index of
/// 255 and above. Such a vertex is supported again along its cached direction, as a
/// smooth one is. Bytes rather than `FeatureId`'s four bytes make the cache 32 bytes
/// in `f32` (52 with four-byte ids) and 56 in `f64` (76); every polygon of up to 255
/// vertices, and every shape gjk-simd's lanes hold, is named in full, so warm starts
/// of those pairs are the same bit for bit as with four-byte ids.
pub(crate) const UNNAMED: u8 = u8::MAX;

/// A feature as the cache's byte: its id clamped to [`UNNAMED`] (`SMOOTH` is the
/// largest id), a select rather than a branch.
#[inline]
fn to_byte(feature: FeatureId) -> u8 {
    feature.raw().min(u32::from(UNNAMED)) as u8
}

/// The feature a cache byte names.
#[inline]
fn from_byte(byte: u8) -> FeatureId {
    let raw = u32::from(byte);
    FeatureId::vertex(if byte == UNNAMED { u32::MAX } else { raw })
}

/// What the cache keeps of one simplex vertex: plain data, so that a cache can be
/// stored in another layout and rebuilt ([`SimplexCache::from_vertices`]), as batch
/// code that keeps caches in SIMD lanes does.
///
/// ```
/// use gjk_core::{CachedVertex, FeatureId, SimplexCache, Vec2};
/// let vertex = CachedVertex::new(FeatureId::vertex(2), FeatureId::SMOOTH, Vec2::new(1.0_f32, 0.0));
/// let cache = SimplexCache::from_vertices(&[vertex]);
/// assert_eq!(cache.vertices().next(), Some(vertex));
/// // A feature the cache does not name comes back smooth: supported again.
/// let large = CachedVertex::new(FeatureId::vertex(300), vertex.feature_b, vertex.direction);
/// let cache = SimplexCache::from_vertices(&[large]);
/// assert_eq!(cache.vertices().next().map(|v| v.feature_a), Some(FeatureId::SMOOTH));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CachedVertex<S, V = Vec2<S>> {
    /// The feature of A the vertex came from.
    pub feature_a: FeatureId,
    /// The feature of B the vertex came from.
    pub feature_b: FeatureId,
    /// The direction (A's frame) A was supported along; B along its opposite.
    pub direction: V,
    /// The scalar type, which `V` carries.
    scalar: PhantomData<S>,
}

impl<S: Scalar, V: Space<Scalar = S>> CachedVertex<S, V> {
    /// A cached vertex from its two features and the direction A was supported along.
    ///
    /// ```
    /// use gjk_core::{CachedVertex, FeatureId, Vec2};
    /// let vertex = CachedVertex::new(FeatureId::vertex(1), FeatureId::SMOOTH, Vec2::new(0.0_f32, 1.0));
    /// assert_eq!(vertex.direction, Vec2::new(0.0, 1.0));
    /// ```
    #[inline]
    pub const fn new(feature_a: FeatureId, feature_b: FeatureId, direction: V) -> Self {
        Self {
            feature_a,
            feature_b,
            direction,
            scalar: PhantomData,
        }
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Default for SimplexCache<S, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Scalar, V: Space<Scalar = S>> SimplexCache<S, V> {
    /// An empty cache: the first query starts cold.
    ///
    /// ```
    /// assert!(gjk_core::SimplexCache::<f32>::new().is_empty());
    /// ```
    #[inline]
    pub const fn new() -> Self {
        Self {
            count: 0,
            features_a: V::NO_FEATURES,
            features_b: V::NO_FEATURES,
            directions: V::NO_DIRECTIONS,
        }
    }

    /// How many simplex vertices the cache holds (0 to 3).
    ///
    /// ```
    /// assert_eq!(gjk_core::SimplexCache::<f64>::new().len(), 0);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.count)
    }

    /// Whether the cache holds nothing.
    ///
    /// ```
    /// assert!(gjk_core::SimplexCache::<f64>::default().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Forgets the cached simplex.
    ///
    /// ```
    /// let mut cache = gjk_core::SimplexCache::<f32>::new();
    /// cache.clear();
    /// assert!(cache.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.count = 0;
    }

    /// The cached vertices, oldest first (at most three). A feature the cache does not
    /// name (smooth, or a vertex index of 255 and above) comes back as
    /// [`FeatureId::SMOOTH`]: the query then supports that vertex again along its
    /// direction.
    ///
    /// ```
    /// assert_eq!(gjk_core::SimplexCache::<f32>::new().vertices().count(), 0);
    /// ```
    #[inline]
    pub fn vertices(&self) -> impl Iterator<Item = CachedVertex<S, V>> + '_ {
        let features = self
            .features_a
            .as_ref()
            .iter()
            .zip(self.features_b.as_ref());
        features.zip(self.directions.as_ref()).take(self.len()).map(
            |((&feature_a, &feature_b), &direction)| {
                CachedVertex::new(from_byte(feature_a), from_byte(feature_b), direction)
            },
        )
    }

    /// A cache holding `vertices` (the first three; a cache holds a simplex of at
    /// most three vertices), as [`vertices`](Self::vertices) gave them. A cache
    /// rebuilt from another's vertices warm-starts a query exactly as the original
    /// does.
    ///
    /// ```
    /// use gjk_core::{SimplexCache, Transform, Vec2, distance_cached};
    /// # use gjk_core::{FeatureId, Support, SupportPoint};
    /// # struct Dot;
    /// # impl Support<f32> for Dot {
    /// #     fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> {
    /// #         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
    /// #     }
    /// # }
    /// let mut cache = SimplexCache::new();
    /// let at = Transform::from_translation(Vec2::new(3.0, 0.0));
    /// distance_cached(&Dot, Transform::IDENTITY, &Dot, at, &mut cache);
    /// let copied: Vec<_> = cache.vertices().collect();
    /// assert_eq!(SimplexCache::from_vertices(&copied), cache);
    /// ```
    pub fn from_vertices(vertices: &[CachedVertex<S, V>]) -> Self {
        let mut cache = Self::new();
        for vertex in vertices {
            cache.push(vertex.feature_a, vertex.feature_b, vertex.direction);
        }
        cache
    }

    /// Stores the final simplex of a query. One pass over the slots rather than
    /// [`push`](Self::push) per vertex, whose checked index cost a warm-started query
    /// 1 % of its instructions (callgrind, octagons).
    #[inline]
    pub(crate) fn store<X: GjkSimplex<S, V>>(&mut self, simplex: &X) {
        let slots = self
            .features_a
            .as_mut()
            .iter_mut()
            .zip(self.features_b.as_mut())
            .zip(self.directions.as_mut());
        let mut count = 0;
        for (((byte_a, byte_b), direction), vertex) in slots.zip(simplex.vertex_iter()) {
            *byte_a = to_byte(vertex.feature_a);
            *byte_b = to_byte(vertex.feature_b);
            *direction = vertex.direction;
            count += 1;
        }
        self.count = count;
    }

    /// Appends a vertex if there is room (three at most).
    #[inline]
    fn push(&mut self, feature_a: FeatureId, feature_b: FeatureId, direction: V) {
        let slot = usize::from(self.count);
        let slots = (
            self.features_a.as_mut().get_mut(slot),
            self.features_b.as_mut().get_mut(slot),
            self.directions.as_mut().get_mut(slot),
        );
        if let (Some(byte_a), Some(byte_b), Some(cached)) = slots {
            (*byte_a, *byte_b, *cached) = (to_byte(feature_a), to_byte(feature_b), direction);
            self.count += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DistanceStatus, Rot, Support, SupportPoint, Transform, distance, distance_cached};

    /// A regular polygon of `sides` vertices on the unit circle, naming its vertices.
    struct Regular {
        sides: u32,
    }

    impl Regular {
        fn vertex(&self, index: u32) -> Vec2<f64> {
            let angle = core::f64::consts::TAU * f64::from(index) / f64::from(self.sides);
            Vec2::new(angle.cos(), angle.sin())
        }
    }

    impl Support<f64> for Regular {
        fn support(&self, direction: Vec2<f64>) -> SupportPoint<f64> {
            let best = (0..self.sides)
                .max_by(|&i, &j| {
                    let (a, b) = (self.vertex(i).dot(direction), self.vertex(j).dot(direction));
                    a.total_cmp(&b)
                })
                .unwrap_or(0);
            SupportPoint::new(self.vertex(best), FeatureId::vertex(best))
        }

        fn feature_point(&self, feature: FeatureId) -> Option<Vec2<f64>> {
            let index = feature.index().filter(|&index| index < self.sides)?;
            Some(self.vertex(index))
        }
    }

    #[test]
    fn cache_is_32_bytes_in_f32_and_56_in_f64() {
        assert_eq!(core::mem::size_of::<SimplexCache<f32>>(), 32);
        assert_eq!(core::mem::size_of::<SimplexCache<f64>>(), 56);
    }

    #[test]
    fn features_below_255_round_trip_and_larger_ones_come_back_smooth() {
        let direction = Vec2::new(0.6, 0.8);
        let vertices = [254, 255, 300].map(|index| {
            CachedVertex::new(FeatureId::vertex(index), FeatureId::vertex(3), direction)
        });
        let cache = SimplexCache::<f64>::from_vertices(&vertices);
        let features: [FeatureId; 3] = core::array::from_fn(|slot| {
            cache
                .vertices()
                .nth(slot)
                .map_or(FeatureId::vertex(0), |v| v.feature_a)
        });
        assert_eq!(
            features,
            [FeatureId::vertex(254), FeatureId::SMOOTH, FeatureId::SMOOTH]
        );
        assert!(
            cache
                .vertices()
                .all(|v| v.feature_b == FeatureId::vertex(3))
        );
        assert!(cache.vertices().all(|v| v.direction == direction));
    }

    /// A 400-gon's vertices past 254 are not named by the cache: the warm start
    /// supports them again and the answer stays the cold one.
    #[test]
    fn warm_start_on_a_polygon_of_400_vertices_equals_the_cold_query() {
        let many = Regular { sides: 400 };
        let few = Regular { sides: 5 };
        let mut cache = SimplexCache::new();
        let mut named_past_254 = false;
        for step in 0..40 {
            // B circles A, so A's nearest vertices run through every index.
            let angle = core::f64::consts::TAU * f64::from(step) / 40.0;
            let centre = Rot::from_angle(angle).rotate(Vec2::new(3.0, 0.0));
            let xf_b = Transform::from_position_angle(centre, 0.1);
            let warm = distance_cached(&many, Transform::IDENTITY, &few, xf_b, &mut cache);
            let cold = distance(&many, Transform::IDENTITY, &few, xf_b);
            assert_eq!(warm.status, DistanceStatus::Separated, "step {step}");
            assert!((warm.distance - cold.distance).abs() < 1e-12, "step {step}");
            named_past_254 |= angle > core::f64::consts::TAU * 255.0 / 400.0;
        }
        assert!(named_past_254);
    }
}
