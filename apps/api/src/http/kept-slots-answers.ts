import { contract } from '@humantime/contract';
import type { Request, RequestHandler } from 'express';
import { keptAnswer } from '../services/slots/slots-answers.js';
import type { Prefetched } from './authenticate.js';

/** What metrics label a kept answer with: the route it stands for (no Express route ran). */
export const KEPT_SLOTS_ROUTE = contract.humans.slots.path;

// A GET with a body is left to the route, which reads (and may refuse) the body.
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/**
 * Right after `authenticate` on /v1: answers GET /v1/humans/{id}/slots from the answer kept
 * with the human's current snapshot (services/slots/slots-answers.ts), when there is one for
 * this duration and this instant. The key was checked and charged, the query validated by
 * the contract's schema and the snapshot's version confirmed just now, for this request;
 * the bytes and headers are those the route would send (X-Request-Id and RateLimit-* are set
 * already). Anything else goes on to the route.
 */
export function keptSlotsAnswers(clock: () => Date): RequestHandler {
  return (req, res, next) => {
    const prefetched = res.locals.prefetched as Prefetched | undefined;
    const wanted = prefetched?.request.keptAnswer;
    const snapshot = wanted && prefetched.schedules.get(wanted.humanId);
    const body = snapshot && !hasBody(req) ? keptAnswer(snapshot, wanted.duration, clock().getTime()) : undefined;
    if (!body) return next();
    res.locals.routeTemplate = KEPT_SLOTS_ROUTE;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  };
}
