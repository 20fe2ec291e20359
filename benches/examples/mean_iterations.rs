//! Prints the mean GJK iterations per query of the standard workloads, cold and warm,
//! in f32 and f64: `cargo run --release -p gjk-benches --example mean_iterations`.

use gjk_benches::standard::{
    standard_coherent_motion, standard_ellipse_pairs, standard_octagon_pairs,
};
use gjk_benches::{GjkWorkload, Start, ToGjkShape, Workload, mean_iterations};

/// One table row per precision: static cold, coherent cold, coherent warm.
fn print_rows<D: ToGjkShape<f32> + ToGjkShape<f64> + Clone>(name: &str, workload: &Workload<D>) {
    let moving = standard_coherent_motion(workload);
    let still_f32 = GjkWorkload::<f32, _>::new(workload).expect("f32 shapes are valid");
    let moving_f32 = GjkWorkload::<f32, _>::new(&moving).expect("f32 shapes are valid");
    let still_f64 = GjkWorkload::<f64, _>::new(workload).expect("f64 shapes are valid");
    let moving_f64 = GjkWorkload::<f64, _>::new(&moving).expect("f64 shapes are valid");
    println!(
        "{name:<8} f32 {:>8.3} {:>14.3} {:>14.3}",
        mean_iterations(&still_f32, Start::Cold),
        mean_iterations(&moving_f32, Start::Cold),
        mean_iterations(&moving_f32, Start::Warm),
    );
    println!(
        "{name:<8} f64 {:>8.3} {:>14.3} {:>14.3}",
        mean_iterations(&still_f64, Start::Cold),
        mean_iterations(&moving_f64, Start::Cold),
        mean_iterations(&moving_f64, Start::Warm),
    );
}

fn main() {
    println!("workload     cold  cold_coherent  warm_coherent");
    print_rows("octagon", &standard_octagon_pairs());
    print_rows("ellipse", &standard_ellipse_pairs());
}
