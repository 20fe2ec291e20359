//! The contact manifold picture: three pairs with their manifold points, ids, normals
//! and separations.

use gjk_core::{
    Aabb, ContactFeature, ContactId, ContactShape, Manifold, Transform, Vec2, manifold,
};
use gjk_shapes::{Capsule, Circle, Polygon, Rect};

use super::page::{COLOR_A, COLOR_B, COLOR_HIT, Labels, page, shape_style};
use crate::svg;

/// Box2D's speculative distance.
const SPECULATIVE: f32 = 0.02;

/// A feature as a short label: `v2` a vertex, `e1-2` an edge, `f3` a face, `s` a
/// smooth point.
fn feature_label(feature: ContactFeature) -> String {
    match feature {
        ContactFeature::Vertex(index) => format!("v{index}"),
        ContactFeature::Edge(first, second) => format!("e{first}-{second}"),
        ContactFeature::Face(index) => format!("f{index}"),
        ContactFeature::Smooth => "s".to_owned(),
    }
}

/// An id as `A feature / B feature`.
fn id_label(id: ContactId) -> String {
    format!(
        "{}/{}",
        feature_label(id.feature_a),
        feature_label(id.feature_b)
    )
}

/// One panel's pair: the shapes (drawn through their support mappings), their transforms and the
/// manifold between them.
struct Panel<'s> {
    a: &'s dyn ContactShape<f32>,
    xf_a: Transform<f32>,
    b: &'s dyn ContactShape<f32>,
    xf_b: Transform<f32>,
    contact: Manifold<f32>,
    world: Aabb<f64>,
}

/// Three contacts: Box2D's boxes 0.1 deep, a box tilted by 0.02 on a hexagon (one
/// corner in, the other a speculative point), and a capsule lying on a box next to a
/// circle touching it.
pub fn manifolds() -> Result<String, String> {
    let unit_box = Rect::new(Vec2::new(0.5_f32, 0.5)).map_err(|error| error.to_string())?;
    let ground = Rect::new(Vec2::new(1.6_f32, 0.3)).map_err(|error| error.to_string())?;
    let hexagon = Polygon::<f32, 8>::regular(6, 0.8).map_err(|error| error.to_string())?;
    let capsule = Capsule::new(Vec2::new(-0.6_f32, 0.0), Vec2::new(0.6, 0.0), 0.25)
        .map_err(|error| error.to_string())?;
    let circle = Circle::new(Vec2::ZERO, 0.35_f32).map_err(|error| error.to_string())?;
    let at = |x: f32, y: f32, angle: f32| Transform::from_position_angle(Vec2::new(x, y), angle);
    let contact = |a: &dyn ContactShape<f32>, xf_a, b: &dyn ContactShape<f32>, xf_b| {
        manifold(a, xf_a, b, xf_b, SPECULATIVE).map_err(|error| error.to_string())
    };
    let boxes = (at(0.0, 0.0, 0.0), at(0.9, 0.2, 0.0));
    let tilted = (at(0.0, 0.0, 0.0), at(0.1, 1.2, 0.02));
    let resting = (at(0.0, 0.0, 0.0), at(0.35, 0.54, 0.0));
    let rolling = at(-1.0, 0.645, 0.0);
    let panels = [
        Panel {
            a: &unit_box,
            xf_a: boxes.0,
            b: &unit_box,
            xf_b: boxes.1,
            contact: contact(&unit_box, boxes.0, &unit_box, boxes.1)?,
            world: Aabb::new(Vec2::new(-0.8, -1.1), Vec2::new(1.7, 1.3)),
        },
        Panel {
            a: &hexagon,
            xf_a: tilted.0,
            b: &unit_box,
            xf_b: tilted.1,
            contact: contact(&hexagon, tilted.0, &unit_box, tilted.1)?,
            world: Aabb::new(Vec2::new(-1.1, -1.0), Vec2::new(1.3, 2.0)),
        },
        Panel {
            a: &ground,
            xf_a: resting.0,
            b: &capsule,
            xf_b: resting.1,
            contact: contact(&ground, resting.0, &capsule, resting.1)?,
            world: Aabb::new(Vec2::new(-1.8, -0.6), Vec2::new(1.8, 1.4)),
        },
    ];
    let circle_contact = contact(&ground, resting.0, &circle, rolling)?;
    let counts: Vec<String> = panels
        .iter()
        .map(|panel| panel.contact.points().len().to_string())
        .collect();
    let result = format!(
        "manifold (speculative distance {SPECULATIVE}): {} points; ids name the features of A / B that make each point",
        counts.join(", ")
    );
    let draw_pair =
        |picture: &mut svg::Picture, frame: svg::Frame, labels: &mut Labels, panel: &Panel| {
            picture.add(svg::outline_path(
                panel.a,
                panel.xf_a,
                frame,
                &shape_style(COLOR_A, 1.0),
            ));
            picture.add(svg::outline_path(
                panel.b,
                panel.xf_b,
                frame,
                &shape_style(COLOR_B, 1.0),
            ));
            draw_contact(
                picture,
                frame,
                labels,
                &panel.contact,
                panel.xf_a,
                panel.xf_b,
            );
        };
    Ok(page(
        "Contact manifolds",
        &result,
        "blue: A; orange: B; red dots: contact points (midway between the surfaces), labelled with their ids and separations; arrows: normals from A to B",
        &panels.iter().map(|panel| panel.world).collect::<Vec<_>>(),
        |index, picture, frame, labels| {
            let panel = &panels[index];
            draw_pair(picture, frame, labels, panel);
            if index == 2 {
                picture.add(svg::outline_path(
                    &circle,
                    rolling,
                    frame,
                    &shape_style(COLOR_B, 1.0),
                ));
                draw_contact(picture, frame, labels, &circle_contact, resting.0, rolling);
            }
        },
    ))
}

/// The points of a manifold with their ids and separations, and its normal.
fn draw_contact(
    picture: &mut svg::Picture,
    frame: svg::Frame,
    labels: &mut Labels,
    contact: &Manifold<f32>,
    xf_a: Transform<f32>,
    xf_b: Transform<f32>,
) {
    let world = contact.to_world(xf_a, xf_b);
    for (index, point) in world.points().iter().enumerate() {
        let at = point.point.cast::<f64>();
        if index == 0 {
            picture.add(svg::arrow(frame, at, world.normal.cast(), 36.0));
        }
        picture.add(svg::dot(frame, at, 4.0, COLOR_HIT));
        picture.add(labels.place(
            frame,
            at,
            &format!("{} ({:+.3})", id_label(point.id), point.separation),
        ));
    }
}
