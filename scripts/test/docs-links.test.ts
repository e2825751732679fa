// Every link of every Markdown file resolves: relative links to files that exist, anchors to
// headings of the file they name, external links well-formed (not fetched).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { anchors, linkProblems, markdownFiles, slug } from '../docs/links.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

t.test('every link of the repository resolves', async (t) => {
  const files = markdownFiles(root);
  t.ok(files.includes('README.md') && files.includes('docs/results.md'), 'the pages are found');
  t.same(linkProblems(root, files), []);
});

t.test('anchors are made as GitHub makes them', async (t) => {
  t.equal(slug('Run the case study’s benchmark'), 'run-the-case-studys-benchmark');
  t.equal(slug('`bench pair`: two targets'), 'bench-pair-two-targets');
  t.equal(slug('Idle, after `npm start` (4 runs)'), 'idle-after-npm-start-4-runs');
  t.equal(slug('DBPROXY_SLOT_MAP=backend'), 'dbproxy_slot_mapbackend');
  t.equal(slug('[The guide](x.md) here'), 'the-guide-here');
  t.same(
    [...anchors('# A\n## A\n```\n# not a heading\n```\n<a id="here"></a>\n### B #\n')],
    ['a', 'a-1', 'here', 'b'],
  );
});

t.test('a broken link, a missing anchor and a bad URL are each named', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-links-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'guide.md'), '# Guide\n\n## Two machines\n');
  writeFileSync(
    join(dir, 'README.md'),
    [
      '# Top',
      '[ok](docs/guide.md#two-machines) [ok too](#top) [a folder](docs/)',
      '[gone](docs/missing.md) [no anchor](docs/guide.md#three-machines)',
      '`[in code](nowhere.md)` and [web](https://example.com/a b)',
      '```',
      '[in a fence](nowhere.md)',
      '```',
      '[ref]: docs/also-missing.md',
    ].join('\n'),
  );
  t.same(linkProblems(dir), [
    'README.md:3: docs/missing.md: no such file',
    'README.md:3: docs/guide.md#three-machines: no heading with the anchor #three-machines in docs/guide.md',
    'README.md:8: docs/also-missing.md: no such file',
  ]);
});
