// The image verification's own checks, on synthetic root filesystems (no image
// build): a wrong-architecture binary and a missing asset or package are caught,
// named; and the images' HEALTHCHECK program against real servers on port 0.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GrpcServer } from '@slg/service-kit';
import { makeTestCerts, opensslMissing } from '@slg/test-kit/certs';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import t from 'tap';
import {
  bareImports,
  checkArchitecture,
  checkAssets,
  elfMachine,
  resolveInRoot,
  siblingFiles,
} from '../images/checks.ts';
import { bundleHealthcheck } from '../images/healthcheck-bundle.ts';
import { PLATFORMS } from '../images/lib.ts';
import { SERVICES } from '../images/services.ts';
import { goldenBattles } from '../images/verify-checks.ts';

type TestT = Parameters<Parameters<typeof t.test>[0]>[0];

const healthcheck = fileURLToPath(new URL('../images/healthcheck.ts', import.meta.url));
const dbProxy = SERVICES.find((s) => s.name === 'db-proxy')!;

function elf(machine: number): Buffer {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(0x7f454c46, 0);
  b.writeUInt16LE(machine, 18);
  return b;
}

/** A root filesystem of one architecture, merged /usr as Debian's (/bin -> usr/bin). */
function rootfs(t: TestT, machine: number): string {
  const root = mkdtempSync(join(tmpdir(), 'slg-images-test-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const put = (path: string, data: Buffer | string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), data);
  };
  put('usr/bin/dash', elf(machine));
  symlinkSync('dash', join(root, 'usr/bin/sh'));
  symlinkSync('usr/bin', join(root, 'bin'));
  put('usr/bin/dpkg', elf(machine));
  put('usr/bin/tini', elf(machine));
  put('usr/local/bin/node', elf(machine));
  // An absolute link, as images have them: it must resolve inside the root, not on this machine.
  symlinkSync('/usr/local/bin/node', join(root, 'usr/bin/nodejs'));
  return root;
}

const BUNDLE = `import { createRequire } from "node:module";
import pino from "pino";
import { Client } from "@grpc/grpc-js";
import * as fs from "fs";
const descriptor = createRequire(import.meta.url)("protobufjs/ext/descriptor/index.js");
const ffi = createRequire(import.meta.url)("koffi");
const worker = new URL(import.meta.url.endsWith(".ts") ? "./worker.ts" : "./worker.mjs", import.meta.url);
`;

function app(root: string, files: Record<string, string>): void {
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), data);
  }
}

const complete = {
  'app/db-proxy/dist/main.mjs': BUNDLE,
  'app/db-proxy/dist/worker.mjs': 'export default 1;\n',
  'app/db-proxy/schema/game.json': '{}',
  'app/db-proxy/config/queries.json': '{}',
  'app/healthcheck.mjs': '',
  'app/node_modules/pino/package.json': '{}',
  'app/node_modules/@grpc/grpc-js/package.json': '{}',
  'app/node_modules/protobufjs/package.json': '{}',
  'app/node_modules/protobufjs/ext/descriptor/index.js': '',
  // A package whose native code comes in per-platform optional dependencies, as koffi's does.
  'app/node_modules/koffi/package.json': JSON.stringify({
    optionalDependencies: {
      '@koromix/koffi-linux-arm64': '3.3.4',
      '@koromix/koffi-linux-x64': '3.3.4',
      '@koromix/koffi-darwin-arm64': '3.3.4',
    },
  }),
  'app/node_modules/@koromix/koffi-linux-arm64/package.json': '{}',
};
const HEALTH = ['CMD', '/usr/local/bin/node', '/app/healthcheck.mjs', 'http', 'P', '1', '/readyz'];

t.test('what a bundle imports and loads beside itself', async (t) => {
  t.same(bareImports(BUNDLE), [
    '@grpc/grpc-js',
    'koffi',
    'pino',
    'protobufjs/ext/descriptor/index.js',
  ]);
  t.same(siblingFiles(BUNDLE), ['worker.mjs']);
});

