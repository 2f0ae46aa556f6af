// The page's interpreter (crates/rlab-live/dist/rlab-live.wasm) under node: load it with the imports
// the page gives it (clock, entropy) and send it JSON requests, as the page's worker does.
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";

export async function load(path) {
  const bytes = readFileSync(path);
  const random = new Uint32Array(1);
  const env = {
    rl_now_ms: () => performance.now(),
    rl_random_u32: () => (webcrypto.getRandomValues(random), random[0]),
  };
  const { instance } = await WebAssembly.instantiate(bytes, { env });
  const x = instance.exports;
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  return (request) => {
    const data = enc.encode(JSON.stringify(request));
    const ptr = x.rl_alloc(data.length);
    new Uint8Array(x.memory.buffer, ptr, data.length).set(data);
    const len = x.rl_request(ptr, data.length);
    const at = x.rl_response();
    return JSON.parse(dec.decode(new Uint8Array(x.memory.buffer, at, len)));
  };
}
