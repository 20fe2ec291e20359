//! `time_of_impact`: no panic, bounded iterations, fractions in range.
#![no_main]

use gjk_core::{Sweep, ToiConfig, ToiStatus, time_of_impact};
use gjk_fuzz::{Num, P, ShapeSpec};
use libfuzzer_sys::fuzz_target;

/// A shape and its sweep: the local centre, the two centres and the two angles.
type Swept = (ShapeSpec, [P; 3], [Num; 2]);

fuzz_target!(|input: (Swept, Swept, Num)| {
    let ((spec_a, [la, ca0, ca1], [aa0, aa1]), (spec_b, [lb, cb0, cb1], [ab0, ab1]), t_max) = input;
    let (Ok(a), Ok(b)) = (spec_a.build(), spec_b.build()) else {
        return;
    };
    let sweep_a = Sweep::new(la.v(), ca0.v(), ca1.v(), aa0.0, aa1.0);
    let sweep_b = Sweep::new(lb.v(), cb0.v(), cb1.v(), ab0.0, ab1.0);
    let out = time_of_impact(&a, sweep_a, &b, sweep_b, t_max.0);
    assert!(
        out.iterations <= ToiConfig::<f32>::default().max_iterations,
        "{out:?}"
    );
    match out.status {
        ToiStatus::InvalidInput => assert!(out.fraction.is_nan()),
        _ => assert!(out.fraction >= 0.0 && out.fraction <= t_max.0, "{out:?}"),
    }
});
