//! Shared seeded workloads for the benchmarks.
