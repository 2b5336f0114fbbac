/**
 * Cuts a (normalised) script into the pieces Flite speaks one after another, so the first piece can
 * be heard while the rest is made: the first sentence (cut at its first comma past 7 words, since it
 * decides how soon anything is heard), then the others in pieces of up to about 300 characters
 * (each piece costs a fresh engine instance, about 10 ms, so not one per sentence).
 */
export function splitForStreaming(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?;:])\s+(?=\S)/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
  if (sentences.length === 0) return [];
  const [first = '', ...others] = sentences;
  const words = first.split(/\s+/);
  if (words.length > 7) {
    const comma = first.search(/,\s/u);
    const head = comma > 0 ? first.slice(0, comma + 1) : '';
    if (head && head.split(/\s+/).length >= 2) return [head, ...group([first.slice(comma + 1).trim(), ...others])];
  }
  return [first, ...group(others)];
}

const PIECE_CHARACTERS = 300;

function group(sentences: readonly string[]): string[] {
  const pieces: string[] = [];
  for (const sentence of sentences) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + sentence.length < PIECE_CHARACTERS) pieces[pieces.length - 1] = `${last} ${sentence}`;
    else pieces.push(sentence);
  }
  return pieces;
}
