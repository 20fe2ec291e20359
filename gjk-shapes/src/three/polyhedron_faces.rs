//! The faces of a [`Polyhedron`](crate::Polyhedron): gift wrapping around the hull's
//! vertices, coplanar points merged into polygons, stored in fixed arrays with the
//! face across every edge.
//!
//! ```text
//! first face: the vertex least in (x, y, z) and the vertex j whose vertical plane
//!     through both leaves every point on one side (a supporting plane), then
//!     wrapped around the axis through them
//! wrap around an axis (a, b): p = the point q with no point beyond plane (a, b, q)
//!     (one pass, replacing p by any point beyond); the face = every point within
//!     the tolerance of that plane, ordered counter-clockwise by a march around
//!     their hull in the plane
//! every edge a -> b of every face: the face holding b -> a, if one does, is across
//!     it; otherwise wrap around (b, a) for a new face, which must hold b -> a
//! check: every edge has a face across, every vertex is on a face, and
//!     V - E + F = 2; anything else is a set too close to flat to tell its faces
//! ```
//!
//! Storage: a hull of `V` vertices has at most `2 V - 4` faces and `6 V - 12` face
//! corners (each edge is in two faces), so arrays of `2 N` faces and `6 N` corners hold
//! any hull of `N` vertices. Indices are `u16`, which caps `N` at `65535 / 6`. The
//! arithmetic is in `f64` whatever `S` is: this runs once, when the shape is built.

use gjk_core::{Scalar, Vec3};

use crate::ConvexPoints;

/// Coplanar within this many epsilons of `S` times the size: four times the hull
/// builder's bound on how far its points can lie from the hull (`16 eps * size`, see
/// `ConvexPoints::hull`), so that points a face's corners were rounded off merge
/// into it.
const COPLANAR_EPSILONS: f64 = 64.0;

/// How nearly perpendicular to a direction an edge at the support vertex must be (the
/// cosine of its angle) for its faces to be preferred: a thousandth, as the
/// manifold's ties.
const EDGE_TIE: f64 = 1e-3;

/// No face across this edge yet.
const NONE: u16 = u16::MAX;

/// The faces of a hull: each a loop of vertex indices, counter-clockwise seen from
/// outside, with the face across each of its edges and its outward normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Topology<S, const N: usize> {
    /// Every face's corners, face after face (corner `i` at `[i / N][i % N]`).
    corners: [[u16; N]; 6],
    /// The face across the edge from corner `i` to the next corner of its face.
    across: [[u16; N]; 6],
    /// Face `f`'s corners are `starts[f]` up to `starts[f + 1]`.
    starts: [[u16; N]; 2],
    /// Face `f`'s unit outward normal.
    normals: [[[S; 3]; N]; 2],
    /// A face each vertex is a corner of.
    face_of_vertex: [u16; N],
    face_count: usize,
}

/// Slot `index` of `N`-wide rows: `rows[index / N][index % N]`.
fn slot<T: Copy, const N: usize, const R: usize>(rows: &[[T; N]; R], index: usize) -> Option<T> {
    rows.get(index / N.max(1))?.get(index % N.max(1)).copied()
}

fn set_slot<T, const N: usize, const R: usize>(
    rows: &mut [[T; N]; R],
    index: usize,
    value: T,
) -> Option<()> {
    *rows.get_mut(index / N.max(1))?.get_mut(index % N.max(1))? = value;
    Some(())
}

type P = [f64; 3];

/// Whether `candidate`, seen from `origin` in the plane, should give way to `other`:
/// `other` lies to the right of the line to `candidate`, or on it and farther. The
/// step of a march around points' hull counter-clockwise (Jarvis's).
fn gives_way(origin: [f64; 2], candidate: [f64; 2], other: [f64; 2]) -> bool {
    let to_candidate = [candidate[0] - origin[0], candidate[1] - origin[1]];
    let to_other = [other[0] - origin[0], other[1] - origin[1]];
    let turn = to_candidate[0] * to_other[1] - to_candidate[1] * to_other[0];
    let farther = to_other[0] * to_other[0] + to_other[1] * to_other[1]
        > to_candidate[0] * to_candidate[0] + to_candidate[1] * to_candidate[1];
    turn < 0.0 || (turn == 0.0 && farther)
}

fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: P, b: P) -> P {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn unit(a: P) -> Option<P> {
    let length = dot(a, a).square_root();
    (length > 0.0 && length.is_finite()).then(|| a.map(|c| c / length))
}

impl<S: Scalar, const N: usize> Topology<S, N> {
    pub(crate) fn face_count(&self) -> usize {
        self.face_count
    }

    /// Face `face`'s corner range (empty past the last face).
    fn corner_range(&self, face: usize) -> core::ops::Range<usize> {
        if face >= self.face_count {
            return 0..0;
        }
        let start = slot(&self.starts, face).map_or(0, usize::from);
        let end = slot(&self.starts, face + 1).map_or(0, usize::from);
        start..end.max(start)
    }

    /// Face `face`'s vertex indices in order (none past the last face).
    pub(crate) fn face(&self, face: usize) -> impl Iterator<Item = usize> + '_ {
        self.corner_range(face)
            .filter_map(|corner| slot(&self.corners, corner).map(usize::from))
    }

    /// The number of face `face`'s vertices (zero past the last face).
    pub(crate) fn face_len(&self, face: usize) -> usize {
        self.corner_range(face).len()
    }

    /// Vertex `corner` of face `face`, read directly.
    pub(crate) fn corner(&self, face: usize, corner: usize) -> Option<usize> {
        let range = self.corner_range(face);
        let at = range
            .start
            .checked_add(corner)
            .filter(|&at| at < range.end)?;
        slot(&self.corners, at).map(usize::from)
    }

    pub(crate) fn normal(&self, face: usize) -> Option<Vec3<S>> {
        if face >= self.face_count {
            return None;
        }
        let [x, y, z] = slot(&self.normals, face)?;
        Some(Vec3::new(x, y, z))
    }

    /// The face around `vertex` (the support vertex along `direction`) that faces
    /// `direction` best, by walking from face to face across the vertex's edges, from
    /// a face to the one across the edge that enters the vertex, until back at the
    /// first.
    ///
    /// Best is the face whose normal is nearest `direction`, except that the faces of
    /// an edge nearly perpendicular to `direction` (within `EDGE_TIE`) come first: the
    /// edge is then part of the support along `direction` (or nearly), and its better
    /// aligned face holds it, where the nearest normal around the vertex can belong to
    /// a face that meets the edge only at the vertex. The face chosen thus holds the
    /// whole of what supports `direction`, which the contact point lies on.
    pub(crate) fn best_face_around(
        &self,
        vertex: usize,
        direction: Vec3<S>,
        point: impl Fn(usize) -> Option<Vec3<S>>,
    ) -> Option<usize> {
        let first = usize::from(*self.face_of_vertex.get(vertex)?);
        let at_vertex = point(vertex)?;
        let tie = S::from_f64(EDGE_TIE) * direction.length();
        let mut face = first;
        // (face, alignment, whether it holds a supporting edge)
        let mut best: Option<(usize, S, bool)> = None;
        let consider =
            |face: usize, on_edge: bool, best: &mut Option<(usize, S, bool)>| -> Option<()> {
                let alignment = self.normal(face)?.dot(direction);
                let better = best.is_none_or(|(_, most, most_on_edge)| {
                    (on_edge && !most_on_edge) || (on_edge == most_on_edge && alignment > most)
                });
                if better {
                    *best = Some((face, alignment, on_edge));
                }
                Some(())
            };
        // A vertex is on at most every face: the bound only guards against a broken
        // topology, which `wrap` does not build.
        for _ in 0..self.face_count {
            let core::ops::Range { start, end } = self.corner_range(face);
            let at = (start..end)
                .find(|&corner| slot(&self.corners, corner).map(usize::from) == Some(vertex))?;
            let entering = if at == start { end - 1 } else { at - 1 };
            let previous = point(usize::from(slot(&self.corners, entering)?))?;
            let edge = previous - at_vertex;
            let next_face = usize::from(slot(&self.across, entering)?);
            let supporting_edge = direction.dot(edge).abs() <= tie * edge.length();
            consider(face, supporting_edge, &mut best)?;
            if supporting_edge {
                consider(next_face, true, &mut best)?;
            }
            face = next_face;
            if face == first {
                break;
            }
        }
        best.map(|(face, ..)| face)
    }

    /// The faces of the hull of `vertices` (every one a corner of it, as
    /// `ConvexPoints::hull` gives them); `None` when the wrapped faces are not a
    /// consistent closed surface or do not fit the arrays.
    pub(crate) fn wrap(vertices: &ConvexPoints<S, N>) -> Option<Self> {
        let count = vertices.len();
        if count < 3 || N > usize::from(u16::MAX - 1) / 6 {
            return None;
        }
        let mut points = [[0.0; 3]; N];
        for (slot, point) in points.iter_mut().zip(vertices.points()) {
            *slot = [point.x, point.y, point.z].map(Scalar::to_f64);
        }
        let points = points.get(..count)?;
        let size = (0..3)
            .map(|axis| {
                let (low, high) = points
                    .iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), p| {
                        (low.min(p[axis]), high.max(p[axis]))
                    });
                high - low
            })
            .fold(0.0, f64::max);
        let mut builder = Builder {
            topology: Self {
                corners: [[0; N]; 6],
                across: [[NONE; N]; 6],
                starts: [[0; N]; 2],
                normals: [[[S::ZERO; 3]; N]; 2],
                face_of_vertex: [NONE; N],
                face_count: 0,
            },
            points,
            tolerance: COPLANAR_EPSILONS * S::EPS.to_f64() * size,
            corner_count: 0,
        };
        builder.first_face()?;
        let mut face = 0;
        while face < builder.topology.face_count {
            builder.link_edges_of(face)?;
            face += 1;
        }
        builder.check().then_some(builder.topology)
    }
}

