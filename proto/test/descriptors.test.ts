// The descriptors that reflection serves must be what protoc itself produces.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type protobuf from 'protobufjs';
import * as descriptorModule from 'protobufjs/ext/descriptor/index.js';
import t from 'tap';
import { descriptorSet } from '../index.ts';

const descriptor = ((descriptorModule as { default?: unknown }).default ?? descriptorModule) as {
  FileDescriptorSet: protobuf.Type;
};
const protoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = JSON.parse(
  readFileSync(join(protoDir, 'generated', 'files.json'), 'utf8'),
) as string[];

function decode(bytes: Uint8Array): Record<string, unknown>[] {
  const set = descriptor.FileDescriptorSet.toObject(descriptor.FileDescriptorSet.decode(bytes), {
    defaults: false,
  }) as { file: Record<string, unknown>[] };
  return set.file;
}

const hasProtoc = spawnSync('protoc', ['--version']).status === 0;

t.test(
  "every file descriptor equals protoc's",
  {
    skip: hasProtoc
      ? false
      : "protoc is not installed (.ci/run installs Debian's protobuf-compiler)",
  },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'protoc-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const out = join(dir, 'set.pb');
    execFileSync('protoc', [
      '-I',
      protoDir,
      '--include_imports',
      `--descriptor_set_out=${out}`,
      ...files,
    ]);
    const theirs = decode(readFileSync(out));
    const ours = decode(descriptorSet());
    t.equal(ours.length, theirs.length, 'one descriptor per file');
    for (const file of theirs) {
      t.same(
        ours.find((f) => f.name === file.name),
        file,
        `${String(file.name)} matches protoc`,
      );
    }
  },
);

t.test('the generated files are the ones the .proto files give', async (t) => {
  const r = spawnSync(process.execPath, [join(protoDir, 'scripts', 'generate.ts'), '--check'], {
    encoding: 'utf8',
  });
  t.equal(r.status, 0, r.stderr);
});
