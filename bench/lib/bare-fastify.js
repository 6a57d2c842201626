// A bare Fastify server answering `POST /` with the `input` of its JSON body, as the service answers identity `$`:
// the HTTP floor of this machine (bench/http-floor.js). Port: SERVER_PORT.
import { createRequire } from 'node:module';

const Fastify = createRequire(import.meta.url)('fastify');
const app = Fastify({ logger: false });
app.post('/', async (request, reply) => {
  reply.type('application/json; charset=utf-8');
  return JSON.stringify(request.body.input);
});
await app.listen({ port: Number(process.env.SERVER_PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
