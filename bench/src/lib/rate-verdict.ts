// The open model's verdict per operation: a read is one gRPC hop to data-server and back, so its
// p90 and p99 are judged against the bare echo's at the same rate; a write cannot answer before
// its commit in MariaDB, so its bound adds the commit floor's same percentile (commit-floor.ts).
// Reported, never an exit code (like --latency-target).
import { WRITE_OPS } from '../data/operations.ts';
import { type OpSnapshot, percentiles } from './histogram.ts';
import { ms, table } from './report.ts';

/** Each bound is this multiple of its floor. */
export const VERDICT_FACTOR = 2;

/** A floor's figures: answers, p90 and p99 (µs). */
export interface FloorFigures {
  count: number;
  p90: number;
  p99: number;
}

export interface VerdictOp {
  op: string;
  kind: 'read' | 'write';
  count: number;
  p90Us: number;
  p99Us: number;
  /** null when the floor behind it answered nothing (then the operation misses). */
  p90BoundUs: number | null;
  p99BoundUs: number | null;
  pass: boolean;
}

export interface RateVerdict {
  factor: number;
  /** What the writes were judged against. */
  writesAgainst: 'echo+commitFloor' | 'echo';
  /** Why the writes were judged against the echo alone (null when they were not). */
  echoAloneBecause: string | null;
  echo: FloorFigures;
  commitFloor: FloorFigures | null;
  ops: VerdictOp[];
  /** Every operation with answers within its bounds (and at least one). */
  pass: boolean;
}

/**
 * Judges each operation with answers (p90 and p99 each at most VERDICT_FACTOR x the echo's, plus
 * the commit floor's for a write). `floor` null or without answers: writes against the echo
 * alone, `whyNoFloor` saying why.
 */
export function rateVerdict(
  dataOps: readonly OpSnapshot[],
  echo: FloorFigures,
  floor: FloorFigures | null,
  whyNoFloor = 'no --commit-floor',
): RateVerdict {
  const f = floor && floor.count > 0 ? floor : null;
  const bound = (us: number) => (echo.count > 0 ? VERDICT_FACTOR * us : null);
  const ops = dataOps
    .filter((op) => op.count > 0)
    .map((op): VerdictOp => {
      const p = percentiles(op);
      const kind = WRITE_OPS.has(op.name as never) ? 'write' : 'read';
      const p90BoundUs = bound(echo.p90 + (kind === 'write' && f ? f.p90 : 0));
      const p99BoundUs = bound(echo.p99 + (kind === 'write' && f ? f.p99 : 0));
      return {
        op: op.name,
        kind,
        count: op.count,
        p90Us: p.p90,
        p99Us: p.p99,
        p90BoundUs,
        p99BoundUs,
        pass:
          p90BoundUs !== null && p99BoundUs !== null && p.p90 <= p90BoundUs && p.p99 <= p99BoundUs,
      };
    });
  return {
    factor: VERDICT_FACTOR,
    writesAgainst: f ? 'echo+commitFloor' : 'echo',
    echoAloneBecause: f ? null : floor ? 'the commit floor answered nothing' : whyNoFloor,
    echo,
    commitFloor: f,
    ops,
    pass: ops.length > 0 && ops.every((o) => o.pass),
  };
}

const boundMs = (us: number | null) => (us === null ? '-' : ms(us));

/** The printed verdict: what it judges against, a row per operation, one summary line. */
export function rateVerdictReport(v: RateVerdict): string {
  const x = `${v.factor}x`;
  const writes =
    v.writesAgainst === 'echo'
      ? `${x} the echo's alone (${v.echoAloneBecause})`
      : `${x} (the echo's + the commit floor's)`;
  const rows = v.ops.map((o) => [
    o.op,
    o.kind,
    ms(o.p90Us),
    boundMs(o.p90BoundUs),
    ms(o.p99Us),
    boundMs(o.p99BoundUs),
    o.pass ? 'PASS' : 'MISS',
  ]);
  const missed = v.ops
    .filter((o) => !o.pass)
    .map((o) => {
      const which = [
        o.p90BoundUs === null || o.p90Us > o.p90BoundUs ? 'p90' : null,
        o.p99BoundUs === null || o.p99Us > o.p99BoundUs ? 'p99' : null,
      ].filter(Boolean);
      return `${o.op} (${which.join(', ')})`;
    });
  const against =
    v.writesAgainst === 'echo'
      ? `writes against the echo alone: ${v.echoAloneBecause}`
      : 'writes against the echo + the commit floor';
  const summary =
    v.ops.length === 0
      ? `verdict: MISS: no operation answered (${against})`
      : missed.length === 0
        ? `verdict: PASS: all ${v.ops.length} operations within their bounds (${against})`
        : `verdict: MISS: ${v.ops.length - missed.length} of ${v.ops.length} operations within their bounds, missed by ${missed.join(', ')} (${against})`;
  return [
    `verdict at the rate (reads: p90 and p99 each <= ${x} the echo's; writes: each <= ${writes}):`,
    table(['op', 'kind', 'p90 ms', 'bound', 'p99 ms', 'bound', 'verdict'], rows),
    summary,
  ].join('\n');
}
