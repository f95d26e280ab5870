import { isAppRoute, isZodObject, extractZodObjectShape, type AppRoute, type AppRouter } from '@ts-rest/core';
import { z, ZodEffects, ZodFirstPartyTypeKind, type ZodTypeAny } from 'zod';

// A client's mistake is never a 500, and metadata comes back unchanged. PostgreSQL
// text and jsonb cannot hold U+0000, and a lone UTF-16 surrogate (which JSON's \ud800 escape
// and express.json happily produce) has no UTF-8 form, so it would be stored as something
// else than what was sent. Both are refused at the edge, once, for every string a client
// sends: this module wraps every request schema of a router, so a new route gets the rule by
// being part of the contract, not by remembering it.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Why a string may not cross the edge, or undefined when it is fine. */
export function stringProblem(value: string): string | undefined {
  const nul = value.indexOf('\u0000');
  if (nul >= 0) return `must not contain U+0000 (NUL); found at index ${nul}`;
  const lone = LONE_SURROGATE.exec(value);
  if (lone) {
    const unit = lone[0].charCodeAt(0).toString(16).toUpperCase();
    return `must be well-formed Unicode; found a lone surrogate U+${unit} at index ${lone.index}`;
  }
  return undefined;
}

/** A key shown in a field path: the bad characters themselves would not be readable. */
function printable(key: string): string {
  return key.replaceAll('\u0000', '\\u0000').replace(LONE_SURROGATES, (s) => `\\u${s.charCodeAt(0).toString(16)}`);
}

/** Enough to name the mistakes without answering a 1 MiB body with a 1 MiB message. */
const MAX_REPORTED = 20;

export interface StringIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Every bad string in a decoded JSON value (object keys included), depth first. Iterative,
 * because a body may nest far deeper than the call stack (1 MiB of "[").
 */
export function findBadStrings(value: unknown): { issues: StringIssue[]; more: number } {
  const issues: StringIssue[] = [];
  let more = 0;
  // Paths are parent links, spelled out only for a reported string: copying them at every
  // level would make deep nesting quadratic.
  type Step = { key: string | number; parent: Step | undefined } | undefined;
  const pathOf = (step: Step) => {
    const path: (string | number)[] = [];
    for (let s = step; s; s = s.parent) path.push(s.key);
    return path.reverse();
  };
  const report = (step: Step, message: string) => {
    if (issues.length < MAX_REPORTED) issues.push({ path: pathOf(step), message });
    else more += 1;
  };
  // A key's problem is reported when its value is visited, so issues come in document order.
  const stack: { value: unknown; step: Step; keyProblem?: string }[] = [{ value, step: undefined }];
  while (stack.length > 0) {
    const { value: node, step, keyProblem } = stack.pop()!;
    if (keyProblem) report(step, `key ${keyProblem}`);
    if (typeof node === 'string') {
      const problem = stringProblem(node);
      if (problem) report(step, problem);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push({ value: node[i], step: { key: i, parent: step } });
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        const problem = stringProblem(key);
        const childStep = { key: problem ? printable(key) : key, parent: step };
        stack.push({ value: child, step: childStep, ...(problem && { keyProblem: problem }) });
      }
    }
  }
  return { issues, more };
}

/** Marks the schemas this module built, so a test can prove no route escapes the rule. */
const guarded = new WeakSet<ZodTypeAny>();

export function isGuarded(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && guarded.has(schema as ZodTypeAny);
}

/**
 * The schema, preceded by the string rule. A zod "preprocess" effect that returns its input
 * unchanged and only adds issues: unlike a refinement it runs even when the inner schema
 * fails, so one answer names every bad field, and unlike z.preprocess it keeps the inner
 * schema's input type (which the SDK's request types come from). `only` limits the check to
 * some keys of an object (headers: the ones the route declares, not every proxy's header).
 * `known`: the only keys the object may have (a query's parameters): any other is named, so
 * a misspelt filter (`humanid=`) is a 422 rather than a list nothing filtered.
 */
