/**
 * Whether anyone may create an organization here. The server marks index.html with
 * `<meta name="humantime-signup" content="closed">` when DASHBOARD_SIGNUP=closed; people then
 * join through an invitation link.
 */
export function signupOpen(): boolean {
  return document.querySelector<HTMLMetaElement>('meta[name="humantime-signup"]')?.content !== 'closed';
}
