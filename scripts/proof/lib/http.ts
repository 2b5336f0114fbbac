import http from 'node:http';

/** A request exactly as the proof wants it on the wire (headers are sent as given, Host included). */
export interface WireRequest {
  method: string;
  /** Path and query, already encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The client's own address (any of 127.0.0.0/8): a different host to the server, without forwarding headers. */
  localAddress?: string;
}

export type Outcome = 'answered' | 'hang' | 'reset' | 'unsendable';

export interface WireAnswer {
  outcome: Outcome;
  status: number;
  ms: number;
  /** The first 64 KB of the body. */
  body: string;
  headers: http.IncomingHttpHeaders;
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const KEEP = 64 * 1024;

/**
 * Sends one request and waits at most `timeoutMs` for the whole answer; a request still unanswered
 * then is a hang. A connection the server drops without answering is a reset.
 */
export function send(port: number, request: WireRequest, timeoutMs: number): Promise<WireAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<WireAnswer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: elapsed() });
    };
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers: request.headers, agent, ...(request.localAddress ? { localAddress: request.localAddress } : {}) });
    } catch (error) {
      resolve({ outcome: 'unsendable', status: 0, ms: 0, body: '', headers: {}, error: (error as Error).message });
      return;
    }
    const timer = setTimeout(() => {
      finish({ outcome: 'hang', status: 0, body: '', headers: {} });
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < KEEP) chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('end', () => finish({ outcome: 'answered', status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, KEEP), headers: response.headers }));
      response.on('error', (error) => finish({ outcome: 'reset', status: response.statusCode ?? 0, body: '', headers: response.headers, error: error.message }));
    });
    outgoing.on('error', (error) => finish({ outcome: 'reset', status: 0, body: '', headers: {}, error: error.message }));
    if (request.body !== undefined) outgoing.end(request.body);
    else outgoing.end();
  });
}

/** Runs `work` over `items` with at most `concurrency` in flight. */
export async function pool<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export function closeConnections(): void {
  agent.destroy();
}

/** A JSON (or form) request to the app on `port`: Host set, a body serialised, the answer whole. */
export function call(
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; form?: boolean; timeoutMs?: number; from?: string } = {},
): Promise<WireAnswer> {
  const { headers = {}, body, form = false, timeoutMs = 15_000, from } = options;
  const payload = body === undefined ? undefined : form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
  return send(
    port,
    {
      method,
      path,
      headers: {
        host: `127.0.0.1:${port}`,
        ...headers,
        ...(payload !== undefined ? { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
      },
      ...(payload !== undefined ? { body: payload } : {}),
      ...(from ? { localAddress: from } : {}),
    },
    timeoutMs,
  );
}

/** The answer's JSON body (an empty object when it has none or it is not JSON). */
export function json<T = Record<string, unknown>>(answer: WireAnswer): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return {} as T;
  }
}
