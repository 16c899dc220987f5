/**
 * Login flood (docs/security.md): N clients sign in to their own accounts with the right password
 * in a loop, every request from its own X-Forwarded-For address, against a running server started
 * with TRUST_PROXY=1 (a throwaway DATA_DIR). Prints throughput, latency percentiles, answers by
 * status and the server's resident memory (read from /proc, so Linux only).
 * Run: node bench/login-flood.mjs http://127.0.0.1:8080 <clients> <seconds> <server pid>
 */
import fs from 'node:fs';

const [url, concurrency, seconds, pid] = [
  process.argv[2],
  Number(process.argv[3]),
  Number(process.argv[4]),
  process.argv[5],
];

const rss = () => {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(s)[1]) / 1024, hwm: Number(/VmHWM:\s+(\d+)/.exec(s)[1]) / 1024 };
};
let ip = 0;
const addr = () => {
  ip++;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};
const mobile = (i) => `9745599${String(i).padStart(4, '0')}`;
const password = 'bench-pass-12';
const post = async (path, fields) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  const r = await fetch(`${url}/api/${path}`, { method: 'POST', body: form, headers: { 'x-forwarded-for': addr() } });
  await r.text();
  return r.status;
};
// accounts (one per client)
for (let i = 0; i < concurrency; i++) {
  const s = await post('merchant/signup', { name: `Bench ${i}`, mobile: mobile(i), password, check: true });
  if (s !== 200 && s !== 409) throw new Error(`signup ${s}`);
}
const base = rss();
const lat = [];
const statuses = {};
let peak = base.rss;
const end = Date.now() + seconds * 1000;
const sampler = setInterval(() => {
  peak = Math.max(peak, rss().rss);
}, 100);
await Promise.all(
  Array.from({ length: concurrency }, async (_, i) => {
    while (Date.now() < end) {
      const t0 = performance.now();
      const s = await post('merchant/login', { username: mobile(i), password });
      lat.push(performance.now() - t0);
      statuses[s] = (statuses[s] ?? 0) + 1;
    }
  }),
);
clearInterval(sampler);
lat.sort((a, b) => a - b);
const q = (p) => Math.round(lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]);
console.log(
  JSON.stringify({
    concurrency,
    seconds,
    requests: lat.length,
    perSecond: Math.round(lat.length / seconds),
    statuses,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    max: Math.round(lat.at(-1)),
    rssBeforeMiB: Math.round(base.rss),
    rssPeakMiB: Math.round(peak),
    hwmMiB: Math.round(rss().hwm),
  }),
);
