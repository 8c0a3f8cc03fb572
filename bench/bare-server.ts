import Fastify from 'fastify';
import pg from 'pg';

/**
 * The baseline: a bare Fastify route that reads the same user row with the same driver and pool size,
 * no auth, no validation, no serialisation schema. The API is measured against this.
 */
const url = process.env.DATABASE_URL;
const userId = process.env.BENCH_USER_ID;
if (!url || !userId) throw new Error('DATABASE_URL and BENCH_USER_ID are required');

const pool = new pg.Pool({ connectionString: url, max: 20 });
const app = Fastify({ logger: false });
app.get('/bare/profile', async () => {
  const { rows } = await pool.query('select id, username, name, email, phone_no from users where id = $1', [userId]);
  return { data: rows[0] };
});
await app.listen({ port: Number(process.env.PORT ?? 8099), host: '127.0.0.1' });
console.log('bare server ready');
