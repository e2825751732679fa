// The load generator's memory over a long run: what the data workload keeps for the
// run (the answer memo's verified bytes, the model's bytes values) owns its memory exactly, so
// that a model that keeps changing does not keep ever more 64 KB Buffer pool slabs alive (each
// pinned by a few hundred bytes of a kept slice). Before: a data worker's ArrayBuffers grew
// 4.7 MB a minute in `bench data`, outside its bounded V8 heap.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { slg } from '@slg/proto';
import t from 'tap';
import { AnswerMemo } from '../src/data/memo.ts';
import { getRecord, type PlayerState, recordToWire, setRecord } from '../src/data/model.ts';
import { generatePlayer, randomFields } from '../src/data/population.ts';
import { loadGameSchema } from '../src/data/schema.ts';
import { valFromWire } from '../src/data/values.ts';
import { ownBuffer, ownCopy } from '../src/lib/own-bytes.ts';
import { Rng } from '../src/lib/rng.ts';

const pb = slg.dataserver.v2;
const schema = loadGameSchema();
const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

t.test('kept bytes own their ArrayBuffer, never a pool slab', async (t) => {
  const pooled = Buffer.from('abc');
  t.ok(pooled.buffer.byteLength > 3, 'a small Buffer.from is a pool slice (what is avoided)');
  for (const b of [
    ownBuffer(5),
    ownCopy(pooled),
    new Rng(1, 'own').bytes(7),
    (valFromWire({ kind: 'bytes', bytes: pooled } as slg.common.v1.IValue) as { bytes: Buffer })
      .bytes,
  ]) {
    t.equal(b.buffer.byteLength, b.length, `${b.length} bytes in an ArrayBuffer of ${b.length}`);
    t.equal(b.byteOffset, 0);
  }
  t.same([...ownCopy(pooled)], [...pooled], 'the copy holds the same bytes');
  t.not(ownCopy(pooled).buffer, pooled.buffer, 'in memory of its own');
});

t.test('the memo and the model stay bounded while every record keeps changing', async (t) => {
  // 300 players x 13 records, every record changed and re-verified ~10 times over 40,000
  // changes, each answer arriving as a pool slice (as grpc-js hands it over) among other
  // short-lived pool allocations, as in a run.
  const memo = new AnswerMemo(true);
  const players: PlayerState[] = Array.from({ length: 300 }, (_, i) =>
    generatePlayer(schema, 3, i, 5_000_000n, 3),
  );
  t.equal(memo.prime(schema, players), 300 * 13, 'every seeded record primed');
  const tables = [schema.playerTable, ...schema.collections];
  const rng = new Rng(3, 'memo-memory');
  gc();
  gc();
  const before = process.memoryUsage().arrayBuffers;
  let last: (() => boolean) | undefined;
  for (let i = 0; i < 40_000; i++) {
    const p = rng.pick(players);
    const table = rng.pick(tables);
    const member = table.collection ? 1 + rng.int(3) : 0;
    const old = getRecord(p, table, member)!;
    const state = { fields: randomFields(rng, table), version: old.version + 1n };
    setRecord(p, table, member, state);
    const encoded = pb.FetchResponse.encode({
      record: recordToWire(table, p.idLong, member, state),
    }).finish();
    const answer = Buffer.from(encoded);
    // Short-lived pool allocations between two writes: the run's ~13 reads per write, their
    // answers and headers (8 here).
    for (let k = 0; k < 8; k++) Buffer.from(encoded);
    memo.verified(answer, p, table, [[member, state]]);
    last = () => memo.matches(Buffer.from(encoded), p, table, [[member, state]]);
  }
  t.ok(last?.(), 'the memo still matches the last answer by its bytes');
  gc();
  gc();
  const grown = (process.memoryUsage().arrayBuffers - before) / MB;
  // 3,900 records of ~300 bytes kept: about 1-2 MB. Kept slices of the pool (Buffer.from,
  // Buffer.allocUnsafe) held 13 MB without the reads' allocations between the writes, 30+ MB
  // with them: the kept bytes spread over ever more 64 KB slabs.
  t.ok(grown < 8, `ArrayBuffers grew ${grown.toFixed(1)} MB over 40,000 changes (bound 8)`);
  // The model and the memo in use after the measurement (as in a run): dead, they would have
  // taken the memo's entries, and their slabs, with them.
  t.equal(memo.prime(schema, players), 300 * 13, 'the model still whole');
});
