/**
 * Cuts a (normalised) script into the pieces the engines speak one after another, so the first piece
 * can be heard while the rest is made. A first sentence with a comma is cut there: its head ("Hi,",
 * "Bonjour,", "Thanks for calling Summit Builders,") is spoken alone, since the first audio byte
 * waits for that whole piece to be spoken, levelled and encoded — a whole first sentence is 40–80 ms
 * of Flite, "Hi," about 20 ms, and with four greetings at once on two cores each first piece also
 * waits for others' (#16). The rest of that sentence follows alone (short, so it is ready before the
 * head has played), then the other sentences in pieces of up to about 300 characters (each piece
 * costs a fresh engine instance, about 10 ms, so not one per sentence).
 */
export function splitForStreaming(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?;:])\s+(?=\S)/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => SPOKEN.test(sentence));
  if (sentences.length === 0) return [];
  const [first = '', ...others] = sentences;
  const comma = first.search(/,\s/u);
  if (comma > 0) {
    const head = first.slice(0, comma + 1);
    const rest = first.slice(comma + 1).trim();
    if (SPOKEN.test(head) && SPOKEN.test(rest)) return [head, rest, ...group(others)];
  }
  return [first, ...group(others)];
}

const PIECE_CHARACTERS = 300;
const SPOKEN = /[\p{L}\p{N}]/u;

function group(sentences: readonly string[]): string[] {
  const pieces: string[] = [];
  for (const sentence of sentences) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + sentence.length < PIECE_CHARACTERS) pieces[pieces.length - 1] = `${last} ${sentence}`;
    else pieces.push(sentence);
  }
  return pieces;
}
