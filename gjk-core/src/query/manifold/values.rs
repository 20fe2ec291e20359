//! Contact manifolds as values, in either dimension: up to two contact points in the
//! plane and four in 3D, with feature ids, their world-space form, and how points
//! carry over from one frame to the next.
//!
//! The query that builds them is [`manifold`](crate::manifold()).

use crate::{FeatureId, RigidTransform, Scalar, Space, Vec2};

/// The feature of one shape a contact point comes from.
///
/// ```
/// use gjk_core::{manifold, ContactFeature, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// // A box on a floor: each point names the features that make it, so a solver can
/// // match it with last frame's (see `point_states`).
/// let floor = Rect::new(Vec2::new(4.0_f32, 0.5))?;
/// let crate_box = Rect::new(Vec2::new(0.5, 0.5))?;
/// let contact = manifold(&floor, Transform::IDENTITY, &crate_box, Transform::from_translation(Vec2::new(0.0, 0.9)), 0.02).unwrap();
/// let [first, second] = [contact.points()[0].id, contact.points()[1].id];
/// assert_ne!(first, second);
/// assert!(matches!(first.feature_b, ContactFeature::Vertex(_)));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContactFeature {
    /// A vertex of a polytope core, by index.
    Vertex(u32),
    /// The edge between two vertices of a polytope core (the smaller index first).
    Edge(u32, u32),
    /// A face of a 3D polytope core, by the id its
    /// [`support_face`](crate::ContactShape::support_face) gives.
    Face(u32),
    /// A point on a curved core (an ellipse), which has no discrete feature.
    Smooth,
}

impl ContactFeature {
    /// The feature of a support point.
    ///
    /// ```
    /// use gjk_core::{ContactFeature, FeatureId};
    /// assert_eq!(ContactFeature::from_support(FeatureId::vertex(2)), ContactFeature::Vertex(2));
    /// assert_eq!(ContactFeature::from_support(FeatureId::SMOOTH), ContactFeature::Smooth);
    /// ```
    #[inline]
    pub fn from_support(feature: FeatureId) -> Self {
        feature.index().map_or(Self::Smooth, Self::Vertex)
    }

    /// The feature spanned by two support points of one shape: the vertex if they are
    /// the same, the edge between them otherwise (smooth if either is).
    ///
    /// ```
    /// use gjk_core::{ContactFeature, FeatureId};
    /// let edge = ContactFeature::between(FeatureId::vertex(3), FeatureId::vertex(2));
    /// assert_eq!(edge, ContactFeature::Edge(2, 3));
    /// ```
    #[inline]
    pub fn between(first: FeatureId, second: FeatureId) -> Self {
        match (first.index(), second.index()) {
            (Some(i), Some(j)) if i == j => Self::Vertex(i),
            (Some(i), Some(j)) => Self::Edge(i.min(j), i.max(j)),
            _ => Self::Smooth,
        }
    }
}

/// Which features of A and B make a contact point. It stays the same while the same
/// features touch, so a solver can carry a point's impulse from one frame to the next
/// ([`point_states`]).
///
/// ```
/// use gjk_core::{manifold, ContactFeature, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// // A box on a floor: each point names the features that make it, so a solver can
/// // match it with last frame's (see `point_states`).
/// let floor = Rect::new(Vec2::new(4.0_f32, 0.5))?;
/// let crate_box = Rect::new(Vec2::new(0.5, 0.5))?;
/// let contact = manifold(&floor, Transform::IDENTITY, &crate_box, Transform::from_translation(Vec2::new(0.0, 0.9)), 0.02).unwrap();
/// let [first, second] = [contact.points()[0].id, contact.points()[1].id];
/// assert_ne!(first, second);
/// assert!(matches!(first.feature_b, ContactFeature::Vertex(_)));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContactId {
    /// The feature of A.
    pub feature_a: ContactFeature,
    /// The feature of B.
    pub feature_b: ContactFeature,
}

impl ContactId {
    /// Both features smooth: the id of a point between two curved cores.
    ///
    /// ```
    /// use gjk_core::{ContactFeature, ContactId};
    /// assert_eq!(ContactId::SMOOTH.feature_a, ContactFeature::Smooth);
    /// ```
    pub const SMOOTH: Self = Self {
        feature_a: ContactFeature::Smooth,
        feature_b: ContactFeature::Smooth,
    };
}

