/** The part of autocannon 8 the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    /** Called before each send of this request: what it returns is sent. */
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  };

  export type AutocannonOptions = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** Sent in turn by every connection, starting again after the last. */
    requests?: AutocannonRequest[];
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  };

  export type AutocannonResult = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { average: number; total: number };
    latency: { average: number; max: number };
  };

  /**
   * A running benchmark: awaitable for the result; emits ('response', client, statusCode, bytes, ms)
   * for every answer, with the latency in milliseconds (fractional).
   */
  export type AutocannonInstance = EventEmitter & PromiseLike<AutocannonResult> & { stop(): void };

  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
