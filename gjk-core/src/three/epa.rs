//! The expanding polytope algorithm (EPA) in 3D: how deep two overlapping cores are.
//!
//! The plane's algorithm (`two/epa.rs`) with a polytope of triangles. When GJK stops
//! with the origin in (or on) the Minkowski difference `D = B - A` of the cores, the
//! smallest translation that separates them is the point `p` of D's boundary nearest
//! the origin; EPA finds it by growing a convex polytope inside `D` from GJK's last
//! simplex:
//!
//! ```text
//! polytope = GJK's simplex, grown to a tetrahedron around the origin
//! loop:
//!     f = the face nearest the origin: outward unit normal m, distance d
//!     w = support point of D along m (s = m.w >= d: D reaches at least that far)
//!     s - d small (relative to the shapes), or w's features already a vertex
//!         -> p = the point of f nearest the origin: depth d, B moves by d along -m
//!     remove the faces w sees, close the hole with a fan of faces from w to the
//!     hole's rim (the horizon): the polytope stays convex
//! ```
//!
//! Storage is fixed and small-indexed: [`CAPACITY`] vertices and the `2 CAPACITY - 4`
//! triangles a closed polytope of that many vertices has, each face with its three
//! corners and the three faces across its edges as bytes. A vertex is free again once
//! no face uses it (the faces `w` sees can enclose vertices), so the polytope fills
//! only when it holds `CAPACITY` vertices at once.
//!
//! On polytopes the loop ends exactly (the support vertex along a face normal is
//! already a vertex of that face). On curved shapes the faces near the answer close
//! in on it only slowly, and the answer is bounded from both sides, as in the plane
//! (see `two/epa.rs` for why a capped polytope alone is not enough):
//!
//! ```text
//! once the polytope cannot grow (full, or a horizon that rounding broke):
//!     upper bound U = the local minimum of D's support function near the nearest
//!                     face (first_bound), then every smaller support value EPA meets
//!     prune:  faces at least U away (less the slack) are closed; a vertex whose faces
//!             are all closed is dropped, its hole closed by a fan that keeps the
//!             origin strictly inside (closed too), which frees room
//! ends:    the nearest open face meets U -> U is the answer, converged
//!          nothing to drop, or SUPPORT_BUDGET spent -> the best local minimum from
//!          the faces that could hold a smaller one (improve_bound), MaxIterations
//! ```
//!
//! A pruned polytope need not be convex, so every new face is checked to keep the
//! origin on its inner side: the faces then still cover each direction from the
//! origin once, which is what the walk over visible faces and the certificate rely on
//! (see `Polytope::prune`). Where the depth varies little around its minimum (deep
//! inside a nearly round shape) the faces near the answer outnumber the polytope even
//! so, and the answer is an honest `MaxIterations` with its upper bound.

use core::cmp::Ordering;

use crate::gjk::MinkowskiDifference;
use crate::gjk::simplex::{GjkSimplex, SimplexVertex, made_of};
use crate::gjk::{Deepest, EpaEnd};
use crate::three::simplex::{Simplex3, closest_on_triangle};
use crate::{FeatureId, Scalar, Vec3};

/// Most vertices the polytope holds at once. Two boxes have at most 64 vertices in
/// their Minkowski difference, and EPA touches only those near the answer (4 to 7
/// insertions on average for boxes and 32-point hulls); curved shapes converge near
/// the nearest face, the rest of the polytope closed and pruned. With fewer, deep
/// curved pairs cap sooner: without pruning, 64 capped 87 % of deep `f64` ellipsoid
/// pairs and 128 or more 19 %; with pruning, 64 caps 23 %, all deeper than a fifth of
/// the size (2026-11-27). The polytope takes 5.1 KB of stack in `f32` and 8.6 KB in
/// `f64`, an insertion about 1.7 KB (`f32`) more.
pub(crate) const CAPACITY: usize = 64;

/// Most faces: a closed triangulated polytope of `n` vertices has `2 n - 4` faces
/// (Euler), so the faces never fill before the vertices.
const FACE_CAPACITY: usize = if 2 * CAPACITY - 4 > 255 {
    255
} else {
    2 * CAPACITY - 4
};

// Faces and vertices are numbered in bytes.
const _: () = assert!(FACE_CAPACITY <= 255);

/// A polytope vertex: A's support point that made it, the point of `D` (B's support
/// point less A's, so B's is not kept: the answer derives B's point from A's) and the
/// features of both.
#[derive(Clone, Copy, Debug)]
struct Vertex<S> {
    witness_a: Vec3<S>,
    w: Vec3<S>,
    feature_a: FeatureId,
    feature_b: FeatureId,
}

impl<S: Scalar> Vertex<S> {
    /// An unused slot.
    const UNUSED: Self = Self {
        witness_a: Vec3::ZERO,
        w: Vec3::ZERO,
        feature_a: FeatureId::vertex(0),
        feature_b: FeatureId::vertex(0),
    };

    fn from_simplex(vertex: &SimplexVertex<S, Vec3<S>>) -> Self {
        Self {
            witness_a: vertex.witness_a,
            w: vertex.w,
            feature_a: vertex.feature_a,
            feature_b: vertex.feature_b,
        }
    }

    /// Whether the vertex was made from the same two polytope features (never for
    /// smooth features, whose points move with the direction).
    fn same_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        made_of((self.feature_a, self.feature_b), feature_a, feature_b)
    }
}

/// A triangle of the polytope, counter-clockwise seen from outside.
#[derive(Clone, Copy, Debug)]
struct Face<S> {
    /// Its corners, indices into the vertices.
    corners: [u8; 3],
    /// The face across edge `i` (from corner `i` to corner `i + 1`).
    neighbours: [u8; 3],
    /// Outward unit normal; zero for a face too flat to have one.
    normal: Vec3<S>,
    /// Distance from the origin to the triangle (not its plane: on the sliver faces a
    /// barely touching pair gives, the plane passes near the origin far beyond the
    /// triangle, as the plane's EPA found for its edges); infinite for a flat face,
    /// which is then never chosen.
    distance: S,
    alive: bool,
}

impl<S: Scalar> Face<S> {
    const DEAD: Self = Self {
        corners: [0; 3],
        neighbours: [0; 3],
        normal: Vec3::ZERO,
        distance: S::ZERO,
        alive: false,
    };
}

