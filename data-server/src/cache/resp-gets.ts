// The hit path's own Redis connection: the coalesced GETs of one event-loop turn written as one
// RESP MGET (a single socket write of one string) and the reply's values sliced out of the
// bytes read, without ioredis's per-command machinery (a Command object, its argument
// flattening, a promise and a timer per command, the parser's generic reply objects). Only
// MGET travels here; everything else (the Lua scripts, invalidations, the probe) stays on
// ioredis (redis.ts).
//
// Ordering: a command whose reply has arrived has run in Redis, and a command written later on
// any connection runs after it. A read that starts after a write's acknowledgement (its fill or
// invalidation answered on ioredis's connection) therefore sees it, as on one connection.
//
// Failures: one timer for the connection (not one per command) fails every waiting MGET once
// the oldest has waited `timeoutMs`; a timeout, an error reply or a lost connection fails them
// all (the cache then goes down, redis.ts), the socket is dropped and a new one is dialled
// after `min(50 ms x tries, 200 ms)`. While it is not ready, redis.ts uses ioredis for the
// GETs. A late reply on a dropped socket is never read.
import { connect, type Socket } from 'node:net';

export type GetsReply = (err: Error | null, values?: (Buffer | null)[]) => void;

interface Waiting {
  readonly sentAt: number;
  /** Keys asked for (the reply's array length), or -1 for a setup command (+OK expected). */
  readonly n: number;
  readonly reply: GetsReply;
}

/** What a redis:// URL gives this connection; undefined for anything else (TLS, a socket path). */
export interface RespTarget {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username: string;
  readonly password: string;
}

export function respTarget(url: string): RespTarget | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'redis:' || u.hostname === '') return undefined;
  const path = u.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!Number.isInteger(db) || db < 0) return undefined;
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port === '' ? 6379 : Number(u.port),
    db,
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

function command(args: readonly string[]): string {
  let s = `*${args.length}\r\n`;
  for (const a of args) s += `$${Buffer.byteLength(a)}\r\n${a}\r\n`;
  return s;
}

const CR = 13;

export interface RespGetsOptions {
  /** An MGET without an answer by then fails (with every other waiting one). */
  readonly timeoutMs: number;
  /** CLIENT SETNAME: how the connection shows in CLIENT LIST. */
  readonly name?: string;
  /** Told when waiting commands fail (a timeout, an error reply, a lost connection). */
  readonly onFailure: (reason: string) => void;
}

export class RespGets {
  readonly #target: RespTarget;
  readonly #timeoutMs: number;
  readonly #name: string | undefined;
  readonly #onFailure: (reason: string) => void;
  #socket: Socket | undefined;
  #ready = false;
  #closed = false;
  #tries = 0;
  #retry: NodeJS.Timeout | undefined;
  #ticker: NodeJS.Timeout | undefined;
  /** Commands written and not answered yet, oldest first (from `#head`). */
  #waiting: Waiting[] = [];
  #head = 0;
  /** Bytes read and not parsed yet. */
  #buf: Buffer | undefined;

  constructor(target: RespTarget, opts: RespGetsOptions) {
    this.#target = target;
    this.#timeoutMs = opts.timeoutMs;
    this.#name = opts.name;
    this.#onFailure = opts.onFailure;
    this.#dial();
  }

  /** Connected, and the setup (AUTH, SELECT) answered: `mget` may be called. */
  get ready(): boolean {
    return this.#ready;
  }

  /** One MGET of `keys` (at least one), written now. */
  mget(keys: readonly string[], reply: GetsReply): void {
    let s = `*${keys.length + 1}\r\n$4\r\nMGET\r\n`;
    for (const k of keys) s += `$${Buffer.byteLength(k)}\r\n${k}\r\n`;
    this.#send(s, keys.length, reply);
  }

  close(): void {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#drop(new Error('connection closed'), false);
  }

