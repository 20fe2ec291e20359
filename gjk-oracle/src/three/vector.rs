//! Plain f64 helpers on `[f64; 3]` vectors and 3x3 matrices (rows).

use super::P3;

/// `a + b`.
pub(crate) fn add(a: P3, b: P3) -> P3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a - b`.
pub(crate) fn sub(a: P3, b: P3) -> P3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `s a`.
pub(crate) fn scale(a: P3, s: f64) -> P3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

/// `a + s b`.
pub(crate) fn add_scaled(a: P3, b: P3, s: f64) -> P3 {
    [a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]]
}

/// `a . b`.
pub(crate) fn dot(a: P3, b: P3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// `a x b`.
pub(crate) fn cross(a: P3, b: P3) -> P3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// `|a|`, without overflow or underflow in the squares.
pub(crate) fn length(a: P3) -> f64 {
    a[0].hypot(a[1]).hypot(a[2])
}

/// `|a - b|`.
pub(crate) fn dist(a: P3, b: P3) -> f64 {
    length(sub(a, b))
}

/// `a / |a|`; the zero vector stays zero.
pub(crate) fn normalize(a: P3) -> P3 {
    let l = length(a);
    if l > 0.0 { scale(a, 1.0 / l) } else { a }
}

/// Two unit vectors completing the unit `n` to an orthonormal basis `(e1, e2, n)`.
///
/// `e1` is `n` crossed with the coordinate axis least aligned with `n`, so that the
/// cross product is never shorter than `sqrt(2/3)`.
pub(crate) fn basis(n: P3) -> (P3, P3) {
    let (x, y, z) = (n[0].abs(), n[1].abs(), n[2].abs());
    let axis = if x <= y && x <= z {
        [1.0, 0.0, 0.0]
    } else if y <= z {
        [0.0, 1.0, 0.0]
    } else {
        [0.0, 0.0, 1.0]
    };
    let e1 = normalize(cross(n, axis));
    (e1, cross(n, e1))
}

/// A 3x3 matrix, rows first.
pub(crate) type M3 = [[f64; 3]; 3];

/// `M x`.
pub(crate) fn mul(m: &M3, x: P3) -> P3 {
    [dot(m[0], x), dot(m[1], x), dot(m[2], x)]
}

/// `M^T x`.
pub(crate) fn mul_transposed(m: &M3, x: P3) -> P3 {
    add(add(scale(m[0], x[0]), scale(m[1], x[1])), scale(m[2], x[2]))
}

/// `M N`.
pub(crate) fn mul_matrices(m: &M3, n: &M3) -> M3 {
    let column = |j: usize| [n[0][j], n[1][j], n[2][j]];
    let (c0, c1, c2) = (column(0), column(1), column(2));
    [
        [dot(m[0], c0), dot(m[0], c1), dot(m[0], c2)],
        [dot(m[1], c0), dot(m[1], c1), dot(m[1], c2)],
        [dot(m[2], c0), dot(m[2], c1), dot(m[2], c2)],
    ]
}

/// The column `j` of `M`.
pub(crate) fn column(m: &M3, j: usize) -> P3 {
    [m[0][j], m[1][j], m[2][j]]
}