/// One contact point of a [`Manifold`].
///
/// ```
/// use gjk_core::{manifold, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// // A box resting on a wider one, 0.1 into it: two points along the shared face.
/// let floor = Rect::new(Vec2::new(4.0_f32, 0.5))?;
/// let crate_box = Rect::new(Vec2::new(0.5, 0.5))?;
/// let on_top = Transform::from_translation(Vec2::new(0.0, 0.9));
/// let contact = manifold(&floor, Transform::IDENTITY, &crate_box, on_top, 0.02).unwrap();
/// assert_eq!(contact.normal, Vec2::new(0.0, 1.0));
/// assert_eq!(contact.points().len(), 2);
/// assert!(contact.points().iter().all(|point| (point.separation + 0.1).abs() < 1e-6));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldPoint<S, V = Vec2<S>> {
    /// The contact point on A's (rounded) surface, in A's local frame.
    pub anchor_a: V,
    /// The contact point on B's (rounded) surface, in B's local frame.
    pub anchor_b: V,
    /// The gap between the surfaces along the normal: negative when they overlap,
    /// positive (up to the speculative distance) when the contact is speculative.
    pub separation: S,
    /// The features that make the point.
    pub id: ContactId,
}

/// A contact manifold in A's local frame: a normal and up to two points in the plane,
/// four in 3D (`Manifold<S, Vec3<S>>`).
///
/// Local anchors make the manifold independent of where the bodies are: [`to_world`]
/// places it for any pair of transforms (the ones it was computed at, or the bodies'
/// positions later in a step) and re-measures the separations there.
///
/// [`to_world`]: Manifold::to_world
///
/// ```
/// use gjk_core::{manifold, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// // A box resting on a wider one, 0.1 into it: two points along the shared face.
/// let floor = Rect::new(Vec2::new(4.0_f32, 0.5))?;
/// let crate_box = Rect::new(Vec2::new(0.5, 0.5))?;
/// let on_top = Transform::from_translation(Vec2::new(0.0, 0.9));
/// let contact = manifold(&floor, Transform::IDENTITY, &crate_box, on_top, 0.02).unwrap();
/// assert_eq!(contact.normal, Vec2::new(0.0, 1.0));
/// assert_eq!(contact.points().len(), 2);
/// assert!(contact.points().iter().all(|point| (point.separation + 0.1).abs() < 1e-6));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use]
pub struct Manifold<S: Scalar, V: Space<Scalar = S> = Vec2<S>> {
    /// Unit normal from A to B, in A's local frame (zero when there are no points).
    pub normal: V,
    points: V::Contacts<ManifoldPoint<S, V>>,
    count: usize,
}

impl<S: Scalar, V: Space<Scalar = S>> Manifold<S, V> {
    /// The manifold of shapes too far apart: no points.
    ///
    /// ```
    /// let none = gjk_core::Manifold::<f32>::empty();
    /// assert!(none.is_empty());
    /// assert_eq!(none.points().len(), 0);
    /// ```
    #[inline]
    pub fn empty() -> Self {
        let unused = ManifoldPoint {
            anchor_a: V::ZERO,
            anchor_b: V::ZERO,
            separation: S::ZERO,
            id: ContactId::SMOOTH,
        };
        Self {
            normal: V::ZERO,
            points: V::contacts(unused),
            count: 0,
        }
    }

    /// A manifold from its normal (A's frame, from A to B) and up to two points in the
    /// plane, four in 3D (any more are ignored): for pair-specific contact paths built
    /// outside this crate.
    ///
    /// ```
    /// use gjk_core::{ContactFeature, ContactId, Manifold, ManifoldPoint, Vec2};
    /// let id = ContactId { feature_a: ContactFeature::Vertex(0), feature_b: ContactFeature::Smooth };
    /// let point = ManifoldPoint { anchor_a: Vec2::ZERO, anchor_b: Vec2::ZERO, separation: -0.1_f32, id };
    /// let contact = Manifold::from_points(Vec2::Y, &[point]);
    /// assert_eq!(contact.points(), &[point]);
    /// ```
    #[inline]
    pub fn from_points(normal: V, points: &[ManifoldPoint<S, V>]) -> Self {
        let mut manifold = Self::with_normal(normal);
        for point in points {
            manifold.push(*point);
        }
        manifold
    }

