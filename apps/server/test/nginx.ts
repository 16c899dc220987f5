/**
 * Debian's nginx in front of test servers (docs/deploy.md, "Several servers behind nginx"): the
 * configuration of docs/deploy.md with loopback ports and paths in a temporary folder, started
 * in the foreground by the test and stopped by it. Used by proxy.test.ts and by the harness's
 * proxy mode (TEST_VIA_PROXY=1, docs/deploy.md "The server suite through nginx").
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

export const NGINX = '/usr/sbin/nginx';
const root = path.resolve(__dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await sleep(50);
  }
}

/**
 * The nginx configuration of docs/deploy.md (round-robin, keep-alive to the servers, an access log
 * of paths only, large bodies for the upload calls only, no buffering for the live feed,
 * X-Forwarded-For), with paths in `dir` and an X-Upstream header for the tests.
 */
export function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  const pass = `proxy_pass http://loyalty;
      add_header X-Upstream $upstream_addr always;`;
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format loyalty '$remote_addr [$time_local] "$request_method $uri $server_protocol" '
                     '$status $body_bytes_sent $request_time';
  access_log ${dir}/access.log loyalty;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream loyalty {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 1m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    location = /metrics { return 404; }
    location ~ ^/api/merchant/(offer/upload/images|product/upload/image)$ {
      client_max_body_size 30m;
      ${pass}
    }
    location = /api/merchant/events {
      proxy_read_timeout 1h;
      proxy_buffering off;
      ${pass}
    }
    location / {
      ${pass}
    }
  }
}
`;
}

let availability: string | undefined | null = null;
/**
 * Why nginx cannot be used here (undefined when it can): installs Debian's package with
 * scripts/install-nginx.sh when it is missing, once per process.
 */
export function nginxMissing(): string | undefined {
  if (availability !== null) return availability;
  if (!fs.existsSync(NGINX)) {
    try {
      execFileSync('bash', [path.join(root, 'scripts/install-nginx.sh')], { stdio: 'inherit', timeout: 300_000 });
    } catch {
      /* reported below */
    }
  }
  availability = fs.existsSync(NGINX)
    ? undefined
    : 'nginx is not installed and could not be (scripts/install-nginx.sh)';
  return availability;
}

export interface NginxProxy {
  url: string;
  /** The access log's lines so far. */
  accessLog(): string;
  close(): Promise<void>;
}

/** nginx on a free loopback port in front of `upstreams` (ports on 127.0.0.1), round-robin. */
export async function startNginx(upstreams: number[]): Promise<NginxProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-nginx-'));
  // nginx started as root runs its worker as nobody, which keeps large request bodies in temporary
  // files under this folder (it makes the subfolders its own): the worker must reach them
  fs.chmodSync(dir, 0o755);
  const listen = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, listen, upstreams));
  let output = '';
  const n: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  n.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${listen}`;
  const stopped = new Promise<void>((resolve) => n.once('exit', () => resolve()));
  const close = async () => {
    if (n.exitCode === null && n.signalCode === null) {
      n.kill('SIGQUIT');
      const timer = setTimeout(() => n.kill('SIGKILL'), 2000);
      await stopped;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      'nginx',
      async () => {
        if (n.exitCode !== null) throw new Error(`nginx exited: ${output}`);
        return (await fetch(`${url}/api/health`)).status < 500;
      },
      20_000,
      () => output,
    );
  } catch (err) {
    await close();
    throw err;
  }
  const accessLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'access.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return { url, accessLog, close };
}
