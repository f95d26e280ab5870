import { SaxesParser } from 'saxes';

export const DAV = 'DAV:';
export const CALDAV = 'urn:ietf:params:xml:ns:caldav';

/** A property of one resource in a 207 Multi-Status answer, found with a 2xx propstat. */
export interface DavProperty {
  /** Its text content (getetag, calendar-data), entities decoded and CDATA included. */
  text: string;
  /** Its child elements as "{namespace}local" (resourcetype's types). */
  children: string[];
}

export interface DavResource {
  href: string;
  /** The response's own status, when it carries one instead of propstats (404 for a gone href). */
  status: number | null;
  /** The properties found, by "{namespace}local". */
  props: Map<string, DavProperty>;
}

export const key = (namespace: string, local: string) => `{${namespace}}${local}`;

function statusCode(line: string): number | null {
  const code = /^\s*HTTP\/\d(?:\.\d)?\s+(\d{3})/i.exec(line)?.[1];
  return code ? Number(code) : null;
}

/**
 * The resources of a WebDAV multistatus document, or null if it is not one. Read with a
 * namespace-aware streaming parser, so prefixes (D:, ns0:, none) do not matter; a document
 * with a DOCTYPE is refused rather than have its entities expanded.
 */
export function parseMultistatus(xml: string): DavResource[] | null {
  const parser = new SaxesParser({ xmlns: true });
  const resources: DavResource[] = [];
  // The open elements, as "{namespace}local".
  const path: string[] = [];
  let resource: DavResource | null = null;
  let propstat: { status: number | null; props: [string, DavProperty][] } | null = null;
  let property: { name: string; value: DavProperty; depth: number } | null = null;
  let text = '';
  let root = '';
  let failed = false;

  const onText = (chunk: string) => {
    if (property) property.value.text += chunk;
    else text += chunk;
  };
  parser.on('doctype', () => {
    failed = true;
  });
  parser.on('error', () => {
    failed = true;
  });
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('opentag', (tag) => {
    const name = key(tag.uri ?? '', tag.local ?? tag.name);
    if (path.length === 0) root = name;
    const parent = path[path.length - 1];
    path.push(name);
    text = '';
    if (property) {
      if (path.length === property.depth + 1) property.value.children.push(name);
      return;
    }
    if (name === key(DAV, 'response') && parent === key(DAV, 'multistatus')) resource = { href: '', status: null, props: new Map() };
    else if (resource && name === key(DAV, 'propstat') && parent === key(DAV, 'response')) propstat = { status: null, props: [] };
    else if (propstat && parent === key(DAV, 'prop')) property = { name, value: { text: '', children: [] }, depth: path.length };
  });
  parser.on('closetag', () => {
    const name = path.pop() ?? '';
    const parent = path[path.length - 1];
    if (property) {
      if (path.length + 1 === property.depth) {
        propstat?.props.push([property.name, property.value]);
        property = null;
      }
      return;
    }
    if (!resource) return;
    if (name === key(DAV, 'href') && parent === key(DAV, 'response')) resource.href = text.trim();
    else if (name === key(DAV, 'status') && parent === key(DAV, 'response')) resource.status = statusCode(text);
    else if (name === key(DAV, 'status') && parent === key(DAV, 'propstat') && propstat) propstat.status = statusCode(text);
    else if (name === key(DAV, 'propstat') && propstat) {
      const status = propstat.status;
      if (status !== null && status >= 200 && status < 300) for (const [prop, value] of propstat.props) resource.props.set(prop, value);
      propstat = null;
    } else if (name === key(DAV, 'response')) {
      resources.push(resource);
      resource = null;
    }
    text = '';
  });

  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  if (failed || root !== key(DAV, 'multistatus')) return null;
  return resources;
}

/** Text safe inside an XML element. */
export function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
