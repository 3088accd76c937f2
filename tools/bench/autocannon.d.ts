// The part of autocannon 9 the mock benchmark uses (the package ships no types, and @types/autocannon is not a
// dependency here). Field names as in autocannon's README ("Results" and "Options").
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    /** seconds */
    duration?: number;
    requests?: Request[];
  }
  /** Percentiles and extremes of one measure (requests per second, latency in ms, bytes per second). */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
