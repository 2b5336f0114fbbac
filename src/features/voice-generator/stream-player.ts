/**
 * A greeting heard from its first bytes (#40.4). The builder streams the MP3 while it speaks it (its
 * first phrase alone, ~1.4 kB, within ~0.1–0.3 s, then the rest), but an <audio src> in Chromium
 * opens a stream of unknown length by reading a 32 kB block before it knows what it holds: a 40-word
 * greeting is ~50 kB, so the player said nothing until its synthesis was almost over (1.0–1.7 s
 * after the click at load ~10, measured by scripts/bench-greetings). Appended through Media Source
 * Extensions, each piece is playable as it arrives. Where a browser cannot (no MediaSource, or no MP3
 * in it: iPhones before iOS 17, some Safari), or the stream fails, the player takes the address
 * itself, as before.
 */

const MP3 = 'audio/mpeg';

/** Whether this browser plays an MP3 appended piece by piece. */
export function canStreamMp3(): boolean {
  return typeof MediaSource === 'function' && typeof MediaSource.isTypeSupported === 'function' && MediaSource.isTypeSupported(MP3);
}

/** Appends one piece and resolves once the buffer took it. */
function append(buffer: SourceBuffer, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      buffer.removeEventListener('updateend', done);
      buffer.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      buffer.removeEventListener('updateend', done);
      buffer.removeEventListener('error', failed);
      reject(new Error('the audio piece was not accepted'));
    };
    buffer.addEventListener('updateend', done);
    buffer.addEventListener('error', failed);
    buffer.appendBuffer(bytes as Uint8Array<ArrayBuffer>);
  });
}

/** Fetches `url` and appends its body to `source` as it comes, then ends the stream. */
async function pump(source: MediaSource, url: string, signal: AbortSignal): Promise<void> {
  const buffer = source.addSourceBuffer(MP3);
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`the greeting's audio answered ${response.status}`);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.length > 0) await append(buffer, value);
  }
  if (source.readyState === 'open') source.endOfStream();
}

/**
 * Plays `url` in `audio` from its first bytes where the browser can, else from the address. Returns
 * what stops it (the element leaves the page, or another greeting replaces it): the download is
 * dropped. The element's own `autoplay` starts the sound (the click on 'Create your greeting' is the
 * user activation browsers ask for).
 */
export function streamInto(audio: HTMLAudioElement, url: string): () => void {
  if (!canStreamMp3()) {
    audio.src = url;
    return () => undefined;
  }
  const controller = new AbortController();
  const source = new MediaSource();
  const objectUrl = URL.createObjectURL(source);
  // Once: the address as it always played (a decode error, a broken stream), never twice.
  const fallBack = () => {
    if (controller.signal.aborted) return;
    controller.abort();
    audio.removeEventListener('error', fallBack);
    audio.src = url;
  };
  audio.addEventListener('error', fallBack);
  source.addEventListener(
    'sourceopen',
    () => {
      URL.revokeObjectURL(objectUrl);
      pump(source, url, controller.signal).catch(fallBack);
    },
    { once: true },
  );
  audio.src = objectUrl;
  return () => {
    audio.removeEventListener('error', fallBack);
    controller.abort();
    URL.revokeObjectURL(objectUrl);
  };
}
