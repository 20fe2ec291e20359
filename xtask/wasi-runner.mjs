// Cargo runner for `wasm32-wasip1` (`CARGO_TARGET_WASM32_WASIP1_RUNNER`), used by
// `cargo xtask ci` to run test binaries under node's WASI (preview 1):
//
//     node wasi-runner.mjs <module.wasm> [arguments for the module...]
//
// The module gets the arguments after its path (its argv[0] is the path) and this
// process's environment, no files. The exit code is the module's; a trap (a Rust panic
// aborts on this target) prints the error and exits with 134, as an abort would.
import { readFile } from "node:fs/promises";
import { argv, env, exit } from "node:process";
import { WASI } from "node:wasi";

const [modulePath, ...args] = argv.slice(2);
if (modulePath === undefined) {
  console.error("usage: node wasi-runner.mjs <module.wasm> [arguments...]");
  exit(2);
}

const wasi = new WASI({
  version: "preview1",
  args: [modulePath, ...args],
  env,
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(modulePath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
let code;
try {
  code = wasi.start(instance);
} catch (error) {
  console.error(`${modulePath}: ${error}`);
  code = 134;
}
exit(code);
