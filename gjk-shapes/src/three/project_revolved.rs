//! Closed-form point projections on the solids of revolution, `Cylinder` and `Cone`,
//! through their meridian sections.
//!
//! A solid of revolution about the local z axis is the meridian section (its cut by
//! a plane through the axis) turned about the axis. A point's nearest surface point
//! lies in the half-plane through the axis and the point, so the 3D projection is the
//! plane projection of `(r, z)` (`r` the point's distance from the axis) on the
//! section, turned back: `(r', z')` becomes `r' u + z' Z` and a normal `(n_r, n_z)`
//! becomes `n_r u + n_z Z`, with `u` the unit direction from the axis to the point.
//! The section of a cylinder is a rectangle, of a cone a triangle; the plane's closed
//! forms (`Rect::project_point`, `Polygon::project_point`) do the rest. A point on the
//! axis takes the local x axis as `u` (every half-plane is nearest there).

use gjk_core::{PointProjection, Scalar, Transform, Transform3, Vec2, Vec3, project_point};

use crate::projection::{invalid, local_point, placed};
use crate::{Cone, Cylinder, Polygon, Rect};

/// `local` as meridian coordinates `(r, z)` and the unit direction `u` from the axis
/// toward it (the local x axis on the axis). `r` is measured along `u`, so that it
/// keeps its digits where `x^2 + y^2` would under- or overflow.
fn meridian<S: Scalar>(local: Vec3<S>) -> (Vec2<S>, Vec3<S>) {
    let radial = Vec2::new(local.x, local.y);
    match radial.normalize() {
        Some(unit) => (
            Vec2::new(unit.dot(radial), local.z),
            Vec3::new(unit.x, unit.y, S::ZERO),
        ),
        None => (Vec2::new(S::ZERO, local.z), Vec3::X),
    }
}

/// A projection in the meridian half-plane turned back about the axis, placed by `xf`.
fn revolved<S: Scalar>(
    xf: Transform3<S>,
    section: PointProjection<S>,
    across: Vec3<S>,
) -> PointProjection<S, Vec3<S>> {
    let turn = |p: Vec2<S>| across * p.x + Vec3::Z * p.y;
    placed(
        xf,
        (
            turn(section.surface_point),
            section.signed_distance,
            turn(section.normal),
        ),
    )
}

impl<S: Scalar> Cylinder<S> {
    /// The point of the cylinder (placed by `xf`) nearest `point`, its signed distance
    /// and the outward normal, in closed form (the conventions of
    /// [`gjk_core::PointProjection`]): the rectangle `|r| <= radius, |z| <= h` of its
    /// meridian section, projected in the plane and turned back (see the module).
    /// Inside, the side wins ties with a cap.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Cylinder;
    ///
    /// let can = Cylinder::new(2.0_f64, 1.0)?;
    /// let out = can.project_point(Transform3::IDENTITY, Vec3::new(0.0, 3.0, 1.0));
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 2.0));
    /// assert_eq!((out.surface_point, out.normal), (Vec3::new(0.0, 1.0, 1.0), Vec3::Y));
    /// let inside = can.project_point(Transform3::IDENTITY, Vec3::new(0.5, 0.0, 1.75));
    /// assert_eq!((inside.signed_distance, inside.normal), (-0.25, Vec3::Z));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        let (section_point, across) = meridian(local);
        match Rect::new(Vec2::new(self.radius(), self.half_height())) {
            Ok(section) => revolved(
                xf,
                section.project_point(Transform::IDENTITY, section_point),
                across,
            ),
            // Not reached: the cylinder's sizes make a valid rectangle.
            Err(_) => project_point(self, xf, point),
        }
    }
}

impl<S: Scalar> Cone<S> {
    /// The point of the cone (placed by `xf`) nearest `point`, its signed distance and
    /// the outward normal, in closed form (the conventions of
    /// [`gjk_core::PointProjection`]): the triangle of its meridian section (apex
    /// `(0, h)`, base corners `(-radius, -h)` and `(radius, -h)`), projected in the
    /// plane and turned back (see the module). A section too thin to be a valid
    /// polygon in `S` takes the generic [`gjk_core::project_point`].
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Cone;
    ///
    /// let cone = Cone::new(1.0_f64, 1.0)?;
    /// let below = cone.project_point(Transform3::IDENTITY, Vec3::new(0.0, 0.5, -3.0));
    /// assert_eq!((below.status, below.signed_distance), (PointStatus::Outside, 2.0));
    /// assert_eq!((below.surface_point, below.normal), (Vec3::new(0.0, 0.5, -1.0), -Vec3::Z));
    /// let above = cone.project_point(Transform3::IDENTITY, Vec3::new(0.0, 0.0, 3.0));
    /// assert_eq!((above.surface_point, above.signed_distance), (cone.apex(), 2.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        let (section_point, across) = meridian(local);
        let (h, r) = (self.half_height(), self.radius());
        let corners = [Vec2::new(-r, -h), Vec2::new(r, -h), Vec2::new(S::ZERO, h)];
        match Polygon::<S, 3>::new(&corners) {
            Ok(section) => revolved(
                xf,
                section.project_point(Transform::IDENTITY, section_point),
                across,
            ),
            Err(_) => project_point(self, xf, point),
        }
    }
}
