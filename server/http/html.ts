const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML bodies and quoted attributes in the server-rendered pages. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

export interface HtmlDocument {
  /** The page's language (`<html lang>`). */
  lang: string;
  /** The document title, as text (escaped here). */
  title: string;
  /** The page's own CSS, inlined in one `<style>` (the pages load no outside asset unless `head` says so). */
  style?: string;
  /** More of the head, as HTML the caller wrote (a stylesheet link, a script, a refresh). */
  head?: string;
  /** The body's content, as HTML the caller has escaped. */
  body: string;
}

/**
 * The one document shell of every page the server writes itself (the team's /admin pages, the
 * funnel report and its sign-in, the hosted checkout, the dev outbox and identity provider): the
 * doctype, the language, UTF-8, the phone viewport, and `noindex` (none of them is a page for a
 * search engine). No CSP nonce: none of them has an inline script (the checkout's one script is a
 * file, /checkout/assets/checkout.js).
 */
export function htmlDocument(page: HtmlDocument): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.title)}</title>`,
    page.style === undefined ? '' : `<style>${page.style}</style>`,
    page.head ?? '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}">
<head>
${head.join('\n')}
</head>
<body>
${page.body}
</body>
</html>
`;
}