/// The unit normal of the triangle `a b c` (counter-clockwise seen from its outer
/// side) from the cross product of its two shortest edges, the smallest rounding (as
/// the simplex solver and Jolt measure faces); `None` for a triangle with no area.
fn triangle_normal<S: Scalar>(a: Vec3<S>, b: Vec3<S>, c: Vec3<S>) -> Option<Vec3<S>> {
    // `ab x bc = bc x ca = ca x ab`: the same twice-area vector from any two edges.
    let (ab, bc, ca) = (b - a, c - b, a - c);
    let (l_ab, l_bc, l_ca) = (
        ab.length_squared(),
        bc.length_squared(),
        ca.length_squared(),
    );
    let area = if l_ab >= l_bc && l_ab >= l_ca {
        bc.cross(ca)
    } else if l_bc >= l_ca {
        ca.cross(ab)
    } else {
        ab.cross(bc)
    };
    // One square root and one division where the squared length is a normal number
    // (`Vec3::normalize` scales by the largest coordinate first, two divisions more,
    // which took a quarter of a box pair's EPA time); scaled where it under- or
    // overflows.
    let length_squared = area.length_squared();
    if length_squared >= S::min_positive_value() && length_squared < S::infinity() {
        Some(area * (S::ONE / length_squared.sqrt()))
    } else {
        area.normalize()
    }
}

/// The distance from the origin to the triangle `corners` with unit normal `normal`:
/// from its plane when the origin's foot lies inside (on the inner side of every edge,
/// `n . (x cross y) >= 0` for each edge `x -> y`, the simplex solver's area test),
/// measured from the corner nearest the origin (the least rounding, as the plane's EPA
/// measures its edges); else from the nearest edge.
fn triangle_distance<S: Scalar>(corners: [Vec3<S>; 3], normal: Vec3<S>) -> S {
    let [a, b, c] = corners;
    let inside = normal.dot(a.cross(b)) >= S::ZERO
        && normal.dot(b.cross(c)) >= S::ZERO
        && normal.dot(c.cross(a)) >= S::ZERO;
    if inside {
        let nearest = corners.into_iter().fold(a, |nearest, corner| {
            if corner.length_squared() < nearest.length_squared() {
                corner
            } else {
                nearest
            }
        });
        return normal.dot(nearest);
    }
    [(a, b), (b, c), (c, a)]
        .into_iter()
        .fold(S::infinity(), |nearest, (start, end)| {
            let t = fraction_nearest_origin(start, end);
            nearest.min((start + (end - start) * t).length())
        })
}

/// The fraction along the segment from `start` to `end` of its point nearest the
/// origin (zero for a segment of no length).
fn fraction_nearest_origin<S: Scalar>(start: Vec3<S>, end: Vec3<S>) -> S {
    let edge = end - start;
    let length_squared = edge.length_squared();
    if length_squared > S::ZERO {
        (-start.dot(edge) / length_squared).max(S::ZERO).min(S::ONE)
    } else {
        S::ZERO
    }
}

/// The faces of a tetrahedron whose vertices 0 to 3 have
/// `(w1 - w0) x (w2 - w0) . (w3 - w0) > 0`, each counter-clockwise from outside.
const TETRAHEDRON: [[u8; 3]; 4] = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];

/// The face across each edge of each face of [`TETRAHEDRON`] (the face holding that
/// edge reversed; `tests::the_tetrahedron_s_neighbours_hold_each_edge_reversed`).
const TETRAHEDRON_NEIGHBOURS: [[u8; 3]; 4] = [[2, 3, 1], [0, 3, 2], [1, 3, 0], [0, 2, 1]];

/// Why a face could not be expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stuck {
    /// No vertex slot is free.
    Full,
    /// The faces the new point sees do not form a disc (rounding, on a point nearly
    /// in the plane of several faces), so there is no rim to close.
    BrokenHorizon,
}

/// One edge of the horizon: the rim of the faces a new point sees, with the face
/// outside it that stays.
#[derive(Clone, Copy, Debug, Default)]
struct RimEdge {
    from: u8,
    to: u8,
    outside: u8,
    /// The edge's index in `outside`'s edges.
    outside_edge: u8,
}

/// The polytope EPA grows.
struct Polytope<S> {
    vertices: [Vertex<S>; CAPACITY],
    /// How many live faces use each vertex: zero marks a free slot below `vertex_end`.
    uses: [u8; CAPACITY],
    /// Slots at and above this one were never used.
    vertex_end: usize,
    /// The largest squared length of a vertex added so far.
    largest_squared: S,
    faces: [Face<S>; FACE_CAPACITY],
    /// Slots at and above this one were never used.
    face_end: usize,
}

impl<S: Scalar> Polytope<S> {
    /// An empty polytope: every slot zero, which the compiler sets as one block.
    fn new() -> Self {
        Self {
            vertices: [Vertex::UNUSED; CAPACITY],
            uses: [0; CAPACITY],
            vertex_end: 0,
            largest_squared: S::ZERO,
            faces: [Face::DEAD; FACE_CAPACITY],
            face_end: 0,
        }
    }

    fn vertex(&self, index: u8) -> &Vertex<S> {
        &self.vertices[usize::from(index)]
    }

    fn face(&self, index: u8) -> &Face<S> {
        &self.faces[usize::from(index)]
    }

    /// Measures the face with these corners: its normal and its distance.
    fn measured(&self, corners: [u8; 3], neighbours: [u8; 3]) -> Face<S> {
        let [a, b, c] = corners.map(|index| self.vertex(index).w);
        self.with_normal(
            corners,
            neighbours,
            triangle_normal(a, b, c).unwrap_or(Vec3::ZERO),
        )
    }

    /// The face with these corners and its unit normal (zero for a flat face),
    /// measured.
    fn with_normal(&self, corners: [u8; 3], neighbours: [u8; 3], normal: Vec3<S>) -> Face<S> {
        let [a, b, c] = corners.map(|index| self.vertex(index).w);
        let distance = if normal == Vec3::ZERO {
            S::infinity()
        } else {
            triangle_distance([a, b, c], normal)
        };
        Face {
            corners,
            neighbours,
            normal,
            distance,
            alive: true,
        }
    }

