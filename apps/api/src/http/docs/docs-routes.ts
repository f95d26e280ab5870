import { Router, type RequestHandler, type Response } from 'express';
import { AppError } from '../../lib/app-error.js';
import { buildOpenApiDocument, openApiDocumentFor } from '../openapi.js';
import { publicBaseUrl, reachedOrigin } from '../public-base-url.js';
import { docsAssets, sendAsset } from './docs-assets.js';
import { GuidePages, renderGuideIndex } from './guide-pages.js';
import { referencePolicy, renderReferencePage } from './reference-page.js';

// /openapi.json, /docs (the API reference), /docs/guides and the files they use; no key
// needed. Pages are revalidated on every visit, files are cached for a year (their URLs
// change with their content). docs/decisions/0046-api-reference-and-guides.md.

const PAGE_HEADERS = {
  'Cache-Control': 'no-cache',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

/** The guides load nothing and run nothing: only this origin's style sheet. */
const GUIDE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/** How many differently addressed copies of /openapi.json are kept serialized (one per base URL). */
const KEPT_DOCUMENTS = 8;

export interface DocsOptions {
  /** Where the guides' markdown is (tests point it elsewhere). */
  guidesDir?: string;
}

const origin = (url: string) => new URL(url).origin;

export function docsRoutes({ guidesDir }: DocsOptions = {}): Router {
  const router = Router();
  const guides = new GuidePages(guidesDir);
  const documents = new Map<string, string>();

  router.get('/openapi.json', (req, res) => {
    const base = publicBaseUrl(req);
    let json = documents.get(base);
    if (json === undefined) {
      json = JSON.stringify(openApiDocumentFor(base));
      if (documents.size >= KEPT_DOCUMENTS) documents.delete(documents.keys().next().value!);
      documents.set(base, json);
    }
    res.set({ 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' }).type('json').send(json);
  });

  const sendPage = (res: Response, html: string, policy: string) => {
    res
      .set({ ...PAGE_HEADERS, 'Content-Security-Policy': policy })
      .type('html')
      .send(html);
  };

  const reference: RequestHandler = (req, res, next) => {
    docsAssets().then((assets) => {
      // "Try it" calls the document's server, PUBLIC_URL's origin, which may not be the one the
      // page was opened at (localhost against 127.0.0.1, or a proxy's name).
      const api = origin(publicBaseUrl(req));
      sendPage(res, renderReferencePage(buildOpenApiDocument(), assets), referencePolicy(api === reachedOrigin(req) ? undefined : api));
    }, next);
  };
  router.get(['/docs', '/docs/'], reference);

  router.get(
    '/docs/assets/scalar.js',
    sendAsset((a) => a.scalar),
  );
  router.get(
    '/docs/assets/reference.js',
    sendAsset((a) => a.start),
  );
  router.get(
    '/docs/assets/docs.css',
    sendAsset((a) => a.style),
  );

  router.get(['/docs/guides', '/docs/guides/'], (_req, res, next) => {
    docsAssets().then((assets) => sendPage(res, renderGuideIndex(assets), GUIDE_POLICY), next);
  });
  router.get('/docs/guides/:slug', (req, res, next) => {
    docsAssets()
      .then((assets) => guides.page(req.params.slug, assets))
      .then((html) =>
        html === undefined ? next(new AppError('NOT_FOUND', `No guide ${req.params.slug}.`)) : sendPage(res, html, GUIDE_POLICY),
      )
      .catch(next);
  });
  return router;
}
