/**
 * Cuts a (normalised) script into the pieces the engines speak one after another, so the first piece
 * can be heard while the rest is made. A first sentence with a comma is cut there: its head ("Hi,",
 * "Bonjour,", "Thanks for calling Summit Builders,") is spoken alone, since the first audio byte
 * waits for that whole piece to be spoken, levelled and encoded — a whole first sentence is 40–80 ms
 * of Flite, "Hi," about 20 ms, and with four greetings at once on two cores each first piece also
 * waits for others' (#16). The rest of that sentence follows alone (short, so it is ready before the
 * head has played), then the other sentences in pieces of up to about 300 characters (each piece
 * costs a fresh engine instance, about 10 ms, so not one per sentence); a longer sentence is cut.
 */
export function splitForStreaming(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?;:])\s+(?=\S)/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => SPOKEN.test(sentence))
    .flatMap(cutLong);
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

/**
 * A sentence longer than a piece is cut at its last comma (else its last space) before the limit.
 * A piece is one engine call that nothing else on its thread interleaves with: a script of numbers
 * with no full stop, 2,500 characters spoken, was one call of 15 s that held another visitor's
 * greeting on the same thread for all of it (#25.6).
 */
function cutLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > PIECE_CHARACTERS) {
    const window = rest.slice(0, PIECE_CHARACTERS);
    const comma = window.search(/,\s(?!.*,\s)/u);
    const space = window.lastIndexOf(' ');
    const cut = comma > PIECE_CHARACTERS / 3 ? comma + 1 : space > 0 ? space : PIECE_CHARACTERS;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces.filter((piece) => SPOKEN.test(piece));
}

function group(sentences: readonly string[]): string[] {
  const pieces: string[] = [];
  for (const sentence of sentences) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + sentence.length < PIECE_CHARACTERS) pieces[pieces.length - 1] = `${last} ${sentence}`;
    else pieces.push(sentence);
  }
  return pieces;
}
