// The /docs page: a readable reference rendered on the server from the OpenAPI document.
// One self-contained HTML string: inline CSS, no scripts, no fonts or CDNs, so it works
// offline and under a strict Content-Security-Policy. Every piece of text is escaped.

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  description?: string;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

interface ApiDoc {
  info?: { title?: string; version?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, Schema>;
    securitySchemes?: Record<string, { type?: string; scheme?: string; description?: string }>;
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function escapeHtml(value: unknown): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Escaped prose: blank lines make paragraphs, `backticks` make code. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
}

const anchor = (prefix: string, name: string) => `${prefix}-${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min === undefined && max === undefined) return undefined;
  if (min === undefined) return `max ${max}${unit}`;
  if (max === undefined) return `min ${min}${unit}`;
  return min === max ? `exactly ${min}${unit}` : `${min}..${max}${unit}`;
}

/** Constraints and description of one schema, shown as a trailing comment. */
function notes(schema: Schema): string[] {
  const out = [
    schema.format,
    range(schema.minLength, schema.maxLength, ' chars'),
    range(schema.minimum, schema.maximum, ''),
    range(schema.minItems, schema.maxItems, ' items'),
  ];
  if (schema.items) {
    const each = notes(schema.items);
    if (each.length && !schema.items.properties) out.push(`each: ${each.join(', ')}`);
  }
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description && !schema.items?.properties) out.push(schema.description);
  return out.filter((n): n is string => Boolean(n));
}

/** A schema as a compact TypeScript-like type, already escaped, indented for nesting. */
function typeHtml(schema: Schema | undefined, indent: string): string {
  if (!schema) return 'any';
  const nullable = schema.nullable ? ' | null' : '';
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return `<a href="#${escapeHtml(anchor('schema', name))}">${escapeHtml(name)}</a>${nullable}`;
  }
  const variants = schema.allOf ?? schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => typeHtml(v, indent)).join(schema.allOf ? ' &amp; ' : ' | ') + nullable;
  if (schema.enum) {
    return schema.enum.map((v) => `<span class="lit">${escapeHtml(JSON.stringify(v))}</span>`).join(' | ') + nullable;
  }
  if (schema.type === 'array') return `${typeHtml(schema.items, indent)}[]${nullable}`;
  if (schema.type === 'object' || schema.properties) {
    const props = Object.entries(schema.properties ?? {});
    if (!props.length) {
      const values = schema.additionalProperties;
      return `{ [key: string]: ${typeof values === 'object' ? typeHtml(values, indent) : 'any'} }${nullable}`;
    }
    const inner = indent + '  ';
    const lines = props.map(([name, prop]) => {
      const optional = schema.required?.includes(name) ? '' : '?';
      const comment = notes(prop);
      const trailer = comment.length ? `  <span class="c">// ${escapeHtml(comment.join('; '))}</span>` : '';
      return `${inner}<span class="k">${escapeHtml(name)}</span>${optional}: ${typeHtml(prop, inner)}${trailer}`;
    });
    return `{\n${lines.join('\n')}\n${indent}}${nullable}`;
  }
  if (!schema.type) return 'any'; // already admits null
  return `<span class="t">${escapeHtml(schema.type)}</span>${nullable}`;
}

function schemaBlock(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return `<p class="ref">${typeHtml(schema, '')}</p>`;
  const comment = notes(schema);
  const head = comment.length ? `<span class="c">// ${escapeHtml(comment.join('; '))}</span>\n` : '';
  return `<pre class="schema">${head}${typeHtml(schema, '')}</pre>`;
}

const jsonSchema = (content: Record<string, { schema?: Schema }> | undefined) =>
  content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema;

