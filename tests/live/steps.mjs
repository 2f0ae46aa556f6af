// Send a list of requests to the page's interpreter under node and print the answers, one
// JSON array on stdout: `node tests/live/steps.mjs MODULE REQUESTS.json`. REQUESTS.json holds
// an array of sessions, each an array of requests (the first a `start`); every session gets
// a fresh instance of the module. Used by the fidelity test (tests/it/live_fidelity.rs).
import { load } from "./module.mjs";
import { readFileSync } from "node:fs";

const sessions = JSON.parse(readFileSync(process.argv[3], "utf8"));
const out = [];
for (const requests of sessions) {
  const ask = await load(process.argv[2]);
  out.push(requests.map((request) => {
    const t = performance.now();
    const answer = ask(request);
    return { text: answer.text, error: answer.error, fault: answer.fault, ms: performance.now() - t };
  }));
}
process.stdout.write(JSON.stringify(out));
