// The documents point at what exists: every relative link of README.md, CONTRIBUTING.md and docs/ reaches a file
// and, with an anchor, a heading of it; every `examples/…` file they cite is there; and executor.md's table of
// journal records lists every record the journal schema has.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { headingAnchors, inlineCode, relativeLinks, repoText, ROOT } from './markdownParts';

const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

describe('the documents', () => {
  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const document of DOCUMENTS) {
      const text = repoText(document);
      for (const link of relativeLinks(text)) {
        const [file, anchor] = link.split('#');
        const target = file ? path.join(path.dirname(document), file) : document;
        if (!existsSync(path.join(ROOT, target))) broken.push(`${document}: ${link} (no file ${target})`);
        else if (anchor && target.endsWith('.md') && !headingAnchors(repoText(target)).has(anchor)) broken.push(`${document}: ${link} (no heading #${anchor} in ${target})`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('cite only example files that exist', () => {
    const missing = DOCUMENTS.flatMap((document) =>
      inlineCode(repoText(document))
        .filter((code) => /^examples\/\S+\.\w+$/.test(code))
        .filter((file) => !existsSync(path.join(ROOT, file)))
        .map((file) => `${document}: ${file}`),
    );
    assert.deepEqual(missing, []);
  });

  it('list every journal record in executor.md\'s table', () => {
    const table = repoText('docs/executor.md');
    const types = JournalRecordSchema.options.map((option) => option.shape.type.value);
    assert.ok(types.length > 10);
    assert.deepEqual(types.filter((type) => !table.includes(`| \`${type}\` |`) && !table.includes(`| \`${type}\` with`)), []);
  });
});
