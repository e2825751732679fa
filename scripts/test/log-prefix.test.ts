// npm start's line prefixes: coloured on a terminal, plain text in a pipe or a file.
import t from 'tap';
import { prefixTag } from '../log-prefix.ts';

t.test('the name, padded; ANSI colour only on a terminal', async (t) => {
  t.equal(prefixTag('db-proxy', 11, 36, { isTTY: false }), 'db-proxy    |');
  t.equal(prefixTag('db-proxy', 11, 36, {}), 'db-proxy    |', 'a pipe has no isTTY at all');
  t.equal(prefixTag('db-proxy', 11, 36, { isTTY: true }), '\x1b[36mdb-proxy   \x1b[0m |');
});