    /// Builds the tetrahedron of the first four vertices (positively oriented).
    fn tetrahedron(&mut self) {
        self.vertex_end = 4;
        self.face_end = 4;
        self.largest_squared = self.vertices[..4].iter().fold(S::ZERO, |largest, vertex| {
            largest.max(vertex.w.length_squared())
        });
        for (slot, (corners, neighbours)) in
            TETRAHEDRON.iter().zip(TETRAHEDRON_NEIGHBOURS).enumerate()
        {
            self.faces[slot] = self.measured(*corners, neighbours);
            for corner in corners {
                self.uses[usize::from(*corner)] += 1;
            }
        }
    }

    /// The live face nearest the origin (`None` when every face is flat).
    fn nearest_face(&self) -> Option<u8> {
        let mut best: Option<(u8, S)> = None;
        for (index, face) in self.faces[..self.face_end].iter().enumerate() {
            let nearer = best.is_none_or(|(_, distance)| face.distance < distance);
            if face.alive && face.distance < S::infinity() && nearer {
                best = Some((index as u8, face.distance));
            }
        }
        best.map(|(index, _)| index)
    }

    /// Whether `point` lies strictly above the face's plane, measured from its
    /// centroid (Jolt's choice: the least rounding of the three corners). A flat
    /// face sees nothing.
    fn sees(&self, face: &Face<S>, point: Vec3<S>) -> bool {
        let [a, b, c] = face.corners.map(|index| self.vertex(index).w);
        let third = S::ONE / (S::TWO + S::ONE);
        let centroid = (a + b + c) * third;
        face.normal.dot(point - centroid) > S::ZERO
    }

    /// The index of `face`'s edge across which `neighbour` lies.
    fn edge_towards(&self, face: u8, neighbour: u8) -> Option<u8> {
        let neighbours = self.face(face).neighbours;
        (0..3_u8).find(|&edge| neighbours[usize::from(edge)] == neighbour)
    }

