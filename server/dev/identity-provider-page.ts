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

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The dev provider's login page: one button per test account, a form for any other email
 * (verified or not), and Cancel. Plain HTML with stable `data-testid`s for browser tests
 * (docs/auth.md): dev-idp-account-<id>, dev-idp-email, dev-idp-name, dev-idp-verified,
 * dev-idp-custom-submit, dev-idp-cancel.
 */
export function accountPage(uid: string, accounts: DevAccount[]): string {
  const action = `/interaction/${escape(uid)}`;
  const buttons = accounts
    .filter((account) => !account.id.startsWith('custom-'))
    .map(
      (account) => `<form method="post" action="${action}/login"><input type="hidden" name="account" value="${escape(account.id)}">
<button type="submit" data-testid="dev-idp-account-${escape(account.id)}">Continue as ${escape(account.name)} &lt;${escape(account.email)}&gt; (${account.emailVerified ? 'verified' : 'unverified'} email)</button></form>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Ringwise dev identity provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}form{margin:.75rem 0}button{padding:.5rem .75rem}label{display:block;margin:.25rem 0}</style></head>
<body><h1>Ringwise dev identity provider</h1>
<p>A test OpenID provider for development only. Choose who to sign in as.</p>
${buttons}
<h2>Another account</h2>
<form method="post" action="${action}/login">
<label>Email <input name="email" type="email" required data-testid="dev-idp-email"></label>
<label>Name <input name="name" data-testid="dev-idp-name"></label>
<label><input name="verified" type="checkbox" data-testid="dev-idp-verified"> The provider verified this email</label>
<button type="submit" data-testid="dev-idp-custom-submit">Continue</button></form>
<form method="post" action="${action}/abort"><button type="submit" data-testid="dev-idp-cancel">Cancel</button></form>
</body></html>`;
}
