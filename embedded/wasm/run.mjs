// Runs the conformance tables in the gjk-wasm module under node, the plane's and the
// 3D one, and prints the same closing lines as the firmware:
//
//   conformance on wasm32 (node <version>): <n> cases, <p> passed, <f> failed (...)
//   result hash <16 hex digits>
//   conformance 3D on wasm32 (node <version>): <n> cases, <p> passed, <f> failed (...)
//   result hash 3D <16 hex digits>
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

// Runs one table with `run` and prints its lines, each tagged with `tag` ("" for the
// plane, "3D " for the 3D table); returns the number of failed cases.
function report(run, tag) {
  const failed = run();
  const first = gjk.gjk_conformance_first_failure();
  if (first >= 0) {
    console.log(`FAILED ${tag}case ${first} (the first of ${failed})`);
  }
  console.log(
    `conformance ${tag}on wasm32 (node ${process.versions.node}): ` +
      `${gjk.gjk_conformance_cases()} cases, ${gjk.gjk_conformance_passed()} passed, ` +
      `${failed} failed (bits differ ${gjk.gjk_conformance_bits_differ()}, ` +
      `off reference ${gjk.gjk_conformance_off_reference()}, ` +
      `unbuilt ${gjk.gjk_conformance_unbuilt()})`,
  );
  const hash = BigInt.asUintN(64, gjk.gjk_conformance_hash());
  console.log(`result hash ${tag}${hash.toString(16).padStart(16, "0")}`);
  return failed;
}

const failed =
  report(gjk.gjk_conformance_run, "") + report(gjk.gjk_conformance_run_3d, "3D ");
process.exit(failed === 0 ? 0 : 1);