    /// Whether a vertex made from these polytope features is in use.
    fn contains_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        self.vertices[..self.vertex_end]
            .iter()
            .zip(&self.uses)
            .any(|(vertex, &uses)| uses > 0 && vertex.same_features(feature_a, feature_b))
    }

    /// The largest length of a vertex the polytope has held: the scale of the
    /// rounding (kept as vertices come, not rescanned each iteration).
    fn max_vertex_length(&self) -> S {
        self.largest_squared.sqrt()
    }

    /// Closes every face whose distance is at least `bound` (it becomes infinitely far,
    /// never chosen again) and drops each vertex whose faces are all closed, when the
    /// hole it leaves can be closed by a fan of faces from one of its neighbours that
    /// keeps the origin strictly inside; whether a vertex was dropped. The plane's
    /// `prune` in 3D.
    ///
    /// Why this is sound: every face keeps the origin on its inner side, so the faces
    /// seen from the origin cover each direction once (a closed surface whose faces all
    /// turn the same way around a point covers the sphere of directions with degree
    /// one). The ray from the origin along the deepest direction leaves the polytope,
    /// which lies inside `D`, through a face no farther than the depth. A face at least
    /// as far as an answer already found (`bound`: its depth less the slack) cannot
    /// hold a better one; the fan covers exactly the directions the dropped faces
    /// covered, so its faces are closed too, however near they are.
    fn prune(&mut self, bound: S) -> bool {
        for face in &mut self.faces[..self.face_end] {
            if face.alive && face.distance >= bound {
                face.distance = S::infinity();
            }
        }
        let mut in_use = self.uses.iter().filter(|&&uses| uses > 0).count();
        let before = in_use;
        for vertex in 0..self.vertex_end {
            if in_use <= 4 {
                break;
            }
            if self.uses[vertex] > 0 && self.drop_vertex(vertex as u8) {
                in_use -= 1;
            }
        }
        in_use < before
    }

    /// Drops `vertex` if its faces are all closed and a fan from one of its
    /// neighbours closes the hole with the origin strictly inside every new face
    /// (see [`prune`](Self::prune)); whether it did.
    fn drop_vertex(&mut self, vertex: u8) -> bool {
        let Some(first) = self.faces[..self.face_end]
            .iter()
            .position(|face| face.alive && face.corners.contains(&vertex))
        else {
            return false;
        };
        // The faces around the vertex in counter-clockwise order, and the ring of its
        // neighbours (`ring[i] -> ring[i + 1]` is the far edge of `around[i]`), with
        // the face across each ring edge.
        let mut around = [0_u8; CAPACITY];
        let mut ring = [0_u8; CAPACITY];
        let mut across = [(0_u8, 0_u8); CAPACITY];
        let mut on_ring = [false; CAPACITY];
        let mut count = 0;
        let mut face = first as u8;
        loop {
            let current = *self.face(face);
            if current.distance < S::infinity() || count == CAPACITY {
                return false;
            }
            let Some(at) = current.corners.iter().position(|&corner| corner == vertex) else {
                return false;
            };
            let (far_edge, next_edge) = ((at + 1) % 3, (at + 2) % 3);
            let outside = current.neighbours[far_edge];
            let Some(back) = self.edge_towards(outside, face) else {
                return false;
            };
            let neighbour = current.corners[far_edge];
            if on_ring[usize::from(neighbour)] {
                return false;
            }
            on_ring[usize::from(neighbour)] = true;
            around[count] = face;
            ring[count] = neighbour;
            across[count] = (outside, back);
            count += 1;
            face = current.neighbours[next_edge];
            if usize::from(face) == first {
                break;
            }
        }
        if count < 3 || count != usize::from(self.uses[usize::from(vertex)]) {
            return false;
        }
        let point = |slot: usize| self.vertex(ring[slot % count]).w;
        let Some(apex) = (0..count).find(|&apex| {
            (1..count - 1).all(|step| {
                let (a, b, c) = (point(apex), point(apex + step), point(apex + step + 1));
                triangle_normal(a, b, c).is_some_and(|normal| normal.dot(a) > S::ZERO)
            })
        }) else {
            return false;
        };
        // Commit: the faces around the vertex go, the fan takes their first slots.
        for &face in &around[..count] {
            for corner in self.face(face).corners {
                self.uses[usize::from(corner)] -= 1;
            }
            self.faces[usize::from(face)].alive = false;
        }
        let fan = &around[..count - 2];
        for (index, &slot) in fan.iter().enumerate() {
            let step = index + 1;
            let corners = [
                ring[apex],
                ring[(apex + step) % count],
                ring[(apex + step + 1) % count],
            ];
            // Edge 0 is the ring's first edge for the first face, else the diagonal
            // shared with the face before; edge 1 is always a ring edge; edge 2 is the
            // ring's last edge for the last face, else the diagonal to the next.
            let ring_edge = |offset: usize| across[(apex + offset) % count];
            let first_edge = if index == 0 {
                ring_edge(0).0
            } else {
                fan[index - 1]
            };
            let last_edge = if index + 1 == fan.len() {
                ring_edge(count - 1).0
            } else {
                fan[index + 1]
            };
            let mut face = self.measured(corners, [first_edge, ring_edge(step).0, last_edge]);
            face.distance = S::infinity();
            self.faces[usize::from(slot)] = face;
            for corner in corners {
                self.uses[usize::from(corner)] += 1;
            }
        }
        // The faces across the ring now border the fan.
        for (offset, &(outside, back)) in across[..count].iter().enumerate() {
            // Ring edge `apex + offset` belongs to fan face `offset - 1`, clamped to
            // the fan (the first and last faces take two ring edges each).
            let relative = (offset + count - apex) % count;
            let owner = relative.saturating_sub(1).min(fan.len() - 1);
            self.faces[usize::from(outside)].neighbours[usize::from(back)] = fan[owner];
        }
        true
    }

    /// Adds `vertex`, seen by face `seed`: removes every face it sees and closes the
    /// hole with a fan of faces from it to the horizon. Nothing changes when it fails.
    ///
    /// The faces it sees are found by a depth-first walk from `seed` across edges,
    /// each face's edges taken in counter-clockwise order from the one it was entered
    /// by: the edges to faces it does not see then come out in order around the hole
    /// (the classic silhouette walk, van den Bergen's and Jolt's). The walk keeps its
    /// own stack, so the call stack stays bounded on a firmware.
    fn insert(&mut self, vertex: Vertex<S>, seed: u8) -> Result<(), Stuck> {
        let mut seen = [false; FACE_CAPACITY];
        let mut removed = [0_u8; FACE_CAPACITY];
        let mut removed_count = 0;
        let mut rim = [RimEdge::default(); CAPACITY];
        let mut rim_count = 0;
        // Walk frames: the face, the edge it was entered by, and how many of its
        // edges after that one are done. The seed is entered by no edge: it starts
        // at edge 0 and takes all three.
        let mut stack = [(0_u8, 0_u8, 0_u8); FACE_CAPACITY];
        stack[0] = (seed, 2, 0);
        let mut depth = 1;
        seen[usize::from(seed)] = true;
        removed[0] = seed;
        removed_count += 1;
        while depth > 0 {
            let (face, entry, done) = stack[depth - 1];
            let last = if depth == 1 { 3 } else { 2 };
            if done == last {
                depth -= 1;
                continue;
            }
            stack[depth - 1].2 = done + 1;
            let edge = (entry + done + 1) % 3;
            let current = *self.face(face);
            let neighbour = current.neighbours[usize::from(edge)];
            if seen[usize::from(neighbour)] {
                continue;
            }
            let Some(back) = self.edge_towards(neighbour, face) else {
                return Err(Stuck::BrokenHorizon);
            };
            if self.sees(self.face(neighbour), vertex.w) {
                seen[usize::from(neighbour)] = true;
                removed[removed_count] = neighbour;
                removed_count += 1;
                stack[depth] = (neighbour, back, 0);
                depth += 1;
            } else {
                if rim_count == CAPACITY {
                    return Err(Stuck::BrokenHorizon);
                }
                rim[rim_count] = RimEdge {
                    from: current.corners[usize::from(edge)],
                    to: current.corners[usize::from((edge + 1) % 3)],
                    outside: neighbour,
                    outside_edge: back,
                };
                rim_count += 1;
            }
        }
        let rim = &rim[..rim_count];
        let removed = &removed[..removed_count];

        // The rim must be one loop through distinct vertices.
        let mut on_rim = [false; CAPACITY];
        for (index, edge) in rim.iter().enumerate() {
            let next = &rim[(index + 1) % rim.len()];
            if edge.to != next.from || on_rim[usize::from(edge.from)] {
                return Err(Stuck::BrokenHorizon);
            }
            on_rim[usize::from(edge.from)] = true;
        }
        if rim.len() < 3 {
            return Err(Stuck::BrokenHorizon);
        }
        // Every new face keeps the origin on its inner side (to rounding), so the
        // faces still cover each direction from the origin once (see `prune`).
        let tolerance = S::GJK_TOUCHING * self.max_vertex_length().max(vertex.w.length());
        // Zero for a flat face.
        let mut normals = [Vec3::ZERO; CAPACITY];
        for (edge, slot) in rim.iter().zip(&mut normals) {
            let (from, to) = (self.vertex(edge.from).w, self.vertex(edge.to).w);
            *slot = triangle_normal(from, to, vertex.w).unwrap_or(Vec3::ZERO);
            if slot.dot(from) < -tolerance {
                return Err(Stuck::BrokenHorizon);
            }
        }

        // A slot for the new vertex: one the removed faces free, a free one, or a
        // new one.
        let mut uses = self.uses;
        for &face in removed {
            for corner in self.face(face).corners {
                uses[usize::from(corner)] -= 1;
            }
        }
        let slot = match uses[..self.vertex_end].iter().position(|&count| count == 0) {
            Some(slot) => slot,
            None if self.vertex_end < CAPACITY => self.vertex_end,
            None => return Err(Stuck::Full),
        };
        // Slots for the new faces: the removed ones first, then free or new ones.
        let spare = removed.len()
            + self.faces[..self.face_end]
                .iter()
                .filter(|face| !face.alive)
                .count()
            + (FACE_CAPACITY - self.face_end);
        if spare < rim.len() {
            return Err(Stuck::Full);
        }

        // Commit.
        for &face in removed {
            self.faces[usize::from(face)].alive = false;
        }
        self.uses = uses;
        self.vertices[slot] = vertex;
        self.vertex_end = self.vertex_end.max(slot + 1);
        self.largest_squared = self.largest_squared.max(vertex.w.length_squared());
        let apex = slot as u8;
        let mut fan = [0_u8; CAPACITY];
        let mut search = 0;
        for slot in fan.iter_mut().take(rim.len()) {
            while search < self.face_end && self.faces[search].alive {
                search += 1;
            }
            *slot = search as u8;
            self.face_end = self.face_end.max(search + 1);
            // Reserved: the next search starts past it.
            self.faces[search].alive = true;
            search += 1;
        }
        let fan = &fan[..rim.len()];
        for (index, (edge, normal)) in rim.iter().zip(normals).enumerate() {
            let next = fan[(index + 1) % fan.len()];
            let previous = fan[(index + fan.len() - 1) % fan.len()];
            let corners = [edge.from, edge.to, apex];
            self.faces[usize::from(fan[index])] =
                self.with_normal(corners, [edge.outside, next, previous], normal);
            self.faces[usize::from(edge.outside)].neighbours[usize::from(edge.outside_edge)] =
                fan[index];
            for corner in corners {
                self.uses[usize::from(corner)] += 1;
            }
        }
        Ok(())
    }
}

