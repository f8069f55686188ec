declare namespace App {
  interface Locals {
    /** Correlates a request's log lines; echoed in the X-Request-Id header. */
    requestId: string;
  }
}
