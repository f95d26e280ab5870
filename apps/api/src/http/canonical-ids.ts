import type { RequestHandler } from 'express';

const UUID = '[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}';
const ONE = new RegExp(`^${UUID}$`);
const LIST = new RegExp(`^${UUID}(?:,\\s*${UUID})*$`);

const lower = (text: string) => (LIST.test(text) ? text.toLowerCase() : text);

/**
 * Ids are UUIDs, and a UUID is read case-insensitively (RFC 9562) and written in lower case:
 * `01A2…` names the same human as `01a2…` on every route. Path segments and query values that
 * are a UUID (or a comma-separated list of them) are put in lower case here, before
 * authentication reads the schedules they name, so no route compares them as they were sent.
 */
export const canonicalIdsInUrl: RequestHandler = (req, _res, next) => {
  const [path, query] = splitOnce(req.url, '?');
  const canonicalPath = path
    .split('/')
    .map((segment) => (ONE.test(segment) ? segment.toLowerCase() : segment))
    .join('/');
  let canonicalQuery = query;
  if (query !== undefined) {
    const params = new URLSearchParams(query);
    let changed = false;
    for (const [name, value] of params) {
      if (lower(value) !== value) {
        params.set(name, lower(value));
        changed = true;
      }
    }
    if (changed) canonicalQuery = params.toString();
  }
  if (canonicalPath !== path || canonicalQuery !== query)
    req.url = canonicalQuery === undefined ? canonicalPath : `${canonicalPath}?${canonicalQuery}`;
  // Express 4 parsed req.query from the URL before any middleware: the same there.
  const parsed = req.query as Record<string, unknown>;
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === 'string') parsed[name] = lower(value);
    else if (Array.isArray(value)) parsed[name] = (value as unknown[]).map((item) => (typeof item === 'string' ? lower(item) : item));
  }
  next();
};

/** The same for a JSON body's own ids: its top-level `…_id` and `…_ids` members (never inside metadata). */
export const canonicalIdsInBody: RequestHandler = (req, _res, next) => {
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (!name.endsWith('_id') && !name.endsWith('_ids')) continue;
      if (typeof value === 'string') body[name] = lower(value);
      else if (Array.isArray(value)) body[name] = (value as unknown[]).map((item) => (typeof item === 'string' ? lower(item) : item));
    }
  }
  next();
};

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
