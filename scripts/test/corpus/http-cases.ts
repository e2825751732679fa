// The HTTP corpus: battle-server's routes (its documented `{"error": CODE, "message": ...}`
// body on every refusal) and the /metrics endpoints of the gRPC services (plain text, 4xx),
// sent as raw bytes over a socket: malformed request lines and headers, bad seeds and paths,
// broken JSON, schema violations, wrong content types, oversize and chunked bodies. Also the
// services' gRPC health check, the one health endpoint that takes input (a service name).
import { connect } from 'node:net';
import type { Outcome } from './cases.ts';
import { INVALID, NOT_FOUND, nasty } from './cases.ts';
import { encode, malformed, s } from './wire.ts';

export interface HttpCase {
  /** The route (the corpus table's row). */
  route: string;
  name: string;
  /** The whole request as sent (request line, headers, body). */
  raw: Buffer;
  /** Acceptable statuses. */
  statuses: number[];
  /** battle-server: the documented error code in the JSON body. */
  error?: string | string[];
  /** A part of the message (battle-server) or of the body (the metrics servers). */
  message: string | RegExp;
}

const enc = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

function request(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Buffer {
  const b = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const h: Record<string, string> = { host: 'localhost', connection: 'close', ...headers };
  if (b && !('transfer-encoding' in h) && !('content-length' in h))
    h['content-length'] = String(b.length);
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(h)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), b ?? Buffer.alloc(0)]);
}

/** A valid battle (README), to break one part at a time. */
function battle(): Record<string, unknown> {
  return {
    seed: 42,
    maxRounds: 10,
    attacker: {
      troops: [{ type: 'cavalry', tier: 7, count: 120000 }],
      heroes: [
        { name: 'Raider', skills: [{ name: 'Charge', kind: 'damage', chance: 4000, value: 2000 }] },
      ],
      buffs: { attack: 1500 },
      hospitalCapacity: 50000,
    },
    defender: { troops: [{ type: 'infantry', tier: 6, count: 150000 }] },
  };
}

const json = { 'content-type': 'application/json' };

