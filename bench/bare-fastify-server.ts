/**
 * A Fastify server with one route and nothing else, the yardstick of the API's throughput: the customers
 * benchmark loads it like the product and reports the product's rate as a share of this one. It prints the
 * port it listens on.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
