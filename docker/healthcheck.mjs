// Container health check, dependency-free (Node 20 built-ins only).
//   node docker/healthcheck.mjs http <url>   exit 0 when GET <url> answers 2xx within 4 s
//   node docker/healthcheck.mjs kafka        exit 0 when the first of KAFKA_BROKERS accepts a TCP connection
// The detector worker has no HTTP port yet, so its check is "process alive and its broker reachable".
/* global fetch, setTimeout */
import net from 'node:net';

const [mode, target] = process.argv.slice(2);
const fail = (why) => {
  process.stderr.write(`unhealthy: ${why}\n`);
  process.exit(1);
};
setTimeout(() => fail('timed out after 4 s'), 4000).unref();

if (mode === 'http') {
  fetch(target ?? 'http://127.0.0.1:3000/health')
    .then((res) => (res.ok ? process.exit(0) : fail(`HTTP ${res.status}`)))
    .catch((error) => fail(error.message));
} else if (mode === 'kafka') {
  const broker = (process.env.KAFKA_BROKERS ?? '').split(',')[0]?.trim();
  if (!broker) fail('KAFKA_BROKERS is not set');
  const at = broker.lastIndexOf(':');
  const socket = net.connect({ host: broker.slice(0, at), port: Number(broker.slice(at + 1)) });
  socket.once('connect', () => {
    socket.end();
    process.exit(0);
  });
  socket.once('error', (error) => fail(`${broker}: ${error.message}`));
} else {
  fail('usage: healthcheck.mjs http <url> | kafka');
}
