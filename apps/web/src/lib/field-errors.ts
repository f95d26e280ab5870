// A 422 VALIDATION_ERROR names each offending field in its message ("Invalid request:
// work_end: must be later than work_start; meeting_durations.1: must be at least 5 minutes").
// A form shows each part at its field; what names no field of the form stays one notice.
import { ApiError } from '../api/client.js';

const PREFIX = 'Invalid request: ';
const PART = /^([A-Za-z_]\w*(?:\.\w+)*): (.+)$/s;

export interface FieldProblem {
  /** The field's path in the body, e.g. "work_end" or "preferred_hours.0.end". */
  path: string;
  message: string;
}

/** The parts of a VALIDATION_ERROR message ("and 3 more" too), or undefined for any other error. */
function partsOf(error: unknown): string[] | undefined {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR' || !error.message.startsWith(PREFIX)) return undefined;
  return error.message.slice(PREFIX.length).split('; ');
}

/** The parts of a VALIDATION_ERROR message that name a field. */
export function fieldProblems(error: unknown): FieldProblem[] {
  return (partsOf(error) ?? []).flatMap((part) => {
    const match = PART.exec(part);
    return match ? [{ path: match[1]!, message: match[2]! }] : [];
  });
}

export interface FormErrors {
  /** Field id → what to say under it. */
  fields: Map<string, string>;
  /** What names no field of the form (or the whole error, when it is not about fields), for one notice. */
  general: unknown;
}

/**
 * Places an error's parts at the form's fields: `fieldOf` gives the field id for a path (or
 * undefined when the form has no such field) and `say` words the part for that field.
 */
export function placeErrors(
  error: unknown,
  fieldOf: (path: string) => string | undefined,
  say: (problem: FieldProblem) => string = (p) => sentence(p.message),
): FormErrors {
  const fields = new Map<string, string>();
  const parts = partsOf(error);
  if (parts === undefined) return { fields, general: error };
  const left: string[] = [];
  for (const part of parts) {
    const match = PART.exec(part);
    const id = match ? fieldOf(match[1]!) : undefined;
    if (!match || id === undefined) {
      left.push(part);
      continue;
    }
    const said = say({ path: match[1]!, message: match[2]! });
    fields.set(id, fields.has(id) ? `${fields.get(id)} ${said}` : said);
  }
  return { fields, general: left.length ? new ApiError('VALIDATION_ERROR', `${PREFIX}${left.join('; ')}`, 422) : undefined };
}

/**
 * A message as a sentence, with snake_case field names swapped for words:
 * "must be later than work_start" → "Must be later than the start."
 */
export function sentence(message: string, names: Record<string, string> = {}): string {
  let text = plainWords(message);
  for (const [name, words] of Object.entries(names)) text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), words);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

/**
 * A message said of a field by its label, as the API says it of the field's name: "End" and
 * "must be later than work_start" → "End must be later than the start." A message of its
 * own ("Expected number, received string") follows a colon.
 */
export function saidOf(label: string, message: string, names: Record<string, string> = {}): string {
  const plain = plainWords(message);
  return /^[A-Z]/.test(plain) ? sentence(`${label}: ${plain}`, names) : sentence(`${label} ${plain}`, names);
}

const KINDS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  array: 'a list',
  boolean: 'yes or no',
  object: 'a set of fields',
};

/**
 * The validation library's own phrasings, as people say them: "Expected number, received
 * string" → "must be a number"; "Invalid enum value. Expected 'owner' | 'member', received
 * 'admin'" → "must be owner or member". Anything else is kept.
 */
export function plainWords(message: string): string {
  const kind = /^Expected (\w+), received \w+$/.exec(message);
  if (kind) return `must be ${KINDS[kind[1]!] ?? kind[1]}`;
  const choice = /^Invalid enum value\. Expected (.+), received .+$/.exec(message);
  if (choice) {
    const options = choice[1]!.split(' | ').map((o) => o.replace(/^'|'$/g, ''));
    return `must be ${options.length > 1 ? `${options.slice(0, -1).join(', ')} or ${options.at(-1)}` : options[0]}`;
  }
  return message;
}
