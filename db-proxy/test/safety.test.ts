// Safety: names only from the schema, values only as parameters, limits on
// request size, batch length and result size; every bad request is
// INVALID_ARGUMENT saying what is wrong, and writes nothing. SQL-injection
// strings in every string field are refused (names) or stored verbatim (values).
import t from 'tap';
import {
  big,
  bytes,
  dbl,
  failure,
  fieldsOf,
  type Harness,
  int,
  kinds,
  plain,
  startProxy,
  str,
} from './helpers.ts';

const INJECTIONS = [
  "'; DROP TABLE player; --",
  '" OR "1"="1',
  "\\'; DELETE FROM mail; --",
  '`player`; TRUNCATE `mail`',
  "1' UNION SELECT @@version -- ",
  "Robert'); DROP TABLE troop;--",
  "' OR 1=1 /*",
  '%_\\%\\_',
  'nul\u0000byte',
  "x'); SELECT SLEEP(5); --",
  '😈\'"\\`;',
];

/** Row counts of every table, on both backends: what "nothing written" is checked against. */
async function snapshot(h: Harness): Promise<string> {
  const out: unknown[] = [];
  for (const table of ['player', 'building', 'troop', 'item', 'mail']) {
    out.push(
      table,
      await h.storedAll(`SELECT COUNT(*), COALESCE(SUM(\`version\`), 0) FROM \`${table}\``),
    );
  }
  return JSON.stringify(out, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    const h = await startProxy(t, kind, `safe_${kind}`, {
      limits: {
        maxBatchOps: 10,
        maxDeleteMembers: 5,
        maxPageSize: 50,
        defaultPageSize: 20,
        maxRequestBytes: 8192,
        maxResponseBytes: 4096,
        maxResultRows: 5,
      },
    });
    const c = h.client;

    t.test(
      'injection strings in every string value are stored and read back verbatim',
      async (t) => {
        let id = 3000;
        for (const s of INJECTIONS) {
          id++;
          const cut = (n: number) => [...s].slice(0, n).join('');
          await c.Insert({ table: 'player', fields: { player_id: int(id), name: str(cut(32)) } });
          await c.Insert({
            table: 'building',
            fields: { player_id: int(id), building_id: int(1), kind: str(cut(32)) },
          });
          await c.Insert({
            table: 'troop',
            fields: { player_id: int(id), troop_id: int(1), kind: str(cut(16)) },
          });
          await c.Insert({
            table: 'item',
            fields: { player_id: int(id), item_id: int(1), kind: str(cut(32)) },
          });
          await c.Insert({
            table: 'mail',
            fields: {
              player_id: int(id),
              mail_id: int(1),
              subject: str(s),
              body: str(s.repeat(3)),
              attachment: bytes(Buffer.from(s, 'utf8')),
            },
          });
          await c.Update({
            table: 'mail',
            key: [int(id), int(1)],
            fields: { subject: str(`${s}!`) },
          });
          t.equal(
            plain((await c.Get({ table: 'player', key: [int(id)] })).row?.fields?.name),
            cut(32),
          );
          t.equal(
            plain((await c.Get({ table: 'building', key: [int(id), int(1)] })).row?.fields?.kind),
            cut(32),
          );
          t.equal(
            plain((await c.Get({ table: 'troop', key: [int(id), int(1)] })).row?.fields?.kind),
            cut(16),
          );
          t.equal(
            plain((await c.Get({ table: 'item', key: [int(id), int(1)] })).row?.fields?.kind),
            cut(32),
          );
          const mail = fieldsOf((await c.Get({ table: 'mail', key: [int(id), int(1)] })).row);
          t.equal(mail.subject, `${s}!`);
          t.equal(mail.body, s.repeat(3));
          t.same(mail.attachment, Buffer.from(s, 'utf8'));
          const stored = await h.stored(
            'SELECT `subject`, `body` FROM `mail` WHERE `player_id` = ?',
            [id],
            BigInt(id),
          );
          t.same(stored, [[`${s}!`, s.repeat(3)]], `stored verbatim: ${JSON.stringify(s)}`);
          // A string parameter of a named query is a value too.
          const found = await c.Query({
            name: 'buildings_of_kind',
            shardKey: int(id),
            params: { kind: str(cut(32)) },
          });
          t.equal(found.rows.length, 1, 'a query parameter matches the stored string exactly');
          const none = await c.Query({
            name: 'buildings_of_kind',
            shardKey: int(id),
            params: { kind: str("' OR '1'='1") },
          });
          t.equal(none.rows.length, 0, 'and matches nothing else');
        }
        for (const table of ['player', 'building', 'troop', 'item', 'mail']) {
          const counts = await h.storedAll(`SELECT COUNT(*) FROM \`${table}\``);
          t.equal(
            counts.reduce((a, r) => a + Number(r[0]?.[0]), 0),
            INJECTIONS.length,
            `${table}: every table still there, one row per string`,
          );
        }
      },
    );

    t.test('injection strings as names are refused with INVALID_ARGUMENT', async (t) => {
      const before = await snapshot(h);
      for (const s of INJECTIONS) {
        const calls: [string, Promise<unknown>, RegExp][] = [
          [
            'Get table',
            c.Get({ table: s, key: [int(3001)] }),
            /table: ".*" is not a table of the schema/s,
          ],
          [
            'Insert table',
            c.Insert({ table: s, fields: { player_id: int(3999) } }),
            /is not a table/,
          ],
          [
            'Insert column',
            c.Insert({ table: 'player', fields: { player_id: int(3999), [s]: int(1) } }),
            /has no column/,
          ],
          [
            'Update column',
            c.Update({ table: 'player', key: [int(3001)], fields: { [s]: str('x') } }),
            /has no column/,
          ],
          [
            'Increment field',
            c.Increment({ table: 'player', key: [int(3001)], field: s, delta: 1 }),
            /has no column/,
          ],
          ['List table', c.List({ table: s, shardKey: int(3001) }), /is not a table/],
          [
            'List token',
            c.List({ table: 'mail', shardKey: int(3001), pageToken: s }),
            /page_token/,
          ],
          ['Count table', c.Count({ table: s, shardKey: int(3001) }), /is not a table/],
          [
            'DeleteMany table',
            c.DeleteMany({ table: s, shardKey: int(3001), all: true }),
            /is not a table/,
          ],
          ['Query name', c.Query({ name: s, shardKey: int(3001) }), /no query .* is configured/s],
          [
            'Query param name',
            c.Query({
              name: 'buildings_of_kind',
              shardKey: int(3001),
              params: { kind: str('farm'), [s]: str('x') },
            }),
            /has no such parameter/,
          ],
          [
            'Batch table',
            c.Batch({ ops: [{ delete: { table: s, key: [int(3001)] } }] }),
            /ops\[0\]\.delete\.table/,
          ],
        ];
        for (const [what, call, message] of calls) {
          const err = await failure(call);
          t.equal(err.code, 'INVALID_ARGUMENT', `${what}: ${JSON.stringify(s)}`);
          t.match(err.message, message);
        }
      }
      t.equal(await snapshot(h), before, 'nothing was written');
    });

    t.test(
      'every bad request is INVALID_ARGUMENT, says what is wrong, and writes nothing',
      async (t) => {
        await c.Insert({ table: 'player', fields: { player_id: int(3100), gold: int(1) } });
        const before = await snapshot(h);
        const cases: [string, Promise<unknown>, RegExp][] = [
          ['no table', c.Get({ key: [int(1)] }), /^table: required/],
          [
            'key too short',
            c.Get({ table: 'mail', key: [int(1)] }),
            /key: mail has a 2-column key \(player_id, mail_id\), got 1 value$/,
          ],
          ['key too long', c.Get({ table: 'player', key: [int(1), int(2)] }), /got 2 values/],
          [
            'key of the wrong type',
            c.Get({ table: 'player', key: [str('1')] }),
            /key\[0\]: column "player_id" is int64 \(Value\.int\), got Value\.str/,
          ],
          [
            'NULL key',
            c.Get({ table: 'player', key: [{}] }),
            /key\[0\]: "player_id" cannot be NULL/,
          ],
          [
            'unknown column',
            c.Insert({ table: 'player', fields: { player_id: int(3101), mana: int(1) } }),
            /fields\.mana: player has no column "mana"/,
          ],
          [
            'version written',
            c.Insert({ table: 'player', fields: { player_id: int(3101), version: int(7) } }),
            /fields\.version: the version is db-proxy's to write/,
          ],
          [
            'key column missing',
            c.Insert({ table: 'mail', fields: { player_id: int(3101), subject: str('x') } }),
            /missing mail_id/,
          ],
          [
            'wrong type',
            c.Insert({ table: 'player', fields: { player_id: int(3101), gold: dbl(1.5) } }),
            /fields\.gold: column "gold" is int64 \(Value\.int\), got Value\.float/,
          ],
          [
            'string too long',
            c.Insert({
              table: 'player',
              fields: { player_id: int(3101), name: str('n'.repeat(33)) },
            }),
            /fields\.name: "name" is at most 32 characters, got 33/,
          ],
          [
            'too long in characters, not bytes',
            c.Insert({
              table: 'troop',
              fields: { player_id: int(3101), troop_id: int(1), kind: str('é'.repeat(17)) },
            }),
            /at most 16 characters, got 17/,
          ],
          [
            'bytes too long',
            c.Insert({
              table: 'mail',
              fields: {
                player_id: int(3101),
                mail_id: int(1),
                attachment: bytes(Buffer.alloc(1025)),
              },
            }),
            /at most 1024 bytes, got 1025/,
          ],
          [
            'NaN',
            c.Insert({
              table: 'mail',
              fields: { player_id: int(3101), mail_id: int(1), rating: dbl(Number.NaN) },
            }),
            /NaN is not a finite number/,
          ],
          [
            'NULL value',
            c.Insert({ table: 'player', fields: { player_id: int(3101), name: {} } }),
            /fields\.name: "name" cannot be NULL/,
          ],
          [
            'nothing to update',
            c.Update({ table: 'player', key: [int(3100)], fields: {} }),
            /nothing to update/,
          ],
          [
            'key column updated',
            c.Update({ table: 'player', key: [int(3100)], fields: { player_id: int(3) } }),
            /a key column cannot be updated/,
          ],
          [
            'version updated',
            c.Update({ table: 'player', key: [int(3100)], fields: { version: int(3) } }),
            /the version is db-proxy's/,
          ],
          [
            'no increment field',
            c.Increment({ table: 'player', key: [int(3100)], delta: 1 }),
            /field: required/,
          ],
          [
            'increment of a key',
            c.Increment({
              table: 'building',
              key: [int(3100), int(1)],
              field: 'building_id',
              delta: 1,
            }),
            /is a key column/,
          ],
          [
            'page too big',
            c.List({ table: 'mail', shardKey: int(3100), pageSize: 51 }),
            /page_size: 51 is over the limit 50/,
          ],
          ['no shard key', c.List({ table: 'mail' }), /shard_key: required/],
          [
            'shard key of the wrong type',
            c.Count({ table: 'mail', shardKey: str('3100') }),
            /shard_key: column "player_id" is int64/,
          ],
          [
            'too many members',
            c.DeleteMany({
              table: 'mail',
              shardKey: int(3100),
              members: Array.from({ length: 6 }, (_, i) => ({ values: [int(i)] })),
            }),
            /members: 6 rows, the limit is 5/,
          ],
          [
            'batch too long',
            c.Batch({
              ops: Array.from({ length: 11 }, () => ({
                increment: { table: 'player', key: [int(3100)], field: 'gold', delta: 1 },
              })),
            }),
            /ops: 11 ops, the limit is 10/,
          ],
          [
            'one bad op after good ones',
            c.Batch({
              ops: [
                { increment: { table: 'player', key: [int(3100)], field: 'gold', delta: 1 } },
                { insert: { table: 'mail', fields: { player_id: int(3100), mail_id: int(1) } } },
                { update: { table: 'player', key: [int(3100)], fields: { gold: str('lots') } } },
              ],
            }),
            /ops\[2\]\.update\.fields\.gold: column "gold" is int64/,
          ],
          [
            'request over the size limit',
            c
              .Insert({
                table: 'mail',
                fields: {
                  player_id: int(3101),
                  mail_id: int(2),
                  body: str('b'.repeat(4096)),
                  subject: str('s'.repeat(128)),
                  attachment: bytes(Buffer.alloc(1024)),
                },
              })
              .then(() =>
                c.Batch({
                  ops: Array.from({ length: 3 }, (_, i) => ({
                    insert: {
                      table: 'mail',
                      fields: {
                        player_id: int(3101),
                        mail_id: int(10 + i),
                        body: str('b'.repeat(4000)),
                      },
                    },
                  })),
                }),
              ),
            /the request is \d+ bytes; the limit is 8192/,
          ],
        ];
        for (const [what, call, message] of cases) {
          const err = await failure(call);
          t.equal(err.code, 'INVALID_ARGUMENT', what);
          t.match(err.message, message, `${what}: ${err.message}`);
        }
        // The one write above that was fine (a 5 KB mail under the 8 KB limit) is the only change.
        await c.Delete({ table: 'mail', key: [int(3101), int(2)] });
        t.equal(await snapshot(h), before, 'nothing else was written');
      },
    );

    t.test('result limits: List pages by size, Query refuses too many rows', async (t) => {
      for (let i = 1; i <= 12; i++) {
        await c.Insert({
          table: 'mail',
          fields: { player_id: int(3200), mail_id: int(i), body: str('x'.repeat(1000)) },
        });
      }
      const ids: bigint[] = [];
      let token = '';
      let pages = 0;
      do {
        const page = await c.List({
          table: 'mail',
          shardKey: int(3200),
          pageSize: 50,
          pageToken: token,
        });
        pages++;
        t.ok(
          page.rows.length >= 1 && page.rows.length <= 4,
          `a page of ~4 KB holds ${page.rows.length} rows`,
        );
        ids.push(...page.rows.map((r) => plain(r.fields?.mail_id) as bigint));
        token = page.nextPageToken;
      } while (token && pages < 20);
      t.same(
        ids,
        Array.from({ length: 12 }, (_, i) => BigInt(i + 1)),
        'every row exactly once, in order',
      );
      t.ok(pages >= 3, `${pages} pages`);
      for (let i = 1; i <= 6; i++) {
        await c.Insert({
          table: 'item',
          fields: { player_id: int(3200), item_id: int(i), expires_at: int(10) },
        });
      }
      const ok = await c.Query({
        name: 'items_expiring',
        shardKey: int(3200),
        params: { before: int(20), limit: int(5) },
      });
      t.equal(ok.rows.length, 5);
      const tooMany = await failure(
        c.Query({
          name: 'items_expiring',
          shardKey: int(3200),
          params: { before: int(20), limit: int(6) },
        }),
      );
      t.equal(tooMany.code, 'RESOURCE_EXHAUSTED');
      t.match(tooMany.message, /returned 6 rows, over the limit 5/);
      t.equal(big((await c.Count({ table: 'item', shardKey: int(3200) })).count), 6n);
    });
  });
}