export function battleCases(): HttpCase[] {
  const out: HttpCase[] = [];
  const invalid = (route: string, name: string, raw: Buffer, message: string | RegExp) =>
    out.push({ route, name, raw, statuses: [400], error: 'INVALID_ARGUMENT', message });
  const post = (body: unknown) => request('POST', '/v1/battles', json, JSON.stringify(body));

  // Seeds.
  const sample = 'GET /v1/battles/sample/:seed';
  for (const seed of [
    '-1',
    '4294967296',
    '99999999999',
    'abc',
    '1e3',
    '0x10',
    '1.5',
    '%20',
    '%2B1',
    '%00',
    '1%0A',
    '',
  ]) {
    invalid(
      sample,
      `seed ${JSON.stringify(seed)}`,
      request('GET', `/v1/battles/sample/${seed}`),
      'seed',
    );
  }
  for (const seed of ['%FF', '%C0%80', '%E0%80']) {
    invalid(
      sample,
      `seed ${seed} (not UTF-8)`,
      request('GET', `/v1/battles/sample/${seed}`),
      'not valid percent-encoded UTF-8',
    );
  }
  for (const { name, value } of nasty) {
    if (Buffer.isBuffer(value)) {
      const pct = [...value].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('');
      invalid(
        sample,
        `seed = ${name}`,
        request('GET', `/v1/battles/sample/${pct}`),
        'not valid percent-encoded UTF-8',
      );
    } else if (value.length > 100) {
      out.push({
        route: sample,
        name: `seed = ${name}`,
        raw: request('GET', `/v1/battles/sample/${enc(value)}`),
        statuses: [414, 431],
        error: ['URI_TOO_LONG', 'REQUEST_HEADER_FIELDS_TOO_LARGE'],
        message: /over/,
      });
    } else {
      invalid(sample, `seed = ${name}`, request('GET', `/v1/battles/sample/${enc(value)}`), 'seed');
    }
  }
  out.push({
    route: sample,
    name: 'seed of 101 digits',
    raw: request('GET', `/v1/battles/sample/${'1'.repeat(101)}`),
    statuses: [414],
    error: 'URI_TOO_LONG',
    message: '100 characters',
  });

  // No such route.
  const none = 'no route';
  for (const [method, path] of [
    ['GET', '/'],
    ['GET', '/v1/battles'],
    ['GET', '/v1/battles/sample/1/2'],
    ['DELETE', '/v1/battles'],
    ['PUT', '/v1/battles/canned'],
    ['POST', '/healthz'],
    ['POST', '/metrics'],
    ['PATCH', '/readyz'],
    ['GET', '/../../etc/passwd'],
    ['GET', '/v1/battles/canned/..%2f..%2fetc'],
  ] as const) {
    out.push({
      route: none,
      name: `${method} ${path}`,
      raw: request(method, path),
      statuses: [404],
      error: 'NOT_FOUND',
      message: 'no route',
    });
  }
  for (const { name, value } of nasty) {
    if (Buffer.isBuffer(value) || value.length > 100) continue;
    out.push({
      route: none,
      name: `GET /${name}`,
      raw: request('GET', `/${enc(value)}`),
      statuses: [404],
      error: 'NOT_FOUND',
      message: 'no route',
    });
  }
  out.push({
    route: none,
    name: 'a path of 100,000 characters',
    raw: request('GET', `/${'p'.repeat(100_000)}`),
    statuses: [431],
    error: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    message: 'size limit',
  });

  // Query strings on the routes that take none, or a bad one.
  out.push({
    route: 'POST /v1/battles',
    name: '?report=maybe',
    raw: request('POST', '/v1/battles?report=maybe', json, JSON.stringify(battle())),
    statuses: [400],
    error: 'INVALID_ARGUMENT',
    message: 'report',
  });
  out.push({
    route: 'POST /v1/battles',
    name: '?report=<injection>',
    raw: request(
      'POST',
      `/v1/battles?report=${enc("1' OR '1'='1")}`,
      json,
      JSON.stringify(battle()),
    ),
    statuses: [400],
    error: 'INVALID_ARGUMENT',
    message: 'report',
  });

  // Bodies that are not JSON, or not an object.
  const route = 'POST /v1/battles';
  for (const [what, body] of [
    ['empty', ''],
    ['{', '{'],
    ['unterminated', '{"seed":'],
    ['trailing comma', '{"seed": 1,}'],
    ['single quotes', "{'seed': 1}"],
    ['NaN', 'NaN'],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"battle"'],
    ['a number', '1'],
    ['NUL', '\u0000'],
    ['two objects', '{}{}'],
    ['a comment', '/* */ {}'],
  ] as const) {
    invalid(
      route,
      `body ${what}`,
      request('POST', '/v1/battles', json, body),
      /body|JSON|Unexpected|empty/i,
    );
  }
  invalid(
    route,
    'body invalid UTF-8',
    request(
      'POST',
      '/v1/battles',
      json,
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    ),
    /body/i,
  );
  invalid(
    route,
    'body 5,000 nested arrays',
    request('POST', '/v1/battles', json, `${'['.repeat(5000)}${']'.repeat(5000)}`),
    /body/i,
  );
  invalid(route, 'body {} (every field missing)', post({}), 'body');

  // Content types.
  const text = JSON.stringify(battle());
  for (const type of [
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/jsonx',
    'image/png',
    "application/json'; DROP TABLE player; --",
  ]) {
    out.push({
      route,
      name: `content-type ${type}`,
      raw: request('POST', '/v1/battles', { 'content-type': type }, text),
      statuses: [415],
      error: ['UNSUPPORTED_MEDIA_TYPE', 'FST_ERR_CTP_INVALID_MEDIA_TYPE'],
      message: /media type|content type|content-type/i,
    });
  }
  out.push({
    route,
    name: 'no content-type',
    raw: request('POST', '/v1/battles', {}, text),
    statuses: [415],
    error: ['UNSUPPORTED_MEDIA_TYPE', 'FST_ERR_CTP_INVALID_MEDIA_TYPE'],
    message: /media type|content type|content-type/i,
  });
  invalid(
    route,
    'content-type text/plain (the JSON as text)',
    request('POST', '/v1/battles', { 'content-type': 'text/plain' }, text),
    'body',
  );
  out.push({
    route,
    name: 'a UTF-16 body, content-type application/json; charset=utf-16',
    raw: request(
      'POST',
      '/v1/battles',
      { 'content-type': 'application/json; charset=utf-16' },
      Buffer.from(`\ufeff${text}`, 'utf16le'),
    ),
    statuses: [400, 415],
    error: ['INVALID_ARGUMENT', 'UNSUPPORTED_MEDIA_TYPE', 'FST_ERR_CTP_INVALID_MEDIA_TYPE'],
    message: /JSON|Unexpected|charset|media type|content type/i,
  });

  // Schema and model violations.
  const mutate = (
    name: string,
    // biome-ignore lint/suspicious/noExplicitAny: a battle body broken one field at a time, any shape
    f: (b: Record<string, any>) => void,
    message: string | RegExp = 'body',
  ) => {
    const b = battle();
    f(b);
    invalid(route, name, post(b), message);
  };
  mutate('seed -1', (b) => {
    b.seed = -1;
  });
  mutate('seed 1.5', (b) => {
    b.seed = 1.5;
  });
  mutate('seed 2^64', (b) => {
    b.seed = 2 ** 64;
  });
  mutate('seed "42"', (b) => {
    b.seed = '42';
  });
  mutate('maxRounds 0', (b) => {
    b.maxRounds = 0;
  });
  mutate('maxRounds 1,000,000', (b) => {
    b.maxRounds = 1_000_000;
  });
  mutate('no attacker', (b) => {
    delete b.attacker;
  });
  mutate('attacker null', (b) => {
    b.attacker = null;
  });
  mutate('no troops', (b) => {
    b.attacker.troops = [];
  });
  mutate('17 stacks', (b) => {
    b.attacker.troops = Array.from({ length: 17 }, (_, k) => ({
      type: 'cavalry',
      tier: (k % 10) + 1,
      count: 1,
    }));
  });
  mutate('1,000 stacks', (b) => {
    b.attacker.troops = Array.from({ length: 1000 }, () => ({
      type: 'cavalry',
      tier: 1,
      count: 1,
    }));
  });
  mutate('count -1', (b) => {
    b.attacker.troops[0].count = -1;
  });
  mutate('count 2^53', (b) => {
    b.attacker.troops[0].count = 2 ** 53;
  });
  mutate('count 1e308', (b) => {
    b.attacker.troops[0].count = 1e308;
  });
  mutate('count "120000"', (b) => {
    b.attacker.troops[0].count = '120000';
  });
  mutate('tier 0', (b) => {
    b.attacker.troops[0].tier = 0;
  });
  mutate('tier 99', (b) => {
    b.attacker.troops[0].tier = 99;
  });
  mutate('an unknown field', (b) => {
    b.attacker.troops[0].colour = 'red';
  });
  mutate('__proto__ field', (b) => {
    Object.defineProperty(b, '__proto__', { value: { polluted: true }, enumerable: true });
  });
  mutate('buffs.attack -100,000', (b) => {
    b.attacker.buffs.attack = -100_000;
  });
  mutate('skill chance 10,001', (b) => {
    b.attacker.heroes[0].skills[0].chance = 10_001;
  });
  mutate('skill kind unknown', (b) => {
    b.attacker.heroes[0].skills[0].kind = 'nuke';
  });
  mutate(
    'a damage skill with a stat (model rule)',
    (b) => {
      b.attacker.heroes[0].skills[0].stat = 'attack';
      b.attacker.heroes[0].skills[0].duration = 2;
    },
    /stat|duration|body/,
  );
  for (const { name, value } of nasty) {
    if (Buffer.isBuffer(value)) continue;
    if (value.length > 60_000) {
      // Over the body limit on its own: refused before parsing.
      for (const where of ['troop type', 'hero name']) {
        const b = battle() as {
          attacker: { troops: { type: string }[]; heroes: { name: string }[] };
        };
        if (where === 'troop type') b.attacker.troops[0]!.type = value;
        else b.attacker.heroes[0]!.name = value;
        out.push({
          route,
          name: `${where} = ${name}`,
          raw: post(b),
          statuses: [413],
          error: 'PAYLOAD_TOO_LARGE',
          message: 'over 65536 bytes',
        });
      }
      continue;
    }
    mutate(`troop type = ${name}`, (b) => {
      b.attacker.troops[0].type = value;
    });
    mutate(`hero name = ${name} (padded to 33 characters, over 32)`, (b) => {
      b.attacker.heroes[0].name = value.padEnd(33, 'x');
    });
  }

  // Sizes and framing.
  const big = (n: number) => JSON.stringify({ ...battle(), pad: 'x'.repeat(n) });
  out.push({
    route,
    name: 'a 65,537-byte body (limit 65,536)',
    raw: request('POST', '/v1/battles', json, big(65_537)),
    statuses: [413],
    error: 'PAYLOAD_TOO_LARGE',
    message: 'over 65536 bytes',
  });
  out.push({
    route,
    name: 'a 4 MiB body',
    raw: request('POST', '/v1/battles', json, big(4 * 1024 * 1024)),
    statuses: [413],
    error: 'PAYLOAD_TOO_LARGE',
    message: 'over 65536 bytes',
  });
  const chunked = (chunks: string[]) =>
    `${chunks.map((c) => `${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`).join('')}0\r\n\r\n`;
  out.push({
    route,
    name: 'a chunked body over the limit (70 x 1 KiB chunks)',
    raw: request(
      'POST',
      '/v1/battles',
      { ...json, 'transfer-encoding': 'chunked' },
      chunked(Array.from({ length: 70 }, () => 'x'.repeat(1024))),
    ),
    statuses: [413],
    error: 'PAYLOAD_TOO_LARGE',
    message: 'over 65536 bytes',
  });
  invalid(
    route,
    'a chunked body of broken JSON',
    request(
      'POST',
      '/v1/battles',
      { ...json, 'transfer-encoding': 'chunked' },
      chunked(['{"seed":', ' 1,', '}']),
    ),
    /body|JSON|Unexpected/i,
  );
  const bad = (name: string, raw: Buffer) =>
    out.push({
      route: 'malformed HTTP',
      name,
      raw,
      statuses: [400],
      error: 'BAD_REQUEST',
      message: 'malformed HTTP request',
    });
  bad(
    'a chunk size that is not hex',
    request(
      'POST',
      '/v1/battles',
      { ...json, 'transfer-encoding': 'chunked' },
      'zz\r\n{}\r\n0\r\n\r\n',
    ),
  );
  bad(
    'Content-Length -1',
    request('POST', '/v1/battles', { ...json, 'content-length': '-1' }, '{}'),
  );
  bad(
    'Content-Length abc',
    request('POST', '/v1/battles', { ...json, 'content-length': 'abc' }, '{}'),
  );
  bad(
    'Content-Length and Transfer-Encoding both',
    request(
      'POST',
      '/v1/battles',
      { ...json, 'content-length': '2', 'transfer-encoding': 'chunked' },
      '2\r\n{}\r\n0\r\n\r\n',
    ),
  );
  bad(
    'two Content-Lengths that differ',
    Buffer.from(
      'POST /v1/battles HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\ncontent-length: 3\r\nconnection: close\r\n\r\n{}',
    ),
  );
  bad('a request line of garbage', Buffer.from('GARBAGE\r\n\r\n'));
  bad('HTTP/9.9', Buffer.from('GET /healthz HTTP/9.9\r\nhost: x\r\n\r\n'));
  bad('a method with @', Buffer.from('G@T /healthz HTTP/1.1\r\nhost: x\r\n\r\n'));
  bad(
    'a header without a colon',
    Buffer.from('GET /healthz HTTP/1.1\r\nhost: x\r\nnocolon\r\n\r\n'),
  );
  bad(
    'a space in a header name',
    Buffer.from('GET /healthz HTTP/1.1\r\nhost: x\r\nbad name: 1\r\n\r\n'),
  );
  bad(
    'NUL in a header value',
    Buffer.from('GET /healthz HTTP/1.1\r\nhost: x\r\nx-a: a\u0000b\r\n\r\n', 'latin1'),
  );
  bad(
    'a bare CR in a header value',
    Buffer.from('GET /healthz HTTP/1.1\r\nhost: x\r\nx-a: a\rb\r\n\r\n', 'latin1'),
  );
  bad(
    'an LF-only line with an obs-fold',
    Buffer.from('GET /healthz HTTP/1.1\r\nhost: x\r\nx-a: a\r\n b\r\n\r\n'),
  );
  bad('a space before the colon', Buffer.from('GET /healthz HTTP/1.1\r\nhost : x\r\n\r\n'));
  out.push({
    route: 'malformed HTTP',
    name: 'a 64 KiB header',
    raw: request('GET', '/healthz', { 'x-big': 'b'.repeat(64 * 1024) }),
    statuses: [431],
    error: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    message: 'size limit',
  });
  out.push({
    route: 'malformed HTTP',
    name: '2,000 headers',
    raw: Buffer.from(
      `GET /healthz HTTP/1.1\r\nhost: x\r\n${Array.from({ length: 2000 }, (_, k) => `x-h${k}: ${'v'.repeat(8)}\r\n`).join('')}\r\n`,
    ),
    statuses: [431],
    error: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    message: 'size limit',
  });
  return out;
}

/** The /metrics servers of the gRPC services (the kit's: GET /metrics[?name=] and /healthz, else 404). */
export function metricsCases(service: string): HttpCase[] {
  const out: HttpCase[] = [];
  const route = `${service} /metrics port`;
  const nf = (name: string, raw: Buffer) =>
    out.push({ route, name, raw, statuses: [404], message: 'not found' });
  nf('POST /metrics', request('POST', '/metrics', json, '{}'));
  nf('PUT /healthz', request('PUT', '/healthz', {}, 'x'));
  // A query selects families by name=; any other parameter is refused, saying so.
  out.push({
    route,
    name: 'GET /metrics?name[]=x',
    raw: request('GET', '/metrics?name[]=x'),
    statuses: [400],
    message: 'takes name=',
  });
  nf('GET /', request('GET', '/'));
  nf('GET /../../etc/passwd', request('GET', '/../../etc/passwd'));
  nf('GET /metrics%00', request('GET', '/metrics%00'));
  for (const { name, value } of nasty) {
    if (Buffer.isBuffer(value) || value.length > 100) continue;
    nf(`GET /${name}`, request('GET', `/${enc(value)}`));
  }
  const rej = (name: string, raw: Buffer, statuses: number[]) =>
    out.push({ route, name, raw, statuses, message: '' });
  rej('a request line of garbage', Buffer.from('GARBAGE\r\n\r\n'), [400]);
  rej(
    'NUL in a header value',
    Buffer.from('GET /metrics HTTP/1.1\r\nhost: x\r\nx-a: a\u0000b\r\n\r\n', 'latin1'),
    [400],
  );
  rej('a 64 KiB header', request('GET', '/metrics', { 'x-big': 'b'.repeat(64 * 1024) }), [431]);
  rej(
    'a chunk size that is not hex',
    request('POST', '/metrics', { 'transfer-encoding': 'chunked' }, 'zz\r\n{}\r\n0\r\n\r\n'),
    [400, 404],
  );
  rej('a 1 MiB body', request('POST', '/metrics', json, 'x'.repeat(1024 * 1024)), [404]);
  return out;
}

/** Sends one raw request and reads the whole answer (the connection is closed after it). */
export function send(
  port: number,
  raw: Buffer,
  timeoutMs = 10_000,
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const all = Buffer.concat(chunks).toString('utf8');
      const end = all.indexOf('\r\n\r\n');
      const head = end < 0 ? all : all.slice(0, end);
      let body = end < 0 ? '' : all.slice(end + 4);
      if (/transfer-encoding: chunked/i.test(head))
        body = body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n/gi, '');
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body,
      });
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('end', done);
    socket.on('error', done);
    socket.on('close', done);
    // Write; a server that answers before reading all of it may close while we write.
    socket.write(raw, () => {});
  });
}

