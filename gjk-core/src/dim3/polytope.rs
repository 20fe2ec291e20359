//! The 3D EPA polytope: a closed triangulated hull of points of the Minkowski
//! difference, held on the stack (at most [`CAPACITY`] vertices and their faces, each
//! face with its neighbours across its edges), grown by one support point at a time:
//! the faces the new point sees are removed and the hole is closed by a fan to it.

use crate::kernel::simplex::{SimplexVertex, made_of};
use crate::{FeatureId, Scalar, Vec3};

/// Most vertices the polytope holds at once. Two boxes have at most 64 vertices in
/// their Minkowski difference, and EPA touches only those near the answer (4 to 7
/// insertions on average for boxes and 32-point hulls); curved shapes converge near
/// the nearest face, the rest of the polytope closed and pruned. With fewer, deep
/// curved pairs cap sooner: without pruning, 64 capped 87 % of deep `f64` ellipsoid
/// pairs and 128 or more 19 %; with pruning, 64 caps 23 %, all deeper than a fifth of
/// the size. The polytope takes 5.1 KB of stack in `f32` and 8.6 KB in
/// `f64`, an insertion about 1.7 KB (`f32`) more.
pub(crate) const CAPACITY: usize = 64;

/// Most faces: a closed triangulated polytope of `n` vertices has `2 n - 4` faces
/// (Euler), so the faces never fill before the vertices.
pub(crate) const FACE_CAPACITY: usize = if 2 * CAPACITY - 4 > 255 {
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
pub(crate) struct Vertex<S> {
    pub(crate) witness_a: Vec3<S>,
    pub(crate) w: Vec3<S>,
    pub(crate) feature_a: FeatureId,
    pub(crate) feature_b: FeatureId,
}

impl<S: Scalar> Vertex<S> {
    /// An unused slot.
    const UNUSED: Self = Self {
        witness_a: Vec3::ZERO,
        w: Vec3::ZERO,
        feature_a: FeatureId::vertex(0),
        feature_b: FeatureId::vertex(0),
    };

    pub(crate) fn from_simplex(vertex: &SimplexVertex<S, Vec3<S>>) -> Self {
        Self {
            witness_a: vertex.witness_a,
            w: vertex.w,
            feature_a: vertex.feature_a,
            feature_b: vertex.feature_b,
        }
    }

    /// Whether the vertex was made from the same two polytope features (never for
    /// smooth features, whose points move with the direction).
    pub(crate) fn same_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        made_of((self.feature_a, self.feature_b), feature_a, feature_b)
    }
}

/// A triangle of the polytope, counter-clockwise seen from outside.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Face<S> {
    /// Its corners, indices into the vertices.
    pub(crate) corners: [u8; 3],
    /// The face across edge `i` (from corner `i` to corner `i + 1`).
    pub(crate) neighbours: [u8; 3],
    /// Outward unit normal; zero for a face too flat to have one.
    pub(crate) normal: Vec3<S>,
    /// Distance from the origin to the triangle (not its plane: on the sliver faces a
    /// barely touching pair gives, the plane passes near the origin far beyond the
    /// triangle, as the plane's EPA found for its edges); infinite for a flat face,
    /// which is then never chosen.
    pub(crate) distance: S,
    pub(crate) alive: bool,
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
pub(crate) fn triangle_normal<S: Scalar>(a: Vec3<S>, b: Vec3<S>, c: Vec3<S>) -> Option<Vec3<S>> {
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
        Some(area * (S::ONE / length_squared.square_root()))
    } else {
        area.normalize()
    }
}

/// The distance from the origin to the triangle `corners` with unit normal `normal`:
/// from its plane when the origin's foot lies inside (on the inner side of every edge,
/// `n . (x cross y) >= 0` for each edge `x -> y`, the simplex solver's area test),
/// measured from the corner nearest the origin (the least rounding, as the plane's EPA
/// measures its edges); else from the nearest edge.
pub(crate) fn triangle_distance<S: Scalar>(corners: [Vec3<S>; 3], normal: Vec3<S>) -> S {
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
pub(crate) fn fraction_nearest_origin<S: Scalar>(start: Vec3<S>, end: Vec3<S>) -> S {
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
pub(crate) const TETRAHEDRON: [[u8; 3]; 4] = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];

/// The face across each edge of each face of [`TETRAHEDRON`] (the face holding that
/// edge reversed; `tests::the_tetrahedron_s_neighbours_hold_each_edge_reversed`).
pub(crate) const TETRAHEDRON_NEIGHBOURS: [[u8; 3]; 4] =
    [[2, 3, 1], [0, 3, 2], [1, 3, 0], [0, 2, 1]];

/// Why a face could not be expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stuck {
    /// No vertex slot is free.
    Full,
    /// The faces the new point sees do not form a disc (rounding, on a point nearly
    /// in the plane of several faces), so there is no rim to close.
    BrokenHorizon,
}

