/**
 * The baseline HTTP server: bare Fastify, nothing else, in its own process like the app.
 *   GET  /bare          a small JSON answer (the ceiling of Node + Fastify on this machine)
 *   POST /reserve/:id   only the raw reservation statement (when BENCH_DB_URL is set): the
 *                       ceiling of "HTTP + one conditional update" without any app logic.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { RESERVE_SQL } from './sql';

const app = Fastify({ logger: false });
const pool = process.env.BENCH_DB_URL
  ? new pg.Pool({ connectionString: process.env.BENCH_DB_URL, max: 16 })
  : null;

app.get('/bare', async () => ({ data: { status: 'ok', name: 'bare fastify', items: [1, 2, 3] } }));

app.get('/ready', async () => ({ ok: true }));

if (pool) {
  app.post<{ Params: { id: string } }>('/reserve/:id', async (req, reply) => {
    const id = Number(req.params.id);
    const res = await pool.query(RESERVE_SQL, [id]);
    if (res.rowCount !== 1) return reply.status(409).send({ message: 'sold out' });
    return { data: { reserved: true } };
  });
}

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });

const stop = async () => {
  await app.close();
  await pool?.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