    /// A manifold with the given normal (A's frame) and no points yet.
    #[inline]
    pub(crate) fn with_normal(normal: V) -> Self {
        Self {
            normal,
            ..Self::empty()
        }
    }

    /// Appends a point; one past the capacity is ignored (callers add no more).
    #[inline]
    pub(crate) fn push(&mut self, point: ManifoldPoint<S, V>) {
        if let Some(slot) = self.points.as_mut().get_mut(self.count) {
            *slot = point;
            self.count += 1;
        }
    }

    /// The manifold with every length (anchors and separations) multiplied by
    /// `factor`, a power of two (see `rescale.rs`).
    pub(crate) fn scaled(mut self, factor: S) -> Self {
        for point in self.points.as_mut().iter_mut().take(self.count) {
            point.anchor_a = point.anchor_a * factor;
            point.anchor_b = point.anchor_b * factor;
            point.separation = point.separation * factor;
        }
        self
    }

    /// Takes `anchor_b` of every point from A's frame into B's, where `relative` places
    /// B in A's frame (the builder works in A's frame throughout).
    #[inline]
    pub(crate) fn with_anchor_b_in_frame_of(mut self, relative: V::Transform) -> Self {
        for point in self.points.as_mut().iter_mut().take(self.count) {
            point.anchor_b = relative.inv_transform_point(point.anchor_b);
        }
        self
    }

    /// The contact points (none, one or two in the plane, up to four in 3D).
    ///
    /// ```
    /// assert!(gjk_core::Manifold::<f64>::empty().points().is_empty());
    /// ```
    #[inline]
    pub fn points(&self) -> &[ManifoldPoint<S, V>] {
        let points = self.points.as_ref();
        points.get(..self.count).unwrap_or(points)
    }

    /// Whether there are no contact points.
    ///
    /// ```
    /// assert!(gjk_core::Manifold::<f64>::empty().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The manifold in world space for A placed by `xf_a` and B by `xf_b`: the normal
    /// rotated into the world, each point midway between its two anchors, and each
    /// separation re-measured as `(anchor_b - anchor_a) . normal` there (Box2D's world
    /// manifold). At the transforms the manifold was computed for, the separations are
    /// the manifold's own up to rounding.
    ///
    /// ```
    /// use gjk_core::{manifold, Transform, Vec2};
    /// # use gjk_core::{ContactShape, FeatureId, Support, SupportEdge, SupportPoint};
    /// # struct Square;
    /// # impl Support<f64> for Square {
    /// #     fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
    /// #         let (x, y) = (if d.x >= 0.0 { 0.5 } else { -0.5 }, if d.y >= 0.0 { 0.5 } else { -0.5 });
    /// #         SupportPoint::new(Vec2::new(x, y), FeatureId::vertex(u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0)))
    /// #     }
    /// # }
    /// # impl ContactShape<f64> for Square {
    /// #     fn support_edge(&self, d: Vec2<f64>) -> Option<SupportEdge<f64>> {
    /// #         let corner = |x: f64, y: f64, id| SupportPoint::new(Vec2::new(x, y), FeatureId::vertex(id));
    /// #         let (start, end) = if d.x.abs() >= d.y.abs() {
    /// #             if d.x >= 0.0 { (corner(0.5, -0.5, 1), corner(0.5, 0.5, 3)) } else { (corner(-0.5, 0.5, 2), corner(-0.5, -0.5, 0)) }
    /// #         } else if d.y >= 0.0 { (corner(0.5, 0.5, 3), corner(-0.5, 0.5, 2)) } else { (corner(-0.5, -0.5, 0), corner(0.5, -0.5, 1)) };
    /// #         Some(SupportEdge { start, end })
    /// #     }
    /// # }
    /// let xf_a = Transform::from_translation(Vec2::new(10.0, 0.0));
    /// let xf_b = Transform::from_translation(Vec2::new(10.0, 0.9));
    /// let local = manifold(&Square, xf_a, &Square, xf_b, 0.02)?;
    /// let world = local.to_world(xf_a, xf_b);
    /// assert_eq!(world.normal, Vec2::new(0.0, 1.0));
    /// for point in world.points() {
    ///     assert!((point.separation + 0.1).abs() < 1e-12);
    ///     assert!((point.point.y - 0.45).abs() < 1e-12);
    /// }
    /// # Ok::<(), gjk_core::QueryError>(())
    /// ```
    #[inline]
    pub fn to_world(&self, xf_a: V::Transform, xf_b: V::Transform) -> WorldManifold<S, V> {
        let normal = xf_a.rotate(self.normal);
        let mut world = WorldManifold {
            normal,
            points: V::contacts(WorldPoint {
                point: V::ZERO,
                separation: S::ZERO,
                id: ContactId::SMOOTH,
            }),
            count: self.count,
        };
        for (slot, local) in world.points.as_mut().iter_mut().zip(self.points()) {
            let on_a = xf_a.transform_point(local.anchor_a);
            let on_b = xf_b.transform_point(local.anchor_b);
            *slot = WorldPoint {
                point: (on_a + on_b) * S::HALF,
                separation: (on_b - on_a).dot(normal),
                id: local.id,
            };
        }
        world
    }
}

