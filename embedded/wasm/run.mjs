// Runs the conformance table in the gjk-wasm module under node and prints the same
// two closing lines as the firmware:
//
//   conformance on wasm32 (node <version>): <n> cases, <p> passed, <f> failed (...)
//   result hash <16 hex digits>
//
// usage: node run.mjs <path to gjk_wasm.wasm>; exits 1 when a case fails.
import { readFile } from "node:fs/promises";

const path = process.argv[2];
if (!path) {
  console.error("usage: node run.mjs <gjk_wasm.wasm>");
  process.exit(2);
}

const { instance } = await WebAssembly.instantiate(await readFile(path), {});
const gjk = instance.exports;

const failed = gjk.gjk_conformance_run();
const first = gjk.gjk_conformance_first_failure();
if (first >= 0) {
  console.log(`FAILED case ${first} (the first of ${failed})`);
}
console.log(
  `conformance on wasm32 (node ${process.versions.node}): ` +
    `${gjk.gjk_conformance_cases()} cases, ${gjk.gjk_conformance_passed()} passed, ` +
    `${failed} failed (bits differ ${gjk.gjk_conformance_bits_differ()}, ` +
    `off reference ${gjk.gjk_conformance_off_reference()}, ` +
    `unbuilt ${gjk.gjk_conformance_unbuilt()})`,
);
const hash = BigInt.asUintN(64, gjk.gjk_conformance_hash());
console.log(`result hash ${hash.toString(16).padStart(16, "0")}`);
process.exit(failed === 0 ? 0 : 1);
