import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingProxy {
  /** For Playwright: `newContext(browser, baseURL, { proxy: proxy.playwright })`. */
  playwright: { server: string; bypass: string };
  /** Every request the browser made, as `METHOD url` (CONNECT for HTTPS, with host:port). */
  seen: Array<{ method: string; url: string }>;
  close(): Promise<void>;
}

/**
 * An HTTP proxy that records every request a browser sends through it and forwards only those to
 * loopback addresses; anything else is refused (and recorded), so a test can prove nothing left the
 * machine. Unlike page-level request events it also sees requests the browser sends after a page is
 * gone (sendBeacon on pagehide). `bypass: '<-loopback>'` makes Chromium proxy loopback too.
 */
export async function startRecordingProxy(): Promise<RecordingProxy> {
  const seen: RecordingProxy['seen'] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '';
    seen.push({ method: incoming.method ?? 'GET', url });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      outgoing.writeHead(400).end();
      return;
    }
    if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost' && target.hostname !== '[::1]') {
      outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('blocked by the test proxy');
      return;
    }
    const forward = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: `${target.pathname}${target.search}`, headers: incoming.headers },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forward);
  });
  server.on('connect', (request, socket) => {
    seen.push({ method: 'CONNECT', url: request.url ?? '' });
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    playwright: { server: `http://127.0.0.1:${port}`, bypass: '<-loopback>' },
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
