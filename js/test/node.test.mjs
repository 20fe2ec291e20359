// The package's checks in node: `node --test test/node.test.mjs` from the package folder, which
// holds gjk.wasm once `cargo xtask js` has built it.
import { test } from "node:test";
import { load } from "../gjk.js";
import { checks } from "./checks.mjs";

const gjk = await load();
for (const [name, check] of Object.entries(checks)) {
  test(name, () => check(gjk));
}
