// The baseline of the polling benchmark: a bare Fastify route answering fixed JSON, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { code: 200, message: 'ok', data: { balance: '0.00' } };
app.post('/api/balance', async () => answer);
await app.listen({ port: Number(process.env.PORT ?? 18901), host: '127.0.0.1' });
