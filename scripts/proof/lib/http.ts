import http from 'node:http';

/** A request exactly as the proof wants it on the wire (headers are sent as given, Host included). */
export interface WireRequest {
  method: string;
  /** Path and query, already encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
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
      outgoing = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers: request.headers, agent });
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