/// One contact point in world space.
///
/// ```
/// use gjk_core::{manifold, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let floor = Rect::new(Vec2::new(4.0_f32, 0.5))?;
/// let crate_box = Rect::new(Vec2::new(0.5, 0.5))?;
/// let on_top = Transform::from_translation(Vec2::new(1.0, 0.9));
/// let contact = manifold(&floor, Transform::IDENTITY, &crate_box, on_top, 0.02).unwrap();
/// let world = contact.to_world(Transform::IDENTITY, on_top);
/// assert_eq!(world.normal, Vec2::new(0.0, 1.0));
/// assert!(world.points().iter().all(|p| (p.point.y - 0.45).abs() < 1e-5 && (p.separation + 0.1).abs() < 1e-5));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldPoint<S, V = Vec2<S>> {
    /// Midway between the two surfaces.
    pub point: V,
    /// The gap between the surfaces along the normal (negative when overlapping).
    pub separation: S,
    /// The features that make the point.
    pub id: ContactId,
}

/// A contact manifold in world space ([`Manifold::to_world`]).
///
/// ```
/// use gjk_core::{manifold, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let floor = Rect::new(Vec2::new(4.0_f32, 0.5))?;
/// let crate_box = Rect::new(Vec2::new(0.5, 0.5))?;
/// let on_top = Transform::from_translation(Vec2::new(1.0, 0.9));
/// let contact = manifold(&floor, Transform::IDENTITY, &crate_box, on_top, 0.02).unwrap();
/// let world = contact.to_world(Transform::IDENTITY, on_top);
/// assert_eq!(world.normal, Vec2::new(0.0, 1.0));
/// assert!(world.points().iter().all(|p| (p.point.y - 0.45).abs() < 1e-5 && (p.separation + 0.1).abs() < 1e-5));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use]
pub struct WorldManifold<S: Scalar, V: Space<Scalar = S> = Vec2<S>> {
    /// Unit normal from A to B.
    pub normal: V,
    points: V::Contacts<WorldPoint<S, V>>,
    count: usize,
}

impl<S: Scalar, V: Space<Scalar = S>> WorldManifold<S, V> {
    /// The contact points (none, one or two in the plane, up to four in 3D).
    ///
    /// ```
    /// use gjk_core::{Manifold, Transform};
    /// let world = Manifold::<f32>::empty().to_world(Transform::IDENTITY, Transform::IDENTITY);
    /// assert!(world.points().is_empty());
    /// ```
    #[inline]
    pub fn points(&self) -> &[WorldPoint<S, V>] {
        let points = self.points.as_ref();
        points.get(..self.count).unwrap_or(points)
    }
}

/// What happened to a contact point between two frames.
///
/// ```
/// use gjk_core::{manifold, point_states, PointState, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let floor = Rect::new(Vec2::new(4.0_f32, 0.5))?;
/// let crate_box = Rect::new(Vec2::new(0.5, 0.5))?;
/// let at = |y: f32| Transform::from_translation(Vec2::new(0.0, y));
/// let before = manifold(&floor, Transform::IDENTITY, &crate_box, at(0.9), 0.02).unwrap();
/// let after = manifold(&floor, Transform::IDENTITY, &crate_box, at(0.91), 0.02).unwrap();
/// // The same features touch: both points persist (a solver keeps their impulses).
/// assert_eq!(point_states(&before, &after).new, [PointState::Persisted; 2]);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointState {
    /// No point in this slot.
    Null,
    /// New this frame: no point of the old manifold has its id.
    Added,
    /// In both frames (same id): its impulse can be carried over.
    Persisted,
    /// Gone this frame: no point of the new manifold has its id.
    Removed,
}