  #send(s: string, n: number, reply: GetsReply): void {
    const socket = this.#socket;
    if (!socket) {
      reply(new Error('Redis hit-path connection not ready'));
      return;
    }
    this.#waiting.push({ sentAt: performance.now(), n, reply });
    socket.write(s);
  }

  #dial(): void {
    if (this.#closed) return;
    const t = this.#target;
    const socket = connect({ host: t.host, port: t.port, noDelay: true });
    this.#socket = socket;
    socket.setTimeout(Math.max(this.#timeoutMs * 2, 1000), () =>
      // A connect that does not complete (once connected, the ticker watches the replies).
      {
        if (!this.#ready) this.#drop(new Error('connect timeout'), true);
      },
    );
    socket.on('data', (chunk: Buffer) => {
      if (this.#socket === socket) this.#read(chunk);
    });
    socket.on('error', (err) => {
      if (this.#socket === socket) this.#drop(err, true);
    });
    socket.on('close', () => {
      if (this.#socket === socket) this.#drop(new Error('connection closed'), true);
    });
    socket.on('connect', () => {
      if (this.#socket !== socket) return;
      socket.setTimeout(0);
      const setup: string[][] = [];
      if (t.password !== '')
        setup.push(t.username !== '' ? ['AUTH', t.username, t.password] : ['AUTH', t.password]);
      if (t.db !== 0) setup.push(['SELECT', String(t.db)]);
      if (this.#name) setup.push(['CLIENT', 'SETNAME', this.#name]);
      let left = setup.length;
      const answered: GetsReply = (err) => {
        if (err) return; // #drop already ran
        if (--left === 0) this.#up();
      };
      for (const c of setup) this.#send(command(c), -1, answered);
      this.#startTicker();
      if (setup.length === 0) this.#up();
    });
  }

  #up(): void {
    this.#ready = true;
    this.#tries = 0;
  }

  #startTicker(): void {
    if (this.#ticker) return;
    const every = Math.max(10, Math.floor(this.#timeoutMs / 4));
    this.#ticker = setInterval(() => {
      const oldest = this.#waiting[this.#head];
      if (oldest && performance.now() - oldest.sentAt > this.#timeoutMs)
        this.#drop(new Error(`Redis MGET timed out after ${this.#timeoutMs} ms`), true);
    }, every);
    this.#ticker.unref();
  }

  /** Fails every waiting command, drops the socket and (unless closing) dials again. */
  #drop(err: Error, reconnect: boolean): void {
    const socket = this.#socket;
    this.#socket = undefined;
    this.#ready = false;
    this.#buf = undefined;
    if (this.#ticker) {
      clearInterval(this.#ticker);
      this.#ticker = undefined;
    }
    const waiting = this.#waiting;
    const head = this.#head;
    this.#waiting = [];
    this.#head = 0;
    socket?.destroy();
    if (waiting.length > head) this.#onFailure(err.message);
    for (let i = head; i < waiting.length; i++) waiting[i]!.reply(err);
    if (reconnect && !this.#closed && !this.#retry) {
      this.#tries++;
      this.#retry = setTimeout(
        () => {
          this.#retry = undefined;
          this.#dial();
        },
        Math.min(50 * this.#tries, 200),
      );
      this.#retry.unref();
    }
  }

  #read(chunk: Buffer): void {
    let buf = this.#buf ? Buffer.concat([this.#buf, chunk]) : chunk;
    let at = 0;
    while (this.#head < this.#waiting.length) {
      const w = this.#waiting[this.#head]!;
      const r = parseReply(buf, at, w.n);
      if (r === undefined) break; // incomplete: wait for more bytes
      at = r.end;
      this.#waiting[this.#head] = undefined as unknown as Waiting;
      this.#head++;
      if (this.#head === this.#waiting.length) {
        this.#waiting = [];
        this.#head = 0;
      } else if (this.#head > 1024) {
        this.#waiting = this.#waiting.slice(this.#head);
        this.#head = 0;
      }
      if (r.error !== undefined) {
        const err = new Error(r.error);
        w.reply(err);
        this.#drop(err, true);
        return;
      }
      w.reply(null, r.values);
    }
    if (at < buf.length) {
      if (this.#head >= this.#waiting.length) {
        this.#drop(new Error('Redis sent a reply nobody asked for'), true);
        return;
      }
      buf = buf.subarray(at);
      this.#buf = buf;
    } else this.#buf = undefined;
  }
}

interface Parsed {
  readonly end: number;
  readonly values?: (Buffer | null)[];
  readonly error?: string;
}

/** The index of the CR ending the line that starts at `at`, or -1. */
function lineEnd(buf: Buffer, at: number): number {
  const i = buf.indexOf(CR, at);
  return i === -1 || i + 1 >= buf.length ? -1 : i;
}

function int(buf: Buffer, from: number, to: number): number {
  let neg = false;
  let n = 0;
  let i = from;
  if (buf[i] === 45 /* - */) {
    neg = true;
    i++;
  }
  for (; i < to; i++) n = n * 10 + (buf[i]! - 48);
  return neg ? -n : n;
}

/**
 * One reply from `at`: an array of `n` bulk strings (MGET), `+...` for a setup command (n < 0),
 * or an error reply. Undefined when the bytes end before it does.
 */
function parseReply(buf: Buffer, at: number, n: number): Parsed | undefined {
  if (at >= buf.length) return undefined;
  const type = buf[at];
  const e = lineEnd(buf, at);
  if (e === -1) return undefined;
  if (type === 45 /* - */) return { end: e + 2, error: buf.toString('utf8', at + 1, e) };
  if (n < 0) {
    if (type === 43 /* + */) return { end: e + 2 };
    return {
      end: e + 2,
      error: `unexpected reply to a setup command: ${buf.toString('utf8', at, e)}`,
    };
  }
  if (type !== 42 /* * */)
    return { end: e + 2, error: `unexpected reply to MGET: ${String.fromCharCode(type!)}` };
  const count = int(buf, at + 1, e);
  if (count !== n) return { end: e + 2, error: `MGET answered ${count} values for ${n} keys` };
  const values: (Buffer | null)[] = new Array(count);
  let p = e + 2;
  for (let i = 0; i < count; i++) {
    if (p >= buf.length) return undefined;
    const le = lineEnd(buf, p);
    if (le === -1) return undefined;
    if (buf[p] !== 36 /* $ */)
      return { end: le + 2, error: 'MGET: a value that is not a bulk string' };
    const len = int(buf, p + 1, le);
    if (len < 0) {
      values[i] = null;
      p = le + 2;
      continue;
    }
    const start = le + 2;
    if (start + len + 2 > buf.length) return undefined;
    values[i] = buf.subarray(start, start + len);
    p = start + len + 2;
  }
  return { end: p, values };
}
