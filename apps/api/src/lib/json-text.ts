// Answers whose JSON is already written: a list page the database put together (see
// db/tables/list-pages.ts) or events stored serialized. Sent as they are instead of being
// parsed into objects and serialized again, which on a page of 50 bookings was most of the
// request's cost. ts-rest sends every JSON body through res.json, so a JsonText reaches it.
import type { Express, Response } from 'express';

export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A body of type T given as its JSON text. The type is the caller's word: the text must be
 * what JSON.stringify would make of a T (each such builder's test compares the two).
 */
export function jsonText<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}

/** Makes res.json of `app`'s answers send a JsonText's text untouched; any other body as before. */
export function sendJsonText(app: Express): void {
  const json = app.response.json;
  app.response.json = function (this: Response, body?: unknown) {
    if (!(body instanceof JsonText)) return json.call(this, body);
    if (!this.get('Content-Type')) this.set('Content-Type', 'application/json');
    return this.send(body.text);
  };
}
