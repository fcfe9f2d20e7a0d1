import autocannon from 'autocannon';
import { Recorder, type RunFigures } from './stats';

/** One request shape; the functions are called for every request so each can differ. */
export interface LoadSpec {
  method: 'GET' | 'POST';
  path: () => string;
  headers?: () => Record<string, string>;
  body?: () => unknown;
  /**
   * For answers that are 200 but carry an outcome (a scan refused, a payment rejected):
   * answers 'ok' or the reason, which is then counted as not ok.
   */
  classify?: (status: number, body: string) => string;
}

/**
 * Runs autocannon for `seconds` with `connections` and measures every answer's latency
 * with sub-millisecond precision. Only 2xx answers that classify as ok count as done.
 */
export async function httpLoad(
  baseUrl: string,
  spec: LoadSpec,
  opts: { seconds: number; connections: number; overallRate?: number },
): Promise<RunFigures> {
  const rec = new Recorder();
  const pendingReasons: string[] = [];
  let finish!: (r: autocannon.Result) => void;
  let fail!: (e: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: baseUrl,
      connections: opts.connections,
      duration: opts.seconds,
      ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
      timeout: 10,
      requests: [
        {
          method: spec.method,
          setupRequest: (req) => {
            const body = spec.body?.();
            return {
              ...req,
              method: spec.method,
              path: spec.path(),
              headers: {
                ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
                ...(spec.headers?.() ?? {}),
              },
              body: body !== undefined ? JSON.stringify(body) : undefined,
            };
          },
          onResponse: spec.classify
            ? (status: number, body: string) => {
                pendingReasons.push(spec.classify!(status, body));
              }
            : undefined,
        },
      ],
    },
    (err: unknown, result: autocannon.Result) => (err ? fail(err) : finish(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    const reason = spec.classify ? (pendingReasons.shift() ?? 'ok') : 'ok';
    if (statusCode >= 200 && statusCode < 300 && reason === 'ok') rec.success(responseTime);
    else rec.failure(statusCode >= 200 && statusCode < 300 ? reason : String(statusCode), responseTime);
  });
  instance.on('reqError', () => {
    rec.errors++;
  });
  const result = await done;
  return rec.figures(result.duration);
}
