// The stack: one panel per service, from each service's own /metrics (read by the console once
// a second): request and error rates, p50/p99 of the requests answered in the last interval,
// CPU, RSS, GC pauses and event-loop delay. The service with the highest p99 is marked.
import { type ApiError, getJson } from './api.ts';
import { clearProblem, setProblem } from './status.ts';
import type { ServiceSummary } from './types.ts';

const fmt = (v: number, digits = 1) =>
  v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(Math.min(digits, 1)) : v.toFixed(digits);
const ms = (v: number | null) =>
  v === null ? '–' : v < 1 ? `${(v * 1000).toFixed(0)} µs` : `${fmt(v)} ms`;

function row(label: string, value: string, name: string): HTMLElement {
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.textContent = value;
  dd.dataset.figure = name;
  const div = document.createElement('div');
  div.append(dt, dd);
  return div;
}

function card(s: ServiceSummary): HTMLElement {
  const el = document.createElement('section');
  el.className = 'service';
  el.dataset.service = s.name;
  el.dataset.rps = s.requestsPerSec.toFixed(3);
  if (s.slowest) el.classList.add('slowest');
  const h = document.createElement('h3');
  h.textContent = s.name;
  if (s.slowest) {
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.textContent = 'slowest p99';
    h.append(' ', badge);
  }
  el.append(h);
  if (s.error) {
    el.classList.add('down');
    const p = document.createElement('p');
    p.className = 'error';
    p.textContent = s.error;
    el.append(p);
    return el;
  }
  const dl = document.createElement('dl');
  dl.className = 'kv';
  dl.append(
    row('requests/s', fmt(s.requestsPerSec), 'rps'),
    row('errors/s', `${fmt(s.errorsPerSec)} · refused ${fmt(s.refusalsPerSec)}`, 'eps'),
    row('p50 / p99', `${ms(s.p50Ms)} / ${ms(s.p99Ms)}`, 'latency'),
    row('CPU', `${fmt(s.cpu * 100)} %`, 'cpu'),
    row('RSS', `${fmt(s.rssMb)} MB`, 'rss'),
    row('GC pauses', `${fmt(s.gcMsPerSec)} ms/s (${fmt(s.gcPausesPerSec)}/s)`, 'gc'),
    row('event-loop p99', ms(s.loopP99Ms), 'loop'),
  );
  if (s.processes > 1) dl.append(row('processes', String(s.processes), 'processes'));
  el.append(dl);
  return el;
}

export function startStackPanel(container: HTMLElement): void {
  let busy = false;
  const tick = async () => {
    // A hidden page asks nothing: the console reads the services' /metrics only for pages seen.
    if (busy || document.hidden) return;
    busy = true;
    try {
      const { services } = await getJson<{ services: ServiceSummary[] }>('/api/stack');
      container.replaceChildren(...services.map(card));
      container.dataset.updated = String(Date.now());
      clearProblem('stack');
    } catch (err) {
      setProblem('stack', `the stack's figures are not current: ${(err as ApiError).message}`);
    } finally {
      busy = false;
    }
  };
  void tick();
  setInterval(tick, 1000);
}