t.test('symbolic links resolve inside the image', async (t) => {
  const root = rootfs(t, 183);
  t.equal(resolveInRoot(root, '/bin/sh'), join(root, 'usr/bin/dash'));
  t.equal(resolveInRoot(root, '/usr/bin/nodejs'), join(root, 'usr/local/bin/node'));
  t.equal(elfMachine(resolveInRoot(root, '/bin/sh')), 183);
  t.equal(elfMachine(join(root, 'nothing')), 'missing');
});

t.test('the architecture check', async (t) => {
  const arm = rootfs(t, 183);
  t.doesNotThrow(() => checkArchitecture(arm, PLATFORMS.arm64, 'db-proxy (linux/arm64)'));
  // An amd64 base under arm64 binaries: what a wrong BASE build argument makes.
  const wrongBase = rootfs(t, 183);
  writeFileSync(join(wrongBase, 'usr/bin/dash'), elf(62));
  writeFileSync(join(wrongBase, 'usr/bin/dpkg'), elf(62));
  t.throws(() => checkArchitecture(wrongBase, PLATFORMS.arm64, 'db-proxy (linux/arm64)'), {
    message:
      'db-proxy (linux/arm64): wrong base or binaries for linux/arm64: /bin/sh is x86-64 (amd64); /usr/bin/dpkg is x86-64 (amd64) (expected aarch64 (arm64))',
  });
  t.throws(
    () => checkArchitecture(arm, PLATFORMS.amd64, 'x'),
    /\/usr\/local\/bin\/node is aarch64/,
  );
  rmSync(join(arm, 'usr/bin/tini'));
  t.throws(() => checkArchitecture(arm, PLATFORMS.arm64, 'x'), /\/usr\/bin\/tini is missing/);
});

t.test('the asset check', async (t) => {
  const root = rootfs(t, 183);
  app(root, complete);
  const entry = '/app/db-proxy/dist/main.mjs';
  const checked = checkAssets(
    root,
    PLATFORMS.arm64,
    dbProxy,
    entry,
    HEALTH,
    'db-proxy (linux/arm64)',
  );
  t.ok(checked.includes('/app/db-proxy/schema/game.json'));
  t.ok(checked.includes('/app/db-proxy/dist/worker.mjs'));
  t.ok(checked.includes('pino (from /app/db-proxy/dist/main.mjs)'));
  t.ok(checked.includes('@koromix/koffi-linux-arm64 (for koffi)'));
  // The amd64 image needs the amd64 binary, which this root does not have.
  t.throws(
    () => checkAssets(root, PLATFORMS.amd64, dbProxy, entry, HEALTH, 'db-proxy (linux/amd64)'),
    {
      message:
        'db-proxy (linux/amd64): missing from the image: the package @koromix/koffi-linux-x64 (the native code of koffi for linux/amd64)',
    },
  );

  rmSync(join(root, 'app/db-proxy/schema/game.json'));
  rmSync(join(root, 'app/node_modules/pino'), { recursive: true });
  rmSync(join(root, 'app/node_modules/protobufjs/ext/descriptor/index.js'));
  rmSync(join(root, 'app/db-proxy/dist/worker.mjs'));
  rmSync(join(root, 'app/node_modules/@koromix'), { recursive: true });
  t.throws(
    () => checkAssets(root, PLATFORMS.arm64, dbProxy, entry, HEALTH, 'db-proxy (linux/arm64)'),
    {
      message:
        'db-proxy (linux/arm64): missing from the image: the file the bundle loads /app/db-proxy/dist/worker.mjs; the asset /app/db-proxy/schema/game.json; the package @koromix/koffi-linux-arm64 (the native code of koffi for linux/arm64); the package pino (imported by /app/db-proxy/dist/main.mjs); the file protobufjs/ext/descriptor/index.js (imported by /app/db-proxy/dist/main.mjs)',
    },
  );
  rmSync(join(root, 'app/db-proxy/dist/main.mjs'));
  t.throws(
    () => checkAssets(root, PLATFORMS.arm64, dbProxy, entry, HEALTH, 'x'),
    /the entry bundle \/app\/db-proxy\/dist\/main\.mjs/,
  );
});