/// D's support point along `direction` (the pair supports along the opposite).
#[inline]
fn support_along<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    direction: Vec3<S>,
) -> Vertex<S> {
    Vertex::from_simplex(&pair.support(-direction))
}

/// The error a depth may keep: relative to the depth, with the touching margin of GJK
/// (relative to the shapes' size, `scale`) for depths near zero, where a relative gap
/// alone could never be met. The plane's EPA uses the same.
fn slack<S: Scalar>(depth: S, scale: S) -> S {
    S::GJK_RELATIVE_GAP * depth.abs() + S::GJK_TOUCHING * scale
}

/// Most support calls EPA makes before it reports `MaxIterations`, not counting the
/// refinements of the bound.
const SUPPORT_BUDGET: u32 = 12 * CAPACITY as u32;

/// Runs EPA from the simplex GJK ended with (the origin in or on it).
pub(crate) fn expand<S, D>(pair: &D, simplex: &Simplex3<S>) -> Deepest<S, Vec3<S>>
where
    S: Scalar,
    D: MinkowskiDifference<S, Vec3<S>, Simplex = Simplex3<S>> + ?Sized,
{
    let mut start = [Vertex::from_simplex(
        &simplex
            .vertex_iter()
            .next()
            .copied()
            .unwrap_or_else(|| pair.support(Vec3::X)),
    ); 4];
    let mut count = 0;
    for (slot, vertex) in start.iter_mut().zip(simplex.vertex_iter()) {
        *slot = Vertex::from_simplex(vertex);
        count += 1;
    }
    let mut iterations = 0;
    if let Err(flat) = grow_to_tetrahedron(pair, &mut start, &mut count, &mut iterations) {
        return flat_answer(&start[..count.max(1)], iterations, flat);
    }
    let mut polytope = Polytope::new();
    polytope.vertices[..4].copy_from_slice(&start);
    polytope.tetrahedron();

    // Once the polytope cannot grow, the best support direction found so far: its
    // depth bounds the answer from above, as the nearest face bounds it from below.
    let mut bound: Option<Refined<S>> = None;
    // Whether the loop ended on the bound: no face could beat it.
    let mut met_bound = false;
    let end = loop {
        let Some(nearest) = polytope.nearest_face() else {
            // Every face closed: none can beat the bound (flat faces cover no
            // directions). With no bound, every face is flat: nothing to expand.
            if bound.is_some() {
                met_bound = true;
                break EpaEnd::Converged;
            }
            break EpaEnd::MaxIterations;
        };
        let face = *polytope.face(nearest);
        let scale = polytope.max_vertex_length();
        if let Some(found) = bound
            && face.distance >= found.depth - slack(found.depth, scale)
        {
            met_bound = true;
            break EpaEnd::Converged;
        }
        if iterations >= SUPPORT_BUDGET {
            break EpaEnd::MaxIterations;
        }
        let vertex = support_along(pair, face.normal);
        iterations += 1;
        if !vertex.w.is_finite() {
            break EpaEnd::InvalidInput;
        }
        let reach = face.normal.dot(vertex.w);
        // `reach - distance` bounds the error of the depth.
        if reach - face.distance <= slack(reach, scale)
            || polytope.contains_features(vertex.feature_a, vertex.feature_b)
        {
            break EpaEnd::Converged;
        }
        if let Some(found) = &mut bound {
            found.keep_least(face.normal, vertex);
        }
        if polytope.insert(vertex, nearest).is_err() {
            // The polytope cannot grow here: bound the answer from above (the first
            // time), close the faces the bound rules out and drop the vertices they
            // enclose, then go on from the nearest open face.
            let found = match bound {
                Some(found) => found,
                None => match first_bound(pair, face.normal, &mut iterations) {
                    Some(mut found) => {
                        found.keep_least(face.normal, vertex);
                        found
                    }
                    None => break EpaEnd::InvalidInput,
                },
            };
            bound = Some(found);
            if !polytope.prune(found.depth - slack(found.depth, scale)) {
                break EpaEnd::MaxIterations;
            }
        }
    };
    if end == EpaEnd::InvalidInput {
        let corners = [start[0]];
        return flat_answer(&corners, iterations, end);
    }
    if end == EpaEnd::MaxIterations {
        let mut found = match bound {
            Some(found) => found,
            None => {
                let normal = polytope
                    .nearest_face()
                    .map_or(Vec3::X, |face| polytope.face(face).normal);
                match first_bound(pair, normal, &mut iterations) {
                    Some(found) => found,
                    None => return flat_answer(&[start[0]], iterations, EpaEnd::InvalidInput),
                }
            }
        };
        let scale = polytope.max_vertex_length();
        improve_bound(pair, &polytope, &mut found, scale, &mut iterations);

        return bound_answer(&found, iterations, end);
    }
    if let Some(found) = bound
        && met_bound
    {
        return bound_answer(&found, iterations, end);
    }
    // Converged on the nearest face: the answer is its point nearest the origin.
    let Some(nearest) = polytope.nearest_face() else {
        return flat_answer(&[start[0]], iterations, EpaEnd::InvalidInput);
    };
    let face = *polytope.face(nearest);
    let corners = face.corners.map(|index| *polytope.vertex(index));
    let foot = closest_on_triangle(corners.map(|corner| corner.w));
    let mut core_a = Vec3::ZERO;
    for (&kept, &weight) in foot.kept.iter().zip(&foot.weights).take(foot.count) {
        core_a += corners[usize::from(kept) % 3].witness_a * weight;
    }
    Deepest {
        normal: -face.normal,
        depth: face.distance.max(S::ZERO),
        core_a,
        iterations,
        end,
    }
}

