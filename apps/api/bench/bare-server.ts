// The floor: a bare Express app on the same machine. GET /slots returns a fixed JSON body
// (the same bytes as the real endpoint's response); POST /insert does one INSERT.
import { readFileSync } from 'node:fs';
import express from 'express';
import pg from 'pg';

const port = Number(process.argv[2] ?? 0);
const body = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE, 'utf8') : '{}';
const pool = process.env.BARE_DATABASE_URL ? new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 }) : undefined;

const app = express();
app.use(express.json());
app.get('/readyz', (_req, res) => res.json({ ok: true }));
app.get('/slots', (_req, res) => {
  res.type('json').send(body);
});
app.post('/insert', (req, res, next) => {
  pool!
    .query('INSERT INTO bench_bare_inserts (human_id, starts_at, body) VALUES ($1, $2, $3) RETURNING id', [
      req.body.human_id,
      req.body.starts_at,
      req.body,
    ])
    .then(({ rows }) => {
      res.status(201).json({ id: rows[0].id });
    }, next);
});
app.listen(Number(process.env.PORT ?? port), '127.0.0.1');
