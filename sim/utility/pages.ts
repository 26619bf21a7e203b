/**
 * The simulated provider's HTML pages, where the homeowner signs in to the utility: the sign-in form,
 * the one-time code form and short status pages. Self-contained (inline styles, no scripts, no external
 * resources), usable on a 390 px wide phone, every input labelled, errors announced. Every piece of text
 * is escaped; the password is never written back.
 */

import { escapeXml as escape } from './espi.ts';
import { SCENARIOS, TWO_FACTOR_CODE } from './scenarios.ts';
import { UTILITIES } from './authorizations.ts';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#eef2f6}
header{background:#0b4f8a;color:#fff;padding:14px 20px;display:flex;align-items:center;gap:10px}
.mark{width:28px;height:28px;border-radius:50%;background:#f5b400;flex:none}
header strong{font-size:18px}
main{max-width:440px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:8px;padding:24px 20px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:22px;margin:0 0 8px}
p{margin:0 0 16px}
label{display:block;font-weight:600;margin:16px 0 4px}
input,select{width:100%;font:inherit;padding:10px 12px;border:1px solid #8a98a8;border-radius:4px;background:#fff}
input:focus,select:focus{outline:3px solid #f5b400;outline-offset:1px}
button{margin-top:24px;width:100%;font:inherit;font-weight:600;padding:12px;border:0;border-radius:4px;background:#0b4f8a;color:#fff;cursor:pointer}
.error{background:#fdecea;border-left:4px solid #c62828;padding:10px 12px;margin:0 0 16px;color:#8e1c1c}
.note{font-size:14px;color:#4b5866}
form+.note{margin-top:16px}
details{margin-top:20px;font-size:14px}
code{background:#eef2f6;padding:0 4px;border-radius:3px}
a{color:#0b4f8a}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><span class="mark" aria-hidden="true"></span><strong>Utility Connect</strong></header>
<main><div class="card">
${body}
</div></main>
</body>
</html>
`;
}

function errorBox(error: string | undefined): string {
  return error ? `<p class="error" role="alert" id="form-error">${escape(error)}</p>` : '';
}

/** The sign-in form; `utility` keeps the homeowner's choice after an error. */
export function signInPage(o: { id: string; reference: string; error?: string; utility?: string | null }): string {
  const described = o.error ? ' aria-describedby="form-error"' : '';
  // No utility known: the list starts on a prompt, not on one utility (a New Jersey home offered a Californian one).
  const known = !!o.utility && UTILITIES.includes(o.utility);
  const prompt = `<option value=""${known ? '' : ' selected'} disabled>Choose your utility</option>`;
  const options =
    prompt + UTILITIES.map((u) => `<option${u === o.utility ? ' selected' : ''}>${escape(u)}</option>`).join('');
  const demo = Object.entries(SCENARIOS)
    .map(([name, s]) => `<li><code>${escape(name)}</code>: ${escape(s.summary)}</li>`)
    .join('');
  return page(
    'Connect your utility account',
    `
<h1>Connect your utility account</h1>
<p>Sign in to your utility to share your energy usage history for <strong>${escape(o.reference)}</strong>. Your password goes to your utility only.</p>
${errorBox(o.error)}
<form method="post" action="/authorize/${encodeURIComponent(o.id)}">
<label for="utility">Your utility</label>
<select id="utility" name="utility" required>${options}</select>
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit">Sign in and share my data</button>
</form>
<details><summary>Demo accounts (simulated utility)</summary><p class="note">Any password works. Any other username connects normally.</p><ul>${demo}</ul></details>`,
  );
}

/** The one-time code form. */
export function codePage(o: { id: string; utility: string | null; error?: string }): string {
  return page(
    'Enter your verification code',
    `
<h1>Enter your verification code</h1>
<p>${escape(o.utility ?? 'Your utility')} sent a 6-digit code to the phone on your account.</p>
${errorBox(o.error)}
<form method="post" action="/authorize/${encodeURIComponent(o.id)}/code">
<label for="code">Verification code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="12" required>
<button type="submit">Verify</button>
</form>
<p class="note">Simulated utility: the code is <code>${TWO_FACTOR_CODE}</code>.</p>`,
  );
}

/** A short page saying where things stand, with an optional link onward. */
export function messagePage(title: string, text: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `
<h1>${escape(title)}</h1>
<p>${escape(text)}</p>
${link ? `<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>` : ''}`,
  );
}