function parametersHtml(parameters: Parameter[] | undefined): string {
  if (!parameters?.length) return '';
  const rows = parameters.map((p) => {
    const desc = new Set([...(p.schema ? notes(p.schema) : []), ...(p.description ? [p.description] : [])]);
    const cells = [
      `<code>${escapeHtml(p.name)}</code>`,
      escapeHtml(p.in),
      p.required ? 'required' : 'optional',
      `<code>${typeHtml(p.schema, '')}</code>`,
      escapeHtml([...desc].join('; ')),
    ];
    return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  });
  const head = ['Name', 'In', '', 'Type', 'Notes'].map((h) => `<th>${h}</th>`).join('');
  return `<h4>Parameters</h4><table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

type Entry = { method: string; path: string; op: Operation };

const opAnchor = ({ method, path, op }: Entry) => anchor('op', op.operationId ?? `${method}-${path}`);

function operationHtml(entry: Entry): string {
  const { method, path, op } = entry;
  const id = opAnchor(entry);
  const body = jsonSchema(op.requestBody?.content);
  const responses = Object.entries(op.responses ?? {}).map(([status, r]) => {
    const badge = `<span class="status s${escapeHtml(status[0])}">${escapeHtml(status)}</span>`;
    return `<li>${badge} ${escapeHtml(r.description ?? '')}${schemaBlock(jsonSchema(r.content))}</li>`;
  });
  return `<section class="op" id="${escapeHtml(id)}">
<h3><span class="method m-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code class="path">${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(op.summary ?? '')}${op.operationId ? ` <span class="opid">${escapeHtml(op.operationId)}</span>` : ''}</p>
${prose(op.description)}
${parametersHtml(op.parameters)}
${body ? `<h4>Request body</h4>${schemaBlock(body)}` : ''}
<h4>Responses</h4><ul class="responses">${responses.join('')}</ul>
</section>`;
}

/** Operations grouped by their first tag, in the document's tag order, then path order. */
function groupByTag(doc: ApiDoc): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, op }]);
    }
  }
  for (const [tag, entries] of groups) if (!entries.length) groups.delete(tag);
  return groups;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#fff}
.wrap{display:flex;max-width:1280px;margin:0 auto}nav{position:sticky;top:0;align-self:flex-start;width:260px;max-height:100vh;overflow:auto;padding:24px 16px;border-right:1px solid #e5e8ef;font-size:14px}
nav h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#6b7385;margin:18px 0 6px}nav ul{list-style:none;margin:0;padding:0}nav li{margin:3px 0}nav a{color:#1d2330;text-decoration:none}nav a:hover{text-decoration:underline}
main{flex:1;min-width:0;padding:24px 40px 80px}h1{margin:0 0 4px;font-size:28px}.version{color:#6b7385}h2.tag{margin:48px 0 0;padding-top:8px;border-top:2px solid #1d2330;text-transform:capitalize}
.op{margin:28px 0;padding:18px 20px;border:1px solid #e5e8ef;border-radius:8px}.op h3{margin:0;font-size:17px}.summary{font-weight:600;margin:6px 0}.opid{font-weight:400;font-size:12px;color:#6b7385;font-family:ui-monospace,Menlo,Consolas,monospace}
h4{margin:16px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#6b7385}code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}p code{background:#f3f5f9;padding:1px 4px;border-radius:4px}
pre.schema{background:#f7f8fb;border:1px solid #e5e8ef;border-radius:6px;padding:10px 12px;overflow:auto;margin:6px 0}.k{color:#0b5cad}.t{color:#7a3e9d}.lit{color:#a2461c}.c{color:#6b7385}
.method{display:inline-block;min-width:64px;text-align:center;padding:2px 8px;border-radius:4px;color:#fff;font-size:12px;font-weight:700;vertical-align:middle}
.m-get{background:#1f7a4d}.m-post{background:#0b5cad}.m-put{background:#8a5a00}.m-patch{background:#6a3fb5}.m-delete{background:#b42318}.path{font-size:15px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #e5e8ef;vertical-align:top}th{color:#6b7385;font-weight:600}
ul.responses{list-style:none;padding:0;margin:0}ul.responses li{margin:6px 0}.status{display:inline-block;min-width:40px;font-weight:700;font-family:ui-monospace,Menlo,Consolas,monospace}.s2{color:#1f7a4d}.s4{color:#b42318}.s5{color:#8a5a00}
@media (max-width:800px){.wrap{display:block}nav{position:static;width:auto;max-height:none;border-right:0;border-bottom:1px solid #e5e8ef}main{padding:16px}}
`;

const link = (href: string, text: string) => `<a href="#${escapeHtml(href)}">${escapeHtml(text)}</a>`;

function navHtml(groups: Map<string, Entry[]>, schemaNames: string[]): string {
  const lists = [...groups].map(([tag, entries]) => {
    const items = entries.map((e) => `<li>${link(opAnchor(e), e.op.summary ?? `${e.method.toUpperCase()} ${e.path}`)}</li>`);
    return `<h2>${escapeHtml(tag)}</h2><ul>${items.join('')}</ul>`;
  });
  if (schemaNames.length) {
    const items = schemaNames.map((name) => `<li>${link(anchor('schema', name), name)}</li>`);
    lists.push(`<h2>Schemas</h2><ul>${items.join('')}</ul>`);
  }
  return `<nav aria-label="Contents">${lists.join('')}</nav>`;
}

function render(doc: ApiDoc): string {
  const title = doc.info?.title ?? 'API reference';
  const groups = groupByTag(doc);
  const tagDescriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  const schemas = Object.entries(doc.components?.schemas ?? {});

  const sections = [...groups].map(([tag, entries]) => {
    const heading = `<h2 class="tag" id="${escapeHtml(anchor('tag', tag))}">${escapeHtml(tag)}</h2>`;
    return heading + prose(tagDescriptions.get(tag)) + entries.map(operationHtml).join('\n');
  });
  const security = Object.entries(doc.components?.securitySchemes ?? {}).map(([name, scheme]) => {
    const kind = [scheme.type, scheme.scheme].filter(Boolean).join(' ');
    return `<li><code>${escapeHtml(name)}</code>: ${escapeHtml(kind)}. ${escapeHtml(scheme.description ?? '')}</li>`;
  });
  const schemaSections = schemas.map(
    ([name, schema]) => `<h3 id="${escapeHtml(anchor('schema', name))}">${escapeHtml(name)}</h3>${schemaBlock(schema)}`,
  );

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} reference</title><style>${STYLE}</style></head>
<body><div class="wrap">${navHtml(
    groups,
    schemas.map(([name]) => name),
  )}
<main><h1>${escapeHtml(title)}</h1>
<div class="version">Version ${escapeHtml(doc.info?.version ?? '')} &middot; <a href="/openapi.json">OpenAPI document</a></div>
${prose(doc.info?.description)}
${security.length ? `<h2>Authentication</h2><ul>${security.join('')}</ul>` : ''}
${sections.join('\n')}
${schemaSections.length ? `<h2 class="tag">Schemas</h2>${schemaSections.join('')}` : ''}
</main></div></body></html>`;
}

const cache = new WeakMap<object, string>();

/** Renders (once per document object) the HTML reference served at /docs. */
export function renderDocsPage(doc: object): string {
  let html = cache.get(doc);
  if (html === undefined) {
    html = render(doc);
    cache.set(doc, html);
  }
  return html;
}