/// The topology being wrapped, with the points in `f64`.
struct Builder<'p, S, const N: usize> {
    topology: Topology<S, N>,
    points: &'p [P],
    tolerance: f64,
    corner_count: usize,
}

impl<S: Scalar, const N: usize> Builder<'_, S, N> {
    fn point(&self, index: usize) -> Option<P> {
        self.points.get(index).copied()
    }

    /// The face through the least vertex: see the module's outline.
    fn first_face(&mut self) -> Option<()> {
        let least = (0..self.points.len()).min_by(|&i, &j| {
            self.points[i]
                .partial_cmp(&self.points[j])
                .unwrap_or(core::cmp::Ordering::Equal)
        })?;
        let origin = self.point(least)?;
        // In the xy projection, the vertex with every point on its left (the farthest
        // on ties): the vertical plane through both supports the set.
        let mut partner = None;
        for index in 0..self.points.len() {
            if index == least {
                continue;
            }
            let Some(current) = partner else {
                partner = Some(index);
                continue;
            };
            let (current, candidate) = (self.point(current)?, self.point(index)?);
            if gives_way(
                [origin[0], origin[1]],
                [current[0], current[1]],
                [candidate[0], candidate[1]],
            ) {
                partner = Some(index);
            }
        }
        self.add_face_around(least, partner?)?;
        Some(())
    }

    /// Wraps around the axis `a -> b` and stores the face found (its loop holds the
    /// plane's points in order); its index.
    fn add_face_around(&mut self, a: usize, b: usize) -> Option<usize> {
        let (point_a, point_b) = (self.point(a)?, self.point(b)?);
        let axis = sub(point_b, point_a);
        let mut chosen = (0..self.points.len()).find(|&index| index != a && index != b)?;
        for index in 0..self.points.len() {
            if index == a || index == b {
                continue;
            }
            let normal = cross(axis, sub(self.point(chosen)?, point_a));
            let beyond = dot(normal, sub(self.point(index)?, point_a));
            if beyond > self.tolerance * dot(normal, normal).square_root() {
                chosen = index;
            }
        }
        let normal = unit(cross(axis, sub(self.point(chosen)?, point_a)))?;
        self.store_face(normal, point_a)
    }

    /// Stores the face of the points within the tolerance of the plane through
    /// `on_plane` with outward unit normal `normal`, ordered by a march around their
    /// hull in the plane.
    fn store_face(&mut self, normal: P, on_plane: P) -> Option<usize> {
        let face = self.topology.face_count;
        let first_corner = self.corner_count;
        let (points, tolerance) = (self.points, self.tolerance);
        let in_plane = |index: usize| {
            points
                .get(index)
                .is_some_and(|&p| dot(normal, sub(p, on_plane)).abs() <= tolerance)
        };
        // In-plane coordinates along `u` and `w = normal x u`, counter-clockwise about
        // the normal.
        let u = unit(if normal[0].abs() < 0.6 {
            cross(normal, [1.0, 0.0, 0.0])
        } else {
            cross(normal, [0.0, 1.0, 0.0])
        })?;
        let w = cross(normal, u);
        let planar = |index: usize| -> Option<[f64; 2]> {
            let &p = points.get(index)?;
            Some([dot(p, u), dot(p, w)])
        };
        let start = (0..points.len())
            .filter(|&index| in_plane(index))
            .min_by(|&i, &j| {
                let (pi, pj) = (planar(i).unwrap_or([0.0; 2]), planar(j).unwrap_or([0.0; 2]));
                pi.partial_cmp(&pj).unwrap_or(core::cmp::Ordering::Equal)
            })?;
        let mut current = start;
        let mut corners = 0;
        loop {
            self.push_corner(current)?;
            corners += 1;
            if corners > points.len() {
                return None;
            }
            let origin = planar(current)?;
            // The next corner: no in-plane point to its right, the farthest on ties.
            let mut next: Option<usize> = None;
            for index in 0..points.len() {
                if index == current || !in_plane(index) {
                    continue;
                }
                let Some(candidate) = next else {
                    next = Some(index);
                    continue;
                };
                if gives_way(origin, planar(candidate)?, planar(index)?) {
                    next = Some(index);
                }
            }
            current = next?;
            if current == start {
                break;
            }
        }
        if corners < 3 {
            return None;
        }
        // The normal of the face's own corners (Newell's), in the storage type.
        let mut newell = [0.0; 3];
        for k in 0..corners {
            let this = self.point(usize::from(slot(&self.topology.corners, first_corner + k)?))?;
            let next = self.point(usize::from(slot(
                &self.topology.corners,
                first_corner + (k + 1) % corners,
            )?))?;
            newell[0] += (this[1] - next[1]) * (this[2] + next[2]);
            newell[1] += (this[2] - next[2]) * (this[0] + next[0]);
            newell[2] += (this[0] - next[0]) * (this[1] + next[1]);
        }
        let newell = unit(newell)?;
        if dot(newell, normal) <= 0.0 {
            return None;
        }
        set_slot(&mut self.topology.normals, face, newell.map(S::from_f64))?;
        set_slot(
            &mut self.topology.starts,
            face,
            u16::try_from(first_corner).ok()?,
        )?;
        set_slot(
            &mut self.topology.starts,
            face + 1,
            u16::try_from(self.corner_count).ok()?,
        )?;
        self.topology.face_count = face + 1;
        Some(face)
    }

    fn push_corner(&mut self, vertex: usize) -> Option<()> {
        let face = u16::try_from(self.topology.face_count).ok()?;
        set_slot(
            &mut self.topology.corners,
            self.corner_count,
            u16::try_from(vertex).ok()?,
        )?;
        if let Some(owner) = self.topology.face_of_vertex.get_mut(vertex)
            && *owner == NONE
        {
            *owner = face;
        }
        self.corner_count += 1;
        Some(())
    }

    /// The edge leaving corner `corner` of a face whose corners are `range`.
    fn edge(&self, range: &core::ops::Range<usize>, corner: usize) -> Option<(usize, usize)> {
        let next = if corner + 1 == range.end {
            range.start
        } else {
            corner + 1
        };
        Some((
            usize::from(slot(&self.topology.corners, corner)?),
            usize::from(slot(&self.topology.corners, next)?),
        ))
    }

    /// The corner of some face other than `except` whose edge is `from -> to`.
    fn find_edge(&self, from: usize, to: usize, except: usize) -> Option<(usize, usize)> {
        (0..self.topology.face_count)
            .filter(|&face| face != except)
            .find_map(|face| {
                let range = self.topology.corner_range(face);
                range
                    .clone()
                    .find(|&corner| self.edge(&range, corner) == Some((from, to)))
                    .map(|corner| (face, corner))
            })
    }

    /// Gives every edge of `face` the face across it, wrapping new faces as needed.
    fn link_edges_of(&mut self, face: usize) -> Option<()> {
        let range = self.topology.corner_range(face);
        for corner in range.clone() {
            if slot(&self.topology.across, corner)? != NONE {
                continue;
            }
            let (from, to) = self.edge(&range, corner)?;
            let (other, other_corner) = match self.find_edge(to, from, face) {
                Some(found) => found,
                None => {
                    let added = self.add_face_around(to, from)?;
                    let added_range = self.topology.corner_range(added);
                    let at = added_range
                        .clone()
                        .find(|&c| self.edge(&added_range, c) == Some((to, from)))?;
                    (added, at)
                }
            };
            if slot(&self.topology.across, other_corner)? != NONE {
                return None;
            }
            set_slot(
                &mut self.topology.across,
                corner,
                u16::try_from(other).ok()?,
            )?;
            set_slot(
                &mut self.topology.across,
                other_corner,
                u16::try_from(face).ok()?,
            )?;
        }
        Some(())
    }

    /// A closed surface over every vertex: every edge with a face across, Euler's
    /// `V - E + F = 2`.
    fn check(&self) -> bool {
        let all_linked =
            (0..self.corner_count).all(|corner| slot(&self.topology.across, corner) != Some(NONE));
        let all_used = self
            .topology
            .face_of_vertex
            .iter()
            .take(self.points.len())
            .all(|&face| face != NONE);
        let edges = self.corner_count / 2;
        all_linked
            && all_used
            && self.corner_count.is_multiple_of(2)
            && self.points.len() + self.topology.face_count == edges + 2
    }
}
