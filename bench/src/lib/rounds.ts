// A run in rounds alternated with the echo ceiling (bench data --rounds, bench map). On a shared
// machine whose speed swings within minutes, one ceiling beside a long run says little: the run
// is cut into slices, each between two echo phases on one echo server and client kept warm, so
// that a change of the machine's speed hits a slice and the phases beside it alike. A slice's
// ratio is its rate over the mean of the two phases around it; the run's, the median of those.
import { CeilingBench, type CeilingOptions, type CeilingResult } from './ceiling.ts';
import { int, median } from './report.ts';

/** One slice beside the echo phases around it (rates in requests/s). */
export interface Round {
  rate: number;
  ceilingBefore: number;
  ceilingAfter: number;
  /** rate over the mean of the two phases; null when neither answered. */
  ratio: number | null;
}

export interface RoundsOptions {
  rounds: number;
  /** The unmeasured echo phase before the first (a cold server and client read low). */
  warmUpMs: number;
  /** What the slices load, as the round lines name it ("data", "viewport"). */
  name: string;
  say: (line: string) => void;
  /** Prints an echo phase: its index (0 to rounds) and its figures. */
  echoLine: (r: CeilingResult, index: number) => void;
}

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The median of the rounds' ratios; null when no round has one. */
export function medianRatio(rounds: readonly { ratio: number | null }[]): number | null {
  const ratios = rounds.flatMap((r) => (r.ratio === null ? [] : [r.ratio]));
  return ratios.length ? median(ratios) : null;
}

export class EchoRounds {
  readonly ceilings: CeilingResult[] = [];
  readonly rounds: Round[] = [];
  readonly #echo: CeilingBench;
  readonly #o: RoundsOptions;
  #inEcho = false;
  #interrupted = false;

  private constructor(echo: CeilingBench, o: RoundsOptions) {
    this.#echo = echo;
    this.#o = o;
  }

  static async start(ceiling: CeilingOptions, o: RoundsOptions): Promise<EchoRounds> {
    return new EchoRounds(await CeilingBench.start(ceiling), o);
  }

  /**
   * Ctrl-C: no phase after the one running; an echo phase ends now. A slice is its caller's to
   * stop; the slice cut short still gets its closing echo phase.
   */
  interrupt(): void {
    this.#interrupted = true;
    if (this.#inEcho) this.#echo.stop();
  }

  /** Echo, slice 1, echo, slice 2, ..., echo; `slice` runs one and resolves its rate. */
  async run(slice: (index: number) => Promise<number>): Promise<void> {
    await this.#echoPhase(() => this.#echo.warmUp(this.#o.warmUpMs));
    if (this.#interrupted) return;
    await this.#measure();
    for (let i = 0; i < this.#o.rounds && !this.#interrupted; i++) {
      const rate = await slice(i);
      await this.#measure();
      const before = this.ceilings.at(-2)!.rate;
      const after = this.ceilings.at(-1)!.rate;
      const ratio = before + after > 0 ? rate / ((before + after) / 2) : null;
      this.rounds.push({ rate, ceilingBefore: before, ceilingAfter: after, ratio });
      this.#o.say(
        `round ${i + 1}/${this.#o.rounds}: echo ${int(before)}/s before, ${int(after)}/s after; ${this.#o.name} ${int(rate)}/s (${ratio === null ? 'no echo rate' : `${pct(ratio)} of echo`})`,
      );
    }
  }

  async close(): Promise<void> {
    await this.#echo.close();
  }

  async #measure(): Promise<void> {
    const r = await this.#echoPhase(() => this.#echo.measure());
    this.#o.echoLine(r, this.ceilings.length);
    this.ceilings.push(r);
  }

  async #echoPhase<T>(phase: () => Promise<T>): Promise<T> {
    this.#inEcho = true;
    try {
      return await phase();
    } finally {
      this.#inEcho = false;
    }
  }
}
