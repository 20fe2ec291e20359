//! The `serde` feature: every shape round-trips through JSON unchanged, and invalid
//! data is an error from the shape's constructor, never an invalid shape.

use gjk_core::{Quat, Rot, Transform, Transform3, Vec2, Vec3};
use gjk_shapes::{
    Capsule, Capsule3, Circle, Cone, ConvexPoints, Cuboid, Cylinder, Ellipse, Ellipsoid, Hull,
    MinkowskiSum, Point, Point3, Polygon, Rect, Rounded, Segment, Segment3, Shape, Sphere,
    Transformed, Transformed3, Triangle3,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(shape: T) {
    let text = serde_json::to_string(&shape).unwrap();
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(back, shape, "{text}");
}

#[test]
fn every_shape_round_trips_through_json() {
    let v2 = |x: f32, y: f32| Vec2::new(x, y);
    let v3 = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
    round_trip(Point::new(v2(1.5, -2.0)).unwrap());
    round_trip(Circle::new(v2(0.1, 0.2), 0.3).unwrap());
    round_trip(Segment::new(v2(0.0, 0.0), v2(1.0, 0.5)).unwrap());
    round_trip(Capsule::new(v2(-1.0, 0.0), v2(1.0, 0.0), 0.25).unwrap());
    round_trip(Rect::new(v2(2.0, 1.0)).unwrap());
    round_trip(Ellipse::new(v2(2.0, 0.5)).unwrap());
    round_trip(Polygon::<f32, 8>::regular(6, 1.5).unwrap());
    round_trip(Point3::new(v3(1.0, 2.0, 3.0)).unwrap());
    round_trip(Sphere::new(v3(0.0, 1.0, 0.0), 2.0).unwrap());
    round_trip(Segment3::new(v3(0.0, 0.0, 0.0), v3(0.0, 0.0, 4.0)).unwrap());
    round_trip(Capsule3::new(v3(0.0, 0.0, 0.0), v3(0.0, 0.0, 4.0), 0.5).unwrap());
    round_trip(Cuboid::new(v3(1.0, 2.0, 3.0)).unwrap());
    round_trip(Triangle3::new(v3(0.0, 0.0, 0.0), v3(1.0, 0.0, 0.0), v3(0.0, 1.0, 0.0)).unwrap());
    round_trip(Cylinder::new(1.0, 0.5).unwrap());
    round_trip(Cone::new(1.0, 0.5).unwrap());
    round_trip(Ellipsoid::new(v3(1.0, 2.0, 0.5)).unwrap());
    let corners = [
        v3(0.0, 0.0, 0.0),
        v3(1.0, 0.0, 0.0),
        v3(0.0, 1.0, 0.0),
        v3(0.0, 0.0, 1.0),
    ];
    round_trip(ConvexPoints::<f64, 8>::new(&corners).unwrap());
    let rect = Rect::new(v2(1.0, 0.5)).unwrap();
    let placed = Transform::from_position_angle(v2(3.0, 1.0), 0.5);
    round_trip(Transformed::new(rect, placed).unwrap());
    let ball = Sphere::new(v3(0.0, 0.0, 0.0), 1.0).unwrap();
    let turned = Quat::from_axis_angle(Vec3::Z, 0.7).unwrap();
    round_trip(Transformed3::new(ball, Transform3::new(v3(1.0, 2.0, 3.0), turned)).unwrap());
    round_trip(MinkowskiSum::new(
        rect,
        Circle::new(v2(0.0, 0.0), 0.1).unwrap(),
    ));
    round_trip(Hull::new(Point::new(v2(0.0, 0.0)).unwrap(), rect));
    round_trip(Rounded::new(Polygon::<f32, 8>::regular(5, 1.0).unwrap(), 0.25).unwrap());
    round_trip(Rounded::new(Cuboid::new(v3(1.0, 1.0, 1.0)).unwrap(), 0.125).unwrap());
    for shape in [
        Shape::from(rect),
        Shape::from(Circle::new(v2(0.0, 1.0), 0.5).unwrap()),
        Shape::from(Polygon::regular(7, 2.0).unwrap()),
        Shape::RoundedEllipse(Rounded::new(Ellipse::new(v2(2.0, 1.0)).unwrap(), 0.5).unwrap()),
    ] {
        round_trip(shape);
    }
}

#[test]
fn shapes_are_written_as_their_constructors_arguments() {
    let circle = Circle::new(Vec2::new(1.0_f64, 2.0), 0.5).unwrap();
    assert_eq!(
        serde_json::to_string(&circle).unwrap(),
        r#"{"center":{"x":1.0,"y":2.0},"radius":0.5}"#
    );
    let triangle =
        Polygon::<f64, 4>::new(&[Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)]).unwrap();
    assert_eq!(
        serde_json::to_string(&triangle).unwrap(),
        r#"[{"x":0.0,"y":0.0},{"x":1.0,"y":0.0},{"x":0.0,"y":1.0}]"#
    );
}

/// The error message of reading `text` as a `T`, which must fail.
fn rejection<T: DeserializeOwned + core::fmt::Debug>(text: &str) -> String {
    serde_json::from_str::<T>(text).unwrap_err().to_string()
}

#[test]
fn invalid_data_is_the_constructors_error() {
    let negative = rejection::<Circle<f32>>(r#"{"center":{"x":0.0,"y":0.0},"radius":-1.0}"#);
    assert!(negative.contains("negative"), "{negative}");
    let clockwise = rejection::<Polygon<f32, 8>>(r#"[{"x":0,"y":0},{"x":0,"y":1},{"x":1,"y":0}]"#);
    assert!(
        clockwise.contains("counter-clockwise") || clockwise.contains("clockwise"),
        "{clockwise}"
    );
    let too_many = rejection::<Polygon<f32, 3>>(
        r#"[{"x":0,"y":0},{"x":1,"y":0},{"x":1,"y":1},{"x":0,"y":1}]"#,
    );
    assert!(too_many.contains("more than 3 points"), "{too_many}");
    let empty = rejection::<ConvexPoints<f32, 4>>("[]");
    assert!(!empty.is_empty(), "{empty}");
    let flat = rejection::<Cuboid<f64>>(r#"{"half_extents":{"x":1.0,"y":-2.0,"z":1.0}}"#);
    assert!(!flat.is_empty());
    let missing = rejection::<Sphere<f64>>(r#"{"center":{"x":0.0,"y":0.0,"z":0.0}}"#);
    assert!(missing.contains("radius"), "{missing}");
    // A placement whose rotation is not unit length.
    let stretched = Transformed::new(
        Rect::new(Vec2::new(1.0_f64, 1.0)).unwrap(),
        Transform::new(Vec2::ZERO, Rot::<f64>::IDENTITY),
    )
    .unwrap();
    let text = serde_json::to_string(&stretched)
        .unwrap()
        .replace(r#""cos":1.0"#, r#""cos":2.0"#);
    let bad = rejection::<Transformed<f64, Rect<f64>>>(&text);
    assert!(bad.contains("rotation"), "{bad}");
    let sunken = rejection::<Rounded<f32, Rect<f32>>>(
        r#"{"core":{"half_extents":{"x":1.0,"y":1.0}},"rounding":-0.5}"#,
    );
    assert!(sunken.contains("negative"), "{sunken}");
    // The enum's variants are read through their shapes' constructors too.
    let bad_variant = rejection::<Shape<f32>>(r#"{"Circle":{"center":{"x":0,"y":0},"radius":-1}}"#);
    assert!(bad_variant.contains("negative"), "{bad_variant}");
}
