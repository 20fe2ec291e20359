//! `SimplexCache`: the simplex of the last query, kept to warm-start the next one.

use crate::simplex::Simplex;
use crate::{FeatureId, Scalar, Vec2};

/// The final simplex of a distance query, kept between frames so that the next query
/// on the same pair starts where this one ended (Box2D's `b2SimplexCache`).
///
/// Box2D keeps vertex indices and works only for polygons. This cache keeps, for each
/// vertex, the two feature ids *and* the direction that produced it: polytopes rebuild
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
pub struct SimplexCache<S> {
    count: u8,
    vertices: [CachedVertex<S>; 3],
}

/// What the cache keeps of one simplex vertex: plain data, so that a cache can be
/// stored in another layout and rebuilt ([`SimplexCache::from_vertices`]), as batch
/// code that keeps caches in SIMD lanes does.
///
/// ```
/// use gjk_core::{CachedVertex, FeatureId, SimplexCache, Vec2};
/// let vertex = CachedVertex { feature_a: FeatureId::vertex(2), feature_b: FeatureId::SMOOTH, direction: Vec2::new(1.0_f32, 0.0) };
/// let cache = SimplexCache::from_vertices(&[vertex]);
/// assert_eq!(cache.vertices().next(), Some(&vertex));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CachedVertex<S> {
    /// The feature of A the vertex came from.
    pub feature_a: FeatureId,
    /// The feature of B the vertex came from.
    pub feature_b: FeatureId,
    /// The direction (A's frame) A was supported along; B along its opposite.
    pub direction: Vec2<S>,
}

impl<S: Scalar> Default for SimplexCache<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Scalar> SimplexCache<S> {
    /// An empty cache: the first query starts cold.
    ///
    /// ```
    /// assert!(gjk_core::SimplexCache::<f32>::new().is_empty());
    /// ```
    #[inline]
    pub const fn new() -> Self {
        let empty = CachedVertex {
            feature_a: FeatureId::SMOOTH,
            feature_b: FeatureId::SMOOTH,
            direction: Vec2::ZERO,
        };
        Self {
            count: 0,
            vertices: [empty; 3],
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

    /// The cached vertices, oldest first (at most three).
    ///
    /// ```
    /// assert_eq!(gjk_core::SimplexCache::<f32>::new().vertices().count(), 0);
    /// ```
    #[inline]
    pub fn vertices(&self) -> impl Iterator<Item = &CachedVertex<S>> {
        self.vertices.iter().take(self.len())
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
    /// let copied: Vec<_> = cache.vertices().copied().collect();
    /// assert_eq!(SimplexCache::from_vertices(&copied), cache);
    /// ```
    pub fn from_vertices(vertices: &[CachedVertex<S>]) -> Self {
        let mut cache = Self::new();
        for (slot, vertex) in cache.vertices.iter_mut().zip(vertices) {
            *slot = *vertex;
            cache.count += 1;
        }
        cache
    }

    /// Stores the final simplex of a query.
    #[inline]
    pub(crate) fn store(&mut self, simplex: &Simplex<S>) {
        let mut count = 0;
        for (slot, vertex) in self.vertices.iter_mut().zip(simplex.vertices()) {
            *slot = CachedVertex {
                feature_a: vertex.feature_a,
                feature_b: vertex.feature_b,
                direction: vertex.direction,
            };
            count += 1;
        }
        self.count = count;
    }
}
