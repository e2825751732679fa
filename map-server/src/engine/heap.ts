// A binary min-heap of timed events, ordered by (at, seq).

export interface Timed {
  at: number;
  seq: number;
}

export class EventHeap<T extends Timed> {
  readonly #a: T[] = [];

  get size(): number {
    return this.#a.length;
  }

  peek(): T | undefined {
    return this.#a[0];
  }

  push(x: T): void {
    const a = this.#a;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }

  pop(): T | undefined {
    const a = this.#a;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l]!, a[m]!)) m = l;
        if (r < a.length && before(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

const before = (x: Timed, y: Timed) => x.at < y.at || (x.at === y.at && x.seq < y.seq);