export function judgeHttp(
  c: HttpCase,
  res: { status: number; headers: string; body: string },
): Outcome {
  const out: Outcome = {
    method: c.route,
    name: c.name,
    code: res.status,
    details: res.body.slice(0, 300),
    clean: false,
  };
  const text = (m: string | RegExp, s: string) =>
    typeof m === 'string' ? s.toLowerCase().includes(m.toLowerCase()) : m.test(s);
  if (!(res.status >= 400 && res.status < 500)) out.problem = `status ${res.status || 'none'}`;
  else if (!c.statuses.includes(res.status))
    out.problem = `status ${res.status}, expected ${c.statuses.join('|')}`;
  else if (c.error !== undefined) {
    let body: { error?: unknown; message?: unknown } | undefined;
    try {
      body = JSON.parse(res.body) as typeof body;
    } catch {
      body = undefined;
    }
    const codes = Array.isArray(c.error) ? c.error : [c.error];
    if (!body || typeof body.message !== 'string' || !codes.includes(String(body.error)))
      out.problem = `not the documented body {"error": ${codes.join('|')}, "message"}`;
    else if (!/content-type: application\/json/i.test(res.headers))
      out.problem = 'not application/json';
    else if (!text(c.message, body.message))
      out.problem = `message does not name the problem (${String(c.message)})`;
    else out.clean = true;
  } else if (!text(c.message, res.body))
    out.problem = `body does not name the problem (${String(c.message)})`;
  else out.clean = true;
  return out;
}

/** The gRPC health check of each service: an unknown service name, and bytes that do not decode. */
export function healthCases(
  service: string,
): { name: string; bytes: Buffer; expect: { codes: number[]; message: string | RegExp } }[] {
  const out: {
    name: string;
    bytes: Buffer;
    expect: { codes: number[]; message: string | RegExp };
  }[] = [];
  for (const { name, value } of nasty) {
    out.push({
      name: `${service}: service = ${name}`,
      bytes: encode([s(1, value)]),
      expect: Buffer.isBuffer(value)
        ? { codes: [INVALID], message: /malformed.*UTF-8/is }
        : { codes: [NOT_FOUND], message: 'unknown service' },
    });
  }
  for (const c of malformed(encode([s(1, 'x')]))) {
    if (c.empty) continue; // an empty request asks about the whole server: a valid check
    out.push({
      name: `${service}: ${c.name}`,
      bytes: c.bytes,
      expect: { codes: [INVALID], message: 'malformed request' },
    });
  }
  return out;
}
