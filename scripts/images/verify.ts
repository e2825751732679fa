// npm run images:verify — Dockerfile.multiarch proven without a Docker engine:
//  1. tools (buildah, skopeo, umoci, debootstrap, qemu-user-static; apt-get when missing)
//     and qemu-aarch64 in binfmt_misc;
//  2. local bases: debootstrap'd slim Debian per architecture, + Node and npm for the
//     build stage (cached outside the repo: a second run reuses them);
//  3. every service built for linux/amd64 and linux/arm64 (buildah bud, vfs, chroot);
//     one OCI archive per service with both platforms; each image's platform, size, digest;
//  4. the arm64 images unpacked and checked (architecture of their binaries, every file
//     the bundle needs), then run as their entrypoint runs, under qemu-user-static:
//     db-proxy on MariaDB (a database of its own), data-server on Redis (a key prefix
//     of its own) through that db-proxy, battle-server; each healthy by its own
//     HEALTHCHECK; reflection answers; a CreateV2/FetchV2/InspectV2 round trip returns
//     exact values; the golden battles give the pinned hashes, byte-identical to the
//     amd64 image's answers; SIGTERM stops each cleanly (exit 0 through tini).
// Any failure stops it with a message saying which step, which image and why.
//
// Options: --out DIR (the OCI archives; default <cache>/archives), --keep (leave the
// unpacked images), --inject wrong-base|missing-asset|no-start (make that fault, to see
// the verification catch it). Needs root. Cache: $SLG_IMAGES_CACHE, else
// $XDG_CACHE_HOME/slg-images, else /var/cache/slg-images.

import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@slg/test-kit/ports';
import { buildBase, buildPlatform, chooseStorageDriver, debianBase } from './bases.ts';
import {
  type Archive,
  buildImage,
  imageConfig,
  imageName,
  labelArgs,
  writeArchive,
} from './build-images.ts';
import { checkArchitecture, checkAssets } from './checks.ts';
import {
  cacheDir,
  megabytes,
  PLATFORMS,
  type Platform,
  repoRoot,
  StepError,
  seconds,
  timed,
} from './lib.ts';
import { Container, Mounts, releaseStale, type Unpacked, unpack } from './run-image.ts';
import { presentServices, type ServiceImage } from './services.ts';
import { ensureImageTools } from './tools.ts';
import {
  type Backends,
  checkBattles,
  checkReflection,
  checkRoundTrip,
  cleanBackends,
} from './verify-checks.ts';

const { values: opts } = parseArgs({
  options: {
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
    inject: { type: 'string' },
  },
});
const inject = opts.inject;
if (inject && !['wrong-base', 'missing-asset', 'no-start'].includes(inject)) {
  throw new StepError(`--inject ${inject}: one of wrong-base, missing-asset, no-start`);
}
if (process.getuid?.() !== 0) {
  throw new StepError('images:verify runs as root (debootstrap, chroot, mount, buildah)');
}

const started = performance.now();
const ARCHS: Platform[] = [PLATFORMS.amd64, PLATFORMS.arm64];
const services = presentServices();
const missingMap = !services.some((s) => s.name === 'map-server');
const work = join(cacheDir(), 'run');
const outDir = opts.out ?? join(cacheDir(), 'archives');

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const containers: Container[] = [];
const mounts = new Mounts();
let backends: Backends | undefined;

