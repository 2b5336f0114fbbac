import { escapeHtml, htmlDocument } from '../http/html';

/** A test account of the dev identity provider. */
export interface DevAccount {
  /** The provider's subject (`sub`) for this account. */
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName?: string;
  familyName?: string;
}


/**
 * The dev provider's login page: one button per test account, a form for any other email
 * (verified or not), and Cancel. Plain HTML with stable `data-testid`s for browser tests
 * (docs/auth.md): dev-idp-account-<id>, dev-idp-email, dev-idp-name, dev-idp-verified,
 * dev-idp-custom-submit, dev-idp-cancel.
 */
export function accountPage(uid: string, accounts: DevAccount[]): string {
  const action = `/interaction/${escapeHtml(uid)}`;
  const buttons = accounts
    .filter((account) => !account.id.startsWith('custom-'))
    .map(
      (account) => `<form method="post" action="${action}/login"><input type="hidden" name="account" value="${escapeHtml(account.id)}">
<button type="submit" data-testid="dev-idp-account-${escapeHtml(account.id)}">Continue as ${escapeHtml(account.name)} &lt;${escapeHtml(account.email)}&gt; (${account.emailVerified ? 'verified' : 'unverified'} email)</button></form>`,
    )
    .join('\n');
  return htmlDocument({
    lang: 'en',
    title: 'Ringwise dev identity provider',
    style: 'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}form{margin:.75rem 0}button{padding:.5rem .75rem}label{display:block;margin:.25rem 0}',
    body: `<h1>Ringwise dev identity provider</h1>
<p>A test OpenID provider for development only. Choose who to sign in as.</p>
${buttons}
<h2>Another account</h2>
<form method="post" action="${action}/login">
<label>Email <input name="email" type="email" required data-testid="dev-idp-email"></label>
<label>Name <input name="name" data-testid="dev-idp-name"></label>
<label><input name="verified" type="checkbox" data-testid="dev-idp-verified"> The provider verified this email</label>
<button type="submit" data-testid="dev-idp-custom-submit">Continue</button></form>
<form method="post" action="${action}/abort"><button type="submit" data-testid="dev-idp-cancel">Cancel</button></form>`,
  });
}
