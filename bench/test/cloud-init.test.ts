// docs/cloud-init/slg-server.yaml: it parses as cloud-config and passes cloud-init's own schema
// check, its script is valid bash, and what it names exists in the repository (compose.yaml's
// services and variables, Dockerfile.multiarch's targets); the servers it sets up run the world
// the stack workload is made for; its machine description, written here, is what bench pair
// --a-env reads.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parse } from 'yaml';
import { serverEnvironment } from '../src/commands/pair.ts';
import { showPath } from '../src/lib/result-file.ts';
import { STACK_WORLD } from '../src/stack/run.ts';
import { tempDir } from './helpers/cli.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const text = readFileSync(join(root, 'docs/cloud-init/slg-server.yaml'), 'utf8');
const doc = parse(text) as {
  write_files: { path: string; content: string; permissions: string }[];
  runcmd: string[][];
};
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')) as {
  services: Record<string, { image?: string; build?: { target: string } }>;
};
const file = (p: string) => doc.write_files.find((f) => f.path === p);
const script = file('/usr/local/sbin/slg-bootstrap')!.content;

t.test('cloud-config: the header, the files, the command that runs', async (t) => {
  t.equal(
    text.split('\n')[0],
    '#cloud-config',
    'cloud-init reads user data as cloud-config only with this first line',
  );
  t.ok(file('/etc/slg/slg.env'));
  t.equal(file('/usr/local/sbin/slg-bootstrap')!.permissions, '0755');
  t.same(doc.runcmd, [['/usr/local/sbin/slg-bootstrap']]);
  t.match(script, /^#!\/usr\/bin\/env bash\n/);
  execFileSync('bash', ['-n', '-c', script]); // throws on a syntax error
});

t.test('what it names exists: compose services, variables, Dockerfile targets', async (t) => {
  for (const m of script.matchAll(/docker compose exec -T ([\w-]+)/g))
    t.ok(compose.services[m[1]!], `compose.yaml has the service ${m[1]}`);
  const composeText = readFileSync(join(root, 'compose.yaml'), 'utf8');
  const env = file('/etc/slg/slg.env')!.content;
  for (const m of env.matchAll(/^([A-Z_]+)=/gm)) {
    if (m[1]!.startsWith('SLG_')) continue;
    t.match(composeText, new RegExp(`\\$\\{${m[1]}(:-[^}]*)?\\}`), `compose.yaml reads ${m[1]}`);
  }
  const dockerfile = readFileSync(join(root, 'Dockerfile.multiarch'), 'utf8');
  for (const [name, svc] of Object.entries(compose.services)) {
    if (!svc.build) continue;
    t.match(
      dockerfile,
      new RegExp(`^FROM .* AS ${svc.build.target}$`, 'm'),
      `${name}: target ${svc.build.target}`,
    );
  }
  // The ports bench pair loads are the ones published on every interface.
  t.match(env, /^DATASERVER_PUBLISH=0\.0\.0\.0:50052$/m);
  t.match(env, /^BATTLE_PUBLISH=0\.0\.0\.0:8080$/m);
});

t.test("its machine description is what bench pair's --a-env reads", async (t) => {
  const dir = tempDir(t, 'cloudinit');
  const path = join(dir, 'slg-bootstrap');
  writeFileSync(path, script, { mode: 0o755 });
  const out = join(dir, 'server-env.json');
  execFileSync('bash', [path, 'env', out], { env: { ...process.env, SLG_DIR: dir } });
  const raw = JSON.parse(readFileSync(out, 'utf8'));
  const e = serverEnvironment('10.0.0.5:50052', out)!;
  t.equal(e.cores, Number(execFileSync('nproc', { encoding: 'utf8' }).trim()));
  t.equal(e.arch, process.arch);
  t.equal(e.kernel, execFileSync('uname', ['-r'], { encoding: 'utf8' }).trim());
  t.equal(e.cpuModel, cpus()[0]!.model.trim());
  t.equal(e.node, 'unknown', 'no stack running here: the images are not asked');
  t.equal(raw.commit, null);
  t.equal(e.source, showPath(out), 'the file it was read from, as the bench shows paths');
});

// Debian's cloud-init package: `cloud-init schema` checks user data against the modules' JSON
// schemas (a key misspelt or of the wrong type, which a YAML parse accepts and a boot ignores).
const cloudInitBin = spawnSync('sh', ['-c', 'command -v cloud-init'], {
  encoding: 'utf8',
}).stdout.trim();
const schema = (file: string) =>
  spawnSync(cloudInitBin, ['schema', '--config-file', file], { encoding: 'utf8' });

t.test(
  "cloud-init's schema check accepts it",
  {
    skip: cloudInitBin ? false : 'cloud-init is not installed (Debian: apt-get install cloud-init)',
  },
  async (t) => {
    const ok = schema(join(root, 'docs/cloud-init/slg-server.yaml'));
    t.equal(ok.status, 0, `${ok.stdout}${ok.stderr}`);
    t.match(ok.stdout, /Valid cloud-config/);
    // The same check fails a file with a module setting of the wrong type: it is not vacuous.
    const dir = tempDir(t, 'cloudinit-schema');
    const bad = join(dir, 'bad.yaml');
    const badText = text.replace(
      /^ {2}- path: \/etc\/slg\/slg\.env$/m,
      '  - path: 42\n    encoding: nope',
    );
    t.not(badText, text, 'the file was changed');
    writeFileSync(bad, badText);
    const refused = schema(bad);
    t.not(refused.status, 0, 'a write_files entry with an unknown encoding is refused');
    t.match(`${refused.stdout}${refused.stderr}`, /encoding/);
  },
);

t.test("the servers' world and game clock are the stack workload's", async (t) => {
  // bench stack places its players' cities across the server's world: on map-server's default
  // 1200 x 1200 they seldom see a target, and the whole-game comparison fights few battles.
  const env = file('/etc/slg/slg.env')!.content;
  const value = (name: string) => env.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1];
  const w = STACK_WORLD;
  t.equal(`${value('MAPSERVER_WIDTH')}x${value('MAPSERVER_HEIGHT')}`, `${w.width}x${w.height}`);
  t.equal(value('MAPSERVER_FIELDS'), String(w.fields));
  t.equal(value('MAPSERVER_MONSTERS'), String(w.monsters));
  t.equal(value('MAPSERVER_SPEED'), String(w.speed));
  const map = (compose.services['map-server'] as { environment?: Record<string, string> })
    .environment!;
  for (const v of [
    'MAPSERVER_WIDTH',
    'MAPSERVER_HEIGHT',
    'MAPSERVER_FIELDS',
    'MAPSERVER_MONSTERS',
    'MAPSERVER_SPEED',
  ])
    t.match(
      map[v],
      new RegExp(`^\\$\\{${v}(:-\\d+)?\\}$`),
      `compose.yaml hands ${v} to map-server`,
    );
});
