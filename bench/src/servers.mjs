// Server processes for the benchmark: `node servers.mjs bare|nest-plain <port> <bodyJson>`.
import 'reflect-metadata';

const [, , kind, port, body] = process.argv;
const payload = JSON.parse(body);

if (kind === 'bare') {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/v1/key', async () => payload);
  app.post('/v1/interactions/check', async () => payload);
  await app.listen({ port: Number(port), host: '127.0.0.1' });
} else if (kind === 'nest-plain') {
  // The same Nest stack as the API (Fastify adapter, pino logging, problem filter) with the route but no key guards.
  const { Controller, Get, Post, Module, HttpCode } = await import('@nestjs/common');
  const { createVigilApp } = await import('@vigil/platform');
  class PlainController {
    get() {
      return payload;
    }
    post() {
      return payload;
    }
  }
  Controller()(PlainController);
  Get('v1/key')(PlainController.prototype, 'get', Object.getOwnPropertyDescriptor(PlainController.prototype, 'get'));
  Post('v1/interactions/check')(PlainController.prototype, 'post', Object.getOwnPropertyDescriptor(PlainController.prototype, 'post'));
  HttpCode(200)(PlainController.prototype, 'post', Object.getOwnPropertyDescriptor(PlainController.prototype, 'post'));
  class PlainModule {}
  Module({ controllers: [PlainController] })(PlainModule);
  const app = await createVigilApp(PlainModule, { bodyLimit: 65536, log: { service: 'bench', level: 'warn' } });
  await app.listen(Number(port), '127.0.0.1');
}
process.send?.('ready');
