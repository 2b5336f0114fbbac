import { SynthesisBusyError, SynthesisFailedError, type Mp3Sink, type SynthesisRequest, type SynthesisResult, type Synthesizer } from './synthesizer';
import { traced } from '../observability/tracing';
import { voicePresets } from './voices';
import { wrapMuLaw } from './wav';

export interface ElevenLabsOptions {
  apiKey: string;
  /** API origin; a local stand-in in tests. */
  baseUrl?: string;
  modelId?: string;
  /** Per-request time limit. */
  timeoutMs?: number;
}

/** The web format asked of ElevenLabs: 22.05 kHz MP3 at a constant 32 kbit/s. */
const webFormat = { outputFormat: 'mp3_22050_32', bytesPerSecond: 32_000 / 8 } as const;

/**
 * The ElevenLabs text-to-speech API (`POST /v1/text-to-speech/{voice_id}/stream`), used instead of
 * the offline engine when ELEVENLABS_API_KEY is set. The 17 names are ElevenLabs' premade voices; the
 * multilingual model speaks both English and French scripts with the same voice.
 */
export class ElevenLabsSynthesizer implements Synthesizer {
  readonly id: string;
  private readonly baseUrl: string;
  private readonly modelId: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: ElevenLabsOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.elevenlabs.io').replace(/\/+$/, '');
    this.modelId = options.modelId ?? 'eleven_multilingual_v2';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.id = `elevenlabs/${this.modelId}`;
  }

  async synthesize(request: SynthesisRequest, sink: Mp3Sink, signal?: AbortSignal): Promise<SynthesisResult> {
    const response = await this.call(request, webFormat.outputFormat, 'audio/mpeg', signal);
    let bytes = 0;
    if (!response.body) throw new SynthesisFailedError('ElevenLabs answered without audio');
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value && value.length > 0) {
          bytes += value.length;
          sink.write(value);
        }
      }
    } catch (error) {
      throw new SynthesisFailedError(`ElevenLabs audio stream broke: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (bytes === 0) throw new SynthesisFailedError('ElevenLabs answered without audio');
    // Constant bit rate, so the length follows from the size.
    const durationSeconds = Math.round((bytes / webFormat.bytesPerSecond) * 100) / 100;
    sink.end(durationSeconds);
    return { durationSeconds, phoneWav: null };
  }

  /** ElevenLabs renders 8 kHz µ-law itself (`ulaw_8000`, headerless); we add the WAV header. */
  async phoneWav(request: SynthesisRequest, signal?: AbortSignal): Promise<Uint8Array> {
    const response = await this.call(request, 'ulaw_8000', 'audio/basic', signal);
    const law = new Uint8Array(await response.arrayBuffer());
    if (law.length === 0) throw new SynthesisFailedError('ElevenLabs answered without audio');
    return wrapMuLaw(law, 8000);
  }

  async warm(): Promise<void> {}

  async close(): Promise<void> {}

  private async call(request: SynthesisRequest, outputFormat: string, accept: string, signal?: AbortSignal): Promise<Response> {
    const voiceId = voicePresets[request.voice].elevenLabsVoiceId;
    const url = `${this.baseUrl}/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream?output_format=${outputFormat}`;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      // The span ends at ElevenLabs' first byte (the audio streams on); it names neither the key nor the text.
      const attributes = { 'server.address': new URL(this.baseUrl).host, 'elevenlabs.output_format': outputFormat, 'elevenlabs.model': this.modelId };
      response = await traced('elevenlabs.text-to-speech', attributes, async (span) => {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'xi-api-key': this.options.apiKey, 'content-type': 'application/json', accept },
          body: JSON.stringify({ text: request.text, model_id: this.modelId }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        span.setAttribute('http.response.status_code', answer.status);
        return answer;
      });
    } catch (error) {
      throw new SynthesisFailedError(`ElevenLabs unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.ok) return response;
    const detail = await readErrorDetail(response);
    if (response.status === 429) throw new SynthesisBusyError(`ElevenLabs is rate limiting: ${detail}`);
    throw new SynthesisFailedError(`ElevenLabs answered ${response.status}: ${detail}`);
  }
}

/** ElevenLabs errors look like `{ "detail": { "status": "invalid_api_key", "message": "…" } }`. */
async function readErrorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: { status?: string; message?: string } | string };
    if (typeof body.detail === 'string') return body.detail;
    if (body.detail) return [body.detail.status, body.detail.message].filter(Boolean).join(': ');
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.slice(0, 200) || response.statusText;
}