/// The states of the points of two successive manifolds of the same pair, matched by
/// [`ContactId`] (Box2D's `b2GetPointStates`).
///
/// ```
/// use gjk_core::{manifold, point_states, PointState, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let floor = Rect::new(Vec2::new(4.0_f32, 0.5))?;
/// let crate_box = Rect::new(Vec2::new(0.5, 0.5))?;
/// let at = |y: f32| Transform::from_translation(Vec2::new(0.0, y));
/// let before = manifold(&floor, Transform::IDENTITY, &crate_box, at(0.9), 0.02).unwrap();
/// let after = manifold(&floor, Transform::IDENTITY, &crate_box, at(0.91), 0.02).unwrap();
/// // The same features touch: both points persist (a solver keeps their impulses).
/// assert_eq!(point_states(&before, &after).new, [PointState::Persisted; 2]);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub struct PointStates<P = [PointState; 2]> {
    /// For each point of the old manifold: `Persisted` or `Removed` (`Null` for
    /// unused slots). Two slots in the plane, four in 3D.
    pub old: P,
    /// For each point of the new manifold: `Persisted` or `Added` (`Null` for unused
    /// slots).
    pub new: P,
}

/// How the points of `old` carried over into `new`, by feature id.
///
/// ```
/// use gjk_core::{manifold, point_states, PointState, Transform, Vec2};
/// # use gjk_core::{ContactShape, FeatureId, Support, SupportEdge, SupportPoint};
/// # struct Square;
/// # impl Support<f64> for Square {
/// #     fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
/// #         let (x, y) = (if d.x >= 0.0 { 0.5 } else { -0.5 }, if d.y >= 0.0 { 0.5 } else { -0.5 });
/// #         SupportPoint::new(Vec2::new(x, y), FeatureId::vertex(u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0)))
/// #     }
/// # }
/// # impl ContactShape<f64> for Square {
/// #     fn support_edge(&self, d: Vec2<f64>) -> Option<SupportEdge<f64>> {
/// #         let corner = |x: f64, y: f64, id| SupportPoint::new(Vec2::new(x, y), FeatureId::vertex(id));
/// #         let (start, end) = if d.x.abs() >= d.y.abs() {
/// #             if d.x >= 0.0 { (corner(0.5, -0.5, 1), corner(0.5, 0.5, 3)) } else { (corner(-0.5, 0.5, 2), corner(-0.5, -0.5, 0)) }
/// #         } else if d.y >= 0.0 { (corner(0.5, 0.5, 3), corner(-0.5, 0.5, 2)) } else { (corner(-0.5, -0.5, 0), corner(0.5, -0.5, 1)) };
/// #         Some(SupportEdge { start, end })
/// #     }
/// # }
/// let a = Transform::IDENTITY;
/// let before = manifold(&Square, a, &Square, Transform::from_translation(Vec2::new(0.0, 0.99)), 0.02)?;
/// let after = manifold(&Square, a, &Square, Transform::from_translation(Vec2::new(0.001, 0.98)), 0.02)?;
/// let states = point_states(&before, &after);
/// assert_eq!(states.new, [PointState::Persisted; 2]);
/// # Ok::<(), gjk_core::QueryError>(())
/// ```
pub fn point_states<S: Scalar, V: Space<Scalar = S>>(
    old: &Manifold<S, V>,
    new: &Manifold<S, V>,
) -> PointStates<V::Contacts<PointState>> {
    let mut states = PointStates {
        old: V::contacts(PointState::Null),
        new: V::contacts(PointState::Null),
    };
    let has = |manifold: &Manifold<S, V>, id: ContactId| {
        manifold.points().iter().any(|point| point.id == id)
    };
    for (state, point) in states.old.as_mut().iter_mut().zip(old.points()) {
        *state = if has(new, point.id) {
            PointState::Persisted
        } else {
            PointState::Removed
        };
    }
    for (state, point) in states.new.as_mut().iter_mut().zip(new.points()) {
        *state = if has(old, point.id) {
            PointState::Persisted
        } else {
            PointState::Added
        };
    }
    states
}