export function refuseBadStrings<T extends ZodTypeAny>(
  schema: T,
  only?: readonly string[],
  known?: readonly string[],
): ZodEffects<T, z.output<T>, z.input<T>> {
  const wrapped = new ZodEffects({
    schema,
    typeName: ZodFirstPartyTypeKind.ZodEffects,
    effect: {
      type: 'preprocess',
      transform: (data: unknown, ctx: z.RefinementCtx) => {
        const scope =
          only && data !== null && typeof data === 'object'
            ? Object.fromEntries(only.filter((key) => key in data).map((key) => [key, (data as Record<string, unknown>)[key]]))
            : data;
        const { issues, more } = findBadStrings(scope);
        for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        if (more > 0) ctx.addIssue({ code: 'custom', message: `and ${more} more strings with the same problem` });
        if (known && data !== null && typeof data === 'object') {
          const takes = known.length === 0 ? 'this endpoint takes none' : `this endpoint takes ${known.join(', ')}`;
          for (const key of Object.keys(data)
            .filter((k) => !known.includes(k))
            .slice(0, MAX_REPORTED)) {
            ctx.addIssue({ code: 'custom', path: [printable(key)], message: `unknown query parameter (${takes})` });
          }
          // Every parameter is sent once (lists go comma-separated): say so, and only that (the
          // schema then judges the first value, not the list it would call "not a number").
          const repeated = Object.entries(data as Record<string, unknown>).filter(
            ([key, value]) => known.includes(key) && Array.isArray(value),
          );
          for (const [key] of repeated) ctx.addIssue({ code: 'custom', path: [key], message: 'sent more than once; send it once' });
          if (repeated.length > 0) {
            return { ...data, ...Object.fromEntries(repeated.map(([key, value]) => [key, (value as unknown[])[0]])) };
          }
        }
        return data;
      },
    },
  });
  guarded.add(wrapped);
  return wrapped;
}

type Guard<S> = S extends ZodTypeAny ? ZodEffects<S, z.output<S>, z.input<S>> : S;

type GuardedRoute<R> = {
  [K in keyof R]: K extends 'body' | 'query' | 'pathParams' | 'headers' ? Guard<R[K]> : R[K];
};

export type GuardedRouter<T> = {
  [K in keyof T]: T[K] extends AppRoute ? GuardedRoute<T[K]> : GuardedRouter<T[K]>;
};

const REQUEST_PARTS = ['body', 'query', 'pathParams', 'headers'] as const;

/** The keys of the object inside a schema's effects (refinements, checkedTogether), if it is one. */
function objectKeys(schema: ZodTypeAny): string[] | undefined {
  let inner: ZodTypeAny = schema;
  while (inner instanceof ZodEffects) inner = inner.innerType() as ZodTypeAny;
  return inner instanceof z.ZodObject ? Object.keys(inner.shape as Record<string, unknown>) : undefined;
}

function guardRoute(route: AppRoute, knownQuery: boolean): AppRoute {
  const guardedRoute: Record<string, unknown> = { ...route };
  for (const part of REQUEST_PARTS) {
    const schema = (route as Record<string, unknown>)[part];
    if (!(schema instanceof z.ZodType) || isGuarded(schema)) continue;
    const only =
      part === 'headers' && isZodObject(schema) ? Object.keys(extractZodObjectShape(schema) as Record<string, unknown>) : undefined;
    guardedRoute[part] = refuseBadStrings(schema, only, part === 'query' && knownQuery ? objectKeys(schema) : undefined);
  }
  return guardedRoute as unknown as AppRoute;
}

/**
 * The router with every request schema (body, query, path params, headers) behind the
 * string rule. Apply it to a router that c.router() has finished: c.router merges base
 * headers only into plain zod objects. `knownQuery`: a query parameter the route does not
 * declare is refused too (the public API; the dashboard's consent page carries an OAuth
 * request's parameters on, whatever an app adds to them).
 */
export function withWellFormedStrings<T extends AppRouter>(
  router: T,
  { knownQuery = false }: { knownQuery?: boolean } = {},
): GuardedRouter<T> {
  const walk = (node: AppRouter | AppRoute): unknown =>
    isAppRoute(node) ? guardRoute(node, knownQuery) : Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
  return walk(router) as GuardedRouter<T>;
}
