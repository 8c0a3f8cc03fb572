import http from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * A tiny round-robin reverse proxy for trying a cluster on one machine (`npm run start:cluster` starts one; on
 * its own: `node scripts/proxy.mjs 8080 http://127.0.0.1:8081 http://127.0.0.1:8082`). Production puts nginx or
 * HAProxy here (docs/deploy/).
 *
 * The nodes are stateless, so any node may answer any request: no stickiness. Responses are piped as they come,
 * so event streams (the live map, notifications) reach the browser unbuffered. A node that refuses the connection
 * is skipped for a few seconds, and a request that carried no body is tried on the next node.
 */
const DOWN_MS = 3000;
/** Hop-by-hop headers belong to one connection: each side sets its own. */
const HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];
const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP.includes(name)));

export function startProxy({ port, host = '127.0.0.1', targets }) {
  const nodes = targets.map((target) => ({ url: new URL(target), downUntil: 0 }));
  let next = 0;
  const pick = () => {
    const now = Date.now();
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[next++ % nodes.length];
      if (node.downUntil <= now) return node;
    }
    return nodes[next++ % nodes.length];
  };

  const forward = (req, res, attemptsLeft) => {
    const node = pick();
    const remote = req.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        host: node.url.hostname,
        port: node.url.port,
        method: req.method,
        path: req.url,
        headers: {
          ...endToEnd(req.headers),
          // The nodes run with TRUST_PROXY=1 and take the client's address from here (sign-in limits per address).
          'x-forwarded-for': req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${remote}` : remote,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        // Headers out at once: an event stream's first event may be a while away.
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (error.code === 'ECONNREFUSED') node.downUntil = Date.now() + DOWN_MS;
      const bodiless = req.method === 'GET' || req.method === 'HEAD';
      if (!res.headersSent && error.code === 'ECONNREFUSED' && bodiless && attemptsLeft > 1) {
        forward(req, res, attemptsLeft - 1);
      } else if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`no node answered: ${error.code ?? error.message}\n`);
      } else {
        res.destroy(error);
      }
    });
    // A client that goes away (a closed map tab) ends the node's stream too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };

  const server = http.createServer((req, res) => forward(req, res, nodes.length));
  // Event streams stay open for hours: no idle or request timeout on this side.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, ...targets] = process.argv.slice(2);
  if (!port || targets.length === 0) {
    console.error('usage: node scripts/proxy.mjs PORT http://node1:port [http://node2:port …]');
    process.exit(2);
  }
  await startProxy({ port: Number(port), host: process.env.HOST ?? '127.0.0.1', targets });
  console.log(`proxy on http://${process.env.HOST ?? '127.0.0.1'}:${port} → ${targets.join(', ')}`);
}
