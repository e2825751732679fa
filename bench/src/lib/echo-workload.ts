// The echo ceiling's workload: every virtual client sends a request of the data workload's
// typical size and checks that the answer has the configured size.
import { slg, slg_echo_v1_EchoServiceDefinition } from '@slg/proto';
import { plaintext, type ServiceError } from '@slg/service-kit';
import { createLoadClient } from './grpc.ts';
import { OpRecorder } from './histogram.ts';
import type { CreateWorkload, Workload, WorkloadContext, WorkloadResults } from './workload.ts';

export interface EchoParams {
  target: string;
  channels: number;
  deadlineMs: number;
  requestBytes: number;
  responseBytes: number;
  slowMs: number;
}

class EchoWorkload implements Workload {
  readonly #ctx: WorkloadContext<EchoParams>;
  #rec: OpRecorder;
  readonly #grpc: ReturnType<typeof createLoadClient<typeof slg_echo_v1_EchoServiceDefinition>>;
  readonly #request: Uint8Array;
  #firstError: string | null = null;

  constructor(ctx: WorkloadContext<EchoParams>) {
    this.#ctx = ctx;
    const p = ctx.params;
    this.#rec = new OpRecorder('Echo', p.slowMs * 1000);
    this.#grpc = createLoadClient(slg_echo_v1_EchoServiceDefinition, p.target, {
      channels: p.channels,
      deadlineMs: p.deadlineMs,
      // The echo server (echo-server.ts) is plaintext, whatever --tls-* says of the stack.
      security: plaintext,
    });
    this.#request = slg.echo.v1.EchoRequest.encode({
      payload: Buffer.alloc(p.requestBytes, 0x62),
    }).finish();
  }

  async prepare(): Promise<Record<string, unknown>> {
    await this.#grpc.waitForReady(10_000);
    // One warm-up call per channel, so that connection setup is not measured.
    await Promise.all(
      Array.from({ length: this.#ctx.params.channels }, () => this.#grpc.Echo(this.#request)),
    );
    return {};
  }

  async step(_client: number, scheduledAt: number | undefined): Promise<boolean> {
    const t0 = performance.now();
    try {
      const res = await this.#grpc.Echo(this.#request);
      const t1 = performance.now();
      this.#rec.record(
        (t1 - (scheduledAt !== undefined && scheduledAt < t0 ? scheduledAt : t0)) * 1000,
      );
      this.#ctx.counters.completed();
      if ((res.payload?.length ?? 0) !== this.#ctx.params.responseBytes) {
        this.#rec.mismatches++;
        this.#ctx.counters.mismatch();
      }
    } catch (err) {
      this.#rec.errors++;
      this.#ctx.counters.error();
      this.#firstError ??= `${(err as ServiceError).code}: ${(err as Error).message}`;
    }
    return true;
  }

  /** This run's figures alone: the recorder starts afresh for the next run of a reused pool. */
  async results(): Promise<WorkloadResults> {
    const out = { ops: [this.#rec.snapshot()], extra: { firstError: this.#firstError } };
    this.#rec = this.#rec.fresh();
    this.#firstError = null;
    return out;
  }

  async close(): Promise<void> {
    this.#grpc.close();
  }
}

export const createWorkload: CreateWorkload<EchoParams> = async (ctx) => new EchoWorkload(ctx);
