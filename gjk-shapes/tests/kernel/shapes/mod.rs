//! The shapes themselves: the `Shape` enum answers every query exactly as the shape it
//! wraps, and `ConvexPoints::hull` builds the hull a brute-force oracle finds.

mod convex_hull3;
mod shape_enum;
