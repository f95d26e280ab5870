// The guides' markdown as HTML: a small subset, enough for hand-written guides and safe by
// construction. Every piece of text is escaped before any markup is added, raw HTML is shown
// as text, and a link keeps only an http(s), mailto, same-site or in-page target.
//
// Blocks: ATX headings (#, ##, ###, ####, with ids), fenced code (```lang), paragraphs,
// lists (-, *, 1.), block quotes (>), tables (| a | b | with a |---| row) and ---.
// Inline: `code`, **strong**, *em*, [text](target).

export interface MarkdownOptions {
  /** Rewrites a link target (a guide's `./webhooks.md` to its page); undefined keeps it. */
  rewriteLink?: (target: string) => string | undefined;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A heading's id: lower case, letters, digits and dashes. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*_[\]()]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** http(s), mailto, a path on this site (not `//host`), an anchor, or a relative file. */
const SAFE_TARGET = /^(https?:\/\/|mailto:|\/(?!\/)|#|\.{1,2}\/)|^[\w.-]+(#[\w-]*)?$/i;

function link(text: string, target: string, options: MarkdownOptions): string {
  const rewritten = options.rewriteLink?.(target) ?? target;
  // The text is already escaped inline markup; the target is checked, then escaped.
  if (!SAFE_TARGET.test(rewritten) || /^\s*(javascript|data|vbscript):/i.test(rewritten)) return text;
  return `<a href="${escapeHtml(rewritten)}">${text}</a>`;
}

/** Inline markup of one escaped-as-it-goes line of text. */
export function inline(text: string, options: MarkdownOptions = {}): string {
  // Code spans first: their content is taken literally.
  const parts = text.split(/(`[^`]+`)/);
  return parts
    .map((part) => {
      if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      let html = escapeHtml(part);
      html = html.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, target: string) =>
        // The target was escaped with the rest; read it back as written before checking it.
        link(
          label,
          target
            .replace(/&amp;/g, '&')
            .replace(/&#39;/g, "'")
            .replace(/&quot;/g, '"'),
          options,
        ),
      );
      html = html.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      html = html.replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?![*\w])/g, '$1<em>$2</em>');
      return html;
    })
    .join('');
}

const HEADING = /^(#{1,4})\s+(.*?)\s*#*\s*$/;
const FENCE = /^```\s*([\w+-]*)\s*$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

function table(lines: string[], options: MarkdownOptions): string {
  const [head, , ...body] = lines;
  const th = cells(head!)
    .map((c) => `<th>${inline(c, options)}</th>`)
    .join('');
  const rows = body.map(
    (row) =>
      `<tr>${cells(row)
        .map((c) => `<td>${inline(c, options)}</td>`)
        .join('')}</tr>`,
  );
  return `<div class="table"><table><thead><tr>${th}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function list(items: string[], ordered: boolean, options: MarkdownOptions): string {
  const tag = ordered ? 'ol' : 'ul';
  return `<${tag}>${items.map((item) => `<li>${inline(item, options)}</li>`).join('')}</${tag}>`;
}

export interface RenderedMarkdown {
  html: string;
  /** The text of the first level-1 heading, if any. */
  title: string | undefined;
}

/** Renders a markdown document of the supported subset to HTML. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): RenderedMarkdown {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let title: string | undefined;
  let i = 0;
  const next = () => lines[i] ?? '';
  while (i < lines.length) {
    const line = next();
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !/^```\s*$/.test(next()); i++) code.push(next());
      i++;
      const lang = fence[1] ? ` class="language-${escapeHtml(fence[1])}"` : '';
      out.push(`<pre><code${lang}>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const text = heading[2]!;
      if (level === 1 && title === undefined) title = text.replace(/`/g, '');
      out.push(`<h${level} id="${slugify(text)}">${inline(text, options)}</h${level}>`);
      i++;
      continue;
    }
    if (/^\s*(---|\*\*\*)\s*$/.test(line)) {
      out.push('<hr>');
      i++;
      continue;
    }
    if (line.trimStart().startsWith('|') && TABLE_RULE.test(lines[i + 1] ?? '')) {
      const rows: string[] = [];
      for (; i < lines.length && next().trimStart().startsWith('|'); i++) rows.push(next());
      out.push(table(rows, options));
      continue;
    }
    if (line.trimStart().startsWith('>')) {
      const quoted: string[] = [];
      for (; i < lines.length && next().trimStart().startsWith('>'); i++) quoted.push(next().trimStart().replace(/^>\s?/, ''));
      out.push(`<blockquote>${renderMarkdown(quoted.join('\n'), options).html}</blockquote>`);
      continue;
    }
    const itemPattern = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : undefined;
    if (itemPattern) {
      const items: string[] = [];
      for (; i < lines.length && next().trim() !== ''; i++) {
        const item = itemPattern.exec(next());
        if (item) items.push(item[1]!);
        else if (items.length > 0 && /^\s+\S/.test(next())) items[items.length - 1] += ` ${next().trim()}`;
        else break;
      }
      out.push(list(items, itemPattern === NUMBERED, options));
      continue;
    }
    const paragraph: string[] = [];
    for (; i < lines.length && next().trim() !== '' && !startsBlock(next(), lines[i + 1]); i++) paragraph.push(next().trim());
    if (paragraph.length === 0) {
      // A line that starts a block the loop above did not take (a lone "|"): show it as text.
      paragraph.push(line.trim());
      i++;
    }
    out.push(`<p>${inline(paragraph.join(' '), options)}</p>`);
  }
  return { html: out.join('\n'), title };
}

function startsBlock(line: string, following: string | undefined): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    line.trimStart().startsWith('>') ||
    (line.trimStart().startsWith('|') && TABLE_RULE.test(following ?? ''))
  );
}