/// The answer from a support direction: moving B by its depth along its normal
/// separates the cores, and its witnesses lie on them.
fn bound_answer<S: Scalar>(
    found: &Refined<S>,
    iterations: u32,
    end: EpaEnd,
) -> Deepest<S, Vec3<S>> {
    Deepest {
        normal: -found.normal,
        depth: found.depth.max(S::ZERO),
        core_a: found.deepest.witness_a,
        iterations,
        end,
    }
}

/// A support direction of `D`: outward unit normal, the depth along it (an upper bound
/// of the answer: `D` reaches that far that way) and `D`'s support point there.
#[derive(Clone, Copy)]
struct Refined<S> {
    normal: Vec3<S>,
    depth: S,
    deepest: Vertex<S>,
}

impl<S: Scalar> Refined<S> {
    /// Takes the support direction `normal`, with `D`'s support point `deepest` there,
    /// if `D` reaches less far that way; the depth along it.
    fn keep_least(&mut self, normal: Vec3<S>, deepest: Vertex<S>) -> S {
        let depth = normal.dot(deepest.w);
        if depth < self.depth {
            *self = Refined {
                normal,
                depth,
                deepest,
            };
        }
        depth
    }
}

/// The best values EPA can give when it cannot certify them: the least of the local
/// minima found by [`first_bound`] from each face that could still hold a smaller one,
/// nearest first. The answer stays an upper bound of the depth.
fn improve_bound<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    polytope: &Polytope<S>,
    bound: &mut Refined<S>,
    scale: S,
    iterations: &mut u32,
) {
    // The live faces, nearest first (as bytes: a firmware's stack holds the polytope).
    let mut order = [0_u8; FACE_CAPACITY];
    let mut count = 0;
    for (index, face) in polytope.faces[..polytope.face_end].iter().enumerate() {
        if face.alive && face.distance < S::infinity() {
            order[count] = index as u8;
            count += 1;
        }
    }
    let order = &mut order[..count];
    let distance = |index: &u8| polytope.face(*index).distance;
    order.sort_unstable_by(|first, second| {
        distance(first)
            .partial_cmp(&distance(second))
            .unwrap_or(Ordering::Equal)
    });
    for &index in order.iter() {
        let face = polytope.face(index);
        if face.distance >= bound.depth - slack(bound.depth, scale) {
            return;
        }
        match first_bound(pair, face.normal, iterations) {
            Some(found) if found.depth < bound.depth => *bound = found,
            Some(_) => {}
            None => return,
        }
    }
}

/// Most quasi-Newton support calls [`first_bound`] makes (a kink adds at most
/// `2 KINK_STEPS`).
const REFINE_STEPS: u32 = 12;