async function cleanup(): Promise<void> {
  for (const c of containers) if (c.running) await c.stop(10_000);
  await mounts.release();
  if (backends) await cleanBackends(backends).catch(() => undefined);
  await releaseStale(work);
  if (!opts.keep) rmSync(work, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\nimages:verify: ${signal}, stopping what it started\n`);
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  await timed('tools', ensureImageTools);
  process.stdout.write(`   buildah storage: ${await chooseStorageDriver()}\n`);

  // ---- 2. bases
  const bases = await timed('base images', async () => {
    const r: Record<string, string> = {};
    for (const p of ARCHS) r[p.arch] = await debianBase(p);
    const build = buildPlatform();
    return { bases: r, buildBase: await buildBase(r[build.arch]!) };
  });
  if (inject === 'wrong-base') {
    // The arm64 images built FROM the amd64 base: the build must refuse.
    bases.bases.arm64 = bases.bases.amd64!;
  }
  process.stdout.write(
    `   bases: ${Object.entries(bases.bases)
      .map(([a, n]) => `${a} ${n}`)
      .join(', ')}; build stage: ${bases.buildBase}\n`,
  );

  // ---- 3. images and archives
  const inputs = {
    build: buildPlatform(),
    buildBase: bases.buildBase,
    bases: bases.bases,
    dockerfile: join(repoRoot, 'Dockerfile.multiarch'),
    context: repoRoot,
  };
  for (const p of inject === 'wrong-base' ? [PLATFORMS.arm64] : ARCHS) {
    for (const s of services) await buildImage(s, p, inputs);
  }
  for (const p of ARCHS) {
    for (const s of services) {
      const c = await imageConfig(imageName(s, p));
      const problems: string[] = [];
      if (c.architecture !== p.arch || c.os !== 'linux') {
        problems.push(`labelled ${c.os}/${c.architecture}`);
      }
      if (!c.config.Healthcheck?.Test?.length) problems.push('no HEALTHCHECK');
      if (!c.config.User || /^(0|root)(:|$)/.test(c.config.User)) problems.push('runs as root');
      if (!c.config.Entrypoint?.[0]?.endsWith('/tini')) problems.push('no tini entrypoint');
      const revision = labelArgs(s)
        .find((a) => a.startsWith('REVISION='))!
        .slice(9);
      const labelled = c.config.Labels?.['org.opencontainers.image.revision'];
      if (labelled !== revision) problems.push(`revision label ${labelled}, not ${revision}`);
      for (const l of ['source', 'revision', 'version', 'created']) {
        if (!c.config.Labels?.[`org.opencontainers.image.${l}`]) problems.push(`no ${l} label`);
      }
      if (problems.length) {
        throw new StepError(`${s.name} (${p.platform}): ${problems.join(', ')}`);
      }
    }
  }
  const archives = new Map<string, Archive>();
  for (const s of services) archives.set(s.name, await writeArchive(s, ARCHS, outDir));

  process.stdout.write('\nimage                 platform       compressed    unpacked  digest\n');
  for (const [name, a] of archives) {
    for (const i of a.images) {
      process.stdout.write(
        `${name.padEnd(21)} ${i.platform.padEnd(13)} ${megabytes(i.compressed).padStart(11)} ${megabytes(i.unpacked).padStart(11)}  ${i.digest}\n`,
      );
    }
    process.stdout.write(`${''.padEnd(21)} index ${a.indexDigest}  ${a.file}\n`);
  }
  if (missingMap) {
    process.stdout.write('   (no map-server image: map-server/src/main.ts does not exist yet)\n');
  }

  // ---- 4. unpack, check, run
  const arm = PLATFORMS.arm64;
  const amd = PLATFORMS.amd64;
  const byName = (n: string) => services.find((s) => s.name === n)!;
  const unpacked = new Map<string, Unpacked>();
  const toRun: [ServiceImage, Platform][] = [
    ...services.map((s): [ServiceImage, Platform] => [s, arm]),
    [byName('battle-server'), amd],
  ];
  await timed('unpack and check the images', async () => {
    for (const [s, p] of toRun) {
      const u = await unpack(archives.get(s.name)!.file, p, s.name, work);
      unpacked.set(`${s.name}/${p.arch}`, u);
      if (inject === 'missing-asset' && s.name === 'db-proxy') {
        rmSync(join(u.rootfs, 'app/db-proxy/schema/game.json'));
      }
      checkArchitecture(u.rootfs, p, u.label);
      const config = await imageConfig(imageName(s, p));
      const entry = u.spec.process.args.find((a) => a.endsWith('.mjs'));
      if (!entry) throw new StepError(`${u.label}: its entrypoint runs no bundle`);
      const checked = checkAssets(u.rootfs, p, s, entry, config.config.Healthcheck!.Test!, u.label);
      process.stdout.write(
        `   ${u.label}: binaries ${p.arch}, ${checked.length} files and packages present\n`,
      );
    }
  });

  const useMysql = await reachable(3306);
  const useRedis = await reachable(6379);
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  backends = {
    database: useMysql ? `slg_imgverify_${tag}` : undefined,
    redisPrefix: useRedis ? `imgverify-${tag}:` : undefined,
  };
  process.stdout.write(
    `   backends: ${useMysql ? `MariaDB 127.0.0.1:3306, database ${backends.database}` : 'embedded SQLite (no MySQL on 127.0.0.1:3306)'}; ${useRedis ? `Redis 127.0.0.1:6379, prefix ${backends.redisPrefix}` : 'in-process cache (no Redis on 127.0.0.1:6379)'}\n`,
  );

  const start = async (s: ServiceImage, p: Platform, env: Record<string, string>) => {
    const u = unpacked.get(`${s.name}/${p.arch}`)!;
    await mounts.add(u.rootfs);
    // tini is not PID 1 here (it warns so); TINI_SUBREAPER would not help: qemu-user has no
    // PR_SET_CHILD_SUBREAPER, and tini then refuses to start.
    const c = new Container(u, { LOG_LEVEL: 'warn', ...env });
    containers.push(c);
    return c;
  };
  const healthy = async (s: ServiceImage, p: Platform, c: Container) => {
    const config = await imageConfig(imageName(s, p));
    const t0 = performance.now();
    const attempts = await c.healthy(config.config.Healthcheck!.Test!, 240_000);
    process.stdout.write(
      `   ${c.image.label}: healthy by its HEALTHCHECK after ${seconds(performance.now() - t0)} (${attempts} checks)\n`,
    );
  };

  const ports = {
    dbProxy: await freePort(),
    dbProxyMetrics: await freePort(),
    dataServer: await freePort(),
    dataServerMetrics: await freePort(),
    battleArm: await freePort(),
    battleAmd: await freePort(),
    map: await freePort(),
    mapMetrics: await freePort(),
  };
  await timed('run the arm64 images under qemu (and battle-server amd64)', async () => {
    const dbProxy = await start(byName('db-proxy'), arm, {
      DBPROXY_HOST: '127.0.0.1',
      DBPROXY_PORT: inject === 'no-start' ? 'not-a-port' : String(ports.dbProxy),
      DBPROXY_METRICS_PORT: String(ports.dbProxyMetrics),
      ...(useMysql
        ? { DBPROXY_BACKENDS: `mysql://root@127.0.0.1:3306/${backends!.database}` }
        : {}),
    });
    const battleArm = await start(byName('battle-server'), arm, {
      BATTLE_HOST: '127.0.0.1',
      BATTLE_PORT: String(ports.battleArm),
    });
    const battleAmd = await start(byName('battle-server'), amd, {
      BATTLE_HOST: '127.0.0.1',
      BATTLE_PORT: String(ports.battleAmd),
    });
    await healthy(byName('db-proxy'), arm, dbProxy);
    const dataServer = await start(byName('data-server'), arm, {
      DATASERVER_HOST: '127.0.0.1',
      DATASERVER_PORT: String(ports.dataServer),
      DATASERVER_METRICS_PORT: String(ports.dataServerMetrics),
      DATASERVER_DBPROXY_ADDR: `127.0.0.1:${ports.dbProxy}`,
      ...(useRedis
        ? {
            DATASERVER_REDIS_URL: 'redis://127.0.0.1:6379',
            DATASERVER_KEY_PREFIX: backends!.redisPrefix!,
          }
        : {}),
    });
    await healthy(byName('data-server'), arm, dataServer);
    await healthy(byName('battle-server'), arm, battleArm);
    await healthy(byName('battle-server'), amd, battleAmd);
    // map-server loads its world through data-server at start, and asks battle-server to
    // resolve fights: started once both answer. A small world: the check is that it starts,
    // loads and serves on arm64, not how long 2,304 region loads take under emulation.
    let map: Container | undefined;
    if (!missingMap) {
      map = await start(byName('map-server'), arm, {
        MAPSERVER_HOST: '127.0.0.1',
        MAPSERVER_PORT: String(ports.map),
        MAPSERVER_METRICS_PORT: String(ports.mapMetrics),
        MAPSERVER_DATASERVER_ADDR: `127.0.0.1:${ports.dataServer}`,
        MAPSERVER_BATTLE_URL: `http://127.0.0.1:${ports.battleArm}`,
        MAPSERVER_WIDTH: '300',
        MAPSERVER_HEIGHT: '300',
      });
      await healthy(byName('map-server'), arm, map);
    }

    // ---- 5. what they answer
    await checkReflection(
      `127.0.0.1:${ports.dbProxy}`,
      'slg.dbproxy.v1.DbProxy',
      'db-proxy (linux/arm64)',
    );
    await checkReflection(
      `127.0.0.1:${ports.dataServer}`,
      'slg.dataserver.v2.DataService',
      'data-server (linux/arm64)',
    );
    process.stdout.write(
      '   reflection: db-proxy and data-server (arm64) list and describe their services\n',
    );
    const roundTrip = await checkRoundTrip(`127.0.0.1:${ports.dataServer}`);
    process.stdout.write(
      `   data round trip (arm64 data-server -> arm64 db-proxy): ${roundTrip}\n`,
    );
    const battles = await checkBattles(ports.battleArm, ports.battleAmd);
    process.stdout.write(`   battles: ${battles}\n`);

    // ---- 6. a clean stop, as docker stop does it
    for (const c of [...containers].reverse()) {
      const { code, signal } = await c.stop();
      if (code !== 0) {
        throw new StepError(
          `${c.image.label}: SIGTERM did not stop it cleanly (${signal ?? `exit code ${code}`}). Last output:\n${c.logTail()}`,
        );
      }
    }
    process.stdout.write(
      `   SIGTERM: all ${containers.length} stopped cleanly (exit 0 through tini)\n`,
    );
  });
  await cleanup();
  process.stdout.write(
    `\nimages:verify passed in ${seconds(performance.now() - started)}${missingMap ? ' (without map-server: not in this checkout yet)' : ''}\n`,
  );
} catch (err) {
  await cleanup().catch(() => undefined);
  process.stderr.write(
    `\nimages:verify FAILED after ${seconds(performance.now() - started)}: ${err instanceof StepError ? err.message : (err as Error).stack}\n`,
  );
  process.exitCode = 1;
}
