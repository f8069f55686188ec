import { z } from "zod";

/**
 * zod's JIT compiles object parsers with `new Function`, and probes for it first. The CSP
 * forbids eval, so in the browser that probe is a reported violation; jitless parsing
 * never tries. Every schema imports z from here.
 */
z.config({ jitless: true });

export { z };