/// A local minimum of `D`'s support function near the direction `normal`, to the
/// precision of `S` where it is found within [`REFINE_STEPS`] support calls, and the
/// smallest value seen otherwise. `None` when a support point is not finite.
///
/// The depth is the minimum over unit directions `u` of `h(u) = u . p(u)`, with `p(u)`
/// the support point; its gradient on the sphere is the part of `p(u)` across `u`,
/// `q = p - (u . p) u`, so a minimum is where the support point lies straight along
/// `u`. With `u(t) = normalize(m + t1 e1 + t2 e2)` (`e1`, `e2` across `m = normal`),
/// `g(t) = (e1 . q, e2 . q)` vanishes there. Quasi-Newton steps on `g` (Broyden's
/// update of its Jacobian, first taken as the depth times the identity, as the plane's
/// secant steps start), each limited to a tenth of a radian, keep the direction of the
/// smallest `h` seen. They stop when `|q| <= GJK_RELATIVE_GAP |p|`, when `g` stops
/// growing along the step (no smooth minimum here: a flat side or an edge of `D`), or
/// after [`REFINE_STEPS`] support calls. Unless they converged, the last two support
/// points may straddle a kink, where the support point jumps from one feature to
/// another and the steps stall: [`across_kink`] solves there. When both lie on one
/// vertex of `D` (where `h` is linear), the steps go on, twice as far each time, until
/// another feature takes over.
fn first_bound<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    normal: Vec3<S>,
    iterations: &mut u32,
) -> Option<Refined<S>> {
    let (across, second) = perpendiculars(normal);
    let probe = |offset: [S; 2], iterations: &mut u32| {
        let direction = (normal + across * offset[0] + second * offset[1]).normalize()?;
        let deepest = support_along(pair, direction);
        *iterations += 1;
        deepest.w.is_finite().then_some((direction, deepest))
    };
    // The part of the support point across the direction, in the frame `e1`, `e2`.
    let slope = |direction: Vec3<S>, point: Vec3<S>| {
        let tangential = point - direction * direction.dot(point);
        (
            [across.dot(tangential), second.dot(tangential)],
            tangential.length() <= S::GJK_RELATIVE_GAP * point.length(),
        )
    };
    let (direction, deepest) = probe([S::ZERO; 2], iterations)?;
    let mut best = Refined {
        normal: direction,
        depth: direction.dot(deepest.w),
        deepest,
    };
    let (mut gradient, converged) = slope(direction, deepest.w);
    if converged {
        return Some(best);
    }
    // The support points of the last two probes.
    let (mut previous, mut latest) = (deepest, deepest);
    let curvature = best.depth.max(S::EPS);
    // The Jacobian of `g`, by rows.
    let mut jacobian = [[curvature, S::ZERO], [S::ZERO, curvature]];
    let mut offset = [S::ZERO; 2];
    let largest_step = S::from_f64(0.1);
    for _ in 1..REFINE_STEPS {
        let [[j00, j01], [j10, j11]] = jacobian;
        let determinant = j00 * j11 - j01 * j10;
        // Written so that NaN fails it.
        let invertible = determinant.abs() > S::ZERO;
        if !invertible {
            break;
        }
        let mut step = [
            -(j11 * gradient[0] - j01 * gradient[1]) / determinant,
            -(j00 * gradient[1] - j10 * gradient[0]) / determinant,
        ];
        let length = (step[0] * step[0] + step[1] * step[1]).sqrt();
        let moves = length > S::ZERO;
        if !moves {
            break;
        }
        if length > largest_step {
            step = step.map(|part| part * (largest_step / length));
        }
        let next = [offset[0] + step[0], offset[1] + step[1]];
        let (direction, deepest) = probe(next, iterations)?;
        best.keep_least(direction, deepest);
        let (next_gradient, converged) = slope(direction, deepest.w);
        let change = [
            next_gradient[0] - gradient[0],
            next_gradient[1] - gradient[1],
        ];
        // `g` grows along the step through a minimum; anything else is none.
        let rise = change[0] * step[0] + change[1] * step[1];
        let growing = rise > S::ZERO;
        previous = latest;
        latest = deepest;
        if converged {
            return Some(best);
        }
        if !growing {
            if latest.w == previous.w {
                // Both probes on one vertex of `D`, where the support value is linear
                // and its least is where another feature takes over: step on (twice as
                // far each time) until the support point changes, for the kink step
                // below.
                let mut reach = step;
                for _ in 0..KINK_STEPS {
                    reach = reach.map(|part| part * S::TWO);
                    let (direction, deepest) =
                        probe([next[0] + reach[0], next[1] + reach[1]], iterations)?;
                    best.keep_least(direction, deepest);
                    if deepest.w != latest.w {
                        previous = latest;
                        latest = deepest;
                        break;
                    }
                }
            }
            break;
        }
        // Broyden: the Jacobian takes the change seen along the step.
        let step_squared = step[0] * step[0] + step[1] * step[1];
        for (row, change) in jacobian.iter_mut().zip(change) {
            let predicted = row[0] * step[0] + row[1] * step[1];
            let correction = (change - predicted) / step_squared;
            row[0] = row[0] + correction * step[0];
            row[1] = row[1] + correction * step[1];
        }
        offset = next;
        gradient = next_gradient;
    }
    // Not converged: the steps may have stalled at a kink, where the support point
    // jumps from one feature to another between the last two probes.
    if (latest.w - previous.w).length() > S::GJK_RELATIVE_GAP * latest.w.length() {
        across_kink(pair, [previous, latest], &mut best, iterations)?;
    }
    Some(best)
}

/// Most support calls [`across_kink`] makes.
const KINK_STEPS: u32 = 4;

/// The least support value along a kink of `D`'s support function, where the support
/// point jumps from one feature to another (a cone's apex and its rim, a cylinder's
/// rims), from the two support points on either side of it: `first_bound`'s
/// quasi-Newton steps stall there (the gradient jumps), and on a cone's axis the
/// capped answer was 1.5e-3 of the depth too deep (now 3.7e-9 in `f64`;
/// `a_point_on_a_cone_s_axis_gets_the_shortest_way_out`).
///
/// `D` contains the segment between the two points, so the direction to its point
/// nearest the origin is the least support value a polytope of the two could have
/// (the plane's EPA in one dimension, on this segment). The support point along it
/// either reaches no farther (the kink's minimum: along a cone's straight generator
/// it lies on the segment's line) or splits the segment, and the nearer half goes
/// on, at most [`KINK_STEPS`] times. `None` when a support point is not finite.
fn across_kink<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    ends: [Vertex<S>; 2],
    best: &mut Refined<S>,
    iterations: &mut u32,
) -> Option<()> {
    let nearest_on =
        |start: Vec3<S>, end: Vec3<S>| start + (end - start) * fraction_nearest_origin(start, end);
    let [mut start, mut end] = ends;
    for _ in 0..KINK_STEPS {
        let foot = nearest_on(start.w, end.w);
        let Some(direction) = foot.normalize() else {
            return Some(());
        };
        let deepest = support_along(pair, direction);
        *iterations += 1;
        if !deepest.w.is_finite() {
            return None;
        }
        let depth = best.keep_least(direction, deepest);
        // Reaching no farther than the segment: the kink's minimum.
        if depth - direction.dot(foot) <= S::GJK_RELATIVE_GAP * depth.abs() {
            return Some(());
        }
        // The nearer half.
        let (to_start, to_end) = (
            nearest_on(start.w, deepest.w).length_squared(),
            nearest_on(deepest.w, end.w).length_squared(),
        );
        if to_start <= to_end {
            end = deepest;
        } else {
            start = deepest;
        }
    }
    Some(())
}

/// Two unit vectors across the unit vector `normal` and across each other: the cross
/// product with the axis `normal` is least along, and the cross product of the two.
fn perpendiculars<S: Scalar>(normal: Vec3<S>) -> (Vec3<S>, Vec3<S>) {
    let magnitude = normal.abs();
    let axis = if magnitude.x <= magnitude.y && magnitude.x <= magnitude.z {
        Vec3::X
    } else if magnitude.y <= magnitude.z {
        Vec3::Y
    } else {
        Vec3::Z
    };
    let across = normal.cross(axis).normalize().unwrap_or(Vec3::Y);
    let second = normal.cross(across).normalize().unwrap_or(Vec3::Z);
    (across, second)
}

