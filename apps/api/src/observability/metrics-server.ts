import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics';

/**
 * `GET /metrics` on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by default), for a
 * scraper inside the deployment's network: nothing else is served there, the API's port never
 * serves it, and the public balancer never forwards to it.
 */
export function startMetricsServer(metrics: Metrics, host: string, port: number, onListening: (port: number) => void): Server {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  server.listen(port, host, () => {
    const address = server.address();
    onListening(typeof address === 'object' && address ? address.port : port);
  });
  return server;
}
