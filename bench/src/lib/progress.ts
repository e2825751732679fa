// Progress while a phase runs: a live bar with the current rate when stdout is a terminal
// (cli-progress), plain periodic lines otherwise (CI logs, files).
import cliProgress from 'cli-progress';
import { int } from './report.ts';

interface ProgressSample {
  elapsedS: number;
  completed: number;
  errors: number;
  mismatches: number;
}

export interface Progress {
  update(s: ProgressSample): void;
  stop(): void;
}

interface ProgressOptions {
  label: string;
  /** What the bar fills up to: seconds of a timed phase or a request count. */
  total: { seconds: number } | { requests: number };
  /** Plain mode: one line every this many seconds. */
  intervalS: number;
  /** No output at all (--quiet). */
  silent?: boolean;
  /** What is counted (default: requests, shown as "req/s" and "done"). */
  unit?: string;
}

/** The rate over the last few samples, so the number moves with the load, not the average. */
class RateWindow {
  #samples: { t: number; n: number }[] = [];
  add(t: number, n: number): number {
    this.#samples.push({ t, n });
    while (this.#samples.length > 2 && t - this.#samples[0]!.t > 2) this.#samples.shift();
    const first = this.#samples[0]!;
    return t > first.t ? (n - first.n) / (t - first.t) : 0;
  }
}

export function createProgress(opts: ProgressOptions): Progress {
  if (opts.silent) return { update() {}, stop() {} };
  const stream = process.stdout;
  const window = new RateWindow();
  const bySeconds = 'seconds' in opts.total;
  const total = 'seconds' in opts.total ? opts.total.seconds : opts.total.requests;
  const unit = opts.unit ?? 'requests';
  // Requests show their rate and the checks' counters; other units (seeded players) only a count.
  const requests = unit === 'requests';
  if (stream.isTTY) {
    const format = requests
      ? `${opts.label} [{bar}] {percentage}% | {elapsed}s | {rate} req/s now | {done} done | errors {errors} | mismatches {mismatches}`
      : `${opts.label} [{bar}] {percentage}% | {elapsed}s | {done} ${unit}`;
    const bar = new cliProgress.SingleBar(
      { format, hideCursor: true, clearOnComplete: false, stream, fps: 5 },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { elapsed: '0.0', rate: '0', done: '0', errors: '0', mismatches: '0' });
    return {
      update(s) {
        const rate = window.add(s.elapsedS, s.completed);
        bar.update(Math.min(total, bySeconds ? s.elapsedS : s.completed), {
          elapsed: s.elapsedS.toFixed(1),
          rate: int(rate),
          done: int(s.completed),
          errors: int(s.errors),
          mismatches: int(s.mismatches),
        });
      },
      stop() {
        bar.stop();
      },
    };
  }
  let nextLineAt = opts.intervalS;
  return {
    update(s) {
      const rate = window.add(s.elapsedS, s.completed);
      if (s.elapsedS + 1e-9 < nextLineAt) return;
      nextLineAt += opts.intervalS;
      stream.write(
        requests
          ? `${opts.label} ${s.elapsedS.toFixed(1).padStart(6)} s: ${int(rate).padStart(7)} req/s now, ` +
              `${int(s.completed)} done, errors ${int(s.errors)}, mismatches ${int(s.mismatches)}\n`
          : `${opts.label} ${s.elapsedS.toFixed(1).padStart(6)} s: ${int(s.completed)} of ${int(total)} ${unit}\n`,
      );
    },
    stop() {},
  };
}