t.test('the golden battles are read from the golden test', async (t) => {
  const golden = goldenBattles();
  t.equal(golden.filter((g) => g.kind === 'sample').length, 10);
  t.equal(golden.filter((g) => g.kind === 'random').length, 10);
  t.ok(golden.every((g) => /^[0-9a-f]{64}$/.test(g.hash)));
  t.same(golden.find((g) => g.kind === 'sample' && g.seed === 42)?.winner, 'attacker');
});

function runHealthcheck(args: string[], env: Record<string, string> = {}, file = healthcheck) {
  const child = spawn(process.execPath, [file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return once(child, 'close').then(([code]) => ({ code: code as number, stderr }));
}

t.test('the HEALTHCHECK program: gRPC (the bundle the images carry)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-healthcheck-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const bundle = join(dir, 'healthcheck.mjs');
  await bundleHealthcheck(bundle);
  const runBundle = (args: string[]) => runHealthcheck(args, {}, bundle);
  const server0 = new GrpcServer({ logger: pino({ level: 'silent' }), registry: new Registry() });
  const port0 = await server0.listen('127.0.0.1', 0);
  t.teardown(() => server0.shutdown(1000));
  const ok0 = await runBundle(['grpc', 'TEST_PORT', String(port0)]);
  t.equal(ok0.code, 0, ok0.stderr);
});

t.test('the HEALTHCHECK program: gRPC', async (t) => {
  const server = new GrpcServer({ logger: pino({ level: 'silent' }), registry: new Registry() });
  const port = await server.listen('127.0.0.1', 0);
  t.teardown(() => server.shutdown(1000));
  const ok = await runHealthcheck(['grpc', 'TEST_PORT', '1'], { TEST_PORT: String(port) });
  t.equal(ok.code, 0, ok.stderr);
  server.health.set('', 'NOT_SERVING');
  const down = await runHealthcheck(['grpc', 'TEST_PORT', String(port)]);
  t.equal(down.code, 1);
  t.match(down.stderr, `unhealthy: :${port} is NOT_SERVING`);
  const bad = await runHealthcheck(['grpc', 'TEST_PORT', '1'], { TEST_PORT: 'x' });
  t.equal(bad.code, 1);
  t.match(bad.stderr, 'unhealthy: TEST_PORT=x is not a port');
});

t.test('the HEALTHCHECK program: HTTP', async (t) => {
  let ready = false;
  const server = createServer((req, res) => {
    res.statusCode = req.url === '/readyz' && ready ? 200 : 503;
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => server.close());
  const port = String((server.address() as { port: number }).port);
  const notReady = await runHealthcheck(['http', 'TEST_PORT', port, '/readyz']);
  t.equal(notReady.code, 1);
  t.match(notReady.stderr, `GET :${port}/readyz answered 503`);
  ready = true;
  t.equal((await runHealthcheck(['http', 'TEST_PORT', port, '/readyz'])).code, 0);
  if (!opensslMissing()) {
    // The console calls a TLS stack with SLG_TLS_* and serves plain HTTP: `http` would speak
    // TLS to it, `http-plain` does not.
    const certs = makeTestCerts();
    t.teardown(() => certs.remove());
    const tls = {
      SLG_TLS_CERT: certs.client.cert,
      SLG_TLS_KEY: certs.client.key,
      SLG_TLS_CA: certs.ca,
    };
    t.equal(
      (await runHealthcheck(['http', 'TEST_PORT', port, '/readyz'], tls)).code,
      1,
      'http: TLS',
    );
    const plain = await runHealthcheck(['http-plain', 'TEST_PORT', port, '/readyz'], tls);
    t.equal(plain.code, 0, `http-plain: plain HTTP whatever SLG_TLS_* say ${plain.stderr}`);
  }
  server.close();
  await once(server, 'close');
  const closed = await runHealthcheck(['http', 'TEST_PORT', port, '/readyz']);
  t.equal(closed.code, 1);
  t.match(closed.stderr, /ECONNREFUSED/);
});