/// Grows GJK's simplex to a tetrahedron around the origin by support points along new
/// directions, oriented as [`TETRAHEDRON`] needs. `Err` when `D` is flat (a point, a
/// segment or a polygon: the origin on it, the depth zero) or a support point is not
/// finite; `start[..count]` then holds what was found.
fn grow_to_tetrahedron<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    start: &mut [Vertex<S>; 4],
    count: &mut usize,
    iterations: &mut u32,
) -> Result<(), EpaEnd> {
    let probe = |direction: Vec3<S>, iterations: &mut u32| {
        let vertex = support_along(pair, direction);
        *iterations += 1;
        if vertex.w.is_finite() {
            Ok(vertex)
        } else {
            Err(EpaEnd::InvalidInput)
        }
    };
    // A tetrahedron too flat to orient is its first three points.
    if *count == 4 {
        let [w0, w1, w2, w3] = start.map(|vertex| vertex.w);
        let (e1, e2, e3) = (w1 - w0, w2 - w0, w3 - w0);
        let volume = e1.cross(e2).dot(e3);
        let measure = e1.length() * e2.length() * e3.length();
        let solid = volume.abs() > S::GJK_TOUCHING * measure;
        if !solid {
            *count = 3;
        }
    }
    // A second point: the farthest of the supports along the axes.
    if *count == 1 {
        let first = start[0].w;
        let mut best = (start[0], S::ZERO);
        for direction in [Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y, Vec3::Z, -Vec3::Z] {
            let vertex = probe(direction, iterations)?;
            let gap = (vertex.w - first).length_squared();
            if gap > best.1 {
                best = (vertex, gap);
            }
        }
        let scale = first.length_squared().max(best.0.w.length_squared());
        let apart = best.1 > S::GJK_TOUCHING * S::GJK_TOUCHING * scale;
        if !apart {
            return Err(EpaEnd::Flat);
        }
        start[1] = best.0;
        *count = 2;
    }
    // A third: the farthest support across the segment, among four directions.
    if *count == 2 {
        let (w0, w1) = (start[0].w, start[1].w);
        let Some(along) = (w1 - w0).normalize() else {
            return Err(EpaEnd::Flat);
        };
        let (across, second) = perpendiculars(along);
        let mut best = (start[0], S::ZERO);
        for direction in [across, -across, second, -second] {
            let vertex = probe(direction, iterations)?;
            // The distance from the line as a cross product: subtracting the part
            // along it left the rounding of the segment's length, which read a copy
            // of its far end as off the line (found by fuzzing).
            let gap = (vertex.w - w0).cross(along).length();
            if gap > best.1 {
                best = (vertex, gap);
            }
        }
        let off_line = best.1 > S::GJK_TOUCHING * w0.length().max(w1.length());
        if !off_line {
            return Err(EpaEnd::Flat);
        }
        start[2] = best.0;
        *count = 3;
    }
    // A fourth: the support on the side of the triangle `D` reaches farther.
    if *count == 3 {
        let [w0, w1, w2] = [0, 1, 2].map(|index| start[index].w);
        let Some(normal) = triangle_normal(w0, w1, w2) else {
            return Err(EpaEnd::Flat);
        };
        let above = probe(normal, iterations)?;
        let below = probe(-normal, iterations)?;
        let (above_reach, below_reach) = (normal.dot(above.w - w0), -normal.dot(below.w - w0));
        let (vertex, reach) = if above_reach >= below_reach {
            (above, above_reach)
        } else {
            (below, below_reach)
        };
        let scale = w0.length().max(w1.length()).max(w2.length());
        let off_plane = reach > S::GJK_TOUCHING * scale;
        if !off_plane {
            return Err(EpaEnd::Flat);
        }
        start[3] = vertex;
        *count = 4;
    }
    // Positively oriented: swap two points if the fourth is below the first three.
    let [w0, w1, w2, w3] = start.map(|vertex| vertex.w);
    if (w1 - w0).cross(w2 - w0).dot(w3 - w0) < S::ZERO {
        start.swap(1, 2);
    }
    Ok(())
}

/// The answer when there is no polytope to expand: a flat `D` (the origin on it, the
/// depth zero, the normal across it: the polygon's normal, a direction across the
/// segment, or the local x axis for a point) or invalid input. The witnesses are the
/// ones of the point of `D` nearest the origin.
fn flat_answer<S: Scalar>(
    points: &[Vertex<S>],
    iterations: u32,
    end: EpaEnd,
) -> Deepest<S, Vec3<S>> {
    let first = points[0];
    // Across the longest edge, when there is no plane.
    let across_longest = || {
        let mut longest = Vec3::ZERO;
        for (index, start) in points.iter().enumerate() {
            for end in &points[index + 1..] {
                let edge = end.w - start.w;
                if edge.length_squared() > longest.length_squared() {
                    longest = edge;
                }
            }
        }
        longest
            .normalize()
            .map_or(Vec3::X, |along| perpendiculars(along).0)
    };
    let (normal, weights, corners): (Vec3<S>, [S; 3], [Vertex<S>; 3]) = match *points {
        [_, second, third, ..] => {
            let corners = [first, second, third];
            // A triangle with no area (a repeated point) is a segment.
            let normal = triangle_normal(first.w, second.w, third.w).unwrap_or_else(across_longest);
            let foot = closest_on_triangle(corners.map(|corner| corner.w));
            let mut weights = [S::ZERO; 3];
            for (&kept, &weight) in foot.kept.iter().zip(&foot.weights).take(foot.count) {
                let slot = &mut weights[usize::from(kept) % 3];
                *slot = *slot + weight;
            }
            (normal, weights, corners)
        }
        [_, second] => {
            let normal = across_longest();
            let t = fraction_nearest_origin(first.w, second.w);
            (normal, [S::ONE - t, t, S::ZERO], [first, second, second])
        }
        _ => (Vec3::X, [S::ONE, S::ZERO, S::ZERO], [first; 3]),
    };
    let mut core_a = Vec3::ZERO;
    for (corner, weight) in corners.iter().zip(weights) {
        core_a += corner.witness_a * weight;
    }
    Deepest {
        normal,
        depth: S::ZERO,
        core_a,
        iterations,
        end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tetrahedron_s_neighbours_hold_each_edge_reversed() {
        for (face, corners) in TETRAHEDRON.iter().enumerate() {
            for edge in 0..3 {
                let (from, to) = (corners[edge], corners[(edge + 1) % 3]);
                let neighbour = usize::from(TETRAHEDRON_NEIGHBOURS[face][edge]);
                let other = TETRAHEDRON[neighbour];
                let reversed = (0..3).any(|i| other[i] == to && other[(i + 1) % 3] == from);
                assert!(neighbour != face && reversed, "face {face} edge {edge}");
            }
        }
    }
}
