const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The error page's headers: it loads nothing, runs nothing and must not be framed, and its
 * address (the app's request, state included) is not passed on as a referrer.
 */
export const OAUTH_ERROR_PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/**
 * The page /oauth/authorize shows when it must not send the browser back to the app (unknown
 * client, a redirect URI the app did not register): the dashboard's sign-in look, written
 * here so it needs no script and no other request. Nothing from the request is echoed but
 * the message, escaped.
 */
export function oauthErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>This sign-in link cannot be used · humantime</title>
<style>
:root{--bg:#f6f7f9;--surface:#fff;--border:#e3e6eb;--text:#1c2430;--muted:#5b6675;--accent:#0f766e;--danger:#b42318;--danger-soft:#fdecea;--focus:#2563eb;
font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:15px;line-height:1.5;color:var(--text);background:var(--bg)}
*{box-sizing:border-box}body{margin:0}
main{min-height:100vh;display:grid;place-items:center;padding:1.5rem 1rem}
.card{width:min(430px,100%);padding:1.75rem;background:var(--surface);border:1px solid var(--border);border-radius:10px;box-shadow:0 1px 2px rgb(16 24 40/6%),0 1px 3px rgb(16 24 40/8%)}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:650;margin-bottom:1.25rem;color:var(--text);text-decoration:none}
.mark{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:7px;background:var(--accent);color:#fff;font-size:13px;font-weight:700}
h1{font-size:1.25rem;margin:0 0 .75rem;overflow-wrap:anywhere}
.notice{background:var(--danger-soft);color:var(--danger);border-radius:8px;padding:.75rem .9rem;overflow-wrap:anywhere}
p{color:var(--muted)}a{color:var(--accent)}a:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
</style>
</head>
<body>
<main>
<div class="card">
<a class="brand" href="/dashboard"><span class="mark" aria-hidden="true">ht</span>humantime</a>
<h1>This sign-in link cannot be used</h1>
<p class="notice" role="alert">${escapeHtml(message)}</p>
<p>Nothing was shared with the app. Go back to it and start connecting again, or open <a href="/dashboard">your dashboard</a>.</p>
</div>
</main>
</body>
</html>`;
}
