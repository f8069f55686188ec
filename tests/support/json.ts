/**
 * A parsed JSON answer, as a test reads it: its shape is what the test asserts, so it is
 * not declared first. Named, so that `any` in a test is a choice, not an accident.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test asserts the shape it reads
export type Json = any;