/// One edge of the horizon: the rim of the faces a new point sees, with the face
/// outside it that stays.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RimEdge {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) outside: u8,
    /// The edge's index in `outside`'s edges.
    pub(crate) outside_edge: u8,
}

/// The polytope EPA grows.
pub(crate) struct Polytope<S> {
    pub(crate) vertices: [Vertex<S>; CAPACITY],
    /// How many live faces use each vertex: zero marks a free slot below `vertex_end`.
    pub(crate) uses: [u8; CAPACITY],
    /// Slots at and above this one were never used.
    pub(crate) vertex_end: usize,
    /// The largest squared length of a vertex added so far.
    pub(crate) largest_squared: S,
    pub(crate) faces: [Face<S>; FACE_CAPACITY],
    /// Slots at and above this one were never used.
    pub(crate) face_end: usize,
}

impl<S: Scalar> Polytope<S> {
    /// An empty polytope: every slot zero, which the compiler sets as one block.
    pub(crate) fn new() -> Self {
        Self {
            vertices: [Vertex::UNUSED; CAPACITY],
            uses: [0; CAPACITY],
            vertex_end: 0,
            largest_squared: S::ZERO,
            faces: [Face::DEAD; FACE_CAPACITY],
            face_end: 0,
        }
    }

    pub(crate) fn vertex(&self, index: u8) -> &Vertex<S> {
        &self.vertices[usize::from(index)]
    }

    pub(crate) fn face(&self, index: u8) -> &Face<S> {
        &self.faces[usize::from(index)]
    }

    /// Measures the face with these corners: its normal and its distance.
    pub(crate) fn measured(&self, corners: [u8; 3], neighbours: [u8; 3]) -> Face<S> {
        let [a, b, c] = corners.map(|index| self.vertex(index).w);
        self.with_normal(
            corners,
            neighbours,
            triangle_normal(a, b, c).unwrap_or(Vec3::ZERO),
        )
    }

    /// The face with these corners and its unit normal (zero for a flat face),
    /// measured.
    pub(crate) fn with_normal(
        &self,
        corners: [u8; 3],
        neighbours: [u8; 3],
        normal: Vec3<S>,
    ) -> Face<S> {
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
    pub(crate) fn tetrahedron(&mut self) {
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
    pub(crate) fn nearest_face(&self) -> Option<u8> {
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
    pub(crate) fn sees(&self, face: &Face<S>, point: Vec3<S>) -> bool {
        let [a, b, c] = face.corners.map(|index| self.vertex(index).w);
        let third = S::ONE / (S::TWO + S::ONE);
        let centroid = (a + b + c) * third;
        face.normal.dot(point - centroid) > S::ZERO
    }

    /// The index of `face`'s edge across which `neighbour` lies.
    pub(crate) fn edge_towards(&self, face: u8, neighbour: u8) -> Option<u8> {
        let neighbours = self.face(face).neighbours;
        (0..3_u8).find(|&edge| neighbours[usize::from(edge)] == neighbour)
    }

    /// Whether a vertex made from these polytope features is in use.
    pub(crate) fn contains_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        self.vertices[..self.vertex_end]
            .iter()
            .zip(&self.uses)
            .any(|(vertex, &uses)| uses > 0 && vertex.same_features(feature_a, feature_b))
    }

    /// The largest length of a vertex the polytope has held: the scale of the
    /// rounding (kept as vertices come, not rescanned each iteration).
    pub(crate) fn max_vertex_length(&self) -> S {
        self.largest_squared.square_root()
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
    pub(crate) fn prune(&mut self, bound: S) -> bool {
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
    pub(crate) fn drop_vertex(&mut self, vertex: u8) -> bool {
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
    pub(crate) fn insert(&mut self, vertex: Vertex<S>, seed: u8) -> Result<(), Stuck> {
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
